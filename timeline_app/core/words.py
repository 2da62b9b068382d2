"""What the engine says to people, as codes with arguments.

The engine does not choose a language: it names what it has to say (a code)
and the facts the sentence needs (arguments, kept as data: counts, times,
names). The English wording is the code's value, so no code exists without
it, and ``str()`` gives exactly what the CLI has always printed. The GUI words
the same codes in the user's language (``gui/wording.py``), when a view asks
for them, so nothing is worded that is never shown.

English templates are ``str.format`` fields over the arguments (``{0}``,
``{1:%H:%M:%S}``, ``{2!r}``); an argument may itself be a ``Said`` (a reason
built on another one), worded in the same language as the sentence around it.
Statuses, flags and tracking actions are codes already (their enums); their
explanations are in ``explain``.

Each English sentence is written once, here: ``QT_TRANSLATE_NOOP`` marks it
for ``pyside6-lupdate`` (``make lupdate`` reads this file), in the context
named by its family (``"Reason"`` for ``Reason.*``), and the window asks Qt
for the translation of ``code.value`` in that context. A translation keeps
the template's fields (``{0}``, ``{1:%H:%M:%S}``, ``{2!r}``); a count's
words are the translation's own (``{0}`` where the English has ``{0:#one|many}``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, unique

TYPE_CHECKING = False
if TYPE_CHECKING:
    import string


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:
    """``source`` unchanged: the name and its two literal arguments are what
    ``pyside6-lupdate`` looks for, so a sentence defined here reaches the
    translators without a Qt import (the engine has none) and without a copy
    in the window's code. ``context`` must be the family's class name."""
    del context  # read by lupdate and by the window (the family's name), not here
    return source


class Code(Enum):
    """A sentence the engine can say; the value is its English wording."""


@dataclass(frozen=True, slots=True)
class Said:
    """One sentence for people: what to say and the facts it needs."""

    code: Code
    args: tuple[object, ...] = ()

    def __str__(self) -> str:
        return format_sentence(self.code.value, self.args)


class Listed(tuple[object, ...]):
    """Several values (sentences, most often) as one argument of a sentence:
    comma-separated in English; a window joins them in its language."""

    __slots__ = ()

    def __str__(self) -> str:
        return ", ".join(map(str, self))


def number(value: object) -> str:
    """A count as people read it, thousands grouped with a comma: "50,496",
    in the command line's sentences and in the window's, English and Chinese
    alike (the window's "50,496 messages" read "50496 messages" on the
    command line). Anything not an ``int`` is written as it is."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def counted(count: object, one: str, many: str) -> str:
    """A count and its words in English, singular for exactly 1."""
    return f"{number(count)} {one if count == 1 else many}"


class Count(int):
    """A count given to a translated template: grouped by a plain ``{0}``
    too, as the English's ``{0:,}`` or ``{0:#one|many}`` writes it (a
    translation words the count its own way, without the English's spec)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return int.__format__(self, spec or ",")


def with_counts(english: str, args: Sequence[object]) -> list[object]:
    """``args`` with each count ``english`` marks (``{0:,}``, ``{0:#one|many}``)
    a ``Count``: a translation writes ``{0:#one|many}``'s count as a plain
    ``{0}`` (its words are its own), which grouped nothing ("50496 个孤立时间"
    in the Chinese window)."""
    marked = _count_fields(english)
    return [
        Count(arg) if i in marked and isinstance(arg, int) and not isinstance(arg, bool) else arg
        for i, arg in enumerate(args)
    ]


@functools.cache
def _count_fields(english: str) -> frozenset[int]:
    """The fields of a template that hold counts (asked for every sentence shown: read once)."""
    import string

    return frozenset(
        int(name)
        for _text, name, spec, _conversion in string.Formatter().parse(english)
        if name and name.isdigit() and spec and (spec == "," or spec.startswith("#"))
    )


def format_sentence(template: str, args: Sequence[object]) -> str:
    """A sentence's template (the English, or a translation of it) filled
    with its arguments: ``str.format`` plus ``{0:#one|many}`` for a count."""
    if ":#" in template:  # a count with its noun: "1 orphan", "2 orphans"
        return _counted_formatter().vformat(template, args, {})
    return template.format(*args)


@functools.cache
def _counted_formatter() -> string.Formatter:
    """``str.format`` plus one format spec, ``{0:#one|many}``: the count and
    the words that go with it, singular for 1 (a command line that says
    "1 message(s)" reads as unfinished)."""
    import string

    class Counted(string.Formatter):
        def format_field(self, value: object, format_spec: str) -> str:
            if format_spec.startswith("#"):
                one, _, many = format_spec[1:].partition("|")
                return counted(value, one, many)
            return str(super().format_field(value, format_spec))

    return Counted()


@unique
class Consequence(Code):
    """What a tracking simulation would do, said before it is applied."""

    INVENTED_ONE = QT_TRANSLATE_NOOP(
        "Consequence", "#{0} gets the invented time {1:%Y-%m-%d %H:%M:%S}: not when it was written."
    )
    INVENTED_RUN = QT_TRANSLATE_NOOP(
        "Consequence",
        "#{0}–#{1}: {2:,} messages get invented times one second apart, "
        "{3:%Y-%m-%d %H:%M:%S} to {4:%H:%M:%S}: not when they were written.",
    )
    UNREADABLE_COPIED = QT_TRANSLATE_NOOP(
        "Consequence",
        "The unreadable stored value {0!r} is copied to "
        "{1:#untracked message|untracked messages} before it (the backward pass cannot count down from it).",
    )
    SHARED_GOES_BACKWARDS = QT_TRANSLATE_NOOP(
        "Consequence",
        "{0:#message repeats the content of a newer one and takes"
        "|messages repeat the content of a newer one and take} its time: "
        "the timeline goes backwards there.",
    )
    PLACEHOLDER_TO_REPLY = QT_TRANSLATE_NOOP(
        "Consequence", "The pending placeholder's time goes to the last assistant reply (#{0})."
    )
    PLACEHOLDER_REMOVED = QT_TRANSLATE_NOOP(
        "Consequence", "The pending placeholder is removed without a reply to give its time to."
    )
    NOTHING_CHANGES = QT_TRANSLATE_NOOP(
        "Consequence", "Nothing changes: every message is tracked and no placeholder is pending."
    )


@unique
class Reason(Code):
    """Why a repair proposal pairs a message with a time."""

    # what the middleware may have hashed instead of the saved text
    SPEAKER_PREFIX = QT_TRANSLATE_NOOP("Reason", "speaker prefix '{0}: '")
    ON_TOP_OF = QT_TRANSLATE_NOOP("Reason", "{0} + {1}")  # a transformation applied to another one's result
    CRLF = QT_TRANSLATE_NOOP("Reason", "line endings (\\r\\n)")
    OLDER_SENTINELS = QT_TRANSLATE_NOOP("Reason", "older brace sentinels")
    REAL_BRACES = QT_TRANSLATE_NOOP("Reason", "reply hashed with real braces")
    SPEAKER_REMOVED = QT_TRANSLATE_NOOP("Reason", "speaker prefix removed")
    ROLE_PREFIX = QT_TRANSLATE_NOOP("Reason", "User:/Assistant: prefix setting")
    ECHO_CLEANED = QT_TRANSLATE_NOOP("Reason", "echoed timestamp cleaned up")
    LINE_ENDINGS = QT_TRANSLATE_NOOP("Reason", "line endings (\\r\\n vs \\n)")
    UNICODE_FORM = QT_TRANSLATE_NOOP("Reason", "Unicode form ({0})")
    ROLE_HASHED = QT_TRANSLATE_NOOP("Reason", "hashing scheme (role + content)")
    MERGED_AFTER = QT_TRANSLATE_NOOP("Reason", "messages merged after tracking")
    PADDING = QT_TRANSLATE_NOOP(
        "Reason", "surrounding whitespace (or a moved discussion-id tag): hashed as {0!r} + text + {1!r}"
    )
    IMAGES_LEFT_OUT = QT_TRANSLATE_NOOP("Reason", "image-only rule (images left out)")
    IMAGES_FOLDED_IN = QT_TRANSLATE_NOOP("Reason", "image-only rule (images folded in)")
    CONSECUTIVE_MERGED = QT_TRANSLATE_NOOP("Reason", "consecutive messages merged with a blank line")
    AMBIGUOUS = QT_TRANSLATE_NOOP("Reason", "{0} (ambiguous: {1:#orphan|orphans}, {2:#message|messages})")
    # paired by position
    ONLY_ONE_BETWEEN = QT_TRANSLATE_NOOP(
        "Reason",
        "position: the only untracked message and the only orphan time "
        "between the same tracked neighbours (an edited message?)",
    )
    IN_ORDER_BETWEEN = QT_TRANSLATE_NOOP(
        "Reason",
        "position, in order: {0:#untracked message|untracked messages} and "
        "{1:#orphan time|orphan times} between the same neighbours",
    )
    # re-anchoring legacy backfill runs; {0} of RUN_END is a gap as the timeline shows it
    RUN_END = QT_TRANSLATE_NOOP(
        "Reason",
        "end of a legacy backfill run: its time is when the middleware first saw the chat "
        "({0} after the message's own time)",
    )
    RUN_INVENTED = QT_TRANSLATE_NOOP(
        "Reason", "legacy backfill run: the transcript's own time replaces the invented one"
    )
    RUN_INVENTED_LATE = QT_TRANSLATE_NOOP(
        "Reason",
        "legacy backfill run: the transcript's own time replaces the invented one "
        "(but it is later than the run's real end: check the zone)",
    )


@unique
class Unrepaired(Code):
    """Why a search for repairs proposed nothing, in the discussion's counts
    ("every message is tracked, or no orphan fits" read as false beside
    49,986 untracked messages)."""

    ALL_TRACKED = QT_TRANSLATE_NOOP("Unrepaired", "every message is tracked")
    NO_ORPHANS = QT_TRANSLATE_NOOP(
        "Unrepaired",
        "{0:#untracked message|untracked messages}, but no stored time is left without its message",
    )
    NONE_FITS = QT_TRANSLATE_NOOP(
        "Unrepaired",
        "none of {0:#orphan time|orphan times} fits one of {1:#untracked message|untracked messages} "
        "by a known cause of a changed hash or by position (their messages may be gone from the transcript)",
    )
    NONE_FITS_UNCHECKED = QT_TRANSLATE_NOOP(
        "Unrepaired",
        "none of {0:#orphan time|orphan times} fits one of {1:#untracked message|untracked messages} "
        "between the tracked neighbours whose times bracket it "
        "(too many messages to try each against every orphan)",
    )
    OUT_OF_ORDER = QT_TRANSLATE_NOOP(
        "Unrepaired",
        "{0:,} of {1:#orphan time|orphan times} match an untracked message by a known cause of a changed "
        "hash, but their times do not fit between its tracked neighbours' times (were the times rewritten, "
        "for example by a backfill?), so they are not proposed",
    )


@unique
class Doubt(Code):
    """Why a transcript and a timestamp file may not belong together."""

    OTHER_DISCUSSION = QT_TRANSLATE_NOOP(
        "Doubt", "the transcript's discussion id is {0!r} but {1} belongs to {2!r}"
    )
    MOSTLY_ORPHANED = QT_TRANSLATE_NOOP(
        "Doubt",
        "{0:,} of {1:,} entries of {2} match no message: "
        "is this the transcript's own file, and do the options match the middleware's?",
    )
    MOSTLY_ORPHANED_UNNAMED = QT_TRANSLATE_NOOP(
        "Doubt",
        "{0:,} of {1:,} entries of the file match no message: "
        "is this the transcript's own file, and do the options match the middleware's?",
    )
    # the root's file was taken by the discussion id, and the chat's folder holds another
    ANOTHER_BESIDE = QT_TRANSLATE_NOOP(
        "Doubt",
        "{0} was found by the discussion id under the DiscussionIds root, but the transcript's "
        "folder holds another timestamp file, {1}",
    )


@unique
class Problem(Code):
    """Why input cannot be used as given (after the name of the file).

    ``CANNOT_READ``/``CANNOT_WRITE`` carry the system's words and its errno
    (the English shows the former; a translation may word a known errno)."""

    NO_SUCH_FILE = QT_TRANSLATE_NOOP("Problem", "no such file")
    FOLDER_NOT_TRANSCRIPT = QT_TRANSLATE_NOOP("Problem", "is a folder, expected a transcript file")
    FOLDER_NOT_TIMESTAMPS = QT_TRANSLATE_NOOP("Problem", "is a folder, expected a timestamp file")
    CANNOT_READ = QT_TRANSLATE_NOOP("Problem", "cannot be read ({0})")
    CANNOT_WRITE = QT_TRANSLATE_NOOP("Problem", "cannot be written ({0})")
    NOTHING_TO_OPEN = QT_TRANSLATE_NOOP(
        "Problem", "nothing to open: give a transcript, a timestamp file, or both"
    )
    EMPTY = QT_TRANSLATE_NOOP("Problem", "is empty")
    NOT_UTF8 = QT_TRANSLATE_NOOP("Problem", "is not a UTF-8 text file (bad byte at offset {0})")
    NOT_JSON = QT_TRANSLATE_NOOP("Problem", "not valid JSON at {0}")  # a transcript or a timestamp file alike
    # where a JSON document broke: line, column, the decoder's own words (orjson's
    # English, which a translation may leave out) and the character offset
    JSON_WHERE = QT_TRANSLATE_NOOP("Problem", "line {0}, column {1}: {2}")
    # not marked for translation: the window says it without the option (gui/wording.py)
    BAD_LINE = "line {0}: {1} (use --skip-bad-lines to load the rest)"
    LINE_NOT_JSON = QT_TRANSLATE_NOOP(
        "Problem", "not valid JSON at column {0}: {1}"
    )  # the decoder's words, then the offset
    LINE_NOT_UTF8 = QT_TRANSLATE_NOOP("Problem", "not UTF-8 text")
    LINE_NOT_OBJECT = QT_TRANSLATE_NOOP("Problem", "expected an object, found {0}")
    NO_READABLE_MESSAGE = QT_TRANSLATE_NOOP("Problem", "holds no readable message")
    NEITHER_REQUEST_NOR_MESSAGE = QT_TRANSLATE_NOOP(
        "Problem",
        'holds a JSON object that is neither a chat request (no "messages" list) nor a message (no "role")',
    )
    NOT_A_MESSAGE_LIST = QT_TRANSLATE_NOOP("Problem", "{0} must be a list of messages, found {1}")
    MESSAGES_FIELD = QT_TRANSLATE_NOOP("Problem", '"messages"')
    THE_FILE = QT_TRANSLATE_NOOP("Problem", "the file")
    MESSAGE_NOT_OBJECT = QT_TRANSLATE_NOOP("Problem", "message {0} must be an object, found {1}")
    NOT_A_TRANSCRIPT = QT_TRANSLATE_NOOP("Problem", "not a transcript this version reads (its JSON is {0})")
    NOT_OF_FORMAT = QT_TRANSLATE_NOOP("Problem", "not a {0} file (its JSON is {1})")
    NOT_A_RECORDING = QT_TRANSLATE_NOOP(
        "Problem", "not a recording (its first line is not a recorder record)"
    )
    # a write into a recording's folder ({0}): its copies are evidence, never written
    IN_RECORDING = QT_TRANSLATE_NOOP(
        "Problem",
        "lies in the recording {0}, evidence of what went over the wire, which is never written: "
        "write outside that folder; nothing written",
    )
    NOT_ST_MESSAGE = QT_TRANSLATE_NOOP("Problem", "line {0}: not a SillyTavern message (no 'mes')")
    ENCRYPTED = QT_TRANSLATE_NOOP("Problem", "is encrypted; give the API key (and username, if one is set)")
    WRONG_KEY = QT_TRANSLATE_NOOP("Problem", "cannot be decrypted with this API key (or username)")
    STORE_NOT_OBJECT = QT_TRANSLATE_NOOP(
        "Problem", "a timestamp file holds a JSON object, this one holds {0}"
    )
    # a timestamp file that is empty or not JSON ({0}: EMPTY or NOT_JSON): the
    # middleware's reader raises on it, outside any handler, so its requests fail
    STORE_UNREADABLE = QT_TRANSLATE_NOOP(
        "Problem",
        "{0}; the middleware cannot read it either, so every request of this discussion fails "
        "until it is fixed: restore it from a backup, or remove it (the next request then starts "
        "a new file and invents times for the messages so far)",
    )
    # a request the middleware's pipeline cannot take (the message's index first;
    # a value's kind is a JsonKind)
    REFUSED = QT_TRANSLATE_NOOP(
        "Problem", "message {0}: the middleware refuses this request (400: {1!r})"
    )  # its own reason, quoted
    PART_TEXT_NOT_TEXT = QT_TRANSLATE_NOOP(
        "Problem", "message {0}: a text part's 'text' is {1}, expected text"
    )
    IMAGE_URL_NOT_OBJECT = QT_TRANSLATE_NOOP(
        "Problem", "message {0}: 'image_url' must be an object with a 'url'"
    )
    IMAGE_SOURCE_NOT_OBJECT = QT_TRANSLATE_NOOP(
        "Problem", "message {0}: an image part's 'source' must be an object"
    )
    IMAGE_REF_NOT_TEXT = QT_TRANSLATE_NOOP("Problem", "message {0}: an image reference is {1}, expected text")
    CONTENT_NOT_TEXT = QT_TRANSLATE_NOOP("Problem", "message {0}: content is {1}, expected text or parts")
    ROLE_NOT_TEXT = QT_TRANSLATE_NOOP("Problem", "message {0}: role is {1}, expected text")
    IMAGES_NOT_STRINGS = QT_TRANSLATE_NOOP("Problem", "message {0}: 'images' must be a list of strings")
    MESSAGE_NOT_OBJECT_GOT = QT_TRANSLATE_NOOP("Problem", "message {0}: expected an object, got {1}")
    NOT_UNICODE = QT_TRANSLATE_NOOP("Problem", "message {0}: content holds text that is not valid Unicode")
    STORED_NOT_TEXT = QT_TRANSLATE_NOOP(
        "Problem",
        "the stored value for {0} is {1}, not text; the middleware itself crashes "
        "on this file in the absolute style",
    )
    # text-generation-webui and Open WebUI exports
    OOBA_ROW = QT_TRANSLATE_NOOP(
        "Problem", "internal[{0}] must be a [user, bot] row (optionally with tool output and metadata)"
    )
    PICK_CHAT = "holds {0:,} chats; pick one with --chat ID|INDEX ({1})"  # the window asks: not marked
    NO_SUCH_CHAT = QT_TRANSLATE_NOOP("Problem", "no chat with id or index {0!r} (it holds {1:,})")
    WEBUI_NOT_OBJECT = QT_TRANSLATE_NOOP("Problem", "chat.history.messages must be an object")
    WEBUI_LOOP = QT_TRANSLATE_NOOP("Problem", "message {0!r} is its own ancestor (a loop in parentId)")
    WEBUI_MISSING = QT_TRANSLATE_NOOP("Problem", "currentId/parentId names a missing message {0!r}")
    # recordings and their comparison
    PROMPT_COMPLETION = QT_TRANSLATE_NOOP(
        "Problem", "is a prompt completion ({0}); only chat requests open as a conversation"
    )
    TOO_LARGE_RECORDED = QT_TRANSLATE_NOOP("Problem", "was too large to record ({0:,} bytes)")
    BODY_TOO_LARGE = QT_TRANSLATE_NOOP("Problem", "the body ({0:,} bytes) was too large to record")
    # the decoder's words, line, column, offset: as its exception reads in English
    BODY_NOT_JSON = QT_TRANSLATE_NOOP("Problem", "the body is not JSON ({0}: line {1} column {2} (char {3}))")
    BODY_NOT_OBJECT = QT_TRANSLATE_NOOP("Problem", "the body is not a JSON object")
    BODY_NEITHER = QT_TRANSLATE_NOOP("Problem", "neither a chat body (messages) nor a completion (prompt)")
    FOLDER_NOT_REQUESTS = QT_TRANSLATE_NOOP("Problem", "is a folder, expected a {0}")
    NOT_RECORDING_FOLDER = QT_TRANSLATE_NOOP("Problem", "is not a folder (give the recorder's --out folder)")
    NO_WHOLE_REQUEST = QT_TRANSLATE_NOOP("Problem", "holds no whole request record")
    NO_SUCH_REQUEST = QT_TRANSLATE_NOOP("Problem", "no request with id or index {0!r} (it holds {1:,})")
    COPY_MISSING = QT_TRANSLATE_NOOP("Problem", "the timestamp file copy is missing from the recording")
    RECORD_LINE = QT_TRANSLATE_NOOP(
        "Problem", "{0} line {1}"
    )  # where a record is: its requests.jsonl and line (a place, not a problem)
    RECORDED_REQUEST_AT = QT_TRANSLATE_NOOP(
        "Problem", "{0} request {1}"
    )  # a recording's request by its index (a place too)
    # a line of a recording that is not a whole record (after "line N"); the
    # English is what the reader has always said, Python's words included
    RECORD_UNFINISHED = QT_TRANSLATE_NOOP("Problem", "unfinished record (the recorder stopped mid-write)")
    RECORD_NOT_JSON = QT_TRANSLATE_NOOP(
        "Problem", "{0}: line {1} column {2} (char {3})"
    )  # the decoder's words, line, column, offset
    RECORD_NOT_RECORD = QT_TRANSLATE_NOOP("Problem", "not a {0} record")  # the record format's name
    RECORD_UNKNOWN_KIND = QT_TRANSLATE_NOOP("Problem", "unknown record kind {0!r}")
    RECORD_ORPHAN_RESPONSE = QT_TRANSLATE_NOOP("Problem", "a response to no recorded request")
    # Python's own words on the command line; the window names the field (not marked)
    RECORD_NO_FIELD = "{0!r}"  # a field the record lacks (its name, quoted as Python's KeyError says it)
    RECORD_NO_TIME = QT_TRANSLATE_NOOP("Problem", "{0} is missing")  # a time field: received | finished
    RECORD_NO_ZONE = QT_TRANSLATE_NOOP("Problem", "{0} has no zone")
    RECORD_BAD_LEG = QT_TRANSLATE_NOOP("Problem", "leg must be one of {0}")  # the legs, then the leg found
    RECORD_BAD_VALUE = "{2}"  # a field, its value, and why it cannot be read (Python's words)
    RECORD_UNREADABLE = "{0}"  # an error the reader did not foresee, in Python's words
    # a bug met while reading or comparing a recording (the app's panel; its trace goes to stderr)
    UNFORESEEN = QT_TRANSLATE_NOOP(
        "Problem", "cannot be used: the inspector met an error it did not foresee (details on stderr)"
    )
    # the middleware's DiscussionIds folder
    CANNOT_LIST = QT_TRANSLATE_NOOP("Problem", "cannot be listed ({0})")  # the system's words
    NOT_A_FOLDER = QT_TRANSLATE_NOOP("Problem", "is not a folder")
    NOT_A_ROOT = QT_TRANSLATE_NOOP("Problem", "is not a folder (the DiscussionIds root must exist)")
    OUTSIDE_ROOT = QT_TRANSLATE_NOOP(
        "Problem", "would be written outside the DiscussionIds root {0}; nothing written"
    )
    CANNOT_CREATE = QT_TRANSLATE_NOOP("Problem", "cannot be created ({0})")  # the system's words
    # a new discussion's folder missing where Save may not make it (``make_first_folder``)
    NO_FOLDER = QT_TRANSLATE_NOOP(
        "Problem",
        "does not exist (a new discussion's folder is made only in a writable DiscussionIds "
        "folder); nothing written",
    )
    # choices and times a person gives
    UNKNOWN_ZONE = QT_TRANSLATE_NOOP(
        "Problem", "unknown time zone {0!r} (use an IANA name like Europe/Berlin)"
    )
    BAD_TIME = QT_TRANSLATE_NOOP("Problem", "cannot read the time {0!r}: use YYYY-MM-DD HH:MM:SS or ISO 8601")
    TIME_WITHOUT_CLOCK = QT_TRANSLATE_NOOP(
        "Problem", "{0!r} names a day but no time of day: give it as YYYY-MM-DD HH:MM:SS"
    )
    WEEKDAY_DISAGREES = QT_TRANSLATE_NOOP(
        "Problem", "{0!r} says {1}, but that date is a {2}: which one is meant?"
    )
    LOCAL_ZONE_UNUSABLE = QT_TRANSLATE_NOOP(
        "Problem",
        "this machine's time zone (TZ={0!r}) is a day or more from UTC, which no clock is; "
        "name the middleware's zone (--tz)",
    )
    # a time so near year 1 or 9999 that a zone's offset would carry it off the calendar
    TIME_OUT_OF_RANGE = QT_TRANSLATE_NOOP(
        "Problem",
        "the time {0!r} is too near the calendar's ends (years 1 and 9999) to convert between zones",
    )
    UNKNOWN_CHOICE = QT_TRANSLATE_NOOP(
        "Problem", "unknown {0} {1!r} (one of: {2})"
    )  # {0} is a Setting.*_NAME


@unique
class JsonKind(Code):
    """What kind of JSON value a file holds where another was needed, in the
    words of the person who wrote it (never the name of the Python type the
    parser made: "is a int", "is a NoneType"); see ``json_kind``."""

    TEXT = QT_TRANSLATE_NOOP("JsonKind", "text")
    NUMBER = QT_TRANSLATE_NOOP("JsonKind", "a number")
    TRUE_FALSE = QT_TRANSLATE_NOOP("JsonKind", "true/false")
    NULL = QT_TRANSLATE_NOOP("JsonKind", "null")
    LIST = QT_TRANSLATE_NOOP("JsonKind", "a list")
    OBJECT = QT_TRANSLATE_NOOP("JsonKind", "an object")
    OTHER = QT_TRANSLATE_NOOP(
        "JsonKind", "a value JSON does not have"
    )  # handed in by a caller, not read from a file


def json_kind(value: object) -> Said:
    """The kind of a parsed JSON value, to say where it is not the one needed."""
    if isinstance(value, str):
        kind = JsonKind.TEXT
    elif isinstance(value, bool):  # before int: JSON's true and false are Python ints too
        kind = JsonKind.TRUE_FALSE
    elif isinstance(value, int | float):
        kind = JsonKind.NUMBER
    elif value is None:
        kind = JsonKind.NULL
    elif isinstance(value, list | tuple):
        kind = JsonKind.LIST
    elif isinstance(value, dict):
        kind = JsonKind.OBJECT
    else:
        kind = JsonKind.OTHER
    return Said(kind)


@unique
class Setting(Code):
    """An engine choice that differs from the middleware's defaults, in short
    words (the status bar's chips); a value is the choice's own identifier."""

    API = QT_TRANSLATE_NOOP("Setting", "client API: {0}")
    ADD_USER_ASSISTANT = QT_TRANSLATE_NOOP("Setting", "User:/Assistant: prefixes added")
    ADD_MISSING_ASSISTANT = QT_TRANSLATE_NOOP("Setting", "missing assistant generator added")
    SENTINELS = QT_TRANSLATE_NOOP("Setting", "brace sentinels: {0}")
    CST_VARIANT = QT_TRANSLATE_NOOP("Setting", "CST variant: {0}")
    CST_ZONE = QT_TRANSLATE_NOOP("Setting", "CST zone: {0}")
    WILMER_ZONE = QT_TRANSLATE_NOOP("Setting", "middleware zone: {0}")
    ST_NAMES = QT_TRANSLATE_NOOP("Setting", "SillyTavern names: {0}")
    ST_QUOTES = QT_TRANSLATE_NOOP("Setting", "SillyTavern: user messages quoted")
    ST_MERGE = QT_TRANSLATE_NOOP("Setting", "SillyTavern: same-role messages merged")
    ST_KEEP_CR = QT_TRANSLATE_NOOP("Setting", "SillyTavern: \\r kept")
    GROUP_CHAT_COMMIT = QT_TRANSLATE_NOOP("Setting", "group-chat commit (reply stored at once)")
    # a choice named in an error about its value
    API_NAME = QT_TRANSLATE_NOOP("Setting", "client API")
    SENTINELS_NAME = QT_TRANSLATE_NOOP("Setting", "brace sentinels")
    CST_VARIANT_NAME = QT_TRANSLATE_NOOP("Setting", "CST variant")
    ST_NAMES_NAME = QT_TRANSLATE_NOOP("Setting", "SillyTavern names behaviour")


@unique
class Note(Code):
    """What was detected or decided while loading (the details pane, the
    counts' tool tip, the command line's stderr)."""

    API_DETECTED = QT_TRANSLATE_NOOP("Note", "client API detected: {0}")
    API_ASSUMED = QT_TRANSLATE_NOOP("Note", "client API: {0} (the file does not show one; OpenAI assumed)")
    API_CHOSEN_OTHER = QT_TRANSLATE_NOOP(
        "Note", "client API: {0} as chosen, although the file looks like an {1} request"
    )
    API_CHOSEN = QT_TRANSLATE_NOOP("Note", "client API: {0} (as chosen)")
    TRANSCRIPT_BESIDE = QT_TRANSLATE_NOOP("Note", "transcript found beside the file: {0}")
    STORE_BESIDE = QT_TRANSLATE_NOOP("Note", "timestamp file found beside the transcript: {0}")
    # a recorded request opened without a timestamp file: the copy the recorder kept with it
    STORE_RECORDED = QT_TRANSLATE_NOOP(
        "Note", "timestamp file as it was when the request arrived (the recorder's copy): {0}"
    )
    # the file the middleware keeps for the transcript's discussion id (under --discussions ROOT)
    STORE_FOR_ID = QT_TRANSLATE_NOOP("Note", "timestamp file for the discussion id (found): {0}")
    # the file beside the chat taken over the discussion id's file under the root:
    # {2}, {3}: how many entries of each match a message of the transcript
    ROOT_PASSED_OVER = QT_TRANSLATE_NOOP(
        "Note",
        "timestamp file beside the transcript opened: {0} ({2:,} entries match its messages); "
        "the discussion id's file under the DiscussionIds root passed over: {1} ({3:,} match)",
    )
    STORE_FOR_ID_NEW = QT_TRANSLATE_NOOP(
        "Note", "timestamp file for the discussion id (not created yet): {0}"
    )
    # SillyTavern: how the chat was rebuilt as the front end sends it ({0}: the
    # view's settings, in SillyTavern's own words)
    ST_VIEW = QT_TRANSLATE_NOOP("Note", "content as sent: {0}")
    ST_BEST_MATCH = QT_TRANSLATE_NOOP("Note", "best match with the timestamp file: {0}")
    ST_HIDDEN = QT_TRANSLATE_NOOP("Note", "{0:#hidden message|hidden messages} not sent")
    # a recorder's request opened as a conversation: its index, how many the
    # recording holds, and its label (REQUEST_LABEL)
    RECORDED_REQUEST = QT_TRANSLATE_NOOP("Note", "request {0} of {1}: {2}")
    RECORDED_REQUEST_IN = QT_TRANSLATE_NOOP("Note", "request {0} of {1}: {2}, discussion {3}")
    REQUEST_LABEL = QT_TRANSLATE_NOOP(
        "Note", "{0} {1} {2} {3}"
    )  # a recorded request: received (ISO, ms), leg, method, path
    # what the opened transcript is: its format, the format's generation, the chat picked
    # (named first in the window's status line, where the user looks first)
    FILE_MESSAGE_LIST = QT_TRANSLATE_NOOP("Note", "a list of messages (JSON)")
    FILE_CHAT_REQUEST = QT_TRANSLATE_NOOP("Note", "an OpenAI-style chat request (JSON)")
    FILE_OLLAMA_REQUEST = QT_TRANSLATE_NOOP("Note", "an Ollama chat request (JSON)")
    FILE_JSONL = QT_TRANSLATE_NOOP("Note", "messages, one per line (JSONL)")
    FILE_FREE_ANIMA = QT_TRANSLATE_NOOP("Note", "a Free Anima log (JSONL, timestamps per line)")
    FILE_SILLYTAVERN = QT_TRANSLATE_NOOP("Note", "a SillyTavern chat (JSONL)")
    FILE_SILLYTAVERN_GROUP = QT_TRANSLATE_NOOP("Note", "a SillyTavern group chat (JSONL)")
    FILE_OOBA = QT_TRANSLATE_NOOP("Note", "a text-generation-webui chat (internal/visible rows)")
    FILE_OOBA_2023 = QT_TRANSLATE_NOOP(
        "Note", "a text-generation-webui chat of spring 2023 (data/data_visible rows)"
    )
    FILE_OPEN_WEBUI = QT_TRANSLATE_NOOP("Note", "an Open WebUI chat: {0!r}")
    FILE_OPEN_WEBUI_OF = QT_TRANSLATE_NOOP("Note", "an Open WebUI export: chat {0!r}, {1} of {2}")
    FILE_RECORDING = QT_TRANSLATE_NOOP("Note", "a request recorded by the recorder")
    FILE_UNKNOWN = QT_TRANSLATE_NOOP("Note", "a {0} file")
    # the same, briefly: the format's name alone, where the status bar is short
    # (at 1024 px "an OpenAI-style chat request (J…", issue 31 tryout)
    BRIEF_MESSAGE_LIST = QT_TRANSLATE_NOOP("Note", "JSON messages")
    BRIEF_CHAT_REQUEST = QT_TRANSLATE_NOOP("Note", "OpenAI-style request")
    BRIEF_OLLAMA_REQUEST = QT_TRANSLATE_NOOP("Note", "Ollama request")
    BRIEF_JSONL = QT_TRANSLATE_NOOP("Note", "JSONL messages")
    BRIEF_FREE_ANIMA = QT_TRANSLATE_NOOP("Note", "Free Anima log")
    BRIEF_SILLYTAVERN = QT_TRANSLATE_NOOP("Note", "SillyTavern chat")
    BRIEF_SILLYTAVERN_GROUP = QT_TRANSLATE_NOOP("Note", "SillyTavern group chat")
    BRIEF_OOBA = QT_TRANSLATE_NOOP("Note", "text-generation-webui chat")
    BRIEF_OPEN_WEBUI = QT_TRANSLATE_NOOP("Note", "Open WebUI chat")
    BRIEF_RECORDING = QT_TRANSLATE_NOOP("Note", "recorded request")
    # an Open WebUI chat picked: its title and id; its system prompt ({0}: a
    # template variable as Open WebUI writes it, braces and all)
    WEBUI_CHAT = QT_TRANSLATE_NOOP("Note", "chat {0!r} ({1})")
    WEBUI_CHAT_NO_ID = QT_TRANSLATE_NOOP("Note", "chat {0!r} (no id)")
    WEBUI_SYSTEM = QT_TRANSLATE_NOOP(
        "Note",
        "params.system is sent first as the system message "
        "(Open WebUI may fill in template variables such as {0})",
    )
    # what a comparison of a recorded request predicted from (its timestamp file)
    COMPARED_NO_ID = QT_TRANSLATE_NOOP(
        "Note", "the request carries no discussion id: the middleware keeps no times for it"
    )
    COMPARED_NO_COPY = QT_TRANSLATE_NOOP(
        "Note", "no timestamp file copy (record the client leg with --discussions ROOT)"
    )
    COMPARED_NO_FILE = QT_TRANSLATE_NOOP(
        "Note", "no timestamp file when the request arrived ({0})"
    )  # where the middleware keeps it
    COMPARED_AS_IT_WAS = QT_TRANSLATE_NOOP("Note", "timestamp file as it was: {0}")
    # what the timestamp file holds that the middleware trips over ({0}: the
    # file as given; {1}: how many values; {2}: the first keys, a Listed of
    # NOT_TEXT_KEY, "8f434346648f… (a number), …"; {3}: how many more there are)
    STORE_NOT_TEXT = QT_TRANSLATE_NOOP(
        "Note",
        "{0}: {1:#stored value is|stored values are} not text (the middleware reads no time "
        "from such a value, and its absolute style crashes on one): {2}",
    )
    STORE_NOT_TEXT_MORE = QT_TRANSLATE_NOOP(
        "Note",
        "{0}: {1:#stored value is|stored values are} not text (the middleware reads no time "
        "from such a value, and its absolute style crashes on one): {2} and {3:,} more",
    )
    NOT_TEXT_KEY = QT_TRANSLATE_NOOP(
        "Note", "{0}… ({1})"
    )  # a key's first characters and its value's JsonKind
    # a discussion listed under a root whose stored values include ones no time is read from
    # ({0}: how many; text that is no time, or not text at all)
    VALUES_NOT_TIMES = QT_TRANSLATE_NOOP(
        "Note", "{0:#stored value is|stored values are} not a time the middleware can read"
    )


@unique
class Writing(Code):
    """What writing a timestamp file does, or why one change of it cannot be
    made (the file changed under it): said where it is written."""

    WANTED_TO_STORE = QT_TRANSLATE_NOOP(
        "Writing", "{0}: wanted to store {1!r}, the file now has {2}"
    )  # {0}: a shortened hash or PLACEHOLDER_ENTRY; {2}: NO_ENTRY or a value
    WANTED_TO_REMOVE = QT_TRANSLATE_NOOP("Writing", "{0}: wanted to remove {1!r}, the file now has {2}")
    PLACEHOLDER_ENTRY = QT_TRANSLATE_NOOP("Writing", "the reply's placeholder")
    NO_ENTRY = QT_TRANSLATE_NOOP("Writing", "no entry")
    PLAIN_NO_KEY = QT_TRANSLATE_NOOP("Writing", "written plain (no API key given)")
    PLAIN_OTHER_FOLDER = QT_TRANSLATE_NOOP(
        "Writing",
        "written plain: it is not in this key's per-user folder {0}, where the middleware "
        "keeps the files of a client that sends the key",
    )
    LIKE_SIBLINGS_ENCRYPTED = QT_TRANSLATE_NOOP(
        "Writing", "written encrypted, like the other files in the per-user folder {0}"
    )
    LIKE_SIBLINGS_PLAIN = QT_TRANSLATE_NOOP(
        "Writing", "written plain, like the other files in the per-user folder {0}"
    )
    FIRST_OF_FOLDER = QT_TRANSLATE_NOOP(
        "Writing",
        "written encrypted with the API key: the first file of the per-user folder {0} "
        "(the middleware's encryptUsingApiKey)",
    )


@unique
class Stage(Code):
    """What opening a discussion, or a search in it, is busy with (the
    progress a window shows)."""

    READING = QT_TRANSLATE_NOOP("Stage", "reading {0}")  # a file's name
    LOOKING_BESIDE = QT_TRANSLATE_NOOP("Stage", "looking for the transcript beside the file")
    MATCHING = QT_TRANSLATE_NOOP("Stage", "matching the transcript to the file")
    HASHING = QT_TRANSLATE_NOOP("Stage", "hashing {0:,} messages")
    JOINING_NEW = QT_TRANSLATE_NOOP("Stage", "joining the new messages with the timestamp file")
    JOINING = QT_TRANSLATE_NOOP("Stage", "joining with the timestamp file")
    SIMULATING = QT_TRANSLATE_NOOP("Stage", "simulating the next request")
    PAIRING = QT_TRANSLATE_NOOP("Stage", "matching untracked messages to orphan times: {0:,} of {1:,}")


@unique
class Cut(Code):
    """Why a recorded response ended early: the recorder writes the English
    in the record (its ``error``), the Recordings panel words it again."""

    TIMED_OUT = QT_TRANSLATE_NOOP("Cut", "upstream timed out ({0})")  # the timeout's Python class
    UPSTREAM = QT_TRANSLATE_NOOP("Cut", "upstream error: {0}")  # the HTTP library's own words
    RECORDER_STOPPED = QT_TRANSLATE_NOOP("Cut", "the recorder stopped")
    CLIENT_GONE = QT_TRANSLATE_NOOP("Cut", "the client went away")


@unique
class ReplyNote(Code):
    """The reply of the last request as the timestamp file holds it (pending
    or committed), and whether the next request will find it again: said
    before the next request turns a mismatch into an orphan."""

    # {0}: the placeholder's value; {1}: the message it will be given to
    PENDING = QT_TRANSLATE_NOOP(
        "ReplyNote", "reply pending: placeholder = {0}; the next request gives it to message #{1}"
    )
    # the reply not in the chat yet: the normal state while it is generated
    PENDING_WAITING = QT_TRANSLATE_NOOP(
        "ReplyNote",
        "reply pending: placeholder = {0}; the next request gives this time to the reply "
        "once the chat holds it",
    )
    # {1}: the newer message the file does not hold (the chat moved on without the reply)
    PENDING_LOST = QT_TRANSLATE_NOOP(
        "ReplyNote",
        "reply pending: placeholder = {0}, but the chat moved on without the reply (message #{1} is newer "
        "than its last assistant message and not in the file): the next request gives the placeholder "
        "to no message and its time will be lost",
    )
    # the placeholder shown, but no file at the name holds it (deleted, moved, made anew
    # without it): {0}: its value; {1}: the message it was reserved for
    PENDING_OFF_DISK = QT_TRANSLATE_NOOP(
        "ReplyNote",
        "reply pending as read: placeholder = {0}, but the timestamp file on disk no longer holds it "
        "(deleted, moved or made anew without it): the next request does not give it to message "
        "#{1}; only Save writes it",
    )
    PENDING_OFF_DISK_WAITING = QT_TRANSLATE_NOOP(
        "ReplyNote",
        "reply pending as read: placeholder = {0}, but the timestamp file on disk no longer holds it "
        "(deleted, moved or made anew without it): the next request does not give this time to the "
        "reply; only Save writes it",
    )
    # {0}: the committed key (shortened); {1}: its value; {2}: the message; {3}: its text
    COMMITTED = QT_TRANSLATE_NOOP("ReplyNote", "reply committed: {0}… = {1}, message #{2}: {3}")
    # {3}: the cause (a repair reason) or NO_CAUSE
    COMMITTED_LOST = QT_TRANSLATE_NOOP(
        "ReplyNote",
        "reply committed as {0}… = {1}, but the newest assistant message #{2} is not sent back the same "
        "({3}): the next request gives it a new time and the committed entry becomes an orphan",
    )
    NO_CAUSE = QT_TRANSLATE_NOOP("ReplyNote", "no known cause")
    LOOKS_DEFAULT = QT_TRANSLATE_NOOP(
        "ReplyNote",
        "the file looks like the default mode: a placeholder is pending after the reply "
        "(group-chat commit stores the reply at once)",
    )
    LOOKS_GROUP = QT_TRANSLATE_NOOP(
        "ReplyNote",
        "the file looks like group-chat commit: the newest assistant message is the file's last entry and "
        "no placeholder is pending (the default mode leaves one after every reply)",
    )


@unique
class AfterReply(Code):
    """The file the middleware left once the reply was known, against the one
    predicted (``compare``): the command's line and the Recordings dock's."""

    # {0}: the commit mode ("default", "group-chat"); {1}: one of the verdicts below
    LINE = QT_TRANSLATE_NOOP("AfterReply", "after the reply ({0}): {1}")
    IDENTICAL = QT_TRANSLATE_NOOP("AfterReply", "identical")
    # {0}: the first byte where the two file texts differ
    KEY_ORDER = QT_TRANSLATE_NOOP("AfterReply", "same entries, the file differs at byte {0} (key order)")
    ENTRIES = QT_TRANSLATE_NOOP("AfterReply", "{0:#entry differs|entries differ} (file text at byte {1})")
    NOT_CHECKED = QT_TRANSLATE_NOOP("AfterReply", "not checked: {0}")
    NO_REPLY = QT_TRANSLATE_NOOP("AfterReply", "no reply recorded (record --responses)")
    NO_LATER = QT_TRANSLATE_NOOP("AfterReply", "no later request of this discussion to compare with")
    NO_COPY = QT_TRANSLATE_NOOP("AfterReply", "the next request has no copy of the timestamp file")
    # {0}: the entry's key, shortened; {1}, {2}: its values (JSON) or NO_ENTRY
    ENTRY = QT_TRANSLATE_NOOP("AfterReply", "{0}…: predicted {1}, recorded {2}")
    NO_ENTRY = QT_TRANSLATE_NOOP("AfterReply", "(no entry)")
    # the commit modes (``reply.CommitMode``), as the command line names them
    DEFAULT_MODE = QT_TRANSLATE_NOOP("AfterReply", "default")
    GROUP_CHAT_MODE = QT_TRANSLATE_NOOP("AfterReply", "group-chat")


@unique
class History(Code):
    """The timestamp file's own history (``core.history``): where an entry
    came from, what became of it, and why a text stopped being sent."""

    WHERE_REQUEST = QT_TRANSLATE_NOOP("History", "request {0} ({1:%Y-%m-%d %H:%M:%S})")
    WHERE_STATE = QT_TRANSLATE_NOOP("History", "state {0} ({1})")
    WHERE_STATE_AT = QT_TRANSLATE_NOOP("History", "state {0} ({1}, {2:%Y-%m-%d %H:%M:%S})")
    # a backup, by when it was written: its long name ("timestamps.json.bak-20261207T003510Z")
    # was cut in Details' narrow story, mid-word (tryout); the name is in the panel's tooltip
    WHERE_BACKUP = QT_TRANSLATE_NOOP("History", "state {0} (a backup, written {1:%Y-%m-%d %H:%M:%S})")
    # {0}: the first state kept, named ("state 0 (file, time)"): "the first state, state 0" said it twice
    FIRST_STATE = QT_TRANSLATE_NOOP("History", "already stored as {1!r} in {0}, the first kept")
    STORED = QT_TRANSLATE_NOOP("History", "stored at {0} as {1!r}")
    STORED_PLACEHOLDER = QT_TRANSLATE_NOOP(
        "History", "stored at {0} as {1!r}, the time the reply before it started (the placeholder)"
    )
    STORED_BY_HAND = QT_TRANSLATE_NOOP(
        "History", "stored before {0} as {1!r} by no recorded request (by hand or by another program)"
    )
    # a rewrite the middleware never makes (to an older time, or to no time)
    CHANGED = QT_TRANSLATE_NOOP(
        "History",
        "changed from {1!r} to {2!r} before {0} "
        "(by hand or by another program: the middleware never changes a stored time)",
    )
    # a rewrite to a newer time, which no recorded request explains: a group-chat commit
    # overwrites an entry so (the spec), and so may a hand or another program
    CHANGED_LATER = QT_TRANSLATE_NOOP(
        "History",
        "changed from {1!r} to {2!r} before {0} by no recorded request (the middleware rewrites a "
        "stored time only when a group-chat commit gives a reply equal to the message its newer "
        "time; otherwise by hand or by another program)",
    )
    # {0}: the request whose reply, equal to this message, the commit stored over its entry
    CHANGED_BY_COMMIT = QT_TRANSLATE_NOOP(
        "History",
        "changed from {1!r} to {2!r} by {0}: its reply equals this message, and a group-chat "
        "commit overwrites the entry of an equal message with the reply's time",
    )
    REMOVED = QT_TRANSLATE_NOOP("History", "removed before {0} (it held {1!r})")
    REMOVED_BY_HAND = QT_TRANSLATE_NOOP(
        "History",
        "removed before {0} (it held {1!r}) by no recorded request and no save of Timeline Inspector "
        "(by hand or by another program: the middleware never removes a stored time)",
    )
    STORED_AGAIN_OTHER = QT_TRANSLATE_NOOP(
        "History", "its time is not the one it had before it was removed ({0!r} then, {1!r} now)"
    )
    SAVED_STORED = QT_TRANSLATE_NOOP(
        "History", "stored as {1!r} by a save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S}"
    )
    SAVED_CHANGED = QT_TRANSLATE_NOOP(
        "History", "changed from {1!r} to {2!r} by a save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S}"
    )
    SAVED_REMOVED = QT_TRANSLATE_NOOP(
        "History", "removed by a save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S} (it held {1!r})"
    )
    # a save of ours at {0}, then another discussion's file copied over it, which the
    # save at the last argument set aside, writing the window's entries again: one of
    # the two did it, or a hand edit between them that the window read again
    OVER_STORED = QT_TRANSLATE_NOOP(
        "History",
        "stored as {1!r} by a save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S}, by another write "
        "after it (a hand edit the window read again), or by the save at {2:%Y-%m-%d %H:%M:%S}, "
        "which wrote what the window showed over another discussion's file",
    )
    OVER_CHANGED = QT_TRANSLATE_NOOP(
        "History",
        "changed from {1!r} to {2!r} by a save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S}, by "
        "another write after it (a hand edit the window read again), or by the save at "
        "{3:%Y-%m-%d %H:%M:%S}, which wrote what the window showed over another discussion's file",
    )
    OVER_REMOVED = QT_TRANSLATE_NOOP(
        "History",
        "removed (it held {1!r}) by a save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S}, by another "
        "write after it (a hand edit the window read again), or by the save at {2:%Y-%m-%d %H:%M:%S}, "
        "which wrote what the window showed over another discussion's file",
    )
    # the unknown writer first: the middleware writes keep no backup, and a
    # tryout read an entry only the middleware wrote as "by the save of
    # Timeline Inspector at … or by a later write" (credited to the app)
    GAP_STORED = QT_TRANSLATE_NOOP(
        "History",
        "stored before {0} as {1!r}: by a write that kept no backup (the middleware, or the save of "
        "Timeline Inspector at {2:%Y-%m-%d %H:%M:%S}; the states between are not kept)",
    )
    GAP_CHANGED = QT_TRANSLATE_NOOP(
        "History",
        "changed from {1!r} to {2!r} before {0}: by a write that kept no backup (the middleware, or "
        "the save of Timeline Inspector at {3:%Y-%m-%d %H:%M:%S}; the states between are not kept)",
    )
    GAP_REMOVED = QT_TRANSLATE_NOOP(
        "History",
        "removed before {0} (it held {1!r}): by a write that kept no backup (the middleware, or the "
        "save of Timeline Inspector at {2:%Y-%m-%d %H:%M:%S}; the states between are not kept)",
    )
    # what the middleware never does, in such a gap: never offered as its work (tryout)
    GAP_CHANGED_BY_HAND = QT_TRANSLATE_NOOP(
        "History",
        "changed from {1!r} to {2!r} before {0}: by hand or by another program (the middleware "
        "never rewrites a stored time so), or by the save of Timeline Inspector at "
        "{3:%Y-%m-%d %H:%M:%S}; the states between are not kept",
    )
    GAP_REMOVED_BY_HAND = QT_TRANSLATE_NOOP(
        "History",
        "removed before {0} (it held {1!r}): by hand or by another program (the middleware never "
        "removes a stored time), or by the save of Timeline Inspector at {2:%Y-%m-%d %H:%M:%S}; "
        "the states between are not kept",
    )
    # a gap where the window's sessions prune their older backups (the first and the newest kept)
    PRUNED_STORED = QT_TRANSLATE_NOOP(
        "History",
        "stored before {0} as {1!r}: by the save of Timeline Inspector at {2:%Y-%m-%d %H:%M:%S}, "
        "by later saves of it whose backups were pruned (a session keeps its first and its newest), "
        "or by another write",
    )
    PRUNED_CHANGED = QT_TRANSLATE_NOOP(
        "History",
        "changed from {1!r} to {2!r} before {0}: by the save of Timeline Inspector at "
        "{3:%Y-%m-%d %H:%M:%S}, by later saves of it whose backups were pruned (a session keeps its "
        "first and its newest), or by another write",
    )
    PRUNED_REMOVED = QT_TRANSLATE_NOOP(
        "History",
        "removed before {0} (it held {1!r}): by the save of Timeline Inspector at "
        "{2:%Y-%m-%d %H:%M:%S}, by later saves of it whose backups were pruned (a session keeps its "
        "first and its newest), or by another write",
    )
    # the file was deleted (never by the middleware) and the middleware made it anew at
    # {2} (its request's time, naive on the discussion's clock), backfilling the
    # request's messages one second apart (tryL 3: told as "the middleware never does")
    REMADE_STORED = QT_TRANSLATE_NOOP(
        "History",
        "stored before {0} as {1!r} when the middleware made the file anew at {2:%Y-%m-%d %H:%M:%S} "
        "after it was deleted (its messages backfilled one second apart, ending at that request's time)",
    )
    REMADE_CHANGED = QT_TRANSLATE_NOOP(
        "History",
        "changed from {1!r} to {2!r} before {0}: the file was deleted and the middleware made it anew "
        "at {3:%Y-%m-%d %H:%M:%S}, backfilling its messages one second apart, ending at that request's time",
    )
    REMADE_REMOVED = QT_TRANSLATE_NOOP(
        "History",
        "removed before {0} (it held {1!r}): the file was deleted (the middleware never deletes it) "
        "and the middleware made it anew at {2:%Y-%m-%d %H:%M:%S} without it",
    )
    # a save of ours at {0} set this entry to {1}; the file it wrote was deleted before
    # state {2} and no copy kept its bytes: known from its save mark alone (tryN M3)
    SAVED_LOST = QT_TRANSLATE_NOOP(
        "History",
        "set to {1!r} by a save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S} (known from its save mark: "
        "the file it wrote was deleted before {2}, its contents not kept)",
    )
    # said where the states are counted: the deletion a file made anew by the middleware
    # tells of (tryN M3: "3 states", no word of it)
    REMADE_NOTE = QT_TRANSLATE_NOOP(
        "History",
        "the file was deleted before {0} (the middleware never deletes it) and the middleware made it "
        "anew at {1:%Y-%m-%d %H:%M:%S}: what the deleted file held was not kept",
    )
    LOST_SAVE_NOTE = QT_TRANSLATE_NOOP(
        "History",
        "the save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S} wrote a file deleted before {1}: its "
        "bytes were not kept, its save mark says the entries it set (the stories tell them)",
    )
    NEVER_CHANGED = QT_TRANSLATE_NOOP("History", "never changed its time")
    NEVER_STORED = QT_TRANSLATE_NOOP("History", "not stored in any state")
    # {0}: the newest recorded request, which sent it; its copy was taken as it arrived
    STORED_NEXT = QT_TRANSLATE_NOOP(
        "History", "in no state kept: first sent at {0}, which the middleware handled after the last copy"
    )
    # {0}: the first request that sent it; {1}: the newest, whose copy, taken after the
    # middleware handled {0}, does not hold it
    NOT_IN_LAST_COPY = QT_TRANSLATE_NOOP(
        "History",
        "in no state kept: first sent at {0}, yet the copy taken at {1}, after the middleware "
        "handled it, does not hold it",
    )
    NOT_SENT = QT_TRANSLATE_NOOP("History", "not sent in the newest request: an orphan")
    # {0}: the request whose reply it is; no request after it ever sent that reply back
    NEVER_SENT_BACK = QT_TRANSLATE_NOOP(
        "History",
        "an orphan: stored from the reply to {0}, never sent back by the client "
        "(the reply was regenerated or the message deleted)",
    )
    # {0}: the newest recorded request, whose reply it is: no later request could send it back yet
    PENDING = QT_TRANSLATE_NOOP(
        "History", "stored from the reply to {0}, the newest request: the next request will send it back"
    )
    # {0}: the request whose reply it is; {1}: the next request, which sent the same messages again
    REGENERATED = QT_TRANSLATE_NOOP(
        "History",
        "an orphan: stored from the reply to {0}, regenerated at {1}, which sent the same messages "
        "again: its reply took this one's place",
    )
    # {0}: the regenerated reply's hash (12 characters); {1}: the request it answered; {2}: the
    # request that asked again, whose reply this is
    REGENERATED_FROM = QT_TRANSLATE_NOOP(
        "History", "its text took the place of {0}… (the reply to {1}, regenerated at {2})"
    )
    ORPHANED = QT_TRANSLATE_NOOP("History", "last sent at {0}; orphaned at {1}: {2}")
    REPLACED = QT_TRANSLATE_NOOP("History", "its text took the place of {0}… (orphaned at {1}: {2})")
    NOT_TIMESTAMPED = QT_TRANSLATE_NOOP(
        "History", "the middleware gives this message no time (a system message or a generation prompt)"
    )
    CAUSE_GONE = QT_TRANSLATE_NOOP(
        "History", "the client no longer sent it (a reply regenerated or a message deleted)"
    )
    CAUSE_TRAILING_ADDED = QT_TRANSLATE_NOOP("History", "the client sent it with {0!r} added at the end")
    CAUSE_TRAILING_LOST = QT_TRANSLATE_NOOP("History", "the client sent it without the {0!r} at its end")
    CAUSE_LEADING_ADDED = QT_TRANSLATE_NOOP("History", "the client sent it with {0!r} added at the start")
    CAUSE_LEADING_LOST = QT_TRANSLATE_NOOP("History", "the client sent it without the {0!r} at its start")
    CAUSE_WHITESPACE = QT_TRANSLATE_NOOP("History", "the client sent it with other whitespace around it")
    CAUSE_LINE_ENDINGS = QT_TRANSLATE_NOOP("History", "the client sent it with other line endings")
    CAUSE_UNICODE = QT_TRANSLATE_NOOP("History", "the client sent it in another Unicode form")
    # {0}: the first character that differs, counted from 1
    CAUSE_EDITED = QT_TRANSLATE_NOOP(
        "History", "the client sent it edited (from character {0} on, counted from 1)"
    )
    NO_STATES = QT_TRANSLATE_NOOP(
        "History",
        "no state of the timestamp file to follow "
        "(record with --discussions to keep a copy with each request)",
    )
    PICK_DISCUSSION = QT_TRANSLATE_NOOP("History", "holds {0:#discussion|discussions} ({1}): name its folder")
    RECORDING_FIRST = QT_TRANSLATE_NOOP("History", "a recording can only be the first source")
    STATE_MISSING = QT_TRANSLATE_NOOP("History", "the copy of the timestamp file is missing")
    NO_MESSAGES = QT_TRANSLATE_NOOP(
        "History",
        "no recorded request gives the messages' positions (backups hold hashes only): "
        "ask for a --hash, give the transcript before the timestamp file, or give a recording",
    )
    NO_SUCH_MESSAGE = QT_TRANSLATE_NOOP(
        "History", "no message {0} (the newest request has {1:#message|messages})"
    )
    NOT_HEX = QT_TRANSLATE_NOOP(
        "History", "{0!r} is no hash: a hash is written in hexadecimal digits (0-9, a-f)"
    )
    NO_SUCH_HASH = QT_TRANSLATE_NOOP("History", "no stored hash starts with {0!r} ({1:#match|matches})")
    # {1}: the first 12 characters of each, a few of them; {2}: how many in all
    AMBIGUOUS_HASH = QT_TRANSLATE_NOOP(
        "History", "{0!r} is the start of {2:,} stored hashes ({1}): give more of it"
    )
    IS_TRANSCRIPT = QT_TRANSLATE_NOOP(
        "History",
        "is a transcript, not a timestamp file: give its discussion's timestamps.json after it "
        "(the transcript gives the messages' positions for --message)",
    )
    # notes: what the history had to leave out or cannot vouch for ({0}: a file's name)
    BACKUP_UNREADABLE = QT_TRANSLATE_NOOP(
        "History",
        "{0} could not be read: {1}; the changes before and after it are told as one step",
    )
    COPY_UNREADABLE = QT_TRANSLATE_NOOP(
        "History",
        "the copy of the file kept with {0} ({1}) could not be read: {2}; the changes before and "
        "after it are told as one step",
    )
    LINE_SKIPPED = QT_TRANSLATE_NOOP("History", "{0}: line {1} skipped: {2}")
    FOREIGN = QT_TRANSLATE_NOOP(
        "History",
        "another discussion's file was here: the save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S} "
        "set it aside as {1} (its entries are not this discussion's: no state of it)",
    )
    WRITTEN_ANEW = QT_TRANSLATE_NOOP(
        "History",
        "the file was deleted, and the save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S} wrote it anew "
        "with what the window showed (what the deleted file held is not kept)",
    )
    WRITTEN_ANEW_MOVED = QT_TRANSLATE_NOOP(
        "History",
        "the file was moved away, and the save of Timeline Inspector at {0:%Y-%m-%d %H:%M:%S} wrote it "
        "anew at its old place with what the window showed (the moved file is not part of this history)",
    )
    BACKWARDS = QT_TRANSLATE_NOOP(
        "History",
        "{0} is dated before the state before it ({1:#state|states} in all): a file copied without "
        "its time (cp without -p) or files given newest first? The states follow the order "
        "given (backups: the stamps in their names)",
    )


# Notes a person must see without asking for them: what makes a result doubtful
# or the middleware fail. Every other note is information (what was detected
# or found while loading), which the command line says only with --verbose
# and ``inspect`` lists in its report.
WARNINGS: frozenset[Code] = frozenset(
    {
        Note.API_CHOSEN_OTHER,
        Note.COMPARED_NO_COPY,
        Note.STORE_NOT_TEXT,
        Note.STORE_NOT_TEXT_MORE,
        Note.VALUES_NOT_TIMES,
        # what a file's history left out or cannot vouch for
        History.BACKUP_UNREADABLE,
        History.COPY_UNREADABLE,
        History.LINE_SKIPPED,
        History.FOREIGN,
        History.BACKWARDS,
    }
)
# what the file says of the last reply that the person must act on before the next request
REPLY_WARNINGS: frozenset[Code] = frozenset(
    {
        ReplyNote.PENDING_LOST,
        ReplyNote.PENDING_OFF_DISK,
        ReplyNote.PENDING_OFF_DISK_WAITING,
        ReplyNote.COMMITTED_LOST,
        ReplyNote.LOOKS_DEFAULT,
        ReplyNote.LOOKS_GROUP,
    }
)


def is_warning(note: str | Said) -> bool:
    """Whether ``note`` is a warning (see ``WARNINGS``); a note written as
    plain text (a found file's path) is information."""
    return isinstance(note, Said) and (note.code in WARNINGS or note.code in REPLY_WARNINGS)


# every family of codes: what a wording of the engine's sentences must cover
CODES: tuple[type[Code], ...] = (
    Consequence,
    Reason,
    Unrepaired,
    Doubt,
    Problem,
    JsonKind,
    Setting,
    Note,
    Writing,
    Stage,
    Cut,
    ReplyNote,
    History,
    AfterReply,
)

"""The engine's sentences in the user's language.

The engine says things as codes with arguments (``core.words``, and the
status, flag and action enums ``core.explain`` explains); this module is the
one place the GUI words them, through Qt's translation system, at the moment
a view shows them (the language can change while the app runs). Each class
is one translation context: ``self.tr`` is written out at every sentence so
``pyside6-lupdate`` finds the text (and the counts of plural forms, ``%n``).
Arguments stay data until here; a time is written the way the English is,
and an argument that is itself a sentence is worded in the same language.
"""

from __future__ import annotations

import errno
import re
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime

from PySide6.QtCore import QCoreApplication

from ..core.display import Gap, GapUnits, gap_text
from ..core.edits import Conflict
from ..core.errors import InputError
from ..core.recordings import LEGS
from ..core.timeline import Flag, Status
from ..core.tracking import Action
from ..core.words import (
    CODES,
    Code,
    Consequence,
    Cut,
    Doubt,
    History,
    JsonKind,
    Listed,
    Note,
    Problem,
    Reason,
    Said,
    Setting,
    Stage,
    Unrepaired,
    Writing,
)

Args = tuple[object, ...]
_PLACE = re.compile(r"%(\d)")


def fill(text: str, *values: object) -> str:
    """``text`` with ``%1``..``%9`` replaced in one pass, so a value that
    holds ``%2`` (a file name, a message) is never replaced again."""
    return _PLACE.sub(lambda m: str(values[int(m.group(1)) - 1]), text)


def _time(value: object) -> str:
    return f"{value:%Y-%m-%d %H:%M:%S}" if isinstance(value, datetime) else str(value)


def _clock(value: object) -> str:
    return f"{value:%H:%M:%S}" if isinstance(value, datetime) else str(value)


def gap_units() -> GapUnits:
    """A gap's units ("1 d 15 h") in the user's language, asked when a model
    or layout is made (after start-up installed the translators)."""
    return (
        QCoreApplication.translate("GapUnits", "d", "days, as in 3 d 4 h"),
        QCoreApplication.translate("GapUnits", "h", "hours, as in 3 d 4 h"),
        QCoreApplication.translate("GapUnits", "min", "minutes, as in 2 h 15 min"),
        QCoreApplication.translate("GapUnits", "s", "seconds, as in 3 min 5 s"),
    )


def _gap(value: object) -> str:
    return gap_text(value.delta, gap_units()) if isinstance(value, Gap) else str(value)


def _thousands(value: object) -> str:
    return f"{value:,}" if isinstance(value, int) else str(value)


def _count(value: object) -> int:
    return value if isinstance(value, int) else -1


SHORT = 60  # characters of a quoted value shown in a sentence


def shortened(text: str) -> str:
    """A value quoted in a sentence, cut where it would swamp it (a body)."""
    return text if len(text) <= SHORT else text[: SHORT - 1] + "…"


def known_word(words: Mapping[str, Callable[[], str]], name: object) -> str:
    """``name`` (a field, a leg: data the engine keeps in English) in
    the user's language when ``words`` knows it, else as it is. The words are
    callables, so each is translated when shown, with ``tr`` written out for
    ``lupdate``."""
    found = words.get(str(name))
    return found() if found else str(name)


def leg_word(leg: object) -> str:
    """A recorder's leg (``client``, ``model``) in the user's language, as the
    Recordings panel and the reader's problems name it; any other as recorded."""
    words = {
        "client": lambda: QCoreApplication.translate(
            "RecordingsModel", "client", "the recorder's leg between the front end and the middleware"
        ),
        "model": lambda: QCoreApplication.translate(
            "RecordingsModel", "model", "the recorder's leg between the middleware and the model"
        ),
    }
    return known_word(words, leg)


class _Context:
    """A translation context named by its class (as ``lupdate`` names it)."""

    words: Mapping[Code, Callable[[Args], str]] = {}

    def tr(self, source: str, disambiguation: str = "", n: int = -1) -> str:
        return QCoreApplication.translate(type(self).__name__, source, disambiguation, n)

    def word(self, said: Said) -> str:
        return self.words[said.code](said.args)


class Explanations(_Context):
    """What a status, a flag and a tracking action mean (the details pane)."""

    def status(self, status: Status) -> str:
        return {
            Status.TRACKED: lambda: self.tr("The file has a time for this exact content."),
            Status.UNTRACKED: lambda: self.tr(
                "No entry matches this content. The next request will invent a time for it "
                "(one second before the next known message, or 'now')."
            ),
            Status.SYSTEM: lambda: self.tr("System messages are never timestamped."),
            Status.GENERATION_PROMPT: lambda: self.tr(
                "A trailing 'Name:' prompt (under 100 characters, ending in ':') is never timestamped."
            ),
            Status.ENTRY: lambda: self.tr(
                "An entry of the timestamp file; open the transcript to see which message it belongs to."
            ),
        }[status]()

    def flag(self, flag: Flag) -> str:
        return {
            Flag.SHARED_HASH: lambda: self.tr(
                "Another message has exactly the same content, so both share one stored time; "
                "the timeline can go backwards here."
            ),
            Flag.OUT_OF_ORDER: lambda: self.tr("Its stored time is earlier than a previous message's."),
            Flag.UNPARSEABLE: lambda: self.tr(
                "The stored value is not a time the middleware can read; it is sent as is in the "
                "absolute style, dropped in the relative style, and copied to every untracked "
                "message before it."
            ),
            Flag.NOT_TEXT: lambda: self.tr(
                "The stored value is not text: the middleware crashes on it in the absolute style."
            ),
            Flag.ONE_SECOND_RUN: lambda: self.tr(
                "Part of a run of messages exactly one second apart: times invented by a backfill "
                "of untracked history, not when the messages were written."
            ),
            Flag.ECHOED_PREFIX: lambda: self.tr(
                "The content starts with a timestamp prefix the model echoed; if the echo is later "
                "cleaned from the chat, this message loses its time."
            ),
        }[flag]()

    def action(self, action: Action) -> str:
        return {
            Action.KEPT: lambda: self.tr("keeps its stored time"),
            Action.SHARED: lambda: self.tr("takes the time of a newer message with the same content"),
            Action.ASSIGNED: lambda: self.tr("gets a new time from the backward pass"),
            Action.PLACEHOLDER: lambda: self.tr(
                "gets the pending placeholder's time (the reply's generation start)"
            ),
            Action.SKIPPED: lambda: self.tr("is not timestamped"),
        }[action]()


class Consequences(_Context):
    """What a simulated request would do (the simulate dialog)."""

    def __init__(self) -> None:
        self.words = {
            Consequence.INVENTED_ONE: lambda a: fill(
                self.tr("#%1 gets the invented time %2: not when it was written."), a[0], _time(a[1])
            ),
            Consequence.INVENTED_RUN: lambda a: fill(
                self.tr(
                    "#%1–#%2: %n messages get invented times one second apart, %3 to %4: "
                    "not when they were written.",
                    "",
                    _count(a[2]),
                ),
                a[0],
                a[1],
                _time(a[3]),
                _clock(a[4]),
            ),
            Consequence.UNREADABLE_COPIED: lambda a: fill(
                self.tr(
                    "The unreadable stored value %1 is copied to %n untracked message(s) before it "
                    "(the backward pass cannot count down from it).",
                    "",
                    _count(a[1]),
                ),
                repr(a[0]),
            ),
            Consequence.SHARED_GOES_BACKWARDS: lambda a: self.tr(
                "%n message(s) repeat the content of a newer one and take its time: "
                "the timeline goes backwards there.",
                "",
                _count(a[0]),
            ),
            Consequence.PLACEHOLDER_TO_REPLY: lambda a: fill(
                self.tr("The pending placeholder's time goes to the last assistant reply (#%1)."), a[0]
            ),
            Consequence.PLACEHOLDER_REMOVED: lambda a: self.tr(
                "The pending placeholder is removed without a reply to give its time to."
            ),
            Consequence.NOTHING_CHANGES: lambda a: self.tr(
                "Nothing changes: every message is tracked and no placeholder is pending."
            ),
        }


class RepairReasons(_Context):
    """Why a repair proposal pairs a message with a time (the repair panel)."""

    def __init__(self) -> None:
        self.words = {
            Reason.SPEAKER_PREFIX: lambda a: fill(self.tr("speaker prefix '%1: '"), a[0]),
            Reason.ON_TOP_OF: lambda a: fill(
                self.tr("%1 + %2", "one transformation applied after another"), say(a[0]), say(a[1])
            ),
            Reason.CRLF: lambda a: self.tr("line endings (\\r\\n)"),
            Reason.OLDER_SENTINELS: lambda a: self.tr("older brace sentinels"),
            Reason.REAL_BRACES: lambda a: self.tr("reply hashed with real braces"),
            Reason.SPEAKER_REMOVED: lambda a: self.tr("speaker prefix removed"),
            Reason.ROLE_PREFIX: lambda a: self.tr("User:/Assistant: prefix setting"),
            Reason.ECHO_CLEANED: lambda a: self.tr("echoed timestamp cleaned up"),
            Reason.LINE_ENDINGS: lambda a: self.tr("line endings (\\r\\n vs \\n)"),
            Reason.UNICODE_FORM: lambda a: fill(self.tr("Unicode form (%1)"), a[0]),
            Reason.ROLE_HASHED: lambda a: self.tr("hashing scheme (role + content)"),
            Reason.MERGED_AFTER: lambda a: self.tr("messages merged after tracking"),
            Reason.PADDING: lambda a: fill(
                self.tr("surrounding whitespace (or a moved discussion-id tag): hashed as %1 + text + %2"),
                repr(a[0]),
                repr(a[1]),
            ),
            Reason.IMAGES_LEFT_OUT: lambda a: self.tr("image-only rule (images left out)"),
            Reason.IMAGES_FOLDED_IN: lambda a: self.tr("image-only rule (images folded in)"),
            Reason.CONSECUTIVE_MERGED: lambda a: self.tr("consecutive messages merged with a blank line"),
            Reason.AMBIGUOUS: lambda a: fill(
                self.tr("%1 (ambiguous: %n orphan(s), %2)", "", _count(a[1])),
                say(a[0]),
                self.tr("%n message(s)", "", _count(a[2])),
            ),
            Reason.ONLY_ONE_BETWEEN: lambda a: self.tr(
                "position: the only untracked message and the only orphan time "
                "between the same tracked neighbours (an edited message?)"
            ),
            Reason.IN_ORDER_BETWEEN: lambda a: fill(
                self.tr(
                    "position, in order: %n untracked message(s) and %1 between the same neighbours",
                    "",
                    _count(a[0]),
                ),
                self.tr("%n orphan time(s)", "", _count(a[1])),
            ),
            Reason.RUN_END: lambda a: fill(
                self.tr(
                    "end of a legacy backfill run: its time is when the middleware first saw the chat "
                    "(%1 after the message's own time)"
                ),
                _gap(a[0]),
            ),
            Reason.RUN_INVENTED: lambda a: self.tr(
                "legacy backfill run: the transcript's own time replaces the invented one"
            ),
            Reason.RUN_INVENTED_LATE: lambda a: self.tr(
                "legacy backfill run: the transcript's own time replaces the invented one "
                "(but it is later than the run's real end: check the zone)"
            ),
        }


class NothingProposed(_Context):
    """Why a search for repairs proposed nothing."""

    def __init__(self) -> None:
        self.words = {
            Unrepaired.ALL_TRACKED: lambda a: self.tr("every message is tracked"),
            Unrepaired.NO_ORPHANS: lambda a: self.tr(
                "%n untracked message(s), but no stored time is left without its message", "", _count(a[0])
            ),
            Unrepaired.NONE_FITS: lambda a: fill(
                self.tr(
                    "none of %n orphan time(s) fits %1 by a known cause of a changed hash or by position "
                    "(their messages may be gone from the transcript)",
                    "",
                    _count(a[0]),
                ),
                self.tr("one of %n untracked message(s)", "", _count(a[1])),
            ),
        }


class PairingDoubts(_Context):
    """Why a transcript and a timestamp file may not belong together."""

    def __init__(self) -> None:
        self.words = {
            Doubt.OTHER_DISCUSSION: lambda a: fill(
                self.tr("the transcript's discussion id is %1 but %2 belongs to %3"),
                repr(a[0]),
                a[1],
                repr(a[2]),
            ),
            Doubt.MOSTLY_ORPHANED: lambda a: fill(
                self.tr(
                    "None of the %n entries of %2 matches a message: is this the transcript's own file, "
                    "and do the options match the middleware's?",
                    "",
                    _count(a[1]),
                )
                if a[0] == a[1]  # "13 of 13" reads as a count, not as "all of them"
                else self.tr(
                    "%1 of %n entries of %2 match no message: is this the transcript's own file, "
                    "and do the options match the middleware's?",
                    "",
                    _count(a[1]),
                ),
                a[0],
                a[2],
            ),
            Doubt.MOSTLY_ORPHANED_UNNAMED: lambda a: fill(
                self.tr(
                    "None of the %n entries of the file matches a message: is this the transcript's own "
                    "file, and do the options match the middleware's?",
                    "",
                    _count(a[1]),
                )
                if a[0] == a[1]
                else self.tr(
                    "%1 of %n entries of the file match no message: is this the transcript's own file, "
                    "and do the options match the middleware's?",
                    "",
                    _count(a[1]),
                ),
                a[0],
            ),
        }


class InputProblems(_Context):
    """Why a file cannot be used as given (after its name)."""

    def __init__(self) -> None:
        self.words = {
            Problem.NO_SUCH_FILE: lambda a: self.tr("no such file"),
            Problem.FOLDER_NOT_TRANSCRIPT: lambda a: self.tr("is a folder, expected a transcript file"),
            Problem.FOLDER_NOT_TIMESTAMPS: lambda a: self.tr("is a folder, expected a timestamp file"),
            Problem.CANNOT_READ: lambda a: (
                self.tr("cannot be read (permission denied)")
                if a[1] in (errno.EACCES, errno.EPERM)
                else fill(self.tr("cannot be read (%1)"), a[0])
            ),
            Problem.CANNOT_WRITE: lambda a: (
                self.tr("cannot be written (permission denied)")
                if a[1] in (errno.EACCES, errno.EPERM)
                else fill(self.tr("cannot be written (%1)"), a[0])
            ),
            Problem.NOTHING_TO_OPEN: lambda a: self.tr(
                "nothing to open: give a transcript, a timestamp file, or both"
            ),
            Problem.EMPTY: lambda a: self.tr("is empty"),
            Problem.STORE_UNREADABLE: lambda a: fill(
                self.tr(
                    "%1; the middleware cannot read it either, so every request of this discussion "
                    "fails until it is fixed: restore it from a backup, or remove it (the next request "
                    "then starts a new file and invents times for the messages so far)"
                ),
                say(a[0]),
            ),
            Problem.NOT_UTF8: lambda a: fill(
                self.tr("is not a UTF-8 text file (bad byte at offset %1)"), a[0]
            ),
            Problem.NOT_JSON: lambda a: fill(self.tr("not valid JSON at %1"), say(a[0])),
            Problem.JSON_WHERE: lambda a: fill(
                self.tr("line %1, column %2: %3", "where a JSON document broke; %3: why"),
                a[0],
                a[1],
                self.decoder_reason(a[2]),
            ),
            Problem.BAD_LINE: lambda a: fill(
                self.tr("line %1: %2"),
                a[0],
                say(a[1]),  # the app skips bad lines: no CLI hint
            ),
            Problem.LINE_NOT_JSON: lambda a: fill(
                self.tr("not valid JSON at column %1: %2", "%2: why"), a[0], self.decoder_reason(a[1])
            ),
            Problem.LINE_NOT_UTF8: lambda a: self.tr("not UTF-8 text"),
            Problem.LINE_NOT_OBJECT: lambda a: fill(self.tr("expected an object, found %1"), say(a[0])),
            Problem.NO_READABLE_MESSAGE: lambda a: self.tr("holds no readable message"),
            Problem.NEITHER_REQUEST_NOR_MESSAGE: lambda a: self.tr(
                'holds a JSON object that is neither a chat request (no "messages" list) '
                'nor a message (no "role")'
            ),
            Problem.NOT_A_MESSAGE_LIST: lambda a: fill(
                self.tr("%1 must be a list of messages, found %2"), say(a[0]), say(a[1])
            ),
            Problem.MESSAGES_FIELD: lambda a: self.tr('"messages"'),
            Problem.THE_FILE: lambda a: self.tr("the file"),
            Problem.MESSAGE_NOT_OBJECT: lambda a: fill(
                self.tr("message %1 must be an object, found %2"), a[0], say(a[1])
            ),
            Problem.NOT_A_TRANSCRIPT: lambda a: fill(
                self.tr("not a transcript this version reads (its JSON is %1)"), say(a[0])
            ),
            Problem.NOT_OF_FORMAT: lambda a: fill(self.tr("not a %1 file (its JSON is %2)"), a[0], say(a[1])),
            Problem.NOT_A_RECORDING: lambda a: self.tr(
                "not a recording (its first line is not a recorder record)"
            ),
            Problem.NOT_ST_MESSAGE: lambda a: fill(
                self.tr("line %1: not a SillyTavern message (no 'mes')"), a[0]
            ),
            Problem.ENCRYPTED: lambda a: self.tr(
                "is encrypted; give the API key (and username, if one is set)"
            ),
            Problem.WRONG_KEY: lambda a: self.tr("cannot be decrypted with this API key (or username)"),
            Problem.STORE_NOT_OBJECT: lambda a: fill(
                self.tr("a timestamp file holds a JSON object, this one holds %1"), say(a[0])
            ),
            Problem.REFUSED: lambda a: fill(
                self.tr("message %1: the middleware refuses this request (400: %2)"), a[0], repr(a[1])
            ),
            Problem.PART_TEXT_NOT_TEXT: lambda a: fill(
                self.tr("message %1: a text part's 'text' is %2, expected text"), a[0], say(a[1])
            ),
            Problem.IMAGE_URL_NOT_OBJECT: lambda a: fill(
                self.tr("message %1: 'image_url' must be an object with a 'url'"), a[0]
            ),
            Problem.IMAGE_SOURCE_NOT_OBJECT: lambda a: fill(
                self.tr("message %1: an image part's 'source' must be an object"), a[0]
            ),
            Problem.IMAGE_REF_NOT_TEXT: lambda a: fill(
                self.tr("message %1: an image reference is %2, expected text"), a[0], say(a[1])
            ),
            Problem.CONTENT_NOT_TEXT: lambda a: fill(
                self.tr("message %1: content is %2, expected text or parts"), a[0], say(a[1])
            ),
            Problem.ROLE_NOT_TEXT: lambda a: fill(
                self.tr("message %1: role is %2, expected text"), a[0], say(a[1])
            ),
            Problem.IMAGES_NOT_STRINGS: lambda a: fill(
                self.tr("message %1: 'images' must be a list of strings"), a[0]
            ),
            Problem.MESSAGE_NOT_OBJECT_GOT: lambda a: fill(
                self.tr("message %1: expected an object, got %2"), a[0], say(a[1])
            ),
            Problem.NOT_UNICODE: lambda a: fill(
                self.tr("message %1: content holds text that is not valid Unicode"), a[0]
            ),
            Problem.STORED_NOT_TEXT: lambda a: fill(
                self.tr(
                    "the stored value for %1 is %2, not text; the middleware itself crashes "
                    "on this file in the absolute style"
                ),
                a[0],
                say(a[1]),
            ),
            Problem.OOBA_ROW: lambda a: fill(
                self.tr("internal[%1] must be a [user, bot] row (optionally with tool output and metadata)"),
                a[0],
            ),
            Problem.PICK_CHAT: lambda a: fill(
                self.tr("holds %n chats; pick one (%1)", "", _count(a[0])),  # the app asks: no --chat
                a[1],
            ),
            Problem.NO_SUCH_CHAT: lambda a: fill(
                self.tr("no chat with id or index %1 (it holds %n)", "", _count(a[1])), repr(a[0])
            ),
            Problem.WEBUI_NOT_OBJECT: lambda a: self.tr("chat.history.messages must be an object"),
            Problem.WEBUI_LOOP: lambda a: fill(
                self.tr("message %1 is its own ancestor (a loop in parentId)"), repr(a[0])
            ),
            Problem.WEBUI_MISSING: lambda a: fill(
                self.tr("currentId/parentId names a missing message %1"), repr(a[0])
            ),
            Problem.PROMPT_COMPLETION: lambda a: fill(
                self.tr("is a prompt completion (%1); only chat requests open as a conversation"), a[0]
            ),
            Problem.TOO_LARGE_RECORDED: lambda a: fill(
                self.tr("was too large to record (%1 bytes)"), _thousands(a[0])
            ),
            Problem.BODY_TOO_LARGE: lambda a: fill(
                self.tr("the body (%1 bytes) was too large to record"), _thousands(a[0])
            ),
            Problem.BODY_NOT_JSON: lambda a: fill(
                self.tr("the body is not JSON (%1: line %2 column %3 (char %4))", "%1: why"),
                self.decoder_reason(a[0]),
                a[1],
                a[2],
                a[3],
            ),
            Problem.BODY_NOT_OBJECT: lambda a: self.tr("the body is not a JSON object"),
            Problem.BODY_NEITHER: lambda a: self.tr(
                "neither a chat body (messages) nor a completion (prompt)"
            ),
            Problem.FOLDER_NOT_REQUESTS: lambda a: fill(self.tr("is a folder, expected a %1"), a[0]),
            Problem.NOT_RECORDING_FOLDER: lambda a: self.tr(
                "is not a folder (give the recorder's --out folder)"
            ),
            Problem.NO_WHOLE_REQUEST: lambda a: self.tr("holds no whole request record"),
            Problem.NO_SUCH_REQUEST: lambda a: fill(
                self.tr("no request with id or index %1 (it holds %n)", "", _count(a[1])), repr(a[0])
            ),
            Problem.COPY_MISSING: lambda a: self.tr("the timestamp file copy is missing from the recording"),
            Problem.RECORD_LINE: lambda a: fill(
                self.tr("%1 line %2", "where a record is: a recording's file, the record's line"), a[0], a[1]
            ),
            Problem.RECORDED_REQUEST_AT: lambda a: fill(
                self.tr("%1 request %2", "a recording's file, then the index of one of its requests"),
                a[0],
                a[1],
            ),
            Problem.RECORD_UNFINISHED: lambda a: self.tr(
                "unfinished record (the recorder stopped mid-write)"
            ),
            Problem.RECORD_NOT_JSON: lambda a: fill(
                self.tr("%1: line %2 column %3 (char %4)", "a recording's line that is not JSON; %1: why"),
                self.decoder_reason(a[0]),
                a[1],
                a[2],
                a[3],
            ),
            Problem.RECORD_NOT_RECORD: lambda a: fill(self.tr("not a %1 record"), a[0]),
            Problem.RECORD_UNKNOWN_KIND: lambda a: fill(self.tr("unknown record kind %1"), repr(a[0])),
            Problem.RECORD_ORPHAN_RESPONSE: lambda a: self.tr("a response to no recorded request"),
            # the command line keeps Python's words for these; the app names the field
            Problem.RECORD_NO_FIELD: lambda a: fill(self.tr("the record has no %1"), self.record_field(a[0])),
            Problem.RECORD_NO_TIME: lambda a: fill(
                self.tr("%1 is missing", "a record's time"), self.record_field(a[0])
            ),
            Problem.RECORD_NO_ZONE: lambda a: fill(
                self.tr("%1 has no zone", "a record's time"), self.record_field(a[0])
            ),
            Problem.RECORD_BAD_LEG: lambda a: fill(
                self.tr("leg must be one of %1"),
                self.tr(", ", "between the legs a record may name").join(leg_word(leg) for leg in LEGS),
            ),
            Problem.RECORD_BAD_VALUE: lambda a: fill(
                self.tr("the record's %1 cannot be read: %2"), self.record_field(a[0]), shortened(repr(a[1]))
            ),
            Problem.RECORD_UNREADABLE: lambda a: self.tr("the line cannot be read as a record"),
            Problem.UNFORESEEN: lambda a: self.tr(
                "cannot be used: the inspector met an error it did not foresee (details on stderr)"
            ),
            Problem.CANNOT_LIST: lambda a: fill(self.tr("cannot be listed (%1)"), a[0]),
            Problem.NOT_A_FOLDER: lambda a: self.tr("is not a folder"),
            Problem.NOT_A_ROOT: lambda a: self.tr("is not a folder (the DiscussionIds root must exist)"),
            Problem.OUTSIDE_ROOT: lambda a: fill(
                self.tr("would be written outside the DiscussionIds root %1; nothing written"), a[0]
            ),
            Problem.CANNOT_CREATE: lambda a: fill(self.tr("cannot be created (%1)"), a[0]),
            Problem.UNKNOWN_ZONE: lambda a: fill(
                self.tr("unknown time zone %1 (use an IANA name like Europe/Berlin)"), repr(a[0])
            ),
            Problem.BAD_TIME: lambda a: fill(
                self.tr("cannot read the time %1: use YYYY-MM-DD HH:MM:SS or ISO 8601"), repr(a[0])
            ),
            Problem.UNKNOWN_CHOICE: lambda a: fill(
                self.tr("unknown %1 %2 (one of: %3)"), say(a[0]), repr(a[1]), a[2]
            ),
        }

    def decoder_reason(self, reason: object) -> str:
        """Why the JSON decoder (orjson) stopped: its English, which names the
        common cases exactly, in the user's language; a reason not known here
        is shown in the decoder's own words."""
        reasons = {
            "unexpected character, expected a JSON value": lambda: self.tr(
                "unexpected character, expected a JSON value"
            ),
            "unexpected character, expected a string key": lambda: self.tr(
                "unexpected character, expected a string key"
            ),
            "unexpected character, expected ',' or ']'": lambda: self.tr(
                "unexpected character, expected ',' or ']'"
            ),
            "unexpected character, expected ',' or '}'": lambda: self.tr(
                "unexpected character, expected ',' or '}'"
            ),
            "unexpected character, expected ':' after key": lambda: self.tr(
                "unexpected character, expected ':' after key"
            ),
            "unexpected end of data": lambda: self.tr("unexpected end of data"),
            "unexpected content after document": lambda: self.tr("unexpected content after document"),
            "trailing comma is not allowed": lambda: self.tr("trailing comma is not allowed"),
            "number with leading zero is not allowed": lambda: self.tr(
                "number with leading zero is not allowed"
            ),
            "no digit after decimal point": lambda: self.tr("no digit after decimal point"),
            "unexpected control character in string": lambda: self.tr(
                "unexpected control character in string"
            ),
            "invalid escaped sequence in string": lambda: self.tr("invalid escaped sequence in string"),
        }
        known = reasons.get(str(reason))
        if known:
            return known()
        return fill(self.tr("%1", "a reason of the JSON decoder not known here, in its English"), reason)

    def record_field(self, name: object) -> str:
        """A field of a recorder's record, by what it holds; the English is its name."""
        fields = {
            "id": lambda: self.tr("id", "a record's field: the request's id"),
            "received": lambda: self.tr("received", "a record's field: when the request arrived"),
            "finished": lambda: self.tr("finished", "a record's field: when the response ended"),
            "status": lambda: self.tr("status", "a record's field: the response's HTTP status"),
            "size": lambda: self.tr("size", "a record's field: the body's size in bytes"),
            "body_base64": lambda: self.tr("body_base64", "a record's field: the body, in Base64"),
        }
        return known_word(fields, name)

    def error(self, error: InputError) -> str:
        """One line naming the file and the problem, as the CLI's but in the
        user's language (free text the engine did not code stays as it is)."""
        problem = say(error.said) if error.said is not None else error.problem
        if not error.source:
            return problem
        source = say(error.place) if error.place is not None else error.source
        return fill(self.tr("%1: %2", "a file, then what is wrong with it"), source, problem)


class JsonKinds(_Context):
    """What kind of JSON value a file holds where another was needed."""

    def __init__(self) -> None:
        self.words = {
            JsonKind.TEXT: lambda a: self.tr("text", "a JSON value's kind: a string"),
            JsonKind.NUMBER: lambda a: self.tr("a number", "a JSON value's kind"),
            JsonKind.TRUE_FALSE: lambda a: self.tr("true/false", "a JSON value's kind: a boolean"),
            JsonKind.NULL: lambda a: self.tr("null", "a JSON value's kind, as JSON writes it"),
            JsonKind.LIST: lambda a: self.tr("a list", "a JSON value's kind: an array"),
            JsonKind.OBJECT: lambda a: self.tr("an object", "a JSON value's kind: {...}"),
            JsonKind.OTHER: lambda a: self.tr(
                "a value JSON does not have", "a value's kind that no JSON file holds"
            ),
        }


class OptionChips(_Context):
    """An engine choice that differs from the defaults (the status bar's chips),
    and a choice's name in an error about its value."""

    def __init__(self) -> None:
        self.words = {
            Setting.API: lambda a: fill(self.tr("client API: %1"), a[0]),
            Setting.ADD_USER_ASSISTANT: lambda a: self.tr("User:/Assistant: prefixes added"),
            Setting.ADD_MISSING_ASSISTANT: lambda a: self.tr("missing assistant generator added"),
            Setting.SENTINELS: lambda a: fill(self.tr("brace sentinels: %1"), a[0]),
            Setting.CST_VARIANT: lambda a: fill(self.tr("CST variant: %1"), a[0]),
            Setting.CST_ZONE: lambda a: fill(self.tr("CST zone: %1"), a[0]),
            Setting.WILMER_ZONE: lambda a: fill(self.tr("middleware zone: %1"), a[0]),
            Setting.ST_NAMES: lambda a: fill(self.tr("SillyTavern names: %1"), a[0]),
            Setting.ST_QUOTES: lambda a: self.tr("SillyTavern: user messages quoted"),
            Setting.ST_MERGE: lambda a: self.tr("SillyTavern: same-role messages merged"),
            Setting.ST_KEEP_CR: lambda a: self.tr("SillyTavern: \\r kept"),
            Setting.API_NAME: lambda a: self.tr("client API"),
            Setting.SENTINELS_NAME: lambda a: self.tr("brace sentinels"),
            Setting.CST_VARIANT_NAME: lambda a: self.tr("CST variant"),
            Setting.ST_NAMES_NAME: lambda a: self.tr("SillyTavern names behaviour"),
        }


class LoadingNotes(_Context):
    """What was detected or decided while loading (details pane, counts' tool tip)."""

    def __init__(self) -> None:
        self.words = {
            Note.API_DETECTED: lambda a: fill(self.tr("client API detected: %1"), a[0]),
            Note.API_ASSUMED: lambda a: fill(
                self.tr("client API: %1 (the file does not show one; OpenAI assumed)"), a[0]
            ),
            Note.API_CHOSEN_OTHER: lambda a: fill(
                self.tr("client API: %1 as chosen, although the file looks like an %2 request"), a[0], a[1]
            ),
            Note.API_CHOSEN: lambda a: fill(self.tr("client API: %1 (as chosen)"), a[0]),
            Note.TRANSCRIPT_BESIDE: lambda a: fill(self.tr("transcript found beside the file: %1"), a[0]),
            Note.ST_VIEW: lambda a: fill(self.tr("content as sent: %1"), a[0]),
            Note.ST_BEST_MATCH: lambda a: fill(self.tr("best match with the timestamp file: %1"), a[0]),
            Note.ST_HIDDEN: lambda a: self.tr("%n hidden message(s) not sent", "", _count(a[0])),
            Note.STORE_BESIDE: lambda a: fill(
                self.tr("timestamp file found beside the transcript: %1"), a[0]
            ),
            Note.RECORDED_REQUEST: lambda a: fill(self.tr("request %1 of %2: %3"), a[0], a[1], say(a[2])),
            Note.RECORDED_REQUEST_IN: lambda a: fill(
                self.tr("request %1 of %2: %3, discussion %4"), a[0], a[1], say(a[2]), a[3]
            ),
            Note.REQUEST_LABEL: lambda a: fill(
                self.tr("%1 %2 %3 %4", "a recorded request: when it arrived, its leg, HTTP method and path"),
                a[0],
                leg_word(a[1]),
                a[2],
                a[3],
            ),
            Note.COMPARED_NO_ID: lambda a: self.tr(
                "the request carries no discussion id: the middleware keeps no times for it"
            ),
            Note.COMPARED_NO_COPY: lambda a: self.tr(
                "no timestamp file copy (record the client leg with --discussions ROOT)"
            ),
            Note.COMPARED_NO_FILE: lambda a: fill(
                self.tr("no timestamp file when the request arrived (%1)"), a[0]
            ),
            Note.COMPARED_AS_IT_WAS: lambda a: fill(self.tr("timestamp file as it was: %1"), a[0]),
            Note.STORE_NOT_TEXT: self._not_text,
            Note.STORE_NOT_TEXT_MORE: lambda a: fill(self.tr("%1 and %2 more"), self._not_text(a), a[3]),
            Note.NOT_TEXT_KEY: lambda a: fill(
                self.tr("%1… (%2)", "a key's first characters, its kind"), a[0], say(a[1])
            ),
        }

    def _not_text(self, a: tuple[object, ...]) -> str:
        """The file, how many of its values are not text, the first keys."""
        return fill(
            self.tr(
                "%1: %n stored value(s) not text (the middleware reads no time from such a value, "
                "and its absolute style crashes on one): %2",
                "",
                _count(a[1]),
            ),
            a[0],
            listed(a[2]),
        )


class LoadingStages(_Context):
    """What opening a discussion, or a search in it, is busy with (the
    status bar's progress)."""

    def __init__(self) -> None:
        self.words = {
            Stage.READING: lambda a: fill(self.tr("reading %1"), a[0]),
            Stage.LOOKING_BESIDE: lambda a: self.tr("looking for the transcript beside the file"),
            Stage.MATCHING: lambda a: self.tr("matching the transcript to the file"),
            Stage.HASHING: lambda a: fill(self.tr("hashing %1 messages"), _thousands(a[0])),
            Stage.JOINING_NEW: lambda a: self.tr("joining the new messages with the timestamp file"),
            Stage.JOINING: lambda a: self.tr("joining with the timestamp file"),
            Stage.SIMULATING: lambda a: self.tr("simulating the next request"),
            Stage.PAIRING: lambda a: fill(
                self.tr("matching untracked messages to orphan times: %1 of %2"),
                _thousands(a[0]),
                _thousands(a[1]),
            ),
        }


class FileWrites(_Context):
    """How a new timestamp file is written, and a change that no longer applies
    to a file that changed meanwhile."""

    def __init__(self) -> None:
        self.words = {
            Writing.WANTED_TO_STORE: lambda a: fill(
                self.tr("%1…: wanted to store %2, the file now has %3"), a[0], repr(a[1]), say(a[2])
            ),
            Writing.WANTED_TO_REMOVE: lambda a: fill(
                self.tr("%1…: wanted to remove %2, the file now has %3"), a[0], repr(a[1]), say(a[2])
            ),
            Writing.NO_ENTRY: lambda a: self.tr("no entry"),
            Writing.PLAIN_NO_KEY: lambda a: self.tr("written plain (no API key given)"),
            Writing.PLAIN_OTHER_FOLDER: lambda a: fill(
                self.tr(
                    "written plain: it is not in this key's per-user folder %1, where the middleware "
                    "keeps the files of a client that sends the key"
                ),
                a[0],
            ),
            Writing.LIKE_SIBLINGS_ENCRYPTED: lambda a: fill(
                self.tr("written encrypted, like the other files in the per-user folder %1"), a[0]
            ),
            Writing.LIKE_SIBLINGS_PLAIN: lambda a: fill(
                self.tr("written plain, like the other files in the per-user folder %1"), a[0]
            ),
            Writing.FIRST_OF_FOLDER: lambda a: fill(
                self.tr(
                    "written encrypted with the API key: the first file of the per-user folder %1 "
                    "(the middleware's encryptUsingApiKey)"
                ),
                a[0],
            ),
        }

    def conflicts(self, conflicts: Iterable[Conflict]) -> str:
        """Changes that no longer apply, one after the other."""
        return self.tr("; ", "between two changes that no longer apply").join(
            say(c.said()) for c in conflicts
        )


class CutReasons(_Context):
    """Why a recorded response ended early (the Recordings panel's Reply column)."""

    def __init__(self) -> None:
        self.words = {
            Cut.TIMED_OUT: lambda a: fill(self.tr("upstream timed out (%1)"), a[0]),
            Cut.UPSTREAM: lambda a: fill(self.tr("upstream error: %1"), a[0]),
            Cut.RECORDER_STOPPED: lambda a: self.tr("the recorder stopped"),
            Cut.CLIENT_GONE: lambda a: self.tr("the client went away"),
        }


class HistoryWords(_Context):
    """The timestamp file's own history (the History panel and Details)."""

    def __init__(self) -> None:
        self.words = {
            History.WHERE_REQUEST: lambda a: fill(self.tr("request %1 (%2)"), a[0], _time(a[1])),
            History.WHERE_STATE: lambda a: fill(self.tr("state %1 (%2)"), a[0], a[1]),
            History.WHERE_STATE_AT: lambda a: fill(self.tr("state %1 (%2, %3)"), a[0], a[1], _time(a[2])),
            History.FIRST_STATE: lambda a: fill(
                self.tr("already stored in the first state, %1, as %2"), say(a[0]), repr(a[1])
            ),
            History.STORED: lambda a: fill(self.tr("stored at %1 as %2"), say(a[0]), repr(a[1])),
            History.STORED_PLACEHOLDER: lambda a: fill(
                self.tr("stored at %1 as %2, the time the reply before it started (the placeholder)"),
                say(a[0]),
                repr(a[1]),
            ),
            History.STORED_BY_HAND: lambda a: fill(
                self.tr("stored before %1 as %2 by no recorded request (by hand or by another program)"),
                say(a[0]),
                repr(a[1]),
            ),
            History.CHANGED: lambda a: fill(
                self.tr(
                    "changed from %2 to %3 before %1 (by hand or by another program: "
                    "the middleware never changes a stored time)"
                ),
                say(a[0]),
                repr(a[1]),
                repr(a[2]),
            ),
            History.REMOVED: lambda a: fill(self.tr("removed before %1 (it held %2)"), say(a[0]), repr(a[1])),
            History.NEVER_CHANGED: lambda a: self.tr("never changed its time"),
            History.NEVER_STORED: lambda a: self.tr("not stored in any state"),
            History.STORED_NEXT: lambda a: fill(
                self.tr("not stored yet: the middleware stores it when it handles %1"), say(a[0])
            ),
            History.NOT_SENT: lambda a: self.tr("not sent in the newest request: an orphan"),
            History.ORPHANED: lambda a: fill(
                self.tr("last sent at %1; orphaned at %2: %3"), say(a[0]), say(a[1]), say(a[2])
            ),
            History.REPLACED: lambda a: fill(
                self.tr("its text took the place of %1… (orphaned at %2: %3)"), a[0], say(a[1]), say(a[2])
            ),
            History.NOT_TIMESTAMPED: lambda a: self.tr(
                "the middleware gives this message no time (a system message or a generation prompt)"
            ),
            History.CAUSE_GONE: lambda a: self.tr(
                "the client no longer sent it (a reply regenerated or a message deleted)"
            ),
            History.CAUSE_TRAILING_ADDED: lambda a: fill(
                self.tr("the client sent it with %1 added at the end"), repr(a[0])
            ),
            History.CAUSE_TRAILING_LOST: lambda a: fill(
                self.tr("the client sent it without the %1 at its end"), repr(a[0])
            ),
            History.CAUSE_LEADING_ADDED: lambda a: fill(
                self.tr("the client sent it with %1 added at the start"), repr(a[0])
            ),
            History.CAUSE_LEADING_LOST: lambda a: fill(
                self.tr("the client sent it without the %1 at its start"), repr(a[0])
            ),
            History.CAUSE_WHITESPACE: lambda a: self.tr("the client sent it with other whitespace around it"),
            History.CAUSE_LINE_ENDINGS: lambda a: self.tr("the client sent it with other line endings"),
            History.CAUSE_UNICODE: lambda a: self.tr("the client sent it in another Unicode form"),
            History.CAUSE_EDITED: lambda a: fill(
                self.tr("the client sent it edited (from character %1)"), a[0]
            ),
            History.NO_STATES: lambda a: self.tr(
                "no state of the timestamp file to follow "
                "(record with --discussions to keep a copy with each request)"
            ),
            History.PICK_DISCUSSION: lambda a: fill(
                self.tr("holds %n discussion(s) (%1): name its folder", "", _count(a[0])), a[1]
            ),
            History.RECORDING_FIRST: lambda a: self.tr("a recording can only be the first source"),
            History.STATE_MISSING: lambda a: self.tr("the copy of the timestamp file is missing"),
            History.NO_MESSAGES: lambda a: self.tr("no recorded request, so no messages: ask for a --hash"),
            History.NO_SUCH_MESSAGE: lambda a: fill(
                self.tr("no message %1 (the newest request has %n message(s))", "", _count(a[1])), a[0]
            ),
            History.NO_SUCH_HASH: lambda a: fill(
                self.tr("no stored hash starts with %1 (%n match(es))", "", _count(a[1])), repr(a[0])
            ),
        }


EXPLANATIONS = Explanations()
INPUT_PROBLEMS = InputProblems()
FILE_WRITES = FileWrites()
WORDINGS: dict[type[Code], _Context] = {
    Consequence: Consequences(),
    Reason: RepairReasons(),
    Unrepaired: NothingProposed(),
    Doubt: PairingDoubts(),
    Problem: INPUT_PROBLEMS,
    JsonKind: JsonKinds(),
    Setting: OptionChips(),
    Note: LoadingNotes(),
    Writing: FILE_WRITES,
    Stage: LoadingStages(),
    Cut: CutReasons(),
    History: HistoryWords(),
}
assert set(WORDINGS) == set(CODES), "every family of the engine's codes is worded here"


def say(said: object) -> str:
    """An engine sentence in the user's language (anything else as text)."""
    if isinstance(said, Said):
        return WORDINGS[type(said.code)].word(said)
    if isinstance(said, Listed):
        return listed(said)
    return str(said)


def listed(values: object) -> str:
    """Several values (``Listed``) in the user's language, joined as it lists them."""
    if not isinstance(values, Listed):
        return say(values)
    return QCoreApplication.translate("Listed", ", ", "between the items of a list").join(map(say, values))


def error_text(error: InputError) -> str:
    """What went wrong with the input, for a banner, a label or a dialog."""
    return INPUT_PROBLEMS.error(error)


def conflicts_text(conflicts: Iterable[Conflict]) -> str:
    """Changes to a timestamp file that no longer apply, for a banner or a summary."""
    return FILE_WRITES.conflicts(conflicts)

"""The engine's sentences in the user's language.

The engine says things as codes with arguments (``core.words``, and the
status, flag and action enums ``core.explain`` explains). Each code's English
is written once, in ``core/words.py``, marked there for ``pyside6-lupdate``
in the context of its family; ``say`` asks Qt for the translation of that
English at the moment a view shows it (the language can change while the
app runs) and fills it with the arguments worded in the same language. What
stays here is what only the window says: an argument it words itself (the
JSON decoder's reason, a record's field, a recorder's leg), the sentences
it says differently from the command line on purpose, and the explanations.
"""

from __future__ import annotations

import errno
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, tzinfo

from PySide6.QtCore import QCoreApplication

from ..core.discussion import zone_known
from ..core.display import ENGLISH_GAP_UNITS, Gap, GapUnits, gap_text
from ..core.edits import Conflict
from ..core.errors import InputError
from ..core.file_state import Held
from ..core.recordings import LEGS
from ..core.timeline import Flag, Status
from ..core.tracking import Action
from ..core.words import Code, Doubt, Listed, Note, Problem, Said, format_sentence, number, with_counts
from ..core.zones import machine_zone_name, offset_name

_PLACE = re.compile(r"%(\d)")


# a space after a full-width sentence end: English joins sentences with a
# space, Chinese with none ("已删除。 窗口仍显示", tryout)
_AFTER_FULL_STOP = re.compile(r"(?<=[。！？；：])[ \t]+")


def numbered(text: str, count: int) -> str:
    """``text`` as Qt's ``tr(…, n)`` made it, ``%n`` written as a bare
    decimal, with that count written as ``number`` (the engine's, the one
    place a count is written) writes it: what ``Counted`` and the contexts
    here do to every plural message."""
    if abs(count) < 1000:
        return text
    return re.sub(rf"(?<![\d,.]){count}(?![\d,.])", number(count), text)


class Counted:
    """Mixed in before a Qt class (``class Panel(Counted, QWidget)``): its
    ``self.tr(text, "", n)`` writes the count as ``number`` does, in every
    language, so a count says "50,496 messages" wherever a sentence has one.
    Qt writes ``%n`` as a bare decimal ("50496 messages" beside a progress
    bar's "50,496", tryout), and ``%Ln`` as the *system's* locale does, not
    the language the window speaks (a German system's English window read
    "50.496", the C locale "50496"). ``lupdate`` still reads ``self.tr``
    calls in the class's context; tests/gui/test_plural_counts.py finds
    every plural call and fails when its class does not count this way."""

    def tr(self, source: str, disambiguation: str | None = None, n: int = -1) -> str:
        return numbered(super().tr(source, disambiguation, n), n)  # type: ignore[misc]


def fill(text: str, *values: object) -> str:
    """``text`` with ``%1``..``%9`` replaced in one pass, so a value that
    holds ``%2`` (a file name, a message) is never replaced again; sentences
    joined by a template ("%1 The window …") read as joined in its language
    (``sentences``). A count (an ``int``) is written as ``number`` writes it."""
    return _AFTER_FULL_STOP.sub("", _PLACE.sub(lambda m: number(values[int(m.group(1)) - 1]), text))


def sentences(*said: str) -> str:
    """Sentences said one after another: a space between them in English,
    none after a Chinese full stop (which holds its own space)."""
    return _AFTER_FULL_STOP.sub("", " ".join(part for part in said if part))


def named_apart(name: str, files: str) -> bool:
    """Whether the discussion's ``name`` is said beside its ``files``: not
    when it is one of them or their folder (a discussion id), never
    "huge.json (huge.json)"."""
    said = {word for part in files.split(" + ") for word in part.split("/")}  # ``Pair.describe``'s names
    return bool(name) and name not in said


def discussion_named(name: str, files: str) -> str:
    """The discussion shown, as the window's title names it: ``name (files)``
    (``files``: ``session.Pair.describe``, a DiscussionIds root's whole
    path). A name that is one of its files or their folder (a discussion
    id) is said once: ``files``, never "huge.json (huge.json)"."""
    if not named_apart(name, files):
        return files
    return fill(
        QCoreApplication.translate("MainWindow", "%1 (%2)", "a discussion: its name (its files)"), name, files
    )


def entries_meaning() -> str:
    """What an "Entries" column counts, its header's tooltip wherever one is
    (Discussions, History): the messages' entries, the placeholder aside.
    Three counts went by that name for the demo (13, 14 and the status bar's
    11, tryout); the status bar says its count as the entries tracked
    messages are held *in*."""
    return QCoreApplication.translate(
        "Wording", "The file's entries for messages; the reply's placeholder is not counted."
    )


def gap_units() -> GapUnits:
    """A gap's units ("1 d 15 h") in the user's language, asked when a model
    or layout is made (after start-up installed the translators)."""
    return (
        QCoreApplication.translate("GapUnits", "d", "days, as in 3 d 4 h"),
        QCoreApplication.translate("GapUnits", "h", "hours, as in 3 d 4 h"),
        QCoreApplication.translate("GapUnits", "min", "minutes, as in 2 h 15 min"),
        QCoreApplication.translate("GapUnits", "s", "seconds, as in 3 min 5 s"),
    )


@dataclass(frozen=True)
class RelativeWords:
    """The words of the shorter forms the window makes of a relative time
    (``column_widths.time_forms``): the units of a gap, "%1 ago" around
    them, and the form for less than a minute. The whole text, "[Sent 8
    days, 14 hours, 6 minutes ago]", is the middleware's and stays English;
    these shorter forms are the window's own, so they are said in its
    language: the Chinese window read "8d 14h… ago" (issue 31, tryC)."""

    units: GapUnits = ENGLISH_GAP_UNITS
    ago: str = "%1 ago"
    under_a_minute: str = "< 1 min ago"

    def said(self, units: str) -> str:
        """``units`` ("8 d 14 h", "8d 14h…") as a time that long ago."""
        return self.ago.replace("%1", units)


def relative_words() -> RelativeWords:
    """``RelativeWords`` in the user's language, asked when a view is made
    (after start-up installed the translators), as ``gap_units`` is."""
    return RelativeWords(
        gap_units(),
        QCoreApplication.translate("TimeForms", "%1 ago", "a relative time shortened: 8 d 14 h ago"),
        QCoreApplication.translate("TimeForms", "< 1 min ago", "a relative time shortened: under a minute"),
    )


def _gap(value: object) -> str:
    return gap_text(value.delta, gap_units()) if isinstance(value, Gap) else str(value)


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
    """A translation context named by its class (as ``lupdate`` names it);
    a count (``%n``) written as ``number`` writes it, as ``Counted`` does."""

    def tr(self, source: str, disambiguation: str = "", n: int = -1) -> str:
        return numbered(QCoreApplication.translate(type(self).__name__, source, disambiguation, n), n)


class CutLists(_Context):
    """A list of labels cut to fit, saying how many follow (``items_more``)."""

    def more(self, kept: str, count: int) -> str:
        return self.tr(
            "%1 +%n", "a status cut after its first labels (%1): how many flags follow", count
        ).replace("%1", kept)


class Explanations(_Context):
    """What a status, a flag and a tracking action mean (the details pane)."""

    def status(self, status: Status) -> str:
        return {
            Status.TRACKED: lambda: self.tr("The file has a time for this exact content."),
            Status.UNTRACKED: lambda: self.tr(
                "No entry matches this content: the next request gives it a time (see Next request)."
            ),
            Status.SYSTEM: lambda: self.tr("System messages are never timestamped."),
            Status.GENERATION_PROMPT: lambda: self.tr(
                "A trailing 'Name:' prompt (under 100 characters, ending in ':') is never timestamped."
            ),
            Status.ENTRY: lambda: self.tr(
                "An entry of the timestamp file; open the transcript to see which message it belongs to."
            ),
        }[status]()

    def own_time(self, has: bool) -> str:
        """Where the CST style's time of a message comes from, when that style
        shows the transcript's own times (the Status column's ``status_word``),
        said before the timestamp file's status."""
        if has:
            return self.tr(
                "Time in message: the CST style shows the time this message records itself "
                "(Own time), not a stored one."
            )
        return self.tr(
            "No time in message: this message records no time of its own, so the CST style "
            "shows none for it: its CST prefix has no time line."
        )

    def tracked_held(self, held: Held, where: str) -> str:
        """``status(Status.TRACKED)`` where the time is not in the timestamp
        file at its place (``DiscussionSession.time_held``; ``where``: the file
        the banner names): said as the banner and the status bar say it
        (issue 29: "The file has a time" after the file was deleted)."""
        return {
            Held.FILE: lambda: self.status(Status.TRACKED),
            Held.MOVED: lambda: fill(
                self.tr(
                    "%1 has a time for this exact content: the timestamp file read, moved there on disk."
                ),
                where,
            ),
            Held.EDITED: lambda: self.tr(
                "Your unsaved edit gives this exact content its time: only the window holds it until Save."
            ),
            Held.DIFFERS: lambda: fill(
                self.tr(
                    "%1 on disk, made anew, has another time for this exact content: only the window "
                    "holds the one shown (Save offers to write it)."
                ),
                where,
            ),
            Held.WINDOW: lambda: fill(
                self.tr(
                    "The window holds a time for this exact content that %1 on disk does not hold "
                    "(Save offers to write it)."
                ),
                where,
            ),
        }[held]()

    def held(self, held: Held, where: str) -> str:
        """Said after a file entry's or an orphan's status where its time is
        not in the timestamp file at its place (``tracked_held``); "": it is."""
        return {
            Held.FILE: lambda: "",
            Held.MOVED: lambda: fill(
                self.tr("This time is on disk in %1, the timestamp file read, moved there."), where
            ),
            Held.EDITED: lambda: self.tr(
                "Your unsaved edit set this time: only the window holds it until Save."
            ),
            Held.DIFFERS: lambda: fill(
                self.tr(
                    "%1 on disk, made anew, has another time for this: only the window holds this one "
                    "(Save offers to write it)."
                ),
                where,
            ),
            Held.WINDOW: lambda: fill(
                self.tr(
                    "%1 on disk does not hold this time: only the window does (Save offers to write it)."
                ),
                where,
            ),
        }[held]()

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
                "Part of a run of messages exactly one second apart (a system message between does not "
                "break it: a backfill skips those): most likely times a backfill of untracked history "
                "invented, not when the messages were written; the run's newest message may hold a real "
                "time, the one the backfill counted back from (the file's history tells, where it was "
                "recorded)."
            ),
            Flag.ECHOED_PREFIX: lambda: self.tr(
                "The content starts with a timestamp prefix the model echoed; if the echo is later "
                "cleaned from the chat, this message loses its time."
            ),
            Flag.FUTURE: lambda: self.tr(
                "Its stored time is later than 'now' on the middleware's clock: the clock was wrong "
                "when it was stored, or the file was written elsewhere; the relative style says it "
                "was sent less than a minute ago."
            ),
        }[flag]()

    def stored_only(self) -> str:
        """Said after a flag judged on the stored times while the style shown
        is CST at the transcript's own times (``shows_other_times``)."""
        return self.tr(
            "The CST style shows the transcript's own time instead, which this flag does not judge: "
            "the Time and Gap columns and the strip follow the times shown."
        )

    def action(self, action: Action) -> str:
        return {
            Action.KEPT: lambda: self.tr("keeps its stored time"),
            Action.SHARED: lambda: self.tr("takes the time of a newer message with the same content"),
            Action.ASSIGNED: lambda: self.tr(
                "gets a new time from the backward pass (one second before the next known message, or 'now')"
            ),
            Action.PLACEHOLDER: lambda: self.tr(
                "gets the pending placeholder's time (the reply's generation start)"
            ),
            Action.SKIPPED: lambda: self.tr("is not timestamped"),
        }[action]()


class PairingDoubts(_Context):
    """A timestamp file none of whose entries matches: "None of the 13 entries"
    reads as "all of them", "13 of 13 entries" as a count (the window's words;
    the command line keeps the count)."""

    def all_orphaned(self, said: Said) -> str | None:
        a = said.args
        if said.code is Doubt.MOSTLY_ORPHANED and a[0] == a[1]:
            return fill(
                self.tr(
                    "None of the %n entries of %2 matches a message: is this the transcript's own file, "
                    "and do the options match the middleware's?",
                    "",
                    _count(a[1]),
                ),
                a[0],
                a[2],
            )
        if said.code is Doubt.MOSTLY_ORPHANED_UNNAMED and a[0] == a[1]:
            return self.tr(
                "None of the %n entries of the file matches a message: is this the transcript's own "
                "file, and do the options match the middleware's?",
                "",
                _count(a[1]),
            )
        return None


class InputProblems(_Context):
    """What the window says about input in its own words: the system's
    permission problem, the app's answers where the command line points to
    an option, a recorder's record by its fields, the JSON decoder's reasons."""

    def own(self, said: Said) -> str | None:
        """The window's own sentence for ``said``, or None for the engine's."""
        a = said.args
        code = said.code
        if code in (Problem.CANNOT_READ, Problem.CANNOT_WRITE) and a[1] in (errno.EACCES, errno.EPERM):
            if code is Problem.CANNOT_READ:
                return self.tr("cannot be read (permission denied)")
            return self.tr("cannot be written (permission denied)")
        # the app skips bad lines and asks which chat to show: no --skip-bad-lines, no --chat
        if code is Problem.BAD_LINE:
            return fill(self.tr("line %1: %2"), a[0], say(a[1]))
        if code is Problem.PICK_CHAT:
            return fill(self.tr("holds %n chats; pick one (%1)", "", _count(a[0])), a[1])
        # the command line keeps Python's words for these; the app names the field
        if code is Problem.RECORD_NO_FIELD:
            return fill(self.tr("the record has no %1"), self.record_field(a[0]))
        if code is Problem.RECORD_BAD_VALUE:
            return fill(
                self.tr("the record's %1 cannot be read: %2"), self.record_field(a[0]), shortened(repr(a[1]))
            )
        if code is Problem.RECORD_UNREADABLE:
            return self.tr("the line cannot be read as a record")
        return None

    def legs(self, _legs: object) -> str:
        """The legs a record may name, each in the user's language."""
        return self.tr(", ", "between the legs a record may name").join(leg_word(leg) for leg in LEGS)

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


class FileWrites(_Context):
    """Changes to a timestamp file that no longer apply (a file that changed meanwhile)."""

    def conflicts(self, conflicts: Iterable[Conflict], named: int | None = None) -> str:
        """Changes that no longer apply, one after the other; the first
        ``named`` only, then how many more (a Reload question named 3 of 4
        and left the fourth unsaid)."""
        every = list(conflicts)
        shown = every if named is None else every[:named]
        text = self.tr("; ", "between two changes that no longer apply").join(say(c.said()) for c in shown)
        more = len(every) - len(shown)
        return text if more <= 0 else fill(self.tr("%1 … and %n more", "", more), text)


EXPLANATIONS = Explanations()
INPUT_PROBLEMS = InputProblems()
PAIRING_DOUBTS = PairingDoubts()
FILE_WRITES = FileWrites()

# arguments the window words itself (the engine keeps them as English data)
ARGUMENT_WORDS: dict[Code, dict[int, Callable[[object], str]]] = {
    Problem.JSON_WHERE: {2: INPUT_PROBLEMS.decoder_reason},
    Problem.LINE_NOT_JSON: {1: INPUT_PROBLEMS.decoder_reason},
    Problem.BODY_NOT_JSON: {0: INPUT_PROBLEMS.decoder_reason},
    Problem.RECORD_NOT_JSON: {0: INPUT_PROBLEMS.decoder_reason},
    Problem.RECORD_NO_TIME: {0: INPUT_PROBLEMS.record_field},
    Problem.RECORD_NO_ZONE: {0: INPUT_PROBLEMS.record_field},
    Problem.RECORD_BAD_LEG: {0: INPUT_PROBLEMS.legs},
    Note.REQUEST_LABEL: {1: leg_word},
}
# the window's own sentences, asked first (None: the engine's sentence)
OWN_WORDS: tuple[Callable[[Said], str | None], ...] = (INPUT_PROBLEMS.own, PAIRING_DOUBTS.all_orphaned)


def _argument(value: object) -> object:
    """An argument as the translated template takes it: a sentence, a list
    and a gap in the user's language; any other value as it is, so the
    template's format (a time's, a count's, ``!r``) applies to it."""
    if isinstance(value, Said | Listed):
        return say(value)
    if isinstance(value, Gap):
        return _gap(value)
    return value


def engine_words(said: Said) -> str:
    """``said`` in the user's language: the translation of the code's English
    (its family is the context), filled like the English. A translation whose
    fields do not fit the arguments shows the English instead of failing."""
    code = said.code
    own = ARGUMENT_WORDS.get(code, {})
    args = [own[i](a) if i in own else _argument(a) for i, a in enumerate(with_counts(code.value, said.args))]
    text = QCoreApplication.translate(type(code).__name__, code.value)
    try:
        return format_sentence(text, args)
    except (IndexError, KeyError, ValueError, TypeError):
        return format_sentence(code.value, args)


def say(said: object) -> str:
    """An engine sentence in the user's language (anything else as text)."""
    if isinstance(said, Said):
        for own in OWN_WORDS:
            text = own(said)
            if text is not None:
                return text
        return engine_words(said)
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


def conflicts_text(conflicts: Iterable[Conflict], named: int | None = None) -> str:
    """Changes to a timestamp file that no longer apply, for a banner or a
    summary: the first ``named`` (all when None), then how many more."""
    return FILE_WRITES.conflicts(conflicts, named)


def clock_said(when: datetime, clock: tuple[tzinfo | None, str], name: str = "") -> str:
    """Whose clock the middleware's naive times are on, short: its offset at
    ``when`` and what says so (``Discussion.clock``; ``name``: the zone named
    in Options). Details' stored time, the zone dialogs and the Now button say
    it alike: a stored time read "(local, zone unknown)" beside a Now button
    naming UTC+02:00 (tryout)."""
    zone, source = clock
    offset = offset_name(when, zone)
    named = f"{name}, {offset}" if source == "named" and name else offset
    whose = {
        "named": QCoreApplication.translate("Clock", "%1, the zone named in Options"),
        "transcript": QCoreApplication.translate(
            "Clock", "%1, read from the transcript's own times beside the stored ones"
        ),
        "own": QCoreApplication.translate("Clock", "%1, the offset the transcript's own times carry"),
    }.get(source) or QCoreApplication.translate(
        "Clock", "%1, this machine's clock: the discussion's zone is unknown"
    )
    return fill(whose, named)


def offset_said(when: datetime, clock: tuple[tzinfo | None, str]) -> str:
    """The clock's offset at ``when``, compact ("UTC+2"), where a view names
    the clock its times are on (History's header, the Now button, the status
    bar, Recordings): when nothing says the discussion's zone
    (``core.discussion.zone_known``) it says so and that the offset is this
    machine's. A timestamp file opened alone read "Source (current at,
    UTC+0)" as if its zone were known, where ``history`` said it unknown
    (issue 31)."""
    zone, source = clock
    offset = offset_name(when, zone)
    if zone_known(source):
        return offset
    return fill(machine_clock_words(), offset, machine_zone_name() or "")


def machine_clock_words() -> str:
    """ "%1, this machine's clock: %2" naming this machine's zone
    (``core.zones.machine_zone_name``), or "…: zone unknown" only when
    nothing names it: a machine on Etc/UTC read "zone unknown" (issue 31)."""
    if machine_zone_name():
        return QCoreApplication.translate(
            "Clock",
            "%1, this machine's clock: %2",
            "an offset and this machine's zone name, when nothing says the discussion's zone",
        )
    return QCoreApplication.translate(
        "Clock",
        "%1, this machine's clock: zone unknown",
        "an offset, when nothing says the discussion's zone",
    )

"""The table model over the engine's joined timeline.

One row per message (or per file entry when no transcript is open). Strings
are made in ``data()`` for the rows a view asks about, in the current style;
switching style or ticking the clock emits ``dataChanged`` for the time
column only, so selection and scroll position stay where they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from enum import IntEnum
from itertools import repeat
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractProxyModel,
    QCoreApplication,
    QModelIndex,
    QSettings,
    Qt,
    Signal,
    SignalInstance,
)
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QTableView

from ...core.context import Style
from ...core.discussion import Discussion
from ...core.display import (
    NOT_TEXT_MARK,
    GapUnits,
    first_line,
    gap_text,
    message_instant,
    minute_precision,
    speaker_text,
    time_text,
    visible_text,
)
from ...core.file_state import Held, HeldTimes
from ...core.timeline import Flag, Status, Timeline, TimelineRow, growth_of
from ..widgets import colours
from ..wording import fill, gap_units
from .base import COPY_ROLE, AnyIndex, ReadOnlyTableModel, cell_list
from .column_widths import ColumnWidths, Floor, items_more

CONTENT_PREVIEW_CHARS = 200


class Column(IntEnum):
    INDEX = 0
    SPEAKER = 1
    TIME = 2
    GAP = 3
    STATUS = 4
    HASH = 5
    CONTENT = 6


HEADERS = {
    Column.INDEX: "#",
    Column.SPEAKER: QT_TRANSLATE_NOOP("TimelineTableModel", "Speaker"),
    Column.TIME: QT_TRANSLATE_NOOP("TimelineTableModel", "Time"),
    Column.GAP: QT_TRANSLATE_NOOP("TimelineTableModel", "Gap"),
    Column.STATUS: QT_TRANSLATE_NOOP("TimelineTableModel", "Status"),
    Column.HASH: QT_TRANSLATE_NOOP("TimelineTableModel", "Hash"),
    Column.CONTENT: QT_TRANSLATE_NOOP("TimelineTableModel", "Content"),
}

# the engine's status and flag codes as a reader sees them (the codes stay
# the filter's keys and the CLI's words; only what is shown is translated)
STATUS_LABELS = {
    Status.TRACKED: QT_TRANSLATE_NOOP("TimelineStatus", "tracked"),
    Status.UNTRACKED: QT_TRANSLATE_NOOP("TimelineStatus", "untracked"),
    Status.SYSTEM: QT_TRANSLATE_NOOP("TimelineStatus", "system"),
    Status.GENERATION_PROMPT: QT_TRANSLATE_NOOP("TimelineStatus", "generation-prompt"),
    Status.ENTRY: QT_TRANSLATE_NOOP("TimelineStatus", "entry"),
}
FLAG_LABELS = {
    Flag.SHARED_HASH: QT_TRANSLATE_NOOP("TimelineStatus", "shared-hash"),
    Flag.OUT_OF_ORDER: QT_TRANSLATE_NOOP("TimelineStatus", "out-of-order"),
    Flag.UNPARSEABLE: QT_TRANSLATE_NOOP("TimelineStatus", "unparseable"),
    Flag.NOT_TEXT: QT_TRANSLATE_NOOP("TimelineStatus", "not-text"),
    Flag.ONE_SECOND_RUN: QT_TRANSLATE_NOOP("TimelineStatus", "one-second-run"),
    Flag.ECHOED_PREFIX: QT_TRANSLATE_NOOP("TimelineStatus", "echoed-prefix"),
    Flag.FUTURE: QT_TRANSLATE_NOOP("TimelineStatus", "future"),
}
# a flag judged on the stored times, named so where the style shows others
# (``shows_other_times``): in CST row 13 read "out-of-order" beside a time after
# row 12's, a Gap of "1 h 9 min" and a strip without a notch (tryout s07)
STORED_FLAG_LABELS = {
    Flag.OUT_OF_ORDER: QT_TRANSLATE_NOOP("TimelineStatus", "out-of-order (stored time)"),
}
# where the CST style's time of a message comes from, said instead of "tracked" or
# "untracked" where that style shows the transcript's own times (``shows_own_times``):
# a Free Anima log read "untracked" in orange on every row, "0 tracked · 6 untracked",
# beside the CST times its own lines carry (issue 31)
OWN_TIME_LABELS = {
    True: QT_TRANSLATE_NOOP("TimelineStatus", "time in message"),
    False: QT_TRANSLATE_NOOP("TimelineStatus", "no time in message"),
}
# the statuses whose word is the timestamp file's say (the others say why a message has no time)
FILE_STATUSES = frozenset({Status.TRACKED, Status.UNTRACKED})


def shows_other_times(discussion: Discussion | None, style: Style) -> bool:
    """Whether ``style`` shows other times than the stored ones the flags are
    judged on: CST beside a timestamp file, for a transcript that records its
    own times (``Discussion.cst_on_own_times``; its Gap and strip follow them)."""
    return style is Style.CST and discussion is not None and discussion.cst_on_own_times


def shows_own_times(discussion: Discussion | None, style: Style) -> bool:
    """Whether ``style`` shows each message's time from the transcript itself
    (CST over a transcript that records its own times: Free Anima's time lines,
    SillyTavern's send_date, Open WebUI's timestamps; ``message_instant``),
    with a timestamp file or without: the Status column then says where that
    time comes from (``status_word``), as the strip's legend does ("own")."""
    return (
        style is Style.CST
        and discussion is not None
        and discussion.has_transcript
        and discussion.transcript.has_own_times
    )


# the roles every chat API shares, as a reader sees them; any other role is
# shown as the transcript writes it. The raw role stays the filter's key
# (``ItemRole.ROLE``), the engine's and the CLI's word.
ROLE_LABELS = {
    "user": QT_TRANSLATE_NOOP("Role", "user"),
    "assistant": QT_TRANSLATE_NOOP("Role", "assistant"),
    "system": QT_TRANSLATE_NOOP("Role", "system"),
    # OpenAI's tool results (tryO: "tool · weather" stayed English in the Chinese window)
    "tool": QT_TRANSLATE_NOOP("Role", "tool"),
}


def role_label(role: str) -> str:
    """A message's role in the user's language. A known role untranslated
    (English) stays exactly as the transcript writes it ("User" too)."""
    source = ROLE_LABELS.get(role.lower())
    if source is None:
        return role
    said = QCoreApplication.translate("Role", source)
    return role if said == source else said


def speaker_label(role: str, record: Mapping[str, object] | None) -> str:
    """``speaker_text`` with the role in the user's language: ``助手 · Seraphina``."""
    text, label = speaker_text(role, record), role_label(role)
    return label + text[len(role) :] if label != role else text


def row_speaker(discussion: Discussion | None, row: TimelineRow) -> str:
    """A row's speaker as the table, Details and the chat bubbles name it:
    the role, with the name the front end records (SillyTavern's character)
    or, without such records, the ``name`` field the message is sent with
    (OpenAI's, which the model reads: the tryout found it shown nowhere)."""
    if discussion is None or row.index is None:
        return role_label(row.role)
    transcript = discussion.transcript
    records = transcript.records
    record = records[row.index] if row.index < len(records) else None
    if record is None and row.index < len(transcript.messages):
        record = transcript.messages[row.index]
    return speaker_label(row.role, record)


def row_heading(discussion: Discussion | None, row: TimelineRow) -> str:
    """``#3 · 助手 · Seraphina``: a row named as Details heads it (and the
    time dialog asks about it), hidden characters shown."""
    number = row.index if row.index is not None else row.position
    role = visible_text(row_speaker(discussion, row)) or QCoreApplication.translate(
        "DetailPane", "file entry"
    )
    return f"#{number} · {role}"


def status_label(status: Status) -> str:
    """A row status in the user's language."""
    return QCoreApplication.translate("TimelineStatus", STATUS_LABELS[status])


def status_word(status: Status, own_time: bool | None = None) -> str:
    """The Status column's first word, the one place it is chosen (the table,
    its tooltip, Details' heading and the column's fitting say it so):
    ``status_label``, or where the style shows the transcript's own times
    (``own_time`` not None: ``shows_own_times``) whether the message carries
    one, for a message the timestamp file's status was said of."""
    if own_time is None or status not in FILE_STATUSES:
        return status_label(status)
    return QCoreApplication.translate("TimelineStatus", OWN_TIME_LABELS[own_time])


def time_missing(status: Status, own_time: bool | None = None) -> bool:
    """Whether the row's Status word tells of a time missing (warning ink):
    untracked, or with the style showing the transcript's own times
    (``status_word``) a message without one. "untracked" in orange on every
    row of a Free Anima log in CST read as data missing where every time
    shown is the log's own (issue 31)."""
    if own_time is None or status not in FILE_STATUSES:
        return status is Status.UNTRACKED
    return not own_time


def flag_label(flag: Flag, other_times: bool = False) -> str:
    """A row flag in the user's language; ``other_times``: the style shown is
    not the stored times' (``shows_other_times``), and a flag judged on those
    says so."""
    source = STORED_FLAG_LABELS.get(flag, FLAG_LABELS[flag]) if other_times else FLAG_LABELS[flag]
    return QCoreApplication.translate("TimelineStatus", source)


def status_cell(
    row: TimelineRow,
    flags: frozenset[Flag] | None = None,
    other_times: bool = False,
    held: str = "",
    own: bool = False,
) -> str:
    """The status column's text: the status, where its time is when not in
    the timestamp file at its place (``held``: ``held_word``), then its flags
    (sorted by code; ``flags``: the discussion's, ``Discussion.flags``, which
    add "future" to the join's ``row.flags``; ``other_times``: as ``flag_label``;
    ``own``: the style shows the transcript's own times, ``status_word``, and
    the timestamp file's whereabouts are not what the column says then)."""
    shown = row.flags if flags is None else flags
    word = status_word(row.status, row.own_time is not None if own else None)
    words = [word, *([held] if held and not own else [])]
    return cell_list([*words, *(flag_label(f, other_times) for f in sorted(shown))])


def held_word(held: Held, path: Path | None, store: Path | None) -> str:
    """Where a stored time is, said in the Status column beside "tracked"
    when the timestamp file at its place does not hold it (``HeldTimes``, the
    rule Details and the status bar say it by: issue 29, after ``rm
    timestamps.json`` they said "not on disk" and the column "tracked");
    "" when it does. A file made anew that has the message at another time
    "differs on disk", as the banner counts it (tryN M1: "not on disk" on
    every row beside "16 of the times shown differ from it"). A file moved
    is named as the status bar names it: by its name beside the old place,
    by its folder elsewhere."""
    if held is Held.FILE:
        return ""
    if held is Held.EDITED:
        return QCoreApplication.translate("TimelineStatus", "unsaved edit")
    if held is Held.DIFFERS:  # the file made anew has this message at another time
        return QCoreApplication.translate("TimelineStatus", "differs on disk")
    if held is Held.WINDOW or path is None:
        return QCoreApplication.translate("TimelineStatus", "not on disk")
    if store is not None and path.parent == store.parent:
        return fill(QCoreApplication.translate("TimelineStatus", "only in %1"), path.name)
    return fill(QCoreApplication.translate("TimelineStatus", "in the moved folder %1"), path.parent.name)


class HeldSource(Protocol):
    """What tells the table where each stored time is on disk (the open
    discussion's session): its rule, and the signals after which it may differ."""

    changed: SignalInstance
    goneChanged: SignalInstance
    dirtyChanged: SignalInstance

    def held_times(self) -> HeldTimes: ...


def gap_facts(
    discussion: Discussion | None, style: Style, number: int, units: GapUnits
) -> tuple[str, int | None, str]:
    """Row ``number``'s gap as the Gap column says it in ``style``, the
    number (#) of the message it is measured from (None: none), and why it
    goes back in time when no flag says so (else ""). The Gap cell's tooltip
    and Details both tell it: under a filter the message measured from may be
    hidden, and only a tooltip, no key, named it (tryout)."""
    if discussion is None:
        return "", None, ""
    gaps = discussion.gaps_for(style)
    delta = gaps[number] if 0 <= number < len(gaps) else None
    gap = gap_text(delta, units, minutes_only=minute_precision(style))
    origin = discussion.gap_origin(style, number) if gap else None
    if origin is None:
        return gap, None, ""
    timeline = discussion.timeline
    before = timeline.row(origin)
    shown = before.index if before.index is not None else before.position
    back = ""
    if delta is not None and delta.total_seconds() < 0 and Flag.OUT_OF_ORDER not in timeline.flags[number]:
        back = _why_back(before, shown)
    return gap, shown, back


def gap_precision_note(style: Style) -> str:
    """What a Gap measured between times shown to the minute says of itself
    (``minute_precision``), else "": the same two messages read "15 h 52 min"
    in the absolute style and "15 h 53 min" in CST, with nothing saying why
    (issue 31). The Gap cell's tooltip, the header's and Details say it."""
    if not minute_precision(style):
        return ""
    return QCoreApplication.translate(
        "TimelineTableModel",
        "to the minute, between the times shown: CST times have no seconds, so a gap can read "
        "a minute more or less than in the other styles",
    )


def _why_back(before: TimelineRow, shown: int) -> str:
    """Why a time the next request would store goes back with no stored
    time out of order to flag: the message before it takes the time of a
    newer one with the same content (the middleware keeps one time per
    content). ooba_2025_tools' #3 read "≈ 03:50:02", gap −3 s, with no
    flag and no reason (tryout): its #2, an empty tool call, shares #6's."""
    if Flag.SHARED_HASH in before.flags:
        return fill(
            QCoreApplication.translate(
                "TimelineTableModel",
                "back in time: #%1 has the same content as a newer message and takes its time "
                "(shared-hash), later than this one's",
            ),
            shown,
        )
    earlier = QCoreApplication.translate("TimelineTableModel", "back in time: earlier than #%1's time")
    return fill(earlier, shown)


class ItemRole(IntEnum):
    """Custom data roles, so proxies and views never reach into the engine."""

    ROW = Qt.ItemDataRole.UserRole + 1  # the TimelineRow
    STATUS = Qt.ItemDataRole.UserRole + 2  # Status value
    ROLE = Qt.ItemDataRole.UserRole + 3  # lower-cased message role
    FLAGS = Qt.ItemDataRole.UserRole + 4  # frozenset of Flag values


class TimelineTableModel(ReadOnlyTableModel):
    # the words the Status column may show of where times are changed (a file gone,
    # moved, back; edits made or saved): the column is fitted to them again
    heldWordsChanged = Signal()
    HEADERS = tuple(HEADERS[c] for c in Column)
    HEADER_CONTEXT = "TimelineTableModel"

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        across = orientation == Qt.Orientation.Horizontal
        if across and section == Column.TIME and role == Qt.ItemDataRole.ToolTipRole:
            # which of its texts is the middleware's and which the window's own (issue 31:
            # "(Friday, …)" in the Chinese window read as a word left untranslated)
            return self.tr(
                "Absolute and Relative: the middleware's own text, exactly as it injects it (in "
                "English), where the column has room; narrower, the window's own shorter form. "
                "CST: the time Free Anima's prefix shows. Each cell's tooltip and Details have "
                "it whole."
            )
        gap = section == Column.GAP and across
        if gap and role == Qt.ItemDataRole.ToolTipRole:
            # not the row above: under a filter or a sort that is another message (tryout)
            said = self.tr(
                "Time since the previous message of the conversation that has a time, "
                "shown or not: under a filter or a sort, not the row above (its tooltip "
                "names that message)"
            )
            note = gap_precision_note(self._style)
            return f"{said}\n{note}" if note else said
        return super().headerData(section, orientation, role)

    def __init__(self, parent: Any = None, held: HeldSource | None = None) -> None:
        """``held``: where the stored times are on disk, said in the Status
        column (the window's table); without it every time shown is the
        file's (a simulation's tables)."""
        super().__init__(parent)
        self._discussion: Discussion | None = None
        self._held_source = held
        self._held: HeldTimes | None = None  # judged once per state, asked per row painted
        self._held_plain = True  # every time shown is in the file at its place: no word to add
        if held is not None:
            held.changed.connect(self._held_changed)
            held.goneChanged.connect(self._held_changed)
            held.dirtyChanged.connect(self._held_changed)
        self._timeline: Timeline | None = None
        self._rows: Sequence[TimelineRow] = ()  # made on demand: a view makes the rows it shows
        self._style = Style.ABSOLUTE
        self._now = datetime.now()
        self._gaps: Sequence[timedelta | None] = ()
        self._flags: Sequence[frozenset[Flag]] = ()  # per row, the discussion's (``Discussion.flags``)
        self._instants: dict[int, datetime | None] = {}
        self._search: list[str] | None = None
        # per (column, descending): the timeline, gaps and simulated store (the ≈ times) a sorted
        # order was made from, and the order
        self._sorted: dict[
            tuple[Column, bool], tuple[Timeline, Sequence[timedelta | None], object, list[int]]
        ] = {}
        self._units = gap_units()  # the language is fixed for the process

    # -- engine side ---------------------------------------------------------
    @property
    def discussion(self) -> Discussion | None:
        return self._discussion

    @property
    def style(self) -> Style:
        return self._style

    @property
    def shows_other_times(self) -> bool:
        """Whether the style shown is not the stored times' (``shows_other_times``)."""
        return shows_other_times(self._discussion, self._style)

    @property
    def shows_own_times(self) -> bool:
        """Whether the Status column says where the shown time comes from (``shows_own_times``)."""
        return shows_own_times(self._discussion, self._style)

    def own_time_at(self, row: int) -> bool | None:
        """``status_word``'s ``own_time`` for row ``row``: None unless ``shows_own_times``."""
        return self._rows[row].own_time is not None if self.shows_own_times else None

    @property
    def now(self) -> datetime:
        return self._now

    @property
    def flags(self) -> Sequence[frozenset[Flag]]:
        """Per row, its flags as every view shows them (the join's, and
        "future" against the discussion's now), for whole-column readers."""
        return self._flags

    def row_flags(self, row: int) -> frozenset[Flag]:
        """Row ``row``'s flags as shown (``flags``)."""
        return self._flags[row] if row < len(self._flags) else self._rows[row].flags

    def _held_changed(self, *_args: object) -> None:
        """The session's state changed: where the times are is judged again
        (once, not per row), and the Status cells are painted again from it,
        lazily (a ``dataChanged`` over the column: a view asks for the rows it shows)."""
        source = self._held_source
        if source is None:
            return
        before, held = self._held, source.held_times()
        if before is not None and _same_held(before, held):
            return
        words_before, plain_before = self._held_words(), self._held_plain
        self._held = held
        self._held_plain = held.kinds == {Held.FILE}
        if self._rows and not (plain_before and self._held_plain):  # the usual state: no cell differs
            bottom = self.index(len(self._rows) - 1, Column.STATUS)
            self.dataChanged.emit(self.index(0, Column.STATUS), bottom)
        if self._held_words() != words_before:
            self.heldWordsChanged.emit()

    def _held_words(self) -> set[str]:
        """Every word ``held_word`` may give now (``HeldTimes.kinds``)."""
        held = self._held
        if held is None or self._held_plain:
            return set()
        moved = held.moved if held.moved is not None else held.store
        return {held_word(kind, moved, held.store) for kind in held.kinds} - {""}

    def row_held(self, row: TimelineRow) -> tuple[Held, Path | None]:
        """Where ``row``'s stored time is on disk (``HeldTimes``), and the file that holds it."""
        held = self._held
        if held is None or self._held_plain or not row.has_entry:
            return Held.FILE, None
        return held(row.hash)

    def held_cell_word(self, row: TimelineRow) -> str:
        """Where ``row``'s stored time is, as its Status cell says it ("": in the file)."""
        kind, path = self.row_held(row)
        return held_word(kind, path, self._held.store if self._held is not None else None)

    def status_texts(self, held: bool = True) -> set[str]:
        """Every Status text the rows show, each once: what the column is
        fitted to. A sample of rows (``fitted_width``) missed a row deep in a
        long chat with more flags than any sampled, and it read "tracked +2"
        at 1920x1080 (issue 31). ``held`` False: without where the times are
        (the steady texts, whatever the state of the files). One pass over the columns, a few distinct
        (status, flags) pairs worded: no row objects are made."""
        timeline = self._timeline
        if timeline is None:
            return set()
        flags = self._flags if len(self._flags) == len(timeline.statuses) else timeline.flags
        other = self.shows_other_times
        # where times are, as ``held_word`` may say it: every word the state allows
        # (``HeldTimes.kinds``), never judged per row (100k rows: one per key);
        # with the style on the transcript's own times, whether each has one (``status_word``)
        own_style = self.shows_own_times
        words = [""] if own_style or not held else ["", *sorted(self._held_words())]
        owns = (t is not None for t in timeline.own_times) if own_style else repeat(None)
        return {
            cell_list(
                [
                    status_word(status, own),
                    *([word] if word else []),
                    *(flag_label(f, other) for f in sorted(shown)),
                ]
            )
            for status, shown, own in set(
                zip(timeline.statuses, flags, owns, strict=False)
            )  # owns: maybe endless
            for word in (words if status is not Status.UNTRACKED else [""])
        }

    @property
    def timeline(self) -> Timeline | None:
        """The shown timeline's columns, for whole-column readers (filter, strip)."""
        return self._timeline

    def set_discussion(self, discussion: Discussion | None) -> bool:
        """Show ``discussion``. When its timeline is the shown one grown by
        rows after it (the middleware appended a request), the new rows are
        inserted and the changed ones updated, so selection and scroll
        position stay; anything else resets the model. Returns whether the
        rows shown before are still the same rows (no reset)."""
        earlier = self._timeline
        timeline = discussion.timeline if discussion else None
        differing = None
        if timeline is not None and earlier is not None and self._discussion is not None:
            differing = () if timeline is earlier else growth_of(timeline, earlier)
        if differing is None:
            self.beginResetModel()
            self._adopt(discussion, timeline)
            self.endResetModel()
            return False
        assert timeline is not None and earlier is not None
        old_count, count = len(earlier.hashes), len(timeline.hashes)
        if count > old_count:
            self.beginInsertRows(QModelIndex(), old_count, count - 1)
            self._adopt(discussion, timeline)
            self.endInsertRows()
        else:
            flags = self._flags
            self._adopt(discussion, timeline)
            if flags is not self._flags:  # another now: other times may lie after it
                self.dataChanged.emit(self.index(0, Column.STATUS), self.index(old_count - 1, Column.STATUS))
        if differing:  # their values, and the gap of the rows after them
            self.dataChanged.emit(self.index(differing[0], 0), self.index(old_count - 1, len(Column) - 1))
        self._time_column_changed()  # an untracked row's simulated time moves with the new messages
        return True

    def _adopt(self, discussion: Discussion | None, timeline: Timeline | None) -> None:
        self._discussion = discussion
        self._timeline = timeline
        self._rows = timeline.rows if timeline is not None else ()
        self._instants = {}
        self._search = None
        self._flags = discussion.flags if discussion is not None else ()
        self._gaps = discussion.gaps_for(self._style) if discussion else ()  # made on the loading thread

    def set_style(self, style: Style) -> None:
        if style is not self._style:
            other = (self.shows_other_times, self.shows_own_times)
            self._style = style
            self._time_column_changed()
            # "out-of-order (stored time)", "time in message"
            if other != (self.shows_other_times, self.shows_own_times) and self._rows:
                bottom = self.index(len(self._rows) - 1, Column.STATUS)
                roles = [
                    Qt.ItemDataRole.DisplayRole,
                    Qt.ItemDataRole.ToolTipRole,
                    Qt.ItemDataRole.ForegroundRole,
                    Qt.ItemDataRole.FontRole,
                    Qt.ItemDataRole.AccessibleTextRole,
                ]
                self.dataChanged.emit(self.index(0, 0), bottom.siblingAtColumn(len(Column) - 1), roles)
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, Column.GAP, Column.GAP)  # its note
            gaps = self._discussion.gaps_for(style) if self._discussion else ()
            if gaps is not self._gaps:  # CST measures between the transcript's own times
                self._gaps = gaps
                if self._rows:
                    bottom = self.index(len(self._rows) - 1, Column.GAP)
                    self.dataChanged.emit(self.index(0, Column.GAP), bottom, [Qt.ItemDataRole.DisplayRole])

    def set_now(self, now: datetime) -> None:
        self._now = now
        if self._style is Style.RELATIVE:
            self._time_column_changed()

    def _time_column_changed(self) -> None:
        if self._rows:
            top = self.index(0, Column.TIME)
            bottom = self.index(len(self._rows) - 1, Column.TIME)
            self.dataChanged.emit(top, bottom, [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole])

    def row_at(self, row: int) -> TimelineRow:
        return self._rows[row]

    def _value(self, row: int) -> tuple[object | None, bool]:
        """The row's stored value, or for an untracked message the value the
        next request would store (flagged as simulated)."""
        item = self._rows[row]
        if item.stored is not None or item.status is not Status.UNTRACKED or self._discussion is None:
            return item.stored, False
        simulated = self._discussion.simulation.store
        return (simulated.get(item.hash), True) if item.hash in simulated else (None, False)

    def instant(self, row: int) -> datetime | None:
        """The row's aware instant (CST style, strip), computed once on demand."""
        if row not in self._instants:
            item = self._rows[row]
            assert self._discussion is not None
            _value, simulated = self._value(row)
            stored_time = item.time if not simulated else self._discussion.simulation.store.parsed(item.hash)
            self._instants[row] = message_instant(
                item.own_time,
                stored_time,
                self._discussion.transcript.has_own_times,
                self._discussion.options,
            )
        return self._instants[row]

    def time_string(self, row: int, style: Style | None = None) -> str:
        """The time column's text; ``≈`` marks a time only the next request would store."""
        assert self._discussion is not None
        style = style or self._style
        value, simulated = self._value(row)
        # the aware instant only for the style that shows it: localising it
        # (dateutil) was most of a cell's cost, 0.14 s for the sample that
        # sizes the column when 100k rows open
        instant = self.instant(row) if style is Style.CST else None
        own = self._discussion.transcript.has_own_times and style is Style.CST
        # a value that is not text is shown as such, unless CST shows the transcript's own time
        entry = (simulated or self._rows[row].has_entry) and not own
        text = time_text(value, instant, style, self._now, self._discussion.options, entry=entry)
        return f"≈ {text}" if simulated and text and not own else text

    # -- Qt side -------------------------------------------------------------
    def row_count(self) -> int:
        return len(self._rows)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        return self.cell(index.row(), index.column(), role)

    def cell(self, number: int, column_number: int, role: int) -> Any:
        """``data()`` without a QModelIndex: the proxy calls this directly, one
        Python call per role instead of two (matters while a worker holds the GIL)."""
        if not 0 <= number < len(self._rows):
            return None
        row = self._rows[number]
        column = Column(column_number)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(number, row, column)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self._display(number, row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(number, row)
        if role == COPY_ROLE:  # the hash and message whole, as Copy takes them
            return self.copy_cell(number, column)
        if role == Qt.ItemDataRole.ForegroundRole:
            if column is Column.SPEAKER:
                return colours.text_ink(colours.role_colour(row.role))
            if column is Column.STATUS and (
                time_missing(row.status, self.own_time_at(number))
                or (not self.shows_own_times and self.row_held(row)[0] in (Held.WINDOW, Held.DIFFERS))
            ):
                return colours.text_ink(colours.WARNING)
            return None
        if role == Qt.ItemDataRole.FontRole:
            if column is Column.HASH:
                font = QFont("monospace")
                font.setStyleHint(QFont.StyleHint.Monospace)
                return font
            # italic: a time the next request would store (≈), not one the transcript carries
            if row.status is Status.UNTRACKED and not self.shows_own_times:
                font = QFont()
                font.setItalic(True)
                return font
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (Column.INDEX, Column.GAP):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == ItemRole.ROW:
            return row
        if role == ItemRole.STATUS:
            return row.status.value
        if role == ItemRole.ROLE:
            return row.role.lower()
        if role == ItemRole.FLAGS:
            return self.row_flags(number)
        return None

    def _display(self, number: int, row: TimelineRow, column: Column) -> str:
        if column is Column.INDEX:
            return str(row.index if row.index is not None else row.position)
        if column is Column.SPEAKER:
            return visible_text(row_speaker(self._discussion, row)) or "—"
        if column is Column.TIME:
            return self.time_string(number)
        if column is Column.GAP:
            return gap_text(self._gaps[number], self._units, minutes_only=minute_precision(self._style))
        if column is Column.STATUS:
            return status_cell(
                row,
                self.row_flags(number),
                self.shows_other_times,
                self.held_cell_word(row),
                self.shows_own_times,
            )
        if column is Column.HASH:
            return row.hash[:12]
        return visible_text(first_line(row.content, CONTENT_PREVIEW_CHARS))

    def copy_cells(self, number: int) -> list[str]:
        """The row's values whole, for Copy: the full hash and message, the
        time as shown (in the current style), no marker of any kind."""
        return [self.copy_cell(number, c) for c in Column]

    def copy_cell(self, number: int, column: Column) -> str:
        """One of ``copy_cells``: what ``COPY_ROLE`` gives."""
        row = self._rows[number]
        if column is Column.SPEAKER:
            return row_speaker(self._discussion, row)
        if column is Column.HASH:
            return row.hash
        if column is Column.CONTENT:
            return row.content
        return self._display(number, row, column)

    def _tooltip(self, number: int, row: TimelineRow) -> str:
        role = row_speaker(self._discussion, row) if row.role else self.tr("entry")
        # the Status and Gap cells' whole texts: a narrow column cuts them (tryout)
        cell = status_cell(
            row,
            self.row_flags(number),
            self.shows_other_times,
            self.held_cell_word(row),
            self.shows_own_times,
        )
        lines = [f"{role} · {cell}"]
        when = self.time_string(number)
        if when:
            lines.append(when)
            said = self._time_said(when)
            if said:
                lines.append(said)
        gap, since, back = gap_facts(self._discussion, self._style, number, self._units)
        if since is not None:
            # the previous message of the conversation, which a filter may hide (tryout)
            lines.append(fill(self.tr("gap: %1 since #%2, the previous message with a time"), gap, since))
            if back:
                lines.append(back)
        elif gap:
            lines.append(self.tr("gap: %1").replace("%1", gap))
        if gap and (note := gap_precision_note(self._style)):
            lines.append(note)
        if row.content:
            lines.append(row.content)  # plain_tooltip cuts it and shows its controls
        return colours.plain_tooltip("\n".join(lines))

    def _time_said(self, when: str) -> str:
        """What the time line of a cell's tooltip is: the middleware's text
        exactly (English in every language: it is what the model reads), a
        time only the next request would store, or nothing to add (CST's
        label, a value that is no text). It read "(local, zone unknown)",
        in English in the Chinese window, for relative times too (issue 31)."""
        if when.startswith("≈"):
            return self.tr("untracked: the next request would store this time")
        if when.startswith(NOT_TEXT_MARK) or self._style is Style.CST:
            return ""
        if self._style is Style.RELATIVE:
            return self.tr("the middleware's own text, exactly as it would inject it now (in English)")
        return self.tr(
            "the middleware's own text, exactly as it stores and injects it (in English), on its clock"
        )

    # -- for the filter proxy: plain Python over engine rows, no Qt per row ----
    def search_text(self, row: int) -> str:
        """What the text filter matches: content, hash and role (raw and as
        shown), lower-cased (made once)."""
        if self._search is None:
            timeline = self._timeline
            roles = _shown_roles(timeline.roles) if timeline is not None else {}
            self._search = (
                []
                if timeline is None
                else [
                    f"{content}\n{digest}\n{roles[role]}".lower()
                    for content, digest, role in zip(
                        map(timeline.sentinels.restore, timeline.raw_contents),
                        timeline.hashes,
                        timeline.roles,
                        strict=True,
                    )
                ]
            )
        return self._search[row]

    def sorted_rows(self, column: Column, descending: bool = False) -> list[int]:
        """Every row, sorted by ``column`` (stable: equal keys in row order,
        either way), made once per column, direction and timeline, then
        reused by every sort (read-only by contract). Orders are kept, not
        keys: a list of ints is 0.8 MB at 100k, the content column's keys
        the whole text again. A filtered view keeps the accepted rows of it,
        which is the order sorting them alone would give."""
        timeline = self._timeline
        if timeline is None:
            return []
        made = self._sorted.get((column, descending))
        simulated = self._discussion.simulation.store if self._discussion is not None else None
        if made is not None and made[0] is timeline and made[1] is self._gaps and made[2] is simulated:
            return made[3]
        keys = self.sort_keys(column)
        order = sorted(range(len(keys)), key=keys.__getitem__, reverse=descending)
        self._sorted[column, descending] = (timeline, self._gaps, simulated, order)
        return order

    def sort_keys(self, column: Column) -> list[Any]:
        """One comparable key per row for sorting by ``column``; stable for equal keys.

        Times sort by their real order (untimed rows first), not as text.
        Read from the timeline's columns: no row objects are made."""
        timeline = self._timeline
        if timeline is None:
            return []
        return self._make_sort_keys(timeline, column)

    def _make_sort_keys(self, timeline: Timeline, column: Column) -> list[Any]:
        if column is Column.INDEX:
            return list(timeline.positions)
        if column is Column.TIME:  # an untracked row by the time it shows: the one the next request stores
            times = self._discussion.next_times if self._discussion is not None else timeline.times
            return [(t - datetime.min).total_seconds() if t else float("-inf") for t in times]
        if column is Column.GAP:
            return [g.total_seconds() if g is not None else float("-inf") for g in self._gaps]
        if column is Column.SPEAKER:  # as shown: 用户 sorts among the labels it is shown with
            labels = {role: role_label(role).lower() for role in set(timeline.roles)}
            return [labels[role] for role in timeline.roles]
        if column is Column.STATUS:
            # one key per distinct (status, flags): most rows share a handful; by the word
            # shown first where that says whether the message carries its time (``status_word``)
            made: dict[tuple[Status, frozenset[Flag], bool | None], tuple[str, str, list[str]]] = {}

            def key(status: Status, flags: frozenset[Flag], own: bool | None) -> tuple[str, str, list[str]]:
                found = made.get((status, flags, own))
                if found is None:
                    word = "" if own is None or status not in FILE_STATUSES else str(int(own))
                    found = made[status, flags, own] = (word, status.value, sorted(f.value for f in flags))
                return found

            owns = [t is not None for t in timeline.own_times] if self.shows_own_times else repeat(None)
            return list(map(key, timeline.statuses, self._flags or timeline.flags, owns))
        if column is Column.HASH:
            return list(timeline.hashes)
        return [timeline.sentinels.restore(c).lower() for c in timeline.raw_contents]


def _same_held(one: HeldTimes, other: HeldTimes) -> bool:
    """Whether two judgements of where the times are would say the same of
    every key: the same stores shown (by identity: comparing them is a walk
    over every key) and the same state of the file."""
    return (
        one.read is other.read
        and one.working is other.working
        and one.apart is other.apart
        and one.differ is other.differ
        and (one.store, one.edited, one.gone, one.moved)
        == (other.store, other.edited, other.gone, other.moved)
    )


def _shown_roles(roles: Sequence[str]) -> dict[str, str]:
    """Each distinct role as the filter matches it: raw, and its label when that differs."""
    words = {}
    for role in set(roles):
        label = role_label(role)
        words[role] = role if label == role else f"{role}\n{label}"
    return words


def status_counts(discussion: Discussion | None) -> dict[str, int]:
    """Counts the status bar shows (``Discussion.counts``: made on the worker)."""
    return {} if discussion is None else discussion.counts


# the columns fitted to their texts (Content stretches; Hash comes after it)
FITTED_COLUMNS = (Column.INDEX, Column.SPEAKER, Column.TIME, Column.GAP, Column.STATUS, Column.HASH)


def _gap_floor() -> str:
    """What a squeezed Gap keeps whole: a sign and a first unit, in the
    language shown (``gap_units``). As "00 min…" in Latin letters it was
    narrower than a Chinese unit, and "15 小时 53 分" read "1……" (tryout,
    issue 31); without room for the sign, "−3 s" read "−3…" and "−1 min 1
    s" "−1…n…" (tryout, issue 31)."""
    widest = max(gap_units(), key=len)
    return f"−00 {widest}…"


# what a squeezed Time column keeps whole, in every style, its mark too: a date with its year
# (without, "03-01 09:00:52" read as this year's in a discussion spanning 2024 to 2027) and
# its clock to the second ("2025-09-12 18:00" five times beside a Gap of "1 s"), a CST label to
# the minute ("2025-09-13T00…" for 00:03 and 00:05), a relative time's units ("442d… ago" for
# 18 h 9 min and 19 h 48 min): cut shorter, rows with different times read alike (issue 31)
TIME_FLOOR = ("≈ 0000-00-00 00:00:00", "≈ 0000-00-00T00:00", "≈ 0000d 00h 00min ago")

# the columns that give Content its share in a narrow window, first given first, and the
# characters (or the text) each keeps (Details shows them whole); a time keeps its shortest
# whole form (``TIME_FLOOR``); a gap is cut after a whole unit ("6 d…", not "6 d 1…")
SQUEEZED_COLUMNS: tuple[tuple[Column, Floor], ...] = (
    (Column.SPEAKER, 8),
    (Column.TIME, TIME_FLOOR),
    (Column.STATUS, lambda: _status_floor(None)),
    (Column.GAP, _gap_floor),
)
# (a gap keeps room for its first unit whole: at six characters "3 min 6 s" read "3……")
# Status and Gap, short values whose cut says less ("17 min…", "tracked,…"), give way last:
# Content (to ``CONTENT_LEAST_SHARE``), Speaker and Time go first (tryout)
# Status keeps its word whole and how many flags follow ("tracked +1", ``ItemsElide``):
# at eight characters it read "tracked, out-of-or…" in the smallest window (tryout)


def _status_floor(table: QTableView | None) -> str:
    """What a squeezed Status keeps: its longest first word whole and how
    many flags follow ("untracked +9"); with the style on the transcript's
    own times, "no time in message +9" (``status_word``)."""
    if table is not None and _source(table).shows_own_times:
        word = max((status_word(Status.UNTRACKED, own) for own in (True, False)), key=len)
    else:
        word = status_label(Status.UNTRACKED)
    return items_more(word, 9)


def _source(table: QTableView) -> TimelineTableModel:
    """The timeline model under ``table``'s proxies."""
    model = table.model()
    while isinstance(model, QAbstractProxyModel):
        model = model.sourceModel()
    assert isinstance(model, TimelineTableModel)
    return model


def _this_year(table: QTableView) -> int:
    """The discussion's current year (its now: the demo's is pinned), for
    the Time column: a time drops its year only when all are of it."""
    model = table.model()
    while isinstance(model, QAbstractProxyModel):
        model = model.sourceModel()
    now = model.now if isinstance(model, TimelineTableModel) else datetime.now()
    return now.year


def timeline_column_widths(table: QTableView, settings: QSettings) -> ColumnWidths:
    """The timeline table's column widths: which columns fit their texts,
    which one stretches, which give way first: one place for the table's
    shape, beside its columns."""
    widths = ColumnWidths(
        table,
        settings,
        FITTED_COLUMNS,
        Column.CONTENT,
        after=(Column.HASH,),
        squeeze=tuple(
            (column, (lambda: _status_floor(table)) if column is Column.STATUS else floor)
            for column, floor in SQUEEZED_COLUMNS
        ),
        cut_times=(Column.TIME,),
        this_year=lambda: _this_year(table),
        cut_units=(Column.GAP,),
        cut_items=(Column.STATUS,),
        all_texts={Column.STATUS: lambda: _source(table).status_texts()},
        steady_texts={Column.STATUS: lambda: _source(table).status_texts(held=False)},
    )
    # "tracked, not on disk" once the file is deleted: fitted whole, not "tracked +1" (issue 29)
    _source(table).heldWordsChanged.connect(lambda: widths.fit(Column.STATUS))
    return widths

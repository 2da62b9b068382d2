"""The states of a timestamp file's history as table rows: when, which request, and what changed."""

from __future__ import annotations

from datetime import tzinfo
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, Qt

from ...core.history import FileHistory, StateChange, clock_time, said_on_clock, zone_label
from ...core.store import PLACEHOLDER_KEY
from ...core.words import History
from ...core.zones import machine_zone_name
from ..widgets.colours import plain_tooltip
from ..wording import entries_meaning, fill, machine_clock_words, number, say
from .base import COPY_ROLE, FREE_TEXT_ROLE, AnyIndex, ReadOnlyTableModel

HEADERS = (
    QT_TRANSLATE_NOOP("HistoryModel", "State"),
    # a request's arrival (the recorder's copy), or when a backup's state was
    # written: never when a save set it aside (that read as the state's time)
    # (the cell names where the state comes from, then that time: a header "Current at" over
    # "state 0 (timestamps.json.bak-…, 23:24:19)" promised a time alone)
    # (tryN R2: "Source (current at, UTC+2)" read as a riddle; each header's tooltip says more)
    QT_TRANSLATE_NOOP("HistoryModel", "File and its time"),
    QT_TRANSLATE_NOOP("HistoryModel", "Entries"),
    QT_TRANSLATE_NOOP("HistoryModel", "Added"),
    QT_TRANSLATE_NOOP("HistoryModel", "Changed"),
    QT_TRANSLATE_NOOP("HistoryModel", "Removed"),
    QT_TRANSLATE_NOOP("HistoryModel", "Placeholder"),
    QT_TRANSLATE_NOOP("HistoryModel", "By hand"),
)


# what each column means, its header's tooltip (the Entries column's is ``entries_meaning``),
# in words a new user follows (tryN R2); the text under the table says the selected state's
HEADER_TIPS = {
    0: QT_TRANSLATE_NOOP("HistoryModel", "The file's states, oldest first: 0 is the oldest kept."),
    1: QT_TRANSLATE_NOOP(
        "HistoryModel",
        "Where this state of the file is kept (a backup, a recorder's copy, or the file itself) and when it "
        "became current: the request it arrived with, or when that file was written.",
    ),
    3: QT_TRANSLATE_NOOP("HistoryModel", "Entries this state has that the state before did not."),
    4: QT_TRANSLATE_NOOP("HistoryModel", "Entries whose stored time differs from the state before."),
    5: QT_TRANSLATE_NOOP("HistoryModel", "Entries the state before had that this one has not."),
    6: QT_TRANSLATE_NOOP(
        "HistoryModel",
        "The reply's placeholder: the time a reply started, kept until the reply is stored. Given to: the "
        "reply that took its time; dropped: removed unused (the reply already had a time); set: a new "
        "reply started.",
    ),
    7: QT_TRANSLATE_NOOP(
        "HistoryModel",
        "Entries no recorded request and no save of Timeline Inspector explains: changed by hand or by "
        "another program. Up to N: after a save of ours the file was written again without a backup, so "
        "at most N were.",
    ),
}


def _count(items: tuple[tuple[Any, ...], ...]) -> int:
    """Entries of a change, the placeholder aside (it has its own column)."""
    return sum(1 for item in items if item[0] != PLACEHOLDER_KEY)


class HistoryModel(ReadOnlyTableModel):
    """One row per state, oldest first; the numbers say what changed since the state before."""

    HEADERS = HEADERS
    HEADER_CONTEXT = "HistoryModel"

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.history: FileHistory | None = None
        # the discussion's clock: the times are listed on it, as the strip places them
        self.zone: tzinfo | None = None
        self.zone_known = True  # else the zone is this machine's (``core.discussion.zone_known``)
        self.later: tuple[bool, ...] = ()  # per state, later than "now" (``FileHistory.after``)
        # the "#" of the message each consumed placeholder went to (``placeholder_messages``)
        self.numbers: dict[str, int] = {}
        # the number of the request they count by when not the one ``history`` counts by
        # (``FileHistory.numbered_apart``): said beside them
        self.numbered_apart: int | None = None

    def set_history(
        self,
        history: FileHistory | None,
        zone: tzinfo | None = None,
        numbers: dict[str, int] | None = None,
        *,
        known: bool = True,
        apart: int | None = None,
    ) -> None:
        """Show ``history`` on ``zone``'s clock (``known``: the discussion's,
        else this machine's, the header says so); ``numbers``: the messages its
        placeholders went to, by the open transcript's "#" (None: by its own
        newest request's, ``FileHistory.placeholder_messages``); ``apart``:
        the number of the request those count by, when not the newest."""
        self.beginResetModel()
        self.history = history
        self.zone = zone
        self.zone_known = known
        self.later = ()
        if numbers is None:
            numbers = history.placeholder_messages() if history is not None else {}
        self.numbers = numbers
        self.numbered_apart = apart
        self.endResetModel()

    def set_later(self, later: tuple[bool, ...]) -> None:
        """Which states are after "now": their Source cell says so (a state
        drawn after a pinned "now" was said as any other, tryout), as arrived
        or written after it, not in the word of the "future" flag, which
        calls a stored time later than the clock (a file's write time is no
        stored time)."""
        if later != self.later:
            self.later = later
            if self.row_count():
                self.dataChanged.emit(self.index(0, 1), self.index(self.row_count() - 1, 1))

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """The times' column names the clock it lists them on (tryout: UTC here, +02:00 on the strip);
        the Entries header says what it counts (as the Discussions dock's does)."""
        if orientation == Qt.Orientation.Horizontal and section == 2 and role == Qt.ItemDataRole.ToolTipRole:
            return plain_tooltip(entries_meaning())
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            tip = HEADER_TIPS.get(section)
            return plain_tooltip(self.tr(tip)) if tip is not None else None
        if (
            section == 1
            and orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and self.zone is not None
        ):
            last = self.history.states[-1].when if self.history and self.history.states else None
            label = zone_label(self.zone, last)
            if not self.zone_known:  # as ``wording.offset_said``: "UTC+0" claimed a zone (issue 31)
                return fill(
                    self.tr("File and its time (%1)"),
                    fill(machine_clock_words(), label, machine_zone_name() or ""),
                )
            return fill(self.tr("File and its time (%1)"), label)
        return super().headerData(section, orientation, role)

    def row_count(self) -> int:
        return len(self.history.states) if self.history is not None else 0

    def change(self, row: int) -> StateChange | None:
        """What led to state ``row`` (None: the first state, or no such row)."""
        if self.history is None or not 0 < row < len(self.history.states):
            return None
        return self.history.changes[row - 1]

    def _placeholder_said(self, change: StateChange | None, whole: bool = False) -> str | None:
        """What became of the placeholder: the hash it was given to cut to
        fit, or ``whole`` (what Copy takes)."""
        if change is None:
            return None if whole else ""
        words = []
        if change.placeholder_consumed:
            # and the message, as Simulate names it ("#16"), when the newest request sends it
            number = self.numbers.get(change.placeholder_to or "")
            if change.placeholder_to and number is not None:
                shown = change.placeholder_to if whole else change.placeholder_to[:12] + "…"
                if self.numbered_apart is not None:  # the window's "#", not ``history``'s (issue 31)
                    said = self.tr("given to %1 (#%2 of request %3, the one open)")
                    words.append(fill(said, shown, number, self.numbered_apart))
                else:
                    words.append(fill(self.tr("given to %1 (#%2)"), shown, number))
            elif change.placeholder_to and whole:
                words.append(fill(self.tr("given to %1"), change.placeholder_to))
            elif change.placeholder_to:
                words.append(fill(self.tr("given to %1…"), change.placeholder_to[:12]))
            else:
                words.append(self.tr("dropped"))
        if change.placeholder_set:
            words.append(self.tr("set"))
        return self.tr(", ", "between the placeholder's events").join(words)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole and index.isValid() and index.column() == 1:
            return self._when_tip(index.row())
        if role == Qt.ItemDataRole.ToolTipRole and index.isValid() and index.column() in (6, 7):
            # what "dropped, set" or "up to 7" means, where it is said (tryN R2)
            shown = self.data(index)
            return plain_tooltip(self.tr(HEADER_TIPS[index.column()])) if shown else None
        if role == FREE_TEXT_ROLE and index.isValid() and index.column() == 1 and self.history is not None:
            where = self.history.where(index.row())  # a file's name gives way, never the time
            named = where.code in (History.WHERE_STATE, History.WHERE_STATE_AT)
            return str(where.args[1]) if named else None
        if role == COPY_ROLE and index.isValid() and index.column() == 6 and self.history is not None:
            return self._placeholder_said(self.change(index.row()), whole=True)  # its hash whole
        if not index.isValid() or self.history is None or role != Qt.ItemDataRole.DisplayRole:
            if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in (0, 2, 3, 4, 5, 7):
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return None
        row, column = index.row(), index.column()
        state = self.history.states[row]
        change = self.change(row)
        if column == 0:
            return str(row)
        if column == 1:
            where = say(said_on_clock(self.history.where(row), self.zone))
            if not (row < len(self.later) and self.later[row]):
                return where
            # not the "future" flag of a stored time (a clock set wrong): a state's time is
            # when its request arrived, or when its file was written (the demo's copy, written
            # today, was "future" under the demo's pinned 2025 "now", tryout)
            if state.request is not None:
                return fill(self.tr("%1 · arrived after now", "a history state"), where)
            return fill(self.tr("%1 · written after now", "a history state"), where)
        if column == 2:
            return number(state.entries) if state.path is not None else self.tr("no file")
        if change is None:
            return ""
        if column == 3:
            return number(_count(change.added))
        if column == 4:
            return number(_count(change.changed))
        if column == 5:
            return number(_count(change.removed))
        if column == 6:
            return self._placeholder_said(change)
        if change.uncertain:  # a gap after a save of ours: at most these were by hand
            return fill(self.tr("up to %1"), len(change.unexplained) + len(change.uncertain))
        return number(len(change.unexplained)) if change.unexplained else ""

    def _when_tip(self, row: int) -> str | None:
        """What the time of state ``row`` means: it differs by where the state was kept."""
        if self.history is None or not 0 <= row < len(self.history.states):
            return None
        state = self.history.states[row]
        if state.request is not None:
            return self.tr("The file as the recorder copied it when this request arrived")
        if state.set_aside is not None:
            return fill(
                self.tr(
                    "A backup, %2: the file as written at this time, current until a save of Timeline "
                    "Inspector set it aside at %1"
                ),
                clock_time(state.set_aside, self.zone),
                state.label,
            )
        return self.tr("The file as last written at this time")

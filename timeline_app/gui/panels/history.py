"""The History panel: the open discussion's timestamp file over time, one state after the other.

Shown when a recording (the open transcript is a recorder's
``requests.jsonl``) or backups beside the file hold earlier states. The
session reads the history off the GUI thread whenever it loads; this panel
shows it. Up and Down step through the states (the strip highlights the
selected one on its time axis); the text below says what changed to reach
it, and Details tells the selected message's story from the same history.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QItemSelection, QObject, QSize, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from ...core.discussion import zone_known
from ...core.display import visible_text
from ...core.history import clock_time, placeholder_messages, request_said, said_on_clock
from ...core.pipeline import PreparedRequest
from ...core.store import PLACEHOLDER_KEY
from ...core.words import Said
from ..session import DiscussionSession
from ..tables.base import RowsView
from ..tables.column_widths import FreeTextElide
from ..tables.history import HistoryModel
from ..widgets.key_scroll import KeyScrollArea
from ..wording import Counted, fill, say

SHORT = 12  # a hash as people copy it
SHOWN_NOTES = 3  # of the history's notes, shown above its states
# the note above the states, in lines: its own scrolling place (by keys too), whole lines
# only; as tall as it wrapped, the panel outgrew the dock, which scrolled to the focused
# states and cut the note's first line at its top (tryN R4, Chinese at 1024x700)
# (two at least: the count and the first note whole at every size, as before, and the
# smallest window no taller than measured, ``test_every_size``)
NOTE_LINES, LEAST_NOTE_LINES = 3, 2
# the panel's own keys, for the shortcut list (Help): its table steps by them
HISTORY_KEYS: tuple[tuple[str, tuple[Qt.Key, ...]], ...] = (
    (QT_TRANSLATE_NOOP("HistoryPanel", "History: previous / next state"), (Qt.Key.Key_Up, Qt.Key.Key_Down)),
    (QT_TRANSLATE_NOOP("HistoryPanel", "History: first / last state"), (Qt.Key.Key_Home, Qt.Key.Key_End)),
)


class _Short:
    """A scrolling part that asks for a few lines, not Qt's 192 px: the dock's
    scroll area gives a panel with a wrapping line the height its parts ask
    for at its width (418 px in a 1024x700 window, 221 px shown), and the
    changes lay below the fold. Each scrolls by itself; the panel takes what
    the dock has."""

    LINES = 4

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()  # type: ignore[misc]
        return QSize(hint.width(), self.LINES * (self.fontMetrics().height() + 6))  # type: ignore[attr-defined]


class _StatesView(_Short, RowsView):
    LINES = 3  # states, under the header (four lines with it showed two states)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        rows = self.LINES * self.verticalHeader().defaultSectionSize()
        around = self.horizontalHeader().sizeHint().height() + self.horizontalScrollBar().sizeHint().height()
        return QSize(hint.width(), rows + around + 2 * self.frameWidth())

    def minimumSizeHint(self) -> QSize:
        # its rows, never less: the note above gives way first (it keeps whole lines and
        # scrolls by keys); with the note in its own place the list went down to 36 px
        return QSize(super().minimumSizeHint().width(), self.sizeHint().height())


class _ChangesText(_Short, QPlainTextEdit):
    LINES = 3


class HistoryPanel(Counted, QWidget):
    """The states of the open discussion's file, and what changed at the selected one."""

    def __init__(self, session: DiscussionSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._request: PreparedRequest | None = None  # the open discussion's, whose "#" History says
        self._chat: str | None = None  # the request (or chat) open, by id: the "#"s count by it
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        self.status_area = KeyScrollArea(self.status)
        self.status_area.setObjectName("historyNote")
        self.status_area.setAccessibleName(self.tr("History note"))
        self.status_area.keep_whole_lines(NOTE_LINES, LEAST_NOTE_LINES)
        self.model = HistoryModel(self)
        self.view = _StatesView()
        self.view.setObjectName("historyStates")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setTabKeyNavigation(False)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # the Source column takes what the counts leave and elides its middle (the state's
        # number and its time stay): as wide as its text, it pushed Placeholder and By hand
        # out of a 1024x700 window (tryout); never narrower than its header (``_fit_source``)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        header.sectionResized.connect(lambda column, *_: column != 1 and self._fit_source())
        self.model.headerDataChanged.connect(lambda *_: self._fit_source())
        self.model.modelReset.connect(self._fit_source)  # its states' times
        self.model.dataChanged.connect(lambda *_: self._fit_source())  # "· written after now" said
        self.view.viewport().installEventFilter(self)
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        # the file's name gives way, never the state's time (cut mid-way at the minimum, tryH R3)
        self._source_elide = FreeTextElide(self.view)
        self.view.setItemDelegateForColumn(1, self._source_elide)
        self.view.setWordWrap(False)  # one line a state: elided in its middle, not wrapped and cut
        self.changes = _ChangesText(readOnly=True)
        self.changes.setObjectName("historyChanges")
        self.changes.setTabChangesFocus(True)
        self.changes.setPlaceholderText(self.tr("Select a state to see what changed to reach it."))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.status_area)
        layout.addWidget(self.view, 3)
        layout.addWidget(self.changes, 2)
        self.view.selectionModel().selectionChanged.connect(self._selected)
        session.historyChanged.connect(self.refresh)
        session.historyStateChanged.connect(self._state_chosen)
        session.nowChanged.connect(lambda: self.model.set_later(session.history_after_now()))
        # a file changed on disk that the window does not read again (another
        # discussion's copied over it, deleted): the history shown is of before
        session.diskChecked.connect(self.refresh)
        self.refresh(session.history_state)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.view.viewport():
            self._fit_source()
        return False

    def _fit_source(self) -> None:
        """The Source column takes what the other columns leave, but never
        less than its header's text: Qt's stretching section went down to a
        sliver in the smallest window, and its header, "Source (current at,
        UTC+00:00)", was drawn over State's ("Stat" under "nt a"; in Chinese
        over 版本). Below that the table scrolls sideways, as it does for
        its cells."""
        header = self.view.horizontalHeader()
        others = sum(header.sectionSize(c) for c in range(header.count()) if c != 1)
        model = self.view.model()
        # nor than a state's time whole beside its file's name cut to "…" (states are few)
        cells = (self._source_elide.least_width(model.index(row, 1)) for row in range(model.rowCount()))
        least = max([header.sectionSizeFromContents(1).width(), *cells])
        width = max(least, self.view.viewport().width() - others)
        if header.sectionSize(1) != width:
            header.resizeSection(1, width)

    # -- showing what the session read --------------------------------------
    def refresh(self, chosen: int | None = None) -> None:
        """Show the session's history (it reads it on every load, off the GUI
        thread), the state current at "now" selected (``history_state_now``); ``chosen``: that state instead
        (the panel built after the session had one selected, on the strip or
        by ``lazy_dock.NewestState`` while the History dock was not built)."""
        session = self._session
        history = session.history
        discussion = session.discussion
        zone, source = discussion.clock if discussion is not None else (None, "machine")
        known = zone_known(source)
        request = discussion.request if discussion is not None else None
        if (
            history is not self.model.history
            or zone != self.model.zone
            or known != self.model.zone_known
            or request is not self._request
            or self._session.chat != self._chat
        ):
            self._chat = self._session.chat
            self._request = request
            # the messages the placeholders went to, by the "#" the table and Simulate give them
            numbers = (
                placeholder_messages(history.changes, request.hashes, request.kinds, request.source_indexes)
                if history is not None and request is not None
                else None
            )
            # the request opened, when not the newest ``history`` counts by: named beside the "#"
            apart = history.numbered_apart(self._session.chat) if history is not None else None
            self.model.set_history(
                history, zone, numbers, known=known, apart=apart.number if apart is not None else None
            )
            self.model.set_later(session.history_after_now())
            self.changes.setPlainText("")
            if history is not None and history.states:
                newest, now = len(history.states) - 1, session.history_state_now()
                self.view.selectRow(chosen if chosen is not None and chosen <= newest else now)
        if session.history_reading:
            self.status.setText(self.tr("Reading the history…"))
        elif session.history_error is not None:
            self.status.setText(fill(self.tr("No history: %1"), session.history_error))
        elif history is not None and not history.has_past and not history.notes:
            # the file alone: its one state's row above, and how to keep earlier ones
            # (tryout: "1 state" over an empty table); as the command line counts it
            self.status.setText(self._alone_text())
        elif history is not None:
            states, requests = len(history.states), len(history.requests)
            text = self.tr("%n state(s) of the timestamp file", "", states)
            if requests:
                text = fill(self.tr("%1, %2"), text, self.tr("%n recorded request(s)", "", requests))
            # what the history left out or cannot vouch for (a broken backup, another
            # discussion's file): said where the count is (tryout: "2 states", unsaid)
            notes = history.notes
            lines = [text, *(sentence(said_on_clock(note, zone)) for note in notes[:SHOWN_NOTES])]
            if len(notes) > SHOWN_NOTES:  # a recording with many damaged lines: the table keeps its room
                more = len(notes) - SHOWN_NOTES
                lines.append(self.tr("… and %n more note(s) (the history command lists them all)", "", more))
            if session.store_gone:  # tryout: stale and unsaid while another's file was there
                lines.insert(
                    1,
                    self.tr(
                        "The timestamp file changed on disk since: this is its history as read before "
                        "(saving or reloading reads it again)."
                    ),
                )
            self.status.setText("\n".join(lines))
        elif session.discussion is not None:
            self.status.setText(
                self.tr(
                    "No history: open a recorded request (File > Open recordings folder) or a "
                    "timestamp file with backups beside it."
                )
            )
        else:
            self.status.setText(self.tr("No discussion open."))

    def _alone_text(self) -> str:
        """The file alone, no backups: as the command line counts it ("1 state"),
        not "No history" (tryout: the two disagreed), and how to keep more."""
        return self.tr(
            "1 state of the timestamp file, no earlier ones kept: each save of Timeline "
            "Inspector keeps a backup of the file it replaces, and a recording (File > Open "
            "recordings folder) a copy with each request."
        )

    # -- the selected state ----------------------------------------------------
    def _selected(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        rows = self.view.selectionModel().selectedRows()
        self.changes.setPlainText(self.change_text(rows[0].row()) if rows else "")
        if rows:  # tryout: the selected state (the newest, after End) below the table's fold
            self.view.scrollTo(rows[0], QAbstractItemView.ScrollHint.EnsureVisible)
        if self.model.history is self._session.history:  # the strip highlights it
            self._session.select_history_state(rows[0].row() if rows else None)

    def _state_chosen(self, state: int | None) -> None:
        """A state chosen elsewhere (clicked on the strip): selected here too."""
        rows = self.view.selectionModel().selectedRows()
        if state is not None and (not rows or rows[0].row() != state) and state < self.model.rowCount():
            self.view.selectRow(state)

    def change_text(self, row: int) -> str:
        """What changed to reach state ``row``, one entry a line."""
        history = self.model.history
        if history is None:
            return ""
        change = self.model.change(row)
        zone = self.model.zone  # the discussion's clock, as the strip's

        def _at(moment: datetime) -> str:
            return clock_time(moment, zone)

        where = say(said_on_clock(history.where(row), zone))
        state = history.states[row]
        lines = []
        mark = self.tr(" (by no recorded request: by hand or another program)")
        # what the middleware never does (``StateChange.beyond_middleware``): never offered as its
        beyond = set(change.beyond_middleware) if change is not None else set()
        beyond_mark: str | None = None  # said apart only after a gap; else as the others
        by = (
            # the requests by their own numbers: a state left out (a broken copy) makes a
            # state's number differ from its request's (state 3 was named as request 4)
            self.tr(", ", "between requests").join(
                say(said_on_clock(request_said(r), zone)) for r in change.by
            )
            if change
            else ""
        )
        remade = change.remade if change is not None else None
        anew_keys = (set(change.remade_keys) | {k for k, _ in change.removed}) if change and remade else set()
        touched = (
            {k for k, *_ in (*change.added, *change.changed, *change.removed)} - {PLACEHOLDER_KEY}
            if change is not None
            else set()
        )
        remade_line = (
            fill(
                self.tr(
                    "%1: the file was deleted (the middleware never deletes it) and the middleware made "
                    "it anew at %2, backfilling its messages one second apart, ending at that request's time"
                ),
                where,
                _at(remade),
            )
            if remade is not None
            else ""
        )
        if change is None:
            lines.append(fill(self.tr("%1: the first state, %n entry(ies)", "", state.entries), where))
        elif remade is not None and touched <= anew_keys:
            # all of it the deletion's and the middleware's new file: never "the middleware
            # never does this" (tryL 3), whatever save came before
            lines.append(remade_line)
            remade_line = ""
        elif by and change.by_no_request:
            # every line says "by no recorded request": so does the heading (tryout: "what
            # the middleware did while handling request 4" over such lines only)
            lines.append(fill(self.tr("%1: changed after %2 by no recorded request"), where, by))
        elif by:
            lines.append(fill(self.tr("%1: what the middleware did while handling %2"), where, by))
        elif change.saved is not None and change.over is not None:
            # that save wrote the window's entries, which may hold a hand edit read again
            saved = self.tr(
                "%1: what a save of Timeline Inspector at %2 wrote, another write after it (a hand "
                "edit the window read again), or the save at %3 over another discussion's file"
            )
            lines.append(fill(saved, where, _at(change.saved), _at(change.over)))
            mark = self.tr(" (by one of those saves or another write)")
        elif change.saved is not None and not change.rewritten:
            saved = self.tr("%1: what a save of Timeline Inspector at %2 wrote")
            lines.append(fill(saved, where, _at(change.saved)))
            mark = self.tr(" (saved by Timeline Inspector)")
        elif change.saved is not None and change.pruned:
            # the unknown writer first: the middleware writes without backups (tryout)
            gap = (
                self.tr(
                    "%1: a later write (the middleware, or a save of Timeline Inspector whose backup "
                    "was pruned: a session keeps its first and its newest) after the save at %2"
                )
                if change.middleware_possible
                else self.tr(
                    "%1: a later write (by hand or by another program, or a save of Timeline "
                    "Inspector whose backup was pruned: a session keeps its first and its newest) "
                    "after the save at %2"
                )
            )
            lines.append(fill(gap, where, _at(change.saved)))
            mark = self.tr(" (by a later write or that save)")
            beyond_mark = self.tr(" (by hand, by another program or a save; never the middleware)")
        elif change.saved is not None:
            # removals and rewrites the middleware never makes: not offered as its (tryout)
            gap = (
                self.tr(
                    "%1: a write that kept no backup (the middleware, or a hand edit) after the save "
                    "of Timeline Inspector at %2, or that save (the states between are not kept)"
                )
                if change.middleware_possible
                else self.tr(
                    "%1: a write that kept no backup (by hand or by another program: the middleware "
                    "makes no such change) after the save of Timeline Inspector at %2, or that save "
                    "(the states between are not kept)"
                )
            )
            lines.append(fill(gap, where, _at(change.saved)))
            mark = self.tr(" (by a later write or that save)")
            beyond_mark = self.tr(" (by hand, by another program or that save; never the middleware)")
        else:
            lines.append(fill(self.tr("%1: no recorded request ran before it"), where))
        beyond_mark = mark if beyond_mark is None else beyond_mark
        if change is not None and change.lost_save is not None:
            # a state no copy keeps, known from its save mark: before the deletion (tryN M3)
            lines.append(
                fill(
                    self.tr(
                        "Before it: the save of Timeline Inspector at %1 wrote the file, which was then "
                        "deleted, its contents not kept; its save mark says it set %n entry(ies):",
                        "",
                        len(change.lost_set),
                    ),
                    _at(change.lost_save),
                )
            )
            lines.extend(f"  = {key[:SHORT]}… {visible_text(repr(value))}" for key, value in change.lost_set)
        if remade_line:  # the rest told above, the file made anew said apart
            lines.append(remade_line)
        if state.saved_by is not None:
            # its bytes are a save mark's: named for certain (tryL 3)
            lines.append(
                fill(
                    self.tr("Saved by Timeline Inspector at %1: these are exactly the bytes it wrote")
                    if state.saved_program != "command line"
                    else self.tr(
                        "Saved by Timeline Inspector's command line at %1: these are exactly the bytes "
                        "it wrote"
                    ),
                    _at(state.saved_by),
                )
            )
        for other in change.foreign if change is not None else ():
            lines.append(
                fill(
                    self.tr("Another discussion's file was here; the save at %1 set it aside as %2"),
                    _at(other.set_aside),
                    other.path.name,
                )
            )
        if change is not None and change.written_anew is not None:
            # named as the session judged it (issue 29: a moved file said "deleted")
            anew = (
                self.tr(
                    "The file was moved away; the save at %1 wrote it anew at its old place with what "
                    "the window showed"
                )
                if change.anew_after == "moved"
                else self.tr("The file was deleted; the save at %1 wrote it anew with what the window showed")
            )
            lines.append(fill(anew, _at(change.written_anew)))
        if state.set_aside is not None and state.when is not None:
            lines.append(
                fill(
                    self.tr("Written at %1; current until a save of Timeline Inspector set it aside at %2"),
                    _at(state.when),
                    _at(state.set_aside),
                )
            )
        if change is None:
            return "\n".join(lines)
        hand = set(change.unexplained) | set(change.uncertain)
        ours = change.saved is not None and not change.rewritten and change.over is None
        backfilled = self.tr(" (backfilled by the middleware as it made the file anew)")
        went = self.tr(" (gone with the deleted file)")
        # in a gap, what that save's mark says it wrote, still as written: its for certain
        sure, saved_mark = set(change.saved_keys), self.tr(" (saved by Timeline Inspector)")
        for key, value in change.added:
            if key != PLACEHOLDER_KEY:
                extra = mark if key in hand or ours else ""
                if key in anew_keys:
                    extra = backfilled
                if key in sure:
                    extra = saved_mark
                if key == change.placeholder_to:
                    extra = self.tr(" (the placeholder's time)")
                lines.append(f"+ {key[:SHORT]}… {visible_text(repr(value))}{extra}")
        for key, before, after in change.changed:
            if key != PLACEHOLDER_KEY:
                said = backfilled if key in anew_keys else beyond_mark if key in beyond else mark
                said = saved_mark if key in sure else said
                lines.append(
                    f"~ {key[:SHORT]}… {visible_text(repr(before))} → {visible_text(repr(after))}{said}"
                )
        for key, before in change.removed:
            if key != PLACEHOLDER_KEY:
                said = (beyond_mark if key in beyond else mark) if key in hand or ours else ""
                if key in anew_keys:
                    said = went
                if key in sure:
                    said = saved_mark
                lines.append(f"- {key[:SHORT]}… {visible_text(repr(before))}{said}")
        if change.placeholder_consumed:
            number = self.model.numbers.get(change.placeholder_to or "")  # Simulate's "#16"
            apart = self.model.numbered_apart
            if change.placeholder_to and number is not None and apart is not None:
                # counted by the request open, not the newest the command line counts by (issue 31)
                said = self.tr("placeholder given to %1… (message #%2 of request %3, the one open)")
                lines.append(fill(said, change.placeholder_to[:SHORT], number, apart))
            elif change.placeholder_to and number is not None:
                said = self.tr("placeholder given to %1… (message #%2)")
                lines.append(fill(said, change.placeholder_to[:SHORT], number))
            elif change.placeholder_to:
                lines.append(fill(self.tr("placeholder given to %1…"), change.placeholder_to[:SHORT]))
            else:
                lines.append(self.tr("placeholder dropped: the newest reply already had a time"))
        if change.placeholder_set:
            lines.append(self.tr("placeholder set: the time the reply started"))
        # the By hand column's number said in words, where the keys reach (tryN R2: "up to 7" unexplained)
        if change.uncertain:
            count = len(change.unexplained) + len(change.uncertain)
            lines.append(
                self.tr(
                    "By hand: up to %n entry(ies) changed by hand or by another program (the file was "
                    "written again after the save without a backup, so it is not known which)",
                    "",
                    count,
                )
            )
        elif change.unexplained:
            lines.append(
                self.tr(
                    "By hand: %n entry(ies) no recorded request and no save of Timeline Inspector explains "
                    "(changed by hand or by another program)",
                    "",
                    len(change.unexplained),
                )
            )
        return "\n".join(lines)


def sentence(note: Said) -> str:
    """A note shown as a sentence of its own: its first letter a capital (the
    engine's notes begin lower case, to follow a file's name on the command
    line), unless it begins with a name given to it (a file's, kept as it is)."""
    text = say(note)
    if str(note.code.value).startswith("{"):
        return text
    return text[:1].upper() + text[1:]

"""The repair view: proposals with confidence, reason and both times;
accept per row or by confidence, apply as one undoable edit."""

from __future__ import annotations

import math
from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QRect,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QUndoCommand
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QLabel,
    QPushButton,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from ...core.discussion import Discussion
from ...core.display import first_line, stored_text, visible_text
from ...core.edits import apply_operations
from ...core.errors import InputError
from ...core.file_state import Change, transcript_change
from ...core.repair import (
    Confidence,
    Proposal,
    RepairSearch,
    nothing_proposed,
    operations_for,
    search_repairs,
    update_repairs,
)
from ...core.words import Said
from ..session import DiscussionSession, Pair
from ..tables.base import COPY_ROLE, AnyIndex, ReadOnlyTableModel, fit_to_contents, fitted_width, row_table
from ..widgets import colours
from ..widgets.flow_layout import FlowLayout
from ..widgets.text_lines import cell_text_area, wrapped_lines
from ..wording import Counted, conflicts_text, error_text, fill, offset_said, say, sentences

PROPOSAL_ROWS = 3  # proposals in view when the dock opens
WHY_EMS = 20  # characters of the Why column kept in view however narrow the dock
MESSAGE_EMS = 13  # ... and of the Message column after it, when Why cannot be whole (it wraps)
ROW_LINES = 2  # lines of Why and Message in a row; the current row as many as its texts take


class PropColumn(IntEnum):
    ACCEPT = 0
    INDEX = 1
    CONFIDENCE = 2
    TIME = 3
    CURRENT = 4
    REASON = 5
    CONTENT = 6


CONFIDENCE_LABELS = {
    Confidence.HIGH: QT_TRANSLATE_NOOP("ProposalsModel", "high"),
    Confidence.MEDIUM: QT_TRANSLATE_NOOP("ProposalsModel", "medium"),
    Confidence.LOW: QT_TRANSLATE_NOOP("ProposalsModel", "low"),
}


class ProposalsModel(ReadOnlyTableModel):
    HEADERS = (
        QT_TRANSLATE_NOOP("ProposalsModel", "Accept"),
        "#",
        QT_TRANSLATE_NOOP("ProposalsModel", "Confidence"),
        QT_TRANSLATE_NOOP("ProposalsModel", "Time to store"),
        QT_TRANSLATE_NOOP("ProposalsModel", "Stored now"),
        QT_TRANSLATE_NOOP("ProposalsModel", "Why"),
        QT_TRANSLATE_NOOP("ProposalsModel", "Message"),
    )
    HEADER_CONTEXT = "ProposalsModel"

    acceptedChanged = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._proposals: list[Proposal] = []
        self._accepted: list[bool] = []
        self._contents: list[str] = []
        # the person's own choices, kept when the list is found again (after an
        # Apply and its Undo the ticks came back as the defaults)
        self._chosen: dict[tuple[object, ...], bool] = {}
        # the rows are the previous search's while another runs: greyed, their ticks
        # fixed, none of them applied (after Apply at 100k the old "2384 accepted"
        # stayed ticked under "Looking for proposals …", issue 31 tryout)
        self.stale = False

    def set_stale(self, stale: bool) -> None:
        """The rows shown are (or are no longer) the previous search's: drawn
        disabled, and nothing the person does ticks or applies them."""
        if stale == self.stale:
            return
        self.stale = stale
        if self._proposals:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._proposals) - 1, len(self.HEADERS) - 1)
            )
        self.acceptedChanged.emit()

    def set_proposals(self, proposals: list[Proposal], contents: list[str]) -> None:
        self.beginResetModel()
        self.stale = False
        self._proposals = proposals
        self._contents = contents
        self._accepted = [
            self._chosen.get(proposal_key(p), p.confidence is Confidence.HIGH) for p in proposals
        ]
        self.endResetModel()
        self.acceptedChanged.emit()

    def forget_choices(self) -> None:
        """Another pair: only the defaults are accepted in what is found for it."""
        self._chosen.clear()

    def toggle(self, row: int) -> None:
        accept = not self._accepted[row]
        self.setData(self.index(row, PropColumn.ACCEPT), _check_state(accept), Qt.ItemDataRole.CheckStateRole)

    def proposal_at(self, row: int) -> Proposal:
        return self._proposals[row]

    def accepted(self) -> list[Proposal]:
        """The rows ticked, none while they are the previous search's."""
        if self.stale:
            return []
        return [p for p, on in zip(self._proposals, self._accepted, strict=True) if on]

    def accept_where(self, confidence: Confidence | None, on: bool = True) -> None:
        """Bulk accept (or reject) by confidence; None means every row."""
        if self.stale:
            return
        for row, proposal in enumerate(self._proposals):
            if confidence is None or proposal.confidence is confidence:
                self._accepted[row] = self._chosen[proposal_key(proposal)] = on
        if self._proposals:
            self.dataChanged.emit(
                self.index(0, PropColumn.ACCEPT),
                self.index(len(self._proposals) - 1, PropColumn.ACCEPT),
                [Qt.ItemDataRole.CheckStateRole],
            )
        self.acceptedChanged.emit()

    def row_count(self) -> int:
        return len(self._proposals)

    def reanchors(self) -> bool:
        """Some proposal replaces a stored time: only then does "Stored now"
        hold anything but "(untracked)"."""
        return any(p.kind == "reanchor" for p in self._proposals)

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        flags = super().flags(index)
        if self.stale:  # greyed: the previous search's
            return flags & ~Qt.ItemFlag.ItemIsEnabled
        if index.isValid() and index.column() == PropColumn.ACCEPT:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._proposals):
            return None
        proposal = self._proposals[index.row()]
        column = PropColumn(index.column())
        if role == Qt.ItemDataRole.CheckStateRole and column is PropColumn.ACCEPT:
            return _check_state(self._accepted[index.row()])
        if role == Qt.ItemDataRole.DisplayRole:
            if column is PropColumn.ACCEPT:
                return None
            if column is PropColumn.INDEX:
                return ", ".join(str(i) for i in proposal.indexes if i is not None)
            if column is PropColumn.CONFIDENCE:
                return QCoreApplication.translate("ProposalsModel", CONFIDENCE_LABELS[proposal.confidence])
            if column is PropColumn.TIME:
                return stored_text(proposal.value)
            if column is PropColumn.CURRENT:
                return (
                    stored_text(proposal.previous) if proposal.kind == "reanchor" else self.tr("(untracked)")
                )
            if column is PropColumn.REASON:
                return say(proposal.why)
            return visible_text(first_line(self._contents[index.row()], 200))
        if role == COPY_ROLE and column is PropColumn.CONTENT:  # shown by its first line, copied whole
            return self._contents[index.row()]
        if role == Qt.ItemDataRole.ForegroundRole and column is PropColumn.CONFIDENCE:
            ink = {Confidence.HIGH: colours.OK, Confidence.LOW: colours.WARNING}.get(proposal.confidence)
            return colours.text_ink(ink) if ink is not None else None
        if role == Qt.ItemDataRole.ToolTipRole and column in (PropColumn.REASON, PropColumn.CONTENT):
            orphan = (
                self.tr("orphan %1").replace("%1", proposal.orphan)
                if proposal.orphan
                else self.tr("from the transcript's own time")
            )
            shown = visible_text(first_line(self._contents[index.row()], 200))
            return colours.plain_tooltip(f"{say(proposal.why)}\n{orphan}\n\n{shown}")
        return None

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if (
            self.stale
            or not index.isValid()
            or index.column() != PropColumn.ACCEPT
            or role != Qt.ItemDataRole.CheckStateRole
        ):
            return False
        on = Qt.CheckState(value) == Qt.CheckState.Checked
        self._accepted[index.row()] = self._chosen[proposal_key(self._proposals[index.row()])] = on
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.CheckStateRole])
        self.acceptedChanged.emit()
        return True


def proposal_key(proposal: Proposal) -> tuple[object, ...]:
    """What makes a proposal the same one when the list is found again: the
    message (its text's digest), the orphan and the time it gives, and how
    sure it is; never where it stands (issue 29, life29z finding 1: keyed by
    its place, a tick given to the demo's #11 passed, after another chat was
    copied over the chat, to that chat's #11, a low proposal of the same
    orphan, and Apply wrote the other chat's message into the demo's file)."""
    return (
        proposal.kind,
        proposal.message_hash,
        proposal.orphan,
        repr(proposal.value),
        repr(proposal.previous),
        proposal.confidence,
    )


def _check_state(on: bool) -> Qt.CheckState:
    return Qt.CheckState.Checked if on else Qt.CheckState.Unchecked


class RepairPanel(Counted, QWidget):
    """Lists proposals for the session's discussion (computed off the GUI
    thread) and applies the accepted ones as one undoable edit. Proposals
    belong to the discussion they were found for: when the session shows
    another state (an edit, an undo, a reload), they are found again; when
    that state is the one shown grown by the middleware, or the same files at
    the live clock's next minute, from the search before (``update_repairs``:
    only what the append changed is judged, the answer a whole search's)."""

    proposalsReady = Signal()

    def __init__(self, session: DiscussionSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._pair = Pair()  # the pair shown, whose proposals and confirmation the panel holds
        self._searched = False  # Find was pressed for this discussion: keep the list current
        self._found_for: Discussion | None = None
        # the search that found the list, what an append is answered from (``update_repairs``)
        self._search: RepairSearch | None = None
        self._nothing: Said | None = None  # why the last search proposed nothing
        self._failure = ""  # why the last search failed
        self._checked = ""  # when Repair was asked for and the list already answered (``look``)
        self._applied: tuple[int, bool, QUndoCommand] | None = None  # the last Apply, and its edit
        self.model = ProposalsModel(self)
        self.table = row_table(self.model, {}, "proposalsTable")
        self.model.modelReset.connect(self._fit_columns)
        self.table.viewport().installEventFilter(self)  # its width shared between Why and Message
        self.table.selectionModel().currentRowChanged.connect(self._jump)
        self.table.installEventFilter(self)  # Space ticks the current row in any column
        # Why and Message wrap in their cells, ROW_LINES a row and the current row as tall as
        # its texts: a reason was cut at every size (in Chinese at one line: the rows held two
        # lines of the Latin font), whole only in a label under the table (tryout)
        self._grown: int | None = None  # the row made taller than the others
        self.table.setWordWrap(True)
        # Message's least width (the current row's message wraps whole; Why takes what it leaves)
        columns = self.table.horizontalHeader()
        columns.setDefaultSectionSize(
            max(MESSAGE_EMS * self.table.fontMetrics().averageCharWidth(), columns.minimumSectionSize())
        )
        # by pixels: scrolled by rows, a tall current row at the bottom showed its top cut
        self.table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.model.modelReset.connect(self._fit_rows)
        # a letter of its own: "Re-anchor … own times" had none free (every other was
        # taken; only q and z were left, issue 31 tryC); re-anchoring is said in its tooltip
        self.reanchor = QCheckBox(self.tr("Synchroni&ze legacy backfill runs to the transcript's own times"))
        self.reanchor.setToolTip(
            self.tr(
                "Re-anchor: replace the times an older middleware's backfill invented, one second "
                "apart, with the times the transcript records (the command line's --reanchor)"
            )
        )
        self.prune = QCheckBox(self.tr("Remove orphans whose time was given bac&k"))
        self.reanchor.toggled.connect(self._reanchor_toggled)
        self.belong = QCheckBox(self.tr("These files &belong together"))
        self.belong.setObjectName("pairConfirmed")
        self.belong.setToolTip(
            self.tr("The transcript and the file look unrelated; say they belong together to apply")
        )
        self.belong.toggled.connect(self._update_summary)
        self.find_button = QPushButton(self.tr("F&ind proposals"))
        self.find_button.setObjectName("findProposals")
        self.find_button.clicked.connect(self.refresh)
        self.accept_high = QPushButton(self.tr("Accept all hi&gh"))
        self.accept_medium = QPushButton(self.tr("Accept all &medium"))
        self.reject_all = QPushButton(self.tr("&Reject all"))
        self.apply_button = QPushButton(self.tr("&Apply accepted (undoable)"))
        self.apply_button.setObjectName("applyRepairs")
        self.apply_button.setToolTip(
            self.tr(
                "Low proposals are never accepted for you. Applying can be undone and writes "
                "nothing until you save."
            )
        )
        self.accept_high.clicked.connect(lambda: self.model.accept_where(Confidence.HIGH))
        self.accept_medium.clicked.connect(lambda: self.model.accept_where(Confidence.MEDIUM))
        self.reject_all.clicked.connect(lambda: self.model.accept_where(None, False))
        self.apply_button.clicked.connect(self.apply)
        self.summary = QLabel("")
        self.summary.setObjectName("repairSummary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        self.model.acceptedChanged.connect(self._update_summary)
        session.jobs.cancelled.connect(self._cancelled)
        # rows that wrap: in a narrow window the dock is as wide as its widest control, not all of them
        options = FlowLayout(spacing=12, line_gap=4)
        for box in (self.reanchor, self.prune, self.belong):
            options.addWidget(box)
        buttons = FlowLayout(line_gap=4, last_right=True)
        for button in (
            self.find_button,
            self.accept_high,
            self.accept_medium,
            self.reject_all,
            self.apply_button,
        ):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        # its lines 4 px apart, as the options' are: Repair's least height is
        # the window's with Repair open (issue 31, the smallest window)
        layout.setSpacing(4)
        layout.addLayout(options)
        layout.addLayout(buttons)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        # the pair being opened is not the one shown yet (nor ever, if its open fails)
        session.changed.connect(self._discussion_changed)
        # files read (a save read back, a reload, another transcript): the last
        # Apply's line said what it did to the counts then, not to these
        # (tryout: it stayed through saves, reloads and a different transcript)
        session.loaded.connect(self._forget_applied)
        self._discussion_changed()  # the hint and a disabled Apply from the start, with nothing open
        # fitted from the start: only a list's arrival fitted the columns, and opened with no
        # discussion (or before one was read) every column was Qt's default 78 px, the header
        # "Time to store" read "Time to st…" at every size (issue 31)
        self._fit_columns()

    def sizeHint(self) -> QSize:
        """Room for the controls as they wrap at this width and a few
        proposals: the dock opens under the timeline table, which must keep
        its rows in a 700 px high window (the user can still drag the dock
        taller). The table is counted at the height of its header, frame,
        scroll bar and rows, measured in the style it is drawn with: the
        layout's own hint counts it at Qt's small default."""
        width = max(self.width(), self.minimumSizeHint().width())
        return QSize(super().sizeHint().width(), self.heightForWidth(width))

    def heightForWidth(self, width: int) -> int:
        """The height ``sizeHint`` says, at ``width``: what the dock's scroll
        area gives the panel. Qt's own counted the table at its default
        192 px: the panel was taller than the dock, and after Apply (the
        summary a few lines longer, the focus in the table) it scrolled,
        its buttons under the dock's title."""
        table = self.table
        # no room kept for proposals when a search found none (after an Apply
        # that took the last ones the Chinese summary's extra line scrolled
        # the dock); a few found keep the rows a reader scrolls them in
        shown = 1 if self._searched and self.model.rowCount() == 0 else PROPOSAL_ROWS
        wanted = shown * table.verticalHeader().defaultSectionSize()
        wanted += table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
        wanted += table.horizontalScrollBar().sizeHint().height()  # the Why column may run past the width
        least = self.layout().totalMinimumHeightForWidth(width)
        return max(least - table.minimumSizeHint().height() + wanted, least)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Space (or Select) in the table ticks or unticks the current row's
        Accept, whichever column the cursor is in: Qt's table toggles only a
        check box's own cell, and a reader who moved to the Why column found
        Space doing nothing."""
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._share_width()
            self._fit_rows()
            return False
        if (
            watched is self.table
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Select)
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            and self.table.currentIndex().isValid()
        ):
            self.model.toggle(self.table.currentIndex().row())
            return True
        return super().eventFilter(watched, event)

    def _discussion_changed(self) -> None:
        pair = self._session.shown_pair
        if self._session.continues(self._pair, pair):  # saved as another file: the same discussion
            self._pair = pair
        elif pair != self._pair:  # another pair: nothing found yet, nothing chosen or confirmed yet
            self._pair, self._searched = pair, False
            self.model.forget_choices()
            self.belong.setChecked(False)
        discussion = self._session.discussion
        self.belong.setVisible(bool(discussion is not None and discussion.pairing_warnings))
        self._update_summary()
        if discussion is self._found_for:
            return
        self._checked = ""  # the list no longer answers for what is shown
        if self._searched and discussion is not None:
            if self._session.jobs.busy("repair"):
                # the search under way carries over: its answer is what the state shown is
                # answered from (``done``). Restarted at each change, a search longer than a
                # minute never finished under the live clock (tryout: 5 min at 100k after 10
                # appends, its count wandering, then back to 16 at the minute's re-simulation)
                return
            self.refresh()
        else:
            self._found_for = self._search = None
            self.model.set_proposals([], [])

    def _forget_applied(self) -> None:
        self._applied = None
        self._update_summary()

    def _reanchor_toggled(self) -> None:
        if self._searched:
            self.refresh()

    def refresh(self) -> None:
        discussion = self._session.discussion
        if discussion is None:
            self._searched = False
            self.model.set_proposals([], [])
            return
        self._searched, self._failure, self._checked = True, "", ""
        reanchor = self.reanchor.isChecked()
        # the list shown answers for the discussion before this one: when this is it grown by
        # the middleware, only what the append changed is judged (the whole search otherwise)
        previous = self._search if self._found_for is not None else None
        read = self._found_for.request.hashes if self._found_for is not None else None
        pair = self._pair

        def work(progress: Any) -> tuple[RepairSearch, list[str], Said | None, bool]:
            # the chat found for before, against this one: another chat now (copied over
            # the transcript) keeps none of the ticks given (life29z finding 1)
            other = read is not None and (
                transcript_change(Change.REWRITTEN, read, discussion.request.hashes) is Change.ANOTHER_CHAT
            )
            if previous is not None:
                found = update_repairs(previous, discussion, reanchor=reanchor, progress=progress)
            else:
                found = search_repairs(discussion, reanchor=reanchor, progress=progress)
            proposals = found.proposals
            timeline = discussion.timeline
            # whole: the table shows their first lines, Copy takes them whole
            contents = [timeline.content(p.positions[0]) for p in proposals]
            return found, contents, None if proposals else nothing_proposed(discussion), other

        def done(payload: tuple[RepairSearch, list[str], Said | None, bool]) -> None:
            if payload[3]:
                self.model.forget_choices()
            shown = self._session.discussion
            if discussion is not shown:  # found for a state no longer shown (an append, the minute)
                same = pair == self._pair or self._session.continues(pair, self._pair)  # or saved as
                if same and self._searched and shown is not None:
                    # of the same pair: the base the state shown is answered from (``update_repairs``
                    # keeps it for the minute, judges only what an append changed)
                    self._found_for, self._search = discussion, payload[0]
                    self.refresh()
                return
            found, contents, self._nothing, _other = payload
            self._found_for, self._search, self._checked = discussion, found, ""
            self.model.set_proposals(found.proposals, contents)
            self.proposalsReady.emit()

        self._session.jobs.submit("repair", work, done, self._failed)
        self.model.set_stale(True)  # what the list holds is the search before this one's
        self._update_summary()

    def look(self) -> None:
        """Search, unless the list already answers for the discussion shown
        or a search for it runs: going to the pane (Alt+5) searched anew each
        time, 18 s at 100k after it had just said there was nothing (tryout);
        Find proposals searches whatever the list holds. When the list
        answers, the summary says so, and when it was checked: Ctrl+Shift+R
        seemed to run only the first time (tryout, issue 29: pressed again
        after closing the pane, a change on disk or Apply, nothing showed)."""
        if self._session.jobs.busy("repair"):
            return  # the summary says it is looking
        if self._found_for is not self._session.discussion:
            self.refresh()
            return
        # on the window's clock, its zone said as the Now button says it (life29z finding 6)
        when = self._session.wall_clock()
        self._checked = f"{when:%H:%M:%S} {offset_said(when, self._session.now_clock())}"
        self._update_summary()

    def _cancelled(self, kind: str) -> None:
        """Cancel stopped the search: what was found for this discussion
        before stays, else the panel is as before the first Find (it went on
        saying "Looking for proposals …")."""
        if kind != "repair":
            return
        if self._found_for is not self._session.discussion:
            self._searched, self._found_for, self._search = False, None, None
            self.model.set_proposals([], [])
        else:  # the list answers for the files shown again: live
            self.model.set_stale(False)
        self._update_summary()

    def _failed(self, error: InputError) -> None:
        self._failure = error_text(error)
        self._update_summary()

    def _update_summary(self) -> None:
        total = self.model.rowCount()
        accepted = len(self.model.accepted())
        confirmed = self.belong.isChecked() or self.belong.isHidden()
        searching = self._session.jobs.busy("repair")
        self.apply_button.setEnabled(accepted > 0 and confirmed and not searching)
        self._update_buttons()
        if not self._searched:
            text = self.tr(
                "Press Find proposals to look for stored times that untracked messages can get back. "
                "Low ones are never accepted for you; applying can be undone and writes nothing "
                "until you save."
            )
        elif searching:
            text = self.tr("Looking for proposals …")
            if total and self.model.stale:  # greyed rows: never taken for the answer
                old = self.tr(
                    "The previous search's %n row(s), greyed below, cannot be ticked or applied.",
                    "",
                    total,
                )
                text = sentences(text, old)
        elif self._failure:
            text = self._failure
            if total and self.model.stale:
                text = sentences(
                    text, self.tr("The greyed rows below are the previous search's: press Find proposals.")
                )
        elif total:  # one line: the advice above is Apply's tooltip (the dock is short in a small window)
            text = fill(self.tr("%n proposal(s), %1 accepted.", "", total), accepted)
        else:
            text = fill(self.tr("No proposals: %1."), say(self._nothing))
        if self._checked and self._searched and not searching and not self._failure:
            current = self.tr("Checked at %1: these are current, found for the files as shown.")
            text = sentences(text, fill(current, self._checked))
        if not confirmed:
            # the doubt named here: the banner may say something else by now (tryL 7: "see
            # the banner" under a banner about another matter)
            discussion = self._session.discussion
            doubts = discussion.pairing_warnings if discussion is not None else ()
            said = self.tr("; ").join(map(say, doubts))
            text = fill(
                self.tr("%1 The files may not belong together (%2): confirm before applying."), text, said
            )
        applied, stack = self._applied, self._session.undo_stack
        if applied is not None and stack.index() > 0 and stack.command(stack.index() - 1) is applied[2]:
            text = sentences(self._applied_text(applied[0], applied[1]), text)
        self.summary.setText(text)

    def _applied_text(self, count: int, pruned: bool) -> str:
        """What the last Apply did to the counts: the orphans it matched are
        no longer counted as orphans, though (unless removed) still in the file."""
        if pruned:
            return self.tr(
                "Applied %n proposal(s): those messages hold the times of the orphan entries "
                "they matched, and those entries were removed.",
                "",
                count,
            )
        return self.tr(
            "Applied %n proposal(s): those messages hold the times of the orphan entries they "
            "matched, which stay in the file but no longer count as orphans.",
            "",
            count,
        )

    def _update_buttons(self) -> None:
        """Nothing open: nothing to look in; no proposals (or none accepted):
        nothing for the bulk choices to act on."""
        self.find_button.setEnabled(self._session.discussion is not None)
        for button in (self.accept_high, self.accept_medium):
            button.setEnabled(self.model.rowCount() > 0 and not self.model.stale)
        self.reject_all.setEnabled(bool(self.model.accepted()))

    def apply(self) -> None:
        discussion = self._session.discussion
        accepted = self.model.accepted()
        if discussion is None or discussion.store is None or not accepted:
            return
        repaired, conflicts = apply_operations(
            discussion.store, operations_for(accepted, prune_orphans=self.prune.isChecked())
        )
        if conflicts:
            self.summary.setText(conflicts_text(conflicts))
            return
        stack = self._session.undo_stack
        before = stack.index()
        self._session.push_edit(repaired, self.tr("Repair: %n proposal(s)", "", len(accepted)))
        if stack.index() != before:  # said while this edit is the one last done
            self._applied = (len(accepted), self.prune.isChecked(), stack.command(stack.index() - 1))

    def _fit_columns(self) -> None:
        """The short columns as wide as their texts, "Stored now" only when
        some proposal re-anchors (else every row read "(untracked)"), and the
        rest of the width to Why: at fixed widths the reasons were cut at
        every size while those two columns took the room."""
        table = self.table
        table.setColumnHidden(PropColumn.CURRENT, not self.model.reanchors())
        short = [PropColumn.ACCEPT, PropColumn.INDEX, PropColumn.CONFIDENCE, PropColumn.TIME]
        fit_to_contents(table, [*short, *([PropColumn.CURRENT] if self.model.reanchors() else [])])
        self._share_width()

    def _share_width(self) -> None:
        """Why as wide as its longest reason, when the width left after the
        short columns holds it beside ``MESSAGE_EMS`` of Message; else
        Message keeps those and Why the rest (never under ``WHY_EMS``; the
        label under the table holds the current reason whole). Message, the
        last column, stretches over what Why leaves."""
        table, header = self.table, self.table.horizontalHeader()
        em = table.fontMetrics().averageCharWidth()
        room = table.viewport().width() - header.sectionPosition(PropColumn.REASON)
        whole = fitted_width(table, PropColumn.REASON)
        # the stretching last column is never narrower than a default section: less ran past the edge
        message = max(MESSAGE_EMS * em, header.defaultSectionSize())
        table.setColumnWidth(PropColumn.CONTENT, message)  # what it stretches from
        table.setColumnWidth(PropColumn.REASON, max(WHY_EMS * em, min(whole, room - message)))

    def _cell_height(self, row: int, column: int) -> int:
        """The height the style draws the cell's text in, wrapped at its column's width."""
        table = self.table
        index = self.model.index(row, column)
        option = QStyleOptionViewItem()
        table.initViewItemOption(option)
        # the cell is drawn in its column's width less the grid line (as visualRect gives it)
        width = max(1, table.columnWidth(column) - int(table.showGrid()))
        option.rect = QRect(0, 0, width, 1)  # only its width counts
        delegate = table.itemDelegateForIndex(index)
        hint = delegate.sizeHint(option, index).height()
        # Qt's hint wraps at a width other than the one the text is drawn in: at some widths
        # it is a line short, the reason's last line cut (a 149 px Why column at the smallest
        # window): the lines are counted as they are drawn, in the text's own rectangle
        delegate.initStyleOption(option, index)
        option.rect = QRect(0, 0, width, hint)
        area, room = cell_text_area(table, option)
        drawn = sum(line.height for line in wrapped_lines(option.text, option.font, max(1, room)))
        needed = math.ceil(drawn) + hint - area.height()
        # the grid line is drawn over the cell's last pixel
        return max(hint, needed) + int(table.showGrid())

    def _fit_rows(self) -> None:
        """Every row ``ROW_LINES`` lines high in the font the cells are drawn in
        (a Chinese line is taller than a Latin one), the current row as tall as its
        whole reason and message wrapped (the message no taller than the table
        shows), and in view: a keyboard reader moves by the arrows and reads each
        reason whole, no mouse, no tooltip."""
        table, rows = self.table, self.table.verticalHeader()
        # a line as the reasons are drawn: in the language's own glyphs (a Chinese font's
        # lines are taller), measured on the header's word and the first reason
        sample = str(self.model.headerData(PropColumn.REASON, Qt.Orientation.Horizontal) or "")
        if self.model.row_count():
            sample += " " + say(self.model.proposal_at(0).why)
        line = max(line.height for line in wrapped_lines(sample, table.font(), 1e6))
        least = ROW_LINES * math.ceil(line) + int(table.showGrid())
        if rows.defaultSectionSize() < least:
            rows.setDefaultSectionSize(least)
        current = table.currentIndex()
        if self._grown is not None and self._grown < self.model.rowCount():
            rows.resizeSection(self._grown, rows.defaultSectionSize())
        self._grown = None
        if not current.isValid():
            return
        row = current.row()
        # never taller than the list shows (only at its smallest is a reason that long)
        wanted = max(
            min(
                max(self._cell_height(row, PropColumn.REASON), self._cell_height(row, PropColumn.CONTENT)),
                table.viewport().height(),
            ),
            rows.defaultSectionSize(),
        )
        rows.resizeSection(row, wanted)
        self._grown = row
        # once the view has its new height (its scroll range is updated later): scrolled now,
        # a grown row at the bottom kept its end out of view
        QTimer.singleShot(0, self, self._show_current)

    def _show_current(self) -> None:
        self.table.scrollTo(self.table.currentIndex())

    def _jump(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._fit_rows()
        if current.isValid():
            self._session.request_row(self.model.proposal_at(current.row()).positions[0])

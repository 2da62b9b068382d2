"""The History panel: the open discussion's timestamp file over time, one state after the other.

Shown when a recording (the open transcript is a recorder's
``requests.jsonl``) or backups beside the file hold earlier states. The
history is read off the GUI thread whenever the session loads; a result for
a pair that is no longer open is dropped. Up and Down step through the
states; the text below says what changed to reach the selected one, and
Details tells the selected message's story from the same history.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from ...core.display import visible_text
from ...core.errors import InputError
from ...core.history import FileHistory, build_history, history_source_for
from ...core.store import PLACEHOLDER_KEY
from ...core.words import Said, Stage
from ..session import DiscussionSession, Pair
from ..tables.base import RowsView
from ..tables.history import HistoryModel
from ..wording import error_text, fill, say

JOB = "history"
SHORT = 12  # a hash as people copy it


class HistoryPanel(QWidget):
    """The states of the open discussion's file, and what changed at the selected one."""

    def __init__(self, session: DiscussionSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._for: Pair | None = None  # the pair the history shown (or being read) is of
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        self.model = HistoryModel(self)
        self.view = RowsView()
        self.view.setObjectName("historyStates")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setTabKeyNavigation(False)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.changes = QPlainTextEdit(readOnly=True)
        self.changes.setObjectName("historyChanges")
        self.changes.setTabChangesFocus(True)
        self.changes.setPlaceholderText(self.tr("Select a state to see what changed to reach it."))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.status)
        layout.addWidget(self.view, 3)
        layout.addWidget(self.changes, 2)
        self.view.selectionModel().selectionChanged.connect(self._selected)
        session.loaded.connect(self.refresh)
        session.closed.connect(self.refresh)
        self.refresh()

    # -- reading ---------------------------------------------------------------
    def refresh(self) -> None:
        """Read the history of what the session shows now (off the GUI thread)."""
        session = self._session
        pair = session.pair if session.discussion is not None else Pair()
        sources = history_source_for(pair.transcript, pair.store) if pair else None
        self._for = pair
        if sources is None:
            session.jobs.cancel(JOB)
            self._show(None)
            self.status.setText(
                self.tr(
                    "No history: open a recorded request (File > Open recordings folder) or a "
                    "timestamp file with backups beside it."
                )
                if pair
                else self.tr("No discussion open.")
            )
            return
        self.status.setText(self.tr("Reading the history…"))
        options, key = session.options, session.file_key

        def work(progress: object) -> FileHistory:
            def step(path: Path | None, done: int, total: int) -> None:
                progress(Said(Stage.READING, (path.name if path else "-",)), done / max(total, 1))  # type: ignore[operator]

            return build_history(sources, options, key, step)

        session.jobs.submit(
            JOB, work, lambda h, p=pair: self._done(p, h), lambda e, p=pair: self._failed(p, e)
        )

    def _done(self, pair: Pair, history: FileHistory) -> None:
        if pair != self._for:  # another discussion opened meanwhile: not its history
            return
        self._show(history)
        states, requests = len(history.states), len(history.requests)
        text = self.tr("%n state(s) of the timestamp file", "", states)
        if requests:
            text = fill(self.tr("%1, %2"), text, self.tr("%n recorded request(s)", "", requests))
        self.status.setText(text)
        if states:
            self.view.selectRow(states - 1)

    def _failed(self, pair: Pair, error: InputError) -> None:
        if pair != self._for:
            return
        self._show(None)
        self.status.setText(fill(self.tr("No history: %1"), error_text(error)))

    def _show(self, history: FileHistory | None) -> None:
        self.model.set_history(history)
        self.changes.setPlainText("")
        self._session.history = history
        self._session.historyChanged.emit()

    # -- the selected state ----------------------------------------------------
    def _selected(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        rows = self.view.selectionModel().selectedRows()
        self.changes.setPlainText(self.change_text(rows[0].row()) if rows else "")

    def change_text(self, row: int) -> str:
        """What changed to reach state ``row``, one entry a line."""
        history = self.model.history
        if history is None:
            return ""
        change = self.model.change(row)
        where = say(history.where(row))
        if change is None:
            return fill(self.tr("%1: the first state, %n entry(ies)", "", history.states[row].entries), where)
        hand = set(change.unexplained)
        by = self.tr(", ", "between requests").join(say(history.where(r.index)) for r in change.by)
        lines = [
            fill(self.tr("%1: what the middleware did while handling %2"), where, by)
            if by
            else fill(self.tr("%1: no recorded request ran before it"), where)
        ]
        mark = self.tr(" (by no recorded request: by hand or another program)")
        for key, value in change.added:
            if key != PLACEHOLDER_KEY:
                extra = mark if key in hand else ""
                if key == change.placeholder_to:
                    extra = self.tr(" (the placeholder's time)")
                lines.append(f"+ {key[:SHORT]}… {visible_text(repr(value))}{extra}")
        for key, before, after in change.changed:
            if key != PLACEHOLDER_KEY:
                lines.append(
                    f"~ {key[:SHORT]}… {visible_text(repr(before))} → {visible_text(repr(after))}{mark}"
                )
        for key, before in change.removed:
            if key != PLACEHOLDER_KEY:
                lines.append(f"- {key[:SHORT]}… {visible_text(repr(before))}{mark if key in hand else ''}")
        if change.placeholder_consumed:
            lines.append(
                fill(self.tr("placeholder given to %1…"), change.placeholder_to[:SHORT])
                if change.placeholder_to
                else self.tr("placeholder dropped: the newest reply already had a time")
            )
        if change.placeholder_set:
            lines.append(self.tr("placeholder set: the time the reply started"))
        return "\n".join(lines)

"""Edit > Edit time… (F2): one message's stored time typed by hand.

The dialog only reads what is typed and says what would be stored; the
window hands the answer to ``DiscussionSession.set_time``, an undoable edit
like a repair's, written by Save's merge."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...core.errors import InputError
from ...core.timeline import Flag, Status, Timeline, neighbour_times, order_broken
from ...core.timestrings import format_absolute
from ...core.zones import ABSOLUTE_INPUT_FORMAT, typed_time
from ..widgets.wrap_height import keep_wrapped_height
from ..wording import error_text, fill

if TYPE_CHECKING:
    from ..session import DiscussionSession
    from ..tables.timeline import TimelineTableModel

REMOVE = "remove"  # the answer "Remove stored time"


class TimeDialog(QDialog):
    """The stored time of row ``index`` of ``timeline``: typed, checked as
    typed (OK only for a time the file can hold), with what will be written
    shown byte for byte and a warning when it breaks the order."""

    def __init__(
        self,
        timeline: Timeline,
        index: int,
        heading: str,
        zone: tzinfo,
        clock: str,
        suggested: datetime,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("timeDialog")
        self.setWindowTitle(self.tr("Edit stored time"))
        self._zone, self._neighbours = zone, neighbour_times(timeline, index)
        self.answer: datetime | str | None = None
        tracked = timeline.statuses[index] in (Status.TRACKED, Status.ENTRY)
        current = timeline.times[index]
        if tracked:
            question = self.tr("Stored time of %1, on the middleware's clock (%2):")
        else:
            question = self.tr("%1 has no stored time. Give it one, on the middleware's clock (%2):")
        layout = QVBoxLayout(self)
        label = QLabel(fill(question, heading, clock))
        label.setObjectName("timeQuestion")
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(label)
        self.field = QLineEdit((current or suggested).strftime(ABSOLUTE_INPUT_FORMAT))
        self.field.setObjectName("timeField")
        self.field.selectAll()
        label.setBuddy(self.field)
        layout.addWidget(self.field)
        hint = QLabel(
            self.tr("YYYY-MM-DD HH:MM:SS, ISO 8601 with an offset, or the stored form (Saturday, …).")
        )
        hint.setWordWrap(True)
        hint.setEnabled(False)  # the dimmed look of a hint
        layout.addWidget(hint)
        self.result = QLabel()
        self.result.setObjectName("timeResult")
        self.result.setWordWrap(True)
        self.result.setTextFormat(Qt.TextFormat.PlainText)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.result)
        if Flag.SHARED_HASH in timeline.flags[index]:
            shared = QLabel(
                self.tr("Other messages with the same text share this time: they change with it.")
            )
            shared.setWordWrap(True)
            layout.addWidget(shared)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(self.tr("&Store this time"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("&Cancel"))
        self.remove: QPushButton | None = None
        if tracked:
            self.remove = buttons.addButton(
                self.tr("&Remove stored time"), QDialogButtonBox.ButtonRole.ActionRole
            )
            self.remove.setObjectName("removeTime")
            self.remove.setAutoDefault(False)
            self.remove.setToolTip(
                self.tr("The message becomes untracked: the middleware's next request gives it a time")
            )
            self.remove.clicked.connect(self._remove)
        buttons.accepted.connect(self._store)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.field.textChanged.connect(self._judge)
        self._judge(self.field.text())
        # wide enough for the question in two or three lines, and as tall as its lines wrap to:
        # at its hint (260 px in Chinese) the question ran under the field and a reason was cut
        self.setMinimumWidth(min(self.fontMetrics().averageCharWidth() * 64, 900))
        keep_wrapped_height(self)

    def _read(self, text: str) -> datetime | None:
        try:
            return typed_time(text, self._zone)
        except InputError as error:
            self.result.setText(error_text(error))
            return None

    def _judge(self, text: str) -> None:
        """Said at each key: what the file would hold, or why nothing can be."""
        moment = self._read(text)
        self.ok.setEnabled(moment is not None)
        if moment is None:
            return
        lines = [fill(self.tr("Stored as %1"), format_absolute(moment))]
        before, after = order_broken(self._neighbours, moment)
        if before is not None:
            lines.append(
                fill(
                    self.tr("Earlier than the time stored before it, %1: the order breaks."),
                    format_absolute(before),
                )
            )
        if after is not None:
            lines.append(
                fill(
                    self.tr("Later than the time stored after it, %1: the order breaks."),
                    format_absolute(after),
                )
            )
        self.result.setText("\n".join(lines))

    def _store(self) -> None:
        moment = self._read(self.field.text())
        if moment is None:
            return  # Enter on an unreadable time: the reason stays shown, nothing is stored
        self.answer = moment
        self.accept()

    def _remove(self) -> None:
        self.answer = REMOVE
        self.accept()


def ask_time(
    parent: QWidget,
    timeline: Timeline,
    index: int,
    heading: str,
    zone: tzinfo,
    clock: str,
    suggested: datetime,
) -> datetime | str | None:
    """The time to store for row ``index``, ``REMOVE``, or None (cancelled)."""
    dialog = TimeDialog(timeline, index, heading, zone, clock, suggested, parent)
    try:
        return dialog.answer if dialog.exec() == QDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()


def edit_row_time(
    parent: QWidget,
    session: DiscussionSession,
    model: TimelineTableModel,
    table: QAbstractItemView,
    say: Callable[[str], None],
) -> None:
    """F2, Edit > Edit time…, the table's menu: the current row's stored time
    typed by hand, an undoable edit (the session's ``set_time``); ``say``
    tells why nothing was asked or stored. The answer is stored only for the
    discussion the dialog was opened on."""
    from ..tables.timeline import row_heading
    from ..tables.view_anchor import selected_source_rows
    from ..wording import clock_said

    discussion, row = session.discussion, selected_source_rows(table)[1]
    if discussion is None or row is None:
        say(
            QCoreApplication.translate(
                "MainWindow", "Choose a message in the table first, then Edit time (F2)."
            )
        )
        return
    timeline, item = discussion.timeline, model.row_at(row)
    if item.status not in (Status.TRACKED, Status.UNTRACKED, Status.ENTRY):
        # the middleware never stores nor reads a time for these: one typed would do nothing
        say(
            QCoreApplication.translate(
                "MainWindow", "The middleware keeps no time for system messages or the generation prompt."
            )
        )
        return
    pair = session.shown_pair
    suggested = item.time or discussion.simulation.store.parsed(item.hash) or session.now()
    clock = discussion.clock
    shown_clock = clock_said(suggested, clock, session.options.wilmer_zone)
    answer = ask_time(parent, timeline, row, row_heading(discussion, item), clock[0], shown_clock, suggested)
    if answer is None:
        return
    if session.discussion is None or session.shown_pair != pair:
        # another discussion opened (or this one closed) while the dialog was open: the time
        # is this message's, never the other chat's (a re-read of the same pair keeps the key)
        say(
            QCoreApplication.translate(
                "MainWindow", "Another discussion is shown now: the time was not stored."
            )
        )
        return
    session.set_time(item.hash, None if answer == REMOVE else answer)  # type: ignore[arg-type]

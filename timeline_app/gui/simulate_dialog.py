"""The backfill simulation: what the next request would do, before anything is written."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QDateTime, Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QDateTimeEdit,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ..core.consequences import consequences, file_diff
from ..core.errors import InputError
from ..core.session import Discussion, with_store
from ..core.store import PLACEHOLDER_KEY, TimestampStore
from ..core.tracking import TrackResult, track, with_reply_placeholder
from .screen_fit import resize_to_fit
from .session import DiscussionSession
from .simulation_model import SimColumn, SimulationModel
from .strip import TimelineStrip
from .strip_layout import StripLayout, layout_for
from .tables import row_table
from .timeline_model import TimelineTableModel
from .wording import error_text, say


class SimulateDialog(QDialog):
    """Shows per message before/after/why, the consequences in words, the file
    diff and the resulting timeline; Apply makes it an undoable edit."""

    def __init__(self, session: DiscussionSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Simulate the next request (backfill)"))
        resize_to_fit(self, 1100, 700)
        self._session = session
        discussion = session.discussion
        assert discussion is not None, "the window opens the simulation only with a discussion"
        self._discussion = discussion
        now = session.now()
        self.result: TrackResult | None = None
        self.now_edit = QDateTimeEdit(QDateTime(now))
        self.now_edit.setDisplayFormat("yyyy-MM-dd HH:mm:ss")
        self.now_edit.setObjectName("simulateNow")
        rerun = QPushButton(self.tr("&Simulate at this time"))
        rerun.clicked.connect(self.simulate)
        self.placeholder = QCheckBox(
            self.tr("With the reply's &placeholder (the whole file the request leaves)")
        )
        self.placeholder.setObjectName("simulatePlaceholder")
        self.placeholder.setToolTip(
            self.tr(
                "Off: only the tracking step. On: also the %1 entry the responding node saves last, "
                "exactly the file the middleware leaves after the request."
            ).replace("%1", PLACEHOLDER_KEY)
        )
        self.placeholder.toggled.connect(self.simulate)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Request time ('now' on the middleware's clock):")))
        top.addWidget(self.now_edit)
        top.addWidget(rerun)
        top.addWidget(self.placeholder)
        top.addStretch(1)
        self.summary = QLabel()
        self.summary.setObjectName("simulateSummary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        self.model = SimulationModel(self)
        self.table = row_table(
            self.model,
            {
                SimColumn.INDEX: 50,
                SimColumn.ROLE: 80,
                SimColumn.ACTION: 260,
                SimColumn.BEFORE: 220,
                SimColumn.AFTER: 220,
            },
        )
        self.diff = QPlainTextEdit(readOnly=True)
        self.diff.setObjectName("simulateDiff")
        self.diff.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.after_model = TimelineTableModel(self)
        self.after_strip = TimelineStrip(self.after_model)
        self.before_model = TimelineTableModel(self)
        self.before_model.set_discussion(discussion)
        self.before_strip = TimelineStrip(self.before_model)
        self.before_strip.set_layout(session.layout)
        tabs = QTabWidget()
        tabs.addTab(self.table, self.tr("Messages"))
        tabs.addTab(self.diff, self.tr("File diff"))
        strip_page = QWidget()
        strip_box = QVBoxLayout(strip_page)
        strip_box.addWidget(QLabel(self.tr("Now:")))
        strip_box.addWidget(self.before_strip)
        strip_box.addWidget(QLabel(self.tr("After this request (hollow marks become stored times):")))
        strip_box.addWidget(self.after_strip)
        strip_box.addStretch(1)
        tabs.addTab(strip_page, self.tr("Timeline before / after"))
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Close
        )
        self.apply_button = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.apply_button.setText(self.tr("Apply to the file (undoable)"))
        self.apply_button.clicked.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(tabs, 1)
        layout.addWidget(self.buttons)
        self.simulate()

    def simulate(self) -> None:
        discussion = self._discussion
        now = self.now_edit.dateTime().toPython().replace(microsecond=0)
        placeholder = self.placeholder.isChecked()
        self.summary.setText(self.tr("Simulating …"))
        self.apply_button.setEnabled(False)

        def work(progress: Any) -> tuple[TrackResult, str, Discussion, StripLayout]:
            result = track(discussion.request, discussion.store or TimestampStore(), now)
            if placeholder:
                result = with_reply_placeholder(result, now)
            diff = file_diff(discussion.store or TimestampStore(), result.store)
            after = with_store(discussion, result.store)
            return result, diff, after, layout_for(after)

        self._session.jobs.submit("simulate", work, self._show, self._failed)

    def _show(self, payload: tuple[TrackResult, str, Discussion, StripLayout]) -> None:
        result, diff, after, layout = payload
        self.result = result
        self.model.set_simulation(self._discussion.request, result)
        self.summary.setText("\n".join(say(c) for c in consequences(self._discussion.request, result)))
        self.diff.setPlainText(diff or self.tr("(no change)"))
        self.after_model.set_discussion(after)
        self.after_strip.set_layout(layout)
        self.apply_button.setEnabled(result.changed)

    def _failed(self, error: InputError) -> None:
        self.summary.setText(error_text(error))

    def apply(self) -> None:
        if self.result is not None and self.result.changed:
            if self._session.discussion is not self._discussion:
                self.summary.setText(self.tr("The discussion changed since this simulation: simulate again."))
                return
            self._session.push_edit(self.result.store, self.tr("Apply backfill simulation"))
            self.accept()

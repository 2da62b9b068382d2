"""The backfill simulation: what the next request would do, before anything is written."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from PySide6.QtCore import QCoreApplication, QDateTime, Qt, QTimer
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.consequences import consequences, file_diff, newest_after
from ...core.discussion import Discussion, at_time, with_store
from ...core.display import visible_text
from ...core.errors import InputError
from ...core.reply import AfterReply, ReplyCleanup, after_reply
from ...core.store import PLACEHOLDER_KEY, TimestampStore
from ...core.tracking import TrackResult, track, with_reply_placeholder
from ...core.words import Said
from ..session import DiscussionSession, laid_out
from ..strip.layout import StripLayout
from ..strip.view import TimelineStrip
from ..tables.base import fitted_width, row_table
from ..tables.simulation import SimColumn, SimulationModel
from ..tables.timeline import TimelineTableModel
from ..widgets.diff_colours import DiffHighlighter
from ..widgets.flow_layout import FlowLayout
from ..widgets.key_scroll import KeyScrollArea
from ..widgets.keys import switch_tabs_by_keys
from ..widgets.screen_fit import resize_to_fit
from ..wording import error_text, fill, say
from .questions import MomentEdit

# what the worker hands over: the tracking, its consequences, the file diff, the discussion after,
# the newest stored time when the request's is before it (the clock would go backwards), and
# what a pasted reply did
Simulated = tuple[TrackResult, list[Said], str, Discussion, StripLayout, datetime | None, AfterReply | None]
REPLY_LINES = 3  # the pasted reply's box, in lines
REPLY_SHOWN = 200  # characters of the returned reply said in the summary
RETIME_MS = 300  # after the last change of the time, so holding an arrow key does not queue runs
SUMMARY_LINES = 5  # the consequences' place: most simulations say fewer
ACTION_WIDTH = 220  # px at most for what the request does to a message


class SimulateDialog(QDialog):
    """Shows per message before/after/why, the consequences in words, the file
    diff and the resulting timeline; Apply makes it an undoable edit."""

    def __init__(self, session: DiscussionSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Simulate the next request (backfill)"))
        resize_to_fit(self, 1100, 700, within=parent)
        self._session = session
        discussion = session.discussion
        assert discussion is not None, "the window opens the simulation only with a discussion"
        self._discussion = discussion
        now = session.request_now()  # the table's "≈" moment, to the second
        self.result: TrackResult | None = None
        # the request time the dialog set itself: while the field still shows it, a
        # re-simulation of a changed discussion takes the session's "now" again
        self.now_edit = MomentEdit(now)
        self.now_edit.setObjectName("simulateNow")
        self._given_now = self.now_edit.moment()
        # a changed time re-simulates by itself (an arrow key changed it silently)
        self._retime = QTimer(self, singleShot=True, interval=RETIME_MS)
        self._retime.timeout.connect(self.simulate)
        self.now_edit.dateTimeChanged.connect(self._retime.start)
        rerun = QPushButton(self.tr("&Simulate at this time"))
        rerun.clicked.connect(self.simulate)
        # busy while the worker simulates (seconds at 100k messages), in a place
        # of its own that stays when it hides
        self.progress = QProgressBar()
        self.progress.setObjectName("simulateProgress")
        self.progress.setRange(0, 0)
        self.progress.setTextVisible(False)
        self.progress.setMaximumWidth(120)
        kept = self.progress.sizePolicy()
        kept.setRetainSizeWhenHidden(True)
        self.progress.setSizePolicy(kept)
        self.progress.hide()
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
        # the model's reply, pasted: the whole request-reply cycle, in the discussion's commit mode
        self.with_reply = QCheckBox(self.tr("With the model's &reply (pasted below; the whole cycle)"))
        self.with_reply.setObjectName("simulateWithReply")
        self.with_reply.setToolTip(
            self.tr(
                "The file the middleware leaves once the reply is known: in the default mode the "
                "placeholder stays pending; with Options → Group-chat commit the reply is stored at once "
                "under its own hash, as the middleware returns it."
            )
        )
        self.with_reply.toggled.connect(self.simulate)
        self.streamed = QCheckBox(self.tr("S&treamed"))
        self.streamed.setObjectName("simulateStreamed")
        self.streamed.toggled.connect(self._reply_changed)
        self.reply = QPlainTextEdit()
        self.reply.setObjectName("simulateReply")
        self.reply.setTabChangesFocus(True)
        self.reply.setPlaceholderText(self.tr("The model's reply, exactly as it wrote it"))
        self.reply.setFixedHeight(self.fontMetrics().lineSpacing() * REPLY_LINES + 10)
        self.reply.textChanged.connect(self._reply_changed)
        top = FlowLayout()  # wraps on a small screen (in one row it asked for 1127 px)
        top.addWidget(QLabel(self.tr("Request time ('now' on the middleware's clock):")))
        top.addWidget(self.now_edit)
        # the button and its progress bar one item of the row: alone, the hidden bar (which keeps
        # its place so nothing moves when it shows) wrapped to a line of its own, an empty band
        # under the request time at the dialog's smallest size in Chinese (tryout)
        run = QWidget()
        run_box = QHBoxLayout(run)
        run_box.setContentsMargins(0, 0, 0, 0)
        run_box.addWidget(rerun)
        run_box.addWidget(self.progress)
        top.addWidget(run)
        top.addWidget(self.placeholder)
        # said as soon as the files change under it (read again, edited), not
        # only when Apply is refused (tryout: the old simulation stayed shown)
        self.stale = QWidget()
        self.stale.setObjectName("simulateStale")
        stale_box = QHBoxLayout(self.stale)
        stale_box.setContentsMargins(0, 0, 0, 0)
        self.stale_text = QLabel(
            self.tr(
                "The discussion changed since this simulation (its files were read again or edited): "
                "what is shown here is out of date; it is being simulated again."
            )
        )
        self.stale_text.setObjectName("simulateStaleText")
        self.stale_text.setWordWrap(True)
        self.again = QPushButton(self.tr("Simulate agai&n"))  # a&gain: the g's tail hid its underline
        self.again.setObjectName("simulateAgain")
        self.again.clicked.connect(self.simulate)
        stale_box.addWidget(self.stale_text, 1)
        stale_box.addWidget(self.again, 0, Qt.AlignmentFlag.AlignTop)
        self.stale.hide()
        session.changed.connect(self._discussion_changed)
        self.summary = QLabel()
        self.summary.setObjectName("simulateSummary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # the consequences in a place of fixed height (scrolled when longer):
        # their number of lines no longer moves the table up and down
        # (a Tab stop only while some are out of view, with a focus frame: keys scroll it)
        summary_area = KeyScrollArea(self.summary)
        summary_area.setObjectName("simulateSummaryArea")
        summary_area.setFixedHeight(self.fontMetrics().lineSpacing() * SUMMARY_LINES + 6)
        self.model = SimulationModel(self)
        self.table = row_table(
            self.model,
            {
                SimColumn.INDEX: 50,
                SimColumn.ROLE: 80,
                SimColumn.ACTION: ACTION_WIDTH,
                SimColumn.BEFORE: 220,
                SimColumn.AFTER: 220,
            },
        )
        self.diff = QPlainTextEdit(readOnly=True)
        self.diff.setObjectName("simulateDiff")
        self.diff.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self._diff_colours = DiffHighlighter(self.diff.document())
        self.after_model = TimelineTableModel(self)
        self.after_strip = TimelineStrip(self.after_model)
        self.before_model = TimelineTableModel(self)
        self.before_model.set_discussion(discussion)
        self.before_strip = TimelineStrip(self.before_model)
        self.before_strip.set_layout(session.layout)
        # the selected row's "What happens" whole, under the table: the column
        # cut it on every backfill row, even at 1920 px (tryout)
        self.why = QLabel()
        self.why.setObjectName("simulateWhy")
        self.why.setTextFormat(Qt.TextFormat.PlainText)
        self.why.setWordWrap(True)
        self.table.selectionModel().currentRowChanged.connect(self._say_why)
        messages_page = QWidget()
        messages_box = QVBoxLayout(messages_page)
        messages_box.setContentsMargins(0, 0, 0, 0)
        messages_box.addWidget(self.table, 1)
        messages_box.addWidget(self.why)
        self.tabs = tabs = QTabWidget()
        tabs.addTab(messages_page, self.tr("Messages"))
        tabs.addTab(self.diff, self.tr("File diff"))
        strip_page = QWidget()
        strip_box = QVBoxLayout(strip_page)
        strip_box.addWidget(QLabel(self.tr("Now:")))
        strip_box.addWidget(self.before_strip)
        strip_box.addWidget(QLabel(self.tr("After this request (hollow marks become stored times):")))
        strip_box.addWidget(self.after_strip)
        strip_box.addStretch(1)
        # the two strips scroll in their tab: at their least heights they made the dialog
        # 558 px tall at the least (562 in Chinese), over a small laptop's window (tryout)
        strips = QScrollArea()
        strips.setObjectName("simulateStrips")
        strips.setWidget(strip_page)
        strips.setWidgetResizable(True)
        strips.setFrameShape(QScrollArea.Shape.NoFrame)
        strips.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the strips in it, which it scrolls to
        strips.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        tabs.addTab(strips, self.tr("Timeline before / after"))
        switch_tabs_by_keys(tabs, self)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Close
        )
        self.apply_button = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.apply_button.setText(self.tr("&Apply to the file (undoable)"))
        self.apply_button.clicked.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.stale)
        layout.addWidget(summary_area)
        layout.addWidget(tabs, 1)
        # the reply under the results it changes, reached by Tab after them (the request's
        # own controls and results keep their order)
        reply_row = FlowLayout()
        reply_row.addWidget(self.with_reply)
        reply_row.addWidget(self.streamed)
        layout.addLayout(reply_row)
        layout.addWidget(self.reply)
        layout.addWidget(self.buttons)
        # in reading order, "Simulate again" when shown after the placeholder: moving the tab bar
        # alone after it left the tab widget behind "Simulate again", and Tab went round those
        # two for good, the table, the reply and Close out of its reach (issue 31 tryout)
        QWidget.setTabOrder(self.placeholder, self.again)
        QWidget.setTabOrder(self.again, summary_area)
        QWidget.setTabOrder(summary_area, tabs)
        QWidget.setTabOrder(self.table, self.with_reply)
        QWidget.setTabOrder(self.with_reply, self.streamed)
        QWidget.setTabOrder(self.streamed, self.reply)
        self.simulate()

    def _reply_changed(self) -> None:
        """A reply typed or pasted re-simulates once the typing stops (when it is used)."""
        if self.with_reply.isChecked():
            self._retime.start()

    def simulate(self) -> None:
        self._retime.stop()
        current = self._session.discussion
        if current is not None and self._simulated_input_changed():  # of the discussion as it is now
            self._discussion = current
            self.before_model.set_discussion(current)
            self.before_strip.set_layout(self._session.layout)
        self.stale.hide()
        discussion = self._discussion
        now = self.now_edit.moment()
        reply = self.reply.toPlainText() if self.with_reply.isChecked() else None
        streamed = self.streamed.isChecked()
        placeholder = self.placeholder.isChecked() or reply is not None
        self.summary.setText(fill(self.tr("Simulating the request at %1 …"), f"{now:%Y-%m-%d %H:%M:%S}"))
        self.apply_button.setEnabled(False)
        self.progress.show()
        # the session's own words for this stage: one entry in the catalogue
        stage = QCoreApplication.translate("DiscussionSession", "simulating the next request")

        # the diff's two sides in the user's language ({0}: the file's name, kept as it is)
        sides = (self.tr("{0} (now)"), self.tr("{0} (after this request)"))

        def work(progress: Any) -> Simulated:
            result = track(discussion.request, discussion.store or TimestampStore(), now)
            if placeholder:
                result = with_reply_placeholder(result, now)
            answered = None
            if reply is not None:
                options = discussion.options
                cleanup = ReplyCleanup.for_request(options.request)
                answered = after_reply(
                    discussion.request, result, reply, options.commit_mode, streamed=streamed, cleanup=cleanup
                )
                result = replace(result, store=answered.store)
            progress(stage, 0.4)  # a newer simulation (or Close) stops this one here
            _ = result.events  # what the table reads, made here: a second at 100k, never on the GUI thread
            said = consequences(discussion.request, result)
            progress(stage, 0.7)
            diff = file_diff(discussion.store or TimestampStore(), result.store, labels=sides)
            # after this request the middleware's clock reads its time: what it stored is not "future"
            after = with_store(at_time(discussion, now, simulate=False), result.store)
            later = newest_after(discussion.store or TimestampStore(), now)
            return result, said, diff, after, laid_out(after), later, answered  # laid out as the session does

        self._session.jobs.submit("simulate", work, self._show, self._failed)

    def done(self, code: int) -> None:
        """Closed: a simulation still running is of no use to anyone."""
        self._retime.stop()
        self._session.jobs.cancel("simulate")
        self.progress.hide()
        super().done(code)

    def _show(self, payload: Simulated) -> None:
        self.progress.hide()
        result, said, diff, after, layout, later, answered = payload
        self.result = result
        shown = self.table.currentIndex().row()
        self.model.set_simulation(self._discussion.request, result)
        self._keep_current(shown)
        # as wide as their texts (a sample), the action at most its old 220 px
        # (elided beyond: English says it at length), so Content keeps room
        for column in SimColumn:
            if column is not SimColumn.CONTENT:
                width = fitted_width(self.table, column)
                if column is SimColumn.ACTION:
                    width = min(width, ACTION_WIDTH)
                self.table.setColumnWidth(column, width)
        lines = list(map(say, said))
        if later is not None:
            lines.insert(
                0,
                fill(
                    self.tr(
                        "The request time is before the newest stored time (%1): "
                        "the middleware's clock would go backwards."
                    ),
                    f"{later:%Y-%m-%d %H:%M:%S}",
                ),
            )
        if answered is not None:
            lines.insert(0, self._reply_text(answered))
        self.summary.setText("\n".join(lines))
        self.diff.setPlainText(diff or self.tr("(no change)"))
        self.after_model.set_discussion(after)
        self.after_strip.set_layout(layout)
        self.apply_button.setEnabled(result.changed)
        self._discussion_changed()  # changed while it was simulated: said so at once

    def _keep_current(self, shown: int) -> None:
        """After a new simulation, the row that was current stays current (the
        model's reset forgot it); at first, the first row whose time the
        request changes, whose reason is the one worth reading."""
        rows = self.model.rowCount()
        if not 0 <= shown < rows:
            changed = (r for r in range(rows) if self.model.changes(r))
            shown = next(changed, 0 if rows else -1)
        if shown >= 0:
            self.table.setCurrentIndex(self.model.index(shown, SimColumn.ACTION))
        self._say_why()

    def _say_why(self) -> None:
        """The current row's number, speaker and whole "What happens", as the
        table's narrow column cannot show it."""
        row = self.table.currentIndex().row()
        if row < 0:
            self.why.setText(self.tr("Select a row to read what happens to it."))
            return
        cell = self.model.index(row, SimColumn.INDEX).data()
        speaker = self.model.index(row, SimColumn.ROLE).data()
        action = self.model.index(row, SimColumn.ACTION).data()
        self.why.setText(
            self.tr("#%1 %2: %3").replace("%1", cell or "–").replace("%2", speaker).replace("%3", action)
        )

    def _reply_text(self, answered: AfterReply) -> str:
        """What the pasted reply becomes: the text the front end gets, and
        whether it was stored at once or its placeholder waits."""
        returned = answered.returned
        shown = visible_text(returned if len(returned) <= REPLY_SHOWN else returned[:REPLY_SHOWN] + "…")
        if answered.committed_hash is not None:
            return fill(
                self.tr(
                    "The reply reaches the front end as “%1” and is stored at once (group-chat commit): "
                    "%2… = %3. The next request keeps this time only if the front end sends it back "
                    "exactly so."
                ),
                shown,
                answered.committed_hash[:12],
                str(answered.committed_value),
            )
        if answered.pending:
            return fill(
                self.tr(
                    "The reply reaches the front end as “%1”; its placeholder stays pending and the next "
                    "request gives its time to the newest assistant message it carries (default mode)."
                ),
                shown,
            )
        return self.tr("The reply is empty: the placeholder is cleared and nothing is stored.")

    def _failed(self, error: InputError) -> None:
        self.progress.hide()
        self.summary.setText(error_text(error))

    def _discussion_changed(self) -> None:
        """The session shows another state: when it is not what was simulated,
        said at once, Apply off until simulated again."""
        if not self._simulated_input_changed():
            return
        self.apply_button.setEnabled(False)
        self.again.setEnabled(self._session.discussion is not None)
        self.stale.show()
        if self._session.discussion is None:
            self._retime.stop()
            return
        # followed at once, off the GUI thread (issue 29: with the middleware appending
        # every 3 s, "Simulate again" was outrun by the next append and Apply stayed
        # greyed for good); a run still going is replaced by this one
        if self.now_edit.moment() == self._given_now:  # the time not chosen: the session's
            self.now_edit.setDateTime(QDateTime(self._session.request_now()))
            self._given_now = self.now_edit.moment()
        self._retime.start()

    def _simulated_input_changed(self) -> bool:
        """What the simulation was worked out from (the request, the stored
        times, the options) is no longer what is open. The live clock's turn
        of the minute shows the same discussion at another "now" (a new
        object, the same inputs): not a change, the dialog has its own time
        (tryout shot-80: Apply refused after a minute's tick alone)."""
        current, simulated = self._session.discussion, self._discussion
        return (
            current is None
            or current.request is not simulated.request
            or current.store is not simulated.store
            or current.options != simulated.options
        )

    def apply(self) -> None:
        if self.result is not None and self.result.changed:
            if self._simulated_input_changed():
                self.summary.setText(self.tr("The discussion changed since this simulation: simulate again."))
                return
            self._session.push_edit(self.result.store, self.tr("Apply backfill simulation"))
            self.accept()

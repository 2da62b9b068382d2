"""Details of the selected message: full text, hash, raw stored value, own
time, status explained, and what the next request's tracking would do."""

from __future__ import annotations

import json
from datetime import datetime

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QFont, QFontDatabase, QResizeEvent, QTextOption
from PySide6.QtWidgets import (
    QFormLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPlainTextEdit,
    QSplitter,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from ...core.context import Style
from ...core.discussion import Discussion
from ...core.display import gap_text, message_instant, stored_text, time_text, visible_text
from ...core.file_state import Held
from ...core.history import said_on_clock, stored_live
from ...core.timeline import Flag, Status, TimelineRow, one_second_run
from ...core.timestrings import parse_absolute, relative_text
from ...core.tracking import Action
from ...core.words import is_warning, json_kind
from ..session import DiscussionSession
from ..tables.base import WholeValuesListModel, copies_rows
from ..tables.timeline import (
    FILE_STATUSES,
    STORED_FLAG_LABELS,
    flag_label,
    gap_facts,
    gap_precision_note,
    row_heading,
    shows_other_times,
    shows_own_times,
    status_word,
)
from ..widgets.breaking_label import BreakingLabel
from ..widgets.key_scroll import KeyScrollArea
from ..widgets.keys import custom_menu
from ..widgets.tab_stop_label import TabStopLabel
from ..widgets.text_lines import cell_text_area, wrapped_lines
from ..widgets.visible import set_visible_text
from ..widgets.wrap_height import keep_wrapped_height
from ..wording import EXPLANATIONS, Counted, clock_said, fill, gap_units, say, sentences

MESSAGE_LINES = 10  # the message box grows with its text up to this many lines, the facts get the rest
# ... and further into the height the facts leave free (a long message in a tall dock)
MEASURED_CHARS = 4000  # of a message, measured for its box (a megabyte one is taller than the cap anyway)
NOTE_LINES = 12  # of the loading notes, shown at once before they scroll
# ... in a pane lower than this, fewer (they scroll, by keys too): the facts have the height
NOTES_WHOLE_HEIGHT, SHORT_NOTE_LINES = 560, 3
NAMES_BESIDE_WIDTH = 220  # px of the facts' width under which each name goes over its value
WORD_ROOM = 200  # px: a value's longest word (a time) is kept whole up to this width
HASH_LEAST = 6  # characters of the hash field at its narrowest (it scrolls; the tooltip has it whole)


def _plain_label(selectable: bool = False) -> QLabel:
    """A value of the pane: wrapped to the pane's width, inside a word too
    when the word is wider (a word-wrapped QLabel clipped it silently: at
    the smallest window "(no entry" and half a time were cut at the edge)."""
    label = BreakingLabel()
    label.setMinimumWidth(1)  # one long token never widens the pane
    if selectable:
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def _record_text(discussion: Discussion, row: TimelineRow) -> str:
    """The front end's own fields for the message (send_date, gen_started,
    model, swipes, ...), without the text already shown above."""
    records = discussion.transcript.records
    if row.index is None or not records or records[row.index] is None:
        return "—"
    shown = {k: v for k, v in records[row.index].items() if k not in {"mes", "content", "swipes"}}
    text = json.dumps(shown, ensure_ascii=False, indent=1, default=str)
    return text if len(text) < 4000 else text[:4000] + " …"


class DetailPane(Counted, QWidget):
    """Shows the row the views select, of the session's current discussion;
    refreshed whenever the session shows something new."""

    # an orphan is about to be shown: the views let go of the message they had selected (its
    # row and strip mark stayed highlighted beside an orphan's details, tryout)
    orphanChosen = Signal()

    def __init__(self, session: DiscussionSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._row: TimelineRow | None = None
        self._orphan: str | None = None  # the orphan's hash shown instead of a row
        self._orphan_hashes: tuple[str, ...] = ()  # the list's, in its order
        self.heading = _plain_label()
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.content = QPlainTextEdit(readOnly=True)
        self.content.setObjectName("detailContent")
        self.content.setTabChangesFocus(True)
        self.content.setPlaceholderText(self.tr("Select a message to see it in full."))
        self._offered: list[QAction] = []  # the window's commands on the message (``offer``)
        custom_menu(self.content, self._content_menu)  # by the mouse, the Menu key and Shift+F10
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        # the full hash in a read-only line: it scrolls within the pane, copies whole
        self.hash = QLineEdit(readOnly=True, frame=False)
        self.hash.setObjectName("detailHash")
        self.hash.setFont(mono)
        self.hash.setMinimumWidth(self.hash.fontMetrics().horizontalAdvance("0" * HASH_LEAST))
        self.stored = _plain_label(selectable=True)
        self.parsed = _plain_label(selectable=True)
        # what the model reads in the relative style, whole: the Time column
        # may show it shortened ("[Sent 8 d 14 h 6 min ago]") where it is narrow
        self.relative = _plain_label(selectable=True)
        self.relative.setObjectName("detailRelative")
        self.own = _plain_label(selectable=True)
        self.cst = _plain_label(selectable=True)
        self.cst.setObjectName("detailCst")
        # the gap and the message it is measured from: under a filter that one may be
        # hidden, and only the Gap cell's tooltip, no key, named it (tryout)
        self.gap = _plain_label(selectable=True)
        self.gap.setObjectName("detailGap")
        self.status = _plain_label()
        self.next_request = _plain_label()
        self.record = _plain_label(selectable=True)
        self.record.setFont(mono)
        # a Tab stop (after the hash): the area scrolls the message's story
        # into view; below Status at 1024x700, no key reached it (tryout)
        self.history = TabStopLabel()
        self.history.setObjectName("detailHistory")
        form = QFormLayout()
        # a value whose longest word does not fit beside a long (Chinese) label goes under it
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        # the essentials first, the time whole as stored (the Time column shortens it where
        # narrow, its tooltip no key reaches), the CST time where it applies, and the status
        # with where its time is: at 835x463 the facts showed only "Hash" and "Stored value"
        # (tryout M 8, issue 31); the hash, a key rather than a fact to read, after the times
        form.addRow(self.tr("Stored value"), self.stored)
        form.addRow(self.tr("CST time"), self.cst)
        form.addRow(self.tr("Status"), self.status)
        form.addRow(self.tr("Stored time"), self.parsed)
        form.addRow(self.tr("As relative"), self.relative)
        form.addRow(self.tr("Own time"), self.own)
        self._form = form
        form.addRow(self.tr("Gap"), self.gap)
        form.addRow(self.tr("Hash"), self.hash)
        form.addRow(self.tr("Next request"), self.next_request)
        form.addRow(self.tr("Source record"), self.record)
        # the story under its name, as wide as the pane: beside the names its column was
        # what the longest name left (~170 px at 1024x700, ~120 px at the smallest), a
        # story of a few sentences on a dozen lines (tryout)
        history = QLabel(self.tr("History"))
        history.setBuddy(self.history)
        self.history.setAccessibleName(history.text())
        form.addRow(history)
        form.addRow(self.history)
        facts = QWidget()
        facts.setLayout(form)
        # a Tab stop while it hides some facts, the arrow and page keys scrolling
        # them (with the focus frame): at the smallest window it showed two or
        # three facts and Tab went from the hash past the others (issue 31)
        # after the facts are laid out: the essentials' room and the values' heights (``_laid_out``),
        # never from inside a layout's own events (that recursed at the least window)
        self._after_layout = QTimer(self, singleShot=True, interval=0)
        self._after_layout.timeout.connect(self._laid_out)
        self._facts_area = scroll = KeyScrollArea(facts)
        scroll.setObjectName("detailFacts")
        # the form's own margins are the focus frame's room: the area's took 4 px
        # from a time kept whole at 1024 px in a larger font
        scroll.setViewportMargins(0, 0, 0, 0)
        scroll.hide_cut_lines()  # whole lines or none at its edges (issue 31: "存储的值" cut in half)
        top = QWidget()
        box = QVBoxLayout(top)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.heading)
        box.addWidget(self.content, 1)
        box.addWidget(scroll, 1)
        box.addStretch(0)  # what the box and the facts both leave goes under them, not above the heading
        # the box's width, the pane's height or the facts' lines changed: the box's room too
        self._fit_on: dict[QObject, QEvent.Type] = {
            self.content: QEvent.Type.Resize,
            top: QEvent.Type.Resize,
            facts: QEvent.Type.LayoutRequest,
        }
        self.content.installEventFilter(self)
        scroll.installEventFilter(self)
        scroll.viewport().installEventFilter(self)
        facts.installEventFilter(self)  # its facts laid out anew: the message box's free height changed
        top.installEventFilter(self)
        # what loading detected or decided (the client API, ...): of the
        # discussion, not of a message, so beside its orphans, wrapped, and
        # never in the message's placeholder (its lines were clipped and stayed
        # painted after a close)
        # (a BreakingLabel in an area that asks for its lines, up to
        # NOTE_LINES, and scrolls beyond: in the splitter's lower part a
        # word-wrapped label was squeezed, its warning cut mid-line)
        self.notes = BreakingLabel()
        self.notes.setObjectName("detailNotes")
        self.notes.hide()
        # the last request's reply, pending or committed (a discussion's fact,
        # above its notes and in the same area: a label of its own below the
        # splitter was squeezed and its warning cut mid-sentence)
        self.reply = BreakingLabel()
        self.reply.setObjectName("detailReply")
        self.reply.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.reply.hide()
        said = QWidget()
        said_box = QVBoxLayout(said)
        said_box.setContentsMargins(0, 0, 0, 0)
        said_box.setSpacing(0)  # lines under lines; the area's height is theirs exactly
        said_box.addWidget(self.reply)
        said_box.addWidget(self.notes)
        said_box.addStretch(1)
        # beyond NOTE_LINES they scroll, by keys too (a Tab stop then; the mouse alone reached them)
        self._notes_area = KeyScrollArea(said)
        self._notes_area.setObjectName("detailNotesArea")
        self._notes_area.hide_cut_lines()  # its third line was drawn half at the smallest window (issue 31)
        self._notes_area.hide()
        self._notes_area.installEventFilter(self)
        self.orphans_label = _plain_label()
        self.orphans_model = WholeValuesListModel(self)
        self.orphans = QListView()
        self.orphans.setModel(self.orphans_model)
        copies_rows(self.orphans)
        self.orphans.setFont(QFont(mono))
        self.orphans.setUniformItemSizes(True)
        self.orphans.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        self.orphans.setItemDelegate(OrphanElide(self.orphans))
        # an orphan chosen (by the arrows too) is shown above with its story: when it was
        # written, by which request, what happened (the window could not tell it, tryout)
        self.orphans.selectionModel().currentChanged.connect(self._orphan_chosen)
        bottom = QWidget()
        lower = QVBoxLayout(bottom)
        lower.setContentsMargins(0, 0, 0, 0)
        lower.addWidget(self._notes_area)
        lower.addWidget(self.orphans_label)
        lower.addWidget(self.orphans)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(keep_wrapped_height(bottom))  # "Orphans: …" wraps in a narrow dock
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        self._split = split
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(split)
        session.changed.connect(self._discussion_changed)
        session.historyChanged.connect(self._history_changed)
        session.styleChanged.connect(self._style_changed)
        session.nowChanged.connect(self._show_relative)
        session.goneChanged.connect(self._show_reply)
        session.diskChecked.connect(self._show_reply)
        self._discussion_changed()

    def cst_applies(self) -> bool:
        """The CST row speaks of Free Anima's time line: shown where Free Anima
        is in play, as the app decides it elsewhere (the transcript is a Free
        Anima log, or the CST style is chosen for the preview), not beside an
        OpenAI chat the middleware's other styles are shown for (tryout)."""
        discussion = self._session.discussion
        free_anima = discussion is not None and discussion.transcript.format == "free-anima"
        return free_anima or self._session.style is Style.CST

    def _style_changed(self, _style: object) -> None:
        """The style decides whether the CST row applies (shown or hidden at
        once) and how a message's flags name the times it shows."""
        self._form.setRowVisible(self.cst, self.cst_applies())
        if self._row is not None and self._orphan is None:
            self.show_row(self._row)

    def _history_changed(self) -> None:
        """The session read the file's history: the story shown again when it
        tells another one. A file alone is read as one state on every load, which
        tells nothing new: laying the facts out again then moved them for nothing."""
        if self._orphan is not None:
            if self._story(self._orphan) != self.history.text():
                self.show_orphan(self._orphan)
            return
        row = self._row
        if row is None or self._story_text(row) == self.history.text():
            return
        self.show_row(row)

    def _keep_words_whole(self) -> None:
        """The times' (and History's) longest words kept whole, up to
        ``WORD_ROOM`` and the width the facts have (beyond it they would be
        cut by the area's edge, which scrolls only down: broken inside, they
        stay readable); a value that cannot keep its word beside its name
        goes under it (History, 44 px wide beside its name, cut "timestamp").
        Redone when the history is read: ``show_row`` runs again then."""
        area = self._facts_area
        room = area.viewport().width() - 2 * area.widget().layout().contentsMargins().left()
        # the CST time too: left out, it broke "2026-05-20T23:5" / "5 周三" (issue 31 tryout)
        times = (self.stored, self.parsed, self.own, self.cst)
        bar = area.verticalScrollBar()
        spare = room - (0 if bar.isVisible() else bar.sizeHint().width())  # the bar a taller value brings
        for label in (*times, self.history):
            words = label.text().split() or [""]
            longest = max(map(label.fontMetrics().horizontalAdvance, words))
            # a time whole up to the facts' width: capped at ``WORD_ROOM``, a wider
            # font broke "...T18:00:00+08:0" / "0" inside its offset (tryout, 1024 px)
            cap = spare if label in times else min(WORD_ROOM, spare)
            label.setMinimumWidth(max(1, min(cap, longest)))

    def _names_over_values(self) -> None:
        """In a narrow pane every name goes over its value, which then has the
        pane's whole width: beside the names (a third of the width) the values
        wrapped on so many lines that the smallest window showed two or three
        facts (issue 31)."""
        wide = self._facts_area.viewport().width() >= NAMES_BESIDE_WIDTH
        policy = QFormLayout.RowWrapPolicy.WrapLongRows if wide else QFormLayout.RowWrapPolicy.WrapAllRows
        if self._form.rowWrapPolicy() != policy:
            self._form.setRowWrapPolicy(policy)

    def _facts_parts(self) -> tuple[QObject, ...]:
        """The facts' area and its viewport (none once torn down: PySide drops
        the wrapper's attributes before the C++ filter goes)."""
        area = getattr(self, "_facts_area", None)
        return () if area is None else (area, area.viewport())

    def _laid_out(self) -> None:
        """Once the pane is laid out: room for the essentials, values whole."""
        self._keep_essentials()
        self._rearrange_if_stale()

    def _rearrange_if_stale(self) -> None:
        """The facts laid out again where a value is lower than its lines at
        its width. The form kept row heights measured at another width or for
        another text (a new row's texts in a new style, the names going over
        the values): at 1024x700 text-generation-webui's row 0 in CST read
        "gets a new time from the backward pass (one second before…" on two
        lines of its four, cut mid-sentence (tryout K 5, issue 31)."""
        form = getattr(self, "_form", None)
        if form is None:  # torn down
            return
        for row in range(form.rowCount()):
            item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            label = item.widget() if item is not None else None
            shown = isinstance(label, BreakingLabel) and label.isVisible()
            if shown and label.height() < label.heightForWidth(label.width()):
                form.invalidate()
                return

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        parts = self._facts_parts()
        laid_out = event.type() in (QEvent.Type.LayoutRequest, QEvent.Type.Resize)
        if laid_out and parts and watched in (*parts, parts[0].widget()):
            self._after_layout.start()  # once laid out: a value may have kept another width's height
        if self._fit_on.get(watched) == event.type():
            self._fit_message_box()
        elif event.type() == QEvent.Type.Resize and watched in parts:
            self._names_over_values()
            self._keep_words_whole()  # the viewport too: a scroll bar that came took its width
        elif watched is self._notes_area and event.type() == QEvent.Type.Resize:
            self._fit_notes()
        return False

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The pane's height decides how many note lines show at once."""
        super().resizeEvent(event)
        self._fit_notes()
        self._after_layout.start()  # the essentials' room, once laid out (``_laid_out``)

    def _keep_essentials(self) -> None:
        """The upper part (heading, two lines of the message, the facts'
        essentials: ``_essentials_height``) at least as tall as those need,
        the notes and orphans below giving way down to their least: at the
        least window those took half the pane and the facts showed only the
        stored value (tryout M 8, issue 31)."""
        split = getattr(self, "_split", None)
        if split is None or split.count() < 2:
            return
        # the facts' least: the window's least size follows it, so the least window shows them
        essentials = self._essentials_height()
        if self._facts_area.minimumHeight() != essentials:
            self._facts_area.setMinimumHeight(essentials)
        top, bottom = split.widget(0), split.widget(1)
        box = self.content
        message = 2 * box.fontMetrics().lineSpacing() + 2 * (
            box.frameWidth() + int(box.document().documentMargin())
        )
        spacing = max(0, top.layout().spacing())
        needed = self.heading.height() + message + essentials + 3 * spacing
        sizes = split.sizes()
        if sizes[0] >= needed:
            return
        total = sum(sizes)
        least = bottom.minimumSizeHint().height()
        upper = min(needed, total - least)
        if upper > sizes[0]:
            split.setSizes([upper, total - upper])

    def _fit_notes(self) -> None:
        """The notes' area at least as tall as their lines at its width, up to
        ``NOTE_LINES`` (the splitter then makes room for them; more scroll),
        and its frame: whole lines, never the last cut in half (issue 31).
        Measured beside a scroll bar: at the full width it fits without one."""
        area = self._notes_area
        lines = NOTE_LINES if self.height() >= NOTES_WHOLE_HEIGHT else SHORT_NOTE_LINES
        cap = lines * self.notes.fontMetrics().lineSpacing()
        margins = area.viewportMargins()  # the focus frame's room: left out, the last line was cut in half
        frame = margins.top() + margins.bottom() + 2 * area.frameWidth()  # (issue 31)
        width = area.width() - margins.left() - margins.right() - area.verticalScrollBar().sizeHint().width()
        shown = [label for label in (self.reply, self.notes) if label.text()]
        area.setMinimumHeight(min(sum(label.heightForWidth(width) for label in shown), cap) + frame)

    def _fit_message_box(self) -> None:
        """As tall as the message wrapped at the box's width, up to
        ``MESSAGE_LINES`` or the height the facts below leave free, whichever
        is more; the facts area no taller than its facts, so a long message
        takes the rest, and as tall as a short one leaves. A short message
        left the box mostly empty while the facts below were squeezed; a
        20,000-character one got two lines above empty space (tryout:
        measured with word wrap only, one unbroken word read as one line)."""
        box, area = self.content, self._facts_area
        metrics = box.fontMetrics()
        spacing = metrics.lineSpacing()
        facts = area.widget()
        form = facts.layout()
        inner = area.viewport().width()
        needed = form.totalHeightForWidth(inner) if form.hasHeightForWidth() else facts.sizeHint().height()
        top = box.parentWidget()
        room = top.height() - self.heading.height() - 2 * top.layout().spacing()
        free = room - needed
        margin = 2 * (box.frameWidth() + int(box.document().documentMargin()))
        cap = max(MESSAGE_LINES, (free - margin) // spacing)
        width = max(1, box.viewport().width() - 2 * int(box.document().documentMargin()))
        text = box.toPlainText()[:MEASURED_CHARS] or box.placeholderText()
        anywhere = QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere  # as the box wraps
        wrapped = wrapped_lines(text, box.font(), width, wrap=anywhere, most=cap)
        lines = max(2, min(cap, len(wrapped)))
        # never so tall that the facts lose their essentials (``_essentials_height``): at the
        # least window the message took ten lines and the facts showed one (tryout M 8)
        lines = max(2, min(lines, (room - self._essentials_height() - margin) // spacing))
        box.setMaximumHeight(lines * spacing + margin)
        # the facts take what the message leaves: capped at their own height, they were
        # a small box over empty space in a tall pane (tryout, 1440x860, Chinese)
        left = room - (lines * spacing + margin)
        area.setMaximumHeight(max(needed + 2 * area.frameWidth(), left, spacing))

    def _essentials_height(self) -> int:
        """The facts' height down to the Status's first line, the essentials
        the form puts first (the stored value, the CST time where shown, what
        the status is and where its time is), with the area's frame: each
        name over its value (as in a narrow pane), a stored value on up to
        two lines. Not the row's own layout: the window's least height
        follows this, and grew as rows were selected."""
        area, form = self._facts_area, self._form
        margins = form.contentsMargins()
        facts = 3 if self._form.isRowVisible(self.cst) else 2
        lines = 2 * facts + 1  # each name and value, the stored value's second line
        spacing = max(0, form.verticalSpacing())
        line = self.status.fontMetrics().lineSpacing()
        frame = margins.top() + margins.bottom() + 2 * area.frameWidth()
        return lines * line + (2 * facts - 1) * spacing + frame

    def _discussion_changed(self) -> None:
        discussion = self._session.discussion
        orphans = discussion.timeline.orphans if discussion else ()
        store = discussion.store if discussion else None
        # the list's one form of a time, named in its heading (``orphan_time``); no longer than
        # "Orphans: %n stored time(s) no message matches" was, two lines in the least window
        self.orphans_label.setText(
            self.tr("Orphans: %n unmatched time(s), middleware's clock", "", len(orphans))
            if discussion and discussion.has_transcript
            else self.tr("Orphans: open a transcript to find them")
        )
        # the stored time first, the hash after it: a narrow dock cut the times
        # after the hash ("(Saturday, 2025-09-20"); a cut hash still reads as one
        # a time after "now" marked as the table marks a row's ("future")
        late = discussion.future_orphans if discussion else frozenset()
        future = f" · {flag_label(Flag.FUTURE)}"
        self._orphan_hashes = tuple(orphans[:5000])
        self._orphan = None
        said_times = [
            f"{orphan_time(store.get(h)) if store else ''}{future if h in late else ''}  "
            for h in self._orphan_hashes
        ]
        # the hash cut to fit, copied whole (Ctrl+C, ``COPY_ROLE``)
        self.orphans_model.set_rows(
            [f"{said}{h[:16]}…" for said, h in zip(said_times, self._orphan_hashes, strict=True)],
            [f"{said}{h}" for said, h in zip(said_times, self._orphan_hashes, strict=True)],
        )
        said = discussion.every_note if discussion else ()
        # what the middleware trips over first, each on its own line
        warnings = [fill(self.tr("Warning: %1"), say(note)) for note in said if is_warning(note)]
        notes = [say(note) for note in said if not is_warning(note)]
        lines = [*warnings]
        if notes:
            lines.append(fill(self.tr("Noted while reading the files: %1"), self.tr("; ").join(notes)))
        self.notes.setText("\n".join(lines))
        self.notes.setVisible(bool(lines))
        self._show_reply()
        # the selected row of the new discussion (same position) is shown by the
        # views' selection, which re-emits; until then nothing stale stays here
        self.show_row(None)

    def _show_reply(self) -> None:
        """The last reply as the file holds it, and whether the next request
        finds it again: said with the file on disk now (asked again when a
        file goes or is judged), so a placeholder no file at the name holds
        is no longer said to be the next request's (issue 29, ph30)."""
        discussion = self._session.discussion
        said_reply = self._session.reply_said if discussion else ()
        against = self._session.doubted_against(discussion)
        self.reply.setText(
            "\n".join(
                ([against] if against and said_reply else [])
                + [
                    fill(self.tr("Warning: %1"), visible_text(say(note)))
                    if is_warning(note)
                    else visible_text(say(note))
                    for note in said_reply
                ]
            )
        )
        self.reply.setVisible(bool(said_reply))
        self._notes_area.setVisible(bool(self.notes.text()) or bool(said_reply))
        self._fit_notes()

    def offer(self, action: QAction) -> None:
        """``action`` (the window's Edit time…) first in the message's context
        menu, above Qt's Copy and Select All: Shift+F10 on the message in
        Details offered nothing to do with its time (tryout)."""
        self._offered.append(action)

    def _content_menu(self, point: QPoint) -> None:
        menu = self.content.createStandardContextMenu()
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if self._offered:
            first = menu.actions()[0] if menu.actions() else None
            menu.insertActions(first, self._offered)
            menu.insertSeparator(first)
        menu.popup(self.content.viewport().mapToGlobal(point))

    def show_row(self, row: TimelineRow | None) -> None:
        # new texts change how tall the facts are at their width, which the
        # scroll area hears of only by a layout request of its own (without it,
        # long texts were squeezed into the old height, cut below)
        QCoreApplication.postEvent(self._facts_area, QEvent(QEvent.Type.LayoutRequest))
        discussion = self._session.discussion
        self._row, self._orphan = row, None
        if row is not None:  # a message shown: no orphan stays highlighted in the list
            self.orphans.selectionModel().clear()
        if row is None or discussion is None:
            self.heading.setText(self.tr("No message selected"))
            self.content.setPlaceholderText(self.tr("Select a message to see it in full."))
            self.content.setPlainText("")
            self._fit_message_box()
            for label in (
                self.hash,
                self.stored,
                self.parsed,
                self.relative,
                self.own,
                self.cst,
                self.gap,
                self.status,
                self.next_request,
                self.record,
                self.history,
            ):
                label.setText("—")
            return
        # the Status column's word (``status_word``): where the CST time comes from, in that style
        own = row.own_time is not None if shows_own_times(discussion, self._session.style) else None
        self.heading.setText(f"{row_heading(discussion, row)} · {status_word(row.status, own)}")
        # an empty box under a row's heading said "Select a message…" (a file entry has no text)
        self.content.setPlaceholderText(
            self.tr("(no message: an entry holds only a hash and a time)")
            if row.index is None
            else self.tr("(an empty message)")
        )
        set_visible_text(self.content, row.content)
        self._fit_message_box()
        self.hash.setText(row.hash)
        self.hash.setToolTip(row.hash)  # whole, where the field shows its start
        self.hash.setCursorPosition(0)
        not_text = row.has_entry and not isinstance(row.stored, str)
        self.stored.setText(self._value_text(row.stored) if row.has_entry else self.tr("(no entry)"))
        if row.time:
            self.parsed.setText(self._stored_time_text(row.time))
        elif not_text:
            self.parsed.setText(
                self.tr(
                    "none: the middleware reads no time from a value that is not text; its absolute "
                    "style crashes on this message, its relative style sends it without a time"
                )
            )
        else:
            self.parsed.setText(self.tr("(none)"))
        self._show_relative()
        if row.own_time is None:
            self.own.setText(self.tr("(the transcript records none)"))
        elif row.own_time.tzinfo is None:  # a front end's local date: no zone is known
            self.own.setText(fill(self.tr("%1 (local, zone unknown)"), own_time_text(row.own_time)))
        else:
            self.own.setText(own_time_text(row.own_time))
        self.cst.setText(self._cst_text(discussion, row))
        self._form.setRowVisible(self.cst, self.cst_applies())
        self.gap.setText(self._gap_text(discussion, row))
        lines = [self._status_text(row)]
        if own is not None and row.status in FILE_STATUSES:
            lines.insert(0, EXPLANATIONS.own_time(own))
        labelled = self.tr("%1: %2", "a name, then what it means or holds")
        other = shows_other_times(discussion, self._session.style)  # as the table's Status says it
        lines += [
            labelled.replace("%1", self._flag_name(discussion, row, flag, other)).replace(
                "%2", self._flag_text(discussion, row, flag, other)
            )
            for flag in sorted(discussion.flags_of(row))
        ]
        self.status.setText("\n".join(lines))
        self.record.setText(visible_text(_record_text(discussion, row)))
        self.history.setText(self._story_text(row))
        self._keep_words_whole()
        events = discussion.simulation.events
        event = events[row.position] if discussion.has_transcript else None
        if event is None:
            self.next_request.setText(self.tr("(no transcript: nothing to simulate)"))
        else:
            labelled = self.tr("%1: %2", "a name, then what it means or holds")
            said = labelled.replace("%1", EXPLANATIONS.action(event.action)).replace(
                "%2", self._value_text(event.after) if event.action is not Action.SKIPPED else "—"
            )
            against = self._session.doubted_against(discussion)
            self.next_request.setText(f"{against}\n{said}" if against else said)

    def _show_relative(self) -> None:
        """The relative style's text of the stored value, against "now" as it is."""
        row = self._row
        if row is None or self._orphan is not None:
            return
        now = self._session.now()
        moment = parse_absolute(row.stored) if isinstance(row.stored, str) else None
        said = relative_text(moment, now)
        if moment is not None and moment > now:
            # issue 29: "[Sent less than a minute ago]" alone, beside a "future" flag, read as
            # just sent; the middleware counts a time in the future as none (spec:
            # wilmer-timestamps.md), so that is the model's text, and why is said
            after = gap_text(moment - now, gap_units())
            at = f"{now:%Y-%m-%d %H:%M:%S}"
            said = fill(
                self.tr(
                    "%1 is what the model gets: this time is %2 after the pinned Now (%3), and the "
                    "middleware counts a time in the future as no time."
                )
                if self._session.pinned_now is not None
                else self.tr(
                    "%1 is what the model gets: this time is %2 after Now (%3), and the middleware "
                    "counts a time in the future as no time."
                ),
                said,
                after,
                at,
            )
        self.relative.setText(said or self.tr("(none: no stored time)"))

    def _gap_text(self, discussion: Discussion, row: TimelineRow) -> str:
        """The row's gap as the Gap column says it, and from which message
        (#n) it is measured, with why it goes back in time when no flag says."""
        style = self._session.style
        gap, since, back = gap_facts(discussion, style, row.position, gap_units())
        if not gap:
            return self.tr("(none: no earlier message has a time)")
        said = (
            gap
            if since is None
            else fill(self.tr("%1 since #%2, the previous message with a time"), gap, since)
        )
        return "\n".join(line for line in (said, back, gap_precision_note(style)) if line)

    def _flag_name(self, discussion: Discussion, row: TimelineRow, flag: Flag, other: bool) -> str:
        """``flag_label``; a one-second run named by its first and last
        message and its length, as the strip's bracket names it on hover
        (Details said only "one-second-run", tryout)."""
        label = flag_label(flag, other)
        run = one_second_run(discussion.timeline, row.position) if flag is Flag.ONE_SECOND_RUN else None
        if run is None:
            return label
        timeline = discussion.timeline
        first, last = (timeline.row(p) for p in run[:2])
        number = [r.index if r.index is not None else r.position for r in (first, last)]
        return fill(self.tr("%1 (#%2–#%3, %4 × 1 s)"), label, number[0], number[1], run[2])

    def _flag_text(self, discussion: Discussion, row: TimelineRow, flag: Flag, other: bool = False) -> str:
        """What ``flag`` means for ``row``: a one-second run is a backfill's
        only where the file's history does not show the time stored as it
        happened (``stored_live``): beside a History line naming the request
        that stored it at its arrival, the flag called it invented (tryout).
        ``other``: the style shown is not the stored times', and a flag
        judged on those says so (``STORED_FLAG_LABELS``)."""
        if other and flag in STORED_FLAG_LABELS:
            return sentences(EXPLANATIONS.flag(flag), EXPLANATIONS.stored_only())
        history = self._session.history
        if flag is not Flag.ONE_SECOND_RUN or history is None or not history.has_past:
            return EXPLANATIONS.flag(flag)
        event = stored_live(history, row.hash, discussion.clock_zone)
        if event is None or event.by is None:
            return EXPLANATIONS.flag(flag)
        # the story's own sentence of the event (``FileHistory.event_said``), as History
        # and ``history --message`` tell it: one judgement of whose placeholder it was
        told = say(said_on_clock(history.event_said(event), discussion.clock_zone))
        return fill(
            self.tr("One second from its neighbour, but no backfill's: the file's history shows it %1."), told
        )

    def _orphan_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid() and current.row() < len(self._orphan_hashes):
            self.orphanChosen.emit()  # first: a view letting go of its row shows no row here
            self.show_orphan(self._orphan_hashes[current.row()])

    def show_orphan(self, digest: str) -> None:
        """An orphan entry's facts and story where a message's are shown: its
        hash, the value the file keeps under it, the time read from that, and
        what the file's history tells of it."""
        discussion = self._session.discussion
        store = discussion.store if discussion is not None else None
        if store is None or digest not in store:
            return
        QCoreApplication.postEvent(self._facts_area, QEvent(QEvent.Type.LayoutRequest))
        self._row, self._orphan = None, digest
        value = store.get(digest)
        self.heading.setText(self.tr("Orphan entry: no message has this hash"))
        entry_only = self.tr("(no message: an entry holds only a hash and a time)")
        self.content.setPlaceholderText(entry_only)
        self.content.setPlainText("")
        self._fit_message_box()
        self.hash.setText(digest)
        self.hash.setToolTip(digest)
        self.hash.setCursorPosition(0)
        self.stored.setText(self._value_text(value))
        moment = parse_absolute(value)
        self.parsed.setText(self._stored_time_text(moment) if moment else self.tr("(none)"))
        for label in (self.relative, self.own, self.cst, self.gap, self.next_request, self.record):
            label.setText("—")
        self.status.setText(
            sentences(
                self.tr(
                    "An orphan: this time is stored under a hash no message of the transcript has "
                    "(the message was edited or deleted, or the front end sends it otherwise)."
                ),
                EXPLANATIONS.held(*self._held(digest)),
            )
        )
        self.history.setText(self._story(digest))
        self._keep_words_whole()

    def _held(self, key: str) -> tuple[Held, str]:
        """Where the stored time under ``key`` is on disk (``time_held``), and
        the file to name: by its name in its folder, by its path elsewhere (a
        folder moved), as the banner names it."""
        held, path = self._session.time_held(key)
        store = self._session.base.store_path if self._session.base is not None else None
        if path is None:
            return held, ""
        near = store is not None and path.parent == store.parent
        return held, path.name if near else str(path)

    def _status_text(self, row: TimelineRow) -> str:
        """The status's sentence, saying where a stored time shown is on disk
        when the timestamp file at its place does not hold it (issue 29: after
        ``rm timestamps.json`` it said "The file has a time for this exact
        content" under a banner saying it was deleted)."""
        if not row.has_entry:
            return EXPLANATIONS.status(row.status)
        held, where = self._held(row.hash)
        if row.status is Status.TRACKED:
            return EXPLANATIONS.tracked_held(held, where)
        return sentences(EXPLANATIONS.status(row.status), EXPLANATIONS.held(held, where))

    def _stored_time_text(self, moment: datetime) -> str:
        """A stored (naive) time on the middleware's clock, said as the Now
        button and History say it: the offset and whose clock it is. It read
        "(local, zone unknown)" beside a Now button naming UTC+02:00, and
        after a zone was named too (tryout)."""
        clock = self._session.now_clock()
        said = clock_said(moment, clock, self._session.options.wilmer_zone)
        return fill(self.tr("%1 (the middleware's clock: %2)"), f"{moment:%Y-%m-%d %H:%M:%S}", said)

    def _story_text(self, row: TimelineRow) -> str:
        """The message's story from the file's history (the History panel reads it)."""
        return self._story(row.hash)

    def _story(self, digest: str) -> str:
        """The story of ``digest`` (a message's hash or an orphan's) from the file's history."""
        history = self._session.history
        if history is None or not history.has_past:
            return self.tr("(no recording or backups of the timestamp file)")
        discussion = self._session.discussion
        zone = discussion.clock_zone if discussion is not None else None  # the strip's clock
        return visible_text("\n".join(say(said_on_clock(said, zone)) for said in history.story(digest).said))

    def _value_text(self, value: object) -> str:
        """A value the file holds for a key: a string as it is, any other as
        JSON saying it is not text (a null read "(no entry)", a number
        looked like a time)."""
        if isinstance(value, str):
            return visible_text(value)
        shown = stored_text(value, entry=True)
        if value is None:  # "null (null, not text)" says it twice
            return fill(self.tr("%1 (not text)", "a stored JSON value"), shown)
        return fill(
            self.tr("%1 (%2, not text)", "a stored JSON value, its kind"), shown, say(json_kind(value))
        )

    def _cst_text(self, discussion: Discussion, row: TimelineRow) -> str:
        """Which time the CST style shows for the message, and why: Free Anima
        injects the time the transcript records with each user message, so it
        may differ from the file's (Absolute, Relative) and is never an
        estimate; only a transcript without times of its own falls back on
        the file's."""
        if row.index is None:
            return "—"
        options = discussion.options
        own = discussion.transcript.has_own_times
        instant = message_instant(row.own_time, row.time, own, options)
        label = time_text(None, instant, Style.CST, self._session.now(), options) if instant else ""
        if row.role != "user":
            if not label:
                return self.tr("none: Free Anima puts the time line on user messages only")
            # the table's CST column still shows the message's time in that form (tryout: it
            # read as a contradiction beside "none")
            return fill(
                self.tr(
                    "none sent: Free Anima puts the time line on user messages only "
                    "(the Time column shows this message's time in that form: %1)"
                ),
                label,
            )
        if own and instant is None:
            return self.tr(
                "none: the transcript records no time for this message, so Free Anima sends it as it is"
            )
        if own:
            return fill(
                self.tr(
                    "%1: the transcript's own time, which Free Anima injects (not the timestamp "
                    "file's): exact, no ≈; Absolute and Relative show the timestamp file's time"
                ),
                label,
            )
        if instant is None and row.has_entry:
            # an entry the middleware cannot read as a time: "no entry" denied what Stored shows
            return self.tr(
                "none: the transcript records no times of its own and this message's entry in the "
                "timestamp file is not a time the middleware can read (the table's ≈ time is an estimate)"
            )
        if instant is None:
            return self.tr(
                "none yet: the transcript records no times of its own and the timestamp file has no "
                "entry for this message (the table's ≈ time is the one the next request would store)"
            )
        return fill(
            self.tr(
                "%1, the timestamp file's time: the transcript records no times of its own, so its "
                "naive time is placed in the middleware's zone"
            ),
            label,
        )


def own_time_text(moment: datetime) -> str:
    """A transcript's own time as ISO 8601, to the millisecond where it has a
    fraction (SillyTavern keeps milliseconds; Python's isoformat printed six
    digits, "20:03:05.900000"), to the second where it has none."""
    return moment.isoformat(timespec="milliseconds" if moment.microsecond else "seconds")


def orphan_time(value: object) -> str:
    """An orphan's time in the Orphans list: one form on every row, at every
    size and in every style, "2025-09-20 22:41:00" (date and clock on the
    middleware's clock, as its heading says); a value that is no time as the
    file holds it. The list showed the stored text, "(Saturday, 2025-09-20
    22:41:00)", where it had room and the date and clock where it had not,
    so its form changed as the dock did with the table's style (issue 31,
    tryC). The stored text whole is in Details when the orphan is chosen."""
    moment = parse_absolute(value) if isinstance(value, str) else None
    if moment is not None:
        return f"{moment:%Y-%m-%d %H:%M:%S}"
    return visible_text(stored_text(value, entry=True))


class OrphanElide(QStyledItemDelegate):
    """An orphan's line ("time[ · future]  hash…") cut in its hash, never in
    its time: the time is what the reader came for (cut at the end, a narrow
    dock showed "(Saturday, 2025-09-20", and in the smallest window no clock
    at all). The time is in the list's one form (``orphan_time``); the hash
    takes what is left, or goes. The orphan chosen is shown whole above, with
    its story. Its width is what the time needs (the list gives a line its
    viewport's width, the hash what is left of it): as wide as the whole
    line, the list scrolled sideways and the view's edge cut the time
    instead; as wide as the time and a hash's start, it scrolled in the
    least window."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        line = str(index.data() or "")
        stamp, gap, _hash = line.rpartition("  ")
        if not gap:
            return hint
        probe = QStyleOptionViewItem(option)
        super().initStyleOption(probe, index)
        probe.rect = QRect(0, 0, hint.width(), hint.height())
        _, room = cell_text_area(self.parent(), probe)  # the margins as ``initStyleOption`` counts them
        needed = probe.fontMetrics.horizontalAdvance(stamp) + hint.width() - room
        return QSize(min(hint.width(), needed), hint.height())

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        metrics = option.fontMetrics
        _, room = cell_text_area(self.parent(), option)
        line = option.text
        stamp, gap, hashed = line.rpartition("  ")
        if room <= 0 or not gap or metrics.horizontalAdvance(line) <= room:
            return
        left = room - metrics.horizontalAdvance(f"{stamp}{gap}")
        cut = metrics.elidedText(hashed, Qt.TextElideMode.ElideRight, max(0, left))
        option.text = f"{stamp}{gap}{cut}" if cut else stamp

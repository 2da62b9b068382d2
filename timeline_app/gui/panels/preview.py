"""The context preview: what the model receives, as bubbles or as raw JSON.

The text comes from the engine's ``Preview`` (the same object the CLI prints),
so copy and export are byte-identical to ``timeline-inspector preview --json``.
The session builds it on demand: its messages are rendered when read (the
bubbles drawn, the JSON view's start) and Copy/Export write them a chunk at
a time, so a 100k discussion's preview never holds them all.
Message text is inserted with ``QTextCursor.insertText``: never parsed as HTML.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QGuiApplication,
    QPalette,
    QResizeEvent,
    QShowEvent,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextFrameFormat,
)
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QFrame,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...core.context import TIME_CONTEXT_PLACEHOLDER, Style, fill_time_context
from ...core.errors import InputError
from ...core.jsonout import dumps_indented_bytes
from ...core.preview import Preview, SummaryEnd, export_file_name
from ...core.recordings import folder_outside
from ...core.store import write_bytes_atomic
from ..jobs import let_go_on_worker
from ..session import DiscussionSession
from ..tables.timeline import speaker_label
from ..widgets import colours
from ..widgets.breaking_label import BreakingLabel
from ..widgets.flow_layout import FlowLayout, group
from ..widgets.visible import insert_visible
from ..wording import Counted, error_text, fill

BUBBLE_LIMIT = 400  # newest messages drawn as bubbles; copy/export always have all
JSON_VIEW_LIMIT = 2_000_000  # bytes of the JSON shown in the JSON view


def _visible_json(preview: Preview) -> str:
    """What the JSON view shows: the start of the serialisation, decoded up to
    the limit only (the whole text of 100k messages is hundreds of MB)."""
    data = _json_head(preview, JSON_VIEW_LIMIT + 1)
    if len(data) <= JSON_VIEW_LIMIT:
        return data.decode("utf-8")
    head = data[:JSON_VIEW_LIMIT].decode("utf-8", errors="ignore")  # a character cut in two is dropped
    return (
        head
        + "\n"
        + QCoreApplication.translate(
            "PreviewPane", "… (cut here for display; Copy and Export have everything)"
        )
    )


def _json_head(preview: Preview, size: int) -> bytes:
    """The first ``size`` bytes of ``preview.json_bytes()``, serialising only
    the first messages when they cover it: 2 MB of a 100k-message preview are
    a few thousand messages, not the 70 MB document (whose bytes are made
    only for Copy and Export). Exact because a list is written element after
    element: message ``i`` is written the same in any document holding the
    messages before it, so every document of the first ``k`` messages starts
    like the whole one up to the end of message ``k - 1``, and that end lies
    past ``size`` once their contents alone (each at least one byte a
    character) add up to ``size``."""
    if "_bytes" in preview.__dict__:  # made already (copied or exported): nothing to serialise
        return preview.json_bytes()[:size]
    first_messages, covered = [], 0  # read once: a preview built on demand renders what is read
    for message in preview.messages:
        first_messages.append(message)
        content = message.get("content")
        covered += len(content) if isinstance(content, str) else 0
        if covered >= size:
            break
    else:
        return b"".join(preview.json_parts())[:size]  # short: the whole document (kept if not on demand)
    first = {"messages": first_messages, "time_context_summary": preview.time_context_summary}
    return dumps_indented_bytes(first)[:size]


@dataclass(frozen=True)
class _Drawn:
    """The bubbles in the pane: messages ``start``..``end`` of a preview, what
    each shows (``PreviewPane._bubble_key``), in the palette of ``palette``
    (its ``cacheKey``)."""

    start: int
    end: int
    keys: dict[int, tuple[str, str, str, str]]
    palette: int


def _bubble_window(total: int, selected: int | None) -> tuple[int, int]:
    """The messages drawn as bubbles: the newest ``BUBBLE_LIMIT``, or as many
    around the selected message when it is older than those (a long chat
    must still show the message the table selected)."""
    newest = max(0, total - BUBBLE_LIMIT)
    if selected is None or selected >= newest:
        return newest, total
    start = max(0, selected - BUBBLE_LIMIT // 2)
    return start, min(total, start + BUBBLE_LIMIT)


class _JsonView(QPlainTextEdit):
    """The raw JSON view, filled when it is first shown or read: it sits
    behind the bubbles, and its 2 MB (serialised, decoded, laid out: ~0.15 s
    of the GUI thread at 100k messages) would otherwise delay every open
    and restyle for a view that may never be looked at."""

    def __init__(self) -> None:
        super().__init__(readOnly=True)
        self._pending: Callable[[], str] | None = None

    def show_later(self, make: Callable[[], str] | None) -> Callable[[], str] | None:
        """The text ``make()`` returns, made now if the view is shown, else when it is
        (None: nothing waits); returns the one it replaces (its preview is let go
        on a worker: ``set_preview``)."""
        replaced, self._pending = self._pending, make
        if self.isVisible():
            self._fill()
        return replaced

    def _fill(self) -> None:
        if self._pending is not None:
            make, self._pending = self._pending, None
            self.setPlainText(make())

    def showEvent(self, event: QShowEvent) -> None:
        self._fill()
        super().showEvent(event)

    def toPlainText(self) -> str:
        self._fill()
        return super().toPlainText()

    def clear(self) -> None:
        self._pending = None
        super().clear()


BUBBLE_TINT = 38  # the alpha of a role's colour over the chat's background in its bubbles


def _tint(colour: QColor, alpha: int) -> QColor:
    tinted = QColor(colour)
    tinted.setAlpha(alpha)
    return tinted


def _toggle(text: str, checked: bool = False) -> QToolButton:
    """A compact checkable button the Tab key reaches."""
    button = QToolButton(text=text, checkable=True, checked=checked)
    button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    return button


class PreviewPane(Counted, QWidget):
    """Shows the session's preview; refilled whenever the session has a new one."""

    exported = Signal(str)

    def __init__(self, session: DiscussionSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._preview: Preview | None = None
        self._anchors: dict[int, int] = {}  # message position -> where its bubble starts
        self._drawn: _Drawn | None = None  # what the bubbles show (``_add_bubbles``)
        self._shown_index: int | None = None  # the transcript message the views selected
        # Copy, Export and Copy filled prompt asked for while the preview was
        # being made again: done with the new one when it is there (by name,
        # the newest request of each)
        self._waiting: dict[str, Callable[[Preview], None]] = {}
        # the button Qt took the focus from when it turned it off, and where the focus went
        self._focus_back: tuple[QWidget, QWidget | None] | None = None
        # said while the preview shown is not the one for the style, "now" and
        # files chosen: every other view already says the new ones
        self.outdated = QLabel(
            self.tr(
                "Out of date: the preview is being made again for the style, time and files "
                "chosen. Copy and Export wait for it."
            )
        )
        self.outdated.setObjectName("previewOutdated")
        self.outdated.setTextFormat(Qt.TextFormat.PlainText)
        self.outdated.setWordWrap(True)
        self.outdated.hide()
        # what the summary placeholder holds, or why there is no preview: a
        # hash in it breaks where the line ends (a QLabel cut it off)
        self.summary = BreakingLabel()
        self.summary.setObjectName("previewSummary")
        # which stored times the summary is measured from: an orphan's counts too
        self.summary_source = QLabel()
        self.summary_source.setTextFormat(Qt.TextFormat.PlainText)
        self.summary_source.setWordWrap(True)
        self.summary_source.setObjectName("previewSummarySource")
        # two plain checkable buttons, not an exclusive group: Tab reaches both
        # (a group lets Tab stop only on its checked button)
        self.chat_button = _toggle(self.tr("&Chat"), checked=True)
        self.json_button = _toggle(self.tr("&JSON"))
        self.wrap_button = _toggle(self.tr("&Wrap"))
        self.wrap_button.setObjectName("previewWrap")
        self.wrap_button.setToolTip(self.tr("Wrap long lines of the JSON view"))
        self.copy_button = QPushButton(self.tr("Cop&y JSON"))
        self.export_button = QPushButton(self.tr("E&xport…"))
        # wraps in a narrow dock: Export stays reachable instead of running off the window
        bar = FlowLayout(last_right=True)
        bar.addWidget(group(self.chat_button, self.json_button, self.wrap_button))
        bar.addWidget(group(self.copy_button, self.export_button))

        self.chat = QTextEdit(readOnly=True)
        self.chat.setObjectName("previewChat")
        self.chat.setAcceptRichText(False)
        self.json = _JsonView()
        self.json.setObjectName("previewJson")
        self.json.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.json.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.chat)
        self.stack.addWidget(self.json)
        for number, button in enumerate((self.chat_button, self.json_button)):
            button.clicked.connect(lambda _=False, n=number: self.show_view(n))
        self.wrap_button.toggled.connect(self._wrap_toggled)
        for editor in (self.chat, self.json):
            editor.setTabChangesFocus(True)  # Tab moves on; a read-only view never takes it

        self.template = QPlainTextEdit()
        self.template.setObjectName("systemPromptTemplate")
        self.template.setPlaceholderText(
            self.tr("Paste a node's systemPrompt here to see %1 filled in").replace(
                "%1", TIME_CONTEXT_PLACEHOLDER
            )
        )
        self.filled = QPlainTextEdit(readOnly=True)
        self.filled.setObjectName("systemPromptFilled")
        for editor in (self.template, self.filled):
            editor.setTabChangesFocus(True)
        self.template.textChanged.connect(self._fill_template)
        # what the summary placeholder holds and a template to fill with it,
        # under the chat in a scrolling pane: above it they took a 560 px
        # window's height and left the chat one message high
        prompt = QWidget()
        prompt_box = QVBoxLayout(prompt)
        prompt_box.setContentsMargins(0, 0, 0, 0)
        prompt_box.addWidget(self.summary)
        self.copy_filled_button = QPushButton(self.tr("Copy fi&lled prompt"))
        self.copy_filled_button.setObjectName("copyFilledPrompt")
        self.copy_filled_button.clicked.connect(self.copy_filled)
        # wraps too: on one line, label and button kept the Details dock 300 px
        # wide, the timeline's Content column squeezed beside it at 1024 px
        heading = FlowLayout(last_right=True)
        heading.addWidget(QLabel(self.tr("systemPrompt template")))
        heading.addWidget(self.copy_filled_button)
        prompt_box.addLayout(heading)
        prompt_box.addWidget(self.template)
        prompt_box.addWidget(self.filled)
        # how the summary is measured, under the template: between them its
        # seven lines took the template box below the fold at 1024x700 (issue 31 tryout)
        prompt_box.addWidget(self.summary_source)

        lower = QScrollArea()
        lower.setObjectName("previewPromptArea")
        lower.setWidgetResizable(True)
        lower.setFrameShape(QFrame.Shape.NoFrame)
        lower.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        lower.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the template in it
        lower.setWidget(prompt)
        # it scrolls down only: as wide as its rows at least (they were clipped)
        lower.setMinimumWidth(prompt.minimumSizeHint().width() + lower.verticalScrollBar().sizeHint().width())
        self._split = split = QSplitter(Qt.Orientation.Vertical)
        split.setObjectName("previewSplit")
        split.addWidget(self.stack)
        split.addWidget(lower)
        split.setChildrenCollapsible(False)
        split.setStretchFactor(0, 1)
        # the summary and template get what they need up to a third, the chat
        # the rest, at every height until the person drags the handle
        self._split_dragged = False
        split.splitterMoved.connect(self._split_moved)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.outdated)
        layout.addWidget(split, 1)
        self.copy_button.clicked.connect(self.copy_json)
        self.export_button.clicked.connect(self._export_dialog)
        session.previewChanged.connect(self._preview_changed)
        session.previewCurrentChanged.connect(self._current_changed)
        # where the window's placeholder is on disk changes what the summary's source says
        session.goneChanged.connect(self._say_summary_source)
        session.diskChecked.connect(self._say_summary_source)
        self.set_preview(None)

    def _say_summary_source(self) -> None:
        # worked out against a file the window doubts is this chat's: said first (tryM 2)
        against = self._session.doubted_against() if self._preview is not None else ""
        source = self._summary_source(self._preview)
        self.summary_source.setText("\n".join(text for text in (against, source) if text))
        self.summary_source.setVisible(bool(self.summary_source.text()))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._share_split()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._share_split()

    def _split_moved(self, _pos: int, _index: int) -> None:
        self._split_dragged = True  # a size the person chose stays

    def _share_split(self) -> None:
        """The summary and template get what they need up to a third of the
        pane, the chat the rest; at every size until the handle is dragged
        (set once at the first height, a window made smaller later took it
        all from the chat, which then had less than two thirds)."""
        split = self._split
        if self._split_dragged or not self.isVisible() or split.height() <= 0:
            return
        total = sum(split.sizes())
        lower = min(split.widget(1).widget().sizeHint().height(), total // 3)
        if split.sizes() != [total - lower, lower]:
            split.setSizes([total - lower, lower])

    def show_view(self, number: int) -> None:
        """0 the chat bubbles, 1 the raw JSON; the buttons say which is shown."""
        self.stack.setCurrentIndex(number)
        self.chat_button.setChecked(number == 0)
        self.json_button.setChecked(number == 1)

    def _wrap_toggled(self, on: bool) -> None:
        mode = QPlainTextEdit.LineWrapMode.WidgetWidth if on else QPlainTextEdit.LineWrapMode.NoWrap
        self.json.setLineWrapMode(mode)

    def _preview_changed(self) -> None:
        self.set_preview(self._session.preview)
        if self._session.preview is None:
            self._waiting.clear()  # none will come (failed, or the discussion closed): nothing to do it with
        if self._session.preview_error:
            self.summary.setText(self.tr("No preview: %1").replace("%1", self._session.preview_error))
        self._current_changed(self.is_current())

    def is_current(self) -> bool:
        """The preview shown is the session's, made for the style, "now" and
        files chosen: what Copy and Export write belongs to it."""
        return (
            self._preview is not None
            and self._preview is self._session.preview
            and self._session.preview_current
        )

    def _current_changed(self, _current: bool) -> None:
        current = self.is_current()
        buttons = (self.copy_button, self.export_button, self.copy_filled_button)
        had = next((b for b in buttons if b.hasFocus()), None) if not current else None
        for button in buttons:
            button.setEnabled(current)
        if had is not None:  # Qt moved the focus on from the button it turned off
            self._focus_back = (had, QApplication.focusWidget())
        elif current and self._focus_back is not None:
            # given back to the button once it is on again, where the person left it
            # (tryout: Ctrl+2 with Copy JSON focused left the focus in the chat view,
            # and Space then copied nothing); not where the person went meanwhile
            button, moved_to = self._focus_back
            self._focus_back = None
            if QApplication.focusWidget() is moved_to:
                button.setFocus(Qt.FocusReason.OtherFocusReason)
        self.outdated.setVisible(self._preview is not None and not current)
        preview = self._preview
        if current and preview is not None:
            waiting, self._waiting = self._waiting, {}
            for action in waiting.values():
                action(preview)

    def _when_current(self, name: str, action: Callable[[Preview], None]) -> None:
        """``action`` with the preview now if it is current, else with the one
        being made, when it is there: never an older preview written or copied
        under the style and time every other view says (the Export dialog's
        own event loop lets the clock's minute or a change on disk start one)."""
        if self.is_current() and self._preview is not None:
            self._waiting.pop(name, None)
            action(self._preview)
            return
        if self._session.preview is None and not self._session.jobs.busy("preview"):
            return  # no preview, none coming: the pane says why
        self._waiting[name] = action
        self._session.notice.emit(self.tr("The preview is being made again; done when it is ready"))

    def rerender(self) -> None:
        """Draw the bubbles again (the palette changed)."""
        self._drawn = None  # every one: the ink is written into the document
        self.set_preview(self._preview)

    def changeEvent(self, event: QEvent) -> None:
        # the bubbles' text colour is written into the document: a theme's
        # palette reaches this pane after the menu's slot returned, so the
        # pane restyles when it arrives (a rerender in that slot read the old one)
        if event.type() == QEvent.Type.PaletteChange and self._preview is not None:
            self.rerender()
        super().changeEvent(event)

    @property
    def preview(self) -> Preview | None:
        return self._preview

    def set_preview(self, preview: Preview | None) -> None:
        # the preview replaced (100k messages) is freed off the GUI thread
        pending = None if preview is None else (lambda: _visible_json(preview))
        let_go_on_worker(self._preview, self.json.show_later(pending))
        self._preview = preview
        self._say_summary_source()
        if preview is None:
            self.summary.setText(self.tr("No preview yet."))
            self.chat.clear()
            self._drawn = None
            self.json.clear()
            self._fill_template()
        else:
            summary = preview.time_context_summary or self.tr("(empty: no stored time parses)")
            self.summary.setText(f"{{time_context_summary}} = {summary}")
            self._render_bubbles(preview)
            self._fill_template()
        # last: what waited for this preview is done with it filled in (its
        # template) and may say something in the summary
        self._current_changed(self.is_current())

    def _summary_source(self, preview: Preview | None) -> str:
        """Why the summary reads as it does: the two stored times it is measured
        from and what holds each (a message, the next request, or an orphan no
        message has: the middleware counts every stored time but the placeholder)."""
        ends = preview.summary_ends if preview is not None else None
        if preview is None or ends is None:
            return ""
        off_disk = self._session.reply_off_disk

        def said(end: SummaryEnd) -> str:
            when = f"{end.time:%Y-%m-%d %H:%M:%S}"
            if end.message is None:
                return fill(self.tr("an orphan entry %1… that no message has (%2)"), end.hash[:12], when)
            if end.tracked_now and end.hash == off_disk:
                # the window's pending reply time, which no file at the name holds any more
                # (ph30: "stored by the next request" after ``rm timestamps.json``)
                return fill(
                    self.tr(
                        "#%1, given the window's pending reply time (%2) only if Save writes it: "
                        "the timestamp file on disk no longer holds it"
                    ),
                    end.message,
                    when,
                )
            if end.tracked_now:
                return fill(self.tr("#%1, stored by the next request (%2)"), end.message, when)
            return fill(self.tr("#%1 (%2)"), end.message, when)

        if preview.style is Style.CST:
            text = self.tr(
                "Measured from the timestamp file as it is (the CST style runs no WilmerAI tracking), "
                "over every stored time but the placeholder, orphans too: earliest %1, latest %2."
            )
        else:
            text = self.tr(
                "Measured after the next request's tracking, over every stored time but the "
                "placeholder, orphans too, as WilmerAI does: earliest %1, latest %2."
            )
        text = fill(text, said(ends[0]), said(ends[1]))
        # a time ahead of "now" the middleware words as no time at all: said, or a
        # latest three months ahead read "sent less than a minute ago" unexplained (issue 31)
        if ends[0].after_now:
            ahead = self.tr(
                "The earliest and the latest are after now: WilmerAI counts a time in the future as no "
                'time and words each as "less than a minute" ago.'
            )
        elif ends[1].after_now:
            ahead = self.tr(
                "The latest is after now: WilmerAI counts a time in the future as no time and words it "
                'as "less than a minute" ago.'
            )
        else:
            return text
        return f"{text} {ahead}"

    def _render_bubbles(self, preview: Preview) -> None:
        total = len(preview.messages)
        start, end = _bubble_window(total, self._selected_position(preview))
        palette = self.palette()
        keys = {position: self._bubble_key(preview, position) for position in range(start, end)}
        note = self._window_note(start, end, total)
        if not self._add_bubbles(preview, start, end, keys, note, palette):
            self._draw_bubbles(preview, start, end, keys, note, palette)
        self.chat.moveCursor(QTextCursor.MoveOperation.End)
        if self._shown_index is not None:
            self.show_message(self._shown_index)

    def _bubble_key(self, preview: Preview, position: int) -> tuple[str, str, str, str]:
        """What message ``position``'s bubble shows: its role, heading, the
        text the style put in front of it, the rest of its text."""
        message = preview.messages[position]
        role = str(message.get("role", ""))
        # the heading is UI: a known role in the table's word (用户), the JSON keeps it as sent
        # with the ``name`` it is sent with, which the model reads ("user · Alice")
        heading = speaker_label(role, message) if role else self.tr("(no role)")
        content = message.get("content")
        body = content if isinstance(content, str) else str(content)
        prefix = preview.injected_prefix(position)
        return role, heading, prefix, body[len(prefix) :] if prefix else body

    def _window_note(self, start: int, end: int, total: int) -> str:
        """The line above the bubbles saying which messages they are ("" when all)."""
        if end < total:
            shown = self.tr(
                "Showing messages %1 to %2 of %n; the JSON view, Copy and Export have all of them.",
                "",
                total,
            )
            return fill(shown, start + 1, end)
        if start:
            shown = self.tr(
                "Showing the newest %1 of %n message(s); the JSON view, Copy and Export have all of them.",
                "",
                total,
            )
            return fill(shown, BUBBLE_LIMIT)
        return ""

    def _draw_bubbles(
        self,
        preview: Preview,
        start: int,
        end: int,
        keys: dict[int, tuple[str, str, str, str]],
        note: str,
        palette: QPalette,
    ) -> None:
        """Every bubble of ``start``..``end`` drawn anew."""
        # the editor's own document is refilled; replacing documents makes Qt
        # delete the old one under PySide's feet
        document = self.chat.document()
        document.clear()
        self._anchors = {}
        cursor = QTextCursor(document)
        # one edit block: the document is laid out once at its end, not after
        # each of the ~2,000 inserts of 400 bubbles
        cursor.beginEditBlock()
        if note:
            cursor.insertText(note + "\n")
        formats: dict[str, tuple[QTextFrameFormat, QTextCharFormat]] = {}
        for position in range(start, end):
            self._insert_bubble(cursor, position, keys[position], formats, palette)
        cursor.endEditBlock()
        self._drawn = _Drawn(start, end, keys, palette.cacheKey())

    def _add_bubbles(
        self,
        preview: Preview,
        start: int,
        end: int,
        keys: dict[int, tuple[str, str, str, str]],
        note: str,
        palette: QPalette,
    ) -> bool:
        """The bubbles drawn kept where the new preview shows them alike (the
        middleware appended: the newest 400 moved on by the new messages):
        those that left the window taken off the top, the note above them
        said again, the new ones added at the end; False (nothing done) when
        the drawn ones are not such a start of the new window. Drawing all
        400 again was 25-130 ms of the GUI thread after every append at 100k
        (issue 29)."""
        drawn = self._drawn
        if (
            drawn is None
            or drawn.palette != palette.cacheKey()
            or not drawn.start <= start < drawn.end <= end
            or any(drawn.keys[position] != keys[position] for position in range(start, drawn.end))
        ):
            return False
        cursor = QTextCursor(self.chat.document())
        cursor.beginEditBlock()
        # the note and the bubbles that left the window: everything before the first one kept
        cursor.setPosition(self._anchors[start], QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        if note:
            cursor.insertText(note + "\n")
        shift = cursor.position() - self._anchors[start]
        self._anchors = {p: at + shift for p, at in self._anchors.items() if start <= p < drawn.end}
        cursor.movePosition(QTextCursor.MoveOperation.End)
        formats: dict[str, tuple[QTextFrameFormat, QTextCharFormat]] = {}
        for position in range(drawn.end, end):
            self._insert_bubble(cursor, position, keys[position], formats, palette)
        cursor.endEditBlock()
        self._drawn = _Drawn(start, end, keys, palette.cacheKey())
        return True

    def _insert_bubble(
        self,
        cursor: QTextCursor,
        position: int,
        key: tuple[str, str, str, str],
        formats: dict[str, tuple[QTextFrameFormat, QTextCharFormat]],
        palette: QPalette,
    ) -> None:
        """Message ``position``'s bubble at ``cursor``, which ends after it."""
        role, heading, prefix, body = key
        # each role's bubble and heading formats made once, not for each of 400
        # bubbles (the ink's contrast search, the tints: GUI-thread time, issue 29)
        if role not in formats:
            formats[role] = self._bubble_formats(role, palette)
        frame, name = formats[role]
        self._anchors[position] = cursor.position()
        cursor.insertFrame(frame)
        insert_visible(cursor, heading, name)
        cursor.insertBlock(QTextBlockFormat())
        plain = QTextCharFormat()
        plain.setForeground(palette.color(QPalette.ColorRole.Text))
        if prefix:
            marked = QTextCharFormat(plain)
            marked.setBackground(_tint(colours.PLACEHOLDER, 90))
            marked.setToolTip(self.tr("injected by the middleware"))
            # a time on its own line (CST's "time: 2025-09-21T06:20 周日") is never
            # broken: a narrow bubble broke it inside, between 周 and 日 (tryout)
            own_line = prefix.endswith("\n")
            if own_line:
                unbroken = QTextBlockFormat(cursor.blockFormat())
                unbroken.setNonBreakableLines(True)
                cursor.setBlockFormat(unbroken)
            insert_visible(cursor, prefix, marked)
            if own_line:
                cursor.setBlockFormat(QTextBlockFormat())
        insert_visible(cursor, body, plain)
        cursor.movePosition(QTextCursor.MoveOperation.End)

    @staticmethod
    def _bubble_formats(role: str, palette: QPalette) -> tuple[QTextFrameFormat, QTextCharFormat]:
        """A ``role``'s bubble (its tint, its side) and the format of its heading."""
        frame = QTextFrameFormat()
        frame.setBackground(_tint(colours.role_colour(role), BUBBLE_TINT))
        frame.setBorder(1)
        frame.setBorderBrush(_tint(colours.role_colour(role), 140))
        frame.setPadding(6)
        frame.setMargin(4)
        if role.lower() == "user":
            frame.setLeftMargin(28)
        else:
            frame.setRightMargin(28)
        name = QTextCharFormat()
        name.setFontWeight(QFont.Weight.Bold)
        bubble = colours.over(colours.role_colour(role), BUBBLE_TINT, palette.color(QPalette.ColorRole.Base))
        name.setForeground(colours.text_ink(colours.role_colour(role), bubble))  # 4.5:1 on the bubble
        return frame, name

    def _selected_position(self, preview: Preview) -> int | None:
        return None if self._shown_index is None else preview.position_of(self._shown_index)

    def show_message(self, transcript_index: int | None) -> None:
        """Scroll the bubbles to the message the views selected (its bubble's
        top in view); nothing moves for a message the request leaves out."""
        self._shown_index = transcript_index
        preview = self._preview
        if transcript_index is None or preview is None:
            return
        position = preview.position_of(transcript_index)
        if position is None:
            return
        if position not in self._anchors:  # outside the drawn bubbles: draw the ones around it
            self._render_bubbles(preview)
            return
        cursor = QTextCursor(self.chat.document())
        cursor.setPosition(self._anchors[position] + 1)
        self.chat.setTextCursor(cursor)
        bar = self.chat.verticalScrollBar()
        bar.setValue(bar.maximum())  # then back up: the bubble lands at the top, not the bottom
        self.chat.ensureCursorVisible()

    def _fill_template(self) -> None:
        summary = self._preview.time_context_summary if self._preview else ""
        bar = self.filled.verticalScrollBar()
        kept = bar.value()  # typing in the template must not throw the reader back to the top
        self.filled.setPlainText(fill_time_context(self.template.toPlainText(), summary))
        bar.setValue(kept)
        # an empty box under an empty template said nothing
        self.filled.setVisible(bool(self.template.toPlainText()))

    def copy_filled(self) -> None:
        """The template filled with the current preview's summary (refilled
        when a new preview arrives, before this runs)."""
        self._when_current(
            "filled", lambda _preview: QGuiApplication.clipboard().setText(self.filled.toPlainText())
        )

    def json_text(self) -> str:
        """All of the preview's JSON (the CLI's output), decoded when asked."""
        return b"".join(self._preview.json_parts()).decode("utf-8") if self._preview else ""

    def copy_json(self) -> None:
        """The whole document onto the clipboard. It is serialised and decoded
        on a worker (at 100k messages that is 70 MB and over a second of a
        frozen window on the GUI thread); the clipboard gets it when ready and
        the status bar says so, since nothing else shows that a copy happened.
        Done with the current preview (``_when_current``)."""
        self._when_current("copy", self._copy_json)

    def _copy_json(self, preview: Preview) -> None:
        def copied(text: str) -> None:
            QGuiApplication.clipboard().setText(text)
            count = len(preview.messages)
            self._session.notice.emit(self.tr("Copied the preview's JSON (%n message(s))", None, count))

        self._session.jobs.submit(
            # joined from the parts, not kept: the preview renders its messages on demand
            "copy",
            lambda _progress: b"".join(preview.json_parts()).decode("utf-8"),
            copied,
            self._said_failure,
        )

    def export_to(self, path: str | Path, named_for: Style | None = None) -> None:
        """Write the current preview's JSON (the CLI's bytes) to ``path`` on a
        worker, for the same reason as ``copy_json``; ``exported`` tells when
        it is written, and a failure is said in the pane, never raised into
        the event loop. ``named_for``: the style the file's name says; a
        preview of another (the style changed while it was being made) is
        not written under it."""
        self._when_current("export", lambda preview: self._export(preview, path, named_for))

    def _export(self, preview: Preview, path: str | Path, named_for: Style | None) -> None:
        if named_for is not None and preview.style is not named_for:
            self.summary.setText(
                fill(
                    self.tr("Not exported to %1: the style changed while the preview was being made."),
                    str(path),
                )
            )
            return

        def write(_progress: object) -> str:
            # written a chunk of messages at a time: 100k are never all rendered at once
            write_bytes_atomic(path, preview.json_parts(), backup=False)
            return str(path)

        # the file the person asked for is written even when another discussion opens
        self._session.jobs.submit("export", write, self._exported, self._said_failure, bound=False)

    def _exported(self, path: str) -> None:
        self._session.notice.emit(self.tr("Exported the preview to %1").replace("%1", path))
        self.exported.emit(path)

    def _said_failure(self, error: InputError) -> None:
        # a bug's message too comes as an InputError (the JobRunner wraps it)
        self.summary.setText(self.tr("Copy or export failed: %1").replace("%1", error_text(error)))

    def export_name(self) -> str:
        """The proposed file: named for the discussion and style, in its folder
        (outside it for a recording's request: nothing is written into one)."""
        session = self._session
        title = session.discussion.title if session.discussion is not None else "preview"
        name = export_file_name(title, session.style)
        current = session.pair.transcript or session.pair.store
        return str(folder_outside(current) / name) if current is not None else name

    def _export_dialog(self) -> None:
        style = self._session.style  # the name proposed says it
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export preview"), self.export_name(), self.tr("JSON (*.json)")
        )
        if path:
            self.export_to(path, style)

"""Predicted vs actual: the engine's ``Comparison`` shown side by side.

The left pane is what the inspector predicts the model receives (from the
client request and the timestamp file copy kept with it), the right pane
what the model really received. Text goes in as plain text and differences
are marked with ``QTextCharFormat`` over it, never as HTML, so a message
that looks like markup shows as it is. Control characters that would
otherwise vanish (a carriage return, a NUL) are drawn as visible
characters one for one, so a line-ending difference is seen where it is and
every span offset stays exact. The span offsets are Python characters;
Qt counts UTF-16 units, so they are converted (an emoji is two).
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontDatabase, QPalette, QResizeEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ...core.compare import Comparison, MessageDiff
from ...core.context import Style
from ...core.zones import offset_name
from ..tables.base import (
    AnyIndex,
    ReadOnlyTableModel,
    header_text_width,
    keep_fitted,
    row_table,
    rows_height,
)
from ..widgets import colours
from ..widgets.colours import plain_tooltip
from ..widgets.key_scroll import KeyScrollArea
from ..wording import Counted, fill, say

STATUS_LINES = 5  # shown at once; the rest scrolls, by keys too (the tooltip has everything)
LEAST_STATUS_LINES = 2  # of them in the smallest window: the verdict, the client request
LEAST_ROWS = 3  # of the tree of requests in its least height (two stay whole in the smallest window)
LIST_ROWS = 2  # of the messages list in its least height: the texts under it have their lines too
PANE_LINES = 2  # of each text pane in its least height: the texts in view whenever a comparison is
PANE_EMS = 24  # characters of each text pane's width, for the panes to go beside the list
# the columns hidden where the list is too narrow for them whole, first to last: Differs at,
# Role, Status (the line under the list says them for the row the keys are on)
GIVES_WAY = (4, 2, 3)
HEADERS = (
    QT_TRANSLATE_NOOP("ComparisonModel", "Predicted"),
    QT_TRANSLATE_NOOP("ComparisonModel", "Received"),
    QT_TRANSLATE_NOOP("ComparisonModel", "Role"),
    QT_TRANSLATE_NOOP("ComparisonModel", "Status"),
    # where (``difference_place``); the text around it is said under the list
    QT_TRANSLATE_NOOP("ComparisonModel", "Differs at"),
)
# a message's place in the comparison (the engine's codes, worded here)
MESSAGE_STATUS = {
    "same": QT_TRANSLATE_NOOP("ComparisonModel", "same"),
    "changed": QT_TRANSLATE_NOOP("ComparisonModel", "changed"),
    "missing": QT_TRANSLATE_NOOP("ComparisonModel", "missing"),
    "extra": QT_TRANSLATE_NOOP("ComparisonModel", "extra"),
}
# the style the prediction was made in, as the status line names it
STYLE_WORDS = {
    Style.ABSOLUTE: QT_TRANSLATE_NOOP("ComparisonView", "absolute"),
    Style.RELATIVE: QT_TRANSLATE_NOOP("ComparisonView", "relative"),
    Style.CST: QT_TRANSLATE_NOOP("ComparisonView", "cst"),
}
DIFF_COLOUR = QColor(colours.WARNING.red(), colours.WARNING.green(), colours.WARNING.blue(), 110)
WHOLE_COLOUR = QColor(colours.PLACEHOLDER.red(), colours.PLACEHOLDER.green(), colours.PLACEHOLDER.blue(), 70)
# one visible character for one invisible one, from glyphs common fonts have
# (the Unicode control pictures are missing from DejaVu and most defaults)
CARRIAGE_RETURN = "↵"
_VISIBLE = {c: "\ufffd" for c in (*range(32), 127) if c not in (9, 10)} | {13: CARRIAGE_RETURN}
LEGEND = QT_TRANSLATE_NOOP(
    "ComparisonView",
    "%1 is a carriage return (\\r), %2 another control character; the line under the list quotes where "
    "the texts first differ",
)


def visible(text: str) -> str:
    """``text`` with control characters (but tab and line feed) drawn as
    visible ones, one character for one (see ``LEGEND``)."""
    return text.translate(_VISIBLE)


def utf16_offset(text: str, index: int) -> int:
    """Where Python character ``index`` of ``text`` falls in Qt's UTF-16 units."""
    return len(text[:index].encode("utf-16-le", "surrogatepass")) // 2


def message_status(status: str) -> str:
    """A message's comparison status (``same``, ``changed``, ...) in the user's language."""
    return QCoreApplication.translate("ComparisonModel", MESSAGE_STATUS.get(status, status))


def absent_text(status: str) -> str:
    """What stands for a message one side does not have."""
    if status == "missing":
        return QCoreApplication.translate("ComparisonModel", "not received")
    if status == "extra":
        return QCoreApplication.translate("ComparisonModel", "not predicted")
    return ""


AROUND = 10  # characters shown each side of a first difference


def _around(text: str, at_byte: int) -> str:
    """``text`` near its UTF-8 byte ``at_byte``, quoted: ``AROUND`` characters
    before the character that byte is in and from it on, "…" where more
    follows, control characters and line breaks drawn visible (one cell, one line)."""
    at = len(text.encode("utf-8", "surrogatepass")[:at_byte].decode("utf-8", "ignore"))
    start, end = max(0, at - AROUND), min(len(text), at + AROUND)
    shown = visible(text[start:end]).replace("\n", "¶").replace("\t", "»")
    quoted = f"“{'…' if start else ''}{shown}{'…' if end < len(text) else ''}”"
    if at >= len(text):  # this side stops where the other goes on
        return fill(QCoreApplication.translate("ComparisonModel", "%1 (end)"), quoted)
    return quoted


def first_difference(message: MessageDiff) -> str:
    """Where a changed message first differs, as the text around it on each
    side: the bytes in hex ("28 53 75 6e → 5b 44 69 73") told a person
    nothing of what changed (issue 31 item 10)."""
    if message.first_byte is None or message.predicted is None or message.actual is None:
        return absent_text(message.status)
    at = message.first_byte
    character = len(message.predicted.encode("utf-8", "surrogatepass")[:at].decode("utf-8", "ignore"))
    text = QCoreApplication.translate("ComparisonModel", "character %1: %2 → %3")
    return fill(text, f"{character:,}", _around(message.predicted, at), _around(message.actual, at))


def difference_place(message: MessageDiff) -> str:
    """The list's short form of ``first_difference``: where ("character 1,204"),
    which a column at 1024 px holds whole; the text around it is said under
    the list for the row the keys are on (issue 31: "第 0 个字…", cut)."""
    if message.first_byte is None or message.predicted is None or message.actual is None:
        return absent_text(message.status)
    at = message.first_byte
    character = len(message.predicted.encode("utf-8", "surrogatepass")[:at].decode("utf-8", "ignore"))
    return fill(QCoreApplication.translate("ComparisonModel", "character %1"), f"{character:,}")


def _number(index: int | None) -> str:
    return "—" if index is None else f"#{index}"


class ComparisonModel(ReadOnlyTableModel):
    """One row per aligned message of a comparison."""

    HEADERS = HEADERS
    HEADER_CONTEXT = "ComparisonModel"

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._messages: tuple[MessageDiff, ...] = ()

    def set_comparison(self, comparison: Comparison | None) -> None:
        self.beginResetModel()
        self._messages = comparison.messages if comparison is not None else ()
        self.endResetModel()

    def row_count(self) -> int:
        return len(self._messages)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        message = self._messages[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            cells = (
                _number(message.predicted_index),
                _number(message.actual_index),
                message.role,
                message_status(message.status),
                difference_place(message),
            )
            return cells[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == len(HEADERS) - 1 and message.differs:
            return plain_tooltip(first_difference(message))
        if role == Qt.ItemDataRole.ForegroundRole and message.differs:
            return colours.text_ink(colours.WARNING)
        return None


class ComparisonView(Counted, QWidget):
    """A status line, the list of messages, and the two contexts side by side;
    picking a message scrolls both panes to it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comparison: Comparison | None = None
        self.status = QLabel(self.pick_text())
        self.status.setObjectName("comparisonStatus")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # at most STATUS_LINES: a longer account must not resize the dock under the
        # pointer; at least its verdict's: in the smallest window the lines the status
        # held took the list's rows (tryout zm1); what it does not show scrolls, by keys
        # too (it was in a tooltip only, tryout)
        self.status_area = KeyScrollArea(self.status)
        self.status_area.setObjectName("comparisonStatusArea")
        self.status_area.keep_whole_lines(STATUS_LINES, LEAST_STATUS_LINES)
        self.model = ComparisonModel(self)
        self.table = row_table(self.model, {}, "comparisonMessages")
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        # the last fitted too: it stretches from its fit (from 100 px it ran past the edge)
        keep_fitted(self.table, range(self.model.columnCount()))
        # "Differs at" hidden where it does not fit whole beside the others: the line
        # under the list says it for the row the keys are on ("character 12: …"); at
        # 1024 px the columns needed 356 px of 320 and the list scrolled across (issue 31)
        self.table.viewport().installEventFilter(self)
        self.table.horizontalHeader().sectionResized.connect(lambda *_: self._fit_last())
        # its least height holds rows: in the smallest Chinese window the list
        # showed its header alone, cut, under the status lines (tryout zm1)
        self.table.setMinimumHeight(rows_height(self.table, LIST_ROWS))
        # the selected message's first difference whole, wrapped: the list's column
        # says only where (issue 31: at 1024 px it read "第 0 个字…"); the keys move
        # the selection, and this follows it
        self.difference = QLabel()
        self.difference.setObjectName("comparisonDifference")
        self.difference.setTextFormat(Qt.TextFormat.PlainText)
        self.difference.setWordWrap(True)
        self.difference.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.difference.hide()  # until a message that differs is picked
        self.predicted = self._pane("comparisonPredicted")
        self.actual = self._pane("comparisonActual")
        self._headers: list[tuple[int, int]] = []  # per message: where it starts in each pane
        # each pane's picked header, kept its first line until the reader scrolls (``_to_top``)
        self._pinned: dict[QPlainTextEdit, int] = {}
        self._moving = False  # the view moves a pane's cursor itself
        for pane in (self.predicted, self.actual):
            pane.viewport().installEventFilter(self)
            scroll = pane.verticalScrollBar()
            scroll.rangeChanged.connect(
                lambda *_, pane=pane: QTimer.singleShot(0, self, lambda: self._to_top(pane))
            )
            scroll.actionTriggered.connect(lambda _action, pane=pane: self._unpin(pane))
            pane.cursorPositionChanged.connect(lambda pane=pane: self._unpin(pane))
        sides = QSplitter(Qt.Orientation.Horizontal)
        for title, pane in (
            (self.tr("Predicted by the inspector"), self.predicted),
            (self.tr("Received by the model"), self.actual),
        ):
            box = QWidget()
            layout = QVBoxLayout(box)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.setSpacing(0)  # the title on its pane: the pane's lines get the pixels
            layout.addWidget(QLabel(title))
            layout.addWidget(pane, 1)
            sides.addWidget(box)
        # the texts give way first in a short dock, but keep a few lines in view while
        # they show a comparison: they were hidden at 1920x1080 and at 1024x700 until
        # the dock was dragged taller (issue 31); with nothing compared, the tree's rows
        # and the table's keep that room
        self._sides = sides
        sides.setMinimumHeight(1)
        listed = QWidget()
        listed_layout = QVBoxLayout(listed)
        listed_layout.setContentsMargins(0, 0, 0, 0)
        listed_layout.addWidget(self.table, 1)
        listed_layout.addWidget(self.difference)
        self._split = split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(listed)
        split.addWidget(sides)
        split.setStretchFactor(1, 3)
        split.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.status_area)
        layout.addWidget(split, 1)
        self.table.selectionModel().currentRowChanged.connect(
            lambda current, _: self.show_message(current.row())
        )

    def _sides_least(self) -> int:
        """The texts' least height: their titles and ``PANE_LINES`` lines."""
        pane = self.predicted
        title = QLabel("X").sizeHint().height()
        lines = PANE_LINES * pane.fontMetrics().lineSpacing()
        # the document's margin above the first line (the one under the last is not needed
        # for the lines to read whole: at 1024x700 it cost the timeline its eighth row)
        margins = round(pane.document().documentMargin()) + 2 * pane.frameWidth()
        return title + lines + margins  # (the panes wrap: no scroll bar across)

    def _arrange(self) -> None:
        """The texts beside the list where the view is wide enough for the
        list whole and two panes of ``PANE_EMS`` characters, else under it: in
        a wide, short dock (1920x1080, a quarter of its height) the texts
        under the list had no line left (issue 31)."""
        width = self._split.width()
        header = self.table.horizontalHeader()
        last = header.count() - 1
        listed = sum(header.sectionSize(c) for c in range(last))
        listed += max(self.table.sizeHintForColumn(last), header_text_width(self.table, last))
        listed += 2 * self.table.frameWidth() + self.table.verticalScrollBar().sizeHint().width()
        panes = 2 * PANE_EMS * self.predicted.fontMetrics().horizontalAdvance("x")
        wide = width >= listed + panes + 2 * self._split.handleWidth()
        orientation = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        split = self._split
        if split.orientation() != orientation:
            split.setOrientation(orientation)
            # the list its own size, the texts the rest (the sizes across were kept as heights)
            listed_part = split.widget(0)
            if wide:
                split.setSizes([listed, width - listed])
            else:
                own = max(listed_part.minimumSizeHint().height(), listed_part.sizeHint().height())
                split.setSizes([own, max(0, split.height() - own)])

    def _fit_last(self) -> None:
        """Hide, in ``GIVES_WAY`` order, the columns that do not fit whole
        beside the others (the line under the list says the current row's
        role, status and first difference), and show them again with room."""
        table, header = self.table, self.table.horizontalHeader()
        # as fitted (``keep_fitted``), not as drawn: the last shown stretches
        wanted = {
            c: max(table.sizeHintForColumn(c), header_text_width(table, c)) for c in range(header.count())
        }
        room, hide = table.viewport().width(), set()
        for column in GIVES_WAY:
            if sum(w for c, w in wanted.items() if c not in hide) <= room:
                break
            hide.add(column)
        for column in GIVES_WAY:
            if header.isSectionHidden(column) != (column in hide):
                header.setSectionHidden(column, column in hide)
                if column not in hide and column != header.count() - 1:
                    header.resizeSection(column, wanted[column])

    def pick_text(self) -> str:
        """What the view says before a request is picked."""
        return self.tr("Pick a client request recorded on both legs.")

    def _pane(self, name: str) -> QPlainTextEdit:
        pane = QPlainTextEdit(readOnly=True)
        pane.setObjectName(name)
        pane.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        legend = self.tr(LEGEND).replace("%1", CARRIAGE_RETURN).replace("%2", "\ufffd")
        pane.setToolTip(legend)
        return pane

    def _say_difference(self, row: int) -> None:
        """The row's first difference whole (its status where it has none),
        shown while a comparison is; the current row kept in view when the
        list's height changes with it."""
        messages = self.comparison.messages if self.comparison is not None else ()
        if not 0 <= row < len(messages):
            self.difference.clear()
            self.difference.setVisible(bool(messages))
            return
        message = messages[row]
        index = message.predicted_index if message.predicted_index is not None else message.actual_index
        if message.differs:
            said = fill(
                self.tr("First difference of %1 %2: %3"),
                _number(index),
                message.role,
                first_difference(message),
            )
        else:
            said = fill(
                self.tr("%1 %2: %3", "a message, its role, its status"),
                _number(index),
                message.role,
                message_status(message.status),
            )
        self.difference.setText(said)
        self.difference.show()
        QTimer.singleShot(0, self, lambda: self.table.scrollTo(self.table.currentIndex()))

    def set_message(self, text: str) -> None:
        """Nothing to compare: say why, and show nothing old."""
        self.comparison = None
        self._sides.setMinimumHeight(1)
        self.model.set_comparison(None)
        self._headers = []
        self._pinned.clear()
        self.predicted.clear()
        self.actual.clear()
        self._say_difference(-1)
        self._set_status(text)

    def set_comparison(self, comparison: Comparison) -> None:
        self.comparison = comparison
        self._sides.setMinimumHeight(self._sides_least())
        self.model.set_comparison(comparison)
        self._set_status(self._status_text(comparison))
        self._headers = []
        self._pinned.clear()
        self.predicted.clear()
        self.actual.clear()
        predicted, actual = QTextCursor(self.predicted.document()), QTextCursor(self.actual.document())
        for message in comparison.messages:
            sides = (
                (predicted, message.predicted, message.predicted_index, absent_text("extra"), True),
                (actual, message.actual, message.actual_index, absent_text("missing"), False),
            )
            headers = []
            for cursor, text, number, absent, is_predicted in sides:
                header, start = self._write(cursor, message, text, number, absent)
                self._mark(cursor, message, text, start, is_predicted)
                headers.append(header)
            self._headers.append((headers[0], headers[1]))
        for pane in (self.predicted, self.actual):
            pane.moveCursor(QTextCursor.MoveOperation.Start)
        first = next((n for n, m in enumerate(comparison.messages) if m.differs), None)
        self._say_difference(-1)
        if first is not None:
            self.table.selectRow(first)

    def _set_status(self, text: str) -> None:
        self.status.setText(text)
        self.status.setToolTip(plain_tooltip(text))
        self.status_area.fit_lines()  # its lines' own heights (a Chinese line is higher)

    def _verdict(self, comparison: Comparison) -> str:
        """The comparison's outcome (the engine's ``status``) in the user's language."""
        if comparison.problem is not None:
            return self.tr("not compared: %1").replace("%1", comparison.problem)
        if comparison.model is None:
            return self.tr("no model-leg request")
        if not comparison.differing:
            return self.tr("identical")
        return self.tr("%n messages differ", "", comparison.differing)

    def _status_text(self, comparison: Comparison) -> str:
        text = self._verdict(comparison)
        if comparison.model is not None and comparison.style is not None and comparison.now is not None:
            clock = offset_name(comparison.now, comparison.zone)
            text = (
                self.tr(
                    "%1 (%2, middleware now %3, %n model call(s) while it ran)", "", comparison.candidates
                )
                .replace("%1", text)
                .replace("%2", self.tr(STYLE_WORDS[comparison.style]))
                # on the middleware's clock, named: it stood zoneless beside the list's (issue 31)
                .replace("%3", f"{comparison.now:%Y-%m-%d %H:%M:%S} {clock}")
            )
        lines = [text]
        check = comparison.after_reply
        if check is not None:  # the file the reply left, second: the command says it too (tryout)
            lines += [say(check.line), *(say(entry.said) for entry in check.entries)]
        lines.append(self.tr("client request %1").replace("%1", say(comparison.client.named)))
        if comparison.model is not None:
            lines.append(self.tr("model call %1").replace("%1", say(comparison.model.named)))
        note = self.tr("note: %1")
        return "\n".join([*lines, *(note.replace("%1", say(n)) for n in comparison.notes)])

    def _write(
        self, cursor: QTextCursor, message: MessageDiff, text: str | None, number: int | None, absent: str
    ) -> tuple[int, int]:
        """One message into a pane: a header line, then its text; returns
        where the header and the text start."""
        if not cursor.atStart():
            cursor.insertText("\n\n", QTextCharFormat())
        header = QTextCharFormat()
        header.setFontWeight(QFont.Weight.Bold)
        header.setForeground(colours.text_ink(colours.role_colour(message.role)))
        header_at = cursor.position()
        role = message.role or self.tr("(no role)")
        cursor.insertText(f"{_number(number)} {role} · {message_status(message.status)}\n", header)
        start = cursor.position()
        plain = QTextCharFormat()
        plain.setForeground(self.palette().color(QPalette.ColorRole.Text))
        if text is None:
            plain.setFontItalic(True)
            plain.setBackground(WHOLE_COLOUR)
            cursor.insertText(self.tr("(%1)").replace("%1", absent), plain)
        else:
            if message.status in ("missing", "extra"):  # there is nothing to set it against
                plain.setBackground(WHOLE_COLOUR)
            cursor.insertText(visible(text), plain)
        return header_at, start

    @staticmethod
    def _mark(
        cursor: QTextCursor, message: MessageDiff, text: str | None, start: int, predicted: bool
    ) -> None:
        """Mark the differing stretches of a changed message; a stretch that
        is empty on this side (an insertion on the other) marks the
        character after it, so the place is still seen."""
        if text is None or message.status != "changed":
            return
        end = cursor.position()
        fmt = QTextCharFormat()
        fmt.setBackground(DIFF_COLOUR)
        for span in message.spans:
            low, high = (span.p0, span.p1) if predicted else (span.a0, span.a1)
            first, last = start + utf16_offset(text, low), start + utf16_offset(text, high)
            if first == last:
                fmt.setFontUnderline(True)
                last = min(first + 1, start + utf16_offset(text, len(text)))
            cursor.setPosition(first)
            cursor.setPosition(last, QTextCursor.MoveMode.KeepAnchor)
            cursor.mergeCharFormat(fmt)
            fmt.setFontUnderline(False)
        cursor.setPosition(end)

    def show_message(self, row: int) -> None:
        """Scroll both panes so message ``row`` (its header line) is at the top,
        and say its first difference whole under the list."""
        self._say_difference(row)
        if not 0 <= row < len(self._headers):
            return
        for pane, position in zip((self.predicted, self.actual), self._headers[row], strict=True):
            cursor = pane.textCursor()
            cursor.setPosition(position)
            self._moving = True
            try:
                pane.setTextCursor(cursor)
            finally:
                self._moving = False
            self._pinned[pane] = position
            self._to_top(pane)

    def _to_top(self, pane: QPlainTextEdit) -> None:
        """Scroll ``pane`` so its picked message's header is its first line,
        and keep it there while its lines are laid out again (a new width,
        the lines wrapped after the pick, the dock shown or grown) until the
        reader scrolls or moves in it. Scrolled once, a pane with no room (a
        short dock gives the texts' room away first, a dock not yet shown
        has none) or one laid out again after the pick opened many messages
        past the one picked (tryH 5, issue 31)."""
        position = self._pinned.get(pane)
        if position is None or not pane.isVisible():
            return
        if pane.viewport().height() < 2 * pane.fontMetrics().lineSpacing():
            return  # no room to scroll in: done again when it has some
        scroll = pane.verticalScrollBar()
        block = pane.document().findBlock(position)
        if pane.firstVisibleBlock() == block:
            return
        scroll.setValue(scroll.maximum())
        pane.ensureCursorVisible()

    def _unpin(self, pane: QPlainTextEdit) -> None:
        """The reader scrolled or moved in ``pane``: it stays where they put it."""
        if not self._moving:
            self._pinned.pop(pane, None)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_last()
            return False
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            pane = next((p for p in self._pinned if p.viewport() is watched), None)
            if pane is not None:  # once the pane has laid its lines out in the new size
                QTimer.singleShot(0, self, lambda: self._to_top(pane))
        return False

"""Predicted vs actual: the engine's ``Comparison`` shown side by side.

The left pane is what the inspector predicts the model receives (from the
client request and the timestamp file copy kept with it), the right pane
what the model really received. Text goes in as plain text and differences
are marked with ``QTextCharFormat`` over it, never as HTML, so a message
that looks like markup shows as it is. Control characters that would
otherwise vanish (a carriage return, a NUL) are drawn as their visible
symbols one for one, so a line-ending difference is seen where it is and
every span offset stays exact. The span offsets are Python characters;
Qt counts UTF-16 units, so they are converted (an emoji is two).
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFont, QFontDatabase, QPalette, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ..core.compare import Comparison, MessageDiff
from . import theme

HEADERS = ("#", "Role", "Status", "First difference")
DIFF_COLOUR = QColor(theme.WARNING.red(), theme.WARNING.green(), theme.WARNING.blue(), 110)
WHOLE_COLOUR = QColor(theme.PLACEHOLDER.red(), theme.PLACEHOLDER.green(), theme.PLACEHOLDER.blue(), 70)
_VISIBLE = {c: chr(0x2400 + c) for c in range(32) if c not in (9, 10)} | {127: "\u2421"}
Index = QModelIndex | QPersistentModelIndex


def visible(text: str) -> str:
    """``text`` with control characters (but tab and line feed) drawn as
    their Unicode control pictures, one character for one."""
    return text.translate(_VISIBLE)


def utf16_offset(text: str, index: int) -> int:
    """Where Python character ``index`` of ``text`` falls in Qt's UTF-16 units."""
    return len(text[:index].encode("utf-16-le", "surrogatepass")) // 2


def first_difference(message: MessageDiff) -> str:
    """The first differing byte of a changed message, as bytes a person can read."""
    if message.first_byte is None or message.predicted is None or message.actual is None:
        return {"missing": "not received", "extra": "not predicted"}.get(message.status, "")
    at = message.first_byte
    predicted = message.predicted.encode("utf-8", "surrogatepass")[at : at + 4]
    actual = message.actual.encode("utf-8", "surrogatepass")[at : at + 4]
    return f"byte {at:,}: {predicted.hex(' ') or 'end'} → {actual.hex(' ') or 'end'}"


class ComparisonModel(QAbstractTableModel):
    """One row per aligned message of a comparison."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._messages: tuple[MessageDiff, ...] = ()

    def set_comparison(self, comparison: Comparison | None) -> None:
        self.beginResetModel()
        self._messages = comparison.messages if comparison is not None else ()
        self.endResetModel()

    def message_at(self, row: int) -> MessageDiff:
        return self._messages[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._messages)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        message = self._messages[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            number = message.predicted_index if message.predicted_index is not None else message.actual_index
            cells = (str(number), message.role, message.status, first_difference(message))
            return cells[index.column()]
        if role == Qt.ItemDataRole.ForegroundRole and message.differs:
            return theme.WARNING
        return None


class ComparisonView(QWidget):
    """A status line, the list of messages, and the two contexts side by side;
    picking a message scrolls both panes to it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comparison: Comparison | None = None
        self.status = QLabel("Pick a client request recorded on both legs.")
        self.status.setObjectName("comparisonStatus")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.model = ComparisonModel(self)
        self.table = QTableView()
        self.table.setObjectName("comparisonMessages")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.predicted = self._pane("comparisonPredicted")
        self.actual = self._pane("comparisonActual")
        self._starts: list[tuple[int, int]] = []  # per message: where it starts in each pane
        sides = QSplitter(Qt.Orientation.Horizontal)
        for title, pane in (
            ("Predicted by the inspector", self.predicted),
            ("Received by the model", self.actual),
        ):
            box = QWidget()
            layout = QVBoxLayout(box)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.addWidget(QLabel(title))
            layout.addWidget(pane, 1)
            sides.addWidget(box)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(sides)
        split.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)
        self.table.selectionModel().currentRowChanged.connect(
            lambda current, _: self.show_message(current.row())
        )

    @staticmethod
    def _pane(name: str) -> QPlainTextEdit:
        pane = QPlainTextEdit(readOnly=True)
        pane.setObjectName(name)
        pane.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        return pane

    def set_message(self, text: str) -> None:
        """Nothing to compare: say why, and show nothing old."""
        self.comparison = None
        self.model.set_comparison(None)
        self._starts = []
        self.predicted.clear()
        self.actual.clear()
        self.status.setText(text)

    def set_comparison(self, comparison: Comparison) -> None:
        self.comparison = comparison
        self.model.set_comparison(comparison)
        self.status.setText(self._status_text(comparison))
        self._starts = []
        self.predicted.clear()
        self.actual.clear()
        predicted, actual = QTextCursor(self.predicted.document()), QTextCursor(self.actual.document())
        for message in comparison.messages:
            self._starts.append(
                (
                    self._write(
                        predicted, message, message.predicted, message.predicted_index, "not predicted"
                    ),
                    self._write(actual, message, message.actual, message.actual_index, "not received"),
                )
            )
            for cursor, text, start, first in (
                (predicted, message.predicted, self._starts[-1][0], True),
                (actual, message.actual, self._starts[-1][1], False),
            ):
                self._mark(cursor, message, text, start, first)
        for pane in (self.predicted, self.actual):
            pane.moveCursor(QTextCursor.MoveOperation.Start)
        first = next((n for n, m in enumerate(comparison.messages) if m.differs), None)
        if first is not None:
            self.table.selectRow(first)

    @staticmethod
    def _status_text(comparison: Comparison) -> str:
        parts = [comparison.status]
        if comparison.model is not None and comparison.style is not None and comparison.now is not None:
            parts.append(
                f"({comparison.style.value}, middleware now {comparison.now:%Y-%m-%d %H:%M:%S}, "
                f"{comparison.candidates} model call(s) while it ran)"
            )
        text = " ".join(parts)
        client = comparison.client
        text += f"\nclient request {client.label}"
        if comparison.model is not None:
            text += f"\nmodel call {comparison.model.label}"
        return "\n".join([text, *(f"note: {note}" for note in comparison.notes)])

    def _write(
        self, cursor: QTextCursor, message: MessageDiff, text: str | None, number: int | None, absent: str
    ) -> int:
        """One message into a pane: a header line, then its text; returns
        where the text starts."""
        if not cursor.atStart():
            cursor.insertText("\n\n")
        header = QTextCharFormat()
        header.setFontWeight(QFont.Weight.Bold)
        header.setForeground(theme.role_colour(message.role))
        label = f"#{number}" if number is not None else "—"
        cursor.insertText(f"{label} {message.role or '(no role)'} · {message.status}\n", header)
        start = cursor.position()
        plain = QTextCharFormat()
        plain.setForeground(self.palette().color(QPalette.ColorRole.Text))
        if text is None:
            plain.setFontItalic(True)
            plain.setBackground(WHOLE_COLOUR)
            cursor.insertText(f"({absent})", plain)
        else:
            cursor.insertText(visible(text), plain)
        return start

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
        """Scroll both panes so message ``row`` is at the top."""
        if not 0 <= row < len(self._starts):
            return
        for pane, position in zip((self.predicted, self.actual), self._starts[row], strict=True):
            cursor = pane.textCursor()
            cursor.setPosition(position)
            pane.setTextCursor(cursor)
            scroll = pane.verticalScrollBar()
            scroll.setValue(scroll.maximum())
            pane.ensureCursorVisible()

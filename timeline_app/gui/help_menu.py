"""The Help menu: legend of the strip, keyboard shortcuts, About and the user guide.

Nothing here is written twice: the legend paints with the strip's own colours
(``theme``) and sizes (``strip``), the shortcut list is generated from the
action table (``actions``), the versions are asked of the running libraries,
and the guide is ``docs/guide.md`` itself (the installed copy in a wheel or a
bundle). Every dialog is modeless: the user keeps working beside it.
"""

from __future__ import annotations

import platform
from collections.abc import Callable
from typing import ClassVar

import PySide6
from PySide6.QtCore import QObject, QPointF, QRectF, QSize, Qt, QUrl, qVersion
from PySide6.QtGui import QColor, QKeySequence, QPainter, QPainterPath, QPalette, QPen, QPolygonF, QTextCursor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from .. import __version__
from ..core.context import Style
from . import theme
from .actions import ACTIONS, REDO_KEYS, STYLE_KEYS, UNDO_KEYS, Key, key_sequences
from .marks import paint_mark
from .resources import GUIDE
from .screen_fit import resize_to_fit
from .strip import LANE_HEIGHT, MARK_WIDTH

Painter = Callable[[QPainter, QRectF], None]


def _cell_mark(cell: QRectF) -> QRectF:
    """Where a mark sits in a legend cell: as in a strip lane."""
    return QRectF(cell.center().x() - MARK_WIDTH / 2, cell.top() + 5, MARK_WIDTH, LANE_HEIGHT - 10)


def _mark(colour: QColor, **flags: bool) -> Painter:
    return lambda painter, cell: paint_mark(painter, _cell_mark(cell), colour, **flags)


def _run(painter: QPainter, cell: QRectF) -> None:
    for dx in (-8, 0, 8):
        _mark(theme.USER if dx else theme.ASSISTANT)(painter, cell.translated(dx, 6))
    painter.setPen(QPen(theme.WARNING, 1.5))
    x1, x2, y = cell.center().x() - 13, cell.center().x() + 13, cell.top() + 5
    painter.drawPolyline(QPolygonF([QPointF(x1, y + 6), QPointF(x1, y), QPointF(x2, y), QPointF(x2, y + 6)]))


def _link(painter: QPainter, cell: QRectF) -> None:
    a, b = cell.translated(-14, 6), cell.translated(14, 6)
    _mark(theme.USER)(painter, a)
    _mark(theme.USER)(painter, b)
    painter.setPen(QPen(theme.WARNING, 1, Qt.PenStyle.DotLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    path = QPainterPath(a.center())
    path.quadTo(QPointF(cell.center().x(), cell.top()), b.center())
    painter.drawPath(path)


def _break(painter: QPainter, cell: QRectF) -> None:
    painter.setPen(QPen(painter.pen().color(), 1))
    x, y = cell.center().x(), cell.top() + 2
    path = QPainterPath(QPointF(x, y))
    while y < cell.bottom() - 8:
        path.lineTo(x + 3, y + 4)
        path.lineTo(x - 3, y + 8)
        y += 8
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)


def _pending(painter: QPainter, cell: QRectF) -> None:
    painter.setPen(QPen(theme.PLACEHOLDER, 2, Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(QRectF(cell.center().x() - 4, cell.top() + 3, 8, LANE_HEIGHT - 6))


LEGEND: tuple[tuple[str, str, Painter], ...] = (
    ("user", "A user message whose time is stored in the timestamp file", _mark(theme.USER)),
    ("assistant", "An assistant message with a stored time", _mark(theme.ASSISTANT)),
    ("other", "A system or other message", _mark(theme.OTHER)),
    (
        "hollow",
        "No stored time: untracked (the middleware would backfill it)",
        _mark(theme.USER, hollow=True),
    ),
    ("out-of-order", "Stored time earlier than a previous message's", _mark(theme.USER, out_of_order=True)),
    (
        "unreadable",
        "Stored value the middleware cannot read, or not text",
        _mark(theme.ASSISTANT, unreadable=True),
    ),
    ("run", "A run of times one second apart, invented by a backfill", _run),
    ("shared", "Messages with the same content share one hash, so one time", _link),
    ("break", "A long silence, shortened on the axis (its length is written below)", _break),
    ("pending", "The reply the next request will add (placeholder time)", _pending),
)


class LegendSample(QWidget):
    """One legend sample, painted on the strip's background in the current palette."""

    def __init__(self, paint: Painter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._paint = paint
        self.setFixedSize(QSize(48, int(LANE_HEIGHT) + 8))

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        self._paint(painter, QRectF(0, 2, self.width(), LANE_HEIGHT))
        painter.end()


def _dialog(parent: QWidget, name: str, title: str, body: QWidget) -> QDialog:
    dialog = QDialog(parent)
    dialog.setObjectName(name)
    dialog.setWindowTitle(title)
    box = QVBoxLayout(dialog)
    box.addWidget(body, 1)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.close)
    box.addWidget(buttons)
    return dialog


def legend_widget() -> QWidget:
    body = QWidget()
    grid = QGridLayout(body)
    for row, (name, text, paint) in enumerate(LEGEND):
        sample = LegendSample(paint)
        sample.setObjectName(f"legend_{name}")
        grid.addWidget(sample, row, 0)
        grid.addWidget(QLabel(text), row, 1)
    return body


def shortcut_rows() -> list[tuple[str, str]]:
    """(command, keys) for every command that has keys, in menu order."""
    named: list[tuple[str, tuple[Key, ...]]] = [("Undo", UNDO_KEYS), ("Redo", REDO_KEYS)]
    named += [(spec.text.replace("&", "").rstrip("…"), spec.shortcuts) for spec in ACTIONS]
    named += [(f"{style.value.title()} style", (key,)) for style, key in zip(Style, STYLE_KEYS, strict=True)]
    rows = []
    for text, keys in named:
        sequences = key_sequences(keys)
        if sequences:
            shown = ", ".join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in sequences)
            rows.append((text, shown))
    return rows


def shortcuts_widget() -> QTableWidget:
    rows = shortcut_rows()
    table = QTableWidget(len(rows), 2)
    table.setObjectName("shortcutsTable")
    table.setHorizontalHeaderLabels(["Command", "Keys"])
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    for row, (text, keys) in enumerate(rows):
        table.setItem(row, 0, QTableWidgetItem(text))
        table.setItem(row, 1, QTableWidgetItem(keys))
    table.resizeColumnsToContents()
    table.horizontalHeader().setStretchLastSection(True)
    return table


def versions() -> dict[str, str]:
    return {
        "Timeline Inspector": __version__,
        "Qt": qVersion(),
        "PySide6": PySide6.__version__,
        "Python": platform.python_version(),
    }


def about_widget() -> QLabel:
    lines = "".join(
        f"<tr><td>{name}</td><td>&nbsp;{version}</td></tr>" for name, version in versions().items()
    )
    label = QLabel(
        "<h3>Timeline Inspector</h3><p>See, preview and repair the hidden time data of LLM "
        f"conversations (WilmerAI, Free Anima).</p><table>{lines}</table><p>MIT licence.</p>"
    )
    label.setObjectName("aboutText")
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


GUIDE_IMAGE_WIDTH = 840  # the screenshots are 1440 px wide: shown whole in the guide's window


def _fit_images(browser: QTextBrowser, width: int) -> None:
    """Scale every image of the document to ``width`` (height follows)."""
    cursor = QTextCursor(browser.document())
    block = browser.document().begin()
    while block.isValid():
        for fragment in (it.fragment() for it in block):  # type: ignore[attr-defined]
            image = fragment.charFormat().toImageFormat()
            if fragment.charFormat().isImageFormat() and image.width() == 0:
                image.setWidth(width)
                cursor.setPosition(fragment.position())
                cursor.setPosition(fragment.position() + fragment.length(), QTextCursor.MoveMode.KeepAnchor)
                cursor.setCharFormat(image)
        block = block.next()


def guide_widget() -> QTextBrowser:
    """The guide rendered from its markdown; its screenshots load from beside it."""
    browser = QTextBrowser()
    browser.setObjectName("guideBrowser")
    browser.setOpenExternalLinks(True)
    browser.setSearchPaths([str(GUIDE.parent)])
    if GUIDE.exists():
        browser.document().setBaseUrl(QUrl.fromLocalFile(str(GUIDE)))
        browser.setMarkdown(GUIDE.read_text(encoding="utf-8"))
        _fit_images(browser, GUIDE_IMAGE_WIDTH)
    else:
        browser.setPlainText(f"The user guide is not installed (looked for {GUIDE}).")
    return browser


class HelpMenu(QObject):
    """Slots of the Help actions (``do_<name>`` as the action table names them).
    Each dialog is made once and raised again when asked for twice."""

    PAGES: ClassVar[dict[str, tuple[str, Callable[[], QWidget], QSize]]] = {
        "legend": ("Legend of the timeline strip", legend_widget, QSize(560, 420)),
        "shortcuts": ("Keyboard shortcuts", shortcuts_widget, QSize(520, 560)),
        "about": ("About Timeline Inspector", about_widget, QSize(420, 240)),
        "guide": ("User guide", guide_widget, QSize(900, 720)),
    }

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._parent = parent
        self.dialogs: dict[str, QDialog] = {}

    def show_page(self, name: str) -> QDialog:
        dialog = self.dialogs.get(name)
        if dialog is None:
            title, make, size = self.PAGES[name]
            dialog = self.dialogs[name] = _dialog(self._parent, f"{name}Dialog", title, make())
            resize_to_fit(dialog, size.width(), size.height())
        dialog.show()
        dialog.raise_()
        return dialog

    def do_legend(self) -> None:
        self.show_page("legend")

    def do_shortcuts(self) -> None:
        self.show_page("shortcuts")

    def do_about(self) -> None:
        self.show_page("about")

    def do_guide(self) -> None:
        self.show_page("guide")

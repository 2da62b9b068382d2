"""The main toolbar drops its buttons' words before it hides any button.

In Chinese at 800 px Simulate backfill and Repair fell into the toolbar's
overflow menu, behind a chevron the dark theme drew nearly black on black.
When the toolbar is narrower than its buttons with their words, the buttons
that have an icon show only the icon (their words stay in the tooltip, the
menu and the accessible name); they get the words back once the toolbar is
as wide as it was measured to need with them. The overflow chevron, for a
toolbar narrower still, is drawn in the palette's text colour.

The bar's least width is its buttons' as icons: in Chinese at the window's
least width (755 px) the Now button, whose words are the "now" every
relative time and the next request's times depend on, went into the
overflow menu (issue 31 tryout). The window cannot be made narrower than
the bar with its icons alone (its ``LEAST_WIDTH`` property, which the
window's least width takes in), so no button overflows.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QPointF, Qt, QTimer
from PySide6.QtGui import QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QToolBar, QToolButton, QWidget

from ..widgets.keys import command_name

WORDS = Qt.ToolButtonStyle.ToolButtonTextBesideIcon
ICONS = Qt.ToolButtonStyle.ToolButtonIconOnly
EXTENSION = "qt_toolbar_ext_button"  # Qt's name for the overflow button
LEAST_WIDTH = "leastWidth"  # the bar's property: px it needs with its buttons as icons


def chevron_icon(widget: QWidget, size: int = 16) -> QIcon:
    """Two chevrons pointing on, in ``widget``'s text colour."""
    ratio = widget.devicePixelRatioF()
    pixmap = QPixmap(int(size * ratio), int(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(widget.palette().color(widget.foregroundRole()), 1.6))
    for left in (size * 0.22, size * 0.52):
        tip = QPointF(left + size * 0.25, size * 0.5)
        painter.drawPolyline([QPointF(left, size * 0.25), tip, QPointF(left, size * 0.75)])
    painter.end()
    return QIcon(pixmap)


def button_words(bar: QToolBar) -> None:
    """The words of ``bar``'s buttons: their actions' menu texts without the
    mnemonic. A tool button has none (its command's key is a shortcut, its
    letter the menu's), and Qt drops only the ``&``: the Chinese toolbar read
    相对时间(R) and 修复(R), CST 前缀(C) beside Preview's 聊天(C), letters Alt
    pressed nothing with (issue 31 tryout). The window is built in one
    language (``menus.language``), so the words are set once."""
    for action in bar.actions():
        if not action.isSeparator() and action.text():
            action.setIconText(command_name(action.text()))


class ToolbarFit(QObject):
    """Watches ``bar``; ``buttons``: tool buttons added as widgets (their own
    style is set with the bar's)."""

    def __init__(self, bar: QToolBar, buttons: Sequence[QToolButton] = ()) -> None:
        super().__init__(bar)
        self._bar = bar
        self._buttons = list(buttons)
        self._needed = 0  # px the bar needs with words, measured while it showed them
        self._timer = QTimer(self, singleShot=True, interval=0)  # once the layout has settled
        self._timer.timeout.connect(self.fit)
        bar.installEventFilter(self)
        self._style(WORDS)
        self._paint_extension()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.LanguageChange, QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._needed = 0  # other words, or other metrics: measured again
            self._style(WORDS)
            self._timer.start()
        if kind in (QEvent.Type.StyleChange, QEvent.Type.PaletteChange, QEvent.Type.ChildAdded):
            self._paint_extension()
        if kind in (QEvent.Type.Resize, QEvent.Type.LanguageChange, QEvent.Type.FontChange, QEvent.Type.Show):
            self._timer.start()
        return False

    def _length(self, bar: QToolBar, hint: bool) -> int:
        size = bar.sizeHint() if hint else bar.size()
        return size.width() if bar.orientation() == Qt.Orientation.Horizontal else size.height()

    def least(self) -> int:
        """The bar's length with its buttons as icons (those without an icon,
        the style buttons, and the Now button keep their words)."""
        bar, shown = self._bar, self._bar.toolButtonStyle()
        if shown != ICONS:
            self._style(ICONS)
        layout = bar.layout()
        if layout is not None:
            layout.invalidate()
        length = self._length(bar, hint=True)
        if shown != ICONS:
            self._style(shown)
            if layout is not None:
                layout.invalidate()
        return length

    def fit(self) -> None:
        bar = self._bar
        least = self.least() if bar.orientation() == Qt.Orientation.Horizontal else 0
        if bar.property(LEAST_WIDTH) != least:
            # the window's least width keeps every button on the bar (``DockFit.keep_least_width``
            # reads it; Qt's toolbar layout sets the bar's own minimum size itself)
            bar.setProperty(LEAST_WIDTH, least)
            bar.updateGeometry()
        if bar.toolButtonStyle() == WORDS:
            self._needed = self._length(bar, hint=True)
            if self._length(bar, hint=False) < self._needed:
                self._style(ICONS)
        elif self._length(bar, hint=False) >= self._needed:
            self._style(WORDS)

    def _style(self, style: Qt.ToolButtonStyle) -> None:
        self._bar.setToolButtonStyle(style)
        for button in self._buttons:
            button.setToolButtonStyle(style)

    def _paint_extension(self) -> None:
        extension = self._bar.findChild(QToolButton, EXTENSION)
        if extension is not None:
            extension.setIcon(chevron_icon(extension))

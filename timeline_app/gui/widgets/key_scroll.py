"""A scrolling place for text that the keyboard reaches when it hides some.

Several views keep text in a place of fixed height (the Recordings
comparison's account, the Details notes, the Simulate consequences) so that
a longer text does not move what is under it; what did not fit was shown in a
tooltip or by the mouse wheel only, which no key reaches (tryout, keyboard
only). This area is a Tab stop exactly while its content is taller than it:
the arrow and page keys scroll it, and it draws the focus frame every Tab
stop draws. While everything shows it is no stop (nothing to reach there).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFocusEvent, QPainter
from PySide6.QtWidgets import QScrollArea, QStyleOption, QWidget

from .palettes import focus_frame

FRAME = 2  # px around the content for the focus frame


class KeyScrollArea(QScrollArea):
    """``widget`` resized to the area's width, scrolled down only."""

    def __init__(self, widget: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidget(widget)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setViewportMargins(FRAME, FRAME, FRAME, FRAME)  # room for the focus frame
        self.verticalScrollBar().rangeChanged.connect(self._range_changed)

    @property
    def hides_some(self) -> bool:
        """Whether some of the content is out of view (the area scrolls)."""
        return self.verticalScrollBar().maximum() > 0

    def _range_changed(self, low: int, high: int) -> None:
        scrolls = high > low
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if scrolls else Qt.FocusPolicy.NoFocus)
        if not scrolls and self.hasFocus():
            self.focusNextChild()  # nothing more to reach here

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.Paint and self.hasFocus():
            painter = QPainter(self)
            option = QStyleOption()
            option.initFrom(self)
            focus_frame(painter, option, self.rect())
            painter.end()
        return handled

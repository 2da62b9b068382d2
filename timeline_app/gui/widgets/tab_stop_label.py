"""A label the keyboard reaches: a Tab stop that shows it has the focus.

A wrapped label low in a scrolling form (the Details pane's History line,
below Status at 1024x700) was out of view with no key to bring it in: the
form's area takes no focus of its own. As a Tab stop the area scrolls it into
view, and it draws the focus frame every Tab stop draws.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QStyleOption, QWidget

from .palettes import focus_frame


class TabStopLabel(QLabel):
    """Plain text, wrapped to its width, selectable by mouse and keyboard."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setMinimumWidth(1)  # wraps to the pane's width; one long token never widens it
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setContentsMargins(3, 3, 3, 3)  # the focus frame goes round the text, not over it

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.hasFocus():
            painter = QPainter(self)
            option = QStyleOption()
            option.initFrom(self)
            focus_frame(painter, option, self.rect())
            painter.end()

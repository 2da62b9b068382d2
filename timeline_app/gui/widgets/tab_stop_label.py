"""A label the keyboard reaches: a Tab stop that shows it has the focus.

A wrapped label low in a scrolling form (the Details pane's History line,
below Status at 1024x700) was out of view with no key to bring it in: the
form's area takes no focus of its own. As a Tab stop the area scrolls it into
view, and it draws the focus frame every Tab stop draws.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QFocusEvent, QMoveEvent, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QScrollArea, QStyleOption, QWidget

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
        self._area: QScrollArea | None = None  # the scroll area it was brought into view in
        self.setContentsMargins(3, 3, 3, 3)  # the focus frame goes round the text, not over it

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Brought into view however the focus came: the area scrolls to a
        Tab stop only when Tab moves within it, and Shift+Tab from below it
        (Details' orphans list) left the story under the area's edge."""
        super().focusInEvent(event)
        QTimer.singleShot(0, self, self._into_view)  # once a text just set is laid out

    def moveEvent(self, event: QMoveEvent) -> None:
        """Laid out anew with the focus (a new story): kept in view."""
        super().moveEvent(event)
        if self.hasFocus():
            QTimer.singleShot(0, self, self._into_view)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.hasFocus():
            QTimer.singleShot(0, self, self._into_view)

    def _into_view(self) -> None:
        node = self.parentWidget()
        while node is not None and not isinstance(node, QScrollArea):
            node = node.parentWidget()
        if node is not None and self.hasFocus():
            node.ensureWidgetVisible(self, 0, 0)
            if node is not self._area:
                # the area's content may grow, or its viewport shrink, after
                # this label is laid out (a story set just before; the dock's
                # other parts settling): scrolled before, the label's foot
                # stayed under the edge with no event of its own to move it
                for watched in (node.viewport(), node.widget()):
                    if watched is not None:
                        watched.installEventFilter(self)
                self._area = node

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Only the area's viewport and content are watched (see ``_into_view``)."""
        if event.type() == QEvent.Type.Resize and self.hasFocus():
            QTimer.singleShot(0, self, self._into_view)
        return False

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.hasFocus():
            painter = QPainter(self)
            option = QStyleOption()
            option.initFrom(self)
            focus_frame(painter, option, self.rect())
            painter.end()

"""A panel whose lines wrap asks for the height they take at its width.

Wrapped labels and flow rows need more lines as their panel narrows
(``heightForWidth``), but a dock and the main window's own layout size
their contents by the plain minimum, which counts each of them at one
width chosen in advance: in a narrow window the Repair panel was given less
height than its wrapped rows took, and its check boxes, buttons and summary
were drawn over each other. Kept here, the panel's minimum height follows
its layout's minimum at the width it has, so the dock and the window make
room for it (or stop shrinking) instead of overlapping its parts.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget


class WrappedHeight(QObject):
    """Installed on ``widget`` (which has a layout); lives as long as it does."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self._widget = widget
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if getattr(self, "_widget", None) is None:  # torn down: PySide drops the wrapper's attributes first
            return False
        if watched is self._widget and event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self.update()
        return False

    def update(self) -> None:
        """Set the minimum height to what the layout needs at the current width."""
        widget, layout = self._widget, self._widget.layout()
        if layout is None or not layout.hasHeightForWidth():
            return
        need = layout.totalMinimumHeightForWidth(widget.width())
        if need != widget.minimumHeight():
            widget.setMinimumHeight(need)


def keep_wrapped_height(widget: QWidget) -> QWidget:
    """``widget``, its minimum height kept at what its wrapped lines take."""
    WrappedHeight(widget)
    return widget

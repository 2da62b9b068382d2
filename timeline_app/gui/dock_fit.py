"""Docks give way to the timeline table when the window is small.

Qt keeps a dock's width when the window shrinks or another dock opens and
squeezes the central widget instead: on a 1024x700 screen the table lost
its Content column to the side docks and most of its rows to the Repair or
Recordings dock. After every window resize and every dock shown, the
visible docks are shrunk (towards their minimum, never below) by what the
table is short of, shared by how much each can give. A dock the user
drags wider stays so until the window is resized again.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QScrollArea, QWidget

SIDES = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
ENDS = (Qt.DockWidgetArea.TopDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea)


def add_dock(
    window: QMainWindow, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea, scroll: bool = False
) -> QDockWidget:
    """A dock of ``window`` holding ``widget``; ``scroll``: in a scroll area, for a
    panel whose minimum height would take the table's rows in a small window."""
    dock = QDockWidget(title, window)
    dock.setObjectName(name)
    if scroll:
        area_widget = QScrollArea()
        area_widget.setWidgetResizable(True)
        area_widget.setFrameShape(QFrame.Shape.NoFrame)
        area_widget.setWidget(widget)
        widget = area_widget
    dock.setWidget(widget)
    window.addDockWidget(area, dock)
    return dock


class DockFitter(QObject):
    """``shortfall()`` says how many pixels the central widget lacks, across and down."""

    def __init__(self, window: QMainWindow, shortfall: Callable[[], QSize]) -> None:
        super().__init__(window)
        self._window = window
        self._shortfall = shortfall
        self._timer = QTimer(self, singleShot=True, interval=0)  # once the layout has settled
        self._timer.timeout.connect(self.fit)
        window.installEventFilter(self)
        for dock in window.findChildren(QDockWidget):
            dock.visibilityChanged.connect(self._visibility_changed)

    def schedule(self) -> None:
        """Fit once the layout has settled (several reasons in a row fit once)."""
        self._timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.Resize:
            self._timer.start()
        return False

    def _visibility_changed(self, visible: bool) -> None:
        if visible:
            self._timer.start()

    def fit(self) -> None:
        short = self._shortfall()
        self._give(Qt.Orientation.Horizontal, short.width(), SIDES)
        self._give(Qt.Orientation.Vertical, short.height(), ENDS)

    def _give(self, orientation: Qt.Orientation, amount: int, areas: tuple[Qt.DockWidgetArea, ...]) -> None:
        if amount <= 0:
            return
        across = orientation == Qt.Orientation.Horizontal
        window = self._window
        docks = [
            dock
            for dock in window.findChildren(QDockWidget)
            if dock.isVisible() and not dock.isFloating() and window.dockWidgetArea(dock) in areas
        ]
        sizes = [dock.width() if across else dock.height() for dock in docks]
        least = [
            dock.minimumSizeHint().width() if across else dock.minimumSizeHint().height() for dock in docks
        ]
        spare = [max(0, size - low) for size, low in zip(sizes, least, strict=True)]
        total = sum(spare)
        if total == 0:
            return
        take = min(amount, total)
        wanted = [size - take * give // total for size, give in zip(sizes, spare, strict=True)]
        window.resizeDocks(docks, wanted, orientation)

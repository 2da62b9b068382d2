"""Docks give way to the timeline table when the window is small.

Qt keeps a dock's width when the window shrinks or another dock opens and
squeezes the central widget instead: on a 1024x700 screen the table lost
its Content column to the side docks and most of its rows to the Repair or
Recordings dock. After every window resize and every dock shown, the
visible docks are shrunk (towards their minimum, never below) by what the
table is short of, shared by how much each can give. A dock the user
drags wider stays so until the window is resized again. When even their
minimum widths leave the table short (Discussions and Details beside a
1024 px table), the two side docks named to go together become tabs of one
dock, the one just opened in front: the table keeps its Content column
and both docks stay one click away (drag a tab out to split them again).
Height the table has beyond its rows goes the other way, to the docks under
it that are shorter than they would like (Repair's proposals in view).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QScrollArea, QWidget

from .column_widths import ColumnWidths

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
    """``table.shortfall()`` says how many pixels the table lacks, across and
    down; it is asked again whenever ``table.fitted`` says its columns changed."""

    def __init__(
        self,
        window: QMainWindow,
        table: ColumnWidths,
        together: Sequence[tuple[QDockWidget, QDockWidget]] = (),
    ) -> None:
        super().__init__(window)
        self._window = window
        self._shortfall = table.shortfall
        table.fitted.connect(self.schedule)
        self._together = list(together)
        self._last_shown: QDockWidget | None = None
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
            sender = self.sender()
            self._last_shown = sender if isinstance(sender, QDockWidget) else None
            self._timer.start()

    def fit(self) -> None:
        short = self._shortfall()
        if self._give(Qt.Orientation.Horizontal, short.width(), SIDES) > 0:
            self._tab_together()
        if short.height() < 0:
            self._grow_ends(-short.height())
        else:
            self._give(Qt.Orientation.Vertical, short.height(), ENDS)

    def _grow_ends(self, spare: int) -> None:
        """Rows the table has beyond its own go to the docks under it, up to
        their preferred height: Qt opened Repair at 181 px in a 1024x700
        window, its proposals table one row high, while the timeline table
        had three rows to spare."""
        window = self._window
        docks = [
            dock
            for dock in window.findChildren(QDockWidget)
            if dock.isVisible() and not dock.isFloating() and window.dockWidgetArea(dock) in ENDS
        ]
        wanting = max((dock.sizeHint().height() - dock.height() for dock in docks), default=0)
        grow = min(spare, wanting)
        if grow > 0:
            window.resizeDocks(docks, [dock.height() + grow for dock in docks], Qt.Orientation.Vertical)

    def _tab_together(self) -> None:
        window = self._window
        for host, guest in self._together:
            beside = [dock for dock in (host, guest) if dock.isVisible() and not dock.isFloating()]
            if len(beside) == 2 and window.dockWidgetArea(host) != window.dockWidgetArea(guest):
                window.tabifyDockWidget(host, guest)
                front = self._last_shown if self._last_shown in (host, guest) else guest
                front.raise_()

    def _give(self, orientation: Qt.Orientation, amount: int, areas: tuple[Qt.DockWidgetArea, ...]) -> int:
        """Shrink the docks of ``areas`` by up to ``amount`` px; returns what is still lacking."""
        if amount <= 0:
            return 0
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
        take = min(amount, total)
        if take > 0:
            wanted = [size - take * give // total for size, give in zip(sizes, spare, strict=True)]
            window.resizeDocks(docks, wanted, orientation)
        return amount - take

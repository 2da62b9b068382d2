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
Height goes the other way too, to the docks under the table that are
shorter than they would like: Repair's proposals take the table down to
fewer rows (``SHARED_ROWS``), any other dock only what the table has beyond
its ``MIN_ROWS``.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QScrollArea, QWidget

from .column_widths import SHARED_ROWS, ColumnWidths
from .wrap_height import keep_wrapped_height

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
    else:
        keep_wrapped_height(widget)  # a scroll area already gives its widget the height it wraps to
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
        sharing: Sequence[QDockWidget] = (),
    ) -> None:
        """``sharing``: docks under the table whose rows are worth some of the
        table's own (Repair's proposals), down to ``SHARED_ROWS``; the others
        (a scrolling comparison that would take any height) get only what the
        table has beyond ``MIN_ROWS``."""
        super().__init__(window)
        self._sharing = list(sharing)
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
        self._fit_down(short.height(), self._shortfall(SHARED_ROWS).height())

    def _fit_down(self, short: int, short_shared: int) -> None:
        """Share the height between the table and the docks under it.

        The table first keeps ``SHARED_ROWS`` rows, then the sharing docks
        get their preferred height (Repair's proposals in view: Qt opened it
        at 181 px in a 1024x700 window, one proposal high, while the table
        had rows to spare), then the table gets back up to ``MIN_ROWS``, then
        the other docks grow. ``short``: pixels the table lacks for
        ``MIN_ROWS`` (negative: it has more); ``short_shared``: the same for
        ``SHARED_ROWS``."""
        window = self._window
        docks = [
            dock
            for dock in window.findChildren(QDockWidget)
            if dock.isVisible() and not dock.isFloating() and window.dockWidgetArea(dock) in ENDS
        ]
        if not docks:
            return
        heights = [dock.height() for dock in docks]
        least = [dock.minimumSizeHint().height() for dock in docks]
        liked = [max(dock.sizeHint().height(), low) for dock, low in zip(docks, least, strict=True)]
        wants = [like - height for like, height in zip(liked, heights, strict=True)]
        wanting = max(wants)
        sharing = any(want > 0 and dock in self._sharing for dock, want in zip(docks, wants, strict=True))
        room = -(short_shared if sharing else short)  # what the table can give
        if wanting > 0 and room > 0:
            grow = min(wanting, room)
            window.resizeDocks(docks, [height + grow for height in heights], Qt.Orientation.Vertical)
            return
        # the table lacks rows: the docks give what they have beyond their kept
        # height (a sharing dock's liked one), then, while the table lacks even
        # its shared rows, the sharing docks down to their minimum
        kept = [
            like if dock in self._sharing else low
            for dock, like, low in zip(docks, liked, least, strict=True)
        ]
        taken = _shrink(heights, [max(0, h - k) for h, k in zip(heights, kept, strict=True)], short)
        below = [max(0, min(h, k) - low) for h, k, low in zip(taken, kept, least, strict=True)]
        taken = _shrink(taken, below, short_shared - (sum(heights) - sum(taken)))
        if taken != heights:
            window.resizeDocks(docks, taken, Qt.Orientation.Vertical)

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
        wanted = _shrink(sizes, [max(0, size - low) for size, low in zip(sizes, least, strict=True)], amount)
        if wanted != sizes:
            window.resizeDocks(docks, wanted, orientation)
        return amount - (sum(sizes) - sum(wanted))


def _shrink(sizes: list[int], spare: list[int], amount: int) -> list[int]:
    """``sizes`` less up to ``amount`` px in all, each by its share of ``spare``."""
    total = sum(spare)
    take = min(max(0, amount), total)
    if take <= 0:
        return sizes
    return [size - take * give // total for size, give in zip(sizes, spare, strict=True)]

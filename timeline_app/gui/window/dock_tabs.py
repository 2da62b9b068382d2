"""Short titles for dock tabs too narrow for their docks' titles.

Tabbed together in a narrow side area, Details and preview and Discussions
read "Details and p…" and "Disc…" (tryout, issue 31): Qt elides the titles
its tab bar is given. Where the whole titles do not fit, the tabs take short
forms that do ("Details"; a part of the title, never another name); the tooltip (Qt's) keeps the whole title.
Qt sets its tabs' texts anew at each layout, so the short forms are put
back just before the bar paints: nothing is drawn elided in between.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabBar


class DockTabTitles(QObject):
    """Watches the window's dock tab bars; gives their tabs short titles
    (``SHORT``, by dock object name) when the whole ones would be elided."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self._window = window
        self._watched: set[int] = set()
        window.installEventFilter(self)
        self._watch_bars()

    def short_titles(self) -> dict[str, str]:
        """Each dock's short title (by object name), in the user's language."""
        return {
            "sideDock": self.tr("Details", "the Details and preview dock's tab, short"),
            # its whole name in English: "Chats" beside the dock's and the View menu's
            # "Discussions" named one pane twice (issue 31 tryout)
            "discussionsDock": self.tr("Discussions", "the Discussions dock's tab, short"),
        }

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if getattr(self, "_window", None) is None:  # torn down: PySide drops the wrapper's attributes first
            return False
        kind = event.type()
        if watched is self._window:
            if kind in (QEvent.Type.ChildAdded, QEvent.Type.LayoutRequest):
                self._watch_bars()
        elif isinstance(watched, QTabBar) and kind in (QEvent.Type.Paint, QEvent.Type.Resize):
            self.shorten(watched)
        return False

    def _watch_bars(self) -> None:
        for bar in self._window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if id(bar) not in self._watched:
                self._watched.add(id(bar))
                bar.installEventFilter(self)

    def shorten(self, bar: QTabBar) -> None:
        """The bar's tabs with their docks' whole titles when they all fit,
        else with the short ones."""
        short = self.short_titles()
        docks = {d.objectName(): d for d in self._window.findChildren(QDockWidget)}
        # the tab's dock, by its whole title or its short one
        named = {d.windowTitle(): d for d in docks.values()}
        named.update({short[n]: docks[n] for n in short if n in docks})
        tabs = [named.get(bar.tabText(i)) for i in range(bar.count())]
        whole = [d.windowTitle() if d is not None else bar.tabText(i) for i, d in enumerate(tabs)]
        metrics = bar.fontMetrics()
        padding = sum(
            bar.tabSizeHint(i).width() - metrics.horizontalAdvance(bar.tabText(i)) for i in range(bar.count())
        )
        fits = padding + sum(map(metrics.horizontalAdvance, whole)) <= bar.width()
        for i, (dock, title) in enumerate(zip(tabs, whole, strict=True)):
            shown = title if fits or dock is None else short.get(dock.objectName(), title)
            if bar.tabText(i) != shown:
                bar.setTabText(i, shown)

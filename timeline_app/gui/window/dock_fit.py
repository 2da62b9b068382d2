"""Docks give way to the timeline table when the window is small.

Qt keeps a dock's width when the window shrinks or another dock opens and
squeezes the central widget instead: on a 1024x700 screen the table lost
its Content column to the side docks and most of its rows to the Repair or
Recordings dock. After every window resize and every dock shown, the
visible docks are shrunk (towards their minimum, never below) by what the
table is short of, shared by how much each can give. A dock the user
drags wider stays so until the window is resized again (a reload, which
fits the table's columns again, takes only what they need beyond the last fit). When even their
minimum widths leave the table short (Discussions and Details beside a
1024 px table), the two side docks named to go together become tabs of one
dock, the one just opened in front: the table keeps its Content column
and both docks stay one click away (drag a tab out to split them again).
Repair's proposals are kept in view at every size: while it is open, the
window's minimum grows by what they need. Height goes the other way too, to the docks under the table that are
shorter than they would like: Repair's proposals take the table down to
fewer rows (``SHARED_ROWS``), any other dock only what the table has beyond
its ``ROOM_ROWS``; the strip above the table gives its lanes' height first. No
dock under the table is given more than ``END_SHARE`` of the window's height
unasked (Recordings took half of a 1920x1080 window, 13 rows left).

Width goes to the side docks too: Qt kept the Details dock at its 300 px
when the window grew to 1920 and the preview's bubbles wrapped every few
words beside a table with 850 px of Content. When the user changes the
window's width, each side dock is set to its share of it (``SIDE_SHARE``,
together at most ``SIDES_SHARE``), then shrunk again if the table lacks room.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QPoint, QSize, Qt, QTimer, Slot
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDockWidget,
    QFrame,
    QMainWindow,
    QScrollArea,
    QSplitter,
    QStyle,
    QTabBar,
    QTableView,
    QToolBar,
    QWidget,
)
from shiboken6 import isValid

from ..tables.column_widths import ROOM_ROWS, SHARED_ROWS, ColumnWidths
from ..widgets.wrap_height import keep_wrapped_height
from .dock_tabs import DockTabTitles
from .toolbar_fit import LEAST_WIDTH

SIDES = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
ENDS = (Qt.DockWidgetArea.TopDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea)
SIDE_SHARE = 0.3  # of the window's width, a side dock's after the window is resized
SIDES_SHARE = 0.45  # the side docks' together, when both sides have one
FOCUS_LINES = 4  # of a focused widget taller than its dock's view, kept in view
BAR_GAP = 8  # px at most between a group of tabbed docks and its tab bar
END_SHARE = 0.25  # of the window's height, the most a dock under the table is given unasked


def add_dock(
    window: QMainWindow, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea, scroll: bool = False
) -> QDockWidget:
    """A dock of ``window`` holding ``widget``; ``scroll``: in a scroll area, for a
    panel whose minimum height would take the table's rows in a small window."""
    dock = QDockWidget(title, window)
    dock.setObjectName(name)
    fill_dock(dock, widget, scroll)
    window.addDockWidget(area, dock)
    return dock


def fill_dock(dock: QDockWidget, widget: QWidget, scroll: bool = False) -> None:
    """Put ``widget`` in ``dock`` as ``add_dock`` does (a dock built on first
    show, ``lazy_dock.LazyDock``, is filled the same way when it is)."""
    if scroll:
        area_widget = QScrollArea()
        area_widget.setWidgetResizable(True)
        area_widget.setFrameShape(QFrame.Shape.NoFrame)
        area_widget.setWidget(widget)
        ScrollToFocus(dock, area_widget)
        widget = area_widget
    else:
        keep_wrapped_height(widget)  # a scroll area already gives its widget the height it wraps to
    dock.setWidget(widget)


class ScrollToFocus(QObject):
    """A dock that scrolls opens at its top and keeps the focus in view. It
    kept the place it was scrolled to: after a Tab into the proposals at a
    small size, Alt+5 or View > Repair showed it scrolled down, its buttons
    half under the dock's title and the focused Find proposals out of view
    (Qt's scroll area follows only Tab, not a focus given by a key or a
    click, and not a layout that moves the focused widget after)."""

    def __init__(self, dock: QDockWidget, area: QScrollArea) -> None:
        super().__init__(area)  # gone with the area, and its connections with it
        self._area = area
        dock.visibilityChanged.connect(self._opened)
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self._focus_changed)
        area.viewport().installEventFilter(self)  # the dock given its height once opened
        if area.widget() is not None:
            area.widget().installEventFilter(self)  # its lines wrapped anew at another width

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:  # from the top: kept lower, the note stayed hidden
            self._show(QApplication.focusWidget(), from_top=True)
        return False

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        self._show(new)

    def _opened(self, visible: bool) -> None:
        if visible:
            self._area.verticalScrollBar().setValue(0)
            self._show(QApplication.focusWidget())

    def _show(self, focus: QWidget | None, *, from_top: bool = False) -> None:
        """Scroll the least that shows ``focus`` (``from_top``: the least from
        the top, after a resize: scrolled while the dock was still being
        given its height, it stayed scrolled once it had room)."""
        if not isValid(self._area):  # the focus moves while the area is being destroyed
            return
        area, inside = self._area, self._area.widget()
        if focus is not None and inside is not None and inside.isAncestorOf(focus):
            if from_top:
                area.verticalScrollBar().setValue(0)
            # all of it, or its first lines when it is taller than the view: Qt
            # centres such a widget, and Recordings opened (Alt+8) scrolled
            # down, the note that says what to open out of view
            place, view = focus.mapTo(inside, QPoint(0, 0)), area.viewport()
            tall = focus.height() > view.height()
            height = (
                min(view.height(), FOCUS_LINES * focus.fontMetrics().lineSpacing())
                if tall
                else focus.height()
            )
            half_w, half_h = min(focus.width(), view.width()) // 2, height // 2
            area.ensureVisible(place.x() + half_w, place.y() + half_h, half_w, half_h)
            self._uncut_top(focus, place.y())

    def _uncut_top(self, focus: QWidget, focus_top: int) -> None:
        """A part above ``focus`` that the view's top edge cuts is shown
        whole when the focus's first line stays in view, else scrolled wholly
        out (the scroll bar says it is there): the History note's first line
        was drawn cut at the dock's top, scrolled to its focused states (tryN R4)."""
        area, inside = self._area, self._area.widget()
        bar, height = area.verticalScrollBar(), area.viewport().height()
        top = bar.value()
        for part in inside.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if not part.isVisible() or part.isAncestorOf(focus) or part is focus:
                continue
            if part.y() < top < part.y() + part.height() <= focus_top:
                line = focus.fontMetrics().lineSpacing()
                whole = focus_top + line <= part.y() + height
                bar.setValue(part.y() if whole else part.y() + part.height())
                return


class DockFitter(QObject):
    """``table.shortfall()`` says how many pixels the table lacks, across and
    down; it is asked again whenever ``table.fitted`` says its columns changed."""

    def __init__(
        self,
        window: QMainWindow,
        table: ColumnWidths,
        together: Sequence[tuple[QDockWidget, QDockWidget]] = (),
        sharing: Sequence[QDockWidget] = (),
        strip: QWidget | None = None,
    ) -> None:
        """``sharing``: docks under the table whose rows are worth some of the
        table's own (Repair's proposals), down to ``SHARED_ROWS``; the others
        (a scrolling comparison that would take any height) get only what the
        table has beyond ``ROOM_ROWS``."""
        super().__init__(window)
        self._sharing = list(sharing)
        self._strip = strip  # above the table in a splitter: its lanes give way in a small window
        self._window = window
        self._shortfall = table.shortfall
        self._view = table.parent()  # the table the columns are of
        # the width the table needed at the last fit, and whether the window or a
        # dock changed since: a re-fit of the same columns (a reload) takes from
        # the docks only what the table needs beyond it (``fit``)
        self._need: int | None = None
        self._down: tuple[object, ...] = ()  # what the heights were last shared by (``_fit_down``)
        self._moved = True
        # the heights the docks under the table have are not the user's: restored from
        # another screen, or the window's height changed, or one of them just opened
        self._unasked = True
        table.fitted.connect(self.schedule)
        self._together = list(together)
        self._last_shown: QDockWidget | None = None
        self._timer = QTimer(self, singleShot=True, interval=0)  # once the layout has settled
        self._timer.timeout.connect(self.fit)
        self._following = False  # a second pass, for the strip, is scheduled
        self._spread = False  # the window's width changed: the side docks take their shares
        self._least = QTimer(self, singleShot=True, interval=0)  # once the layout is settled
        self._least.timeout.connect(self.keep_least_width)
        self._asked: QSize | None = None  # the size asked before a passing minimum grew the window
        window.installEventFilter(self)
        DockTabTitles(window)  # tabbed docks too narrow for their titles take short ones
        for dock in window.findChildren(QDockWidget):
            dock.visibilityChanged.connect(self._visibility_changed)

    @Slot()  # slots in the meta-object: a dock's signal while a closed window is torn down
    def schedule(self) -> None:
        """Fit once the layout has settled (several reasons in a row fit once)."""
        if getattr(self, "_timer", None) is None:  # torn down (as in ``eventFilter``): nothing to fit
            return
        self._following = False
        self._timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if getattr(self, "_window", None) is None:  # torn down: PySide drops the wrapper's attributes first
            return False
        if watched is self._window and event.type() == QEvent.Type.LayoutRequest:
            self._least.start()  # a panel's least width may have changed
            # ... or what a dock under the table asks (Repair built, its summary
            # longer): shared now, not at the next reload (``_fit_down``)
            self._timer.start()
        if watched is self._window and event.type() == QEvent.Type.Resize:
            assert isinstance(event, QResizeEvent)
            old = event.oldSize()
            # not the first size (a width restored from the last run is the user's)
            if self._window.isVisible() and old.isValid() and old.width() != event.size().width():
                self._spread = True
            self._moved = True
            if not old.isValid() or old.height() != event.size().height():
                self._unasked = True
            self._note_growth(old, event.size())  # (before the tabs, which may grow it again)
            layout = self._window.layout()
            if layout is not None and event.size().width() < layout.totalMinimumSize().width():
                self._tab_together()  # below the width of the docks beside: before it is laid out
            self.schedule()
        return False

    @Slot(bool)  # (a plain method was looked up by name then: "Slot 'DockFitter::' not found")
    def _visibility_changed(self, visible: bool) -> None:
        if getattr(self, "_window", None) is None:  # torn down (as in ``eventFilter``)
            return
        if visible:
            sender = self.sender()
            self._last_shown = sender if isinstance(sender, QDockWidget) else None
            if self._last_shown is not None and self._window.dockWidgetArea(self._last_shown) in ENDS:
                self._unasked = True
        self._moved = True
        self.schedule()  # a dock closed: the strip gets back what it gave

    @Slot()
    def keep_least_width(self) -> None:
        """The window's least width is that of its narrowest arrangement: with
        the docks named to go together beside the table, as if they were
        tabs of one dock (``_tab_together`` makes them so when the table is
        short, as it is below that width). Qt's own minimum is the
        arrangement's of the moment: the window made as small as it goes
        stopped at 871 px (Chinese, every panel open), then the docks became
        tabs and the same request went down to 735 px."""
        window = self._window
        layout = window.layout()
        if layout is None:
            return
        least = layout.totalMinimumSize().width()
        separator = window.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent, None, window)
        for host, guest in self._together:
            if self._beside(host, guest):
                least -= min(host.minimumSizeHint().width(), guest.minimumSizeHint().width()) + separator
        # nor narrower than a toolbar with its buttons as icons: in Chinese the Now
        # button went into the overflow menu at 755 px (``toolbar_fit``)
        for bar in window.findChildren(QToolBar):
            if bar.isVisible():
                least = max(least, int(bar.property(LEAST_WIDTH) or 0) + max(0, bar.x()))
        if window.minimumWidth() != least:
            window.setMinimumWidth(least)
        asked = self._asked
        if asked is not None and not window.isMaximized() and not window.isFullScreen():
            size = asked.expandedTo(window.minimumSize())
            if size != window.size():
                window.resize(size)  # (noted as the size asked: ``_note_growth``)

    def _note_growth(self, old: QSize, new: QSize) -> None:
        """Remember the size asked when the window grew only because its
        minimum did: a layout passing through a narrower arrangement (wrapped
        lines, the docks before they become tabs) raised it for a moment, and
        the window kept that size once the minimum fell again (the smallest
        window, asked twice, came out 44 px lower the second time). Any other
        resize is the size asked, but one that shrank the window to its
        minimum asked for as small as it goes (Qt cut the ask to the minimum
        of the moment: the Chinese window asked 1x1 stayed 15 px higher than
        its minimum once the toolbar's least width was taken in)."""
        least = self._window.minimumSize()
        grown = old.isValid() and (
            old.width() < new.width() == least.width() or old.height() < new.height() == least.height()
        )
        shrunk = old.isValid() and new == least and (new.width() < old.width() or new.height() < old.height())
        if shrunk:
            self._asked = QSize(0, 0)  # as small as it goes
        elif not grown:
            self._asked = None
        elif self._asked is None:
            self._asked = old

    def _beside(self, host: QDockWidget, guest: QDockWidget) -> bool:
        """Whether two docks are open, docked, and side by side (not tabs of one)."""
        window = self._window
        docked = all(dock.isVisible() and not dock.isFloating() for dock in (host, guest))
        return docked and window.dockWidgetArea(host) != window.dockWidgetArea(guest)

    @Slot()
    def fit(self) -> None:
        self.keep_least_width()
        self._keep_sharing_rows()
        if self._spread:
            self._spread = False
            if self._share_sides():
                self._timer.start()  # the table's shortfall once the docks have their new widths
                return
        short = self._shortfall(ROOM_ROWS)
        moved = self._moved
        self._moved = False
        across = self._across(short.width(), moved)
        if self._give(Qt.Orientation.Horizontal, across, SIDES) > 0:
            self._tab_together()
        self._fit_down(short.height(), self._shortfall(SHARED_ROWS).height(), moved)

    def _across(self, short: int, moved: bool) -> int:
        """What the side docks give the table now: all it lacks after the
        window or a dock changed (``moved``); after its columns were fitted
        again alone (a reload, another style), only what it needs beyond the
        last fit. A dock the person widened, or the Details grown to a
        message, kept its width until the file grew on disk, then shrank and
        cut the hash (issue 31 tryout)."""
        view = self._view
        need = short + view.width() if isinstance(view, QWidget) else short
        last, self._need = self._need, need
        return short if moved or last is None else min(short, need - last)

    def _fit_down(self, short: int, short_shared: int, moved: bool = True) -> None:
        """Share the height between the table, the strip above it and the
        docks under it, in this order until it runs out: every part its
        minimum; the table ``SHARED_ROWS``; the sharing docks their preferred
        height (Repair's proposals in view: Qt opened it at 181 px in a
        1024x700 window, one proposal high, while the table had rows to
        spare); the table ``ROOM_ROWS``; the other docks theirs, at most
        ``END_SHARE`` of the window (at 1024x700
        History's list showed two states while the strip kept its lanes'
        full height); the strip its preferred height (in a 800x560 window
        its lanes gave the table back the rows Repair took); every part back up to the height it has (a
        dock the user dragged taller keeps it; after a ``moved``, a dock at most
        ``END_SHARE``: a layout restored from a larger screen left 8 rows at
        1024x700); the rest to the table.
        ``short``: pixels the table lacks for ``ROOM_ROWS`` (negative: it has
        more); ``short_shared``: the same for ``SHARED_ROWS``. Not ``moved``
        (the table's columns fitted again, nothing else) and nothing it shares
        by changed: the heights stay (a reload took 14 px from Repair)."""
        window = self._window
        docks = [
            dock
            for dock in window.findChildren(QDockWidget)
            if _in_view(window, dock) and window.dockWidgetArea(dock) in ENDS
        ]
        strip = self._strip if self._strip is not None and self._strip.isVisible() else None
        parts: list[QWidget] = [*docks, *([strip] if strip else [])]
        if not parts:
            return
        heights = [part.height() for part in parts]
        least = [min(h, part.minimumSizeHint().height()) for part, h in zip(parts, heights, strict=True)]
        if strip is not None:
            least[-1] = min(heights[-1], strip.minimumHeight())
        # a dock under the table is given at most its share of the window's height
        # unasked: Recordings liked 520 px and took half a 1920x1080 window (issue 31)
        most = int(window.height() * END_SHARE)
        liked = [max(_liked_height(part), low) for part, low in zip(parts, least, strict=True)]
        liked[: len(docks)] = [max(min(like, most), low) for like, low in zip(liked, least, strict=False)]
        table = self._view.height() if isinstance(self._view, QWidget) else 0
        # what they ask, not the heights they have (Qt may have laid them out otherwise since),
        # and the table's height: a banner shown above it took its rows and nothing gave them back
        asked = (
            tuple(parts),
            table,
            short + table,
            short_shared + table,
            tuple(_liked_height(part) for part in parts),
            tuple(part.minimumSizeHint().height() for part in parts),
        )
        kept, self._down = not moved and not self._following and asked == self._down, asked
        if kept:
            return
        kept_heights = list(heights)  # each part back up to the height it has, ...
        if self._unasked and not self._following:  # ... but a dock just opened under the table,
            # the window's height changed or restored: the heights Qt or a larger screen
            # left are not the user's (a restored layout squeezed the table)
            self._unasked = False
            kept_heights[: len(docks)] = [
                max(min(h, most), low) for h, low in zip(heights, least, strict=False)
            ]
        pool = sum(heights) - sum(least) - short_shared  # once the table has its shared rows
        given = [0] * len(parts)

        def grant(chosen: list[int], wants: list[int]) -> None:
            nonlocal pool
            total = sum(wants)
            share = min(max(pool, 0), total)
            for index, want in zip(chosen, wants, strict=True):
                given[index] += share * want // total if total else 0
            pool -= share

        def to(target: list[int], which: list[int]) -> None:
            wants = [max(0, target[i] - least[i] - given[i]) for i in which]
            grant(which, wants)

        ends = list(range(len(docks)))
        to(liked, [i for i in ends if docks[i] in self._sharing])
        pool -= max(0, short - short_shared)  # the table's rows up to ROOM_ROWS
        to(liked, [i for i in ends if docks[i] not in self._sharing])
        to(liked, [len(docks)] if strip else [])
        to(kept_heights, list(range(len(parts))))
        wanted = [low + extra for low, extra in zip(least, given, strict=True)]
        if wanted[: len(docks)] != heights[: len(docks)]:
            # Qt sizes a group of tabs with its tab bar: a dock got the bar's height less
            groups = [want + _tab_bar_height(window, dock) for dock, want in zip(docks, wanted, strict=False)]
            window.resizeDocks(docks, groups, Qt.Orientation.Vertical)
            # the splitter hands what the docks give up to the strip first
            # (below its hint): the strip is set once the layout has settled
            if strip is not None and not self._following:
                self._following = True
                self._timer.start()
            return
        if strip is not None and wanted[-1] != heights[-1]:
            splitter = strip.parentWidget()
            if isinstance(splitter, QSplitter):
                sizes = splitter.sizes()
                splitter.setSizes([wanted[-1], sum(sizes) - wanted[-1]])

    def _keep_sharing_rows(self) -> None:
        """A sharing dock in view keeps its preferred height as its minimum
        (Repair: ``PROPOSAL_ROWS`` proposals): in the smallest window it
        showed one and a half, so the window's minimum grows with it instead.
        Any other scrolling dock under the table keeps its heading in view:
        the lines above its list, the list's header and a row (History's
        header was half hidden in the smallest window, issue 31 tryout)."""
        for dock in self._window.findChildren(QDockWidget):
            area = dock.widget()
            if not isinstance(area, QScrollArea):  # (a scrolling dock's least height is set here)
                _behind_tab(self._window, dock)
            elif area.widget() is not None:
                shown = _in_view(self._window, dock) and self._window.dockWidgetArea(dock) in ENDS
                least = 0
                if shown:
                    least = (
                        area.widget().sizeHint().height()
                        if dock in self._sharing
                        else _heading(area.widget())
                    )
                if area.minimumHeight() != least:
                    area.setMinimumHeight(least)

    def _share_sides(self) -> bool:
        """Each visible side dock to its share of the window's width (never
        below its minimum); whether any changed."""
        window = self._window
        docks = [
            dock
            for dock in window.findChildren(QDockWidget)
            if _in_view(window, dock) and window.dockWidgetArea(dock) in SIDES
        ]
        areas = {window.dockWidgetArea(dock) for dock in docks}
        if not docks:
            return False
        share = min(SIDE_SHARE, SIDES_SHARE / len(areas))
        wanted = [max(dock.minimumSizeHint().width(), int(window.width() * share)) for dock in docks]
        if wanted == [dock.width() for dock in docks]:
            return False
        window.resizeDocks(docks, wanted, Qt.Orientation.Horizontal)
        return True

    def _tab_together(self) -> None:
        window = self._window
        for host, guest in self._together:
            if self._beside(host, guest):
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
            if _in_view(window, dock) and window.dockWidgetArea(dock) in areas
        ]
        sizes = [dock.width() if across else dock.height() for dock in docks]
        least = [
            dock.minimumSizeHint().width() if across else dock.minimumSizeHint().height() for dock in docks
        ]
        wanted = _shrink(sizes, [max(0, size - low) for size, low in zip(sizes, least, strict=True)], amount)
        if wanted != sizes:
            window.resizeDocks(docks, wanted, orientation)
        return amount - (sum(sizes) - sum(wanted))


def _in_view(window: QMainWindow, dock: QDockWidget) -> bool:
    """Whether ``dock`` is docked in view: open, not floating, and not a tab
    behind another. Qt keeps a dock tabbed away visible, moved out of the
    window: Repair, Recordings and History, tabs of one dock under the
    table, were shared the height as if stacked, and Repair behind the
    Recordings tab kept the height of its proposals; at 1024x700 the
    table showed three rows."""
    return dock.isVisible() and not dock.isFloating() and window.rect().intersects(dock.geometry())


def _behind_tab(window: QMainWindow, dock: QDockWidget) -> None:
    """A dock that is a tab behind another asks for no height (a scrolling
    dock's least height is set apart): Qt sizes a group of tabs by the
    tallest minimum of all its docks, and with every dock open the bottom
    group kept Recordings' 193 px while History was in front (the window's
    least height 608 px, now 523; issue 31). Its panel's least height is its
    layout's again once it is in front (or closed), and the window grows to
    it if it must."""
    inner = dock.widget()
    if inner is None:
        return
    behind = dock.isVisible() and not dock.isFloating() and not _in_view(window, dock)
    # 1 px: Qt takes a least height of 0 as "none set" (the layout's again)
    least = 1 if behind else 0
    if inner.minimumHeight() != least and (behind or inner.minimumHeight() == 1):
        inner.setMinimumHeight(least)


def _heading(panel: QWidget) -> int:
    """The height from ``panel``'s top to the end of its first list's header
    and first row (0 without a list in view): what must stay in view for the
    panel to say what it shows."""
    for view in panel.findChildren(QAbstractItemView):
        if view.isVisible() and isinstance(view, QTableView):
            top = view.mapTo(panel, QPoint(0, 0)).y()
            header = view.horizontalHeader()
            head = 0 if header.isHidden() else header.sizeHint().height()
            row = view.verticalHeader().defaultSectionSize()
            return top + view.frameWidth() + head + row + view.horizontalScrollBar().sizeHint().height()
    return 0


def _tab_bar_height(window: QMainWindow, dock: QDockWidget) -> int:
    """The height of the tab bar under (or over) ``dock`` when it is one of
    several tabs, else 0. ``resizeDocks`` sizes the group, bar included:
    History, given the height it asked for, came out the bar's 26 px
    shorter every time, and its list showed two states."""
    if not window.tabifiedDockWidgets(dock):
        return 0
    place = dock.geometry()
    for bar in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
        edge = bar.geometry()
        if not bar.isVisible() or edge.right() < place.left() or edge.left() > place.right():
            continue
        if 0 <= edge.top() - place.bottom() <= BAR_GAP or 0 <= place.top() - edge.bottom() <= BAR_GAP:
            return edge.height()
    return 0


def _liked_height(part: QWidget) -> int:
    """A part's preferred height; through a dock's scroll area, its panel's
    (the area's own hint is the panel's as first laid out, bounded)."""
    inner = part.widget() if isinstance(part, QDockWidget) else None
    if isinstance(inner, QScrollArea) and inner.widget() is not None:
        return part.height() - inner.viewport().height() + inner.widget().sizeHint().height()
    return part.sizeHint().height()


def _shrink(sizes: list[int], spare: list[int], amount: int) -> list[int]:
    """``sizes`` less up to ``amount`` px in all, each by its share of ``spare``."""
    total = sum(spare)
    take = min(max(0, amount), total)
    if take <= 0:
        return sizes
    return [size - take * give // total for size, give in zip(sizes, spare, strict=True)]

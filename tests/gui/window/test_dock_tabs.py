"""The side docks tabbed together in a narrow window: each tab says its
dock whole or by its short title (``window.dock_tabs``), never cut."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QTabBar

from timeline_app.gui.window.dock_tabs import DockTabTitles
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import layout_settled


@pytest.mark.parametrize("language", ["en", "zh"])
def test_tabbed_docks_name_themselves_without_being_cut(qtbot, request, language: str) -> None:
    """Issue 31 tryout (min-en.png): tabbed together in the smallest window,
    the side docks' tabs read "Details and p…" and "Disc…". Where their
    whole titles do not fit, they take short ones that do; the tooltip says
    the whole title."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    window.side_dock.show()
    window.discussions_dock.show()
    window.resize(1, 1)
    qtbot.waitUntil(lambda: window.size() == window.minimumSize(), timeout=5000)
    layout_settled(window)
    assert window.tabifiedDockWidgets(window.side_dock) == [window.discussions_dock]
    titles = {window.side_dock.windowTitle(), window.discussions_dock.windowTitle()}
    bars = [
        bar
        for bar in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if bar.isVisible() and {bar.tabToolTip(i) for i in range(bar.count())} == titles
    ]
    assert len(bars) == 1, "the side docks' tab bar"
    bar = bars[0]
    bar.repaint()
    (titles_of,) = window.findChildren(DockTabTitles)
    short = set(titles_of.short_titles().values())
    for i in range(bar.count()):
        text = bar.tabText(i)
        room = bar.tabRect(i).width()
        assert bar.tabSizeHint(i).width() <= room, f"{text!r} cut to {room} px"
        assert bar.tabToolTip(i) in titles
        assert text in {*titles, *short}, text


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_docks_short_tab_title_is_part_of_its_title(request, language: str) -> None:
    """Issue 31 tryout: in English the bottom tab read "Chats" while the dock
    and the View menu said "Discussions": one pane, two names. A short tab
    title is the dock's own title or a part of it, in either language."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    (titles_of,) = window.findChildren(DockTabTitles)
    for name, short in titles_of.short_titles().items():
        dock = window.findChild(QDockWidget, name)
        assert dock is not None, name
        assert short in dock.windowTitle(), f"{short!r} beside the dock's {dock.windowTitle()!r}"

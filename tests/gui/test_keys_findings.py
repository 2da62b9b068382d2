"""Tryout 4's keyboard and dark-theme findings, through the real widgets:
sorting from the keyboard, a complete shortcut list, bubbles restyled on a
theme change, visible focus, the Simulate dialog's date field, the banner's
contrast. Each test failed on the code before its fix."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from timeline_app.gui.main_window import MainWindow

from .test_tryout_findings import _choose_theme, restores_style  # noqa: F401  (a fixture)

WAIT = 20000


def _bubble_text_colours(window: MainWindow) -> set[str]:
    """The foreground of every character of the bubbles that is not a role's name."""
    document = window.preview_pane.chat.document()
    colours = set()
    block = document.begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            char = fragment.charFormat()
            if fragment.isValid() and char.fontWeight() < 700:
                colours.add(char.foreground().color().name())
            iterator += 1
        block = block.next()
    return colours


@pytest.mark.usefixtures("restores_style")
def test_switching_to_dark_with_the_preview_shown_restyles_the_bubbles(
    qtbot, demo_window: MainWindow
) -> None:
    window = demo_window
    window.theme_actions["light"].trigger()
    window.tabs.setCurrentWidget(window.preview_pane)
    qtbot.waitUntil(
        lambda: (
            _bubble_text_colours(window)
            == {window.preview_pane.palette().color(QPalette.ColorRole.Text).name()}
        ),
        timeout=WAIT,
    )
    _choose_theme(qtbot, window, "dark", window.preview_pane, window.preview_pane.chat)
    dark_text = QApplication.palette().color(QPalette.ColorRole.Text).name()
    qtbot.waitUntil(lambda: _bubble_text_colours(window) == {dark_text}, timeout=3000)

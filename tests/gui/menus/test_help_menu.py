"""menus/help_menu.py: the Help actions' slots. A page is built on first use
(its module is not imported while the window starts, issue 33), once: asked
again, the same dialog is raised instead of a second one made."""

from __future__ import annotations

import subprocess
import sys

import pytest
from PySide6.QtWidgets import QMainWindow

from timeline_app.gui.menus.help_menu import HelpMenu


@pytest.fixture
def menu(qtbot) -> HelpMenu:
    window = QMainWindow()
    qtbot.addWidget(window)
    return HelpMenu(window)


@pytest.mark.parametrize("name", ["legend", "shortcuts", "about", "guide"])
def test_each_page_is_made_once_and_raised_again(qtbot, menu: HelpMenu, name: str) -> None:
    getattr(menu, f"do_{name}")()
    first = menu.dialogs[name]
    qtbot.waitUntil(first.isVisible)
    first.hide()
    getattr(menu, f"do_{name}")()
    assert menu.dialogs[name] is first and first.isVisible()
    assert list(menu.dialogs) == [name]
    first.close()


def test_the_pages_module_is_not_imported_until_a_page_is_asked_for() -> None:
    probe = (
        "import sys\n"
        "from timeline_app.gui.menus import help_menu\n"
        "from timeline_app.gui.window import main_window\n"
        "print('timeline_app.gui.menus.help' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"

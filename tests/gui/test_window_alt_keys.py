"""Every Alt+letter of the main window reaches one thing, in English and in
Chinese, in the states that show the most at once: every dock open, Repair
with its proposals, the banner with each of its offers. Tryout (issue 31):
Repair's "&Reject all" and the banner's "Use the &root's file" both took
Alt+R; with both in view Qt moved the focus between them and pressed
neither. Before: the toolbar showed 相对时间(R) and 修复(R), and CST 前缀(C)
beside Preview's 聊天(C) (a toolbar button has no mnemonic: Alt+R pressed
neither); a panel's button took a menu title's letter (Alt+H alternated).
(Dialogs are windows of their own: ``DialogKeys``, test_dialog_keys.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QPushButton, QTabBar

from timeline_app.gui.panels.status import PAIRING, PASSED_OVER
from timeline_app.gui.widgets.keys import mnemonic_of
from timeline_app.gui.window.lazy_dock import LazyDock
from timeline_app.gui.window.main_window import MainWindow

from .helpers import (
    ALT,
    WAIT,
    alt_clashes,
    alt_shortcuts,
    assert_visible_mnemonics_are_unique,
    press,
    show_active,
)


@pytest.fixture(params=["en", "zh_CN"])
def shown_window(request: pytest.FixtureRequest, tmp_path: Path) -> MainWindow:
    """The demo in English or in Chinese, every dock's panel built, the
    Discussions browser on a root (its buttons shown) and Repair open with
    the demo's proposals."""
    window = request.getfixturevalue("demo_window" if request.param == "en" else "chinese_demo")
    qtbot = request.getfixturevalue("qtbot")
    for dock in window.findChildren(LazyDock):
        dock.panel()  # every panel built, its buttons there to be counted
    (tmp_path / "talk").mkdir()
    window.discussions.set_root(tmp_path)
    panel = window.repair_panel
    with qtbot.waitSignal(panel.proposalsReady, timeout=WAIT):
        window.actions_by_name["repair"].trigger()
    assert panel.model.rowCount() > 0 and panel.reject_all.isEnabled()
    return window


def _offer(window: MainWindow, offer: str) -> QPushButton:
    """The banner saying the message that comes with ``offer``, its button shown."""
    banner = window.banner
    button = {"beside": banner.use_beside, "root": banner.use_root}[offer]
    banner.show_message(
        "offer", warning=offer == "beside", kind=PAIRING if offer == "beside" else PASSED_OVER, offer=button
    )
    return button


@pytest.mark.parametrize("offer", ["beside", "root"])
def test_no_two_things_in_the_window_share_an_alt_letter(shown_window: MainWindow, offer: str) -> None:
    button = _offer(shown_window, offer)
    assert button.isVisible() and shown_window.repair_panel.reject_all.isVisible()
    assert_visible_mnemonics_are_unique(shown_window)


def test_alt_r_rejects_all_with_the_roots_file_offered(qtbot, shown_window: MainWindow) -> None:
    """The tryout itself, by keys: Repair's proposals and the banner's offer
    of the root's file in view, Alt+R rejects every proposal (it moved the
    focus between the two buttons and pressed neither), and the offer has
    its own letter that presses it."""
    panel = shown_window.repair_panel
    button = _offer(shown_window, "root")
    show_active(qtbot, shown_window)
    shown_window.table.setFocus()
    assert panel.model.accepted()  # the demo's high proposal, accepted by default
    press(qtbot, Qt.Key.Key_R, ALT)
    qtbot.waitUntil(lambda: panel.model.accepted() == [], timeout=WAIT)  # a mnemonic clicks in 100 ms
    letter = mnemonic_of(button.text())
    assert letter is not None and letter != "r"
    with qtbot.waitSignal(button.clicked, timeout=WAIT):
        press(qtbot, Qt.Key(ord(letter.upper())), ALT)


def _every_alt_key(window: MainWindow) -> list[tuple[str | None, str]]:
    """(letter or None, text) of every button, check box, labelled field,
    group box and tab of the window, shown or not yet, and its Alt+ shortcuts."""
    taken = [(mnemonic_of(b.text()), b.text()) for b in window.findChildren(QAbstractButton)]
    taken += [(mnemonic_of(x.text()), x.text()) for x in window.findChildren(QLabel) if x.buddy() is not None]
    taken += [(mnemonic_of(box.title()), box.title()) for box in window.findChildren(QGroupBox)]
    for bar in window.findChildren(QTabBar):
        taken += [(mnemonic_of(bar.tabText(i)), bar.tabText(i)) for i in range(bar.count())]
    return taken + list(alt_shortcuts(window))


def test_no_widget_takes_a_menu_titles_alt_letter(shown_window: MainWindow) -> None:
    """Alt+F, Alt+E, Alt+V ... open their menus whatever is in view: no
    button, check box, tab, labelled field nor Alt+ shortcut of the window,
    shown or not yet, has one of their letters (Qt alternates otherwise)."""
    titles = {mnemonic_of(a.text()): a.text() for a in shown_window.menuBar().actions()}
    assert None not in titles and len(titles) >= 5
    clashes = [(text, titles[letter]) for letter, text in _every_alt_key(shown_window) if letter in titles]
    assert not clashes, clashes


def test_every_alt_letter_of_the_window_is_one_things(shown_window: MainWindow) -> None:
    """The class behind Alt+R: any of the window's widgets may come into view
    beside any other (docks open, float and tab in any way; the banner comes
    over any of them), so no two of them, shown or not, nor a menu title or
    an Alt+ shortcut, share a letter."""
    shown = [
        (letter, a.text()) for a in shown_window.menuBar().actions() if (letter := mnemonic_of(a.text()))
    ]
    shown += [(letter, text) for letter, text in _every_alt_key(shown_window) if letter is not None]
    assert len(shown) >= 25
    assert not alt_clashes(shown), alt_clashes(shown)


def test_repairs_choices_that_change_what_is_written_are_reached_by_alt(
    qtbot, shown_window: MainWindow
) -> None:
    """Tryouts tryC and tryD: Repair's check boxes had no Alt letter; "These
    files belong together", which Apply waits for on a doubtful pair, and
    "Remove orphans whose time was given back" were reached only by Tab.
    Each has a letter of its own in both languages, and it ticks the box.
    "Re-anchor legacy backfill runs to the transcript's own times" had none
    (every letter of it was taken): it reads "Synchronize …" now, Alt+Z."""
    panel = shown_window.repair_panel
    show_active(qtbot, shown_window)
    shown_window.table.setFocus()
    for box in (panel.reanchor, panel.prune, panel.belong):
        letter = mnemonic_of(box.text())
        assert letter is not None, box.text()
        box.show()  # "belong" is shown for a doubtful pair only
        before = box.isChecked()
        press(qtbot, Qt.Key(ord(letter.upper())), ALT)
        qtbot.waitUntil(lambda box=box, before=before: box.isChecked() != before, timeout=WAIT)

"""The Repair dock's keyboard tryout: its state with nothing open, Space in
any column, ticks kept through Apply and Undo, and the refused save's banner
(said in good English, and kept until the person dismisses it or acts)."""

from __future__ import annotations

from pathlib import Path

from timeline_app.gui.repair_panel import RepairPanel

from .test_keyboard import show_active

WAIT = 10000
HINT = "Press Find proposals"


def _nothing_to_apply(panel: RepairPanel) -> bool:
    return not panel.apply_button.isEnabled() and panel.summary.text().startswith(HINT)


def test_the_dock_says_there_is_nothing_to_apply_from_the_start_and_after_a_failed_open(
    qtbot, make_window, tmp_path: Path
) -> None:
    """Restored at start-up with nothing open, Apply was enabled and the hint
    missing until Alt+5; so after an open that failed."""
    first = make_window()
    first.show()
    first.repair_dock.show()
    first.close()  # the layout is kept, the Repair dock in it
    window = make_window()
    show_active(qtbot, window)
    panel = window.repair_panel
    assert window.repair_dock.isVisible() and panel.summary.isVisible()
    assert _nothing_to_apply(panel), panel.summary.text()
    broken = tmp_path / "chat.json"
    broken.write_text("[{")
    with qtbot.waitSignal(window.session.failed, timeout=WAIT):
        window.session.open(broken)
    assert window.session.discussion is None
    assert _nothing_to_apply(panel), panel.summary.text()

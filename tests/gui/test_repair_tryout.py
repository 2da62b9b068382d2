"""The Repair dock's keyboard tryout: its state with nothing open, Space in
any column, ticks kept through Apply and Undo, and the refused save's banner
(said in good English, and kept until the person dismisses it or acts)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from timeline_app.gui.main_window import MainWindow
from timeline_app.gui.repair_panel import PropColumn, RepairPanel

from .test_keyboard import CTRL, focused, press, show_active

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


def _find(qtbot, window: MainWindow) -> RepairPanel:
    """Ctrl+Shift+R, and the table of proposals focused, its first row current."""
    show_active(qtbot, window)
    panel = window.repair_panel
    with qtbot.waitSignal(panel.proposalsReady, timeout=WAIT):
        press(qtbot, Qt.Key.Key_R, CTRL | Qt.KeyboardModifier.ShiftModifier)
    panel.table.setFocus()
    panel.table.setCurrentIndex(panel.model.index(0, PropColumn.ACCEPT))
    return panel


def _ticks(panel: RepairPanel) -> dict[str, bool]:
    """Accept of each proposal, by its message's number."""
    model = panel.model
    return {
        model.index(row, PropColumn.INDEX).data(): model.index(row, PropColumn.ACCEPT).data(
            Qt.ItemDataRole.CheckStateRole
        )
        == Qt.CheckState.Checked
        for row in range(model.rowCount())
    }


def _to_row(qtbot, panel: RepairPanel, number: str) -> None:
    """Down (from the first row) to the proposal for message ``number``."""
    press(qtbot, Qt.Key.Key_Home)
    while panel.model.index(panel.table.currentIndex().row(), PropColumn.INDEX).data() != number:
        press(qtbot, Qt.Key.Key_Down)


def test_space_ticks_the_current_row_in_any_column(qtbot, demo_window: MainWindow) -> None:
    panel = _find(qtbot, demo_window)
    assert focused() is panel.table
    while panel.table.currentIndex().column() != PropColumn.REASON:
        press(qtbot, Qt.Key.Key_Right)  # to read the Why column
    _to_row(qtbot, panel, "11")
    assert panel.table.currentIndex().column() == PropColumn.REASON
    assert _ticks(panel) == {"14": True, "11": False}
    press(qtbot, Qt.Key.Key_Space)
    assert _ticks(panel) == {"14": True, "11": True}
    press(qtbot, Qt.Key.Key_Space)
    assert _ticks(panel) == {"14": True, "11": False}
    press(qtbot, Qt.Key.Key_Left)
    press(qtbot, Qt.Key.Key_Home)  # in the Accept column itself: one toggle, not two
    while panel.table.currentIndex().column() != PropColumn.ACCEPT:
        press(qtbot, Qt.Key.Key_Left)
    _to_row(qtbot, panel, "11")
    press(qtbot, Qt.Key.Key_Space)
    assert _ticks(panel) == {"14": True, "11": True}
    assert "2 accepted" in panel.summary.text()


def test_undo_after_apply_gives_the_list_back_with_the_persons_ticks(qtbot, demo_window: MainWindow) -> None:
    """Untick the high proposal, tick the medium one, apply, undo: the list is
    as it was before Apply (the ticks were the defaults again), and after the
    Apply the unticked high one is not ticked again behind the person's back."""
    window = demo_window
    panel = _find(qtbot, window)
    _to_row(qtbot, panel, "14")
    press(qtbot, Qt.Key.Key_Space)
    _to_row(qtbot, panel, "11")
    press(qtbot, Qt.Key.Key_Space)
    before = _ticks(panel)
    assert before == {"14": False, "11": True}
    with qtbot.waitSignal(panel.proposalsReady, timeout=WAIT):  # found again for the edited file
        qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert window.model.row_at(11).status.value == "tracked"
    assert _ticks(panel) == {"14": False}
    window.table.setFocus()
    with qtbot.waitSignal(panel.proposalsReady, timeout=WAIT):
        press(qtbot, Qt.Key.Key_Z, CTRL)
    assert window.model.row_at(11).status.value == "untracked"
    assert _ticks(panel) == before

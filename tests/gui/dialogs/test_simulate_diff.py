"""The Simulate dialog as a reader sees it: the diff in their language and in
colour, its tabs reachable by Ctrl+Tab from the time field."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from timeline_app.gui.dialogs.simulate import SimulateDialog
from timeline_app.gui.widgets.colours import contrast_ratio
from timeline_app.gui.window.main_window import MainWindow


def _simulated(qtbot, window: MainWindow) -> SimulateDialog:
    window.actions_by_name["simulate"].trigger()
    dialog = window.simulation_dialog
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=10000)
    qtbot.waitExposed(dialog)
    return dialog


def test_the_diff_names_its_sides_in_chinese(qtbot, chinese_demo: MainWindow) -> None:
    dialog = _simulated(qtbot, chinese_demo)
    first, second = dialog.diff.toPlainText().splitlines()[:2]
    assert first == "--- timestamps.json（当前）"
    assert second == "+++ timestamps.json（本次请求之后）"
    dialog.reject()


def _line_backgrounds(dialog: SimulateDialog) -> dict[str, set[str]]:
    """The background each kind of diff line is painted on, as the view lays it out."""
    base = dialog.diff.palette().color(QPalette.ColorRole.Base).name()
    seen: dict[str, set[str]] = {"+": set(), "-": set(), " ": set()}
    block = dialog.diff.document().begin()
    while block.isValid():
        text = block.text()
        if text[:1] in seen and not text.startswith(("+++", "---")):
            formats = block.layout().formats()
            painted = {f.format.background().color().name() for f in formats if f.format.background().style()}
            seen[text[:1]] |= painted or {base}
        block = block.next()
    return seen


def test_added_and_removed_lines_are_coloured_and_stay_readable(qtbot, demo_window: MainWindow) -> None:
    dialog = _simulated(qtbot, demo_window)
    seen = _line_backgrounds(dialog)
    base = dialog.diff.palette().color(QPalette.ColorRole.Base).name()
    assert seen["+"] and seen["+"] != {base}, "added lines have a colour of their own"
    if seen["-"]:  # the demo's request removes the placeholder: a removed line
        assert seen["-"] != {base} and seen["-"].isdisjoint(seen["+"])
    assert seen[" "] <= {base}  # context lines stay plain
    text = QApplication.palette().color(QPalette.ColorRole.Text)
    for name in seen["+"] | seen["-"]:
        assert contrast_ratio(text, QColor(name)) >= 4.5, name
    dialog.reject()


def test_ctrl_tab_turns_the_tabs_while_the_time_field_has_the_focus(qtbot, demo_window: MainWindow) -> None:
    dialog = _simulated(qtbot, demo_window)
    dialog.activateWindow()
    dialog.now_edit.setFocus()
    qtbot.waitUntil(dialog.now_edit.hasFocus)
    start = dialog.tabs.currentIndex()
    qtbot.keyClick(dialog.now_edit, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert dialog.tabs.currentIndex() == (start + 1) % dialog.tabs.count()
    qtbot.keyClick(
        dialog.now_edit,
        Qt.Key.Key_Backtab,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert dialog.tabs.currentIndex() == start
    dialog.reject()

"""Tryout findings on the timeline strip, reproduced through the real
widgets: each test failed on the code before its fix."""

from __future__ import annotations

from PySide6.QtCore import Qt

from timeline_app.gui.main_window import MainWindow

from .test_editing import _apply_high_repairs

WAIT = 20000


def _zoomed_on(qtbot, window: MainWindow, row: int) -> tuple[float, float]:
    """The person selects ``row`` and zooms the strip in on it: the zoom and
    where the row's mark is on screen."""
    strip = window.strip
    window.select_source_row(row)
    strip.setFocus()
    for _ in range(3):
        qtbot.keyClick(strip, Qt.Key.Key_Plus)
    return strip.zoom, strip.mark_rect(row).center().x()


def test_an_applied_repair_and_its_undo_keep_the_strips_zoom_and_place(
    qtbot, demo_copy_window: MainWindow
) -> None:
    """Tryout: after Repair's Apply (and after undo) the strip fitted the
    whole history again; the same messages with changed times keep the zoom
    and the stretch of time the person was looking at."""
    window = demo_copy_window
    # after #14, which the repair gives an earlier time: the axis moves under what is in view
    zoom, where = _zoomed_on(qtbot, window, 16)
    assert window.strip.mark_rect(1).right() < 0, "zoomed in: the first messages are off screen"

    _apply_high_repairs(qtbot, window)
    assert window.strip.zoom == zoom, "Apply kept the zoom"
    assert abs(window.strip.mark_rect(16).center().x() - where) < 2, "and the place"

    window.undo_action.trigger()
    qtbot.waitUntil(lambda: window.model.row_at(14).status.value == "untracked", timeout=WAIT)
    assert window.strip.zoom == zoom, "undo kept the zoom"
    assert abs(window.strip.mark_rect(16).center().x() - where) < 2, "and the place"

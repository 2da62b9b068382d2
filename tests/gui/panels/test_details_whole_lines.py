"""Details' facts at the window's minimum show whole lines or none: a line
the facts area's edge cuts is not drawn half (issue 31: in Chinese with only
the Details dock, the minimum 875x435 showed "哈希" and the top half of
"存储的值")."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage

from timeline_app.gui.widgets.key_scroll import line_bands
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT, layout_settled, show_active


def _cut_lines_drawn(area) -> list[tuple[float, float]]:
    """The lines the viewport's edges cut of which a pixel is drawn (not one colour)."""
    view = area.viewport()
    image: QImage = view.grab().toImage()
    shift, height = area.widget().y(), view.height()
    drawn = []
    for first, last in line_bands(area.widget()):
        first, last = first + shift, last + shift
        if not (first < 0 < last or first < height < last):
            continue
        rows = range(max(0, int(first)), min(height, int(last + 0.999)))
        colours = {image.pixel(x, y) for y in rows for x in range(0, image.width(), 2)}
        if len(colours) > 1:
            drawn.append((first, last))
    return drawn


@pytest.mark.parametrize("docks", ["details", "details_repair", "details_history"])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_at_the_minimum_no_fact_line_shows_cut(qtbot, request, language: str, docks: str) -> None:
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    if docks == "details_repair":
        with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=WAIT):
            window.actions_by_name["repair"].trigger()
    elif docks == "details_history":
        window.history_dock.show()
    for dock in (window.discussions_dock, window.recordings_dock):
        dock.hide()
    window.side_dock.show()
    window.tabs.setCurrentIndex(0)
    window.resize(1, 1)
    qtbot.waitUntil(lambda: window.size() == window.minimumSize(), timeout=5000)
    show_active(qtbot, window)
    checked = 0
    for row in (4, 13):
        window.select_source_row(row)
        layout_settled(window)
        # the facts, and the notes above the orphans (the pending reply's third line was cut)
        for area in (window.detail._facts_area, window.detail._notes_area):
            if not area.isVisible():
                continue
            bar = area.verticalScrollBar()
            for value in range(0, bar.maximum() + 1, 5):
                bar.setValue(value)
                layout_settled(window)
                assert not _cut_lines_drawn(area), (area.objectName(), window.size(), row, value)
                checked += 1
    assert checked > 2  # the facts scroll at this size (else nothing is proved)

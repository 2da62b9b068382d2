"""The loading notes under Details (what reading the files noticed, the last
reply) in an area as tall as their lines, up to the lines the pane gives
(``DetailPane._fit_notes``): whole lines shown, more scroll."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from timeline_app.gui.panels.details import DetailPane
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import layout_settled, show_active

NOTE = "Warning: 1 hidden message not sent: the middleware never sees it"
NOTED = "Noted while reading the files: chat.json; client API detected: openai"


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 700)])
def test_the_notes_show_whole_lines_never_a_cut_one(qtbot, demo_window: MainWindow, size) -> None:
    """Issue 31: at 1920x1080 the notes ("1 hidden message not sent", "chat.json;
    client API detected: openai") showed about two lines, the last cut in half,
    under ~350 px of empty space: the area's least height left out its frame.
    For one to many notes, the area shows every line, or whole lines and
    scrolls the rest; never a line cut by its bottom edge."""
    window = demo_window
    window.resize(*size)
    show_active(qtbot, window)
    layout_settled(window)
    pane = window.findChild(DetailPane)
    area = pane._notes_area
    spacing = pane.notes.fontMetrics().lineSpacing()
    for count in (1, 2, 3, 5, 8, 20):
        pane.notes.setText("\n".join([NOTE] * (count - 1) + [NOTED]))
        pane.notes.show()
        area.show()
        pane._fit_notes()
        layout_settled(window)
        QApplication.processEvents()
        content = area.widget().height()
        view = area.viewport().height()
        bar = area.verticalScrollBar()
        if bar.maximum() == 0:
            assert view >= content, (count, view, content)
        else:
            assert view % spacing == 0, (count, view, spacing)  # whole lines, then the bar
            assert view >= 3 * spacing, (count, view)
        if count <= 3:
            assert bar.maximum() == 0 and view >= content, (
                f"{count} notes at {size}: all shown ({view} < {content})"
            )

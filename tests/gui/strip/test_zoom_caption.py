"""The strip says when it is zoomed and how many of its marks show
(``TimelineStrip.zoom_caption``): after + nothing said so (issue 31)."""

from __future__ import annotations

import re

import pytest
from conftest import FIXTURES
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPalette

from timeline_app.core.context import Style
from timeline_app.gui.strip.view import LEFT
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import layout_settled, open_and_wait, show_active


def _marks_in_view(strip) -> int:
    rows = range(strip._model.rowCount())
    rects = [strip.mark_rect(row) for row in rows]
    return sum(1 for r in rects if r is not None and LEFT <= r.center().x() <= strip.width())


def test_a_zoomed_strip_says_its_zoom_and_the_marks_in_view(qtbot, demo_window: MainWindow) -> None:
    """Issue 31: after + on the strip nothing showed it was zoomed or that
    marks were out of view. At each width and each zoom step, the caption
    over the lanes says "zoomed ×F: N of M marks in view" (or its short form
    where that does not fit), whole, inside the strip, drawn; N is the marks
    that show, M all placed; at the whole view it says nothing."""
    window = demo_window
    show_active(qtbot, window)
    layout_settled(window)
    strip = window.strip
    total = sum(1 for row in range(strip._model.rowCount()) if strip.mark_rect(row) is not None)
    assert total > 10
    for width in (1800, 900, 420):
        window.resize(width + 300, window.height())
        strip.resize(width, strip.height())
        strip.fit()
        assert strip.zoom_caption()[0] == "", "the whole view: nothing to say"
        strip.select_row(total // 2)
        strip.setFocus()
        for step in range(1, 6):
            qtbot.keyClick(strip, Qt.Key.Key_Plus)
            text, box = strip.zoom_caption()
            found = re.search(r"×([\d.]+)\D+?(\d+)\D+?(\d+)", text)
            assert found, (width, step, text)
            shown, whole = int(found.group(2)), int(found.group(3))
            assert whole == total and shown == _marks_in_view(strip), (text, _marks_in_view(strip))
            assert float(found.group(1)) > 1
            assert strip.fontMetrics().horizontalAdvance(text) <= box.width(), (width, text, box)
            assert strip.rect().toRectF().contains(box), (width, box, strip.rect())
            image = strip.grab().toImage()
            ground = strip.palette().color(QPalette.ColorRole.Base).rgb()
            ratio = image.devicePixelRatio()
            inked = any(
                image.pixel(int(x * ratio), int(y * ratio)) != ground
                for x in range(int(box.left()), int(box.right()))
                for y in range(int(box.top()), int(box.bottom()), 2)
            )
            assert inked, "the caption is drawn"


@pytest.mark.parametrize("language", ["english", "chinese_layout"])
def test_the_zoom_caption_never_covers_the_cst_caption(
    qtbot, request, language: str, window: MainWindow
) -> None:
    """TryK/L: in a narrow window the zoom caption ("zoomed ×5.1: 5 of 17
    marks in view") was drawn over the end of the CST caption's line. At
    every width and zoom step, each line of the axis caption (its text's
    own rect) and the zoom caption's box are apart, both inside the strip."""
    request.getfixturevalue(language)
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    open_and_wait(qtbot, window, FIXTURES / "ooba_2025_tools.json", None)
    window.session.set_style(Style.CST)
    layout_settled(window)
    strip = window.strip
    metrics = strip.fontMetrics()
    assert strip.axis_statement()
    for width in (1400, 1000, 900, 760, 640, 520, 420):
        strip.resize(width, strip.height())
        strip.fit()
        strip.select_row(0)
        strip.setFocus()
        for step in range(1, 5):
            qtbot.keyClick(strip, Qt.Key.Key_Plus)
            zoomed, zoom_box = strip.zoom_caption()
            caption, box = strip.axis_caption()
            assert zoomed and caption, (width, step)
            assert strip.rect().toRectF().contains(zoom_box)
            height = box.height() / (caption.count("\n") + 1)
            for number, line in enumerate(caption.split("\n")):
                drawn = QRectF(
                    box.left(), box.top() + number * height, metrics.horizontalAdvance(line), height
                )
                apart = drawn.right() < zoom_box.left() or not drawn.intersects(zoom_box)
                assert apart, (width, step, line, drawn, zoomed, zoom_box)

"""widgets/key_scroll.py: text in a place of fixed height that the keyboard
reaches while some of it is out of view (the Recordings comparison's account,
the Details notes and the Simulate consequences were scrolled by the mouse
alone, their rest in a tooltip): Tab lands on it, it shows the focus, and the
keys scroll it; with everything in view it is no Tab stop."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QLineEdit, QStyleOption, QVBoxLayout, QWidget

from timeline_app.gui.widgets.key_scroll import KeyScrollArea
from timeline_app.gui.widgets.palettes import focus_colour

from ..helpers import press


def _form(qtbot, lines: int) -> tuple[QWidget, KeyScrollArea, QLineEdit]:
    form = QWidget()
    qtbot.addWidget(form)
    layout = QVBoxLayout(form)
    label = QLabel("\n".join(f"line {n}" for n in range(1, lines + 1)))
    label.setWordWrap(True)
    before, area, after = QLineEdit(), KeyScrollArea(label), QLineEdit()
    area.setFixedHeight(3 * label.fontMetrics().lineSpacing() + 4)
    for widget in (before, area, after):
        layout.addWidget(widget)
    form.resize(320, 200)
    form.show()
    qtbot.waitExposed(form)
    form.activateWindow()
    qtbot.waitUntil(form.isActiveWindow)
    before.setFocus()
    qtbot.waitUntil(before.hasFocus)
    return form, area, after  # (the form kept: dropped, Qt deletes it)


def _frame_pixels(area: KeyScrollArea) -> int:
    option = QStyleOption()
    option.initFrom(area)
    want = QColor(focus_colour(option.palette)).rgb()
    image = area.grab().toImage()
    edge = [(x, 1) for x in range(image.width())] + [(1, y) for y in range(image.height())]
    return sum(image.pixelColor(x, y).rgb() == want for x, y in edge)


def test_text_out_of_view_is_reached_by_tab_and_scrolled_by_keys(qtbot) -> None:
    _, area, after = _form(qtbot, 12)
    assert area.hides_some
    unfocused = _frame_pixels(area)
    press(qtbot, Qt.Key.Key_Tab)
    qtbot.waitUntil(area.hasFocus)
    assert _frame_pixels(area) > unfocused + area.width() // 2  # a frame along its edges
    bar = area.verticalScrollBar()
    assert bar.value() == 0
    press(qtbot, Qt.Key.Key_PageDown)
    press(qtbot, Qt.Key.Key_PageDown)
    press(qtbot, Qt.Key.Key_PageDown)
    assert bar.value() == bar.maximum() > 0  # the last line in view
    press(qtbot, Qt.Key.Key_Tab)
    qtbot.waitUntil(after.hasFocus)


def test_text_all_in_view_is_no_tab_stop(qtbot) -> None:
    _, area, after = _form(qtbot, 2)
    assert not area.hides_some
    press(qtbot, Qt.Key.Key_Tab)
    qtbot.waitUntil(after.hasFocus)

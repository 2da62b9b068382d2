"""widgets/tab_stop_label.py: a wrapped label the keyboard reaches. Tab
lands on it (the Details pane's History line lay out of view with no key to
bring it in), it shows the focus frame every Tab stop draws, and its text is
plain text, never markup."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLineEdit, QStyleOption, QVBoxLayout, QWidget

from timeline_app.gui.widgets.palettes import focus_colour
from timeline_app.gui.widgets.tab_stop_label import TabStopLabel

from ..helpers import press


def _form(qtbot) -> tuple[QWidget, QLineEdit, TabStopLabel]:
    form = QWidget()
    qtbot.addWidget(form)
    layout = QVBoxLayout(form)
    before, label = QLineEdit(), TabStopLabel()
    layout.addWidget(before)
    layout.addWidget(label)
    label.setText("stored at request 17 as '(Sunday, 2026-12-06 16:30:00)'")
    form.resize(320, 120)
    form.show()
    qtbot.waitExposed(form)
    form.activateWindow()
    qtbot.waitUntil(form.isActiveWindow)
    return form, before, label


def _frame_pixels(label: TabStopLabel) -> int:
    """Pixels of the focus colour along the label's inside edge."""
    option = QStyleOption()
    option.initFrom(label)
    want = QColor(focus_colour(option.palette))
    image = label.grab().toImage()
    edge = [(x, 1) for x in range(image.width())] + [(1, y) for y in range(image.height())]
    return sum(image.pixelColor(x, y).rgb() == want.rgb() for x, y in edge)


def test_tab_reaches_it_and_it_shows_the_focus(qtbot) -> None:
    _, before, label = _form(qtbot)
    before.setFocus()
    qtbot.waitUntil(before.hasFocus)
    unfocused = _frame_pixels(label)
    press(qtbot, Qt.Key.Key_Tab)
    qtbot.waitUntil(label.hasFocus)
    assert _frame_pixels(label) > unfocused + label.width() // 2  # a frame along its edges


def test_its_text_is_plain_and_wraps_to_its_width(qtbot) -> None:
    label = TabStopLabel()
    qtbot.addWidget(label)
    label.setText("<b>bold?</b> " * 20)
    assert label.textFormat() is Qt.TextFormat.PlainText
    assert label.hasHeightForWidth()
    one_line = label.heightForWidth(10_000)
    assert label.heightForWidth(120) > one_line  # narrow: more lines, never a wider pane
    assert label.minimumSizeHint().width() < 120

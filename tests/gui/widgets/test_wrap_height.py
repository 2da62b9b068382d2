"""widgets/wrap_height.py: a panel whose lines wrap keeps its minimum height
at what they take at its width, narrower or wider, without being asked."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from timeline_app.gui.widgets.breaking_label import BreakingLabel
from timeline_app.gui.widgets.wrap_height import keep_wrapped_height

from ..helpers import WAIT, layout_settled


def test_the_minimum_height_follows_the_wrapped_lines(qtbot) -> None:
    panel = QWidget()
    qtbot.addWidget(panel)
    label = BreakingLabel()
    label.setText("0123456789abcdef" * 8)
    QVBoxLayout(panel).addWidget(label)
    assert keep_wrapped_height(panel) is panel
    layout = panel.layout()
    panel.resize(900, 200)
    panel.show()
    qtbot.waitExposed(panel)
    for width in (900, 200, 120, 600):
        panel.resize(width, 50)
        qtbot.waitUntil(
            lambda w=width: panel.minimumHeight() == layout.totalMinimumHeightForWidth(w), timeout=WAIT
        )
    narrow, wide = layout.totalMinimumHeightForWidth(120), layout.totalMinimumHeightForWidth(900)
    assert narrow > wide  # the narrow width did need more lines
    label.setText("short")  # the lines change without a resize: a layout request
    qtbot.waitUntil(
        lambda: panel.minimumHeight() == layout.totalMinimumHeightForWidth(panel.width()), timeout=WAIT
    )


def test_a_panel_without_wrapping_is_left_alone(qtbot) -> None:
    bare, plain = QWidget(), QWidget()
    QVBoxLayout(plain).addWidget(QPushButton("no wrapping here"))  # a layout without height for width
    for panel in (bare, plain):
        qtbot.addWidget(panel)
        panel.setMinimumHeight(170)
        keep_wrapped_height(panel).resize(300, 300)
        panel.show()
        qtbot.waitExposed(panel)
        panel.resize(200, 250)
        layout_settled(panel)
        assert panel.minimumHeight() == 170

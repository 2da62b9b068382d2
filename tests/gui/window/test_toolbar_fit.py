"""The toolbar in a narrow window (tryout, Chinese at 800 px, dark): Simulate
backfill and Repair fell into the overflow menu behind a chevron drawn dark
on dark. They now drop their words and stay on the bar."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QToolBar, QToolButton

from timeline_app.gui.widgets.palettes import apply_palette
from timeline_app.gui.window.main_window import MainWindow
from timeline_app.gui.window.toolbar_fit import EXTENSION

from ..helpers import layout_settled

WORDS = Qt.ToolButtonStyle.ToolButtonTextBesideIcon
ICONS = Qt.ToolButtonStyle.ToolButtonIconOnly


def _on_bar(bar: QToolBar, action) -> bool:
    button = bar.widgetForAction(action)
    return button is not None and button.isVisible() and bar.rect().contains(button.geometry())


def test_in_chinese_at_800_px_every_button_stays_on_the_bar_as_an_icon(
    qtbot, chinese_demo: MainWindow
) -> None:
    window = chinese_demo
    bar = window.findChild(QToolBar, "mainToolbar")
    actions = [window.actions_by_name[name] for name in ("simulate", "repair")]
    assert bar.toolButtonStyle() == WORDS  # 1300 px: room for the words
    window.resize(800, 560)  # the window's least width since size31b (875 px): icons if words do not fit
    layout_settled(window)
    qtbot.waitUntil(lambda: all(_on_bar(bar, action) for action in actions), timeout=3000)
    extension = bar.findChild(QToolButton, EXTENSION)
    assert extension is None or not extension.isVisible(), "a button went to the overflow menu"
    for action in actions:
        assert action.toolTip(), "an icon alone needs its words in the tooltip"
    # the style buttons have no icon: they keep their words
    style_button = bar.widgetForAction(window.style_actions[next(iter(window.style_actions))])
    assert style_button.sizeHint().width() > style_button.iconSize().width() + 20
    window.resize(1300, 800)
    qtbot.waitUntil(lambda: bar.toolButtonStyle() == WORDS, timeout=3000)


def test_the_overflow_chevron_is_drawn_in_the_text_colour_of_the_dark_theme(
    qtbot, demo_window: MainWindow
) -> None:
    window = demo_window
    apply_palette("dark")
    bar = window.findChild(QToolBar, "mainToolbar")
    extension = bar.findChild(QToolButton, EXTENSION)
    assert extension is not None
    qtbot.waitUntil(lambda: extension.palette().color(QPalette.ColorRole.ButtonText).lightness() > 180)
    text = QColor(extension.palette().color(QPalette.ColorRole.ButtonText))

    def inked() -> list[QColor]:
        image = extension.icon().pixmap(16, 16).toImage()
        return [
            image.pixelColor(x, y)
            for x in range(image.width())
            for y in range(image.height())
            if image.pixelColor(x, y).alpha() > 200
        ]

    qtbot.waitUntil(
        lambda: bool(inked()) and all(abs(c.lightness() - text.lightness()) < 40 for c in inked())
    )
    apply_palette("light")  # and back: dark on light
    qtbot.waitUntil(lambda: extension.palette().color(QPalette.ColorRole.ButtonText).lightness() < 80)
    qtbot.waitUntil(lambda: bool(inked()) and all(c.lightness() < 120 for c in inked()))


def test_the_now_buttons_words_stop_before_its_menu_arrow(qtbot, demo_window: MainWindow) -> None:
    """The style draws an instant-popup button's arrow in its bottom-right
    corner, over the label's room: "08:06:00" ran into it (tryout)."""
    from PySide6.QtWidgets import QStyle

    button = demo_window.now_button
    assert "08:06:00" in button.text()
    image = button.grab().toImage()
    base = button.palette().color(QPalette.ColorRole.Button)

    def inked(x: int, rows: range) -> bool:
        return any(abs(image.pixelColor(x, y).lightness() - base.lightness()) > 60 for y in rows)

    indicator = button.style().pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator, None, button)
    arrow_left = image.width() + 5 - indicator  # where the style puts the arrow
    words = [x for x in range(image.width()) if inked(x, range(2, image.height() // 2))]
    arrow = [
        x
        for x in range(arrow_left, image.width())
        if inked(x, range(image.height() // 2, image.height() - 2))
    ]
    assert arrow, "the arrow is drawn"
    # a clear gap, not touching: before, the last "0" stopped 2 px short of it
    assert words and min(arrow) - max(words) > indicator // 2, "the words run into the arrow"


def test_at_the_least_width_the_now_button_stays_on_the_bar_in_chinese(
    qtbot, chinese_demo: MainWindow
) -> None:
    """Issue 31 tryout: the Chinese window at its least size (755x468) put the
    Now button, whose words say the "now" the times depend on, into the
    overflow menu, where no one saw it and Tab did not reach it. The window
    goes no narrower than the bar with its icons: every button stays on it."""
    window = chinese_demo
    bar = window.findChild(QToolBar, "mainToolbar")
    window.resize(1, 1)
    layout_settled(window)  # icons, when the words do not fit
    assert window.width() == window.minimumWidth()
    for button in (window.now_button, bar.widgetForAction(window.actions_by_name["repair"])):
        qtbot.waitUntil(lambda b=button: b.isVisible() and bar.rect().contains(b.geometry()), timeout=3000)
    extension = bar.findChild(QToolButton, EXTENSION)
    assert extension is None or not extension.isVisible(), "a button went to the overflow menu"

"""The palettes (widgets/palettes.py): a banner readable at a 4.5 contrast, a disabled button that looks disabled, in every theme."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QPushButton,
    QWidget,
)

from timeline_app.gui.widgets.colours import contrast_ratio
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import (
    WAIT,
    _choose_theme,
)


@pytest.mark.usefixtures("restores_style")
@pytest.mark.parametrize("theme_name", ["light", "dark"])
@pytest.mark.parametrize("kind", ["error", "warning", "info"])
def test_the_banner_text_has_a_contrast_of_at_least_4_5(
    qtbot, demo_window: MainWindow, theme_name: str, kind: str
) -> None:
    window = demo_window
    _choose_theme(qtbot, window, theme_name, window.banner)
    window.banner.show_message(
        "这两个文件可能不是配套的 These files may not belong together",
        warning=kind == "warning",
        info=kind == "info",
    )
    qtbot.waitUntil(window.banner.isVisible, timeout=WAIT)
    image = window.banner.grab().toImage()
    background = image.pixelColor(2, 2)
    label = window.banner.label.geometry()
    text = max(
        (
            image.pixelColor(x, y)
            for x in range(label.left(), label.right())
            for y in range(label.top(), label.bottom())
        ),
        key=lambda colour: abs(colour.lightness() - background.lightness()),
    )
    assert contrast_ratio(text, background) >= 4.5, (text.name(), background.name())


def _text_colours(button: QPushButton) -> set[str]:
    """The colours that differ most from the button's face: its text."""
    image = button.grab().toImage()
    face = image.pixelColor(image.width() // 2, 2)
    colours = [
        image.pixelColor(x, y)
        for x in range(image.width())
        for y in range(image.height() // 3, 2 * image.height() // 3)
    ]
    far = max(abs(c.lightness() - face.lightness()) for c in colours)
    return {c.name() for c in colours if abs(c.lightness() - face.lightness()) >= far - 8}


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_disabled_button_looks_disabled(qtbot, demo_window: MainWindow, restores_style, theme: str) -> None:
    window = demo_window
    window.repair_dock.toggleViewAction().trigger()  # View > Repair: shown, nothing looked for yet
    apply = window.repair_panel.apply_button
    qtbot.waitUntil(apply.isVisible, timeout=WAIT)
    _choose_theme(qtbot, window, theme, apply)
    assert not apply.isEnabled()  # nothing accepted yet
    palette = apply.palette()
    disabled = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText)
    enabled = palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.ButtonText)
    assert abs(disabled.lightness() - enabled.lightness()) > 60
    shown_disabled = _text_colours(apply)
    twin = QPushButton(apply.text())  # made after the theme: the palette is the app's
    qtbot.addWidget(twin)
    twin.resize(apply.size())
    shown_enabled = _text_colours(twin)
    assert not shown_disabled & shown_enabled, (shown_disabled, shown_enabled)


@pytest.mark.usefixtures("restores_style")
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_coloured_text_reads_at_4_5_to_1_in_both_themes(qtbot, demo_window: MainWindow, theme: str) -> None:
    """The strip's colours were also the text's: the table's "assistant" in
    Okabe-Ito orange on white (2.3:1), "untracked" (3.9:1), Repair's "high"
    (3.4:1) and the preview's bubble headings. Text needs 4.5:1, on both row
    colours of a table, and on a bubble's tint."""
    from PySide6.QtCore import Qt

    from timeline_app.gui.panels.repair import PropColumn
    from timeline_app.gui.tables.timeline import Column
    from timeline_app.gui.widgets.colours import over

    window = demo_window
    _choose_theme(qtbot, window, theme, window.table, window.preview_pane.chat)
    palette = window.table.palette()
    rows = (palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.AlternateBase))
    model = window.model
    coloured = [
        (model.index(row, column).data(), model.index(row, column).data(Qt.ItemDataRole.ForegroundRole))
        for row in range(model.rowCount())
        for column in (Column.SPEAKER, Column.STATUS)
    ]
    with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=WAIT):
        window.actions_by_name["repair"].trigger()
    proposals = window.repair_panel.model
    coloured += [
        (
            proposals.index(row, PropColumn.CONFIDENCE).data(),
            proposals.index(row, PropColumn.CONFIDENCE).data(Qt.ItemDataRole.ForegroundRole),
        )
        for row in range(proposals.rowCount())
    ]
    coloured = [(text, colour) for text, colour in coloured if colour is not None]
    assert {"assistant", "user", "untracked", "high"} <= {text for text, _ in coloured}
    for text, colour in coloured:
        for background in rows:
            ratio = contrast_ratio(colour, background)
            assert ratio >= 4.5, f"{text!r} {colour.name()} on {background.name()}: {ratio:.2f} ({theme})"
    window.tabs.setCurrentWidget(window.preview_pane)
    chat = window.preview_pane.chat
    qtbot.waitUntil(lambda: not chat.document().isEmpty(), timeout=WAIT)
    base = chat.palette().color(QPalette.ColorRole.Base)
    frames = [f for f in chat.document().rootFrame().childFrames()]
    assert frames
    for frame in frames:
        tint = frame.frameFormat().background().color()
        bubble = over(tint, tint.alpha(), base)
        cursor = frame.firstCursorPosition()
        cursor.movePosition(cursor.MoveOperation.NextCharacter)
        heading = cursor.charFormat()
        ratio = contrast_ratio(heading.foreground().color(), bubble)
        assert ratio >= 4.5, (
            f"bubble heading {heading.foreground().color().name()} on {bubble.name()}: {ratio:.2f}"
        )


def _farthest(widget: QWidget, background: QColor | None = None) -> tuple[QColor, QColor]:
    """The colour of ``widget`` farthest in contrast from its background (its
    middle row's first pixel unless given), and that background."""
    image = widget.grab().toImage()
    ground = background or image.pixelColor(0, image.height() // 2)
    drawn = (image.pixelColor(x, y) for x in range(image.width()) for y in range(image.height()))
    return max(drawn, key=lambda c: contrast_ratio(c, ground)), ground


@pytest.mark.usefixtures("restores_style")
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_dock_title_buttons_and_disabled_buttons_read_at_3_to_1(
    qtbot, demo_window: MainWindow, theme: str
) -> None:
    """Tryout views3, dark: the docks' float and close buttons were #454443 on
    #2B2B2B (1.4:1, Fusion's fixed grey pictures), the disabled Repair
    buttons' text #5E5E5E on #474747. A graphical object needs 3:1 (WCAG
    1.4.11); a disabled button still says what it would do."""
    from PySide6.QtWidgets import QAbstractButton, QDockWidget

    window = demo_window
    window.repair_dock.toggleViewAction().trigger()  # View > Repair: nothing found, Apply disabled
    panel = window.repair_panel
    qtbot.waitUntil(panel.apply_button.isVisible, timeout=WAIT)
    _choose_theme(qtbot, window, theme, panel.apply_button, window.repair_dock)
    buttons = [
        b
        for dock in window.findChildren(QDockWidget)
        if dock.isVisible()
        for b in dock.findChildren(QAbstractButton)
        if b.parent() is dock and b.isVisible()
    ]
    assert len(buttons) >= 2, "no dock title button measured"
    for button in buttons:
        glyph, ground = _farthest(button)
        assert contrast_ratio(glyph, ground) >= 3, (button.objectName(), glyph.name(), ground.name())
    disabled = [b for b in panel.findChildren(QPushButton) if b.isVisible() and not b.isEnabled()]
    assert disabled, "no disabled button measured"
    for button in disabled:
        image = button.grab().toImage()
        face = image.pixelColor(image.width() // 2, 3)
        glyph, _ = _farthest(button, face)
        assert contrast_ratio(glyph, face) >= 3, (button.text(), glyph.name(), face.name())


@pytest.mark.usefixtures("restores_style")
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_current_check_cell_is_framed_whole(qtbot, demo_window: MainWindow, theme: str) -> None:
    """Tryout views3: Repair's current Accept cell framed the room of a text
    it has none of, an empty box between the tick and "#". The focus frame
    goes around the whole cell, its check box inside."""
    from PySide6.QtCore import QRect

    from timeline_app.gui.widgets.palettes import focus_colour

    from ..helpers import show_active

    window = demo_window
    panel = window.repair_panel
    with qtbot.waitSignal(panel.proposalsReady, timeout=WAIT):
        window.actions_by_name["repair"].trigger()
    show_active(qtbot, window)
    _choose_theme(qtbot, window, theme, panel.table)
    table = panel.table
    table.setFocus()
    qtbot.waitUntil(table.hasFocus, timeout=WAIT)
    index = table.model().index(0, 0)
    table.setCurrentIndex(index)
    cell = table.visualRect(index)
    image = table.viewport().grab().toImage()
    ring = focus_colour(table.palette()).name()
    framed = [
        (x, y)
        for x in range(cell.left(), cell.right() + 1)
        for y in range(cell.top(), cell.bottom() + 1)
        if image.pixelColor(x, y).name() == ring
    ]
    assert framed, "no focus frame in the current cell"
    xs, ys = [x for x, _ in framed], [y for _, y in framed]
    box = QRect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    assert box.left() <= cell.left() + 2 and box.right() >= cell.right() - 2, (box, cell)

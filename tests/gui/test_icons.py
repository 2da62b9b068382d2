"""gui/icons.py on its own: every shipped action icon paints in the palette's
button-text colour (the disabled colour when disabled) and follows a palette
change without being made again; a missing name fails at once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette

from timeline_app.gui.icons import ICON_DIR, action_icon

NAMES = sorted(path.stem for path in ICON_DIR.glob("*.svg"))


def _inks(icon: QIcon, mode: QIcon.Mode = QIcon.Mode.Normal) -> set[str]:
    image = icon.pixmap(QSize(32, 32), mode).toImage()
    return {
        image.pixelColor(x, y).name()
        for x in range(image.width())
        for y in range(image.height())
        if image.pixelColor(x, y).alpha() == 255
    }


@pytest.fixture
def palette(qapp) -> Iterator[QPalette]:
    """A palette with unmistakable text colours, the application's restored after."""
    before = QGuiApplication.palette()
    made = QPalette(before)
    made.setColor(QPalette.ColorGroup.Active, QPalette.ColorRole.ButtonText, QColor("#12ab34"))
    made.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText, QColor("#9a9a9a"))
    QGuiApplication.setPalette(made)
    yield made
    QGuiApplication.setPalette(before)


def test_every_icon_paints_in_the_palettes_text_colour(palette: QPalette) -> None:
    assert len(NAMES) > 5
    for name in NAMES:
        icon = action_icon(name)
        assert _inks(icon) == {"#12ab34"}, name
        assert _inks(icon, QIcon.Mode.Disabled) == {"#9a9a9a"}, name


def test_an_icon_follows_a_new_palette_without_being_made_again(palette: QPalette) -> None:
    icon = action_icon(NAMES[0])
    assert _inks(icon) == {"#12ab34"}
    palette.setColor(QPalette.ColorGroup.Active, QPalette.ColorRole.ButtonText, QColor("#ff00ff"))
    QGuiApplication.setPalette(palette)
    assert _inks(icon) == {"#ff00ff"}


def test_a_missing_icon_fails_at_once(qapp) -> None:
    with pytest.raises(FileNotFoundError):
        action_icon("no-such-icon")

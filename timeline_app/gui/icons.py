"""Toolbar and menu icons that follow the palette (light, dark or the system's).

The action icons are one-colour SVGs drawn in black (``icons/*.svg``, shipped
as package data). A fixed colour is unreadable on one of the two themes, so
each icon is painted at request time in the palette's button-text colour (the
disabled colour when the action is disabled): switching the theme needs no
re-creation, the next repaint uses the new palette.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication, QIcon, QIconEngine, QImage, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

ICON_DIR = Path(__file__).resolve().parent / "icons"
INK = "#000"  # the colour the SVG files are drawn in, replaced when painted


@cache
def _svg(name: str) -> str:
    return (ICON_DIR / f"{name}.svg").read_text(encoding="utf-8")


def _ink(mode: QIcon.Mode) -> str:
    palette = QGuiApplication.palette()
    group = QPalette.ColorGroup.Disabled if mode == QIcon.Mode.Disabled else QPalette.ColorGroup.Active
    return palette.color(group, QPalette.ColorRole.ButtonText).name()


class PaletteIconEngine(QIconEngine):
    """Renders one of ``icons/*.svg`` in the current palette's text colour."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        svg = _svg(self.name).replace(INK, _ink(mode))
        QSvgRenderer(QByteArray(svg.encode())).render(painter, rect)

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        self.paint(painter, QRect(QPoint(0, 0), size), mode, state)
        painter.end()
        return QPixmap.fromImage(image)

    def clone(self) -> QIconEngine:
        return PaletteIconEngine(self.name)


def action_icon(name: str) -> QIcon:
    """The themed icon ``name`` (a file of ``icons/``); a missing name fails
    here, at start-up, not as a blank button."""
    _svg(name)
    return QIcon(PaletteIconEngine(name))

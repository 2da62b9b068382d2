"""Render the app icon into the hicolor sizes desktops ask for (make icons).

The SVG in resources/icons is the one source; the PNGs under
resources/icons/hicolor are generated from it with Qt's own SVG renderer and
committed, so a wheel or a bundle needs no renderer at install time. Run it
again after changing the SVG.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from timeline_app.gui.resources import APP_ICON, APP_ID  # noqa: E402

SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
HICOLOR = ROOT / "resources" / "icons" / "hicolor"


def render(size: int, target: Path) -> None:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    QSvgRenderer(str(APP_ICON)).render(painter)
    painter.end()
    target.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(target)):
        raise SystemExit(f"{target}: could not write the icon")


def main() -> None:
    QGuiApplication.instance() or QGuiApplication([])
    for size in SIZES:
        render(size, HICOLOR / f"{size}x{size}" / "apps" / f"{APP_ID}.png")
    scalable = HICOLOR / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(APP_ICON, scalable)
    print(f"{len(SIZES)} PNGs and the SVG under {HICOLOR.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

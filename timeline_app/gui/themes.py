"""Light and dark palettes (Fusion), both readable with the Okabe-Ito marks."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

_DARK = {
    QPalette.ColorRole.Window: "#2b2b2b",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1e1e1e",
    QPalette.ColorRole.AlternateBase: "#262626",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#333333",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
    QPalette.ColorRole.Highlight: "#3d7ab8",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.ToolTipBase: "#333333",
    QPalette.ColorRole.ToolTipText: "#e6e6e6",
    QPalette.ColorRole.PlaceholderText: "#9a9a9a",
}
_LIGHT = {
    QPalette.ColorRole.Window: "#f3f3f3",
    QPalette.ColorRole.WindowText: "#1a1a1a",
    QPalette.ColorRole.Base: "#ffffff",
    QPalette.ColorRole.AlternateBase: "#f5f7fa",
    QPalette.ColorRole.Text: "#1a1a1a",
    QPalette.ColorRole.Button: "#e9e9e9",
    QPalette.ColorRole.ButtonText: "#1a1a1a",
    QPalette.ColorRole.Highlight: "#9cc3ea",
    QPalette.ColorRole.HighlightedText: "#000000",
    QPalette.ColorRole.ToolTipBase: "#ffffdc",
    QPalette.ColorRole.ToolTipText: "#1a1a1a",
    QPalette.ColorRole.PlaceholderText: "#6f6f6f",
}


def apply_palette(name: str) -> None:
    """``system`` keeps the platform's palette; ``light``/``dark`` use Fusion."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    if name == "system":
        app.setPalette(app.style().standardPalette())
        return
    app.setStyle(QStyleFactory.create("Fusion"))
    palette = QPalette()
    for role, colour in (_DARK if name == "dark" else _LIGHT).items():
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)

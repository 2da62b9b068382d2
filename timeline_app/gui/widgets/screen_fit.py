"""First-start sizes that fit the screen the window opens on.

A fixed default like 1400x820 runs off a 1280x800 laptop screen (or a
1024x768 one) and hides the right-hand dock and the status bar until the
user finds the window manager's maximise; the preferred size is kept only
where the screen has room for it.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget

SCREEN_SHARE = 0.92  # room left for panels and window decorations


def resize_to_fit(widget: QWidget, width: int, height: int) -> None:
    """Resize ``widget`` to the preferred size, shrunk to the screen's available area."""
    screen = widget.screen()
    if screen is None:
        widget.resize(width, height)
        return
    room = screen.availableGeometry().size()
    share = QSize(int(room.width() * SCREEN_SHARE), int(room.height() * SCREEN_SHARE))
    widget.resize(QSize(width, height).boundedTo(share))  # Qt still keeps the layout's minimum

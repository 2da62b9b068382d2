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


def resize_to_fit(widget: QWidget, width: int, height: int, within: QWidget | None = None) -> None:
    """Resize ``widget`` to the preferred size, shrunk to the screen's available
    area and, for a dialog, to its window ``within``: a window that a person
    keeps at 1024x700 says that is their room (the Simulate dialog opened
    1100 px wide over it, off a 1024 px screen, tryout)."""
    wish = QSize(width, height)
    if within is not None:
        wish = wish.boundedTo(within.window().size())
    screen = widget.screen()
    if screen is None:
        widget.resize(wish)
        return
    room = screen.availableGeometry().size()
    share = QSize(int(room.width() * SCREEN_SHARE), int(room.height() * SCREEN_SHARE))
    widget.resize(wish.boundedTo(share))  # Qt still keeps the layout's minimum

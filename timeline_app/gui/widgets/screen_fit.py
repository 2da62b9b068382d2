"""First-start sizes that fit the screen the window opens on.

A fixed default like 1400x820 runs off a 1280x800 laptop screen (or a
1024x768 one) and hides the right-hand dock and the status bar until the
user finds the window manager's maximise; the preferred size is kept only
where the screen has room for it.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QFileDialog, QHeaderView, QTreeView, QWidget

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


FILE_DIALOG_SIZE = QSize(900, 560)  # Qt's own file dialog's room, within its window


def fit_file_dialog(dialog: QFileDialog) -> None:
    """Qt's own file dialog (where the desktop gives none) at a size that
    shows its list, centred on its window again, each column of the list
    (Size, Type, Date) as wide as its texts and the name taking the rest:
    at Qt's own 634 px the Size column read "212...tes" in a window of
    1024x700 and the Chinese date ran out of view (issue 31 tryout). A
    native dialog is the desktop's, left as it is."""
    view = dialog.findChild(QTreeView, "treeView")
    if view is None:
        return
    parent = dialog.parentWidget()
    resize_to_fit(dialog, FILE_DIALOG_SIZE.width(), FILE_DIALOG_SIZE.height(), within=parent)
    if parent is not None:
        frame = dialog.frameGeometry()
        frame.moveCenter(parent.window().frameGeometry().center())
        dialog.move(frame.topLeft())
    header = view.header()
    header.setStretchLastSection(False)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column in range(1, header.count()):  # follows the folder's files as they load
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)

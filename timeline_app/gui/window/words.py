"""The main window's own sentences that carry values: its title and the
"Now" button. Kept out of ``main_window`` (which has a size limit) and in the
window's translation context, so a translator sees them beside its menus."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QCoreApplication

from ..wording import fill


def window_title(dirty: bool, name: str, files: str) -> str:
    """``*name (files) — app``: the app's name stays last, as desktops expect.
    A discussion named after one of its files or their folder (a discussion
    id) is said once: ``*files — app``, never "huge.json (huge.json)"."""
    if not files:
        return QCoreApplication.translate("MainWindow", "Timeline Inspector")
    said = {word for part in files.split(" + ") for word in part.split("/")}  # ``Pair.describe``'s names
    if not name or name in said:
        return fill(
            QCoreApplication.translate("MainWindow", "%1%2 — Timeline Inspector"), "*" if dirty else "", files
        )
    return fill(
        QCoreApplication.translate("MainWindow", "%1%2 (%3) — Timeline Inspector"),
        "*" if dirty else "",
        name,
        files,
    )


def now_text(live: bool, when: datetime) -> str:
    """The Now button: the live clock to the minute, a pinned time to the second."""
    if live:
        return fill(QCoreApplication.translate("MainWindow", "Now: ● live %1"), f"{when:%Y-%m-%d %H:%M}")
    return fill(QCoreApplication.translate("MainWindow", "Now: pinned %1"), f"{when:%Y-%m-%d %H:%M:%S}")

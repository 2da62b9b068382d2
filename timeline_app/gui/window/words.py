"""The main window's own sentences that carry values: its title and the
"Now" button. Kept out of ``main_window`` (which has a size limit) and in the
window's translation context, so a translator sees them beside its menus."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QCoreApplication

from ..wording import fill, named_apart


def window_title(dirty: bool, name: str, files: str) -> str:
    """``*name (files) — app``: the app's name stays last, as desktops expect.
    The discussion is named by the rule of ``wording.discussion_named`` (a
    failed open's "Still showing …" says the same)."""
    if not files:
        return QCoreApplication.translate("MainWindow", "Timeline Inspector")
    mark = "*" if dirty else ""
    if not named_apart(name, files):
        return fill(QCoreApplication.translate("MainWindow", "%1%2 — Timeline Inspector"), mark, files)
    # one sentence, not "%1 (%2)" inside "%1 — …": Chinese sets its own
    # brackets and dash without the spaces English puts around them
    return fill(QCoreApplication.translate("MainWindow", "%1%2 (%3) — Timeline Inspector"), mark, name, files)


def now_text(live: bool, when: datetime) -> str:
    """The Now button: the live clock to the minute, a pinned time to the second."""
    if live:
        return fill(QCoreApplication.translate("MainWindow", "Now: ● live %1"), f"{when:%Y-%m-%d %H:%M}")
    return fill(QCoreApplication.translate("MainWindow", "Now: pinned %1"), f"{when:%Y-%m-%d %H:%M:%S}")

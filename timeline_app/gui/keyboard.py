"""What makes the window usable without a mouse: docks that open with focus,
a mnemonic on every menu item, and rows copied whole.

Small helpers the window calls; they hold no state of their own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMenu, QMenuBar, QWidget

from ..core.display import tsv
from .timeline_model import TimelineTableModel

_MNEMONIC = re.compile(r"&([^&])")


def focus_dock(dock: QDockWidget, widget: QWidget) -> None:
    """Show ``dock`` (raised over tabbed siblings) and put the focus in ``widget``."""
    dock.show()
    dock.raise_()
    widget.setFocus(Qt.FocusReason.ShortcutFocusReason)


def mnemonic_of(text: str) -> str | None:
    """The letter after a single ``&`` (``&&`` is a literal ampersand)."""
    match = _MNEMONIC.search(text.replace("&&", ""))
    return match.group(1).lower() if match else None


def with_mnemonic(text: str, used: set[str]) -> str:
    """``text`` with ``&`` before its first ASCII letter or digit not in
    ``used`` (preferring a word's first letter); unchanged when it has one."""
    if mnemonic_of(text) is not None:
        return text
    candidates = [m.start() for m in re.finditer(r"\b[A-Za-z0-9]", text)]
    candidates += [i for i, c in enumerate(text) if c.isascii() and c.isalnum()]
    for position in candidates:
        if text[position].lower() not in used:
            used.add(text[position].lower())
            return text[:position] + "&" + text[position:]
    return text


def assign_mnemonics(menu: QMenu | QMenuBar) -> None:
    """Give every item of ``menu`` and its submenus a mnemonic, keeping the
    ones already written (and never giving two items the same letter)."""
    actions = [a for a in menu.actions() if not a.isSeparator()]
    used = {m for m in (mnemonic_of(a.text()) for a in actions) if m}
    for action in actions:
        action.setText(with_mnemonic(action.text(), used))
        if action.menu() is not None:
            assign_mnemonics(action.menu())


def rows_as_tsv(model: TimelineTableModel, rows: Iterable[int]) -> str:
    """The rows with a header line and every value whole (the full hash,
    the whole message), not the cut text the table shows."""
    return tsv([list(model.HEADERS), *(model.copy_cells(row) for row in rows)])

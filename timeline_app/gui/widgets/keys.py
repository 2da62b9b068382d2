"""Keys in any widget: panes that open with the focus in them, tabs switched
by keys, and a mnemonic on every menu item (chosen by a matching, so no two
clash)."""

from __future__ import annotations

import re
import string

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDockWidget, QMenu, QMenuBar, QTabWidget, QWidget

_MNEMONIC = re.compile(r"&([^&])")


def focus_dock(dock: QDockWidget, widget: QWidget) -> None:
    """Show ``dock`` (raised over tabbed siblings) and put the focus in ``widget``."""
    dock.show()
    dock.raise_()
    widget.setFocus(Qt.FocusReason.ShortcutFocusReason)


TAB_KEYS = (
    (QKeySequence(Qt.KeyboardModifier.ControlModifier | Qt.Key.Key_PageDown), 1),
    (QKeySequence(Qt.KeyboardModifier.ControlModifier | Qt.Key.Key_PageUp), -1),
    (QKeySequence(Qt.KeyboardModifier.ControlModifier | Qt.Key.Key_Tab), 1),
    (
        QKeySequence(
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier | Qt.Key.Key_Backtab
        ),
        -1,
    ),
)


LEAVE_REPAIR_KEY = Qt.Key.Key_Escape  # in Repair: the focus back to the table (the window's Navigator)
# keys Qt gives every window and dialog, and the window's pane keys, for the shortcut list (Help)
FOCUS_KEYS: tuple[tuple[str, tuple[QKeySequence, ...]], ...] = (
    (QT_TRANSLATE_NOOP("Keys", "Repair: back to the table"), (QKeySequence(LEAVE_REPAIR_KEY),)),
    (
        QT_TRANSLATE_NOOP("Keys", "Next / previous pane or field"),
        (QKeySequence(Qt.Key.Key_Tab), QKeySequence(Qt.KeyboardModifier.ShiftModifier | Qt.Key.Key_Tab)),
    ),
    (QT_TRANSLATE_NOOP("Keys", "Dialog with pages: next / previous page"), tuple(s for s, _ in TAB_KEYS)),
)


def switch_tabs_by_keys(tabs: QTabWidget, scope: QWidget) -> None:
    """Ctrl+PgDn / Ctrl+PgUp and Ctrl+Tab / Ctrl+Shift+Tab turn ``tabs``' pages
    from anywhere in ``scope`` (a dialog): Qt's tab widget obeys them only with
    the focus inside it, and a date field beside it took them (Ctrl+PgDn as ten
    steps of its year; Ctrl+Tab did nothing there, a tryout)."""
    for sequence, step in TAB_KEYS:
        shortcut = QShortcut(sequence, scope)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(
            lambda step=step: tabs.setCurrentIndex((tabs.currentIndex() + step) % tabs.count())
        )


def mnemonic_of(text: str) -> str | None:
    """The letter after a single ``&`` (``&&`` is a literal ampersand)."""
    match = _MNEMONIC.search(text.replace("&&", ""))
    return match.group(1).lower() if match else None


def command_name(menu_text: str) -> str:
    """A menu text as a name in a list or on a toolbar button: no mnemonic
    (``&S`` or ``(&S)``), no ellipsis. Qt's own stripping (a tool button's
    ``iconText``) drops the ``&`` alone and left Chinese buttons reading
    "修复(R)", a letter that presses nothing there (issue 31 tryout)."""
    return re.sub(r"\(&.\)|&(?=.)", "", menu_text.replace("&&", "\0")).rstrip("…").replace("\0", "&")


def _candidates(text: str) -> list[int]:
    """Where ``text`` may take its mnemonic, best first: a word's first ASCII
    letter or digit, then any other; one position per letter."""
    positions = [m.start() for m in re.finditer(r"\b[A-Za-z0-9]", text)]
    positions += [i for i, c in enumerate(text) if c.isascii() and c.isalnum()]
    first: dict[str, int] = {}
    for position in positions:
        first.setdefault(text[position].lower(), position)
    return list(first.values())


def with_mnemonic(text: str, used: set[str], position: int | None = None) -> str:
    """``text`` with ``&`` before its first ASCII letter or digit not in
    ``used`` (preferring a word's first letter), or before ``position`` when
    given; unchanged when it has one. A text with no free letter of its own
    (a Chinese one) gets a free letter in brackets, as Chinese menus write
    it: "对话列表(&A)", before an ellipsis."""
    if mnemonic_of(text) is not None:
        return text
    free_own = [p for p in _candidates(text) if text[p].lower() not in used]
    if position is not None or free_own:
        at = free_own[0] if position is None else position
        used.add(text[at].lower())
        return text[:at] + "&" + text[at:]
    free = next((c for c in string.ascii_uppercase + string.digits if c.lower() not in used), None)
    if free is None or not text:
        return text
    used.add(free.lower())
    body = text.rstrip("…")
    return f"{body}(&{free}){text[len(body) :]}"


def own_letters(texts: list[str], used: set[str]) -> dict[int, int]:
    """For as many of ``texts`` (without a mnemonic) as can have one, the
    position of a letter of their own, no two alike and none in ``used``
    (a matching: an item whose letters are all taken gets one when an
    earlier item can move to another of its own; greedy, "Repair" was left
    with "Repair(F)" in English). Earlier items keep their first choice
    where that leaves the others a letter."""
    owner: dict[str, int] = {}  # letter -> item
    taken: dict[int, int] = {}  # item -> position

    def place(item: int, tried: set[str]) -> bool:
        text = texts[item]
        for position in _candidates(text):
            letter = text[position].lower()
            if letter in used or letter in tried:
                continue
            tried.add(letter)
            if letter not in owner or place(owner[letter], tried):
                owner[letter], taken[item] = item, position
                return True
        return False

    for item, text in enumerate(texts):
        if mnemonic_of(text) is None:
            place(item, set())
    return taken


def assign_mnemonics(menu: QMenu | QMenuBar) -> None:
    """Give every item of ``menu`` and its submenus a mnemonic, keeping the
    ones already written (and never giving two items the same letter): a
    letter of the item's own text wherever the menu leaves one
    (``own_letters``), else one in brackets."""
    actions = [a for a in menu.actions() if not a.isSeparator()]
    used = {m for m in (mnemonic_of(a.text()) for a in actions) if m}
    texts = [a.text() for a in actions]
    positions = own_letters(texts, used)
    used |= {texts[number][at].lower() for number, at in positions.items()}  # bracketed letters avoid them
    for number, action in enumerate(actions):
        action.setText(with_mnemonic(texts[number], used, positions.get(number)))
        if action.menu() is not None:
            assign_mnemonics(action.menu())

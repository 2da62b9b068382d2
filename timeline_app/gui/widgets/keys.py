"""Keys in any widget: panes that open with the focus in them, tabs switched
by keys, a mnemonic on every menu item and dialog button (chosen by a
matching, so no two clash), and the keys back in the window after a dialog."""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QChildEvent,
    QCoreApplication,
    QEvent,
    QObject,
    QPoint,
    QRect,
    QRectF,
    Qt,
)
from PySide6.QtGui import QAction, QContextMenuEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMenu,
    QMenuBar,
    QTabBar,
    QTabWidget,
    QWidget,
)

from .file_dialog_words import word_file_dialog
from .screen_fit import fit_file_dialog

_MNEMONIC = re.compile(r"&([^&])")
# small letters whose tail covers the underline that marks a mnemonic: "Simulate a&gain"
# read as having none (issue 31 tryout); a letter of these is chosen last
UNDERLINE_HIDDEN = "gjqy"


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


MENU_KEYS = QKeySequence(Qt.KeyboardModifier.ShiftModifier | Qt.Key.Key_F10)  # and the Menu key (Qt's own)
LEAVE_REPAIR_KEY = Qt.Key.Key_Escape  # in Repair: the focus back to the table (the window's Navigator)
# keys Qt gives every window and dialog, and the window's pane keys, for the shortcut list (Help)
FOCUS_KEYS: tuple[tuple[str, tuple[QKeySequence, ...]], ...] = (
    (QT_TRANSLATE_NOOP("Keys", "Repair: back to the table"), (QKeySequence(LEAVE_REPAIR_KEY),)),
    (
        QT_TRANSLATE_NOOP("Keys", "Next / previous pane or field"),
        (QKeySequence(Qt.Key.Key_Tab), QKeySequence(Qt.KeyboardModifier.ShiftModifier | Qt.Key.Key_Tab)),
    ),
    (QT_TRANSLATE_NOOP("Keys", "Dialog with pages: next / previous page"), tuple(s for s, _ in TAB_KEYS)),
    (
        QT_TRANSLATE_NOOP("Keys", "Context menu of what has the focus"),
        (MENU_KEYS, QKeySequence(Qt.Key.Key_Menu)),
    ),
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
    letter or digit, then any other; one position per letter; a small
    letter whose tail hides the underline (``UNDERLINE_HIDDEN``) last."""
    positions = [m.start() for m in re.finditer(r"\b[A-Za-z0-9]", text)]
    positions += [i for i, c in enumerate(text) if c.isascii() and c.isalnum()]
    first: dict[str, int] = {}
    for position in positions:
        first.setdefault(text[position].lower(), position)
    return sorted(first.values(), key=lambda at: text[at] in UNDERLINE_HIDDEN)


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


# a dialog's standard buttons with a mnemonic each (Qt's own English texts have
# none: "Discard", "Close", "Apply"); a translation gives the letter as Chinese
# writes it, "丢弃(&D)"
STANDARD_BUTTON_TEXTS: dict[QDialogButtonBox.StandardButton, str] = {
    QDialogButtonBox.StandardButton.Ok: QT_TRANSLATE_NOOP("DialogButtons", "&OK"),
    QDialogButtonBox.StandardButton.Save: QT_TRANSLATE_NOOP("DialogButtons", "&Save"),
    QDialogButtonBox.StandardButton.Open: QT_TRANSLATE_NOOP("DialogButtons", "&Open"),
    QDialogButtonBox.StandardButton.Cancel: QT_TRANSLATE_NOOP("DialogButtons", "&Cancel"),
    QDialogButtonBox.StandardButton.Close: QT_TRANSLATE_NOOP("DialogButtons", "&Close"),
    QDialogButtonBox.StandardButton.Discard: QT_TRANSLATE_NOOP("DialogButtons", "&Discard"),
    QDialogButtonBox.StandardButton.Apply: QT_TRANSLATE_NOOP("DialogButtons", "&Apply"),
    QDialogButtonBox.StandardButton.Yes: QT_TRANSLATE_NOOP("DialogButtons", "&Yes"),
    QDialogButtonBox.StandardButton.No: QT_TRANSLATE_NOOP("DialogButtons", "&No"),
    QDialogButtonBox.StandardButton.Help: QT_TRANSLATE_NOOP("DialogButtons", "&Help"),
    QDialogButtonBox.StandardButton.Reset: QT_TRANSLATE_NOOP("DialogButtons", "&Reset"),
}


def _is_qts_own(text: str, which: QDialogButtonBox.StandardButton) -> bool:
    """``text`` is the one Qt gives the standard button ``which`` (in English
    or translated by Qt's catalogue), not one the app set (Simulate's "Apply
    to the file (undoable)" stays itself)."""
    english = without_mnemonic(STANDARD_BUTTON_TEXTS[which])
    own = {english, without_mnemonic(QCoreApplication.translate("QPlatformTheme", english))}
    if which in (QDialogButtonBox.StandardButton.Yes, QDialogButtonBox.StandardButton.No):
        own.add(without_mnemonic(QCoreApplication.translate("QPlatformTheme", STANDARD_BUTTON_TEXTS[which])))
    return without_mnemonic(text) in own


def without_mnemonic(text: str) -> str:
    """``text`` with its mnemonic taken out ("(&D)" whole, or the ``&``), a
    literal ``&&`` kept: the text to give another letter."""
    return re.sub(r"\(&[^&]\)|&(?=[^&])", "", text.replace("&&", "\0")).replace("\0", "&&")


def _standard_button(button: QAbstractButton) -> QDialogButtonBox.StandardButton | None:
    """Which standard button ``button`` is, if it is one of a button box's."""
    box = button.parentWidget()
    while box is not None and not isinstance(box, QDialogButtonBox):
        box = box.parentWidget() if not box.isWindow() else None
    if box is None:
        return None
    which = box.standardButton(button)
    return None if which == QDialogButtonBox.StandardButton.NoButton else which


def give_dialog_mnemonics(dialog: QWidget) -> None:
    """Every button of ``dialog`` with a text gets a mnemonic (Alt+letter),
    none shared in the dialog nor with its labels' and tabs': a standard
    button its own translated text ("&Discard", "丢弃(&D)") when Qt's has
    none, any other a letter of its own (``own_letters``) else one in
    brackets; a letter already taken moves to the button that came second.
    Tryout (issue 31): the save question's "Discard", Simulate's "Close" and
    "Apply" had none, a keyboard reader tabbed to them."""
    taken: set[str] = set()
    for label in dialog.findChildren(QLabel):
        if label.buddy() is not None and (letter := mnemonic_of(label.text())):
            taken.add(letter)
    for bar in dialog.findChildren(QTabBar):
        taken |= {m for m in (mnemonic_of(bar.tabText(i)) for i in range(bar.count())) if m}
    buttons = [b for b in dialog.findChildren(QAbstractButton) if b.text() and b.window() is dialog]
    texts: list[str] = []
    for button in buttons:
        text = button.text()
        which = _standard_button(button)
        if mnemonic_of(text) is None and which in STANDARD_BUTTON_TEXTS and _is_qts_own(text, which):
            text = QCoreApplication.translate("DialogButtons", STANDARD_BUTTON_TEXTS[which])
        letter = mnemonic_of(text)
        if letter is not None and letter in taken:
            text, letter = without_mnemonic(text), None
        if letter is not None:
            taken.add(letter)
        texts.append(text)
    positions = own_letters(texts, taken)
    taken |= {texts[number][at].lower() for number, at in positions.items()}
    for number, button in enumerate(buttons):
        text = with_mnemonic(texts[number], taken, positions.get(number))
        if text != button.text():
            button.setText(text)


class DialogKeys(QObject):
    """Keys in every dialog ``window`` shows, and after it: each dialog's
    buttons get their mnemonics when it is shown (``give_dialog_mnemonics``,
    and Shift+F10 opens a context menu in it, ``menu_by_keys``;
    Qt's file dialogs and question boxes included, and the dialogs they
    open in turn), and when a dialog that had the keyboard closes, the
    window it belongs to has it again (tryout: after Save As no window was
    active, and Alt+R, like every key, did nothing)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.ChildPolished and isinstance(event, QChildEvent):
            child = event.child()
            if isinstance(child, QDialog) and not child.property(_WATCHED):
                child.setProperty(_WATCHED, True)
                child.installEventFilter(self)  # its own dialogs reach this filter too
        elif isinstance(watched, QDialog):
            if kind == QEvent.Type.Show:
                if isinstance(watched, QFileDialog):
                    word_file_dialog(watched)  # its sizes and dates in the app's language
                    fit_file_dialog(watched)  # its list read whole (the hook every dialog passes)
                give_dialog_mnemonics(watched)
                menu_by_keys(watched)  # Shift+F10 opens its views' and fields' menus too
            elif kind == QEvent.Type.Hide:
                self._after(watched)
        return False

    def _after(self, dialog: QDialog) -> None:
        """``dialog`` closed: the window under it active again, when the
        dialog was (or nothing is): Qt leaves that to the window manager,
        and without one (or offscreen) no window had the keys."""
        active = QApplication.activeWindow()
        if active is not None and active is not dialog:
            return
        parent = dialog.parentWidget()
        under = parent.window() if parent is not None else self._window
        if under.isVisible():
            under.activateWindow()


_WATCHED = "dialogKeysWatched"


def keyboard_menu_point(widget: QWidget) -> tuple[QPoint, QPoint]:
    """Where a context menu opened by keys goes: at the focus widget's
    current item or cursor, kept inside what shows of it (a current item
    scrolled away); the middle without one. A view's is in its viewport's
    coordinates, as a right-click's are (its handler maps them so); any
    other widget's in its own. Returns (the event's position, the global one)."""
    if isinstance(widget, QAbstractItemView):
        area: QWidget = widget.viewport()
        rect = widget.visualRect(widget.currentIndex())
    else:
        area = widget
        cursor = widget.inputMethodQuery(Qt.InputMethodQuery.ImCursorRectangle)
        rect = cursor.toRect() if isinstance(cursor, QRectF) else cursor
    shown = area.rect()
    at = rect.center() if isinstance(rect, QRect) and rect.isValid() else shown.center()
    at = QPoint(min(max(at.x(), shown.left()), shown.right()), min(max(at.y(), shown.top()), shown.bottom()))
    return at, area.mapToGlobal(at)


def highlight_first(menu: QWidget | None) -> None:
    """A menu opened by keys starts at its first enabled action, as a menu
    bar's does: with nothing highlighted, the first Enter after Shift+F10 in
    the table did nothing and only the second opened Edit time (issue 31)."""
    if not isinstance(menu, QMenu) or menu.activeAction() is not None:
        return
    for action in menu.actions():
        if action.isEnabled() and action.isVisible() and not action.isSeparator():
            menu.setActiveAction(action)
            return


class _KeyMenu(QObject):
    """Notes how ``custom_menu``'s widget was asked for its menu (by keys or
    the mouse: ``by_keys``) and moves a keyboard context-menu event on an
    item view to its current item, in viewport coordinates
    (``keyboard_menu_point``): Qt gives the Menu key's in the view's own, a
    header's height lower, and a handler that reads them as a right-click's
    found the entry under the current one there (the Discussions tree's Open
    read the next discussion's file)."""

    by_keys = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ContextMenu or not isinstance(event, QContextMenuEvent):
            return False
        self.by_keys = event.reason() == QContextMenuEvent.Reason.Keyboard
        if not self.by_keys or not isinstance(watched, QAbstractItemView):
            return False
        at, where = keyboard_menu_point(watched)
        if event.pos() == at:
            return False  # placed already (``open_focus_menu``'s)
        QApplication.sendEvent(
            watched, QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, at, where, event.modifiers())
        )
        return True


def _menu_area(widget: QWidget) -> QWidget:
    """Where ``widget``'s context-menu points are: a view's viewport, else itself."""
    return widget.viewport() if isinstance(widget, QAbstractItemView) else widget


def custom_menu(widget: QWidget, show: Callable[[QPoint], None]) -> None:
    """``widget``'s context menu is ``show(point)``'s (``point`` in a view's
    viewport, as a right-click's, else in ``widget``), by the mouse, the Menu
    key and Shift+F10 (``menu_by_keys``) alike, at the current item when
    opened by keys (a view's current index; another widget's
    ``ImCursorRectangle``, the timeline strip's current mark), its first
    action highlighted then (``highlight_first``)."""
    widget.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    reason = _KeyMenu(widget)
    widget.installEventFilter(reason)

    def shown(point: QPoint) -> None:
        show(point)
        if reason.by_keys:  # the first action highlighted: Enter takes it
            highlight_first(QApplication.activePopupWidget())

    widget.customContextMenuRequested.connect(shown)


def actions_menu(widget: QWidget, actions: Sequence[QAction | None]) -> None:
    """``widget``'s context menu lists ``actions`` (actions are data: the
    window's table and its timeline strip offer Edit time and Copy rows;
    None: a separator), by ``custom_menu``'s rules."""

    def show(point: QPoint) -> None:
        menu = QMenu(widget)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        for action in actions:
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        menu.popup(_menu_area(widget).mapToGlobal(point))

    custom_menu(widget, show)


def local_action(action: QAction, window: QWidget, *widgets: QWidget) -> QAction:
    """``action``'s shortcut taken from ``window`` and given to ``widgets``
    only, where the focus is in one of them: Ctrl+C copies the rows of the
    table or the strip, and a field's own Ctrl+C keeps copying its text."""
    action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    window.removeAction(action)
    for widget in widgets:
        widget.addAction(action)
    return action


def open_focus_menu() -> None:
    """The context menu of the widget that has the focus, opened as the Menu
    key opens it (a keyboard context-menu event at ``keyboard_menu_point``):
    whatever menu a right-click there gives, a view's, a field's."""
    widget = QApplication.focusWidget()
    if widget is None or not widget.isEnabled():
        return
    at, where = keyboard_menu_point(widget)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, at, where, Qt.KeyboardModifier.ShiftModifier)
    QApplication.sendEvent(widget, event)
    highlight_first(QApplication.activePopupWidget())  # a field's own menu too


def menu_by_keys(window: QWidget) -> None:
    """Shift+F10 in ``window`` opens the context menu of what has the focus,
    as a right-click does: any view, field or panel with a menu, now or
    later. Qt turns the Menu key into a context-menu event itself, but on
    Linux leaves Shift+F10 a key: the Discussions tree's menu (open, show in
    the file manager, copy the path) was the mouse's only (issue 31, tryC).
    The main window has it, and every dialog it shows (``DialogKeys``)."""
    if window.property(_MENU_KEYS):
        return
    window.setProperty(_MENU_KEYS, True)
    shortcut = QShortcut(window)
    # the Menu key here too: Qt's own event for it reached a widget's menu
    # but left it unhighlighted (``highlight_first``), the window's dock list too
    shortcut.setKeys([MENU_KEYS, QKeySequence(Qt.Key.Key_Menu)])
    shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
    shortcut.activated.connect(open_focus_menu)


_MENU_KEYS = "menuByKeys"

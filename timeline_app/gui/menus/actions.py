"""Actions as data: every command of the window, its menu, shortcut and tip.

One table (``ACTIONS``) says what exists; the window builds menus and the
toolbar from it and connects each action to a slot by name. Every shortcut
is written here and nowhere else, so a test can prove none is bound twice
(Qt refuses an ambiguous shortcut at run time, silently for the user).
``choice_group`` makes the checkable one-of-n menus (style, theme, CST
variant, sentinels, API, ...) with one loop instead of five.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from ...core.discussion import Discussion
from ...core.records import frozen
from ..icons import action_icon

T = TypeVar("T")
Key = str | QKeySequence.StandardKey


@frozen
class ActionSpec:
    name: str  # attribute of the window's ``actions`` and the slot's key
    text: str  # menu text with its mnemonic
    menu: str  # which menu holds it ("" for none)
    shortcuts: tuple[Key, ...] = ()
    tip: str = ""
    checkable: bool = False
    icon: str = ""  # a file of gui/icons/, painted in the palette's text colour
    needs: str = ""  # what must be open for it to act ("discussion", "transcript"): disabled without


MENUS = (  # the Options menu is options_menu.OptionsMenu, built from Choices; the window translates
    ("file", QT_TRANSLATE_NOOP("MainWindow", "&File")),
    ("edit", QT_TRANSLATE_NOOP("MainWindow", "&Edit")),
    ("view", QT_TRANSLATE_NOOP("MainWindow", "&View")),
    ("tools", QT_TRANSLATE_NOOP("MainWindow", "&Tools")),
    ("help", QT_TRANSLATE_NOOP("MainWindow", "&Help")),
)

ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "open_transcript",
        QT_TRANSLATE_NOOP("Actions", "Open &transcript…"),
        "file",
        (QKeySequence.StandardKey.Open,),
        QT_TRANSLATE_NOOP("Actions", "Open a chat transcript; its own timestamp file is found for it"),
        icon="open",
    ),
    ActionSpec(
        "open_store",
        QT_TRANSLATE_NOOP("Actions", "Open timestamp &file…"),
        "file",
        ("Ctrl+Shift+T",),
        QT_TRANSLATE_NOOP(
            "Actions",
            "Open a timestamps.json for the open transcript; with none open, the transcript next to it "
            "is paired when it matches",
        ),
    ),
    ActionSpec(
        "open_pair",
        QT_TRANSLATE_NOOP("Actions", "Open transcript a&nd timestamp file…"),
        "file",
        ("Ctrl+Shift+P",),  # the pair; every File and Edit command has a key (issue 31)
        QT_TRANSLATE_NOOP("Actions", "Choose both files of a pair yourself"),
    ),
    ActionSpec(
        "open_folder", QT_TRANSLATE_NOOP("Actions", "Open &DiscussionIds folder…"), "file", ("Ctrl+Shift+O",)
    ),
    ActionSpec(
        "open_recordings",
        QT_TRANSLATE_NOOP("Actions", "Open r&ecordings folder…"),
        "file",
        ("Ctrl+Shift+E",),
        QT_TRANSLATE_NOOP(
            "Actions", "Follow a recorder's --out folder live, and compare predicted with actual"
        ),
    ),
    ActionSpec(
        "save",
        QT_TRANSLATE_NOOP("Actions", "&Save"),
        "file",
        (QKeySequence.StandardKey.Save,),
        "",
        icon="save",
    ),
    ActionSpec(
        "save_as", QT_TRANSLATE_NOOP("Actions", "Save timestamp file &as…"), "file", ("Ctrl+Shift+S",)
    ),
    # a key beside Reload's (it asks before dropping anything): the tryout looked for one in vain
    ActionSpec("revert", QT_TRANSLATE_NOOP("Actions", "Re&vert unsaved changes"), "file", ("Shift+F5",)),
    ActionSpec("reload", QT_TRANSLATE_NOOP("Actions", "Re&load"), "file", ("F5",), "", icon="reload"),
    ActionSpec("close_discussion", QT_TRANSLATE_NOOP("Actions", "&Close discussion"), "file", ("Ctrl+W",)),
    ActionSpec("quit", QT_TRANSLATE_NOOP("Actions", "&Quit"), "file", ("Ctrl+Q",)),
    ActionSpec(
        "copy_rows",
        QT_TRANSLATE_NOOP("Actions", "&Copy selected rows"),
        "edit",
        (QKeySequence.StandardKey.Copy,),
    ),
    ActionSpec(
        "copy_preview", QT_TRANSLATE_NOOP("Actions", "Copy preview as &JSON"), "edit", ("Ctrl+Shift+C",)
    ),
    ActionSpec(  # also the table's context menu (Shift+F10); F2 is the desktop's "edit this item"
        "edit_time",
        QT_TRANSLATE_NOOP("Actions", "&Edit time…"),
        "edit",
        ("F2",),
        QT_TRANSLATE_NOOP("Actions", "Set, change or remove the stored time of the current message"),
        needs="discussion",
    ),
    ActionSpec(
        "find",
        QT_TRANSLATE_NOOP("Actions", "&Filter…"),
        "edit",
        (QKeySequence.StandardKey.Find,),
        "",
        icon="find",
    ),
    ActionSpec(
        "find_next",
        QT_TRANSLATE_NOOP("Actions", "&Next shown row"),
        "edit",
        ("F3",),
        QT_TRANSLATE_NOOP("Actions", "The next row the filter shows"),
    ),
    ActionSpec("find_previous", QT_TRANSLATE_NOOP("Actions", "Pre&vious shown row"), "edit", ("Shift+F3",)),
    ActionSpec(
        "show_user",
        QT_TRANSLATE_NOOP("Actions", "Only &user messages"),
        "view",
        ("Ctrl+Alt+U",),
        QT_TRANSLATE_NOOP("Actions", "Show only user messages"),
        True,
    ),
    ActionSpec(
        "show_assistant",
        QT_TRANSLATE_NOOP("Actions", "Only a&ssistant messages"),
        "view",
        ("Ctrl+Alt+A",),
        QT_TRANSLATE_NOOP("Actions", "Show only assistant messages"),
        True,
    ),
    ActionSpec(
        "show_other",
        QT_TRANSLATE_NOOP("Actions", "Only &other messages"),
        "view",
        ("Ctrl+Alt+O",),
        QT_TRANSLATE_NOOP("Actions", "Show only system and other roles"),
        True,
    ),
    ActionSpec("go_discussions", QT_TRANSLATE_NOOP("Actions", "&1 Go to Discussions"), "view", ("Alt+1",)),
    ActionSpec("go_table", QT_TRANSLATE_NOOP("Actions", "&2 Go to the table"), "view", ("Alt+2",)),
    ActionSpec("go_details", QT_TRANSLATE_NOOP("Actions", "&3 Go to Details"), "view", ("Alt+3",)),
    ActionSpec("go_preview", QT_TRANSLATE_NOOP("Actions", "&4 Go to Preview"), "view", ("Alt+4",)),
    ActionSpec("go_repair", QT_TRANSLATE_NOOP("Actions", "&5 Go to Repair"), "view", ("Alt+5",)),
    ActionSpec("go_strip", QT_TRANSLATE_NOOP("Actions", "&6 Go to the strip"), "view", ("Alt+6",)),
    ActionSpec("go_history", QT_TRANSLATE_NOOP("Actions", "&7 Go to History"), "view", ("Alt+7",)),
    ActionSpec("go_recordings", QT_TRANSLATE_NOOP("Actions", "&8 Go to Recordings"), "view", ("Alt+8",)),
    # the strip's own +, - and 0 work only while it has the keys: from anywhere, and findable here
    ActionSpec(
        "zoom_in",
        QT_TRANSLATE_NOOP("Actions", "Zoom the timeline &in"),
        "view",
        (QKeySequence.StandardKey.ZoomIn,),
        QT_TRANSLATE_NOOP("Actions", "Zoom the strip in around the current message"),
        needs="discussion",
    ),
    ActionSpec(
        "zoom_out",
        QT_TRANSLATE_NOOP("Actions", "Zoom the timeline ou&t"),
        "view",
        (QKeySequence.StandardKey.ZoomOut,),
        QT_TRANSLATE_NOOP("Actions", "Zoom the strip out around the current message"),
        needs="discussion",
    ),
    ActionSpec(
        "zoom_fit",
        QT_TRANSLATE_NOOP("Actions", "Show the &whole timeline"),
        "view",
        ("Ctrl+0",),
        QT_TRANSLATE_NOOP("Actions", "Fit the whole history into the strip"),
        needs="discussion",
    ),
    ActionSpec(  # the Sort by submenu adds them (sort_menu): "" keeps them out of View itself
        "sort_next",
        QT_TRANSLATE_NOOP("Actions", "Sort by the ne&xt column"),
        "",
        ("Ctrl+Alt+S",),
        QT_TRANSLATE_NOOP("Actions", "Sort the table by the column after the current one"),
    ),
    ActionSpec(
        "sort_reverse",
        QT_TRANSLATE_NOOP("Actions", "&Reverse the sort order"),
        "",
        ("Ctrl+Alt+R",),
    ),
    ActionSpec(
        "live_now",
        QT_TRANSLATE_NOOP("Actions", "&Live clock"),
        "view",
        ("Ctrl+Shift+L",),
        QT_TRANSLATE_NOOP("Actions", "Relative times use this machine's clock"),
        True,
    ),
    ActionSpec(
        "pin_now",
        QT_TRANSLATE_NOOP("Actions", "&Pin 'now'…"),
        "view",
        ("Ctrl+T",),
        QT_TRANSLATE_NOOP("Actions", "Fix the reference time for relative times"),
    ),
    ActionSpec(
        "simulate",
        QT_TRANSLATE_NOOP("Actions", "&Simulate backfill…"),
        "tools",
        ("Ctrl+R",),
        QT_TRANSLATE_NOOP("Actions", "What the middleware's next request would write and send"),
        icon="simulate",
        needs="transcript",
    ),
    ActionSpec(
        "repair",
        QT_TRANSLATE_NOOP("Actions", "&Repair…"),
        "tools",
        ("Ctrl+Shift+R",),
        QT_TRANSLATE_NOOP(
            "Actions", "Find stored times that no longer match their messages, and re-attach them"
        ),
        icon="repair",
        needs="discussion",
    ),
    ActionSpec(  # the status bar's Cancel from the keyboard; enabled while work runs (Progress)
        "cancel_work",
        QT_TRANSLATE_NOOP("Actions", "&Cancel the work under way"),
        "tools",
        ("Ctrl+Shift+X",),
        QT_TRANSLATE_NOOP("Actions", "Stop opening, searching or simulating (the status bar's Cancel)"),
    ),
    ActionSpec(
        "guide",
        QT_TRANSLATE_NOOP("Actions", "User &guide"),
        "help",
        (QKeySequence.StandardKey.HelpContents,),
        QT_TRANSLATE_NOOP("Actions", "The three jobs step by step, on the demo discussion"),
        icon="help",
    ),
    ActionSpec(
        "legend",
        QT_TRANSLATE_NOOP("Actions", "&Legend of the timeline"),
        "help",
        (),
        QT_TRANSLATE_NOOP("Actions", "What the strip's marks and colours mean"),
    ),
    ActionSpec("shortcuts", QT_TRANSLATE_NOOP("Actions", "&Keyboard shortcuts"), "help", ("Ctrl+/",)),
    ActionSpec("about", QT_TRANSLATE_NOOP("Actions", "&About Timeline Inspector"), "help"),
)

UNDO_KEYS: tuple[Key, ...] = (QKeySequence.StandardKey.Undo,)
# Ctrl+Shift+Z and Ctrl+Y are both customary for Redo; a platform's standard
# Redo may hold only one (GNOME and KDE: Ctrl+Shift+Z; tryout: Ctrl+Y did nothing)
REDO_KEYS: tuple[Key, ...] = (QKeySequence.StandardKey.Redo, "Ctrl+Shift+Z", "Ctrl+Y")
STYLE_KEYS = ("Ctrl+1", "Ctrl+2", "Ctrl+3")


def key_sequences(keys: Iterable[Key]) -> list[QKeySequence]:
    """The distinct sequences of ``keys`` (a standard key may already hold a
    literal one: on Linux, Redo is Ctrl+Shift+Z, and binding it twice makes
    Qt call the shortcut ambiguous and do nothing)."""
    out: list[QKeySequence] = []
    for key in keys:
        for sequence in (
            QKeySequence.keyBindings(key)
            if isinstance(key, QKeySequence.StandardKey)
            else [QKeySequence(key)]
        ):
            if not sequence.isEmpty() and sequence not in out:
                out.append(sequence)
    return out


def translated(text: str) -> str:
    """A text of this table (marked with ``QT_TRANSLATE_NOOP``, so the table
    stays English data) in the installed language."""
    return QCoreApplication.translate("Actions", text)


def make_action(parent: QObject, spec: ActionSpec, slot: Callable[..., object]) -> QAction:
    action = QAction(translated(spec.text), parent)
    action.setObjectName(f"action_{spec.name}")
    action.setShortcuts(key_sequences(spec.shortcuts))
    if spec.tip:
        action.setToolTip(translated(spec.tip))
        action.setStatusTip(translated(spec.tip))
    action.setCheckable(spec.checkable)
    if spec.icon:
        action.setIcon(action_icon(spec.icon))
    (action.toggled if spec.checkable else action.triggered).connect(slot)
    action.setEnabled(not spec.needs)  # built with nothing open
    return action


def enable_for(actions: dict[str, QAction], discussion: Discussion | None) -> None:
    """A command that cannot act on what is open is disabled (``ActionSpec.needs``),
    so its button and shortcut do not offer what would only say "open a file"."""
    can = {
        "discussion": discussion is not None,
        "transcript": discussion is not None and discussion.has_transcript,
    }
    for spec in ACTIONS:
        if spec.needs:
            actions[spec.name].setEnabled(can[spec.needs])


def choice_group(
    parent: QObject,
    menu: QMenu | None,
    items: Iterable[tuple[T, str]],
    current: T,
    choose: Callable[[T], object],
    shortcuts: Iterable[str] = (),
) -> dict[T, QAction]:
    """Checkable one-of-n actions: ``choose(value)`` when one is picked.
    ``sync_group`` ticks one again when the value changes elsewhere."""
    group = QActionGroup(parent)
    group.setExclusive(True)
    keys = list(shortcuts)
    actions: dict[T, QAction] = {}
    for number, (value, label) in enumerate(items):
        action = QAction(label, parent)
        action.setCheckable(True)
        action.setChecked(value == current)
        if number < len(keys):
            action.setShortcut(QKeySequence(keys[number]))
        action.triggered.connect(lambda _=False, v=value: choose(v))
        group.addAction(action)
        if menu is not None:
            menu.addAction(action)
        actions[value] = action
    return actions


def sync_group(actions: dict[T, QAction], value: T) -> None:
    for key, action in actions.items():
        if action.isChecked() != (key == value):
            action.blockSignals(True)
            action.setChecked(key == value)
            action.blockSignals(False)

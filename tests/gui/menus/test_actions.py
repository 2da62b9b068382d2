"""The action table (menus/actions.py): what cannot act is disabled, menus and toolbar alike."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolBar, QWidget

from timeline_app.gui.window.main_window import MainWindow

from ..helpers import (
    CTRL,
    WAIT,
    _close_by_keys,
    _open_demo,
    show_active,
)


def _toolbar_button(window: MainWindow, name: str) -> QWidget:
    bar = window.findChild(QToolBar, "mainToolbar")
    button = bar.widgetForAction(window.actions_by_name[name])
    assert button is not None
    return button


def test_what_cannot_act_with_nothing_open_is_disabled(qtbot, window: MainWindow) -> None:
    """With nothing open, Find proposals, the bulk accept/reject buttons and
    the toolbar's Simulate backfill and Repair stayed enabled; they follow
    the session's discussion (and the proposals found) now."""
    show_active(qtbot, window)
    panel = window.repair_panel
    bulk = (panel.accept_high, panel.accept_medium, panel.reject_all)
    toolbar = [_toolbar_button(window, name) for name in ("simulate", "repair")]

    def enabled() -> list[bool]:
        return [w.isEnabled() for w in (panel.find_button, *bulk, *toolbar)]

    assert enabled() == [False] * 6
    _open_demo(qtbot, window)
    assert enabled() == [True, False, False, False, True, True]  # nothing found yet: nothing to choose
    with qtbot.waitSignal(panel.proposalsReady, timeout=WAIT):
        qtbot.mouseClick(toolbar[1], Qt.MouseButton.LeftButton)  # Repair: finds the proposals
    assert panel.model.rowCount() > 0
    assert enabled() == [True, True, True, bool(panel.model.accepted()), True, True]
    qtbot.mouseClick(panel.accept_medium, Qt.MouseButton.LeftButton)
    assert panel.reject_all.isEnabled()
    qtbot.mouseClick(panel.reject_all, Qt.MouseButton.LeftButton)
    assert not panel.model.accepted() and not panel.reject_all.isEnabled()
    _close_by_keys(qtbot, window)
    assert enabled() == [False] * 6
    qtbot.keyClick(window.table, Qt.Key.Key_R, CTRL)  # a disabled action's shortcut does nothing either
    assert window.banner.text() == ""


def test_redo_has_ctrl_y_where_the_platforms_redo_lacks_it(qtbot, monkeypatch) -> None:
    """Tryout (issue 29, life5 finding 5): on Linux (GNOME, KDE) the standard
    Redo is Ctrl+Shift+Z alone, and Ctrl+Y did nothing (offscreen Qt binds
    both, so the platform is played here). Both keys redo, each bound once,
    and the shortcut list names both. Break tried: REDO_KEYS without
    "Ctrl+Y": failed."""
    from PySide6.QtGui import QKeySequence

    from timeline_app.gui.menus import actions
    from timeline_app.gui.menus import help as help_menu

    class LinuxKeys(QKeySequence):
        @staticmethod
        def keyBindings(key: QKeySequence.StandardKey) -> list[QKeySequence]:
            if key == QKeySequence.StandardKey.Redo:
                return [QKeySequence("Ctrl+Shift+Z")]
            return QKeySequence.keyBindings(key)

    monkeypatch.setattr(actions, "QKeySequence", LinuxKeys)
    keys = [s.toString() for s in actions.key_sequences(actions.REDO_KEYS)]
    assert keys == ["Ctrl+Shift+Z", "Ctrl+Y"]
    rows = dict(help_menu.shortcut_rows())
    assert rows["Redo"] == "Ctrl+Shift+Z, Ctrl+Y"

"""Shift+F10 opens the context menu of what has the focus, as a right-click
does (``widgets.keys.menu_by_keys``): every view, tree and field of the
window and of its dialogs. Qt turns the Menu key into a context-menu event
itself; Shift+F10 it leaves a key on Linux."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QApplication,
    QHeaderView,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QWidget,
)

from timeline_app.gui.launch import DEMO_TIMESTAMPS
from timeline_app.gui.widgets.keys import keyboard_menu_point
from timeline_app.gui.window.lazy_dock import LazyDock
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT, jobs_idle, layout_settled, show_active


def _menu_shown() -> list[str] | None:
    """The texts of the context menu open now (closed after reading), or None."""
    QApplication.processEvents()
    menu = QApplication.activePopupWidget()
    if not isinstance(menu, QMenu):
        return None
    texts = [action.text() for action in menu.actions()]
    menu.close()
    QApplication.processEvents()
    return texts


def _right_click(widget: QWidget) -> list[str] | None:
    """What a right-click on ``widget``'s current item (or middle) opens."""
    at, where = keyboard_menu_point(widget)
    target = widget.viewport() if isinstance(widget, QAbstractScrollArea) else widget
    QApplication.sendEvent(target, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at, where))
    return _menu_shown()


def _shift_f10(qtbot, widget: QWidget) -> list[str] | None:
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus, timeout=WAIT)
    qtbot.keyClick(widget, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    return _menu_shown()


@pytest.mark.qt_log_ignore("This plugin does not support grabbing the keyboard")  # a menu shown, offscreen
def test_shift_f10_opens_what_a_right_click_opens_everywhere(
    qtbot, demo_window: MainWindow, tmp_path: Path
) -> None:
    """Issue 31 (tryC): in the Discussions dock Shift+F10 did nothing; its
    entry's menu (open, show in the file manager, copy the path) was the
    mouse's only. Every list, table, tree and field of the window, each
    dock open and filled, opens on Shift+F10 the menu a right-click opens
    there (or none where a right-click opens none), at the current item."""
    window = demo_window
    root = tmp_path / "DiscussionIds"
    (root / "lisbon-trip").mkdir(parents=True)
    shutil.copy(DEMO_TIMESTAMPS, root / "lisbon-trip" / "timestamps.json")
    for dock in window.findChildren(LazyDock):
        dock.panel()
        dock.show()
    window.discussions.set_root(root)
    jobs_idle(qtbot, window.session)
    with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=WAIT):
        window.actions_by_name["repair"].trigger()
    show_active(qtbot, window)
    layout_settled(window)
    kinds = (QAbstractItemView, QLineEdit, QPlainTextEdit)
    menus: dict[str, list[str]] = {}
    differing = []
    for widget in window.findChildren(QWidget):
        if not isinstance(widget, kinds) or isinstance(widget, QHeaderView) or not widget.isVisible():
            continue
        if widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
            continue
        if isinstance(widget, QAbstractItemView) and widget.model() is not None and widget.model().rowCount():
            widget.setCurrentIndex(widget.model().index(0, 0))
        name = widget.objectName() or type(widget).__name__
        clicked = _right_click(widget)
        keyed = _shift_f10(qtbot, widget)
        if clicked != keyed:
            differing.append(f"{name}: right-click {clicked}, Shift+F10 {keyed}")
        if clicked:
            menus[name] = clicked
    assert not differing, "\n".join(differing)
    tree = window.discussions.view
    assert any("Copy path" in text for text in menus.get(tree.objectName() or "QTreeView", [])), menus
    assert len(menus) >= 3, menus  # the tree and the fields' own menus at least


def test_the_menu_opens_at_the_current_item_kept_in_view(qtbot, demo_window: MainWindow) -> None:
    """Opened by keys, a view's menu is placed at its current item, as Qt
    places the Menu key's; an item scrolled out of view does not throw it
    off the view."""
    table = demo_window.table
    model = table.model()
    table.setCurrentIndex(model.index(3, 2))
    at, where = keyboard_menu_point(table)
    assert table.visualRect(model.index(3, 2)).contains(at)
    assert where == table.viewport().mapToGlobal(at)
    table.setCurrentIndex(model.index(model.rowCount() - 1, 2))
    table.verticalScrollBar().setValue(0)
    table.resize(table.width(), 80)
    at, _ = keyboard_menu_point(table)
    assert table.viewport().rect().contains(at), at
    assert at != QPoint(0, 0)


@pytest.mark.qt_log_ignore("This plugin does not support grabbing the keyboard")  # a menu shown, offscreen
def test_a_menu_opened_by_keys_is_the_current_entrys(qtbot, demo_window: MainWindow, tmp_path: Path) -> None:
    """Qt sends the Menu key's context-menu event in the view's coordinates
    (its cursor rectangle), a header's height below where a right-click's
    would be: the Discussions tree read the entry under the current one, and
    its Open or Copy path was another discussion's. By the Menu key (as Qt
    sends it) and by Shift+F10, the menu is the current entry's."""
    root = tmp_path / "DiscussionIds"
    for name in ("alpha", "beta", "gamma"):
        (root / name).mkdir(parents=True)
        shutil.copy(DEMO_TIMESTAMPS, root / name / "timestamps.json")
    window = demo_window
    window.discussions_dock.show()
    panel = window.discussions
    panel.set_root(root)
    jobs_idle(qtbot, window.session)
    show_active(qtbot, window)
    tree = panel.view
    names = [tree.model().index(row, 0).data() for row in range(tree.model().rowCount())]
    current = tree.model().index(names.index("alpha"), 0)
    tree.setCurrentIndex(current)
    tree.setFocus()
    qtbot.waitUntil(tree.hasFocus, timeout=WAIT)
    cursor = tree.inputMethodQuery(Qt.InputMethodQuery.ImCursorRectangle).center()
    for open_menu in (
        lambda: QApplication.sendEvent(  # as QWidgetWindow sends the Menu key's
            tree, QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, cursor, tree.mapToGlobal(cursor))
        ),
        lambda: qtbot.keyClick(tree, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier),
    ):
        open_menu()
        QApplication.processEvents()
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        QApplication.clipboard().clear()
        copy = next(a for a in menu.actions() if a.text().replace("&", "").startswith("Copy path"))
        menu.close()
        copy.trigger()
        assert QApplication.clipboard().text() == str(root / "alpha" / "timestamps.json")


@pytest.mark.qt_log_ignore("This plugin does not support grabbing the keyboard")  # a menu shown, offscreen
def test_the_strip_opens_its_menu_by_keys_at_the_current_mark(qtbot, demo_window: MainWindow) -> None:
    """Issue 31: Shift+F10 and the Menu key on the timeline strip opened
    nothing (nor did a right-click). The strip's menu (Edit time, Copy rows,
    zoom) opens by the mouse on a mark, selecting it, and by Shift+F10 and
    the Menu key at the current mark, listing the same actions; its Copy
    rows copies the current message."""
    window = demo_window
    show_active(qtbot, window)
    layout_settled(window)
    strip = window.strip
    mark = strip.mark_rect(4)
    assert mark is not None
    point = mark.center().toPoint()
    qtbot.mouseClick(strip, Qt.MouseButton.RightButton, pos=point)
    QApplication.sendEvent(
        strip, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, strip.mapToGlobal(point))
    )
    clicked = _menu_shown()
    current = window.table.selectionModel().currentIndex()
    assert window.proxy.mapToSource(current).row() == 4  # the right-clicked mark is the one acted on
    assert clicked and any(t.replace("&", "").startswith("Edit time") for t in clicked), clicked
    strip.select_row(2)
    assert _shift_f10(qtbot, strip) == clicked
    at, _ = keyboard_menu_point(strip)
    assert strip.mark_rect(2).contains(at.toPointF()), (at, strip.mark_rect(2))
    cursor = strip.inputMethodQuery(Qt.InputMethodQuery.ImCursorRectangle).center()  # as QWidgetWindow
    QApplication.sendEvent(  # sends the Menu key's
        strip, QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, cursor, strip.mapToGlobal(cursor))
    )
    QApplication.processEvents()
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu)
    assert [a.text() for a in menu.actions()] == clicked
    QApplication.clipboard().clear()
    copy = next(a for a in menu.actions() if a.text().replace("&", "").startswith("Copy"))
    menu.close()
    copy.trigger()
    assert window.model.row_at(2).content.splitlines()[0][:20] in QApplication.clipboard().text()
    QApplication.clipboard().clear()
    qtbot.keyClick(strip, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)  # the key the menu names
    assert window.model.row_at(2).content.splitlines()[0][:20] in QApplication.clipboard().text()


def _first_enabled(menu: QMenu) -> str | None:
    return next((a.text() for a in menu.actions() if a.isEnabled() and not a.isSeparator()), None)


@pytest.mark.qt_log_ignore("This plugin does not support grabbing the keyboard")  # a menu shown, offscreen
def test_a_menu_opened_by_keys_highlights_its_first_action(
    qtbot, demo_window: MainWindow, tmp_path: Path
) -> None:
    """Issue 31: Shift+F10 in the table opened its menu with nothing
    highlighted; the first Enter did nothing, the second opened Edit time.
    Every view and field of the window, each dock open and filled, opened by
    Shift+F10 and by the Menu key, highlights its first enabled action: Enter
    takes it (the window's own dock list too, where a view has no menu)."""
    window = demo_window
    root = tmp_path / "DiscussionIds"
    (root / "lisbon-trip").mkdir(parents=True)
    shutil.copy(DEMO_TIMESTAMPS, root / "lisbon-trip" / "timestamps.json")
    for dock in window.findChildren(LazyDock):
        dock.panel()
        dock.show()
    window.discussions.set_root(root)
    jobs_idle(qtbot, window.session)
    show_active(qtbot, window)
    layout_settled(window)
    kinds = (QAbstractItemView, QLineEdit, QPlainTextEdit)
    unlit: list[str] = []
    opened = []
    widgets = [window.strip] + [
        w for w in window.findChildren(QWidget) if isinstance(w, kinds) and not isinstance(w, QHeaderView)
    ]
    for widget in widgets:
        if not widget.isVisible() or widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
            continue
        if isinstance(widget, QAbstractItemView) and widget.model() is not None and widget.model().rowCount():
            widget.setCurrentIndex(widget.model().index(0, 0))
        name = widget.objectName() or type(widget).__name__
        widget.setFocus()
        qtbot.waitUntil(widget.hasFocus, timeout=WAIT)
        for how, open_menu in (
            (
                "Shift+F10",
                lambda w=widget: qtbot.keyClick(w, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier),
            ),
            ("Menu key", lambda w=widget: qtbot.keyClick(w, Qt.Key.Key_Menu)),
        ):
            open_menu()
            QApplication.processEvents()
            menu = QApplication.activePopupWidget()
            if not isinstance(menu, QMenu):
                continue
            active = menu.activeAction()
            first = _first_enabled(menu)
            opened.append(f"{name} {how}")
            if first is not None and (active is None or active.text() != first):
                unlit.append(f"{name} by {how}: highlighted {active and active.text()!r}, first {first!r}")
            menu.close()
            QApplication.processEvents()
    assert not unlit, "\n".join(unlit)
    assert any("timeline" in o.lower() or "table" in o.lower() for o in opened), opened
    assert len(opened) >= 6, opened

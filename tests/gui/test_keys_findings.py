"""Tryout 4's keyboard and dark-theme findings, through the real widgets:
sorting from the keyboard, a complete shortcut list, bubbles restyled on a
theme change, visible focus, the Simulate dialog's date field, the banner's
contrast. Each test failed on the code before its fix."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QLineEdit,
    QPushButton,
    QTabBar,
    QTableView,
    QTableWidget,
    QWidget,
)

from timeline_app.gui.menus.actions import ACTIONS, translated
from timeline_app.gui.menus.help import command_name
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.widgets.colours import contrast_ratio
from timeline_app.gui.widgets.palettes import focus_colour
from timeline_app.gui.window.main_window import MainWindow

from .test_keyboard import ALT, CTRL, press, show_active
from .test_tryout_findings import _choose_theme, _open_simulation, restores_style  # noqa: F401  (a fixture)

WAIT = 20000


def _bubble_text_colours(window: MainWindow) -> set[str]:
    """The foreground of every character of the bubbles that is not a role's name."""
    document = window.preview_pane.chat.document()
    colours = set()
    block = document.begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            char = fragment.charFormat()
            if fragment.isValid() and char.fontWeight() < 700:
                colours.add(char.foreground().color().name())
            iterator += 1
        block = block.next()
    return colours


@pytest.mark.usefixtures("restores_style")
def test_switching_to_dark_with_the_preview_shown_restyles_the_bubbles(
    qtbot, demo_window: MainWindow
) -> None:
    window = demo_window
    window.theme_actions["light"].trigger()
    window.tabs.setCurrentWidget(window.preview_pane)
    qtbot.waitUntil(
        lambda: (
            _bubble_text_colours(window)
            == {window.preview_pane.palette().color(QPalette.ColorRole.Text).name()}
        ),
        timeout=WAIT,
    )
    _choose_theme(qtbot, window, "dark", window.preview_pane, window.preview_pane.chat)
    dark_text = QApplication.palette().color(QPalette.ColorRole.Text).name()
    qtbot.waitUntil(lambda: _bubble_text_colours(window) == {dark_text}, timeout=3000)


def _sorted_by(window: MainWindow) -> tuple[int, Qt.SortOrder]:
    header = window.table.horizontalHeader()
    return header.sortIndicatorSection(), header.sortIndicatorOrder()


def test_the_table_sorts_from_the_keyboard(qtbot, demo_window: MainWindow) -> None:
    window = demo_window
    show_active(qtbot, window)
    menu = window.sort_menu
    assert menu.column_actions[-1].isChecked()  # the file's order
    press(qtbot, Qt.Key.Key_S, CTRL | ALT)  # the next column: #
    assert _sorted_by(window) == (Column.INDEX, Qt.SortOrder.AscendingOrder)
    for _ in range(2):  # Speaker, then Time
        press(qtbot, Qt.Key.Key_S, CTRL | ALT)
    assert _sorted_by(window) == (Column.TIME, Qt.SortOrder.AscendingOrder)
    assert menu.column_actions[Column.TIME].isChecked()
    times = [window.proxy.index(r, Column.TIME).data() for r in range(window.proxy.rowCount())]
    press(qtbot, Qt.Key.Key_R, CTRL | ALT)  # reversed
    assert _sorted_by(window) == (Column.TIME, Qt.SortOrder.DescendingOrder)
    assert menu.order_actions[Qt.SortOrder.DescendingOrder].isChecked()
    reversed_times = [window.proxy.index(r, Column.TIME).data() for r in range(window.proxy.rowCount())]
    assert reversed_times != times and sorted(reversed_times) == sorted(times)
    # a click on a header is shown in the menu too
    header = window.table.horizontalHeader()
    middle = header.sectionViewportPosition(Column.GAP) + header.sectionSize(Column.GAP) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(middle, header.height() // 2))
    assert menu.column_actions[Column.GAP].isChecked()
    menu.column_actions[Column.CONTENT].trigger()  # View > Sort by > Content
    assert _sorted_by(window)[0] == Column.CONTENT
    assert menu.column_actions[Column.CONTENT].isChecked()
    # past the last column: the file's order again
    press(qtbot, Qt.Key.Key_S, CTRL | ALT)
    assert window.sort_menu.column_actions[-1].isChecked()
    assert [window.proxy.index(r, Column.INDEX).data() for r in range(3)] == ["0", "1", "2"]


def test_the_shortcut_list_names_every_command_and_the_strips_keys(qtbot, demo_window: MainWindow) -> None:
    window = demo_window
    show_active(qtbot, window)
    press(qtbot, Qt.Key.Key_Slash, CTRL)  # Help > Keyboard shortcuts
    dialog = window.help.dialogs["shortcuts"]
    qtbot.waitExposed(dialog)
    table = dialog.findChild(QTableWidget, "shortcutsTable")
    shown = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    # every command of the action table is listed: by its keys, or by the
    # mnemonics that reach it when it has none
    for spec in ACTIONS:
        assert command_name(translated(spec.text)) in shown, spec.name
    assert shown["Revert unsaved changes"] == "Alt+F, V"
    assert shown["Open transcript and timestamp file"] == "Alt+F, N"
    assert shown["Sort by"] == "Alt+V, B"
    assert shown["Sort by the next column"] == "Ctrl+Alt+S"
    assert shown["Reverse the sort order"] == "Ctrl+Alt+R"
    assert shown["Timeline: zoom in"] == "+, ="
    assert shown["Timeline: zoom out"] == "-"
    # the listed strip key is the one the strip obeys
    window.strip.setFocus()
    qtbot.waitUntil(window.strip.hasFocus, timeout=WAIT)
    before = window.strip.grab().toImage()
    press(qtbot, Qt.Key.Key_Plus)
    assert window.strip.grab().toImage() != before


@pytest.mark.usefixtures("restores_style")
@pytest.mark.parametrize("theme_name", ["light", "dark"])
@pytest.mark.parametrize("kind", ["error", "warning", "info"])
def test_the_banner_text_has_a_contrast_of_at_least_4_5(
    qtbot, demo_window: MainWindow, theme_name: str, kind: str
) -> None:
    window = demo_window
    _choose_theme(qtbot, window, theme_name, window.banner)
    window.banner.show_message(
        "这两个文件可能不是配套的 These files may not belong together",
        warning=kind == "warning",
        info=kind == "info",
    )
    qtbot.waitUntil(window.banner.isVisible, timeout=WAIT)
    image = window.banner.grab().toImage()
    background = image.pixelColor(2, 2)
    label = window.banner.label.geometry()
    text = max(
        (
            image.pixelColor(x, y)
            for x in range(label.left(), label.right())
            for y in range(label.top(), label.bottom())
        ),
        key=lambda colour: abs(colour.lightness() - background.lightness()),
    )
    assert contrast_ratio(text, background) >= 4.5, (text.name(), background.name())


def test_the_request_time_field_leaves_on_tab_and_the_dialog_switches_tabs(
    qtbot, demo_window: MainWindow
) -> None:
    dialog = _open_simulation(qtbot, demo_window)
    edit = dialog.now_edit
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus, timeout=WAIT)
    year = edit.dateTime().date().year()
    edit.setCurrentSectionIndex(0)
    press(qtbot, Qt.Key.Key_Up)  # the year, one up
    assert edit.dateTime().date().year() == year + 1
    qtbot.wait(600)  # the field re-simulates by itself
    qtbot.waitUntil(lambda: not dialog.progress.isVisible(), timeout=WAIT)
    press(qtbot, Qt.Key.Key_Tab)
    assert not edit.hasFocus(), "Tab leaves the field"
    # and the field no longer looks as if it had it (a part still highlighted:
    # the tryout pressed Up there, on the button that had the focus)
    assert not edit.lineEdit().hasSelectedText(), edit.lineEdit().selectedText()
    press(qtbot, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert edit.hasFocus()
    # Ctrl+PgDn / Ctrl+PgUp switch the dialog's tabs, even from the field
    assert dialog.tabs.currentIndex() == 0
    press(qtbot, Qt.Key.Key_PageDown, CTRL)
    assert dialog.tabs.currentIndex() == 1
    assert edit.dateTime().date().year() == year + 1, "the year stays"
    press(qtbot, Qt.Key.Key_PageDown, CTRL)
    press(qtbot, Qt.Key.Key_PageUp, CTRL)
    assert dialog.tabs.currentIndex() == 1
    dialog.close()


def test_the_simulation_warns_when_the_request_time_is_before_the_newest_stored(
    qtbot, demo_window: MainWindow
) -> None:
    dialog = _open_simulation(qtbot, demo_window)
    summary = dialog.summary
    assert (
        "clock would go backwards" not in summary.text()
    )  # the demo's pinned now is after every stored time
    edit = dialog.now_edit
    edit.setFocus()
    edit.setCurrentSectionIndex(0)
    press(qtbot, Qt.Key.Key_Down)  # a year earlier
    qtbot.waitUntil(lambda: "clock would go backwards" in summary.text(), timeout=WAIT)
    assert summary.text().startswith("The request time is before the newest stored time")
    press(qtbot, Qt.Key.Key_Up)
    qtbot.waitUntil(
        lambda: "clock would go backwards" not in summary.text() and "Simulating" not in summary.text(),
        timeout=WAIT,
    )
    dialog.close()


def _shows_focus(widget: QWidget) -> bool:
    """Whether ``widget`` is drawn with the focus colour somewhere."""
    image = widget.grab().toImage()
    wanted = focus_colour(widget.palette()).name()
    return any(
        image.pixelColor(x, y).name() == wanted for x in range(image.width()) for y in range(image.height())
    )


def _tab_through(qtbot, start: QWidget, stops: int) -> list[QWidget]:
    """Tab ``stops`` times from ``start``: each stop is drawn focused, and
    no longer once the focus moved on."""
    start.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(start.hasFocus, timeout=WAIT)
    seen = []
    for _ in range(stops):
        press(qtbot, Qt.Key.Key_Tab)
        widget = QApplication.focusWidget()
        assert widget is not None
        assert _shows_focus(widget), (type(widget).__name__, widget.objectName())
        if seen:
            assert not _shows_focus(seen[-1]), (type(seen[-1]).__name__, seen[-1].objectName())
        seen.append(widget)
    return seen


@pytest.mark.usefixtures("restores_style")
@pytest.mark.parametrize("theme_name", ["light", "dark"])
def test_every_tab_stop_shows_the_focus(qtbot, demo_window: MainWindow, theme_name: str) -> None:
    window = demo_window
    show_active(qtbot, window)
    window.tabs.setCurrentWidget(window.detail)
    _choose_theme(qtbot, window, theme_name, window.detail, window.detail.content)
    # Details: the message text, then the hash and the orphans
    stops = _tab_through(qtbot, window.detail.content, 2)
    assert isinstance(stops[0], QLineEdit) and stops[1] is window.detail.orphans
    dialog = _open_simulation(qtbot, window)
    # Simulate: the default button, the check box, the tab bar, the table; Tab leaves the table
    stops = _tab_through(qtbot, dialog.now_edit, 5)
    assert [type(w) for w in stops[:3]] == [QPushButton, QCheckBox, QTabBar]
    assert isinstance(stops[3], QTableView)
    assert stops[4] is not stops[3]
    dialog.close()


@pytest.mark.parametrize("key", [Qt.Key.Key_End, Qt.Key.Key_Home])
def test_home_and_end_in_the_table_move_by_rows_and_keep_the_column(
    qtbot, demo_window: MainWindow, key: Qt.Key
) -> None:
    """Tryout 5: Ctrl+End went to the bottom-right cell (the hash), scrolling #
    and Speaker out of view in a narrow window."""
    window = demo_window
    window.resize(700, 600)
    table = window.table
    window.select_source_row(5)
    table.setFocus()
    table.setCurrentIndex(table.model().index(5, Column.SPEAKER))
    qtbot.wait(50)
    last = table.model().rowCount() - 1
    for modifier in (Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.NoModifier):
        qtbot.keyClick(table, key, modifier)
        current = table.currentIndex()
        assert current.row() == (last if key == Qt.Key.Key_End else 0)
        assert current.column() == Column.SPEAKER
        assert table.horizontalScrollBar().value() == 0, "# and Speaker scrolled away"
        table.setCurrentIndex(table.model().index(5, Column.SPEAKER))


@pytest.mark.usefixtures("restores_style")
@pytest.mark.parametrize("theme_name", ["light", "dark"])
def test_the_strip_shows_when_it_has_the_focus(qtbot, demo_window: MainWindow, theme_name: str) -> None:
    """Tryout 5: Tab reached the strip and nothing showed it had the keys."""
    window = demo_window
    show_active(qtbot, window)
    _choose_theme(qtbot, window, theme_name, window.table, window.table)
    strip = window.strip
    window.table.setFocus()
    qtbot.waitUntil(lambda: not strip.hasFocus())
    corner = strip.grab().toImage().pixelColor(1, strip.height() // 2)
    press(qtbot, Qt.Key.Key_6, ALT)
    qtbot.waitUntil(strip.hasFocus)
    framed = strip.grab().toImage().pixelColor(1, strip.height() // 2)
    assert framed != corner
    assert framed.name() == focus_colour(strip.palette()).name()


def test_the_timeline_zooms_from_the_view_menu_with_the_keys_anywhere(qtbot, demo_window: MainWindow) -> None:
    """The strip's +, - and 0 worked only while it had the keys, and no menu
    named a zoom (tryout): Ctrl++, Ctrl+- and Ctrl+0 from anywhere."""
    window = demo_window
    show_active(qtbot, window)
    window.table.setFocus()
    qtbot.waitUntil(window.table.hasFocus, timeout=WAIT)
    strip = window.strip
    fitted = strip.zoom
    press(qtbot, Qt.Key.Key_Plus, CTRL)
    assert strip.zoom == pytest.approx(fitted * 1.5)
    press(qtbot, Qt.Key.Key_Plus, CTRL)
    press(qtbot, Qt.Key.Key_Minus, CTRL)
    assert strip.zoom == pytest.approx(fitted * 1.5)
    press(qtbot, Qt.Key.Key_0, CTRL)
    assert strip.zoom == pytest.approx(fitted)
    assert window.table.hasFocus(), "the keys stay where they were"
    view = next(a.menu() for a in window.menuBar().actions() if a.menu() and "View" in a.text())
    names = [a.text() for a in view.actions()]
    assert {"Zoom the timeline &in", "Zoom the timeline ou&t", "Show the &whole timeline"} <= set(names)

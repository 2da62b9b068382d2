"""Help menu (legend, shortcuts, About, guide) and the themed toolbar icons."""

from __future__ import annotations

import platform

import PySide6
import pytest
from PySide6.QtCore import Qt, QUrl, qVersion
from PySide6.QtGui import QGuiApplication, QKeySequence, QPalette, QShortcut, QTextDocument
from PySide6.QtWidgets import (
    QApplication,
    QDialogButtonBox,
    QLabel,
    QStyleFactory,
    QTableWidget,
    QTextBrowser,
    QToolButton,
)

from timeline_app import __version__
from timeline_app.gui.menus.actions import ACTIONS, translated
from timeline_app.gui.menus.help import (
    GUIDE_IMAGE_WIDTH,
    LEAST_SHORTCUTS,
    LEGEND,
    LegendSample,
    command_name,
    key_names,
    on_pc_keyboard,
    shortcut_rows,
)
from timeline_app.gui.resources import GUIDE
from timeline_app.gui.widgets import colours
from timeline_app.gui.widgets.palettes import apply_palette
from timeline_app.gui.widgets.screen_fit import SCREEN_SHARE
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import (
    CTRL,
    WAIT,
    assert_keys_read_as_pressed,
    cut_cells,
    image_widths,
    layout_settled,
    press,
    show_active,
)


def _help_menu(window: MainWindow):
    (menu,) = [a.menu() for a in window.menuBar().actions() if a.text() == "&Help"]
    return menu


def test_help_menu_is_last_and_lists_the_help_actions(window: MainWindow) -> None:
    assert window.menuBar().actions()[-1].text() == "&Help"
    texts = [a.text() for a in _help_menu(window).actions()]
    assert texts == [spec.text for spec in ACTIONS if spec.menu == "help"]


def _open(qtbot, window: MainWindow, name: str):
    window.show()
    window.actions_by_name[name].trigger()
    dialog = window.help.dialogs[name]
    qtbot.waitExposed(dialog)
    return dialog


def test_shortcuts_come_from_the_action_table(qtbot, qtmodeltester, window: MainWindow) -> None:
    dialog = _open(qtbot, window, "shortcuts")
    table = dialog.findChild(QTableWidget, "shortcutsTable")
    qtmodeltester.check(table.model())
    shown = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    assert shown == dict(shortcut_rows(window.menuBar()))
    # every shortcut the window binds with keys a PC keyboard has is in the
    # list, as Qt writes it; the others (Qt's Undo, Copy, Open keys) are not
    listed = {key for keys in shown.values() for key in keys.split(", ")}
    for action in window.findChildren(type(window.actions_by_name["save"])):
        for sequence in action.shortcuts():
            text = key_names([sequence])
            assert (text in listed) == on_pc_keyboard(sequence), (action.text(), text)
    assert shown["Repair"] == "Ctrl+Shift+R" and shown["Undo"].startswith("Ctrl+Z")
    assert shown["Edit time"] == "F2"  # one message's stored time by hand (tryout: no way to edit one)
    # the History panel's keys (tryout: the list never said how to step through it)
    assert shown["History: previous / next state"] == "Up, Down"
    # every QShortcut of the window too (a pane's own: Escape in Repair), and
    # the keys panes obey by themselves (tryout: Escape in the filter, Enter on
    # a recorded request and Tab between panes were left out)
    for shortcut in window.findChildren(QShortcut):
        for sequence in shortcut.keys():  # noqa: SIM118 (a QShortcut, not a dict)
            text = key_names([sequence])
            assert (text in listed) == on_pc_keyboard(sequence), text
    assert shown["Filter box: clear the filter (again: back to the table)"] == "Esc"
    assert shown["Recordings: open the selected request"] == "Return, Enter"
    assert shown["Repair: back to the table"] == "Esc"
    assert shown["Next / previous pane or field"] == "Tab, Shift+Tab"
    # as a reader presses them: Qt's "Backtab" is the key Shift+Tab sends (issue 31 tryout)
    assert (
        shown["Dialog with pages: next / previous page"] == "Ctrl+PgDown, Ctrl+PgUp, Ctrl+Tab, Ctrl+Shift+Tab"
    )
    assert_keys_read_as_pressed(shown)


def test_shift_tab_is_named_as_pressed_and_keys_named_alike_once() -> None:
    assert key_names([QKeySequence(Qt.Key.Key_Backtab)]) == "Shift+Tab"
    control_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    assert key_names([QKeySequence(control_shift | Qt.Key.Key_Backtab)]) == "Ctrl+Shift+Tab"
    assert key_names([QKeySequence("Ctrl+Z"), QKeySequence("Ctrl+Z"), QKeySequence("F5")]) == "Ctrl+Z, F5"


def test_about_names_the_running_versions(qtbot, window: MainWindow) -> None:
    text = _open(qtbot, window, "about").findChild(QLabel, "aboutText").text()
    for version in (__version__, qVersion(), PySide6.__version__, platform.python_version()):
        assert f"&nbsp;{version}<" in text


def test_guide_renders_the_markdown_and_its_screenshots(qtbot, window: MainWindow) -> None:
    browser = _open(qtbot, window, "guide").findChild(QTextBrowser, "guideBrowser")
    plain = browser.toPlainText()
    assert plain.startswith("Timeline Inspector user guide")  # a heading, not '# ...' source
    assert "Repair a legacy conversation" in plain
    pictures = sorted(p.stem for p in (GUIDE.parent / "guide").glob("*.png"))
    assert len(pictures) >= 6, pictures
    for name in pictures:
        image = browser.document().resource(
            QTextDocument.ResourceType.ImageResource, QUrl(f"guide/{name}.png")
        )
        assert image is not None and not image.isNull(), name
    assert GUIDE.read_text(encoding="utf-8").count("](guide/") == len(pictures)  # each shown once
    assert image_widths(browser) == [GUIDE_IMAGE_WIDTH] * len(
        pictures
    )  # shown whole in the window, not 1440 px wide


def test_asking_twice_raises_the_same_dialog(qtbot, window: MainWindow) -> None:
    first = _open(qtbot, window, "legend")
    first.close()
    assert _open(qtbot, window, "legend") is first and first.isVisible()


LEGEND_INKS = {"user": "user", "assistant": "assistant", "other": "other", "out-of-order": "warning", "future": "warning", "pending": "placeholder"}  # fmt: skip


def test_legend_paints_with_the_strips_colours(qtbot, window: MainWindow) -> None:
    """The strip's inks on the strip's background (``colours.inks_on``), each
    sample of one legend (one window for all: the five samples were five
    windows built and shown)."""
    dialog = _open(qtbot, window, "legend")
    strip_inks = colours.inks_on(window.strip.palette().color(QPalette.ColorRole.Base))
    for name, ink in LEGEND_INKS.items():
        sample = dialog.findChild(LegendSample, f"legend_{name}")
        image = sample.grab().toImage()
        colour = getattr(colours.inks_on(sample.palette().color(QPalette.ColorRole.Base)), ink)
        assert colour.name() == getattr(strip_inks, ink).name(), name
        drawn = {image.pixelColor(x, y).name() for x in range(image.width()) for y in range(image.height())}
        assert colour.name() in drawn, name
    assert len(dialog.findChildren(QLabel)) >= len(LEGEND)
    # what the strip leaves out is said too (tryout: nothing said orphans are not drawn)
    assert any(label.text().startswith("Not drawn: orphans") for label in dialog.findChildren(QLabel))


@pytest.mark.parametrize("palette", ["light", "dark"])
def test_toolbar_icons_follow_the_palette(qtbot, window: MainWindow, palette: str) -> None:
    app = QApplication.instance()
    style, colours = app.style().name(), QPalette(app.palette())  # left as found, for the tests after
    apply_palette(palette)
    try:
        ink = QGuiApplication.palette().color(QPalette.ColorRole.ButtonText)
        background = QGuiApplication.palette().color(QPalette.ColorRole.Window)
        for name in ("open_transcript", "simulate", "repair", "save", "guide"):
            image = window.actions_by_name[name].icon().pixmap(32, 32).toImage()
            drawn = [
                image.pixelColor(x, y)
                for x in range(32)
                for y in range(32)
                if image.pixelColor(x, y).alpha() == 255
            ]
            assert drawn, f"{name}: blank icon"
            assert all(c.rgb() == ink.rgb() for c in drawn), name
            assert abs(ink.lightness() - background.lightness()) > 120  # readable on the window
        # the words stay beside the icons
        buttons = [
            b
            for b in window.findChildren(QToolButton)
            if b.defaultAction() is window.actions_by_name["repair"]
        ]
        assert buttons and buttons[0].toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon
    finally:
        app.setStyle(QStyleFactory.create(style))
        app.setPalette(colours)


def test_the_guide_fits_a_small_screen(qtbot, window: MainWindow) -> None:
    """The guide's preferred 900x720 is shrunk to the screen (the offscreen
    one is 800 x 800), as the window's and the simulate dialog's sizes are."""
    dialog = _open(qtbot, window, "guide")
    room = dialog.screen().availableGeometry().size().expandedTo(dialog.minimumSizeHint())
    assert dialog.width() <= room.width() and dialog.height() <= room.height()


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
    assert shown["Revert unsaved changes"] == "Shift+F5"
    assert shown["Open transcript and timestamp file"] == "Ctrl+Shift+P"
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


def test_the_shortcut_list_names_only_keys_of_a_pc_keyboard(qtbot, window: MainWindow) -> None:
    window.show()
    window.actions_by_name["shortcuts"].trigger()
    dialog = window.help.dialogs["shortcuts"]
    qtbot.waitExposed(dialog)
    table = dialog.findChild(QTableWidget, "shortcutsTable")
    shown = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    assert shown["Undo"] == "Ctrl+Z, Alt+Backspace"
    assert shown["Copy selected rows"] == "Ctrl+C, Ctrl+Ins"
    for keys in shown.values():
        assert all(on_pc_keyboard(QKeySequence(key)) for key in keys.split(", ")), keys
    # what KDE binds to Undo and Copy (Sun keyboard keys) is never listed
    assert not on_pc_keyboard(QKeySequence("F14")) and not on_pc_keyboard(QKeySequence("Shift+F16"))
    assert on_pc_keyboard(QKeySequence("Shift+F3")) and on_pc_keyboard(QKeySequence("Ctrl+/"))


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_shortcut_list_opens_as_large_as_its_rows_within_the_screen(
    qtbot, request, language: str
) -> None:
    """It opened at a fixed 520x560: a third of its rows in view and the
    keys cut beside a horizontal scroll bar (issue 31 item 13). Now every
    command and key reads whole, and the dialog is as tall as its rows where
    the screen has room, else as tall as the screen allows."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    show_active(qtbot, window)
    press(qtbot, Qt.Key.Key_Slash, CTRL)
    dialog = window.help.dialogs["shortcuts"]
    qtbot.waitExposed(dialog)
    layout_settled(dialog)
    table = dialog.findChild(QTableWidget, "shortcutsTable")
    assert not table.horizontalScrollBar().isVisible()
    assert cut_cells(table, set(), rows=table.rowCount()) == []
    room = dialog.screen().availableGeometry()
    assert dialog.width() <= room.width() and dialog.height() <= room.height()
    whole = dialog.height() - table.viewport().height() + table.verticalHeader().length()
    assert dialog.height() >= min(whole, int(room.height() * SCREEN_SHARE)), (dialog.height(), whole)
    assert table.viewport().height() >= 20 * table.verticalHeader().defaultSectionSize()


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("page", ["shortcuts", "legend", "about"])
def test_at_its_smallest_a_help_page_cuts_nothing(qtbot, request, page: str, language: str) -> None:
    """Shrunk as far as it goes, the shortcut list was 102x124 px: one command
    ("撤销") in view, its keys beside a horizontal scroll bar. Each page keeps
    its texts whole at its least size; the list its two columns and a few rows."""
    from ..test_chinese_clipping import clipped

    window: MainWindow = request.getfixturevalue("window" if language == "en" else "chinese_demo")
    dialog = _open(qtbot, window, page)
    dialog.resize(1, 1)
    layout_settled(dialog)
    assert clipped(dialog) == []
    table = dialog.findChild(QTableWidget, "shortcutsTable")
    if table is not None:
        assert not table.horizontalScrollBar().isVisible(), f"{dialog.size().toTuple()}: keys cut"
        assert table.columnViewportPosition(1) + table.columnWidth(1) <= table.viewport().width()
        rows = table.viewport().height() // table.verticalHeader().defaultSectionSize()
        assert rows >= LEAST_SHORTCUTS, f"{rows} rows in view"
        assert cut_cells(table, set(), rows=rows) == []
    dialog.close()


@pytest.mark.parametrize("palette", ["light", "dark"])
def test_the_guides_links_are_readable_in_either_theme(qtbot, restores_style, palette: str) -> None:
    """Text contrast (4.5:1) of every link in the guide against the page behind
    it: in dark, the guide's links were dark blue on dark grey (tryout)."""
    from timeline_app.gui.menus.help import guide_browser

    apply_palette(palette)
    browser = guide_browser()
    qtbot.addWidget(browser)
    background = browser.palette().color(QPalette.ColorRole.Base)
    links = []
    block = browser.document().begin()
    while block.isValid():
        for fragment in (it.fragment() for it in block):
            if fragment.isValid() and fragment.charFormat().isAnchor():
                links.append((fragment.text(), fragment.charFormat().foreground().color()))
        block = block.next()
    assert links, "the guide has no links to check"
    for text, ink in links:
        assert colours.contrast_ratio(ink, background) >= 4.5, (text, ink.name(), background.name())


def test_the_guides_legend_picture_is_the_legend_without_its_dialogs_buttons(
    qtbot, window: MainWindow
) -> None:
    """``tools/screenshots.py`` pictures ``legend_body``: every sample, no
    button (the guide's picture held the legend dialog's Close button right
    above the Help window's own, tryout)."""
    from PySide6.QtWidgets import QAbstractButton, QDialogButtonBox

    from timeline_app.gui.menus.help import legend_body

    dialog = _open(qtbot, window, "legend")
    body = legend_body(dialog)
    assert not body.findChildren(QAbstractButton) and not body.findChildren(QDialogButtonBox)
    assert {s.objectName() for s in body.findChildren(LegendSample)} == {f"legend_{n}" for n, *_ in LEGEND}
    picture = body.grab()
    assert picture.height() >= body.layout().heightForWidth(body.width())  # every row, not a scrolled part
    assert "legend_body(legend)" in (GUIDE.parents[1] / "tools" / "screenshots.py").read_text()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_file_and_edit_command_has_a_key_the_list_says(qtbot, request, language: str) -> None:
    """Tryout (issue 31): "Revert unsaved changes" had no key, only its way
    through the menus; a keyboard reader looked for one in the list. Every
    command of the File and Edit menus (the action table's) has a key of its
    own, not another's, that acts in the window, and the shortcut list says
    it on the command's row, in English and Chinese."""
    request.getfixturevalue("chinese_app" if language == "zh_CN" else "english")
    window: MainWindow = request.getfixturevalue("demo_window")
    rows = dict(shortcut_rows(window.menuBar()))
    bound: dict[str, str] = {}
    for spec in ACTIONS:
        if spec.menu not in ("file", "edit"):
            continue
        action = window.actions_by_name[spec.name]
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()]
        assert keys, f"{spec.name} ({action.text()}) has no key"
        for key in keys:
            assert bound.setdefault(key, spec.name) == spec.name, (key, bound[key], spec.name)
        listed = rows.get(command_name(action.text()), "")
        assert keys[0] in listed, (spec.name, listed, keys)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_shortcut_list_reads_whole_at_every_window_size(qtbot, request, language: str) -> None:
    """Issue 31 item 13 again, after the day's merges (the list grew by the
    File and Edit keys): in the smallest window (867x643 at most, as small
    as it goes), at 1024x700 and at 1300x800, in English and Chinese, the
    list opens with both columns whole, no command or key cut, no sideways
    scroll bar, as tall as the window and screen let it (opened first in a
    small window, it kept 14 rows at 867x643), at least ``LEAST_SHORTCUTS``
    rows in view, and its Close button in the dialog."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    show_active(qtbot, window)
    for size in ((1, 1), (867, 643), (1024, 700), (1300, 800)):
        window.resize(*size)
        layout_settled(window)
        press(qtbot, Qt.Key.Key_Slash, CTRL)
        dialog = window.help.dialogs["shortcuts"]
        qtbot.waitExposed(dialog)
        layout_settled(dialog)
        table = dialog.findChild(QTableWidget, "shortcutsTable")
        where = f"{language} window {window.size().toTuple()} dialog {dialog.size().toTuple()}"
        assert not table.horizontalScrollBar().isVisible(), where
        assert table.columnViewportPosition(1) + table.columnWidth(1) <= table.viewport().width(), where
        rows = table.viewport().height() // table.verticalHeader().defaultSectionSize()
        assert rows >= LEAST_SHORTCUTS, (where, rows)
        # as tall as its rows, the window and the screen let it be (not the size it first had)
        whole = dialog.height() - table.viewport().height() + table.verticalHeader().length()
        room = min(whole, window.height(), int(dialog.screen().availableGeometry().height() * SCREEN_SHARE))
        assert dialog.height() >= room, (where, rows, room)
        table.scrollToBottom()
        layout_settled(dialog)
        assert cut_cells(table, set(), rows=table.rowCount()) == [], where
        close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
        assert dialog.rect().contains(close.geometry().translated(close.parentWidget().pos())), where
        dialog.close()

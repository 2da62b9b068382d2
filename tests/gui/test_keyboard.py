"""Usable without a mouse: panes by Tab and shortcuts, copy what has focus,
the filter always reachable, mnemonics everywhere; the three jobs by keys only."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QLineEdit,
    QPushButton,
    QTabBar,
    QTableView,
    QWidget,
)

from timeline_app.core.store import load_store
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.widgets.keys import mnemonic_of, own_letters
from timeline_app.gui.widgets.palettes import focus_colour
from timeline_app.gui.window.main_window import MainWindow

from .helpers import (
    ALT,
    CTRL,
    DEMO_NOW,
    SHIFT,
    WAIT,
    _choose_theme,
    _open_simulation,
    assert_menu_mnemonics_are_own,
    assert_repair_buttons_have_own_mnemonics,
    focused,
    layout_settled,
    open_and_wait,
    press,
    show_active,
)


def inside(widget: QWidget, container: QWidget) -> bool:
    return widget is container or container.isAncestorOf(widget)


def test_tab_leaves_the_table_and_arrows_move_by_cell(qtbot, demo_window: MainWindow) -> None:
    table = demo_window.table
    demo_window.select_source_row(3)
    table.setFocus()
    column = table.currentIndex().column()
    press(qtbot, Qt.Key.Key_Right)
    assert table.currentIndex().column() == column + 1 and focused() is table
    press(qtbot, Qt.Key.Key_Tab)
    assert focused() is not table
    table.setFocus()
    press(qtbot, Qt.Key.Key_Backtab, SHIFT)
    assert focused() is not table


def test_every_pane_has_a_shortcut_that_opens_and_focuses_it(qtbot, demo_window: MainWindow) -> None:
    demo_window.side_dock.hide()
    demo_window.table.setFocus()
    press(qtbot, Qt.Key.Key_4, ALT)
    assert demo_window.side_dock.isVisible() and focused() is demo_window.preview_pane.chat_button
    press(qtbot, Qt.Key.Key_Tab)
    press(qtbot, Qt.Key.Key_Tab)  # Chat -> JSON -> Copy: the buttons are in the Tab chain
    assert inside(focused(), demo_window.preview_pane)
    press(qtbot, Qt.Key.Key_3, ALT)
    assert focused() is demo_window.detail.content
    press(qtbot, Qt.Key.Key_1, ALT)
    assert demo_window.discussions_dock.isVisible() and focused() is demo_window.discussions.view
    press(qtbot, Qt.Key.Key_2, ALT)
    assert focused() is demo_window.table
    press(qtbot, Qt.Key.Key_6, ALT)
    assert focused() is demo_window.strip
    press(qtbot, Qt.Key.Key_R, CTRL | SHIFT)  # Repair opens with the focus in it
    assert demo_window.repair_dock.isVisible() and inside(focused(), demo_window.repair_panel)


def test_escape_in_repair_goes_back_to_the_table_and_keeps_the_ticked_proposals(
    qtbot, demo_window: MainWindow
) -> None:
    """Escape in Repair gives the focus back to the table; the dock and the
    proposals the user ticked stay (tryout: Escape on Find proposals hid the
    dock, and opening it again searched anew and dropped the ticks)."""
    show_active(qtbot, demo_window)
    panel = demo_window.repair_panel
    with qtbot.waitSignal(panel.proposalsReady, timeout=10000):
        press(qtbot, Qt.Key.Key_R, CTRL | SHIFT)
    assert demo_window.repair_dock.isVisible() and inside(focused(), demo_window.repair_panel)
    ticked = [p.message_hash for p in panel.model.accepted()]
    assert ticked  # the demo's high proposal is accepted by default
    panel.find_button.setFocus()
    press(qtbot, Qt.Key.Key_Escape)
    assert demo_window.repair_dock.isVisible() and focused() is demo_window.table
    assert [p.message_hash for p in panel.model.accepted()] == ticked
    press(qtbot, Qt.Key.Key_Escape)  # in the table Escape does not touch the dock
    assert demo_window.repair_dock.isVisible()


def test_redo_from_the_keyboard(qtbot, tmp_path: Path, window: MainWindow) -> None:
    for source in (DEMO_TRANSCRIPT, DEMO_TIMESTAMPS):
        shutil.copy(source, tmp_path / source.name)
    window.session.set_pinned_now(DEMO_NOW)
    open_and_wait(qtbot, window, tmp_path / DEMO_TRANSCRIPT.name, tmp_path / DEMO_TIMESTAMPS.name)
    show_active(qtbot, window)
    with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=10000):
        press(qtbot, Qt.Key.Key_R, CTRL | SHIFT)
    window.repair_panel.apply_button.click()
    qtbot.waitUntil(lambda: window.model.row_at(14).status.value == "tracked", timeout=10000)
    window.table.setFocus()
    press(qtbot, Qt.Key.Key_Z, CTRL)
    qtbot.waitUntil(lambda: window.model.row_at(14).status.value == "untracked", timeout=10000)
    # Ctrl+Shift+Z is bound once: pressing it redoes (an ambiguous binding logs a
    # Qt warning, which fails this test, and does nothing)
    press(qtbot, Qt.Key.Key_Z, CTRL | SHIFT)
    qtbot.waitUntil(lambda: window.model.row_at(14).status.value == "tracked", timeout=10000)
    press(qtbot, Qt.Key.Key_Z, CTRL)
    # undone before Ctrl+Y is pressed: else the wait below passes on the row
    # still tracked (tryout: Ctrl+Y did nothing on Linux, this test passed)
    qtbot.waitUntil(lambda: window.model.row_at(14).status.value == "untracked", timeout=10000)
    press(qtbot, Qt.Key.Key_Y, CTRL)  # the other customary Redo key (Windows', and many Linux apps')
    qtbot.waitUntil(lambda: window.model.row_at(14).status.value == "tracked", timeout=10000)


def test_copy_copies_what_has_focus(qtbot, demo_window: MainWindow) -> None:
    clipboard = QGuiApplication.clipboard()
    demo_window.select_source_row(2)
    pane = demo_window.preview_pane
    demo_window.actions_by_name["go_preview"].trigger()
    press(qtbot, Qt.Key.Key_Tab)  # Chat -> JSON
    press(qtbot, Qt.Key.Key_Space)
    assert pane.stack.currentWidget() is pane.json
    pane.json.setFocus()
    press(qtbot, Qt.Key.Key_A, CTRL)
    press(qtbot, Qt.Key.Key_C, CTRL)
    assert clipboard.text() == pane.json_text()  # the JSON, byte for byte, not table rows
    demo_window.actions_by_name["go_details"].trigger()
    press(qtbot, Qt.Key.Key_A, CTRL)
    press(qtbot, Qt.Key.Key_C, CTRL)
    assert clipboard.text() == demo_window.model.row_at(2).content
    demo_window.actions_by_name["go_table"].trigger()
    press(qtbot, Qt.Key.Key_C, CTRL)
    assert clipboard.text().startswith("#\tSpeaker\t")


def test_copy_in_every_list_and_table_copies_its_current_rows(qtbot, demo_window: MainWindow) -> None:
    """Ctrl+C in the Repair proposals did nothing (Qt's own copies the current
    cell, and the Accept cell is a check box), though the README says it
    copies what has the focus (tryout): every list and table of the window
    copies its current row, under its headers."""
    import csv
    import io

    from PySide6.QtWidgets import QAbstractItemView, QHeaderView

    from timeline_app.gui.tables.base import COPY_ROLE

    window = demo_window
    show_active(qtbot, window)
    panel = window.repair_panel
    with qtbot.waitSignal(panel.proposalsReady, timeout=WAIT):
        window.actions_by_name["repair"].trigger()
    window.actions_by_name["go_details"].trigger()
    qtbot.waitUntil(lambda: window.detail.orphans.model().rowCount() > 0, timeout=WAIT)
    table = panel.table
    table.setFocus()
    table.setCurrentIndex(table.model().index(0, 0))  # the Accept column's check box
    clipboard = QGuiApplication.clipboard()
    clipboard.clear()
    press(qtbot, Qt.Key.Key_C, CTRL)
    header, row = list(csv.reader(io.StringIO(clipboard.text()), dialect="excel-tab"))
    assert header[:3] == ["Accept", "#", "Confidence"] and "Why" in header
    proposal = panel.model.proposal_at(0)
    assert row[0] == "yes" and row[header.index("Time to store")] == table.model().index(0, 3).data()
    assert row[header.index("Why")] and row[header.index("Why")] == table.model().index(0, 5).data()
    assert proposal is not None
    discussion = window.session.discussion
    assert discussion is not None  # the message whole, not the first line the table shows
    assert row[header.index("Message")] == discussion.timeline.content(proposal.positions[0])
    views = [
        v
        for v in window.findChildren(QAbstractItemView)
        if v is not window.table and v.model() and not isinstance(v, QHeaderView)
    ]
    copied = []
    for view in views:
        model = view.model()
        if model.rowCount(view.rootIndex()) == 0 or not view.isVisibleTo(window):
            continue
        view.setFocus()
        view.setCurrentIndex(model.index(0, 0, view.rootIndex()))
        clipboard.clear()
        press(qtbot, Qt.Key.Key_C, CTRL)
        # whole values: a cell that shortens its text gives its whole value (``COPY_ROLE``)
        cell = model.index(0, 0, view.rootIndex())
        whole = cell.data(COPY_ROLE)
        first = str(whole if whole is not None else cell.data() or "")
        name = view.objectName() or type(view).__name__
        assert clipboard.text() and first in clipboard.text(), name
        rows = list(csv.reader(io.StringIO(clipboard.text()), dialect="excel-tab"))
        assert not [c for r in rows for c in r if c.endswith("…")], (name, rows)  # nothing cut
        copied.append(view)
    assert table in copied and window.detail.orphans in copied


def test_copied_rows_hold_whole_values(qtbot, window: MainWindow, tmp_files) -> None:
    content = 'first line\nsecond\tline with "quotes"'
    transcript = tmp_files("chat.json", [{"role": "user", "content": content}])
    open_and_wait(qtbot, window, transcript, None)
    show_active(qtbot, window)
    window.select_source_row(0)
    window.table.setFocus()
    press(qtbot, Qt.Key.Key_C, CTRL)
    import csv
    import io

    header, row = list(csv.reader(io.StringIO(QGuiApplication.clipboard().text()), dialect="excel-tab"))
    assert header[-2:] == ["Hash", "Content"]
    assert row[-2] == window.model.row_at(0).hash and len(row[-2]) == 64
    assert row[-1] == content


def test_ctrl_f_reaches_the_filter_at_small_sizes(qtbot, demo_window: MainWindow) -> None:
    demo_window.resize(1024, 700)
    qtbot.waitUntil(lambda: demo_window.width() <= 1024)
    demo_window.table.setFocus()
    demo_window.select_source_row(0)
    press(qtbot, Qt.Key.Key_F, CTRL)
    edit = demo_window.filter_edit
    assert focused() is edit and edit.isVisible()
    assert demo_window.rect().contains(edit.mapTo(demo_window, edit.rect().bottomRight()))
    qtbot.keyClicks(edit, "sintra")
    qtbot.waitUntil(lambda: demo_window.proxy.rowCount() == 1, timeout=3000)
    assert demo_window.filter_bar.shown.text() == "1 of 18 shown"
    # Escape clears the filter, a second one gives the keys back to the table (tryout)
    press(qtbot, Qt.Key.Key_Escape)
    assert edit.text() == "" and focused() is edit
    qtbot.waitUntil(lambda: demo_window.proxy.rowCount() == 18, timeout=3000)
    press(qtbot, Qt.Key.Key_Escape)
    assert focused() is demo_window.table


def test_next_and_previous_shown_row(qtbot, demo_window: MainWindow) -> None:
    demo_window.actions_by_name["find"].trigger()
    press(qtbot, Qt.Key.Key_U, CTRL | ALT)  # only user messages
    assert demo_window.role_buttons["user"].isChecked()
    shown = demo_window.proxy.rowCount()
    assert 0 < shown < 18 and demo_window.filter_bar.shown.text() == f"{shown} of 18 shown"
    rows = [demo_window.proxy.mapToSource(demo_window.proxy.index(r, 0)).row() for r in range(shown)]
    current = []
    for _ in range(shown + 1):
        press(qtbot, Qt.Key.Key_F3)
        current.append(demo_window.proxy.mapToSource(demo_window.table.currentIndex()).row())
    assert current == [*rows, rows[0]]  # wraps round
    press(qtbot, Qt.Key.Key_F3, SHIFT)
    assert demo_window.proxy.mapToSource(demo_window.table.currentIndex()).row() == rows[-1]
    assert all(demo_window.model.row_at(r).role == "user" for r in rows)
    press(qtbot, Qt.Key.Key_U, CTRL | ALT)
    assert demo_window.proxy.rowCount() == 18 and demo_window.filter_bar.shown.text() == "18 rows"


def test_live_clock_has_a_shortcut(qtbot, demo_window: MainWindow) -> None:
    assert demo_window.session.pinned_now is not None
    demo_window.table.setFocus()
    press(qtbot, Qt.Key.Key_L, CTRL | SHIFT)
    assert demo_window.session.pinned_now is None


def test_every_menu_item_has_its_own_mnemonic(demo_window: MainWindow) -> None:
    assert_menu_mnemonics_are_own(demo_window)


DOCKS = ("discussions_dock", "side_dock", "repair_dock", "recordings_dock")


def test_the_docks_toggles_take_a_letter_of_their_own(demo_window: MainWindow) -> None:
    """Tryout: the View menu read "Repair(F)", a Chinese-style letter, though
    other items could take other letters of their own and leave one of
    "Repair" free."""
    for name in DOCKS:
        text = getattr(demo_window, name).toggleViewAction().text()
        assert "(&" not in text and mnemonic_of(text) in text.replace("&", "").lower(), text


def test_own_letters_moves_an_item_to_free_one_for_another() -> None:
    texts = ["&Absolute", "Details", "Repair", "Diet"]
    used = {"a"}
    positions = own_letters(texts, used)
    letters = [texts[n][p].lower() for n, p in positions.items()]
    assert sorted(positions) == [1, 2, 3] and len(set(letters)) == 3 and "a" not in letters


def test_the_repair_panels_buttons_have_a_mnemonic_each(demo_window: MainWindow) -> None:
    assert_repair_buttons_have_own_mnemonics(demo_window)


def test_three_jobs_by_keyboard_only(qtbot, tmp_path: Path, window: MainWindow) -> None:
    """Inspect a message, read and copy the preview, repair and save: no mouse."""
    for source in (DEMO_TRANSCRIPT, DEMO_TIMESTAMPS):
        shutil.copy(source, tmp_path / source.name)
    store_path = tmp_path / DEMO_TIMESTAMPS.name
    window.session.set_pinned_now(DEMO_NOW)
    open_and_wait(qtbot, window, tmp_path / DEMO_TRANSCRIPT.name, store_path)
    show_active(qtbot, window)

    # 1. inspect: find a message, move to it, read it in the details
    press(qtbot, Qt.Key.Key_F, CTRL)
    qtbot.keyClicks(focused(), "sintra")
    qtbot.waitUntil(lambda: window.proxy.rowCount() == 1, timeout=3000)
    press(qtbot, Qt.Key.Key_F3)
    row = window.model.row_at(window.proxy.mapToSource(window.table.currentIndex()).row())
    assert "sintra" in row.content.lower()
    press(qtbot, Qt.Key.Key_3, ALT)
    assert focused() is window.detail.content and window.detail.content.toPlainText() == row.content
    press(qtbot, Qt.Key.Key_F, CTRL)
    press(qtbot, Qt.Key.Key_Backspace)  # the text is selected: one key clears it
    qtbot.waitUntil(lambda: window.proxy.rowCount() == 18, timeout=3000)

    # 2. preview: switch to JSON with the keys, copy it
    press(qtbot, Qt.Key.Key_4, ALT)
    press(qtbot, Qt.Key.Key_Tab)
    press(qtbot, Qt.Key.Key_Space)
    assert window.preview_pane.stack.currentWidget() is window.preview_pane.json
    while focused() is not window.preview_pane.copy_button:
        press(qtbot, Qt.Key.Key_Tab)
    with qtbot.waitSignal(window.session.notice, timeout=10000):
        press(qtbot, Qt.Key.Key_Space)
    assert QGuiApplication.clipboard().text() == window.preview_pane.json_text() != ""

    # 3. repair and save
    with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=10000):
        press(qtbot, Qt.Key.Key_5, ALT)
    assert inside(focused(), window.repair_panel)
    while focused() is not window.repair_panel.apply_button:
        press(qtbot, Qt.Key.Key_Tab)
    press(qtbot, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.model.row_at(14).status.value == "tracked", timeout=10000)
    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        press(qtbot, Qt.Key.Key_S, CTRL)
    assert load_store(store_path).get(window.model.row_at(14).hash) is not None
    assert not window.session.is_dirty


def test_hidden_controls_are_visible_in_human_views_and_raw_elsewhere(
    qtbot, window: MainWindow, tmp_files
) -> None:
    content = "evil\u202eexe.txt\u200e\u200f\v\f end"
    transcript = tmp_files("chat.json", [{"role": "user", "content": content}])
    open_and_wait(qtbot, window, transcript, None)
    show_active(qtbot, window)
    window.select_source_row(0)
    shown = "evil⟨U+202E⟩exe.txt⟨U+200E⟩⟨U+200F⟩⟨U+000B⟩⟨U+000C⟩ end"
    cell = window.proxy.index(0, Column.CONTENT)
    assert cell.data() == shown
    assert "evil⟨U+202E⟩exe.txt" in cell.data(Qt.ItemDataRole.ToolTipRole)
    assert window.detail.content.toPlainText() == shown
    assert shown in window.preview_pane.chat.toPlainText()
    # raw views: the JSON view, Copy and the copied rows keep the characters
    pane = window.preview_pane
    assert pane.json.toPlainText() == pane.json_text()
    assert json.dumps(content, ensure_ascii=False)[1:-1] in pane.json_text()
    with qtbot.waitSignal(window.session.notice, timeout=10000):
        pane.copy_button.click()
    assert QGuiApplication.clipboard().text() == pane.json_text()
    window.table.setFocus()
    press(qtbot, Qt.Key.Key_C, CTRL)
    assert QGuiApplication.clipboard().text().split("\n")[1].endswith("\t" + content)


def test_tooltip_of_a_huge_message_is_cut(qtbot, window: MainWindow, tmp_files) -> None:
    transcript = tmp_files("chat.json", [{"role": "user", "content": "y" * 1_000_000}])
    open_and_wait(qtbot, window, transcript, None)
    tip = window.proxy.index(0, Column.CONTENT).data(Qt.ItemDataRole.ToolTipRole)
    assert len(tip) < 1500 and "y…" in tip


def test_export_proposes_discussion_and_style_in_its_folder(qtbot, demo_window: MainWindow) -> None:
    from PySide6.QtWidgets import QFileDialog

    from .helpers import answer_next_dialog

    proposed: list[str] = []

    def answer(dialog) -> None:
        assert isinstance(dialog, QFileDialog)
        proposed.extend(dialog.selectedFiles())
        dialog.reject()

    demo_window.actions_by_name["go_preview"].trigger()
    answer_next_dialog(qtbot, answer)
    demo_window.preview_pane.export_button.click()
    qtbot.waitUntil(lambda: bool(proposed), timeout=5000)
    style = demo_window.session.style.value
    assert demo_window.session.discussion.title == "lisbon-trip"  # the discussion id
    assert Path(proposed[0]) == DEMO_TRANSCRIPT.parent / f"lisbon-trip-{style}-preview.json"


def test_filled_prompt_keeps_its_place_and_copies(qtbot, demo_window: MainWindow) -> None:
    pane = demo_window.preview_pane
    pane.template.setPlainText("\n".join(f"line {n}" for n in range(200)) + "\n{time_context_summary}")
    bar = pane.filled.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)
    kept = bar.value()
    qtbot.keyClicks(pane.template, "x")
    assert bar.value() == kept > 0
    pane.copy_filled_button.click()
    assert QGuiApplication.clipboard().text() == pane.filled.toPlainText()
    assert pane.filled.toPlainText().endswith(demo_window.session.preview.time_context_summary)


def test_a_style_switch_keeps_the_current_row_and_ctrl_home_selects_what_it_shows(
    qtbot, demo_window: MainWindow
) -> None:
    """Tryout: after Ctrl+1/2/3 the keys were to go on from row 13; Ctrl+Home
    moved Details to row 0 while the table's highlight and the strip stayed on 13."""
    window = demo_window
    show_active(qtbot, window)
    table, selection = window.table, window.table.selectionModel()
    window.select_source_row(13)
    table.setFocus()
    for key in (Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_1):
        press(qtbot, key, CTRL)
        assert table.currentIndex().row() == 13
        assert [i.row() for i in selection.selectedRows()] == [13]
    press(qtbot, Qt.Key.Key_Down)
    assert table.currentIndex().row() == 14
    press(qtbot, Qt.Key.Key_Home, CTRL)
    assert table.currentIndex().row() == 0
    assert [i.row() for i in selection.selectedRows()] == [0]
    assert window.strip._selected == {0}


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
    # Details: the message text, then the hash, the message's story in the file's history, the
    # notes when some are out of view (they scroll by keys then) and the orphans
    notes = window.detail._notes_area
    after = [window.detail.history, *([notes] if notes.hides_some else []), window.detail.orphans]
    stops = _tab_through(qtbot, window.detail.content, 1 + len(after))
    assert isinstance(stops[0], QLineEdit) and stops[1:] == after
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
    layout_settled(window)
    last = table.model().rowCount() - 1
    for modifier in (Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.NoModifier):
        qtbot.keyClick(table, key, modifier)
        current = table.currentIndex()
        assert current.row() == (last if key == Qt.Key.Key_End else 0)
        assert current.column() == Column.SPEAKER
        assert table.horizontalScrollBar().value() == 0, "# and Speaker scrolled away"
        table.setCurrentIndex(table.model().index(5, Column.SPEAKER))


def _edge(widget: QWidget, x: int = 0) -> str:
    image = widget.grab().toImage()
    return image.pixelColor(x, image.height() // 2).name()


@pytest.mark.parametrize("theme", ["system", "light", "dark"])
def test_keyboard_focus_is_visible_on_the_table_details_and_orphans(
    qtbot, demo_window: MainWindow, restores_style, theme: str
) -> None:
    window = demo_window
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    window.tabs.setCurrentWidget(window.detail)
    panes = (window.table, window.detail.content, window.detail.orphans)
    _choose_theme(qtbot, window, theme, *panes)
    for pane in panes:
        window.filter_edit.setFocus()
        qtbot.waitUntil(window.filter_edit.hasFocus, timeout=2000)
        unfocused = pane.grab().toImage()
        qtbot.keyClick(window.filter_edit, Qt.Key.Key_Escape)  # nothing typed: the filter stays empty
        pane.setFocus()
        qtbot.waitUntil(pane.hasFocus, timeout=2000)
        frame = focus_colour(pane.palette())
        # two pixels of a colour, not one more grey line beside the frame
        assert _edge(pane, 0) == _edge(pane, 1) == frame.name(), (theme, pane.objectName())
        assert frame.hslSaturation() >= 150
        assert abs(frame.lightness() - pane.palette().color(QPalette.ColorRole.Base).lightness()) >= 80
        assert pane.grab().toImage() != unfocused
        for other in panes:
            if other is not pane:
                assert _edge(other) != focus_colour(other.palette()).name(), "only the focused pane is framed"

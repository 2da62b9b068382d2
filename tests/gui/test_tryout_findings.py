"""Tryout findings, reproduced through the real widgets: each test failed on
the code before its fix (the pin the demo left behind, stale notes after a
close, a bug's message reaching the banner, ...)."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QTableWidget, QToolBar, QWidget

from timeline_app.core.context import Style
from timeline_app.core.hashing import content_hash
from timeline_app.core.timestrings import format_absolute
from timeline_app.core.zones import get_zone, now_in
from timeline_app.gui.launch import open_demo
from timeline_app.gui.menus.help import on_pc_keyboard
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.widgets.palettes import focus_colour
from timeline_app.gui.window.main_window import MainWindow

from .conftest import DEMO_NOW, open_and_wait
from .test_keyboard import show_active

CTRL = Qt.KeyboardModifier.ControlModifier
WAIT = 20000


def _open_demo(qtbot, window: MainWindow) -> None:
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        open_demo(window.session)


def _own_chat(tmp_path: Path, window: MainWindow, ago: timedelta) -> tuple[Path, Path]:
    """A chat of one's own: two messages stored ``ago`` before the live clock."""
    zone = get_zone(window.session.options.wilmer_zone)
    when = now_in(zone).replace(microsecond=0, tzinfo=None) - ago
    messages = [{"role": "user", "content": "my own question"}, {"role": "assistant", "content": "my answer"}]
    transcript, store = tmp_path / "mine.json", tmp_path / "timestamps.json"
    transcript.write_text(json.dumps(messages))
    store.write_text(json.dumps({content_hash(m["content"]): format_absolute(when) for m in messages}))
    return transcript, store


def _close_by_keys(qtbot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.session.closed, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_W, CTRL)


def test_the_demo_pin_goes_with_the_demo_and_ones_own_file_is_seen_live(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    _open_demo(qtbot, window)
    show_active(qtbot, window)
    assert window.now_button.text() == f"Now: pinned {DEMO_NOW:%Y-%m-%d %H:%M:%S}"
    with qtbot.waitSignal(window.session.previewChanged, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_2, CTRL)  # relative
    _close_by_keys(qtbot, window)
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=3, seconds=5))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    assert window.session.pinned_now is None
    assert window.actions_by_name["live_now"].isChecked()
    assert window.now_button.text().startswith("Now: ● live ")
    assert window.table.model().index(0, Column.TIME).data() == "[Sent 3 hours ago]"


def test_ones_own_pin_stays_when_another_pair_opens(qtbot, window: MainWindow, tmp_path: Path) -> None:
    _open_demo(qtbot, window)
    show_active(qtbot, window)
    mine = DEMO_NOW + timedelta(days=1, minutes=4)
    with qtbot.waitSignal(window.session.changed, timeout=WAIT):
        window.session.set_pinned_now(mine)  # what Pin Now's dialog does
    _close_by_keys(qtbot, window)
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=3))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    assert window.session.pinned_now == mine
    assert not window.actions_by_name["live_now"].isChecked()
    assert window.now_button.text() == f"Now: pinned {mine:%Y-%m-%d %H:%M:%S}"


def test_the_close_leaves_no_notes_of_the_closed_file_in_the_details(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """The loading notes are the discussion's, not a message's: a wrapped line
    of their own in the details, gone with the discussion. In the message's
    placeholder their second line was clipped, and after Ctrl+W it stayed
    painted (a new placeholder repaints only the first line)."""
    _open_demo(qtbot, window)
    show_active(qtbot, window)
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)  # to the details
    content, notes = window.detail.content, window.detail.notes
    assert QApplication.focusWidget() is content
    assert content.placeholderText() == "Select a message to see it in full."
    assert notes.isVisible()
    assert notes.text() == "Noted while reading the files: client API detected: openai"
    assert notes.textFormat() == Qt.TextFormat.PlainText and notes.wordWrap()
    assert notes.height() >= notes.heightForWidth(notes.width())  # every line of it shown
    _close_by_keys(qtbot, window)
    assert content.placeholderText() == "Select a message to see it in full."
    assert notes.isHidden() and notes.text() == ""
    fresh = MainWindow(window.settings)
    qtbot.addWidget(fresh)
    assert fresh.detail.content.placeholderText() == content.placeholderText()
    assert fresh.detail.notes.isHidden()


def test_a_transcript_named_after_its_file_is_named_once_in_the_title(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    transcript = tmp_path / "huge.json"
    transcript.write_text(json.dumps([{"role": "user", "content": "hello"}]))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript])
    folder = tmp_path.name  # the folder tells two discussions' same-named files apart
    assert window.windowTitle() == f"{folder}/huge.json — Timeline Inspector"
    _own = _own_chat(tmp_path, window, timedelta(hours=1))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any(list(_own))
    assert window.windowTitle() == f"{folder}/mine.json + timestamps.json — Timeline Inspector"
    assert window.files_label.text() == f"{folder}/mine.json + timestamps.json"
    _open_demo(qtbot, window)  # a discussion id is a name of its own: the files follow it
    assert window.windowTitle() == "lisbon-trip (demo/chat.json + timestamps.json) — Timeline Inspector"


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


def test_a_bug_in_a_worker_reaches_the_banner_in_one_line(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    def broken(*_args, **_kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("timeline_app.gui.session.open_discussion", broken)
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=1))
    window.show()
    with qtbot.waitSignal(window.session.failed, timeout=WAIT) as failed:
        window.opener.open_any([transcript, store])
    said = failed.args[0]
    assert said == "unexpected error: RuntimeError('boom')"
    assert window.banner.text() == said  # nothing was shown before: nothing "still shown" either
    assert "Traceback" not in window.banner.text()


@pytest.fixture
def restores_style(qapp):
    style, palette = qapp.style().name(), qapp.palette()
    yield qapp
    qapp.setStyle(style)
    qapp.setPalette(palette)


def _choose_theme(qtbot, window: MainWindow, theme: str, *widgets: QWidget) -> None:
    """View > Theme > ``theme``, and wait until ``widgets`` have the new palette."""
    window.theme_actions[theme].trigger()
    wanted = QApplication.palette()

    def arrived() -> bool:
        roles = (QPalette.ColorRole.Window, QPalette.ColorRole.Highlight)
        groups = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Disabled)
        return all(
            w.palette().color(g, r) == wanted.color(g, r) for w in widgets for g in groups for r in roles
        )

    qtbot.waitUntil(arrived, timeout=5000)


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


def _text_colours(button: QPushButton) -> set[str]:
    """The colours that differ most from the button's face: its text."""
    image = button.grab().toImage()
    face = image.pixelColor(image.width() // 2, 2)
    colours = [
        image.pixelColor(x, y)
        for x in range(image.width())
        for y in range(image.height() // 3, 2 * image.height() // 3)
    ]
    far = max(abs(c.lightness() - face.lightness()) for c in colours)
    return {c.name() for c in colours if abs(c.lightness() - face.lightness()) >= far - 8}


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_disabled_button_looks_disabled(qtbot, demo_window: MainWindow, restores_style, theme: str) -> None:
    window = demo_window
    window.repair_dock.toggleViewAction().trigger()  # View > Repair: shown, nothing looked for yet
    apply = window.repair_panel.apply_button
    qtbot.waitUntil(apply.isVisible, timeout=WAIT)
    _choose_theme(qtbot, window, theme, apply)
    assert not apply.isEnabled()  # nothing accepted yet
    palette = apply.palette()
    disabled = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText)
    enabled = palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.ButtonText)
    assert abs(disabled.lightness() - enabled.lightness()) > 60
    shown_disabled = _text_colours(apply)
    twin = QPushButton(apply.text())  # made after the theme: the palette is the app's
    qtbot.addWidget(twin)
    twin.resize(apply.size())
    shown_enabled = _text_colours(twin)
    assert not shown_disabled & shown_enabled, (shown_disabled, shown_enabled)


def test_the_preview_says_which_stored_times_the_summary_is_measured_from(
    qtbot, demo_window: MainWindow
) -> None:
    """The demo's summary in CST says "8 hours, 8 minutes ago" while its last
    message is a minute old: the middleware measures over every stored time,
    and the latest is an orphan's (23:58, no message has it). Not a bug (spec
    and the orphans_untouched vector): the pane says so."""
    window = demo_window
    window.actions_by_name["go_preview"].trigger()
    pane = window.preview_pane
    with qtbot.waitSignal(window.session.previewChanged, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_3, CTRL)
    assert pane.summary.text().endswith("The most recent message was sent 8 hours, 8 minutes ago.]")
    source = pane.findChild(QLabel, "previewSummarySource")
    assert source.isVisible() and source.textFormat() is Qt.TextFormat.PlainText
    assert source.text() == (
        "Measured from the timestamp file as it is (the CST style runs no WilmerAI tracking), over every "
        "stored time but the placeholder, orphans too: earliest #1 (2025-09-12 18:00:00), latest an orphan "
        "entry 8329fc3aaa64… that no message has (2025-09-20 23:58:00)."
    )
    with qtbot.waitSignal(window.session.previewChanged, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_2, CTRL)
    assert pane.summary.text().endswith("The most recent message was sent less than a minute ago.]")
    assert source.text() == (
        "Measured after the next request's tracking, over every stored time but the placeholder, orphans "
        "too, as WilmerAI does: earliest #1 (2025-09-12 18:00:00), latest #17, stored by the next request "
        "(2025-09-21 08:06:00)."
    )
    window.session.close()
    assert not source.isVisible()


def test_the_details_say_which_time_the_cst_line_uses_and_why(qtbot, demo_window: MainWindow) -> None:
    """Row 13 reads 2025-09-21T05:50 in CST but (Friday, 2025-09-12 18:05:00)
    in Absolute: Free Anima injects the transcript's own time, exact, so an
    untracked message's CST time carries no ≈ either; the details say so."""
    window = demo_window
    with qtbot.waitSignal(window.session.previewChanged, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_3, CTRL)
    cst = window.detail.findChild(QLabel, "detailCst")
    assert cst.textFormat() is Qt.TextFormat.PlainText
    window.select_source_row(13)
    assert window.table.model().index(13, Column.TIME).data() == "2025-09-21T05:50 周日"
    own = (
        "%s: the transcript's own time, which Free Anima injects (not the timestamp file's): exact, no ≈; "
        "Absolute and Relative show the timestamp file's time"
    )
    assert cst.text() == own % "2025-09-21T05:50 周日"
    assert "time: 2025-09-21T05:50 周日\nok" in [m["content"] for m in window.preview_pane.preview.messages]
    window.select_source_row(15)  # untracked: the same, exact
    shown = window.table.model().index(15, Column.TIME).data()
    assert not shown.startswith("≈") and cst.text() == own % shown
    window.select_source_row(14)
    assert cst.text().startswith("none sent: Free Anima puts the time line on user messages only")
    cst_column = window.table.model().index(14, Column.TIME).data()  # an assistant row, in the CST style
    assert cst_column and cst.text().endswith(f"in that form: {cst_column})")  # the table's time, said


def test_without_own_times_the_cst_line_is_the_files_time(qtbot, window: MainWindow, tmp_path: Path) -> None:
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=2))
    messages = [*json.loads(transcript.read_text()), {"role": "user", "content": "not stored yet"}]
    transcript.write_text(json.dumps(messages))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    window.show()
    cst = window.detail.findChild(QLabel, "detailCst")
    window.select_source_row(0)
    label = window.model.time_string(0, Style.CST)
    assert cst.text() == (
        f"{label}, the timestamp file's time: the transcript records no times of its own, so its naive "
        "time is placed in the middleware's zone"
    )
    window.select_source_row(2)
    assert cst.text().startswith("none yet: the transcript records no times of its own")
    assert window.model.time_string(2, Style.CST).startswith("≈ ")


def _open_simulation(qtbot, window: MainWindow):
    show_active(qtbot, window)
    qtbot.keyClick(window.table, Qt.Key.Key_R, CTRL)
    dialog = window.simulation_dialog
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=WAIT)
    return dialog


def test_the_simulation_time_is_one_tab_stop_and_an_arrow_re_simulates(
    qtbot, demo_window: MainWindow
) -> None:
    dialog = _open_simulation(qtbot, demo_window)
    edit = dialog.now_edit
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus, timeout=2000)
    qtbot.keyClick(edit, Qt.Key.Key_Home)  # the cursor in the year
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert not edit.hasFocus(), "Tab leaves the field, not its next part"
    assert QApplication.focusWidget().text() == "&Simulate at this time"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert edit.hasFocus()
    # the parts by Left/Right; Up changes the part the cursor is in: the minutes
    edit.setCurrentSection(edit.Section.MinuteSection)
    first = dialog.result
    assert first.store.get(content_hash("Perfect, thanks!")) == "(Sunday, 2025-09-21 08:06:00)"
    qtbot.keyClick(edit, Qt.Key.Key_Up)
    assert edit.moment() == DEMO_NOW + timedelta(minutes=1)
    qtbot.waitUntil(lambda: dialog.result is not first, timeout=WAIT)  # by itself: no button pressed
    assert dialog.result.store.get(content_hash("Perfect, thanks!")) == "(Sunday, 2025-09-21 08:07:00)"
    assert "(Sunday, 2025-09-21 08:07:00)" in dialog.diff.toPlainText()
    qtbot.keyClick(edit, Qt.Key.Key_Left)
    qtbot.keyClick(edit, Qt.Key.Key_Left)
    qtbot.keyClick(edit, Qt.Key.Key_Left)
    assert edit.currentSection() is edit.Section.HourSection


def test_the_consequences_keep_their_place_and_the_work_shows_progress(
    qtbot, demo_window: MainWindow
) -> None:
    dialog = _open_simulation(qtbot, demo_window)
    assert len(dialog.summary.text().splitlines()) >= 3  # the demo's consequences
    table_top = dialog.tabs.mapTo(dialog, dialog.tabs.rect().topLeft()).y()
    dialog.placeholder.click()  # re-simulates
    assert dialog.progress.isVisible(), "busy while the worker simulates"
    assert dialog.summary.text() == "Simulating the request at 2025-09-21 08:06:00 …"
    assert dialog.tabs.mapTo(dialog, dialog.tabs.rect().topLeft()).y() == table_top
    qtbot.waitUntil(lambda: not dialog.progress.isVisible(), timeout=WAIT)
    assert len(dialog.summary.text().splitlines()) >= 3
    assert dialog.tabs.mapTo(dialog, dialog.tabs.rect().topLeft()).y() == table_top
    dialog.reject()


def test_a_failed_open_from_the_demo_names_the_broken_file_and_keeps_the_demo(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """The demo's copy, its pin and its files stay until another pair has
    loaded: a broken timestamps.json beside the chat opened is what the banner
    names, and the demo stays shown at its moment (its copy was deleted and
    its pin dropped at once, and the watcher's re-read of the vanished copy
    then reported the demo's chat.json as missing instead)."""
    _open_demo(qtbot, window)
    show_active(qtbot, window)
    demo = window.session.pair
    assert demo.transcript is not None and demo.transcript.exists()
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=1))
    store.write_text(store.read_text().replace('", "', '" "', 1))  # a missing comma between entries
    with qtbot.waitSignal(window.session.failed, timeout=WAIT):
        window.opener.open_any([transcript])
    qtbot.wait(1000)  # longer than the watcher's debounce: a re-read of the demo would show by now
    banner = window.banner.text()
    assert str(store) in banner or store.name in banner, banner
    assert "does not exist" not in banner
    assert window.session.pair == demo
    assert demo.transcript.exists() and demo.store is not None and demo.store.exists()
    assert window.session.pinned_now == DEMO_NOW
    assert window.now_button.text() == f"Now: pinned {DEMO_NOW:%Y-%m-%d %H:%M:%S}"
    assert not window.actions_by_name["live_now"].isChecked()
    assert window.windowTitle() == "lisbon-trip (demo/chat.json + timestamps.json) — Timeline Inspector"
    _close_by_keys(qtbot, window)  # the copy still goes with the demo
    assert not demo.transcript.exists()


def test_the_live_clock_tick_says_nothing_happened_to_the_file(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Each minute the live clock re-simulates the next request; the status
    bar kept saying "file re-simulated HH:MM:SS" for it, as if the file had
    changed: it keeps saying when the file was opened."""
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=2))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    assert window.session.pinned_now is None
    opened = window.counts_label.text()
    assert "file opened " in opened
    with qtbot.waitSignals([window.session.nowChanged, window.session.changed], timeout=WAIT):
        window.session.clock.start(1)  # the minute turns
    assert window.counts_label.text() == opened
    assert "re-simulated" not in window.counts_label.text()


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


def test_a_pin_made_while_another_pair_opens_is_the_one_shown(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Pinning "now" while an open is under way: the pair that loads is shown
    at that moment, and when the open fails the discussion still shown is."""
    _open_demo(qtbot, window)
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=1))
    mine = DEMO_NOW + timedelta(days=2)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "chat.json").write_text(transcript.read_text())
    (broken / "timestamps.json").write_text(store.read_text().replace('", "', '" "', 1))
    with qtbot.waitSignals([window.session.failed, window.session.changed], timeout=WAIT, order="strict"):
        window.opener.open_any([broken / "chat.json"])
        window.session.set_pinned_now(mine)  # what Pin Now's dialog does
    assert window.session.pinned_now == mine
    assert window.session.discussion is not None and window.session.discussion.now == mine
    assert window.session.pair.transcript is not None and window.session.pair.transcript.name == "chat.json"
    later = mine + timedelta(hours=1)
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
        window.session.set_pinned_now(later)
    assert window.session.pair.transcript == transcript
    assert window.session.pinned_now == later and window.session.discussion.now == later
    assert window.now_button.text() == f"Now: pinned {later:%Y-%m-%d %H:%M:%S}"


def test_zoomed_into_a_run_of_seconds_the_axis_still_says_when(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Tryout 5: zoomed in on an untracked stretch (times one second apart, no
    break to label) the axis had no label at all. The time in view is named."""
    transcript = tmp_path / "chat.json"
    messages = [{"role": ("user", "assistant")[i % 2], "content": f"line {i}"} for i in range(400)]
    transcript.write_text(json.dumps(messages))
    open_and_wait(qtbot, window, transcript, None)
    window.show()
    show_active(qtbot, window)
    strip = window.strip
    window.select_source_row(200)
    strip.setFocus()
    for _ in range(12):
        qtbot.keyClick(strip, Qt.Key.Key_Plus)
    qtbot.wait(50)
    image = strip.grab().toImage()
    metrics = strip.fontMetrics()
    base = strip.palette().color(QPalette.ColorRole.Base)
    band = range(strip.height() - metrics.height(), strip.height() - 4)  # inside the focus frame
    inked = [(x, y) for x in range(80, strip.width() - 6) for y in band if image.pixelColor(x, y) != base]
    assert inked, "no time under the zoomed-in strip"

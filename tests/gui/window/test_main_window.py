"""The main window, driven through its real widgets with qtbot."""

from __future__ import annotations

import itertools
import json
import time
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, QSettings, Qt, QTimer, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication
from PySide6.QtWidgets import QApplication

from timeline_app.core.context import Style
from timeline_app.core.hashing import content_hash
from timeline_app.core.preview import build_preview
from timeline_app.entry import main as cli_main
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.session import until_next_minute_ms
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import (
    DEMO_NOW,
    WAIT,
    _open_demo,
    _own_chat,
    open_and_wait,
)


def _source_row_of_current(window: MainWindow) -> int:
    current = window.table.selectionModel().currentIndex()
    return window.proxy.mapToSource(current).row()


def test_demo_loads_with_counts_in_status_bar(demo_window: MainWindow) -> None:
    text = demo_window.counts_label.text()
    assert "12 tracked" in text and "5 untracked" in text and "2 orphans" in text
    assert "placeholder pending" in text
    assert demo_window.model.rowCount() == 18
    assert demo_window.windowTitle().startswith("lisbon-trip")


@pytest.mark.parametrize(("key", "style"), [("2", Style.RELATIVE), ("3", Style.CST), ("1", Style.ABSOLUTE)])
def test_style_shortcuts_switch_table_and_preview(
    qtbot, demo_window: MainWindow, key: str, style: Style
) -> None:
    if style is Style.ABSOLUTE:
        demo_window.session.set_style(Style.RELATIVE)
        qtbot.waitSignal(demo_window.session.previewChanged, timeout=10000).wait()
    with qtbot.waitSignal(demo_window.session.previewChanged, timeout=10000):
        qtbot.keyClick(demo_window, getattr(Qt.Key, f"Key_{key}"), Qt.KeyboardModifier.ControlModifier)
    assert demo_window.style_actions[style].isChecked()
    assert demo_window.model.style is style
    shown = demo_window.table.model().index(8, Column.TIME).data()
    expected = {
        Style.ABSOLUTE: "(Sunday, 2025-09-14 09:12:44)",
        Style.RELATIVE: "[Sent 6 days, 22 hours, 53 minutes ago]",
        Style.CST: "2025-09-14T15:12 周日",
    }[style]
    assert shown == expected
    assert demo_window.preview_pane.preview.style is style


def test_preview_is_byte_identical_to_engine_and_cli(qtbot, demo_window: MainWindow, capsys) -> None:
    for style in (Style.RELATIVE, Style.CST, Style.ABSOLUTE):
        with qtbot.waitSignal(demo_window.session.previewChanged, timeout=10000):
            demo_window.session.set_style(style)
        discussion = demo_window.model.discussion
        engine = build_preview(discussion.transcript, discussion.store, style, DEMO_NOW, discussion.options)
        assert demo_window.preview_pane.json_text() == engine.json_text()
        cli_main(
            [
                "preview",
                str(DEMO_TRANSCRIPT),
                "--timestamps",
                str(DEMO_TIMESTAMPS),
                "--style",
                style.value,
                "--now",
                "2025-09-21 08:06:00",
                "--json",
            ]
        )
        assert capsys.readouterr().out == demo_window.preview_pane.json_text()
        with qtbot.waitSignal(demo_window.session.notice, timeout=10000):
            demo_window.preview_pane.copy_button.click()
        assert QGuiApplication.clipboard().text() == engine.json_text()


def test_injected_prefixes_are_highlighted_as_plain_text(qtbot, demo_window: MainWindow) -> None:
    text = demo_window.preview_pane.chat.toPlainText()
    assert "(Friday, 2025-09-12 18:00:00) We should plan the Lisbon trip." in text
    assert "What about {budget}?" in text  # braces restored


def test_table_selection_moves_the_strip(qtbot, demo_window: MainWindow) -> None:
    table = demo_window.table
    rect = table.visualRect(table.model().index(6, Column.CONTENT))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert _source_row_of_current(demo_window) == 6
    assert demo_window.strip._current == 6
    assert demo_window.detail.heading.text() == "#6 · assistant · tracked"


def test_strip_click_selects_the_table_row(qtbot, demo_window: MainWindow) -> None:
    strip = demo_window.strip
    mark = strip.mark_rect(12)
    assert mark is not None and strip.rect().contains(mark.center().toPoint())
    qtbot.mouseClick(strip, Qt.MouseButton.LeftButton, pos=mark.center().toPoint())
    assert _source_row_of_current(demo_window) == 12
    qtbot.keyClick(strip, Qt.Key.Key_Right)
    assert _source_row_of_current(demo_window) == 13
    qtbot.keyClick(strip, Qt.Key.Key_Home)
    assert _source_row_of_current(demo_window) == 0


def test_strip_zoom_keys_and_wheel(qtbot, demo_window: MainWindow) -> None:
    strip = demo_window.strip
    fitted = strip.zoom
    qtbot.keyClick(strip, Qt.Key.Key_Plus)
    assert strip.zoom == pytest.approx(fitted * 1.5)
    qtbot.keyClick(strip, Qt.Key.Key_0)
    assert strip.zoom == pytest.approx(fitted)
    before = strip.mark_rect(3)
    strip.zoom_by(4.0, anchor_x=before.center().x())
    after = strip.mark_rect(3)
    assert after.center().x() == pytest.approx(before.center().x(), abs=1.0)  # zoom keeps the cursor's point


@pytest.mark.parametrize("row", [1, 17])
def test_zoom_keys_keep_the_current_message_in_view(qtbot, demo_window: MainWindow, row: int) -> None:
    """+ zoomed on the strip's middle: the first or last message, current,
    was pushed out of view after a few presses (tryout)."""
    strip = demo_window.strip
    demo_window.select_source_row(row)
    strip.setFocus()
    for _ in range(10):
        where = strip.mark_rect(row).center().x()
        qtbot.keyClick(strip, Qt.Key.Key_Plus)
        rect = strip.mark_rect(row)
        assert rect.left() > 0 and rect.right() < strip.width(), f"out of view after + at {strip.zoom}"
        assert rect.center().x() == pytest.approx(where, abs=1.0)  # it stays where it was
    for _ in range(12):
        qtbot.keyClick(strip, Qt.Key.Key_Minus)
        rect = strip.mark_rect(row)
        assert rect.left() > 0 and rect.right() < strip.width()


def test_filter_by_text_and_status(qtbot, demo_window: MainWindow) -> None:
    demo_window.actions_by_name["find"].trigger()
    assert demo_window.filter_edit.hasFocus() or QApplication.focusWidget() is demo_window.filter_edit
    qtbot.keyClicks(demo_window.filter_edit, "sintra")
    qtbot.waitUntil(lambda: demo_window.proxy.rowCount() == 1, timeout=3000)
    demo_window.filter_edit.clear()
    qtbot.waitUntil(lambda: demo_window.proxy.rowCount() == 18, timeout=3000)
    demo_window.filter_combo.setCurrentText("Untracked")
    assert demo_window.proxy.rowCount() == 5
    qtbot.mouseClick(demo_window.role_buttons["user"], Qt.MouseButton.LeftButton)
    assert demo_window.proxy.rowCount() == 3


def test_copy_selected_rows(qtbot, demo_window: MainWindow) -> None:
    demo_window.select_source_row(7)
    demo_window.table.setFocus()
    qtbot.keyClick(demo_window.table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    copied = QGuiApplication.clipboard().text()
    header, row = copied.splitlines()
    assert header == "#\tSpeaker\tTime\tGap\tStatus\tHash\tContent"
    assert row.startswith("7\tuser\t(Friday, 2025-09-12 18:05:00)")
    assert row.endswith("\tok")


def test_message_text_is_plain_everywhere(qtbot, window: MainWindow, tmp_files) -> None:
    evil = "<b>bold</b> <img src=x> & <script>"
    transcript = tmp_files("chat.json", [{"role": "user", "content": evil}])
    open_and_wait(qtbot, window, transcript, None)
    window.select_source_row(0)
    assert window.detail.content.toPlainText() == evil
    tooltip = window.model.index(0, Column.CONTENT).data(Qt.ItemDataRole.ToolTipRole)
    assert "&lt;b&gt;bold&lt;/b&gt;" in tooltip and "<b>" not in tooltip
    assert evil in window.preview_pane.chat.toPlainText()


def _drop(window: MainWindow, paths: list[Path]) -> None:
    """What Qt delivers for a drop from a file manager: enter (must be accepted), then drop."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    args = (
        QPointF(20, 20),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    enter = QDragEnterEvent(QPoint(20, 20), *args[1:])
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted(), "the window must accept dragged files"
    assert QApplication.sendEvent(window, QDropEvent(*args))


def test_drag_and_drop_sorts_files_into_slots(qtbot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.session.loaded, timeout=20000):
        _drop(window, [DEMO_TIMESTAMPS, DEMO_TRANSCRIPT])
    assert window.session.pair.transcript == DEMO_TRANSCRIPT
    assert window.session.pair.store == DEMO_TIMESTAMPS


def test_settings_round_trip(qtbot, make_window, settings_path: Path, tmp_path: Path) -> None:
    first = make_window()
    open_and_wait(qtbot, first, DEMO_TRANSCRIPT, DEMO_TIMESTAMPS)
    with qtbot.waitSignal(first.session.previewChanged, timeout=10000):
        first.session.set_style(Style.CST)
    first.discussions_dock.hide()
    with qtbot.waitSignal(first.session.loaded, timeout=10000):
        first.session.set_choices(replace(first.session.choices, cst_zone="Europe/Berlin"))
    first.show()
    first.resize(780, 555)  # within the offscreen screen (800 x 600), which restoreGeometry clamps to
    first.close()
    settings = QSettings(str(settings_path), QSettings.Format.IniFormat)
    assert settings.value("view/style") == "cst"
    second = make_window()
    assert second.model.style is Style.CST and second.style_actions[Style.CST].isChecked()
    assert second.session.options.cst.zone == "Europe/Berlin"
    assert (second.width(), second.height()) == (780, 555)
    assert not second.discussions_dock.isVisibleTo(second)
    recent = [a.text() for a in second.recent_menu.actions()]
    assert recent == ["&1 demo/chat.json + demo/timestamps.json"]  # the folder tells pairs apart


def test_file_changed_on_disk_reloads_and_keeps_selection(qtbot, window: MainWindow, tmp_path: Path) -> None:
    transcript = tmp_path / "chat.json"
    transcript.write_text(json.dumps([{"role": "user", "content": f"m{i}"} for i in range(6)]))
    store = tmp_path / "timestamps.json"
    store.write_text(json.dumps({content_hash("m0"): "(Sunday, 2025-09-21 10:00:00)"}, indent=4))
    open_and_wait(qtbot, window, transcript, store)
    window.select_source_row(4)
    assert window.model.row_at(4).status.value == "untracked"
    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        store.write_text(
            json.dumps({content_hash(f"m{i}"): "(Sunday, 2025-09-21 10:00:00)" for i in range(6)}, indent=4)
        )
    assert window.model.row_at(4).status.value == "tracked"
    assert _source_row_of_current(window) == 4
    assert "changed on disk" in window.counts_label.text()


def test_bad_file_shows_a_clear_message_not_a_traceback(qtbot, window: MainWindow, tmp_path: Path) -> None:
    bad = tmp_path / "timestamps.json"
    bad.write_bytes(b"\x00\x01garbage")
    with qtbot.waitSignal(window.session.failed, timeout=10000) as failed:
        window.session.open(None, bad, beside=False)
    assert str(bad) in failed.args[0]
    assert window.banner.isVisibleTo(window) and "not valid JSON at line 1" in window.banner.text()
    assert "Traceback" not in window.banner.text()


@pytest.mark.alone  # stall bounds in wall-clock time
def test_large_file_loads_without_blocking_the_event_loop(qtbot, window: MainWindow, tmp_path: Path) -> None:
    count = 100_000
    transcript = tmp_path / "big.jsonl"
    with transcript.open("w") as stream:
        for i in range(count):
            stream.write(
                json.dumps({"role": "user" if i % 2 else "assistant", "content": f"message {i}"}) + "\n"
            )
    store = tmp_path / "timestamps.json"
    store.write_text(
        json.dumps(
            {content_hash(f"message {i}"): "(Sunday, 2025-09-21 10:00:00)" for i in range(0, count, 2)},
            indent=4,
        )
    )
    ticks: list[float] = []
    timer = QTimer(interval=10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start()
    started = time.perf_counter()
    with qtbot.waitSignal(window.session.loaded, timeout=60000):
        window.session.open(transcript, store, beside=False)
        assert time.perf_counter() - started < 0.2, "opening must return at once"
    timer.stop()
    assert window.model.rowCount() == count
    first, last = window.strip.mark_rect(0), window.strip.mark_rect(count - 1)
    assert first is not None and last is not None
    assert 0 <= first.left() < last.right() <= window.strip.width(), "fit shows the whole history"
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    assert len(ticks) > 10, "the event loop must keep running while loading"
    assert max(gaps) < 1.0, f"event loop stalled for {max(gaps):.2f} s"
    # filtering, sorting and switching style at this size keep the loop running too
    ticks.clear()
    timer.start()
    with qtbot.waitSignal(window.session.previewChanged, timeout=60000):
        window.session.set_style(Style.RELATIVE)
    window.proxy.set_text("message 9")
    window.table.sortByColumn(Column.TIME, Qt.SortOrder.DescendingOrder)
    # the filter applied (it may wait for the typing to stop) within the measured time
    qtbot.waitUntil(lambda: window.proxy.rowCount() == 11111, timeout=20000)
    applied = time.perf_counter()
    qtbot.waitUntil(lambda: bool(ticks) and ticks[-1] > applied, timeout=5000)  # a tick after: a stall shows
    timer.stop()
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    assert max(gaps) < 1.0, f"event loop stalled for {max(gaps):.2f} s"


def test_cancel_drops_the_running_load(qtbot, window: MainWindow, tmp_path: Path) -> None:
    transcript = tmp_path / "big.jsonl"
    transcript.write_text(
        "".join(json.dumps({"role": "user", "content": f"x{i}"}) + "\n" for i in range(50000))
    )
    window.session.open(transcript, None, beside=False)
    assert window.cancel_button.isVisibleTo(window)
    qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    window.session.jobs.wait()
    QApplication.processEvents()
    assert window.model.discussion is None
    assert not window.cancel_button.isVisibleTo(window)


def test_pinned_now_drives_relative_times(qtbot, demo_window: MainWindow) -> None:
    with qtbot.waitSignal(demo_window.session.previewChanged, timeout=10000):
        demo_window.session.set_style(Style.RELATIVE)
    with qtbot.waitSignals([demo_window.session.changed, demo_window.session.previewChanged], timeout=10000):
        demo_window.session.set_pinned_now(DEMO_NOW.replace(day=22))
    assert demo_window.table.model().index(8, Column.TIME).data() == "[Sent 7 days, 22 hours, 53 minutes ago]"
    assert "pinned 2025-09-22" in demo_window.now_button.text()


def test_live_clock_updates_times_without_losing_selection_or_scroll(
    qtbot, window: MainWindow, tmp_path
) -> None:
    transcript = tmp_path / "chat.json"
    transcript.write_text(json.dumps([{"role": "user", "content": f"m{i}"} for i in range(300)]))
    store = tmp_path / "timestamps.json"
    store.write_text(json.dumps({content_hash(f"m{i}"): "(Sunday, 2025-09-21 10:00:00)" for i in range(300)}))
    open_and_wait(qtbot, window, transcript, store)
    window.show()
    with qtbot.waitSignal(window.session.previewChanged, timeout=10000):
        window.session.set_style(Style.RELATIVE)
    window.select_source_row(250)
    scroll = window.table.verticalScrollBar().value()
    assert scroll > 0
    columns: list[tuple[int, int]] = []
    window.model.dataChanged.connect(
        lambda top, bottom, roles: columns.append((top.column(), bottom.column()))
    )
    window.session.clock.setInterval(50)
    qtbot.waitUntil(lambda: bool(columns), timeout=5000)
    assert set(columns) == {(Column.TIME, Column.TIME)}
    assert _source_row_of_current(window) == 250
    assert window.table.verticalScrollBar().value() == scroll
    assert window.table.model().index(250, Column.TIME).data().startswith("[Sent ")


def test_the_live_clock_ticks_just_after_each_minute_turns(window: MainWindow) -> None:
    """Relative times and the Now button change when the minute does, not up
    to a minute later (a plain 60 s timer started at any second)."""
    assert until_next_minute_ms(datetime(2025, 9, 21, 8, 6, 59, 950_000)) == 150
    assert until_next_minute_ms(datetime(2025, 9, 21, 8, 6, 0)) == 60_100
    expected = until_next_minute_ms(datetime.now())
    remaining = window.session.clock.remainingTime()
    off = (remaining - expected) % 60_000
    assert 0 < remaining <= 60_100 and min(off, 60_000 - off) < 3000, (remaining, expected)


def test_export_writes_the_cli_bytes_and_reports_failures(qtbot, demo_window: MainWindow, tmp_path) -> None:
    pane, target = demo_window.preview_pane, tmp_path / "preview.json"
    with qtbot.waitSignal(pane.exported, timeout=10000) as written:
        pane.export_to(target)
    assert written.args == [str(target)]
    assert target.read_text("utf-8") == pane.json_text()
    assert demo_window.counts_bar.notice.text() == f"Exported the preview to {target}"
    pane.export_to(tmp_path / "missing" / "x.json")
    qtbot.waitUntil(lambda: "Copy or export failed" in pane.summary.text(), timeout=10000)
    assert "x.json" in pane.summary.text()
    assert not (tmp_path / "missing").exists()


def test_copy_json_runs_on_a_worker_and_says_it_copied(qtbot, demo_window: MainWindow) -> None:
    pane, session = demo_window.preview_pane, demo_window.session
    QGuiApplication.clipboard().setText("before")
    with qtbot.waitSignal(session.jobs.busyChanged, timeout=10000) as started:
        pane.copy_button.click()
    assert started.args == [True]  # handed to a job: the click returned before the copy
    with qtbot.waitSignal(session.notice, timeout=10000) as said:
        pass
    assert QGuiApplication.clipboard().text() == pane.json_text()
    count = len(session.preview.messages)
    assert said.args == [f"Copied the preview's JSON ({count} message(s))"]
    assert demo_window.counts_bar.notice.text() == said.args[0]


def test_header_click_sorts_by_real_time_and_keeps_the_selection(qtbot, demo_window: MainWindow) -> None:
    demo_window.select_source_row(8)
    header = demo_window.table.horizontalHeader()
    x = header.sectionViewportPosition(Column.TIME) + 5
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    proxy = demo_window.proxy
    times = [
        demo_window.model.row_at(proxy.mapToSource(proxy.index(r, 0)).row()).time
        for r in range(proxy.rowCount())
    ]
    known = [t for t in times if t is not None]
    assert known == sorted(known) or known == sorted(known, reverse=True)
    assert _source_row_of_current(demo_window) == 8
    demo_window.filter_combo.setCurrentText("Untracked")
    assert not demo_window.table.selectionModel().currentIndex().isValid()  # row 8 is filtered out
    demo_window.filter_combo.setCurrentText("All messages")
    assert proxy.rowCount() == 18


def test_no_shortcut_is_bound_twice(window: MainWindow) -> None:
    """Qt calls a shortcut bound twice ambiguous and does nothing (Redo was)."""
    from PySide6.QtGui import QAction

    seen: dict[str, str] = {}
    for action in window.findChildren(QAction):
        for sequence in action.shortcuts():
            key = sequence.toString()
            assert key not in seen, f"{key} is bound to {seen[key]!r} and {action.text()!r}"
            seen[key] = action.text()
    assert {"Ctrl+Shift+Z", "Ctrl+Y", "Ctrl+Z", "Ctrl+S", "Ctrl+1", "Ctrl+Shift+R"} <= seen.keys()


def _simulate_the_demo(qtbot, window: MainWindow):
    """The window shown on the demo, and its simulate dialog opened by Ctrl+R."""
    window.show()
    qtbot.waitExposed(window)
    open_and_wait(qtbot, window, DEMO_TRANSCRIPT, DEMO_TIMESTAMPS)
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    return window.simulation_dialog


def test_first_start_and_the_simulate_dialog_fit_the_screen(qtbot, make_window) -> None:
    """With no saved geometry the window's preferred 1400x820 is shrunk to
    the screen it opens on (the offscreen one is 800 x 800; never below the
    window's own minimum), and so is the simulate dialog's 1100x700: nothing
    runs off a small laptop screen."""
    window = make_window()
    room = window.screen().availableGeometry().size()
    assert window.width() <= room.width() and window.height() <= room.height()
    dialog = _simulate_the_demo(qtbot, window)
    qtbot.waitUntil(lambda: dialog.isVisible(), timeout=10000)
    space = window.screen().availableGeometry().size().expandedTo(dialog.minimumSizeHint())
    assert dialog.width() <= space.width() and dialog.height() <= space.height()
    dialog.reject()


def test_the_simulate_dialogs_content_column_is_in_view(qtbot, make_window) -> None:
    """The dialog fits beside a 1024 px screen's edges (its top row asked for
    1127 px in one line: it wraps now), and the columns before Content are as
    wide as their texts, so the message itself is read without scrolling
    sideways (fixed 260 px and 220 px widths left it a sliver)."""
    from timeline_app.gui.tables.simulation import SimColumn

    window = make_window()
    dialog = _simulate_the_demo(qtbot, window)
    qtbot.waitUntil(lambda: dialog.isVisible() and dialog.model.rowCount() > 0, timeout=10000)
    assert dialog.minimumSizeHint().width() <= 960
    dialog.resize(960, 650)  # on a 1024 px screen
    qtbot.waitUntil(lambda: dialog.width() == 960)
    table = dialog.table
    left = table.columnViewportPosition(SimColumn.CONTENT)
    assert left >= 0 and left + 20 * table.fontMetrics().averageCharWidth() <= table.viewport().width()
    dialog.reject()


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

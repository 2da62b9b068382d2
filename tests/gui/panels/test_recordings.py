"""The Recordings dock through its real widgets: a recorder's folder followed
live, a recorded request opened in the session joined with the timestamp
file as it was, and predicted vs actual with the differences marked."""

from __future__ import annotations

import itertools
import re
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from conftest import load_vectors
from history_helpers import sha
from PySide6.QtCore import QModelIndex, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QFileDialog, QPlainTextEdit, QWidget
from record_helpers import append_broken, chat_call, record_exchange, record_offset_talk, wire_time

from timeline_app.core.compare import MessageDiff
from timeline_app.core.crypto import FileKey
from timeline_app.core.recordings import REQUESTS_FILE, RecordedResponse, read_records
from timeline_app.core.store import TimestampStore
from timeline_app.core.words import Cut, Said
from timeline_app.gui.panels import recordings as recordings_panel
from timeline_app.gui.panels.comparison import DIFF_COLOUR, PANE_LINES, first_difference, visible
from timeline_app.gui.settings import read_recordings
from timeline_app.gui.tables.base import header_text_width
from timeline_app.gui.tables.column_widths import MIN_ROWS
from timeline_app.gui.tables.recordings import RecordingsModel
from timeline_app.gui.window.main_window import MainWindow
from timeline_app.record.journal import Journal

from ..helpers import WAIT, answer_next_dialog, give_key, jobs_idle, layout_settled
from ..ui_texts import plain

VECTOR = next(v for v in load_vectors("wilmer") if v["name"] == "partially_tracked_new_tail")
EXPECTED = VECTOR["expected"]["context_absolute"]


@pytest.fixture
def utc_window(window: MainWindow) -> MainWindow:
    """The middleware's clock in UTC, as the recorded times are."""
    window.session.set_choices(replace(window.session.choices, wilmer_zone="UTC"))
    return window


def _requests(model: RecordingsModel, discussion: str) -> list[str]:
    """The received times listed under one discussion."""
    for row in range(model.rowCount()):
        parent = model.index(row, 0)
        if parent.data() == discussion:
            return [model.index(r, 0, parent).data() for r in range(model.rowCount(parent))]
    return []


def _pick(qtbot, window: MainWindow, request_id: str) -> QModelIndex:
    """Select a request in the tree with the keyboard, as a person would."""
    view = window.recordings.view
    index = window.recordings.model.index_of(request_id)
    assert index.isValid()
    view.setFocus()
    view.setCurrentIndex(index)
    return index


def _highlighted(pane: QPlainTextEdit) -> str:
    """The text drawn with the difference background, in document order."""
    out = []
    block = pane.document().begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            if fragment.charFormat().background().color() == DIFF_COLOUR:
                out.append(fragment.text())
            iterator += 1
        block = block.next()
    return "".join(out)


def test_records_appended_while_the_dock_watches_appear_without_a_reload(
    qtbot, qtmodeltester, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    reads = []  # (file, from which byte) of every read the dock makes

    def spy(path, since=None):
        reads.append((Path(path).parent.name, since.end if since else 0))
        return read_records(path, since)

    monkeypatch.setattr(recordings_panel, "read_records", spy)
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, None, client_at=-10)
    window.show()
    window.open_recordings(out)
    model = window.recordings.model
    qtbot.waitUntil(lambda: len(_requests(model, "talk")) == 1, timeout=WAIT)
    assert window.recordings_dock.isVisible()
    qtmodeltester.check(model)
    resets = []
    model.modelReset.connect(lambda: resets.append(True))

    # the client recorder gets a second request, the model recorder its first call
    record_exchange(out, VECTOR, EXPECTED)
    qtbot.waitUntil(
        lambda: len(_requests(model, "talk")) == 2 and len(_requests(model, "_no-id")) == 1, timeout=WAIT
    )
    qtmodeltester.check(model)
    (first, second) = read_records(out / "talk" / REQUESTS_FILE).requests
    row = model.index_of(first.id)
    assert model.index(row.row(), 1, row.parent()).data() == "client"
    assert model.index(row.row(), 4, row.parent()).data() == ""

    # a response written later changes the row it belongs to
    finished = wire_time(VECTOR, -9)
    Journal(out, "client").response(first.id, "talk", RecordedResponse(finished, 200, True, True, "Hi", 2))
    qtbot.waitUntil(lambda: model.index(row.row(), 4, row.parent()).data() == "200 streamed", timeout=WAIT)
    qtmodeltester.check(model)
    assert resets == []  # followed in place, never read again from the start
    talk = [start for name, start in reads if name == "talk"]
    assert talk and all(start > 0 for start in talk)  # only what was appended was parsed
    assert window.recordings.note.text().startswith("2 discussion(s), 3 request(s)")
    assert model.request_at(model.index_of(second.id)) == second


def test_the_folder_is_chosen_from_the_file_menu_and_kept(
    qtbot, make_window, tmp_path: Path, settings_path: Path, monkeypatch
) -> None:
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, None)
    window = make_window()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *args: str(out))
    window.actions_by_name["open_recordings"].trigger()
    qtbot.waitUntil(lambda: window.recordings.model.rowCount() == 1, timeout=WAIT)
    window.save_settings()
    assert read_recordings(window.settings) == out
    again = make_window()  # the next start follows the same folder
    qtbot.waitUntil(lambda: again.recordings.model.rowCount() == 1, timeout=WAIT)
    assert again.recordings.folder == out


def test_activating_a_client_request_opens_it_joined_with_its_snapshot(
    qtbot, utc_window: MainWindow, tmp_path: Path
) -> None:
    window = utc_window
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, None, client_at=-10)
    # later the file was emptied: the second request's copy says so
    record_exchange(out, {**VECTOR, "input": {**VECTOR["input"], "timestamps": {}}}, None)
    window.show()
    window.open_recordings(out)
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "talk")) == 2, timeout=WAIT)
    first, second = read_records(out / "talk" / REQUESTS_FILE).requests
    arrivals = (datetime(2025, 9, 21, 11, 59, 50), datetime(2025, 9, 21, 11, 59, 59))
    for number, (request, tracked, arrival) in enumerate(
        zip((first, second), (2, 0), arrivals, strict=True), 1
    ):
        _pick(qtbot, window, request.id)
        with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
            qtbot.keyClick(window.recordings.view, Qt.Key.Key_Return)
        session = window.session
        assert session.pair.transcript == out / "talk" / REQUESTS_FILE
        assert session.pair.store == request.snapshot_path()
        assert list(session.discussion.transcript.messages) == VECTOR["input"]["messages"]
        statuses = [r.status.value for r in session.discussion.timeline.rows]
        assert statuses.count("tracked") == tracked
        assert window.model.rowCount() == len(VECTOR["input"]["messages"])
        # the next request is simulated when it arrived, on the middleware's clock
        assert session.pinned_now == session.discussion.now == arrival
        assert window.now_button.text() == f"Now: pinned {arrival:%Y-%m-%d %H:%M:%S} UTC+0"
        # titled with what the user picked, not the 64-hex name of the timestamp copy (issue 31 item 10)
        received = f"{request.received:%Y-%m-%d %H:%M:%S} UTC+0"  # the discussion's clock, named
        assert window.windowTitle().startswith(f"talk · client · {received} · request {number} — ")
        assert request.snapshot_path().stem not in window.windowTitle()
        # and the Details' notes count as the title does, from 1 (tryout: "request 3 of 5" was the 4th)
        notes = plain(window.counts_label.toolTip()).splitlines()
        assert any(n.startswith(f"request {number} of 2: ") for n in notes), notes


def test_a_recording_opened_from_the_command_line_is_pinned_as_from_the_dock(
    qtbot, utc_window: MainWindow, tmp_path: Path
) -> None:
    """A ``requests.jsonl`` given on the command line (``open_any``, what the
    launcher calls with its arguments) is the newest request, shown at its
    arrival as the dock shows it: one code path. Fails with "now" kept live
    (the pin came only with the dock's open)."""
    window = utc_window
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, None, client_at=-10)
    (request,) = read_records(out / "talk" / REQUESTS_FILE).requests
    arrival = datetime(2025, 9, 21, 11, 59, 50)
    window.show()
    with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
        window.open_any([out / "talk" / REQUESTS_FILE])
    session = window.session
    assert session.discussion.transcript.format == "recording"
    assert session.pinned_now == session.discussion.now == arrival
    assert window.now_button.text() == f"Now: pinned {arrival:%Y-%m-%d %H:%M:%S} UTC+0"
    # the next request is simulated at the arrival: its new message is stored then, not today
    assert max(t for t in session.discussion.next_times if t is not None) <= arrival
    # the same request from the dock: the same moment
    window.open_recordings(out)
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "talk")) == 1, timeout=WAIT)
    _pick(qtbot, window, request.id)
    with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
        qtbot.keyClick(window.recordings.view, Qt.Key.Key_Return)
    assert session.pinned_now == session.discussion.now == arrival


def test_the_command_line_previews_a_recorded_request_as_the_window_does(
    qtbot, utc_window: MainWindow, tmp_path: Path, capsys
) -> None:
    """Issue 31 (tryout): ``preview wire/lisbon-trip/requests.jsonl --style
    absolute --json`` said "no timestamp file given; treating it as a new
    discussion" and its bytes differed from the window's Copy JSON, which used
    the copy the recorder kept with the request. Each request, opened from the
    dock and named by ``--chat`` on the command line, gives the same bytes
    from the same copy, and stderr says which file (and for which request)."""
    from conftest import run_cli

    from timeline_app.core.context import Style

    window = utc_window
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, None, client_at=-10)
    # later the file was emptied: the second request's copy says so
    record_exchange(out, {**VECTOR, "input": {**VECTOR["input"], "timestamps": {}}}, None)
    requests = out / "talk" / REQUESTS_FILE
    window.show()
    window.open_recordings(out)
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "talk")) == 2, timeout=WAIT)
    window.session.set_style(Style.ABSOLUTE)
    previews = set()
    for number, request in enumerate(read_records(requests).requests, 1):
        argv = ("preview", str(requests), "--chat", request.id, "--style", "absolute", "--json")
        code, printed, err = run_cli(capsys, *argv)
        assert code == 0, err
        _pick(qtbot, window, request.id)
        with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
            qtbot.keyClick(window.recordings.view, Qt.Key.Key_Return)
        pane = window.preview_pane
        assert window.session.pair.store == request.snapshot_path()
        qtbot.waitUntil(lambda p=pane, t=printed: p.json_text() == t, timeout=WAIT)
        assert printed.encode("utf-8") == pane.json_text().encode("utf-8")  # Copy JSON's bytes
        said = f"timeline-inspector: timestamps: {request.snapshot_path()} (the recorder's copy for request {number})"
        assert said in err.splitlines(), err
        assert "new discussion" not in err
        previews.add(printed)
    assert len(previews) == 2  # the two copies differ: each request read its own
    # a copy gone from the disk: said, then the discussion is new, as it is
    second = read_records(requests).requests[1]
    second.snapshot_path().unlink()
    code, _, err = run_cli(capsys, "preview", str(requests), "--style", "absolute", "--json")
    assert code == 0, err
    assert f"{second.snapshot_path()}: the recorder's copy for request 2 is missing" in err
    assert "treating it as a new discussion" in err


def test_a_request_recorded_on_both_legs_compares_identical(
    qtbot, qtmodeltester, utc_window: MainWindow, tmp_path: Path
) -> None:
    window = utc_window
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, EXPECTED)
    window.show()
    window.open_recordings(out)
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "talk")) == 1, timeout=WAIT)
    (client,) = read_records(out / "talk" / REQUESTS_FILE).requests
    view = window.recordings.comparison
    _pick(qtbot, window, client.id)
    qtbot.waitUntil(lambda: view.comparison is not None, timeout=WAIT)
    # the middleware's clock named: it stood zoneless beside a list on another clock (issue 31)
    assert view.status.text().startswith("identical (absolute, middleware now 2025-09-21 12:00:00 UTC+0,")
    assert view.model.rowCount() == len(EXPECTED)
    qtmodeltester.check(view.model)
    assert _highlighted(view.predicted) == _highlighted(view.actual) == ""
    assert EXPECTED[-1]["content"] in view.actual.toPlainText()


def test_differences_are_counted_and_marked_where_they_are(
    qtbot, qtmodeltester, utc_window: MainWindow, tmp_path: Path
) -> None:
    window = utc_window
    sent = [dict(m) for m in EXPECTED]
    assert "Good morning!" in sent[1]["content"]
    # an emoji (two UTF-16 units) and a CRLF before the changed byte: the marks must not drift
    sent[1]["content"] = sent[1]["content"].replace("Good morning!", "Good 😀 morning\r\n?")
    del sent[3]
    sent.insert(0, {"role": "system", "content": "<b>You are the node's own prompt.</b>"})
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, sent)
    window.show()
    window.open_recordings(out)
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "_no-id")) == 1, timeout=WAIT)
    view = window.recordings.comparison
    # picking the model call compares it with the client request it answered
    (model_call,) = read_records(out / "_no-id" / REQUESTS_FILE).requests
    _pick(qtbot, window, model_call.id)
    qtbot.waitUntil(lambda: view.comparison is not None, timeout=WAIT)
    assert view.status.text().startswith("3 messages differ")
    qtmodeltester.check(view.model)
    rows = [tuple(view.model.index(r, c).data() for c in (0, 1, 3, 4)) for r in range(view.model.rowCount())]
    assert rows[0] == ("—", "#0", "extra", "not predicted") and ("#3", "—", "missing", "not received") in rows
    changed = next(m for m in view.comparison.messages if m.status == "changed")
    assert changed.first_byte == changed.predicted.encode().index(b"Good morning!") + len(b"Good ")
    # the list says where; the line under it quotes the text around it once the row is current
    assert rows[2] == ("#1", "#2", "changed", "character 35")
    whole = "character 35: “…:00) Good morning!” → “…:00) Good 😀 morning↵…”"
    assert plain(view.model.index(2, 4).data(Qt.ItemDataRole.ToolTipRole)) == whole
    # the table starts on the first difference; the changed one scrolls both panes
    assert view.table.currentIndex().row() == 0
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_Down)
    qtbot.keyClick(view.table, Qt.Key.Key_Down)
    assert view.actual.textCursor().position() == view._headers[2][1]
    assert view.difference.text() == f"First difference of #1 user: {whole}"
    # marked as plain text: the markup shows as typed, the marks cover exactly the spans
    assert "<b>You are the node's own prompt.</b>" in view.actual.toPlainText()
    expected = "".join(visible(changed.actual[s.a0 : s.a1]) for s in changed.spans if s.a1 > s.a0)
    assert _highlighted(view.actual) == expected.replace("\n", "")
    assert "😀" in expected and "↵" in expected
    assert "Good 😀 morning↵" in view.actual.toPlainText()


def test_an_encrypted_copy_is_compared_once_the_key_is_given(
    qtbot, utc_window: MainWindow, tmp_path: Path
) -> None:
    window = utc_window
    key = FileKey.derive("sk-secret", "alice")
    root = tmp_path / "root"
    (root / "talk").mkdir(parents=True)
    (root / "talk" / "timestamps.json").write_bytes(
        TimestampStore(VECTOR["input"]["timestamps"], key).file_bytes()
    )
    out = tmp_path / "rec"
    body = {"model": "m", "messages": VECTOR["input"]["messages"]}
    chat_call(Journal(out, "client", root), wire_time(VECTOR, -0.4), body, "talk")
    chat_call(Journal(out, "model"), wire_time(VECTOR, 0.3), {"messages": EXPECTED})
    (client,) = read_records(out / "talk" / REQUESTS_FILE).requests
    assert client.snapshot_path().read_bytes() == (root / "talk" / "timestamps.json").read_bytes()
    window.show()
    window.open_recordings(out)
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "talk")) == 1, timeout=WAIT)
    view = window.recordings.comparison
    _pick(qtbot, window, client.id)
    qtbot.waitUntil(lambda: view.status.text().startswith("not compared:"), timeout=WAIT)
    assert str(client.snapshot_path()) in view.status.text()
    # opening it asks for the key (as any encrypted file does); then it compares
    answer_next_dialog(qtbot, give_key("sk-secret", "alice"))
    with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
        qtbot.keyClick(window.recordings.view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: view.comparison is not None, timeout=WAIT)
    assert view.status.text().startswith("identical")
    assert window.session.pair.store == client.snapshot_path()


UNREADABLE = {  # what append_broken's lines are, after the line's number
    "en": [
        "line {0}: the record has no status",
        "line {1}: a response to no recorded request",
        "line {2}: received is missing",
        "line {3}: unexpected character, expected a string key: line 1 column 2 (char 1)",
        "line {4}: unfinished record (the recorder stopped mid-write)",
    ],
    "zh_CN": [
        "第 {0} 行：记录缺少状态码",
        "第 {1} 行：这条回复找不到对应的已录制请求",
        "第 {2} 行：缺少接收时间",
        "第 {3} 行：不是合法的 JSON，第 1 行第 2 列附近：有意外的字符，这里应为带引号的键名（偏移量 1）",
        "第 {4} 行：记录不完整（录制器写到一半就停止了）",
    ],
}


@pytest.fixture(params=["en", "zh_CN"])
def language(request) -> str:
    """Each test in English and in Chinese (the translation installed)."""
    if request.param == "zh_CN":
        request.getfixturevalue("chinese")
    return request.param


def _discussion(model: RecordingsModel, name: str) -> QModelIndex:
    return next(model.index(r, 0) for r in range(model.rowCount()) if model.index(r, 0).data() == name)


def test_a_discussion_with_many_unreadable_lines_counts_the_rest_in_its_tooltip(
    qtbot, utc_window: MainWindow, tmp_path: Path, language: str
) -> None:
    """Ten skipped lines are named; the tooltip does not grow past the screen with the others."""
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, EXPECTED)
    path = out / "talk" / REQUESTS_FILE
    with path.open("ab") as stream:
        stream.write(b"{not json\n" * 13)
    utc_window.show()
    utc_window.open_recordings(out)
    model = utc_window.recordings.model
    qtbot.waitUntil(lambda: len(_requests(model, "talk")) == 1, timeout=WAIT)
    talk = _discussion(model, "talk")
    assert (
        model.index(talk.row(), 4).data()
        == {"en": "13 unreadable line(s)", "zh_CN": "13 行无法读取"}[language]
    )
    # thirteen lines broken alike, one after the other, are said once (the
    # Chinese tooltip repeated one long sentence ten times)
    tip = plain(model.data(talk, Qt.ItemDataRole.ToolTipRole)).splitlines()
    assert len(tip) == 2, tip
    first = int(tip[1].split("-")[0].split()[-1])
    assert tip[1].startswith(
        {"en": f"lines {first}-{first + 12}: ", "zh_CN": f"第 {first}-{first + 12} 行："}[language]
    )
    assert not model.data(talk, Qt.ItemDataRole.DecorationRole).isNull(), "no mark on the damaged discussion"
    # each count has its own plural (it said "1 discussion, 3 request"); the
    # client's and the model's leg, and no English catalogue in the tests;
    # the skipped lines are said where a keyboard user reads, not only on hover
    note = {
        "en": f"2 discussion(s), 2 request(s) in {out} (following it live) 13 unreadable line(s) "
        "skipped: the marked discussions' tooltips say which.",
        "zh_CN": f"{out} 中有 2 个对话、2 个请求（实时跟踪中） 已跳过 13 行无法读取的内容：带标记的对话的提示中写明是哪几行。",
    }
    qtbot.waitUntil(lambda: utc_window.recordings.note.text() == note[language], timeout=WAIT)


def test_a_discussion_with_many_kinds_of_damage_counts_the_rest_in_its_tooltip(
    qtbot, utc_window: MainWindow, tmp_path: Path
) -> None:
    """Ten runs of skipped lines are named; the tooltip does not grow past the
    screen with the others."""
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, EXPECTED)
    path = out / "talk" / REQUESTS_FILE
    with path.open("ab") as stream:  # broken lines that differ: each its own run
        stream.write(b"".join(b"[" * (n + 1) + b"x\n" for n in range(14)))
    utc_window.show()
    utc_window.open_recordings(out)
    model = utc_window.recordings.model
    qtbot.waitUntil(lambda: len(_requests(model, "talk")) == 1, timeout=WAIT)
    tip = plain(model.data(_discussion(model, "talk"), Qt.ItemDataRole.ToolTipRole)).splitlines()
    assert len(tip) == 1 + 10 + 1, tip
    assert tip[-1] == "… and 4 more unreadable line(s)"


def test_unreadable_lines_and_the_comparison_are_said_in_the_users_language(
    qtbot, qtmodeltester, utc_window: MainWindow, tmp_path: Path, language: str
) -> None:
    """No Python exception text and no English in a Chinese window: each
    skipped line is said by what is wrong with it, in the tree's tooltip."""
    window = utc_window
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, EXPECTED)
    path = out / "talk" / REQUESTS_FILE
    (client,) = read_records(path).requests
    gone = str(Said(Cut.CLIENT_GONE))  # as the recorder writes it
    cut = RecordedResponse(wire_time(VECTOR, 1), 200, True, False, None, 0, error=gone)
    Journal(out, "client").response(client.id, "talk", cut)
    append_broken(path, client.id)
    window.show()
    window.open_recordings(out)
    model = window.recordings.model
    qtbot.waitUntil(lambda: len(_requests(model, "talk")) == 1, timeout=WAIT)
    qtmodeltester.check(model)
    talk = _discussion(model, "talk")
    shown = {"en": "5 unreadable line(s)", "zh_CN": "5 行无法读取"}[language]
    assert model.index(talk.row(), 4).data() == shown
    tip = plain(model.data(talk, Qt.ItemDataRole.ToolTipRole))
    lines = [line.format(*range(3, 8)) for line in UNREADABLE[language]]
    assert tip.splitlines() == [str(path), *lines]
    row = model.index_of(client.id)
    assert model.index(row.row(), 1, talk).data() == {"en": "client", "zh_CN": "客户端"}[language]
    reply = {
        "en": "200 streamed (cut: the client went away)",
        "zh_CN": "200（流式）（中断：客户端已断开连接）",
    }
    assert model.index(row.row(), 4, talk).data() == reply[language]
    where = plain(model.data(row, Qt.ItemDataRole.ToolTipRole)).splitlines()[2]
    assert where == {"en": f"{path} line 1", "zh_CN": f"{path} 第 1 行"}[language]

    # the whole request still compares; its verdict and notes in the same language
    view = window.recordings.comparison
    _pick(qtbot, window, client.id)
    qtbot.waitUntil(lambda: view.comparison is not None, timeout=WAIT)
    status = view.status.text().splitlines()
    source = client.snapshot.source
    expected = {
        "en": ("identical (absolute", f"note: timestamp file as it was: {source}", " client POST "),
        "zh_CN": ("完全一致（绝对时间", f"注：请求到达时的时间戳文件：{source}", " 客户端 POST "),
    }[language]
    assert status[0].startswith(expected[0]), status
    # the middleware's "now" with its clock, in either language (issue 31: "中间件当前时间
    # 2026-12-07 17:37:11" named none beside a list labelled UTC+2)
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\+0\b", status[0]), status
    assert expected[1] in status, status
    # under the verdict, the check of the file after the reply (as ``compare`` prints it), then the request
    after = {"en": "after the reply (default): not checked: ", "zh_CN": "回复之后（默认模式）：未检查："}[
        language
    ]
    assert status[1].startswith(after), status
    assert expected[2] in status[2], status

    # opened as a conversation: the counts' tooltip names the request the same way
    with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
        qtbot.keyClick(window.recordings.view, Qt.Key.Key_Return)
    notes = plain(window.counts_label.toolTip()).splitlines()
    named = {"en": "request 1 of 1: ", "zh_CN": "请求 1（共 1 个）："}[language]
    assert any(n.startswith(named) and expected[2] in n for n in notes), notes


def test_an_unforeseen_error_names_the_record_not_pythons_words(
    qtbot, utc_window: MainWindow, tmp_path: Path, language: str, monkeypatch
) -> None:

    def bug(*args):
        raise KeyError("a bug's own words")

    monkeypatch.setattr(recordings_panel, "compare_pair", bug)
    window = utc_window
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, EXPECTED)
    path = out / "talk" / REQUESTS_FILE
    (client,) = read_records(path).requests
    window.show()
    window.open_recordings(out)
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "talk")) == 1, timeout=WAIT)
    view = window.recordings.comparison
    _pick(qtbot, window, client.id)
    said = {
        "en": f"not compared: {path} line 1: cannot be used: the inspector met an error it did not "
        "foresee (details on stderr)",
        "zh_CN": f"未比较：{path} 第 1 行：无法使用：检查器遇到了意料之外的错误（详情见标准错误输出）",
    }[language]
    qtbot.waitUntil(lambda: view.status.text() == said, timeout=WAIT)
    assert "a bug's own words" not in view.status.toolTip()


def test_a_request_that_cannot_open_is_named_in_the_users_language(
    qtbot, utc_window: MainWindow, tmp_path: Path, language: str
) -> None:
    window = utc_window
    out = tmp_path / "rec"
    chat_call(Journal(out, "client"), wire_time(VECTOR), {"prompt": "Hi"}, "talk", path="/v1/completions")
    path = out / "talk" / REQUESTS_FILE
    (completion,) = read_records(path).requests
    window.show()
    window.open_recordings(out)
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "talk")) == 1, timeout=WAIT)
    _pick(qtbot, window, completion.id)
    with qtbot.waitSignal(window.session.failed, timeout=WAIT):
        qtbot.keyClick(window.recordings.view, Qt.Key.Key_Return)
    said = {
        "en": f"{path} request 1: is a prompt completion (/v1/completions); only chat requests open "
        "as a conversation",
        "zh_CN": f"{path} 中的请求 1：是提示词补全请求（/v1/completions）；只有聊天请求才能作为对话打开",
    }[language]
    assert window.banner.text() == said


SLOW_LISTING_SECONDS = 1.5  # a network share or a folder of thousands of discussions
STALL_BOUND_SECONDS = 0.5


@pytest.mark.alone  # a stall bound in wall-clock time
def test_listing_a_slow_recordings_folder_never_freezes_the_window(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, None, client_at=-10)
    plain_iterdir = Path.iterdir

    def slow_iterdir(self: Path):
        if self == out:
            time.sleep(SLOW_LISTING_SECONDS)
        return plain_iterdir(self)

    monkeypatch.setattr(Path, "iterdir", slow_iterdir)
    window.show()
    window.recordings_dock.panel()  # built on first use (issue 33), not timed: the probe times the listing
    ticks = [time.perf_counter()]  # from the start: the read may end before the first tick
    probe = QTimer(interval=20)
    probe.timeout.connect(lambda: ticks.append(time.perf_counter()))
    probe.start()
    window.open_recordings(out)
    model = window.recordings.model
    # the note says "following it live" once the watch list (made from the listing) is in place
    qtbot.waitUntil(lambda: "following it live" in window.recordings.note.text(), timeout=WAIT)
    qtbot.waitUntil(lambda: len(_requests(model, "talk")) == 1, timeout=WAIT)
    listed = time.perf_counter()
    qtbot.waitUntil(lambda: ticks[-1] > listed, timeout=WAIT)  # a tick after it all: a stall shows as a gap
    probe.stop()
    assert str(out) in window.recordings._watcher.directories()
    longest = max(b - a for a, b in itertools.pairwise(ticks))
    assert longest < STALL_BOUND_SECONDS, f"the GUI thread stalled {longest:.2f} s listing the folder"


def _changed(predicted: str, actual: str) -> MessageDiff:
    first = next(
        (i for i, (a, b) in enumerate(zip(predicted.encode(), actual.encode(), strict=False)) if a != b),
        min(len(predicted.encode()), len(actual.encode())),
    )
    return MessageDiff("changed", 0, 0, "user", predicted, actual, first_byte=first)


def test_the_first_difference_reads_as_the_text_around_it() -> None:
    """ "28 53 75 6e → 5b 44 69 73" (tryout) told nothing of what changed:
    the text around the first difference on each side, quoted, with line
    breaks drawn, "…" where more follows, "(end)" where a side stops; a
    difference inside a character (é, è) is placed at that character."""
    tag = "[DiscussionId]trip[/DiscussionId]"
    said = first_difference(_changed("(Sunday, 2025-09-21 08:06:00) Hello", f"{tag}(Sunday, 2025-09-21)"))
    assert said == "character 0: “(Sunday, 2…” → “[Discussio…”"
    assert (
        first_difference(_changed("Il a mangé.", "Il a mangè."))
        == "character 9: “Il a mangé.” → “Il a mangè.”"
    )
    said = first_difference(_changed("see you\nlater, then", "see you\r\nlater, then"))
    assert said == "character 7: “see you¶later, th…” → “see you↵¶later, t…”"
    assert (
        first_difference(_changed("short", "short and more"))
        == "character 5: “short” (end) → “short and more”"
    )


def test_alt_8_goes_to_the_recordings(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """Every pane but Recordings had an Alt+number key (the View menu named
    keys for the others only): Alt+8 shows the dock, raised over the tabs
    it shares, with the focus in its list."""
    from ..helpers import ALT, focused, press, show_active

    out = tmp_path / "rec"
    record_exchange(out, VECTOR, EXPECTED)
    show_active(qtbot, window)
    window.open_recordings(out)
    window.recordings_dock.hide()
    window.repair_dock.show()
    window.table.setFocus()
    press(qtbot, Qt.Key.Key_8, ALT)
    qtbot.waitUntil(window.recordings_dock.isVisible)
    assert focused() is window.recordings.view
    assert not window.recordings.view.visibleRegion().isEmpty()
    action = window.actions_by_name["go_recordings"]
    assert (
        action.shortcut().toString() == "Alt+8" and action in window.menuBar().actions()[2].menu().actions()
    )


def test_at_1280_px_the_tree_tells_a_client_request_from_its_model_call(
    qtbot, utc_window: MainWindow, tmp_path: Path
) -> None:
    """Issue 31 item 10: at 1280 px the tree showed only cut-off dates, the
    leg off to the right, so both legs' rows read alike. The time of day and
    the leg lead the first column, and they fit the column and the view."""
    window = utc_window
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, [dict(m) for m in EXPECTED])
    window.resize(1280, 800)
    window.show()
    window.open_recordings(out)
    model, view = window.recordings.model, window.recordings.view
    qtbot.waitUntil(
        lambda: len(_requests(model, "talk")) == 1 and len(_requests(model, "_no-id")) == 1, timeout=WAIT
    )
    view.expandAll()
    layout_settled(window)
    (client,) = _requests(model, "talk")
    (call,) = _requests(model, "_no-id")
    assert client.endswith(" · client") and call.endswith(" · model") and client != call
    for name in ("talk", "_no-id"):
        parent = next(model.index(r, 0) for r in range(model.rowCount()) if model.index(r, 0).data() == name)
        index = model.index(0, 0, parent)
        rect = view.visualRect(index)
        text = view.fontMetrics().horizontalAdvance(index.data())
        assert rect.left() + text <= min(rect.right(), view.viewport().width()), f"{index.data()} is cut"


def test_a_pinned_arrival_and_the_history_state_of_the_same_instant_share_one_x(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Issue 31 (tryout): a recording whose transcript's own times show the
    middleware's clock at +05:30 (no zone named). Opening a request pins "now"
    to its arrival; the history state that came with it is the same instant.
    Both are placed through ``on_clock``: the pin read in this machine's zone
    sat hours from the state on the same strip."""
    out = tmp_path / "rec"
    zone = record_offset_talk(out)
    window.show()
    window.open_recordings(out)
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "talk")) == 1, timeout=WAIT)
    (request,) = read_records(out / "talk" / REQUESTS_FILE).requests
    _pick(qtbot, window, request.id)
    with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
        qtbot.keyClick(window.recordings.view, Qt.Key.Key_Return)
    session, strip = window.session, window.strip
    assert session.discussion.clock == (zone, "transcript")
    assert session.pinned_now == session.discussion.now == datetime(2025, 9, 21, 10, 6, 0)
    text, tip = window.now_button.text(), window.now_button.toolTip()
    assert text == "Now: pinned 2025-09-21 10:06:00 UTC+5:30" and "the transcript's clock" in tip
    # the title's arrival is on the same clock, named (tryout: 04:36:00 there, beside 10:06:00)
    assert window.windowTitle().startswith("talk · client · 2025-09-21 10:06:00 UTC+5:30 · request 1")
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
    (state,) = [s for s in session.history.states if s.request is not None and s.request.id == request.id]
    assert state.when == request.received
    layout = strip.strip_layout
    now_x = layout.x_of_time(session.pinned_now)  # the pending message's mark, simulated at the pin
    assert now_x is not None
    assert strip.state_positions()[state.index] == (now_x, 0)


def test_the_tree_gets_the_width_its_columns_need_until_the_splitter_is_moved(
    qtbot, utc_window: MainWindow, tmp_path: Path
) -> None:
    """Issue 31 tryout: at 1920 px the tree kept ~265 px beside a wide
    comparison and its Path column read "Pa". It takes what its columns need
    (up to half the panel); a split the person drags stays theirs."""
    window = utc_window
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, [dict(m) for m in EXPECTED])
    window.resize(1920, 1080)
    window.show()
    window.open_recordings(out)
    view = window.recordings.view
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "talk")) == 1, timeout=WAIT)
    view.expandAll()
    layout_settled(window)
    header = view.header()

    def whole() -> bool:
        last = header.count() - 1
        end = header.sectionViewportPosition(last) + view.sizeHintForColumn(last)
        return end <= view.viewport().width()

    qtbot.waitUntil(whole, timeout=WAIT)
    split = window.recordings._split
    split.moveSplitter(120, 1)  # the person's own, narrow split
    window.resize(1900, 1080)
    layout_settled(window)
    # as narrow as its first header allows (the clock named whole)
    assert split.sizes()[0] <= max(200, split.widget(0).minimumSizeHint().width())


def test_the_list_numbers_the_client_requests_as_history_and_details_do(
    qtbot, utc_window: MainWindow, tmp_path: Path
) -> None:
    """Issue 31 tryout: History, Details ("request 2 of 3") and the command
    line's ``history`` say "request N", from 1; the list showed only
    "05:12:16.267 · client", so no one could tell which request was which.
    Each client request's row starts with its number."""
    window = utc_window
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, None, client_at=-10)
    record_exchange(out, VECTOR, None)
    window.show()
    window.open_recordings(out)
    model = window.recordings.model
    qtbot.waitUntil(lambda: len(_requests(model, "talk")) == 2, timeout=WAIT)
    first, second = _requests(model, "talk")
    assert first.startswith("request 1 · ") and first.endswith(" · client"), first
    assert second.startswith("request 2 · ") and second.endswith(" · client"), second


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_window_says_the_after_the_reply_check_the_command_prints(
    qtbot, request, window: MainWindow, tmp_path: Path, capsys, language: str
) -> None:
    """Tryout: ``compare`` prints, for each client request, the file the
    middleware left after the reply against the predicted one ("after the
    reply (default): 1 entry differs ..." and the entry); the dock said
    nothing of it. It says the same, worded once (``AfterReply``), in the
    window's language, in the status lines shown without a pointer."""
    from conftest import run_cli
    from history_helpers import talk_with_every_kind_of_change

    def by_hand(entries: dict) -> None:
        entries[sha("Hello")] = "2026-02-28 08:00:00"

    folder = talk_with_every_kind_of_change(tmp_path / "talk", by_hand)
    code, printed, err = run_cli(capsys, "compare", str(folder.parent))
    assert code == 0, err
    cli = [
        line.strip() for line in printed.splitlines() if line.startswith("  after the reply") or "…: " in line
    ]
    assert any("1 entry differs" in line for line in cli) and any("not checked" in line for line in cli), cli
    if language != "en":
        request.getfixturevalue("chinese_layout")
    window.show()
    window.open_recordings(folder.parent)
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "talk")) == 5, timeout=WAIT)
    view = window.recordings.comparison
    shown = []
    for client in read_records(folder / REQUESTS_FILE).requests:
        view.comparison = None
        _pick(qtbot, window, client.id)
        qtbot.waitUntil(
            lambda c=client: view.comparison is not None and view.comparison.client.id == c.id, timeout=WAIT
        )
        lines = view.status.text().splitlines()
        check = view.comparison.after_reply
        assert check is not None
        said = [line for line in lines if line.startswith(("after the reply", "回复之后"))]
        assert len(said) == 1, lines
        assert lines.index(said[0]) < 5, lines  # in the lines shown, not only in the tooltip
        shown.append(said[0])
        shown += lines[lines.index(said[0]) + 1 : lines.index(said[0]) + 1 + len(check.entries)]
    if language == "en":
        assert shown == cli
    else:
        assert len(shown) == len(cli) and not any(
            "after the reply" in line or "predicted" in line for line in shown
        )
        assert any("1 个条目不同" in line for line in shown), shown


def test_at_the_smallest_size_the_comparison_and_the_tree_show_rows(
    qtbot, utc_window: MainWindow, tmp_path: Path, language: str
) -> None:
    """Tryout zm1: in the smallest Chinese window with History and Recordings
    open, the comparison showed its header, cut, under the status lines, and
    no row. At the window's least size the tree and the comparison each
    show whole rows (the dock's least height is the panel's own)."""
    window = utc_window
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, [dict(m) for m in EXPECTED])
    window.show()
    window.actions_by_name["go_history"].trigger()
    window.open_recordings(out)
    window.actions_by_name["go_recordings"].trigger()
    model = window.recordings.model
    qtbot.waitUntil(lambda: len(_requests(model, "talk")) == 1, timeout=WAIT)
    (client,) = read_records(out / "talk" / REQUESTS_FILE).requests
    view = window.recordings.comparison
    _pick(qtbot, window, client.id)
    qtbot.waitUntil(lambda: view.comparison is not None, timeout=WAIT)
    window.resize(1, 1)
    layout_settled(window)
    window.resize(1, 1)
    layout_settled(window)
    assert window.size() == window.minimumSize()
    dock = window.recordings_dock
    for table in (view.table, window.recordings.view):  # two whole rows each, inside the dock
        viewport = table.viewport()
        top = viewport.mapTo(dock, viewport.rect().topLeft()).y()
        shown = min(viewport.height(), dock.height() - top)
        height = table.sizeHintForRow(0)
        assert shown >= 2 * height, f"{table.objectName()}: {shown} px shown, two rows need {2 * height}"


def test_a_request_cut_in_a_narrow_dock_keeps_its_number_and_its_leg(
    qtbot, utc_window: MainWindow, tmp_path: Path
) -> None:
    """Smallest window walk: the Leg column is out of view there, and the
    first column, cut at its end, lost the leg it ends with ("request 1 ·
    11:59:5…"), so a client request and a model call read alike. Cut in its
    middle, the number and the leg stay; Ctrl+C copies the whole text."""
    window = utc_window
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, [dict(m) for m in EXPECTED])
    window.show()
    window.open_recordings(out)
    model, view = window.recordings.model, window.recordings.view
    qtbot.waitUntil(lambda: len(_requests(model, "talk")) == 1, timeout=WAIT)
    (whole,) = _requests(model, "talk")
    metrics = view.fontMetrics()
    shown = metrics.elidedText(whole, view.textElideMode(), metrics.horizontalAdvance(whole) * 2 // 3)
    assert shown != whole and shown.startswith("request 1") and shown.endswith("client"), shown
    (client,) = read_records(out / "talk" / REQUESTS_FILE).requests
    _pick(qtbot, window, client.id)
    QGuiApplication.clipboard().clear()
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text().splitlines()[-1].split("\t")[0] == whole


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_comparison_status_shows_whole_lines_in_either_language(
    qtbot, request, window: MainWindow, tmp_path: Path, language: str
) -> None:
    """Smallest window walk: in Chinese the status area (five lines high by
    the widget font's spacing) drew a fifth line cut through the middle: its
    Chinese glyphs come from another font, with other line spacing. The area
    shows whole lines as the label lays them out, five of a longer account."""
    from history_helpers import talk_with_every_kind_of_change

    from timeline_app.gui.panels.comparison import STATUS_LINES
    from timeline_app.gui.widgets.key_scroll import FRAME
    from timeline_app.gui.widgets.text_lines import wrapped_lines

    if language != "en":
        request.getfixturevalue("chinese_layout")
    folder = talk_with_every_kind_of_change(tmp_path / "talk", lambda entries: None)
    window.resize(1024, 700)
    window.show()
    window.open_recordings(folder.parent)
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "talk")) == 5, timeout=WAIT)
    view = window.recordings.comparison
    client = read_records(folder / REQUESTS_FILE).requests[-1]
    _pick(qtbot, window, client.id)
    qtbot.waitUntil(lambda: view.comparison is not None, timeout=WAIT)
    layout_settled(window)
    label, area = view.status, view.status_area
    lines = wrapped_lines(label.text(), label.font(), label.contentsRect().width())
    assert len(lines) > STATUS_LINES, [line.text for line in lines]  # an account that scrolls
    # the lines measured are the label's own: together they are its height
    assert label.heightForWidth(label.width()) == round(sum(line.height for line in lines))
    shown = area.viewport().height()
    whole = [round(sum(line.height for line in lines[:n])) for n in range(1, len(lines) + 1)]
    assert shown in whole, f"{shown} px shown: whole lines end at {whole}"
    assert shown == whole[STATUS_LINES - 1] or area.height() < area.maximumHeight()
    assert area.maximumHeight() == whole[STATUS_LINES - 1] + 2 * FRAME
    window.resize(1, 1)  # the area given a height between its least and its most
    layout_settled(window)
    shown = area.viewport().height()
    assert shown in whole, f"smallest window: {shown} px shown: whole lines end at {whole}"


def _first_request(model: RecordingsModel) -> tuple[str, datetime]:
    """The first listed request's text and its recorded (aware) arrival."""
    parent = model.index(0, 0)
    index = model.index(0, 0, parent)
    request = model.request_at(index)
    assert request is not None
    return index.data(), request.received


def _listed(model: RecordingsModel) -> dict[str, list[str]]:
    """Every discussion's rows as the tree says them."""
    out = {}
    for row in range(model.rowCount()):
        parent = model.index(row, 0)
        out[parent.data()] = [model.index(r, 0, parent).data() for r in range(model.rowCount(parent))]
    return out


@pytest.mark.parametrize("zone", ["", "Asia/Kolkata", "America/New_York"])
def test_the_list_tells_arrivals_on_the_recorders_clock_whatever_chat_is_open(
    qtbot, demo_window: MainWindow, tmp_path: Path, zone: str
) -> None:
    """Issue 31: the same request read "17:28:57.663" (the recording open),
    "19:28:57" (the demo, UTC+2) and "01:28:57" (Free Anima, UTC+8, no date
    though the day changed): the list followed whichever unrelated chat was
    open (supersedes views31u's "on the window's clock"). Its times are on
    the recording's own clock, the offset the recorder wrote each in,
    whatever the window shows: the header names it, a row recorded at
    another offset names its own, and the date shows where it is not the
    row above's."""
    window = demo_window
    if zone:
        window.session.set_choices(replace(window.session.choices, wilmer_zone=zone))
        qtbot.waitUntil(lambda: window.session.options.wilmer_zone == zone, timeout=WAIT)
    out = tmp_path / "rec"
    beijing = timezone(timedelta(hours=8))
    body = {"model": "m", "messages": VECTOR["input"]["messages"]}
    client = Journal(out, "client")
    chat_call(client, datetime(2026, 12, 7, 23, 59, 58, 100000, tzinfo=beijing), body, "talk")
    chat_call(client, datetime(2026, 12, 8, 0, 0, 3, 250000, tzinfo=beijing), body, "talk")
    window.open_recordings(out)
    model = window.recordings.model
    qtbot.waitUntil(lambda: len(_requests(model, "talk")) == 2, timeout=WAIT)
    jobs_idle(qtbot, window.session)
    assert _listed(model) == {
        "talk": ["request 1 · 23:59:58.100 · client", "request 2 · 2026-12-08 00:00:03.250 · client"]
    }
    header = model.headerData(0, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
    assert header == "Discussion / received\n(recorder's clock, UTC+8)"  # the clock on its own line
    view = window.recordings.view
    assert view.header().sectionSize(0) >= view.header().sectionSizeFromContents(0).width()  # not elided

    # the model leg recorded on a machine in UTC, the newest: the header names its
    # clock, and the rows of the other name theirs
    model_call = {"model": "x", "messages": EXPECTED}
    chat_call(Journal(out, "model"), datetime(2026, 12, 7, 16, 0, 4, tzinfo=UTC), model_call)
    qtbot.waitUntil(lambda: len(_requests(model, "_no-id")) == 1, timeout=WAIT)
    assert _listed(model) == {
        "_no-id": ["16:00:04.000 · model"],
        "talk": [
            "request 1 · 23:59:58.100 UTC+8 · client",
            "request 2 · 2026-12-08 00:00:03.250 UTC+8 · client",
        ],
    }
    header = model.headerData(0, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
    assert header == "Discussion / received\n(recorder's clock, UTC+0)"
    # another chat opened changes nothing of it
    with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
        window.session.open(out / "talk" / REQUESTS_FILE, None, beside=False)
    jobs_idle(qtbot, window.session)
    assert _listed(model)["talk"][0] == "request 1 · 23:59:58.100 UTC+8 · client"


def test_at_1024_the_first_difference_reads_whole_and_follows_the_keys(
    qtbot, utc_window: MainWindow, tmp_path: Path, language: str
) -> None:
    """Issue 31: at 1024 x 700 the comparison's first-difference column read
    "第 0 个字…", cut. The column says where ("character 0"), whole in
    either language; under the list the row the keys are on has its first
    difference whole, wrapped, the text around it quoted on both sides."""
    from timeline_app.gui.panels.comparison import difference_place

    from ..helpers import cut_cells, press, text_room

    window = utc_window
    out = tmp_path / "rec"
    changed = [dict(m) for m in EXPECTED]
    changed[-1] = {**changed[-1], "content": "中间件当前时间 " + str(changed[-1]["content"])}
    changed[1] = {**changed[1], "content": str(changed[1]["content"]) + " (edited by a node)"}
    record_exchange(out, VECTOR, changed)
    window.resize(1024, 700)
    window.show()
    window.open_recordings(out)
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "talk")) == 1, timeout=WAIT)
    (client,) = read_records(out / "talk" / REQUESTS_FILE).requests
    view = window.recordings.comparison
    _pick(qtbot, window, client.id)
    qtbot.waitUntil(lambda: view.comparison is not None, timeout=WAIT)
    layout_settled(window)
    table, said = view.table, view.difference
    last = view.model.columnCount() - 1
    messages = view.comparison.messages
    differing = [n for n, m in enumerate(messages) if m.differs]
    assert len(differing) == 2
    hidden = table.isColumnHidden(last)  # where it does not fit whole: said under the list
    assert cut_cells(table, set(range(last)) if not hidden else set(range(last + 1))) == []
    first = differing[0]
    assert table.currentIndex().row() == first
    place = {"en": "character ", "zh_CN": "第 "}[language]
    assert view.model.index(first, last).data() == difference_place(messages[first])
    assert difference_place(messages[first]).startswith(place)
    # the whole sentence under the list, wrapped within the dock, for the row the keys are on
    table.setFocus()
    for row in range(first, len(messages)):
        message = messages[row]
        if row > first:
            press(qtbot, Qt.Key.Key_Down)
            layout_settled(window)
        assert table.currentIndex().row() == row
        if not hidden:
            needed, room = text_room(table, view.model.index(row, last))  # the column's cell: whole
            assert needed <= room, f"{view.model.index(row, last).data()!r} needs {needed} px, has {room}"
        assert said.isVisible() and said.wordWrap()
        if message.differs:
            whole = first_difference(message)
            assert said.text().endswith(whole) and whole.count("“") == 2
            assert f"#{message.predicted_index}" in said.text()
        assert said.heightForWidth(said.width()) <= said.height()  # no line cut
        assert said.geometry().right() <= view.width()
        assert table.viewport().rect().contains(table.visualRect(table.currentIndex()))  # in view, whole


@pytest.mark.parametrize("looked", [True, False])
def test_a_request_recorded_without_a_timestamp_file_says_where_it_was_looked_for(
    qtbot, utc_window: MainWindow, tmp_path: Path, looked: bool
) -> None:
    """Recorded with --discussions ROOT where no timestamp file was, the banner
    advised "(record the client leg with --discussions ROOT)" (issue 31): it
    names the file looked for; the advice only when the recorder had no ROOT."""
    window = utc_window
    out = tmp_path / "rec"
    if looked:
        record_exchange(out, {**VECTOR, "input": {**VECTOR["input"], "timestamps": None}}, None)
    else:
        client = {"model": "m", "messages": VECTOR["input"]["messages"]}
        chat_call(Journal(out, "client"), wire_time(VECTOR, -0.4), client, "talk")
    (request,) = read_records(out / "talk" / REQUESTS_FILE).requests
    assert (request.snapshot is not None and request.snapshot.copy is None) == looked
    window.show()
    window.open_recordings(out)
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "talk")) == 1, timeout=WAIT)
    _pick(qtbot, window, request.id)
    with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
        qtbot.keyClick(window.recordings.view, Qt.Key.Key_Return)
    note = window.recordings.note.text()
    if looked:
        assert f"no timestamp file at {request.snapshot.source} when this request was recorded" in note
        assert "--discussions" not in note
    else:
        assert "record the client leg with --discussions ROOT" in note


@pytest.mark.parametrize("grown", [True, False], ids=["the-chat-grown", "another-chat"])
def test_a_request_recorded_under_an_open_recording_is_said_and_the_one_opened_stays(
    qtbot, utc_window: MainWindow, tmp_path: Path, grown: bool
) -> None:
    """Issue 29: ``requests.jsonl`` opened at request 2 of 2; the recorder then
    appended request 3. The window jumped to request 3, said the file "was
    replaced on disk by another chat" though it only grew, and kept request
    2's arrival as Now (request 3's rows under another request's moment). The
    request the person opened stays, pinned at its own arrival, and the new
    one is said as recorded."""
    window = utc_window
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, None, client_at=-30)
    record_exchange(out, VECTOR, None, client_at=-20)
    path = out / "talk" / REQUESTS_FILE
    _first, second = read_records(path).requests
    window.show()
    with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
        window.open_any([path])
    session = window.session
    pinned = session.pinned_now
    assert pinned == second.received.astimezone(UTC).replace(tzinfo=None, microsecond=0)
    shown = session.discussion.transcript.messages
    third = {"role": "user", "content": "a third turn"}
    longer = [*VECTOR["input"]["messages"], third] if grown else [third]
    root = out.parent / "root-talk"
    notes: list[str] = []
    session.notice.connect(notes.append)
    session.failed.connect(notes.append)
    chat_call(
        Journal(out, "client", root), wire_time(VECTOR, -10), {"model": "m", "messages": longer}, "talk"
    )
    qtbot.waitUntil(lambda: bool(notes), timeout=WAIT)
    jobs_idle(qtbot, session)
    said = " ".join(notes)
    assert "another chat" not in said, said
    assert "new request was recorded" in said, said
    assert "request 3" in said and "request 2" in said, said
    assert session.discussion.transcript.messages == shown, "the request opened stays"
    assert session.pinned_now == pinned
    assert window.now_button.text() == f"Now: pinned {pinned:%Y-%m-%d %H:%M:%S} UTC+0"


def test_every_column_of_the_tree_reads_whole_where_the_first_can_give_way(
    qtbot, utc_window: MainWindow, tmp_path: Path
) -> None:
    """Issue 31: the Recordings dock's "Reply" header read "Re": the first
    column, fitted to its longest request, pushed the last past the tree's
    edge. At any tree width where the first column can give way down to its
    header's text, on first show and after each resize, every other column
    (Reply the last) reads whole; the first takes what they leave."""
    window = utc_window
    out = tmp_path / "rec"
    name = "a-trip-to-lisbon-and-porto-planned-over-many-weeks-of-chat"  # wider than the header
    record_exchange(out, VECTOR, [dict(m) for m in EXPECTED], discussion=name)
    window.resize(1920, 1080)
    window.show()
    window.open_recordings(out)
    panel = window.recordings
    view = panel.view
    qtbot.waitUntil(lambda: len(_requests(panel.model, name)) == 1, timeout=WAIT)
    view.expandAll()
    layout_settled(window)
    header = view.header()
    last = header.count() - 1
    wanted = [max(view.sizeHintForColumn(c), header_text_width(view, c)) for c in range(header.count())]
    others = sum(wanted[1:])
    chrome = 2 * view.frameWidth() + view.verticalScrollBar().sizeHint().width() + 8
    assert wanted[0] > header_text_width(view, 0) + 60, wanted
    for first in range(header_text_width(view, 0) + 10, wanted[0] + 40, 25):  # the first squeezed, then not
        panel._split.setSizes([first + others + chrome, 900])
        layout_settled(window)
        room = view.viewport().width()
        for column in range(1, header.count()):
            if header.isSectionHidden(column):  # for want of room: said under the tree
                assert panel.hidden_cells.isVisible() or not view.currentIndex().isValid()
                continue
            end = header.sectionViewportPosition(column) + header_text_width(view, column)
            assert end <= room, (first, column, end, room, header.sectionSize(column))
        assert header.sectionViewportPosition(last) + header.sectionSize(last) <= room


def _shown_height(widget: QWidget, dock: QWidget) -> int:
    """The height of ``widget`` inside ``dock``'s rectangle (what is drawn of it)."""
    top = widget.mapTo(dock, widget.rect().topLeft()).y()
    return max(0, min(widget.height(), dock.height() - max(0, top)) - max(0, -top))


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("size", [(1920, 1080), (1024, 700)])
def test_a_picked_request_shows_the_list_and_both_texts_at_once(
    qtbot, request, make_window, tmp_path: Path, size: tuple[int, int], language: str
) -> None:
    """Issue 31 (tryK/L): the compare panes were hidden at 1920x1080 (the
    dock a quarter of the window, the texts under the list got no line) and
    at 1024x700 until the dock was dragged taller. Opened at either size,
    the tree, the messages list and both texts each show whole lines."""
    if language != "en":
        request.getfixturevalue("chinese_layout")
    window: MainWindow = make_window()  # built in the language
    out = tmp_path / "rec"
    changed = [dict(m) for m in EXPECTED]
    changed[1] = {**changed[1], "content": str(changed[1]["content"]) + " (edited by a node)"}
    record_exchange(out, VECTOR, changed)
    window.resize(*size)
    window.show()
    window.open_recordings(out)
    qtbot.waitUntil(lambda: len(_requests(window.recordings.model, "talk")) == 1, timeout=WAIT)
    (client,) = read_records(out / "talk" / REQUESTS_FILE).requests
    view = window.recordings.comparison
    _pick(qtbot, window, client.id)
    qtbot.waitUntil(lambda: view.comparison is not None, timeout=WAIT)
    layout_settled(window)
    assert window.size().toTuple() == size
    dock = window.recordings_dock
    lists: list[QAbstractItemView] = [window.recordings.view, view.table]
    for table in lists:
        shown = _shown_height(table.viewport(), dock)
        assert shown >= 2 * table.sizeHintForRow(0), f"{table.objectName()}: {shown} px"
    for pane in (view.predicted, view.actual):
        assert isinstance(pane, QPlainTextEdit) and pane.isVisible()
        lines = PANE_LINES * pane.fontMetrics().lineSpacing()
        shown = _shown_height(pane.viewport(), dock)
        assert shown >= lines, f"{pane.objectName()}: {shown} px shown, {PANE_LINES} lines need {lines}"
        assert pane.toPlainText(), "the texts compared are in the panes"
    table = window.table  # and the timeline keeps its rows beside them
    rows = table.viewport().height() // table.verticalHeader().defaultSectionSize()
    assert rows >= MIN_ROWS, f"the timeline shows {rows} rows ({table.viewport().height()} px)"

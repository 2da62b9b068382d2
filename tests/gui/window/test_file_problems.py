"""What is wrong with the files opened is said, in the window's words: a
stored value that is not text (tryout: {"<hash>": 5} was counted as an
orphan without a word), a missing file among the ones given."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from timeline_app.core.context import Style
from timeline_app.core.hashing import content_hash
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.widgets.breaking_label import BreakingLabel
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import jobs_idle, layout_settled, open_and_wait, show_pair


def _pair(folder: Path) -> tuple[Path, Path]:
    messages = [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello"}]
    (folder / "chat.json").write_text(json.dumps({"messages": messages}))
    store = {content_hash("Hi"): "(Monday, 2025-09-22 10:00:00)", "b" * 64: 5}
    (folder / "timestamps.json").write_text(json.dumps(store, indent=4))
    return folder / "chat.json", folder / "timestamps.json"


def test_a_value_that_is_not_text_is_a_warning_in_the_details(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    open_and_wait(qtbot, window, *_pair(tmp_path))
    window.show()
    qtbot.waitExposed(window)
    notes = window.detail.findChild(QLabel, "detailNotes")
    assert notes.isVisible() and notes.textFormat() == Qt.TextFormat.PlainText
    warning, detected = notes.text().split("\n")
    assert warning.startswith("Warning: ") and "not text" in warning and "bbbbbbbbbbbb…" in warning
    assert str(tmp_path / "timestamps.json") in warning
    assert detected.startswith("Noted while reading the files: ") and "openai" in detected
    tip = window.counts_label.toolTip()
    assert "not text" in tip


def test_the_warning_reads_chinese(qtbot, make_window, chinese_app, tmp_path: Path) -> None:
    window = make_window()
    window.resize(1300, 800)
    open_and_wait(qtbot, window, *_pair(tmp_path))
    window.show()
    notes = window.detail.findChild(QLabel, "detailNotes")
    assert notes.text().startswith("警告：") and "有 1 个存储的值不是文本" in notes.text()


def test_a_missing_file_among_the_given_ones_is_said_and_nothing_half_opens(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Tryout: the window started with a missing transcript and a broken
    file reported only the broken one (its own failure replaced the line)."""
    broken = tmp_path / "broken.json"
    broken.write_text('{"a": ')
    window.show()
    window.opener.open_any([tmp_path / "missing.json", broken])
    jobs_idle(qtbot, window.session)  # a read of the broken one would have failed and said so by now
    assert window.banner.isVisible()
    assert window.banner.label.text() == f"{tmp_path / 'missing.json'}: no such file"
    assert window.session.discussion is None and window.session.pair.transcript is None


def test_many_values_not_text_are_counted_not_listed(qtbot, window: MainWindow, tmp_path: Path) -> None:
    messages = [{"role": "user", "content": "Hi"}]
    (tmp_path / "chat.json").write_text(json.dumps({"messages": messages}))
    store = {f"{n:04d}" + "c" * 60: n for n in range(5)}
    (tmp_path / "timestamps.json").write_text(json.dumps(store, indent=4))
    open_and_wait(qtbot, window, tmp_path / "chat.json", tmp_path / "timestamps.json")
    warning = window.detail.findChild(QLabel, "detailNotes").text().split("\n")[0]
    assert warning.endswith(
        "0000cccccccc… (a number), 0001cccccccc… (a number), 0002cccccccc… (a number) and 2 more"
    ), warning
    assert warning.count("…") == 3


@pytest.mark.parametrize(
    ("language", "value", "said"),
    [
        ("en", None, "is null, not text; the middleware itself crashes on this file in the absolute style"),
        ("en", 5, "is a number, not text; the middleware itself crashes on this file in the absolute style"),
        ("en", [1], "is a list, not text; the middleware itself crashes on this file in the absolute style"),
        ("zh_CN", None, "的存储值是空值（null），不是文本；在绝对时间样式下，中间件本身读到这个文件就会崩溃"),
        (
            "zh_CN",
            True,
            "的存储值是布尔值（true/false），不是文本；在绝对时间样式下，中间件本身读到这个文件就会崩溃",
        ),
    ],
)
def test_the_preview_names_a_value_that_is_not_text_by_its_json_kind(
    qtbot, make_window, tmp_path: Path, request, language: str, value: object, said: str
) -> None:
    """Tryout: the Preview said "is a int" ("is a NoneType" for null), the
    parser's Python type; it says what the file holds, as JSON names it."""
    if language == "zh_CN":
        request.getfixturevalue("chinese_app")
    (tmp_path / "chat.json").write_text(json.dumps([{"role": "user", "content": "Hi"}]))
    digest = content_hash("Hi")
    (tmp_path / "timestamps.json").write_text(json.dumps({digest: value}))
    window = make_window()
    window.resize(1300, 800)
    open_and_wait(qtbot, window, tmp_path / "chat.json", tmp_path / "timestamps.json")
    window.show()
    window.tabs.setCurrentWidget(window.preview_pane)
    summary = window.preview_pane.findChild(QLabel, "previewSummary")
    assert summary.isVisible()
    no_preview = {"en": "No preview: the stored value for ", "zh_CN": "无法预览："}[language]
    assert summary.text() == f"{no_preview}{digest} {said}"


NULL_ROW, NUMBER_ROW = 2, 3  # the demo's messages whose values the tryout changed


@pytest.fixture
def odd_values(tmp_path: Path) -> Path:
    data = json.loads(DEMO_TIMESTAMPS.read_text(encoding="utf-8"))
    keys = list(data)
    data[keys[1]], data[keys[2]] = None, 1726156801  # the stored values of #2 and #3
    path = tmp_path / "timestamps.json"
    path.write_text(json.dumps(data, indent=4), encoding="utf-8")
    return path


@pytest.fixture
def odd_window(qtbot, make_window, odd_values: Path) -> MainWindow:
    window = make_window()
    window.resize(1024, 700)
    show_pair(qtbot, window, DEMO_TRANSCRIPT, odd_values)
    return window


def _time_cell(window: MainWindow, source_row: int) -> str:
    model = window.model
    return model.data(model.index(source_row, Column.TIME), Qt.ItemDataRole.DisplayRole)


def test_a_value_that_is_not_text_reads_the_same_in_every_style(qtbot, odd_window: MainWindow) -> None:
    """Absolute showed the number as if it were a time and nothing for null,
    Relative nothing for either: now the value as JSON, marked, in each."""
    seen = {}
    for style in (Style.ABSOLUTE, Style.RELATIVE, Style.CST):
        odd_window.session.set_style(style)
        jobs_idle(qtbot, odd_window.session)
        seen[style] = (_time_cell(odd_window, NULL_ROW), _time_cell(odd_window, NUMBER_ROW))
    assert seen[Style.ABSOLUTE] == ("⚠ null", "⚠ 1726156801")
    assert seen[Style.RELATIVE] == seen[Style.ABSOLUTE]
    # the demo records its own times: CST shows what Free Anima injects, the transcript's
    assert seen[Style.CST] == ("2025-09-13T00:00 周六", "2025-09-13T00:00 周六")


def test_the_details_say_null_and_number_are_not_text(qtbot, odd_window: MainWindow) -> None:
    detail = odd_window.detail
    odd_window.select_source_row(NULL_ROW)
    qtbot.waitUntil(lambda: detail.hash.text() != "—")
    assert detail.stored.text() == "null (not text)"
    assert detail.parsed.text().startswith("none: the middleware reads no time from a value that is not text")
    assert detail.next_request.text() == "keeps its stored time: null (not text)"
    odd_window.select_source_row(NUMBER_ROW)
    qtbot.waitUntil(lambda: detail.stored.text() != "null (not text)")
    assert detail.stored.text() == "1726156801 (a number, not text)"
    assert detail.next_request.text() == "keeps its stored time: 1726156801 (a number, not text)"


def test_the_warning_about_values_that_are_not_text_is_shown_whole(qtbot, odd_window: MainWindow) -> None:
    """At 1024x700 the warning was cut below its third line: the keys it
    names were never visible. The warning's own lines are measured, not all
    the notes': the warning names the file by its whole path, so the notes
    and the reply above them grow with the temporary folder's name, and past
    NOTE_LINES the area scrolls by design (under pytest-xdist, whose folders
    are longer by "popen-gw0/", the last note's line scrolled and this failed)."""
    notes = odd_window.detail.notes
    qtbot.waitUntil(notes.isVisible)
    layout_settled(odd_window)
    warning = notes.text().split("\n")[0]  # the warnings come first, each on its own line
    assert warning.startswith("Warning: ") and warning.endswith(
        "63ff6ff994ef… (null), 5871e1bad5e3… (a number)"
    )
    assert notes.textFormat() == Qt.TextFormat.PlainText
    alone = BreakingLabel()  # the warning's lines at the notes' width, in their font
    alone.setFont(notes.font())
    alone.setText(warning)
    shown = notes.visibleRegion().boundingRect()
    assert shown.top() <= 0, "the warning's first line is scrolled away"
    assert shown.height() >= alone.heightForWidth(notes.width()), "lines of the warning cut off"
    assert notes.width() <= odd_window.detail.width()

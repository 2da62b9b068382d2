"""The session's messages and the engine's input errors in a Chinese window:
banners name the file and the problem, the conflict banner still outlives the
re-show it causes (told apart by its kind, not its words), notices, the last
event, the option chips and the details pane's naive times."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from PySide6.QtCore import Qt, QTranslator
from PySide6.QtGui import QKeySequence

from timeline_app.core.display import Gap
from timeline_app.core.options import Choices
from timeline_app.core.store import load_store
from timeline_app.core.words import Reason, Said
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.session import Trouble
from timeline_app.gui.strip.layout import layout_for
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.window.main_window import MainWindow
from timeline_app.gui.wording import say

from .helpers import HAN, _apply_high_repairs, open_and_wait


def _reload(qtbot, window: MainWindow) -> None:
    """F5, as a person reloads, and wait until what it shows has settled."""
    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: not window.session.jobs.busy("load"), timeout=10000)


def test_a_conflict_banner_in_chinese_stays_through_the_reshow(
    qtbot,
    chinese: QTranslator,
    demo_copy_window: MainWindow,
) -> None:
    window = demo_copy_window
    ts = window.session.pair.store
    # F5 asks before dropping the edits that no longer apply (issue 29): answered yes
    window.session.confirm_drop = lambda _count, _which: True
    _apply_high_repairs(qtbot, window)
    live = load_store(ts)
    live.set(window.model.row_at(14).hash, "(Sunday, 2025-09-21 08:06:00)")  # the middleware backfilled it
    ts.write_text(live.dumps())
    qtbot.waitUntil(lambda: window.banner.isVisibleTo(window), timeout=5000)
    # the conflict first (issue 31: at 1024x700 it was out of the banner's view), then
    # what happened to the file (grown or rewritten), then that the edits stay
    assert window.banner.text().startswith("你的编辑中有 1 项与文件当前内容冲突")
    assert f"\n{ts.name} 在磁盘上" in window.banner.text()
    assert "未保存的编辑仍保留" in window.banner.text()
    assert window.banner.kind is Trouble.OTHER

    _reload(qtbot, window)  # the edits are carried over: #14's no longer applies
    text = window.banner.text()
    assert (
        text.startswith("部分未保存的修改已无法应用：")
        and "本想存储 '(Saturday, 2025-09-20 23:58:00)'" in text
    )
    assert "文件中现在是：'(Sunday, 2025-09-21 08:06:00)'" in text
    assert window.banner.kind is Trouble.EDITS_LOST

    _reload(qtbot, window)  # another re-show keeps it: the edits are still lost
    assert window.banner.text() == text
    window.banner.close_button.click()
    assert window.banner.text() == "" and window.banner.kind is None
    _reload(qtbot, window)
    assert not window.banner.isVisibleTo(window)


def test_a_broken_transcript_names_the_file_and_the_problem_in_chinese(
    qtbot,
    chinese: QTranslator,
    demo_window: MainWindow,
    tmp_path: Path,
) -> None:
    window = demo_window
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps([{"role": 5, "content": "hi"}]))
    with qtbot.waitSignal(window.session.failed, timeout=10000):
        window.session.open(broken, None, beside=False)
    # named as the title names it (a discussion id alone is ambiguous across roots)
    shown = f"{window.session.discussion.title}（demo/chat.json + timestamps.json）"
    assert window.banner.text() == f"{broken}：消息 0：role 应为文本，实际是数字。仍显示 {shown}。"


def test_a_broken_transcript_in_english_reads_as_the_cli(qtbot, window: MainWindow, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps([{"role": "user", "content": 5}]))
    with qtbot.waitSignal(window.session.failed, timeout=10000) as said:
        window.session.open(broken, None, beside=False)
    assert said.args == [f"{broken}: message 0: content is a number, expected text or parts"]


def test_saving_says_so_in_chinese(
    qtbot,
    chinese: QTranslator,
    demo_copy_window: MainWindow,
) -> None:
    window = demo_copy_window
    _apply_high_repairs(qtbot, window)
    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        qtbot.keySequence(window, QKeySequence.StandardKey.Save)
    assert window.counts_bar.notice.text().startswith("已保存 timestamps.json；备份为 timestamps.json")
    qtbot.waitUntil(lambda: "保存于 " in window.counts_label.text(), timeout=10000)


def test_the_option_chips_and_a_bad_zone_in_chinese(
    qtbot,
    chinese: QTranslator,
    demo_window: MainWindow,
) -> None:
    window = demo_window
    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        window.session.set_choices(Choices(api="ollama", st_quotes=True))
    chips = {chip.objectName(): chip for chip in window.counts_bar.chips()}
    assert chips["chip_api"].text().startswith("客户端 API：ollama")
    assert chips["chip_st_quotes"].text() == "SillyTavern：用户消息加引号 ✕"
    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        chips["chip_st_quotes"].click()  # still resets its choice
    assert [chip.objectName() for chip in window.counts_bar.chips()] == ["chip_api"]
    with qtbot.waitSignal(window.session.failed, timeout=10000):
        assert not window.session.set_choices(Choices(wilmer_zone="Mars/Olympus"))
    assert window.banner.text() == "未知时区 'Mars/Olympus'（请使用 IANA 名称，例如 Europe/Berlin）"


def test_the_details_say_a_naive_time_in_chinese(
    qtbot,
    chinese: QTranslator,
    demo_window: MainWindow,
) -> None:
    table, model = demo_window.table, demo_window.model
    timed = next(r for r in range(model.rowCount()) if model.row_at(r).time is not None)
    rect = table.visualRect(table.model().index(timed, 0))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    parsed = demo_window.detail.parsed.text()
    assert parsed.endswith("（中间件的时钟：UTC+2，由聊天记录中的时间与存储的时间对照得出）"), parsed
    assert "local" not in parsed


def test_the_stages_of_opening_are_shown_in_chinese(
    qtbot,
    chinese: QTranslator,
    window: MainWindow,
) -> None:
    shown: list[str] = []
    window.session.jobs.progressed.connect(lambda *_: shown.append(window.progress.stage.text()))
    open_and_wait(qtbot, window, DEMO_TRANSCRIPT, DEMO_TIMESTAMPS)
    assert f"正在读取 {DEMO_TIMESTAMPS.name}" in shown, shown
    # the other stages name the file being opened first (not the one still shown)
    assert f"{DEMO_TRANSCRIPT.name}：正在排布时间条" in shown, shown
    assert any(
        s.startswith(f"{DEMO_TRANSCRIPT.name}：正在计算 ") and s.endswith(" 条消息的哈希") for s in shown
    ), shown
    assert all(HAN.search(s) for s in shown), shown


def test_gaps_are_said_in_the_windows_units(
    qtbot,
    chinese: QTranslator,
    demo_window: MainWindow,
) -> None:
    """The Gap column, the strip's break labels and a repair reason's gap
    come in Chinese units; the engine's own English stays the CLI's."""
    view = demo_window.table.model()
    gaps = [view.index(r, Column.GAP).data() for r in range(view.rowCount())]
    assert "1 天 15 小时" in gaps and "3 分 6 秒" in gaps, gaps
    assert not any(unit in gap for gap in gaps for unit in (" d", " h", " min", " s")), gaps
    labels = [b.label for b in layout_for(demo_window.session.discussion).breaks]
    assert labels and all(HAN.search(label) for label in labels), labels
    reason = Said(Reason.RUN_END, (Gap(timedelta(hours=2, minutes=15)),))
    assert "2 小时 15 分" in say(reason)
    assert str(reason).endswith("(2 h 15 min after the message's own time)")


def test_joined_sentences_in_chinese_have_no_space_after_a_full_stop(
    qtbot, chinese: QTranslator, demo_copy_window: MainWindow, monkeypatch
) -> None:
    """Tryout (issue 29, life29g): "timestamps.json 已在磁盘上删除。 窗口仍显示…":
    the English space between joined sentences stayed after "。"."""
    from PySide6.QtWidgets import QMessageBox

    from timeline_app.gui.dialogs import questions

    # closing at the end: the times held are left (the question is answered Discard)
    monkeypatch.setattr(questions, "ask_discard", lambda *_: QMessageBox.StandardButton.Discard)
    window = demo_copy_window
    window.session.pair.store.unlink()
    qtbot.waitUntil(lambda: "删除" in window.banner.text(), timeout=10000)
    text = window.banner.text()
    assert "。窗口仍显示" in text and "。 " not in text

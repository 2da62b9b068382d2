"""A native reader's review of the Chinese wording, checked where it is read:
one term per concept (参照时间, 时间条, CST 前缀, 下一次请求, 已记录消息,
录制内容), one sentence per sentence (no two colons, a colon before a JSON
error's reason), parallel legend items, and the preview's bubbles naming the
roles as the table does (the JSON keeps them as sent)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QTranslator
from PySide6.QtWidgets import QFormLayout, QInputDialog, QLabel, QTabWidget, QWidget

from timeline_app.core.context import Style
from timeline_app.core.errors import NeedsChoice
from timeline_app.core.hashing import content_hash
from timeline_app.gui.dialogs.questions import ask_chat
from timeline_app.gui.panels.comparison import STYLE_WORDS
from timeline_app.gui.panels.repair import PropColumn
from timeline_app.gui.window.main_window import MainWindow

from .helpers import (
    CTRL,
    WAIT,
    _apply_high_repairs,
    _help_page,
    _open_simulation,
    answer_modal,
    open_and_wait,
)


def _open_chat(
    qtbot, window: MainWindow, folder: Path, messages: list[dict], entries: dict, name: str
) -> None:
    """Open a transcript of ``messages`` with a timestamp file ``name`` of ``entries``."""
    transcript, store = folder / "chat.json", folder / name
    transcript.write_text(json.dumps(messages))
    store.write_text(json.dumps(entries))
    open_and_wait(qtbot, window, transcript, store)


def _bubble_headings(window: MainWindow) -> list[str]:
    """The bubbles' headings: the lines that are a role's word and nothing else."""
    window.show()
    window.actions_by_name["go_preview"].trigger()
    lines = window.preview_pane.chat.toPlainText().splitlines()
    return [line for line in lines if line in {"user", "assistant", "system", "用户", "助手", "系统"}]


def test_the_preview_bubbles_name_the_roles_as_the_table_does(
    qtbot,
    chinese: QTranslator,
    demo_window: MainWindow,
) -> None:
    window = demo_window
    headings = _bubble_headings(window)
    assert "用户" in headings and "助手" in headings
    assert not {"user", "assistant"} & set(headings)
    # the JSON view and what Copy/Export write keep the roles as sent
    assert '"role": "user"' in window.preview_pane.json.toPlainText()
    assert {m["role"] for m in window.preview_pane.preview.messages} >= {"user", "assistant"}


def test_the_english_bubbles_keep_the_roles_as_sent(qtbot, demo_window: MainWindow) -> None:
    headings = _bubble_headings(demo_window)
    assert "user" in headings and "assistant" in headings


def test_one_reference_time_one_strip_and_one_cst_name(
    qtbot,
    chinese: QTranslator,
    demo_window: MainWindow,
) -> None:
    window = demo_window
    assert window.actions_by_name["pin_now"].text() == "固定参照时间(&P)…"
    assert window.now_button.text().startswith("参照时间：")
    cst = window.style_actions[Style.CST].text().replace("(&C)", "")
    assert cst == "CST 前缀"
    assert QCoreApplication.translate("ComparisonView", STYLE_WORDS[Style.CST]) == cst
    dialog = _open_simulation(qtbot, window)
    tabs = dialog.findChild(QTabWidget)
    assert "时间条前后对比" in [tabs.tabText(i) for i in range(tabs.count())]
    labels = [label.text() for label in dialog.findChildren(QLabel)]
    assert "本次请求之前：" in labels  # the strip as it is now, above the one after
    assert dialog.placeholder.text() == "包含回复的占位时间（即请求结束后的完整文件）(&P)"  # (&P) ends it
    dialog.placeholder.click()  # re-simulates
    assert dialog.summary.text() == "正在模拟 2025-09-21 08:06:00 的请求…"
    qtbot.waitUntil(lambda: not dialog.progress.isVisible(), timeout=WAIT)
    dialog.reject()


def test_the_status_bar_says_when_the_file_was_opened(
    qtbot,
    chinese: QTranslator,
    demo_window: MainWindow,
) -> None:
    assert re.search(r" · 打开于 \d\d:\d\d:\d\d UTC\+2$", demo_window.counts_label.text())


def test_the_legend_items_read_in_parallel(
    qtbot,
    chinese: QTranslator,
    demo_window: MainWindow,
) -> None:
    legend = _help_page(qtbot, demo_window, "legend")
    texts = [label.text() for label in legend.findChildren(QLabel)]
    assert "用户消息（已记录）" in texts and "助手消息（已记录）" in texts
    assert "中间件无法解析存储的值，或值不是文本" in texts


def test_recordings_and_repairs_say_what_they_hold(
    qtbot,
    chinese: QTranslator,
    demo_window: MainWindow,
) -> None:
    window = demo_window
    assert window.recordings_dock.windowTitle() == "录制内容"
    assert window.recordings_dock.toggleViewAction().text().startswith("录制内容")
    assert window.repair_panel.apply_button.text() == "应用已接受的建议（可撤销）(&A)"


def test_the_details_name_the_next_request_and_the_source_data(
    qtbot,
    chinese: QTranslator,
    demo_window: MainWindow,
) -> None:
    window = demo_window
    form = window.detail.findChild(QFormLayout)
    labels = [
        form.itemAt(row, QFormLayout.ItemRole.LabelRole).widget().text()
        for row in range(form.rowCount())
        if form.itemAt(row, QFormLayout.ItemRole.LabelRole) is not None
    ]
    assert "下一次请求" in labels and "来源数据" in labels
    with qtbot.waitSignal(window.session.previewChanged, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_3, CTRL)
    window.select_source_row(13)
    assert window.detail.findChild(QLabel, "detailCst").text() == (
        "2025-09-21T05:50 周日：取自聊天记录中的时间（Free Anima 注入的是它，而非时间戳文件中的时间），"
        "因此是确切时间，不带 ≈。绝对时间和相对时间样式显示的是时间戳文件中存储的时间。"
    )
    source = window.preview_pane.findChild(QLabel, "previewSummarySource")
    assert "统计除占位时间外的所有存储时间（包括孤立条目）：最早为 " in source.text()
    with qtbot.waitSignal(window.session.previewChanged, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_2, CTRL)
    assert "最晚为 #17，由下一次请求存储（2025-09-21 08:06:00）。" in source.text()  # stored, not 记录


def test_the_repair_reasons_name_the_same_neighbours_alike(
    qtbot,
    chinese: QTranslator,
    window: MainWindow,
    tmp_path: Path,
) -> None:
    """Two untracked messages and two orphans between the same tracked pair:
    the in-order reason, worded like the one-to-one reason beside it."""
    messages = [
        {"role": "user", "content": "first"},
        {"role": "assistant", "content": "edited one"},
        {"role": "user", "content": "edited two"},
        {"role": "assistant", "content": "last"},
    ]
    entries = {
        content_hash("first"): "(Sunday, 2025-09-21 10:00:00)",
        content_hash("old one"): "(Sunday, 2025-09-21 10:01:00)",
        content_hash("old two"): "(Sunday, 2025-09-21 10:02:00)",
        content_hash("last"): "(Sunday, 2025-09-21 10:03:00)",
    }
    _open_chat(qtbot, window, tmp_path, messages, entries, "timestamps.json")
    with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=WAIT):
        window.actions_by_name["repair"].trigger()
    model = window.repair_panel.model
    reasons = [model.index(row, PropColumn.REASON).data() for row in range(model.rowCount())]
    assert reasons and all(
        r.startswith("位置，按顺序：同一对已记录消息之间有 2 条未记录消息和") for r in reasons
    ), reasons


def test_a_mostly_orphaned_file_is_doubted_in_one_sentence(
    qtbot,
    chinese: QTranslator,
    window: MainWindow,
    tmp_path: Path,
) -> None:
    orphans = {f"{n:064x}": "(Sunday, 2025-09-21 10:00:00)" for n in range(3)}
    _open_chat(qtbot, window, tmp_path, [{"role": "user", "content": "hello"}], orphans, "demo_ts.json")
    assert (  # all of them: not "3 个条目中有 3 个"
        "demo_ts.json 的 3 个条目都没有对应的消息。这是该聊天记录自己的时间戳文件吗？选项与中间件的设置一致吗？"
        in window.banner.text()
    )
    orphans[content_hash("hello")] = "(Sunday, 2025-09-21 10:05:00)"
    _open_chat(qtbot, window, tmp_path, [{"role": "user", "content": "hello"}], orphans, "demo_ts.json")
    assert (
        "demo_ts.json 的 4 个条目中有 3 个没有对应的消息。这是该聊天记录自己的时间戳文件吗？选项与中间件的设置一致吗？"
        in window.banner.text()
    )


def test_choosing_a_chat_asks_for_one_of_several(qtbot, chinese: QTranslator) -> None:
    seen: dict[str, str] = {}

    def read(dialog: QWidget) -> None:
        assert isinstance(dialog, QInputDialog)
        seen["title"], seen["label"] = dialog.windowTitle(), dialog.labelText()

    parent = QWidget()
    qtbot.addWidget(parent)
    done = answer_modal(qtbot, read, lambda dialog: dialog.reject())
    error = NeedsChoice("chats.jsonl", "several", [("a", "Alice"), ("b", "Bob")])
    assert ask_chat(parent, error) is None
    assert done == ["done"]
    assert seen == {"title": "选择一段聊天", "label": "chats.jsonl 中有多段聊天："}


def test_the_status_bar_says_when_each_thing_was_done_alike(
    qtbot,
    chinese: QTranslator,
    demo_copy_window: MainWindow,
) -> None:
    window = demo_copy_window
    _apply_high_repairs(qtbot, window)
    assert window.counts_label.text().endswith(" · 有未保存的修改")
    qtbot.keyClick(window.table, Qt.Key.Key_Z, CTRL)
    saved = re.compile(
        r" · 编辑已撤销：与磁盘上的文件一致 \d\d:\d\d:\d\d UTC\+2$"
    )  # the time last, as in 打开于
    qtbot.waitUntil(lambda: saved.search(window.counts_label.text()) is not None, timeout=WAIT)


def test_a_value_the_middleware_cannot_parse_is_said_alike(
    qtbot,
    chinese: QTranslator,
    window: MainWindow,
    tmp_path: Path,
) -> None:
    """The legend says 无法解析 for it; the details' explanation too (not 读懂)."""
    unparseable = {content_hash("hello"): "yesterday-ish"}
    _open_chat(
        qtbot, window, tmp_path, [{"role": "user", "content": "hello"}], unparseable, "timestamps.json"
    )
    window.select_source_row(0)
    assert "存储的值不是中间件能解析的时间：" in window.detail.status.text()

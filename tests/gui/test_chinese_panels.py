"""The data panels in Chinese: the translation compiled from the committed
.ts by ``pyside6-lrelease`` (as the build does), installed, and read back
through the real models and widgets; and the .ts itself kept complete and
faithful for the panels' contexts."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from PySide6.QtCore import Qt, QTranslator
from PySide6.QtWidgets import QLabel, QToolBar, QToolButton

from timeline_app.core.timeline import Flag, Status
from timeline_app.gui.panels.comparison import ComparisonModel, first_difference
from timeline_app.gui.panels.repair import ProposalsModel
from timeline_app.gui.strip.view import TimelineStrip
from timeline_app.gui.tables.base import cell_list
from timeline_app.gui.tables.recordings import RecordingsModel
from timeline_app.gui.tables.simulation import SimulationModel
from timeline_app.gui.tables.timeline import TimelineTableModel, flag_label, status_label

from .helpers import HAN, ROOT, TS_FILE, _marked

PANEL_FILES = [
    ROOT / "timeline_app" / "gui" / f"{name}.py"
    for name in [
        "strip/view",
        "tables/base",
        "tables/timeline",
        "panels/details",
        "panels/preview",
        "panels/repair",
        "dialogs/simulate",
        "tables/simulation",
        "panels/discussions",
        "tables/recordings",
        "panels/recordings",
        "panels/comparison",
        "jobs",
        "wording",
        "menus/actions",
        "window/main_window",
        "window/words",
        "menus/options",
        "dialogs/questions",
        "dialogs/edit_time",
        "window/opening",
        "menus/help",
        "editing",
        "launch",
        "panels/filter_bar",
        "panels/status",
        "session",
        "panels/history",
        "tables/history",
    ]
] + [ROOT / "timeline_app" / "core" / "words.py"]  # the engine's sentences, marked where defined
# the contexts of the data panels' files (strip, tables, detail, preview,
# repair, simulate, recordings, comparison, discussions, jobs) and of the
# engine's sentences they show (wording: also the option chips and how a file
# is written); the window's chrome: the action table, the menu bar, docks,
# toolbar, filter row and status bar; and the session's messages (banners,
# passing notices, what was last done, its stages of work)
PANEL_CONTEXTS = {
    "Actions",
    "Banner",
    "Clock",
    "CutLists",
    "CountsBar",
    "FilterBar",
    "GapUnits",
    "Listed",
    "MainWindow",
    "OptionsMenu",
    "Dialogs",
    "KeyDialog",
    "NowDialog",
    "TimeDialog",
    "Status",
    "Opener",
    "HelpMenu",
    "Launch",
    "Progress",
    "ComparisonModel",
    "ComparisonView",
    "DetailPane",
    "DiscussionSession",
    "HistoryModel",
    "HistoryPanel",
    "DiscussionsPanel",
    "Explanations",
    "FileWrites",
    "InputProblems",
    "JobRunner",
    "PairingDoubts",
    "PreviewPane",
    "QFileDialog",
    "ProposalsModel",
    "ReadOnlyTableModel",
    "RecordingsModel",
    "RecordingsPanel",
    "RepairPanel",
    "RowsView",
    "Role",
    "SimulateDialog",
    "SimulationModel",
    "TimelineStatus",
    "TimelineStrip",
    "TimelineTableModel",
    "TimeForms",
    "Wording",
    # the engine's sentences (core/words.py), each family its context
    "AfterReply",
    "Consequence",
    "Cut",
    "Doubt",
    "History",
    "JsonKind",
    "Note",
    "Problem",
    "Reason",
    "ReplyNote",
    "Setting",
    "Stage",
    "Unrepaired",
    "Writing",
}
PLACEHOLDER = re.compile(r"%(?:n|L?\d)")
# names of a format, an identifier, a style and the app: the same in Chinese
KEPT_LATIN = {
    "&JSON",
    "id %1",
    "cst",
    "Timeline Inspector",
    "%1%2 (%3) — Timeline Inspector",
    "%1%2 — Timeline Inspector",  # the title of a discussion named after its files: the app's name
}


def _headers(model) -> list[str]:
    return [
        model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
        for c in range(model.columnCount())
    ]


def _panel_messages() -> list[tuple[str, ET.Element]]:
    root = ET.parse(TS_FILE).getroot()
    return [
        (context.findtext("name") or "", message)
        for context in root.iter("context")
        if context.findtext("name") in PANEL_CONTEXTS
        for message in context.iter("message")
    ]


def test_the_models_headers_come_out_in_chinese(qtmodeltester, chinese: QTranslator) -> None:
    expected = {
        TimelineTableModel: ["#", "发言者", "时间", "间隔", "状态", "哈希", "内容"],
        ProposalsModel: ["接受", "#", "置信度", "要存储的时间", "当前存储", "原因", "消息"],
        SimulationModel: ["#", "发言者", "处理方式", "当前存储", "请求之后", "内容"],
        ComparisonModel: ["预测", "实际收到", "角色", "状态", "差异位置"],
        # nothing listed, no recorder's clock to name (a recording's own, issue 31)
        RecordingsModel: ["对话 / 接收时间", "链路", "路径", "大小", "回复"],
    }
    for kind, headers in expected.items():
        model = kind()
        assert _headers(model) == headers, kind.__name__
        qtmodeltester.check(model)


def test_the_strip_lanes_and_status_words_come_out_in_chinese(qtbot, chinese: QTranslator) -> None:
    strip = TimelineStrip(TimelineTableModel())
    qtbot.addWidget(strip)
    assert strip.lane_labels() == ["用户", "助手", "其他"]
    assert strip.accessibleName() == "时间条"
    assert [status_label(s) for s in (Status.TRACKED, Status.UNTRACKED)] == ["已记录", "未记录"]
    assert cell_list([status_label(Status.TRACKED), flag_label(Flag.ONE_SECOND_RUN)]) == "已记录、逐秒序列"


def test_a_new_windows_menus_and_toolbar_come_out_in_chinese(make_window, chinese: QTranslator) -> None:
    window = make_window()
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles == ["文件(&F)", "编辑(&E)", "视图(&V)", "工具(&T)", "选项(&O)", "帮助(&H)"]
    bar = window.findChild(QToolBar, "mainToolbar")
    assert bar.windowTitle() == "主工具栏"
    texts = [a.text() for a in bar.actions() if a.text()]
    assert texts and all(HAN.search(text) for text in texts), texts
    opening = window.actions_by_name["open_transcript"]
    (open_button,) = [b for b in bar.findChildren(QToolButton) if b.defaultAction() is opening]
    assert open_button.text() == "打开" and opening.text() == "打开聊天记录(&T)…"
    assert (
        window.actions_by_name["repair"].toolTip() == "找出与消息不再对应的存储时间，并把它们重新关联到消息上"
    )
    assert window.undo_action.text() == "撤销(&U)"
    assert [label.text() for label in bar.findChildren(QLabel)] == [" 时间样式："]
    combo = window.filter_bar.combo
    assert [combo.itemText(i) for i in (0, 1, 4)] == ["全部消息", "未记录", "标记：相同内容"]
    assert window.filter_bar.shown.text() == "0 行"
    assert window.role_buttons["user"].text() == "用户"
    assert window.counts_label.text() == "尚未打开任何文件。请把聊天记录或 timestamps.json 拖到这里。"
    assert window.cancel_button.text() == "取消"


def test_without_the_translator_the_panels_stay_english(qtbot) -> None:
    strip = TimelineStrip(TimelineTableModel())
    qtbot.addWidget(strip)
    assert strip.lane_labels() == ["user", "assistant", "other"]
    assert _headers(TimelineTableModel())[1:3] == ["Speaker", "Time"]
    assert (
        cell_list([status_label(Status.TRACKED), flag_label(Flag.ONE_SECOND_RUN)])
        == "tracked, one-second-run"
    )


def test_an_argument_lands_in_the_translated_sentence(chinese: QTranslator) -> None:
    from timeline_app.core.compare import MessageDiff

    message = MessageDiff(
        status="changed",
        predicted_index=1,
        actual_index=1,
        role="user",
        predicted="abc",
        actual="abd",
        first_byte=2,
    )
    assert first_difference(message) == "第 2 个字符：“abc” → “abd”"
    shorter = MessageDiff("changed", 1, 1, "user", "ab", "abd", first_byte=2)
    assert first_difference(shorter) == "第 2 个字符：“ab”（结束） → “abd”"


def test_every_panel_message_is_translated_with_its_placeholders() -> None:
    messages = _panel_messages()
    assert {context for context, _ in messages} == PANEL_CONTEXTS
    for context, message in messages:
        source = message.findtext("source") or ""
        translation = message.find("translation")
        assert translation is not None and translation.get("type") is None, (context, source)
        forms = [f.text or "" for f in translation.iter("numerusform")] or [translation.text or ""]
        for text in forms:
            assert text.strip() and not re.search(r"[\x00-\x1f]", text), (context, source)  # no stray CR
            assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(source)), (context, source)
            if re.search(r"[A-Za-z]{2}", PLACEHOLDER.sub("", source)) and source not in KEPT_LATIN:
                assert HAN.search(text), (context, source)  # words, not a symbol: they read as Chinese


def test_every_marked_string_of_the_panels_is_in_the_ts() -> None:
    """lupdate silently leaves out some calls (a plural ``translate`` whose
    count is an expression): a string missing from the .ts stays English."""
    messages = [
        (context, m.findtext("source"), m.get("numerus") == "yes") for context, m in _panel_messages()
    ]
    for path in PANEL_FILES:
        marked = _marked(path)
        assert marked, path
        for context, source, plural in marked:
            assert any((context in (None, c)) and source == s and plural == p for c, s, p in messages), (
                path.name,
                context,
                source,
            )


def test_every_history_panel_text_comes_out_in_chinese(qtbot, chinese: QTranslator, tmp_path) -> None:
    """Tryout: the note "another discussion's file was here: …" and the By
    hand cell "up to 2" stayed English in the Chinese window. Every text the
    History panel shows (its count, notes, cells, headers and the selected
    change) is Chinese, but for names, hashes, times and values."""
    import os
    from datetime import datetime

    from timeline_app.core.history import build_history
    from timeline_app.core.options import Choices
    from timeline_app.core.store import TimestampStore, save_store
    from timeline_app.gui.panels.history import HistoryPanel
    from timeline_app.gui.session import DiscussionSession

    path = tmp_path / "timestamps.json"
    a, b, c = "a" * 64, "b" * 64, "c" * 64
    for name, entries, written in (
        (f"{path.name}.bak-20260101-100000", {a: "x"}, "2026-01-01T09:00:00"),
        (f"{path.name}.bak-20260101-110000", {a: "x", b: "y"}, "2026-01-01T10:00:01"),
        (f"{path.name}.bak-20260101-120000", {a: "z", c: "w"}, "2026-01-01T11:30:00"),  # a gap: "up to"
        (f"{path.name}.other-20260101-130000", {"f" * 64: "v"}, "2026-01-01T12:50:00"),
        (path.name, {a: "z"}, "2026-01-01T13:00:01"),  # written over the other's file
    ):
        save_store(path.with_name(name), TimestampStore(entries), backup=False)
        moment = datetime.fromisoformat(written).timestamp()
        os.utime(path.with_name(name), (moment, moment))
    panel = HistoryPanel(DiscussionSession(Choices()))
    qtbot.addWidget(panel)
    panel._session._set_history(build_history([path]))
    model = panel.model
    texts = [panel.status.text(), *_headers(model)]
    texts += [str(model.data(model.index(r, k)) or "") for r in range(model.rowCount()) for k in range(8)]
    texts += [panel.change_text(r) for r in range(model.rowCount())]
    assert "至多 3" in texts and "至多 1" in texts
    # what may stay Latin: file names, hashes (12 hex and an ellipsis), times, values, the app's name
    kept = re.compile(
        r"timestamps\.json(?:\.(?:bak|other)-[\d-]+)?|[0-9a-f]{12}…|'[a-z]'|Timeline Inspector|[\d:\- ()+,]+"
    )
    for text in texts:
        for line in text.splitlines():
            rest = kept.sub("", line)
            assert not re.search(r"[A-Za-z]{2,}", rest), line

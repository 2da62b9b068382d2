"""A stored value that is not text (tryout: {"<hash>": 5} was counted as an
orphan without a word): the details pane says so as a warning, apart from
what loading merely detected."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from timeline_app.core.hashing import content_hash
from timeline_app.gui.main_window import MainWindow

from .conftest import open_and_wait


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

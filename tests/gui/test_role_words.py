"""Roles as a reader sees them: in Chinese the table, its tooltips, the details
pane and the simulation name the known roles (用户/助手/系统) like the strip
and the filter do, any other role stays as the transcript writes it, and
sorting and the text filter go by what is shown. The raw role stays the
model's ``ItemRole.ROLE`` (the role buttons filter by it); English shows the
roles exactly as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from timeline_app.gui.tables.timeline import Column, ItemRole
from timeline_app.gui.window.main_window import MainWindow

from .helpers import open_and_wait

CHAT = [
    {"role": "system", "content": "Be brief."},
    {"role": "user", "content": "Hello there"},
    {"role": "assistant", "content": "Hi!"},
    {"role": "tool", "content": "42"},
    {"role": "User", "content": "Thanks"},
]


@pytest.fixture
def roles_window(qtbot, make_window, tmp_path: Path) -> MainWindow:
    transcript = tmp_path / "roles.json"
    transcript.write_text(json.dumps(CHAT))
    window = make_window()
    window.resize(1300, 800)
    open_and_wait(qtbot, window, transcript, None)
    window.show()
    qtbot.waitExposed(window)
    return window


def _column(window: MainWindow, column: Column, role: int = Qt.ItemDataRole.DisplayRole) -> list[object]:
    model = window.table.model()
    return [model.index(row, column).data(role) for row in range(model.rowCount())]


def _click_header(qtbot, window: MainWindow, column: Column) -> None:
    header = window.table.horizontalHeader()
    spot = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(spot, header.height() // 2))


def _click_row(qtbot, window: MainWindow, row: int) -> None:
    rect = window.table.visualRect(window.table.model().index(row, Column.CONTENT))
    qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_known_roles_are_named_in_chinese_everywhere_a_row_is_shown(
    qtbot, qtmodeltester, chinese_app, roles_window: MainWindow
) -> None:
    window = roles_window
    # tryO: a tool result's role stayed English ("tool · weather") beside the others in Chinese
    assert _column(window, Column.SPEAKER) == ["系统", "用户", "助手", "工具", "用户"]
    assert _column(window, Column.SPEAKER, ItemRole.ROLE) == ["system", "user", "assistant", "tool", "user"]
    assert window.strip.lane_labels()[:2] == ["用户", "助手"]
    assert window.role_buttons["user"].text() == "用户"
    tip = window.table.model().index(2, Column.SPEAKER).data(Qt.ItemDataRole.ToolTipRole)
    assert "助手 · 未记录" in tip
    qtmodeltester.check(window.model)

    _click_row(qtbot, window, 1)
    assert window.detail.heading.text() == "#1 · 用户 · 未记录"
    _click_row(qtbot, window, 3)
    assert window.detail.heading.text() == "#3 · 工具 · 未记录"

    # sorted by what the column shows (code points: 助 < 工 < 用 < 系)
    _click_header(qtbot, window, Column.SPEAKER)
    assert _column(window, Column.SPEAKER) == ["助手", "工具", "用户", "用户", "系统"]

    # the text filter finds a role by the word shown, and still by the raw one
    typed = QInputMethodEvent()  # Chinese is typed through an input method: its commit
    typed.setCommitString("用户")
    QApplication.sendEvent(window.filter_bar.edit, typed)
    qtbot.waitUntil(lambda: window.table.model().rowCount() == 2, timeout=3000)
    assert _column(window, Column.CONTENT) == ["Hello there", "Thanks"]
    window.filter_bar.edit.clear()
    qtbot.keyClicks(window.filter_bar.edit, "assistant")
    qtbot.waitUntil(lambda: window.table.model().rowCount() == 1, timeout=3000)
    assert _column(window, Column.SPEAKER) == ["助手"]
    window.filter_bar.edit.clear()
    qtbot.waitUntil(lambda: window.table.model().rowCount() == len(CHAT), timeout=3000)

    # the role buttons filter by the raw role: "User" is a user message too
    qtbot.mouseClick(window.role_buttons["user"], Qt.MouseButton.LeftButton)
    assert _column(window, Column.CONTENT) == ["Hello there", "Thanks"]

    # the simulation's speaker column says the same words
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    dialog = window.simulation_dialog
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=10000)
    speakers = [dialog.model.index(row, 1).data() for row in range(dialog.model.rowCount())]
    assert speakers == ["系统", "用户", "助手", "工具", "用户"]
    dialog.buttons.button(QDialogButtonBox.StandardButton.Close).click()


def test_english_shows_the_roles_as_the_transcript_writes_them(qtbot, roles_window: MainWindow) -> None:
    window = roles_window
    assert _column(window, Column.SPEAKER) == ["system", "user", "assistant", "tool", "User"]
    _click_row(qtbot, window, 4)
    assert window.detail.heading.text() == "#4 · User · untracked"
    _click_header(qtbot, window, Column.SPEAKER)
    assert _column(window, Column.SPEAKER) == ["assistant", "system", "tool", "user", "User"]

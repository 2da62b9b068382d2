"""The Details pane (panels/details.py): nothing of a closed file stays, and the CST line says which time it uses and why."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from timeline_app.core.context import Style
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import (
    CTRL,
    WAIT,
    _close_by_keys,
    _open_demo,
    _own_chat,
    show_active,
)


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

"""Ctrl+S with nothing to save (issue 29, tryout tryM 9): pressed with
nothing open, or with a transcript alone and no timestamp file, it said
nothing at all, and a new discussion's file not yet written was said to
"hold what is shown". Every Ctrl+S that writes nothing says why, in the
status bar (or the banner when the status bar cannot hold it whole), and
writes no file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.window.main_window import MainWindow

from .helpers import CTRL, DEMO_NOW, jobs_idle, open_and_wait, press, show_active

SAID = {
    "nothing open": "Nothing to save: no discussion is open.",
    "transcript alone": (
        "Nothing to save: no timestamp file is paired and nothing is edited (Save As writes one)."
    ),
    "new discussion": (
        "Nothing to save: timestamps.json does not exist yet, and no stored time is set to write into it."
    ),
    "pair unchanged": "Nothing to save: timestamps.json holds what is shown.",
}


def _open(qtbot, window: MainWindow, tmp_path: Path, state: str) -> None:
    folder = tmp_path / "chat"
    folder.mkdir()
    transcript = folder / "chat.json"
    shutil.copy(DEMO_TRANSCRIPT, transcript)
    if state == "pair unchanged":
        shutil.copy(DEMO_TIMESTAMPS, folder / "timestamps.json")
        open_and_wait(qtbot, window, transcript, folder / "timestamps.json")
    elif state == "new discussion":  # the file Save would make, not made yet
        open_and_wait(qtbot, window, transcript, tmp_path / "newchat" / "timestamps.json")
    elif state == "transcript alone":
        transcript.write_text(json.dumps([{"role": "user", "content": "hello"}]))
        with qtbot.waitSignal(window.session.loaded, timeout=20000):
            window.session.open(transcript, None, beside=False)
        assert window.session.base.store_path is None


@pytest.mark.parametrize("state", list(SAID))
def test_ctrl_s_with_nothing_to_save_says_why(qtbot, window: MainWindow, tmp_path: Path, state: str) -> None:
    window.session.set_pinned_now(DEMO_NOW)
    window.resize(1280, 800)
    if state != "nothing open":
        _open(qtbot, window, tmp_path, state)
    show_active(qtbot, window)
    files = sorted(p for p in tmp_path.rglob("*"))
    said: list[str] = []
    window.session.notice.connect(said.append)
    window.session.failed.connect(said.append)
    window.table.setFocus()
    press(qtbot, Qt.Key.Key_S, CTRL)
    qtbot.waitUntil(lambda: bool(said), timeout=5000)
    jobs_idle(qtbot, window.session)
    assert said == [SAID[state]], said
    notice, banner = window.counts_bar.notice, window.banner
    qtbot.waitUntil(lambda: notice.isVisible() or SAID[state] in banner.text(), timeout=5000)
    if notice.isVisible():
        assert notice.text() == SAID[state] and not notice.is_elided(), notice.text()
    assert sorted(p for p in tmp_path.rglob("*")) == files  # no file written or made

"""Tryout findings, reproduced through the real widgets: each test failed on
the code before its fix (the pin the demo left behind, stale notes after a
close, a bug's message reaching the banner, ...)."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from timeline_app.core.context import Style
from timeline_app.core.hashing import content_hash
from timeline_app.core.timestrings import format_absolute
from timeline_app.core.zones import get_zone, now_in
from timeline_app.gui.launch import open_demo
from timeline_app.gui.main_window import MainWindow
from timeline_app.gui.timeline_model import Column

from .conftest import DEMO_NOW

CTRL = Qt.KeyboardModifier.ControlModifier
WAIT = 20000


def _show_active(qtbot, window: MainWindow) -> None:
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.table.setFocus()


def _open_demo(qtbot, window: MainWindow) -> None:
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        open_demo(window.session)


def _own_chat(tmp_path: Path, window: MainWindow, ago: timedelta) -> tuple[Path, Path]:
    """A chat of one's own: two messages stored ``ago`` before the live clock."""
    zone = get_zone(window.session.options.wilmer_zone)
    when = now_in(zone).replace(microsecond=0, tzinfo=None) - ago
    messages = [{"role": "user", "content": "my own question"}, {"role": "assistant", "content": "my answer"}]
    transcript, store = tmp_path / "mine.json", tmp_path / "timestamps.json"
    transcript.write_text(json.dumps(messages))
    store.write_text(json.dumps({content_hash(m["content"]): format_absolute(when) for m in messages}))
    return transcript, store


def _close_by_keys(qtbot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.session.closed, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_W, CTRL)


def test_the_demo_pin_goes_with_the_demo_and_ones_own_file_is_seen_live(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    _open_demo(qtbot, window)
    _show_active(qtbot, window)
    assert window.now_button.text() == f"Now: pinned {DEMO_NOW:%Y-%m-%d %H:%M:%S}"
    with qtbot.waitSignal(window.session.previewChanged, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_2, CTRL)  # relative
    _close_by_keys(qtbot, window)
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=3, seconds=5))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    assert window.session.pinned_now is None
    assert window.actions_by_name["live_now"].isChecked()
    assert window.now_button.text().startswith("Now: ● live ")
    assert window.table.model().index(0, Column.TIME).data() == "[Sent 3 hours ago]"


def test_ones_own_pin_stays_when_another_pair_opens(qtbot, window: MainWindow, tmp_path: Path) -> None:
    _open_demo(qtbot, window)
    _show_active(qtbot, window)
    mine = DEMO_NOW + timedelta(days=1, minutes=4)
    with qtbot.waitSignal(window.session.changed, timeout=WAIT):
        window.session.set_pinned_now(mine)  # what Pin Now's dialog does
    _close_by_keys(qtbot, window)
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=3))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    assert window.session.pinned_now == mine
    assert not window.actions_by_name["live_now"].isChecked()
    assert window.now_button.text() == f"Now: pinned {mine:%Y-%m-%d %H:%M:%S}"

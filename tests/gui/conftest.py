"""GUI fixtures: a main window with isolated settings, and helpers to wait on it."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT, configure_process
from timeline_app.gui.main_window import MainWindow

DEMO_NOW = datetime(2025, 9, 21, 8, 6, 0)
configure_process()  # the GUI process runs with this policy; so do its tests


@pytest.fixture
def settings_path(tmp_path: Path) -> Path:
    return tmp_path / "settings.ini"


@pytest.fixture
def make_window(qtbot, settings_path: Path):
    def make() -> MainWindow:
        window = MainWindow(QSettings(str(settings_path), QSettings.Format.IniFormat))
        # a test that leaves edits unsaved must not block teardown on the "save?" dialog
        qtbot.addWidget(window, before_close_func=lambda w: w.undo_stack.clear())
        return window

    return make


@pytest.fixture
def window(make_window) -> MainWindow:
    made = make_window()
    made.resize(1300, 800)
    return made


def open_and_wait(qtbot, window: MainWindow, transcript: Path | None, store: Path | None) -> None:
    with qtbot.waitSignals([window.discussionLoaded, window.previewUpdated], timeout=20000, order="strict"):
        window.open_paths(transcript, store)


@pytest.fixture
def demo_window(qtbot, window: MainWindow) -> MainWindow:
    window.pinned_now = DEMO_NOW
    window.model.set_now(DEMO_NOW)
    open_and_wait(qtbot, window, DEMO_TRANSCRIPT, DEMO_TIMESTAMPS)
    window.show()
    qtbot.waitExposed(window)
    return window

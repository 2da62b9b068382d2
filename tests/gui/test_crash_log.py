"""The crash log (gui/crash_log.py): start-up hands ``faulthandler`` a file in
the app's state folder, open for the process's life; a hard crash writes its
stack there, and the next start says once where that log is kept."""

from __future__ import annotations

import faulthandler
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication, QMessageBox

from timeline_app.gui import crash_log
from timeline_app.gui.crash_log import CRASH_LOG, PREVIOUS_LOG, crash_log_file
from timeline_app.gui.launch import APPLICATION, ORGANIZATION, start_up_crash_log
from timeline_app.gui.window.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def state_home(monkeypatch, tmp_path: Path, qapp) -> Iterator[Path]:
    """XDG_STATE_HOME in tmp_path, the app named as ``launch.main`` names it;
    faulthandler given back to stderr afterwards (pytest's own is there)."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    names = QCoreApplication.organizationName(), QCoreApplication.applicationName()
    QCoreApplication.setOrganizationName(ORGANIZATION)
    QCoreApplication.setApplicationName(APPLICATION)
    yield tmp_path / "state" / ORGANIZATION / APPLICATION
    QCoreApplication.setOrganizationName(names[0])
    QCoreApplication.setApplicationName(names[1])
    faulthandler.enable(file=sys.__stderr__, all_threads=True)
    for handle in crash_log._open:
        handle.close()
    crash_log._open.clear()


def _crash_boxes() -> list[QMessageBox]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


def test_start_up_enables_faulthandler_to_the_state_folders_log(window: MainWindow, state_home: Path) -> None:
    faulthandler.disable()
    log = start_up_crash_log(window)
    assert log == state_home / CRASH_LOG and log.exists()
    assert faulthandler.is_enabled()
    handle = crash_log_file()
    assert handle is not None and not handle.closed and Path(handle.name) == log
    faulthandler.dump_traceback(file=handle)  # what a crash writes reaches the file
    handle.flush()
    assert "File " in log.read_text()


def test_a_crash_is_logged_and_said_once_at_the_next_start(
    qtbot, window: MainWindow, state_home: Path
) -> None:
    """A real segmentation fault in a process started as the window starts
    its log: the stack is in the file; the next start keeps it as
    crash-previous.log, says where in a message that blocks nothing, once."""
    script = (
        "import faulthandler, sys\n"
        "from pathlib import Path\n"
        "from timeline_app.gui.crash_log import start_crash_log\n"
        "start_crash_log(Path(sys.argv[1]))\n"
        "faulthandler._sigsegv()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    ran = subprocess.run(
        [sys.executable, "-c", script, str(state_home)], env=env, capture_output=True, timeout=60
    )
    assert ran.returncode != 0
    assert "Segmentation fault" in (state_home / CRASH_LOG).read_text()
    start_up_crash_log(window)
    kept = state_home / PREVIOUS_LOG
    assert "Segmentation fault" in kept.read_text()
    assert (state_home / CRASH_LOG).read_text() == ""  # this run's log, fresh
    qtbot.waitUntil(lambda: bool(_crash_boxes()), timeout=5000)
    (box,) = _crash_boxes()
    assert not box.isModal() and str(kept) in box.text()
    box.close()
    start_up_crash_log(window)  # the next start of a run that did not crash says nothing
    qtbot.wait(50)
    assert not _crash_boxes()

"""The test guard against unanswered modal questions (tests/gui/modal_guard.py):
a question no one answers fails its test, naming the dialog, instead of
hanging the run; a question the test answers is not disturbed."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from .helpers import answer_next_dialog
from .modal_guard import ModalGuard, describe

TESTS = Path(__file__).parent.parent

# a run of its own: the guard loaded as the suite's conftest loads it, a
# 1 s deadline, pytest-timeout as the suite sets it (it cannot fire inside
# the dialogs' loops; the subprocess's own timeout says a hang is a hang)
CONFTEST = f"""
import sys
sys.path.insert(0, {str(TESTS)!r})
from gui.modal_guard import modal_guard, pytest_runtest_call  # noqa: F401
"""

QUESTIONS = """
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox

from timeline_app.gui.dialogs.questions import ask_discard


def test_a_static_question_left_unanswered(qapp):
    QMessageBox.question(None, "Save?", "Save the unsaved edits to timestamps.json?")


def test_the_apps_own_question_left_unanswered(qapp):
    ask_discard(None)  # the window's answer to the session's confirm_discard, never answered


def test_an_exec_left_unanswered_after_which_the_test_fails_of_itself(qapp):
    dialog = QInputDialog()
    dialog.setLabelText("API key for timestamps.json")
    assert dialog.exec() == 1, "cancelled"


def test_a_question_the_test_answers(qapp):
    def answer():  # as tests/gui/helpers.py's answer_next_dialog does
        box = QApplication.activeModalWidget()
        if box is None:
            QTimer.singleShot(20, answer)
            return
        box.button(QMessageBox.StandardButton.Yes).click()

    QTimer.singleShot(0, answer)
    assert QMessageBox.question(None, "Save?", "Answered") == QMessageBox.StandardButton.Yes


def test_a_modal_shown_without_blocking_is_left_alone(qtbot):
    box = QMessageBox(QMessageBox.Icon.Information, "Simulate", "Shown, not asked")
    qtbot.addWidget(box)
    box.open()  # modal, but the test goes on: nothing waits for an answer
    qtbot.wait(1600)
    assert box.isVisible()
"""


def test_an_unanswered_question_fails_its_test_promptly_and_names_it(tmp_path: Path) -> None:
    """Without the guard this run never ends (the subprocess timeout
    fires: tried by loading no guard); with it each unanswered question
    fails its test within seconds, naming the dialog; the answered one
    passes, and so does a modal shown without blocking (the Simulate
    dialog stays open while its test looks at it)."""
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_questions.py").write_text(textwrap.dedent(QUESTIONS))
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "TIMELINE_TESTS_MODAL_DEADLINE_S": "1",
    }
    env.pop("PYTEST_XDIST_WORKER", None)
    started = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
         "-c", os.devnull, "--rootdir", str(tmp_path), "--timeout=120", str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=90,
    )  # fmt: skip
    took = time.monotonic() - started
    out = run.stdout + run.stderr
    assert run.returncode == 1, out
    assert "3 failed, 2 passed" in out, out
    assert "title 'Save?', text 'Save the unsaved edits to timestamps.json?'" in out, out
    assert "QMessageBox" in out and "left unanswered for 1 s" in out, out
    assert "label 'API key for timestamps.json'" in out, out  # named beside the test's own failure
    assert took < 60, f"{took:.0f} s: the questions were not closed promptly"


def _guarded(monkeypatch, deadline: float) -> ModalGuard:
    """A guard of a short deadline of its own over ``QMessageBox.question``."""
    guard = ModalGuard(deadline=deadline)
    monkeypatch.setattr(QMessageBox, "question", staticmethod(guard.wrap(QMessageBox.question)))
    guard.start()
    return guard


def test_the_guard_closes_a_question_open_past_its_deadline(qtbot, monkeypatch) -> None:
    guard = _guarded(monkeypatch, 0.3)
    try:
        answer = QMessageBox.question(None, "Reload?", "Drop the edits?")
    finally:
        guard.stop()
    assert answer != QMessageBox.StandardButton.Yes
    message = guard.news()
    assert message is not None and "title 'Reload?', text 'Drop the edits?'" in message
    assert guard.news() is None, "said once"


def test_a_question_answered_by_the_test_is_left_to_it(qtbot, monkeypatch) -> None:
    guard = _guarded(monkeypatch, 0.3)
    try:
        answer_next_dialog(qtbot, lambda box: box.button(QMessageBox.StandardButton.Yes).click())
        answer = QMessageBox.question(None, "Reload?", "Drop the edits?")
    finally:
        guard.stop()
    assert answer == QMessageBox.StandardButton.Yes and guard.news() is None


def test_a_modal_is_described_by_what_it_asks(qtbot) -> None:
    box = QMessageBox(QMessageBox.Icon.Question, "Save", "Write everything shown?")
    qtbot.addWidget(box)
    assert describe(box) == "QMessageBox, title 'Save', text 'Write everything shown?'"

"""A modal question left unanswered fails its test, promptly, never hangs it.

A modal dialog runs an event loop of its own (``QDialog.exec``, the static
``QMessageBox.question``, ``QFileDialog.getOpenFileName``, ...) until someone
answers it. In a test no one does unless the test arranged it, and then the
test waits forever: pytest-timeout's signal is only handled when Python code
runs, which it never does inside Qt's loop, so the 120 s timeout never fires
(the full xdist suite hung once on Save's new question). Patching
``QDialog.exec`` would not reach the static functions, whose loops run in C++.

What always runs inside such a loop is a Qt timer: a watchdog looks at the
active modal widget every ``TICK_MS`` while a blocking call is under way (the
calls that block, ``QDialog.exec`` and the static question functions, are
wrapped to say so); one that is still the same widget after ``DEADLINE_S`` is
recorded (its class, title and text), rejected (closed), and the test fails
with that record. A test that answers its dialogs (the session's question
functions monkeypatched, ``answer_next_dialog`` or a timer of its own)
answers within milliseconds and never meets the watchdog; a modal dialog
shown without blocking (``open``, ``show``: the Simulate dialog) blocks no
test and is left alone however long it stays.

Loaded by ``tests/gui/conftest.py`` as a plugin (the fixture and the hook
below), and by ``tests/gui/test_modal_guard.py`` into a pytest run of its own
that proves an unanswered question fails rather than hangs.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QApplication,
    QColorDialog,
    QDialog,
    QFileDialog,
    QFontDialog,
    QInputDialog,
    QMessageBox,
    QWidget,
)

# long enough for a loaded machine to let a test's own answer arrive (those
# answer within a few event-loop turns), short enough to fail well before
# pytest-timeout's 120 s would have, had it been able to fire
DEADLINE_S = float(os.environ.get("TIMELINE_TESTS_MODAL_DEADLINE_S", "5"))
TICK_MS = 100

_GUARD = pytest.StashKey["ModalGuard"]()

# the calls that run a modal dialog's loop until it is answered
BLOCKING_METHODS = {QDialog: ("exec", "exec_")}
BLOCKING_STATICS = {
    QMessageBox: ("question", "warning", "information", "critical", "about", "aboutQt"),
    QInputDialog: ("getText", "getMultiLineText", "getInt", "getDouble", "getItem"),
    QFileDialog: (
        "getOpenFileName",
        "getOpenFileNames",
        "getSaveFileName",
        "getExistingDirectory",
        "getOpenFileUrl",
        "getOpenFileUrls",
        "getSaveFileUrl",
        "getExistingDirectoryUrl",
    ),
    QColorDialog: ("getColor",),
    QFontDialog: ("getFont",),
}


def describe(widget: QWidget) -> str:
    """The modal widget named as a person would see it: its class, title and
    question (a message box's text, an input dialog's label)."""
    parts = [type(widget).__name__]
    if widget.objectName():
        parts.append(f"object name {widget.objectName()!r}")
    if widget.windowTitle():
        parts.append(f"title {widget.windowTitle()!r}")
    if isinstance(widget, QMessageBox):
        parts.append(f"text {widget.text()!r}")
    elif isinstance(widget, QInputDialog):
        parts.append(f"label {widget.labelText()!r}")
    elif isinstance(widget, QFileDialog):
        parts.append(f"folder {widget.directory().path()!r}")
    return ", ".join(parts)


class ModalGuard:
    """The watchdog of one test: records and closes a modal widget left open
    longer than ``deadline`` seconds."""

    def __init__(self, deadline: float = DEADLINE_S) -> None:
        self.deadline = deadline
        self.unanswered: list[str] = []  # every modal closed by the guard, described
        self.reported = 0  # how many of them a failure has named already
        self._current: QWidget | None = None
        self._since = 0.0
        self.blocking = 0  # blocking calls under way (nested: a question asked from a question)
        self._timer = QTimer()
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._look)

    def start(self) -> None:
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()
        self._current = None

    def wrap(self, call: Callable[..., Any]) -> Callable[..., Any]:
        """``call`` (a blocking one) counted while it runs."""

        @functools.wraps(call)
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.blocking += 1
            try:
                return call(*args, **kwargs)
            finally:
                self.blocking -= 1

        return counted

    def _look(self) -> None:
        modal = QApplication.activeModalWidget() if self.blocking else None
        if modal is None or not shiboken6.isValid(modal):
            self._current = None
            return
        if modal is not self._current:
            self._current, self._since = modal, time.monotonic()
            return
        if time.monotonic() - self._since < self.deadline:
            return
        self.unanswered.append(describe(modal))
        self._current = None
        # closed as Escape would close it; the code that asked goes on as if cancelled
        if isinstance(modal, QDialog):
            modal.reject()
        else:
            modal.close()

    def news(self) -> str | None:
        """The failure message for the modals closed since the last one, if any."""
        fresh = self.unanswered[self.reported :]
        self.reported = len(self.unanswered)
        if not fresh:
            return None
        return (
            f"a modal dialog was left unanswered for {self.deadline:g} s and closed by the test "
            f"guard (answer it: monkeypatch the session's question, or answer_next_dialog): "
            + "; ".join(fresh)
        )


@pytest.fixture(autouse=True)
def modal_guard(
    request: pytest.FixtureRequest, qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> Iterator[ModalGuard]:
    """Every GUI test watched from its first fixture to its last teardown (a
    window closing at teardown may ask too). A test that replaces a blocking
    call itself (``monkeypatch.setattr(QMessageBox, "question", ...)``)
    replaces the wrapped one; its own undo comes first."""
    guard = ModalGuard()
    for owner, names in BLOCKING_METHODS.items():
        for name in names:
            if hasattr(owner, name):
                monkeypatch.setattr(owner, name, guard.wrap(getattr(owner, name)))
    for owner, names in BLOCKING_STATICS.items():
        for name in names:
            if hasattr(owner, name):
                monkeypatch.setattr(owner, name, staticmethod(guard.wrap(getattr(owner, name))))
    request.node.stash[_GUARD] = guard
    guard.start()
    yield guard
    guard.stop()
    message = guard.news()
    if message is not None:  # left open in a fixture, or at teardown
        pytest.fail(message, pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A modal closed during the test itself fails the test (not only its
    teardown), the dialog named; a test that failed of itself (the dialog's
    cancel led it astray) keeps its own error, the dialog named in a note."""
    guard = item.stash.get(_GUARD, None)
    try:
        result = yield
    except BaseException as error:
        message = guard.news() if guard is not None else None
        if message is not None:
            error.add_note(message)
        raise
    message = guard.news() if guard is not None else None
    if message is not None:
        pytest.fail(message, pytrace=False)
    return result

"""A job submitted ``after_paint`` starts once the window painted what the
handler that asked for it showed (issue 29: a reload's handler of 70-130 ms
at 100k found the release timer due, the preview and history workers started
before the paint, and it stood still 0.6 s under them)."""

from __future__ import annotations

import time

from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QWidget

from timeline_app.gui.jobs import PAINT_FIRST_MS, JobRunner


class _Painted(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.painted: list[float] = []

    def paintEvent(self, event: QPaintEvent) -> None:
        self.painted.append(time.perf_counter())


def test_a_job_held_for_the_paint_starts_after_a_slow_handlers_paint(qtbot) -> None:
    widget = _Painted()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    jobs = JobRunner()
    started: list[float] = []
    returned: list[float] = []

    def handler(_result: object) -> None:
        widget.painted.clear()
        widget.update()  # what the handler shows
        jobs.submit(
            "preview",
            lambda _p: started.append(time.perf_counter()),
            lambda _r: None,
            lambda _e: None,
            after_paint=True,
        )
        time.sleep(PAINT_FIRST_MS * 2 / 1000)  # a slow handler: the hold outlasted inside it
        returned.append(time.perf_counter())

    jobs.submit("load", lambda _p: "read", handler, handler)
    qtbot.waitUntil(lambda: bool(started) and jobs.idle, timeout=10000)
    assert widget.painted and widget.painted[0] < started[0]  # painted before the worker ran
    assert started[0] - returned[0] >= PAINT_FIRST_MS * 0.9 / 1000

"""At most one job of a kind runs: a superseded one finishes alone, its successor
waits for it, and a newer trigger replaces the waiting one."""

from __future__ import annotations

import ctypes
import functools
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject

from timeline_app.core.context import Style
from timeline_app.core.errors import InputError
from timeline_app.gui import jobs as jobs_module
from timeline_app.gui import session as gui_session
from timeline_app.gui.jobs import JobRunner
from timeline_app.gui.window.main_window import MainWindow

from .helpers import (
    WAIT,
    _own_chat,
    jobs_idle,
)


def test_a_new_preview_during_a_running_one_waits_and_only_the_newest_runs(
    qtbot, demo_window: MainWindow, monkeypatch
) -> None:
    session = demo_window.session
    engine_preview = gui_session.build_preview
    started: list[Style] = []
    release = threading.Event()

    def held_preview(transcript, store, style, *args, **kwargs):  # type: ignore[no-untyped-def]
        started.append(style)
        if len(started) == 1:  # the first one runs on until released, as a 100k preview does
            assert release.wait(20)
        return engine_preview(transcript, store, style, *args, **kwargs)

    monkeypatch.setattr(gui_session, "build_preview", held_preview)
    shown: list[Style] = []
    session.previewChanged.connect(lambda: shown.append(session.preview.style))
    session.set_style(Style.RELATIVE)
    qtbot.waitUntil(lambda: started == [Style.RELATIVE], timeout=10000)
    session.set_style(Style.CST)  # the running one is superseded: this one waits for it
    session.set_style(Style.ABSOLUTE)  # and this one replaces the waiting one
    # queued, not handed to the pool: no second preview runs beside the first
    assert session.jobs.waiting("preview") and session.jobs.busy("preview")
    release.set()
    qtbot.waitUntil(lambda: shown == [Style.ABSOLUTE], timeout=10000)
    jobs_idle(qtbot, session)
    assert session.jobs.wait(10000)  # every job the pool ran has returned ...
    QCoreApplication.processEvents()  # ... and what each sent has been delivered
    assert started == [Style.RELATIVE, Style.ABSOLUTE], "the replaced one never ran"
    assert shown == [Style.ABSOLUTE], "the superseded result was dropped"
    assert not session.jobs.busy("preview")


def test_wait_also_runs_a_job_that_was_waiting_for_its_cancelled_predecessor(qtbot) -> None:
    jobs = JobRunner()
    release = threading.Event()
    results: list[str] = []
    jobs.submit("load", lambda _p: release.wait(20) and "first", results.append, results.append)
    jobs.submit("load", lambda _p: "second", results.append, results.append)
    assert jobs.busy("load") and jobs.waiting("load") and not jobs.idle
    release.set()
    assert jobs.wait()
    assert not jobs.waiting("load")  # started by wait(), once its predecessor returned
    qtbot.waitUntil(lambda: results == ["second"], timeout=10000)
    assert not jobs.busy("load") and jobs.idle


@pytest.mark.parametrize("held", [True, False], ids=["held-for-the-paint", "started-at-once"])
def test_a_trim_waits_for_the_job_whose_result_replaces_what_is_still_held(
    qtbot, monkeypatch, held: bool
) -> None:
    """A reload's handler asks for the trim and then for the new preview; the
    old preview lives until that one is handed over, so a trim before it gave
    back little of it."""
    trimmed: list[int] = []
    handed: list[int] = []
    monkeypatch.setattr(jobs_module, "_malloc_trim", lambda: lambda _pad: trimmed.append(len(handed)) or 1)
    jobs = JobRunner()
    release = threading.Event()
    jobs.submit(
        "preview", lambda _p: release.wait(20) and "new", handed.append, handed.append, after_paint=held
    )
    jobs_module.give_back_freed_memory()
    qtbot.wait(4 * jobs_module.TRIM_DELAY_MS)
    assert trimmed == [], "trimmed while the job that replaces the held state was under way"
    release.set()
    qtbot.waitUntil(lambda: bool(trimmed), timeout=10000)
    assert trimmed == [1], "the trim ran once, after the result was handed over"
    assert jobs.wait()


def test_a_trim_waits_for_a_job_only_so_long(qtbot, monkeypatch) -> None:
    """A search running for its whole 13 s at 100k does not put the trim off that long."""
    trimmed: list[bool] = []
    monkeypatch.setattr(jobs_module, "_malloc_trim", lambda: lambda _pad: trimmed.append(True) or 1)
    monkeypatch.setattr(jobs_module, "TRIM_LONGEST_WAIT_S", 0.3)
    jobs = JobRunner()
    release = threading.Event()
    jobs.submit("repair", lambda _p: release.wait(20) and "found", lambda _r: None, lambda _e: None)
    jobs_module.give_back_freed_memory()
    qtbot.waitUntil(lambda: bool(trimmed), timeout=5000)
    assert not jobs.idle
    release.set()
    assert jobs.wait()


class _Receiver(QObject):
    """A panel's stand-in: what it was handed."""

    def __init__(self) -> None:
        super().__init__()
        self.handed: list[object] = []

    def take(self, payload: object) -> None:
        self.setObjectName(str(payload))  # a Qt call: what a panel does with its result
        self.handed.append(payload)


@pytest.mark.parametrize("succeeds", [True, False], ids=["result", "error"])
def test_a_result_for_a_widget_deleted_while_its_job_ran_is_handed_to_no_one(qtbot, succeeds: bool) -> None:
    """A panel torn down while its job runs (a folder scan finishing after
    its Discussions tree was deleted) is not called: the call raised
    RuntimeError in the event loop. The runner is free for the next job."""
    jobs = JobRunner()
    release = threading.Event()
    gone, kept = _Receiver(), _Receiver()

    def work(_progress: object) -> str:
        release.wait(20)
        if not succeeds:
            raise InputError("x.json", "broken")
        return "found"

    jobs.submit("discover", work, gone.take, gone.take, bound=False)
    shiboken6.delete(gone)
    release.set()
    assert jobs.wait()
    qtbot.waitUntil(lambda: jobs.idle, timeout=10000)
    jobs.submit("discover", work, kept.take, kept.take, bound=False)
    qtbot.waitUntil(lambda: jobs.idle, timeout=10000)
    assert len(kept.handed) == 1, "a living receiver is handed its result as ever"


def _bound(receiver: _Receiver) -> Callable[[object], None]:
    return receiver.take


def _lambda(receiver: _Receiver) -> Callable[[object], None]:
    return lambda payload: receiver.take(payload)  # the Recordings panel's (folder, *found)


def _closure(receiver: _Receiver) -> Callable[[object], None]:
    def done(payload: object) -> None:  # the Repair panel's: over ``self``
        receiver.take(payload)

    return done


def _partial(receiver: _Receiver) -> Callable[[object], None]:
    return functools.partial(_Receiver.take, receiver)


@pytest.mark.parametrize("handler", [_bound, _lambda, _closure, _partial])
@pytest.mark.parametrize("succeeds", [True, False], ids=["result", "error"])
def test_a_handler_over_a_widget_deleted_while_its_job_ran_is_not_called(
    qtbot, succeeds: bool, handler: Callable[[_Receiver], Callable[[object], None]]
) -> None:
    """Whatever form the handler takes (a method, a lambda or closure over
    the panel, a partial), a widget deleted while its job ran is handed
    nothing: only a method was checked, and the Repair panel's search,
    finishing after the panel was deleted, called into it (issue 29: a
    call into a deleted widget from the event loop, the class of the
    fuzzed session's crashes). Its job still ends: the runner goes idle."""
    jobs = JobRunner()
    release = threading.Event()
    gone, kept = _Receiver(), _Receiver()

    def work(_progress: object) -> str:
        release.wait(20)
        if not succeeds:
            raise InputError("x.json", "broken")
        return "found"

    on_gone = handler(gone)
    jobs.submit("repair", work, on_gone, on_gone)
    shiboken6.delete(gone)
    release.set()
    assert jobs.wait()
    qtbot.waitUntil(lambda: jobs.idle, timeout=10000)
    on_kept = handler(kept)
    jobs.submit("repair", work, on_kept, on_kept)
    qtbot.waitUntil(lambda: jobs.idle, timeout=10000)
    assert len(kept.handed) == 1, "a living receiver is handed its result as ever"


def test_a_bug_in_a_worker_reaches_the_banner_in_one_line(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    def broken(*_args, **_kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("timeline_app.gui.session.open_discussion", broken)
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=1))
    window.show()
    with qtbot.waitSignal(window.session.failed, timeout=WAIT) as failed:
        window.opener.open_any([transcript, store])
    said = failed.args[0]
    assert said == "unexpected error: RuntimeError('boom')"
    assert window.banner.text() == said  # nothing was shown before: nothing "still shown" either
    assert "Traceback" not in window.banner.text()


# A discussion's worth of small objects, one in a thousand outliving the rest
# (as a widget's or a cache's objects made while it was open do); blocks made
# before the swap are grown (realloc) and freed after it.
_OUTLIVED = """
import gc, sys
from timeline_app.gui.jobs import _malloc_trim, small_objects_from_malloc
def rss():
    with open("/proc/self/status", encoding="ascii") as status:
        return next(int(line.split()[1]) / 1024 for line in status if line.startswith("VmRSS:"))
made_before = [[i] for i in range(100_000)]
print(small_objects_from_malloc())
start = rss()
messages = ["x" * 40 + str(i) for i in range(1_000_000)]
grown = rss() - start
outliving = messages[::1000]
del messages
for block in made_before:
    block.extend(range(20))
del made_before
gc.collect()
_malloc_trim()(0)
print(grown, rss() - start)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="measured on glibc only")
def test_small_objects_outliving_a_discussion_do_not_keep_its_memory() -> None:
    """pymalloc gives an arena back only when all of it is free: one object in
    a thousand kept 82 of 100 MB resident; from malloc, trimmed, none."""
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONMALLOC", "PYTHONDEVMODE", "PYTHONTRACEMALLOC")
    }
    done = subprocess.run(
        [sys.executable, "-c", _OUTLIVED], capture_output=True, text=True, env=env, check=True, timeout=120
    )
    swapped, figures = done.stdout.split("\n", 1)
    grown, kept = map(float, figures.split())
    assert swapped == "True"
    assert grown > 50, done.stdout  # the objects were made
    assert kept < grown * 0.2, f"{kept:.0f} of {grown:.0f} MB still resident"


# a reload: the last state's big buffer freed, the next state's made; is it
# given pages of its own (mapped), or carved from the heap between small objects?
_BIG_AFTER_BIG = """
import ctypes, sys
from timeline_app.gui.jobs import large_blocks_mapped
libc = ctypes.CDLL(None)
class Info(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]
libc.mallinfo2.restype = Info
libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
libc.free.argtypes = [ctypes.c_void_p]
if sys.argv[1] == "fixed":
    print(large_blocks_mapped())
libc.free(libc.malloc(8 << 20))  # glibc raises its threshold to 8 MB here, unless fixed
before = libc.mallinfo2().hblkhd
block = libc.malloc(1 << 20)
print(libc.mallinfo2().hblkhd - before >= 1 << 20)
libc.free(block)
"""


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or not hasattr(ctypes.CDLL(None), "mallinfo2"),
    reason="glibc's allocator (2.33 on) only",
)
def test_large_blocks_keep_pages_of_their_own_after_one_was_freed() -> None:
    """Issue 29's memory row: glibc's rising threshold put each reload's big
    buffers on the heap, whose pages small objects then pinned (1.22x the
    open after ten appends; 1.10x with the threshold fixed)."""

    def mapped(mode: str) -> list[str]:
        command = [sys.executable, "-c", _BIG_AFTER_BIG, mode]
        return subprocess.run(command, capture_output=True, text=True, check=True, timeout=60).stdout.split()

    assert mapped("dynamic") == ["False"]  # what the window had: the freed block raised the threshold
    assert mapped("fixed") == ["True", "True"]


@pytest.mark.parametrize("setting", [{"PYTHONMALLOC": "debug"}, {"PYTHONTRACEMALLOC": "1"}])
def test_small_objects_stay_with_python_where_the_swap_is_unsound(setting: dict[str, str]) -> None:
    """Debug hooks keep a header per block, tracemalloc's hooks wrap the
    allocator: swapping under either would free what it did not make.
    Tracing started by the environment is seen though the ``tracemalloc``
    module was never imported (the check asks ``_tracemalloc``)."""
    env = {**os.environ, **setting}
    code = (
        "import sys; from timeline_app.gui.jobs import small_objects_from_malloc; "
        "print(small_objects_from_malloc(), 'tracemalloc' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.split() == ["False", "False"]


def test_the_swap_reads_no_build_configuration_before_free_threading_existed() -> None:
    """``sysconfig`` reads the build's whole configuration (issue 33: a few ms
    of every start-up); free-threaded builds exist from 3.13 on only."""
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONMALLOC", "PYTHONDEVMODE", "PYTHONTRACEMALLOC")
    }
    code = (
        "import sys; from timeline_app.gui.jobs import small_objects_from_malloc; "
        "print(small_objects_from_malloc(), 'sysconfig' in sys.modules, 'tracemalloc' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    expected = ["True", str(sys.version_info >= (3, 13)), "False"]
    assert done.stdout.split() == expected


@pytest.mark.parametrize("how", ["delete", "deleteLater"])
def test_a_runner_deleted_while_its_job_runs_waits_for_it_and_hands_nothing(qtbot, how: str) -> None:
    """The session (and its job runner) torn down while a job still runs and
    reports progress: its deletion waits for the job, whose last signals go
    to nothing, never to a freed object (issue 29, the crashes of the fuzzed
    session: a worker's signal after its receiver died). The pool is the
    runner's first child, so it waits before the signals' object dies."""
    handed: list[object] = []
    ran: list[bool] = []
    for round_ in range(20):
        owner = QObject()
        jobs = JobRunner(owner)
        started, release = threading.Event(), threading.Event()

        def work(progress: Callable[[object, float], None], started=started, release=release) -> str:
            started.set()
            release.wait(10)
            for step in range(50):
                progress("step", step / 50)
            ran.append(True)
            return "found"

        jobs.submit("load", work, handed.append, handed.append)
        jobs.progressed.connect(lambda *_args: handed.append("progress"))
        assert started.wait(10)
        threading.Timer(0.005, release.set).start()
        if how == "delete":
            shiboken6.delete(owner)
        else:
            owner.deleteLater()
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        assert not shiboken6.isValid(jobs)
        assert len(ran) == round_ + 1, "the deletion waited for the job to end"
        QCoreApplication.processEvents()
    assert handed == []

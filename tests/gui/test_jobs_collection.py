"""The GUI thread's garbage collector and the jobs (issue 29: the window stood
still for 20-225 ms of young collections after one append at 100k): a loaded
result is not walked by young collections, and none runs while a worker builds one."""

from __future__ import annotations

import gc
import threading

from timeline_app.gui import jobs as gui_jobs
from timeline_app.gui.jobs import JobRunner


def _young_ids() -> set[int]:
    return {id(o) for generation in (0, 1) for o in gc.get_objects(generation)}


def _built(_progress: object) -> list[list[int]]:
    return [[i] for i in range(20_000)]  # containers, as a discussion's are


def test_a_lasting_result_is_in_no_young_generation_once_handled(qtbot) -> None:
    jobs = JobRunner()
    kept: list[list[list[int]]] = []
    jobs.submit("load", _built, kept.append, kept.append, lasting=True)
    qtbot.waitUntil(lambda: jobs.idle, timeout=10000)
    young = _young_ids()
    assert kept and not any(id(row) in young for row in kept[0])
    # a dropped one is still collected: a full collection walks the oldest generation
    row = kept[0][0]
    row.append(row)  # a cycle: only the collector frees it
    ref = id(row)
    del kept[:], row
    gc.collect()
    assert ref not in {id(o) for o in gc.get_objects()}


def test_a_passing_result_stays_young(qtbot) -> None:
    """Only what is kept long skips the young generations (its garbage is found sooner)."""
    jobs = JobRunner()
    kept: list[list[list[int]]] = []
    jobs.submit("preview", _built, kept.append, kept.append)
    qtbot.waitUntil(lambda: jobs.idle, timeout=10000)
    young = _young_ids()
    assert kept and all(id(row) in young for row in kept[0][:100])


def test_the_collector_waits_while_a_worker_runs(qtbot) -> None:
    jobs = JobRunner()
    collector = gui_jobs._collector
    assert collector is not None
    release = threading.Event()
    ran: list[int] = []
    jobs.submit("load", lambda _p: release.wait(20), lambda _r: None, lambda _e: None)
    qtbot.waitUntil(lambda: gui_jobs._workers_running > 0, timeout=10000)
    collections: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    gc.callbacks.append(seen)
    try:
        young = [[i] for i in range(gc.get_threshold()[0] * 2)]  # past the threshold
        collector.check()
        assert collections == []  # the worker's young objects are not walked meanwhile
        release.set()
        qtbot.waitUntil(lambda: jobs.idle and gui_jobs._workers_running == 0, timeout=10000)
        collector.check()
        assert collections  # collected once the worker returned
    finally:
        gc.callbacks.remove(seen)
    del young, ran

"""The worker process that shares repair's hashing (core/split.py): results in
order whoever computed them, and a worker that dies costs time, not results."""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Sequence

import pytest

from timeline_app.core import split
from timeline_app.core.split import SharedMap


def _scaled_with_pid(factor: int, items: Sequence[int]) -> list[tuple[int, int]]:
    time.sleep(0.002 * len(items))  # work enough for the worker to take some
    return [(factor * item, os.getpid()) for item in items]


def _dies_in_the_worker(factor: int, items: Sequence[int]) -> list[int]:
    if multiprocessing.parent_process() is not None:
        os._exit(3)  # a worker killed mid-chunk
    return [factor * item for item in items]


@pytest.fixture
def two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker is used on any machine (it needs a free second core otherwise)."""
    monkeypatch.setattr(split, "second_core_free", lambda: True)
    monkeypatch.setattr(split, "CHUNK", 4)


def test_worker_and_this_process_share_the_chunks_in_order(two_cores: None) -> None:
    with SharedMap(__name__) as worker:
        assert worker.started(60)
        results = worker.map(_scaled_with_pid, 3, list(range(400)))
    assert [value for value, _ in results] == [3 * item for item in range(400)]
    pids = {pid for _, pid in results}
    assert os.getpid() in pids and len(pids) == 2  # both did some (the worker from the back)
    assert results[0][1] == os.getpid() and results[-1][1] != os.getpid()


@pytest.mark.alone  # a bound in wall-clock time
def test_chunks_the_worker_has_not_delivered_are_computed_here(two_cores: None) -> None:
    """A worker with no free core (here: not started yet) is not waited for."""
    with SharedMap(__name__) as worker:
        start = time.perf_counter()
        results = worker.map(_scaled_with_pid, 1, list(range(8)))
        assert time.perf_counter() - start < 0.3  # a spawned interpreter alone takes longer
    assert [value for value, _ in results] == list(range(8))


def test_a_worker_that_dies_leaves_its_chunks_here(two_cores: None) -> None:
    with SharedMap(__name__) as worker:
        assert worker.started(60)
        assert worker.map(_dies_in_the_worker, 2, list(range(100))) == [2 * item for item in range(100)]


def test_no_worker_where_the_main_script_would_run_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path, two_cores: None
) -> None:
    """A spawned child imports the main script again: one without a guard
    (its side effects) gets no worker, and the map runs here alone."""
    import sys
    import types

    script = tmp_path / "unguarded.py"
    script.write_text("print('side effect')\n")
    main = types.ModuleType("__main__")
    main.__file__ = str(script)
    monkeypatch.setitem(sys.modules, "__main__", main)
    split._main_is_safe.cache_clear()
    try:
        with SharedMap(__name__) as worker:
            results = worker.map(_scaled_with_pid, 1, list(range(40)))
        assert {pid for _, pid in results} == {os.getpid()}
        script.write_text('if __name__ == "__main__":\n    print("side effect")\n')
        split._main_is_safe.cache_clear()
        assert split._main_is_safe()
    finally:
        split._main_is_safe.cache_clear()


def test_a_worker_only_where_a_second_core_is_free(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(split, "cores", lambda: 2)
    monkeypatch.setattr(os, "getloadavg", lambda: (1.0, 1.0, 1.0))  # this process alone
    assert split.second_core_free()
    monkeypatch.setattr(os, "getloadavg", lambda: (2.4, 1.0, 1.0))  # others busy on the other core
    assert not split.second_core_free()
    monkeypatch.setattr(split, "cores", lambda: 1)
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    assert not split.second_core_free()


def test_every_item_is_said_done_once_whoever_did_it(two_cores: None) -> None:
    spans: list[tuple[int, int]] = []
    with SharedMap(__name__) as worker:
        assert worker.started(60)
        results = worker.map(_scaled_with_pid, 2, list(range(203)), lambda *span: spans.append(span))
    assert [value for value, _ in results] == [2 * item for item in range(203)]
    assert len({pid for _, pid in results}) == 2  # both processes reported through it
    assert sorted(i for start, stop in spans for i in range(start, stop)) == list(range(203))
    assert len(spans) == len(range(0, 203, split.CHUNK))  # once a chunk


def test_a_report_that_raises_stops_the_map(two_cores: None) -> None:
    class Stop(Exception):
        pass

    def stop_at_half(start: int, stop: int) -> None:
        if stop >= 100:
            raise Stop

    with SharedMap(__name__, share=False) as alone, pytest.raises(Stop):
        alone.map(_scaled_with_pid, 1, list(range(400)), stop_at_half)

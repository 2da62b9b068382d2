"""Share a CPU-bound map with one worker process, results in order.

Repair's candidate hashing holds the GIL (hashlib releases it only past
2 KB), so threads cannot use the second core; a process can. The worker is
started with ``spawn`` (a fresh interpreter, never a fork: the GUI calls
this from a Qt worker thread, and a forked copy of a process running Qt
threads is not safe). In the PyInstaller bundle ``multiprocessing``
re-enters the program, which ``packaging/entry.py`` hands back through
``freeze_support()``.

A spawned child imports the parent's main script again (as ``__mp_main__``),
which re-runs a script without an ``if __name__ == "__main__"`` guard, its
side effects included: the worker is only used when the main module is
guarded, has no file (``python -c``, an embedding host) or is a package's
``__main__`` (which ``multiprocessing`` does not re-import); otherwise the
map runs here alone, with the same results.

This process works through the chunks from the front while the worker is
handed chunks from the back, ``AHEAD`` at a time; when they meet, this process takes
the worker's undelivered chunks itself instead of waiting (a worker without
a free core costs a chunk or two computed twice, not a stall); whatever the
worker does not deliver (it cannot start, dies, or fails) is computed here. The results are those of
``fn(shared, items)`` in one call: ``fn`` must be a pure function of its
arguments, defined at a module's top level (the worker imports it).
"""

from __future__ import annotations

import functools
import importlib
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")

CHUNK = 16  # items per hand-out: small enough that the last wait is short (~20 ms)
# chunks queued for the worker at once. Its results and new chunks pass
# through the executor's threads here, which wait for the GIL behind this
# process's hashing (a switch interval, 5 ms, is about a chunk): with 2
# queued the worker sat idle half the time (repair's 100k map: 1.3 s; with
# 4 to 12 queued 1.03-1.06 s, one process alone 1.9 s)
AHEAD = 6


def _ignore(start: int, stop: int) -> None:
    return None


_worker_job: tuple[Callable[[Any, Sequence[Any]], list[Any]], Any] | None = None


def _keep(fn: Callable[[Any, Sequence[Any]], list[Any]], shared: object) -> None:
    """The worker's initializer: what every chunk shares, sent once."""
    global _worker_job
    _worker_job = (fn, shared)


def _import(module: str) -> None:
    importlib.import_module(module)  # the module itself is not sent back (it does not pickle)


def _run(items: Sequence[Any]) -> list[Any]:
    assert _worker_job is not None
    fn, shared = _worker_job
    return fn(shared, items)


def cores() -> int:
    """Cores this process may run on (the container's share, not the host's)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def second_core_free() -> bool:
    """Whether a worker would get a core of its own. With every core busy
    (this process counts one) the worker only adds its start-up and
    hand-offs to the same CPU: measured ~0.5-1 s more at 100k, slower than
    one process alone. The one-minute load average lags, which only
    decides who computes, never what."""
    count = cores()
    if count < 2:
        return False
    try:
        return os.getloadavg()[0] < count - 0.5
    except (AttributeError, OSError):  # no load average here: assume it is free
        return True


_GUARD_RE = re.compile(r"""^if\s+__name__\s*==\s*['"]__main__['"]\s*:""", re.MULTILINE)


@functools.cache
def _main_is_safe() -> bool:
    """Whether a spawned child may import this process's main module again."""
    if getattr(sys, "frozen", False):
        return True  # the bundle's entry point is guarded (packaging/entry.py)
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if path is None:
        return True  # python -c, the REPL, an embedding host: nothing is re-run
    spec = getattr(main, "__spec__", None)
    if spec is not None and spec.name.endswith("__main__"):
        return True  # python -m package: multiprocessing does not re-import it
    try:
        with open(path, encoding="utf-8") as source:
            return _GUARD_RE.search(source.read()) is not None
    except (OSError, UnicodeDecodeError):
        return False


class SharedMap:
    """One worker process, started as soon as the caller knows it will
    need it (its interpreter and imports take ~0.3 s, overlapped with the
    caller's own preparation), used for one ``map`` and then ended."""

    def __init__(self, module: str, *, share: bool = True) -> None:
        """Start the worker importing ``module`` (where the mapped function
        lives), when a second core and a safe main module allow one; without
        ``share`` (too little work to pay for a process) the map runs here."""
        self._executor: Any = None
        self._started: Future[object] | None = None
        if not share or not second_core_free() or not _main_is_safe():
            return
        # imported here: a repair that never shares work does not pay for it
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        try:
            self._executor = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
            self._started = self._executor.submit(_import, module)
        except (OSError, ValueError, RuntimeError):  # no process can be started here
            self.close()

    def started(self, timeout: float) -> bool:
        """Whether the worker is up, waiting up to ``timeout`` seconds (the
        map never waits for it: this is for callers who must know)."""
        if self._started is None:
            return False
        try:
            self._started.result(timeout)
        except Exception:
            return False
        return True

    def close(self) -> None:
        """End the worker without waiting for its interpreter to exit (~0.1 s):
        the pool's own thread reaps it."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def __enter__(self) -> SharedMap:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def map(
        self,
        fn: Callable[[S, Sequence[T]], list[R]],
        shared: S,
        items: Sequence[T],
        finished: Callable[[int, int], None] = _ignore,
    ) -> list[R]:
        """``fn(shared, items)``, computed by this process and the worker.
        ``finished(start, stop)`` is told whenever ``items[start:stop]`` are
        done, a chunk at a time, in no particular order (a progress bar; an
        exception it raises ends the map)."""
        chunks = [items[i : i + CHUNK] for i in range(0, len(items), CHUNK)]
        results: list[list[R] | None] = [None] * len(chunks)
        pending: dict[int, Future[list[Any]]] = {}

        def settle(number: int, chunk: list[R] | None) -> None:
            results[number] = chunk
            if chunk is not None:
                finished(number * CHUNK, number * CHUNK + len(chunks[number]))

        def collect() -> None:
            for number, future in list(pending.items()):
                if future.done():
                    del pending[number]
                    settle(number, _delivered(future))

        executor = self._executor
        if executor is not None:
            try:  # one worker runs its calls in order: this one comes first
                executor.submit(_keep, fn, shared)
            except RuntimeError:
                executor = None
        front, back = 0, len(chunks)  # this process did [0, front); the worker has [back, end)
        while front < back:
            collect()
            while executor is not None and len(pending) < AHEAD and back - 1 > front:
                back -= 1
                try:
                    pending[back] = executor.submit(_run, chunks[back])
                except RuntimeError:  # the pool broke: this process does the rest
                    back += 1
                    executor = None
            settle(front, fn(shared, chunks[front]))
            front += 1
        # the worker's last chunks: taken as they come, and where the worker
        # has not delivered yet (no free core: others' load), computed here
        # instead of waited for, the one it would reach last first
        while pending:
            collect()
            if pending:
                number = min(pending)
                pending.pop(number).cancel()
                settle(number, fn(shared, chunks[number]))
        out: list[R] = []
        for number, chunk in enumerate(results):
            if chunk is None:  # a chunk the worker failed on is computed here
                chunk = fn(shared, chunks[number])
                settle(number, chunk)
            out.extend(chunk)
        return out


def _delivered(future: Future[list[Any]]) -> list[Any] | None:
    """The worker's result, or None when it failed (then it is computed here)."""
    try:
        return future.result()
    except Exception:  # a dead worker (BrokenProcessPool), a pickling error...
        return None

"""Long work (loading, hashing, simulating, previewing) off the GUI thread.

Each job kind keeps only its newest submission: a result that arrives after a
newer job of the same kind started is dropped, and cancelling makes the job's
next progress call stop it. A job superseded while it runs (a preview has no
progress call to stop at) is let finish alone: its successor starts when it
ends, and a newer one still replaces the successor before it starts, so at
most one job of a kind runs and holds its results (two 100k previews at once
are twice the memory, and no sooner under the GIL). Results come back through
Qt signals into this object, which lives on the GUI thread, so handlers
always run there.

Work belongs to a discussion: each job carries the generation it was started
in (``generation``), and ``advance`` (another discussion opened, or the one
shown closed) cancels every job of an earlier generation; a result, error or
progress of one that still arrives is dropped, never handed over. Jobs that
belong to no discussion (a folder's recordings, a DiscussionIds root's scan,
an export the person asked for) are submitted with ``bound=False`` and live on.
"""

from __future__ import annotations

import ctypes
import functools
import gc
import os
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThread, QThreadPool, QTimer, Signal, Slot

from ..core.errors import InputError


def _receiver_alive(handler: Callable[..., Any]) -> bool:
    """Whether every Qt object a handler is bound to or closes over still
    exists: a panel deleted while its job ran (a dock torn down, a window
    closed) is handed nothing; calling it raised RuntimeError from the
    event loop (a folder scan finishing after its Discussions tree was
    deleted). Not only a method's ``self``: the Repair panel hands in a
    closure over ``self``, the Recordings panel a lambda, others a
    ``functools.partial`` (issue 29: a search finishing after its panel was
    deleted called into it)."""
    return all(shiboken6.isValid(held) for held in _held_qobjects(handler))


def _held_qobjects(handler: object) -> list[QObject]:
    """The Qt objects ``handler`` holds directly: a method's ``self``, a
    closure's cells, a partial's function and arguments."""
    if isinstance(handler, QObject):
        return [handler]
    if isinstance(handler, functools.partial):
        held = [*_held_qobjects(handler.func)]
        for argument in (*handler.args, *handler.keywords.values()):
            held += _held_qobjects(argument)
        return held
    receiver = getattr(handler, "__self__", None)
    if receiver is not None:
        return [receiver] if isinstance(receiver, QObject) else []
    held = []
    for cell in getattr(handler, "__closure__", None) or ():
        try:
            value = cell.cell_contents
        except ValueError:  # a cell not yet filled
            continue
        if isinstance(value, QObject):
            held.append(value)
    return held


class _GuiThreadCollector(QObject):
    """The cyclic garbage collector, run on the GUI thread only.

    Python starts an automatic collection on whichever thread allocates when
    a threshold is crossed, and jobs run Python on pool threads: a Qt object
    found in a reference cycle there (a session a test let go, a dialog's
    closure) was destroyed out of its thread, and the heap corrupted. So once
    jobs exist, automatic collection is off and this timer, on the GUI
    thread, collects as the thresholds say (the generation Python would
    have). Nothing a job holds stays alive through this: garbage outside
    cycles (a replaced discussion) is freed at once, by reference counting."""

    INTERVAL_MS = 500
    # how long a collection waits for the workers at most (a runner that
    # died with a job running must not stop collecting for good)
    LONGEST_HOLD_S = 5.0

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._timer = QTimer(self, interval=self.INTERVAL_MS)
        self._timer.timeout.connect(self.check)
        self._timer.start()
        self._held_since: float | None = None

    @Slot()
    def check(self) -> None:
        """Collect as Python would have, but not while a worker runs: it
        builds a discussion (hundreds of thousands of young containers, none
        garbage yet) and holds the GIL between the collector's steps, so a
        young collection then walked them on the GUI thread for 50-140 ms on
        two loaded cores (issue 29: one watcher append at 100k)."""
        if _workers_running and not self._held_too_long():
            return
        self._held_since = None
        counts, thresholds = gc.get_count(), gc.get_threshold()
        generation = -1
        for level in range(3):
            if counts[level] <= thresholds[level]:
                break
            generation = level
        if generation >= 0:
            gc.collect(generation)

    def _held_too_long(self) -> bool:
        now = time.monotonic()
        if self._held_since is None:
            self._held_since = now
        return now - self._held_since > self.LONGEST_HOLD_S


_workers_running = 0  # jobs of any runner whose ``run()`` has not returned (``_GuiThreadCollector.check``)
_workers_lock = threading.Lock()


def _count_worker(step: int) -> None:
    global _workers_running
    with _workers_lock:
        _workers_running += step


def keep_as_old() -> None:
    """Move every object the collector tracks to its oldest generation,
    without walking them (``freeze`` then ``unfreeze``: two list splices).

    Called once a loaded discussion is shown: its ~50,000 containers are
    meant to live as long as it does, and as young objects each of the next
    young collections walked them on the GUI thread (gen0/gen1 of 20-225 ms
    after one append at 100k, issue 29). Unlike the ``gc.freeze`` it once
    ended with, nothing stays out of reach: a full collection still walks
    them, so a dropped discussion's cycles are freed then (frozen, each
    reload kept 40 MB for good)."""
    gc.freeze()
    gc.unfreeze()


_collector: _GuiThreadCollector | None = None


def collect_on_gui_thread() -> None:
    """Automatic collection off, collected by a timer on the application's
    thread instead (``_GuiThreadCollector``); once per process, called
    where jobs are set up (on the GUI thread, the application made)."""
    global _collector
    app = QCoreApplication.instance()
    if _collector is not None or app is None:
        return
    gc.disable()
    _collector = _GuiThreadCollector(app)


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim`` (None elsewhere: macOS and Windows give freed pages back themselves)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return getattr(ctypes.CDLL(None), "malloc_trim", None)  # type: ignore[no-any-return]
    except OSError:
        return None


def give_back_freed_memory() -> None:
    """Return the pages a discussion let go to the system, on a thread of its own.

    A discussion is read on pool threads, so glibc keeps its memory in those
    threads' arenas; freed, it stays there, between still-used blocks, and
    the process's resident size never comes down (measured at 100k: +220 MB
    after the first reload, 400 MB after closing that free would not give
    back). ``malloc_trim`` hands those pages back (~50 ms at 100k, with the
    GIL released: nothing waits for it).

    Not at once but ``TRIM_DELAY_MS`` later on the GUI thread (calls in
    between make one trim): the job that read the new state still holds the
    previous discussion in its closure until the event loop lets it go
    (``JobRunner._on_ended``), so a trim started in the handler that asks
    for it gave back little of it. Measured at 100k, one append: 454 MB
    after the trim at once, 415 MB after one once all was let go."""
    global _trim_timer
    trim = _malloc_trim()
    if trim is None:
        return
    app = QCoreApplication.instance()
    if app is None or app.thread() is not QThread.currentThread():
        _trim_now()  # no event loop to wait for
        return
    if _trim_timer is None:
        _trim_timer = QTimer(app, singleShot=True, interval=TRIM_DELAY_MS)
        _trim_timer.timeout.connect(_trim_now)
    _trim_timer.start()  # restarted: one trim after the last call


TRIM_DELAY_MS = 100
_trim_timer: QTimer | None = None
_to_let_go: list[object] = []


def let_go_on_worker(*objects: object) -> None:
    """Drop the GUI thread's references to big pure-Python objects (a
    replaced 100k preview) on a thread of its own, once the handler that
    replaced them has returned: freeing them is ~0.1 s of deallocation at
    100k, which ran inside the preview pane's slot and froze the window
    after every watcher append (issue 29). Only plain Python data may come
    here, never a Qt object or a closure over one: those die on their
    thread. Whatever else still holds an object keeps it, as always."""
    app = QCoreApplication.instance()
    if app is None or app.thread() is not QThread.currentThread():
        return  # no event loop to wait for: dropped here, as the caller would have
    if not _to_let_go:
        QTimer.singleShot(0, _hand_over)
    _to_let_go.extend(objects)


def _hand_over() -> None:
    """On the GUI thread, after the handlers: the references move to a thread that drops them."""
    parcel = _to_let_go.copy()
    _to_let_go.clear()
    thread = threading.Thread(target=parcel.clear, name="let_go", daemon=True)
    _letting_go.append(thread)
    thread.start()


def _trim_now() -> None:
    """Trim once nothing of a replaced state is still on its way out: a job
    whose result was handed over but whose worker has not yet said it ended
    (its closure, holding the previous discussion, let go only then), or a
    ``let_go_on_worker`` thread still dropping a preview. Under load the
    worker could stall between the two for more than ``TRIM_DELAY_MS``, and
    the trim then gave back little (test_session_lifecycle, 1 run in ~10
    on CI)."""
    global _trim_waiting_since
    trim = _malloc_trim()
    if trim is None:
        return
    if _trim_timer is not None and (
        _handed_not_ended or any(t.is_alive() for t in _letting_go) or _state_coming()
    ):
        _letting_go[:] = [t for t in _letting_go if t.is_alive()]
        _trim_timer.start()  # again later: the previous state is still going
        return
    _trim_waiting_since = None
    threading.Thread(target=trim, args=(0,), name="malloc_trim", daemon=True).start()


def _state_coming() -> bool:
    """A job is under way whose result replaces what is still held: the
    preview of a reloaded discussion, submitted by the reload's handler and
    held for the paint, hands over the new preview only after it, and the
    previous one (100k messages) lives until then. A trim run in between gave
    back little (``test_session_lifecycle``: 4 runs in 10 once the tests'
    allocations moved the collector's timing). Waited for at most
    ``TRIM_LONGEST_WAIT_S``: a long search (13 s at 100k) must not put the
    trim off for its whole run."""
    global _trim_waiting_since
    if not any(shiboken6.isValid(runner) and not runner.idle for runner in list(_runners)):
        return False
    now = time.monotonic()
    if _trim_waiting_since is None:
        _trim_waiting_since = now
    return now - _trim_waiting_since < TRIM_LONGEST_WAIT_S


TRIM_LONGEST_WAIT_S = 3.0
_trim_waiting_since: float | None = None
_runners: weakref.WeakSet[JobRunner] = weakref.WeakSet()  # every runner made (``_state_coming``)


_handed_not_ended: set[int] = set()  # ids of jobs whose result was handed over, not yet ended
_letting_go: list[threading.Thread] = []


_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
MMAP_THRESHOLD = 128 * 1024  # glibc's default starting threshold, kept fixed


def large_blocks_mapped() -> bool:
    """From now on, every C block of ``MMAP_THRESHOLD`` or more has pages of
    its own, returned to the system when freed; True when set.

    glibc starts so but raises the threshold each time such a block is
    freed, up to 32 MB: after the first reload frees the last state's big
    buffers (the transcript's bytes, lists of 100k rows), the next state's
    come from the heap, between small objects that outlive them, and their
    pages cannot be given back even by ``malloc_trim``. Measured at 100k,
    ten appends (issue 29's memory row, ``gui_memory.py``): 335 MB open,
    then 387-400 MB (1.16-1.20x) with the rising threshold, 358-390 MB
    (1.07-1.17x, four runs) with it fixed, the live blocks the same
    (mallinfo2: ~245 MB after each append); closed, 115-119 MB instead of
    136-144. The open's time did not move (2.5-2.9 s either way, three
    runs each); thresholds of 512 KB and 1 MB kept less back (1.17x,
    1.21x: the rows' 800 KB lists fall below them). Fixing it (``mallopt``)
    turns off the rising. Not done outside glibc (Linux only)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = getattr(ctypes.CDLL(None), "mallopt", None)
    except OSError:
        return False
    if mallopt is None:
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))


class _Allocator(ctypes.Structure):
    """CPython's ``PyMemAllocatorEx``: a context and four C functions."""

    _fields_ = [(name, ctypes.c_void_p) for name in ("ctx", "malloc", "calloc", "realloc", "free")]


_RAW, _MEM, _OBJ = 0, 1, 2  # PyMemAllocatorDomain
_small_objects_from_malloc = False


def small_objects_from_malloc() -> bool:
    """From now on, Python's small objects come from the C allocator, whose
    freed pages ``malloc_trim`` gives back; True when done.

    A discussion is millions of small objects. Python's own allocator
    (pymalloc) carves them from 1 MB arenas and returns an arena to the
    system only once every object in it is gone; the objects that outlive a
    discussion (made while it was open: a widget's, a cache's, a signal's)
    are scattered through its arenas and pin them. Measured at 100k on
    Linux: after closing it and opening a 10-message chat, 92 arenas
    (96 MB) held 20 MB of objects, 76 MB more than a fresh window's; after
    ten appends, 45 MB of empty pools (``sys._debugmallocstats``). The C
    allocator frees at page size, and ``give_back_freed_memory`` returns
    those pages. Processes started with ``PYTHONMALLOC=malloc`` get this;
    an installed app cannot set that before its interpreter starts, so
    here the allocator of the MEM and OBJ domains is swapped while running:
    new blocks come from the RAW domain's (C) allocator, and realloc and
    free stay the current allocator's, which hands any block that is not
    its own to the C allocator (``address_in_range``): blocks made before
    the swap and after it are both freed by whom made them. Not done
    (False) where it was not measured or could not be sound: outside Linux
    and CPython, under ``PYTHONMALLOC`` or ``-X dev`` (debug hooks keep a
    header per block) or while ``tracemalloc`` traces (its hooks wrap the
    allocator), nor in a free-threaded build (mimalloc, not pymalloc).
    CPython documents a swap after start-up as supported only when the new
    allocator wraps the old: realloc and free do. Called once, on the main
    thread, before any job runs. Cost measured (CPython 3.11): ``preview
    --json`` at 100k 1.12-1.19 s CPU with pymalloc, 1.19-1.30 s without;
    the window with 100k open 406 MB instead of 397 (the C allocator's
    header on every block)."""
    global _small_objects_from_malloc
    if _small_objects_from_malloc:
        return True
    import _tracemalloc  # what tracemalloc.is_tracing calls, without tracemalloc's imports (issue 33)

    if (
        not sys.platform.startswith("linux")
        or sys.implementation.name != "cpython"
        or os.environ.get("PYTHONMALLOC")
        or sys.flags.dev_mode
        or _tracemalloc.is_tracing()
        or _free_threaded()
    ):
        return False
    api = ctypes.pythonapi
    api.PyMem_GetAllocator.argtypes = api.PyMem_SetAllocator.argtypes = [
        ctypes.c_int,
        ctypes.POINTER(_Allocator),
    ]
    api.PyMem_GetAllocator.restype = api.PyMem_SetAllocator.restype = None
    raw = _Allocator()
    api.PyMem_GetAllocator(_RAW, ctypes.byref(raw))
    for domain in (_MEM, _OBJ):
        current = _Allocator()
        api.PyMem_GetAllocator(domain, ctypes.byref(current))
        swapped = _Allocator(current.ctx, raw.malloc, raw.calloc, current.realloc, current.free)
        api.PyMem_SetAllocator(domain, ctypes.byref(swapped))
    _small_objects_from_malloc = True
    return True


def _free_threaded() -> bool:
    """A free-threaded build (3.13 on). Asked of ``sysconfig`` only there: it
    reads the build's whole configuration, a few ms of every start-up."""
    if sys.version_info < (3, 13):
        return False
    import sysconfig

    return bool(sysconfig.get_config_var("Py_GIL_DISABLED"))


class Cancelled(Exception):
    """Raised inside a job when the user cancelled it."""


class _Signals(QObject):
    progress = Signal(str, int, object, float)  # kind, token, stage (text or an engine ``Said``), fraction
    finished = Signal(str, int, object)
    failed = Signal(str, int, object)  # always an InputError: a bug's message is wrapped in one
    ended = Signal(object)  # the job, once its run() has returned


def _spent(_progress: Callable[[object, float], None]) -> None:
    """What a job's work is once it has run (see ``JobRunner._on_ended``)."""


def _let_go(_work: object) -> None:
    """Called from the event loop with a spent job's work, which goes with the call."""


class _Job(QRunnable):
    def __init__(
        self, kind: str, token: int, work: Callable[..., Any], signals: _Signals, generation: int | None
    ) -> None:
        super().__init__()
        self.kind, self.token, self.work, self.signals = kind, token, work, signals
        self.generation = generation  # the discussion's it works for; None: no discussion's
        self.cancelled = threading.Event()

    def _progress(self, stage: object, fraction: float) -> None:
        if self.cancelled.is_set():
            raise Cancelled
        self.signals.progress.emit(self.kind, self.token, stage, fraction)

    def run(self) -> None:
        _count_worker(1)
        try:
            self._run()
        finally:
            _count_worker(-1)
            self.signals.ended.emit(self)  # its work is let go there (``JobRunner._on_ended``)

    def _run(self) -> None:
        try:
            result = self.work(self._progress)
        except Cancelled:
            return
        except InputError as error:
            self.signals.failed.emit(self.kind, self.token, error)
        except Exception as error:  # a bug: tell the user in one line, keep the trace for us
            # (wrapped here, the one place: every handler takes an InputError)
            traceback.print_exc(file=sys.stderr)
            message = QCoreApplication.translate("JobRunner", "unexpected error: %1").replace(
                "%1", repr(error)
            )
            self.signals.failed.emit(self.kind, self.token, InputError(None, message))
        else:
            if not self.cancelled.is_set():
                self.signals.finished.emit(self.kind, self.token, result)


PAINT_FIRST_MS = 50  # how long a job submitted ``after_paint`` waits for the paint


class JobRunner(QObject):
    """Runs ``work(progress)`` callables; reports back on the GUI thread."""

    progressed = Signal(str, object, float)  # kind, stage (text or an engine ``Said``), fraction
    busyChanged = Signal(bool)
    cancelled = Signal(str)  # kind: its job was stopped (Cancel), not replaced by a newer one
    # kind: a job of it was submitted, handed over or stopped, so ``busy(kind)``
    # may say otherwise now (after the handler ran: a follow-up it submitted counts)
    kindChanged = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        collect_on_gui_thread()
        # the pool first: children die in the order made, and the pool's death
        # waits for its jobs, whose last signals need ``_signals`` alive (made
        # first, a runner deleted mid-job had its worker emit from a freed object)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(2)
        self._signals = _Signals(self)
        self._signals.progress.connect(self._on_progress)
        self._signals.finished.connect(self._on_finished)
        self._signals.failed.connect(self._on_failed)
        self._signals.ended.connect(self._on_ended)
        # every started job stays referenced until its run() returned: a
        # cancelled job's Python object must outlive the pool thread using it
        self._running: set[_Job] = set()
        self._waiting: dict[str, _Job] = {}  # the next job of a kind whose cancelled one still runs
        self._held: dict[str, _Job] = {}  # submitted ``after_paint``: started once the views painted
        self._release = QTimer(self, singleShot=True, interval=PAINT_FIRST_MS)
        self._release.timeout.connect(self._start_held)
        self._tokens: dict[str, int] = {}
        self._jobs: dict[str, _Job] = {}
        self._handlers: dict[str, tuple[Callable[[Any], None], Callable[[InputError], None]]] = {}
        self._lasting: dict[str, bool] = {}  # kind: its result is kept long (``submit``)
        self.generation = 0  # the discussion shown or being opened (``advance``)
        _runners.add(self)

    def submit(
        self,
        kind: str,
        work: Callable[[Callable[[Any, float], None]], Any],
        on_done: Callable[[Any], None],
        on_error: Callable[[InputError], None],
        *,
        bound: bool = True,
        after_paint: bool = False,
        lasting: bool = False,
    ) -> None:
        """Run ``work`` for the discussion of the current generation (``bound``)
        or for none; a newer job of ``kind`` replaces it. ``after_paint``: it
        counts as under way at once but starts ``PAINT_FIRST_MS`` later, once
        the event loop has painted what the caller just showed (``_start_held``
        says why). ``lasting``: what the handler keeps of the result lives
        long (a loaded discussion), so it is moved out of the young
        generations once handled (``keep_as_old``)."""
        self._drop(kind)
        token = self._tokens.get(kind, 0) + 1
        self._tokens[kind] = token
        job = _Job(kind, token, work, self._signals, self.generation if bound else None)
        job.setAutoDelete(False)
        self._jobs[kind] = job
        self._handlers[kind] = (on_done, on_error)
        self._lasting[kind] = lasting
        self.busyChanged.emit(True)
        if after_paint:
            self._held[kind] = job
            if not self._release.isActive():
                self._release.start()
        else:
            self._start_or_wait(job)
        self.kindChanged.emit(kind)

    def _start_or_wait(self, job: _Job) -> None:
        if any(running.kind == job.kind for running in self._running):
            self._waiting[job.kind] = job  # replaces a waiting one, which never starts
        else:
            self._start(job)

    def _start_held(self) -> None:
        """Start the jobs held for the paint. A handler that shows a new state
        (a reload at 100k: the table's new rows, the strip's layout) and then
        asks for more work (the preview, the file's history) had those workers
        start while the window painted it: on two cores, with the GIL handed
        to them every fraction of a millisecond, that paint stretched to
        0.3-0.7 s after an append (issue 29; one watcher append at load 5-10).
        ``PAINT_FIRST_MS`` after the handler the paint it asked for has run:
        the event loop delivers the posted paint before a timer that is not
        due yet. Counted from when the handler returned, not from the
        submit inside it: a handler of 70-130 ms (a reload at 100k on two
        loaded cores) found the timer due, the jobs started before the
        paint, and it stretched to 0.6 s under them."""
        held, self._held = list(self._held.values()), {}
        for job in held:
            self._start_or_wait(job)

    def _start(self, job: _Job) -> None:
        self._running.add(job)
        self._pool.start(job)

    def busy(self, kind: str) -> bool:
        """A job of ``kind`` is under way (its result not handed over yet)."""
        return kind in self._jobs

    @property
    def idle(self) -> bool:
        """No job under way: every result (or error) handed over, as ``busyChanged(False)`` said."""
        return not self._jobs

    def waiting(self, kind: str) -> bool:
        """The job of ``kind`` is not started yet: it waits for its superseded
        predecessor to return, or for the paint (``after_paint``)."""
        return kind in self._waiting or kind in self._held

    def cancel(self, kind: str) -> None:
        """Stop the job of ``kind``; whoever started it hears ``cancelled``
        (a panel that said "looking for …" must stop saying it)."""
        if self._drop(kind):
            self.cancelled.emit(kind)
            self._settle()
            self.kindChanged.emit(kind)

    def _drop(self, kind: str) -> bool:
        """Stop the job of ``kind`` without a word (a newer one replaces it)."""
        job = self._jobs.pop(kind, None)
        if job is None:
            return False
        job.cancelled.set()
        # its handlers are never called now: not kept (a panel's closure over
        # the discussion it was started for) until the next job of the kind
        del self._handlers[kind]
        if self._waiting.get(kind) is job:  # never started: nothing to stop
            del self._waiting[kind]
        if self._held.get(kind) is job:
            del self._held[kind]
        self._tokens[kind] = self._tokens.get(kind, 0) + 1
        return True

    def advance(self) -> int:
        """Another discussion (or none): every job started for the previous
        one is cancelled (its starter hears ``cancelled``), and whatever of it
        still arrives is dropped. Returns the new generation."""
        self.generation += 1
        for kind, job in list(self._jobs.items()):
            if job.generation is not None:
                self.cancel(kind)
        return self.generation

    def cancel_all(self) -> None:
        for kind in list(self._jobs):
            self.cancel(kind)

    def wait(self, msecs: int = 30000) -> bool:
        """Block until every started job has returned (used on close and in tests);
        those held for the paint are started first."""
        self._release.stop()
        self._start_held()
        done = self._pool.waitForDone(msecs)
        while done and self._waiting:  # their predecessors ended: start and wait for them too
            self._running.clear()
            for kind in list(self._waiting):
                self._start(self._waiting.pop(kind))
            done = self._pool.waitForDone(msecs)
        if done:
            self._running.clear()
        return done

    def _current(self, kind: str, token: int) -> bool:
        job = self._jobs.get(kind)
        return (
            job is not None
            and self._tokens.get(kind) == token
            and job.generation in (None, self.generation)  # another discussion's: never shown
        )

    def _settle(self) -> None:
        if not self._jobs:
            self.busyChanged.emit(False)

    @Slot(object)
    def _on_ended(self, job: _Job) -> None:
        # The pool keeps every job it ran referenced (PySide's reference to a
        # runnable that does not delete itself), and with it the work's
        # closure: the discussion it was started for, the session. Let go
        # on the GUI thread, from the event loop: let go on the worker, the
        # closure's last reference to a session took the session's QObjects
        # down with it there, out of their thread; let go here, it deleted
        # the session (and this runner, its child) inside this very slot.
        # Either corrupted the heap (a crash some tests later).
        work, job.work = job.work, _spent
        QTimer.singleShot(0, functools.partial(_let_go, work))
        _handed_not_ended.discard(id(job))  # a trim waiting for it may run (``_trim_now``)
        self._running.discard(job)
        waiting = self._waiting.get(job.kind)
        if waiting is not None and not any(running.kind == job.kind for running in self._running):
            del self._waiting[job.kind]
            self._start(waiting)

    @Slot(str, int, object, float)
    def _on_progress(self, kind: str, token: int, stage: object, fraction: float) -> None:
        if self._current(kind, token):
            self.progressed.emit(kind, stage, fraction)

    def _complete(self, kind: str, token: int, succeeded: bool, payload: Any) -> None:
        """Hand a current job's result (or error) to its handler; drop stale ones."""
        if not self._current(kind, token):
            return
        _handed_not_ended.add(id(self._jobs.pop(kind)))
        on_done, on_error = self._handlers.pop(kind)
        self._settle()
        handler = on_done if succeeded else on_error
        if not _receiver_alive(handler):
            self.kindChanged.emit(kind)
            return
        try:
            handler(payload)
            if succeeded and self._lasting.get(kind):
                keep_as_old()
        finally:
            if self._held:  # the paint the handler asked for comes first (``_start_held``)
                self._release.start()
            self.kindChanged.emit(kind)

    @Slot(str, int, object)
    def _on_finished(self, kind: str, token: int, result: object) -> None:
        self._complete(kind, token, True, result)

    @Slot(str, int, object)
    def _on_failed(self, kind: str, token: int, error: InputError) -> None:
        self._complete(kind, token, False, error)

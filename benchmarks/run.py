"""Issue 8's targets, measured as ratios to the floor in one run (``make bench``).

The floor is the least any tool must do for a discussion, as one process
(``floor.py``: parse both files with orjson, SHA-256 every content, write the
store). Each command is timed as a whole process too, interleaved with the
floor (floor, task, floor, task, ...) and each side's best repetition kept:
the machine is shared, and load from others slows both sides of a pair
alike, so the ratio holds where absolute seconds do not. Every operation is
also run at 10k messages to show it grows linearly (10k -> 100k at most 12x).
Data is ``data.py``'s: realistic lengths, CJK and emoji, image-only
messages, orphans, untracked / half / fully tracked.

Exit status 1 when a target is missed. Environment: ``BENCH_REPEAT`` (best
of N, default 5), ``BENCH_DATA`` (where generated data is kept),
``BENCH_GUI=0`` skips the window rows.
"""

from __future__ import annotations

import gc
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import data  # noqa: E402  (benchmarks/ is not a package)

# Processes run as an installed program does: with compiled bytecode (an
# installer compiles it; a PYTHONDONTWRITEBYTECODE shell would otherwise make
# every run compile the package from source, and time that instead).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
PYTHON = sys.executable
CLI = [PYTHON, "-m", "timeline_app"]
NOW = "2025-09-22 10:00:00"
REPEAT = int(os.environ.get("BENCH_REPEAT", "5"))
FOLDER = Path(os.environ.get("BENCH_DATA", Path(tempfile.gettempdir()) / "timeline-inspector-bench"))
GROWTH_LIMIT = 12.0


@dataclass
class Row:
    name: str
    value: float  # the figure the target is about
    target: float | None  # most allowed (None: shown for information)
    unit: str  # "x floor", "x middleware", "x open", "s", "MB"
    detail: str = ""
    growth: float | None = None  # 100k time / 10k time

    @property
    def missed(self) -> bool:
        late = self.target is not None and self.value > self.target
        return late or (self.growth is not None and self.growth > GROWTH_LIMIT)


def _run(argv: list[str], out: Path | None = None, cwd: Path | None = None) -> float:
    """Wall seconds of one process (output to ``out`` or discarded)."""
    with open(out or os.devnull, "wb") as sink:
        start = time.perf_counter()
        subprocess.run(argv, stdout=sink, stderr=subprocess.DEVNULL, check=True, env=ENV, cwd=cwd)
        return time.perf_counter() - start


def _paired(reference: Callable[[], float], task: Callable[[], float], repeat: int) -> tuple[float, float]:
    """Best of ``repeat`` for each, run alternately so both see the same load."""
    best_ref = best_task = float("inf")
    for _ in range(repeat):
        best_ref = min(best_ref, reference())
        best_task = min(best_task, task())
    return best_ref, best_task


def _floor(ds: data.Dataset, serialise: bool = False) -> Callable[[], float]:
    extra = ["--serialise"] if serialise else []
    out = FOLDER / "floor-out.json"
    return lambda: _run([PYTHON, str(HERE / "floor.py"), str(ds.transcript), str(ds.store), str(out), *extra])


def _cli(*argv: str) -> Callable[[], float]:
    """A command; an ``--output`` file is removed before each run (not timed), as
    a new output is: over an old one the command backs it up first, which left
    one ``out.json.bak-*`` per run in the data folder."""
    written = [Path(argv[i + 1]) for i, arg in enumerate(argv[:-1]) if arg == "--output"]

    def run() -> float:
        for path in written:
            path.unlink(missing_ok=True)
        return _run([*CLI, *argv, "--now", NOW])

    return run


def backfill_output(ds: data.Dataset) -> list[str]:
    return [
        "backfill",
        str(ds.transcript),
        "--timestamps",
        str(ds.store),
        "--output",
        str(FOLDER / "out.json"),
    ]


def preview_json(ds: data.Dataset) -> list[str]:
    return ["preview", str(ds.transcript), "--timestamps", str(ds.store), "--style", "relative", "--json"]


def command_row(name: str, argv: Callable[[data.Dataset], list[str]], serialise: bool, target: float) -> Row:
    """A command at 100k as a multiple of the floor, and its 10k -> 100k growth."""
    big, small = data.write_dataset(FOLDER, 100_000, "half"), data.write_dataset(FOLDER, 10_000, "half")
    floor, task = _paired(_floor(big, serialise), _cli(*argv(big)), REPEAT)
    _, task_small = _paired(_floor(small, serialise), _cli(*argv(small)), REPEAT)
    return Row(
        name,
        task / floor,
        target,
        "x floor",
        f"{task:.2f} s vs floor {floor:.2f} s; 10k: {task_small:.2f} s",
        task / task_small,
    )


def shapes_row(argv: Callable[[data.Dataset], list[str]], name: str, serialise: bool) -> list[Row]:
    """The same command on untracked and fully tracked files (for information)."""
    rows = []
    for shape in ("untracked", "full"):
        ds = data.write_dataset(FOLDER, 100_000, shape)
        floor, task = _paired(_floor(ds, serialise), _cli(*argv(ds)), max(2, REPEAT // 2))
        rows.append(Row(f"{name}, {shape}", task / floor, None, "x floor", f"{task:.2f} s vs {floor:.2f} s"))
    return rows


def startup_row(python: str = PYTHON, name: str = "preview of a 10-message chat") -> Row:
    """A 10-message preview against the middleware's own work on the same chat,
    both run by ``python`` (from the data folder: ``-m`` would put the
    working folder, a checkout, first on the path)."""
    ds = data.write_dataset(FOLDER, 10, "half")
    cli = [python, "-m", "timeline_app", *preview_json(ds), "--now", NOW]
    middleware = [python, str(HERE / "middleware.py"), str(ds.transcript), str(ds.store), NOW]
    ref, task = _paired(lambda: _run(middleware, cwd=FOLDER), lambda: _run(cli, cwd=FOLDER), REPEAT * 4)
    bare, _ = _paired(lambda: _run([python, "-c", "pass"], cwd=FOLDER), lambda: 0.0, REPEAT * 4)
    return Row(
        name,
        task / ref,
        0.6 if python == PYTHON else None,
        "x middleware",
        f"{task * 1000:.0f} ms vs middleware {ref * 1000:.0f} ms; bare interpreter {bare * 1000:.0f} ms",
    )


def installed_python(source: Path = HERE.parent, work: Path = FOLDER / "installed") -> str:
    """The python of a fresh venv with the package installed from its wheel,
    as ``pip install`` leaves it: no editable install, whose path finder the
    venv's ``site`` loads in every process (~14 ms, both sides of the start-up
    row). The dependencies come from this venv by a path entry (its ``.pth``
    files, the editable finder among them, do not run). ``source``: a
    checkout, copied first (a build writes into its tree)."""
    import shutil
    import site

    shutil.rmtree(work, ignore_errors=True)
    skip = {".venv", ".git", "build", "dist", ".pytest_cache", ".ruff_cache", ".hypothesis", "__pycache__"}
    shutil.copytree(source, work / "src", ignore=lambda _d, names: [n for n in names if n in skip])
    quiet: dict[str, Any] = {"check": True, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    pip = [PYTHON, "-m", "pip"]
    subprocess.run([*pip, "wheel", "--no-deps", "-q", "-w", work / "wheel", work / "src"], **quiet)
    (wheel,) = (work / "wheel").glob("timeline_inspector-*.whl")
    venv = work / "venv"
    subprocess.run([getattr(sys, "_base_executable", PYTHON), "-m", "venv", "--without-pip", venv], **quiet)
    python = str(venv / "bin" / "python")
    subprocess.run([*pip, "--python", python, "install", "--no-deps", "-q", wheel], **quiet)
    where = [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"]
    purelib = Path(subprocess.run(where, check=True, capture_output=True, text=True).stdout.strip())
    (purelib / "dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    return python


def installed_startup_row() -> Row:
    """``startup_row`` with both sides run by an installed (wheel) copy's venv:
    what a user who installed the program runs. Information beside the target's row."""
    return startup_row(installed_python(), "preview of a 10-message chat, from the wheel")


def _in_process(fn: Callable[[], object], repeat: int) -> float:
    """Best seconds of ``fn`` in this process, with what was loaded before it
    frozen out of the cyclic collector's way (as a long-lived window should
    after loading: ``gc.freeze()``), so earlier rows' objects do not slow it."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        gc.freeze()
        try:
            start = time.perf_counter()
            fn()
            best = min(best, time.perf_counter() - start)
        finally:
            gc.unfreeze()
    return best


def repair_row() -> Row:
    """The repair command's work (open + proposals) as a multiple of opening."""
    from timeline_app.core.discussion import open_discussion
    from timeline_app.core.options import EngineOptions
    from timeline_app.core.repair import Confidence, operations_for, propose_repairs, select

    now = datetime.fromisoformat(NOW)
    times = {}
    for count in (10_000, 100_000):
        ds = data.write_dataset(FOLDER, count, "full", broken=0.05)

        def opened(ds: data.Dataset = ds) -> object:
            return open_discussion(ds.transcript, ds.store, EngineOptions(), now)

        def repaired(ds: data.Dataset = ds) -> object:
            proposals = propose_repairs(opened(ds))
            return operations_for(select(proposals, Confidence.HIGH))

        times[count] = _paired(lambda f=opened: _in_process(f, 1), lambda f=repaired: _in_process(f, 1), 3)
    (open_big, repair_big), (_, repair_small) = times[100_000], times[10_000]
    return Row(
        "repair at 100k, 5% broken",
        repair_big / open_big,
        3.0,
        "x open",
        f"{repair_big:.2f} s vs open {open_big:.2f} s",
        repair_big / repair_small,
    )


def repair_output(ds: data.Dataset) -> list[str]:
    return [
        "repair",
        str(ds.transcript),
        "--timestamps",
        str(ds.store),
        "--output",
        str(FOLDER / "repaired.json"),
    ]


def instructions(argv: list[str]) -> int | None:
    """Instructions the process (and its worker processes) ran, by callgrind:
    a figure load from other engineers does not move. None without valgrind."""
    import re
    import shutil

    if shutil.which("valgrind") is None:
        return None
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--trace-children=yes", "--callgrind-out-file=/dev/null", *argv],
        capture_output=True,
        env=ENV,
        text=True,
        check=True,
    )
    counts = re.findall(r"Collected : (\d+)", done.stderr)
    return sum(map(int, counts)) if counts else None


def repair_saved_row() -> list[Row]:
    """Issue 33: ``repair --output`` of 100k messages, half never tracked, 5%
    of the tracked saved differently from how they were sent, against the
    floor (wall time, interleaved); with ``BENCH_CALLGRIND=1`` also as
    instruction counts (slow: minutes under valgrind)."""
    big, small = (data.write_dataset(FOLDER, n, "half", saved=0.05) for n in (100_000, 10_000))
    floor, task = _paired(_floor(big), _cli(*repair_output(big)), REPEAT)
    _, task_small = _paired(_floor(small), _cli(*repair_output(small)), REPEAT)
    rows = [
        Row(
            "repair --output, half untracked, 5% saved differently",
            task / floor,
            5.0,
            "x floor",
            f"{task:.2f} s vs floor {floor:.2f} s; 10k: {task_small:.2f} s",
            task / task_small,
        )
    ]
    if os.environ.get("BENCH_CALLGRIND") == "1":
        out = FOLDER / "floor-out.json"
        low = instructions([PYTHON, str(HERE / "floor.py"), str(big.transcript), str(big.store), str(out)])
        (FOLDER / "repaired.json").unlink(missing_ok=True)
        high = instructions([*CLI, *repair_output(big), "--now", NOW])
        if low and high:
            rows.append(
                Row(
                    "  the same in instructions (callgrind)",
                    high / low,
                    5.0,
                    "x floor",
                    f"{high / 1e9:.1f} G vs floor {low / 1e9:.1f} G instructions",
                )
            )
    return rows


def window_repair_rows() -> list[Row]:
    """Issue 33: the repair search the window's worker runs (``propose_repairs``
    with re-anchoring, what ``gui/panels/repair.py`` calls) on a 100k
    discussion with 50k untracked, as is and with 5% of the tracked saved
    differently; seconds in process, the discussion opened before."""
    from timeline_app.core.discussion import open_discussion
    from timeline_app.core.options import EngineOptions
    from timeline_app.core.repair import propose_repairs

    now = datetime.fromisoformat(NOW)
    rows = []
    for saved in (0.0, 0.05):
        ds = data.write_dataset(FOLDER, 100_000, "half", saved=saved)
        opened = open_discussion(ds.transcript, ds.store, EngineOptions(), now)
        seconds = _in_process(lambda opened=opened: propose_repairs(opened, reanchor=True), 3)
        shape = "as is" if not saved else "5% saved differently"
        rows.append(
            Row(f"window's repair search, 50k untracked, {shape}", seconds, 3.0, "s", "engine, in process")
        )
        del opened
    return rows


def _working_copy(name: str, count: int = 100_000, shape: str = "half", **kind: float) -> tuple[Path, Path]:
    """A working copy of a generated pair (``data.write_dataset``; by default
    100k half tracked, 5% saved differently) in ``FOLDER / name``, for a row
    that appends to it: the generated files stay as generated."""
    source = data.write_dataset(FOLDER, count, shape, **(kind or {"saved": 0.05}))
    folder = FOLDER / name
    folder.mkdir(exist_ok=True)
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    transcript.write_bytes(source.transcript.read_bytes())
    store.write_bytes(source.store.read_bytes())
    return transcript, store


def repair_append_rows() -> list[Row]:
    """Issue 29: the Repair panel's list kept current when the middleware
    appends one exchange to an open 100k discussion whose list a whole
    search found: ``update_repairs``, the engine's work on the panel's
    worker, in process, the grown discussion re-opened before. The target:
    the window's shape (50k never tracked, 5% of the tracked saved
    differently) and an exchange tracked as saved (the list is kept). And
    all tracked, 5% broken (order breaks in places: texts open to every
    orphan), an exchange whose question the transcript saved otherwise than
    hashed (a new untracked text and a new orphan): judged from them alone
    (``_grown_search``: only the question is hashed)."""
    import orjson

    from timeline_app.core.discussion import open_discussion, reopen
    from timeline_app.core.hashing import content_hash
    from timeline_app.core.options import EngineOptions
    from timeline_app.core.repair import search_repairs, update_repairs
    from timeline_app.core.timestrings import format_absolute

    now = datetime.fromisoformat(NOW)
    folder = FOLDER / "repair-append"
    folder.mkdir(exist_ok=True)
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    rows = []
    for source, keyed, name, target in (
        (
            data.write_dataset(FOLDER, 100_000, "half", saved=0.05),
            lambda text: text,
            "repair list after one appended exchange",
            0.1,
        ),
        (
            data.write_dataset(FOLDER, 100_000, "full", broken=0.05),
            lambda text: text + " ",
            "repair list after an appended question saved otherwise (all tracked, 5% broken)",
            0.1,
        ),
    ):
        transcript.write_bytes(source.transcript.read_bytes())
        store.write_bytes(source.store.read_bytes())
        options = EngineOptions()
        opened = open_discussion(transcript, store, options, now)
        start = time.perf_counter()
        found = search_repairs(opened)
        whole = time.perf_counter() - start
        document = orjson.loads(transcript.read_bytes())
        entries = orjson.loads(store.read_bytes())
        # the middleware's clock goes on from its last time (the data's runs past ``NOW``)
        last = max(filter(None, opened.timeline.times))
        question, answer = "one more question", "one more answer"
        document["messages"] += [
            {"role": "user", "content": question},
            {"role": "assistant", "content": answer},
        ]
        entries[content_hash(keyed(question))] = format_absolute(last + timedelta(minutes=1))
        entries[content_hash(answer)] = format_absolute(last + timedelta(minutes=2))
        transcript.write_bytes(orjson.dumps(document))
        store.write_text(json.dumps(entries, indent=4), encoding="ascii")
        del document, entries
        grown = reopen(opened, options, now)
        hows: list[tuple[str, int]] = []

        def update(found: Any = found, grown: Any = grown, hows: list[tuple[str, int]] = hows) -> None:
            answer = update_repairs(found, grown)
            hows.append((answer.how, len(answer.proposals)))

        seconds = _in_process(update, REPEAT)
        rows.append(
            Row(
                name,
                seconds,
                target,
                "s",
                f"engine, in process: {hows[-1][0]}, {hows[-1][1]:,} proposals; "
                f"the whole search before it {whole:.2f} s (once)",
            )
        )
        del opened, found, grown
    return rows


def repair_two_writes_rows() -> list[Row]:
    """Issue 29: the middleware writes chat.json, then timestamps.json. A
    reload between the two shows the appended exchange untracked (two new
    texts after the tracked rows, no new time or orphan); the next one
    tracks them. Each step's ``update_repairs``, in process, on the window's
    shape (100k, 50k never tracked, 5% of the tracked saved differently:
    its 52k texts are past ``PADDING_BUDGET``, where the new texts were
    searched with every other again), as seconds, its floor (the grown
    files', interleaved) in the detail. Before the fix: replayed, 0.5-1 s
    quiet, 77 s under load with the live clock behind the data's times."""
    import orjson

    from timeline_app.core.discussion import open_discussion, reopen
    from timeline_app.core.hashing import content_hash
    from timeline_app.core.options import EngineOptions
    from timeline_app.core.repair import search_repairs, update_repairs
    from timeline_app.core.timestrings import format_absolute

    now = datetime.fromisoformat(NOW)
    transcript, store = _working_copy("repair-two-writes")
    options = EngineOptions()
    opened = open_discussion(transcript, store, options, now)
    start = time.perf_counter()
    found = search_repairs(opened)
    whole = time.perf_counter() - start
    last = max(filter(None, opened.timeline.times))
    question, answer = "one more question", "one more answer"
    document = orjson.loads(transcript.read_bytes())
    document["messages"] += [{"role": "user", "content": question}, {"role": "assistant", "content": answer}]
    transcript.write_bytes(orjson.dumps(document))  # chat.json: the exchange, untracked
    del document
    first = reopen(opened, options, now)
    judged = update_repairs(found, first)
    entries = orjson.loads(store.read_bytes())
    entries[content_hash(question)] = format_absolute(last + timedelta(minutes=1))
    entries[content_hash(answer)] = format_absolute(last + timedelta(minutes=2))
    store.write_text(json.dumps(entries, indent=4), encoding="ascii")  # timestamps.json: tracked
    del entries
    second = reopen(first, options, now)
    grown_files = data.Dataset(transcript, store, len(second.timeline.hashes), 0)
    rows = []
    for name, previous, shown in (
        ("repair list after chat.json appended, timestamps.json not yet", found, first),
        ("repair list after the timestamps.json that follows", judged, second),
    ):
        hows: list[tuple[str, int]] = []

        def update(previous: Any = previous, shown: Any = shown, hows: list[tuple[str, int]] = hows) -> float:
            def once() -> None:
                answer = update_repairs(previous, shown)
                hows.append((answer.how, len(answer.proposals)))

            return _in_process(once, 1)

        floor, task = _paired(_floor(grown_files), update, REPEAT)
        rows.append(
            Row(
                name,
                task,
                0.1,
                "s",
                f"{task * 1000:.0f} ms vs floor {floor:.2f} s ({task / floor:.3f}x); engine, in process: "
                f"{hows[-1][0]}, {hows[-1][1]:,} proposals; the whole search before it {whole:.2f} s (once)",
            )
        )
    del opened, found, first, judged, second
    return rows


def repair_behind_clock_row() -> Row:
    """Issue 29: the Repair panel's list kept current when the middleware's
    live clock is behind the file's last times (the data's run past
    ``NOW``): one exchange stamped at ``NOW`` broke the order of every text
    after ``NOW``'s place (~52k of the window's shape: 50k never tracked, 5%
    of the tracked saved differently, open to every orphan), its list found
    by a whole search (once, minutes); then the next exchange, tracked at the
    clock again: ``update_repairs`` in process, as a multiple of the floor
    of the grown files (interleaved). Before the fix each such append
    searched every text in the disorder again (32-37 s)."""
    import orjson

    from timeline_app.core.discussion import open_discussion, reopen
    from timeline_app.core.hashing import content_hash
    from timeline_app.core.options import EngineOptions
    from timeline_app.core.repair import search_repairs, update_repairs
    from timeline_app.core.timestrings import format_absolute

    now = datetime.fromisoformat(NOW)
    transcript, store = _working_copy("repair-behind")

    def append(number: int) -> None:
        """An exchange tracked as saved, stamped by the live clock (``NOW`` on)."""
        document, entries = orjson.loads(transcript.read_bytes()), orjson.loads(store.read_bytes())
        question, answer = f"one more question {number}", f"one more answer {number}"
        document["messages"] += [
            {"role": "user", "content": question},
            {"role": "assistant", "content": answer},
        ]
        entries[content_hash(question)] = format_absolute(now + timedelta(minutes=2 * number))
        entries[content_hash(answer)] = format_absolute(now + timedelta(minutes=2 * number + 1))
        transcript.write_bytes(orjson.dumps(document))
        store.write_text(json.dumps(entries, indent=4), encoding="ascii")

    options = EngineOptions()
    append(0)
    opened = open_discussion(transcript, store, options, now)
    assert now < max(filter(None, opened.timeline.times)), "the data's times must run past NOW"
    start = time.perf_counter()
    found = search_repairs(opened)
    whole = time.perf_counter() - start
    open_to_all = len(found.grown.unbounded) if found.grown is not None else 0
    append(1)
    grown = reopen(opened, options, now)
    hows: list[tuple[str, int]] = []

    def update() -> float:
        def once() -> None:
            answer = update_repairs(found, grown)
            hows.append((answer.how, len(answer.proposals)))

        return _in_process(once, 1)

    entries = len(orjson.loads(store.read_bytes()))
    grown_files = data.Dataset(transcript, store, len(grown.timeline.hashes), entries)
    floor, task = _paired(_floor(grown_files), update, REPEAT)
    return Row(
        "repair list after an exchange behind the file's last times",
        task / floor,
        0.2,
        "x floor",
        f"{task * 1000:.0f} ms vs floor {floor:.2f} s; {hows[-1][0]}, {hows[-1][1]:,} proposals, "
        f"{open_to_all:,} texts open to every orphan; the whole search before it {whole:.0f} s (once)",
    )


def reopen_row() -> Row:
    """Engine side of 'the middleware appends one message': reopen after the
    transcript grew by a request and the store by its entries."""
    import orjson

    from timeline_app.core.discussion import open_discussion, reopen
    from timeline_app.core.options import EngineOptions
    from timeline_app.core.pipeline import prepare_request
    from timeline_app.core.store import TimestampStore
    from timeline_app.core.tracking import track

    now = datetime.fromisoformat(NOW)
    results = {}
    for count in (10_000, 100_000):
        transcript, store = _working_copy(f"reopen-{count}", count, "full", saved=0.0)
        options = EngineOptions()
        best = float("inf")
        for turn in range(3):
            opened = open_discussion(transcript, store, options, now)
            document = orjson.loads(transcript.read_bytes())
            document["messages"] += [
                {"role": "user", "content": f"one more question {turn}"},
                {"role": "assistant", "content": f"one more answer {turn}"},
            ]
            transcript.write_bytes(orjson.dumps(document))
            after = track(prepare_request(document["messages"]), opened.store or TimestampStore(), now)
            store.write_bytes(after.store.file_bytes())
            del document, after
            best = min(
                best, _in_process(lambda opened=opened, options=options: reopen(opened, options, now), 1)
            )
        results[count] = best
    return Row(
        "reopen after one appended request (engine)",
        results[100_000],
        0.1,
        "s",
        "transcript +2 messages, store +2 entries; GUI wiring: see RESULTS.md",
        results[100_000] / results[10_000],
    )


def cold_start_row() -> Row:
    """Issue 33: launch to the first painted window on the demo against a bare
    PySide6 ``QMainWindow`` with a ``QTableView`` (``cold_start.py``), both
    offscreen, interleaved, best of ``REPEAT``."""
    env = {**ENV, "QT_QPA_PLATFORM": "offscreen"}

    def launch(kind: str) -> Callable[[], float]:
        def run() -> float:
            start = time.perf_counter()
            argv = [PYTHON, str(HERE / "cold_start.py"), kind]
            subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
            return time.perf_counter() - start

        return run

    bare, app = _paired(launch("bare"), launch("app"), REPEAT)
    return Row(
        "GUI: cold start to the first painted window",
        app / bare,
        2.0,
        "x bare",
        f"{app:.2f} s vs a bare QMainWindow + QTableView {bare:.2f} s",
    )


def gui_rows() -> list[Row]:
    """Opening in the window, beyond opening a 10-message chat, against the
    floor; then the middleware appending one request to the open discussion."""

    def window(ds: data.Dataset) -> dict[str, float]:
        env = {**ENV, "QT_QPA_PLATFORM": "offscreen"}
        done = subprocess.run(
            [PYTHON, str(HERE / "gui_open.py"), str(ds.transcript), str(ds.store), "--append"],
            capture_output=True,
            check=True,
            env=env,
            text=True,
        )
        return json.loads(done.stdout.strip().splitlines()[-1])

    def best_window(ds: data.Dataset, repeat: int) -> dict[str, float]:
        runs = [window(ds) for _ in range(repeat)]
        best = {name: min(r[name] for r in runs) for name in runs[0]}
        best["peak_rss_mb"] = max(r["peak_rss_mb"] for r in runs)
        return best

    tiny, small, big = (data.write_dataset(FOLDER, n, "half") for n in (10, 10_000, 100_000))
    base = best_window(tiny, 3)["seconds"]
    floor_times, open_runs = [], []
    for _ in range(2):
        floor_times.append(_floor(big)())
        open_runs.append(best_window(big, 1))
    floor = min(floor_times)
    opened = {name: min(r[name] for r in open_runs) for name in open_runs[0]}
    peak = max(r["peak_rss_mb"] for r in open_runs)
    small_run = best_window(small, 2)
    beyond = opened["seconds"] - base
    return [
        Row(
            "GUI: open 100k until table, strip, preview",
            beyond / floor,
            3.0,
            "x floor",
            f"{opened['seconds']:.2f} s - {base:.2f} s (10 messages) vs floor {floor:.2f} s",
            beyond / max(small_run["seconds"] - base, 1e-3),
        ),
        Row("GUI: peak RSS opening 100k", peak, 400.0, "MB", "measured before the append below"),
        Row(
            "GUI: reopen after one appended request",
            opened["reopen_seconds"],
            0.1,
            "s",
            "the engine's work on the worker (read, hash the new, join, track)",
            opened["reopen_seconds"] / small_run["reopen_seconds"],
        ),
        Row(
            "GUI: that reload until shown (information)",
            opened["reload_seconds"],
            None,
            "s",
            "also the strip's layout and the preview of all messages",
            opened["reload_seconds"] / small_run["reload_seconds"],
        ),
    ]


def stall_row(repeat: int = 3) -> Row:
    """Issue 29, "the GUI never freezes": the longest a 2 ms timer on the GUI
    thread waited while the window's watcher showed one exchange the
    middleware appended to an open 100k discussion (``gui_open.py --stall``:
    the reload, the views, the preview and the history after it, until every
    job is done), against the same append to a 10-message chat, which is the
    timer's own floor on this machine (painting, the event loop, other
    load). Interleaved, best of ``repeat`` each: the stall is one moment, and
    other people's load on the 2 cores lengthens it."""
    env = {**ENV, "QT_QPA_PLATFORM": "offscreen"}
    tiny, big = data.write_dataset(FOLDER, 10, "half"), data.write_dataset(FOLDER, 100_000, "half")

    def stall(ds: data.Dataset) -> Callable[[], float]:
        def run() -> float:
            argv = [PYTHON, str(HERE / "gui_open.py"), str(ds.transcript), str(ds.store), "--stall"]
            done = subprocess.run(argv, capture_output=True, check=True, env=env, text=True)
            return float(json.loads(done.stdout.strip().splitlines()[-1])["stall_ms"])

        return run

    floor, largest = _paired(stall(tiny), stall(big), repeat)
    load = os.getloadavg()[0]
    return Row(
        "GUI: largest stall showing an append at 100k",
        largest,
        100.0,
        "ms",
        f"a 10-message chat's {floor:.0f} ms; load {load:.1f} on {os.cpu_count()} cores",
    )


def memory_rows() -> list[Row]:
    """Issue 29 item 7: the window's resident memory while the middleware
    appends ten exchanges to an open 100k discussion, against the first open;
    then that discussion closed and a 10-message chat opened, against a fresh
    window with only that chat open (``gui_memory.py``, each in a process of
    its own)."""
    env = {**ENV, "QT_QPA_PLATFORM": "offscreen"}
    big, tiny = data.write_dataset(FOLDER, 100_000, "half"), data.write_dataset(FOLDER, 10, "half")
    argv = [PYTHON, str(HERE / "gui_memory.py"), str(big.transcript), str(big.store), str(tiny.transcript)]
    argv.append(str(tiny.store))

    def measure(*extra: str) -> dict[str, Any]:
        done = subprocess.run([*argv, *extra], capture_output=True, check=True, env=env, text=True)
        return dict(json.loads(done.stdout.strip().splitlines()[-1]))

    grown = measure()
    fresh = measure("--small-only")
    after = grown["append_mb"]
    return [
        Row(
            "GUI: RSS after 10 appends to 100k",
            after[-1] / grown["open_mb"],
            1.15,
            "x open",
            f"{grown['open_mb']:.0f} MB open, then " + ", ".join(f"{mb:.0f}" for mb in after),
        ),
        Row(
            "GUI: RSS closed, then a 10-message chat",
            grown["then_small_mb"] - fresh["small_mb"],
            50.0,
            "MB",
            f"{grown['then_small_mb']:.0f} MB (closed: {grown['closed_mb']:.0f}) vs a fresh window "
            f"with that chat {fresh['small_mb']:.0f} MB",
        ),
    ]


def history_row() -> Row:
    """Issue 34: 1,000 states of a 10k-entry file in at most 2 s; here as a ratio to reading them."""
    import history_bench

    floor, task = history_bench.measure(FOLDER / "history-states", min(REPEAT, 3))
    return Row(
        f"history of {history_bench.STATES:,} states x {history_bench.ENTRIES // 1000}k entries",
        task / floor,
        5.0,
        "x read",
        f"{task:.2f} s (issue: {history_bench.TARGET_SECONDS:g} s) vs reading every state {floor:.2f} s",
    )


def bundle_row(folder: Path = HERE.parent / "dist" / "timeline-inspector") -> Row:
    """Issue 33: the one-folder bundle on disk, as ``make package`` left it
    (building it here would add minutes and PyInstaller to every run;
    ``make package`` itself fails over the same limit)."""
    sys.path.insert(0, str(HERE.parent / "packaging"))
    import check_bundle

    name = "`make package` bundle on disk"
    if not (folder / "timeline-inspector").is_file():
        return Row(name, 0.0, None, "MiB", f"no bundle in {folder}: run make package first")
    built = datetime.fromtimestamp((folder / "timeline-inspector").stat().st_mtime).strftime("%d %b %H:%M")
    return Row(name, check_bundle.size_mib(folder), check_bundle.LIMIT_MIB, "MiB", f"built {built}")


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def main() -> int:
    FOLDER.mkdir(parents=True, exist_ok=True)
    import compileall

    import timeline_app

    compileall.compile_dir(Path(timeline_app.__file__).parent, quiet=1)
    compileall.compile_dir(HERE, quiet=1, maxlevels=0)
    print(f"machine: {machine()}; best of {REPEAT}, floor and task interleaved; data in {FOLDER}")
    rows = [
        command_row("backfill --output OUT", backfill_output, False, 1.5),
        command_row("preview --style relative --json", preview_json, True, 1.5),
        *shapes_row(backfill_output, "backfill --output", False),
        *shapes_row(preview_json, "preview --json", True),
        startup_row(),
        installed_startup_row(),
        repair_row(),
        *repair_saved_row(),
        *window_repair_rows(),
        *repair_append_rows(),
        *repair_two_writes_rows(),
        repair_behind_clock_row(),
        reopen_row(),
        history_row(),
        bundle_row(),
    ]
    if os.environ.get("BENCH_GUI", "1") != "0":
        rows += [cold_start_row(), *gui_rows(), stall_row(), *memory_rows()]
    print(
        f"{'task (100k messages unless said)':<46} {'measured':>16} {'target':>8} {'10k->100k':>10}  detail"
    )
    for row in rows:
        target = "-" if row.target is None else f"{row.target:g}"
        growth = "-" if row.growth is None else f"{row.growth:.1f}x"
        flag = "  MISSED" if row.missed else ""
        print(f"{row.name:<46} {row.value:>9.2f} {row.unit:<6} {target:>8} {growth:>10}  {row.detail}{flag}")
    missed = [row.name for row in rows if row.missed]
    print(f"{len(missed)} target(s) missed" + (f": {', '.join(missed)}" if missed else ""))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())

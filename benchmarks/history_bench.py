"""Issue 34's target: the history of 1,000 states of a 10k-entry timestamp file, against reading them.

The states are written as the middleware writes them (one entry per line),
each one request later than the one before: a new entry and the reply's
placeholder appended, and every hundredth state a hand edit near the top
(parsed whole). The floor is what any tool must do: read every state's
bytes and parse one of them."""

from __future__ import annotations

import hashlib
import time
from datetime import datetime, timedelta
from pathlib import Path

STATES = 1_000
ENTRIES = 10_000
TARGET_SECONDS = 2.0


def write_states(folder: Path) -> list[Path]:
    """The series, written once and kept (about 1 GB) in the bench's data folder."""
    from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore
    from timeline_app.core.timestrings import format_absolute

    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"state-{step:04d}.json" for step in range(STATES)]
    done = folder / "complete"
    if done.exists():
        return paths
    start = datetime(2026, 1, 1)
    count = ENTRIES - STATES
    entries: dict[str, object] = {
        hashlib.sha256(str(i).encode()).hexdigest(): format_absolute(start + timedelta(seconds=i))
        for i in range(count)
    }
    for step, path in enumerate(paths):
        entries.pop(PLACEHOLDER_KEY, None)
        entries[hashlib.sha256(str(count).encode()).hexdigest()] = format_absolute(
            start + timedelta(seconds=count)
        )
        count += 1
        if step % 100 == 50:
            entries[next(iter(entries))] = f"2026-02-28 08:00:{step % 60:02d}"
        entries[PLACEHOLDER_KEY] = format_absolute(start + timedelta(seconds=count))
        path.write_bytes(TimestampStore(entries).file_bytes())
    done.touch()
    return paths


def measure(folder: Path, repeat: int) -> tuple[float, float]:
    """(best seconds of the floor, best seconds of the history), run alternately."""
    import orjson

    from timeline_app.core.history import build_history

    paths = write_states(folder)

    def floor() -> None:
        for path in paths:
            path.read_bytes()
        orjson.loads(paths[-1].read_bytes())

    best_floor = best_task = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        floor()
        best_floor = min(best_floor, time.perf_counter() - start)
        start = time.perf_counter()
        history = build_history(paths)
        best_task = min(best_task, time.perf_counter() - start)
        assert len(history.states) == STATES
    return best_floor, best_task

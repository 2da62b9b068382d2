"""Timing targets at the scale real chats reach (100,000 messages), as ratios.

Absolute seconds depend on the machine; ratios measured in one run do not
(much). The baseline is the cheapest thing the engine must do anyway: parse
the timestamp file's bytes with orjson. Every other step is reported as a
multiple of it and checked against a target; the script exits 1 when a
target is missed. Run with ``make bench``.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import orjson

from timeline_app.core.context import Style
from timeline_app.core.options import EngineOptions
from timeline_app.core.pipeline import prepare_request
from timeline_app.core.preview import build_preview
from timeline_app.core.repair import propose_repairs
from timeline_app.core.session import open_discussion
from timeline_app.core.store import loads_store
from timeline_app.core.timestrings import format_absolute
from timeline_app.core.tracking import track

COUNT = int(os.environ.get("BENCH_MESSAGES", "100000"))
NOW = datetime(2025, 9, 21, 12, 0)

# step -> (most allowed multiple of the baseline, why that figure)
TARGETS = {
    "read store (stdlib json)": (None, "for comparison: why orjson"),
    "hash 100k messages": (60.0, "SHA-256 of every message in the request pipeline"),
    "open discussion (all)": (250.0, "read, hash, join, simulate: what the GUI's loading job does"),
    "strip layout": (40.0, "the timeline strip's geometry, computed off the GUI thread"),
    "simulate request": (80.0, "backfill simulation alone"),
    "preview (absolute)": (120.0, "tracking plus rendering the LLM-bound context"),
    "write store bytes": (20.0, "json.dumps(indent=4), the middleware's own format"),
    "table data, 60 rows": (2.0, "one screenful of the time column formatted lazily"),
    "filter 100k rows by text": (10.0, "on the GUI thread: must stay well under a frame-freeze"),
    "sort 100k rows by time": (5.0, "on the GUI thread, header click"),
    "strip repaint after zoom": (10.0, "GUI thread: the static layer redrawn, all marks in view"),
    "repair proposals, 7% broken": (300.0, "5% trailing-space mismatches (high), 2% edits (medium)"),
}


def _timed(fn: Callable[[], object], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="timeline-bench-"))
    messages = [
        {"role": "user" if i % 2 else "assistant", "content": f"message {i}: " + "lorem ipsum " * (i % 7)}
        for i in range(COUNT)
    ]
    transcript = folder / "chat.jsonl"
    transcript.write_bytes(b"".join(orjson.dumps(m) + b"\n" for m in messages))
    request = prepare_request(messages)
    entries = {
        m.hash: format_absolute(NOW - timedelta(seconds=COUNT - i))
        for i, m in enumerate(request.messages)
        if i % 10
    }
    store_path = folder / "timestamps.json"
    store_path.write_text(json.dumps(entries, indent=4))
    data = store_path.read_bytes()
    store = loads_store(data)

    baseline = _timed(lambda: orjson.loads(data))
    broken_dir = folder / "broken"
    broken_dir.mkdir()
    seen = [dict(m) for m in messages]
    for i in range(0, COUNT, 20):
        seen[i]["content"] += " "  # hashed with a trailing space the front end later trimmed
    for i in range(5, COUNT, 50):
        seen[i]["content"] = "edited " + seen[i]["content"]  # the user edited it afterwards
    broken_store = {
        m.hash: format_absolute(NOW - timedelta(seconds=30 * (COUNT - i)))
        for i, m in enumerate(prepare_request(seen).messages)
    }
    (broken_dir / "timestamps.json").write_text(json.dumps(broken_store, indent=4))
    broken = open_discussion(transcript, broken_dir / "timestamps.json", EngineOptions(), NOW)
    discussion = open_discussion(transcript, store_path, EngineOptions(), NOW)

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from timeline_app.gui.filter_proxy import TimelineFilterProxy
    from timeline_app.gui.strip import TimelineStrip
    from timeline_app.gui.strip_layout import layout_for
    from timeline_app.gui.timeline_model import Column, TimelineTableModel

    app = QApplication.instance() or QApplication([])
    model = TimelineTableModel()
    model.set_discussion(discussion)
    model.set_style(Style.RELATIVE)
    proxy = TimelineFilterProxy()
    proxy.setSourceModel(model)

    strip = TimelineStrip(model)
    strip.resize(1200, 140)
    strip.show()
    strip.set_layout(layout_for(discussion))

    def repaint_strip() -> None:
        strip.fit()
        strip.zoom_by(1.0 + 1e-4 * (1 + len(zooms)))  # a new view each time: the layer is redrawn
        zooms.append(strip.zoom)
        strip.grab()

    zooms: list[float] = []

    def filter_text() -> None:
        proxy.set_text("lorem")
        proxy.set_text("")

    def sort_time() -> None:
        proxy.sort(Column.TIME, Qt.SortOrder.DescendingOrder)
        proxy.sort(-1)

    def screenful() -> None:
        model.set_now(NOW)
        for row in range(COUNT // 2, COUNT // 2 + 60):
            model.data(model.index(row, Column.TIME))

    steps: dict[str, Callable[[], object]] = {
        "read store (stdlib json)": lambda: json.loads(data),
        "hash 100k messages": lambda: prepare_request(messages),
        "open discussion (all)": lambda: open_discussion(transcript, store_path, EngineOptions(), NOW),
        "strip layout": lambda: layout_for(discussion),
        "simulate request": lambda: track(request, store, NOW),
        "preview (absolute)": lambda: build_preview(
            discussion.transcript, store, Style.ABSOLUTE, NOW, request=discussion.request
        ),
        "write store bytes": store.dumps,
        "table data, 60 rows": screenful,
        "filter 100k rows by text": filter_text,
        "sort 100k rows by time": sort_time,
        "strip repaint after zoom": repaint_strip,
        "repair proposals, 7% broken": lambda: propose_repairs(broken),
    }
    print(
        f"{COUNT:,} messages, {len(entries):,} stored times; baseline orjson parse {baseline * 1000:.1f} ms"
    )
    print(f"{'step':<28} {'time':>9} {'× base':>8} {'target':>8}  why")
    missed = []
    for name, fn in steps.items():
        seconds = _timed(
            fn, repeat=1 if name in ("open discussion (all)", "repair proposals, 7% broken") else 3
        )
        ratio = seconds / baseline
        target, why = TARGETS[name]
        flag = "" if target is None or ratio <= target else "  MISSED"
        if flag:
            missed.append(name)
        shown = "-" if target is None else f"{target:.0f}"
        print(f"{name:<28} {seconds * 1000:>7.1f}ms {ratio:>8.1f} {shown:>8}  {why}{flag}")
    del app
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())

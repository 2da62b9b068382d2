"""The strip and the table never contradict each other (issue 31): in every
style each mark sits at the time the table's Time column shows for its row,
and each mark is drawn as the legend says a time of that kind is drawn.

A SillyTavern chat opened alone (all untracked) had its marks at the
transcript's own 2023 times while the table's Time read "≈ 2026-…" (the time
the next request would backfill) and its Gap "1 s": the strip now places the
marks where the table says, and only the CST style, whose prefix shows the
transcript's own times, places them there."""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from timeline_app.core.context import Style
from timeline_app.core.discussion import open_discussion
from timeline_app.core.display import axis_label
from timeline_app.core.options import EngineOptions
from timeline_app.core.timeline import Status
from timeline_app.core.timestrings import parse_absolute
from timeline_app.gui.dialogs import questions
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.menus.help import LEGEND, legend_entry
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import open_and_wait

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
TRANSCRIPTS = sorted(
    p.name for p in FIXTURES.iterdir() if p.suffix in (".json", ".jsonl") and p.name != "cli_english.json"
)


def _anima_pair(folder: Path) -> tuple[Path, Path]:
    """Free Anima's log beside a file that stored its messages a week later,
    one second apart: CST shows the log's own times, the others the file's."""
    folder.mkdir()
    transcript = folder / "free_anima.jsonl"
    shutil.copy(FIXTURES / "free_anima.jsonl", transcript)
    alone = open_discussion(transcript, None, EngineOptions(), datetime(2026, 6, 1))
    untracked = [
        h
        for h, s in zip(alone.timeline.hashes, alone.timeline.statuses, strict=True)
        if s is Status.UNTRACKED
    ]
    start = datetime(2026, 5, 28, 9, 0, 0)
    stored = {h: f"({start + timedelta(seconds=n):%A, %Y-%m-%d %H:%M:%S})" for n, h in enumerate(untracked)}
    store = folder / "timestamps.json"
    store.write_text(json.dumps(stored, indent=4))
    return transcript, store


def _pairs(tmp_path: Path) -> dict[str, tuple[Path, Path | None]]:
    pairs: dict[str, tuple[Path, Path | None]] = {name: (FIXTURES / name, None) for name in TRANSCRIPTS}
    pairs["demo pair"] = (DEMO_TRANSCRIPT, DEMO_TIMESTAMPS)
    pairs["free anima pair"] = _anima_pair(tmp_path / "anima")
    return pairs


def _meaning(window: MainWindow, row: int, text: str) -> str:
    """What the table says of the row's time, in the legend's words: the
    transcript's own time (CST over a transcript that records times), a time
    no file stores (≈, or none), or a stored one."""
    model = window.model
    discussion = model.discussion
    if model.style is Style.CST and discussion.transcript.has_own_times:
        return "own"
    if text.startswith("≈") or model.row_at(row).time is None:
        return "hollow"
    return "stored"


@pytest.mark.parametrize("name", [*TRANSCRIPTS, "demo pair", "free anima pair"])
def test_each_mark_sits_at_the_time_the_table_shows_and_looks_as_the_legend_says(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch, name: str
) -> None:
    # an export of several chats asks which: the first, with its own times
    monkeypatch.setattr(questions, "pick_item", lambda parent, title, label, items, *a: (items[0], True))
    transcript, store = _pairs(tmp_path)[name]
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    open_and_wait(qtbot, window, transcript, store)
    model, strip = window.model, window.strip
    discussion = model.discussion
    legend = {key: text for key, text, _paint in LEGEND}
    placed = 0
    for style in Style:
        window.session.set_style(style)
        layout = strip.strip_layout
        for row in range(model.rowCount()):
            text = model.index(row, Column.TIME).data() or ""
            moment = layout.time_of(row)  # where the mark is drawn
            if style is Style.CST:
                shown = text.removeprefix("≈ ")  # a time the next request would store
                drawn = axis_label(moment, style, discussion.options, discussion.clock_zone) if moment else ""
            else:
                absolute = model.time_string(row, Style.ABSOLUTE).removeprefix("≈ ")
                shown, drawn = parse_absolute(absolute), moment
            assert shown == drawn or (not shown and drawn is None), (name, style, row, text, moment)
            if moment is None:
                continue
            placed += 1
            meaning = _meaning(window, row, text)
            entry = legend_entry(strip.mark_look(row), model.row_at(row).role)
            assert entry == (meaning if meaning != "stored" else entry), (name, style, row, entry)
            if meaning == "stored":
                assert entry in ("user", "assistant", "other"), (name, style, row, entry)
                assert "stored" in legend[entry] or entry == "other", legend[entry]
    assert placed
    # the legend says what the marks mean: a backfill's ≈ time, or the transcript's own (in CST)
    assert "≈" in legend["hollow"] and "backfill" in legend["hollow"]
    assert "CST" in legend["own"] and "transcript" in legend["own"]

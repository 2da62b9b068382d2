"""The strip's axis: monotone, readable at every scale, anomalies located."""

from __future__ import annotations

import itertools
import json
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from conftest import FIXTURES, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette

from timeline_app.core.discussion import Discussion, open_discussion
from timeline_app.core.hashing import content_hash
from timeline_app.core.options import EngineOptions
from timeline_app.core.timeline import Flag, Status, one_second_runs
from timeline_app.core.timestrings import format_absolute
from timeline_app.gui.strip.layout import (
    BREAK_WIDTH,
    DENSE_HOLLOW,
    DENSE_LATE,
    DENSE_STORED,
    StripLayout,
    build_layout,
    dense_xs,
    label_spans,
    layout_for,
    pixel_columns,
    zigzag,
)
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import layout_settled, open_and_wait, show_active

T = datetime(2025, 9, 21, 12)


def test_axis_is_monotone_and_equal_times_share_an_x() -> None:
    times = [T, T + timedelta(seconds=1), T + timedelta(seconds=1), T + timedelta(hours=1), None]
    layout = build_layout(times, ["a", "b", "c", "d", "e"], [True] * 5)
    xs = layout.xs
    assert xs[0] < xs[1] == xs[2] < xs[3] and xs[4] is None
    assert layout.rows_between(xs[1], xs[1]) == [1, 2]


def test_a_year_of_silence_is_a_labelled_break_and_a_second_stays_visible() -> None:
    times = [T, T + timedelta(seconds=1), T + timedelta(days=400), T + timedelta(days=400, seconds=1)]
    runs = one_second_runs(list(enumerate(times)))
    layout = build_layout(times, ["a", "b", "c", "d"], [True] * 4, runs=runs)
    (gap,) = layout.breaks
    assert gap.label == "399 d 23 h"  # truncated, as the middleware truncates
    assert layout.xs[2] - layout.xs[1] == BREAK_WIDTH
    assert layout.xs[1] - layout.xs[0] >= 4  # one second is still some pixels apart
    assert [(r.first_row, r.last_row, r.count) for r in layout.runs] == [(0, 1, 2), (2, 3, 2)]


def test_shared_hashes_are_linked_and_untracked_rows_left_out() -> None:
    times = [T, T + timedelta(seconds=1), T + timedelta(seconds=2), T + timedelta(minutes=5)]
    layout = build_layout(times, ["a", "b", "c", "a"], [True, False, True, True])
    assert layout.links == [(0, 3)]
    assert layout.runs == []  # none given: the strip finds no runs of its own


def _reference(times, hashes, tracked):
    """The layout computed the plain way, one row at a time (what the C-level
    passes of ``build_layout`` must reproduce exactly)."""
    from timeline_app.gui.strip.layout import BREAK_SECONDS, step_width

    distinct = sorted({t for t in times if t is not None})
    x, xs_of, breaks, labels = 0.0, {}, [], []
    for i, moment in enumerate(distinct):
        if i:
            seconds = (moment - distinct[i - 1]).total_seconds()
            if seconds > BREAK_SECONDS:
                breaks.append(x + step_width(seconds) / 2)
                labels.append(moment)
            x += step_width(seconds)
        else:
            labels.append(moment)
        xs_of[moment] = x
    xs = [xs_of.get(t) for t in times]
    links, last = [], {}
    for row, digest in enumerate(hashes):
        if tracked[row]:
            if digest in last:
                links.append((last[digest], row))
            last[digest] = row
    return xs, breaks, labels, sorted(links), x


@given(
    st.lists(
        st.tuples(
            st.one_of(st.none(), st.sampled_from([0, 1, 2, 3, 60, 7 * 3600, 86400 * 30, 86400 * 30 + 1])),
            st.sampled_from("abc"),
            st.booleans(),
        ),
        max_size=30,
    )
)
def test_the_layout_equals_the_row_by_row_reference(rows) -> None:
    times = [None if s is None else T + timedelta(seconds=s) for s, _, _ in rows]
    hashes = [h for _, h, _ in rows]
    tracked = [t for _, _, t in rows]
    layout = build_layout(times, hashes, tracked)
    xs, breaks, labels, links, width = _reference(times, hashes, tracked)
    assert layout.xs == xs and layout.width == width
    assert [b.x for b in layout.breaks] == breaks
    assert [moment for _, moment in layout.time_labels()] == labels
    assert sorted(layout.links) == links
    placed = [row for row, x in enumerate(xs) if x is not None]
    assert layout.rows_between(-1.0, width + 1.0) == sorted(placed, key=lambda r: (xs[r], r))


@given(st.floats(0, 2000), st.floats(0, 50), st.floats(1, 200))
def test_a_zigzag_never_goes_below_the_lanes(x: float, top: float, height: float) -> None:
    """The gap labels sit just under the lanes: no stroke may reach them."""
    points = zigzag(x, top, top + height)
    assert points[0] == (x, top)
    assert all(top <= py <= top + height and abs(px - x) <= 3 + 1e-9 for px, py in points)


@given(st.lists(st.tuples(st.floats(0, 3000), st.floats(1, 200)), max_size=30), st.floats(0, 20))
def test_gap_labels_are_centred_on_their_break_and_never_meet(labels, gap: float) -> None:
    labels = sorted(labels)
    spans = label_spans([c for c, _ in labels], [w for _, w in labels], gap)
    for number, left, right in spans:
        centre, width = labels[number]
        assert abs((left + right) / 2 - centre) < 1e-6 and abs(right - left - width) < 1e-6
    for (_, _, right), (_, left, _) in itertools.pairwise(spans):
        assert left >= right + gap
    assert not labels or spans[0][0] == 0  # the first break always keeps its label


def test_a_long_chinese_gap_label_leaves_out_the_next_close_one() -> None:
    """1 天 15 小时 is wider than the space to the next break: that one's label is left out."""
    spans = label_spans([100.0, 150.0, 300.0], [80.0, 60.0, 60.0])
    assert [number for number, _, _ in spans] == [0, 2]


@given(
    st.lists(st.tuples(st.floats(0, 3000), st.floats(1, 200), st.floats(1, 1e6)), max_size=40),
    st.floats(0, 20),
)
def test_weighted_gap_labels_never_meet_and_the_heaviest_is_always_named(labels, gap: float) -> None:
    """Zoomed out on a long chat, the longest gap of a crowded stretch keeps its label."""
    labels = sorted(labels)
    spans = label_spans([c for c, _, _ in labels], [w for _, w, _ in labels], gap, [s for _, _, s in labels])
    for number, left, right in spans:
        centre, width, _ = labels[number]
        assert abs((left + right) / 2 - centre) < 1e-6 and abs(right - left - width) < 1e-6
    for (_, _, right), (_, left, _) in itertools.pairwise(spans):
        assert left >= right + gap
    if labels:
        heaviest = max(range(len(labels)), key=lambda n: (labels[n][2], -n))
        assert heaviest in [number for number, _, _ in spans]
    kept = {number for number, _, _ in spans}
    for number, (centre, width, _) in enumerate(labels):  # a label left out had no room
        if number not in kept:
            assert any(
                centre - width / 2 < right + gap and centre + width / 2 + gap > left
                for _, left, right in spans
            )


def test_a_crowded_stretch_names_its_longest_gap() -> None:
    """Three close breaks of 6 h, 2 d and 6 h: the label shown is the 2 d one's."""
    spans = label_spans([100.0, 130.0, 160.0], [40.0, 40.0, 40.0], weights=[21600.0, 172800.0, 21600.0])
    assert [number for number, _, _ in spans] == [1]


def test_each_break_carries_its_gap_in_seconds() -> None:
    times = [T, T + timedelta(hours=7), T + timedelta(days=3)]
    layout = build_layout(times, ["user", "assistant", "user"], [True] * 3)
    assert [b.seconds for b in layout.breaks] == [25200.0, 234000.0]


@given(
    st.lists(st.floats(-1e4, 1e6, allow_nan=False), max_size=300),
    st.floats(-1e4, 1e6, allow_nan=False),
    st.floats(0, 1e6, allow_nan=False),
    st.floats(1e-4, 50),
    st.floats(-1e6, 1e3, allow_nan=False),
)
def test_pixel_columns_are_the_columns_of_every_row_in_range(xs, left, span, zoom, shift) -> None:
    """The zoomed-out strip asks per pixel column: it must mark exactly the
    columns a walk over every row in view would."""
    xs.sort()
    right = left + span
    walked = sorted({int(x * zoom + shift) for x in xs if left <= x <= right})
    assert pixel_columns(xs, left, right, zoom, shift) == walked


def test_the_dense_columns_hold_each_lanes_rows_by_kind() -> None:
    times = [T + timedelta(seconds=s) for s in (0, 1, 2, 3)]
    layout = build_layout(times, ["a", "b", "c", "d"], [True] * 4)
    layout.lanes, layout.hollow = [0, 1, 0, 2], [False, False, True, False]
    dense = dense_xs(layout, [False, True, False, False])
    xs = layout.xs
    assert dense[0, DENSE_STORED] == [xs[0]] and dense[0, DENSE_HOLLOW] == [xs[2]]
    assert dense[1, DENSE_STORED] == [xs[1]] and dense[1, DENSE_LATE] == [xs[1]]
    assert dense[2, DENSE_STORED] == [xs[3]] and dense[2, DENSE_LATE] == []


def test_zoomed_into_a_run_of_seconds_the_axis_still_says_when(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Tryout 5: zoomed in on an untracked stretch (times one second apart, no
    break to label) the axis had no label at all. The time in view is named."""
    transcript = tmp_path / "chat.json"
    messages = [{"role": ("user", "assistant")[i % 2], "content": f"line {i}"} for i in range(400)]
    transcript.write_text(json.dumps(messages))
    open_and_wait(qtbot, window, transcript, None)
    window.show()
    show_active(qtbot, window)
    strip = window.strip
    window.select_source_row(200)
    strip.setFocus()
    for _ in range(12):
        qtbot.keyClick(strip, Qt.Key.Key_Plus)
    layout_settled(window)
    image = strip.grab().toImage()
    metrics = strip.fontMetrics()
    base = strip.palette().color(QPalette.ColorRole.Base)
    band = range(strip.height() - metrics.height(), strip.height() - 4)  # inside the focus frame
    inked = [(x, y) for x in range(80, strip.width() - 6) for y in band if image.pixelColor(x, y) != base]
    assert inked, "no time under the zoomed-in strip"


def test_the_axis_carries_on_to_later_times_each_apart_and_the_rows_stay() -> None:
    """The history's states after the messages (backups are dated by when
    they were written): each at an x of its own past the last message,
    a long silence a break, the rows where they were."""
    start = datetime(2026, 3, 1, 9)
    times = [start, start + timedelta(minutes=1)]
    layout = build_layout(times, ["a", "b"], [True, True])
    later = [
        start + timedelta(days=3),
        start + timedelta(days=3, seconds=20),
        start + timedelta(days=3, minutes=5),
    ]
    extended = layout.extended_to([start, *later])
    assert extended.xs == layout.xs and layout.span() == (times[0], times[1])  # the original stays as it was
    assert extended.span() == (start, later[-1])
    xs = [extended.x_of_time(moment) for moment in later]
    assert layout.width < xs[0] < xs[1] < xs[2] == extended.width
    assert len(extended.breaks) == len(layout.breaks) + 1 and layout.width < extended.breaks[-1].x < xs[0]
    assert extended.time_labels()[-1] == (xs[0], later[0])  # named after the break
    assert layout.extended_to(times) is layout  # nothing later: the same layout


def _discussion_with_times(folder: Path, rows: list[tuple[str, int | None]]) -> Discussion:
    """A chat of ``rows`` (role, stored second after T or None), opened with a
    timestamp file holding those times (a system row's time is never read)."""
    messages = [{"role": role, "content": f"message {n}"} for n, (role, _) in enumerate(rows)]
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    transcript.write_text(json.dumps(messages))
    stored = {
        content_hash(m["content"]): format_absolute(T + timedelta(seconds=s))
        for m, (_, s) in zip(messages, rows, strict=True)
        if s is not None
    }
    store.write_text(json.dumps(stored))
    return open_discussion(transcript, store, EngineOptions(), T + timedelta(days=1))


def _assert_brackets_are_the_flagged_runs(discussion: Discussion, layout: StripLayout) -> None:
    """The strip's brackets cover exactly the rows the table flags
    one-second-run, grouped run by run: within a bracket each row is the
    next timestamped row after the one before and one second later; two
    brackets are never one run cut in two."""
    timeline = discussion.timeline
    flagged = [row for row, flags in enumerate(timeline.flags) if Flag.ONE_SECOND_RUN in flags]
    bracketed = [row for run in layout.runs for row in run.rows]
    assert bracketed == flagged
    stamped = [
        row
        for row, status in enumerate(timeline.statuses)
        if status in (Status.TRACKED, Status.UNTRACKED, Status.ENTRY)
    ]
    after = dict(itertools.pairwise(stamped))
    second = timedelta(seconds=1)
    for run in layout.runs:
        assert (run.first_row, run.last_row, run.count) == (run.rows[0], run.rows[-1], len(run.rows))
        assert len(run.rows) >= 2
        for a, b in itertools.pairwise(run.rows):
            assert after[a] == b and timeline.times[b] - timeline.times[a] == second  # type: ignore[operator]
        assert all(layout.run_at(row) is run for row in run.rows)
    for one, other in itertools.pairwise(layout.runs):
        a, b = one.rows[-1], other.rows[0]
        times = timeline.times
        assert not (after[a] == b and times[b] - times[a] == second)  # type: ignore[operator]


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["user", "assistant", "system"]),
            st.one_of(st.none(), st.sampled_from([1, 1, 1, 0, -1, 2, 60])),
        ),
        max_size=12,
    )
)
def test_the_brackets_cover_exactly_the_rows_flagged_one_second_run(qapp, steps) -> None:
    """Tryout (issue 31): the strip found runs of its own, broken by a system
    row between, while the table's flag looks across it (the backward pass
    skips system messages and counts the second down across them): "4 × 1 s"
    over #0-#3 while the table flagged #5 too. Both now read one computation.
    Each row's time is the one before it plus a step (mostly one second, so
    runs are common), or none (untracked)."""
    second = 0
    rows: list[tuple[str, int | None]] = []
    for role, step in steps:
        if step is not None:
            second += step
        rows.append((role, None if step is None else second))
    with tempfile.TemporaryDirectory() as folder:
        discussion = _discussion_with_times(Path(folder), rows)
    _assert_brackets_are_the_flagged_runs(discussion, layout_for(discussion))


def test_a_system_row_does_not_cut_a_backfilled_run(qapp, tmp_path: Path, capsys) -> None:
    """The tryout's file: SillyTavern's send-as chat backfilled at 12:00:00.
    Rows #0-#3 and #5 hold 11:59:56 to 12:00:00; #4 is a system message the
    backward pass skipped. One bracket, "5 × 1 s", over the five."""
    chat = tmp_path / "st_solo_sendas.jsonl"
    chat.write_bytes((FIXTURES / "st_solo_sendas.jsonl").read_bytes())
    store = tmp_path / "timestamps.json"
    store.write_text("{}")
    code, _, err = run_cli(
        capsys, "backfill", str(chat), "--timestamps", str(store), "--write", "--now", "2026-01-10 12:00:00"
    )
    assert code == 0, err
    discussion = open_discussion(chat, store, EngineOptions(), datetime(2026, 1, 10, 12, 0, 30))
    assert discussion.timeline.statuses[4] is Status.SYSTEM
    layout = layout_for(discussion)
    assert [(r.first_row, r.last_row, r.count) for r in layout.runs] == [(0, 5, 5)]
    assert layout.run_at(4) is None  # the system row lies under the bracket, not in the run
    _assert_brackets_are_the_flagged_runs(discussion, layout)

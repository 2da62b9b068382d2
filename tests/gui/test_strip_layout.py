"""The strip's axis: monotone, readable at every scale, anomalies located."""

from __future__ import annotations

from datetime import datetime, timedelta

from timeline_app.gui.strip_layout import BREAK_WIDTH, build_layout

T = datetime(2025, 9, 21, 12)


def test_axis_is_monotone_and_equal_times_share_an_x() -> None:
    times = [T, T + timedelta(seconds=1), T + timedelta(seconds=1), T + timedelta(hours=1), None]
    layout = build_layout(times, ["a", "b", "c", "d", "e"], [True] * 5)
    xs = layout.xs
    assert xs[0] < xs[1] == xs[2] < xs[3] and xs[4] is None
    assert layout.rows_between(xs[1], xs[1]) == [1, 2]


def test_a_year_of_silence_is_a_labelled_break_and_a_second_stays_visible() -> None:
    times = [T, T + timedelta(seconds=1), T + timedelta(days=400), T + timedelta(days=400, seconds=1)]
    layout = build_layout(times, ["a", "b", "c", "d"], [True] * 4)
    (gap,) = layout.breaks
    assert gap.label == "399 d 23 h"  # truncated, as the middleware truncates
    assert layout.xs[2] - layout.xs[1] == BREAK_WIDTH
    assert layout.xs[1] - layout.xs[0] >= 4  # one second is still some pixels apart
    assert [(r.first_row, r.last_row, r.count) for r in layout.runs] == [(0, 1, 2), (2, 3, 2)]


def test_shared_hashes_are_linked_and_untracked_rows_left_out_of_runs() -> None:
    times = [T, T + timedelta(seconds=1), T + timedelta(seconds=2), T + timedelta(minutes=5)]
    layout = build_layout(times, ["a", "b", "c", "a"], [True, False, True, True])
    assert layout.links == [(0, 3)]
    assert layout.runs == []

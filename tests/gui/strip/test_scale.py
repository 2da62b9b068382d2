"""The strip says what its spacing is, and places marks by the rule it states
(issue 31: between breaks the spacing grows with the log of the gap, and only
the breaks said anything: a 5-minute gap looked twice a 10-second one)."""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from timeline_app.gui.menus.help import legend_text
from timeline_app.gui.resources import GUIDE
from timeline_app.gui.strip.layout import BREAK_SECONDS, build_layout, scale_ratios, step_width
from timeline_app.gui.strip.view import LEFT
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import show_active

T = datetime(2026, 3, 1, 9, 0, 0)


def test_the_strip_and_the_legend_name_its_scale(qtbot, demo_window: MainWindow) -> None:
    """Where the user looks: a "log scale" caption under the lane names, whole
    and inside their column; its tooltip, the accessible description and the
    legend's entry say the rule, with the figures the layout draws."""
    window = demo_window
    show_active(qtbot, window)
    strip = window.strip
    text, box = strip.scale_caption()
    assert text == "log scale"
    assert strip.fontMetrics().horizontalAdvance(text) <= box.width() and box.right() <= LEFT
    assert box.top() >= strip._lane_top(2) + strip.lane_height() and box.bottom() <= strip.height()
    statement = strip.scale_statement()
    minute, hour = scale_ratios()
    assert "logarithm" in statement and "Not to scale" in statement and "Gap column" in statement
    assert f"about {minute} times" in statement and f"about {hour} times" in statement
    assert f"a silence over {BREAK_SECONDS // 3600} h is a zig-zag break" in statement
    assert statement == legend_text("scale")
    assert statement in strip.accessibleDescription()
    assert "%" not in statement


def test_the_stated_ratios_are_the_drawn_ones() -> None:
    """1 min and 1 h drawn as many times as wide as 1 s as the legend says."""
    minute, hour = scale_ratios()
    layout = build_layout([T, T + timedelta(seconds=1)], ["a", "b"], [True, True])
    second = layout.xs[1] - layout.xs[0]
    for gap, said in ((60, minute), (3600, hour)):
        drawn = build_layout([T, T + timedelta(seconds=gap)], ["a", "b"], [True, True])
        assert round((drawn.xs[1] - drawn.xs[0]) / second) == said


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=2 * BREAK_SECONDS), min_size=1, max_size=30))
def test_every_gap_is_placed_by_the_stated_rule(gaps: list[int]) -> None:
    """Property over gaps: below a break, the space between two successive
    times is ``step_width`` of their gap (growing with its log: a longer gap
    is never drawn narrower); above, a
    fixed-width break that names it."""
    times = list(itertools.accumulate((timedelta(seconds=g) for g in gaps), initial=T))
    layout = build_layout(times, [str(n) for n in range(len(times))], [True] * len(times))
    steps = [b - a for a, b in itertools.pairwise(layout.xs)]  # type: ignore[operator]
    for gap, step in zip(gaps, steps, strict=True):
        assert step == pytest.approx(step_width(gap), abs=1e-9)
    short = sorted((g, s) for g, s in zip(gaps, steps, strict=True) if g <= BREAK_SECONDS)
    assert all(a[1] <= b[1] + 1e-9 for a, b in itertools.pairwise(short)), "a longer gap drawn narrower"
    assert len(layout.breaks) == sum(g > BREAK_SECONDS for g in gaps)


def test_the_guide_states_the_same_scale_in_both_languages() -> None:
    """The guide (EN and ZH) names the caption and gives the drawn figures."""
    minute, hour = scale_ratios()
    english = GUIDE.read_text(encoding="utf-8")
    chinese = GUIDE.with_name("guide.zh_CN.md").read_text(encoding="utf-8")
    assert "log scale" in english and "not to scale" in english
    assert f"about {minute} times as wide as 1 s and 1 h about {hour} times" in english
    assert "对数刻度" in chinese and f"约为 1 秒的 {minute} 倍，1 小时约为 {hour} 倍" in chinese

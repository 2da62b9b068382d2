"""Where each mark of the timeline strip goes: a warped but monotone time axis.

Real chats mix one-second backfill runs with silences of months. A linear axis
shows one or the other, so the axis gives each step between distinct times a
width that grows with the log of its length, and draws silences longer than
``BREAK_SECONDS`` as a fixed-width break labelled with the gap. Order and
coincidence (equal times share an x) stay exact. Pure Python, so it is tested
without a screen and computed once per discussion, not per paint.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from ..core.display import gap_text
from ..core.session import Discussion
from ..core.store import PLACEHOLDER_KEY
from ..core.timeline import Status

BREAK_SECONDS = 6 * 3600
BREAK_WIDTH = 46.0
MIN_STEP = 4.0
LOG_STEP = 9.0

LANE_USER, LANE_ASSISTANT, LANE_OTHER = 0, 1, 2


def lane_of(role: str) -> int:
    lowered = role.lower()
    return LANE_USER if lowered == "user" else LANE_ASSISTANT if lowered == "assistant" else LANE_OTHER


@dataclass(frozen=True)
class Break:
    x: float  # centre, in unzoomed units
    label: str


@dataclass(frozen=True)
class Run:
    first_row: int
    last_row: int
    count: int


@dataclass
class StripLayout:
    """Unzoomed x per row (None: no time at all), plus what is drawn between marks."""

    xs: list[float | None] = field(default_factory=list)
    hollow: list[bool] = field(default_factory=list)  # time not stored (untracked)
    lanes: list[int] = field(default_factory=list)
    placeholder_x: float | None = None
    width: float = 0.0
    breaks: list[Break] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)
    links: list[tuple[int, int]] = field(default_factory=list)  # rows sharing a hash
    _order: list[int] = field(default_factory=list)  # rows sorted by x
    _sorted_xs: list[float] = field(default_factory=list)
    _times: list[datetime] = field(default_factory=list)  # distinct times, sorted
    _time_xs: list[float] = field(default_factory=list)
    _labels: list[tuple[float, datetime]] | None = None

    def rows_between(self, left: float, right: float) -> list[int]:
        """Rows whose unzoomed x lies in [left, right] (bisect: cheap per paint)."""
        lo = bisect.bisect_left(self._sorted_xs, left)
        hi = bisect.bisect_right(self._sorted_xs, right)
        return self._order[lo:hi]

    def x_of_time(self, moment: datetime) -> float | None:
        """Unzoomed x of any time inside the axis (placeholder marks)."""
        if not self._times:
            return None
        at = bisect.bisect_left(self._times, moment)
        if at < len(self._times) and self._times[at] == moment:
            return self._time_xs[at]
        if at == 0:
            return self._time_xs[0] - MIN_STEP
        if at == len(self._times):
            return self._time_xs[-1] + MIN_STEP
        left, right = self._times[at - 1], self._times[at]
        share = (moment - left) / (right - left)
        return self._time_xs[at - 1] + share * (self._time_xs[at] - self._time_xs[at - 1])

    def time_labels(self) -> list[tuple[float, datetime]]:
        """Axis labels: the first time after each break (and the very first);
        made once (on the loading thread), then read by every paint."""
        if self._labels is None:
            self._labels = self._make_labels()
        return self._labels

    def _make_labels(self) -> list[tuple[float, datetime]]:
        labels: list[tuple[float, datetime]] = []
        for i, (moment, x) in enumerate(zip(self._times, self._time_xs, strict=True)):
            if i == 0 or (moment - self._times[i - 1]).total_seconds() > BREAK_SECONDS:
                labels.append((x, moment))
        return labels


def step_width(seconds: float) -> float:
    if seconds <= 0:
        return 0.0
    if seconds > BREAK_SECONDS:
        return BREAK_WIDTH
    return MIN_STEP + LOG_STEP * math.log10(1.0 + seconds)


def build_layout(times: list[datetime | None], hashes: list[str], tracked: list[bool]) -> StripLayout:
    """``times[i]`` is row i's place in real time; ``tracked[i]`` whether it
    counts for runs and shared-hash links (timestamped messages only)."""
    distinct = sorted({t for t in times if t is not None})
    layout = StripLayout()
    x = 0.0
    time_xs: list[float] = []
    for i, moment in enumerate(distinct):
        if i:
            seconds = (moment - distinct[i - 1]).total_seconds()
            step = step_width(seconds)
            if seconds > BREAK_SECONDS:
                layout.breaks.append(Break(x + step / 2, gap_text(timedelta(seconds=seconds))))
            x += step
        time_xs.append(x)
    layout.width = x
    layout._times = distinct
    layout._time_xs = time_xs
    position = dict(zip(distinct, time_xs, strict=True))
    layout.xs = [position[t] if t is not None else None for t in times]
    pairs = sorted((x, row) for row, x in enumerate(layout.xs) if x is not None)
    layout._sorted_xs = [x for x, _ in pairs]
    layout._order = [row for _, row in pairs]

    second = timedelta(seconds=1)
    start = None
    for row in range(len(times) + 1):
        continues = (
            row < len(times)
            and start is not None
            and tracked[row]
            and times[row] is not None
            and times[row - 1] is not None
            and times[row] - times[row - 1] == second  # type: ignore[operator]
        )
        if continues:
            continue
        if start is not None and row - start >= 2:
            layout.runs.append(Run(start, row - 1, row - start))
        start = row if row < len(times) and tracked[row] and times[row] is not None else None

    by_hash: dict[str, list[int]] = defaultdict(list)
    for row, digest in enumerate(hashes):
        if tracked[row]:
            by_hash[digest].append(row)
    for rows in by_hash.values():
        layout.links.extend(itertools.pairwise(rows))
    return layout


def layout_for(discussion: Discussion) -> StripLayout:
    """The strip's whole layout for a discussion; run on the loading thread."""
    axis = discussion.axis_times()
    timeline = discussion.timeline  # read as columns: no row objects are made
    tracked = [s is Status.TRACKED or s is Status.ENTRY for s in timeline.statuses]
    layout = build_layout([t for t, _ in axis], list(timeline.hashes), tracked)
    layout.hollow = [not real for _, real in axis]
    layout.lanes = [lane_of(role) for role in timeline.roles]
    store = discussion.store
    pending = store.parsed(PLACEHOLDER_KEY) if store is not None else None
    layout.placeholder_x = layout.x_of_time(pending) if pending else None
    layout.time_labels()  # made here, off the GUI thread
    return layout

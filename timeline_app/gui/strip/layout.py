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
import operator
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, tzinfo

from ...core.context import Style
from ...core.discussion import Discussion
from ...core.display import ENGLISH_GAP_UNITS, GapUnits, gap_between, gap_text, minute_precision
from ...core.records import frozen
from ...core.store import PLACEHOLDER_KEY
from ...core.timeline import Flag, Status
from ...core.zones import utc_all
from ..wording import gap_units

BREAK_SECONDS = 6 * 3600
BREAK_WIDTH = 46.0
MIN_STEP = 4.0
LOG_STEP = 9.0

LANE_USER, LANE_ASSISTANT, LANE_OTHER = 0, 1, 2


def lane_of(role: str) -> int:
    lowered = role.lower()
    return LANE_USER if lowered == "user" else LANE_ASSISTANT if lowered == "assistant" else LANE_OTHER


@frozen
class Break:
    x: float  # centre, in unzoomed units
    label: str
    seconds: float = 0.0  # the gap: among breaks too close to label each, the longest is named
    cst_label: str = (
        ""  # the CST style's: between the times to the minute, as its Gap column (``gap_between``)
    )


@frozen
class Run:
    first_row: int
    last_row: int
    count: int
    # the run's rows: a system row between two of them (which the backward
    # pass skips) lies within first..last but is not in the run
    rows: tuple[int, ...] = ()


@dataclass
class StripLayout:
    """Unzoomed x per row (None: no time at all), plus what is drawn between marks."""

    xs: list[float | None] = field(default_factory=list)
    hollow: list[bool] = field(default_factory=list)  # time not stored (untracked)
    # the CST style's own layout, when that style shows other times than the others (the
    # transcript's own, which its prefix shows: ``message_instant``); None: this one
    cst: StripLayout | None = None
    # this is such a layout: its marks sit at the transcript's own times, which the CST
    # prefix shows, none of them stored (the legend's "own" mark)
    for_cst: bool = False
    has_store: bool = False  # a timestamp file is open (the caption says "not the file's")
    # rows that could carry a time and have none, drawn nowhere (said): not those the
    # middleware never dates (a system message)
    unplaced: int = 0
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
    # per (lane, DENSE_*): the unzoomed xs of that lane's rows, ascending, for
    # a zoomed-out paint that looks at pixel columns, not at 100k rows
    dense: dict[tuple[int, int], list[float]] = field(default_factory=dict)

    def rows_between(self, left: float, right: float) -> list[int]:
        """Rows whose unzoomed x lies in [left, right] (bisect: cheap per paint)."""
        lo = bisect.bisect_left(self._sorted_xs, left)
        hi = bisect.bisect_right(self._sorted_xs, right)
        return self._order[lo:hi]

    def run_at(self, row: int) -> Run | None:
        """The bracketed run ``row`` is part of (runs are in row order)."""
        at = bisect.bisect_right(self.runs, row, key=operator.attrgetter("first_row")) - 1
        if at < 0 or self.runs[at].last_row < row:
            return None
        run = self.runs[at]
        inside = bisect.bisect_left(run.rows, row)
        return run if not run.rows or (inside < len(run.rows) and run.rows[inside] == row) else None

    def time_near(self, x: float) -> tuple[float, datetime] | None:
        """The first time at or after unzoomed ``x``, else the last one before
        it: the axis names where the view is when no label falls inside it
        (zoomed into a run of one-second steps)."""
        if not self._times:
            return None
        at = min(bisect.bisect_left(self._time_xs, x), len(self._times) - 1)
        return self._time_xs[at], self._times[at]

    def kept_time(self, later: StripLayout, x: float, reach: float) -> tuple[float, float] | None:
        """Of the times within ``reach`` of unzoomed ``x``, the nearest one
        that ``later`` has too, as (its x here, its x in ``later``): what an
        edit keeps in place on screen. A time only this layout has (the
        edited message's old one) would drag the view along with it."""
        times, xs, theirs = self._times, self._time_xs, later._times
        after = bisect.bisect_left(xs, x)
        before = after - 1
        while True:  # outwards from x, the nearer candidate first
            if after < len(xs) and (before < 0 or xs[after] - x <= x - xs[before]):
                at, after = after, after + 1
            elif before >= 0:
                at, before = before, before - 1
            else:
                return None
            if abs(xs[at] - x) > reach:
                return None
            there = bisect.bisect_left(theirs, times[at])
            if there < len(theirs) and theirs[there] == times[at]:
                return xs[at], later._time_xs[there]

    def time_of(self, row: int) -> datetime | None:
        """The time ``row``'s mark is drawn at (None: not drawn): what the
        table's Time column must show for it in the style this layout is of."""
        x = self.xs[row] if 0 <= row < len(self.xs) else None
        if x is None:
            return None
        return self._times[bisect.bisect_left(self._time_xs, x)]  # distinct times have distinct xs

    def span(self) -> tuple[datetime, datetime] | None:
        """The first and last time on the axis (None: no time at all)."""
        return (self._times[0], self._times[-1]) if self._times else None

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

    def extended_to(self, later: Sequence[datetime], units: GapUnits = ENGLISH_GAP_UNITS) -> StripLayout:
        """This layout with its axis carried on past its last time to each of
        ``later`` (the file's history: backups are dated by when they were
        written, after every message, and all sat in one arrow at the axis'
        end, so stepping through them moved nothing, tryout). The rows keep
        their xs; the new stretch is warped as the rest (a long silence a
        break). ``self`` when none is later than the last time."""
        if not self._times:
            return self
        last = self._times[-1]
        extra = sorted({moment for moment in later if moment > last})
        if not extra:
            return self
        xs, breaks, labels = list(self._time_xs), list(self.breaks), list(self.time_labels())
        x = self.width
        for before, moment in zip([last, *extra], extra, strict=False):
            gap = (moment - before).total_seconds()
            step = BREAK_WIDTH if gap > BREAK_SECONDS else MIN_STEP + LOG_STEP * math.log10(1.0 + gap)
            if gap > BREAK_SECONDS:
                breaks.append(_break(x + step / 2, before, moment, units))
                labels.append((x + step, moment))
            x += step
            xs.append(x)
        return replace(
            self, width=x, breaks=breaks, _times=[*self._times, *extra], _time_xs=xs, _labels=labels
        )

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


DENSE_STORED, DENSE_HOLLOW, DENSE_LATE = range(3)  # a row's time stored / simulated; out of order


def pixel_columns(xs: Sequence[float], left: float, right: float, zoom: float, shift: float) -> list[int]:
    """The distinct ``int(x * zoom + shift)`` of the ascending ``xs`` within
    [left, right], ascending: one bisect per pixel column instead of one step
    per row (a 100k strip zoomed out is ~1,000 columns). Exactly the columns
    a walk over every x gives: the mapping is monotone, and where rounding
    puts a row across a boundary the search steps back to it."""
    columns: list[int] = []
    at = bisect.bisect_left(xs, left)
    end = bisect.bisect_right(xs, right)
    while at < end:
        column = int(xs[at] * zoom + shift)
        if not columns or columns[-1] != column:
            columns.append(column)
        after = bisect.bisect_left(xs, (column + 1 - shift) / zoom, at + 1, end)
        while after - 1 > at and int(xs[after - 1] * zoom + shift) > column:
            after -= 1  # the boundary's rounding: that row is already in the next column
        at = after
    return columns


def step_width(seconds: float) -> float:
    if seconds <= 0:
        return 0.0
    if seconds > BREAK_SECONDS:
        return BREAK_WIDTH
    return MIN_STEP + LOG_STEP * math.log10(1.0 + seconds)


def scale_ratios() -> tuple[int, int]:
    """How many times as wide as 1 s this axis draws 1 min and 1 h
    (``step_width``): what the strip and its legend say, from the rule
    itself, so the words cannot drift from the drawing."""
    second = step_width(1)
    return round(step_width(60) / second), round(step_width(3600) / second)


def _break(x: float, before: datetime, after: datetime, units: GapUnits, zone: tzinfo | None = None) -> Break:
    """The break between ``before`` and ``after``, labelled as each style's
    Gap column reads: the CST one between the instants its labels show, the
    axis' times on ``zone``'s clock (the discussion's), real time across a
    change of summer time (``utc_all``) as the table measures it."""
    exact = gap_between(before, after)
    minutes = minute_precision(Style.CST)
    start, end = utc_all((before, after), zone) if zone is not None else (before, after)
    cst = gap_text(gap_between(start, end, to_minutes=minutes), units, minutes_only=minutes)  # type: ignore[arg-type]
    return Break(x, gap_text(exact, units), exact.total_seconds(), cst)


def build_layout(
    times: Sequence[datetime | None],
    hashes: Sequence[str],
    tracked: Sequence[bool],
    units: GapUnits = ENGLISH_GAP_UNITS,
    runs: Iterable[Sequence[int]] = (),
    zone: tzinfo | None = None,
) -> StripLayout:
    """``times[i]`` is row i's place in real time; ``tracked[i]`` whether it
    counts for shared-hash links (timestamped messages only); ``runs`` the
    one-second runs as row indexes, the timeline's (``Timeline.one_second_runs``):
    the brackets are drawn from the computation the table's flag comes from,
    never from one of the strip's own.

    Each pass is a comprehension or a C-level map over plain lists: 100k
    rows in well under 0.1 s, on the loading thread."""
    # first-seen order, not a set's: the times come nearly sorted, which the
    # sort then only merges (a set's order made it a full sort of datetimes, 0.17 s)
    distinct = sorted(dict.fromkeys(filter(None, times)))
    layout = StripLayout()
    seconds = list(map(timedelta.total_seconds, map(operator.sub, distinct[1:], distinct)))
    log10, limit, wide = math.log10, BREAK_SECONDS, BREAK_WIDTH
    steps = [(wide if s > limit else MIN_STEP + LOG_STEP * log10(1.0 + s)) if s > 0 else 0.0 for s in seconds]
    time_xs = list(itertools.accumulate(steps, initial=0.0)) if distinct else []
    labels: list[tuple[float, datetime]] = [(0.0, distinct[0])] if distinct else []
    for i in itertools.compress(range(len(seconds)), [s > limit for s in seconds]):
        x = time_xs[i]
        layout.breaks.append(_break(x + steps[i] / 2, distinct[i], distinct[i + 1], units, zone))
        labels.append((time_xs[i + 1], distinct[i + 1]))  # the first time after each break
    layout.width = time_xs[-1] if time_xs else 0.0
    layout._times = distinct
    layout._time_xs = time_xs
    layout._labels = labels
    position = dict(zip(distinct, time_xs, strict=True))
    layout.xs = xs = list(map(position.get, times))  # type: ignore[arg-type]  # None stays None
    placed = list(itertools.compress(range(len(xs)), map(operator.is_not, xs, itertools.repeat(None))))
    placed.sort(key=xs.__getitem__)  # type: ignore[arg-type]  # stable: equal x in row order
    layout._order = placed
    layout._sorted_xs = list(map(xs.__getitem__, placed))  # type: ignore[arg-type]

    count = len(times)
    layout.runs = [Run(run[0], run[-1], len(run), tuple(run)) for run in runs]

    repeated = {h for h, n in Counter(itertools.compress(hashes, tracked)).items() if n > 1}
    if repeated:
        by_hash: dict[str, list[int]] = defaultdict(list)
        for row in itertools.compress(range(count), tracked):
            if hashes[row] in repeated:
                by_hash[hashes[row]].append(row)
        for rows in by_hash.values():
            layout.links.extend(itertools.pairwise(rows))
    return layout


def layout_for(discussion: Discussion, *, for_cst: bool = False) -> StripLayout:
    """The strip's whole layout for a discussion; run on the loading thread.
    Its marks sit at the times the absolute and relative styles' Time column
    shows (``Discussion.axis_times``). Where the CST style shows other times,
    the transcript's own ones (its prefix shows those: ``message_instant``),
    the layout that style shows is made too (``cst``): marks at those times,
    none of them stored, no runs or shared-time links (those are the file's)."""
    times, stored = discussion.axis_times(for_cst)
    timeline = discussion.timeline  # read as columns: no row objects are made
    tracked = (
        [False] * len(times)
        if for_cst
        else [s is Status.TRACKED or s is Status.ENTRY for s in timeline.statuses]
    )
    runs = () if for_cst else timeline.one_second_runs
    layout = build_layout(times, timeline.hashes, tracked, gap_units(), runs, discussion.clock_zone)
    layout.hollow = [not real for real in stored]
    layout.for_cst = for_cst
    # a message the middleware never dates (a system message) is no time missing: "1
    # message without a time is not placed" beside 6 of 6 placed (Free Anima, issue 31)
    undated = (Status.SYSTEM, Status.GENERATION_PROMPT)
    layout.unplaced = sum(
        x is None and status not in undated for x, status in zip(layout.xs, timeline.statuses, strict=True)
    )
    layout.has_store = discussion.store is not None
    lane = {role: lane_of(role) for role in set(timeline.roles)}
    layout.lanes = list(map(lane.__getitem__, timeline.roles))
    store = discussion.store
    pending = store.parsed(PLACEHOLDER_KEY) if store is not None and not for_cst else None
    layout.placeholder_x = layout.x_of_time(pending) if pending else None
    layout.time_labels()  # made here, off the GUI thread
    late = [False] * len(times) if for_cst else [Flag.OUT_OF_ORDER in flags for flags in timeline.flags]
    layout.dense = dense_xs(layout, late)
    if not for_cst and discussion.transcript.has_own_times:
        layout.cst = layout_for(discussion, for_cst=True)
    return layout


def styled(layout: StripLayout, style: Style) -> StripLayout:
    """The layout ``style`` shows: the CST one where it differs (``cst``)."""
    return layout.cst if style is Style.CST and layout.cst is not None else layout


def dense_xs(layout: StripLayout, late: Sequence[bool]) -> dict[tuple[int, int], list[float]]:
    """``StripLayout.dense`` from its placed rows (one pass, on the loading thread)."""
    dense: dict[tuple[int, int], list[float]] = {
        (lane, kind): [] for lane in (LANE_USER, LANE_ASSISTANT, LANE_OTHER) for kind in range(3)
    }
    xs, lanes, hollow = layout.xs, layout.lanes, layout.hollow
    for row in layout._order:
        x, lane = xs[row], lanes[row]
        dense[lane, DENSE_HOLLOW if hollow[row] else DENSE_STORED].append(x)  # type: ignore[arg-type]
        if row < len(late) and late[row]:
            dense[lane, DENSE_LATE].append(x)  # type: ignore[arg-type]
    return dense


def zigzag(x: float, top: float, bottom: float) -> list[tuple[float, float]]:
    """The points of a break's zig-zag from ``top`` down to ``bottom``, never
    below it: the gap's label sits under ``bottom`` and no stroke may cross
    it (the longer Chinese labels, 1 天 15 小时, were crossed)."""
    points = [(x, top)]
    y = top
    while y + 8 <= bottom:
        points += [(x + 3, y + 4), (x - 3, y + 8)]
        y += 8
    return points


def label_spans(
    centres: Sequence[float],
    widths: Sequence[float],
    gap: float = 6.0,
    weights: Sequence[float] | None = None,
) -> list[tuple[int, float, float]]:
    """Where the labels centred on ``centres`` (ascending) go on one line:
    each kept one as (its number, left, right), in order; a label that would
    come closer than ``gap`` to a kept one is left out. Labels are kept by
    ``weights``, heaviest first (a zoomed-out strip of a long chat has
    thousands of breaks: the longest gap of a crowded stretch is the one
    worth naming); without weights, or among equal ones, the earlier wins.
    Widths are measured with the painter's font, in any language."""
    order: Sequence[int] = range(len(centres))
    if weights is not None:
        order = sorted(order, key=lambda n: -weights[n])  # stable: equal weights keep their order
    lefts: list[float] = []  # the kept spans, sorted by their left edge
    spans: list[tuple[float, float, int]] = []
    for number in order:
        left = centres[number] - widths[number] / 2
        right = left + widths[number]
        at = bisect.bisect_left(lefts, left)
        if at > 0 and spans[at - 1][1] + gap > left:  # the kept one before it comes too close
            continue
        if at < len(spans) and right + gap > spans[at][0]:  # and the one after it
            continue
        lefts.insert(at, left)
        spans.insert(at, (left, right, number))
    return [(number, left, right) for left, right, number in spans]

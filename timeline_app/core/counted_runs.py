"""Backfill runs kept as (anchor, step count) until someone needs their texts.

A run of untracked messages counted back one second per step from an anchor
is fully described by the anchor and each message's place in the run. After
the middleware appends one request to a half-tracked 100k discussion, all 50k
untracked messages count back from the new anchor: writing their 50k texts,
times and two dict entries each was ~60 ms of every re-open, while the window
shows a few dozen of them and the strip reads their times. Here a store's
deferred runs answer one key (``value``, ``moment``) from the run alone and
are written out in full (``settle_into``) only when a whole-store view (the
file bytes, the preview, ``as_mapping``) asks; the result is the same dict,
in the same order, as writing them at once.
"""

from __future__ import annotations

import bisect
import itertools
import operator
from datetime import datetime, timedelta

from .timestrings import counted_back, format_absolute, parse_absolute

_SECOND = timedelta(seconds=1)


class CountedRuns:
    """Runs of new, distinct keys, in the order they would have been added;
    each key's value is its run's ``source`` (the run's first key, when
    ``first``; every key, when ``moment`` is None: a source that does not
    parse) or ``moment`` less one second per step."""

    __slots__ = ("_index", "_runs", "_starts")

    def __init__(self) -> None:
        self._index: dict[str, int] = {}  # key -> place among all runs' keys
        self._runs: list[tuple[list[str], object, datetime | None, int]] = []  # keys, source, moment, first
        self._starts: list[int] = []  # place of each run's first key

    def add(self, keys: list[str], source: object, moment: datetime | None, first: int) -> None:
        """A run whose keys are in no store entry and in no earlier run;
        ``first`` (0 or 1): its first key takes ``source`` itself."""
        start = len(self._index)
        self._index.update(zip(keys, range(start, start + len(keys)), strict=True))
        self._runs.append((keys, source, moment, first))
        self._starts.append(start)

    def __len__(self) -> int:
        return len(self._index)

    def __contains__(self, key: object) -> bool:
        return key in self._index

    def has_any(self, keys: list[str]) -> bool:
        return any(map(self._index.__contains__, keys))

    def _place(self, key: str) -> tuple[int, int] | None:
        """(run, seconds counted back from its moment), -1 for the source itself."""
        at = self._index.get(key)
        if at is None:
            return None
        run = bisect.bisect_right(self._starts, at) - 1
        step = at - self._starts[run]
        _keys, _source, moment, first = self._runs[run]
        return run, (-1 if moment is None or (first and step == 0) else step + 1 - first)

    def value(self, key: str, default: object = None) -> object:
        """The text ``key`` gets (``default``: not one of these keys)."""
        place = self._place(key)
        if place is None:
            return default
        run, back = place
        _keys, source, moment, _first = self._runs[run]
        return source if back < 0 or moment is None else format_absolute(moment - back * _SECOND)

    def moment(self, key: str) -> datetime | None:
        """The time ``key``'s text stands for (None: not one of these keys)."""
        place = self._place(key)
        if place is None:
            return None
        run, back = place
        _keys, source, moment, _first = self._runs[run]
        if back < 0 or moment is None:  # the source itself, as a store parses it
            return parse_absolute(source)
        return moment - back * _SECOND

    def settle_into(self, entries: dict[str, object], parsed: dict[str, datetime | None]) -> None:
        """Every run written into ``entries`` (texts) and ``parsed`` (their
        times; a source is parsed by whoever asks, as before), in one
        C-level pass per run."""
        for keys, source, moment, first in self._runs:
            if moment is None:
                entries.update(zip(keys, itertools.repeat(source)))
                continue
            count = len(keys) - first
            if first:
                entries[keys[0]] = source
            entries.update(zip(keys[first:], counted_back(moment, count), strict=True))
            times = itertools.accumulate(itertools.repeat(_SECOND, count), operator.sub, initial=moment)
            next(times)
            parsed.update(zip(keys[first:], times, strict=True))

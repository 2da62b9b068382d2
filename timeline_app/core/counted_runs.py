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
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

from .timestrings import counted_back, format_absolute, parse_absolute

_SECOND = timedelta(seconds=1)
_Stretch = tuple[int, int, object, datetime | None, int]  # start, end, source, moment, first


class CountedRuns:
    """The keys of one tracking pass's backfill runs, in the order the walk
    gives them out (a repeat shares its first occurrence's time), cut into
    stretches: each counts back from its ``source`` (its first key takes
    ``source`` itself when ``first``; every key does when ``moment`` is None,
    a source that does not parse), one second per step."""

    __slots__ = ("_index", "_keys", "_moments", "_starts", "_stretches")

    def __init__(self, keys: list[str]) -> None:
        self._keys = keys
        count = len(keys)
        # key -> its first place: built backwards, so the first occurrence is the one kept
        self._index = dict(zip(reversed(keys), range(count - 1, -1, -1), strict=True))
        self._stretches: list[_Stretch] = []
        self._starts: list[int] = []
        self._moments: list[datetime | None] | None = None  # per place, made when first asked

    def repeats(self) -> list[int]:
        """The places whose key came earlier, in order (C-level passes; one
        dict lookup per key, and none when every key is new)."""
        keys, count = self._keys, len(self._keys)
        if len(self._index) == count:
            return []
        firsts = map(self._index.__getitem__, keys)
        return list(itertools.compress(range(count), map(operator.ne, firsts, range(count))))

    def add(self, start: int, end: int, source: object, moment: datetime | None, first: int) -> None:
        """Places ``start`` .. ``end`` (first occurrences, after every earlier
        stretch) count back from ``source`` parsed as ``moment``."""
        self._stretches.append((start, end, source, moment, first))
        self._starts.append(start)

    def __len__(self) -> int:
        return len(self._index)

    def __contains__(self, key: object) -> bool:
        return key in self._index

    def _place(self, key: str) -> tuple[int, int] | None:
        """(stretch, seconds counted back from its moment), -1 for the source itself."""
        at = self._index.get(key)
        if at is None:
            return None
        stretch = bisect.bisect_right(self._starts, at) - 1
        start, _end, _source, moment, first = self._stretches[stretch]
        step = at - start
        return stretch, (-1 if moment is None or (first and step == 0) else step + 1 - first)

    def value(self, key: str, default: object = None) -> object:
        """The text ``key`` gets (``default``: not one of these keys)."""
        place = self._place(key)
        if place is None:
            return default
        stretch, back = place
        source, moment = self._stretches[stretch][2:4]
        return source if back < 0 or moment is None else format_absolute(moment - back * _SECOND)

    def moment(self, key: str) -> datetime | None:
        """The time ``key``'s text stands for (None: not one of these keys)."""
        place = self._place(key)
        if place is None:
            return None
        stretch, back = place
        source, moment = self._stretches[stretch][2:4]
        if back < 0 or moment is None:  # the source itself, as a store parses it
            return parse_absolute(source)
        return moment - back * _SECOND

    def moments_of(self, keys: list[str]) -> list[datetime | None] | None:
        """``moment`` of every key in ``keys`` in C-level passes (the strip's
        layout and the time sort read all 50k untracked rows: one call per
        key cost ~0.15 s); None when one of them is not among these keys."""
        places = list(map(self._index.get, keys))
        if None in places:
            return None
        return list(map(self._all_moments().__getitem__, places))  # type: ignore[arg-type]

    def _all_moments(self) -> list[datetime | None]:
        """Per place, the time its key's text stands for (a repeat's place:
        None, never read: its key's first place is the one indexed)."""
        if self._moments is None:
            moments: list[datetime | None] = [None] * len(self._keys)
            for start, end, source, moment, first in self._stretches:
                if moment is None:
                    moments[start:end] = [parse_absolute(source)] * (end - start)
                    continue
                steps = itertools.accumulate(
                    itertools.repeat(_SECOND, end - start - first), operator.sub, initial=moment
                )
                if not first:
                    next(steps)
                moments[start:end] = steps
            self._moments = moments
        return self._moments

    def moments(self) -> list[datetime | None]:
        """Each key's time once, in no particular order (a summary over all)."""
        moments = self._all_moments()
        if len(self._index) == len(self._keys):  # no repeats: every place is a key's first
            return list(moments)
        return list(map(moments.__getitem__, self._index.values()))

    def moments_or(self, keys: Sequence[str], others: Mapping[str, datetime | None]) -> list[datetime | None]:
        """``moment`` of each of ``keys`` that is one of these, ``others.get``
        of every other one, in one pass (a view of every message reads the
        runs' times without their texts being written; merging them into
        one dict first cost twice as much)."""
        moments, get = self._all_moments(), others.get
        places = map(self._index.get, keys)
        return [
            get(key) if place is None else moments[place] for key, place in zip(keys, places, strict=True)
        ]

    def settle_into(self, entries: dict[str, object], parsed: dict[str, datetime | None]) -> None:
        """Every stretch written into ``entries`` (texts) and ``parsed`` (their
        times, so that a store whose entries were all parsed stays so), in
        C-level passes per stretch."""
        for start, end, source, moment, first in self._stretches:
            keys = self._keys[start:end]
            if moment is None:
                entries.update(zip(keys, itertools.repeat(source)))
                parsed.update(zip(keys, itertools.repeat(parse_absolute(source))))
                continue
            count = len(keys) - first
            if first:
                entries[keys[0]] = source
                parsed[keys[0]] = parse_absolute(source)
            entries.update(zip(keys[first:], counted_back(moment, count), strict=True))
            parsed.update(zip(keys[first:], self._all_moments()[start + first : end], strict=True))

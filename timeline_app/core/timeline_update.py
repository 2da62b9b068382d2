"""The joined timeline brought up to date from the one before it, for a re-open.

When the middleware appends a request, the transcript gains a few messages
and the timestamp file a few entries: building the whole join again costs
~0.2 s at 100,000 messages for rows that did not change. ``updated_timeline``
keeps the earlier timeline's columns, computes the new rows and the rows
whose entry changed, and re-evaluates each flag only where its inputs moved
(a shared hash where a hash was added or went away, one-second runs next to
a changed time, out-of-order from the first changed time on). Anything it
cannot vouch for cheaply (other options, an edit in the middle, many changed
entries) answers None and the caller builds the join anew. Equal to
``build_timeline`` on the same inputs (a property test holds it to that).
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import NamedTuple

from .columns import positions_of
from .pipeline import Kind, PreparedRequest
from .store import PLACEHOLDER_KEY, TimestampStore
from .timeline import (
    _NO_FLAGS,
    _STATUS_OF_KIND,
    ECHO_RE,
    Flag,
    Status,
    Timeline,
    _unmatched,
    _value_flags,
    mark_grown,
)
from .transcripts import Transcript

_MISSING = object()
_SECOND = timedelta(seconds=1)
_VALUE_FLAGS = frozenset({Flag.NOT_TEXT, Flag.UNPARSEABLE})


class Update(NamedTuple):
    timeline: Timeline
    differing: list[int]  # rows below both lengths whose columns changed (row objects not shared)


def _all_same(a: Sequence[object], b: Sequence[object]) -> bool:
    """The same objects, item by item (C-level passes)."""
    return len(a) == len(b) and all(map(operator.is_, a, b))


def _common_rows(earlier: PreparedRequest, request: PreparedRequest) -> int | None:
    """How many leading rows the two requests share unchanged (the same field
    dicts, hashes, kinds and indexes); the last shared row may differ (a
    trailing generation prompt, an added assistant), so one less is tried.
    Rows ``request`` took from ``earlier`` itself (``shares``) are not compared."""
    if earlier.sentinels != request.sentinels:
        return None
    most = min(len(earlier.hashes), len(request.hashes))
    known = 0
    if request.shares is not None and request.shares[0] is earlier.token:
        known = min(request.shares[1], most)
    for count in (most, most - 1):
        if count < 0:
            break
        if (
            _all_same(earlier.fields[known:count], request.fields[known:count])
            and earlier.hashes[known:count] == request.hashes[known:count]
            and earlier.kinds[known:count] == request.kinds[known:count]
            and earlier.source_indexes[known:count] == request.source_indexes[known:count]
        ):
            return count
    return None


def entries_appended(before: Mapping[str, object], after: Mapping[str, object]) -> bool:
    """Whether ``after`` is ``before`` with entries appended (the middleware's
    way of growing its file): the same keys in the same order, the same
    values of the same types, then new keys. C-level passes only, but for
    values that are not text (nearly no file has one), whose reprs must
    match too: ``[1]``, ``[1.0]`` and ``[True]`` are equal lists, and a
    re-read file rewritten from one to another kept the earlier value (the
    window and the history read again from it showed what the file no
    longer held)."""
    old_count = len(before)
    if len(after) < old_count:
        return False
    values = list(itertools.islice(after.values(), old_count))
    old_values = list(before.values())
    return (
        list(itertools.islice(after, old_count)) == list(before)
        and values == old_values
        and list(map(type, values)) == list(map(type, old_values))
        and (
            all(map(str.__instancecheck__, values)) or list(map(repr, values)) == list(map(repr, old_values))
        )
    )


def _positions(hashes: Sequence[str], common: int, watched: set[str]) -> list[int]:
    """The positions below ``common`` whose hash is in ``watched``, in order:
    a few hashes are each found by C-level scans of the column."""
    if not watched:
        return []
    if len(watched) > 16:
        return [p for p, h in enumerate(hashes[:common]) if h in watched]
    found: list[int] = []
    for digest in watched:
        found.extend(positions_of(hashes, digest, common))
    return sorted(found)


def _holds(value: object, stored: Sequence[object | None], statuses: Sequence[Status]) -> bool:
    """Whether a tracked row's stored value is ``value`` (C-level scans)."""
    if not isinstance(value, str):
        return False
    tracked = Status.TRACKED
    return any(statuses[at] is tracked and isinstance(stored[at], str) for at in positions_of(stored, value))


def _unmatched_after_append(
    earlier: Timeline,
    appended: Sequence[str],
    store: TimestampStore,
    hashes: Sequence[str],
    kinds: Sequence[Kind],
    hits: list[int],
    tail: range,
    rechecked: list[int],
    gone: set[str],
    stored: Sequence[object | None],
    statuses: Sequence[Status],
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] | None:
    """``_unmatched`` for a store that only gained ``appended`` entries, from
    the earlier orphans: a key's match can only change where a hash was
    added or went away, and an old orphan can only be given back by a row
    that changed. None when that is not enough to say (earlier keys given
    back or held, a hash gone from the end that no row holds any more, many new
    keys without a message): the caller then walks the whole file."""
    if earlier.given_back or earlier.held or len(appended) > 64:
        return None
    stamped = Kind.TIMESTAMPED
    matched = {hashes[p] for p in itertools.chain(hits, tail) if kinds[p] is stamped}
    entries = store.as_mapping()
    if any(g in entries and g not in matched for g in gone):
        return None  # it joins the orphans somewhere in file order
    survivors = [k for k in earlier.orphans if k not in matched]
    fresh = [k for k in appended if k != PLACEHOLDER_KEY and k not in matched]
    tracked = Status.TRACKED
    changed_rows = itertools.chain(rechecked, tail)
    newly_held = {stored[p] for p in changed_rows if statuses[p] is tracked and isinstance(stored[p], str)}
    back = {k for k in survivors if isinstance(entries[k], str) and entries[k] in newly_held}
    back.update(k for k in fresh if _holds(entries[k], stored, statuses))
    if back:
        return None  # whether it is a copy depends on where its holder sits in the file
    return tuple(survivors + fresh), (), ()


def _changed_keys(before: Mapping[str, object], after: Mapping[str, object]) -> set[str]:
    """Keys added, removed, or whose value changed: its type included (1 ==
    True), and for a value that is not text its repr (``[1]`` == ``[True]``,
    as ``entries_appended`` judges them: the row kept showing ``[1]``)."""
    if entries_appended(before, after):
        return set(itertools.islice(after, len(before), None))
    changed = {k for k in before if k not in after}
    for key, value in after.items():
        old = before.get(key, _MISSING)
        if (
            old is _MISSING
            or old != value
            or type(old) is not type(value)
            or (not isinstance(value, str) and repr(old) != repr(value))
        ):
            changed.add(key)
    return changed


def updated_timeline(
    earlier: Timeline,
    earlier_request: PreparedRequest,
    earlier_store: TimestampStore | None,
    earlier_transcript: Transcript,
    transcript: Transcript,
    request: PreparedRequest,
    store: TimestampStore | None,
    appended: Sequence[str] | None = None,
) -> Update | None:
    """``build_timeline(transcript, request, store)`` made from ``earlier``
    (built from the earlier three), or None when that is not cheaper.
    ``appended``: the keys ``store`` added after ``earlier_store``'s, when the
    caller knows that is its only change (not found out a second time)."""
    common = _common_rows(earlier_request, request)
    if common is None or len(earlier.hashes) != len(earlier_request.hashes):
        return None
    old_own, new_own = earlier_transcript.own_times, transcript.own_times
    if (
        new_own is not old_own
        and not transcript.extends(earlier_transcript)
        and not _all_same(old_own, new_own[: len(old_own)])
    ):
        return None
    store = store if store is not None else TimestampStore()
    earlier_store = earlier_store if earlier_store is not None else TimestampStore()
    entries = store.as_mapping()
    if store is earlier_store:
        appended = ()
    elif appended is None and entries_appended(earlier_store.as_mapping(), entries):
        appended = tuple(itertools.islice(entries, len(earlier_store), None))
    changed = set(appended) if appended is not None else _changed_keys(earlier_store.as_mapping(), entries)
    hashes, kinds, fields = request.hashes, request.kinds, request.fields
    count, old_count = len(hashes), len(earlier.hashes)
    gone = set(earlier.hashes[common:])  # rows the earlier timeline had after the common ones
    added = set(hashes[common:])
    watched = changed | gone | added
    stamped = Kind.TIMESTAMPED
    hits = _positions(hashes, common, watched)
    rechecked = [p for p in hits if hashes[p] in changed and kinds[p] is stamped]
    if len(rechecked) + count - common > max(64, count // 20):
        return None  # a large change: the whole join is as cheap

    # -- the plain columns: kept, with the new rows and the rechecked ones
    tail = range(common, count)
    indexes = earlier.indexes[:common] + request.source_indexes[common:]
    roles = earlier.roles[:common] + tuple(f.get("role", "") for f in fields[common:])
    contents = earlier.raw_contents[:common] + tuple(f["content"] for f in fields[common:])
    statuses = list(earlier.statuses[:common])
    stored = list(earlier.stored[:common])
    times = list(earlier.times[:common])
    statuses += [Status.UNTRACKED] * len(tail)
    stored += [None] * len(tail)
    times += [None] * len(tail)
    parsed = store.parsed
    for position in itertools.chain(rechecked, tail):
        digest = hashes[position]
        if kinds[position] is not stamped:
            statuses[position] = _STATUS_OF_KIND[kinds[position]]
        elif digest in entries:
            statuses[position], stored[position] = Status.TRACKED, entries[digest]
            times[position] = parsed(digest)
        else:
            statuses[position], stored[position], times[position] = Status.UNTRACKED, None, None
    own_times = earlier.own_times[:common] + tuple(
        None if i is None else new_own[i] for i in request.source_indexes[common:]
    )

    # -- flags: each re-evaluated only where its inputs changed
    flags = list(earlier.flags[:common]) + [_NO_FLAGS] * (count - common)
    updates: dict[int, dict[Flag, bool]] = {}

    def put(position: int, flag: Flag, on: bool) -> None:
        updates.setdefault(position, {})[flag] = on

    def is_stamped(position: int) -> bool:
        return kinds[position] is stamped

    for position in tail:
        if is_stamped(position):
            found = ECHO_RE.match(contents[position])
            put(position, Flag.ECHOED_PREFIX, found is not None)
    for position in itertools.chain(rechecked, tail):  # the value's own flags
        has = is_stamped(position) and hashes[position] in entries
        marks = _value_flags(stored[position], times[position]) if has else set()
        for flag in _VALUE_FLAGS:
            put(position, flag, flag in marks)

    # shared hashes: where a hash was added or went away
    if added or gone:
        holders: dict[str, list[int]] = {}
        for position in itertools.chain(hits, tail):
            if is_stamped(position) and hashes[position] in (added | gone):
                holders.setdefault(hashes[position], []).append(position)
        for positions in holders.values():
            for position in positions:
                put(position, Flag.SHARED_HASH, len(positions) > 1)
        for position in tail:
            if not is_stamped(position):
                put(position, Flag.SHARED_HASH, False)

    # one-second runs: a changed time and its timestamped neighbours
    def neighbour(position: int, step: int) -> int | None:
        position += step
        while 0 <= position < count:
            if is_stamped(position):
                return position
            position += step
        return None

    def run_pair(a: int | None, b: int | None) -> bool:
        if a is None or b is None:
            return False
        first, second = times[a], times[b]
        return first is not None and second is not None and second - first == _SECOND

    moved = set(rechecked) | set(tail)
    before_tail = neighbour(common, -1)
    if before_tail is not None:
        moved.add(before_tail)  # its next timestamped neighbour may be new or gone
    around = set(moved)
    for position in moved:
        for step in (-1, 1):
            other = neighbour(position, step)
            if other is not None:
                around.add(other)
    for position in around:
        if is_stamped(position):
            on = run_pair(neighbour(position, -1), position) or run_pair(position, neighbour(position, 1))
            put(position, Flag.ONE_SECOND_RUN, on)
        else:
            put(position, Flag.ONE_SECOND_RUN, False)

    # out of order: from the first changed row on, against the latest time before it
    start = min([*rechecked, common])
    latest: datetime | None = max(filter(None, times[:start]), default=None)
    for position in range(start, count):
        moment = times[position]
        late = False
        if is_stamped(position) and hashes[position] in entries and moment is not None:
            if latest is None or moment > latest:
                latest = moment
            elif moment < latest:
                late = True
        put(position, Flag.OUT_OF_ORDER, late)

    differing = set(rechecked) | set(range(common, min(count, old_count)))
    for position, changes in updates.items():
        current = flags[position]
        wanted = {flag for flag in current if flag not in changes}
        wanted.update(flag for flag, on in changes.items() if on)
        if wanted != current:
            flags[position] = frozenset(wanted) if wanted else _NO_FLAGS
            if position < old_count:
                differing.add(position)

    unmatched = None
    if appended is not None:
        unmatched = _unmatched_after_append(
            earlier, appended, store, hashes, kinds, hits, tail, rechecked, gone, stored, statuses
        )
    if unmatched is None:
        matched = set(itertools.compress(hashes, map(is_stamped, range(count))))
        unmatched = _unmatched(matched, stored, statuses, store, hashes)
    orphans, given_back, held = unmatched
    timeline = Timeline(
        earlier.positions[:common] + tuple(tail),
        indexes,
        roles,
        contents,
        hashes,
        tuple(statuses),
        tuple(stored),
        tuple(times),
        own_times,
        tuple(flags),
        orphans,
        PLACEHOLDER_KEY in store,
        store.placeholder,
        request.discussion_id,
        request.sentinels,
        given_back,
        held,
    )
    below = sorted(p for p in differing if p < min(count, old_count))
    if count >= old_count:
        mark_grown(timeline, earlier, below)
    return Update(timeline, below)

"""The joined timeline: each transcript message next to its stored time.

This is what every view shows (the CLI's ``inspect``, the GUI's table and
strip). It is built once per (transcript, store) in linear time, indexing by
hash, as columns (tuples, one item per row): 100,000 rows are a few dozen
objects until a view asks for a row. Nothing is formatted: views format
times lazily in the style they show.
"""

from __future__ import annotations

import bisect
import itertools
import operator
import re
import weakref
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime, timedelta
from enum import StrEnum
from functools import cached_property
from typing import NamedTuple, overload

from .hashing import SENTINELS_CURRENT, BraceSentinels
from .pipeline import Kind, PreparedRequest
from .records import frozen
from .store import PLACEHOLDER_KEY, TimestampStore
from .transcripts import Transcript
from .words import counted, number


class Status(StrEnum):
    TRACKED = "tracked"
    UNTRACKED = "untracked"
    SYSTEM = "system"
    GENERATION_PROMPT = "generation-prompt"
    ENTRY = "entry"  # a file entry shown without a transcript


class Flag(StrEnum):
    SHARED_HASH = "shared-hash"  # another timestamped message has the same content
    OUT_OF_ORDER = "out-of-order"  # stored time earlier than a previous message's
    UNPARSEABLE = "unparseable"  # stored value the middleware cannot read
    NOT_TEXT = "not-text"  # stored value is not a string: the middleware crashes
    ONE_SECOND_RUN = "one-second-run"  # part of a run the backward pass invented
    ECHOED_PREFIX = "echoed-prefix"  # content starts with a timestamp prefix
    # stored time later than the discussion's "now": not the join's (it knows no
    # now), set per row by ``Discussion.flags``, which every view reads
    FUTURE = "future"


ECHO_RE = re.compile(
    r"\s*(\((Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), "
    r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)|\[Sent [^\]]* ago\])"
)
_NO_FLAGS: frozenset[Flag] = frozenset()
_STATUS_OF_KIND = {Kind.SYSTEM: Status.SYSTEM, Kind.GENERATION_PROMPT: Status.GENERATION_PROMPT}


@frozen
class TimelineRow:
    position: int  # in the prepared request
    index: int | None  # in the transcript
    role: str
    content: str  # braces restored: what the user wrote
    hash: str
    status: Status
    stored: object | None  # raw stored value (None when there is no entry)
    time: datetime | None  # the stored value parsed (naive, middleware clock)
    own_time: datetime | None
    flags: frozenset[Flag]

    @property
    def has_entry(self) -> bool:
        """Whether the file holds the row's hash: ``stored`` None is then JSON
        null (a value that is not text), not a missing entry."""
        return self.status is Status.TRACKED or self.status is Status.ENTRY


class Rows(Sequence[TimelineRow]):
    """The timeline's rows, made from its columns when one is asked for and
    kept: a view that shows 60 rows makes 60 objects, not 100,000.

    A re-opened discussion's rows share one cache with the rows they were
    re-opened from (``inherit``): a row that did not change is the same
    object in both, whichever of the two made it first, and nothing is made
    in advance. ``_shared`` is that lineage's cache (every timeline sharing
    it agrees on the row at an index it does not hold in ``_own``);
    ``_own`` holds this timeline's rows where it differs from the lineage.

    The rows hold the timeline's columns, not the timeline: a timeline keeps
    its rows (a cached property), and rows that kept it back would make the
    two a reference cycle, freed only when the cyclic collector next runs
    over the whole heap instead of the moment a reload drops the timeline."""

    __slots__ = ("_count", "_make", "_own", "_shared")

    def __init__(self, timeline: Timeline) -> None:
        self._make = _RowMaker(timeline)
        self._count = len(timeline.hashes)
        self._shared: list[TimelineRow | None] = [None] * self._count
        self._own: dict[int, TimelineRow | None] = {}

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> TimelineRow: ...
    @overload
    def __getitem__(self, index: slice) -> list[TimelineRow]: ...
    def __getitem__(self, index: int | slice) -> TimelineRow | list[TimelineRow]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("timeline row out of range")
        own = self._own
        if own and index in own:
            row = own[index]
            if row is None:
                row = own[index] = self._make(index)
            return row
        row = self._shared[index]
        if row is None:
            row = self._shared[index] = self._make(index)
        return row

    def __iter__(self) -> Iterator[TimelineRow]:
        return map(self.__getitem__, range(self._count))

    def inherit(self, earlier: Rows, differing: Iterable[int]) -> None:
        """Share ``earlier``'s cache for every row of the common length but
        the ``differing`` ones (indexes below both lengths whose columns are
        not the same); called on rows that made none yet."""
        common = min(self._count, earlier._count)
        shared = earlier._shared
        if len(shared) != earlier._count:  # another re-open extended it already: take a copy
            shared = shared[: earlier._count]
        if self._count > len(shared):
            shared.extend([None] * (self._count - len(shared)))
        changed = set(differing)
        own: dict[int, TimelineRow | None] = {i: None for i in changed if i < common}
        for index, row in earlier._own.items():  # where earlier differs from the lineage, so does this
            if index < common and index not in changed:
                own[index] = row
        self._shared, self._own = shared, own


def mark_grown(timeline: Timeline, earlier: Timeline, differing: Iterable[int]) -> None:
    """Note that ``timeline`` is ``earlier`` with rows after it and only
    ``differing`` rows changed (kept beside the columns, like the cached
    rows: not a column, so equal timelines stay equal)."""
    timeline.__dict__["_grown_from"] = Growth(weakref.ref(earlier), tuple(differing))


def growth_of(timeline: Timeline, earlier: Timeline) -> tuple[int, ...] | None:
    """The rows below ``earlier``'s length that changed, when ``timeline``
    is ``earlier`` grown by rows after it (None: anything else, or not known)."""
    grown: Growth | None = timeline.__dict__.get("_grown_from")
    if grown is None or grown.earlier() is not earlier or len(timeline.hashes) < len(earlier.hashes):
        return None
    return grown.differing


def growth_since(timeline: Timeline, earlier: Timeline) -> tuple[int, ...] | None:
    """``growth_of``, also when ``timeline`` came from ``earlier`` through
    several re-opens (``growth_of`` knows only the last): the rows below
    ``earlier``'s length that differ, found comparing the columns, when
    ``timeline`` is at least as long and read with the same sentinels (None
    otherwise). A repair search that ran while the middleware appended
    several times is answered from this: unknown, it was searched whole
    again, longer than the appends' interval, and never finished (issue 29,
    100k, an append every 5 s). Kept beside the columns, like ``growth_of``'s."""
    known = growth_of(timeline, earlier)
    if known is not None:
        return known
    if len(timeline.hashes) < len(earlier.hashes) or timeline.sentinels != earlier.sentinels:
        return None
    cached: Growth | None = timeline.__dict__.get("_grown_since")
    if cached is not None and cached.earlier() is earlier:
        return cached.differing
    differing = tuple(_differing_rows(timeline, earlier))
    timeline.__dict__["_grown_since"] = Growth(weakref.ref(earlier), differing)
    return differing


def growth_through(timeline: Timeline, middle: Timeline, earlier: Timeline) -> tuple[int, ...] | None:
    """``growth_since(timeline, earlier)`` known through ``middle`` without
    comparing 100k rows again: when ``middle`` is ``earlier`` grown with no
    earlier row changed and ``timeline`` is ``middle`` grown with only rows
    past ``earlier``'s length changed (timestamps.json written after
    chat.json tracks the rows the first write added), no row of
    ``earlier`` changed; otherwise compared as ``growth_since`` does."""
    first, second = growth_since(middle, earlier), growth_since(timeline, middle)
    if first != () or second is None or (second and min(second) < len(earlier.hashes)):
        return growth_since(timeline, earlier)
    timeline.__dict__["_grown_since"] = Growth(weakref.ref(earlier), ())
    return ()


def same_messages(timeline: Timeline, earlier: Timeline) -> bool:
    """Each row of ``timeline`` is the message of the same row of ``earlier``
    (hash and role, in order): only what the file says of them may differ
    (an edit of the timestamp file, its undo, a re-read with other times)."""
    return timeline is earlier or (timeline.hashes == earlier.hashes and timeline.roles == earlier.roles)


def _differing_rows(mine: Timeline, theirs: Timeline) -> list[int]:
    """Indexes below both lengths where some column of the two timelines
    differs, compared column by column in C-level passes."""
    count = min(len(mine.hashes), len(theirs.hashes))
    same = [True] * count
    for name in _ROW_COLUMNS:
        equal = map(operator.eq, getattr(mine, name)[:count], getattr(theirs, name)[:count])
        same = list(map(operator.and_, same, equal))
    for name in ("stored", "own_times"):  # equal is not enough: 1 == True, 08:00+08:00 == 00:00Z
        a, b = getattr(mine, name), getattr(theirs, name)
        for index in itertools.compress(range(count), same):
            x, y = a[index], b[index]
            if x is not y and (
                type(x) is not type(y) or getattr(x, "tzinfo", None) != getattr(y, "tzinfo", None)
            ):
                same[index] = False
    return [i for i, equal in enumerate(same) if not equal]


_ROW_COLUMNS = (
    "positions",
    "indexes",
    "roles",
    "raw_contents",
    "hashes",
    "statuses",
    "stored",
    "times",
    "own_times",
    "flags",
)


class _RowMaker:
    """Makes one ``TimelineRow`` from a timeline's columns, holding the
    columns alone (see ``Rows``: never the timeline itself)."""

    __slots__ = ("_columns", "_sentinels")

    def __init__(self, timeline: Timeline) -> None:
        self._columns = tuple(getattr(timeline, name) for name in _ROW_COLUMNS)
        self._sentinels = timeline.sentinels

    def __call__(self, index: int) -> TimelineRow:
        positions, indexes, roles, raw_contents, hashes, statuses, stored, times, own_times, flags = (
            self._columns
        )
        return TimelineRow(
            positions[index],
            indexes[index],
            roles[index],
            self._sentinels.restore(raw_contents[index]),
            hashes[index],
            statuses[index],
            stored[index],
            times[index],
            own_times[index],
            flags[index],
        )


class Growth(NamedTuple):
    """How a re-opened timeline came from the one before it: its rows are
    that one's, then new rows after them, and only the ``differing`` rows
    below that one's length changed. A window inserts the new rows and
    updates the differing ones instead of resetting its views."""

    earlier: weakref.ref[Timeline]  # not kept alive by the new one
    differing: tuple[int, ...]


@frozen
class Timeline:
    """One row per message (or per entry, without a transcript), held as
    columns: a view reads the column it shows (times for the strip, statuses
    for the counts) and ``rows[i]`` gives one ``TimelineRow`` on demand."""

    positions: tuple[int, ...]  # in the prepared request
    indexes: tuple[int | None, ...]  # in the transcript
    roles: tuple[str, ...]
    raw_contents: tuple[str, ...]  # as hashed (brace sentinels in place); ``content()`` restores
    hashes: tuple[str, ...]
    statuses: tuple[Status, ...]
    stored: tuple[object | None, ...]  # raw stored value (None when there is no entry)
    times: tuple[datetime | None, ...]  # the stored value parsed (naive, middleware clock)
    own_times: tuple[datetime | None, ...]
    flags: tuple[frozenset[Flag], ...]
    orphans: tuple[str, ...]  # stored keys no message matches, in file order
    has_placeholder: bool
    placeholder: object | None
    discussion_id: str | None
    sentinels: BraceSentinels = SENTINELS_CURRENT
    # stored keys no message matches whose time a tracked message now holds (a
    # repair gave it back): kept in the file, no longer offered or counted as orphans
    given_back: tuple[str, ...] = ()
    # orphans whose value a message stored after them holds, not a copy of it (the
    # clock's same second): an append re-judges them with the whole file
    held: tuple[str, ...] = ()

    def content(self, index: int) -> str:
        """What the user wrote (braces restored)."""
        return self.sentinels.restore(self.raw_contents[index])

    def row(self, index: int) -> TimelineRow:
        return _RowMaker(self)(index)

    @cached_property
    def rows(self) -> Rows:
        """Every row, made on demand (see ``Rows``)."""
        return Rows(self)

    def reuse_rows(self, earlier: Timeline, differing: Iterable[int] | None = None) -> None:
        """Share ``earlier``'s row objects for the rows that did not change
        (``differing``: the indexes that did, when the caller knows them;
        otherwise they are found comparing the columns). Nothing is shared
        with rows of other sentinels (every content reads differently)."""
        if "rows" in self.__dict__:
            return  # rows asked for already: keep them
        if self.sentinels != earlier.sentinels:
            return
        if differing is None:
            differing = _differing_rows(self, earlier)
        self.rows.inherit(earlier.rows, differing)

    def count(self, status: Status | str) -> int:
        return self.statuses.count(Status(status))  # one C-level pass

    @cached_property
    def tracked_sharing(self) -> TrackedSharing:
        """How the tracked messages map onto entries: messages of the same
        content share one entry (the hash is of the content alone), so "15
        tracked" can stand beside 14 stored times (Save's count). The status
        bar and ``inspect`` both say it from here (a tryout could not check one
        count against the other). Kept: the columns never change (one pass
        at 100k, not one per refresh of the status bar)."""
        tracked = Status.TRACKED
        per_hash = Counter(h for h, s in zip(self.hashes, self.statuses, strict=True) if s is tracked)
        sharing = [n for n in per_hash.values() if n > 1]
        return TrackedSharing(sum(per_hash.values()), len(per_hash), sum(sharing), len(sharing))

    @cached_property
    def one_second_runs(self) -> list[tuple[int, ...]]:
        """The one-second runs, each as its row indexes (``one_second_runs``):
        exactly the rows flagged one-second-run, grouped run by run, for the
        strip's brackets (which once found runs of their own, broken by a
        system row the flag looks across). Read from the columns, so an
        updated timeline (``timeline_update``) gives the runs of its flags."""
        stamped = (Status.TRACKED, Status.UNTRACKED, Status.ENTRY)
        columns = enumerate(zip(self.statuses, self.times, strict=True))
        rows = [(p, t) for p, (s, t) in columns if s in stamped]
        return one_second_runs(rows, descending=Status.ENTRY in self.statuses[:1])


class TrackedSharing(NamedTuple):
    """Tracked messages and the entries that hold their times (``Timeline.tracked_sharing``)."""

    messages: int  # tracked messages
    entries: int  # distinct entries they hold their times in
    sharing: int  # messages whose entry another tracked message holds too
    shared: int  # entries held by more than one message

    def said(self) -> str:
        """The command line's words (English): "15 tracked in 14 entries (2 messages
        share one)": the entries they are held in, not the file's count of entries."""
        head = f"{number(self.messages)} tracked"
        if not self.shared:
            return head
        one = "one" if self.shared == 1 else number(self.shared)
        entries = counted(self.entries, "entry", "entries")
        return f"{head} in {entries} ({number(self.sharing)} messages share {one})"


def one_second_runs(
    rows: Iterable[tuple[int, datetime | None]], *, descending: bool = False
) -> list[tuple[int, ...]]:
    """The runs of two or more consecutive rows exactly 1 s apart, each as
    its positions: the one computation of runs, which the table's
    one-second-run flag and the strip's brackets both read.

    ``rows`` are the timestamped rows only, so a system message or a
    trailing generation prompt between two of them does not break a run:
    the backward pass skips those (spec: wilmer-timestamps, "Tracking on
    every request") and counts the second down across them. A row with no
    stored time (untracked) does break it. In message order a backfilled
    run rises; in file order it falls, because the backward pass appends
    the newest message first.
    """
    runs: list[tuple[int, ...]] = []
    current: list[int] = []
    step = timedelta(seconds=-1 if descending else 1)
    for (pos_a, a), (pos_b, b) in itertools.pairwise(rows):
        if a is not None and b is not None and b - a == step:
            if not current:
                current.append(pos_a)
            current.append(pos_b)
        elif current:
            runs.append(tuple(current))
            current = []
    if current:
        runs.append(tuple(current))
    return runs


def _one_second_runs(rows: list[tuple[int, datetime | None]], *, descending: bool = False) -> set[int]:
    """Positions in any run (``one_second_runs``): the flag's rows."""
    return set(itertools.chain.from_iterable(one_second_runs(rows, descending=descending)))


def one_second_run(timeline: Timeline, position: int) -> tuple[int, int, int] | None:
    """The run of one-second steps row ``position`` belongs to (``Flag.ONE_SECOND_RUN``),
    as (first position, last position, how many rows): the strip's bracket
    names it on hover, and Details, the keyboard's route, names it too (it
    said only "one-second-run", tryout). Rows that take no time (system,
    generation prompt) lie between a run's rows without ending it, as the
    flag's pass skips them; one scan out from ``position``, on demand."""
    flags, times, statuses = timeline.flags, timeline.times, timeline.statuses
    if not 0 <= position < len(flags) or Flag.ONE_SECOND_RUN not in flags[position]:
        return None
    timed = (Status.TRACKED, Status.UNTRACKED, Status.ENTRY)
    # a run rises in message order; in a file alone (entries, file order) it falls
    second = timedelta(seconds=-1 if statuses[position] is Status.ENTRY else 1)

    def end(step: int) -> tuple[int, int]:
        here, count = position, 0
        there = here + step
        while 0 <= there < len(times):
            if statuses[there] in timed:
                a, b = times[here], times[there]
                if a is None or b is None or (b - a if step > 0 else a - b) != second:
                    break
                here, count = there, count + 1
            there += step
        return here, count

    (first, before), (last, after) = end(-1), end(1)
    return first, last, before + after + 1


def _value_flags(stored: object, moment: datetime | None) -> set[Flag]:
    if not isinstance(stored, str):
        return {Flag.NOT_TEXT}
    return {Flag.UNPARSEABLE} if moment is None else set()


def _flag_column(count: int, marks: dict[Flag, Iterable[int]]) -> tuple[frozenset[Flag], ...]:
    """Per row, the flags whose position sets name it (one shared empty set
    for the many rows without any)."""
    found: dict[int, set[Flag]] = {}
    for flag, positions in marks.items():
        for position in positions:
            found.setdefault(position, set()).add(flag)
    column = [_NO_FLAGS] * count
    for position, flags in found.items():
        column[position] = frozenset(flags)
    return tuple(column)


def entries_timeline(store: TimestampStore) -> Timeline:
    """A timeline of the file alone (no transcript): one row per entry, file order."""
    keys = store.message_keys()
    parsed = store.parsed_map()
    entries = store.as_mapping()
    times = tuple(parsed[k] for k in keys)
    stored = tuple(entries[k] for k in keys)
    count = len(keys)
    runs = _one_second_runs(list(enumerate(times)), descending=True)
    value_marks: dict[Flag, list[int]] = {Flag.NOT_TEXT: [], Flag.UNPARSEABLE: []}
    for position, (value, moment) in enumerate(zip(stored, times, strict=True)):
        for flag in _value_flags(value, moment):
            value_marks[flag].append(position)
    return Timeline(
        tuple(range(count)),
        (None,) * count,
        ("",) * count,
        ("",) * count,
        tuple(keys),
        (Status.ENTRY,) * count,
        stored,
        times,
        (None,) * count,
        _flag_column(count, {**value_marks, Flag.ONE_SECOND_RUN: runs}),
        (),
        PLACEHOLDER_KEY in store,
        store.placeholder,
        None,
    )


def build_timeline(
    transcript: Transcript, request: PreparedRequest, store: TimestampStore | None
) -> Timeline:
    """The join, column by column; each pass is one loop over plain lists."""
    store = store if store is not None else TimestampStore()
    entries = store.as_mapping()
    parsed = store.parsed_map()
    hashes, kinds, contents = request.hashes, request.kinds, request.contents
    count = len(hashes)
    stamped = Kind.TIMESTAMPED
    is_stamped = [k is stamped for k in kinds]
    has_entry = [s and h in entries for s, h in zip(is_stamped, hashes, strict=True)]
    stored = tuple([entries[h] if has else None for h, has in zip(hashes, has_entry, strict=True)])
    times = tuple([parsed[h] if has else None for h, has in zip(hashes, has_entry, strict=True)])
    statuses = tuple(
        [
            (Status.TRACKED if has else Status.UNTRACKED) if s else _STATUS_OF_KIND[k]
            for s, has, k in zip(is_stamped, has_entry, kinds, strict=True)
        ]
    )

    stamped_hashes = list(itertools.compress(hashes, is_stamped))
    matched = set(stamped_hashes)
    repeated: list[int] = []
    if len(matched) < len(stamped_hashes):  # some content repeats (most chats: none)
        shared = Counter(stamped_hashes)
        repeated = [p for p in range(count) if is_stamped[p] and shared[hashes[p]] > 1]
    marks: dict[Flag, Iterable[int]] = {
        Flag.SHARED_HASH: repeated,
        Flag.ONE_SECOND_RUN: _one_second_runs([(p, times[p]) for p in range(count) if is_stamped[p]]),
        Flag.ECHOED_PREFIX: [
            p for p, found in enumerate(map(ECHO_RE.match, contents)) if found is not None and is_stamped[p]
        ],
    }
    out_of_order: list[int] = []
    value_marks: dict[Flag, list[int]] = {Flag.NOT_TEXT: [], Flag.UNPARSEABLE: []}
    latest: datetime | None = None
    for position in itertools.compress(range(count), has_entry):
        moment = times[position]
        value = stored[position]
        if moment is None or type(value) is not str:
            for flag in _value_flags(value, moment):
                value_marks[flag].append(position)
        if moment is not None:
            if latest is None or moment > latest:
                latest = moment
            elif moment < latest:
                out_of_order.append(position)
    marks[Flag.OUT_OF_ORDER] = out_of_order
    marks.update(value_marks)

    own_times = transcript.own_times
    indexes = request.source_indexes
    orphans, given_back, held = _unmatched(matched, stored, statuses, store, hashes)
    return Timeline(
        tuple(range(count)),
        indexes,
        request.roles,
        contents,
        hashes,
        statuses,
        stored,
        times,
        tuple(None if i is None else own_times[i] for i in indexes),
        _flag_column(count, marks),
        orphans,
        PLACEHOLDER_KEY in store,
        store.placeholder,
        request.discussion_id,
        request.sentinels,
        given_back,
        held,
    )


def _unmatched(
    matched: set[str],
    stored: Sequence[object | None],
    statuses: Sequence[Status],
    store: TimestampStore,
    hashes: Sequence[str],
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The stored keys no timestamped message has, in file order, split into
    orphans and keys whose time a tracked message holds now (given back);
    third, the orphans whose value a message stored after them holds by the
    clock (``Timeline.held``).

    A time is given back when a repair or an edit copied the orphan's value
    to a message: that message's entry is written after the orphan's (a new
    key goes to the end of the file). The same value held by a message stored
    *before* the orphan is a coincidence of the clock, not a copy: the
    middleware stores the user's message and the reply's placeholder in the
    same second, so a reply saved differently by the front end leaves an
    orphan with its user message's very time, and it is still lost. So is
    one held by a message the middleware stored after it in that second
    (a user message saved differently, its reply stored then): see
    ``_copies``."""
    entries = store.as_mapping()
    unmatched = [k for k in entries if k != PLACEHOLDER_KEY and k not in matched]
    if not unmatched:
        return (), (), ()
    tracked = Status.TRACKED
    place = {k: i for i, k in enumerate(entries)}
    holders: dict[str, list[int]] = {}  # a value -> the file places of the tracked entries holding it
    first: dict[str, int] = {}  # a tracked key -> its first position in the transcript
    for position, (value, status, key) in enumerate(zip(stored, statuses, hashes, strict=True)):
        if status is tracked and isinstance(value, str) and key not in first:
            first[key] = position
            at = place.get(key)
            if at is not None:
                holders.setdefault(value, []).append(at)
    later = {
        k: [h for h in holders[value] if h > place[k]]
        for k in unmatched
        if isinstance(value := entries[k], str) and max(holders.get(value, (-1,))) > place[k]
    }
    if not later:
        return tuple(unmatched), (), ()
    holders_of = {h for places in later.values() for h in places}
    copies = _Copies.of(list(entries), set(unmatched), first, statuses, holders_of)
    given_back = tuple(
        k
        for k in unmatched
        if k in later and copies.any_of(place[k], later[k]) and copies.holds_own(place[k], entries[k], stored)
    )
    returned = set(given_back)
    held = tuple(k for k in later if k not in returned)
    return tuple(k for k in unmatched if k not in returned), given_back, held


@frozen
class _Copies:
    """Whether a tracked entry written after an orphan with the orphan's
    value is a copy of it (a repair's or an edit's) or a message the
    middleware stored in the same second after the orphan's own.

    The middleware writes entries in transcript order, each message when it
    first sees it; a copy is written later, at the end of the file. So an
    entry is a copy when an entry of a message after it in the transcript
    was written before it. Where nothing was written after it yet (the end
    of the discussion), the transcript tells: the orphan's own message lies
    after the last message written before the orphan (``lo``) and, if the
    holder is another message, before the holder, and is untracked. A holder
    is a copy when the orphans written from there up to the holder
    outnumber the untracked messages between: one of them is the holder's
    own. (A message deleted from the transcript leaves an orphan with no
    untracked message: read as a copy, as before.)"""

    top: list[int]  # by file place: the latest transcript position written before it (-1: none)
    top_place: list[int]  # the place of that entry
    holder_at: list[int]  # by file place: the tracked message written there (-1: none)
    orphans_before: list[int]  # by file place: the orphans written before it
    # by transcript position: the messages before it that lost their entry
    # (untracked, or tracked by a copy written after a later message's entry)
    untracked_before: list[int]
    lost: list[int]  # those messages' positions, ascending
    copied: set[int]  # the positions tracked by such a copy
    # the first entry from a file place on that the middleware wrote in order
    # (a tracked message's own, not a copy), as (its place, its position),
    # found on demand (``_written_from``)
    written_from: dict[int, tuple[int, int]]

    @classmethod
    def of(
        cls,
        keys: list[str],
        unmatched: set[str],
        first: dict[str, int],
        statuses: Sequence[Status],
        holders: Iterable[int] = (),
    ) -> _Copies:
        """``holders``: the file places of the entries that may be copies of
        an orphan (they hold one's value, written after it)."""
        holder_at = [first.get(key, -1) for key in keys]
        top, top_place, latest, latest_place = [], [], -1, -1
        copied: set[int] = set()
        for at, position in enumerate(holder_at):
            top.append(latest)
            top_place.append(latest_place)
            if 0 <= position < latest:
                copied.add(position)
            if position > latest:
                latest, latest_place = position, at
        orphans = list(itertools.accumulate((key in unmatched for key in keys), initial=0))
        untracked = list(
            itertools.compress(
                range(len(statuses)), map(operator.is_, statuses, itertools.repeat(Status.UNTRACKED))
            )
        )
        lost, counted = cls._lost(len(statuses), untracked, copied)
        # an entry written in order after more orphans than messages that
        # lost theirs before it: one of those orphans is its own (a copy)
        found = set()
        for at in holders:
            position = holder_at[at]
            if position >= 0 and position > top[at] and position not in copied:
                written = orphans[at] - orphans[top_place[at] + 1]
                if written > counted[position] - counted[top[at] + 1]:
                    found.add(position)
        if found:
            copied |= found
            lost, counted = cls._lost(len(statuses), untracked, copied)
        return cls(top, top_place, holder_at, orphans, counted, lost, copied, {})

    @staticmethod
    def _lost(count: int, untracked: list[int], copied: set[int]) -> tuple[list[int], list[int]]:
        """The positions of messages that lost their entry (``untracked``, or
        tracked by a copy), and how many lie before each of ``count`` positions."""
        lost = sorted([*untracked, *copied])
        marks = bytearray(count)
        for position in lost:
            marks[position] = 1
        return lost, list(itertools.accumulate(marks, initial=0))

    def _written_from(self, place: int) -> tuple[int, int]:
        """The first entry from file place ``place`` on the middleware wrote
        in order, (len, -1) where none: a scan that notes its answer on every
        place it passed, so that all the orphans' scans together read each
        place once."""
        holder_at, top, copied, known = self.holder_at, self.top, self.copied, self.written_from
        passed = []
        at = place
        found = (len(holder_at), -1)
        while at < len(holder_at):
            if at in known:
                found = known[at]
                break
            position = holder_at[at]
            if position >= 0 and top[at] < position and position not in copied:
                found = (at, position)
                break
            passed.append(at)
            at += 1
        for at in passed:
            known[at] = found
        return found

    def holds_own(self, orphan: int, value: object, stored: Sequence[object | None]) -> bool:
        """Whether the orphan at file place ``orphan`` may have been given
        back to its own message, by order: the middleware writes entries in
        transcript order, so the orphans it wrote between two messages'
        entries are, in the same order, the messages between them that lost
        theirs. Where the counts agree, the orphan's own message is known,
        and it is given back only if that message holds the orphan's value by
        a copy (two orphans of one second, one repaired: the copy is one's,
        not both's). Where they do not (a message deleted, a never-tracked
        one between), True: ``any_of`` alone decides, as before."""
        lo, lo_place = self.top[orphan], self.top_place[orphan]
        hi_place, hi = self._written_from(orphan + 1)
        written = self.orphans_before[hi_place] - self.orphans_before[lo_place + 1]
        start = bisect.bisect_right(self.lost, lo)
        stop = bisect.bisect_left(self.lost, hi) if hi >= 0 else len(self.lost)
        if stop - start != written:
            return True
        own = self.lost[start + self.orphans_before[orphan] - self.orphans_before[lo_place + 1]]
        return own in self.copied and stored[own] == value

    def any_of(self, orphan: int, holders: list[int]) -> bool:
        """Whether one of the entries at file places ``holders`` is a copy of
        the orphan at file place ``orphan``."""
        lo, lo_place = self.top[orphan], self.top_place[orphan]
        for holder in holders:
            position = self.holder_at[holder]
            if self.top[holder] > position:
                return True  # written after a later message's entry
            written = self.orphans_before[holder] - self.orphans_before[lo_place + 1]
            between = self.untracked_before[position] - self.untracked_before[lo + 1]
            if written > between:
                return True
        return False


def neighbour_times(timeline: Timeline, index: int) -> tuple[datetime | None, datetime | None]:
    """The nearest stored times before and after row ``index`` (of other
    contents: a shared entry is the row's own). Walks outward only to the
    first timed row each way; asked once per dialog, not per key."""
    times, own = timeline.times, timeline.hashes[index]

    def nearest(step: int) -> datetime | None:
        at = index + step
        while 0 <= at < len(times):
            if times[at] is not None and timeline.hashes[at] != own:
                return times[at]
            at += step
        return None

    return nearest(-1), nearest(1)


def order_broken(
    neighbours: tuple[datetime | None, datetime | None], moment: datetime
) -> tuple[datetime | None, datetime | None]:
    """Of ``neighbours`` (``neighbour_times``), the ones ``moment`` would not
    follow or precede (None where the order holds): a time typed for one
    message may be meant to break the order (a repair of a worse break),
    so it is said, not refused."""
    before, after = neighbours
    return (
        before if before is not None and moment < before else None,
        after if after is not None and moment > after else None,
    )

"""The middleware's tracking step ("backfill"), simulated without touching disk.

Runs at the start of every request: resolve a pending placeholder, then walk
the history from newest to oldest giving every untracked message the running
anchor, one second earlier per step. The result says per message what
happened, so a user can see why a time is what it is before anything is written.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import operator
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from enum import StrEnum
from functools import cached_property

from .columns import positions_of
from .counted_runs import CountedRuns
from .pipeline import Kind, PreparedRequest
from .records import frozen
from .store import PLACEHOLDER_KEY, TimestampStore
from .timestrings import format_absolute, parse_absolute


class Action(StrEnum):
    KEPT = "kept"  # hash already stored; its value becomes the anchor
    SHARED = "shared"  # same content as a newer message; takes that time
    ASSIGNED = "assigned"  # untracked; got the running anchor
    PLACEHOLDER = "placeholder"  # got the pending placeholder's time
    SKIPPED = "skipped"  # system message or trailing generation prompt


@frozen
class TrackEvent:
    position: int  # index into PreparedRequest.messages
    hash: str
    action: Action
    before: object | None  # stored value before tracking (None: absent)
    after: object | None  # stored value after tracking


@frozen
class TrackResult:
    """What one request's tracking did: the store after it and, per message,
    the action taken. ``events`` (before/after values per message) is built
    when asked for: a preview or a file write never needs it."""

    store: TimestampStore
    actions: tuple[Action, ...]  # one per message, in message order
    had_placeholder: bool
    placeholder_value: object | None
    placeholder_target: int | None  # position that received the placeholder
    hashes: tuple[str, ...] = ()  # the tracked request's hashes, in message order
    before: TimestampStore | None = None  # the store as it was before tracking
    saved_placeholder: object | None = None  # the reply's new placeholder, when simulated

    @cached_property
    def events(self) -> tuple[TrackEvent, ...]:
        before = self.before if self.before is not None else TimestampStore()
        old, new = before.as_mapping(), self.store.as_mapping()
        return tuple(
            TrackEvent(position, digest, action, old.get(digest), new.get(digest))
            for position, (digest, action) in enumerate(zip(self.hashes, self.actions, strict=True))
        )

    @property
    def changed(self) -> bool:
        """The middleware writes the file only then."""
        return (
            self.had_placeholder
            or self.saved_placeholder is not None
            or Action.ASSIGNED in self.actions
            or Action.PLACEHOLDER in self.actions
        )


_UNPARSED = object()


def now_string(now: datetime | str) -> str:
    return now if isinstance(now, str) else format_absolute(now)


def newest_assistant(request: PreparedRequest) -> int | None:
    """The newest assistant message, a trailing generation prompt aside: the
    one a pending placeholder is meant for (the reply the front end sent back).
    Reads the role of the messages it passes, not ``request.roles``: that
    column of every message was built for this alone at a re-open (issue 33:
    ~25 ms of 110 at 100k messages)."""
    kinds, fields = request.kinds, request.fields
    for position in range(len(kinds) - 1, -1, -1):
        if kinds[position] is Kind.GENERATION_PROMPT:
            continue
        if fields[position].get("role", "").lower() == "assistant":
            return position
    return None


def _placeholder_target(request: PreparedRequest, entries: Mapping[str, object]) -> int | None:
    """The newest assistant message (generation prompts aside) if it is untracked."""
    position = newest_assistant(request)
    return position if position is not None and request.hashes[position] not in entries else None


def pending_reply(request: PreparedRequest, store: TimestampStore) -> int | None:
    """The message the placeholder ``store`` holds goes to at the next
    request (spec wilmer-timestamps.md, "Tracking", step 1): the newest
    assistant message when ``store`` has no time for it (None: none, or no
    placeholder). Save over a file made anew without it gives it the
    placeholder's time as that request would have (issue 29: dropped)."""
    if PLACEHOLDER_KEY not in store.as_mapping():
        return None
    return _placeholder_target(request, store.as_mapping())


def track(
    request: PreparedRequest,
    store: TimestampStore,
    now: datetime | str,
    held: Sequence[bool] | None = None,
) -> TrackResult:
    """Simulate one request's tracking; ``store`` is left untouched.

    ``held``: per message, whether it is a timestamped message whose hash
    ``store`` has (the joined timeline's "tracked" status), when the caller
    knows it already: looking 100,000 hashes up again is most of the work.

    The backward pass keeps the anchor as (value, parse source, steps taken
    since): a value is parsed only when an untracked message follows it, and
    a time is formatted only for a message that receives it. The result is
    the middleware's step-by-step walk, without its per-message cost.
    """
    original = store.as_mapping()
    entries = dict(original)
    hashes, kinds = request.hashes, request.kinds

    placeholder = store.placeholder
    target: int | None = None
    if PLACEHOLDER_KEY in entries:
        target = _placeholder_target(request, entries)
        if target is not None:
            entries[hashes[target]] = placeholder
        del entries[PLACEHOLDER_KEY]

    # Every message that already has an entry keeps it (or shares the
    # placeholder's): only the ones without one need the walk, which visits
    # them alone, a run between two stored times at a time, newest first.
    is_stamped = list(map(operator.is_, kinds, itertools.repeat(Kind.TIMESTAMPED)))
    if held is None or len(held) != len(hashes):
        held = list(map(operator.and_, is_stamped, map(original.__contains__, hashes)))
    else:
        held = list(held)
    actions = list(map((Action.SKIPPED, Action.KEPT).__getitem__, held))
    if target is not None:
        for position in positions_of(hashes, hashes[target]):
            if is_stamped[position]:  # the placeholder's time, shared by a newer message
                held[position], actions[position] = True, Action.SHARED
        actions[target] = Action.PLACEHOLDER
    known = _parses_kept(store)  # the result's parse cache: the times given out are added
    now_value = now_string(now)  # the value the newest run counts back from
    runs = list(_runs(held, is_stamped))
    kept = _kept_counting(runs, hashes, held, entries, now_value)
    if kept is not None:  # nearly every pass: the runs' times kept as (anchor, steps)
        counted, repeats = kept
        for positions in runs:
            collections.deque(
                map(actions.__setitem__, positions, itertools.repeat(Action.ASSIGNED)), maxlen=0
            )
        collections.deque(map(actions.__setitem__, repeats, itertools.repeat(Action.SHARED)), maxlen=0)
    else:
        counted = None
        _walk_runs(runs, hashes, held, entries, known, actions, now_value)

    return TrackResult(
        TimestampStore.adopt(entries, store.key, known, counted),
        tuple(actions),
        PLACEHOLDER_KEY in original,
        placeholder,
        target,
        hashes,
        store,
    )


_SECOND = timedelta(seconds=1)


def _parses_kept(store: TimestampStore) -> dict[str, datetime | None]:
    """The start of the result's parse cache: the parses ``store`` made
    already of the entries it keeps; the walk adds the times it gives out
    straight into it (at 100k, a second dict of 50k times merged in after
    the walk cost ~13 ms). Without them every view of all times (the
    preview's summary, the strip) parses 50k stored values again. A store
    parses only its own keys, and tracking keeps every entry with its
    value but the placeholder's key: that key is the only one to drop (a
    copy, not a check per key: 1-2 ms at 100k where trimming took 15-40)."""
    parses = store.parses_made()
    parses.pop(PLACEHOLDER_KEY, None)
    return parses


def _runs(held: list[bool], is_stamped: list[bool]) -> Iterator[list[int]]:
    """The timestamped messages without an entry, in runs between two that
    have one, newest first (runs and the messages in each). Found by
    C-level scans of the two columns: no per-message position is made but
    for the messages in a run (a fully tracked chat makes none)."""
    if held == is_stamped:  # every timestamped message has its entry (one C-level compare)
        return
    count = len(held)
    missing = list(map(operator.gt, is_stamped, held))[::-1]  # newest first
    stored = held[::-1]
    at = 0
    while True:
        try:
            first = missing.index(True, at)
        except ValueError:
            return
        try:
            end = stored.index(True, first)
        except ValueError:
            end = count
        last = count - 1
        yield [last - i for i in itertools.compress(range(first, end), missing[first:end])]
        at = end


def _kept_counting(
    runs: list[list[int]],
    hashes: tuple[str, ...],
    held: list[bool],
    entries: dict[str, object],
    source: object,
) -> tuple[CountedRuns, list[int]] | None:
    """Every run as stretches counted back from their anchors, nothing
    written: the keys and their stretches, and the positions that share
    the time of a newer message with the same content; None where a run
    needs the step-by-step walk (the first or last representable years).
    A run's contents are none of the store's (it would hold them), so only
    repeats among the runs' own keys share a time."""
    positions = list(itertools.chain.from_iterable(runs))
    digests = list(map(hashes.__getitem__, positions))
    counted = CountedRuns(digests)
    repeats = counted.repeats()
    steps = 0  # seconds counted back from ``source`` so far (0: nothing stored above yet)
    start, cuts = 0, iter(repeats)
    cut = next(cuts, len(digests))
    for run in runs:
        end = start + len(run)
        with contextlib.suppress(ValueError):  # the stored time nearest above (none: the newest run)
            source, steps = entries[hashes[held.index(True, run[0] + 1)]], 1
        at = start
        while True:
            stop = min(cut, end)
            if stop > at:
                plan = _counting(stop - at, source, steps)
                if plan is None:
                    return None
                counted.add(at, stop, source, *plan)
            if stop == end:
                break
            source, steps = counted.value(digests[cut]), 1  # shares that time and counts on from it
            at, cut = cut + 1, next(cuts, len(digests))
        start = end
    return counted, list(map(positions.__getitem__, repeats))


def _walk_runs(
    runs: list[list[int]],
    hashes: tuple[str, ...],
    held: list[bool],
    entries: dict[str, object],
    known: dict[str, datetime | None],
    actions: list[Action],
    source: object,
) -> None:
    """The runs given their times at once, where one of them needs the
    step-by-step walk: the stretches between shared contents are counted
    back in C-level passes, the others walked."""
    steps = 0
    for positions in runs:
        with contextlib.suppress(ValueError):  # the stored time nearest above (none: the newest run)
            source, steps = entries[hashes[held.index(True, positions[0] + 1)]], 1
        collections.deque(map(actions.__setitem__, positions, itertools.repeat(Action.ASSIGNED)), maxlen=0)
        digests = list(map(hashes.__getitem__, positions))
        start = 0
        for shared_at in [*_given_before(digests, entries), len(digests)]:
            # the stretch up to a content given a time already: counted back
            part, got = positions[start:shared_at], digests[start:shared_at]
            plan = _counting(len(got), source, steps) if got else None
            if plan is not None:
                stretch = CountedRuns(got)
                stretch.add(0, len(got), source, *plan)
                stretch.settle_into(entries, known)
            elif got:
                _walk(part, got, source, steps, entries, known, actions)
            if shared_at < len(digests):  # shares that time and counts on from it
                source, steps = entries[digests[shared_at]], 1
                actions[positions[shared_at]] = Action.SHARED
            start = shared_at + 1


def _given_before(digests: list[str], entries: Mapping[str, object]) -> list[int]:
    """Indexes in a run (newest first) whose content has a time by the
    walk's turn: stored, or given to a newer message of the same run."""
    if len(set(digests)) == len(digests) and not any(map(entries.__contains__, digests)):
        return []  # nearly every run
    seen: set[str] = set()
    found = []
    for index, digest in enumerate(digests):
        if digest in seen or digest in entries:
            found.append(index)
        else:
            seen.add(digest)
    return found


def _counting(length: int, source: object, steps: int) -> tuple[datetime | None, int] | None:
    """How a stretch of ``length`` untracked messages with distinct new
    contents, newest first, counts back from ``source``: its parse (None:
    every message is given ``source`` as it is) and whether the first
    message takes ``source`` itself (nothing stored above it yet); None
    where ``_walk`` must decide step by step (the first or last
    representable years)."""
    first = 1 if steps == 0 else 0
    count = length - first
    moment = parse_absolute(source) if count else None
    if moment is not None:
        if moment.year < 1001 or moment - datetime.min <= timedelta(seconds=count + 1):
            return None
        if (moment - timedelta(seconds=count)).year < 1000:
            return None
    return moment, first


def _walk(
    positions: list[int],
    digests: list[str],
    source: object,
    steps: int,
    entries: dict[str, object],
    known: dict[str, datetime | None],
    actions: list[Action],
) -> None:
    """One run of untracked messages, newest first, one step at a time: a
    content given a time already in this walk shares it and counts on from
    there; a value that does not parse is copied as it is."""
    moment: datetime | None = None  # ``source`` parsed, once an untracked message needs it
    given: datetime | None = None  # the last time given out in the current run
    parsed_source: object = _UNPARSED
    for position, digest in zip(positions, digests, strict=True):
        if digest in entries:  # given to a newer message with the same content in this walk
            source, steps = entries[digest], 1
            actions[position] = Action.SHARED
            continue
        if steps == 0:
            entries[digest] = source
        else:
            if steps == 1:  # the first step back from this anchor (each value parsed once)
                if parsed_source is not source:
                    moment, parsed_source = parse_absolute(source), source
                given = None if moment is None else _second_before(moment)
            elif given is not None:  # the run goes on: one second before the last time given
                given = _second_before(given)
            if given is None:
                entries[digest] = source
            else:
                entries[digest] = format_absolute(given)
                if given.year >= 1000:  # the text reads back as this time (earlier years are unpadded)
                    known[digest] = given
        steps += 1


def _second_before(moment: datetime) -> datetime:
    """One second before ``moment``: a run of untracked messages counts back
    one step at a time from the last time given. The count stops at the
    first representable second, whose value the middleware's walk carries on."""
    try:
        return moment - _SECOND
    except OverflowError:
        return datetime.min


def with_reply_placeholder(result: TrackResult, now: datetime | str) -> TrackResult:
    """The whole request, not only its tracking step: after tracking, the
    responding node saves ``PLACEHOLDER_TIMESTAMP_HASH_0000`` = now (the time
    the reply started) as the file's last entry, on every request. The result
    is exactly the file the middleware leaves behind."""
    store = result.store.copy()
    store.remove(PLACEHOLDER_KEY)  # tracking already removed it; a new key goes last
    value = now_string(now)
    store.set(PLACEHOLDER_KEY, value)
    return replace(result, store=store, saved_placeholder=value)

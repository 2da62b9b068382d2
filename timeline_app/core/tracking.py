"""The middleware's tracking step ("backfill"), simulated without touching disk.

Runs at the start of every request: resolve a pending placeholder, then walk
the history from newest to oldest giving every untracked message the running
anchor, one second earlier per step. The result says per message what
happened, so a user can see why a time is what it is before anything is written.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum
from functools import cached_property

from .pipeline import Kind, PreparedRequest
from .store import PLACEHOLDER_KEY, TimestampStore
from .timestrings import format_absolute, parse_absolute


class Action(StrEnum):
    KEPT = "kept"  # hash already stored; its value becomes the anchor
    SHARED = "shared"  # same content as a newer message; takes that time
    ASSIGNED = "assigned"  # untracked; got the running anchor
    PLACEHOLDER = "placeholder"  # got the pending placeholder's time
    SKIPPED = "skipped"  # system message or trailing generation prompt


@dataclass(frozen=True)
class TrackEvent:
    position: int  # index into PreparedRequest.messages
    hash: str
    action: Action
    before: object | None  # stored value before tracking (None: absent)
    after: object | None  # stored value after tracking


@dataclass(frozen=True)
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


def _placeholder_target(request: PreparedRequest, entries: dict[str, object]) -> int | None:
    """The newest assistant message (generation prompts aside) if it is untracked."""
    kinds, roles, hashes = request.kinds, request.roles, request.hashes
    for position in range(len(hashes) - 1, -1, -1):
        if kinds[position] is Kind.GENERATION_PROMPT:
            continue
        if roles[position].lower() == "assistant":
            return position if hashes[position] not in entries else None
    return None


def track(request: PreparedRequest, store: TimestampStore, now: datetime | str) -> TrackResult:
    """Simulate one request's tracking; ``store`` is left untouched.

    The backward pass keeps the anchor as (value, parse source, steps taken
    since): a value is parsed only when an untracked message follows it, and
    a time is formatted only for a message that receives it. The result is
    the middleware's step-by-step walk, without its per-message cost.
    """
    original = store.as_mapping()
    entries = dict(original)
    hashes, kinds = request.hashes, request.kinds
    actions: list[Action] = [Action.SKIPPED] * len(hashes)

    placeholder = store.placeholder
    target: int | None = None
    if PLACEHOLDER_KEY in entries:
        target = _placeholder_target(request, entries)
        if target is not None:
            entries[hashes[target]] = placeholder
            actions[target] = Action.PLACEHOLDER
        del entries[PLACEHOLDER_KEY]

    source: object = now_string(now)  # the value the running time counts back from
    steps = 0  # seconds counted back from ``source`` so far
    moment: datetime | None = None  # ``source`` parsed, once an untracked message needs it
    given: datetime | None = None  # the last time given out in the current run
    parsed_source: object = _UNPARSED
    known: dict[str, datetime | None] = {}  # times given out, for the result's parse cache
    kept, shared, assigned, stamped = Action.KEPT, Action.SHARED, Action.ASSIGNED, Kind.TIMESTAMPED
    second = _SECOND
    head = ""  # ``format_absolute`` of the running time without its seconds: "(Monday, 2025-09-22 10:00:"
    for position in range(len(hashes) - 1, -1, -1):
        if kinds[position] is not stamped:
            continue
        digest = hashes[position]
        if digest in entries:
            source, steps = entries[digest], 1
            if position != target:
                actions[position] = kept if digest in original else shared
            continue
        if steps == 0:
            entries[digest] = source
        else:
            if steps == 1:  # the first step back from this anchor (each value parsed once)
                if parsed_source is not source:
                    moment, parsed_source = parse_absolute(source), source
                given = None if moment is None else _second_before(moment)
                head = ""  # a new run: its minute's text is made below
            elif given is not None:  # the run goes on: one second before the last time given
                try:
                    given = given - second
                except OverflowError:  # the first representable second: the walk stays there
                    given = datetime.min
            if given is None:
                entries[digest] = source
            else:
                # ``format_absolute(given)``, its minute's text made once per
                # minute: counting back, a new minute starts at second 59
                seconds = given.second
                if seconds == 59 or not head:
                    head = format_absolute(given)[:-3]
                entries[digest] = head + _SECOND_TAILS[seconds]
                if given.year >= 1000:  # the text reads back as this time (earlier years are unpadded)
                    known[digest] = given
        actions[position] = assigned
        steps += 1

    return TrackResult(
        TimestampStore.adopt(entries, store.key, _with_parses_of(store, entries, known)),
        tuple(actions),
        PLACEHOLDER_KEY in original,
        placeholder,
        target,
        hashes,
        store,
    )


_SECOND = timedelta(seconds=1)
_SECOND_TAILS = tuple(f"{n:02d})" for n in range(60))  # a formatted time's last three characters


def _with_parses_of(
    store: TimestampStore, entries: dict[str, object], known: dict[str, datetime | None]
) -> dict[str, datetime | None]:
    """The result's parse cache: the times given out, and the parses ``store``
    made already of the entries it keeps. Without them every view of all
    times (the preview's summary, the strip) parses 50k stored values again.
    A store parses only its own keys, and tracking keeps every entry with its
    value but the placeholder's key: that key is the only one to drop (a
    copy, not a check per key: 1-2 ms at 100k where trimming took 15-40)."""
    parses = store.parses_made()
    parses.pop(PLACEHOLDER_KEY, None)
    parses.update(known)
    return parses


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

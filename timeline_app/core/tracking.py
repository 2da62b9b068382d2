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
    store: TimestampStore
    events: tuple[TrackEvent, ...]  # one per message, in message order
    had_placeholder: bool
    placeholder_value: object | None
    placeholder_target: int | None  # position that received the placeholder
    saved_placeholder: object | None = None  # the reply's new placeholder, when simulated

    @property
    def changed(self) -> bool:
        """The middleware writes the file only then."""
        return (
            self.had_placeholder
            or self.saved_placeholder is not None
            or any(e.action in (Action.ASSIGNED, Action.PLACEHOLDER) for e in self.events)
        )


def now_string(now: datetime | str) -> str:
    return now if isinstance(now, str) else format_absolute(now)


def track(request: PreparedRequest, store: TimestampStore, now: datetime | str) -> TrackResult:
    """Simulate one request's tracking; ``store`` is left untouched."""
    result = store.copy()
    messages = request.messages
    before = {m.hash: store.get(m.hash) if m.hash in store else None for m in messages}
    action: dict[int, Action] = {}

    placeholder = store.placeholder
    target: int | None = None
    if PLACEHOLDER_KEY in store:
        for position in range(len(messages) - 1, -1, -1):
            message = messages[position]
            if message.kind is Kind.GENERATION_PROMPT:
                continue
            if message.role.lower() == "assistant":
                if message.hash not in result:
                    result.set(message.hash, placeholder)
                    action[position] = Action.PLACEHOLDER
                    target = position
                break
        result.remove(PLACEHOLDER_KEY)

    # the anchor travels with its parsed time, so each step formats once and
    # parses only values taken from the file; an unparseable anchor is carried
    # unchanged (that is how one bad value spreads to every untracked message)
    anchor: object = now_string(now)
    moment = parse_absolute(anchor)
    second = timedelta(seconds=1)
    for position in range(len(messages) - 1, -1, -1):
        message = messages[position]
        if message.kind is not Kind.TIMESTAMPED:
            action[position] = Action.SKIPPED
            continue
        if message.hash in result:
            anchor = result.get(message.hash)
            moment = result.parsed(message.hash)
            if position not in action:
                action[position] = Action.KEPT if message.hash in store else Action.SHARED
        else:
            result.set(message.hash, anchor)
            action[position] = Action.ASSIGNED
        if moment is not None:
            try:
                moment = moment - second
            except OverflowError:  # the year-1 floor: the value is carried unchanged
                moment = None
                continue
            anchor = format_absolute(moment)

    events = tuple(
        TrackEvent(
            position,
            m.hash,
            action[position],
            before[m.hash],
            result.get(m.hash) if m.hash in result else None,
        )
        for position, m in enumerate(messages)
    )
    return TrackResult(result, events, PLACEHOLDER_KEY in store, placeholder, target)


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

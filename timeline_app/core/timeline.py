"""The joined timeline: each transcript message next to its stored time.

This is what every view shows (the CLI's ``inspect``, the GUI's table and
strip). It is built once per (transcript, store) in linear time, indexing by
hash, and formats nothing: views format times lazily in the style they show.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from .pipeline import Kind, PreparedRequest
from .store import PLACEHOLDER_KEY, TimestampStore
from .transcripts import Transcript


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


ECHO_RE = re.compile(
    r"\s*(\((Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), "
    r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)|\[Sent [^\]]* ago\])"
)
_NO_FLAGS: frozenset[Flag] = frozenset()
_STATUS_OF_KIND = {Kind.SYSTEM: Status.SYSTEM, Kind.GENERATION_PROMPT: Status.GENERATION_PROMPT}


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Timeline:
    rows: tuple[TimelineRow, ...]
    orphans: tuple[str, ...]  # stored keys no message matches, in file order
    has_placeholder: bool
    placeholder: object | None
    discussion_id: str | None
    # stored keys no message matches whose time a tracked message now holds (a
    # repair gave it back): kept in the file, no longer offered or counted as orphans
    given_back: tuple[str, ...] = ()

    def count(self, status: Status | str) -> int:
        return sum(1 for r in self.rows if r.status == status)


def _one_second_runs(rows: list[tuple[int, datetime | None]], *, descending: bool = False) -> set[int]:
    """Positions in runs of two or more consecutive rows exactly 1 s apart.

    In message order a backfilled run rises; in file order it falls, because
    the backward pass appends the newest message first.
    """
    marked: set[int] = set()
    step = timedelta(seconds=-1 if descending else 1)
    for (pos_a, a), (pos_b, b) in itertools.pairwise(rows):
        if a is not None and b is not None and b - a == step:
            marked.update((pos_a, pos_b))
    return marked


def _value_flags(stored: object, moment: datetime | None) -> set[Flag]:
    if not isinstance(stored, str):
        return {Flag.NOT_TEXT}
    return {Flag.UNPARSEABLE} if moment is None else set()


def entries_timeline(store: TimestampStore) -> Timeline:
    """A timeline of the file alone (no transcript): one row per entry, file order."""
    keys = store.message_keys()
    runs = _one_second_runs([(p, store.parsed(k)) for p, k in enumerate(keys)], descending=True)
    rows = []
    for position, key in enumerate(keys):
        stored = store.get(key)
        moment = store.parsed(key)
        flags = _value_flags(stored, moment) | ({Flag.ONE_SECOND_RUN} if position in runs else set())
        rows.append(
            TimelineRow(position, None, "", "", key, Status.ENTRY, stored, moment, None, frozenset(flags))
        )
    return Timeline(tuple(rows), (), PLACEHOLDER_KEY in store, store.placeholder, None)


def build_timeline(
    transcript: Transcript, request: PreparedRequest, store: TimestampStore | None
) -> Timeline:
    store = store if store is not None else TimestampStore()
    messages = request.messages
    stamped = Kind.TIMESTAMPED
    shared = Counter(m.hash for m in messages if m.kind is stamped)
    # each message's entry looked up and parsed once (the store caches parses)
    entries = [(m.hash in store) if m.kind is stamped else False for m in messages]
    times = [store.parsed(m.hash) if has else None for m, has in zip(messages, entries, strict=True)]
    runs = _one_second_runs([(p, times[p]) for p, m in enumerate(messages) if m.kind is stamped])
    restore = request.sentinels.restore
    own_times = transcript.own_times
    rows: list[TimelineRow] = []
    latest: datetime | None = None
    for position, message in enumerate(messages):
        flags: set[Flag] = set()
        has_entry = entries[position]
        stored = store.get(message.hash) if has_entry else None
        moment = times[position]
        if message.kind is Kind.TIMESTAMPED:
            status = Status.TRACKED if has_entry else Status.UNTRACKED
            if shared[message.hash] > 1:
                flags.add(Flag.SHARED_HASH)
            if has_entry:
                flags |= _value_flags(stored, moment)
            if moment is not None:
                if latest is not None and moment < latest:
                    flags.add(Flag.OUT_OF_ORDER)
                latest = moment if latest is None else max(latest, moment)
            if position in runs:
                flags.add(Flag.ONE_SECOND_RUN)
            if ECHO_RE.match(message.content):
                flags.add(Flag.ECHOED_PREFIX)
        else:
            status = _STATUS_OF_KIND[message.kind]
        index = message.source_index
        rows.append(
            TimelineRow(
                position,
                index,
                message.role,
                restore(message.content),
                message.hash,
                status,
                stored,
                moment,
                own_times[index] if index is not None else None,
                frozenset(flags) if flags else _NO_FLAGS,
            )
        )
    matched = {m.hash for m in messages if m.kind is Kind.TIMESTAMPED}
    unmatched = [k for k in store if k != PLACEHOLDER_KEY and k not in matched]
    held = {r.stored for r in rows if r.status is Status.TRACKED and isinstance(r.stored, str)}
    given_back = tuple(k for k in unmatched if store.get(k) in held)
    returned = set(given_back)
    return Timeline(
        tuple(rows),
        tuple(k for k in unmatched if k not in returned),
        PLACEHOLDER_KEY in store,
        store.placeholder,
        request.discussion_id,
        given_back,
    )

"""The LLM-bound conversation in WilmerAI's styles, and ``{time_context_summary}``.

Formatting happens on a copy after tracking: a message whose hash has an entry
gets the stored string (absolute) or ``[Sent X ago]`` (relative) in front,
unless its content already starts with exactly that prefix; the braces are
restored last, as the middleware does before sending.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from itertools import repeat
from typing import Any

from .errors import InputError
from .hashing import BraceSentinels
from .pipeline import Kind, PreparedRequest
from .store import PLACEHOLDER_KEY, TimestampStore
from .timestrings import describe_elapsed, sent_text
from .words import Problem, Said, json_kind

_ABSENT = object()  # no entry for the message's hash


class Style(StrEnum):
    ABSOLUTE = "absolute"
    RELATIVE = "relative"
    CST = "cst"


def render_wilmer(
    request: PreparedRequest,
    store: TimestampStore,
    style: Style,
    now: datetime,
    rows: slice = slice(None),
) -> list[dict[str, Any]]:
    """What the model receives for ``request`` given an (already tracked) store
    (``rows``: of those messages only, in order).

    A message sent unchanged is the pipeline's own dict (never mutate the
    result); every other one is a copy with the new content."""
    if style is Style.CST:
        raise ValueError("the CST style is rendered by timeline_app.core.cst")
    chosen, hashes, kinds = request.fields[rows], request.hashes[rows], request.kinds[rows]
    if style is Style.RELATIVE:
        return _render_relative(request.sentinels, chosen, hashes, kinds, store, now)
    restore, left, right = request.sentinels.restore, request.sentinels.left, request.sentinels.right
    both = request.sentinels.common
    stamped, absent = Kind.TIMESTAMPED, _ABSENT  # locals: read per message
    out: list[dict[str, Any]] = []
    append = out.append
    entries = store.as_mapping()
    prefixes = map(entries.get, hashes, repeat(absent))
    for fields, prefix, kind, digest in zip(chosen, prefixes, kinds, hashes, strict=True):
        content = original = fields["content"]
        if prefix is not absent and kind is stamped:
            if not isinstance(prefix, str):
                raise InputError(None, Said(Problem.STORED_NOT_TEXT, (digest, json_kind(prefix))))
            if not content.startswith(prefix):
                content = f"{prefix} {content}"
        # ``restore``'s own test without a call per message, after one search
        # for what both sentinels start with (nearly every content has neither)
        if both in content and (left in content or right in content):
            content = restore(content)
        append(fields if content is original else dict(fields, content=content))
    return out


def _render_relative(
    sentinels: BraceSentinels,
    rows: tuple[dict[str, Any], ...],
    hashes: tuple[str, ...],
    kinds: tuple[Kind, ...],
    store: TimestampStore,
    now: datetime,
) -> list[dict[str, Any]]:
    """``render_wilmer`` in the relative style. A message without an entry and
    one whose value the middleware cannot parse are both left as they are,
    so each message needs only its parsed time (read from a tracking
    result's backfill runs without writing their 50k texts out) and each
    whole minute elapsed its text once: 100k messages have tens of
    thousands of different ones."""
    restore, left, right, both = sentinels.restore, sentinels.left, sentinels.right, sentinels.common
    stamped = Kind.TIMESTAMPED
    texts: dict[int, str] = {}  # whole minutes elapsed -> "[Sent ... ago]"
    out: list[dict[str, Any]] = []
    append = out.append
    moments = store.parsed_of_all(hashes)
    for fields, moment, kind in zip(rows, moments, kinds, strict=True):
        content = original = fields["content"]
        if moment is not None and kind is stamped:
            elapsed = now - moment  # ``elapsed_minutes`` inline: a call per message is ~10% of the loop
            minute = elapsed.days * 1440 + elapsed.seconds // 60
            prefix = texts.get(minute)
            if prefix is None:
                prefix = texts[minute] = sent_text(minute)
            if not content.startswith(prefix):
                content = f"{prefix} {content}"
        if both in content and (left in content or right in content):
            content = restore(content)
        append(fields if content is original else dict(fields, content=content))
    return out


def summary_bounds(store: TimestampStore) -> tuple[datetime, datetime] | None:
    """The earliest and latest time ``{time_context_summary}`` is measured from:
    every parseable stored time but the placeholder's, orphans included (the
    middleware looks at the file, not at the messages); None when none parses."""
    times = list(filter(None, store.parsed_times()))  # a parsed time is never false, None always is
    pending = store.parsed(PLACEHOLDER_KEY)
    if pending is not None:  # one time less of that value: the placeholder's
        times.remove(pending)
    if not times:
        return None
    return min(times), max(times)


def time_context_summary(store: TimestampStore, now: datetime) -> str:
    """``[Time Context: ...]`` over ``summary_bounds``."""
    bounds = summary_bounds(store)
    if bounds is None:
        return ""
    earliest, latest = bounds
    started = describe_elapsed(earliest, now)
    if earliest == latest:
        return f"[Time Context: The conversation started {started} ago.]"
    return (
        f"[Time Context: This conversation started {started} ago. "
        f"The most recent message was sent {describe_elapsed(latest, now)} ago.]"
    )


TIME_CONTEXT_PLACEHOLDER = "{time_context_summary}"


def fill_time_context(template: str, summary: str) -> str:
    """A node's ``systemPrompt``/``prompt`` with ``{time_context_summary}`` filled in
    (the only template variable the inspector renders)."""
    return template.replace(TIME_CONTEXT_PLACEHOLDER, summary)

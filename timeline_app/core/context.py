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
from .pipeline import Kind, PreparedRequest
from .store import PLACEHOLDER_KEY, TimestampStore
from .timestrings import describe_elapsed, relative_text
from .words import Problem, Said

_ABSENT = object()  # no entry for the message's hash


class Style(StrEnum):
    ABSOLUTE = "absolute"
    RELATIVE = "relative"
    CST = "cst"


def render_wilmer(
    request: PreparedRequest, store: TimestampStore, style: Style, now: datetime
) -> list[dict[str, Any]]:
    """What the model receives for ``request`` given an (already tracked) store.

    A message sent unchanged is the pipeline's own dict (never mutate the
    result); every other one is a copy with the new content."""
    if style is Style.CST:
        raise ValueError("the CST style is rendered by timeline_app.core.cst")
    restore, left, right = request.sentinels.restore, request.sentinels.left, request.sentinels.right
    stamped, absent, absolute = Kind.TIMESTAMPED, _ABSENT, style is Style.ABSOLUTE  # locals: read per message
    out: list[dict[str, Any]] = []
    append = out.append
    if absolute:
        entries = store.as_mapping()
        prefixes: list[object] = list(map(entries.get, request.hashes, repeat(absent)))
    else:
        # each message's parsed time (None: no entry, or one the middleware
        # cannot parse: both leave the content as it is), in one C-level pass
        parsed = store.parsed_map()
        prefixes = list(map(parsed.get, request.hashes, repeat(absent)))
        relative: dict[int, str] = {}  # prefix by whole minutes elapsed: one text per minute
        text_of = relative_text
    for fields, prefix, kind, digest in zip(
        request.fields, prefixes, request.kinds, request.hashes, strict=True
    ):
        content = original = fields["content"]
        if prefix is not absent and kind is stamped:
            if absolute:
                if not isinstance(prefix, str):
                    raise InputError(None, Said(Problem.STORED_NOT_TEXT, (digest, type(prefix).__name__)))
            elif prefix is None:
                prefix = ""
            else:
                moment: datetime = prefix  # type: ignore[assignment]
                # whole minutes elapsed (the text depends on nothing finer):
                # ``(now - moment) // minute`` without timedelta's division
                # (~0.2 us a message); seconds < 86,400 and the microseconds
                # below a second never reach the next minute
                elapsed = now - moment
                minute = elapsed.days * 1440 + elapsed.seconds // 60
                prefix = relative.get(minute)
                if prefix is None:
                    prefix = relative[minute] = text_of(moment, now)
            if not content.startswith(prefix):
                content = f"{prefix} {content}"
        if left in content or right in content:  # ``restore``'s own test, without a call per message
            content = restore(content)
        append(fields if content is original else dict(fields, content=content))
    return out


def summary_bounds(store: TimestampStore) -> tuple[datetime, datetime] | None:
    """The earliest and latest time ``{time_context_summary}`` is measured from:
    every parseable stored time but the placeholder's, orphans included (the
    middleware looks at the file, not at the messages); None when none parses."""
    parsed = store.parsed_map()
    times = list(filter(None, parsed.values()))  # a parsed time is never false, None always is
    pending = parsed.get(PLACEHOLDER_KEY)
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

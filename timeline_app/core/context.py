"""The LLM-bound conversation in WilmerAI's styles, and ``{time_context_summary}``.

Formatting happens on a copy after tracking: a message whose hash has an entry
gets the stored string (absolute) or ``[Sent X ago]`` (relative) in front,
unless its content already starts with exactly that prefix; the braces are
restored last, as the middleware does before sending.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from .errors import InputError
from .pipeline import Kind, PreparedRequest
from .store import PLACEHOLDER_KEY, TimestampStore
from .timestrings import describe_elapsed, relative_text


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
    entries = store.as_mapping()
    absolute = style is Style.ABSOLUTE
    restore, left, right = request.sentinels.restore, request.sentinels.left, request.sentinels.right
    stamped = Kind.TIMESTAMPED
    out: list[dict[str, Any]] = []
    parsed = store.parsed_map() if not absolute else {}
    relative: dict[tuple[int, int], str] = {}  # prefix by elapsed (days, minutes): one text per minute
    for fields, digest, kind in zip(request.fields, request.hashes, request.kinds, strict=True):
        content = original = fields["content"]
        if kind is stamped and digest in entries:
            value = entries[digest]
            if absolute:
                if not isinstance(value, str):
                    raise InputError(
                        None,
                        f"the stored value for {digest} is a {type(value).__name__}, "
                        "not text; the middleware itself crashes on this file in the "
                        "absolute style",
                    )
                prefix = value
            else:
                moment = parsed[digest]
                if moment is None:
                    prefix = ""
                else:
                    delta = now - moment
                    minute = (delta.days, delta.seconds // 60)
                    prefix = relative.get(minute) or relative.setdefault(minute, relative_text(moment, now))
            if not content.startswith(prefix):
                content = f"{prefix} {content}"
        if left in content or right in content:  # ``restore``'s own test, without a call per message
            content = restore(content)
        out.append(fields if content is original else dict(fields, content=content))
    return out


def time_context_summary(store: TimestampStore, now: datetime) -> str:
    """``[Time Context: ...]`` over every parseable stored time but the placeholder."""
    parsed = store.parsed_map()
    times = [t for k, t in parsed.items() if t is not None and k != PLACEHOLDER_KEY]
    if not times:
        return ""
    earliest, latest = min(times), max(times)
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

"""The exact context the model receives, for any style, from plain inputs.

Absolute and relative simulate the request's tracking first (the middleware
tracks at request start, then formats), so the preview of an untracked chat
shows the times the next request would invent. The CST style takes its times
from the transcript when it records them, else from the timestamp file
(naive middleware times placed in the middleware's zone).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from .context import Style, render_wilmer, time_context_summary
from .cst import content_text, render_cst
from .display import message_instant
from .options import EngineOptions
from .pipeline import PreparedRequest, prepare_request
from .store import TimestampStore
from .tracking import TrackResult, track
from .transcripts import Transcript


@dataclass(frozen=True)
class Preview:
    style: Style
    messages: list[dict[str, Any]]
    time_context_summary: str
    tracking: TrackResult | None  # None for the CST style
    originals: tuple[str, ...] = ()  # each message's content before the style touched it
    sources: tuple[int | None, ...] = ()  # each message's transcript index (None: appended)

    def as_json_object(self) -> dict[str, Any]:
        return {"messages": self.messages, "time_context_summary": self.time_context_summary}

    def json_text(self) -> str:
        """The one serialisation the CLI prints and the GUI copies and exports
        (made once: the GUI makes it on its worker thread)."""
        return self._json

    @cached_property
    def _json(self) -> str:
        return json.dumps(self.as_json_object(), ensure_ascii=False, indent=2) + "\n"

    def position_of(self, transcript_index: int) -> int | None:
        """Which message of the preview shows transcript message ``transcript_index``
        (None when the request leaves it out, as a blank message)."""
        try:
            return self.sources.index(transcript_index)
        except ValueError:
            return None

    def injected_prefix(self, position: int) -> str:
        """The text the style put in front of message ``position`` ("" when it
        was sent unchanged)."""
        original = self.originals[position]
        content = self.messages[position].get("content")
        if isinstance(content, str) and content != original and content.endswith(original):
            return content[: len(content) - len(original)]
        return ""


def export_file_name(title: str, style: Style) -> str:
    """The name Export proposes: the discussion and the style, so exports of
    several discussions and styles do not overwrite each other."""
    stem = re.sub(r"\.(json|jsonl)$", "", title)  # a file's name, when the discussion has no id
    stem = re.sub(r"[^\w.-]+", "_", stem).strip("._") or "discussion"
    return f"{stem[:80]}-{style.value}-preview.json"


def cst_times(
    transcript: Transcript,
    request: PreparedRequest,
    store: TimestampStore | None,
    options: EngineOptions,
) -> list[datetime | None]:
    """Per transcript message, the aware time the CST style shows (or None)."""
    stored: list[datetime | None] = [None] * len(transcript.messages)
    if store is not None and not transcript.has_own_times:
        for message in request.messages:
            if message.source_index is not None:
                stored[message.source_index] = store.parsed(message.hash)
    return [
        message_instant(own, kept, transcript.has_own_times, options)
        for own, kept in zip(transcript.own_times, stored, strict=True)
    ]


def build_preview(
    transcript: Transcript,
    store: TimestampStore | None,
    style: Style,
    now: datetime,
    options: EngineOptions | None = None,
    request: PreparedRequest | None = None,
) -> Preview:
    """The LLM-bound messages and ``{time_context_summary}``; inputs untouched.

    ``now`` is naive, on the middleware's clock. ``request`` may be passed when
    the caller already ran the pipeline (the GUI keeps it).
    """
    options = options or EngineOptions()
    request = request or prepare_request(transcript.messages, options.request)
    if style is Style.CST:
        times = cst_times(transcript, request, store, options)
        messages = render_cst(transcript.messages, times, options.cst)
        summary = time_context_summary(store, now) if store is not None else ""
        originals = tuple(content_text(m.get("content")) for m in transcript.messages)
        return Preview(style, messages, summary, None, originals, tuple(range(len(messages))))
    result = track(request, store or TimestampStore(), now)
    messages = render_wilmer(request, result.store, style, now)
    originals = tuple(request.sentinels.restore(m.content) for m in request.messages)
    sources = tuple(m.source_index for m in request.messages)
    return Preview(style, messages, time_context_summary(result.store, now), result, originals, sources)

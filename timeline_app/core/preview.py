"""The exact context the model receives, for any style, from plain inputs.

Absolute and relative simulate the request's tracking first (the middleware
tracks at request start, then formats), so the preview of an untracked chat
shows the times the next request would invent. The CST style takes its times
from the transcript when it records them, else from the timestamp file
(naive middleware times placed in the middleware's zone).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .context import Style, render_wilmer, time_context_summary
from .cst import render_cst
from .options import EngineOptions
from .pipeline import PreparedRequest, prepare_request
from .store import TimestampStore
from .tracking import TrackResult, track
from .transcripts import Transcript
from .zones import get_zone, localize


@dataclass(frozen=True)
class Preview:
    style: Style
    messages: list[dict[str, Any]]
    time_context_summary: str
    tracking: TrackResult | None  # None for the CST style

    def as_json_object(self) -> dict[str, Any]:
        return {"messages": self.messages, "time_context_summary": self.time_context_summary}


def cst_times(
    transcript: Transcript,
    request: PreparedRequest,
    store: TimestampStore | None,
    options: EngineOptions,
) -> list[datetime | None]:
    """Per transcript message, the aware time the CST style shows (or None)."""
    if transcript.has_own_times or store is None:
        return [
            t if t is None or t.tzinfo else localize(t, get_zone(options.cst.zone))
            for t in transcript.own_times
        ]
    zone = get_zone(options.wilmer_zone)
    times: list[datetime | None] = [None] * len(transcript.messages)
    for message in request.messages:
        if message.source_index is not None:
            moment = store.parsed(message.hash)
            times[message.source_index] = None if moment is None else localize(moment, zone)
    return times


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
        return Preview(style, messages, summary, None)
    result = track(request, store or TimestampStore(), now)
    messages = render_wilmer(request, result.store, style, now)
    return Preview(style, messages, time_context_summary(result.store, now), result)

"""Plain-words explanations shown next to statuses, flags and tracking actions."""

from __future__ import annotations

from .timeline import Flag, Status
from .tracking import Action

STATUS_HELP = {
    Status.TRACKED: "The file has a time for this exact content.",
    Status.UNTRACKED: ("No entry matches this content: the next request gives it a time (see Next request)."),
    Status.SYSTEM: "System messages are never timestamped.",
    Status.GENERATION_PROMPT: (
        "A trailing 'Name:' prompt (under 100 characters, ending in ':') is never timestamped."
    ),
    Status.ENTRY: "An entry of the timestamp file; open the transcript to see which message it belongs to.",
}

FLAG_HELP = {
    Flag.SHARED_HASH: (
        "Another message has exactly the same content, so both share one stored time; "
        "the timeline can go backwards here."
    ),
    Flag.OUT_OF_ORDER: "Its stored time is earlier than a previous message's.",
    Flag.UNPARSEABLE: (
        "The stored value is not a time the middleware can read; it is sent as is in the absolute "
        "style, dropped in the relative style, and copied to every untracked message before it."
    ),
    Flag.NOT_TEXT: "The stored value is not text: the middleware crashes on it in the absolute style.",
    Flag.ONE_SECOND_RUN: (
        "Part of a run of messages exactly one second apart (a system message between does not "
        "break it: a backfill skips those): most likely times a backfill of untracked history "
        "invented, not when the messages were written; the run's newest message may hold a real "
        "time, the one the backfill counted back from (the file's history tells, where it was "
        "recorded)."
    ),
    Flag.ECHOED_PREFIX: (
        "The content starts with a timestamp prefix the model echoed; if the echo is later "
        "cleaned from the chat, this message loses its time."
    ),
    Flag.FUTURE: (
        "Its stored time is later than 'now' on the middleware's clock: the clock was wrong when "
        "it was stored, or the file was written elsewhere; the relative style says it was sent "
        "less than a minute ago."
    ),
}

ACTION_HELP = {
    Action.KEPT: "keeps its stored time",
    Action.SHARED: "takes the time of a newer message with the same content",
    Action.ASSIGNED: (
        "gets a new time from the backward pass (one second before the next known message, or 'now')"
    ),
    Action.PLACEHOLDER: "gets the pending placeholder's time (the reply's generation start)",
    Action.SKIPPED: "is not timestamped",
}

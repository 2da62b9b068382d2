"""Plain-words consequences of a tracking simulation (the backfill dialog).

The spec lists what users should be told: invented one-second runs, shared
hashes that send the timeline backwards, an unparseable value copied to
every untracked message before it.
"""

from __future__ import annotations

import difflib

from .pipeline import Kind, PreparedRequest
from .store import TimestampStore
from .timestrings import parse_absolute
from .tracking import Action, TrackEvent, TrackResult


def consequences(request: PreparedRequest, result: TrackResult) -> list[str]:
    """One sentence per consequence worth knowing before applying."""
    lines: list[str] = []
    assigned = [e for e in result.events if e.action is Action.ASSIGNED]
    for run in _runs(request, assigned):
        first, last = run[0], run[-1]
        when_first, when_last = parse_absolute(first.after), parse_absolute(last.after)
        if when_first is None or when_last is None:
            continue
        a, b = request.messages[first.position].source_index, request.messages[last.position].source_index
        if first is last:
            lines.append(
                f"#{a} gets the invented time {when_first:%Y-%m-%d %H:%M:%S}: not when it was written."
            )
        else:
            lines.append(
                f"#{a}–#{b}: {len(run)} messages get invented times one second apart, "
                f"{when_first:%Y-%m-%d %H:%M:%S} to {when_last:%H:%M:%S}: not when they were written."
            )
    if assigned:
        values = [e.after for e in assigned]
        parsed = [parse_absolute(v) for v in values]
        unparseable = sorted({str(v) for v, p in zip(values, parsed, strict=True) if p is None})
        if unparseable:
            count = sum(1 for p in parsed if p is None)
            lines.append(
                f"The unreadable stored value {unparseable[0]!r} is copied to {count} untracked "
                "message(s) before it (the backward pass cannot count down from it)."
            )
    shared = [e for e in result.events if e.action is Action.SHARED]
    if shared:
        lines.append(
            f"{len(shared)} message(s) repeat the content of a newer one and take its time: "
            "the timeline goes backwards there."
        )
    if result.had_placeholder:
        if result.placeholder_target is not None:
            target = request.messages[result.placeholder_target].source_index
            lines.append(f"The pending placeholder's time goes to the last assistant reply (#{target}).")
        else:
            lines.append("The pending placeholder is removed without a reply to give its time to.")
    if not result.changed:
        lines.append("Nothing changes: every message is tracked and no placeholder is pending.")
    return lines


def _runs(request: PreparedRequest, assigned: list[TrackEvent]) -> list[list[TrackEvent]]:
    """Assigned events grouped into runs of consecutive timestamped messages."""
    stamped = [i for i, m in enumerate(request.messages) if m.kind is Kind.TIMESTAMPED]
    rank = {position: number for number, position in enumerate(stamped)}
    runs: list[list[TrackEvent]] = []
    for event in assigned:
        if runs and rank.get(event.position, -2) == rank.get(runs[-1][-1].position, -9) + 1:
            runs[-1].append(event)
        else:
            runs.append([event])
    return runs


def file_diff(before: TimestampStore, after: TimestampStore, name: str = "timestamps.json") -> str:
    """The unified diff of the file text, as it would be written."""
    return "".join(
        difflib.unified_diff(
            (before.dumps() + "\n").splitlines(keepends=True),
            (after.dumps() + "\n").splitlines(keepends=True),
            f"{name} (now)",
            f"{name} (after)",
        )
    )

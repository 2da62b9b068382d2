"""Plain-words consequences of a tracking simulation (the backfill dialog).

The spec lists what users should be told: invented one-second runs, shared
hashes that send the timeline backwards, an unparseable value copied to
every untracked message before it. Each is a ``Said`` (its English is what
``str()`` gives; the dialog words it in the user's language).
"""

from __future__ import annotations

import difflib
from datetime import datetime

from .pipeline import Kind, PreparedRequest
from .store import TimestampStore
from .timestrings import parse_absolute
from .tracking import Action, TrackEvent, TrackResult
from .words import Consequence, Said


def consequences(request: PreparedRequest, result: TrackResult) -> list[Said]:
    """One sentence per consequence worth knowing before applying."""
    lines: list[Said] = []
    assigned = [e for e in result.events if e.action is Action.ASSIGNED]
    for run in _runs(request, assigned):
        first, last = run[0], run[-1]
        when_first, when_last = parse_absolute(first.after), parse_absolute(last.after)
        if when_first is None or when_last is None:
            continue
        a, b = request.messages[first.position].source_index, request.messages[last.position].source_index
        if first is last:
            lines.append(Said(Consequence.INVENTED_ONE, (a, when_first)))
        else:
            lines.append(Said(Consequence.INVENTED_RUN, (a, b, len(run), when_first, when_last)))
    if assigned:
        values = [e.after for e in assigned]
        parsed = [parse_absolute(v) for v in values]
        unparseable = sorted({str(v) for v, p in zip(values, parsed, strict=True) if p is None})
        if unparseable:
            count = sum(1 for p in parsed if p is None)
            lines.append(Said(Consequence.UNREADABLE_COPIED, (unparseable[0], count)))
    shared = [e for e in result.events if e.action is Action.SHARED]
    if shared:
        lines.append(Said(Consequence.SHARED_GOES_BACKWARDS, (len(shared),)))
    if result.had_placeholder:
        if result.placeholder_target is not None:
            target = request.messages[result.placeholder_target].source_index
            lines.append(Said(Consequence.PLACEHOLDER_TO_REPLY, (target,)))
        else:
            lines.append(Said(Consequence.PLACEHOLDER_REMOVED))
    if not result.changed:
        lines.append(Said(Consequence.NOTHING_CHANGES))
    return lines


def newest_after(store: TimestampStore, now: datetime) -> datetime | None:
    """The newest stored time when it is later than ``now`` (a request at
    ``now`` would put the middleware's clock backwards), else None."""
    newest = max(filter(None, store.parsed_map().values()), default=None)
    return newest if newest is not None and newest > now else None


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


def file_diff(
    before: TimestampStore,
    after: TimestampStore,
    name: str = "timestamps.json",
    labels: tuple[str, str] = ("{0} (now)", "{0} (after)"),
) -> str:
    """The unified diff of the file text, as it would be written. ``labels``
    name its two sides (``{0}`` is the file's name): the window passes them in
    the user's language, the command line keeps the English."""
    return "".join(
        difflib.unified_diff(
            (before.dumps() + "\n").splitlines(keepends=True),
            (after.dumps() + "\n").splitlines(keepends=True),
            labels[0].format(name),
            labels[1].format(name),
        )
    )

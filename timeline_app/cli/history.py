"""The ``history`` command: a timestamp file's states, what changed between them, one message's story."""

from __future__ import annotations

import argparse
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..arguments import given
from ..core.words import counted, number
from .commands import _iso, _short
from .context import CommandContext
from .output import emit_json, emit_shown

if TYPE_CHECKING:
    from datetime import tzinfo

    from ..core.discussion import ClockSource
    from ..core.history import FileHistory, HistoryState, RequestRef, StateChange, Story

SHORT = 12  # a hash as people copy it


def fill_history_parser(p: argparse.ArgumentParser, common: Any) -> None:
    p.description = (
        "The timestamp file's own history: its states in order (the copies a recording kept with "
        "each request, the backups beside a file, or the files given, oldest first), what each "
        "request stored, what changed by no request (a hand edit), and one message's story."
    )
    p.add_argument(
        "sources",
        metavar="SOURCE",
        nargs="+",
        type=given,
        help="a recording (a discussion's folder or its requests.jsonl), then any later timestamp "
        "files; or timestamp files oldest first (one file alone: its backups, then itself); or a "
        "transcript, then its timestamp file (its backups, then itself; --message counts the "
        "transcript's messages)",
    )
    which = p.add_mutually_exclusive_group()
    which.add_argument(
        "--message", metavar="N", type=int, help="the story of message N of the newest request"
    )
    which.add_argument(
        "--hash", metavar="H", type=given, help="the story of one stored hash (a unique prefix will do)"
    )
    p.add_argument("--json", action="store_true")
    common(p)
    p.set_defaults(parser=p, handler=cmd_history, transcript=None, timestamps=None)


def cmd_history(ctx: CommandContext) -> None:
    from ..core.history import build_history, find_hash, said_on_clock

    args = ctx.args
    history = build_history(args.sources, ctx.options, ctx.key)
    zone, source = _clock(ctx)
    ctx.say_notes([said_on_clock(n, zone) for n in history.notes])  # always said: what it cannot vouch for
    story: Story | None = None
    if args.message is not None:
        story = history.message_story(args.message)
    elif args.hash is not None:
        story = history.story(find_hash(history, args.hash))
    if args.json:
        from ..core.discussion import zone_known

        emit_json(_as_json(history, story, zone, known=zone_known(source)))
        return
    lines = [] if story is not None else _state_lines(history, zone)
    if story is not None:
        lines += _story_lines(history, story, args.message, zone)
        timed = any(_says_a_time(said) for said in story.said)
    else:
        timed = any(c.saved or c.over or c.written_anew or c.foreign for c in history.changes)
        states = counted(len(history.states), "state", "states")
        if history.requests:  # no recording: no "0 requests"
            states += f", {counted(len(history.requests), 'request', 'requests')}"
        elif len(history.states) == 1:  # as the window says it
            states += ", no earlier ones kept"
        lines.append(states)
    if history.requests or timed:
        # a request's or a save's time, written as the window writes it (no offset):
        # which clock is said once, the window's (tryout: a save's time in UTC, unnamed,
        # on a line whose state was dated +02:00)
        lines.append(_clock_line(zone, source))
    emit_shown("\n".join(lines))


def _clock(ctx: CommandContext) -> tuple[tzinfo, ClockSource]:
    """The clock the window tells this history on, and what says so: the
    zone of the discussion it shows for the same sources (``history_pair``;
    ``Discussion.clock``: --tz, else the one the transcript's own times
    show, else this machine's, "machine": the discussion's zone unknown). A
    timestamp file alone is paired with the transcript beside it, as the
    window opens it: the command said "UTC+0" (this machine's) where the
    window said the transcript's UTC+2 (issue 31)."""
    from ..core.discussion import open_discussion
    from ..core.history import history_pair

    transcript, store = history_pair(ctx.args.sources)
    if transcript is None and store is None:
        from ..core.zones import get_zone

        named = ctx.options.wilmer_zone
        return get_zone(named or None), ("named" if named else "machine")
    discussion = open_discussion(
        transcript,
        store,
        ctx.options,
        ctx.now,
        key=ctx.key,
        api_key=ctx.api_key,
        eager=False,
        beside=transcript is None,
    )
    return discussion.clock


def _clock_line(zone: tzinfo, source: ClockSource) -> str:
    """Which clock the times are written on: the discussion's, or, when
    nothing says its zone (no --tz, no transcript's times), this machine's,
    said as such: "times on the discussion's clock, UTC+0" claimed a zone
    the file does not store (it holds naive times, spec: no zone is stored)."""
    from ..core.discussion import zone_known
    from ..core.history import zone_label

    if not zone_known(source):
        return (
            f"the discussion's zone is unknown (no transcript's times show it; name it with --tz): "
            f"times on this machine's clock, {zone_label(zone)}"
        )
    return f"times on the discussion's clock, {zone_label(zone)}"


def _says_a_time(said: object) -> bool:
    """Whether a sentence (or one in it) writes a time: then it is on the discussion's clock, named."""
    from ..core.words import Said

    if isinstance(said, datetime):
        return True
    return isinstance(said, Said) and any(_says_a_time(arg) for arg in said.args)


def _on_clock(moment: datetime | None, zone: tzinfo | None) -> str | None:
    """An instant with its offset, on the discussion's clock (the window's)."""
    if moment is None or zone is None or moment.tzinfo is None:
        return _iso(moment)
    return _iso(moment.astimezone(zone))


def _request_text(request: RequestRef | None) -> str:
    return "-" if request is None else f"request {request.number}"


def _state_lines(history: FileHistory, zone: tzinfo | None = None) -> list[str]:
    from ..core.history import clock_time

    lines = []
    recorded = bool(history.requests)
    numbers = history.placeholder_messages()
    for state in history.states:
        change = history.changes[state.index - 1] if state.index else None
        to = numbers.get(change.placeholder_to or "") if change is not None else None
        lines.append(_state_head(state, change, recorded, zone, to, history.numbered_by))
        if change is not None:
            # with the change it belongs to (tryout: under the state before, read as its own)
            for other in change.foreign:
                written = _on_clock(other.written, zone) or "-"
                lines.append(
                    f"  another discussion's file was here (written {written}); "
                    f"the save at {clock_time(other.set_aside, zone)} set it aside as {other.path.name}"
                )
            if change.written_anew is not None:
                at = clock_time(change.written_anew, zone)
                lines.append(
                    f"  the file was moved away; the save at {at} wrote it anew at its old place with "
                    "what the window showed (the moved file is not part of this history)"
                    if change.anew_after == "moved"
                    else f"  the file was deleted; the save at {at} wrote it "
                    "anew with what the window showed (what the deleted file held is not kept)"
                )
            lines += _change_lines(change, recorded)
    return lines


def _state_head(
    state: HistoryState,
    change: StateChange | None,
    recorded: bool = True,
    zone: tzinfo | None = None,
    to_message: int | None = None,
    counted_by: RequestRef | None = None,
) -> str:
    """A state's line; ``to_message``: the "#" of the message its placeholder was
    given to (``FileHistory.placeholder_messages``), as Simulate and the window name it,
    among the messages of ``counted_by`` (``FileHistory.numbered_by``), named: the
    window opened at an older request counts by that one and says so (issue 31)."""
    from ..core.history import clock_time

    when = _on_clock(state.when, zone) or "-"
    head = f"state {state.index}  {_request_text(state.request)}  {when}  "
    head += counted(state.entries, "entry", "entries") if state.path is not None else "no file"
    if state.saved_by is not None:  # its bytes are a save mark's: named for certain (tryL 3)
        who = (
            "Timeline Inspector's command line"
            if state.saved_program == "command line"
            else "Timeline Inspector"
        )
        head += f" (saved by {who} at {clock_time(state.saved_by, zone)}: exactly the bytes it wrote)"
    if change is None:
        return head + " (the first state)"
    from ..core.store import PLACEHOLDER_KEY

    parts = []
    for what, items in (("added", change.added), ("changed", change.changed), ("removed", change.removed)):
        count = sum(1 for item in items if item[0] != PLACEHOLDER_KEY)
        if count:
            parts.append(f"{number(count)} {what}")
    if change.placeholder_consumed:
        to = change.placeholder_to
        given = f"given to {to[:SHORT]}" if to else "given to no message"
        if to and to_message is not None:
            given += f", message #{to_message}"
            if counted_by is not None:  # which request's "#" (``FileHistory.numbered_by``)
                given += f" of request {counted_by.number}"
        parts.append(f"placeholder consumed ({given})")
    if change.placeholder_set:
        parts.append("placeholder set")
    by = ", ".join(_request_text(r) for r in change.by) or ("no recorded request" if recorded else "")
    remade = (
        f"the file deleted (never by the middleware) and made anew by the middleware at "
        f"{clock_time(change.remade, zone)}, its messages backfilled one second apart"
        if change.remade is not None
        else ""
    )
    touched = {k for k, *_ in (*change.added, *change.changed, *change.removed)} - {PLACEHOLDER_KEY}
    if remade and touched <= set(change.remade_keys) | {k for k, _ in change.removed}:
        return head + f": {'; '.join(parts)} ({remade})"
    if remade:
        parts.append(remade)
    if change.by and change.by_no_request:
        # every line says "by no recorded request": the head says so too (tryout: "(by request 4)")
        return head + f": {'; '.join(parts)} (between {by} and this state, by no recorded request)"
    if not change.by and change.saved is not None:
        by = f"a save of Timeline Inspector at {clock_time(change.saved, zone)}"
        if change.pruned:  # the window's sessions prune their older backups
            by += ", later saves whose backups were pruned, or another write"
        elif change.rewritten and change.middleware_possible:
            # the unknown writer first (the middleware keeps no backup): not credited to the app
            by = f"a write that kept no backup (the middleware, or {by})"
        elif change.rewritten:  # removals, rewrites the middleware never makes: never offered as its
            by = f"a write that kept no backup (by hand or by another program, or {by})"
        if change.over is not None:  # it wrote the window's entries: a hand edit read again among them
            by += (
                f", another write after it, or the save at {clock_time(change.over, zone)} "
                "over another discussion's file"
            )
    if not by:  # no recording, no save of ours: nothing is known of who wrote it
        return head + (f": {'; '.join(parts)}" if parts else ": no change")
    return head + (f": {'; '.join(parts)} (by {by})" if parts else ": no change")


def _change_lines(change: StateChange, recorded: bool = True) -> list[str]:
    from ..core.store import PLACEHOLDER_KEY

    marked = set(change.unexplained) | set(change.uncertain)
    # without a recording every change is by no recorded request: saying it on each line says nothing
    mark = "  (by no recorded request: by hand or another program)" if recorded else ""
    beyond, beyond_mark = set(change.beyond_middleware), mark  # what the middleware never does
    if not change.by and change.saved is not None:
        mark = "  (by that save or a later write)" if change.rewritten else "  (saved by Timeline Inspector)"
        if change.rewritten:
            beyond_mark = "  (by that save, by hand or by another program; never the middleware)"
        else:
            beyond_mark = mark
        if change.over is not None:
            mark = beyond_mark = "  (by one of those saves or another write)"
        elif not change.rewritten:
            marked = {key for key, _ in change.added} | {key for key, _ in change.removed}
    anew = (set(change.remade_keys) | {k for k, _ in change.removed}) if change.remade is not None else set()
    backfilled, went = (
        "  (backfilled by the middleware as it made the file anew)",
        "  (gone with the deleted file)",
    )
    sure, saved_mark = set(change.saved_keys), "  (saved by Timeline Inspector)"  # by its save mark
    lines = []
    for key, value in change.added:
        if key != PLACEHOLDER_KEY:
            extra = mark if key in marked else ""
            if key in anew:
                extra = backfilled
            if key in sure:
                extra = saved_mark
            if key == change.placeholder_to:
                extra = "  (the placeholder's time)"
            lines.append(f"  + {key[:SHORT]} {_short(value, True)}{extra}")
    for key, before, after in change.changed:
        if key != PLACEHOLDER_KEY:
            said = backfilled if key in anew else beyond_mark if key in beyond else mark
            said = saved_mark if key in sure else said
            lines.append(f"  ~ {key[:SHORT]} {_short(before, True)} -> {_short(after, True)}{said}")
    for key, before in change.removed:
        if key != PLACEHOLDER_KEY:
            said = (beyond_mark if key in beyond else mark) if key in marked else ""
            if key in anew:
                said = went
            if key in sure:
                said = saved_mark
            lines.append(f"  - {key[:SHORT]} {_short(before, True)}{said}")
    return lines


def _story_lines(
    history: FileHistory, story: Story, message: int | None, zone: tzinfo | None = None
) -> list[str]:
    from ..core.history import said_on_clock

    if message is not None:
        role = history.newest_roles[message]
        head = f"message {message} ({role}) {story.hash[:SHORT]}:"
    else:
        head = f"{story.hash}:"
    return [head, *(f"  {said_on_clock(said, zone)}" for said in story.said)]


def _request_json(request: RequestRef | None, zone: tzinfo | None = None) -> dict[str, Any] | None:
    if request is None:
        return None
    return {"index": request.index, "id": request.id, "received": _on_clock(request.received, zone)}


def _as_json(
    history: FileHistory, story: Story | None, zone: tzinfo | None = None, *, known: bool = True
) -> dict[str, Any]:
    """``known``: the discussion's zone is known (``_clock``); else "clock" is
    null (the times carry this machine's offset, as written)."""
    from ..core.history import said_on_clock, zone_label

    numbers = history.placeholder_messages()
    out: dict[str, Any] = {
        "source": history.source,
        "notes": [str(said_on_clock(n, zone)) for n in history.notes],
        # the clock the sentences say times on (the discussion's, as the window's)
        "clock": None if zone is None or not known else zone_label(zone),
        # the request whose messages "placeholder_to_message" counts (index; null: the transcript's)
        "placeholder_numbered_by": None if history.numbered_by is None else history.numbered_by.index,
        "states": [
            {
                "index": s.index,
                "path": None if s.path is None else str(s.path),
                "when": _on_clock(s.when, zone),
                "request": _request_json(s.request, zone),
                "entries": s.entries,
                # a save of ours wrote exactly these bytes (its save mark), and which program
                "saved_by": _on_clock(s.saved_by, zone),
                "saved_by_program": s.saved_program or None,
                "placeholder": s.placeholder,
                "set_aside": _on_clock(s.set_aside, zone),
            }
            for s in history.states
        ],
        "changes": [
            {
                "state": c.state,
                "by": [r.index for r in c.by],
                "added": [{"hash": k, "value": v} for k, v in c.added],
                "changed": [{"hash": k, "before": b, "after": a} for k, b, a in c.changed],
                "removed": [{"hash": k, "value": v} for k, v in c.removed],
                "unexplained": list(c.unexplained),
                "uncertain": list(c.uncertain),
                # removed or rewritten as the middleware never does: by hand or another program
                "beyond_middleware": list(c.beyond_middleware),
                "placeholder_set": c.placeholder_set,
                "placeholder_consumed": c.placeholder_consumed,
                "placeholder_to": c.placeholder_to,
                "placeholder_to_message": numbers.get(c.placeholder_to or ""),
                "saved": _on_clock(c.saved, zone),
                "rewritten": c.rewritten,
                "pruned": c.pruned,
                "over": _on_clock(c.over, zone),
                "written_anew": _on_clock(c.written_anew, zone),
                # the file deleted and made anew by the middleware at this time (its request's,
                # on the discussion's clock), and the entries it backfilled then
                "remade": _iso(c.remade),
                "remade_keys": list(c.remade_keys),
                "certain": c.certain,
                # in a gap after a save: the keys its mark says it wrote, still as written
                "saved_keys": list(c.saved_keys),
                "written_anew_after": c.anew_after if c.written_anew is not None else None,
                "foreign": [
                    {
                        "path": str(f.path),
                        "written": _on_clock(f.written, zone),
                        "set_aside": _on_clock(f.set_aside, zone),
                    }
                    for f in c.foreign
                ],
            }
            for c in history.changes
        ],
    }
    if story is not None:
        out["story"] = {
            "hash": story.hash,
            "position": story.position,
            "in_newest_state": story.in_newest,
            "value": story.now,
            "events": [
                {
                    "state": e.state,
                    "kind": e.kind,
                    "before": e.before,
                    "after": e.after,
                    "request": _request_json(e.by, zone),
                    "placeholder": e.placeholder,
                    # a save of ours known from its mark alone, its file deleted after (tryN M3)
                    "lost_save": _iso(e.saved) if e.lost else None,
                }
                for e in story.events
            ],
            # the verdict the sentences tell, from the same fields of the story (tryout:
            # "orphaned": null while the text called the newest reply an orphan)
            "orphaned": _orphaned_json(story, zone),
            "pending": None
            if story.unsent is None or not story.unsent.pending
            else {"reply_to": _request_json(story.unsent.reply_to, zone)},
            "replaced": [
                {"hash": o.hash, "at": _request_json(o.next, zone), "cause": str(o.cause)}
                for o in story.replaced
            ],
            "regenerated_from": [
                {
                    "hash": r.hash,
                    "reply_to": _request_json(r.reply_to, zone),
                    "regenerated_at": _request_json(r.regenerated_at, zone),
                }
                for r in story.regenerated_from
            ],
            "said": [str(said_on_clock(s, zone)) for s in story.said],
        }
    return out


def _orphaned_json(story: Story, zone: tzinfo | None = None) -> dict[str, Any] | None:
    """How the story's hash became an orphan, by kind: no longer sent
    ("stopped"), a reply never sent back ("regenerated" or "never_sent_back"),
    or stored and not sent by the newest request ("not_sent"). None: no orphan
    (a pending reply is none: the next request will send it back)."""
    if story.orphaning is not None:
        return {
            "kind": "stopped",
            "last_sent": _request_json(story.orphaning.last_sent, zone),
            "at": _request_json(story.orphaning.next, zone),
            "position": story.orphaning.position,
            "replaced_by": story.orphaning.replaced_by,
            "cause": str(story.orphaning.cause),
        }
    unsent = story.unsent
    if unsent is not None and not unsent.pending:
        return {
            "kind": "never_sent_back" if unsent.regenerated_at is None else "regenerated",
            "reply_to": _request_json(unsent.reply_to, zone),
            "at": _request_json(unsent.regenerated_at, zone),
            "replaced_by": unsent.replaced_by,
        }
    if story.not_sent:
        return {"kind": "not_sent"}
    return None

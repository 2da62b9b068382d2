"""The commands: each reads through ``CommandContext``, reports on stdout and
writes a file only as its last step."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.errors import InputError
from ..core.words import counted, number
from .context import CommandContext, api_key_from, explicit_store_state, say
from .output import (
    emit,
    emit_json,
    emit_shown,
    json_report,
    output_ready,
    report_after_write,
    shown_report,
    write_output,
)

if TYPE_CHECKING:
    from ..core.discussion import Discussion
    from ..core.edits import Operation
    from ..core.reply import AfterReply
    from ..core.store import TimestampStore
    from ..core.words import Said


def _short(value: object, entry: bool = False) -> str:
    from ..core.display import stored_text

    return stored_text(value, "-", entry=entry)


def _iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return moment.isoformat(timespec="milliseconds" if moment.microsecond else "seconds")


def cmd_preview(ctx: CommandContext) -> None:
    from ..core.context import Style
    from ..core.preview import build_preview, preview_json_parts

    discussion = ctx.discussion()
    style = Style(ctx.args.style)
    inputs = (
        discussion.transcript,
        discussion.store,
        style,
        ctx.now,
        discussion.options,
        discussion.request,
        None if style is Style.CST else discussion.simulation,  # tracked once, at ctx.now
    )
    try:
        if ctx.args.json:  # written as it is made: nothing is written before what can fail has passed
            write_output(preview_json_parts(*inputs))
            return
        preview = build_preview(*inputs)
    except InputError as error:
        raise error.with_source(discussion.store_path or discussion.transcript.source) from None
    ctx.hold(preview)
    blocks = [f"[{i}] {m.get('role', '')}\n{_content_text(m)}" for i, m in enumerate(preview.messages)]
    blocks.append(f"time_context_summary: {preview.time_context_summary}")
    emit("\n\n".join(blocks))


def _api_report(ctx: CommandContext, discussion: Discussion) -> dict[str, str | None] | None:
    """Which client API the hashes assume, for ``--json`` readers (the same
    words go to stderr as a note)."""
    if not discussion.has_transcript:
        return None
    detected = discussion.detected_api
    return {
        "used": discussion.options.request.api.value,
        "detected": None if detected is None else detected.value,
        "chosen": ctx.args.api,
    }


def _content_text(message: dict[str, Any]) -> str:
    import json

    content = message.get("content")
    return content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)


class Planned(NamedTuple):
    """A write decided but not made: where it goes, whether that file is
    encrypted, and the step that makes it. A command renders its whole report
    first, then ``commit``s, then prints: everything that can fail fails
    before a file is touched, and the report of a write that happened is
    bytes already (tryout: ``backfill --write`` wrote, then died encoding it)."""

    path: str | None
    encrypted: bool
    commit: Callable[[], None]


def _nothing() -> None:
    return None


NO_WRITE = Planned(None, False, _nothing)


def _plan_write(ctx: CommandContext, discussion: Discussion, ops: list[Operation]) -> Planned:
    """Plan ``--output OUT`` or ``--write`` for a change given as operations.

    ``--write`` never overwrites blindly: if the middleware changed the file
    since it was read, the operations are re-applied to the new content, and
    a conflict stops the write with the file untouched. A file the middleware
    has not written yet is written as it would write it (encrypted or not,
    in the discussion's folder under ``--root``)."""
    from ..core.discovery import make_discussion_folder, make_first_folder, new_file_encryption
    from ..core.edits import apply_operations, save_operations
    from ..core.store import TimestampStore

    if not (ctx.args.output or ctx.args.write):
        return NO_WRITE
    path = discussion.store_path
    assert path is not None
    if ctx.args.write and ctx.args.timestamps is None and path == discussion.transcript.companion:
        raise InputError(
            path,
            "is the copy the recorder kept with this request (what the middleware worked from); "
            "--write would change the recording: give --output OUT; nothing written",
        )
    # a recording is evidence, never written, whichever way it is named (issue 29):
    # refused before anything is reported as written
    from ..core.recordings import refuse_recording

    refuse_recording(ctx.args.output or path)
    from ..core.edits import apply_operations as applied

    _refuse_another_discussions(
        ctx, discussion, Path(ctx.args.output or path), applied(discussion.store or TimestampStore(), ops)[0]
    )
    new_key = None
    if discussion.store is None:
        encryption = new_file_encryption(path, ctx.api_key)
        new_key = ctx.key if encryption.encrypted else None
        if ctx.api_key:
            say(f"new timestamp file {encryption.reason}")
    if ctx.args.output:
        base = discussion.store or TimestampStore(key=new_key)
        changed, _ = apply_operations(base, ops)
        payload = changed.file_bytes()
        output = ctx.args.output
        return Planned(output, changed.key is not None, lambda: _write_to(output, payload))
    encrypted = (discussion.store.key if discussion.store is not None else new_key) is not None

    def commit() -> None:
        made = False  # a new discussion's folder, made for its first file (``make_first_folder``)
        if discussion.store is None and ctx.args.timestamps is None and ctx.args.root:
            make_discussion_folder(ctx.args.root, path)
        elif discussion.store is None:
            made = make_first_folder(path)
        try:
            result = save_operations(path, discussion.store_digest, ops, ctx.key, new_file_key=new_key)
        except InputError:
            if made:  # a failing command changes nothing: the folder it made goes too
                with suppress(OSError):
                    path.parent.rmdir()
            raise
        if result.conflicts:
            stale = counted(len(result.conflicts), "change no longer applies", "changes no longer apply")
            raise InputError(
                path,
                f"changed on disk since it was read and {stale}; "
                f"nothing written ({result.conflicts[0].describe()})",
            )
        if result.written:  # named for certain in the file's history (tryL 3)
            from ..core.history import mark_saved_edits

            mark_saved_edits(path, result.digest, ops, "command line")
        if result.merged:
            say("the file had changed on disk; the changes were re-applied to the new content")
        if result.backup:
            say(f"backup of the previous file: {result.backup}")

    return Planned(str(path), encrypted, commit)


def _refuse_another_discussions(
    ctx: CommandContext, discussion: Discussion, target: Path, written: TimestampStore
) -> None:
    """Before anything is written: ``target`` (TS for ``--write``, OUT for
    ``--output``) is not another discussion's file, as the window's Save As
    judges it (``file_state.written_into_another``: one rule), the chat's
    stored times in ``written`` standing for what the command writes. Issue
    29: ``backfill --write`` into a file none of whose times was a message
    of the chat added the chat's times to it, status 0. Refused with one
    line naming the file and why, status 2, unless ``--files-belong-together``."""
    from ..core.file_state import written_into_another
    from ..core.store import TimestampStore

    if ctx.args.files_belong_together:
        return
    ours = frozenset(discussion.timeline.hashes)
    mine = TimestampStore({key: value for key, value in written.as_mapping().items() if key in ours})
    other = written_into_another(target, mine, ours, key=ctx.key)
    if other is None:
        return
    stored = counted(other.stored, "stored time", "stored times")
    if other.ours:
        why = (
            f"only {other.ours} of its {stored} {'is' if other.ours == 1 else 'are'} for messages "
            "of this chat, none at this chat's time"
        )
    else:
        why = f"none of its {stored} is a message of this chat"
    raise InputError(
        target,
        f"is another discussion's file: {why}; nothing written "
        "(is it the file meant? --files-belong-together writes anyway)",
    )


def _write_to(output: str, payload: bytes) -> None:
    """``--output OUT``: the whole file at once, a backup of what was there."""
    from pathlib import Path

    from ..core.history import mark_saved
    from ..core.store import digest_of, write_bytes_atomic

    saved = write_bytes_atomic(output, payload)
    mark_saved(Path(output), digest_of(payload), "command line")  # its history names this write
    if saved is not None:
        say(f"backup of the previous file: {saved}")


def cmd_backfill(ctx: CommandContext) -> None:
    from ..core.store import TimestampStore
    from ..core.tracking import Action, with_reply_placeholder

    discussion = ctx.discussion(store_required=True)
    request = discussion.request
    result = discussion.simulation
    reply = _reply_given(ctx, discussion)
    after: AfterReply | None = None
    if ctx.args.placeholder or reply is not None:
        result = with_reply_placeholder(result, ctx.now)
    if reply is not None:
        from dataclasses import replace

        from ..core.reply import ReplyCleanup, after_reply

        text, streamed, as_returned, completed = reply
        options = discussion.options
        cleanup = ReplyCleanup.for_request(options.request, trim_line_breaks=ctx.args.trim_line_breaks)
        after = after_reply(
            request,
            result,
            text,
            options.commit_mode,
            streamed=streamed,
            cleanup=cleanup,
            as_returned=as_returned,
            completed=completed,
        )
        result = replace(result, store=after.store)
    ctx.hold(result)
    plan = NO_WRITE
    if result.changed and ctx.args.output and discussion.store is not None:
        # the simulated store is the file: no operations to diff and re-apply
        payload, output = result.store.file_bytes(), ctx.args.output
        from ..core.recordings import refuse_recording

        refuse_recording(output)  # before the report says it was written (issue 29)
        _refuse_another_discussions(ctx, discussion, Path(output), result.store)
        plan = Planned(output, result.store.key is not None, lambda: _write_to(output, payload))
    elif result.changed:
        from ..core.edits import diff_operations

        ops = diff_operations(discussion.store or TimestampStore(), result.store)
        plan = _plan_write(ctx, discussion, ops)
    written, encrypted = plan.path, plan.encrypted
    indexes = request.source_indexes
    if ctx.args.json:
        roles = request.roles
        report = json_report(
            {
                "changed": result.changed,
                "now": ctx.now.strftime("%Y-%m-%d %H:%M:%S"),
                "api": _api_report(ctx, discussion),
                "events": [
                    {
                        "index": indexes[e.position],
                        "role": roles[e.position],
                        "hash": e.hash,
                        "action": e.action.value,
                        "before": e.before,
                        "after": e.after,
                    }
                    for e in result.events
                ],
                "placeholder": {
                    "pending": result.had_placeholder,
                    "value": result.placeholder_value,
                    "applied_to": None
                    if result.placeholder_target is None
                    else indexes[result.placeholder_target],
                    "saved": result.saved_placeholder,
                },
                "reply": None if after is None else _reply_report(after),
                "timestamps_after": result.store.as_dict(),
                "file_text": result.store.dumps(),
                "written": written,
                "written_encrypted": encrypted if written else None,
            }
        )
    else:
        lines = _backfill_lines(discussion, result)
        if after is not None:
            lines.append(_reply_line(after))
        committed = after is not None and not after.pending
        tail = _backfill_tail(result, result.actions.count(Action.ASSIGNED), written, committed)
        report = shown_report("\n".join([*lines, tail]))
    output_ready()
    plan.commit()
    report_after_write(report, written)


def _reply_given(ctx: CommandContext, discussion: Discussion) -> tuple[str, bool, bool, bool] | None:
    """The reply ``--reply``, ``--reply-file`` or ``--recorded-reply`` gives,
    as (text, streamed, as the front end received it, the run completed);
    None without one."""
    from pathlib import Path

    args = ctx.args
    if args.reply is not None:
        return args.reply, args.streamed, args.as_returned, True
    if args.reply_file is not None:
        path = Path(args.reply_file)
        from ..core.files import read_regular

        try:
            return read_regular(path).decode("utf-8"), args.streamed, args.as_returned, True
        except OSError as error:
            raise InputError(path, f"cannot read the reply: {error.strerror or error}") from None
        except UnicodeDecodeError as error:
            raise InputError(path, f"the reply is not UTF-8 text (byte {error.start})") from None
    if not args.recorded_reply:
        return None
    from ..core.recordings import choose_request, read_records

    source = discussion.transcript.source
    if discussion.transcript.format != "recording":
        raise InputError(source, "is not a recording: --recorded-reply needs a recorder's requests.jsonl")
    recorded, _ = choose_request(read_records(source), args.chat)
    response = recorded.response
    if response is None or response.text is None:
        raise InputError(
            source, f"{recorded.label}: no reply text was recorded (record with --responses); nothing written"
        )
    # the client leg's reply is what the front end received: the text committed as it is
    return response.text, response.streamed, True, response.complete


def _reply_report(after: AfterReply) -> dict[str, Any]:
    return {
        "mode": after.mode.value,
        "generation_prompt": after.prompt,
        "returned": after.returned,
        "committed_hash": after.committed_hash,
        "committed_value": after.committed_value,
        "placeholder_pending": after.pending,
    }


def _reply_line(after: AfterReply) -> str:
    """What the reply did to the file, in one line."""
    returned = json.dumps(after.returned, ensure_ascii=False)
    if after.committed_hash is not None:
        return (
            f"reply (group-chat commit): {returned} committed as {after.committed_hash[:12]}… "
            f"= {after.committed_value}"
        )
    if after.pending:
        return f"reply ({after.mode.value}): {returned}; the placeholder stays pending for the next request"
    return f"reply ({after.mode.value}): {returned}; empty: the placeholder was cleared, nothing stored"


def _backfill_tail(result: Any, assigned: int, written: str | None, committed: bool = False) -> str:
    """The report's last line, in the tense of what happened: a dry run says
    what would change (and how to save it), a written file what changed and
    where ("would" of a file just written reads as if it had not been)."""
    if not result.changed:
        return "nothing would change; nothing written"
    gets, was = ("got", "was") if written else ("would get", "would be")
    tail = f"{counted(assigned, 'message', 'messages')} {gets} a new time"
    if result.had_placeholder:
        tail += f"; the pending placeholder {was} resolved"
    if result.saved_placeholder is not None and committed:
        saved = result.saved_placeholder
        tail += f"; the reply's placeholder {was} saved = {saved} and taken by the reply's commit"
    elif result.saved_placeholder is not None:
        tail += f"; the reply's placeholder {was} saved last = {result.saved_placeholder}"
    if written:
        return f"{tail}; written to {written}"
    return f"{tail} (dry run: use --output OUT or --write to save)"


LISTED_RUN = 5  # runs of one action longer than this are one line in the text report


def _backfill_lines(discussion: Discussion, result: Any) -> list[str]:
    """One line per message, except that a run of more than ``LISTED_RUN``
    consecutive messages with the same action is one line (first .. last):
    100,000 kept messages are not 100,000 lines anyone reads."""
    request = discussion.request
    indexes, roles, actions = request.source_indexes, request.roles, result.actions
    before = discussion.store.as_mapping() if discussion.store is not None else {}
    after, hashes = result.store.as_mapping(), request.hashes

    def line(position: int) -> str:
        digest = hashes[position]
        return (
            f"#{_short(indexes[position]):>4} {roles[position]:<10} {actions[position].value:<11} "
            f"{_short(before.get(digest))} -> {_short(after.get(digest))}"
        )

    from itertools import groupby

    lines: list[str] = []
    start = 0
    for _, run in groupby(actions):  # the runs found by C-level passes, not a step per message
        end = start + len(list(run)) - 1
        if end - start + 1 > LISTED_RUN:
            first, last = hashes[start], hashes[end]
            lines.append(
                f"#{_short(indexes[start]):>4}..#{_short(indexes[end])} {actions[start].value:<11} "
                f"{end - start + 1} messages: {_short(after.get(first))} .. {_short(after.get(last))}"
            )
        else:
            lines.extend(line(position) for position in range(start, end + 1))
        start = end + 1
    return lines


def cmd_summary(ctx: CommandContext) -> None:
    from pathlib import Path

    from ..core.context import summary_bounds, time_context_summary
    from ..core.store import TimestampStore, not_text_note, read_store

    explicit_store_state(ctx.args)  # a TS that does not exist stops here, unless new on purpose
    path = Path(ctx.args.timestamps)
    store, _ = read_store(path, ctx.key)
    if store is None:
        ctx.inform(f"{path}: a new discussion (no timestamp file yet)")
    elif (note := not_text_note(store, path)) is not None:
        ctx.say_notes([note])
    summary = time_context_summary(store or TimestampStore(), ctx.now)
    if not summary:
        # stdout stays the value (empty for a script); a person reads why on stderr
        say("no stored time parses: {time_context_summary} is empty")
        return
    emit(summary)
    # what it is measured over (with --verbose: said each run, it was one more line under
    # every warning), and a time ahead of now, said on stderr: the window's Preview
    # measures after the next request's tracking, and said "less than a minute ago"
    # where this said "8 hours, 8 minutes ago", with nothing here saying why (issue 31)
    ctx.inform(
        "measured over the timestamp file as it is; the middleware measures after tracking "
        "the next request, which stores its new messages at now (as the window's Preview in "
        "the WilmerAI styles and `preview TRANSCRIPT` do)"
    )
    bounds = summary_bounds(store) if store is not None else None
    if bounds is not None and bounds[1] > ctx.now:
        earliest, latest = (f"{moment:%Y-%m-%d %H:%M:%S}" for moment in bounds)
        which = (
            f"the earliest and the latest stored times ({earliest}, {latest}) are"
            if bounds[0] > ctx.now
            else f"the latest stored time ({latest}) is"
        )
        say(
            f"{which} after now ({ctx.now:%Y-%m-%d %H:%M:%S}): the middleware counts a time in "
            'the future as no time, "less than a minute" ago'
        )


def cmd_inspect(ctx: CommandContext) -> None:
    from ..core.words import is_warning

    if ctx.args.transcript is None and ctx.args.timestamps is None:
        raise InputError(None, "give a TRANSCRIPT, --timestamps TS, or both")
    discussion = ctx.discussion(reported=True)
    doubts = _pairing_doubts(discussion)
    store = discussion.store
    timeline = discussion.timeline
    notes = discussion.every_note
    transcript = discussion.transcript
    rows = timeline.rows if discussion.has_transcript else ()
    # the last reply as the file holds it, in the chosen commit mode (and a hint of the other)
    reply_said = discussion.reply_said
    entries = [
        {"hash": key, "value": value, "time": _iso(store.parsed(key)) if store else None}
        for key, value in (store.items() if store is not None else [])
    ]
    report = {
        "format": transcript.format if discussion.has_transcript else None,
        "api": _api_report(ctx, discussion),
        "discussion_id": timeline.discussion_id,
        "timestamps": str(discussion.store_path) if discussion.store_path else None,
        "notes": [str(note) for note in notes],
        "messages": [
            {
                "index": row.index,
                "role": row.role,
                "content": row.content,
                "hash": row.hash,
                "stored_timestamp": row.stored,
                "own_timestamp": _iso(row.own_time),
                "status": row.status.value,
                "flags": sorted(f.value for f in discussion.flags_of(row)),
            }
            for row in rows
        ],
        "orphans": list(timeline.orphans),
        "given_back": list(timeline.given_back),
        # the entries the tracked messages hold their times in (one content, one entry)
        "tracked_entries": timeline.tracked_sharing.entries,
        "pairing_warnings": [str(doubt) for doubt in doubts],
        "placeholder": timeline.placeholder if timeline.has_placeholder else None,
        "reply": [str(said) for said in reply_said],
        "entries": entries,
        "bad_lines": [{"line": b.line, "problem": b.problem} for b in transcript.bad_lines],
    }
    if ctx.args.json:
        emit_json(report)
        return
    from ..core.display import first_line
    from ..core.store import PLACEHOLDER_KEY

    lines = []
    for message in report["messages"]:
        first = first_line(message["content"], 60)
        flags = ",".join(message["flags"])
        lines.append(
            f"#{_short(message['index']):>4} {message['role']:<10} {message['status']:<17} "
            f"{_short(message['stored_timestamp'], message['status'] in ('tracked', 'entry')):<31} "
            f"{message['hash'][:12]} {flags:<20} {first}"
        )
    counts = {s: sum(1 for m in report["messages"] if m["status"] == s) for s in ("tracked", "untracked")}
    # "entries" as everywhere: the messages', the placeholder aside (said after them)
    messages_entries = sum(1 for entry in entries if entry["hash"] != PLACEHOLDER_KEY)
    lines.append(
        f"{timeline.tracked_sharing.said()}, {number(counts['untracked'])} untracked, "
        f"{counted(len(report['orphans']), 'orphan', 'orphans')}, "
        f"{counted(messages_entries, 'entry', 'entries')}"
        + (
            f", {counted(len(timeline.given_back), 'orphan time', 'orphan times')} copied back to messages"
            if timeline.given_back
            else ""
        )
        + (", placeholder pending" if timeline.has_placeholder else "")
        + (
            f", {counted(len(discussion.future_rows), 'stored time', 'stored times')} after now "
            f"({discussion.now:%Y-%m-%d %H:%M:%S}): flagged future"
            if discussion.future_rows
            else ""
        )
        + (
            f", {counted(len(discussion.future_orphans), 'orphan', 'orphans')} with a time after now"
            if discussion.future_orphans and discussion.has_transcript
            else ""
        )
    )
    lines.extend(f"{'warning' if is_warning(said) else 'note'}: {said}" for said in reply_said)
    # what was detected or found is part of a report about the files (warnings went to stderr)
    lines.extend(f"note: {note}" for note in notes if not is_warning(note))
    emit_shown("\n".join(lines))


def _pairing_doubts(discussion: Discussion) -> tuple[Said, ...]:
    """Say why the files may not belong together (as the GUI's banner does)."""
    for warning in discussion.pairing_warnings:
        say(f"warning: these files may not belong together: {warning}")
    return discussion.pairing_warnings


def cmd_repair(ctx: CommandContext) -> None:
    from ..core.repair import (
        Confidence,
        nothing_proposed,
        operations_for,
        pairing_doubts,
        propose_repairs,
        select,
    )

    discussion = ctx.discussion(store_required=True, existing=True)
    proposals = propose_repairs(discussion, reanchor=ctx.args.reanchor, zone=ctx.args.tz)
    # the orphans a known cause explains are evidence the files belong together
    doubts = pairing_doubts(discussion, proposals)
    for doubt in doubts:
        say(f"warning: these files may not belong together: {doubt}")
    writing = ctx.args.output or ctx.args.write
    if doubts and writing and not ctx.args.files_belong_together:
        raise InputError(
            discussion.store_path,
            "may not belong to this transcript (see the warning); nothing written. "
            "Check the options, or pass --files-belong-together to write anyway",
        )
    chosen = select(proposals, Confidence(ctx.args.min_confidence))
    chosen = [p for p in chosen if p.kind == "pair" or ctx.args.reanchor]
    ops = operations_for(chosen, prune_orphans=ctx.args.prune_orphans)
    plan = _plan_write(ctx, discussion, ops) if ops else NO_WRITE
    written = plan.path
    applied = {id(p) for p in chosen}
    rows = [
        {
            "index": p.indexes[0],
            "indexes": list(p.indexes),
            "kind": p.kind,
            "message_hash": p.message_hash,
            "orphan": p.orphan,
            "confidence": p.confidence.value,
            "reason": p.reason,
            "time": p.value,
            "previous": p.previous,
            "selected": id(p) in applied,
        }
        for p in proposals
    ]
    if ctx.args.json:
        report = json_report(
            {
                "proposals": rows,
                "operations": len(ops),
                "written": written,
                "api": _api_report(ctx, discussion),
            }
        )
        output_ready()
        plan.commit()
        report_after_write(report, written)
        return
    lines = [
        f"#{_short(r['index']):>4} {r['confidence']:<6} {'*' if r['selected'] else ' '} {_short(r['time'])} "
        f"<- {(r['orphan'] or 'own time')[:12]}  {r['reason']}"
        for r in rows
    ]
    if not rows:
        lines.append(f"no repair proposed: {nothing_proposed(discussion)}")
    tail = f"{counted(len(chosen), 'proposal', 'proposals')} selected (*)"
    tail += f"; written to {written}" if written else " (dry run: use --output OUT or --write to save)"
    report = shown_report("\n".join([*lines, tail]))
    output_ready()
    plan.commit()
    report_after_write(report, written)


def cmd_discussions(args: argparse.Namespace) -> None:
    from ..core.discovery import find_discussions, summarize, user_folder_matches

    api_key = api_key_from(args)
    rows = []
    for summary in (summarize(f) for f in find_discussions(args.root_folder)):
        file = summary.file
        rows.append(
            {
                "discussion_id": file.discussion_id,
                "path": str(file.path),
                "layout": file.layout,
                "user_folder": file.user_folder,
                "user_folder_matches_key": None
                if file.user_folder is None or api_key is None
                else user_folder_matches(file.user_folder, api_key),
                "legacy_root": file.legacy_root,
                "entries": summary.entries,
                "first": _iso(summary.first),
                "last": _iso(summary.last),
                "placeholder_pending": summary.placeholder_pending,
                "encrypted": summary.encrypted,
                "problem": None if summary.problem is None else str(summary.problem),
                "not_times": summary.not_times,
                "warning": None if summary.warning is None else str(summary.warning),
            }
        )
    if args.json:
        emit_json(rows)
        return
    lines = []
    for row in rows:
        state = [k for k in ("encrypted", "placeholder_pending", "legacy_root") if row[k]]
        if row["problem"]:
            state.append(row["problem"])
        if row["warning"]:  # as the window's list says it
            state.append(row["warning"])
        if row["user_folder_matches_key"]:
            state.append("your key")
        where = f"{row['user_folder']}/" if row["user_folder"] else ""
        span = f"{row['first'] or '-'} .. {row['last'] or '-'}"
        name = f"{where}{row['discussion_id']}"
        lines.append(f"{name:<30} {row['layout']:<12} {number(row['entries']):>7}  {span}  {' '.join(state)}")
    lines.append(counted(len(rows), "discussion", "discussions"))
    emit_shown("\n".join(lines))

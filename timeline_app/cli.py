"""``timeline-inspector``: the command line over the engine (and the GUI's launcher).

The first word picks the mode: a command (``preview``, ``backfill``, ``summary``,
``inspect``) runs headless and never imports Qt; anything else starts the GUI,
imported only then. Bad input exits with status 2 and one line on stderr that
names the file and the problem.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, NoReturn

from .core.errors import InputError
from .core.words import counted
from .output import OutputFailed, write_output

if TYPE_CHECKING:
    from .core.edits import Operation
    from .core.options import Choices
    from .core.session import Discussion
    from .core.words import Said

# Start-up is most of a small command's time, so every module a command does
# not use stays unimported: the engine modules are imported by the commands
# that use them, Qt only by the window.

PROG = "timeline-inspector"
COMMANDS = ("preview", "backfill", "summary", "inspect", "discussions", "repair", "record", "compare")


class _Context:
    """What every command needs, built once from the common flags."""

    def __init__(self, args: argparse.Namespace) -> None:
        from .core.options import EngineOptions
        from .core.zones import get_zone, now_in, parse_when

        self.args = args
        # what the command built, kept alive while the context is (see ``hold``)
        self.held: list[object] = []
        self.options = EngineOptions.from_choices(choices_from_args(args))
        if args.now:
            self.now: datetime = parse_when(args.now, args.tz)
        else:  # this machine's wall clock needs no zone database
            self.now = now_in(get_zone(args.tz)) if args.tz else datetime.now()
        self.api_key = _api_key(args)
        username = getattr(args, "username", None)
        self.key = None
        if self.api_key:
            from .core.crypto import FileKey

            self.key = FileKey.derive(self.api_key, username)

    def discussion(
        self, *, store_required: bool = False, existing: bool = False, reported: bool = False
    ) -> Discussion:
        """Load the command's inputs the way the GUI does (one code path); the
        timeline and the simulation are built only if the command uses them.

        ``existing``: the command works on the file as it is (``repair``), so
        one found under ``--root`` but not created yet is an error too.
        ``reported``: the command lists the information notes in its own
        report (``inspect``), so they are not said on stderr as well."""
        from .core.session import open_discussion

        args = self.args
        transcript = getattr(args, "transcript", None)
        store = args.timestamps
        if store is None and store_required and not getattr(args, "root", None):
            raise InputError(None, f"--timestamps is required for this command{_new_hint(args)}")
        new = _explicit_store_state(args)
        discussion = open_discussion(
            transcript,
            store,
            self.options,
            self.now,
            key=self.key,
            root=getattr(args, "root", None),
            api_key=self.api_key,
            fmt=getattr(args, "format", None),
            chat=getattr(args, "chat", None),
            skip_bad_lines=getattr(args, "skip_bad_lines", False),
            eager=False,
            beside=store is None,  # as the GUI pairs: a timestamps.json beside the transcript is its file
        )
        if discussion.store_path is None and transcript is not None and store_required:
            raise InputError(
                None,
                f"no timestamp file: give --timestamps TS{_new_hint(args)} "
                "or --root DIR with a discussion id",
            )
        if existing and discussion.store is None:
            raise InputError(discussion.store_path, NOTHING_TO_REPAIR)
        if discussion.store_path is None:
            _say("no timestamp file given; treating it as a new discussion (empty store)")
        elif new:  # asked for: information
            self.inform(f"{discussion.store_path}: a new discussion (no timestamp file yet)")
        elif discussion.store is None:  # found by the discussion id under --root, not created yet
            _say(f"{discussion.store_path}: no such file; treating it as a new discussion (empty store)")
        self.say_notes(discussion.every_note, reported=reported)
        for bad in discussion.transcript.bad_lines:
            _say(f"{discussion.transcript.source}: line {bad.line} skipped: {bad.problem}")
        self.hold(discussion)
        return discussion

    def say_notes(self, notes: Sequence[str | Said], *, reported: bool = False) -> None:
        """Say what loading noted on stderr: warnings always (``words.WARNINGS``),
        information only with ``--verbose`` and never when the command's own
        report lists it (``reported``): a line on every run that asks nothing
        of the person is noise, and hides the one that does."""
        from .core.words import is_warning

        for note in notes:
            if is_warning(note):
                _say(f"warning: {note}")
            elif not reported:
                self.inform(str(note))

    def inform(self, line: str) -> None:
        """One line of information on stderr, said only with ``--verbose``."""
        if getattr(self.args, "verbose", False):
            _say(line)

    def hold(self, *built: object) -> None:
        """Keep ``built`` alive as long as this context: at 100k messages,
        freeing what a command built (two 100k lists of dicts and their text)
        costs ~0.1 s when its handler returns. ``run_command`` drops the
        context at its end, so a caller in process frees everything as
        before; the process entry (``entry``) keeps it until ``os._exit``."""
        self.held.extend(built)


def choices_from_args(args: argparse.Namespace) -> Choices:
    """The person's choices as flags say them (the GUI reads the same ``Choices``
    from its settings; ``EngineOptions.from_choices`` converts both)."""
    from .core.options import Choices

    return Choices(
        api=getattr(args, "api", "auto"),
        add_user_assistant=args.add_user_assistant,
        add_missing_assistant=args.add_missing_assistant,
        sentinels=args.sentinels,
        cst_variant=args.cst_variant,
        cst_zone=args.cst_tz,
        wilmer_zone=args.tz or "",
        st_names=getattr(args, "st_names", "auto"),
        st_quotes=args.st_quotes,
        st_merge=args.st_merge,
        st_keep_cr=args.st_keep_cr,
    )


def _api_key(args: argparse.Namespace) -> str | None:
    """The API key from an environment variable (preferred) or the flag; never stored."""
    variable = getattr(args, "api_key_env", None)
    if variable:
        value = os.environ.get(variable)
        if not value:
            raise InputError(None, f"environment variable {variable} is not set or empty")
        return value
    return getattr(args, "api_key", None) or None


def _say(line: str) -> None:
    print(f"{PROG}: {line}", file=sys.stderr)


NEW_FLAG = "--new-discussion"


def _new_hint(args: argparse.Namespace) -> str:
    """How to say that TS does not exist yet, for a command that has the flag."""
    return f" (add {NEW_FLAG} when it does not exist yet)" if hasattr(args, "new_discussion") else ""


NOTHING_TO_REPAIR = "no such file: there is nothing to repair"


def _explicit_store_state(args: argparse.Namespace) -> bool:
    """Check an explicit ``--timestamps TS`` against ``--new-discussion``
    before anything is loaded; returns whether the discussion is new on
    purpose. A TS that does not exist is an error unless the person says the
    discussion is new: a mistyped path read as an empty file reports every
    message untracked (and a ``--write`` would start a second file). Saying
    it is new of a file that exists is an error too: writing would change
    a file that was not meant. The command without the flag (``repair``)
    has nothing to work on in a new discussion."""
    from pathlib import Path

    flagged = hasattr(args, "new_discussion")
    new = bool(getattr(args, "new_discussion", False))
    if args.timestamps is None:
        if new:
            args.parser.error(f"{NEW_FLAG} goes with --timestamps TS")
        return False
    path = Path(args.timestamps)
    try:
        exists = path.exists()
    except OSError:  # cannot even be looked at: reading it says why
        return new
    if new and exists:
        raise InputError(path, f"already exists; leave out {NEW_FLAG} to use it")
    if not new and not exists:
        if not flagged:
            raise InputError(path, NOTHING_TO_REPAIR)
        raise InputError(
            path, f"no such file; if the discussion is new (no times stored yet), add {NEW_FLAG}"
        )
    return new


def _emit(text: str) -> None:
    write_output((text.encode("utf-8"), b"" if text.endswith("\n") else b"\n"))


def _emit_json(value: Any) -> None:
    from .core.jsonout import dumps_indented

    _emit(dumps_indented(value))


def _short(value: object, entry: bool = False) -> str:
    from .core.display import stored_text

    return stored_text(value, "-", entry=entry)


def _iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return moment.isoformat(timespec="milliseconds" if moment.microsecond else "seconds")


# -- commands ------------------------------------------------------------------


def cmd_preview(ctx: _Context) -> None:
    from .core.context import Style
    from .core.preview import build_preview, preview_json_parts

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
    _emit("\n\n".join(blocks))


def _api_report(ctx: _Context, discussion: Discussion) -> dict[str, str | None] | None:
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


def _write(ctx: _Context, discussion: Discussion, ops: list[Operation]) -> tuple[str | None, bool]:
    """Carry out ``--output OUT`` or ``--write`` for a change given as operations.

    ``--write`` never overwrites blindly: if the middleware changed the file
    since it was read, the operations are re-applied to the new content, and
    a conflict stops the write with the file untouched. A file the middleware
    has not written yet is written as it would write it (encrypted or not,
    in the discussion's folder under ``--root``). Returns where it wrote and
    whether that file is encrypted."""
    from .core.discovery import make_discussion_folder, new_file_encryption
    from .core.edits import apply_operations, save_operations
    from .core.store import TimestampStore, write_bytes_atomic

    if not (ctx.args.output or ctx.args.write):
        return None, False
    path = discussion.store_path
    assert path is not None
    new_key = None
    if discussion.store is None:
        encryption = new_file_encryption(path, ctx.api_key)
        new_key = ctx.key if encryption.encrypted else None
        if ctx.api_key:
            _say(f"new timestamp file {encryption.reason}")
    if ctx.args.output:
        base = discussion.store or TimestampStore(key=new_key)
        changed, _ = apply_operations(base, ops)
        write_bytes_atomic(ctx.args.output, changed.file_bytes())
        return ctx.args.output, changed.key is not None
    if discussion.store is None and ctx.args.timestamps is None and ctx.args.root:
        make_discussion_folder(ctx.args.root, path)
    result = save_operations(path, discussion.store_digest, ops, ctx.key, new_file_key=new_key)
    if result.conflicts:
        stale = counted(len(result.conflicts), "change no longer applies", "changes no longer apply")
        raise InputError(
            path,
            f"changed on disk since it was read and {stale}; "
            f"nothing written ({result.conflicts[0].describe()})",
        )
    if result.merged:
        _say("the file had changed on disk; the changes were re-applied to the new content")
    if result.backup:
        _say(f"backup of the previous file: {result.backup}")
    return str(path), result.store.key is not None


def _write_options(parser: argparse.ArgumentParser, what: str) -> None:
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--output", metavar="OUT", help=f"write the {what} file to OUT")
    where.add_argument("--write", action="store_true", help="update TS in place (a backup is kept)")


def cmd_backfill(ctx: _Context) -> None:
    from .core.store import TimestampStore, write_bytes_atomic
    from .core.tracking import Action, with_reply_placeholder

    discussion = ctx.discussion(store_required=True)
    request = discussion.request
    result = discussion.simulation
    if ctx.args.placeholder:
        result = with_reply_placeholder(result, ctx.now)
    ctx.hold(result)
    written: str | None = None
    encrypted = False
    if result.changed and ctx.args.output and discussion.store is not None:
        # the simulated store is the file: no operations to diff and re-apply
        write_bytes_atomic(ctx.args.output, result.store.file_bytes())
        written, encrypted = ctx.args.output, result.store.key is not None
    elif result.changed:
        from .core.edits import diff_operations

        ops = diff_operations(discussion.store or TimestampStore(), result.store)
        written, encrypted = _write(ctx, discussion, ops)
    indexes = request.source_indexes
    if ctx.args.json:
        roles = request.roles
        _emit_json(
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
                "timestamps_after": result.store.as_dict(),
                "file_text": result.store.dumps(),
                "written": written,
                "written_encrypted": encrypted if written else None,
            }
        )
        return
    lines = _backfill_lines(discussion, result)
    _emit("\n".join([*lines, _backfill_tail(result, result.actions.count(Action.ASSIGNED), written)]))


def _backfill_tail(result: Any, assigned: int, written: str | None) -> str:
    """The report's last line, in the tense of what happened: a dry run says
    what would change (and how to save it), a written file what changed and
    where ("would" of a file just written reads as if it had not been)."""
    if not result.changed:
        return "nothing would change; nothing written"
    gets, was = ("got", "was") if written else ("would get", "would be")
    tail = f"{counted(assigned, 'message', 'messages')} {gets} a new time"
    if result.had_placeholder:
        tail += f"; the pending placeholder {was} resolved"
    if result.saved_placeholder is not None:
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


def cmd_summary(ctx: _Context) -> None:
    from pathlib import Path

    from .core.context import time_context_summary
    from .core.store import TimestampStore, not_text_note, read_store

    _explicit_store_state(ctx.args)  # a TS that does not exist stops here, unless new on purpose
    path = Path(ctx.args.timestamps)
    store, _ = read_store(path, ctx.key)
    if store is None:
        ctx.inform(f"{path}: a new discussion (no timestamp file yet)")
    elif (note := not_text_note(store, path)) is not None:
        ctx.say_notes([note])
    summary = time_context_summary(store or TimestampStore(), ctx.now)
    if not summary:
        # stdout stays the value (empty for a script); a person reads why on stderr
        _say("no stored time parses: {time_context_summary} is empty")
        return
    _emit(summary)


def cmd_inspect(ctx: _Context) -> None:
    from .core.words import is_warning

    if ctx.args.transcript is None and ctx.args.timestamps is None:
        raise InputError(None, "give a TRANSCRIPT, --timestamps TS, or both")
    discussion = ctx.discussion(reported=True)
    doubts = _pairing_doubts(discussion)
    store = discussion.store
    timeline = discussion.timeline
    notes = discussion.every_note
    transcript = discussion.transcript
    rows = timeline.rows if discussion.has_transcript else ()
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
                "flags": sorted(f.value for f in row.flags),
            }
            for row in rows
        ],
        "orphans": list(timeline.orphans),
        "given_back": list(timeline.given_back),
        "pairing_warnings": [str(doubt) for doubt in doubts],
        "placeholder": timeline.placeholder if timeline.has_placeholder else None,
        "entries": entries,
        "bad_lines": [{"line": b.line, "problem": b.problem} for b in transcript.bad_lines],
    }
    if ctx.args.json:
        _emit_json(report)
        return
    lines = []
    for message in report["messages"]:
        first = message["content"].splitlines()[0] if message["content"] else ""
        flags = ",".join(message["flags"])
        lines.append(
            f"#{_short(message['index']):>4} {message['role']:<10} {message['status']:<17} "
            f"{_short(message['stored_timestamp'], message['status'] in ('tracked', 'entry')):<31} "
            f"{message['hash'][:12]} {flags:<20} {first[:60]}"
        )
    counts = {s: sum(1 for m in report["messages"] if m["status"] == s) for s in ("tracked", "untracked")}
    lines.append(
        f"{counts['tracked']} tracked, {counts['untracked']} untracked, "
        f"{counted(len(report['orphans']), 'orphan', 'orphans')}, {counted(len(entries), 'entry', 'entries')}"
        + (
            f", {counted(len(timeline.given_back), 'orphan time', 'orphan times')} given back"
            if timeline.given_back
            else ""
        )
        + (", placeholder pending" if timeline.has_placeholder else "")
    )
    # what was detected or found is part of a report about the files (warnings went to stderr)
    lines.extend(f"note: {note}" for note in notes if not is_warning(note))
    _emit("\n".join(lines))


def _pairing_doubts(discussion: Discussion) -> tuple[Said, ...]:
    """Say why the files may not belong together (as the GUI's banner does)."""
    for warning in discussion.pairing_warnings:
        _say(f"warning: these files may not belong together: {warning}")
    return discussion.pairing_warnings


def cmd_repair(ctx: _Context) -> None:
    from .core.repair import Confidence, nothing_proposed, operations_for, propose_repairs, select

    discussion = ctx.discussion(store_required=True, existing=True)
    doubts = _pairing_doubts(discussion)
    writing = ctx.args.output or ctx.args.write
    if doubts and writing and not ctx.args.files_belong_together:
        raise InputError(
            discussion.store_path,
            "may not belong to this transcript (see the warning); nothing written. "
            "Check the options, or pass --files-belong-together to write anyway",
        )
    proposals = propose_repairs(discussion, reanchor=ctx.args.reanchor, zone=ctx.args.tz)
    chosen = select(proposals, Confidence(ctx.args.min_confidence))
    chosen = [p for p in chosen if p.kind == "pair" or ctx.args.reanchor]
    ops = operations_for(chosen, prune_orphans=ctx.args.prune_orphans)
    written, _ = _write(ctx, discussion, ops) if ops else (None, False)
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
        _emit_json(
            {
                "proposals": rows,
                "operations": len(ops),
                "written": written,
                "api": _api_report(ctx, discussion),
            }
        )
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
    _emit("\n".join([*lines, tail]))


def cmd_discussions(args: argparse.Namespace) -> None:
    from .core.discovery import find_discussions, summarize, user_folder_matches

    api_key = _api_key(args)
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
            }
        )
    if args.json:
        _emit_json(rows)
        return
    lines = []
    for row in rows:
        state = [k for k in ("encrypted", "placeholder_pending", "legacy_root") if row[k]]
        if row["problem"]:
            state.append(row["problem"])
        if row["user_folder_matches_key"]:
            state.append("your key")
        where = f"{row['user_folder']}/" if row["user_folder"] else ""
        span = f"{row['first'] or '-'} .. {row['last'] or '-'}"
        name = f"{where}{row['discussion_id']}"
        lines.append(f"{name:<30} {row['layout']:<12} {row['entries']:>7}  {span}  {' '.join(state)}")
    lines.append(counted(len(rows), "discussion", "discussions"))
    _emit("\n".join(lines))


# -- argument parsing -----------------------------------------------------------

_INVALID_CHOICE_RE = re.compile(r"argument (?P<flag>[^:]+): invalid choice: ")
_REQUIRED_RE = re.compile(r"the following arguments are required: (?P<names>.+)")
_EXCLUSIVE_RE = re.compile(r"argument (?P<one>[^:]+): not allowed with argument (?P<other>.+)")


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line (what is wrong and
    where help is), not the whole usage block: the person already typed the
    command and needs the one thing to change."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {self._plain(message)} (see {self.prog} --help)\n")

    def _plain(self, message: str) -> str:
        found = _INVALID_CHOICE_RE.match(message)
        if found:
            flag = found.group("flag")
            for action in self._actions:
                if action.choices and (flag in action.option_strings or flag == action.metavar):
                    return f"{flag} must be {_one_of([str(c) for c in action.choices])}"
        found = _REQUIRED_RE.match(message)
        if found:
            names = found.group("names").split(", ")
            return f"{_one_of(names, 'and')} {'is' if len(names) == 1 else 'are'} required"
        found = _EXCLUSIVE_RE.match(message)
        if found:
            return f"{found.group('other')} and {found.group('one')} cannot be used together"
        return message


def _one_of(words: list[str], joiner: str = "or") -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {joiner} {words[-1]}"


def _common(parser: argparse.ArgumentParser) -> None:
    from .core.cst import CST_ZONE
    from .core.options import API_CHOICES, CST_VARIANT_CHOICES, SENTINEL_CHOICES, ST_NAMES_CHOICES
    from .core.transcripts.loading import FORMATS

    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="also say on stderr what was detected or found while loading (client API, a file found "
        "beside the other, SillyTavern's content as sent); warnings are said without it",
    )
    group = parser.add_argument_group("time and middleware settings")
    group.add_argument(
        "--now", metavar="WHEN", help="request time: 'YYYY-MM-DD HH:MM:SS' or ISO 8601 (default: now)"
    )
    group.add_argument(
        "--tz", metavar="ZONE", help="zone of the middleware's naive times (default: this machine's)"
    )
    group.add_argument("--cst-variant", choices=CST_VARIANT_CHOICES, default=CST_VARIANT_CHOICES[0])
    group.add_argument(
        "--cst-tz", metavar="ZONE", default=CST_ZONE, help=f"CST display zone (default {CST_ZONE})"
    )
    group.add_argument(
        "--sentinels",
        choices=SENTINEL_CHOICES,
        default="current",
        help="brace sentinel pair of the middleware version (legacy: before 2026-03-29)",
    )
    group.add_argument(
        "--api",
        choices=API_CHOICES,
        default="auto",
        help="which API the client used (changes content normalisation; default: detect from the file)",
    )
    group.add_argument(
        "--add-user-assistant",
        action="store_true",
        help="the middleware's chatCompleteAddUserAssistant setting",
    )
    group.add_argument(
        "--add-missing-assistant",
        action="store_true",
        help="the middleware's chatCompletionAddMissingAssistantGenerator setting",
    )
    group.add_argument("--format", choices=FORMATS, help="transcript format (default: detect)")
    group.add_argument("--chat", metavar="ID|INDEX", help="which chat of a multi-chat export")
    group.add_argument("--skip-bad-lines", action="store_true", help="load a JSONL file despite broken lines")
    group.add_argument(
        "--root", metavar="DIR", help="DiscussionIds root: find TS from the transcript's discussion id"
    )
    st = parser.add_argument_group("SillyTavern content as sent (default: best match with TS)")
    st.add_argument(
        "--st-names",
        choices=ST_NAMES_CHOICES,
        default="auto",
        help="character names behavior",
    )
    st.add_argument("--st-quotes", action="store_true", help="user messages wrapped in quotes")
    st.add_argument("--st-merge", action="store_true", help="consecutive same-role messages merged")
    st.add_argument("--st-keep-cr", action="store_true", help="keep \\r in content")
    _key_options(parser)


def _key_options(parser: argparse.ArgumentParser) -> None:
    keys = parser.add_argument_group("encrypted files (the key is never written anywhere)")
    keys.add_argument("--api-key-env", metavar="VAR", help="read the API key from this environment variable")
    keys.add_argument(
        "--api-key", metavar="KEY", help="the API key itself (visible to other users: prefer --api-key-env)"
    )
    keys.add_argument("--username", metavar="NAME", help="the middleware's configured username, if any")


def _timestamps_option(p: argparse.ArgumentParser, *, required: bool = False, new: bool = True) -> None:
    """``--timestamps TS`` and, where a new discussion means something,
    ``--new-discussion``: one wording of both for every command."""
    if not new:
        p.add_argument(
            "--timestamps",
            metavar="TS",
            help="the timestamp file (it must exist: a new discussion has nothing to repair)",
        )
        return
    p.add_argument(
        "--timestamps",
        metavar="TS",
        required=required,
        help=f"the timestamp file; it must exist, unless {NEW_FLAG} is given",
    )
    p.add_argument(
        NEW_FLAG,
        action="store_true",
        help="TS does not exist yet, on purpose: a discussion with no times stored "
        "(without it a TS that does not exist is an error, so a mistyped path is not read as an empty file)",
    )


def _preview_parser(p: argparse.ArgumentParser) -> None:
    from .core.context import Style

    p.add_argument("transcript", metavar="TRANSCRIPT")
    _timestamps_option(p)
    p.add_argument("--style", choices=[s.value for s in Style], required=True)
    p.add_argument("--json", action="store_true")
    _common(p)
    p.set_defaults(parser=p, handler=cmd_preview)


def _backfill_parser(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Simulate the tracking step of one request: the times the middleware gives "
        "untracked messages and the pending placeholder it resolves. Only the tracking step is "
        "simulated unless --placeholder is given."
    )
    p.add_argument("transcript", metavar="TRANSCRIPT")
    _timestamps_option(p)
    p.add_argument(
        "--placeholder",
        action="store_true",
        help="the whole request: also save the reply's placeholder (= now) last, "
        "exactly the file the middleware leaves behind",
    )
    _write_options(p, "resulting")
    p.add_argument("--json", action="store_true")
    _common(p)
    p.set_defaults(parser=p, handler=cmd_backfill)


def _summary_parser(p: argparse.ArgumentParser) -> None:
    _timestamps_option(p, required=True)
    _common(p)
    p.set_defaults(parser=p, handler=cmd_summary, transcript=None)


def _inspect_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("transcript", metavar="TRANSCRIPT", nargs="?")
    _timestamps_option(p)
    p.add_argument("--json", action="store_true")
    _common(p)
    p.set_defaults(parser=p, handler=cmd_inspect)


def _repair_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("transcript", metavar="TRANSCRIPT")
    _timestamps_option(p, new=False)
    p.add_argument(
        "--min-confidence",
        choices=["high", "medium"],
        default="high",
        help="apply proposals at least this sure (low ones are only listed)",
    )
    p.add_argument(
        "--reanchor",
        action="store_true",
        help="replace times legacy backfills invented with the transcript's own times",
    )
    p.add_argument(
        "--prune-orphans", action="store_true", help="remove orphans whose time was given back to a message"
    )
    p.add_argument(
        "--files-belong-together",
        action="store_true",
        help="write even when the transcript and TS look unrelated (other discussion id, most orphaned)",
    )
    _write_options(p, "repaired")
    p.add_argument("--json", action="store_true")
    _common(p)
    p.set_defaults(parser=p, handler=cmd_repair)


def _discussions_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("root_folder", metavar="ROOT")
    p.add_argument("--json", action="store_true")
    _key_options(p)
    p.set_defaults(parser=p, handler=cmd_discussions)


# command -> (summary, fills its parser); the recorder's two register themselves
_OWN_COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "preview": ("print the context the model receives", _preview_parser),
    "backfill": ("simulate the middleware's tracking (dry run unless told)", _backfill_parser),
    "summary": ("print {time_context_summary}", _summary_parser),
    "inspect": ("join a transcript with its timestamp file", _inspect_parser),
    "repair": ("propose (and apply) times for untracked messages from orphans", _repair_parser),
    "discussions": ("list every discussion under a DiscussionIds root", _discussions_parser),
}
_RECORDER_COMMANDS = ("record", "compare")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The commands' parser. With ``command``, only that command's options
    are built (each costs start-up time; the others are listed by name)."""
    parser = OneLineParser(
        prog=PROG,
        description="Inspect, preview and repair the hidden time data of LLM conversations.",
        epilog=f"Without a command it opens the window: {PROG} [PATH ...] [--demo] [--style STYLE] "
        f"[--screenshot PNG] [--version]. Each command has its own help: {PROG} COMMAND --help.",
    )
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", title="commands", parser_class=OneLineParser
    )
    for name, (summary, fill) in _OWN_COMMANDS.items():
        p = sub.add_parser(name, help=summary)
        if command is None or command == name:
            fill(p)
    if command is None or command in _RECORDER_COMMANDS:
        from .record.command import add_compare, add_record

        add_record(sub)
        add_compare(sub, _common)
    else:
        for name in _RECORDER_COMMANDS:
            sub.add_parser(name)
    return parser


def run_command(argv: Sequence[str], kept: list[object] | None = None) -> int:
    """Run one headless command; ``kept`` receives what it built (see ``entry``)."""
    parser = build_parser(argv[0] if argv else None)
    args, extra = parser.parse_known_args(list(argv))
    if extra:  # named by the command's own parser, which is where they do not belong
        args.parser.error(f"unrecognized arguments: {' '.join(extra)}")
    handler: Callable[[Any], None] = args.handler
    # A command builds hundreds of thousands of objects and frees them at
    # exit, none of them in reference cycles; the cyclic collector's passes
    # over them cost 10-30% of the run, for nothing.
    collecting = gc.isenabled() and not os.environ.get("TIMELINE_INSPECTOR_GC")
    if collecting:
        gc.disable()
    try:
        plain = handler is cmd_discussions or getattr(args, "plain_args", False)
        if plain:
            handler(args)
        else:
            ctx = _Context(args)
            if kept is not None:
                kept.append(ctx)
            handler(ctx)
    except InputError as error:
        _fail(str(error))
    except KeyboardInterrupt:
        return 130
    finally:
        if collecting:
            gc.enable()
    return 0


def _fail(message: str) -> NoReturn:
    _say(f"error: {message}")
    raise SystemExit(2)


def main(argv: Sequence[str] | None = None, kept: list[object] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in COMMANDS:
        return run_command(argv, kept)
    if argv and argv[0] in ("-h", "--help"):  # every command and the window, without importing Qt
        build_parser().print_help()
        return 0
    from .gui.launch import main as gui_main  # Qt is imported only here

    return gui_main(argv)


# Commands whose process may end without the interpreter's teardown: they
# write files only through ``write_bytes_atomic`` (closed and fsynced before
# it returns) and print to stdout/stderr, flushed by ``entry``. The recorder
# and the window are left to the interpreter's ordinary exit.
QUICK_EXIT = frozenset({"preview", "backfill", "summary", "inspect", "repair", "discussions"})
FLUSH_FAILED = 120  # the status the interpreter itself exits with when its final flush fails
READER_GONE = 141  # 128 + SIGPIPE: what a tool ended by a closed pipe reports (``... | head``)


def _stdout_gone(status: int, why: OSError | ValueError | None = None) -> NoReturn:
    """End when stdout cannot take the output: quietly when whoever reads it
    closed it (``preview --json | head``: nothing of ours failed), with one
    line saying ``why`` otherwise; never a traceback. Stdout is pointed at
    /dev/null first, or the interpreter's last flush of what is still
    buffered fails again; the ordinary exit then ends any worker."""
    if why is not None:
        try:
            _say(f"error: could not write the output: {why}")
            sys.stderr.flush()
        except (OSError, ValueError):  # nowhere left to report it
            pass
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no file behind stdout: nothing is left to flush into it
        pass
    sys.exit(status)


def _children_alive() -> bool:
    """Whether a process this one started is still running (repair's worker,
    core/split.py): only the interpreter's exit ends it, by waiting for its
    pool; an ``os._exit`` left it orphaned on the pool's pipes for good."""
    processes = sys.modules.get("multiprocessing")  # never imported by a command that started none
    return processes is not None and bool(processes.active_children())


def entry() -> NoReturn:
    """The process entry point (``python -m timeline_app``, the console script,
    the bundle): ``main`` then, after a command of ``QUICK_EXIT`` succeeded,
    ``os._exit`` once stdout and stderr are flushed. Freeing what a 100k
    command built, and the interpreter's final collection over it, cost
    ~0.1-0.2 s at exit for memory the system takes back anyway. Errors
    (``SystemExit`` from a failed command, exceptions) take the ordinary exit."""
    argv = sys.argv[1:]
    kept: list[object] = []
    try:
        code = main(argv, kept)
    except BrokenPipeError:
        _stdout_gone(READER_GONE)
    except OutputFailed as failed:
        _stdout_gone(FLUSH_FAILED, failed.error)
    if not (argv and argv[0] in QUICK_EXIT) or _children_alive():
        sys.exit(code)
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _stdout_gone(READER_GONE)
    except (OSError, ValueError) as error:  # what the interpreter's own exit would report
        _stdout_gone(FLUSH_FAILED, error)
    try:
        sys.stderr.flush()
    except (OSError, ValueError):  # nowhere left to report it
        os._exit(FLUSH_FAILED)
    os._exit(code)

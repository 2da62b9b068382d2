"""``timeline-inspector``: the command line over the engine (and the GUI's launcher).

The first word picks the mode: a command (``preview``, ``backfill``, ``summary``,
``inspect``) runs headless and never imports Qt; anything else starts the GUI,
imported only then. Bad input exits with status 2 and one line on stderr that
names the file and the problem.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, NoReturn

from .core.context import Style
from .core.cst import CST_ZONE, CstSettings, CstVariant
from .core.errors import InputError
from .core.hashing import SENTINEL_PAIRS
from .core.options import EngineOptions
from .core.pipeline import Api, PreparedRequest, RequestOptions, prepare_request
from .core.preview import build_preview
from .core.store import TimestampStore, load_store, save_store, write_bytes_atomic
from .core.timeline import build_timeline
from .core.tracking import track
from .core.transcripts import FORMATS, Transcript, load_transcript
from .core.zones import get_zone, now_in, parse_when

PROG = "timeline-inspector"
COMMANDS = ("preview", "backfill", "summary", "inspect")


class _Context:
    """What every command needs, built once from the common flags."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.options = EngineOptions(
            request=RequestOptions(
                api=Api(args.api),
                add_user_assistant=args.add_user_assistant,
                add_missing_assistant=args.add_missing_assistant,
                sentinels=SENTINEL_PAIRS[args.sentinels],
            ),
            cst=CstSettings(CstVariant(args.cst_variant), args.cst_tz),
            wilmer_zone=args.tz,
        )
        get_zone(args.cst_tz)  # an unknown zone fails here, before any work
        zone = get_zone(args.tz)
        self.now: datetime = parse_when(args.now, zone) if args.now else now_in(zone)

    def transcript(self) -> Transcript:
        return load_transcript(
            self.args.transcript,
            fmt=self.args.format,
            zone=self.args.cst_tz,
            skip_bad_lines=self.args.skip_bad_lines,
        )

    def request(self, transcript: Transcript) -> PreparedRequest:
        try:
            return prepare_request(transcript.messages, self.options.request)
        except InputError as error:
            raise error.with_source(transcript.source) from None

    def store(self, *, required: bool = False) -> TimestampStore | None:
        path = self.args.timestamps
        if path is None:
            if required:
                raise InputError(None, "--timestamps is required for this command")
            return None
        if not Path(path).exists():
            _say(f"{path}: no such file; treating it as a new discussion (empty store)")
            return TimestampStore()
        return load_store(path)


def _say(line: str) -> None:
    print(f"{PROG}: {line}", file=sys.stderr)


def _emit(text: str) -> None:
    sys.stdout.buffer.write(text.encode("utf-8"))
    if not text.endswith("\n"):
        sys.stdout.buffer.write(b"\n")
    sys.stdout.buffer.flush()


def _emit_json(value: Any) -> None:
    _emit(json.dumps(value, ensure_ascii=False, indent=2))


def _short(value: object) -> str:
    return "-" if value is None else (value if isinstance(value, str) else json.dumps(value))


def _iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return moment.isoformat(timespec="milliseconds" if moment.microsecond else "seconds")


# -- commands ------------------------------------------------------------------


def cmd_preview(ctx: _Context) -> None:
    transcript = ctx.transcript()
    store = ctx.store()
    if store is None and ctx.args.style != Style.CST.value:
        _say("no --timestamps given; treating it as a new discussion (empty store)")
    request = ctx.request(transcript)
    try:
        preview = build_preview(transcript, store, Style(ctx.args.style), ctx.now, ctx.options, request)
    except InputError as error:
        raise error.with_source(ctx.args.timestamps or transcript.source) from None
    if ctx.args.json:
        sys.stdout.buffer.write(preview.json_text().encode("utf-8"))
        sys.stdout.buffer.flush()
        return
    blocks = [f"[{i}] {m.get('role', '')}\n{_content_text(m)}" for i, m in enumerate(preview.messages)]
    blocks.append(f"time_context_summary: {preview.time_context_summary}")
    _emit("\n\n".join(blocks))


def _content_text(message: dict[str, Any]) -> str:
    content = message.get("content")
    return content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)


def cmd_backfill(ctx: _Context) -> None:
    transcript = ctx.transcript()
    store = ctx.store(required=True)
    assert store is not None
    request = ctx.request(transcript)
    result = track(request, store, ctx.now)
    file_text = result.store.dumps()
    events = [
        {
            "index": request.messages[e.position].source_index,
            "role": request.messages[e.position].role,
            "hash": e.hash,
            "action": e.action.value,
            "before": e.before,
            "after": e.after,
        }
        for e in result.events
    ]
    written: str | None = None
    if result.changed and ctx.args.output:
        write_bytes_atomic(ctx.args.output, file_text.encode("ascii"))
        written = ctx.args.output
    elif result.changed and ctx.args.write:
        backup = save_store(ctx.args.timestamps, result.store)
        written = ctx.args.timestamps
        if backup:
            _say(f"backup of the previous file: {backup}")
    if ctx.args.json:
        _emit_json(
            {
                "changed": result.changed,
                "now": ctx.now.strftime("%Y-%m-%d %H:%M:%S"),
                "events": events,
                "placeholder": {
                    "pending": result.had_placeholder,
                    "value": result.placeholder_value,
                    "applied_to": None
                    if result.placeholder_target is None
                    else request.messages[result.placeholder_target].source_index,
                },
                "timestamps_after": result.store.as_dict(),
                "file_text": file_text,
                "written": written,
            }
        )
    else:
        lines = [
            f"#{_short(ev['index']):>4} {ev['role']:<10} {ev['action']:<11} "
            f"{_short(ev['before'])} -> {_short(ev['after'])}"
            for ev in events
        ]
        assigned = sum(1 for e in events if e["action"] == "assigned")
        tail = f"{assigned} message(s) would get a new time"
        if result.had_placeholder:
            tail += "; the pending placeholder is resolved"
        if not result.changed:
            tail = "nothing would change; nothing written"
        elif written:
            tail += f"; written to {written}"
        else:
            tail += " (dry run: use --output OUT or --write to save)"
        _emit("\n".join([*lines, tail]))


def cmd_summary(ctx: _Context) -> None:
    store = ctx.store(required=True)
    assert store is not None
    from .core.context import time_context_summary

    _emit(time_context_summary(store, ctx.now))


def cmd_inspect(ctx: _Context) -> None:
    store = ctx.store()
    if ctx.args.transcript is None and store is None:
        raise InputError(None, "give a TRANSCRIPT, --timestamps TS, or both")
    if ctx.args.transcript is not None:
        transcript = ctx.transcript()
        request = ctx.request(transcript)
    else:
        transcript = Transcript.from_messages([], "<none>", "none")
        request = prepare_request([], ctx.options.request)
    timeline = build_timeline(transcript, request, store)
    entries = [
        {"hash": key, "value": value, "time": _iso(store.parsed(key)) if store else None}
        for key, value in (store.items() if store is not None else [])
    ]
    report = {
        "format": transcript.format if ctx.args.transcript is not None else None,
        "discussion_id": timeline.discussion_id,
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
            for row in timeline.rows
        ],
        "orphans": list(timeline.orphans) if ctx.args.transcript is not None else [],
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
            f"{_short(message['stored_timestamp']):<31} {message['hash'][:12]} {flags:<20} {first[:60]}"
        )
    counts = {s: sum(1 for m in report["messages"] if m["status"] == s) for s in ("tracked", "untracked")}
    lines.append(
        f"{counts['tracked']} tracked, {counts['untracked']} untracked, "
        f"{len(report['orphans'])} orphans, {len(entries)} entries"
        + (", placeholder pending" if timeline.has_placeholder else "")
    )
    _emit("\n".join(lines))


# -- argument parsing -----------------------------------------------------------


def _common(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("time and middleware settings")
    group.add_argument(
        "--now", metavar="WHEN", help="request time: 'YYYY-MM-DD HH:MM:SS' or ISO 8601 (default: now)"
    )
    group.add_argument(
        "--tz", metavar="ZONE", help="zone of the middleware's naive times (default: this machine's)"
    )
    group.add_argument(
        "--cst-variant", choices=[v.value for v in CstVariant], default=CstVariant.TIME_LINE.value
    )
    group.add_argument(
        "--cst-tz", metavar="ZONE", default=CST_ZONE, help=f"CST display zone (default {CST_ZONE})"
    )
    group.add_argument(
        "--sentinels",
        choices=sorted(SENTINEL_PAIRS),
        default="current",
        help="brace sentinel pair of the middleware version (legacy: before 2026-03-29)",
    )
    group.add_argument(
        "--api",
        choices=[a.value for a in Api],
        default=Api.OPENAI.value,
        help="which API the client used (changes content normalisation)",
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
    group.add_argument("--skip-bad-lines", action="store_true", help="load a JSONL file despite broken lines")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Inspect, preview and repair the hidden time data of LLM conversations."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("preview", help="print the context the model receives")
    p.add_argument("transcript", metavar="TRANSCRIPT")
    p.add_argument("--timestamps", metavar="TS")
    p.add_argument("--style", choices=[s.value for s in Style], required=True)
    p.add_argument("--json", action="store_true")
    _common(p)
    p.set_defaults(handler=cmd_preview)

    p = sub.add_parser("backfill", help="simulate the middleware's tracking (dry run unless told)")
    p.add_argument("transcript", metavar="TRANSCRIPT")
    p.add_argument("--timestamps", metavar="TS", required=True)
    where = p.add_mutually_exclusive_group()
    where.add_argument("--output", metavar="OUT", help="write the resulting file to OUT")
    where.add_argument("--write", action="store_true", help="update TS in place (a backup is kept)")
    p.add_argument("--json", action="store_true")
    _common(p)
    p.set_defaults(handler=cmd_backfill)

    p = sub.add_parser("summary", help="print {time_context_summary}")
    p.add_argument("--timestamps", metavar="TS", required=True)
    _common(p)
    p.set_defaults(handler=cmd_summary, transcript=None)

    p = sub.add_parser("inspect", help="join a transcript with its timestamp file")
    p.add_argument("transcript", metavar="TRANSCRIPT", nargs="?")
    p.add_argument("--timestamps", metavar="TS")
    p.add_argument("--json", action="store_true")
    _common(p)
    p.set_defaults(handler=cmd_inspect)
    return parser


def run_command(argv: Sequence[str]) -> int:
    parser = build_parser()
    args = parser.parse_args(list(argv))
    handler: Callable[[_Context], None] = args.handler
    try:
        handler(_Context(args))
    except InputError as error:
        _fail(str(error))
    except KeyboardInterrupt:
        return 130
    return 0


def _fail(message: str) -> NoReturn:
    _say(f"error: {message}")
    raise SystemExit(2)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in COMMANDS:
        return run_command(argv)
    from .gui.launch import main as gui_main  # Qt is imported only here

    return gui_main(argv)

"""The ``record`` and ``compare`` commands: their flags and what they print.

Kept apart from ``cli.py`` so the command line only registers them; aiohttp
is imported when ``record`` runs, never for any other command.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..arguments import bounded_number, given, say_line
from ..cli.output import encoded, write_output
from ..core.compare import compare_recording, describe
from ..core.errors import InputError
from ..core.recordings import LEGS, read_recording
from ..core.words import counted

MEGABYTE = 1024 * 1024
MAX_BODY_MB = 1_000_000  # a terabyte: beyond any body; int(MB * MEGABYTE) stays exact
MAX_TIMEOUT = 86400 * 365  # a year of upstream silence; asyncio's timers take it


def add_record(sub: Any) -> None:
    p = sub.add_parser(
        "record",
        help="sit on the wire between front end, middleware and model; write down every request",
        description="A reverse proxy that records every chat or completion request (and any POST with a "
        "JSON body) into DIR/<discussion id>/requests.jsonl and passes everything through unchanged.",
    )
    p.add_argument(
        "--listen", metavar="HOST:PORT", type=given, required=True, help="where to listen (loopback only)"
    )
    p.add_argument("--upstream", metavar="URL", type=given, required=True, help="where requests go on to")
    p.add_argument("--out", metavar="DIR", type=given, required=True, help="recording folder")
    p.add_argument(
        "--leg",
        choices=LEGS,
        default="client",
        help="client: front end -> middleware; model: middleware -> model (default: client)",
    )
    p.add_argument(
        "--discussions",
        metavar="ROOT",
        type=given,
        help="the middleware's DiscussionIds folder: keep a copy of the timestamp file with each request",
    )
    p.add_argument("--responses", action="store_true", help="record the replies too (assembled from streams)")
    p.add_argument("--allow-remote", action="store_true", help="listen on a non-loopback address")
    p.add_argument(
        "--max-body",
        metavar="MB",
        type=bounded_number(0, MAX_BODY_MB),
        default=32,
        help="bodies over this are passed through and noted, not recorded (default 32)",
    )
    p.add_argument(
        "--timeout",
        metavar="SECONDS",
        type=bounded_number(0, MAX_TIMEOUT),
        default=600,
        help="longest upstream silence before the client gets 504 (default 600)",
    )
    p.set_defaults(parser=p, handler=cmd_record, plain_args=True)


def cmd_record(args: argparse.Namespace) -> None:
    from .journal import Journal
    from .proxy import Settings, check_upstream, out_folder, parse_listen, run

    host, port = parse_listen(args.listen, args.allow_remote)
    if args.discussions is not None and not Path(args.discussions).is_dir():
        raise InputError(args.discussions, "is not a folder (give the middleware's DiscussionIds folder)")
    if args.discussions is not None and args.leg == "model":
        raise InputError(None, "--discussions belongs to the client leg (the model leg has no discussion id)")
    if args.max_body <= 0 or args.timeout <= 0:
        raise InputError(None, "--max-body and --timeout must be positive")
    settings = Settings(
        host=host,
        port=port,
        upstream=check_upstream(args.upstream),
        journal=Journal(
            out_folder(args.out).resolve(), args.leg, Path(args.discussions) if args.discussions else None
        ),
        responses=args.responses,
        limit=int(args.max_body * MEGABYTE),
        read_timeout=args.timeout,
    )
    run(settings)


def add_compare(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser(
        "compare",
        help="predicted vs actual: the inspector's context beside what the model received",
        description="Pairs client-leg and model-leg records of a recording and compares, message by "
        "message and byte for byte, the predicted context with the one the model received.",
    )
    p.add_argument("recording", metavar="DIR", type=given, help="the recorder's --out folder")
    p.add_argument(
        "--request", metavar="ID|INDEX", type=given, help="only this client request (index from the oldest)"
    )
    p.add_argument("--json", action="store_true")
    common(p)
    p.set_defaults(parser=p, handler=cmd_compare)


def cmd_compare(ctx: Any) -> None:
    files = read_recording(ctx.args.recording)
    comparisons = compare_recording(files, ctx.options, ctx.key)
    wanted = ctx.args.request
    if wanted is not None:
        chosen = [c for c in comparisons if c.client.id == wanted]
        if (
            not chosen
            and wanted.lstrip("-").isdigit()
            and -len(comparisons) <= int(wanted) < len(comparisons)
        ):
            chosen = [comparisons[int(wanted)]]
        if not chosen:
            raise InputError(
                ctx.args.recording, f"no client request {wanted!r} ({len(comparisons)} recorded)"
            )
        comparisons = chosen
    for file in files:
        for line, problem in file.problems:
            say_line(f"{file.path}: line {line} skipped: {problem}")
    if ctx.args.json:
        text = json.dumps([describe(c) for c in comparisons], ensure_ascii=False, indent=2)
    else:
        lines = []
        for c in comparisons:
            head = f"{c.client.label} [{c.client.discussion_id or '-'}]: {c.status}"
            if c.style is not None and c.now is not None:
                tried = counted(c.candidates, "candidate", "candidates")
                head += f" ({c.style.value}, now {c.now:%Y-%m-%d %H:%M:%S}, {tried})"
            lines.append(head)
            lines.extend(f"  note: {note}" for note in c.notes)
            for m in c.messages:
                if m.differs:
                    where = m.predicted_index if m.predicted_index is not None else m.actual_index
                    first = f" at byte {m.first_byte}" if m.first_byte is not None else ""
                    lines.append(f"  #{where} {m.role}: {m.status}{first}")
            if c.after_reply is not None:
                lines.append(f"  {c.after_reply.line}")
                lines.extend(f"  {e.said}" for e in c.after_reply.entries)
        lines.append(f"{counted(len(comparisons), 'client request', 'client requests')} compared")
        text = "\n".join(lines)
    write_output((encoded(text), b"\n"))

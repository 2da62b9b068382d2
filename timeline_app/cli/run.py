"""Running one headless command: parse, build its context, turn bad input
into one line on stderr and status 2."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from ..core.errors import InputError
from .commands import cmd_discussions
from .context import CommandContext, say
from .parser import build_parser


def run_command(argv: Sequence[str], kept: list[object] | None = None) -> int:
    """Run one headless command; ``kept`` receives what it built (see ``entry``)."""
    parser = build_parser(argv[0] if argv else None)
    args, extra = parser.parse_known_args(list(argv))
    if extra:  # named by the command's own parser, which is where they do not belong
        args.parser.error(f"unrecognized arguments: {' '.join(extra)}")
    # no file name or value holds a NUL byte (the system's own calls refuse one
    # with ValueError, a traceback; argv from a shell never has one, a caller's may)
    nul = next((value for value in argv if "\0" in value), None)
    if nul is not None:
        args.parser.error(f"argument {nul!r} contains a NUL byte")
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
            ctx = CommandContext(args)
            if kept is not None:
                kept.append(ctx)
            handler(ctx)
    except InputError as error:
        fail(str(error))
    except KeyboardInterrupt:
        return 130
    finally:
        if collecting:
            gc.enable()
    return 0


def fail(message: str) -> NoReturn:
    say(f"error: {message}")
    raise SystemExit(2)

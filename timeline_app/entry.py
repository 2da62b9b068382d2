"""The process entry point (console script, ``python -m timeline_app``, the
bundle): a command goes to the command line, anything else to the window,
imported only then; and the quick exit after a command that succeeded."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from .arguments import COMMANDS
from .cli.output import OutputFailed


def main(argv: Sequence[str] | None = None, kept: list[object] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in COMMANDS:
        from .cli.run import run_command

        return run_command(argv, kept)
    if argv and argv[0] in ("-h", "--help"):  # every command and the window, without importing Qt
        from .cli.parser import build_parser

        build_parser().print_help()
        return 0
    from .gui.launch import main as gui_main  # Qt is imported only here

    return gui_main(argv)


# Commands whose process may end without the interpreter's teardown: they
# write files only through ``write_bytes_atomic`` (closed and fsynced before
# it returns) and print to stdout/stderr, flushed by ``entry``. The recorder
# and the window are left to the interpreter's ordinary exit.
QUICK_EXIT = frozenset({"preview", "backfill", "summary", "inspect", "repair", "discussions", "history"})


FLUSH_FAILED = 120  # the status the interpreter itself exits with when its final flush fails


READER_GONE = 141  # 128 + SIGPIPE: what a tool ended by a closed pipe reports (``... | head``)


def _stdout_gone(status: int, why: OSError | ValueError | None = None, done: str | None = None) -> NoReturn:
    """End when stdout cannot take the output: quietly when whoever reads it
    closed it (``preview --json | head``: nothing of ours failed), with one
    line saying ``why`` otherwise; never a traceback. Stdout is pointed at
    /dev/null first, or the interpreter's last flush of what is still
    buffered fails again; the ordinary exit then ends any worker."""
    if why is not None:  # ``say_line`` never raises: with no stderr left, nothing is said
        from .arguments import say_line

        say_line(f"error: could not write the output: {why}" + (f"; {done}" if done else ""))
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no file behind stdout (closed: None)
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
        _stdout_gone(FLUSH_FAILED, failed.error, failed.done)
    if not (argv and argv[0] in QUICK_EXIT) or _children_alive():
        sys.exit(code)
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        _stdout_gone(READER_GONE)
    except (OSError, ValueError) as error:  # what the interpreter's own exit would report
        _stdout_gone(FLUSH_FAILED, error)
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
    except (OSError, ValueError):  # nowhere left to report it
        os._exit(FLUSH_FAILED)
    os._exit(code)

"""A command's output on stdout, and the two ways writing it can end early.

Every command writes through ``write_output``, so ``entry.entry`` can tell a
failed write of the output (a full disk, a closed terminal) from anything
else an ``OSError`` may mean: it says so in one line, instead of a
traceback, and ends with the status the interpreter gives a failed final
flush. A reader that closed the pipe (``... | head``) is not a failure and
stays a ``BrokenPipeError``, which ``entry`` ends quietly on.
"""

from __future__ import annotations

import errno
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


class OutputFailed(Exception):
    """Stdout could not take the output; ``error`` says why, and ``done``
    what the command had already done for good (a file it wrote), so the
    line that reports the failure cannot be read as "nothing happened"."""

    def __init__(self, error: OSError, done: str | None = None) -> None:
        super().__init__(str(error))
        self.error = error
        self.done = done


def output_ready() -> None:
    """Fail now if stdout is known to be unable to take the report: called
    before a command writes a file, so a closed stdout (``>&-``: no
    ``sys.stdout`` at all) ends it with the file untouched instead of after
    the write (tryout: ``backfill --write >&-`` wrote, then died on
    ``sys.stdout.buffer`` with a traceback). A full disk behind stdout is only
    known when written to; ``report_after_write`` says that case."""
    if sys.stdout is None:
        raise OutputFailed(OSError(errno.EBADF, "stdout is closed"))


def report_after_write(parts: Iterable[bytes | memoryview], written: str | None) -> None:
    """``write_output`` for the report of a command that has just written
    ``written`` (None: nothing): if stdout fails now, the failure says the
    file was written, with its backup on the line before."""
    try:
        write_output(parts)
    except OutputFailed as failed:
        if written is not None:
            failed.done = f"{written} was written (the report was not)"
        raise


def write_output(parts: Iterable[bytes | memoryview]) -> None:
    """Write ``parts`` to stdout in order and flush. An exception of the parts'
    own making (an ``InputError`` before the first part) passes through as it is."""
    if sys.stdout is None:  # closed (``>&-``): said as a failed write, never a traceback
        raise OutputFailed(OSError(errno.EBADF, "stdout is closed"))
    out = sys.stdout.buffer
    try:
        for part in parts:
            out.write(part)
        out.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise OutputFailed(error) from error


def encoded(text: str) -> bytes:
    """``text`` as UTF-8 for stdout, whatever it holds: a lone surrogate (from a
    stored value, or a file name that is not UTF-8) becomes its ``\\udcXX``
    escape, which is also its JSON escape, so a report can never fail in its
    encoding (tryout: ``backfill --write`` wrote the file, then died here)."""
    return text.encode("utf-8", "backslashreplace")


def text_report(text: str) -> tuple[bytes, ...]:
    """What ``emit(text)`` writes, made now (to be written later)."""
    return (encoded(text), b"" if text.endswith("\n") else b"\n")


def shown_report(text: str) -> tuple[bytes, ...]:
    """``text_report`` of a listing people read (inspect, backfill, repair,
    history, discussions), not a value a script takes: the file's text in it
    (message contents, roles, stored values, folder names) has its control
    characters shown as markers, never obeyed: a hostile transcript's ESC
    sequences cleared or recoloured the terminal, a CR overwrote the row.
    The preview and the summary are the exact text and stay as they are."""
    from ..core.display import visible_text

    return text_report(visible_text(text))


def emit_shown(text: str) -> None:
    write_output(shown_report(text))


def json_report(value: Any) -> tuple[bytes, ...]:
    """What ``emit_json(value)`` writes, made now (to be written later)."""
    from ..core.jsonout import dumps_indented

    return text_report(dumps_indented(value))


def emit(text: str) -> None:
    write_output(text_report(text))


def emit_json(value: Any) -> None:
    write_output(json_report(value))

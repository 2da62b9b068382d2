"""A command's output on stdout, and the two ways writing it can end early.

Every command writes through ``write_output``, so ``entry.entry`` can tell a
failed write of the output (a full disk, a closed terminal) from anything
else an ``OSError`` may mean: it says so in one line, instead of a
traceback, and ends with the status the interpreter gives a failed final
flush. A reader that closed the pipe (``... | head``) is not a failure and
stays a ``BrokenPipeError``, which ``entry`` ends quietly on.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


class OutputFailed(Exception):
    """Stdout could not take the output; ``error`` says why."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


def write_output(parts: Iterable[bytes | memoryview]) -> None:
    """Write ``parts`` to stdout in order and flush. An exception of the parts'
    own making (an ``InputError`` before the first part) passes through as it is."""
    out = sys.stdout.buffer
    try:
        for part in parts:
            out.write(part)
        out.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise OutputFailed(error) from error


def emit(text: str) -> None:
    write_output((text.encode("utf-8"), b"" if text.endswith("\n") else b"\n"))


def emit_json(value: Any) -> None:
    from ..core.jsonout import dumps_indented

    emit(dumps_indented(value))

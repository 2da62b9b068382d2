"""The one error type the engine raises for bad input.

Every user-facing failure (CLI exit 2, GUI message box) comes from an
``InputError``, so callers can show one clear line naming the file and the
problem instead of a traceback. The problem is a ``Said`` (a code the GUI
words in the user's language) wherever the GUI meets it; ``problem`` is
always its English, as the CLI prints it. Problems only the command line
meets (its own options) may stay plain English text.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from json import JSONDecodeError

from .words import Problem, Said


class InputError(Exception):
    """Input that cannot be used as given; ``source`` names where it came from."""

    def __init__(self, source: str | Path | Said | None, problem: str | Said) -> None:
        # a place that is more than a file's name (a recording's line) is a
        # ``Said`` too, so the GUI words it; ``source`` is always its English
        self.place = source if isinstance(source, Said) else None
        self.source = str(source) if source is not None else None
        self.said = problem if isinstance(problem, Said) else None
        self.problem = str(problem)
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{self.source}: {self.problem}" if self.source else self.problem

    def with_source(self, source: str | Path | Said) -> InputError:
        """Re-label an error raised on in-memory data with the file it came from."""
        return InputError(source, self.said or self.problem)


class NeedsKey(InputError):
    """The file is encrypted and no (working) key was given: ask for one."""


class NeedsChoice(InputError):
    """The file holds several conversations: ask which one (``choices`` are
    (id, label) pairs)."""

    def __init__(
        self, source: str | Path | Said | None, problem: str | Said, choices: list[tuple[str, str]]
    ) -> None:
        super().__init__(source, problem)
        self.choices = choices

    def with_source(self, source: str | Path | Said) -> InputError:
        return NeedsChoice(source, self.said or self.problem, self.choices)


def is_empty(data: bytes) -> bool:
    """Whether a file holds nothing but whitespace: said as such
    (``Problem.EMPTY``) by every reader, never in its parser's words."""
    return not data or data.isspace()


def not_json(data: bytes, error: JSONDecodeError) -> Said:
    """Why a file meant as one JSON document cannot be read, the same for a
    transcript and a timestamp file (tryout: two wordings, and an empty
    timestamp file in orjson's words): it is empty, or where its decoder
    stopped (line and column) and why; orjson's errors are ``JSONDecodeError``
    too. The place is data, so a translation can say it; the decoder's reason
    is its own English."""
    if is_empty(data):
        return Said(Problem.EMPTY)
    where = Said(Problem.JSON_WHERE, (error.lineno, error.colno, error.msg, error.pos))
    return Said(Problem.NOT_JSON, (where,))


def unreadable(error: OSError, writing: bool = False) -> Said:
    """A file the system would not let us read (or write): its words and its
    errno, so a translation can word the common ones (permission denied)."""
    if writing:
        return Said(Problem.CANNOT_WRITE, (error.strerror or error, error.errno))
    if error.errno == errno.ENOENT:  # said as every reader says it (tryout: two wordings for one case)
        return Said(Problem.NO_SUCH_FILE)
    return Said(Problem.CANNOT_READ, (error.strerror, error.errno))

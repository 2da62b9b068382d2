"""The one error type the engine raises for bad input.

Every user-facing failure (CLI exit 2, GUI message box) comes from an
``InputError``, so callers can show one clear line naming the file and the
problem instead of a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from json import JSONDecodeError


class InputError(Exception):
    """Input that cannot be used as given; ``source`` names where it came from."""

    def __init__(self, source: str | Path | None, problem: str) -> None:
        self.source = str(source) if source is not None else None
        self.problem = problem
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{self.source}: {self.problem}" if self.source else self.problem

    def with_source(self, source: str | Path) -> InputError:
        """Re-label an error raised on in-memory data with the file it came from."""
        return InputError(source, self.problem)


class NeedsKey(InputError):
    """The file is encrypted and no (working) key was given: ask for one."""


class NeedsChoice(InputError):
    """The file holds several conversations: ask which one (``choices`` are
    (id, label) pairs)."""

    def __init__(self, source: str | Path | None, problem: str, choices: list[tuple[str, str]]) -> None:
        super().__init__(source, problem)
        self.choices = choices

    def with_source(self, source: str | Path) -> InputError:
        return NeedsChoice(source, self.problem, self.choices)


def json_where(error: JSONDecodeError) -> str:
    """Where a JSON document broke (line and column, as its decoder knows them)
    and why, for messages people act on; orjson's errors are ``JSONDecodeError`` too."""
    return f"line {error.lineno}, column {error.colno}: {error.msg}"

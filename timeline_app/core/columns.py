"""Finding values in the engine's columns (tuples or lists of 100,000 items).

A few values looked for in a long column are found fastest by the
column's own ``index`` (a C-level scan), resumed after each hit, rather
than by a Python loop over every item.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def positions_of(column: Sequence[object], value: object, stop: int | None = None) -> Iterator[int]:
    """Every position before ``stop`` (default: the end) holding ``value``
    (compared as ``index`` compares: identity, then ``==``), in order."""
    end = len(column) if stop is None else stop
    at = -1
    while True:
        try:
            at = column.index(value, at + 1, end)
        except ValueError:
            return
        yield at

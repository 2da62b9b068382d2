"""JSON text byte-identical to the standard library's, made by orjson where that is exact.

``json.dumps(..., indent=N)`` runs Python's pure-Python encoder (indentation
disables the C one): at 100,000 messages it costs more than everything else
a command does. orjson writes the same bytes for the documents printed and
stored here (text, booleans, null, 64-bit integers, lists and text-keyed
objects), so it writes them; a document holding anything else (floats,
whose exponent forms differ, NaN, huge integers, other key types, lone
surrogates) goes to the standard library, which defines the expected bytes.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_INT_RANGE = range(-(2**63), 2**64)


def _exact(value: Any) -> bool:
    """Whether orjson writes ``value`` exactly as ``json.dumps`` does."""
    kind = type(value)
    if kind is str or kind is bool or value is None:
        return True
    if kind is dict:
        # messages are flat dicts of text: one C-level pass decides most of them
        values = value.values()
        if all(type(v) is str for v in values):
            return all(type(k) is str for k in value)
        return all(type(k) is str for k in value) and all(_exact(v) for v in values)
    if kind is list or kind is tuple:
        return all(_exact(v) for v in value)
    if kind is int:
        return value in _INT_RANGE
    return False


def dumps_indented(value: Any, indent: int = 2, *, ensure_ascii: bool = False) -> str:
    """``json.dumps(value, ensure_ascii=ensure_ascii, indent=indent)``, byte for byte."""
    if indent in (2, 4) and _exact(value):
        try:
            data = orjson.dumps(value, option=orjson.OPT_INDENT_2)
        except TypeError:  # lone surrogates: the standard library writes them escaped
            pass
        else:
            if not ensure_ascii or data.isascii():
                if indent == 4:
                    data = _reindent(data)
                return data.decode("utf-8")
    return json.dumps(value, ensure_ascii=ensure_ascii, indent=indent)


def _reindent(data: bytes) -> bytes:
    """Two-space indentation doubled (only the leading spaces: JSON text has
    no raw newline inside a string). One level deep, as a timestamp file is,
    that is a single replacement."""
    if b"\n    " not in data:
        return data.replace(b"\n  ", b"\n    ")
    lines = data.split(b"\n")
    return b"\n".join(line[: len(line) - len(line.lstrip(b" "))] + line for line in lines)


def dumps_store(entries: dict[str, object]) -> str:
    """The timestamp file's text as the middleware writes it, ``json.dumps(indent=4)``."""
    return dumps_indented(entries, 4, ensure_ascii=True)

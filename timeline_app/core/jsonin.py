"""JSON documents read with orjson's results, by the standard library's C decoder when small.

orjson parses large files two to three times faster than ``json``, but
importing it costs ~20 ms (it loads ``dataclasses``, ``inspect``, ``uuid``,
``platform``...): more than a 10-message command spends on everything else.
So a document under ``SMALL_BYTES`` is decoded by ``json``'s C scanner
(cheap to import) and anything larger by orjson. The results are orjson's
either way: what orjson refuses or reads differently (NaN and Infinity,
numbers beyond doubles, integers beyond 64 bits, lone surrogates, invalid
UTF-8, a BOM, anything the stdlib rejects) is handed to orjson, whose value
or ``JSONDecodeError`` (a ``json.JSONDecodeError``) is the answer, with
its own position and message for error reports.
"""

from __future__ import annotations

import json
import re
from math import isinf

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

SMALL_BYTES = 1 << 20  # below this, importing orjson costs more than it saves
_INT64 = range(-(2**63), 2**64)  # orjson reads wider integers as floats
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")  # maybe a lone one (or half of a pair)


class _Differs(ValueError):
    """The stdlib would read this document differently from orjson."""


def _integer(text: str) -> int:
    value = int(text)
    if value not in _INT64:
        raise _Differs(text)
    return value


def _double(text: str) -> float:
    value = float(text)
    if isinf(value):  # orjson refuses a number beyond the doubles
        raise _Differs(text)
    return value


def _constant(text: str) -> float:
    raise _Differs(text)  # NaN, Infinity, -Infinity: not JSON to orjson


_decoder = json.JSONDecoder(parse_int=_integer, parse_float=_double, parse_constant=_constant)


def _orjson_loads(data: bytes) -> Any:
    import orjson

    return orjson.loads(data)


def _stdlib_loads(data: bytes) -> Any:
    """``orjson.loads(data)`` by the stdlib decoder: its value, or
    ``JSONDecodeError`` for a document that is not JSON (orjson refuses it
    too), or another ``ValueError`` where only orjson can answer."""
    value = _decoder.decode(data.decode("utf-8"))  # invalid UTF-8 (or a BOM): ValueError
    if _SURROGATE_ESCAPE.search(data) is not None:
        # only a string that holds a lone surrogate cannot be encoded
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    return value


def _small_loads(data: bytes) -> Any:
    """``orjson.loads(data)``; orjson is asked only where the stdlib cannot
    answer alone, or for the position and words of a decode error."""
    try:
        return _stdlib_loads(data)
    except (ValueError, RecursionError):  # decode errors, _Differs, UnicodeError, nesting
        return _orjson_loads(data)


def json_reader(size: int) -> Callable[[bytes], Any]:
    """The parser for a file of ``size`` bytes: orjson's results, and its
    ``JSONDecodeError`` for bad input, from whichever loads faster (a JSON
    Lines file asks once for all its lines)."""
    return _small_loads if size < SMALL_BYTES else _orjson_loads


def loads(data: bytes) -> Any:
    """``orjson.loads(data)``: the same value or the same error."""
    return json_reader(len(data))(data)


def loads_or_none(data: bytes) -> Any:
    """``orjson.loads(data)``, or None where it raises: for probes that only
    ask what a line is (orjson is not imported to reject a line like ``{``)."""
    if len(data) < SMALL_BYTES:
        try:
            return _stdlib_loads(data)
        except json.JSONDecodeError:
            return None
        except (ValueError, RecursionError):
            pass
    try:
        return _orjson_loads(data)
    except json.JSONDecodeError:  # orjson's error type derives from it
        return None

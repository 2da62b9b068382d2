"""JSON text byte-identical to the standard library's, made by orjson where that is exact.

``json.dumps(..., indent=N)`` runs Python's pure-Python encoder (indentation
disables the C one): at 100,000 messages it costs more than everything else
a command does. orjson writes the same bytes for the documents printed and
stored here (text, booleans, null, 64-bit integers, lists and text-keyed
objects), so it writes them; a document holding anything else (floats,
whose exponent forms differ, NaN, huge integers, other key types, lone
surrogates) goes to the standard library, which defines the expected bytes.
So does a small document (``SMALL_NODES``): importing orjson costs ~20 ms,
more than the pure-Python encoder spends on a few thousand values, and a
10-message command should not pay it.
"""

from __future__ import annotations

from itertools import chain

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import Any

SMALL_NODES = 2_000  # values; below this the standard library writes (no orjson import)
_INT_RANGE = range(-(2**63), 2**64)
_LEAVES = frozenset({str, bool, type(None)})
_CONTAINERS = frozenset({dict, list, tuple})
_NESTED = (dict, list, tuple)  # what the encoders walk into (subclasses too)
_ALLOWED = _LEAVES | _CONTAINERS | {int}


def writes_exactly(value: Any) -> bool:
    """Whether orjson writes ``value`` exactly as ``json.dumps`` does.

    Walks the document a level at a time with C-level passes only (``map``,
    ``filter``, ``set``, ``chain``): 100,000 messages cost a few
    milliseconds, not a Python step each. Keys need no check: orjson refuses non-text keys.
    """
    level: list[Any] = [value]
    while level:
        kinds = set(map(type, level))
        if not kinds <= _ALLOWED:
            return False
        # with every type in ``kinds`` exact, ``isinstance`` filters select
        # by exact type (bool, a subclass of int, is range-checked harmlessly)
        if int in kinds and not all(map(_INT_RANGE.__contains__, filter(int.__instancecheck__, level))):
            return False
        if not kinds & _CONTAINERS:
            return True
        if kinds == {dict}:
            # the values' kinds in one pass without listing them: only the
            # containers among them make the next level (a level of 100,000
            # messages is 200,000 values, nearly all text)
            inner = set(map(type, chain.from_iterable(map(dict.values, level))))
            if not inner <= _ALLOWED:
                return False
            if int in inner:
                values = chain.from_iterable(map(dict.values, level))
                if not all(map(_INT_RANGE.__contains__, filter(int.__instancecheck__, values))):
                    return False
            level = [  # a Python step per container only: the filter passes are C-level
                container
                for kind in (dict, list, tuple)
                if kind in inner
                for container in filter(kind.__instancecheck__, chain.from_iterable(map(dict.values, level)))
            ]
            continue
        parts = []
        if dict in kinds:
            parts.append(chain.from_iterable(map(dict.values, filter(dict.__instancecheck__, level))))
        for sequence in (list, tuple):
            if sequence in kinds:
                parts.append(chain.from_iterable(filter(sequence.__instancecheck__, level)))
        level = list(chain.from_iterable(parts))
    return True


def _small(value: Any) -> bool:
    """Whether ``value`` holds at most ``SMALL_NODES`` values (counted a level
    at a time, stopping as soon as there are more)."""
    level: list[Any] = [value]
    count = 0
    while level:
        count += len(level)
        if count > SMALL_NODES:
            return False
        inner = (item for item in level if isinstance(item, _NESTED))
        nested = [item.values() if isinstance(item, dict) else item for item in inner]
        if count + sum(map(len, nested)) > SMALL_NODES:
            return False
        level = list(chain.from_iterable(nested))
    return True


def _fast(
    value: Any, indent: int, ensure_ascii: bool, newline: bool = False, exact: bool | None = None
) -> bytes | None:
    """orjson's bytes when they equal the standard library's and the document
    is worth importing orjson for, else None (with ``newline``, and a newline
    after them: orjson appends it in place, where ``+ b"\n"`` would copy a
    70 MB preview once more). ``exact``: the caller's own answer to
    ``writes_exactly(value)`` (from how it built the document), None: walk it."""
    if indent not in (2, 4) or _small(value):
        return None
    append = newline and indent == 2
    data = _orjson_exact(value, exact, append)
    if data is None:
        return None
    if ensure_ascii and (not data.isascii() or b"\x7f" in data):  # the stdlib escapes DEL too
        return None
    if indent == 4:
        data = _reindent(data)
    return data + b"\n" if newline and not append else data


def _orjson_exact(value: Any, exact: bool | None, newline: bool = False) -> bytes | None:
    """orjson's two-space bytes of ``value`` where they are the standard
    library's (``exact``: see ``_fast``), else None."""
    if not (writes_exactly(value) if exact is None else exact):
        return None
    import orjson

    try:
        return orjson.dumps(value, option=orjson.OPT_INDENT_2 | (orjson.OPT_APPEND_NEWLINE if newline else 0))
    except TypeError:  # lone surrogates, keys that are not text: the standard library decides
        return None


_LIST_HEAD = b'{\n  "messages": [\n'  # a one-key object's list, two-space indented, around its items
_LIST_TAIL = b"\n  ]\n}"


def messages_document_parts(
    chunks: Iterable[tuple[list[Any], bool | None]], summary: object
) -> Iterator[bytes | memoryview]:
    """``dumps_indented_bytes({"messages": [...], "time_context_summary":
    summary}, newline=True)`` in consecutive parts, one per chunk of
    messages (with ``exact``, see ``_fast``, for that chunk): a list is
    written item after item, each the same in any list, so a chunk written
    in a one-key document is sliced out as it is. A 100k preview's
    messages are then made, written and freed a chunk at a time, in memory
    reused from the chunk before (made all at once they cost ~0.08 s more)."""
    yield b'{\n  "messages": ['
    first = True
    for messages, exact in chunks:
        if not messages:
            continue
        document = {"messages": messages}
        data = _orjson_exact(document, exact)
        if data is None:
            import json  # the reference encoder, for what orjson cannot write exactly

            data = json.dumps(document, ensure_ascii=False, indent=2).encode("utf-8", "backslashreplace")
        yield b"\n" if first else b",\n"
        yield memoryview(data)[len(_LIST_HEAD) : len(data) - len(_LIST_TAIL)]
        first = False
    end = dumps_indented_bytes({"time_context_summary": summary})  # '{\n  "time_context_summary": ...\n}'
    yield (b"]" if first else b"\n  ]") + b",\n" + end[2:] + b"\n"


def _flat_store_bytes(entries: dict[str, object]) -> bytes | None:
    """``json.dumps(entries, indent=4)`` of a one-level object (a timestamp
    file: text keys, leaf values), or None for any other and for a small
    one (the standard library writes it). orjson indents by
    two only; nested one level (``[entries]``), the entries come out four
    spaces deep and the object is sliced out: two copies of the bytes
    instead of re-indenting 100,000 lines (~30 ms at 100k)."""
    values = entries.values()
    if type(entries) is not dict or not entries or not set(map(type, values)) <= _LEAVES | {int}:
        return None
    if len(entries) < SMALL_NODES or not writes_exactly(entries):
        return None
    import orjson

    try:
        data = orjson.dumps([entries], option=orjson.OPT_INDENT_2)
    except TypeError:  # lone surrogates, keys that are not text: the standard library decides
        return None
    if not data.isascii() or b"\x7f" in data:  # the stdlib escapes DEL too
        return None
    return data[4:-6] + b"\n}"  # "[\n  {" ... "\n  }\n]" -> "{" ... "\n}"


def dumps_indented_bytes(
    value: Any,
    indent: int = 2,
    *,
    ensure_ascii: bool = False,
    newline: bool = False,
    exact: bool | None = None,
) -> bytes:
    """``json.dumps(value, ensure_ascii=ensure_ascii, indent=indent)`` as UTF-8,
    byte for byte (bytes: a 60 MB report is not decoded only to be encoded),
    followed by a newline when ``newline`` is set. ``exact``: see ``_fast``."""
    data = _fast(value, indent, ensure_ascii, newline, exact)
    if data is None:
        import json  # the reference encoder, for what orjson cannot write exactly

        text = json.dumps(value, ensure_ascii=ensure_ascii, indent=indent)
        # a lone surrogate (a stored value may hold one; a file name not in
        # UTF-8 holds them) is written as its JSON escape, never an encode error
        return (text + "\n" if newline else text).encode("utf-8", "backslashreplace")
    return data


def dumps_indented(
    value: Any, indent: int = 2, *, ensure_ascii: bool = False, exact: bool | None = None
) -> str:
    """``json.dumps(value, ensure_ascii=ensure_ascii, indent=indent)``, byte for byte
    (``exact``: see ``_fast``)."""
    data = _fast(value, indent, ensure_ascii, exact=exact)
    if data is None:
        import json  # the reference encoder, for what orjson cannot write exactly

        return json.dumps(value, ensure_ascii=ensure_ascii, indent=indent)
    return data.decode()


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


def dumps_store_bytes(entries: dict[str, object]) -> bytes:
    """``dumps_store`` as the bytes written to disk (ASCII)."""
    flat = _flat_store_bytes(entries)
    return flat if flat is not None else dumps_indented_bytes(entries, 4, ensure_ascii=True)

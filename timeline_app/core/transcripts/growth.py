"""A JSON transcript that grew by appending messages, read from its new tail alone.

A chat request or message list is one JSON document, rewritten whole when a
request adds messages; the bytes up to the end of the last old message stay
the same. ``Tail`` remembers where that is and a CRC of the bytes before it;
``grown_file`` checks a new file against it and parses only what follows.
The unchanged part is summed through one small reused buffer, never held
whole: at 63 MB that is ~25 ms instead of ~75 ms for reading it into one
new bytes object (its pages are fresh memory each time). Any doubt (other
bytes changed, another layout, a different closing, a message that changes
what the file is detected as) answers None, and the caller reads the whole
file again.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any

import orjson

from ..files import open_regular
from ..pipeline import Api
from ..records import frozen
from .loading import _reading, message_times, ollama_shaped
from .model import Transcript

_WHITESPACE = b" \t\r\n"
_CHUNK = 1 << 20


@frozen
class Tail:
    size: int  # the file's length when read
    array_end: int  # offset of the "]" that closes the message list
    crc: int  # zlib.crc32 of the bytes before ``array_end``
    trailer: bytes  # the bytes from ``array_end`` to the end of the file


def _last_byte(data: bytes, end: int) -> int:
    """Offset just after the last byte before ``end`` that is not whitespace."""
    while end > 0 and data[end - 1] in _WHITESPACE:
        end -= 1
    return end


def _written_as(message: dict[str, Any]) -> list[bytes]:
    """The ways common writers put one message object in a file."""
    return [
        orjson.dumps(message),
        json.dumps(message, ensure_ascii=False).encode("utf-8"),
        json.dumps(message).encode("ascii"),
    ]


def tail_of(data: bytes, transcript: Transcript, known: Tail | None = None, offset: int = 0) -> Tail | None:
    """Where ``transcript`` (read from ``data``) can grow, or None when its file
    is not a JSON document ending with its message list and last message.
    ``known``: the tail ``data`` was checked against, whose CRC the new one
    continues (the unchanged prefix is not summed a second time); then
    ``data`` may be the file from ``offset`` (``known.array_end``) on."""
    if transcript.format not in ("chat-request", "message-list") or not transcript.messages:
        return None
    end = _last_byte(data, len(data))
    if transcript.format == "chat-request":  # the message list must be the last member
        if data[end - 1 : end] != b"}":
            return None
        end = _last_byte(data, end - 1)
    if data[end - 1 : end] != b"]":
        return None
    array_end = end - 1
    before = _last_byte(data, array_end)
    if not any(data.endswith(form, 0, before) for form in _written_as(transcript.messages[-1])):
        return None
    try:
        if known is not None and known.array_end <= array_end + offset:
            crc = zlib.crc32(memoryview(data)[known.array_end - offset : array_end], known.crc)
        elif offset:
            return None
        else:
            crc = zlib.crc32(memoryview(data)[:array_end])
    except (TypeError, ValueError):
        return None
    return Tail(offset + len(data), offset + array_end, crc, data[array_end:])


def grown_file(
    path: Path, previous: Transcript, tail: Tail, zone: str, remember: bool
) -> tuple[Transcript, Tail | None] | None:
    """``previous`` with the messages its file at ``path`` has appended after
    its last one, and (with ``remember``) where the file can grow now; None
    when the file is not ``previous``'s with messages appended."""
    with _reading(path), open_regular(path, buffering=0) as stream:
        size = stream.seek(0, 2)
        if size <= tail.size:
            return None
        stream.seek(0)
        buffer = memoryview(bytearray(_CHUNK))
        crc, left = 0, tail.array_end
        while left:
            count = stream.readinto(buffer[: min(left, _CHUNK)])
            if not count:
                return None  # shorter than when it was sized: written meanwhile
            crc = zlib.crc32(buffer[:count], crc)
            left -= count
        if crc != tail.crc:
            return None
        rest = stream.read()
    loaded = _appended(previous, tail, rest, zone)
    if loaded is None:
        return None
    return loaded, tail_of(rest, loaded, tail, tail.array_end) if remember else None


def _appended(previous: Transcript, tail: Tail, rest: bytes, zone: str) -> Transcript | None:
    """``previous`` with the messages in ``rest`` (the file from its old
    message list's end on) appended."""
    if len(rest) <= len(tail.trailer) or not rest.endswith(tail.trailer):
        return None
    middle = rest[: len(rest) - len(tail.trailer)].lstrip(_WHITESPACE)
    if not middle.startswith(b","):
        return None
    try:
        added = orjson.loads(b"[" + middle[1:] + b"]")
    except orjson.JSONDecodeError:
        return None
    if not added or not all(type(m) is dict for m in added):
        return None
    if previous.format == "chat-request" and previous.api is not Api.OLLAMA and ollama_shaped({}, added):
        return None  # the file would now be detected as an Ollama request: read it whole
    times, seen = message_times(added, zone)
    return previous.grown(tuple(added), times, seen)

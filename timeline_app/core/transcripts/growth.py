"""A JSON transcript that grew by appending messages, read from its new tail alone.

A chat request or message list is one JSON document, rewritten whole when a
request adds messages; the bytes up to the end of the last old message stay
the same. ``Tail`` remembers where that is and a CRC of the bytes before it;
``grown`` checks a new file against it and parses only what follows. Any
doubt (other bytes changed, another layout, a different closing, a message
that changes what the file is detected as) answers None, and the caller
reads the whole file again.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, replace
from typing import Any

import orjson

from ..pipeline import Api
from .loading import message_times, ollama_shaped
from .model import Transcript

_WHITESPACE = b" \t\r\n"


@dataclass(frozen=True)
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


def tail_of(data: bytes, transcript: Transcript, known: Tail | None = None) -> Tail | None:
    """Where ``transcript`` (read from ``data``) can grow, or None when its file
    is not a JSON document ending with its message list and last message.
    ``known``: the tail ``grown`` checked ``data`` against, whose CRC the new
    one continues (the unchanged prefix is not summed a second time)."""
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
        if known is not None and known.array_end <= array_end:
            crc = zlib.crc32(memoryview(data)[known.array_end : array_end], known.crc)
        else:
            crc = zlib.crc32(memoryview(data)[:array_end])
    except (TypeError, ValueError):
        return None
    return Tail(len(data), array_end, crc, data[array_end:])


def grown(previous: Transcript, tail: Tail, data: bytes, zone: str) -> Transcript | None:
    """``previous`` with the messages ``data`` appended after its last one, or
    None when ``data`` is not ``previous``'s file with messages appended."""
    if len(data) <= tail.size or not data.endswith(tail.trailer):
        return None
    if zlib.crc32(memoryview(data)[: tail.array_end]) != tail.crc:
        return None
    middle = data[tail.array_end : len(data) - len(tail.trailer)].lstrip(_WHITESPACE)
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
    return replace(
        previous,
        messages=previous.messages + tuple(added),
        own_times=previous.own_times + times,
        has_own_times=previous.has_own_times or seen,
    )

"""Reading transcript files: JSON message lists, chat requests and JSONL.

Files are read as bytes and decoded strictly, so binary garbage and broken
JSON give one clear message naming the file (and the line, for JSONL) rather
than a traceback. JSONL is read line by line and never held twice in memory.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson

from ..cst import CST_ZONE
from ..errors import InputError
from ..jsdate import parse_js_date
from ..zones import get_zone
from .model import BadLine, Transcript

FORMATS = ("message-list", "chat-request", "jsonl")


def _message_times(
    messages: Iterable[dict[str, Any]], zone_name: str
) -> tuple[tuple[datetime | None, ...], bool]:
    """Free Anima's ``timestamp`` field, read as a JavaScript ``Date`` would."""
    zone = get_zone(zone_name)
    times: list[datetime | None] = []
    seen = False
    for message in messages:
        if "timestamp" in message:
            seen = True
            times.append(parse_js_date(message["timestamp"], zone))
        else:
            times.append(None)
    return tuple(times), seen


def _check_messages(messages: object, source: str, where: str) -> list[dict[str, Any]]:
    if not isinstance(messages, list):
        raise InputError(source, f"{where} must be a list of messages, found {type(messages).__name__}")
    for index, message in enumerate(messages):
        if not isinstance(message, dict):
            raise InputError(source, f"message {index} must be an object, found {type(message).__name__}")
    return messages


def _iter_jsonl(
    data: bytes, source: str, skip_bad_lines: bool, bad: list[BadLine]
) -> Iterator[dict[str, Any]]:
    for number, line in enumerate(data.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value = orjson.loads(line)
        except orjson.JSONDecodeError as error:
            problem = f"not valid JSON ({error})"
        else:
            if isinstance(value, dict):
                yield value
                continue
            problem = f"expected a message object, found {type(value).__name__}"
        if not skip_bad_lines:
            raise InputError(source, f"line {number}: {problem}")
        bad.append(BadLine(number, problem))


def loads_transcript(
    data: bytes,
    source: str = "<data>",
    *,
    fmt: str | None = None,
    zone: str = CST_ZONE,
    skip_bad_lines: bool = False,
) -> Transcript:
    """Detect the format of ``data`` (unless ``fmt`` names it) and load it."""
    if fmt is not None and fmt not in FORMATS:
        raise InputError(None, f"unknown transcript format {fmt!r} (known: {', '.join(FORMATS)})")
    if not data.strip():
        raise InputError(source, "is empty")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(source, f"is not a UTF-8 text file (bad byte at offset {error.start})") from None

    bad: list[BadLine] = []
    whole: object = None
    if fmt != "jsonl":
        try:
            whole = orjson.loads(data)
        except orjson.JSONDecodeError as error:
            if fmt is not None:
                raise InputError(source, f"not valid JSON ({error})") from None
            whole = None
    if fmt == "message-list" or (fmt is None and isinstance(whole, list)):
        messages = _check_messages(whole, source, "the file")
        detected = "message-list"
    elif fmt == "chat-request" or (fmt is None and isinstance(whole, dict) and "messages" in whole):
        if not isinstance(whole, dict) or "messages" not in whole:
            raise InputError(source, 'a chat request needs a top-level "messages" list')
        messages = _check_messages(whole["messages"], source, '"messages"')
        detected = "chat-request"
    elif fmt == "jsonl" or whole is None or (isinstance(whole, dict) and "role" in whole):
        messages = list(_iter_jsonl(data, source, skip_bad_lines, bad))
        detected = "jsonl"
    else:
        raise InputError(
            source,
            f'not a transcript this version reads (a JSON {type(whole).__name__} without a "messages" list)',
        )
    times, seen = _message_times(messages, zone)
    return Transcript(source, detected, tuple(messages), times, seen, tuple(bad))


def load_transcript(
    path: str | Path,
    *,
    fmt: str | None = None,
    zone: str = CST_ZONE,
    skip_bad_lines: bool = False,
) -> Transcript:
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(path, "no such file") from None
    except IsADirectoryError:
        raise InputError(path, "is a folder, expected a transcript file") from None
    except OSError as error:
        raise InputError(path, f"cannot be read ({error.strerror})") from None
    return loads_transcript(data, str(path), fmt=fmt, zone=zone, skip_bad_lines=skip_bad_lines)

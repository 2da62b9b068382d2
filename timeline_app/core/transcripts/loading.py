"""Reading transcript files and telling their formats apart.

Files are read as bytes and decoded strictly, so binary garbage and broken
JSON give one clear message naming the file (and the line, for JSONL) rather
than a traceback. JSONL is parsed line by line; with ``skip_bad_lines`` a
broken line is reported with its number and the rest still loads.
"""

from __future__ import annotations

import itertools
import operator
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from json import JSONDecodeError
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..cst import CST_ZONE
from ..errors import InputError, is_empty, not_json, unreadable
from ..files import check_size, open_regular, read_regular, read_rest
from ..jsonin import json_reader, loads_or_none
from ..pipeline import Api
from ..words import Note, Problem, Said, json_kind
from ..zones import get_zone
from .model import BadLine, Transcript

if TYPE_CHECKING:
    from ..recordings import RecordedRequest

# ``recordings`` is loaded only for a file that may be one (start-up time)

FORMATS = (
    "message-list",
    "chat-request",
    "ollama-request",
    "jsonl",
    "free-anima",
    "sillytavern",
    "text-generation-webui",
    "open-webui",
    "recording",
)
_OLLAMA_KEYS = ("options", "keep_alive", "format")
# The SillyTavern and web-UI readers are imported only for data that may be
# theirs: their shape tests look at these keys first, so data without any of
# them cannot pass the tests and the readers stay unloaded (start-up time).
_SILLYTAVERN_KEYS = frozenset({"chat_metadata", "user_name", "mes"})
_WEBUI_KEYS = frozenset({"internal", "data", "chat", "history"})


def _sillytavern_shaped(record: dict[str, Any]) -> bool:
    if _SILLYTAVERN_KEYS.isdisjoint(record):
        return False
    from . import sillytavern

    return sillytavern.is_header(record) or sillytavern.looks_like_message(record)


def _maybe_webui(whole: object) -> bool:
    first = whole[0] if isinstance(whole, list) and whole else whole
    return isinstance(first, dict) and not _WEBUI_KEYS.isdisjoint(first)


def _message_times(
    messages: Sequence[dict[str, Any]], zone_name: str
) -> tuple[tuple[datetime | None, ...], bool]:
    """Free Anima's ``timestamp`` field, read as a JavaScript ``Date`` would
    (the zone and the date reader are loaded only for files that have one)."""
    present = list(map(operator.contains, messages, itertools.repeat("timestamp")))  # C-level, as below
    if not any(present):  # nearly every file that is not Free Anima's
        return (None,) * len(messages), False
    from ..jsdate import parse_js_date

    times: list[datetime | None] = [None] * len(messages)
    zone = get_zone(zone_name)
    for i in itertools.compress(range(len(messages)), present):
        times[i] = parse_js_date(messages[i]["timestamp"], zone)
    return tuple(times), True


def _check_messages(messages: object, source: str, where: Said) -> list[dict[str, Any]]:
    if not isinstance(messages, list):
        raise InputError(source, Said(Problem.NOT_A_MESSAGE_LIST, (where, json_kind(messages))))
    if all(map(dict.__instancecheck__, messages)):  # one C-level pass; the loop names the first bad one
        return messages
    for index, message in enumerate(messages):
        if not isinstance(message, dict):
            raise InputError(source, Said(Problem.MESSAGE_NOT_OBJECT, (index, json_kind(message))))
    return messages


def _read_jsonl(
    lines: Iterable[bytes], size: int, source: str, skip_bad_lines: bool
) -> tuple[list[dict[str, Any]], list[BadLine]]:
    """One record per line, parsed as the lines come (a file handle streams);
    ``size``, the file's, picks the parser for all of them."""
    loads = json_reader(size)
    records: list[dict[str, Any]] = []
    bad: list[BadLine] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            value = loads(line)
        except JSONDecodeError as error:
            problem = Said(Problem.LINE_NOT_JSON, (error.colno, error.msg, error.pos))
            if b"\x00" in line or not _is_utf8(line):
                problem = Said(Problem.LINE_NOT_UTF8)
        else:
            if isinstance(value, dict):
                records.append(value)
                continue
            problem = Said(Problem.LINE_NOT_OBJECT, (json_kind(value),))
        if not skip_bad_lines:
            raise InputError(source, Said(Problem.BAD_LINE, (number, problem)))
        bad.append(BadLine(number, str(problem)))
    return records, bad


def _is_utf8(line: bytes) -> bool:
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _ollama(body: dict[str, Any], messages: list[dict[str, Any]]) -> bool:
    if any(key in body for key in _OLLAMA_KEYS):
        return True
    # the messages with images, found in one C-level pass: nearly every one has none
    for message in itertools.compress(messages, map(operator.contains, messages, itertools.repeat("images"))):
        images = message["images"]
        if isinstance(images, list) and any(
            isinstance(i, str) and not i.startswith(("data:", "http://", "https://")) for i in images
        ):
            return True
    return False


def _plain(source: str, fmt: str, messages: list[dict[str, Any]], zone: str, **extra: Any) -> Transcript:
    times, seen = _message_times(messages, zone)
    return Transcript(source, fmt, tuple(messages), times, seen, **extra)


def _with_times(
    source: str,
    fmt: str,
    messages: list[dict[str, Any]],
    times: list[datetime | None],
    records: list[dict[str, Any]],
    *notes: str | Said,
) -> Transcript:
    """A transcript whose loader read the source's own time per message."""
    return Transcript(
        source,
        fmt,
        tuple(messages),
        tuple(times),
        any(t is not None for t in times),
        records=tuple(records),
        notes=notes,
    )


def _from_webui(whole: object, source: str, fmt: str | None, chat: str | None) -> Transcript | None:
    from . import webui

    if fmt in (None, "text-generation-webui") and webui.is_ooba(whole):
        loaded = _with_times(source, "text-generation-webui", *webui.load_ooba(whole, source))  # type: ignore[arg-type]
        spring_2023 = isinstance(whole, dict) and "internal" not in whole  # its rows under "data"
        return replace(loaded, kind=Said(Note.FILE_OOBA_2023)) if spring_2023 else loaded
    if fmt in (None, "open-webui") and webui.is_open_webui(whole):
        chats = webui.open_webui_chats(whole)
        chosen = webui.choose_chat(chats, chat, source)
        title, ident = chosen.get("title", ""), chosen.get("id", "")
        notes: list[str | Said] = [
            Said(Note.WEBUI_CHAT, (title, ident)) if ident else Said(Note.WEBUI_CHAT_NO_ID, (title,))
        ]
        if webui.chat_system(chosen["chat"]) is not None:
            notes.append(Said(Note.WEBUI_SYSTEM, ("{{USER_NAME}}",)))
        loaded = _with_times(source, "open-webui", *webui.load_open_webui(chosen, source), *notes)
        kind = (
            Said(Note.FILE_OPEN_WEBUI_OF, (title, chats.index(chosen) + 1, len(chats)))
            if isinstance(whole, list)
            else Said(Note.FILE_OPEN_WEBUI, (title,))
        )
        return replace(loaded, kind=kind)
    return None


def _from_json(whole: object, source: str, fmt: str | None, zone: str, chat: str | None) -> Transcript:
    if fmt in ("text-generation-webui", "open-webui") or (fmt is None and _maybe_webui(whole)):
        found = _from_webui(whole, source, fmt, chat)
        if found is not None:
            return found
    if isinstance(whole, dict) and fmt in (None, "chat-request", "ollama-request"):
        if "messages" not in whole:
            raise InputError(source, Said(Problem.NEITHER_REQUEST_NOR_MESSAGE))
        messages = _check_messages(whole["messages"], source, Said(Problem.MESSAGES_FIELD))
        ollama = fmt == "ollama-request" or (fmt is None and _ollama(whole, messages))
        return _plain(
            source,
            "ollama-request" if ollama else "chat-request",
            messages,
            zone,
            api=Api.OLLAMA if ollama else Api.OPENAI,
        )
    if isinstance(whole, list) and fmt in (None, "message-list"):
        return _plain(source, "message-list", _check_messages(whole, source, Said(Problem.THE_FILE)), zone)
    kind = json_kind(whole)
    raise InputError(
        source, Said(Problem.NOT_OF_FORMAT, (fmt, kind)) if fmt else Said(Problem.NOT_A_TRANSCRIPT, (kind,))
    )


def _from_jsonl(
    records: list[dict[str, Any]], bad: list[BadLine], source: str, fmt: str | None, zone: str
) -> Transcript:
    st_shaped = bool(records) and _sillytavern_shaped(records[0])
    if fmt == "sillytavern" or (fmt is None and st_shaped):
        from . import sillytavern

        chat = sillytavern.parse_chat(records, source)
        return sillytavern.transcript_for(chat, sillytavern.SendView(), source, tuple(bad))
    fmt_name = "free-anima" if any("timestamp" in r for r in records) else "jsonl"
    return _plain(source, fmt or fmt_name, records, zone, bad_lines=tuple(bad))


def loads_transcript(
    data: bytes,
    source: str = "<data>",
    *,
    fmt: str | None = None,
    zone: str = CST_ZONE,
    skip_bad_lines: bool = False,
    chat: str | None = None,
) -> Transcript:
    """Detect the format of ``data`` (unless ``fmt`` names it) and load it.

    ``zone`` is where naive ISO times without offset belong (Free Anima's
    server zone); ``chat`` picks one chat of a multi-chat export.
    """
    if fmt is not None and fmt not in FORMATS:
        raise InputError(None, f"unknown transcript format {fmt!r} (known: {', '.join(FORMATS)})")
    if is_empty(data):
        raise InputError(source, Said(Problem.EMPTY))
    line_end = data.find(b"\n")
    # a one-line document is a recording when it parses as a record: asked
    # of the parsed value below, not by searching 60 MB for the marker first
    one_line = line_end < 0
    if (fmt == "recording" or (fmt is None and not one_line)) and _is_recording(
        data if one_line else data[:line_end]
    ):
        _check_utf8(data, source)
        return _from_recording(data, source, chat, zone)
    if fmt == "recording":
        raise InputError(source, Said(Problem.NOT_A_RECORDING))
    whole_json = fmt not in ("jsonl", "free-anima", "sillytavern")
    if not whole_json:
        _check_utf8(data, source)
    if whole_json:
        try:
            whole = json_reader(len(data))(data)  # validates UTF-8 too: no separate decode of the file
        except JSONDecodeError as error:
            _check_utf8(data, source)
            # JSONL is one object per line; anything else was meant as one
            # JSON document, and its decoder knows where it broke
            if fmt is not None or not _one_object(_first_line(data)[0]):
                raise InputError(source, not_json(data, error)) from None
        else:
            if fmt is None and one_line and isinstance(whole, dict) and "format" in whole:
                from ..recordings import is_record  # a one-line record names its format

                if is_record(whole):
                    return _from_recording(data, source, chat, zone)
            if not (isinstance(whole, dict) and ("role" in whole or _sillytavern_shaped(whole))):
                return _from_json(whole, source, fmt, zone, chat)
    records, bad = _read_jsonl(data.split(b"\n"), len(data), source, skip_bad_lines)
    if not records:
        raise InputError(source, Said(Problem.NO_READABLE_MESSAGE))
    return _from_jsonl(records, bad, source, fmt, zone)


def _check_utf8(data: bytes, source: str) -> None:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(source, Said(Problem.NOT_UTF8, (error.start,))) from None


_PROBE = 1 << 20  # bytes read to tell JSONL from a whole document
_BLANK_RE = re.compile(rb"[ \t\n\r\x0b\x0c]*")  # what bytes.strip() removes


def _first_line(data: bytes) -> tuple[bytes, int | None]:
    """The first non-blank line (with its newline, as ``readline`` gives it)
    and the offset just after it; None when it does not end inside ``data``."""
    start = _BLANK_RE.match(data).end()  # type: ignore[union-attr]
    if start == len(data):
        return b"", None
    line_start = data.rfind(b"\n", 0, start) + 1
    end = data.find(b"\n", start)
    if end < 0:
        return data[line_start:], None
    return data[line_start : end + 1], end + 1


def _more_after(data: bytes, offset: int) -> bool:
    return _BLANK_RE.match(data, offset).end() < len(data)  # type: ignore[union-attr]


@contextmanager
def _reading(path: Path) -> Iterator[None]:
    """One clear message per way a transcript file cannot be read."""
    try:
        yield
    except FileNotFoundError:
        raise InputError(path, Said(Problem.NO_SUCH_FILE)) from None
    except IsADirectoryError:
        raise InputError(path, Said(Problem.FOLDER_NOT_TRANSCRIPT)) from None
    except OSError as error:
        raise InputError(path, unreadable(error)) from None


def read_transcript_bytes(path: str | Path) -> bytes:
    """A transcript file's bytes, for callers that keep them (to see later
    what was appended); errors named as ``load_transcript`` names them."""
    path = Path(path)
    with _reading(path):
        return read_regular(path)


def load_transcript(
    path: str | Path,
    *,
    fmt: str | None = None,
    zone: str = CST_ZONE,
    skip_bad_lines: bool = False,
    chat: str | None = None,
) -> Transcript:
    """Load a transcript file. JSONL (a first line that is a whole JSON object,
    more lines after it) is parsed line by line from the file, never held
    whole in memory; everything else is read in one go (a document on one
    60 MB line is read once, not line by line) and detected as a whole."""
    path = Path(path)
    with _reading(path), open_regular(path) as stream:
        check_size(stream, path)
        data = stream.read(_PROBE)
        shape, first, end = _line_shape(data, fmt)
        if shape == "recording":
            stream.seek(0)
            return _from_recording(read_rest(stream, path), str(path), chat, zone)
        if shape == "jsonl":
            stream.seek(end)
            size = os.fstat(stream.fileno()).st_size
            records, bad = _read_jsonl(itertools.chain([first], stream), size, str(path), skip_bad_lines)
            return _from_jsonl(records, bad, str(path), fmt, zone)
        if len(data) == _PROBE:  # more to read: the whole file in one read (no 60 MB concatenation)
            stream.seek(0)
            data = read_rest(stream, path)
    return load_file_bytes(data, path, fmt=fmt, zone=zone, skip_bad_lines=skip_bad_lines, chat=chat)


def _line_shape(data: bytes, fmt: str | None) -> tuple[str | None, bytes, int]:
    """What the first non-blank line of ``data`` says the file is: a
    recording, JSONL (a whole object with more lines after it), or None (a
    document read as a whole); with that line and the offset after it."""
    first, end = _first_line(data)
    if end is None:
        return None, first, 0
    if fmt in (None, "recording") and _is_recording(first):
        return "recording", first, end
    jsonl_allowed = fmt in (None, "jsonl", "free-anima", "sillytavern")
    if jsonl_allowed and _more_after(data, end) and _one_object(first):
        return "jsonl", first, end
    return None, first, end


def load_file_bytes(
    data: bytes,
    path: str | Path,
    *,
    fmt: str | None = None,
    zone: str = CST_ZONE,
    skip_bad_lines: bool = False,
    chat: str | None = None,
) -> Transcript:
    """What ``load_transcript`` makes of a file whose bytes are already read."""
    shape, first, end = _line_shape(data, fmt)
    if shape == "recording":
        return _from_recording(data, str(path), chat, zone)
    if shape == "jsonl":
        # JSONL whose first record is longer than the probe, or blank lines before it
        lines = itertools.chain([first], data[end:].split(b"\n"))
        records, bad = _read_jsonl(lines, len(data), str(path), skip_bad_lines)
        return _from_jsonl(records, bad, str(path), fmt, zone)
    return loads_transcript(data, str(path), fmt=fmt, zone=zone, skip_bad_lines=skip_bad_lines, chat=chat)


def _one_object(line: bytes) -> bool:
    """A line that is, by itself, a complete JSON object (the mark of JSONL)."""
    return isinstance(loads_or_none(line), dict)


def _is_recording(line: bytes) -> bool:
    """``is_record_line``, without parsing a 60 MB one-line document to find
    out: a record names its format in plain text or in ``\\u`` escapes."""
    if not (b"timeline-inspector-record" in line or b"\\u" in line):
        return False
    from ..recordings import is_record_line

    return is_record_line(line)


def _from_recording(data: bytes, source: str, chat: str | None, zone: str) -> Transcript:
    """One request of a recorder's ``requests.jsonl``, opened as the request
    it was (``chat`` picks it by id or index; default the newest)."""
    from ..recordings import choose_request, parse_records

    recorded = parse_records(data, Path(source))
    request, index = choose_request(recorded, chat)
    # numbered from 1 where people read it ("request 3 of 5" was the fourth)
    inner = recorded_transcript(request, Said(Problem.RECORDED_REQUEST_AT, (source, index + 1)), zone)
    facts = (index + 1, len(recorded.requests), request.named)
    if request.discussion_id:
        note = Said(Note.RECORDED_REQUEST_IN, (*facts, request.discussion_id))
    else:
        note = Said(Note.RECORDED_REQUEST, facts)
    bad = tuple(BadLine(line, str(problem)) for line, problem in recorded.problems)
    return replace(
        inner,
        source=source,
        format="recording",
        notes=(*inner.notes, note),
        bad_lines=bad,
        kind=None,
        companion=request.snapshot_path(),
        arrival=request.received,
        recorded=(request.id, index, len(recorded.requests)),
    )


def recorded_transcript(request: RecordedRequest, where: str | Said, zone: str = CST_ZONE) -> Transcript:
    """The conversation a recorded chat request carries; its path says which
    API sent it (Ollama's ``/api/chat`` normalises content differently).
    ``where`` names the request in errors (a ``Said`` place the GUI words)."""
    from ..recordings import CHAT_PATHS, PROMPT_PATHS

    if request.path in PROMPT_PATHS:
        raise InputError(where, Said(Problem.PROMPT_COMPLETION, (request.path,)))
    if request.body is None:
        raise InputError(where, Said(Problem.TOO_LARGE_RECORDED, (request.size,)))
    fmt = "ollama-request" if CHAT_PATHS.get(request.path) is Api.OLLAMA else None
    try:
        return loads_transcript(request.body, str(where), fmt=fmt, zone=zone)
    except InputError as error:
        raise error.with_source(where) from None


# shared with ``growth``: a grown document's new messages are read the same way
message_times = _message_times
ollama_shaped = _ollama

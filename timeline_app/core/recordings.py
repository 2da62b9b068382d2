"""What the recorder writes, read back: the ``requests.jsonl`` record format.

A recording folder holds one folder per discussion (``_no-id`` for requests
without a discussion id), each with a ``requests.jsonl`` and the copies of
the timestamp file taken when requests arrived (``timestamps/<sha256>.json``).
One line is one whole record: the recorder writes each with a single append,
so a line that does not parse (a recorder killed mid-write, a disk that
filled up) is never mistaken for a record; a JSON object's text has no prefix
that is itself a JSON object. The writer lives in ``timeline_app.record``;
this module only reads, so the engine, the loader and the GUI need no network
code.
"""

from __future__ import annotations

import base64
from dataclasses import field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from .errors import InputError, unreadable
from .files import check_size, open_regular, read_rest
from .pipeline import Api
from .records import frozen
from .words import Cut, Note, Problem, Said

RECORD_FORMAT = "timeline-inspector-record/1"
REQUESTS_FILE = "requests.jsonl"
NO_ID_FOLDER = "_no-id"
SNAPSHOT_FOLDER = "timestamps"
LEGS = ("client", "model")

# Paths whose JSON body is a conversation; any other POST with a JSON body is
# recorded too, but only these are read as chat requests.
CHAT_PATHS = {
    "/v1/chat/completions": Api.OPENAI,
    "/chat/completions": Api.OPENAI,
    "/api/chat": Api.OLLAMA,
}
PROMPT_PATHS = {
    "/v1/completions": Api.OPENAI,
    "/completions": Api.OPENAI,
    "/api/generate": Api.OLLAMA,
}


@frozen
class Snapshot:
    """The discussion's timestamp file as it was when a request arrived."""

    source: str  # path under the DiscussionIds root (where the middleware keeps it)
    copy: str | None  # path of the copy, relative to the discussion folder; None: no file then
    sha256: str | None = None
    error: str | None = None  # why no copy was kept of a file that was there (it did not read)


@frozen
class RecordedResponse:
    finished: datetime
    status: int
    streamed: bool
    complete: bool  # False: upstream error or client gone before the end
    text: str | None  # the reply assembled from the stream, when it could be
    size: int
    error: str | None = None


@frozen
class RecordedRequest:
    """One request as it went over the wire, with what the recorder noted."""

    id: str
    leg: str  # client | model
    received: datetime  # aware: the recorder's clock and zone
    method: str
    path: str
    query: str
    discussion_id: str | None
    content_type: str | None
    body: bytes | None  # None: too large to record
    size: int
    folder: Path  # the discussion folder holding the record
    line: int  # 1-based line in requests.jsonl
    snapshot: Snapshot | None = None
    response: RecordedResponse | None = None

    @property
    def named(self) -> Said:
        """The request as people are shown it (the GUI words its leg)."""
        when = self.received.isoformat(timespec="milliseconds")
        return Said(Note.REQUEST_LABEL, (when, self.leg, self.method, self.path))

    @property
    def label(self) -> str:
        return str(self.named)

    def json_body(self) -> Any:
        """The body parsed as JSON; ``InputError`` names the record when it is not."""
        if self.body is None:
            raise InputError(self.place, Said(Problem.BODY_TOO_LARGE, (self.size,)))
        import orjson

        try:
            return orjson.loads(self.body)
        except orjson.JSONDecodeError as error:
            where = (error.msg, error.lineno, error.colno, error.pos)
            raise InputError(self.place, Said(Problem.BODY_NOT_JSON, where)) from None

    @property
    def place(self) -> Said:
        """Where the record is, as an ``InputError`` names it (the GUI words "line")."""
        return Said(Problem.RECORD_LINE, (self.folder / REQUESTS_FILE, self.line))

    @property
    def where(self) -> str:
        return str(self.place)

    def snapshot_path(self) -> Path | None:
        if self.snapshot is None or self.snapshot.copy is None:
            return None
        return self.folder / self.snapshot.copy


@frozen
class RecordFile:
    """The requests of one ``requests.jsonl``, oldest first, and what could
    not be read (``problems`` as (line, problem): a code, so the GUI words it
    in the user's language; ``str()`` of it is the command line's English).
    ``end`` and ``lines`` say how far the file was read (whole lines only),
    so a live view reads on from there (``read_records(path, since=...)``)."""

    path: Path
    requests: tuple[RecordedRequest, ...]
    problems: tuple[tuple[int, Said], ...] = field(default=())
    end: int = 0
    lines: int = 0


def cut_reason(error: str) -> Said | str:
    """A response's ``error`` as the code the recorder wrote it from (the
    record keeps only the English); another's words as they are."""
    for code in Cut:
        head, field, tail = code.value.partition("{0}")
        if not field:
            if error == head:
                return Said(code)
        elif error.startswith(head) and error.endswith(tail) and len(error) > len(head) + len(tail):
            return Said(code, (error[len(head) : len(error) - len(tail)],))
    return error


def is_record(value: object) -> bool:
    return isinstance(value, dict) and value.get("format") == RECORD_FORMAT


def is_record_line(line: bytes) -> bool:
    """Whether a file's first line marks it as a recording. orjson is
    imported here, not with the module: every write asks whether its place
    is in a recording (``refuse_recording``), and a small command's write
    loads no orjson (its import costs more than the whole command)."""
    import orjson

    try:
        return is_record(orjson.loads(line))
    except orjson.JSONDecodeError:
        return False


class _NotARecord(Exception):
    """A line that is not a whole record, and why (a code the GUI words)."""

    def __init__(self, said: Said) -> None:
        super().__init__(str(said))
        self.said = said


def _field(record: dict[str, Any], name: str) -> Any:
    if name not in record:
        raise _NotARecord(Said(Problem.RECORD_NO_FIELD, (name,)))
    return record[name]


def _int(value: object, name: str) -> int:
    try:
        return int(value)  # type: ignore[call-overload]
    except (ValueError, TypeError) as error:
        raise _NotARecord(Said(Problem.RECORD_BAD_VALUE, (name, value, str(error)))) from None


def _time(value: object, what: str) -> datetime:
    if not isinstance(value, str):
        raise _NotARecord(Said(Problem.RECORD_NO_TIME, (what,)))
    try:
        moment = datetime.fromisoformat(value)
    except ValueError as error:
        raise _NotARecord(Said(Problem.RECORD_BAD_VALUE, (what, value, str(error)))) from None
    if moment.tzinfo is None:
        raise _NotARecord(Said(Problem.RECORD_NO_ZONE, (what,)))
    return moment


def _body(record: dict[str, Any]) -> bytes | None:
    if isinstance(record.get("body"), str):
        return record["body"].encode("utf-8", "surrogatepass")
    if isinstance(record.get("body_base64"), str):
        try:
            return base64.b64decode(record["body_base64"], validate=True)
        except ValueError as error:  # binascii.Error
            raise _NotARecord(
                Said(Problem.RECORD_BAD_VALUE, ("body_base64", record["body_base64"], str(error)))
            ) from None
    return None


def _request(record: dict[str, Any], folder: Path, line: int) -> RecordedRequest:
    snap = record.get("timestamps")
    snapshot = None
    if isinstance(snap, dict):
        error = snap.get("error")
        snapshot = Snapshot(
            str(snap.get("source", "")),
            snap.get("copy"),
            snap.get("sha256"),
            str(error) if error is not None else None,
        )
    leg = record.get("leg")
    if leg not in LEGS:
        raise _NotARecord(Said(Problem.RECORD_BAD_LEG, (", ".join(LEGS), leg)))
    return RecordedRequest(
        id=str(_field(record, "id")),
        leg=leg,
        received=_time(record.get("received"), "received"),
        method=str(record.get("method", "POST")),
        path=str(record.get("path", "")),
        query=str(record.get("query", "")),
        discussion_id=record.get("discussion_id"),
        content_type=record.get("content_type"),
        body=_body(record),
        size=_int(record.get("size", 0), "size"),
        folder=folder,
        line=line,
        snapshot=snapshot,
    )


def _response(record: dict[str, Any]) -> RecordedResponse:
    return RecordedResponse(
        finished=_time(record.get("finished"), "finished"),
        status=_int(_field(record, "status"), "status"),
        streamed=bool(record.get("streamed")),
        complete=bool(record.get("complete")),
        text=record.get("text"),
        size=_int(record.get("size", 0), "size"),
        error=record.get("error"),
    )


def _record(line: bytes) -> dict[str, Any]:
    """One line as a record; ``_NotARecord`` says why it is not one."""
    import orjson

    try:
        record = orjson.loads(line)
    except orjson.JSONDecodeError as error:
        where = (error.msg, error.lineno, error.colno, error.pos)
        raise _NotARecord(Said(Problem.RECORD_NOT_JSON, where)) from None
    if not is_record(record):
        raise _NotARecord(Said(Problem.RECORD_NOT_RECORD, (RECORD_FORMAT,)))
    return record


def parse_records(data: bytes, path: Path, since: RecordFile | None = None) -> RecordFile:
    """Every whole record of a ``requests.jsonl``, a response joined to its
    request. With ``since``, ``data`` is what follows ``since.end`` and only
    it is parsed. A last line without its newline is an unfinished write:
    reported, never read, and read again next time."""
    requests = {r.id: r for r in since.requests} if since else {}
    first = since.lines + 1 if since else 1
    problems = [p for p in since.problems if p[0] < first] if since else []
    consumed = data.rfind(b"\n") + 1
    lines = data[:consumed].split(b"\n")[:-1]
    for number, line in enumerate(lines, start=first):
        if not line.strip():
            continue
        try:
            record = _record(line)
            if record.get("kind") == "request":
                request = _request(record, path.parent, number)
                requests[request.id] = request
            elif record.get("kind") == "response":
                answered = requests.get(str(_field(record, "id")))
                if answered is None:
                    raise _NotARecord(Said(Problem.RECORD_ORPHAN_RESPONSE))
                requests[answered.id] = replace(answered, response=_response(record))
            else:
                raise _NotARecord(Said(Problem.RECORD_UNKNOWN_KIND, (record.get("kind"),)))
        except _NotARecord as error:
            problems.append((number, error.said))
        except (ValueError, KeyError, TypeError) as error:  # not foreseen: said, never a traceback
            problems.append((number, Said(Problem.RECORD_UNREADABLE, (str(error),))))
    if data[consumed:].strip():
        problems.append((first + len(lines), Said(Problem.RECORD_UNFINISHED)))
    return RecordFile(
        path,
        tuple(requests.values()),
        tuple(problems),
        (since.end if since else 0) + consumed,
        (since.lines if since else 0) + len(lines),
    )


def read_records(path: str | Path, since: RecordFile | None = None) -> RecordFile:
    """One ``requests.jsonl``, or only what was appended after ``since`` (a
    file that shrank is read again whole); ``InputError`` names it when it
    cannot be read."""
    path = Path(path)
    try:
        with open_regular(path) as stream:
            size = check_size(stream, path)
            if since is None or since.path != path or size < since.end:
                since = None
            stream.seek(since.end if since else 0)
            data = read_rest(stream, path)
    except FileNotFoundError:
        raise InputError(path, Said(Problem.NO_SUCH_FILE)) from None
    except IsADirectoryError:
        raise InputError(path, Said(Problem.FOLDER_NOT_REQUESTS, (REQUESTS_FILE,))) from None
    except OSError as error:
        raise InputError(path, unreadable(error)) from None
    return parse_records(data, path, since)


# the middleware's own file, which the recorder never writes: when a recorder's
# ``--out`` is the DiscussionIds folder itself, it lies beside ``requests.jsonl``
_MIDDLEWARE_FILE = "timestamps.json"


def recording_holding(path: str | Path) -> Path | None:
    """The recording (a discussion's folder the recorder writes: its
    ``requests.jsonl`` and ``timestamps/<sha256>.json`` copies) that ``path``
    lies in, or None. A recording is evidence of what went over the wire and
    what the timestamp file was at each request: nothing of ours ever writes
    into it (issue 29: Save wrote a simulated backfill over a copy, its name
    no longer its SHA-256, and the file's history then told a false story).
    Found by the folder, not by the file (Save As of a new file into it is
    refused too); links are followed as a write would follow them. The only
    file in it we may write is an existing ``timestamps.json`` beside
    ``requests.jsonl``: the middleware's own, when the recorder was told to
    write into the DiscussionIds folder."""
    import os

    target = Path(os.path.realpath(path))
    for folder in target.parents:
        if _is_recording_file(folder / REQUESTS_FILE):
            if target.parent == folder and target.name == _MIDDLEWARE_FILE and target.is_file():
                return None
            return folder
    return None


def folder_outside(path: str | Path) -> Path:
    """The folder a file made from ``path`` is proposed in: its own, or for
    a path in a recording the folder holding the folder of recordings, so a
    proposal never points into the evidence (which would be refused)."""
    path = Path(path)
    recording = recording_holding(path)
    return path.parent if recording is None else recording.parent.parent


def _is_recording_file(path: Path) -> bool:
    """A ``requests.jsonl`` whose first line is a recorder record (a file of
    that name of anyone else's is not a recording)."""
    try:
        with open_regular(path) as stream:
            first = stream.readline(1 << 20)
    except OSError:
        return False
    return is_record_line(first.strip())


def refuse_recording(path: str | Path) -> None:
    """Raise the one refusal for a write into a recording (``recording_holding``):
    an ``InputError`` naming the file and the recording, nothing written."""
    folder = recording_holding(path)
    if folder is not None:
        raise InputError(path, Said(Problem.IN_RECORDING, (folder,)))


def read_recording(folder: str | Path) -> list[RecordFile]:
    """Every ``requests.jsonl`` under a recording folder (``--out DIR``), by
    discussion name."""
    folder = Path(folder)
    if not folder.is_dir():
        raise InputError(folder, Said(Problem.NOT_RECORDING_FOLDER))
    return [read_records(p) for p in sorted(folder.glob(f"*/{REQUESTS_FILE}"))]


def client_requests(requests: tuple[RecordedRequest, ...] | list[RecordedRequest]) -> list[RecordedRequest]:
    """A recording's client requests in the order they arrived: "request N"
    is the Nth of them, 1-based, in History, Details, the command line's
    ``history`` and the Recordings list."""
    return sorted((r for r in requests if r.leg == "client"), key=lambda r: r.received)


def choose_request(file: RecordFile, wanted: str | None) -> tuple[RecordedRequest, int]:
    """One request of a recording by id or index (negative counts from the
    end); the newest when none is named. Returns it and its index."""
    requests = file.requests
    if not requests:
        raise InputError(file.path, Said(Problem.NO_WHOLE_REQUEST))
    if wanted is None:
        return requests[-1], len(requests) - 1
    for index, request in enumerate(requests):
        if request.id == wanted:
            return request, index
    try:
        index = int(wanted)
    except ValueError:
        index = len(requests)
    if -len(requests) <= index < len(requests):
        return requests[index], index % len(requests)
    raise InputError(file.path, Said(Problem.NO_SUCH_REQUEST, (wanted, len(requests))))

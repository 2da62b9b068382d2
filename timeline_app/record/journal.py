"""Writing records: whole lines, private files, timestamp files copied as they were.

Every record is one JSON line written with a single ``write`` on a file opened
for appending, so concurrent requests (and a second recorder on the other
leg writing into the same folder) never interleave inside a line, and a
killed recorder leaves at most an unfinished last line, which readers skip.
Files are created mode 0600 and folders 0700: records hold conversations.
Nothing here ever receives a request header, so no credential can reach a
file.
"""

from __future__ import annotations

import base64
import hashlib
import os
import tempfile
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson

from ..core.discovery import TIMESTAMP_FILE, api_key_folder, locate_timestamp_file
from ..core.files import read_regular
from ..core.recordings import (
    NO_ID_FOLDER,
    RECORD_FORMAT,
    REQUESTS_FILE,
    SNAPSHOT_FOLDER,
    RecordedResponse,
)

FILE_MODE = 0o600
FOLDER_MODE = 0o700


def new_id() -> str:
    return uuid.uuid4().hex[:16]


def wall_clock() -> datetime:
    """Now, aware, in this machine's zone (records say when, and where)."""
    return datetime.now().astimezone()


@dataclass(frozen=True)
class Arrival:
    """A request as it arrived: what is recorded, plus the client's API key,
    held only to find a per-user timestamp folder and never written."""

    received: datetime
    method: str
    path: str
    query: str  # already redacted
    content_type: str | None
    body: bytes | None  # None: over the size limit
    size: int
    api_key: str | None = field(default=None, repr=False)


@dataclass(frozen=True)
class Journal:
    """Where one recorder writes: ``out`` folder, its leg, the middleware's
    DiscussionIds root to copy timestamp files from (client leg only)."""

    out: Path
    leg: str
    discussions: Path | None = None

    def folder(self, discussion_id: str | None) -> Path:
        folder = self.out / (discussion_id or NO_ID_FOLDER)
        folder.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
        return folder

    def request(self, arrival: Arrival, discussion_id: str | None) -> str:
        """Append one request record (and copy the timestamp file first);
        returns the record id. ``arrival.body`` None: too large, noted, not kept."""
        folder = self.folder(discussion_id)
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "kind": "request",
            "id": new_id(),
            "leg": self.leg,
            "received": arrival.received.isoformat(),
            "method": arrival.method,
            "path": arrival.path,
            "query": arrival.query,
            "discussion_id": discussion_id,
            "content_type": arrival.content_type,
            "size": arrival.size,
        }
        body = arrival.body
        if body is None:
            record["too_large"] = True
        else:
            try:
                record["body"] = body.decode("utf-8")
            except UnicodeDecodeError:
                record["body_base64"] = base64.b64encode(body).decode("ascii")
        if self.discussions is not None and self.leg == "client" and discussion_id:
            record["timestamps"] = self._snapshot(folder, discussion_id, arrival.api_key)
        append_record(folder / REQUESTS_FILE, record)
        return record["id"]

    def response(self, request_id: str, discussion_id: str | None, response: RecordedResponse) -> None:
        append_record(
            self.folder(discussion_id) / REQUESTS_FILE,
            {
                "format": RECORD_FORMAT,
                "kind": "response",
                "id": request_id,
                "leg": self.leg,
                "finished": response.finished.isoformat(),
                "status": response.status,
                "streamed": response.streamed,
                "complete": response.complete,
                "text": response.text,
                "size": response.size,
                "error": response.error,
            },
        )

    def _snapshot(self, folder: Path, discussion_id: str, api_key: str | None) -> dict[str, Any]:
        """Copy the discussion's timestamp file byte for byte (an encrypted
        file stays encrypted), once per distinct content."""
        root = self.discussions
        assert root is not None
        found = locate_timestamp_file(root, discussion_id, api_key)
        if found is None:  # a new discussion: where the middleware will create it
            user = api_key_folder(api_key) if api_key else None
            expected = Path(user, discussion_id) if user else Path(discussion_id)
            return {"source": str(expected / TIMESTAMP_FILE), "copy": None}
        source = str(found.relative_to(root)) if found.is_relative_to(root) else str(found)
        try:
            data = read_regular(found)
        except OSError as error:
            return {"source": source, "copy": None, "error": error.strerror or str(error)}
        digest = hashlib.sha256(data).hexdigest()
        copy = Path(SNAPSHOT_FOLDER, f"{digest}.json")
        target = folder / copy
        if not target.exists():
            target.parent.mkdir(mode=FOLDER_MODE, exist_ok=True)
            write_private(target, data)
        return {"source": source, "copy": str(copy), "sha256": digest}


def append_record(path: Path, record: dict[str, Any]) -> None:
    """One whole line, one write, appended to a 0600 file."""
    line = orjson.dumps(record) + b"\n"
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, FILE_MODE)
    try:
        view = memoryview(line)
        while view:
            written = os.write(fd, view)
            view = view[written:]
    finally:
        os.close(fd)


def write_private(path: Path, data: bytes) -> None:
    """A new 0600 file that appears whole or not at all."""
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.write(handle, data)
        os.fchmod(handle, FILE_MODE)
    finally:
        os.close(handle)
    os.replace(temp, path)

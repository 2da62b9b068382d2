"""One open conversation: everything the views need, computed in one go.

``open_discussion`` does all the file and hashing work (the GUI calls it on a
worker thread) and returns an immutable ``Discussion``; views only read it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from .errors import InputError
from .options import EngineOptions
from .pipeline import PreparedRequest, prepare_request
from .store import TimestampStore, loads_store
from .timeline import Status, Timeline, build_timeline, entries_timeline
from .tracking import TrackResult, track
from .transcripts import Transcript, load_transcript
from .zones import get_zone, to_naive_in

Progress = Callable[[str, float], None]

_TIMESTAMP_HEAD_RE = re.compile(rb'\s*\{\s*(\}|"([0-9a-f]{64}|PLACEHOLDER_TIMESTAMP_HASH_0000)")')


def sniff_kind(path: str | Path) -> str:
    """``"timestamps"`` or ``"transcript"``, from the name and the first bytes,
    so that a dropped or command-line file lands in the right slot."""
    path = Path(path)
    if path.name.lower().endswith("timestamps.json"):
        return "timestamps"
    try:
        with path.open("rb") as stream:
            head = stream.read(256)
    except OSError as error:
        raise InputError(path, f"cannot be read ({error.strerror})") from None
    return "timestamps" if _TIMESTAMP_HEAD_RE.match(head) else "transcript"


@dataclass(frozen=True)
class Discussion:
    transcript: Transcript
    has_transcript: bool
    store: TimestampStore | None  # None: no file given, or the given file does not exist yet
    store_path: Path | None
    store_digest: str | None  # SHA-256 of the file bytes as loaded (to notice outside writes)
    request: PreparedRequest
    timeline: Timeline
    simulation: TrackResult  # the next request's tracking, at ``now``
    now: datetime
    options: EngineOptions

    @property
    def store_missing(self) -> bool:
        return self.store_path is not None and self.store is None

    def axis_times(self) -> list[tuple[datetime | None, bool]]:
        """Per timeline row, where it sits in real time (naive, middleware clock)
        and whether that time is stored (True) or only what the next request
        would give it (False). A transcript with its own times and no
        timestamp file sits at its own times."""
        rows = self.timeline.rows
        if self.store is None and self.transcript.has_own_times:
            zone = get_zone(self.options.wilmer_zone)
            return [(None if r.own_time is None else to_naive_in(r.own_time, zone), True) for r in rows]
        simulated = self.simulation.store
        out: list[tuple[datetime | None, bool]] = []
        for row in rows:
            if row.time is not None:
                out.append((row.time, True))
            elif row.status is Status.UNTRACKED:
                out.append((simulated.parsed(row.hash), False))
            else:
                out.append((None, False))
        return out

    @property
    def title(self) -> str:
        if self.timeline.discussion_id:
            return self.timeline.discussion_id
        path = self.store_path if not self.has_transcript else Path(self.transcript.source)
        return path.name if path else "untitled"


def _quiet(stage: str, fraction: float) -> None:
    return None


def open_discussion(
    transcript_path: str | Path | None,
    store_path: str | Path | None,
    options: EngineOptions,
    now: datetime,
    progress: Progress = _quiet,
) -> Discussion:
    """Load, hash, join and simulate; raises ``InputError`` naming the file."""
    if transcript_path is None and store_path is None:
        raise InputError(None, "nothing to open: give a transcript, a timestamp file, or both")
    store: TimestampStore | None = None
    digest: str | None = None
    if store_path is not None:
        store_path = Path(store_path)
        progress(f"reading {store_path.name}", 0.05)
        try:
            data = store_path.read_bytes()
        except FileNotFoundError:
            data = None
        except OSError as error:
            raise InputError(store_path, f"cannot be read ({error.strerror})") from None
        if data is not None:
            digest = hashlib.sha256(data).hexdigest()
            store = loads_store(data, store_path)
    if transcript_path is not None:
        progress(f"reading {Path(transcript_path).name}", 0.25)
        transcript = load_transcript(transcript_path, zone=options.cst.zone, skip_bad_lines=True)
        has_transcript = True
    else:
        transcript = Transcript.from_messages([], "<none>", "none")
        has_transcript = False
    progress(f"hashing {len(transcript.messages):,} messages", 0.5)
    try:
        request = prepare_request(transcript.messages, options.request)
    except InputError as error:
        raise error.with_source(transcript.source) from None
    progress("joining with the timestamp file", 0.75)
    if has_transcript:
        timeline = build_timeline(transcript, request, store)
    else:
        timeline = entries_timeline(store or TimestampStore())
    progress("simulating the next request", 0.9)
    simulation = track(request, store or TimestampStore(), now)
    progress("done", 1.0)
    return Discussion(
        transcript, has_transcript, store, store_path, digest, request, timeline, simulation, now, options
    )

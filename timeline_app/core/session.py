"""One open conversation: everything the views need, computed in one go.

``open_discussion`` does all the file and hashing work (the GUI calls it on a
worker thread) and returns an immutable ``Discussion``; views only read it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, tzinfo
from functools import cached_property
from pathlib import Path

from .crypto import FileKey
from .discovery import api_key_folder, locate_timestamp_file
from .display import infer_clock_zone
from .errors import InputError
from .options import EngineOptions
from .pairing import pairing_warnings, store_beside, transcripts_beside
from .pipeline import Api, PreparedRequest, prepare_request
from .store import TimestampStore, read_store
from .timeline import Flag, Status, Timeline, build_timeline, entries_timeline
from .tracking import TrackResult, track
from .transcripts import Transcript, load_transcript
from .transcripts.sillytavern import SendView, best_view, transcript_for
from .zones import get_zone, to_naive_in

Progress = Callable[[str, float], None]

_TIMESTAMP_HEAD_RE = re.compile(
    rb'\s*(\{\s*(\}|"([0-9a-f]{64}|PLACEHOLDER_TIMESTAMP_HASH_0000)")|gAAAAA)'
)  # a JSON object keyed by hashes, or a Fernet token (an encrypted file, whatever its name)


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
    options: EngineOptions  # as applied (detected API, chosen SillyTavern view)
    notes: tuple[str, ...] = ()  # what was detected or decided while loading
    detected_api: Api | None = None  # the client API the transcript shows (None: it shows none)

    @cached_property
    def clock_zone(self) -> tzinfo:
        """The zone of the middleware's naive times: the one the person named,
        else the offset the transcript's own times show (``infer_clock_zone``),
        else this machine's."""
        if self.options.wilmer_zone or not self.transcript.has_own_times:
            return get_zone(self.options.wilmer_zone)
        pairs = (  # times a backfill invented say nothing about the clock
            (r.time, r.own_time)
            for r in self.timeline.rows
            if r.time is not None and r.own_time is not None and Flag.ONE_SECOND_RUN not in r.flags
        )
        return infer_clock_zone(pairs) or get_zone(None)

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
            zone = self.clock_zone
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

    @cached_property
    def pairing_warnings(self) -> tuple[str, ...]:
        """Why the transcript and the file may not belong together (see ``pairing``)."""
        if not self.has_transcript or self.store is None:
            return ()
        return pairing_warnings(
            self.timeline.discussion_id,
            self.store_path,
            len(self.store.message_keys()),
            len(self.timeline.orphans),
        )

    @property
    def title(self) -> str:
        if self.timeline.discussion_id:
            return self.timeline.discussion_id
        path = self.store_path if not self.has_transcript else Path(self.transcript.source)
        return path.name if path else "untitled"


def _quiet(stage: str, fraction: float) -> None:
    return None


@dataclass(frozen=True)
class Inputs:
    """A transcript and a store made ready for the engine, with the options
    that actually apply (detected API, SillyTavern view) and what was decided."""

    transcript: Transcript
    options: EngineOptions
    notes: tuple[str, ...]
    detected_api: Api | None = None  # the client API the file shows (None: it shows none)


def api_note(detected: Api | None, used: Api, chosen: bool) -> str:
    """Which client API the hashes assume and why: people must see it, because
    the two APIs hash some contents differently (null, parts lists)."""
    if not chosen:
        if detected is None:
            return f"client API: {used.value} (the file does not show one; OpenAI assumed)"
        return f"client API detected: {detected.value}"
    if detected is not None and detected is not used:
        return f"client API: {used.value} as chosen, although the file looks like an {detected.value} request"
    return f"client API: {used.value} (as chosen)"


def resolve_inputs(transcript: Transcript, store: TimestampStore | None, options: EngineOptions) -> Inputs:
    """Apply what the file shows (client API, unless one was chosen) and, for
    SillyTavern, the "content as sent" view: the user's; with a timestamp file,
    the one matching it best; without one, SillyTavern's defaults."""
    request = options.request
    detected = transcript.api
    if options.detect_api and detected is not None:
        request = replace(request, api=detected)
    notes = [api_note(detected, request.api, not options.detect_api)]
    chat = transcript.sillytavern
    if chat is not None:
        if options.st_view is None and store is not None:
            choice = best_view(chat, store, request)
            transcript = transcript_for(chat, choice.view, transcript.source, transcript.bad_lines)
            request = choice.request
            notes += [*transcript.notes, f"best match with the timestamp file: {choice.describe()}"]
        else:
            view = options.st_view or SendView()
            transcript = transcript_for(chat, view, transcript.source, transcript.bad_lines)
            notes += transcript.notes
    else:
        notes += transcript.notes
    return Inputs(transcript, replace(options, request=request), tuple(notes), detected)


def open_discussion(
    transcript_path: str | Path | None,
    store_path: str | Path | None,
    options: EngineOptions,
    now: datetime,
    progress: Progress = _quiet,
    *,
    key: FileKey | None = None,
    root: str | Path | None = None,
    api_key: str | None = None,
    fmt: str | None = None,
    chat: str | None = None,
    skip_bad_lines: bool = True,
    beside: bool = False,
) -> Discussion:
    """Load, hash, join and simulate; raises ``InputError`` naming the file.

    Without ``store_path``, a transcript whose request carries a discussion id
    finds its timestamp file under ``root`` (as the middleware would); with
    ``beside``, a ``timestamps.json`` in the transcript's folder is the next
    choice, and a timestamp file opened alone is paired with the transcript
    next to it that matches it best. Nothing found: a new discussion.
    """
    if transcript_path is None and store_path is None:
        raise InputError(None, "nothing to open: give a transcript, a timestamp file, or both")
    store: TimestampStore | None = None
    digest: str | None = None
    if store_path is not None:
        store_path = Path(store_path)
        progress(f"reading {store_path.name}", 0.05)
        store, digest = read_store(store_path, key)
    found_notes: list[str] = []
    notes: tuple[str, ...] = ()
    detected_api: Api | None = None
    loaded: Transcript | None = None
    if transcript_path is None and store_path is not None and beside:
        progress("looking for the transcript beside the file", 0.15)
        loaded = _transcript_beside(store_path, store, options)
        if loaded is not None:
            transcript_path = loaded.source
            found_notes.append(f"transcript found beside the file: {loaded.source}")
    if transcript_path is not None:
        if loaded is None:
            progress(f"reading {Path(transcript_path).name}", 0.25)
            loaded = load_transcript(
                transcript_path, zone=options.cst.zone, skip_bad_lines=skip_bad_lines, fmt=fmt, chat=chat
            )
        if store_path is None:
            found = _locate(loaded, options, root, api_key) if root is not None else None
            if found is not None:
                state = "found" if found.exists() else "not created yet"
                found_notes.append(f"timestamp file for the discussion id ({state}): {found}")
            elif beside and (found := store_beside(Path(transcript_path))) is not None:
                found_notes.append(f"timestamp file found beside the transcript: {found}")
            if found is not None:
                store_path = found
                store, digest = read_store(found, key)
        progress("matching the transcript to the file", 0.4)
        inputs = resolve_inputs(loaded, store, options)
        transcript, options, notes = inputs.transcript, inputs.options, (*found_notes, *inputs.notes)
        detected_api = inputs.detected_api
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
    return Discussion(
        transcript,
        has_transcript,
        store,
        store_path,
        digest,
        request,
        timeline,
        simulation,
        now,
        options,
        notes,
        detected_api,
    )


def _transcript_beside(
    store_path: Path, store: TimestampStore | None, options: EngineOptions
) -> Transcript | None:
    """Of the readable transcripts next to the file, the one with the most
    messages in it (none when no candidate matches a single entry)."""
    best: tuple[int, Transcript] | None = None
    for candidate in transcripts_beside(store_path):
        try:
            loaded = load_transcript(candidate, zone=options.cst.zone, skip_bad_lines=True)
            request = prepare_request(loaded.messages, options.request)
        except InputError:
            continue
        matched = sum(1 for m in request.messages if store is not None and m.hash in store)
        if matched and (best is None or matched > best[0]):
            best = (matched, loaded)
    return best[1] if best else None


def _locate(
    transcript: Transcript, options: EngineOptions, root: str | Path, api_key: str | None
) -> Path | None:
    try:
        discussion_id = prepare_request(transcript.messages, options.request).discussion_id
    except InputError:
        return None
    if discussion_id is None:
        return None
    found = locate_timestamp_file(root, discussion_id, api_key)
    if found is None:  # a new discussion: where the middleware will create it
        base = Path(root) / (api_key_folder(api_key) if api_key else "")
        return base / discussion_id / "timestamps.json"
    return found


def with_store(discussion: Discussion, store: TimestampStore) -> Discussion:
    """The same conversation joined with an edited store (unsaved changes):
    the timeline and the next request's simulation are recomputed, the file
    identity (path, digest as loaded) is kept."""
    if discussion.has_transcript:
        timeline = build_timeline(discussion.transcript, discussion.request, store)
    else:
        timeline = entries_timeline(store)
    simulation = track(discussion.request, store, discussion.now)
    return replace(discussion, store=store, timeline=timeline, simulation=simulation)


def at_time(discussion: Discussion, now: datetime) -> Discussion:
    """The same conversation and store with the next request simulated at
    ``now``: only the tracking is redone, nothing is read or hashed again."""
    simulation = track(discussion.request, discussion.store or TimestampStore(), now)
    return replace(discussion, now=now, simulation=simulation)

"""One open conversation: everything the views need, computed in one go.

``open_discussion`` does all the file and hashing work (the GUI calls it on a
worker thread) and returns an immutable ``Discussion``; views only read it.
"""

from __future__ import annotations

import collections
import functools
import gc
import itertools
import operator
import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from .context import Style
from .display import gap_between, infer_clock_zone, message_instant, minute_precision
from .errors import InputError, unreadable
from .file_state import Change
from .files import lexists, open_regular
from .options import EngineOptions
from .pairing import (
    own_store_elsewhere,
    pairing_warnings,
    store_beside,
    store_for_id_beside,
    transcripts_beside,
)
from .pipeline import Api, PreparedRequest, RequestOptions, prepare_request
from .records import frozen
from .store import TimestampStore, loads_store, not_text_note, read_file_bytes
from .store_growth import StoreRead, StoreTail, grown_store, marked
from .tracking import TrackResult, track
from .transcripts import Transcript, load_transcript
from .transcripts.loading import load_file_bytes, read_transcript_bytes
from .transcripts.sendview import SendView
from .words import Doubt, Note, Problem, Said, Stage
from .zones import get_zone, to_naive_all, to_naive_in, utc_all

if TYPE_CHECKING:
    from .crypto import FileKey
    from .timeline import Flag, Timeline, TimelineRow
    from .transcripts.growth import Tail

Progress = Callable[[str | Said, float], None]  # a stage (``Stage`` from here), done
# what says which zone the middleware's clock is in: the person, the transcript's own times, or nothing
ClockSource = Literal["named", "transcript", "own", "machine"]


def zone_known(source: str) -> bool:
    """Whether anything says the discussion's zone (``Discussion.clock``'s
    source): a zone named, or the offset the transcript's times show. Else
    ("machine") its times are read on this machine's clock, which every view
    says as such: the window named "UTC+0" in History's header and on the
    Now button as if the discussion's, for a timestamp file opened alone,
    where ``history`` said the zone unknown (issue 31). The one judgement
    both word."""
    return source != "machine"


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
        with open_regular(path) as stream:
            head = stream.read(256)
    except OSError as error:
        raise InputError(path, unreadable(error)) from None
    return "timestamps" if _TIMESTAMP_HEAD_RE.match(head) else "transcript"


@frozen
class FileMark:
    """A file's identity and size when it was read: equal marks mean the file
    was not written since (it is not read again to find out)."""

    size: int
    mtime_ns: int
    inode: int

    @classmethod
    def of(cls, path: str | Path) -> FileMark | None:
        try:
            stat = Path(path).stat()
        except OSError:
            return None
        return cls(stat.st_size, stat.st_mtime_ns, stat.st_ino)


@frozen
class Discussion:
    transcript: Transcript
    has_transcript: bool
    store: TimestampStore | None  # None: no file given, or the given file does not exist yet
    store_path: Path | None
    store_digest: str | None  # SHA-256 of the file bytes as loaded (to notice outside writes)
    request: PreparedRequest
    now: datetime
    options: EngineOptions  # as applied (detected API, chosen SillyTavern view)
    notes: tuple[str | Said, ...] = ()  # what was detected or decided while loading (str(): English)
    detected_api: Api | None = None  # the client API the transcript shows (None: it shows none)
    transcript_mark: FileMark | None = None  # the transcript file as read (for ``reopen``)
    transcript_tail: Tail | None = None  # where it can grow by appending (for ``reopen``)
    store_tail: StoreTail | None = None  # where the timestamp file can grow (for ``reopen``)

    @cached_property
    def timeline(self) -> Timeline:
        """The joined view (one row per message), built on first use: a
        command that reports no rows never pays for 100,000 of them."""
        from .timeline import build_timeline, entries_timeline

        if self.has_transcript:
            return build_timeline(self.transcript, self.request, self.store)
        return entries_timeline(self.store or TimestampStore())

    @cached_property
    def simulation(self) -> TrackResult:
        """The next request's tracking, at ``now``, built on first use."""
        held = None
        if self.has_transcript and "timeline" in self.__dict__:  # the join knows who has an entry
            from .timeline import Status

            held = list(map(operator.is_, self.timeline.statuses, itertools.repeat(Status.TRACKED)))
        return track(self.request, self.store or TimestampStore(), self.now, held)

    def computed(self) -> Discussion:
        """This discussion with its timeline and simulation built (the GUI's
        loading job calls it on its worker thread); returns itself. Row
        objects are not made: the window's views read the columns and make
        only the rows they show (all 100k objects cost ~0.3 s and 20 MB)."""
        _ = self.timeline, self.simulation, self.reply_said, self.counts
        return self

    @cached_property
    def counts(self) -> dict[str, int]:
        """What the status bar counts (tracked, untracked, orphans, flagged,
        ...), made once per discussion and on the loading worker with the
        rest (``computed``): the bar says them in three lengths and again on
        every resize, and each pass over 100k statuses and flags on the GUI
        thread froze the window for ~0.2 s after every watcher append (issue 29)."""
        from .timeline import Flag, Status

        timeline = self.timeline
        sharing = timeline.tracked_sharing
        only_run = frozenset({Flag.ONE_SECOND_RUN})
        dated = (Status.TRACKED, Status.UNTRACKED)
        own = sum(
            1
            for status, moment in zip(timeline.statuses, timeline.own_times, strict=True)
            if moment is not None and status in dated
        )
        return {
            "tracked": timeline.count(Status.TRACKED),
            # messages of one content share an entry: "15 tracked" beside Save's 14 stored times
            "tracked entries": sharing.entries,
            "sharing": sharing.sharing,
            "shared": sharing.shared,
            "untracked": timeline.count(Status.UNTRACKED),
            # of those two, the messages that carry their own time (the CST style shows it) and
            # those that do not: the status bar says these in that style (issue 31)
            "own time": own,
            "no own time": timeline.count(Status.TRACKED) + timeline.count(Status.UNTRACKED) - own,
            "orphans": len(timeline.orphans),
            # orphan entries whose time a message holds now (a repair copied it): still in
            # the file, and written by Save, so counted where Save's count can be checked
            "given back": len(timeline.given_back),
            "flagged": sum(1 for flags in self.flags if flags and flags != only_run),
            "future": len(self.future_rows),
        }

    @cached_property
    def reply_said(self) -> tuple[Said, ...]:
        """What the file says of the last request's reply in the chosen commit
        mode (``reply.reply_state``), made with the rest on the loading worker:
        finding a warning's cause tries the chat's speakers (~0.25 s at 100k)."""
        from .reply import reply_state

        return reply_state(self)

    @property
    def clock_zone(self) -> tzinfo:
        """The zone of the middleware's naive times (``clock``)."""
        return self.clock[0]

    @cached_property
    def clock(self) -> tuple[tzinfo, ClockSource]:
        """The zone of the middleware's naive times and what says so: the one
        the person named, else the offset the transcript's own times show
        (``infer_clock_zone``), else this machine's. The Now button names
        both, so a wrong guess can be seen and a zone named."""
        if self.options.wilmer_zone:
            return get_zone(self.options.wilmer_zone), "named"
        if not self.transcript.has_own_times:
            return get_zone(None), "machine"
        from .timeline import Flag

        timeline = self.timeline  # read as columns: no row objects are made
        pairs = (  # times a backfill invented say nothing about the clock
            (moment, own)
            for moment, own, flags in zip(timeline.times, timeline.own_times, timeline.flags, strict=True)
            if moment is not None and own is not None and Flag.ONE_SECOND_RUN not in flags
        )
        inferred = infer_clock_zone(pairs)
        if inferred is not None:
            return inferred, "transcript"
        # the stored times say nothing of it (none stored, or all backfilled): the offset the
        # transcript's own times carry, said as such ("own": the Now button named an offset
        # "between its own times and the stored ones" for a transcript opened alone)
        own = _own_offset(timeline.own_times)
        return (own, "own") if own is not None else (get_zone(None), "machine")

    @cached_property
    def future_rows(self) -> tuple[int, ...]:
        """The timeline rows whose stored time is later than ``now`` on the
        middleware's clock: a clock set wrong when they were stored, or a
        file written elsewhere (a generated file had 668, flagged nowhere).
        Made from the columns, again for each ``now`` (``at_time``)."""
        now = self.now
        if now == datetime.min:  # not placed on a clock yet
            return ()
        return tuple(
            row for row, moment in enumerate(self.timeline.times) if moment is not None and moment > now
        )

    @cached_property
    def future_orphans(self) -> frozenset[str]:
        """The orphans (``Timeline.orphans``) whose stored time is later than
        ``now``: no row flags them, the Orphans list and ``inspect`` do."""
        now, store = self.now, self.store
        if now == datetime.min or store is None:
            return frozenset()
        return frozenset(
            key for key in self.timeline.orphans if (moment := store.parsed(key)) and moment > now
        )

    @cached_property
    def first_future(self) -> datetime | None:
        """The earliest stored time later than ``now`` (rows and orphans;
        None: none is): once the clock passes it the "future" flag it carries
        is wrong, so the window judges again then, not every second."""
        times = self.timeline.times
        found = [times[row] for row in self.future_rows]
        store = self.store
        if store is not None:
            found.extend(moment for key in self.future_orphans if (moment := store.parsed(key)))
        return min((moment for moment in found if moment is not None), default=None)

    @cached_property
    def flags(self) -> tuple[frozenset[Flag], ...]:
        """Per timeline row, what the views flag it with: the join's flags
        (``Timeline.flags``), and ``Flag.FUTURE`` on the ``future_rows``."""
        from .timeline import Flag

        flags = self.timeline.flags
        future = self.future_rows
        if not future:
            return flags
        out = list(flags)
        for row in future:
            out[row] = out[row] | {Flag.FUTURE}
        return tuple(out)

    def flags_of(self, row: TimelineRow) -> frozenset[Flag]:
        """``row``'s flags as ``flags`` holds them, from the row alone (a view
        that holds a row, not its number: Details, the command line)."""
        from .timeline import Flag

        now, moment = self.now, row.time
        if moment is None or now == datetime.min or moment <= now:
            return row.flags
        return row.flags | {Flag.FUTURE}

    @cached_property
    def gaps(self) -> tuple[timedelta | None, ...]:
        """Per timeline row, the time since the previous dated row, between
        the times the absolute and relative styles show (``next_times``): a
        Gap column that measured between the transcript's own times beside a
        Time column of stored and backfilled ones read "1 min" between
        two times one second apart (tryout). Made once from the columns, on
        the loading thread, not by a view."""
        return _gaps_between(self.next_times)

    @cached_property
    def next_times(self) -> tuple[datetime | None, ...]:
        """Per timeline row, its time on the middleware's clock after the
        next request: the stored one, else the one the request would store
        (the table's ``≈``; None for a message the middleware never dates).
        Read from the timeline's columns: no row objects are made."""
        from .timeline import Status

        timeline = self.timeline
        times = list(timeline.times)
        untracked = map(Status.UNTRACKED.__eq__, timeline.statuses)
        rows = [row for row in itertools.compress(range(len(times)), untracked) if times[row] is None]
        hashes = timeline.hashes
        simulated = self.simulation.store.parsed_of([hashes[row] for row in rows])
        collections.deque(map(times.__setitem__, rows, simulated), maxlen=0)
        return tuple(times)

    @cached_property
    def cst_gaps(self) -> tuple[timedelta | None, ...]:
        """The gaps between the times the CST style shows: the transcript's
        own ones, which Free Anima injects, when it records times (the
        stored times' gaps read "-8 d 4 h" beside 04:41 then 05:50), else the
        stored times, as ``gaps``. Both to the minute, as the CST label shows
        them: exact gaps read "31 s" between two rows both shown as 03:05
        (tryout). (Truncated in UTC: the same minute as in the display zone,
        whose offset is whole minutes.)"""
        return _gaps_between(self._cst_moments(), to_minutes=minute_precision(Style.CST))

    def _cst_moments(self) -> list[datetime | None]:
        """The moments the CST style shows (``cst_gaps`` measures them to the
        minute), in UTC (``utc_all``): the CST label shows each instant in a
        zone without summer time, so a gap across a change of the clock's
        summer time is the real one, as between the labels."""
        zone = get_zone(self.options.wilmer_zone)  # where ``message_instant`` places a naive time
        # ``message_instant`` of each row, placed as it places them: one zone look-up a
        # day, not a ``localize`` a row (8 s for 100k SillyTavern dates, on the loading thread)
        return utc_all(self.timeline.own_times if self.transcript.has_own_times else self.next_times, zone)

    def gaps_for(self, style: Style) -> tuple[timedelta | None, ...]:
        """The Gap column of ``style``: between the times that style shows."""
        return self.cst_gaps if style is Style.CST else self.gaps

    def gap_origin(self, style: Style, row: int) -> int | None:
        """The timeline row the gap of ``row`` is measured from (``gaps_for``):
        the previous message of the conversation with a time in ``style``,
        whether or not a filter shows it (None: no gap). Under a filter of
        user messages a Gap read as the step from the row above, the
        assistant's reply in between hidden (tryout); the Gap cell names it.
        Found on demand, one scan back (a tooltip's), nothing kept."""
        gaps = self.gaps_for(style)
        if not 0 <= row < len(gaps) or gaps[row] is None:
            return None
        earlier = range(row - 1, -1, -1)
        if style is not Style.CST or not self.transcript.has_own_times:
            times = self.next_times
            return next((r for r in earlier if times[r] is not None), None)
        timeline, options = self.timeline, self.options
        own, stored = timeline.own_times, timeline.times
        dated = (r for r in earlier if message_instant(own[r], stored[r], True, options) is not None)
        return next(dated, None)

    @cached_property
    def store_notes(self) -> tuple[Said, ...]:
        """What the timestamp file as loaded holds that the middleware trips
        over (values that are not text), each a warning; made on first use,
        by a single pass over the values (a reload keeps ``notes`` as read)."""
        if self.store is None or self.store_path is None:
            return ()
        note = not_text_note(self.store, self.store_path)
        return () if note is None else (note,)

    @property
    def every_note(self) -> tuple[str | Said, ...]:
        """Loading's notes, then the timestamp file's: what the command line
        says and the details pane lists."""
        return (*self.notes, *self.store_notes)

    @property
    def store_missing(self) -> bool:
        return self.store_path is not None and self.store is None

    @property
    def cst_on_own_times(self) -> bool:
        """Whether the CST style shows other times than the timestamp file's:
        a file is open beside a transcript that records its own times, and
        the CST prefix shows those (Free Anima injects the stored message's
        own ``timestamp``: spec/cst-prefix.md; ``message_instant``). Flags
        judged on the stored times then say so (``shows_other_times``). The
        strip places the messages at those times in that style whenever the
        transcript records them, with a file or without (``layout_for``)."""
        return self.has_transcript and self.store is not None and self.transcript.has_own_times

    def axis_times(self, own: bool = False) -> tuple[list[datetime | None], list[bool]]:
        """Per timeline row, where it sits in real time (naive, middleware clock)
        and whether that time is stored (True) or not (False), as two columns:
        the times the absolute and relative styles show (``next_times``: the
        stored one, else the ≈ one the next request would store), or with
        ``own`` the transcript's own times, none of them stored, which the CST
        style shows where the transcript records them (``message_instant``).
        Each style's strip places a message where its table shows it: a chat
        opened alone had its marks at its own 2023 times beside a table of
        "≈ 2026-…" (issue 31). Read from the timeline's columns: no row
        objects (nor 100k pairs) are made."""
        if own:
            placed = list(self.own_axis)
            return placed, [False] * len(placed)
        return list(self.next_times), [moment is not None for moment in self.timeline.times]

    @cached_property
    def own_axis(self) -> tuple[datetime | None, ...]:
        """Per timeline row, the transcript's own time on the middleware's
        clock (``axis_times``): made once, and carried by ``at_time`` (it
        does not depend on "now"), so a clock tick lays out the CST strip
        without converting 100,000 times again."""
        return tuple(to_naive_all(self.timeline.own_times, self.clock_zone))

    @cached_property
    def pairing_warnings(self) -> tuple[Said, ...]:
        """Why the transcript and the file may not belong together (see ``pairing``)."""
        if not self.has_transcript or self.store is None:
            return ()
        return (
            *pairing_warnings(
                self.timeline.discussion_id,
                self.store_path,
                len(self.store.message_keys()),
                len(self.timeline.orphans),
            ),
            *self._another_beside(),
        )

    def _another_beside(self) -> tuple[Said, ...]:
        """The file was found by the discussion id under a root while the
        transcript's folder holds a timestamp file too: named, never ignored
        unsaid (tryout: a root remembered from another setup paired the demo
        with another discussion's file, 21 untracked, the file beside unsaid)."""
        if self.store_path is None or not any(
            isinstance(note, Said) and note.code is Note.STORE_FOR_ID for note in self.notes
        ):
            return ()
        near = self.store_beside
        if near is None:
            return ()
        return (Said(Doubt.ANOTHER_BESIDE, (self.store_path, near)),)

    @cached_property
    def own_store(self) -> Path | None:
        """While the pair is doubted (``pairing_warnings``): the timestamp
        file of the transcript's own discussion id, found where the
        middleware keeps it (``pairing.own_store_elsewhere``), offered in
        the window. Read once, on a worker."""
        if not self.pairing_warnings or not self.has_transcript:
            return None
        return own_store_elsewhere(self.timeline.discussion_id, self.store_path, Path(self.transcript.source))

    @property
    def passed_over(self) -> Path | None:
        """The discussion id's file under the root, when the file beside the
        chat was opened instead because it matches more messages (``load``):
        offered back in the window, never dropped unsaid."""
        for note in self.notes:
            if isinstance(note, Said) and note.code is Note.ROOT_PASSED_OVER:
                return Path(str(note.args[1]))
        return None

    @cached_property
    def store_beside(self) -> Path | None:
        """A timestamp file in the transcript's folder other than the one
        shown (None: none, or it is the one shown), read once (on a worker)."""
        if not self.has_transcript or self.store_path is None:
            return None
        near = store_beside(Path(self.transcript.source))
        if near is None or near.resolve() == self.store_path.resolve():
            return None
        return near

    @property
    def title(self) -> str:
        if self.timeline.discussion_id:
            return self.timeline.discussion_id
        path = self.store_path if not self.has_transcript else Path(self.transcript.source)
        return path.name if path else "untitled"


def _quiet(stage: str | Said, fraction: float) -> None:
    return None


@frozen
class Inputs:
    """A transcript and a store made ready for the engine, with the options
    that actually apply (detected API, SillyTavern view) and what was decided."""

    transcript: Transcript
    options: EngineOptions
    notes: tuple[str | Said, ...]
    detected_api: Api | None = None  # the client API the file shows (None: it shows none)


def api_note(detected: Api | None, used: Api, chosen: bool) -> Said:
    """Which client API the hashes assume and why: people must see it, because
    the two APIs hash some contents differently (null, parts lists)."""
    if not chosen:
        if detected is None:
            return Said(Note.API_ASSUMED, (used.value,))
        return Said(Note.API_DETECTED, (detected.value,))
    if detected is not None and detected is not used:
        return Said(Note.API_CHOSEN_OTHER, (used.value, detected.value))
    return Said(Note.API_CHOSEN, (used.value,))


def resolve_inputs(transcript: Transcript, store: TimestampStore | None, options: EngineOptions) -> Inputs:
    """Apply what the file shows (client API, unless one was chosen) and, for
    SillyTavern, the "content as sent" view: the user's; with a timestamp file,
    the one matching it best; without one, SillyTavern's defaults."""
    request = options.request
    detected = transcript.api
    if options.detect_api and detected is not None:
        request = replace(request, api=detected)
    notes: list[str | Said] = [api_note(detected, request.api, not options.detect_api)]
    chat = transcript.sillytavern
    if chat is not None:
        from .transcripts.sillytavern import best_view, transcript_for  # loaded with the chat

        if options.st_view is None and store is not None:
            choice = best_view(chat, store, request)
            transcript = transcript_for(chat, choice.view, transcript.source, transcript.bad_lines)
            request = choice.request
            notes += [*transcript.notes, Said(Note.ST_BEST_MATCH, (choice.describe(),))]
        else:
            view = options.st_view or SendView()
            transcript = transcript_for(chat, view, transcript.source, transcript.bad_lines)
            notes += transcript.notes
    else:
        notes += transcript.notes
    return Inputs(transcript, replace(options, request=request), tuple(notes), detected)


def _collector_paused(load: Callable[..., Discussion]) -> Callable[..., Discussion]:
    """No cyclic garbage collection while a discussion loads: the load makes
    hundreds of thousands of containers, each young collection on the way
    would walk them, and none of them is garbage yet.

    What was loaded is not frozen (``gc.freeze``) afterwards, as it once was:
    frozen objects are never collected, so every discussion a reload or a
    close dropped stayed in memory for good (issue 29: +40 MB a reload at
    100k), and so did whatever else was alive at that moment. The loaded
    discussion is held in columns (tuples of strings, which the collector
    stops tracking), so a full collection with 100k messages open walks
    ~50,000 objects, ~15 ms, not the million the freeze was meant to spare."""

    @functools.wraps(load)
    def paused(*args: Any, **kwargs: Any) -> Discussion:
        collecting = gc.isenabled()
        gc.disable()
        try:
            return load(*args, **kwargs)
        finally:
            if collecting:
                gc.enable()

    return paused


@_collector_paused
def open_discussion(
    transcript_path: str | Path | None,
    store_path: str | Path | None,
    options: EngineOptions,
    now: datetime | None,
    progress: Progress = _quiet,
    *,
    key: FileKey | None = None,
    root: str | Path | None = None,
    api_key: str | None = None,
    fmt: str | None = None,
    chat: str | None = None,
    skip_bad_lines: bool = True,
    beside: bool = False,
    eager: bool = True,
    previous: Discussion | None = None,
    read_before: TranscriptRead | None = None,
) -> Discussion:
    """Load, hash, join and simulate; raises ``InputError`` naming the file.

    ``eager`` builds the timeline and the simulation before returning (what a
    GUI worker thread wants); without it they are built when first used.
    ``previous``: the same discussion as opened before (see ``reopen``); what
    did not change since is taken from it instead of being read and hashed.
    ``now`` None: the live clock, read on the middleware's clock once the
    files say which zone that is (``clock_now``); an aware ``now`` (a
    recorded request's arrival) is placed on that clock (``on_clock``).

    Without ``store_path``, a transcript whose request carries a discussion id
    finds its timestamp file under ``root`` (as the middleware would); with
    ``beside``, a ``timestamps.json`` in the transcript's folder is the next
    choice, and a timestamp file opened alone is paired with the transcript
    next to it that matches it best. Nothing found: a new discussion.
    """
    if transcript_path is None and store_path is None:
        raise InputError(None, Said(Problem.NOTHING_TO_OPEN))
    if transcript_path is not None:
        # the first file named, said first: a missing transcript beside a
        # broken timestamp file was reported only as the broken file (tryout)
        try:
            present = lexists(transcript_path)
        except OSError as error:  # a folder without permission is not "no such file"
            raise InputError(Path(transcript_path), unreadable(error)) from None
        if not present:
            raise InputError(Path(transcript_path), Said(Problem.NO_SUCH_FILE))
    read = StoreRead(None, None, None)
    if store_path is not None:
        store_path = Path(store_path)
        progress(Said(Stage.READING, (store_path.name,)), 0.05)
        read = _read_store_again(store_path, key, previous)
    store = read.store
    found_notes: list[str | Said] = []
    notes: tuple[str | Said, ...] = ()
    detected_api: Api | None = None
    loaded: Transcript | None = None
    rival: Path | None = None  # the file beside the chat when the root's was taken by the id
    prepared: PreparedRequest | None = None
    mark: FileMark | None = None
    tail: Tail | None = None
    if transcript_path is None and store_path is not None and beside:
        progress(Said(Stage.LOOKING_BESIDE), 0.15)
        loaded = _transcript_beside(store_path, store, options)
        if loaded is not None:
            transcript_path = loaded.source
            found_notes.append(Said(Note.TRANSCRIPT_BESIDE, (loaded.source,)))
    if transcript_path is not None:
        if loaded is None:
            progress(Said(Stage.READING, (Path(transcript_path).name,)), 0.25)
            mark = FileMark.of(transcript_path)  # before reading: a write during the read shows next time
            if previous is not None and mark is not None and mark == previous.transcript_mark:
                loaded, tail = previous.transcript, previous.transcript_tail  # not written since: not read
            elif read_before is not None and read_before.fits(
                previous, mark, options, eager, skip_bad_lines, fmt, chat
            ):
                loaded, tail = read_before.loaded, read_before.tail  # read to judge its change: not again
            else:
                loaded, tail = _load_again(
                    Path(transcript_path), options, previous, eager, skip_bad_lines, fmt, chat
                )
        if store_path is None:
            # a recorded request: the copy kept with it (what the middleware worked from)
            found = loaded.companion if loaded.companion is not None and loaded.companion.is_file() else None
            if found is not None:
                found_notes.append(Said(Note.STORE_RECORDED, (found,)))
            else:
                # the discussion id's file under the root, else the file beside the
                # transcript, else the id's file not created yet: a root remembered
                # from another setup named a file that did not exist while the
                # chat's own timestamps.json sat beside it (tryout: all untracked)
                by_id = _locate(loaded, options, root, api_key) if root is not None else None
                near = store_beside(Path(transcript_path)) if beside else None
                if beside and near is None and (by_id is None or not by_id.exists()):
                    # a DiscussionIds folder beside the chat holding its id's file
                    by_id = _locate_beside(loaded, options, Path(transcript_path), api_key) or by_id
                if by_id is not None and (by_id.exists() or near is None):
                    found = by_id
                    where = Note.STORE_FOR_ID if by_id.exists() else Note.STORE_FOR_ID_NEW
                    found_notes.append(Said(where, (by_id,)))
                    if near is not None and near.resolve() != by_id.resolve():
                        rival = near  # judged on the messages' hashes below
                elif near is not None:
                    found = near
                    found_notes.append(Said(Note.STORE_BESIDE, (near,)))
            if found is not None:
                store_path = found
                read = _read_store_again(found, key, previous)
                store = read.store
        progress(Said(Stage.MATCHING), 0.4)
        asked_options = options
        inputs = resolve_inputs(loaded, store, options)
        if rival is not None and store_path is not None:
            prepared = _prepare_again(inputs.transcript, inputs.options, previous)
            choice = _better_beside(prepared, store, rival, key)
            if choice is not None:
                # the file beside matches the messages, the root's matches fewer:
                # the one beside opens, the root's said passed over (tryout: a root
                # remembered from another setup paired the chat with a file matching none)
                found_notes = [
                    Said(Note.ROOT_PASSED_OVER, (rival, store_path, choice[1], choice[2]))
                    if isinstance(note, Said) and note.code is Note.STORE_FOR_ID
                    else note
                    for note in found_notes
                ]
                store_path, read = rival, choice[0]
                store = read.store
                inputs = resolve_inputs(loaded, store, asked_options)
                prepared = None  # other options may follow from the other file
        transcript, options, notes = inputs.transcript, inputs.options, (*found_notes, *inputs.notes)
        detected_api = inputs.detected_api
        has_transcript = True
    else:
        transcript = Transcript.from_messages([], "<none>", "none")
        has_transcript = False
    progress(Said(Stage.HASHING, (len(transcript.messages),)), 0.5)
    if prepared is None and read_before is not None and read_before.hashed(transcript, options):
        prepared = read_before.request  # hashed to judge the change, with the same messages and options
    try:
        request = prepared if prepared is not None else _prepare_again(transcript, options, previous)
    except InputError as error:
        raise error.with_source(transcript.source) from None
    discussion = Discussion(
        transcript,
        has_transcript,
        store,
        store_path,
        read.digest,
        request,
        # the live clock or an instant: placed below, once the clock's zone is known
        now if now is not None and now.tzinfo is None else datetime.min,
        options,
        notes,
        detected_api,
        mark,
        tail,
        read.tail,
    )
    rows_shared = False
    if previous is not None and request is previous.request and store is previous.store:
        _carry(previous, discussion, "timeline")  # same messages, same entries: same rows
        if now == previous.now:
            _carry(previous, discussion, "simulation")
    elif (
        previous is not None
        and has_transcript
        and previous.has_transcript
        and "timeline" in previous.__dict__
    ):
        from .timeline_update import updated_timeline

        progress(Said(Stage.JOINING_NEW), 0.75)
        update = updated_timeline(
            previous.timeline,
            previous.request,
            previous.store,
            previous.transcript,
            transcript,
            request,
            store,
            read.appended,
        )
        if update is not None:  # only the new and changed rows joined
            discussion.__dict__["timeline"] = update.timeline
            update.timeline.reuse_rows(previous.timeline, update.differing)
            rows_shared = True
    if now is None:
        discussion = at_time(discussion, clock_now(discussion), simulate=False)
    elif now.tzinfo is not None:  # an instant (a recorded request's arrival): on the discussion's clock
        discussion = at_time(discussion, on_clock(discussion, now).replace(microsecond=0), simulate=False)
    if eager:
        progress(Said(Stage.JOINING), 0.75)
        timeline = discussion.timeline
        if (
            not rows_shared
            and previous is not None
            and "timeline" in previous.__dict__
            and previous.timeline is not timeline
        ):
            timeline.reuse_rows(previous.timeline)  # rows that did not change are not made again
        progress(Said(Stage.SIMULATING), 0.9)
        discussion.computed()
    return discussion


def _load_again(
    path: Path,
    options: EngineOptions,
    previous: Discussion | None,
    remember: bool,
    skip_bad_lines: bool,
    fmt: str | None,
    chat: str | None,
) -> tuple[Transcript, Tail | None]:
    """The transcript at ``path``: when it is the previous one's JSON document
    with messages appended, only the new tail is read and parsed (the rest
    only summed). With ``remember``
    (a window that will re-open it), where the file can grow is noted."""
    zone = options.cst.zone
    tail = previous.transcript_tail if previous is not None and previous.has_transcript else None
    if tail is None and not remember:
        return load_transcript(path, zone=zone, skip_bad_lines=skip_bad_lines, fmt=fmt, chat=chat), None
    from .transcripts.growth import grown_file, tail_of  # only a window that re-opens needs it

    if previous is not None and tail is not None:
        found = grown_file(path, previous.transcript, tail, zone, remember)
        if found is not None:
            return found
    data = read_transcript_bytes(path)
    loaded = load_file_bytes(data, path, fmt=fmt, zone=zone, skip_bad_lines=skip_bad_lines, chat=chat)
    return loaded, tail_of(data, loaded) if remember else None


def _read_store_again(path: Path, key: FileKey | None, previous: Discussion | None) -> StoreRead:
    """The store at ``path`` and its digest; when it is the previous one's
    file again, the earlier store itself (same bytes), or it with the entries
    appended since parsed from the file's tail alone, or else a full parse
    keeping the earlier parses of the entries that did not change."""
    data = read_file_bytes(path)
    if data is None:
        return StoreRead(None, None, None)
    earlier = previous.store if previous is not None and path == previous.store_path else None
    if earlier is not None and previous is not None and previous.store_tail is not None:
        grown = grown_store(earlier, previous.store_tail, data, path)
        if grown is not None:
            return grown
    digest, tail = marked(data)
    if earlier is None or previous is None:
        return StoreRead(loads_store(data, path, key), digest, tail)
    if digest == previous.store_digest:
        return StoreRead(earlier, digest, tail, ())
    store = loads_store(data, path, key)
    from .timeline_update import entries_appended

    if entries_appended(earlier.as_mapping(), store.as_mapping()):
        # the middleware appended entries: every earlier parse holds
        added = dict(itertools.islice(store.as_mapping().items(), len(earlier), None))
        return StoreRead(TimestampStore.appended(earlier, added), digest, tail, tuple(added))
    store.inherit_parses(earlier)
    return StoreRead(store, digest, tail)


def _better_beside(
    request: PreparedRequest, chosen: TimestampStore | None, near: Path, key: FileKey | None
) -> tuple[StoreRead, int, int] | None:
    """The file beside the chat, read, with how many of its entries and of
    the chosen (the root's) file's match a message, when it matches more;
    else None. One pass over each file's keys against a set of the hashes:
    linear, and on the loading worker."""
    try:
        read = _read_store_again(near, key, None)
    except InputError:
        return None  # a broken file beside is not better: the root's stays, its doubt said
    if read.store is None:
        return None
    hashes = set(request.hashes)
    near_matched = sum(k in hashes for k in read.store.message_keys())
    chosen_matched = sum(k in hashes for k in chosen.message_keys()) if chosen is not None else 0
    if near_matched > chosen_matched:
        return read, near_matched, chosen_matched
    return None


def _prepare_again(
    transcript: Transcript, options: EngineOptions, previous: Discussion | None
) -> PreparedRequest:
    """The pipeline run only on the messages after the longest run of
    messages equal to the previous opening's (with the same options)."""
    messages = transcript.messages
    if previous is None or not previous.has_transcript or previous.options.request != options.request:
        return prepare_request(messages, options.request)
    before = previous.transcript.messages
    if before is messages:
        return previous.request
    common = min(len(before), len(messages))
    if transcript.extends(previous.transcript):
        pass  # its first messages are the earlier's own: nothing to compare
    elif before[:common] != messages[:common]:
        common = next(i for i, (a, b) in enumerate(zip(before, messages, strict=False)) if a != b)
    return prepare_request(messages, options.request, reuse=(previous.request, common))


def reopen(
    previous: Discussion,
    options: EngineOptions,
    now: datetime | None,
    progress: Progress = _quiet,
    *,
    key: FileKey | None = None,
    fmt: str | None = None,
    chat: str | None = None,
    skip_bad_lines: bool = True,
    eager: bool = True,
    read_before: TranscriptRead | None = None,
) -> Discussion:
    """The same files opened again after they changed on disk, doing only the
    work the change needs: an unchanged transcript file is not read, a grown
    one is hashed only after the messages it still shares, an unchanged
    timestamp file is not parsed, a changed one is parsed without re-reading
    the times it kept; the tracking pass runs again. Equal to a fresh
    ``open_discussion`` of the same files (a test holds it to that).
    ``read_before``: the transcript as ``transcript_judged`` read it, taken
    instead of reading it again when the file was not written since."""
    return open_discussion(
        previous.transcript.source if previous.has_transcript else None,
        previous.store_path,
        options,
        now,
        progress,
        key=key,
        fmt=fmt,
        chat=chat,
        skip_bad_lines=skip_bad_lines,
        eager=eager,
        previous=previous,
        read_before=read_before,
    )


@frozen
class TranscriptRead:
    """A transcript file as ``transcript_judged`` read it to judge its change,
    and its messages as hashed there: the ``reopen`` that follows takes them
    instead of parsing and hashing the file again (issue 29: a file that
    cannot be re-read from its tail cost ~3 s of the worker at 100k twice).
    Taken only by a reopen of the same ``previous``, of the file unwritten
    since (``mark``), read the same way."""

    previous: Discussion
    mark: FileMark
    zone: str  # the CST zone it was read in
    chat: str | None
    loaded: Transcript
    tail: Tail | None
    messages: tuple[dict[str, Any], ...] | None  # those hashed (``resolve_inputs``'): None, not hashed
    request_options: RequestOptions | None  # what they were hashed with
    request: PreparedRequest | None

    def fits(
        self,
        previous: Discussion | None,
        mark: FileMark | None,
        options: EngineOptions,
        eager: bool,
        skip_bad_lines: bool,
        fmt: str | None,
        chat: str | None,
    ) -> bool:
        """Whether a reopen reading this file as this read did may take it."""
        same_read = eager and skip_bad_lines and fmt is None and chat == self.chat
        return same_read and previous is self.previous and mark == self.mark and options.cst.zone == self.zone

    def hashed(self, transcript: Transcript, options: EngineOptions) -> bool:
        """Whether ``request`` is ``transcript`` hashed with ``options``."""
        same = self.request is not None and transcript.messages is self.messages
        return same and options.request == self.request_options


def transcript_judged(
    previous: Discussion, change: Change, chat: str | None = None
) -> tuple[Change, TranscriptRead | None]:
    """``change`` of ``previous``'s transcript file (as stat'ed) judged by its
    messages as the file is on disk now (``file_state.transcript_change``),
    read as ``reopen`` reads it, on a worker. A file whose bytes read are
    still its first ones (the client appended: only the new tail parsed) is
    grown without a hash made (the reload that follows hashes the new
    messages once, not twice); any other is hashed after the messages it
    still shares with the read (``_prepare_again``) and the hashes compared.
    One that cannot be read now (gone, half-written) stays as stat'ed. With
    the change, what was read (``TranscriptRead``: for the reopen that
    follows; None when nothing was)."""
    from .file_state import JUDGED, transcript_change

    if change not in JUDGED or not previous.has_transcript:
        return change, None
    path = Path(previous.transcript.source)
    mark = FileMark.of(path)  # before reading: a write during the read is not taken as read
    options = previous.options
    try:
        loaded, tail = _load_again(path, options, previous, True, True, None, chat)
        if loaded.extends(previous.transcript):
            grew = len(loaded.messages) > len(previous.transcript.messages)
            read = (
                None
                if mark is None
                else TranscriptRead(previous, mark, options.cst.zone, chat, loaded, tail, None, None, None)
            )
            return (Change.APPENDED if grew else Change.AS_READ), read
        inputs = resolve_inputs(loaded, previous.store, options)
        request = _prepare_again(inputs.transcript, inputs.options, previous)
    except InputError:
        return change, None
    read = None
    if mark is not None:
        read = TranscriptRead(
            previous,
            mark,
            options.cst.zone,
            chat,
            loaded,
            tail,
            inputs.transcript.messages,
            inputs.options.request,
            request,
        )
    return transcript_change(change, previous.request.hashes, request.hashes), read


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


def _locate_beside(
    transcript: Transcript, options: EngineOptions, transcript_path: Path, api_key: str | None
) -> Path | None:
    """``pairing.store_for_id_beside`` for the transcript's discussion id."""
    try:
        discussion_id = prepare_request(transcript.messages, options.request).discussion_id
    except InputError:
        return None
    return None if discussion_id is None else store_for_id_beside(transcript_path, discussion_id, api_key)


def _locate(
    transcript: Transcript, options: EngineOptions, root: str | Path, api_key: str | None
) -> Path | None:
    from .discovery import api_key_folder, locate_timestamp_file

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
    identity (path, digest as loaded) is kept; where the file can grow is
    the file's, not the edit's, and so is what the reply hints of the
    file's commit mode (``reply.edited_reply_state``)."""
    from .reply import edited_reply_state

    edited = replace(discussion, store=store, store_tail=None)
    edited.__dict__["reply_said"] = edited_reply_state(edited, discussion)
    return edited.computed()


def at_time(discussion: Discussion, now: datetime, *, simulate: bool = True) -> Discussion:
    """The same conversation and store with the next request simulated at
    ``now``: only the tracking is redone, nothing is read or hashed again
    (``simulate`` False: not even that, until the simulation is first used)."""
    moved = replace(discussion, now=now)
    for name in ("timeline", "reply_said", "clock", "own_axis"):  # none of them depends on ``now``
        _carry(discussion, moved, name)
    if simulate:
        _ = moved.simulation
    return moved


def _own_offset(own_times: Iterable[datetime | None]) -> tzinfo | None:
    """The offset most of the transcript's own times carry (None: none
    carries one): the transcript's clock when its stored times say nothing
    of the middleware's (all backfilled, or none stored). Without it the
    clock followed the timestamp file: rewritten as a one-second run, the
    demo's "Now" went from UTC+02:00 to the machine's UTC+00:00 and every
    history time moved by two hours (tryout)."""
    counted = collections.Counter(
        own.utcoffset() for own in own_times if own is not None and own.tzinfo is not None
    )
    if not counted:
        return None
    offset = counted.most_common(1)[0][0]
    return timezone(offset) if offset is not None else None


def clock_now(discussion: Discussion) -> datetime:
    """The live "now" of ``discussion``: the current time on the middleware's
    clock, in the zone its times are in (``Discussion.clock_zone``: the zone
    named, else the one the transcript's own times show, else this
    machine's), to the second. Read in this machine's zone, the demo's live
    clock (its times at +02:00) was two hours off on a machine in UTC, in the
    Now button, the CST labels and the times the next request would store."""
    return on_clock(discussion, datetime.now(UTC)).replace(microsecond=0)


def recorded_now(discussion: Discussion) -> datetime | None:
    """For a recorded request, its arrival on the discussion's clock: the
    "now" it was tracked at, which the window pins however the request is
    opened (the Recordings dock, a ``requests.jsonl`` on the command line or
    dropped); None for any other transcript. Opened from the command line,
    a request was shown at the live clock while the dock pinned it (tryout)."""
    arrival = discussion.transcript.arrival
    return None if arrival is None else on_clock(discussion, arrival).replace(microsecond=0)


def on_clock(discussion: Discussion, moment: datetime) -> datetime:
    """``moment`` as the discussion's clock shows it: naive, in
    ``Discussion.clock_zone`` (a naive ``moment`` is on it already). The one
    conversion of every moment placed beside the stored times: the live
    now, a recorded request's arrival pinned as "now", the file history's
    states. A pinned arrival read in this machine's zone sat two hours from
    the history states of the same instant on one strip (tryout)."""
    return to_naive_in(moment, discussion.clock_zone)


def _carry(source: Discussion, target: Discussion, name: str) -> None:
    """Give ``target`` what ``source`` already computed under ``name`` (same
    inputs): the cached value is set where ``cached_property`` keeps it."""
    if name in source.__dict__:
        target.__dict__[name] = source.__dict__[name]


def _gaps_between(
    moments: Iterable[datetime | None], *, to_minutes: bool = False
) -> tuple[timedelta | None, ...]:
    """Each moment less the previous one that is not None (None: itself
    undated, or nothing dated before it), as ``gap_between`` measures it."""
    out: list[timedelta | None] = []
    previous: datetime | None = None
    for moment in moments:
        out.append(
            gap_between(previous, moment, to_minutes=to_minutes)
            if moment is not None and previous is not None
            else None
        )
        if moment is not None:
            previous = moment
    return tuple(out)

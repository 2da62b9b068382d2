"""The timestamp file's own history: its states in order, what changed between them, and each entry's story.

The middleware keeps only the latest file, but the material for its past is
on disk: the recorder copies the file as each request arrives, and every
write of ours leaves a dated backup. This module reads such a series (a
recording, the backups beside a file, or files in a given order), diffs
consecutive states by their key sets (a state is parsed once and dropped:
1,000 states of 10,000 entries never sit in memory together) and, where
requests were recorded, says which request stored an entry, which change
no request explains (a hand edit), and the last request that still sent an
orphan's text, with what the client sent instead.
"""

from __future__ import annotations

import itertools
import json
import operator
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import field, replace
from datetime import UTC, datetime, timedelta, tzinfo
from difflib import SequenceMatcher
from pathlib import Path

from .crypto import FileKey
from .discovery import TIMESTAMP_FILE
from .edits import Operation, SetEntry
from .errors import InputError, unreadable
from .options import EngineOptions
from .pipeline import Kind, PreparedRequest, prepare_request
from .recordings import (
    CHAT_PATHS,
    REQUESTS_FILE,
    SNAPSHOT_FOLDER,
    RecordedRequest,
    client_requests,
    read_records,
)
from .records import frozen
from .store import (
    FILE_STAMP_RE,
    PLACEHOLDER_KEY,
    TimestampStore,
    backup_path,
    digest_of,
    file_stamp,
    loads_store,
    read_file_bytes,
    read_file_stamp,
)
from .store_growth import marked
from .timestrings import parse_absolute
from .transcripts import recorded_transcript
from .words import History, Problem, Said
from .zones import offset_name, to_naive_in

# backups a session of the window keeps per file besides its first (older ones
# it prunes: ``DiscussionSession._keep_backup``); the history knows the rule
SESSION_BACKUPS = 20
AMBIGUOUS_SHOWN = 5  # hashes an ambiguous prefix lists
PROGRESS_EVERY = 25  # states between two progress calls
# a state written within this of a save of ours is what that save wrote (the
# backup's stamp is to the second; the new file was written just before it)
SAVE_SLACK = timedelta(seconds=2)
# a request's newest message is stamped with the middleware's "now" when it
# handles the request: at most this after the recorder saw it arrive
LIVE_SLACK = timedelta(seconds=5)
_BACKUP = re.compile(rf"\.bak-({FILE_STAMP_RE})(?:-(\d+))?$")
_OTHER = re.compile(rf"\.other-({FILE_STAMP_RE})(?:-(\d+))?$")
_GONE = re.compile(rf"\.gone-({FILE_STAMP_RE})(?:-(\d+))?(?:\.(moved))?$")
_SAVED = re.compile(rf"\.saved-({FILE_STAMP_RE})(?:-(\d+))?$")
# save marks kept per file (``mark_saved``), the newest: a few more than a session's backups
SAVE_MARKS_KEPT = 2 * SESSION_BACKUPS + 2
# who wrote a save mark (``mark_saved``): the window's Save, or a command's ``--write``
SAVED_BY = ("window", "command line")
# what became of the file before a save of ours wrote it anew, as the session
# judged it (the ``.gone-`` mark's suffix; none: deleted, as marks always said)
ANEW_AFTER = ("deleted", "moved")


@frozen
class RequestRef:
    """A recorded client request, as a state and a story name it."""

    index: int  # 0-based among the recording's client requests (``--chat INDEX`` opens it)
    id: str
    received: datetime
    messages: int

    @property
    def number(self) -> int:
        """The number people read: from 1 ("request 4" was the fourth, where
        the index read "request 3" in the History beside "request 4 of 5" in
        the title and the Details, tryout)."""
        return self.index + 1


@frozen
class HistoryState:
    """One state of the file: where it was read from and what it held."""

    index: int
    path: Path | None  # None: there was no file then
    # aware: the request's arrival (recordings), else when this state was
    # written (the file's modification time; a backup keeps the replaced file's)
    when: datetime | None
    request: RequestRef | None  # the request that arrived with this state (recordings)
    # the messages' entries, the placeholder not counted (it is ``placeholder``): "entries"
    # means this everywhere (the Discussions dock, ``discussions``, ``inspect``); History
    # said 14 of the demo's file where the dock said 13 (tryout)
    entries: int
    placeholder: object | None = None  # the pending placeholder's value, if one was pending
    # a backup: when a save of Timeline Inspector set this state aside (the
    # stamp in its name). A backup's own time is not the moment it was current
    set_aside: datetime | None = None
    # a save of ours wrote exactly these bytes at this time (a save mark's digest,
    # ``mark_saved``), and by what (``SAVED_BY``): named for certain, never guessed
    saved_by: datetime | None = None
    saved_program: str = ""

    @property
    def label(self) -> str:
        return self.path.name if self.path is not None else "-"


@frozen
class StateChange:
    """What differs between state ``state - 1`` and state ``state``."""

    state: int
    added: tuple[tuple[str, object], ...] = ()
    changed: tuple[tuple[str, object, object], ...] = ()  # (key, before, after)
    removed: tuple[tuple[str, object], ...] = ()
    by: tuple[RequestRef, ...] = ()  # the requests processed in between (recordings)
    # keys no recorded request and no save of ours accounts for: by hand or another program
    unexplained: tuple[str, ...] = ()
    placeholder_to: str | None = None  # the hash that received the consumed placeholder's value
    # the previous state is a backup: the save of Timeline Inspector that
    # replaced it, at this time, wrote this state (or the first of a gap)
    saved: datetime | None = None
    # the file was written again after that save (later than ``SAVE_SLACK``):
    # the states between are not kept, so a change may be the save's or a later write's
    rewritten: bool = False
    # other discussions' files set aside by our saves between the two states
    foreign: tuple[ForeignFile, ...] = ()
    # such a gap where a session's pruning of its older backups would leave one:
    # SESSION_BACKUPS or more backups follow it (the saves between may all be ours)
    pruned: bool = False
    # keys changed across such a gap: that save's or a later write's, which
    # nothing kept tells apart (never counted as by hand: at most they are)
    uncertain: tuple[str, ...] = ()
    # the save of ours at this time wrote this state over another discussion's
    # file: it wrote what the window showed, which may hold a hand edit the
    # window read again after the save at ``saved`` (no backup kept that state)
    over: datetime | None = None
    # the file was deleted and a save of ours at this time wrote it anew (a ``.gone-``
    # mark): what the deleted file held is no state, the change spans the deletion
    written_anew: datetime | None = None
    # what became of the file before that save, as the session judged it
    # (``ANEW_AFTER``; issue 29: a moved file was said as "deleted")
    anew_after: str = "deleted"
    # keys changed in a way the middleware never changes one (``_beyond_middleware``):
    # a stored time removed, or rewritten otherwise than a group-chat commit rewrites
    # it; never offered as the middleware's, whatever else may have written between
    beyond_middleware: tuple[str, ...] = ()
    # the state is a file the middleware made anew after the one before was deleted
    # (``made_anew``): at this time, its first entry's, the request's; ``remade_keys``:
    # the entries it backfilled then (one second apart). The removals are the
    # deletion's, the backfill the middleware's: neither "never the middleware" (tryL 3)
    remade: datetime | None = None
    remade_keys: tuple[str, ...] = ()
    # this state's bytes are exactly what a save of ours wrote (a save mark): the
    # change is that save's for certain, whatever wrote between (``HistoryState.saved_by``)
    certain: bool = False
    # in a gap after the save at ``saved``: the keys its mark says it wrote, still as
    # it wrote them (``SaveMark.set``/``removed``): that save's for certain (tryL 3)
    saved_keys: tuple[str, ...] = ()
    # a save of ours at this time wrote a file deleted before this state, no copy kept:
    # known from its save mark alone, with the entries it set (tryN M3)
    lost_save: datetime | None = None
    lost_set: tuple[tuple[str, object], ...] = ()

    @property
    def by_no_request(self) -> bool:
        """Every entry it changed (the placeholder aside) is one no request between
        explains: a heading naming the requests would credit them with it (tryout:
        "(by request 4)" over lines that each said "by no recorded request")."""
        keys = {k for k, *_ in (*self.added, *self.changed, *self.removed) if k != PLACEHOLDER_KEY}
        return bool(keys) and keys <= set(self.unexplained)

    @property
    def middleware_possible(self) -> bool:
        """The middleware may have made some of it: it appended, set or
        consumed the placeholder, or rewrote an entry as a group-chat commit
        does. False: every change is one it never makes (removals, rewrites
        to an older time), which the panel and the command line then never
        offer as the middleware's (tryout: "the middleware, or a hand edit"
        over removals only)."""
        beyond = set(self.beyond_middleware)
        touched = {k for k, *_ in (*self.added, *self.changed, *self.removed)}
        return bool(touched - beyond)

    @property
    def placeholder_set(self) -> bool:
        return any(k == PLACEHOLDER_KEY for k, _ in self.added) or any(
            k == PLACEHOLDER_KEY for k, _, _ in self.changed
        )

    @property
    def placeholder_consumed(self) -> bool:
        return any(k == PLACEHOLDER_KEY for k, _ in self.removed) or any(
            k == PLACEHOLDER_KEY for k, _, _ in self.changed
        )


@frozen
class ForeignFile:
    """Another discussion's file that stood where this one's was, until a
    save of ours set it aside as ``path`` (``.other-STAMP``): no state of
    this discussion (its entries are another's), but an episode of its file."""

    path: Path
    written: datetime | None  # when it was written (copied) there
    set_aside: datetime  # the save of ours that wrote this discussion's file over it


@frozen
class EntryEvent:
    """One thing that happened to one key: it appeared, its value changed, or it went."""

    state: int
    kind: str  # added | changed | removed
    before: object | None
    after: object | None
    by: RequestRef | None  # the request that did it; None: no recorded request explains it
    placeholder: bool = False  # added from the reply's placeholder
    saved: datetime | None = (
        None  # a save of Timeline Inspector at this time did it (or, ``gap``, a later write)
    )
    gap: bool = False  # the file was written again after that save, the states between not kept
    over: datetime | None = None  # or the save at this time, which wrote it over another discussion's file
    pruned: bool = False  # a gap where backups of ours may have been pruned (``StateChange.pruned``)
    # a change the middleware never makes (``StateChange.beyond_middleware``)
    beyond_middleware: bool = False
    # the file was deleted and the middleware made it anew at this time (``StateChange.remade``)
    remade: datetime | None = None
    # set by the save at ``saved`` whose file was deleted after, no copy kept: known from
    # its save mark alone (tryN M3: the story began at the middleware's backfill)
    lost: bool = False


@frozen
class Orphaning:
    """A hash the requests stopped sending: the last one that sent it and what came instead."""

    hash: str
    last_sent: RequestRef
    position: int  # its message's index in that request (after the pipeline)
    next: RequestRef
    replaced_by: str | None  # the hash at that position in the next request, if any
    cause: Said


@frozen
class UnsentReply:
    """A reply the middleware stored as it answered that no request ever sent
    back: still pending (the reply to the newest request), regenerated (the
    next request sent the same messages again), or dropped otherwise."""

    hash: str
    reply_to: RequestRef
    pending: bool  # the reply to the newest recorded request: the next one will send it back
    regenerated_at: RequestRef | None = None  # the next request, which sent the same messages again
    replaced_by: str | None = None  # that request's recorded reply (None: none recorded)


@frozen
class Story:
    """One hash's story, in sentences (``said``) and as data."""

    hash: str
    events: tuple[EntryEvent, ...]
    orphaning: Orphaning | None
    now: object | None  # its value in the newest state (None: absent or null)
    in_newest: bool  # the newest state holds it
    position: int | None  # its message's index in the newest request, if it is sent there
    replaced: tuple[Orphaning, ...]  # earlier texts this message's text took the place of
    said: tuple[Said, ...]
    # a stored reply no request sent back: pending, regenerated or dropped (one
    # verdict that the sentences and the command line's JSON both read)
    unsent: UnsentReply | None = None
    not_sent: bool = False  # stored, not sent in the newest request, and no request known to stop sending it
    regenerated_from: tuple[UnsentReply, ...] = ()  # replies this reply's regeneration took the place of


@frozen
class FileHistory:
    """A discussion's file over time, and the newest request's messages."""

    source: str
    states: tuple[HistoryState, ...]
    changes: tuple[StateChange, ...]  # changes[i] leads to states[i + 1]
    events: Mapping[str, tuple[EntryEvent, ...]]
    orphanings: Mapping[str, Orphaning]  # the last time each hash stopped being sent
    requests: tuple[RequestRef, ...]
    newest_hashes: tuple[str, ...] = ()  # the newest request's timestamped messages' hashes by position
    newest_kinds: tuple[Kind, ...] = ()
    newest_roles: tuple[str, ...] = ()
    replacements: Mapping[str, tuple[Orphaning, ...]] = field(default_factory=dict)
    notes: tuple[Said, ...] = ()
    sent: frozenset[str] = frozenset()  # every hash any recorded request sent
    # a recorded reply by the request it answered, and the replies a regeneration replaced
    replies: Mapping[int, str] = field(default_factory=dict)
    regenerations: Mapping[str, UnsentReply] = field(default_factory=dict)  # by the replaced reply's hash
    # the newest request's messages' numbers by position: their index in the client's
    # list, the "#" the table, Simulate and Details give a message (None: one the pipeline added)
    newest_numbers: tuple[int | None, ...] = ()
    # the first recorded request that sent each hash of ``sent``: a message no state
    # holds was said "first sent at" the newest request, whatever request first sent it (issue 31)
    first_sent: Mapping[str, RequestRef] = field(default_factory=dict)

    @property
    def has_past(self) -> bool:
        """More than the file as it is now: an earlier state or a recorded
        request. A file alone is one state, a row of the History panel, with
        no time of its own to mark on the strip and no story beyond its value."""
        return len(self.states) > 1 or bool(self.requests)

    def after(self, now: datetime, zone: tzinfo) -> tuple[bool, ...]:
        """Per state, whether its time is later than ``now`` (naive, on the
        clock of ``zone``, as the "future" flag compares stored times): a
        recording opened pinned to its arrival, or a copy dated by its mtime.
        To the second, as states are said ("request 3 (05:12:18)") and a
        live "now" is kept: a copy made within the current second is not after it."""
        return tuple(
            state.when is not None and state_on_clock(state.when, zone) > now for state in self.states
        )

    def current_at(self, now: datetime, zone: tzinfo) -> int | None:
        """The state current at ``now``: the last not after it (``after``),
        the first when all are after it (None: no state). History selected
        the newest, drawn after a pinned "now" the rest of the window shows
        (tryout: a request pinned to 05:12:16 showed "request 3 (05:12:18)")."""
        later = self.after(now, zone)
        if not later:
            return None
        return max((n for n, late in enumerate(later) if not late), default=0)

    def placeholder_messages(self) -> dict[str, int]:
        """The "#" of the newest request's message each consumed placeholder
        went to (``placeholder_messages``), for ``history``, which tells the
        newest request's messages by position as the window tells its open
        transcript's."""
        return placeholder_messages(self.changes, self.newest_hashes, self.newest_kinds, self.newest_numbers)

    @property
    def numbered_by(self) -> RequestRef | None:
        """The recorded request whose "#" ``placeholder_messages`` counts by:
        the recording's newest (None: a transcript's, no recorded request)."""
        return self.requests[-1] if self.requests else None

    def numbered_apart(self, opened: str | None) -> RequestRef | None:
        """The recorded request with id ``opened`` (the one a view has open,
        None: the newest), when it is not the one ``numbered_by`` counts by:
        a view that counts the "#" by it says so. The window counted by the
        request it had open, ``history`` by the newest, and both said
        "message #N" for one placeholder with two numbers (issue 31)."""
        newest = self.numbered_by
        if opened is None or newest is None or opened == newest.id:
            return None
        return next((r for r in self.requests if r.id == opened), None)

    def where(self, state: int) -> Said:
        """A state as people are told it: its request when there is one."""
        return walk_where(self.states[state])

    def story(self, digest: str) -> Story:
        """Everything known about one hash, oldest first."""
        events = self.events.get(digest, ())
        newest = self.states[-1] if self.states else None
        in_newest = bool(events) and events[-1].kind != "removed"
        now = events[-1].after if in_newest else None
        position = _position(self.newest_hashes, self.newest_kinds, digest)
        orphaning = self.orphanings.get(digest) if position is None else None
        replaced = self.replacements.get(digest, ()) if position is not None else ()
        said: list[Said] = []
        for event in events:
            said.append(self.event_said(event))
        if not events:
            said.append(self._unstored_said(digest, position))
        else:
            values = [e.after for e in events if e.kind != "removed"]
            if any(e.kind == "changed" for e in events):
                pass  # each change is told
            elif any(v != values[0] for v in values):  # removed, then stored again with another time
                said.append(Said(History.STORED_AGAIN_OTHER, (values[0], values[-1])))
            else:  # said before a removal, of the time it had (tryout: "removed …", then "never changed")
                said.insert(1, Said(History.NEVER_CHANGED))
        unsent = None if orphaning is not None or position is not None else self._unsent(digest, events)
        not_sent = (
            orphaning is None
            and unsent is None
            and position is None
            and in_newest
            and newest is not None
            and newest.request is not None
        )
        if orphaning is not None:
            said.append(
                Said(
                    History.ORPHANED,
                    (request_said(orphaning.last_sent), request_said(orphaning.next), orphaning.cause),
                )
            )
        elif unsent is not None:
            said.append(_unsent_said(unsent))
        elif not_sent:
            said.append(Said(History.NOT_SENT))
        for earlier in replaced:
            said.append(
                Said(History.REPLACED, (earlier.hash[:12], request_said(earlier.next), earlier.cause))
            )
        regenerated_from = tuple(r for r in self.regenerations.values() if r.replaced_by == digest)
        for earlier_reply in regenerated_from:
            assert earlier_reply.regenerated_at is not None
            said.append(
                Said(
                    History.REGENERATED_FROM,
                    (
                        earlier_reply.hash[:12],
                        request_said(earlier_reply.reply_to),
                        request_said(earlier_reply.regenerated_at),
                    ),
                )
            )
        return Story(
            digest,
            events,
            orphaning,
            now,
            in_newest,
            position,
            replaced,
            tuple(said),
            unsent,
            not_sent,
            regenerated_from,
        )

    def _unstored_said(self, digest: str, position: int | None) -> Said:
        """What is known of a message of the newest request that no state holds.
        Each copy is taken as its request arrives, before the middleware
        tracks it: a message first sent by the newest request can be in no
        copy yet, but one an earlier request sent is missing from the copy the
        newest request's arrival took. Both were said "first sent at" the
        newest request (issue 31: a message of request 2 read "first sent at
        request 3" once request 3 was recorded)."""
        last = self.states[-1].request if self.states else None
        if position is None or last is None or not self.requests or last != self.requests[-1]:
            return Said(History.NEVER_STORED)
        first = self.first_sent.get(digest, last)
        if first == last:
            return Said(History.STORED_NEXT, (request_said(last),))
        return Said(History.NOT_IN_LAST_COPY, (request_said(first), request_said(last)))

    def _unsent(self, digest: str, events: Sequence[EntryEvent]) -> UnsentReply | None:
        """A reply stored as the middleware answered that no request sent back
        (tryout: the newest reply, which no request could have sent back yet,
        was called an orphan; a regenerated one was not linked to its successor)."""
        if not self.requests or digest in self.sent or _by_reply(events) is None:
            return None
        regenerated = self.regenerations.get(digest)
        if regenerated is not None:
            return regenerated
        answered = [index for index, reply in self.replies.items() if reply == digest]
        if not answered:
            return None
        reply_to = self.requests[answered[-1]]
        return UnsentReply(digest, reply_to, pending=reply_to == self.requests[-1])

    def message_story(self, position: int) -> Story:
        """The story of message ``position`` of the newest request; ``InputError`` when there is none."""
        if not self.newest_hashes:
            raise InputError(self.source, Said(History.NO_MESSAGES))
        if not 0 <= position < len(self.newest_hashes):
            raise InputError(self.source, Said(History.NO_SUCH_MESSAGE, (position, len(self.newest_hashes))))
        if self.newest_kinds[position] is not Kind.TIMESTAMPED:
            story = self.story(self.newest_hashes[position])
            return replace(story, said=(Said(History.NOT_TIMESTAMPED),))
        return self.story(self.newest_hashes[position])

    def event_said(self, event: EntryEvent) -> Said:
        """One event of a hash's story, as ``history --message`` and the
        window's History tell it; Details quotes it for a time the history
        shows stored as it happened (``stored_live``). Its own words there
        called a placeholder pending before the recording "the placeholder
        of request 1, when its reply began" (tryout)."""
        where = self.where(event.state)
        if event.lost and event.saved is not None:
            return Said(History.SAVED_LOST, (event.saved, event.after, where))
        if event.remade is not None:
            if event.kind == "removed":
                return Said(History.REMADE_REMOVED, (where, event.before, event.remade))
            if event.kind == "changed":
                return Said(History.REMADE_CHANGED, (where, event.before, event.after, event.remade))
            return Said(History.REMADE_STORED, (where, event.after, event.remade))
        if event.saved is not None:
            return _saved_said(event, where)
        if event.kind == "added":
            if event.state == 0:
                return Said(History.FIRST_STATE, (where, event.after))
            if event.by is None:
                return Said(History.STORED_BY_HAND, (where, event.after))
            code = History.STORED_PLACEHOLDER if event.placeholder else History.STORED
            return Said(code, (request_said(event.by), event.after))
        if event.kind == "changed" and event.by is not None:  # a group-chat commit's overwrite
            return Said(History.CHANGED_BY_COMMIT, (request_said(event.by), event.before, event.after))
        if event.kind == "changed" and not event.beyond_middleware:
            return Said(History.CHANGED_LATER, (where, event.before, event.after))
        if event.kind == "changed":
            return Said(History.CHANGED, (where, event.before, event.after))
        if event.by is None:  # tryout: the states said "by hand", the story said no one
            return Said(History.REMOVED_BY_HAND, (where, event.before))
        return Said(History.REMOVED, (where, event.before))


def stored_live(history: FileHistory, digest: str, zone: tzinfo) -> EntryEvent | None:
    """The event that stored ``digest``'s current time as it happened, when
    the history shows one: from a reply's placeholder (its generation
    start), or as the newest time a recorded request stored, within
    ``LIVE_SLACK`` of its arrival on the discussion's clock (``zone``): the
    middleware's "now" for the newest message. Such a time is no backfill's,
    even one second from its neighbour: a reply whose generation started a
    second after its question read as a "one-second run" the backward pass
    invented, beside a history naming the request that stored it (tryout).
    None: the history does not show it (no recorded request stored the
    value, or it stored it with later ones, as a backfill does)."""
    events = history.events.get(digest, ())
    event = events[-1] if events else None
    if event is None or event.kind == "removed" or event.by is None or event.saved is not None:
        return None
    if event.placeholder:
        return event
    moment = parse_absolute(event.after)
    arrival = to_naive_in(event.by.received, zone).replace(microsecond=0)
    if moment is None or not arrival <= moment <= arrival + LIVE_SLACK:
        return None
    change = history.changes[event.state - 1]
    stored = [after for key, after in change.added if key not in (PLACEHOLDER_KEY, change.placeholder_to)]
    stored += [
        after for key, _, after in change.changed if key not in (PLACEHOLDER_KEY, change.placeholder_to)
    ]
    latest = max((t for t in map(parse_absolute, stored) if t is not None), default=None)
    return event if latest == moment else None


def _unsent_said(unsent: UnsentReply) -> Said:
    if unsent.pending:
        return Said(History.PENDING, (request_said(unsent.reply_to),))
    if unsent.regenerated_at is not None:
        return Said(History.REGENERATED, (request_said(unsent.reply_to), request_said(unsent.regenerated_at)))
    # no request ever sent it, so none stopped sending it (tryout: only
    # "never changed its time", no word of the orphan)
    return Said(History.NEVER_SENT_BACK, (request_said(unsent.reply_to),))


def _by_reply(events: Sequence[EntryEvent]) -> RequestRef | None:
    """The request whose reply stored this hash (its first event), if a request did."""
    first = events[0] if events else None
    return first.by if first is not None and first.kind == "added" and first.by is not None else None


def _saved_said(event: EntryEvent, where: Said) -> Said:
    """An event between two states a save of ours separates: that save's, or
    (a gap) the save's or a later write's that kept no backup."""
    if event.gap and event.pruned:
        if event.kind == "added":
            return Said(History.PRUNED_STORED, (where, event.after, event.saved))
        if event.kind == "changed":
            return Said(History.PRUNED_CHANGED, (where, event.before, event.after, event.saved))
        return Said(History.PRUNED_REMOVED, (where, event.before, event.saved))
    if event.gap:
        # the middleware offered only for what it can do (spec: it appends, consumes
        # the placeholder, and a commit overwrites one entry with a newer time);
        # tryout: removals said as "by the middleware, or the save"
        if event.kind == "added":
            return Said(History.GAP_STORED, (where, event.after, event.saved))
        if event.kind == "changed" and event.beyond_middleware:
            return Said(History.GAP_CHANGED_BY_HAND, (where, event.before, event.after, event.saved))
        if event.kind == "changed":
            return Said(History.GAP_CHANGED, (where, event.before, event.after, event.saved))
        if event.beyond_middleware:
            return Said(History.GAP_REMOVED_BY_HAND, (where, event.before, event.saved))
        return Said(History.GAP_REMOVED, (where, event.before, event.saved))
    if event.over is not None:
        if event.kind == "added":
            return Said(History.OVER_STORED, (event.saved, event.after, event.over))
        if event.kind == "changed":
            return Said(History.OVER_CHANGED, (event.saved, event.before, event.after, event.over))
        return Said(History.OVER_REMOVED, (event.saved, event.before, event.over))
    if event.kind == "added":
        return Said(History.SAVED_STORED, (event.saved, event.after))
    if event.kind == "changed":
        return Said(History.SAVED_CHANGED, (event.saved, event.before, event.after))
    return Said(History.SAVED_REMOVED, (event.saved, event.before))


def state_on_clock(when: datetime, zone: tzinfo) -> datetime:
    """A state's time as it is said and placed: naive on ``zone``'s clock (the
    discussion's), to the second. A state written 0.4 s after the last
    message's stored second (a recording's arrival, pinned as "now") said the
    same time and was drawn a step right of its mark (issue 31)."""
    return to_naive_in(when, zone).replace(microsecond=0)


def said_on_clock(said: Said, zone: tzinfo | None) -> Said:
    """``said`` with its times (and those of the sentences in it) read on
    ``zone``'s clock: the discussion's, where the strip places the states and
    the live now is read (tryout: the panel listed a state at 01:35 UTC that
    the strip placed at 03:35 +02:00). None: as they are."""
    if zone is None:
        return said

    def moved(arg: object) -> object:
        if isinstance(arg, datetime) and arg.tzinfo is not None:
            return arg.astimezone(zone)
        if isinstance(arg, Said):
            return said_on_clock(arg, zone)
        return arg

    return Said(said.code, tuple(moved(a) for a in said.args))


def clock_time(moment: datetime, zone: tzinfo | None) -> str:
    """A time of the history as its sentences write it (``words.History``:
    ``%Y-%m-%d %H:%M:%S``) on ``zone``'s clock, the discussion's (None: as
    it is). The one format the History panel and ``history`` write a save's
    or a set-aside's time in; the command line wrote a save's stamp on this
    machine's clock beside a state's time on the discussion's (tryout: "at
    2026-12-07 12:43:40" on a line dated 14:43:40+02:00, "14:43:40" in the
    window). The clock is named once (``zone_label``)."""
    shown = moment.astimezone(zone) if zone is not None and moment.tzinfo is not None else moment
    return f"{shown:%Y-%m-%d %H:%M:%S}"


def zone_label(zone: tzinfo, at: datetime | None = None) -> str:
    """The zone as an offset from UTC at ``at`` (now when None): "UTC+2"."""
    moment = (at or datetime.now(UTC)).astimezone(zone)
    return offset_name(moment.replace(tzinfo=None), zone)


def request_said(request: RequestRef) -> Said:
    return Said(History.WHERE_REQUEST, (request.number, request.received))


def placeholder_messages(
    changes: Sequence[StateChange],
    hashes: Sequence[str],
    kinds: Sequence[Kind],
    numbers: Sequence[int | None],
) -> dict[str, int]:
    """By hash, the "#" of the message each consumed placeholder of ``changes``
    was given to, among a request's messages (``hashes``, ``kinds`` and their
    ``numbers``, the index in the client's list: the table's, Simulate's
    and Details' "#"); a hash no message has now is left out. The one
    judgement by which History names that message in the window and in
    ``history``: "placeholder given to 477b03ee…" named none where Simulate
    said "#16" (issue 31). One pass over the request, not one per state."""
    wanted = {c.placeholder_to for c in changes if c.placeholder_consumed and c.placeholder_to}
    found: dict[str, int] = {}
    if not wanted:
        return found
    for position in range(len(hashes) - 1, -1, -1):  # the newest message with the hash, as ``_position``
        digest = hashes[position]
        if digest in wanted and digest not in found and kinds[position] is Kind.TIMESTAMPED:
            number = numbers[position] if position < len(numbers) else None
            found[digest] = position if number is None else number
            if len(found) == len(wanted):
                break
    return found


def _position(hashes: Sequence[str], kinds: Sequence[Kind], digest: str) -> int | None:
    """The newest message with ``digest`` that the middleware timestamps."""
    for position in range(len(hashes) - 1, -1, -1):
        if hashes[position] == digest and kinds[position] is Kind.TIMESTAMPED:
            return position
    return None


def orphaning_cause(before: str | None, after: str | None) -> Said:
    """Why a text's hash stopped being sent: what the client sent at its place instead."""
    if after is None:
        return Said(History.CAUSE_GONE)
    if before is None:
        return Said(History.CAUSE_EDITED, (1,))
    if after.strip() == before.strip():
        core = before.strip()
        if core and after.strip() == core:
            lead_b, trail_b = before[: before.index(core)], before[before.index(core) + len(core) :]
            lead_a, trail_a = after[: after.index(core)], after[after.index(core) + len(core) :]
            if trail_a != trail_b and lead_a == lead_b:
                if trail_a.startswith(trail_b):
                    return Said(History.CAUSE_TRAILING_ADDED, (trail_a[len(trail_b) :],))
                if trail_b.startswith(trail_a):
                    return Said(History.CAUSE_TRAILING_LOST, (trail_b[len(trail_a) :],))
            if lead_a != lead_b and trail_a == trail_b:
                if lead_a.endswith(lead_b):
                    return Said(History.CAUSE_LEADING_ADDED, (lead_a[: len(lead_a) - len(lead_b)],))
                if lead_b.endswith(lead_a):
                    return Said(History.CAUSE_LEADING_LOST, (lead_b[: len(lead_b) - len(lead_a)],))
            return Said(History.CAUSE_WHITESPACE)
    if before.replace("\r\n", "\n") == after.replace("\r\n", "\n"):
        return Said(History.CAUSE_LINE_ENDINGS)
    if unicodedata.normalize("NFC", before) == unicodedata.normalize("NFC", after):
        return Said(History.CAUSE_UNICODE)
    first = next((i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b), None)
    # counted from 1, as people count (tryout: "from character 17" for the 18th)
    return Said(History.CAUSE_EDITED, ((min(len(before), len(after)) if first is None else first) + 1,))


# ---------------------------------------------------------------- the sources


@frozen
class _Step:
    """One state to read, with the request that arrived with it (if any)."""

    path: Path | None
    when: datetime | None
    request: RecordedRequest | None = None
    request_index: int | None = None
    digest: str | None = None  # identical digests: identical states, not parsed twice
    set_aside: datetime | None = None  # a backup: when a save of ours replaced it


def backups_of(path: Path) -> list[Path]:
    """The backups our writes kept beside ``path``, oldest first (by the stamp in the name)."""
    found = []
    for candidate in path.parent.glob(f"{glob_escape(path.name)}.bak-*"):
        match = _BACKUP.search(candidate.name)
        if match is None or candidate.name[: match.start()] != path.name:
            continue
        stamp = read_file_stamp(match.group(1))
        if stamp is None:
            continue
        # by the moment named, not the name: an older name's local stamp and a UTC one
        found.append((stamp, int(match.group(2) or 0), candidate.name, candidate))
    return [p for *_, p in sorted(found)]


def others_of(path: Path) -> list[ForeignFile]:
    """Other discussions' files our saves set aside beside ``path``
    (``.other-STAMP``, see ``DiscussionSession._write_all``), oldest first."""
    found = []
    for candidate in path.parent.glob(f"{glob_escape(path.name)}.other-*"):
        match = _OTHER.search(candidate.name)
        if match is None or candidate.name[: match.start()] != path.name:
            continue
        stamp = read_file_stamp(match.group(1))
        if stamp is None:
            continue
        found.append((stamp, int(match.group(2) or 0), ForeignFile(candidate, _mtime(candidate), stamp)))
    return [f for _, _, f in sorted(found, key=lambda item: item[:2])]


def anew_of(path: Path) -> list[tuple[datetime, str]]:
    """When saves of ours wrote ``path`` anew after it was deleted or moved
    (``.gone-STAMP`` marks, ``mark_written_anew``), and which of the two
    (``ANEW_AFTER``), oldest first."""
    found: list[tuple[datetime, str]] = []
    for candidate in path.parent.glob(f"{glob_escape(path.name)}.gone-*"):
        match = _GONE.search(candidate.name)
        if match is None or candidate.name[: match.start()] != path.name:
            continue
        stamp = read_file_stamp(match.group(1))
        if stamp is None:
            continue
        found.append((stamp, match.group(3) or "deleted"))
    return sorted(found)


def mark_written_anew(path: Path, now: datetime | None = None, after: str = "deleted") -> Path | None:
    """Leave an empty ``.gone-STAMP`` beside ``path``, which a save of ours is
    about to write anew where it was deleted: no backup keeps the deleted
    file, and without a mark its history showed nothing of the deletion
    (tryout). Only where the file has a history (backups or set-aside files).
    ``after``: what became of the file, as the session judged it
    (``ANEW_AFTER``): a moved one is marked ``.gone-STAMP.moved``, and its
    history says "moved", never "deleted" (issue 29)."""
    if not backups_of(path) and not others_of(path):
        return None
    suffix = f".{after}" if after != "deleted" and after in ANEW_AFTER else ""
    mark = path.with_name(f"{path.name}.gone-{file_stamp(now)}{suffix}")
    try:
        mark.touch()
    except OSError:
        return None
    return mark


@frozen
class SaveMark:
    """A save of ours, as its mark beside the file says it: when, what wrote
    it (``SAVED_BY``), and the SHA-256 of the exact bytes it wrote."""

    when: datetime
    digest: str
    program: str = "window"
    # the entries the save set (key, value) and removed (keys), when it says them
    # (``SAVE_MARK_EDITS`` at most): a change after it that no backup kept is that
    # save's for these, for certain, where the file holds what it wrote
    set: tuple[tuple[str, object], ...] = ()
    removed: tuple[str, ...] = ()


# the edits a save mark lists at most (a save of a few edits is the common one; a
# write of everything shown is named by its digest alone)
SAVE_MARK_EDITS = 1000


def mark_saved(
    path: Path,
    digest: str,
    program: str = "window",
    now: datetime | None = None,
    edits: Sequence[tuple[str, object]] | None = None,
    removed: Sequence[str] = (),
) -> Path | None:
    """Leave ``timestamps.json.saved-STAMP`` beside ``path``, which a save of
    ours (``program``: ``SAVED_BY``) has just written with bytes of SHA-256
    ``digest``: the history then names a state with those bytes as that
    save's for certain. Without it a state the window wrote, once the file
    was written again or anew around it, was told "by hand or by another
    program, or by the save" (tryL 3). The newest ``SAVE_MARKS_KEPT`` stay;
    a mark that cannot be written is no failure of the save (None). Only
    where the file has a history (backups or set-aside files), as
    ``mark_written_anew``: a new discussion's first file is written as the
    middleware would, with nothing beside it."""
    if not backups_of(path) and not others_of(path):
        return None
    mark = backup_path(path, now, "saved")
    said: dict[str, object] = {"sha256": digest, "by": program if program in SAVED_BY else SAVED_BY[0]}
    if edits is not None and len(edits) + len(removed) <= SAVE_MARK_EDITS:
        said["set"] = dict(edits)
        said["removed"] = list(removed)
    try:
        text = json.dumps(said)
    except (TypeError, ValueError):  # a value JSON cannot say: the digest alone
        text = json.dumps({"sha256": digest, "by": said["by"]})
    try:
        mark.write_text(text + "\n", encoding="utf-8")
    except OSError:
        return None
    for old, _ in _save_mark_files(path)[:-SAVE_MARKS_KEPT]:
        old.unlink(missing_ok=True)
    return mark


def mark_saved_edits(
    path: Path, digest: str, ops: Sequence[Operation], program: str = "window"
) -> Path | None:
    """``mark_saved`` for a save of edits: the entries it set and removed
    listed in the mark too."""
    edits = [(op.key, op.value) for op in ops if isinstance(op, SetEntry)]
    removed = [op.key for op in ops if not isinstance(op, SetEntry)]
    return mark_saved(path, digest, program, edits=edits, removed=removed)


def _save_mark_files(path: Path) -> list[tuple[Path, datetime]]:
    """The save marks beside ``path`` and their stamps, oldest first."""
    found = []
    for candidate in path.parent.glob(f"{glob_escape(path.name)}.saved-*"):
        match = _SAVED.search(candidate.name)
        if match is None or candidate.name[: match.start()] != path.name:
            continue
        stamp = read_file_stamp(match.group(1))
        if stamp is not None:
            found.append((stamp, int(match.group(2) or 0), candidate))
    return [(p, stamp) for stamp, _, p in sorted(found, key=lambda item: item[:2])]


def save_marks_of(path: Path) -> list[SaveMark]:
    """The saves of ours that marked ``path`` (``mark_saved``), oldest first;
    a mark that does not read as one is passed over."""
    marks = []
    for candidate, stamp in _save_mark_files(path):
        try:
            said = json.loads(candidate.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        digest = said.get("sha256") if isinstance(said, dict) else None
        if isinstance(digest, str) and len(digest) == 64:
            program = said.get("by")
            edits = said.get("set")
            gone = said.get("removed")
            marks.append(
                SaveMark(
                    stamp,
                    digest,
                    program if program in SAVED_BY else SAVED_BY[0],
                    tuple(edits.items()) if isinstance(edits, dict) else (),
                    tuple(k for k in gone if isinstance(k, str)) if isinstance(gone, list) else (),
                )
            )
    return marks


def made_anew(
    old: Mapping[str, object], new: Mapping[str, object]
) -> tuple[datetime, tuple[str, ...]] | None:
    """When ``new`` is a file the middleware made anew where ``old`` was
    deleted: its request's time and the entries it backfilled then; None
    when it is not. The middleware never deletes the file, never removes
    an entry and keeps a file's first entry first (it appends). A file it
    makes where there is none holds the request's messages, newest first,
    backfilled one second apart ending at the request's time (the spec's
    backward pass). So: ``new``'s first entry is not ``old``'s, and ``new``
    begins with such a run of two entries at least. Told
    as changes of the old file, the removals and the older times read
    "the middleware never does this" (tryL 3)."""
    first_old = next((k for k in old if k != PLACEHOLDER_KEY), None)
    keys = (k for k in new if k != PLACEHOLDER_KEY)  # walked only as far as the run goes
    first_new = next(keys, None)
    if first_old is None or first_new is None or first_new == first_old:
        return None
    run: list[str] = []
    expected: datetime | None = None
    for key in itertools.chain((first_new,), keys):
        value = new[key]
        moment = parse_absolute(value) if isinstance(value, str) else None
        if moment is None or (expected is not None and moment != expected):
            break
        run.append(key)
        expected = moment - timedelta(seconds=1)
    if len(run) < 2:  # one entry alone says too little: a hand edit or a save may leave one
        return None
    start = parse_absolute(new[run[0]])
    assert start is not None
    return start, tuple(run)


def glob_escape(name: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", name)


def backup_time(path: Path) -> datetime | None:
    """When a save of ours set the backup at ``path`` aside (the stamp in its
    name, ``read_file_stamp``); None: not a backup's name."""
    match = _BACKUP.search(path.name)
    if match is None:
        return None
    return read_file_stamp(match.group(1))


def _mtime(path: Path) -> datetime | None:
    """When the file at ``path`` was last written (aware). A backup is the
    replaced file itself (a hard link, or a copy keeping the time): when
    that state was written, not when it was set aside."""
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    except OSError:
        return None


def requests_file(source: Path) -> Path | None:
    """The ``requests.jsonl`` a source names: itself, or inside a discussion folder of a recording."""
    if source.is_dir():
        inside = source / REQUESTS_FILE
        if inside.is_file():
            return inside
        found = sorted(source.glob(f"*/{REQUESTS_FILE}"))
        clients = [p for p in found if p.parent.name != "_no-id"]
        if len(clients) == 1:
            return clients[0]
        if not clients:
            if (source / TIMESTAMP_FILE).is_file():
                return None  # a discussion's folder: its file's history (``history_sources``)
            raise InputError(source, Said(History.NO_STATES))
        names = ", ".join(p.parent.name for p in clients)
        raise InputError(source, Said(History.PICK_DISCUSSION, (len(clients), names)))
    if source.name == REQUESTS_FILE:
        return source
    return None


def history_sources(sources: Sequence[str | Path]) -> tuple[Path | None, list[Path]]:
    """(the recording's ``requests.jsonl`` or None, the timestamp files after it).
    One timestamp file alone stands for its backups and itself.

    A source the system will not let us look at (a folder without
    permission, a name too long) is said as that, naming it: ``Path.is_dir``
    raises for those instead of answering False (tryout: ``history`` with a
    300-character name, or a file in a ``chmod 000`` folder, ended in a
    traceback)."""
    paths = [Path(s) for s in sources]
    if not paths:
        raise InputError(None, Said(History.NO_STATES))
    try:
        recording = requests_file(paths[0])
    except OSError as error:
        raise InputError(paths[0], unreadable(error)) from None
    files = paths[1:] if recording is not None else paths
    if recording is None and len(files) == 1 and files[0].is_dir():
        files = [files[0] / TIMESTAMP_FILE]  # tryout: told to record with --discussions instead
    for path in files:
        try:
            folder = path.is_dir()
        except OSError as error:
            raise InputError(path, unreadable(error)) from None
        if folder or path.name == REQUESTS_FILE:
            raise InputError(path, Said(History.RECORDING_FIRST))
    if recording is None and len(files) == 1:
        files = [*backups_of(files[0]), files[0]]
    return recording, files


def history_pair(sources: Sequence[str | Path]) -> tuple[Path | None, Path | None]:
    """The transcript and timestamp file the window shows for the history of
    ``sources`` (``history_source_for`` the other way): the recording's
    ``requests.jsonl`` (its newest request) or a transcript given first, and
    the last timestamp file given (None: the request's own copy, or none).
    Its clock (``Discussion.clock_zone``) is the one the history's times are
    told on, in the CLI as in the window (tryout: the CLI said "request 1
    (06:41:32)" in UTC, the window "(08:41:32)" on the discussion's +02:00)."""
    recording, files = history_sources(sources)
    transcript, files = _transcript_beside(recording, files)
    store = files[-1] if files and backup_time(files[-1]) is None else None
    return (recording or transcript), store


def _transcript_beside(recording: Path | None, files: list[Path]) -> tuple[Path | None, list[Path]]:
    """A transcript given first, beside one timestamp file (``history chat.json
    timestamps.json``): it gives the messages' positions, as the window's
    open transcript does, so ``--message N`` works with backups (tryout: refused
    as "is a transcript" though the window tells the story by message).
    Returns (the transcript or None, the timestamp files: the one given's
    backups, then itself)."""
    if recording is not None or len(files) != 2 or backup_time(files[0]) is not None:
        return None, files
    data = read_file_bytes(files[0])
    if data is None or not _is_transcript(data, files[0]):
        return None, files
    return files[0], [*backups_of(files[1]), files[1]]


def _is_transcript(data: bytes, path: Path) -> bool:
    """``data`` reads as a transcript with messages and not as a timestamp file."""
    from .transcripts import loads_transcript

    try:
        entries = loads_store(data, path, None).as_mapping()
        if all(map(str.__instancecheck__, entries.values())):
            return False
    except InputError:
        pass
    try:
        return bool(loads_transcript(data, str(path)).messages)
    except InputError:
        return False


def _prepared(request: RecordedRequest, options: EngineOptions) -> PreparedRequest:
    transcript = recorded_transcript(request, request.place, options.cst.zone)
    api = CHAT_PATHS.get(request.path, options.request.api)
    try:
        return prepare_request(transcript.messages, replace(options.request, api=api))
    except InputError as error:
        raise error.with_source(request.place) from None


def _reply_hash(request: RecordedRequest, options: EngineOptions) -> str | None:
    """The key of the recorded reply to ``request`` (``--responses``), None
    when none was recorded: a middleware that stores the reply's time as it
    answers stores it under this key, which that request explains (the
    tryout's fake did: each reply's entry was counted as by hand)."""
    response = request.response
    if response is None or not response.text:
        return None
    try:
        reply = prepare_request([{"role": "assistant", "content": response.text}], options.request)
    except InputError:
        return None
    return reply.hashes[0] if reply.hashes else None


def _orphaned_at(
    before: PreparedRequest, after: PreparedRequest, left: frozenset[str], known: Callable[[str], bool]
) -> Iterator[tuple[str, int, int | None, Said]]:
    """For each hash of ``left`` (sent in ``before``, not in ``after``): its
    position in ``before``, the position in ``after`` of the text the client
    sent in its place (None: none) and why it was lost.

    The two requests are aligned by the hashes they share, not by position:
    a deleted message shifts every later one, and the message after it,
    stored requests before, read as an edit of the deleted one (tryout: a
    deleted "Add a museum" told as "Thanks", edited from character 0). Within
    a run that differs, messages of the same role are paired in order; a
    text that existed before (``known``: sent or stored earlier) is never
    what took the orphan's place; where the run lost messages, a new text
    pairs with the old one of its role most like it."""
    matcher = SequenceMatcher(None, before.hashes, after.hashes, autojunk=False)
    olds, news = before.fields, after.fields
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        pairs: dict[int, int] = {}
        if tag == "replace":
            news_free = [j for j in range(j1, j2) if not known(after.hashes[j])]
            if i2 - i1 == j2 - j1:  # runs of the same length: an edit keeps its place
                pairs = {
                    j - j1 + i1: j for j in news_free if olds[j - j1 + i1].get("role") == news[j].get("role")
                }
            else:  # some deleted too: each new text pairs with the likeliest old one of its role, in order
                low = i1
                for j in news_free:
                    text = str(news[j].get("content", ""))
                    role = news[j].get("role")
                    scored = [
                        (SequenceMatcher(None, str(olds[i].get("content", "")), text).ratio(), -i)
                        for i in range(low, i2)
                        if olds[i].get("role") == role
                    ]
                    if scored:
                        best = -max(scored)[1]
                        pairs[best] = j
                        low = best + 1
        for i in range(i1, i2):
            digest = before.hashes[i]
            if digest not in left:
                continue
            paired = pairs.get(i)
            if paired is None:
                yield digest, i, None, orphaning_cause(str(olds[i].get("content", "")), None)
                continue
            cause = orphaning_cause(str(olds[i].get("content", "")), str(news[paired].get("content", "")))
            yield digest, i, paired, cause


# ---------------------------------------------------------------- the walk


def _added_first(event: EntryEvent, value: object) -> bool:
    """``event`` is ``EntryEvent(0, "added", None, value, None)``: the story
    of an entry in the first state (``value`` the same object, or equal
    text; a value that is not text is kept only as the same object: ``1``
    equals ``1.0``, and ``[1]`` equals ``[1.0]``)."""
    after = event.after
    same = after is value or (type(after) is str and type(value) is str and after == value)
    return same and (
        event.state,
        event.kind,
        event.before,
        event.by,
        event.placeholder,
        event.saved,
        event.gap,
        event.over,
        event.pruned,
    ) == (0, "added", None, None, False, None, False, None, False)


def _story(events: list[EntryEvent], told: tuple[EntryEvent, ...] | None) -> tuple[EntryEvent, ...]:
    """``events`` as a tuple: ``told`` itself when it holds the same events."""
    if told is not None and len(told) == len(events) and all(map(operator.is_, told, events)):
        return told
    return tuple(events)


class _Walk:
    """The running state of one pass over the series."""

    def __init__(self, earlier: Mapping[str, tuple[EntryEvent, ...]] | None = None) -> None:
        # an earlier history's stories: an event equal to one of them is that one
        self.earlier: Mapping[str, tuple[EntryEvent, ...]] = earlier or {}
        self.states: list[HistoryState] = []
        self.changes: list[StateChange] = []
        self.events: dict[str, list[EntryEvent]] = {}
        self.orphanings: dict[str, Orphaning] = {}
        self.replacements: dict[str, list[Orphaning]] = {}
        self.previous: dict[str, object] | None = None
        self.between: list[RequestRef] = []  # requests processed since the last state
        self.between_hashes: set[str] = set()
        self.last_request: tuple[RequestRef, PreparedRequest, frozenset[str]] | None = None
        # every hash sent before the newest request or stored in a state read:
        # a text the client sends where an orphan was is no edit of it when it existed already
        self.known: set[str] = set()
        self.reply: str | None = None  # the newest request's recorded reply's key
        # every timestamped hash a request sent, with the first request that sent it
        self.first_sent: dict[str, RequestRef] = {}
        self.replies: dict[int, str] = {}  # each recorded reply's key by its request's index
        self.regenerations: dict[str, UnsentReply] = {}  # by the replaced reply's key
        self.others: list[ForeignFile] = []  # other discussions' files set aside beside it, oldest first
        self.anew: list[tuple[datetime, str]] = []  # when saves of ours wrote it anew, and after what
        self.marks: list[SaveMark] = []  # the saves of ours that marked it (``save_marks_of``)
        # saves whose files were deleted, no copy kept, and the state after (``_lost_save``)
        self.lost: list[tuple[datetime, int]] = []

    def request(self, ref: RequestRef, prepared: PreparedRequest, reply: str | None = None) -> None:
        """A request arrived: what it stopped sending is orphaned here.
        ``reply``: the key of its recorded reply (it explains that key too)."""
        stamped = Kind.TIMESTAMPED
        sent = frozenset(h for h, k in zip(prepared.hashes, prepared.kinds, strict=True) if k is stamped)
        if self.last_request is not None:
            earlier, earlier_prepared, earlier_sent = self.last_request
            if (
                self.reply is not None
                and prepared.hashes == earlier_prepared.hashes
                and reply != self.reply
                and self.reply not in sent
            ):
                # the same messages again: the front end asked for that reply anew
                self.regenerations[self.reply] = UnsentReply(self.reply, earlier, False, ref, reply)
            left = earlier_sent - sent
            if left:
                for digest, position, new_position, cause in _orphaned_at(
                    earlier_prepared, prepared, left, lambda h: h in self.known or h in self.events
                ):
                    new_hash = prepared.hashes[new_position] if new_position is not None else None
                    found = Orphaning(digest, earlier, position, ref, new_hash, cause)
                    self.orphanings[digest] = found
                    if new_hash is not None:
                        self.replacements.setdefault(new_hash, []).append(found)
            for digest in sent - earlier_sent:  # sent again: no longer orphaned by that step
                self.orphanings.pop(digest, None)
            self.known |= earlier_sent
        self.first_sent.update({digest: ref for digest in sent if digest not in self.first_sent})
        self.last_request = (ref, prepared, sent)
        self.reply = reply
        if reply is not None:
            self.replies[ref.index] = reply

    def processed(self, ref: RequestRef) -> None:
        """The middleware worked on this request before the next state was taken."""
        assert self.last_request is not None and self.last_request[0] is ref
        self.between.append(ref)
        self.between_hashes |= self.last_request[2]
        if self.reply is not None:
            self.between_hashes.add(self.reply)

    def state(
        self,
        step: _Step,
        current: dict[str, object],
        ref: RequestRef | None,
        delta: tuple[dict[str, object], dict[str, object]] | None,
        wrote: SaveMark | None = None,
    ) -> None:
        """A state was read; ``delta``: the parts of the previous and this
        state that can differ (None: compare them whole); ``wrote``: the save
        of ours whose bytes it is (``written_by``)."""
        index = len(self.states)
        self.states.append(
            HistoryState(
                index,
                step.path,
                step.when,
                ref,
                len(current) - (PLACEHOLDER_KEY in current),
                current.get(PLACEHOLDER_KEY),
                step.set_aside,
                wrote.when if wrote is not None else None,
                wrote.program if wrote is not None else "",
            )
        )
        if self.previous is None:
            earlier = self.earlier
            for key, value in current.items():
                told = earlier.get(key)
                first = told[0] if told else None
                if first is None or not _added_first(first, value):
                    first = EntryEvent(0, "added", None, value, None)
                self.events[key] = [first]
        else:
            old, new = delta if delta is not None else (self.previous, current)
            saved = self.states[-2].set_aside if not self.between else None
            foreign: tuple[ForeignFile, ...] = ()
            over: datetime | None = None
            if saved is not None:
                end = step.when + SAVE_SLACK if step.when is not None else None
                foreign = tuple(
                    f for f in self.others if saved <= f.set_aside and (end is None or f.set_aside <= end)
                )
                if foreign and step.when is not None and abs(step.when - foreign[-1].set_aside) <= SAVE_SLACK:
                    # the save that set the other's file aside wrote this state, everything
                    # the window showed: all of it ours, the first save's or that one's
                    # (tryout: told as "a later write that kept no backup", the foreign
                    # file left unsaid)
                    over = foreign[-1].set_aside
            rewritten = (
                saved is not None
                and over is None
                and step.when is not None
                and step.when > saved + SAVE_SLACK
            )
            # a gap after the save at ``saved``: the entries that save's mark says it wrote,
            # still as it wrote them, are its for certain (tryL 3)
            ours_for_sure: tuple[dict[str, object], frozenset[str]] = ({}, frozenset())
            if saved is not None and rewritten and wrote is None:
                mark = next((m for m in reversed(self.marks) if abs(m.when - saved) <= SAVE_SLACK), None)
                if mark is not None:
                    ours_for_sure = (dict(mark.set), frozenset(mark.removed))
            certain = False
            if wrote is not None and over is None:
                # these bytes are what the save at ``wrote`` wrote: the change is that save's,
                # whatever wrote between (tryL 3: "by hand or by another program, or by the
                # save" of a file the window wrote anew after a deletion)
                certain = saved is None or rewritten or abs(wrote.when - saved) > SAVE_SLACK
                saved, rewritten = wrote.when, False
            first_new = next(iter(current), None)
            remade = (
                None
                if delta is not None and first_new not in delta[1]  # its head, first key kept
                else made_anew(delta[0] if delta is not None else self.previous or {}, current)
            )
            if wrote is not None:
                remade = None  # written by our save: its order is the window's
            lost = (
                self._lost_save(index, saved, delta[0] if delta is not None else self.previous or {})
                if remade is not None and saved is not None
                else None
            )
            anew = None
            before = self.states[-2]
            since = before.set_aside or before.when
            if since is not None and step.when is not None:
                anew = next((g for g in reversed(self.anew) if since <= g[0] <= step.when + SAVE_SLACK), None)
            self._diff(
                index,
                old,
                new,
                saved,
                rewritten,
                foreign,
                over,
                current if delta is not None else None,
                remade,
                ours_for_sure,
            )
            if certain:
                self.changes[-1] = replace(self.changes[-1], certain=True)
            if lost is not None:
                self.changes[-1] = replace(self.changes[-1], lost_save=lost.when, lost_set=lost.set)
            if anew is not None:
                self.changes[-1] = replace(self.changes[-1], written_anew=anew[0], anew_after=anew[1])
        self.previous = current
        self.between = []
        self.between_hashes = set()

    def _lost_save(self, index: int, saved: datetime, old: Mapping[str, object]) -> SaveMark | None:
        """The save of ours at ``saved`` wrote a file deleted before state
        ``index`` (the middleware made it anew): no copy keeps its bytes, but
        its save mark says what it set. Told in those entries' stories before
        the deletion, and noted where the states are counted (tryN M3: #14's
        story began at the backfill, the save that set it left out)."""
        mark = next((m for m in reversed(self.marks) if abs(m.when - saved) <= SAVE_SLACK), None)
        if mark is None:
            return None
        self.lost.append((mark.when, index))
        for key, value in mark.set:
            before = old.get(key)
            kind = "changed" if key in old else "added"
            if key in old and before == value:
                continue  # set as it was: nothing happened to it
            self.events.setdefault(key, []).append(
                EntryEvent(index, kind, before, value, None, saved=mark.when, lost=True)
            )
        return mark

    def _diff(
        self,
        index: int,
        old: dict[str, object],
        new: dict[str, object],
        saved: datetime | None = None,
        rewritten: bool = False,
        foreign: tuple[ForeignFile, ...] = (),
        over: datetime | None = None,
        whole: Mapping[str, object] | None = None,
        remade: tuple[datetime, tuple[str, ...]] | None = None,
        sure: tuple[dict[str, object], frozenset[str]] = ({}, frozenset()),
    ) -> None:
        """``saved``: a save of ours replaced the previous state (a backup) at
        that time; unless ``rewritten`` after it, what changed is that save's
        (or, ``over``, that of the save at that time which wrote this state
        over another discussion's file). ``whole``: this state whole, when
        ``old`` and ``new`` are only the parts that can differ (the reader
        updates one dict in place: the previous state is ``whole`` with
        ``old`` in place of ``new``)."""
        by = tuple(self.between)
        explained = self.between_hashes
        request = by[-1] if by else None
        added_keys = new.keys() - old.keys()
        removed_keys = old.keys() - new.keys()
        try:  # values are text nearly always: the set of differing items is made in C
            differing = {k for k, _ in old.items() ^ new.items()}
        except TypeError:  # a value that is not hashable (a list): compared one by one
            differing = {k for k in old.keys() & new.keys() if old[k] != new[k]} | added_keys | removed_keys
        changed_keys = differing - added_keys - removed_keys
        order = {k: i for i, k in enumerate(new)} if added_keys else {}
        added = tuple(sorted(((k, new[k]) for k in added_keys), key=lambda kv: order[kv[0]]))
        removed = tuple((k, old[k]) for k in old if k in removed_keys) if removed_keys else ()
        changed = tuple((k, old[k], new[k]) for k in new if k in changed_keys) if changed_keys else ()
        pending = old.get(PLACEHOLDER_KEY) if PLACEHOLDER_KEY in old else None
        consumed = PLACEHOLDER_KEY in old and (PLACEHOLDER_KEY not in new or PLACEHOLDER_KEY in changed_keys)
        placeholder_to = (
            placeholder_receiver(pending, added, changed, explained.__contains__ if by else None)
            if consumed
            else None
        )

        def previous_values() -> Iterator[object]:
            yield from old.values()
            if whole is not None:
                yield from (v for k, v in whole.items() if k not in new)

        beyond = _beyond_middleware(changed, removed, pending if consumed else None, previous_values)
        # a file the middleware made anew after a deletion: what the deleted file held went
        # with it, the run it backfilled is its work; neither is "never the middleware"
        remade_at, backfilled = remade if remade is not None else (None, ())
        # (its placeholder too: the reply's, saved after the tracking pass)
        anew_keys = set(backfilled) | removed_keys | (added_keys & {PLACEHOLDER_KEY}) if remade_at else set()
        beyond -= anew_keys
        unexplained: list[str] = []
        uncertain: list[str] = []
        # all of it the save's: nothing unexplained. Not so when a later save wrote it over
        # another discussion's file: it wrote the window's entries, which may hold a hand
        # edit the window read again between the two saves (tryout: a hand deletion told
        # as "saved by Timeline Inspector", the hand edit no longer offered)
        ours = saved is not None and not rewritten and over is None
        # a gap after a save of ours: the save's or a later write's, not known to be by hand
        unknown = uncertain if saved is not None else unexplained
        set_by_save, removed_by_save = sure
        certain: list[str] = []  # the save's for certain, by its mark, in a gap after it

        def saved_it(key: str, value: object, gone: bool = False) -> bool:
            held = key in removed_by_save if gone else key in set_by_save and set_by_save[key] == value
            if held:
                certain.append(key)
            return held

        for key, value in added:
            ok = bool(by) if key == PLACEHOLDER_KEY else key in explained
            anew = key in anew_keys and not ours
            sure_key = not ok and not anew and saved_it(key, value)
            if not ok and not ours and not anew and not sure_key:
                unknown.append(key)
            self.events.setdefault(key, []).append(
                EntryEvent(
                    index,
                    "added",
                    None,
                    value,
                    request if ok else None,
                    key == placeholder_to,
                    None if ok or anew else saved,
                    rewritten and not sure_key,
                    None if ok else over,
                    remade=remade_at if anew else None,
                )
            )
        for key, before, after in changed:
            # the middleware changes no stored time but the placeholder's, and the
            # entry a group-chat commit overwrites: the reply's, which that request sent
            ok = bool(by) and (key == PLACEHOLDER_KEY or (key in explained and key not in beyond))
            anew = key in anew_keys and not ours
            sure_key = not ok and not anew and saved_it(key, after)
            if not ok and not ours and not anew and not sure_key:
                unknown.append(key)
            self.events.setdefault(key, []).append(
                EntryEvent(
                    index,
                    "changed",
                    before,
                    after,
                    request if ok else None,
                    False,
                    None if ok or anew else saved,
                    rewritten and not sure_key,
                    None if ok else over,
                    beyond_middleware=key in beyond,
                    remade=remade_at if anew else None,
                )
            )
        for key, before in removed:
            ok = key == PLACEHOLDER_KEY and bool(by)  # nor removes one
            anew = key in anew_keys and not ours
            sure_key = not ok and not anew and saved_it(key, None, gone=True)
            if not ok and not ours and not anew and not sure_key:
                unknown.append(key)
            self.events.setdefault(key, []).append(
                EntryEvent(
                    index,
                    "removed",
                    before,
                    None,
                    request if ok else None,
                    False,
                    None if ok or anew else saved,
                    rewritten and not sure_key,
                    None if ok else over,
                    beyond_middleware=key in beyond,
                    remade=remade_at if anew else None,
                )
            )
        self.changes.append(
            StateChange(
                index,
                added,
                changed,
                removed,
                by,
                tuple(unexplained),
                placeholder_to,
                saved,
                rewritten,
                foreign=foreign,
                uncertain=tuple(uncertain),
                over=over,
                beyond_middleware=tuple(k for k, *_ in (*changed, *removed) if k in beyond),
                remade=remade_at if anew_keys and not ours else None,
                remade_keys=tuple(k for k in backfilled if k in anew_keys) if not ours else (),
                saved_keys=tuple(certain),
            )
        )


def placeholder_receiver(
    pending: object,
    added: Sequence[tuple[str, object]],
    changed: Sequence[tuple[str, object, object]],
    explained: Callable[[str], bool] | None = None,
) -> str | None:
    """The key that took the value of a placeholder consumed between two
    states (``pending``: that value), or None when none did (dropped: the
    reply had a time already, or there was no reply). Spec: the middleware
    gives the placeholder's value to the reply's hash, appended, or
    overwriting a stored entry in place (a group-chat commit); so does the
    simulation a save of Timeline Inspector applies. The first key in the
    file's order that holds the value now and did not before, an appended
    one first (the placeholder phase runs before the backward pass appends
    anything). ``explained``: with recorded requests between the states,
    only a key one of them accounts for. The one judgement the History panel
    and ``history`` read (``StateChange.placeholder_to``): a save's
    consumption was told "dropped" beside a diff that showed the reply
    taking the value (tryout)."""
    candidates = (
        *(k for k, v in added if v == pending),
        *(k for k, _, after in changed if after == pending),
    )
    return next((k for k in candidates if k != PLACEHOLDER_KEY and (explained is None or explained(k))), None)


def _beyond_middleware(
    changed: Sequence[tuple[str, object, object]],
    removed: Sequence[tuple[str, object]],
    placeholder: object | None,
    previous: Callable[[], Iterator[object]],
) -> set[str]:
    """The keys changed in a way the middleware never changes one (spec: it
    appends entries, consumes the reply's placeholder, and a group-chat
    commit overwrites the entry of a reply equal to an earlier message with
    the reply's time): every removal but the placeholder's, and a rewrite of
    a stored time unless it is to the placeholder consumed (``placeholder``:
    its value) or to a time no earlier than every time the previous state
    held (``previous``: its values; a commit's clock, or a placeholder set and
    consumed between two states kept). The one place the History panel and the command line learn
    what the middleware can have done; the rest is by hand or by another
    program (or a save of ours, where one was made)."""
    beyond = {key for key, _ in removed if key != PLACEHOLDER_KEY}
    rewritten = [(key, after) for key, _, after in changed if key != PLACEHOLDER_KEY]
    if not rewritten:
        return beyond
    latest: datetime | None = None
    looked = False
    for key, after in rewritten:
        if placeholder is not None and after == placeholder:
            continue
        moment = parse_absolute(after) if isinstance(after, str) else None
        if moment is None:  # the middleware writes only times it formats
            beyond.add(key)
            continue
        if not looked:  # only when a rewrite asks (rare): one pass over the previous state
            looked = True
            latest = max(
                (t for t in (parse_absolute(v) for v in previous() if isinstance(v, str)) if t),
                default=None,
            )
        if latest is not None and moment < latest:
            beyond.add(key)
    return beyond


def _common_prefix(a: bytes, b: bytes) -> int:
    """How many leading bytes ``a`` and ``b`` share: halving, each step one
    ``memcmp`` of the half not known yet (``startswith`` at an offset, no copy)."""
    n = min(len(a), len(b))
    view = memoryview(a)
    if b.startswith(view[:n]):
        return n
    low, high = 0, n  # a[:low] == b[:low]; a[:high] != b[:high]
    while high - low > 1:
        middle = (low + high) // 2
        if b.startswith(view[low:middle], low):
            low = middle
        else:
            high = middle
    return low


def _line_key(data: bytes, start: int) -> str | None:
    """The key of the entry line that starts at ``start`` (None: not an entry line)."""
    end = data.find(b"\n", start)
    line = data[start : end if end >= 0 else len(data)].strip().rstrip(b",")
    if not line.startswith(b'"'):
        return None
    try:
        entry = json.loads(b"{" + line + b"}")
    except ValueError:
        return None
    return next(iter(entry), None) if isinstance(entry, dict) and len(entry) == 1 else None


Delta = tuple[dict[str, object], dict[str, object]]


@frozen
class KnownRead:
    """A timestamp file the caller has read and parsed already (the open
    discussion's): where, the SHA-256 of its bytes as read, and what they
    hold. A state whose bytes have that digest takes these entries instead
    of parsing the file again (parse each stored value once): at 100k the
    history read again on every append made 100k strings and events anew,
    the window's memory grew by them (issue 29, ``gui_memory.py``)."""

    path: Path
    digest: str
    store: TimestampStore


class _Reader:
    """Reads the states one after the other, parsing of each only what differs.

    The middleware writes one entry per line (indent 4) and appends: two
    consecutive states share their bytes up to near the end. Where the
    previous state was such a file, only the lines from the first differing
    one are parsed, and the entries before it are the previous state's own
    (kept in one dict, changed in place). Anything else is parsed whole."""

    def __init__(self, key: FileKey | None, known: KnownRead | None = None) -> None:
        self.key = key
        self.known = known
        self.data: bytes | None = None
        self.entries: dict[str, object] = {}
        self.keys: list[str] = []
        self.by_line = False  # the previous state has one entry per line

    def read(self, path: Path | None, copy: bool) -> tuple[dict[str, object], Delta | None]:
        """The state at ``path`` (None: no file then) and, when known, the
        parts of the previous state and this one that differ."""
        data = None
        if path is not None:
            data = read_file_bytes(path)
            if data is None:
                raise InputError(path, Said(History.STATE_MISSING if copy else Problem.NO_SUCH_FILE))
        if data is None:
            self.data, self.entries, self.keys, self.by_line = None, {}, [], False
            return self.entries, None
        if self.data is not None and data == self.data:
            return self.entries, ({}, {})
        if self.data is not None and self.by_line:
            assert path is not None
            found = self._tail(data, path)
            if found is not None:
                return self.entries, found
        entries = self._known(data, path)
        if entries is None:
            entries = dict(loads_store(data, path, self.key).as_mapping())
        self.data, self.entries, self.keys = data, entries, list(entries)
        newlines = data.count(b"\n")
        self.by_line = (
            bool(entries)
            and data.startswith(b"{\n")
            and newlines == len(entries) + (2 if data.endswith(b"\n") else 1)
            and all(map(str.__instancecheck__, entries.values()))
        )
        return entries, None

    def _known(self, data: bytes, path: Path | None) -> dict[str, object] | None:
        """The entries of the file read already, when ``data`` are its bytes
        (same path, same digest): the same keys and values in the same order
        as a parse, and the very same objects (None: parse)."""
        known = self.known
        if known is None or path != known.path or marked(data)[0] != known.digest:
            return None
        return dict(known.store.as_mapping())

    def _tail(self, data: bytes, path: Path) -> Delta | None:
        old = self.data
        assert old is not None
        cut = old.rfind(b"\n", 0, _common_prefix(old, data)) + 1
        if cut < 2:
            return None
        keys = self.keys
        if old.startswith(b"}", cut):
            head = len(keys)  # every entry is the same: the new ones follow them
        else:
            # the entry lines before the first that differs: the position of its key,
            # looked for from the end (the middleware appends: it is near there)
            key = _line_key(old, cut)
            head = next((i for i in range(len(keys) - 1, -1, -1) if keys[i] == key), -1)
            if head < 0:
                return None
        tail = data[cut:]
        try:
            new_tail = dict(loads_store(b"{\n" + tail, path, self.key).as_mapping())
        except InputError:
            return None  # said by the whole file's parse, with its own line and column
        entries = self.entries
        old_keys = keys[head:]
        old_tail = {k: entries[k] for k in old_keys}
        if any(k in entries and k not in old_tail for k in new_tail):
            return None  # a key written twice: the whole file decides which one counts
        for key in old_keys:
            del entries[key]
        entries.update(new_tail)
        del self.keys[head:]
        self.keys.extend(new_tail)
        self.data = data
        self.by_line = tail.count(b"\n") == len(new_tail) + (1 if data.endswith(b"\n") else 0) and all(
            map(str.__instancecheck__, new_tail.values())
        )
        return old_tail, new_tail


def _steps(recording: Path | None, files: Sequence[Path], notes: list[Said]) -> Iterator[_Step]:
    if recording is not None:
        file = read_records(recording)
        for line, problem in file.problems:  # as ``inspect`` says them (tryout: a truncated last line unsaid)
            notes.append(Said(History.LINE_SKIPPED, (recording, line, problem)))
        requests = client_requests(file.requests)
        unknown = _unknown_states(requests)
        for index, request in enumerate(requests):
            snapshot = request.snapshot
            if snapshot is None or index in unknown:  # a request, no state
                yield _Step(None, request.received, request, index, digest="no-copy")
                continue
            path = request.snapshot_path()
            yield _Step(path, request.received, request, index, snapshot.sha256)
    for path in files:
        set_aside = backup_time(path)
        when = _mtime(path) or set_aside
        yield _Step(path, when, set_aside=set_aside)


def _unknown_states(requests: Sequence[RecordedRequest]) -> set[int]:
    """The requests whose copy says nothing of this discussion's file: none
    was kept because the file could not be read (``error``), or the recorder
    looked for it elsewhere (a Bearer key's per-user folder that does not
    exist) than where the copies around it were taken. "No file there" is
    no state of the file the copies show: told as the empty state before
    the first copy, a file that held 2025 times long before the recording
    was "37 added, by request 2", which never stored them (issue 31). Such
    a request is a request with no state: the file's earlier state is
    unknown, and its first copy is the first state kept."""
    # where the nearest copy after each request was taken (else the one before): one pass each way
    nearest: list[str | None] = [None] * len(requests)
    seen: str | None = None
    for index in range(len(requests) - 1, -1, -1):
        snapshot = requests[index].snapshot
        if snapshot is not None and snapshot.copy is not None:
            seen = snapshot.source
        nearest[index] = seen
    unknown: set[int] = set()
    seen = None
    for index, request in enumerate(requests):
        snapshot = request.snapshot
        if snapshot is None:
            continue
        if snapshot.copy is not None:
            seen = snapshot.source
            continue
        where = nearest[index] or seen
        if snapshot.error is not None or (where is not None and where != snapshot.source):
            unknown.add(index)
    return unknown


def build_history(
    sources: Sequence[str | Path],
    options: EngineOptions | None = None,
    key: FileKey | None = None,
    progress: Callable[[Path | None, int, int], None] | None = None,
    *,
    known: KnownRead | None = None,
    earlier: FileHistory | None = None,
) -> FileHistory:
    """The history of one discussion's file from ``sources``: a recording (a
    discussion folder, its ``requests.jsonl``, or a recording folder with one
    discussion) optionally followed by later files, or timestamp files in
    order (one file alone: its backups, then itself). ``InputError`` names
    the file and the problem. ``progress(path, done, total)`` is called every
    ``PROGRESS_EVERY`` states (a GUI job says how far it is, and stops there).
    ``known``: a file read already, not parsed again (``KnownRead``);
    ``earlier``: the history read before this one (a window reads it again
    after each append), whose events this one keeps where they are equal.
    Neither changes the result, only which objects hold it: a window that
    reads a 100k file's history after every append made 100k events anew,
    scattered among what lives on, and its memory grew (issue 29)."""
    options = options or EngineOptions()
    recording, files = history_sources(sources)
    transcript, files = _transcript_beside(recording, files)
    walk = _Walk(earlier.events if earlier is not None else None)
    if recording is None and files and backup_time(files[-1]) is None:
        walk.others = others_of(files[-1])
        walk.anew = anew_of(files[-1])
        walk.marks = save_marks_of(files[-1])
    reader = _Reader(key, known)
    previous_ref: RequestRef | None = None
    requests: list[RequestRef] = []
    seen_copy = False
    newest: PreparedRequest | None = None
    notes: list[Said] = []
    skipped: InputError | None = None
    steps = list(_steps(recording, files, notes))
    for done, step in enumerate(steps):
        if progress is not None and done % PROGRESS_EVERY == 0:
            progress(step.path, done, len(steps))
        ref: RequestRef | None = None
        if step.request is not None:
            prepared = _prepared(step.request, options)
            number = step.request_index or 0
            ref = RequestRef(number, step.request.id, step.request.received, len(prepared.hashes))
            requests.append(ref)
            if previous_ref is not None:
                walk.processed(previous_ref)
            walk.request(ref, prepared, _reply_hash(step.request, options))
            newest = prepared
            previous_ref = ref
            if step.digest == "no-copy":
                continue
        elif previous_ref is not None:
            walk.processed(previous_ref)
            previous_ref = None
        try:
            entries, delta = reader.read(step.path, step.request is not None)
        except InputError as error:
            if step.path is None or (ref is None and backup_time(step.path) is None):
                raise  # the live file, or a file given: said as it is
            # a backup or a recorded copy that does not read: a broken file our Save
            # kept before writing over it, or a copy lost or damaged since, never the
            # state the middleware works from now (the whole history failed on one,
            # tryout, in words for the live file): said, and the next state spans it
            skipped = skipped or error
            problem = _problem(error)
            if ref is not None:
                notes.append(Said(History.COPY_UNREADABLE, (request_said(ref), step.path.name, problem)))
            else:
                notes.append(Said(History.BACKUP_UNREADABLE, (step.path.name, problem)))
            continue
        if step.request is None and step.path is not None:  # given first or after another file
            _refuse_transcript(entries, reader.data, step.path)
        if _copied_already(step, delta, walk.states[-1] if walk.states else None):
            continue
        seen_copy = True
        walk.state(step, entries, ref, delta, written_by(walk.marks, step, reader.data))
    if not seen_copy:
        if skipped is not None:
            raise skipped
        raise InputError(recording or (files[0] if files else None), Said(History.NO_STATES))
    _mark_pruned(walk)
    notes.extend(Said(History.FOREIGN, (f.set_aside, f.path.name)) for f in walk.others)
    notes.extend(
        Said(History.WRITTEN_ANEW_MOVED if after == "moved" else History.WRITTEN_ANEW, (moment,))
        for moment, after in walk.anew
    )
    # a deletion the middleware's new file tells of, said where the states are counted (tryN M3)
    notes.extend(
        Said(History.REMADE_NOTE, (walk_where(walk.states[c.state]), c.remade))
        for c in walk.changes
        if c.remade is not None
    )
    notes.extend(Said(History.LOST_SAVE_NOTE, (when, walk_where(walk.states[i]))) for when, i in walk.lost)
    backwards = [
        s
        for s, before in zip(walk.states[1:], walk.states, strict=False)
        if s.when is not None and before.when is not None and s.when < before.when
    ]
    if backwards:
        notes.append(Said(History.BACKWARDS, (walk_where(backwards[0]), len(backwards))))
    if newest is None and transcript is not None:  # its messages' positions, hashed as the window does
        from .transcripts import load_transcript

        messages = load_transcript(transcript, zone=options.cst.zone).messages
        try:
            newest = prepare_request(messages, options.request)
        except InputError as error:
            raise error.with_source(transcript) from None
    hashes = newest.hashes if newest is not None else ()
    kinds = newest.kinds if newest is not None else ()
    roles = tuple(str(f.get("role", "")) for f in newest.fields) if newest is not None else ()
    numbers = newest.source_indexes if newest is not None else ()
    source = str(recording if recording is not None else files[-1])
    return FileHistory(
        source,
        tuple(walk.states),
        tuple(walk.changes),
        {k: _story(v, walk.earlier.get(k)) for k, v in walk.events.items()},
        dict(walk.orphanings),
        tuple(requests),
        hashes,
        kinds,
        roles,
        {k: tuple(v) for k, v in walk.replacements.items()},
        tuple(notes),
        frozenset(walk.first_sent),
        dict(walk.replies),
        dict(walk.regenerations),
        numbers,
        dict(walk.first_sent),
    )


def written_by(marks: Sequence[SaveMark], step: _Step, data: bytes | None) -> SaveMark | None:
    """The save of ours whose bytes the state read at ``step`` is (``data``),
    by the marks it left: only a mark made within ``SAVE_SLACK`` after the
    state was written is looked at, so a long history hashes a state only
    where a save of ours may have written it. None: no save of ours wrote it
    (or none marked it)."""
    if not marks or data is None or step.when is None or step.request is not None:
        return None
    near = [m for m in marks if -SAVE_SLACK <= m.when - step.when <= SAVE_SLACK]
    if not near:
        return None
    digest = digest_of(data)
    return next((m for m in reversed(near) if m.digest == digest), None)


def _copied_already(step: _Step, delta: Delta | None, before: HistoryState | None) -> bool:
    """A file given after a recording that holds what the last request's
    copy holds and was written no later than the request arrived: the file
    the recorder copied, not a later state. Told as one more, it was a
    "no change" state dated before the one before it (a warning), which the
    window, reading the recording alone, did not list (tryout: 3 states in
    the CLI, 2 in the window, of the same two sources)."""
    return (
        step.request is None
        and delta == ({}, {})
        and before is not None
        and before.request is not None
        and step.when is not None
        and before.when is not None
        and step.when <= before.when
    )


def _mark_pruned(walk: _Walk) -> None:
    """Gaps after a save of ours that a session's pruning would explain: at
    least ``SESSION_BACKUPS`` backups from the gap's end on (a session keeps
    its first backup and its newest; tryout: told as "a later write that
    kept no backup" though the saves were all the app's)."""
    after = 0
    kept_from: list[int] = [0] * len(walk.states)
    for state in reversed(walk.states):
        after += state.set_aside is not None
        kept_from[state.index] = after
    for number, change in enumerate(walk.changes):
        if not change.rewritten or kept_from[change.state] < SESSION_BACKUPS:
            continue
        walk.changes[number] = replace(change, pruned=True)
        for key, _ in change.added:
            _prune_event(walk.events[key], change.state)
        for key, _, _ in change.changed:
            _prune_event(walk.events[key], change.state)
        for key, _ in change.removed:
            _prune_event(walk.events[key], change.state)


def _prune_event(events: list[EntryEvent], state: int) -> None:
    for at, event in enumerate(events):
        if event.state == state and event.gap:
            events[at] = replace(event, pruned=True)


def walk_where(state: HistoryState) -> Said:
    """A state as a note names it (its request, else its file and time)."""
    if state.request is not None:
        return request_said(state.request)
    if state.set_aside is not None and state.when is not None:
        return Said(History.WHERE_BACKUP, (state.index, state.when))
    if state.when is not None:
        return Said(History.WHERE_STATE_AT, (state.index, state.label, state.when))
    return Said(History.WHERE_STATE, (state.index, state.label))


def _problem(error: InputError) -> Said | str:
    """An unreadable file's problem without the live file's advice (a copy
    or a backup is no file the middleware reads: "every request fails,
    remove it" is not said of it)."""
    said = error.said
    if said is not None and said.code is Problem.STORE_UNREADABLE and said.args:
        inner = said.args[0]
        return inner if isinstance(inner, (Said, str)) else str(inner)
    return said if said is not None else error.problem


def _refuse_transcript(entries: Mapping[str, object], data: bytes | None, path: Path) -> None:
    """A transcript given as a timestamp file reads as a JSON object of a few
    "entries" (tryout: ``history chat.json``, "2 entries"): refused, named."""
    if data is None or all(map(str.__instancecheck__, entries.values())):
        return
    from .transcripts import loads_transcript

    try:
        transcript = loads_transcript(data, str(path))
    except InputError:
        return
    if transcript.messages:
        raise InputError(path, Said(History.IS_TRANSCRIPT))


def history_source_for(transcript: str | Path | None, timestamps: str | Path | None) -> list[Path] | None:
    """What an open discussion's history is read from, when it has one: the
    recording a ``requests.jsonl`` transcript belongs to, else the backups
    beside its timestamp file and the file itself, or the file alone: one
    state (the History panel lists its row; tryout: "1 state" over an empty
    table). None: no history to show."""
    if transcript is not None and Path(transcript).name == REQUESTS_FILE:
        recording = Path(transcript)
        if timestamps is None or Path(timestamps).parent == recording.parent / SNAPSHOT_FOLDER:
            return [recording]  # a request joined with its own copy: the recording alone
        # a timestamp file opened with it: its state after the recording, as ``history``
        # reads the same two sources (the window read the recording alone, tryout)
        return [recording, Path(timestamps)]
    if timestamps is not None:
        path = Path(timestamps)
        if backups_of(path) or path.is_file():
            return [path]
    return None


def find_hash(history: FileHistory, wanted: str) -> str:
    """A full hash from a unique prefix (people copy the first 12 characters)."""
    wanted = wanted.strip().lower()
    if not wanted or any(c not in "0123456789abcdef" for c in wanted):  # tryout: "no stored hash …'zz'"
        raise InputError(history.source, Said(History.NOT_HEX, (wanted,)))
    if wanted in history.events or wanted in history.orphanings:
        return wanted
    found = {k for k in history.events if k.startswith(wanted)} | {
        k for k in history.newest_hashes if k.startswith(wanted)
    }
    if len(found) == 1:
        return found.pop()
    if found:  # tryout: "no stored hash starts with '6' (3 matches)"
        shown = sorted(found)[:AMBIGUOUS_SHOWN]
        listed = ", ".join(h[:12] for h in shown) + (", …" if len(found) > len(shown) else "")
        raise InputError(history.source, Said(History.AMBIGUOUS_HASH, (wanted, listed, len(found))))
    raise InputError(history.source, Said(History.NO_SUCH_HASH, (wanted, 0)))

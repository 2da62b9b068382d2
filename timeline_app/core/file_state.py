"""What each file of the open discussion was when read, what happened to it since, and what Save may do.

A window that watches a discussion's files must tell a file the middleware
grew from one that was deleted, moved, replaced by another file, or only had
its permissions changed: each asks something else of the person, and a file
that is gone must never be read as an empty one (a save then wrote only the
edits, and every other stored time was lost). This module keeps a file's
identity as read (``FileState``), names the change since (``Change``), and
decides what Save does with the file as it is on disk now (``SaveCase``).
It speaks in codes; the GUI and the command line word them.
"""

from __future__ import annotations

import os
import stat as stat_mode
from collections.abc import Collection, Sequence
from datetime import datetime
from enum import Enum
from itertools import chain
from pathlib import Path

from .crypto import FileKey
from .discovery import first_folder_makeable
from .errors import InputError, NeedsKey
from .recordings import recording_holding
from .records import frozen
from .store import PLACEHOLDER_KEY, TimestampStore, digest_of, loads_store, read_file_bytes
from .timestrings import latest_absolute, parse_absolute


class Change(Enum):
    """What happened to a file since it was read (``classify``)."""

    UNCHANGED = "unchanged"
    CREATED = "created"  # absent when read, there now
    APPENDED = "appended"  # the same file, grown (the middleware adding a message)
    REWRITTEN = "rewritten"  # the same file, written again to another content
    REPLACED = "replaced"  # another file now has the name (an atomic write makes one too)
    MOVED = "moved"  # gone from its name, the same file still in its folder under another
    DELETED = "deleted"  # gone, and not in its folder under another name
    PERMISSIONS = "permissions"  # the same content, other permissions
    # the timestamp file's content judged (``store_change``): what is there now
    # is not the file read, grown; the window keeps showing what it read
    FOREIGN = "foreign"  # another discussion's file (``another_discussions``)
    EMPTIED = "emptied"  # no bytes, or no entry, where entries were read
    BROKEN = "broken"  # cannot be read (half-written, not JSON)
    # made anew where the file read had gone (deleted, moved, held apart): it
    # holds some of the times read, but others differ or are missing (the
    # middleware backfilled the transcript at new times)
    RECREATED = "recreated"
    # written again where it stood, but not as the middleware writes its file
    # (``middleware_successor``): entries read removed, or more stored times
    # changed than one commit explains (a backfill renamed over it, a hand
    # edit, another program): held apart as a file made anew is
    OVERWRITTEN = "overwritten"
    # the transcript's content judged (``transcript_change``): most of the
    # messages read are not in it: another chat now has the name (never said
    # "grew", whatever its size; tryout: a 40-message chat copied over a
    # 14-message one was said as "grew on disk (the middleware is running?)")
    ANOTHER_CHAT = "another chat"
    # judged by content: the file holds exactly what was read, whatever its
    # size against the file stat'ed last (issue 29: the originals copied
    # back over another discussion's smaller pair were said as "grew" and
    # "entries added since", sized against the other discussion's files)
    AS_READ = "as read"


class Held(Enum):
    """Where a stored time the window shows is on disk (``DiscussionSession.time_held``):
    what the Details pane says of it, in step with the banner and the status bar
    (issue 29: after ``rm timestamps.json`` it still said "The file has a time
    for this exact content")."""

    FILE = "file"  # the timestamp file at its place holds it as shown
    MOVED = "moved"  # the file read, moved on disk, holds it there (the banner names where)
    EDITED = "edited"  # an unsaved edit set it: only the window holds it until Save
    # the timestamp file at its place, made anew, holds this message at another time:
    # the time shown is only the window's (tryN M1: after a backfill remade the file, every
    # row said "not on disk" beside a banner counting "16 differ from it, 2 not in it")
    DIFFERS = "differs"
    WINDOW = "window"  # no file on disk holds it as shown: only the window (Save offers to write it)


@frozen
class HeldTimes:
    """Where each stored time the window shows is on disk, for one state of
    the open discussion: the one rule ``DiscussionSession.time_held`` asks,
    and the table's Status column, Details and the status bar with it (issue
    29: after ``rm timestamps.json`` the status bar and Details said "not on
    disk", the Status column "tracked" for every row). Judged once per state
    (the moved file's stat with it), then a dict look-up or two per key: the
    table asks it for the rows it paints, never for all of them."""

    store: Path | None  # the timestamp file read (None: none, every time is "held")
    read: TimestampStore | None  # what was read from it
    working: TimestampStore | None  # what the window shows
    edited: bool  # edits are unsaved
    gone: bool  # the file at ``store`` no longer holds what was read
    # made anew (``REMADE``): the keys it does not hold as shown; None: it holds none
    apart: frozenset[str] | None
    moved: Path | None  # the file read, moved on disk and there still: it holds them
    # of ``apart``, the keys the file made anew holds at another time (``keys_differing``)
    differ: frozenset[str] = frozenset()

    def __call__(self, key: str) -> tuple[Held, Path | None]:
        """Where the time under ``key`` is, and the file that says so."""
        store = self.store
        if store is None:
            return Held.FILE, store
        if self.edited and self.working is not None:
            read = self.read.get(key) if self.read is not None else None
            if self.working.get(key) != read:
                return Held.EDITED, store
        if not self.gone or (self.apart is not None and key not in self.apart):
            return Held.FILE, store  # at its place (or in the file made anew, as shown)
        if self.moved is not None:
            return Held.MOVED, self.moved
        return (Held.DIFFERS if key in self.differ else Held.WINDOW), store

    @property
    def kinds(self) -> frozenset[Held]:
        """Every answer ``__call__`` may give now (no key asked): what a
        column fitted to its texts makes room for."""
        kinds = {Held.FILE}
        if self.store is None:
            return frozenset(kinds)
        if self.edited:
            kinds.add(Held.EDITED)
        if self.gone:
            if self.apart is None:
                kinds.discard(Held.FILE)
            if self.moved is not None:
                kinds.add(Held.MOVED)
            else:
                if self.apart is None or self.apart - self.differ:
                    kinds.add(Held.WINDOW)
                if self.differ:
                    kinds.add(Held.DIFFERS)
        return frozenset(kinds)


GONE = frozenset({Change.DELETED, Change.MOVED})
# the file is there but does not hold what was read: never read over what is shown
HELD = frozenset({Change.FOREIGN, Change.EMPTIED, Change.BROKEN, Change.RECREATED, Change.OVERWRITTEN})
# held apart with some of the times read still in it: Save merges (``SaveCase.RECREATED``)
REMADE = frozenset({Change.RECREATED, Change.OVERWRITTEN})
# changes of content, which ``store_change`` judges by reading the file (off the GUI thread)
JUDGED = frozenset({Change.APPENDED, Change.REWRITTEN, Change.REPLACED, Change.CREATED})


@frozen
class FileState:
    """A file's identity when it was read: device and inode (which file),
    size and modification time (which content), permission bits. ``exists``
    False: there was no file at ``path``."""

    path: Path
    exists: bool
    device: int = 0
    inode: int = 0
    size: int = 0
    mtime_ns: int = 0
    mode: int = 0
    # the inode of the folder it lies in: that folder found again by it when
    # it is moved away (``_folder_moved_to``), with no stat per folder beside it
    folder: int = 0

    @classmethod
    def of(cls, path: str | Path) -> FileState:
        """The file at ``path`` as it is now (a stat, no read)."""
        path = Path(path)
        try:
            found = path.stat()
            folder = path.parent.stat().st_ino
        except OSError:
            return cls(path, False)
        return cls(
            path,
            True,
            found.st_dev,
            found.st_ino,
            found.st_size,
            found.st_mtime_ns,
            stat_mode.S_IMODE(found.st_mode),
            folder,
        )

    @property
    def identity(self) -> tuple[int, int]:
        return self.device, self.inode

    def same_content(self, other: FileState) -> bool:
        return (self.exists, self.size, self.mtime_ns) == (other.exists, other.size, other.mtime_ns)


def classify(before: FileState, now: FileState | None = None) -> tuple[Change, Path | None]:
    """What happened to ``before``'s file (``now``: its state at the same
    path, stat'ed when not given), and for a move, where it went."""
    now = FileState.of(before.path) if now is None else now
    if not before.exists:
        return (Change.CREATED, None) if now.exists else (Change.UNCHANGED, None)
    if not now.exists:
        moved = _moved_to(before) or _folder_moved_to(before)
        return (Change.MOVED, moved) if moved is not None else (Change.DELETED, None)
    if now.identity != before.identity:
        return Change.REPLACED, None
    if not now.same_content(before):
        return (Change.APPENDED if now.size > before.size else Change.REWRITTEN), None
    if now.mode != before.mode:
        return Change.PERMISSIONS, None
    return Change.UNCHANGED, None


def store_change(
    change: Change,
    path: Path,
    read: TimestampStore | None,
    key: FileKey | None,
    anew: bool = False,
    ours: Collection[str] | None = None,
    once: Collection[str] = (),
) -> Change:
    """``change`` of the timestamp file judged by its content, not its size
    or inode: an append (or the middleware's atomic rewrite) keeps every
    entry read (``APPENDED``); another discussion's file
    (``another_discussions``) is ``FOREIGN``, one with none at all ``EMPTIED``, one that
    does not parse ``BROKEN``; otherwise ``REWRITTEN`` (some kept). A file
    made where the one read had gone (``CREATED`` after a delete: another
    file renamed over the name; ``anew``: the session holds the file read
    apart, deleted, moved or replaced) is judged the same way: the times
    read are still shown, and one that holds none of them is not theirs;
    one that holds them all unchanged is the file put back, taken; one
    that holds some but not the rest, or at other times, is ``RECREATED``:
    the middleware backfills a lost file at new times, and taking it would
    lose the times shown without a question. Changes of no content
    (deleted, moved, permissions) and a file read without entries stay as
    they are. ``ours`` and ``once``: as ``another_discussions`` takes them."""
    if change not in JUDGED or read is None or not len(read):
        return change
    try:
        data = read_file_bytes(path)
    except InputError:
        return change  # unreadable now (permissions): Save says so when it reads it
    if data is None:
        return Change.DELETED
    if not data.strip():
        return Change.EMPTIED
    on_disk = _readable(data, path, key)
    if on_disk is None:
        return Change.BROKEN
    if not len(on_disk):
        return Change.EMPTIED
    if another_discussions(read, on_disk, ours, once):
        return Change.FOREIGN
    kept = on_disk.as_mapping()
    mine = read.as_mapping()
    if all(kept.get(entry, kept) == value for entry, value in mine.items()):
        return Change.APPENDED if len(on_disk) > len(read) else Change.AS_READ
    if anew or change is Change.CREATED:
        return Change.RECREATED
    return Change.REWRITTEN if middleware_successor(read, on_disk) else Change.OVERWRITTEN


def another_discussions(
    read: TimestampStore,
    on_disk: TimestampStore,
    ours: Collection[str] | None = None,
    once: Collection[str] = (),
) -> bool:
    """Whether ``on_disk`` is another discussion's file, not a state of the
    one ``read``: it holds not one entry read (the same message at the same
    time), and of the messages read it holds fewer than half at all. The
    placeholder counts for neither: every discussion's file may hold one,
    and its value says nothing of which discussion it is. Why both: two
    chats share messages whose content is common ("ok", "thanks" hash the
    same in both), so a key in common is no proof of the same file (tryout:
    another discussion's file moved over the open one, sharing "ok" or only
    the placeholder, was judged rewritten and merged into, its entries
    written as this discussion's); yet the middleware's backfill of a lost
    file stores every message again at new times (no entry in common, but
    every key), and that is this discussion's file, made anew. Anything the
    middleware or a hand edit does to the file keeps an entry in common or
    most of the keys; a swap for another discussion's file keeps at most
    its few common contents. Half, not fewer: a small file written over
    by hand (of two entries, one changed and one dropped) stays this
    discussion's, held apart and merged, never written over as another's
    (the session's state machine). A file read with no message entry (the
    placeholder alone) tells nothing: never judged another's. ``ours``: the
    hashes of this chat's messages (as on disk now): a file whose every
    entry is one of them is this discussion's file made anew, whatever it
    shares with the one read (life29z finding 4: deleted, then the
    middleware's next exchanges stored in a new file holding only the new
    messages, said "replaced by another file" and kept as ``.other-``).
    ``once``: this chat's messages the window read on disk since it read
    the file, no longer in the chat now (the transcript's history): an
    entry of the file for one of them is this chat's too, an orphan since
    the front end edited its message. Fuzz29c: the middleware's new file
    of two entries, the last message then edited, was judged another's at
    Save (one of its two entries no longer a message) and the
    middleware's time for it written over. Never a share of the entries
    (most of them ours): another chat's file shares common contents
    ("ok") with this one; every entry must be a message this chat has
    or had, as the window read it."""
    mine = {key: value for key, value in read.as_mapping().items() if key != PLACEHOLDER_KEY}
    if not mine:
        return False
    theirs = on_disk.as_mapping()
    if ours is not None:
        entries = [key for key in theirs if key != PLACEHOLDER_KEY]
        if entries and all(key in ours or key in once for key in entries):
            return False
    if any(key in theirs and theirs[key] == value for key, value in mine.items()):
        return False
    shared = sum(1 for key in mine if key in theirs)
    return 2 * shared < len(mine)


@frozen
class OthersFile:
    """A file a write would go into that is another discussion's
    (``written_into_another``): how many stored times it holds, and how many
    of them are for messages of this chat (at other times than written)."""

    path: Path
    stored: int
    ours: int


def written_into_another(
    path: Path,
    written: TimestampStore,
    ours: Collection[str],
    once: Collection[str] = (),
    key: FileKey | None = None,
) -> OthersFile | None:
    """Whether writing ``written`` (this chat's stored times) to ``path``
    would write over another discussion's file: the file there judged by
    ``another_discussions`` (the one rule), what is written standing for the
    store read (issue 29: Save As onto the neighbouring discussion's
    ``timestamps.json``, and ``backfill --write`` into a file none of whose
    times was a message of the chat, replaced or merged into it silently).
    ``ours`` and ``once``: this chat's messages, as ``another_discussions``
    takes them. None: nothing of another discussion is there: no file, one
    without a stored time (empty, the placeholder alone), one that does not
    parse (it holds no discussion's times; a write keeps it as a backup), or
    this discussion's own. When ``written`` holds no stored time the rule
    has nothing to compare: the file is another's when none of its entries
    is a message of this chat. Raises ``errors.InputError`` when the file
    cannot be read (permissions, or encrypted without its key): whose it is
    cannot be told, and the caller writes nothing."""
    data = read_file_bytes(path)
    on_disk = None if data is None else _readable(data, path, key)
    if on_disk is None or not on_disk.stored_times():
        return None
    entries = on_disk.message_keys()
    mine = sum(1 for entry in entries if entry in ours or entry in once)
    if written.stored_times():
        if not another_discussions(written, on_disk, ours, once):
            return None
    elif mine:
        return None
    return OthersFile(path, len(entries), mine)


def edited_before_read(
    read: TimestampStore, on_disk: TimestampStore, new: Sequence[str], ours: Collection[str]
) -> frozenset[str]:
    """The entries of a file made anew that are messages of this chat the
    front end edited before the window read them: ``another_discussions``
    takes them as ``once``. ``new``: the hashes of the chat's messages the
    window never read (appended since it read the chat), in order; ``ours``:
    all of this chat's messages (their entries need no explaining); ``read``:
    the file the window read. xfail29k's leftover (issue 29): the
    middleware's next exchange stored in a new file, its reply edited in the
    front end within one file-watch debounce; the window never read the
    message that time is for, so the file was judged another discussion's
    and the time left out of the live file at Save.

    Judged by how the middleware writes (spec wilmer-timestamps.md,
    "Tracking"): a request's untracked messages, then the reply, in the
    chat's order, at the request's now. So an entry that is one of the new
    messages anchors there, and one that is no message of this chat stands
    for the next new message that has no entry (its text since edited), and
    holds a time no earlier than every time read (stored at a later now).
    At least one entry must be a new message (an anchor), and every other
    entry must be so placed; otherwise none is explained. Another
    discussion's file holds its own history (older times, more entries than
    this chat has new messages): placing all of it so takes a run of this
    chat's new messages that its few common contents ("ok") anchor, in its
    order, with times after all of this chat's. Not explained, so still
    judged another's (the time then kept only in the backup, as before): a
    new entry earlier than a time the file read held (one the person set
    ahead of the middleware's clock). Linear in the entries."""
    fresh = {digest: place for place, digest in reversed(list(enumerate(new)))}
    entries = [entry for entry in on_disk.message_keys() if entry in fresh or entry not in ours]
    if not entries or not any(entry in fresh for entry in entries):
        return frozenset()
    newest: list[datetime | None] = []  # the latest time read, found at the first entry to place
    held = set(entries)
    explained: list[str] = []
    position = 0  # the next new message an entry may stand for
    for entry in entries:
        place = fresh.get(entry)
        if place is not None:
            if place < position:  # out of the chat's order: not the middleware's writes
                return frozenset()
            position = place + 1
            continue
        if not newest:
            newest.append(latest_absolute(v for k, v in read.as_mapping().items() if k != PLACEHOLDER_KEY))
        moment = parse_absolute(on_disk.get(entry))
        if moment is None or (newest[0] is not None and moment < newest[0]):
            return frozenset()
        while position < len(new) and new[position] in held:
            position += 1
        if position >= len(new):
            return frozenset()
        explained.append(entry)
        position += 1
    return frozenset(explained)


def middleware_successor(read: TimestampStore, on_disk: TimestampStore) -> bool:
    """Whether ``on_disk`` is a file the middleware could have written over
    ``read`` (spec wilmer-timestamps.md, "File content" and "Group-chat
    commit"): its writes keep every key in its place and append new ones;
    the placeholder alone is ever removed (when resolved); and the one
    existing value a write may change is a commit's, in place. So: every
    key read but the placeholder is still there, first and in its order,
    and at most one of their values differs (each write of the middleware
    is seen by the watcher: one request, one commit). Anything else (a key
    read gone, two times changed, keys moved) is not the middleware's,
    however it was written (rename, truncate and write, delete and write)
    or however soon: taking it would drop stored times the window holds
    (tryout: a backfill at new times over the file, taken by a clean
    window, 23 times gone)."""
    mine = [key for key in read if key != PLACEHOLDER_KEY]
    theirs = [key for key in on_disk if key != PLACEHOLDER_KEY]
    if theirs[: len(mine)] != mine:
        return False
    kept = on_disk.as_mapping()
    had = read.as_mapping()
    return sum(1 for key in mine if kept[key] != had[key]) <= 1


def keys_apart(shown: TimestampStore, on_disk: TimestampStore) -> frozenset[str]:
    """The keys of the stored times ``shown`` that the file ``on_disk`` does
    not hold as shown (at another time, or not at all): the times a file
    made anew would drop if it were taken, each of which only the window
    (or the file read, moved elsewhere) holds; the Details pane says so of
    each (issue 29: "The file has a time" of a time it no longer held).
    The reply's placeholder is no stored time (``TimestampStore.stored_times``)."""
    kept = on_disk.as_mapping()
    return frozenset(
        entry
        for entry, value in shown.as_mapping().items()
        if entry != PLACEHOLDER_KEY and kept.get(entry, kept) != value
    )


def times_apart(
    shown: TimestampStore, on_disk: TimestampStore, apart: frozenset[str] | None = None
) -> tuple[int, int]:
    """Of the stored times ``shown``, how many the file ``on_disk`` holds at
    another time, and how many it does not hold (``keys_apart`` counted;
    ``apart``: those keys, found already): what a file made anew would drop
    if it were taken (said with ``Change.RECREATED``)."""
    apart = keys_apart(shown, on_disk) if apart is None else apart
    differ = len(keys_differing(apart, on_disk))
    return differ, len(apart) - differ


def keys_differing(apart: Collection[str], on_disk: TimestampStore) -> frozenset[str]:
    """Of the keys ``apart`` (``keys_apart``), those the file ``on_disk``
    holds at another time: the banner's "differ from it", the Status
    column's and Details' "differs on disk" (``Held.DIFFERS``); the rest it
    does not hold at all. The reply's placeholder is no stored time."""
    kept = on_disk.as_mapping()
    return frozenset(entry for entry in apart if entry != PLACEHOLDER_KEY and entry in kept)


class PendingFate(Enum):
    """What Save writing over a file made anew (``merged_over_remade``) does
    with the reply's placeholder the window shows: said by Save's question
    and its banner, never silent (issue 29: after ``rm timestamps.json`` the
    middleware remade the file without it, and "Write all" dropped it
    unsaid: the pending time was then in no file)."""

    NONE = "none"  # the window shows no placeholder
    WRITTEN = "written"  # written as the placeholder (live, or the file's own the same)
    # written as the time of the reply it was reserved for, as the middleware's
    # next request would have given it had the file not gone (its placeholder
    # phase): the file's own time for that message (a backfill) only in the backup
    GIVEN = "given"
    # written nowhere: older than a time stored since, and no reply in the chat
    # without a time the window shows to give it to
    DROPPED = "dropped"


def pending_fate(shown: TimestampStore, merged: TimestampStore, reply: str | None) -> PendingFate:
    """What became of the placeholder ``shown`` in ``merged`` (what Save
    writes), ``reply`` the message it was given to if any."""
    mine = shown.get(PLACEHOLDER_KEY)
    if mine is None:
        return PendingFate.NONE
    if merged.get(PLACEHOLDER_KEY) == mine:
        return PendingFate.WRITTEN
    if reply is not None and merged.get(reply) == mine:
        return PendingFate.GIVEN
    return PendingFate.DROPPED


def merged_over_remade(
    read: TimestampStore,
    shown: TimestampStore,
    on_disk: TimestampStore,
    ours: Collection[str] | None = None,
    reply: str | None = None,
) -> TimestampStore:
    """What Save writes over a file made anew (``SaveCase.RECREATED``):
    everything ``shown`` (its times win where both have a message), then
    the entries the new file holds for messages the window ``read`` no
    time for (the middleware's work meanwhile is kept; an entry the person
    removed since reading stays removed), and the reply's placeholder that
    is live (``live_placeholder``): the time reserved for a reply not yet
    stored is no message's entry, and one of two may be a dead one (issue
    29: the window's, read before the file was deleted, was written over
    the middleware's current one, and the next reply got a time 32 s
    before its own prompt; life29k: a used-up one from an older state
    copied over the file gave the next reply its year-old time). The file
    there, placeholder and all, is kept as a backup (``left_out_placeholder``
    says when its placeholder is not written). ``ours``: over another file
    (``SaveCase.FOREIGN``), only its entries for these keys (the messages
    of the transcript shown) are this discussion's and kept; the rest are
    another discussion's, left in the backup, its placeholder with them.
    Issue 29: a file emptied and then given the middleware's next exchange
    was judged another file and written over, its two new times lost.
    ``reply``: the message the window's placeholder goes to (``tracking.
    pending_reply``, the reply in the chat the window holds no time for):
    when that placeholder is not written (older than a time stored since:
    a request came and went without it, the file gone), the reply is given
    its time, as that request's placeholder phase would have (spec,
    "Tracking", step 1), over the time the file made anew holds for it (a
    backfill, kept in the backup): never dropped unsaid (issue 29)."""
    merged = shown.copy()
    had = read.as_mapping()
    for entry, value in on_disk.as_mapping().items():
        if entry == PLACEHOLDER_KEY or entry in had or entry in merged:
            continue
        if ours is None or entry in ours:
            merged.set(entry, value)
    pending = live_placeholder(read, shown, on_disk, ours)
    mine = shown.get(PLACEHOLDER_KEY)
    # the reply the window's placeholder goes to, when it is not written as one
    given = reply if mine is not None and mine != pending and reply not in shown.as_mapping() else None
    if pending is None or given is not None or merged.get(PLACEHOLDER_KEY) != pending:
        merged.remove(PLACEHOLDER_KEY)  # set again, last, where the middleware writes it
    if given is not None:
        merged.set(given, mine)  # in place over the file's time for it, else appended
    if pending is not None and PLACEHOLDER_KEY not in merged.as_mapping():
        merged.set(PLACEHOLDER_KEY, pending)
    return merged


def live_placeholder(
    read: TimestampStore,
    shown: TimestampStore,
    on_disk: TimestampStore,
    ours: Collection[str] | None = None,
) -> object | None:
    """The reply's placeholder Save writes over a file made anew (None:
    none). The middleware sets it to the request's ``now`` after storing
    that request's messages (at ``now`` and before) and removes it at the
    next request, whatever it binds (spec wilmer-timestamps.md, "Tracking",
    step 1): so a placeholder earlier than a message time the middleware
    stored (in the file read, or in the file there now) outlived a later
    request and belongs to nothing. The file's is the one the middleware
    left, live unless older than that: it wins over the window's (issue
    29: the window's old one, read before a delete, was written over the
    middleware's current one). The window's is written only when it is not
    older than any time stored since, the file's being dead or absent (a
    file made anew without one: the middleware used it, or never read it).
    The same in both: written as it is. The times the person edited do
    not count (they are no request's). Over another discussion's file
    (``ours`` given) its placeholder is that discussion's: never taken, and
    only its entries for these messages count. An unparseable value cannot
    be judged: taken as live."""
    mine = shown.get(PLACEHOLDER_KEY)
    theirs = on_disk.get(PLACEHOLDER_KEY) if ours is None else None
    if mine is not None and mine == theirs:
        return mine
    newest = _newest_message_time(read, on_disk, ours)
    for candidate in (theirs, mine):
        if candidate is None:
            continue
        moment = parse_absolute(candidate)
        if moment is None or newest is None or moment >= newest:
            return candidate
    return None


def _newest_message_time(
    read: TimestampStore, on_disk: TimestampStore, ours: Collection[str] | None
) -> datetime | None:
    """The latest message time (the placeholder aside) stored in the file
    read or the file there now (of it, only the entries for ``ours`` when
    given), compared as text (``latest_absolute``: no parse per entry)."""
    mine = (value for entry, value in read.as_mapping().items() if entry != PLACEHOLDER_KEY)
    theirs = (
        value
        for entry, value in on_disk.as_mapping().items()
        if entry != PLACEHOLDER_KEY and (ours is None or entry in ours)
    )
    return latest_absolute(chain(mine, theirs))


def remade_fates(
    shown: TimestampStore, on_disk: TimestampStore, merged: TimestampStore
) -> tuple[int, int, int]:
    """What Save writing ``merged`` over the file ``on_disk`` does to the
    file's entries (the placeholder aside): how many it keeps (written as
    they are), how many it replaces by the time ``shown``, and how many it
    leaves out (only in the backup). Said by Save's question, so no entry of
    the live file goes unsaid (issue 29)."""
    written = merged.as_mapping()
    mine = shown.as_mapping()
    kept = replaced = left = 0
    for entry, value in on_disk.as_mapping().items():
        if entry == PLACEHOLDER_KEY:
            continue
        if written.get(entry) == value:
            kept += 1
        elif entry in mine:
            replaced += 1
        else:
            left += 1
    return kept, replaced, left


def left_out_placeholder(merged: TimestampStore, on_disk: TimestampStore) -> bool:
    """Save writing ``merged`` (``merged_over_remade``) leaves out a
    placeholder ``on_disk`` holds (a dead one, or another discussion's):
    the question says so."""
    theirs = on_disk.as_mapping().get(PLACEHOLDER_KEY)
    return theirs is not None and merged.as_mapping().get(PLACEHOLDER_KEY) != theirs


def _readable(data: bytes, path: Path, key: FileKey | None) -> TimestampStore | None:
    """The store in ``data``; None when it is blank or does not parse (a
    file that needs a key still asks for it)."""
    if not data.strip():
        return None
    try:
        return loads_store(data, path, key)
    except NeedsKey:
        raise
    except InputError:
        return None


def renamed_in_folder(before: FileState) -> Path | None:
    """Where the file read is now under another name in its folder (the
    same device and inode), whatever its old name holds now: a chat moved
    (``mv chat.json old.json``) and a new chat made at its name within one
    look at the disk is stat'ed as ``REPLACED`` (another file at the name),
    yet the chat read is on disk, renamed (tryout tryL 6: the window took
    the new chat and said it "grew"). None: not found there."""
    return _moved_to(before) if before.exists else None


def _moved_to(before: FileState) -> Path | None:
    """The name the same file (device and inode) now has in its folder: the
    folder's entries carry their inode, so this stats only a candidate."""
    try:
        with os.scandir(before.path.parent) as entries:
            for entry in entries:
                if entry.inode() == before.inode and entry.name != before.path.name:
                    found = Path(entry.path)
                    if FileState.of(found).identity == before.identity:
                        return found
    except OSError:
        return None
    return None


def _folder_moved_to(before: FileState) -> Path | None:
    """Where the same file is now when its folder went (``mv d12 d12moved``):
    under the same name in a folder beside the old one, that folder found by
    its inode among the entries (carried by the listing: no stat per folder,
    ~25 ms over a root of 10,000 discussions; a stat each took 0.5 s), the
    file then stat'ed once. Only when the folder is gone."""
    folder = before.path.parent
    if not before.folder or folder.is_dir():
        return None
    try:
        with os.scandir(folder.parent) as entries:
            for entry in entries:
                if entry.inode() == before.folder and entry.name != folder.name:
                    found = Path(entry.path) / before.path.name
                    if FileState.of(found).identity == before.identity:
                        return found
    except OSError:
        return None
    return None


def transcript_change(change: Change, read: Sequence[str], now: Sequence[str]) -> Change:
    """``change`` of the transcript (by size and inode, ``classify``) judged
    by its messages, as ``store_change`` judges the timestamp file's: the
    hashes of the messages ``read`` against those of the messages on disk
    ``now`` (the pipeline's, both computed anyway: a read and a re-read).
    Grown (``APPENDED``) only when the messages read are the first ones of
    the file now, and it holds more: the client appends. Another chat
    (``ANOTHER_CHAT``) when fewer than half of the messages read are in it
    at all and fewer than half of its own are messages read (two chats
    share a few common contents, "ok", "thanks"; an edit or a removal in
    the client keeps most of them, and a chat shortened to a prefix, or
    rewritten from messages read, holds only ones read). Otherwise rewritten
    (or, a new file at the name, replaced): a shorter file, or one whose
    messages read were changed or moved. Changes of no content (deleted,
    moved, permissions), and a transcript read without messages, stay as
    they are. Linear: a tuple compare and one set of hashes (~10 ms at
    100,000 messages, on the worker)."""
    if change not in JUDGED or not read:
        return change
    if len(now) >= len(read) and tuple(now[: len(read)]) == tuple(read):
        return Change.APPENDED if len(now) > len(read) else Change.AS_READ
    mine, theirs = set(read), set(now)
    shared = len(mine.intersection(theirs))
    # and fewer than half of its own messages are ones read: a chat shortened
    # or rewritten from the messages read (the original put back after 18
    # appends, a prefix) is this chat, never another (life29z finding 3)
    if 2 * shared < len(mine) and 2 * shared < len(theirs):
        return Change.ANOTHER_CHAT
    return Change.REWRITTEN if change is Change.APPENDED else change


class SaveCase(Enum):
    """What Save does with the timestamp file as it is on disk now."""

    UNCHANGED = "unchanged"  # as read: the edits are written
    GROWN = "grown"  # changed meanwhile, entries in common: the edits re-applied to it (merged)
    NEW = "new"  # there was none when read and there is none: the discussion's first file
    DELETED = "deleted"  # it held entries when read and is gone: ask (write all shown, Save As, cancel)
    MOVED = "moved"  # as DELETED, the file now under another name (the session knows which)
    # there, but blank, without entries or unreadable while the window read
    # entries: ask (write all shown, the file there kept as a backup; Save As; cancel)
    BROKEN = "broken"
    # another file with no entry in common: ask (write all shown over it,
    # kept as a backup; Save As; cancel): never the edits merged into it
    FOREIGN = "foreign"
    # made anew where the file read had gone, holding some of the times read
    # but not all of them as read: ask (write what is shown with the new
    # file's other entries, it kept as a backup; Save As; cancel): never the
    # edits merged into it (the times shown would be lost)
    RECREATED = "recreated"
    # grown meanwhile, and some edits no longer apply (the middleware wrote
    # those messages too): ask (write the edits over its entries for them,
    # its other changes kept and the file kept as a backup; Save As; cancel)
    CONFLICTS = "conflicts"
    FOLDER_READ_ONLY = "folder read-only"  # the folder takes no new file: say so, offer Save As
    # the file's folder is gone (the discussion's folder moved or deleted)
    # while the window read entries: ask as for DELETED (write them back, the
    # folder made again; Save As; cancel), never said as "not writable"
    FOLDER_GONE = "folder gone"
    # the file's permissions allow no writing (made or replaced read-only): an
    # atomic save could rename over it, but someone marked it not to be
    # written and the middleware cannot write it either: say so, offer Save As
    FILE_READ_ONLY = "file read-only"
    # not decided from the file (``decide_save`` never returns it): the transcript
    # changed on disk under unsaved edits and the pair is now doubtful ("may not
    # belong together"); the session asks (save the edits all the same, Save As, cancel)
    PAIRING_DOUBTFUL = "pairing doubtful"
    # not decided from the file either: the timestamp file is another
    # discussion's (``FOREIGN``) and the transcript beside it another chat
    # (``Change.ANOTHER_CHAT``): the folder now holds another discussion. Save
    # writes nothing there (the other discussion's file would be set aside
    # for times none of its messages has); it says so and offers Save As
    ANOTHER_DISCUSSION = "another discussion"
    # not decided from the file either: the timestamp file is this
    # discussion's, but the transcript beside it is another chat now
    # (``Change.ANOTHER_CHAT``) while edits are unsaved: the session asks,
    # Save As the default (tryout life29p: Enter on "Save all the same" wrote
    # this discussion's times beside the other chat); writing there all the
    # same is offered, never the default
    BESIDE_ANOTHER_CHAT = "beside another chat"
    # the file lies in a recording (``recordings.recording_holding``): a copy
    # the recorder kept of the file as a request found it, evidence that is
    # never written (issue 29): say why, offer Save As outside it
    RECORDING = "recording"
    # not decided from the file either: the edits would remove stored times
    # the file holds that no edit of the person's removed on purpose (an undo
    # past a save took back an apply already written; the middleware may
    # have used those times since: issue 29, ``edits.stored_removals``). The
    # session asks: keep them (the default: the rest written, the file's
    # entries for them kept), remove them, Save As, cancel
    REMOVES_STORED = "removes stored"


@frozen
class SaveDecision:
    case: SaveCase
    # the store on disk now, when it was read to decide (``BROKEN``: empty when the
    # file holds nothing, None when its bytes do not parse)
    on_disk: TimestampStore | None = None


def decide_save(
    path: Path,
    read: TimestampStore | None,
    read_digest: str | None,
    key: FileKey | None,
    anew: bool = False,
    ours: Collection[str] | None = None,
    once: Collection[str] = (),
) -> SaveDecision:
    """The one rule for Save: given the store as read (``read``, with its
    file's ``read_digest``; None: no file then), what the file at ``path`` is
    now decides the case. Raises ``errors.InputError`` when the file there cannot be
    read (it names the file and the problem); one that reads but is blank or
    does not parse is ``BROKEN``, never merged into. ``anew``: the file read
    had gone (deleted, moved, held apart), so a file there now was made
    anew; unless it holds every time read as read (put back), it is
    ``RECREATED`` (judged here too: the watcher may not have seen it yet).
    ``ours`` and ``once``: this chat's messages now and read since, as
    ``another_discussions`` takes them.
    A file in a recording is ``RECORDING`` whatever it holds: never written."""
    if recording_holding(path) is not None:
        return SaveDecision(SaveCase.RECORDING)
    data = read_file_bytes(path)
    if data is None:
        # a file read without entries whose folder then went (moved): its
        # folder's question too, never "not writable" (saveas29u)
        if read is not None and (len(read) > 0 or not path.parent.is_dir()):
            # asked only if it can be written back (tryout: a folder mounted
            # read-only was offered "Write back", which then failed raw)
            return SaveDecision(_writable(path, SaveCase.DELETED))
        return SaveDecision(_writable(path, SaveCase.NEW))
    if read_digest is not None and digest_of(data) == read_digest:
        return SaveDecision(_writable(path, SaveCase.UNCHANGED), read)
    on_disk = _readable(data, path, key)
    if on_disk is None or (read is not None and len(read) > 0 and not len(on_disk)):
        # what it holds, when that is nothing a write over it could lose (no entries,
        # or white space alone); None: bytes that do not parse (issue 31: Save's default)
        nothing = on_disk if on_disk is not None else TimestampStore() if not data.strip() else None
        return SaveDecision(_writable(path, SaveCase.BROKEN), nothing)
    if read is not None and len(read) > 0 and len(on_disk) > 0:
        kept = on_disk.as_mapping()
        mine = read.as_mapping()
        if another_discussions(read, on_disk, ours, once):
            return SaveDecision(_writable(path, SaveCase.FOREIGN), on_disk)
        if anew and any(kept.get(entry, kept) != value for entry, value in mine.items()):
            return SaveDecision(_writable(path, SaveCase.RECREATED), on_disk)
        if not anew and not middleware_successor(read, on_disk):
            # rewritten, but not by the middleware (the watcher may not have
            # judged it yet): the edits merged into it would lose the times shown
            return SaveDecision(_writable(path, SaveCase.RECREATED), on_disk)
    return SaveDecision(_writable(path, SaveCase.GROWN), on_disk)


def _writable(path: Path, case: SaveCase) -> SaveCase:
    """An atomic save makes a new file in the folder and renames it over the
    old one: the folder must take one (a writable file in a read-only folder
    was reported as the file's fault). A file there whose own permissions
    allow no writing is not written over either: the rename would go
    through, but it was marked read-only (a tryout replaced it by a mode 444
    file: taken silently, and Save then could not say why it should not).
    A folder that is not there at all is told apart from one that takes no
    file: the discussion's folder moved or deleted while open was said as
    "not writable" (tryout); when the folder it lay in takes a folder again,
    it is ``FOLDER_GONE`` (a deleted file's question, the folder made again
    by writing back)."""
    if not path.parent.is_dir():
        if case is SaveCase.DELETED and _can_make_folder(path.parent):
            return SaveCase.FOLDER_GONE
        if case is SaveCase.NEW and first_folder_makeable(path):
            # a new discussion's folder, made as the middleware makes it (issue 29:
            # said "not writable"); one that may not be made is said as missing
            return case
        return SaveCase.FOLDER_READ_ONLY
    if not os.access(path.parent, os.W_OK | os.X_OK):
        return SaveCase.FOLDER_READ_ONLY
    return SaveCase.FILE_READ_ONLY if read_only(path) else case


def _can_make_folder(folder: Path) -> bool:
    """The nearest folder above ``folder`` that is there takes a new one."""
    for above in folder.parents:
        if above.is_dir():
            return os.access(above, os.W_OK | os.X_OK)
    return False


def folder_gone(path: Path) -> bool:
    """The folder ``path`` lies in is not there (moved or deleted): the
    file is gone with it, said as such, not as the file deleted alone."""
    return not path.parent.is_dir()


def on_read_only_mount(path: Path) -> bool:
    """``path`` (or, when it is not there, its folder) lies on a file system
    mounted read-only (``ST_RDONLY``; writes fail with EROFS whatever the
    permissions say). Told apart from a mode that allows no writing: a
    tryout bind-mounted a mode 644 file read-only and was told to "make it
    writable"."""
    where = path if path.exists() else path.parent
    try:
        return bool(os.statvfs(where).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs (Windows), or gone meanwhile
        return False


def read_only(path: Path) -> bool:
    """The file at ``path`` is there and its permissions allow this user no writing."""
    return path.exists() and not os.access(path, os.W_OK)

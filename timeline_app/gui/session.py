"""The open discussion: one controller that every panel is handed.

``DiscussionSession`` owns what is open as one pair (a transcript and *its*
timestamp file, with the key), the base store as read from disk and the
working store with its undo stack, the file watcher, the reference "now", the
style, the engine choices, and the preview. It loads, re-simulates, saves,
reverts and closes, always off the GUI thread, and says what happened through
signals. Widgets never hold discussion state of their own: they read the
session and listen to it, so nothing goes stale after an edit, a save or an
open. It shows no dialog: where a person must decide (discard edits? which
key? which chat?) it asks through a guard or a signal, so it is testable
without any widget.
"""

from __future__ import annotations

import heapq
import os
import shutil
import tempfile
from collections.abc import Callable, Collection, Sequence
from contextlib import suppress
from dataclasses import replace
from datetime import UTC, datetime, tzinfo
from enum import Enum, auto
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, QFileSystemWatcher, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QUndoStack

from ..core.context import Style
from ..core.crypto import FileKey
from ..core.discovery import make_discussion_folder, make_first_folder, new_file_encryption
from ..core.discussion import (
    ClockSource,
    Discussion,
    TranscriptRead,
    at_time,
    clock_now,
    on_clock,
    open_discussion,
    recorded_now,
    reopen,
    transcript_judged,
    with_store,
)
from ..core.display import stored_text
from ..core.edits import (
    ABSENT,
    Conflict,
    Operation,
    PreparedSave,
    SetEntry,
    applied_over,
    apply_operations,
    diff_operations,
    keeping_stored,
    prepare_operations,
    save_operations,
    stored_removals,
    with_time,
    write_prepared,
)
from ..core.errors import InputError, NeedsChoice, NeedsKey
from ..core.file_state import (
    GONE,
    HELD,
    JUDGED,
    REMADE,
    Change,
    FileState,
    Held,
    HeldTimes,
    OthersFile,
    PendingFate,
    SaveCase,
    SaveDecision,
    classify,
    decide_save,
    edited_before_read,
    folder_gone,
    keys_apart,
    keys_differing,
    left_out_placeholder,
    merged_over_remade,
    on_read_only_mount,
    pending_fate,
    read_only,
    remade_fates,
    renamed_in_folder,
    store_change,
    transcript_change,
    written_into_another,
)
from ..core.history import (
    SESSION_BACKUPS,
    FileHistory,
    KnownRead,
    build_history,
    history_source_for,
    mark_saved,
    mark_saved_edits,
    mark_written_anew,
)
from ..core.options import Choices, EngineOptions
from ..core.preview import Preview, build_preview, summary_ends
from ..core.recordings import recording_holding
from ..core.records import frozen
from ..core.reply import pending_off_disk
from ..core.store import (
    PLACEHOLDER_KEY,
    TimestampStore,
    digest_of,
    read_store,
    write_bytes_atomic,
)
from ..core.tracking import pending_reply
from ..core.words import Doubt, Said, Stage
from ..core.zones import get_zone, wall_now
from .editing import StoreEdit
from .jobs import JobRunner, give_back_freed_memory, let_go_on_worker
from .strip.layout import StripLayout, layout_for
from .wording import Counted, conflicts_text, discussion_named, error_text, fill, offset_said, say, sentences

HISTORY_JOB = "history"
# changes of the timestamp file that unsaved edits are carried onto when they
# still apply (the middleware's append, or its rewrite of entries in common)
_NONE = object()  # no entry under a key (``times_in_moved_file``): an entry may hold JSON null
CARRIED = frozenset({Change.APPENDED, Change.REWRITTEN, Change.REPLACED, Change.AS_READ})
DISK_JOB = "disk"  # the timestamp file changed on disk, read and judged by its content
SAVE_JOB = "save"  # Save's reading and judging of the file on disk, and the bytes to write
# the jobs whose end brings a new preview: a read or re-simulation shows its
# discussion and then asks for its preview; the preview's own job
_MAKES_PREVIEW = frozenset({"load", "preview"})
CLOCK_TICK_MS = 60_000
CLOCK_MARGIN_MS = 100  # after the minute turns: a timer that fires a little early still sees it
RELOAD_DEBOUNCE_MS = 400


def until_next_minute_ms(now: datetime) -> int:
    """Milliseconds from ``now`` until just after the next minute starts."""
    into = now.second * 1000 + now.microsecond // 1000
    return CLOCK_TICK_MS - into + CLOCK_MARGIN_MS


class SaveChoice(Enum):
    """The person's answer when Save cannot simply write (``DiscussionSession.ask_save``)."""

    # write as the question's button says: everything the window shows (the file is
    # gone), the edits over the file's conflicting entries, or the edits as usual
    # over a pairing the person confirms (``SaveCase.PAIRING_DOUBTFUL``)
    WRITE_ALL = auto()
    # over conflicts (``SaveCase.CONFLICTS``), the safe default: the file's own
    # times for those messages kept (the middleware's real times; a repair is a
    # guess), the other edits written
    KEEP_FILE = auto()
    SAVE_AS = auto()  # write it elsewhere (the window asks where)
    CANCEL = auto()
    # the discussion's folder was moved to a known place: the edits saved into its
    # file there, merged as Save merges (``DiscussionSession.save_into_moved``)
    INTO_MOVED = auto()


class Leaving(Enum):
    """What asking about unsaved state is for (``DiscussionSession.leaving``):
    the question's buttons name it ("Save, then reload"), never a bare
    Save / Discard (tryN: F5 asked "Save them first? Discard drops them."
    and Save then asked a second question unsaid)."""

    RELOAD = auto()
    OPEN = auto()  # another pair opened in its place
    CLOSE = auto()
    QUIT = auto()  # the window closed: the app ends


class Trouble(Enum):
    """What a ``failed`` message is about, for a view that treats one kind apart
    (by its kind, never by its words: they are the user's language)."""

    OTHER = auto()
    EDITS_LOST = auto()  # unsaved edits that no longer apply after a re-read: stays through re-shows


@frozen
class Pair:
    """What is open: a transcript, its timestamp file, or both."""

    transcript: Path | None = None
    store: Path | None = None

    def __bool__(self) -> bool:
        return self.transcript is not None or self.store is not None

    def describe(self, root: Path | None = None) -> str:
        """``folder/chat.json + timestamps.json``: the folder tells two
        discussions' same-named files apart (tryout: every window read
        "chat.json + timestamps.json"); a file in another folder than the
        first says its own. A file under ``root`` (the DiscussionIds root,
        where an id found it) is named with the root's whole path,
        ``~/wilmer/DiscussionIds/trip/timestamps.json``: two roots'
        discussions of one id read alike as ``trip/timestamps.json``, and
        roots are often named alike too (tryout: a remembered root supplied
        the file of another setup under the same title). Two folders named
        alike are named up to where their paths part: a recorder's
        ``rec/wire/lisbon-trip/requests.jsonl`` and
        ``rec/DiscussionIds/lisbon-trip/timestamps.json`` both read
        ``lisbon-trip/…`` (tryout)."""
        # compared as absolute paths: a transcript given relative on the command line and
        # its file Saved As beside it read "demo2/chat.json + try-views4/demo2/ts-copy.json",
        # one folder named as two (tryout)
        paths = [p.absolute() for p in (self.transcript, self.store) if p is not None]
        if not paths:
            return ""
        root = root.absolute() if root is not None else None
        first = paths[0]
        depth = parting_depth(paths)
        named = [_in_folder(first, root, depth)]
        named += [p.name if p.parent == first.parent else _in_folder(p, root, depth) for p in paths[1:]]
        return " + ".join(named)


def parting_depth(paths: list[Path]) -> int:
    """How many of their folders' last names tell the folders of ``paths``
    apart (1 when they are the same folder or end in different names)."""
    folders = {p.parent.parts for p in paths}
    if len(folders) < 2:
        return 1
    longest = max(len(parts) for parts in folders)
    return next(
        (k for k in range(1, longest + 1) if len({parts[-k:] for parts in folders}) == len(folders)), longest
    )


def _in_folder(path: Path, root: Path | None = None, depth: int = 1) -> str:
    if root is not None and root in path.parents:
        return _short(root) + "/" + path.relative_to(root).as_posix()
    folders = path.parent.parts[-depth:]
    if not path.parent.name:
        return path.name
    if len(folders) == len(path.parent.parts):  # the whole path: said as a shell prompt says it
        return f"{_short(path.parent)}/{path.name}"
    return "/".join((*folders, path.name))


def _short(folder: Path) -> str:
    """``folder`` whole, the home folder as ``~`` (as a shell prompt says it)."""
    with suppress(RuntimeError, ValueError):
        below = folder.relative_to(Path.home())
        return "~" if below == Path() else f"~/{below.as_posix()}"
    return folder.as_posix()


@frozen
class _Opening:
    """An open under way: the pin and private copy its pair brings (taken on
    once it has loaded), and what the shown discussion was opened with (back
    in place if it fails)."""

    pinned: datetime | None
    of_pair: bool
    temporary: Path | None
    chat: str | None
    beside: bool
    # the person's pin left behind with the discussion it was made for, said
    # once this pair is shown ("Now is live again: ...")
    left: str | None = None


def _signature(path: Path) -> FileState:
    """A file's identity and content mark, to tell our own writes from someone
    else's and to say what happened to it (``file_state.classify``)."""
    return FileState.of(path)


@frozen
class _Told:
    """The edits' questions Save asked and the person answered, kept when
    the file changed while they were open and Save is worked out again
    (``DiscussionSession._save_edits``): the removals of stored times
    confirmed, and the answer over conflicts with the messages it was for
    (asked again when the conflicts are others now)."""

    removals: bool = False
    conflicts: tuple[SaveChoice, frozenset[str]] | None = None


_NOT_TOLD = _Told()


class DiscussionSession(Counted, QObject):
    """The open discussion and every operation on it (see the module docstring)."""

    loaded = Signal()  # read from disk: a new base (open, reload, save, revert)
    changed = Signal()  # what is shown changed: discussion, layout or store (also after close)
    failed = Signal(str)  # an open or reload failed; what was shown stays, and the message says so
    closed = Signal()
    pairChanged = Signal()  # the files that make up the pair
    dirtyChanged = Signal(bool)
    goneChanged = Signal()  # a file of the pair went, moved or came back on disk (``moved_to``)
    previewChanged = Signal()  # ``preview`` (or ``preview_error``) is new
    # ``preview_current`` flipped: a preview is being made for another style,
    # "now" or files (False), or the one for them is there (True)
    previewCurrentChanged = Signal(bool)
    styleChanged = Signal(object)
    nowChanged = Signal()
    choicesChanged = Signal()
    notice = Signal(str)  # a passing message (saved, reloaded, ...)
    rowRequested = Signal(int)  # a panel asks the views to show this source row
    needsKey = Signal(str)  # an encrypted file: the window asks, then calls ``set_key`` and ``reload``
    needsChat = Signal(object)  # a multi-chat export: NeedsChoice; answer with ``choose_chat``
    saveAsWanted = Signal()  # Save could not write where it should and the person chose Save As
    # ``history`` (or ``history_error``, ``history_reading``) is new: read
    # here on every load (a save that kept a backup too), not by a panel a
    # window may make late; Details tells stories from it
    historyChanged = Signal()
    historyStateChanged = Signal(
        object
    )  # ``history_state``: the state the History panel selects (None: none)
    # the files were compared with what was read or written by us, after a
    # watcher event's debounce: whatever was found is said (or was ours) by now
    diskChecked = Signal()
    saveDone = Signal(bool)  # ``start_save`` ended: True when written (refused, cancelled: False)

    def __init__(
        self,
        choices: Choices | None = None,
        *,
        root: Path | None = None,
        style: Style = Style.ABSOLUTE,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.jobs = JobRunner(self)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self.choices = choices or Choices()
        self.options = EngineOptions.from_choices(self.choices)
        self.root = root
        self.style = style
        self.pair = Pair()
        self.pinned_now: datetime | None = None
        # the pin came with the pair (``open(pin=...)``: the demo's moment, a
        # request's arrival), not from the person: it goes with that pair
        self._pin_of_pair = False
        # the pair the person's pin was made for, and its name (issue 29: a pin
        # made for a UTC+0 discussion was shown and written as 12:00 UTC+2 of the
        # next one opened); empty: made with nothing shown, the next one's
        self._pin_for = Pair()
        self._pin_named = ""
        # and the chat picked in it (issue 29: an export of several chats told apart by
        # its path alone, the pin followed to its other chat)
        self._pin_chat: str | None = None
        self.discussion: Discussion | None = None  # what is shown (base + unsaved edits)
        self.base: Discussion | None = None  # as last read from disk; edits are diffed against it
        # the store as edited, set at once when an edit is done or undone (the
        # discussion joined with it follows from a job): what Save writes
        self.working: TimestampStore | None = None
        self.layout = StripLayout()
        self.preview: Preview | None = None
        self.preview_error: str | None = None
        self._preview_was_current = False  # what ``previewCurrentChanged`` said last
        self.history: FileHistory | None = None  # the file's own history, when a recording or backups hold it
        self.history_error: str | None = None  # why the history could not be read (said by the History panel)
        self.history_reading = False  # a read of the history is under way (the one shown stays meanwhile)
        self.history_state: int | None = None  # the selected state of ``history`` (the strip highlights it)
        self._history_for = Pair()  # the pair ``history`` (or the one being read) is of
        self._event: tuple[str, datetime] | None = None  # what was last done, and when (``last_event``)
        self.trouble = Trouble.OTHER  # the kind of the ``failed`` message being emitted
        self.confirm_discard: Callable[[], bool] = lambda: not self.is_dirty
        # what ``confirm_discard`` is asked for, while it is asked (``_confirm_leaving``)
        self.leaving = Leaving.CLOSE
        # what Save does when it cannot simply write (the file deleted, the
        # folder read-only): asked of the person by the window; alone, nothing
        self.ask_save: Callable[[SaveCase, Path], SaveChoice] = lambda _case, _path: SaveChoice.CANCEL
        # Reload asked for by the person, and some unsaved edits no longer apply
        # to the files as they are now: drop them (True) or keep showing the read
        # with every edit (given how many, and which): alone, nothing is dropped
        self.confirm_drop: Callable[[int, str], bool] = lambda _count, _which: False
        # Save As onto another discussion's file (``file_state.written_into_another``):
        # write over it all the same (True), asked of the person; alone, nothing is written
        self.confirm_write_over_another: Callable[[OthersFile], bool] = lambda _other: False
        self._api_key: str | None = None  # memory only, never written anywhere
        self._file_key: FileKey | None = None
        self._chat: str | None = None
        self._beside = False
        # a recording opened at one request, and the recorder appended others
        # since: (the number of the one shown, how many there are now), said once
        self._recorded_more: tuple[int, int] | None = None
        self._saved_as: tuple[Pair, Pair] | None = None  # the last Save As: the pair before, after
        # Save As while the transcript on disk was another chat: the timestamp file
        # of the folder left behind. Reload shows the folder's own pair (its chat with
        # this), never that chat with the file saved (life29z finding 2)
        self._folders_store: Path | None = None
        # per file, the backups this session's saves kept, oldest first (``_keep_backup``)
        self._backups: dict[Path, list[Path]] = {}
        self._pending_ops: list[Operation] = []
        self._base_options: EngineOptions | None = None  # what ``base`` was opened with
        self._signatures: dict[Path, FileState] = {}  # each file of the pair as read or written by us
        self._read_states: dict[Path, FileState] = {}  # each file of the pair as last read, for what is shown
        # files of the pair deleted or moved since read (never read as empty), or
        # whose content is no longer what was read (``file_state.HELD``: never read over what is shown)
        self._gone: set[Path] = set()
        self._why_gone: dict[Path, tuple[Change, Path | None]] = {}  # what happened to each, said exactly
        self._folder_went: set[Path] = set()  # of those, the ones gone with their folder, not found since
        # of those, where each was moved, kept while it stays apart though a later change
        # (another file put at its name) is what ``_why_gone`` says now (issue 31)
        self._moved_away: dict[Path, Path] = {}
        # each file moved with its folder, where it is now -> its state there as last
        # looked at (first: as read): a change in the moved folder is noticed and said,
        # Follow offered (issue 29: the middleware's exchange there went unnoticed)
        self._moved_seen: dict[Path, FileState] = {}
        # the pair followed into its moved folder: each file's new place -> where it was
        # read (the table keeps its selection: the same chat, moved)
        self.followed_from: dict[Path, Path] = {}
        # a timestamp file made anew (``Change.RECREATED``): how many times shown it holds
        # at another time, and how many it lacks (said with it)
        self._apart = (0, 0)
        # this chat's messages the window read on disk since ``base`` was read, not
        # shown (the transcript's history, while the files are held apart): a file
        # the middleware made anew for them stays this discussion's once the front
        # end edits one of them (``file_state.another_discussions``'s ``once``;
        # fuzz29c: judged another's at Save, the middleware's time written over)
        self._chat_once: frozenset[str] = frozenset()
        self._apart_keys: frozenset[str] = frozenset()  # which keys those are (``time_held``)
        self._apart_differ: frozenset[str] = frozenset()  # of those, the ones it holds at another time
        # ``times_in_moved_file``'s count under edits, with the entries and keys it counted
        self._moved_count: tuple[object, object, int] | None = None
        # the transcript changed on disk while edits were unsaved: if the pair is then
        # doubtful ("may not belong together"), Save asks before writing the edits
        # (tryout: Ctrl+S wrote them unasked); cleared by a save, an open, a close
        self._swapped_under_edits = False
        # the pair shown whose transcript's discussion id is not its file's, the
        # person chose to save into all the same (``of_other_discussion``: asked
        # once per pair); cleared by an open, a close
        self._other_id_confirmed: tuple[str, str, Path] | None = None
        # the transcript on disk is another chat (``Change.ANOTHER_CHAT``) while
        # the window shows the one read: Save never writes this discussion's
        # times beside it over another discussion's file (``SaveCase.ANOTHER_DISCUSSION``),
        # and after a save the transcript is not read back (the other chat would be
        # shown under these times); cleared when the transcript is read again.
        # With edits unsaved the transcript is not read at all meanwhile (the
        # other chat was shown, the edits on none of its rows: tryout life29p)
        self._other_chat = False
        # the person chose to save beside that other chat all the same
        # (``SaveCase.BESIDE_ANOTHER_CHAT``, asked once): cleared with ``_other_chat``
        self._beside_other_confirmed = False
        # the transcript's name taken by another chat after the chat read was moved
        # away: where that chat is, named as the file shown (issue 29: the title went
        # back to the old name, now the other chat's); cleared with ``_other_chat``
        self._chat_read_at: dict[Path, Path] = {}
        # the chat read was renamed in its folder and the window follows it there
        # (tryL 6, chat29k: it kept the old name and took the chat made there next,
        # said "grew"): the old name, and what is at it as last looked at (absent:
        # nothing). A new chat made there is said once and offered, never read in
        # place of the chat read; cleared by an open, a close
        self._left_name: tuple[Path, FileState] | None = None
        # that chat's sentence, said once the chat read is shown at its new name
        self._left_note: str | None = None
        # a chat not the one read (not it with messages added) came at the name of the
        # transcript gone, and the window keeps the chat read: later writes of that chat
        # are not read in its place either (nor said "grew"), until Reload or an open
        self._kept_chat_read = False
        # counts the reads that showed another chat at the same file than the
        # one shown before (Reload over it): the window's selection and scroll
        # are of the old chat's rows, not this one's (tryN M2: "#2" stayed
        # selected, a row of the other chat)
        self.chats_read = 0
        # that other chat's discussion ids: the one read and the one on disk now (None:
        # the chat has none), named by the banner (issue 31); None: not known
        self._other_chat_ids: tuple[str | None, str | None] | None = None
        # what a Reload over that other chat did, said once the chat on disk is shown
        self._reload_note: str | None = None
        # a save wrote the file and it is being read back: what is said of the save, said
        # once what the file holds is shown (``reading_back``)
        self._saved_note: tuple[str, int] | None = None  # and the job runner's generation then
        self._simulate_when_shown = False  # the minute turned while a read was under way
        # Save's question over a file made anew: that file holds a placeholder the
        # merge leaves out (``file_state.left_out_placeholder``; the question says so)
        self.placeholder_left_out = False
        # and the placeholder of that file Save writes as it is (None: none kept), said too
        # (tryN: only the window's placeholder was said, the file's own kept unsaid)
        self.placeholder_kept: object | None = None
        self.entries_added = 0  # entries for other messages a Save over a file made anew writes too
        # of that file's entries: how many Save keeps, replaces by the window's, leaves out
        self.file_entries = (0, 0, 0)
        # and what it does with the reply's placeholder the window shows (issue 29, ph30:
        # dropped unsaid): its fate, its time, the reply's "#" and the file's time for it
        self.pending_said: tuple[PendingFate, object, int, object] = (PendingFate.NONE, None, -1, None)
        # Save's question is over a file holding what the window does not show
        # (another file's entries, times replaced or left out, bytes it cannot
        # read): its write is never the default (``default_save_choice``)
        self.over_unshown = False
        # over conflicts: how many, and the first few as (message #, the window's time,
        # the file's time; None: no entry), for Save's question
        self.conflicts_shown: tuple[int, tuple[tuple[int, object, object], ...]] = (0, ())
        # Save would remove stored times no edit removed on purpose: how many, their "#"s
        self.removals_shown: tuple[int, tuple[int, ...]] = (0, ())
        self._disk_conflicts: tuple[Conflict, ...] = ()  # the edits the file changed on disk conflicts with
        # Reload (or Revert) asked for while a change on disk was still being judged:
        # done once it is (``_reload_when_checked``), so a foreign file is asked about first
        self._reload_after_check: Callable[[], None] | None = None
        # saves asked for while another was under way, in the order asked (``_after_save_under_way``)
        self._saves_waiting: list[Callable[[], None]] = []
        # the transcript as the worker read (and hashed) it to judge its change: the reload
        # that follows takes it instead of parsing and hashing the file again (issue 29)
        self._transcript_read: TranscriptRead | None = None
        self._temporary: Path | None = None  # a copy we opened (the demo); removed on close
        self._opening: _Opening | None = None  # an open under way: what it brings once loaded
        # files read (a new discussion shown) since the last preview: its
        # arrival lets the last of the one before go, and the memory is given back
        self._read_since_preview = False
        # a file of the pair changed on disk while edits were unsaved, so it was not read again:
        # once undo brings the window back to as read, the files are read (a clean window shows them)
        self._behind = False
        # files of the pair seen absent when a watcher event came since the
        # last look at the disk, each with what it was known as then: one there
        # again by the look was deleted and made anew (``_file_changed``)
        self._seen_absent: dict[Path, FileState] = {}
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._file_changed)
        self._watcher.directoryChanged.connect(self._file_changed)
        self._reload_timer = QTimer(self, singleShot=True, interval=RELOAD_DEBOUNCE_MS)
        self._reload_timer.timeout.connect(self._reload_if_changed)
        self.jobs.cancelled.connect(self._disk_check_cancelled)
        self.jobs.kindChanged.connect(self._say_preview_current)
        self.diskChecked.connect(self._reload_when_checked)
        self.saveDone.connect(self._next_save)
        # the live clock ticks just after each minute turns, when relative times
        # and the Now button change: a plain 60 s timer can lag them by a minute
        self.clock = QTimer(self, interval=until_next_minute_ms(datetime.now()))
        # precise: a coarse timer of a minute may fire up to 3 s late (5 % slack), the
        # minute shown stale meanwhile (and its remaining time read past the interval, CI)
        self.clock.setTimerType(Qt.TimerType.PreciseTimer)
        self.clock.timeout.connect(self._tick)
        self.clock.start()
        # the earliest stored time after the live "now" passed before the minute turns: its
        # "future" flag goes then (one re-judging per such time, never one per second)
        self._future_timer = QTimer(self, singleShot=True)
        self._future_timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._future_timer.timeout.connect(lambda: self._simulate(None))
        self.loaded.connect(self.refresh_history)
        self.closed.connect(self.refresh_history)

    # -- state -------------------------------------------------------------
    def _clean_changed(self, clean: bool) -> None:
        # a bound slot, not a lambda: Qt drops it with the session (the undo
        # stack still signals while both are being destroyed)
        self.dirtyChanged.emit(not clean or self.store_gone)

    @property
    def store_gone(self) -> bool:
        """The timestamp file shown was deleted or moved on disk, or now holds
        none of its stored times (another file's, emptied, broken), or was
        made anew at other times: the window holds stored times no file has
        any more (unsaved, like an edit)."""
        base = self.base
        if base is None or base.store_path not in self._gone or not base.store:
            return False
        return self.renamed_to(base.store_path) is None

    def _may_write(self) -> bool:
        """Save has something to write: unsaved state, or the timestamp file
        renamed (its times may go back under the name the middleware reads,
        asked as ``SaveCase.MOVED``)."""
        base = self.base
        path = base.store_path if base is not None else None
        return self.is_dirty or (
            path is not None and path in self._gone and self.renamed_to(path) is not None
        )

    def renamed_to(self, path: Path) -> Path | None:
        """Where the file at ``path`` is now when it was renamed in its folder
        and is there still (None: it was not): its stored times are on disk,
        under that name, so none is unsaved (issue 31: after ``mv
        timestamps.json ts-moved.json`` the status bar said "13 stored times
        not on disk", the title gained "*", nothing edited). A folder moved is
        ``moved_folder``'s: the discussion goes on there."""
        moved = self.moved_to(path)
        if moved is None or moved.parent != path.parent or not moved.exists():
            return None
        return moved

    @property
    def times_not_on_disk(self) -> int:
        """How many stored times the window shows that the timestamp file on
        disk does not hold as shown (0: it holds them all, or edits alone
        are unsaved): all of them for a file deleted, moved, another's,
        emptied or broken; those at other times or missing for one made or
        written anew (what a Discard would leave in no file)."""
        base = self.base
        if not self.store_gone or base is None:
            return 0
        held = self.working if self.working is not None else base.store
        if self._why_gone.get(base.store_path, (None, None))[0] in REMADE:
            return sum(self._apart)
        return held.stored_times() if held is not None else 0

    @property
    def times_differing_on_disk(self) -> int:
        """Of ``times_not_on_disk``, how many the timestamp file made anew
        holds at another time (the banner's "differ from it", the Status
        column's "differs on disk"): the rest it does not hold at all. The
        status bar counts both as the banner does (tryN M1: "18 stored times
        not on disk" beside "16 of the times shown differ from it. 2 ... are
        not in it")."""
        base = self.base
        if not self.store_gone or base is None:
            return 0
        return self._apart[0] if self._why_gone.get(base.store_path, (None, None))[0] in REMADE else 0

    def time_held(self, key: str) -> tuple[Held, Path | None]:
        """Where the stored time the window shows under ``key`` is on disk, and
        the file that says so (``held_times``' rule): the timestamp file at its
        place (``FILE``); the file read, moved, where the banner named it
        (``MOVED``, also once a new file took the old name: issue 29, times in
        moved.json were "not on disk"); nowhere but the window, set by an
        unsaved edit (``EDITED``) or held from a file deleted, replaced or made
        anew without it (``WINDOW``, the timestamp file's path). Issue 29: after
        ``rm timestamps.json`` Details said "The file has a time for this exact
        content" beside the banner's "deleted"."""
        return self.held_times()(key)

    def held_times(self) -> HeldTimes:
        """Where every stored time shown is on disk now, as one rule judged
        once (the moved file's stat with it): ``time_held`` for one key, the
        table's Status column for the rows it paints (issue 29: it said
        "tracked" after ``rm timestamps.json``)."""
        base = self.base
        store = base.store_path if base is not None else None
        if base is None or store is None:
            return HeldTimes(None, None, None, False, False, None, None)
        gone = store in self._gone
        remade = gone and self._why_gone.get(store, (None, None))[0] in REMADE
        moved = self.moved_away(store) if gone else None
        return HeldTimes(
            store,
            base.store,
            self.working,
            not self.undo_stack.isClean(),
            gone,
            self._apart_keys if remade else None,
            moved if moved is not None and moved.exists() else None,
            self._apart_differ if remade else frozenset(),
        )

    @property
    def reply_said(self) -> tuple[Said, ...]:
        """What Details says of the last request's reply (``Discussion.reply_said``),
        with the file on disk now: a placeholder the window shows that no file
        at the name holds (deleted, moved, made anew without it) is no longer
        given by the next request, and is said so (issue 29, ph30: "the next
        request gives it to message #32" after ``rm timestamps.json``)."""
        discussion = self.discussion
        said = discussion.reply_said if discussion is not None else ()
        if not said or not self.placeholder_off_disk:
            return said
        return pending_off_disk(said)

    @property
    def placeholder_off_disk(self) -> bool:
        """The reply's placeholder the window shows is in no file at the name
        (deleted, moved, made anew without it): the next request finds none."""
        working = self.working
        if working is None or PLACEHOLDER_KEY not in working.as_mapping():
            return False
        return self.time_held(PLACEHOLDER_KEY)[0] in (Held.WINDOW, Held.MOVED)

    @property
    def reply_off_disk(self) -> str | None:
        """The hash of the reply the window's placeholder was reserved for,
        when that placeholder is in no file at the name (``placeholder_off_disk``):
        the Preview's "stored by the next request" is then not so (ph30)."""
        base, working = self.base, self.working
        if base is None or working is None or not self.placeholder_off_disk:
            return None
        return _reply_of(base, working)

    @property
    def times_in_moved_file(self) -> tuple[int, Path | None]:
        """Of ``times_not_on_disk``, how many the file read holds where it was
        moved (``moved_away``), and that file: a new file took the old name,
        and the times it lacks are on disk all the same (issue 29: the status
        bar said them "not on disk"). (0, None): no moved file holds them. An
        edit's time is in no file: counted only while edits are unsaved."""
        base = self.base
        held = self.times_not_on_disk
        moved = self.moved_away(base.store_path) if base is not None and base.store_path is not None else None
        if not held or moved is None or not moved.exists():
            return 0, None
        if self.undo_stack.isClean() or base is None or base.store is None or self.working is None:
            return held, moved
        read, working = base.store.as_mapping(), self.working.as_mapping()
        remade = self._why_gone.get(base.store_path, (None, None))[0] in REMADE
        apart = self._apart_keys if remade else None  # None: every time shown
        cached = self._moved_count
        if cached is None or cached[0] is not working or cached[1] is not apart:
            # counted once per state shown, never at each status bar refresh (50k keys: ~90 ms)
            keys = apart - {PLACEHOLDER_KEY} if apart is not None else working.keys() - {PLACEHOLDER_KEY}
            count = sum(1 for key in keys if working.get(key, _NONE) == read.get(key, _NONE))
            self._moved_count = cached = (working, apart, count)
        return cached[2], moved

    @property
    def unsaved_times(self) -> int:
        """How many stored times the unsaved edits set, change or remove (the
        reply's placeholder aside): what Revert or Discard loses, counted as
        times, not as undo steps (issue 29: "discard 1 unsaved change?"
        after one Apply of 118 repairs). Linear, asked only by a question."""
        return len(self._unsaved_keys())

    def _unsaved_keys(self) -> list[str]:
        """The keys whose stored time the unsaved edits set, change or remove
        (``unsaved_times``)."""
        base, working = self.base, self.working
        if base is None or working is None:
            return []
        read = (base.store or TimestampStore()).as_mapping()
        shown = working.as_mapping()
        changed = read.keys() | shown.keys()
        return [key for key in changed if key != PLACEHOLDER_KEY and read.get(key) != shown.get(key)]

    def unsaved_named(self, most: int) -> tuple[int, tuple[tuple[int, str, object | None], ...]]:
        """How many stored times the unsaved edits change (``unsaved_times``),
        and the first ``most`` by the table's "#" as (#, hash, the time the
        window holds; None: removed), those of no message (-1) last: the
        question before they are lost names them (tryN: "Your unsaved edits
        set, change or remove 1 stored time", none named). Linear, asked
        only by a question."""
        base, working = self.base, self.working
        keys = self._unsaved_keys()
        if base is None or working is None or not keys:
            return 0, ()
        changed = set(keys)
        timeline = base.timeline
        named: list[tuple[int, str, object | None]] = []
        seen: set[str] = set()
        # the rows in the table's order, stopped at the first ``most`` (at 100k rows and
        # 50k edits a sort of every key by "#" took ~0.3 s of the GUI thread)
        wanted = min(most, len(changed))
        for position, digest in enumerate(timeline.hashes):
            if digest in changed and digest not in seen:
                seen.add(digest)
                index = timeline.indexes[position]
                named.append((index if index is not None else position, digest, working.get(digest)))
                if len(named) == wanted:
                    break
        if len(named) < wanted:
            orphans = heapq.nsmallest(most - len(named), changed - seen)
            named += [(-1, key, working.get(key)) for key in orphans]
        return len(keys), tuple(named)

    def _set_gone(self, gone: set[Path]) -> None:
        was = self.is_dirty
        self._gone = gone
        self._why_gone = {path: why for path, why in self._why_gone.items() if path in gone}
        self._folder_went &= gone
        self._moved_away = {path: where for path, where in self._moved_away.items() if path in gone}
        away = set(self._moved_away.values())
        self._moved_seen = {where: seen for where, seen in self._moved_seen.items() if where in away}
        if self.is_dirty != was:
            self.dirtyChanged.emit(self.is_dirty)
        self.goneChanged.emit()

    @property
    def transcript_is_another_chat(self) -> bool:
        """The transcript on disk is another chat than the one shown (most of
        the messages read are not in it), not read since: Save writes
        nothing beside it over another discussion's file, and a save reads
        it back not (``SaveCase.ANOTHER_DISCUSSION``)."""
        return self._other_chat

    def moved_to(self, path: Path) -> Path | None:
        """Where the file of the pair at ``path`` was moved on disk (None: it was not)."""
        change, where = self._why_gone.get(path, (None, None))
        return where if change is Change.MOVED else None

    def moved_away(self, path: Path) -> Path | None:
        """Where the file of the pair at ``path`` was moved on disk, even once
        another file took its name (``moved_to`` then says None): what still
        holds the times read (issue 31: Discard said "leaves them in no file")."""
        return self.moved_to(path) or self._moved_away.get(path)

    def pair_on_disk(self, pair: Pair) -> Pair:
        """``pair`` with each file moved on disk named where it is now: the
        status bar and the title name the files where they are (issue 31:
        after ``mv`` of the transcript they still read the old name under
        the banner that said the move). A file moved with the discussion's
        folder, not followed yet, is named at its old place: until "Follow
        the moved folder" the window's files are there, Save writes there
        (tryL 7: the status bar named the moved folder before Follow)."""
        kept = self.moved_with_folder(pair)
        return Pair(
            *(
                path
                if path is None or path in kept
                else self.moved_to(path) or self._chat_read_at.get(path) or path
                for path in (pair.transcript, pair.store)
            )
        )

    def moved_with_folder(self, pair: Pair) -> dict[Path, Path]:
        """The files of ``pair`` moved with the discussion's folder, not
        followed yet (``can_follow_moved``), by where they are now: named
        at their old place (``pair_on_disk``), the move said beside it."""
        folder = self.moved_folder(pair.store) if pair.store is not None else None
        if folder is None:
            return {}
        found = {}
        for path in (pair.transcript, pair.store):
            now = None if path is None else self.moved_to(path) or self._chat_read_at.get(path)
            if path is not None and now is not None and now != path and now.parent == folder.parent:
                found[path] = now
        return found

    def moved_folder(self, path: Path) -> Path | None:
        """Where the file of the pair at ``path`` is now when its folder was
        moved (found beside, with it): the discussion goes on there, the
        middleware writing into it (None: not moved so, or gone since). Also
        once another discussion took the old folder's place (issue 29: F5,
        then Save, offered only Save As)."""
        moved = self.moved_away(path)
        if moved is None or moved.parent == path.parent or not moved.exists():
            return None
        return moved

    def default_save_choice(self, case: SaveCase, path: Path) -> SaveChoice:
        """What Enter answers to Save's question (``ask_save``), the safe
        choice: Save As where nothing is to be written over or beside another
        chat; into the moved folder's file when the discussion's folder was
        moved to a known place (tryout saveas29u: "write back" made the old
        folder again holding only the times, and the moved folder, with the
        chat and the middleware's new entries, got none of the edits); Save
        As over a file holding what the window does not show (issue 31: Enter
        wrote "all 10 stored times" over another file); else the write the
        question offers, where nothing is lost."""
        if case in _INTO_MOVED_CASES and self.moved_folder(path) is not None:
            return SaveChoice.INTO_MOVED
        if case in (SaveCase.CONFLICTS, SaveCase.REMOVES_STORED):
            return SaveChoice.KEEP_FILE
        if case in (SaveCase.FOREIGN, SaveCase.RECREATED, SaveCase.BROKEN) and self.over_unshown:
            return SaveChoice.SAVE_AS
        if case is SaveCase.PAIRING_DOUBTFUL and self.of_other_discussion is not None:
            return SaveChoice.SAVE_AS  # Enter never writes a chat's times into another discussion's file
        if case in (
            SaveCase.BESIDE_ANOTHER_CHAT,
            SaveCase.ANOTHER_DISCUSSION,
            SaveCase.FILE_READ_ONLY,
            SaveCase.FOLDER_READ_ONLY,
            SaveCase.RECORDING,
        ):
            return SaveChoice.SAVE_AS
        return SaveChoice.WRITE_ALL

    def overwritten(self, path: Path) -> bool:
        """The file of the pair at ``path`` is held apart because it was
        written over where it stood, not as the middleware writes it (not
        made anew after it had gone): Save's question names the same event
        as the banner did (tryout: the banner said "rewritten on disk, but
        not as the middleware writes it", Save's question "made anew")."""
        change = self._why_gone.get(path, (None, None))[0]
        if change is not None:
            return change is Change.OVERWRITTEN
        # never seen gone: judged only by Save (``decide_save``), written over in place
        return path not in self._gone

    @property
    def last_event(self) -> str:
        """What was last done to the file, and when ("file saved 12:04:05"), in
        the user's language when read (shown with the counts)."""
        if self._event is None:
            return ""
        reason, when = self._event
        words = {
            "opened": lambda: self.tr("file opened %1"),
            "reloaded": lambda: self.tr("file reloaded %1"),
            "reverted": lambda: self.tr("file reverted %1"),
            "decrypted": lambda: self.tr("file decrypted %1"),
            "saved": lambda: self.tr("file saved %1"),
            "saved (merged)": lambda: self.tr("file saved (merged with changes made meanwhile) %1"),
            "saved as": lambda: self.tr("file saved as %1"),
            "reading back": lambda: self.tr("file written %1, being read back"),
            "edited (unsaved)": lambda: self.tr("file edited (unsaved) %1"),
            # undone (or redone) back to what is on disk: nothing was saved then
            "as saved": lambda: self.tr("edits undone: as on disk again %1"),
            "as saved (redone)": lambda: self.tr("edits redone: as on disk again %1"),
            "re-simulated": lambda: self.tr("file re-simulated %1"),
            "re-read with new options": lambda: self.tr("file re-read with new options %1"),
            "changed on disk": lambda: self.tr("file changed on disk %1"),
            "followed": lambda: self.tr("files read in their moved folder %1"),
            "deleted on disk": lambda: self.tr("file deleted on disk (shown as last read) %1"),
            "moved on disk": lambda: self.tr("file moved on disk (shown as last read) %1"),
            "set aside": lambda: self.tr("file replaced on disk (shown as last read) %1"),
        }
        # on the discussion's clock, as History and the Now button say times
        # (tryout: "file changed on disk 03:42:42" beside History's 05:42:42), its offset named
        # once, compactly: beside a file dialog's machine times, "file saved 07:15:09" named none
        shown = self.discussion
        moment = on_clock(shown, when) if shown is not None else when.astimezone().replace(tzinfo=None)
        clock = f"{moment:%H:%M:%S} {offset_said(moment, self.now_clock())}"  # zone unknown: said (issue 31)
        said = words.get(reason)
        if said is None:  # a reason no caller gives today: said as given
            return fill(self.tr("file %1 %2", "what was done to it, then when"), reason, clock)
        return fill(said(), clock)

    @property
    def is_dirty(self) -> bool:
        """Unsaved: edits not written, or a timestamp file gone from disk whose times are shown."""
        return not self.undo_stack.isClean() or self.store_gone

    @property
    def reading_back(self) -> bool:
        """A save wrote the file and reads it back to show it: until then the
        window shows an older state (the edits' re-join still under way, or
        without the middleware's entries the save merged in), so nothing says
        "saved" yet: the title keeps its "*" and the banner says the file is
        read back. Tryout at 100k: Ctrl+Z of 2,384 saved repairs, then Ctrl+S
        while the middleware appended: for ~10 s a clean title and "Saved
        (merged …)" over a table that still showed the undone rows tracked."""
        return self._saved_note is not None

    @property
    def disk_check_due(self) -> bool:
        """The watcher saw the files change and its debounce runs, or the
        changed file is being read to judge it: ``diskChecked`` follows."""
        return self._reload_timer.isActive() or self.jobs.busy(DISK_JOB)

    @property
    def is_temporary(self) -> bool:
        """A private copy is open (the demo): not worth a place in recent files."""
        return self._temporary is not None

    @property
    def api_key(self) -> str | None:
        return self._api_key

    @property
    def file_key(self) -> FileKey | None:
        """The key for encrypted timestamp files (from ``set_key``), for panels
        that read such files themselves (a recording's copies)."""
        return self._file_key

    def now(self) -> datetime:
        """The reference time: pinned, or the middleware's clock, in the zone
        of the discussion shown (``clock_now``: the zone its times show when
        none is named; the machine's put the demo's live clock hours off)."""
        if self.pinned_now is not None:
            return self.pinned_now
        return self.wall_clock()

    def request_now(self) -> datetime:
        """The moment the views simulate the next request at: the time the
        table's "≈" shows, to the second. Under the live clock that is the
        moment the discussion shown was last simulated at (the minute's turn),
        not this second: the Simulate dialog took the clock again and the time
        its own request gave lay after the "now" of its "after" strip, flagged
        "future" (issue 31)."""
        shown = self.discussion
        if self.pinned_now is None and shown is not None and shown.now != datetime.min:
            return shown.now
        return self.now()

    def wall_clock(self) -> datetime:
        """This moment on the window's clock (the one the Now button names),
        pinned or not: when something was done, said in the zone the window
        shows (life29z finding 6: the Repair pane's "Checked at" was this
        machine's time, two hours off the Now button's)."""
        shown = self.discussion
        if shown is not None:
            return clock_now(shown)
        return wall_now(self.options.wilmer_zone).replace(microsecond=0)

    def now_clock(self) -> tuple[tzinfo | None, ClockSource]:
        """The zone ``now`` is read in and what says so (``Discussion.clock``);
        with nothing open, the zone named or this machine's (None: read no
        zone database while the window starts)."""
        shown = self.discussion
        if shown is not None:
            return shown.clock
        named = self.options.wilmer_zone
        return (get_zone(named), "named") if named else (None, "machine")

    # -- opening -----------------------------------------------------------
    @property
    def chat(self) -> str | None:
        """The chat (or recorded request) picked in a file that holds several."""
        return self._chat

    def continues(self, before: Pair, after: Pair) -> bool:
        """``after`` is ``before`` written under another name by Save As: the
        same discussion, so what a panel found or was told of it still holds
        (tryout: after Save As the Repair list and its ticks were dropped, and
        Alt+R, Reject all, did nothing)."""
        return bool(before) and self._saved_as == (before, after)

    @property
    def shown_pair(self) -> Pair:
        """The files of the discussion shown (``pair`` is the one being read)."""
        shown = self.discussion
        return Pair(_source_path(shown), shown.store_path) if shown is not None else Pair()

    def open(
        self,
        transcript: Path | None = None,
        store: Path | None = None,
        *,
        beside: bool = True,
        temporary: Path | None = None,
        chat: str | None = None,
        pin: datetime | None = None,
    ) -> bool:
        """Open a new pair. A transcript alone gets *its* file (by discussion id
        under the root, else beside it, else a new discussion), never the
        previous one; a file alone is shown with the transcript next to it
        when one matches, else as a list of entries. False when the person
        kept unsaved edits instead. ``chat`` picks one conversation of a file
        that holds several (a recorded request's id, an export's chat).
        ``pin`` fixes "now" for it (the demo's moment; a request's arrival,
        aware: placed on the discussion's clock once it is read);
        without it, a pin that came with the pair shown before is dropped
        (another discussion is looked at live), and so is a pin the person
        made for another discussion (a moment on its clock, not this one's:
        issue 29), said once this pair is shown; their pin stays when the
        same discussion is opened again."""
        if not (transcript or store) or not self.may_leave(Leaving.OPEN):
            return False
        self._reload_after_check = None  # an F5 of the discussion shown: not of this one
        # what is shown keeps its files, pin and copy until the new pair has
        # loaded (``_loaded``); a failed open leaves it as it was (``_fail_open``)
        requested = Pair(Path(transcript) if transcript else None, Path(store) if store else None)
        left = None
        if pin is not None or self._pin_of_pair:
            pinned, of_pair = pin, pin is not None
        elif self.pinned_now is not None and not (
            _same_discussion(self._pin_for, requested) and chat in (None, self._pin_chat)
        ):
            pinned, of_pair, left = None, False, self._pin_left_text(self.pinned_now)
        else:
            pinned, of_pair = self.pinned_now, self._pin_of_pair
        shown = self._opening or _Opening(self.pinned_now, False, None, self._chat, self._beside)
        self._drop_opening()  # an open still under way is replaced: its copy was never shown
        self._opening = _Opening(pinned, of_pair, temporary, shown.chat, shown.beside, left)
        self._pending_ops = []
        self.jobs.advance()  # the work of what is shown is not this pair's: stopped, never shown
        self._swapped_under_edits = False
        self._other_id_confirmed = None
        self._other_chat = self._beside_other_confirmed = False
        self._chat_read_at = {}
        self._left_name, self._left_note, self._kept_chat_read = None, None, False
        self._folders_store = None
        self._reload_note = None
        self._chat = chat
        self._beside = beside
        if requested != self.pair:  # another pair: no move of it followed
            self.followed_from = {}
        self.pair = requested
        self.pairChanged.emit()
        self._load("opened", keep_edits=False)
        return True

    def close(self) -> bool:
        if not self.may_leave():
            return False
        self._reload_after_check = None
        self._saves_waiting.clear()  # waited for by ``may_leave``: none is left
        self._transcript_read = None  # a closed discussion's read is not kept
        self.undo_stack.clear()
        self.jobs.advance()  # the closed discussion's work: stopped, and never shown
        self._drop_opening()
        self._set_gone(set())
        self._swapped_under_edits = False
        self._other_id_confirmed = None
        self._other_chat = self._beside_other_confirmed = False
        self._chat_read_at = {}
        self._left_name, self._left_note, self._kept_chat_read = None, None, False
        self._folders_store = None
        self._reload_note = None
        self._behind = False
        self._signatures, self._read_states = {}, {}
        self._seen_absent = {}
        self.followed_from, self._moved_seen = {}, {}
        self.pair = Pair()
        self.discussion = self.base = self.working = None
        self._chat_once = frozenset()
        self.layout = StripLayout()
        self.preview, self.preview_error = None, None
        self._event = None
        if self._pin_of_pair:  # the closed pair's moment: nothing it belonged to is shown
            self.pinned_now, self._pin_of_pair = None, False
            self.nowChanged.emit()
        self._forget_temporary()
        self._watch()
        self.pairChanged.emit()
        self.changed.emit()
        self.previewChanged.emit()
        self._say_preview_current()
        self.closed.emit()
        give_back_freed_memory()  # the views let it go on these signals: nothing of it is held now
        return True

    def reload(self, reason: str = "reloaded") -> None:
        """Read both files again; unsaved edits are carried over as operations.
        Over a timestamp file held apart (another discussion's, emptied,
        broken) the times shown are in no file: the person is asked first
        (save them, drop them, or stay), and nothing is carried onto that file
        (a tryout's F5 put an edit on a foreign file and the next Save wrote
        it as this discussion's, its own 21 times gone). A change on disk
        not judged yet (the watcher's debounce, or the file being read to
        judge it) is judged first, and the reload done once it is: F5 in
        that second read a foreign file over what was shown, unasked."""
        if not self.pair:
            return
        if self.judge_disk_first(lambda: self.reload(reason)):
            return
        if self._refuse_gone():
            return
        self.finish_save()  # what is held apart is judged once a save under way has written
        held = self._store_held()
        if not held and self._other_chat:
            self._reload_over_another_chat(reason)
            return
        if held and not self._confirm_leaving(Leaving.RELOAD):
            return
        if self._to_folders_pair():
            held = True  # the folder's own file: no edit of the file saved carries onto it
        self._load(reason, keep_edits=not held)

    def _to_folders_pair(self) -> bool:
        """Saved elsewhere (Save As) while the transcript on disk was another
        chat: Reload reads the folder's own pair, that chat with the timestamp
        file beside it, and says so, the file saved named (life29z finding 2:
        F5 joined the other chat with the file saved, its times shown as 19
        orphans of a chat they never belonged to). False: nothing to change."""
        own, transcript, saved = self._folders_store, self.pair.transcript, self.pair.store
        if not self._other_chat or own is None or transcript is None or saved == own:
            return False
        self._folders_store = None
        self.pair = Pair(transcript, own if own.exists() else None)
        self._saved_as = None
        self.undo_stack.clear()
        self._pending_ops = []
        self._set_gone(set())
        self.pairChanged.emit()
        self._reload_note = sentences(
            self._reload_note or "",
            fill(
                self.tr(
                    "Reloaded: %1 on disk is another discussion's chat; the window shows the "
                    "folder's discussion, %1 with %2. The stored times you saved are in %3."
                ),
                transcript.name,
                own.name,
                str(saved) if saved is not None else "",
            ),
        )
        return True

    def _clean_beside_a_changed_file(
        self, base: Discussion | None, changes: dict[Path, tuple[Change, Path | None]]
    ) -> bool:
        """No edits unsaved, and the timestamp file read changed on disk (not
        gone, not only its permissions): while the transcript is not read
        again (gone, or another chat there), the file alone is read and joined
        with the chat as last read (``_rebase``)."""
        store = base.store_path if base is not None else None
        return (
            store in changes
            and store not in self._gone
            and changes[store][0] is not Change.PERMISSIONS
            and not self.is_dirty
        )

    def _reload_over_another_chat(self, reason: str) -> None:
        """Reload while the transcript on disk is another chat: reading it
        shows the other chat, on whose rows none of the edits is (tryout
        life29p: F5 did that without a word). With edits unsaved, asked first
        (the window's "unsaved changes"): kept, nothing is read and that is
        said; agreed (or clean), the chat on disk is shown without the edits,
        and said so plainly (tryN M2)."""
        transcript = self.pair.transcript
        name = transcript.name if transcript is not None else ""
        if self.is_dirty and not self._confirm_leaving(Leaving.RELOAD):
            self.notice.emit(
                fill(
                    self.tr(
                        "Not reloaded: %1 on disk is another chat, and your unsaved edits are of "
                        "the chat shown. They stay shown; Save As keeps them."
                    ),
                    name,
                )
            )
            return
        if not self._to_folders_pair():
            self._reload_note = fill(
                self.tr(
                    "Reloaded: the window shows %1 as it is on disk now, another chat than the one read."
                ),
                name,
            )
        self._load(reason, keep_edits=False)

    def judge_disk_first(self, then: Callable[[], None]) -> bool:
        """A change on disk not judged yet (the watcher's debounce, or the
        changed file being read to judge it, or one no event has said yet):
        judged now, and ``then`` (Reload, Revert) done once it is, so it acts
        on the files as they are, the change said first. True: deferred so.
        Tryout: ``rm timestamps.json``, then Revert at once asked "Drop your
        unsaved changes … show timestamps.json as saved?", then showed no
        stored time and said nothing."""
        if not (self.disk_check_due or self._unseen_change()):
            return False
        self._reload_after_check = then
        if self._reload_timer.isActive() or not self.jobs.busy(DISK_JOB):
            self._reload_timer.stop()
            self._reload_if_changed()  # judged now, not after the debounce
        return True

    def _reload_when_checked(self) -> None:
        """The change on disk is judged (and said): the reload asked for meanwhile is done now."""
        then = self._reload_after_check
        if then is not None and not self.disk_check_due:
            self._reload_after_check = None
            then()

    def _store_held(self) -> bool:
        """The timestamp file on disk is held apart from what is shown (``file_state.HELD``)."""
        base = self.base
        store = base.store_path if base is not None else None
        return store in self._gone and self._why_gone.get(store, (None, None))[0] in HELD

    @property
    def files_gone(self) -> list[Path]:
        """The files of the pair gone from disk since read: Reload and Revert
        refuse (a gone file would read as empty), so there is nothing to ask."""
        return [p for p in (self.pair.transcript, self.pair.store) if p in self._gone and not p.exists()]

    def _refuse_gone(self) -> bool:
        """A file of the pair is gone from disk: reading the pair again would
        show no stored time (a gone file read as an empty one); said, refused."""
        gone = self.files_gone
        if not gone:
            return False
        if not self.undo_stack.isClean():
            # the edits are what the table shows, not the file as last read (issue 29:
            # "Drop edits" after the file was deleted kept them, the banner said "as last read")
            self.failed.emit(
                fill(
                    self.tr(
                        "%1 is gone from disk: nothing was reverted, and your unsaved edits stay "
                        "shown over the stored times last read (reading the pair again would show "
                        "no stored time). Save (or Save As) writes the stored times shown; Close "
                        "or Open to leave them."
                    ),
                    gone[0].name,
                )
            )
            return True
        self.failed.emit(
            fill(
                self.tr(
                    "%1 is gone from disk; the window still shows it as last read. Save (or Save As) "
                    "writes the stored times shown; Close or Open to leave them."
                ),
                gone[0].name,
            )
        )
        return True

    def revert(self) -> None:
        """Drop the edits and read the pair as it is on disk; a file of the
        pair gone is said, never read as empty (``_refuse_gone``). The window
        asks first, after a change on disk is judged (``judge_disk_first``)."""
        if self._refuse_gone():
            return
        self.undo_stack.clear()
        self._pending_ops = []
        self._load("reverted", keep_edits=False)

    def set_key(self, api_key: str | None, username: str | None = None) -> None:
        """The API key for encrypted files and per-user folders (memory only)."""
        self._api_key = api_key or None
        self._file_key = FileKey.derive(api_key, username) if api_key else None

    def choose_chat(self, chat: str) -> None:
        """The chat picked in a file of several: a pin the person made for
        another chat of it stays with that one (the files alone are the same)."""
        opening = self._opening
        pinned = opening.pinned if opening is not None else self.pinned_now
        of_pair = opening.of_pair if opening is not None else self._pin_of_pair
        if pinned is not None and not of_pair and self._pin_for and chat != self._pin_chat:
            left = self._pin_left_text(pinned)
            if opening is not None:
                self._opening = replace(opening, pinned=None, left=left)
            else:
                self.pinned_now = None
                self._reload_note = sentences(self._reload_note or "", left)
                self.nowChanged.emit()
        self._chat = chat
        self._load("opened", keep_edits=False)

    def set_root(self, root: Path | None) -> None:
        self.root = root

    def _load(self, reason: str, *, keep_edits: bool, keep_undo: bool = False) -> None:
        """Read the pair on a worker and show it; ``keep_undo``: the read
        follows our own save of the working store (undo survives a save)."""
        if not self.pair:
            return
        self._reload_after_check = None  # the files are read now: a reload waiting is done
        read_before, self._transcript_read = self._transcript_read, None
        base, working, opening = self.base, self.working, self._opening
        # edits of the discussion shown while another pair opens belong to neither
        if keep_edits and opening is None and self.is_dirty and base is not None and working is not None:
            self._pending_ops = diff_operations(base.store or TimestampStore(), working)
        pair, options = self.pair, self.options
        if opening is None and self._other_chat and self.pinned_now is not None and not self._pin_of_pair:
            # the transcript on disk is another chat now: the pin was made for the one read
            left = self._pin_left_text(self.pinned_now)
            self.pinned_now = None
            self._reload_note = sentences(self._reload_note or "", left)
            self.nowChanged.emit()
        # None: the live clock, read on the worker on the clock of the files read
        now = opening.pinned if opening is not None else self.pinned_now
        root, key, api_key, chat, beside = self.root, self._file_key, self._api_key, self._chat, self._beside
        previous = self.base if keep_edits and self._rereads(options) else None
        # the undo history of the files read again: carried onto what they hold now (``_rebased``)
        # (after our own save too: it may have written more than the edits)
        carries = opening is None and (previous is not None or keep_undo)
        history = self._undo_snapshots() if carries else None
        # its states are edits of what the stack last knew on disk (its saved
        # point), which a save that wrote more than the edits (the entries of a
        # file made anew) left behind what was read back: diffed from there
        stack_read = self._stack_on_disk() if history else None
        stack_at = (self.undo_stack.count(), self.undo_stack.index())
        pending = self._pending_ops

        def work(progress: Any) -> tuple[Discussion, StripLayout, dict[Path, FileState], Any]:
            # before reading: a write during the read shows as a change next time
            signatures = {p: _signature(p) for p in (pair.transcript, pair.store) if p is not None}
            if previous is not None:  # only what changed on disk is read and hashed again
                discussion = reopen(
                    previous, options, now, progress, key=key, chat=chat, read_before=read_before
                )
            else:
                discussion = open_discussion(
                    pair.transcript,
                    pair.store,
                    options,
                    now,
                    progress,
                    key=key,
                    root=root,
                    api_key=api_key,
                    chat=chat,
                    beside=beside,
                )
            arrival = recorded_now(discussion) if opening is not None else None
            if arrival is not None and arrival != discussion.now:  # a recorded request: at its arrival
                discussion = at_time(discussion, arrival)
            for found in (discussion.store_path, _source_path(discussion)):
                if found is not None and found not in signatures:
                    signatures[found] = _signature(found)
            progress(self.tr("laying out the timeline"), 0.95)
            rebased = None
            read = stack_read if stack_read is not None or previous is None else previous.store
            # read back after our save as the stack knows it: nothing to carry
            strays = bool(history) and previous is None and read is not None and read != discussion.store
            if history and read is not None and discussion.store is not None and (previous or strays):
                rebased = _rebased(read, discussion.store, history)
            # the unsaved edits on what the files hold now (each conflict said, never dropped unasked)
            applied = apply_operations(discussion.store or TimestampStore(), pending) if pending else None
            # what will be shown: the files read with the edits on them, joined here, so the window
            # swaps it in at once (the bare read shown first, for seconds at 100k, read as the
            # edits lost: 2,427 repaired rows "untracked" under a `*` title, tryout)
            target = _edits_target(discussion, rebased, stack_at, applied)
            shown = with_store(discussion, target) if target is not None else discussion
            extra = (rebased, stack_at, applied, strays, target)
            return shown, _laid_out(shown), signatures, (discussion, extra)

        self.jobs.submit(
            "load",
            work,
            lambda result: self._loaded(result, reason, options, keep_undo),
            lambda e: self._load_failed(e, pair),
            lasting=True,
        )

    def _rereads(self, options: EngineOptions) -> bool:
        """Whether loading now reads the files shown again (a reload after they
        changed on disk) rather than opening anew: same pair, same options, a
        transcript and its timestamp file already found (without one, or a
        file shown alone, the pair is looked for again)."""
        base = self.base
        return (
            base is not None
            and options == self._base_options
            and base.has_transcript
            and base.store_path is not None
            and Pair(_source_path(base), base.store_path) == self.pair
        )

    def _undo_snapshots(self) -> list[tuple[TimestampStore, TimestampStore]] | None:
        """The stores each undoable edit goes between (never changed once made:
        a worker may read them); None when the stack holds anything else."""
        snapshots = []
        for index in range(self.undo_stack.count()):
            command = self.undo_stack.command(index)
            if not isinstance(command, StoreEdit):
                return None
            snapshots.append(command.snapshots)
        return snapshots

    def _stack_on_disk(self) -> TimestampStore | None:
        """The state at the undo stack's saved point: what its edits were made
        against on disk (None: no saved point among its states). Not always
        the store read: a save over a file made anew writes the shown times
        with that file's other entries, and the edits' snapshots lack them;
        carrying the history from the store read then turned them into
        removals (tryout: a transcript swapped and put back showed 6 messages
        untracked under a clean title, and the next save removed their times)."""
        stack = self.undo_stack
        clean = stack.cleanIndex()
        if clean < 0 or stack.count() == 0 or clean > stack.count():
            return None
        command = stack.command(clean - 1 if clean > 0 else 0)
        if not isinstance(command, StoreEdit):
            return None
        return command.snapshots[1] if clean > 0 else command.snapshots[0]

    def _loaded(
        self,
        result: tuple[Discussion, StripLayout, dict[Path, FileState], Any],
        reason: str,
        options: EngineOptions,
        keep_undo: bool = False,
    ) -> None:
        shown, layout, signatures, (discussion, (rebased, stack_at, applied, strays, target)) = result
        if applied is not None and applied[1] and not self._drop_agreed(reason, applied[1]):
            self._keep_shown(applied[1])
            return
        rebased_working = self._carry_history(rebased, stack_at)
        if strays and rebased_working is None:  # our save wrote more, and the states cannot carry it
            keep_undo = False
        if rebased_working is not None:
            keep_undo = True
            self._pending_ops = []
        self._read_since_preview = True
        self._take_opening(discussion)
        rewritten = self._times_rewritten(discussion) if reason == "changed on disk" else ""
        self.base = discussion
        self._chat_once = frozenset()  # read again: what the chat holds now is shown
        self._base_options = options
        self.working = discussion.store or TimestampStore()
        self._signatures = signatures
        self._read_states = dict(signatures)  # the files shown, as read (``_transcript_as_on_disk``)
        self._set_gone(set())  # read again: what is shown is what the files hold
        if self._other_chat or self._kept_chat_read:
            self.chats_read += 1  # another chat than the one shown: its rows are not the old one's
        self._other_chat = self._beside_other_confirmed = False
        self._chat_read_at = {}
        self._kept_chat_read = False
        self._folders_store = None
        self._behind = False
        found = Pair(_source_path(discussion), discussion.store_path)
        if found != self.pair:  # the file was found for the transcript (or the transcript for the file)
            self.pair = found
            self.pairChanged.emit()
        if not keep_undo:  # another file's content: edits made on the old one no longer undo to it
            self.undo_stack.clear()
        # the state to show: the edits carried over (the history's, or the unsaved ones replayed)
        read = discussion.store or TimestampStore()
        if rebased_working is not None:
            wanted = rebased_working if rebased_working != read else None
        elif applied is not None:
            wanted = applied[0] if applied[0] != read else None
            if wanted is not None:  # undoable as one edit; shown below with the read, not after it
                command = StoreEdit(self.tr("Unsaved edits (kept across re-reading)"), read, wanted, _unseen)
                self.undo_stack.push(command)
                command.show_with(self._show_store)
        else:
            wanted = None
        if wanted is not None:
            self.working = wanted.copy()
        if wanted is target:  # joined on the worker: the new state, edits and all, at once
            self._show(shown, layout, "edited (unsaved)" if wanted is not None and self.is_dirty else reason)
        else:  # the history moved while the files were read: joined again, the old state shown meanwhile
            self._show_store(self.working, reason)
        self.loaded.emit()
        if reason == "reloaded" and self.is_dirty and self.discussion is not None:
            # the status line keeps saying "edited (unsaved)", so F5 under edits showed
            # nothing at all (tryO): said, with what became of the edits
            self.notice.emit(
                fill(
                    self.tr("Reloaded %1: the files read again, your unsaved edits kept over them."),
                    f"{on_clock(self.discussion, datetime.now(UTC)):%H:%M:%S}",
                )
            )
        if rewritten:
            self.failed.emit(rewritten)
        locked = self._store_read_only()
        if locked:  # said with the files read (the banner forgot what it said of the old read)
            self.failed.emit(locked)
        self._pending_ops = []
        if applied is not None and rebased_working is None:
            edited, conflicts = applied
            if conflicts:  # the person chose to drop them
                self.trouble = Trouble.EDITS_LOST
                try:
                    self.failed.emit(
                        fill(
                            self.tr("Some unsaved edits no longer apply: %1"),
                            conflicts_text(conflicts, 3),
                        )
                    )
                finally:
                    self.trouble = Trouble.OTHER
            if edited == read:
                self.notice.emit(self.tr("Nothing to change."))
        note, self._reload_note = self._reload_note, None
        if note is not None:
            self.notice.emit(note)
        left, self._left_note = self._left_note, None
        if left is not None:  # after the read: the banner keeps what is said of the files read
            self.failed.emit(left)

    def said_conflicts(self, count: int, named: tuple[tuple[int, object, object], ...]) -> str:
        """Which unsaved edits conflict with the file and what each side
        holds, the first few by the table's "#" (``_conflicting``): said by
        the banner when the file changes and by Save's question (issue 29:
        "some of your unsaved edits", none named)."""
        none = self.tr("no entry")
        lines = [
            fill(
                self.tr("#%1: yours %2, the file's %3"),
                number if number >= 0 else "?",
                none if mine is None else str(mine),
                none if theirs is None else str(theirs),
            )
            for number, mine, theirs in named
        ]
        said = self.tr("%n of your edits conflict with what the file holds now:", "", count)
        more = count - len(named)
        if more > 0:
            lines.append(self.tr("… and %n more", "", more))
        return "\n".join([said, *lines])

    def _times_rewritten(self, discussion: Discussion) -> str:
        """Said when the timestamp file, read again under unsaved edits, holds
        another time for a message it held before (the middleware's group-chat
        commit rewrites one in place, of a reply equal to that message; else
        another program did: tryO): which message, from what to what; several,
        how many ("": none, or no edits). Issue 29: #1 went from 09:00:52 to
        08:59:00 while edits were unsaved, the view updated silently. One
        pass over the entries (a dict compare), only on such a re-read."""
        base = self.base
        if not self.is_dirty or base is None or base.store is None or discussion.store is None:
            return ""
        if base.store_path != discussion.store_path:
            return ""
        before, now = base.store.as_mapping(), discussion.store.as_mapping()
        changed = [
            key
            for key, value in now.items()
            if key != PLACEHOLDER_KEY and key in before and before[key] != value
        ]
        if not changed:
            return ""
        first = changed[0]
        number = _numbers(discussion, {first}).get(first, -1)
        if len(changed) == 1:
            said = self.tr(
                "The stored time of #%1 changed on disk, from %2 to %3: the table shows the file's time "
                "now, your unsaved edits kept. The middleware changes a stored time only when a "
                "group-chat reply repeats that message's text; otherwise another program wrote it."
            )
        else:
            said = self.tr(
                "%n stored times changed on disk (the first, #%1, from %2 to %3): the table shows "
                "the file's times now, your unsaved edits kept.",
                "",
                len(changed),
            )
        return fill(said, number if number >= 0 else "?", before[first], now[first])

    def _drop_agreed(self, reason: str, conflicts: list[Conflict]) -> bool:
        """Unsaved edits that no longer apply to the files read again are
        dropped only when the person says so, on a Reload they asked for; an
        automatic re-read (the middleware wrote) never drops one (tryout: F5,
        and once a re-read after both files changed, cleared them, unasked)."""
        if reason == "changed on disk":
            return False
        return self.confirm_drop(len(conflicts), conflicts_text(conflicts, 3))

    def _keep_shown(self, conflicts: list[Conflict]) -> None:
        """The re-read is not taken: the files as last read stay shown with
        every unsaved edit and its undo history, said plainly as such (a
        tryout saw rows the file no longer held shown as current)."""
        self._pending_ops = []
        self._behind = True
        if self._transcript_as_on_disk():  # only the timestamp file changed since read: said so
            said = self.tr(
                "%n of your unsaved edits no longer apply to %3 as it is on disk now: %1. The window "
                "shows %2 as it is on disk, but %3 as last read, before it changed (any message only it "
                "has a time for shows as untracked), with every edit; Save stops on the conflict, "
                "Reload asks before dropping any edit.",
                "",
                len(conflicts),
            )
        else:
            said = self.tr(
                "%n of your unsaved edits no longer apply to the files as they are on disk now: %1. "
                "The window still shows the files as last read, with every edit; Save stops on "
                "the conflict, Reload asks before dropping any edit.",
                "",
                len(conflicts),
            )
        self.failed.emit(fill(said, conflicts_text(conflicts, 3), *self._shown_names()))

    def _carry_history(
        self, rebased: list[tuple[TimestampStore, TimestampStore]] | None, stack_at: tuple[int, int]
    ) -> TimestampStore | None:
        """The files were read again, and every edit still applies to what
        they hold now (``rebased``, made on the worker when the stack stood at
        ``stack_at``): the history stays, each state carried onto it. Returns
        the state to show (None: not carried, the history no longer undoes to
        what the file holds)."""
        if not rebased or stack_at != (self.undo_stack.count(), self.undo_stack.index()):
            return None
        # the state shown is the one after the last edit not undone, or before
        # the first when all are undone (after a save and Ctrl+Z that state is
        # not the file's: taking the file there lost the undo, tryout)
        at = self.undo_stack.index()
        shown = rebased[at - 1][1] if at > 0 else rebased[0][0]
        if any(before == after for before, after in rebased):
            self._drop_no_ops(rebased)
            return shown
        for index, (before, after) in enumerate(rebased):
            command = self.undo_stack.command(index)
            assert isinstance(command, StoreEdit)
            command.snapshots = (before, after)
        return shown

    def _drop_no_ops(self, rebased: list[tuple[TimestampStore, TimestampStore]]) -> None:
        """The history carried onto the file as it is now, without the steps
        that change nothing on it (the middleware wrote what the edit did:
        tryout, "Undo Repair" then gave ``*`` and no change, and Save "Saved"
        nothing). The stack is rebuilt quietly, the state shown and the
        saved point kept where they were among the steps that stay."""
        stack = self.undo_stack
        at, clean = stack.index(), stack.cleanIndex()
        texts = [stack.command(index).text() for index in range(stack.count())]
        kept = [index for index, (before, after) in enumerate(rebased) if before != after]

        def below(limit: int) -> int:
            return sum(1 for index in kept if index < limit)

        commands = [StoreEdit(texts[index], *rebased[index], lambda _store: None) for index in kept]
        stack.clear()
        for command in commands:
            stack.push(command)
        if clean >= 0:
            stack.setIndex(below(clean))
            stack.setClean()
        else:
            stack.resetClean()
        stack.setIndex(below(at))
        for command in commands:
            command.show_with(self._show_store)

    def _load_failed(self, error: InputError, pair: Pair) -> None:
        self._reload_note = None  # not shown: the failure is said instead
        self._end_reading_back()
        if isinstance(error, NeedsKey):
            self.needsKey.emit(error_text(error))
        elif isinstance(error, NeedsChoice):
            self.needsChat.emit(error)
        else:
            self._fail_open(error_text(error), pair)

    def decline(self, why: str) -> None:
        """The person did not answer what opening needs (a key, a chat)."""
        self._fail_open(why, self.pair)

    def _fail_open(self, message: str, pair: Pair) -> None:
        """Say why ``pair`` could not be shown, and what is shown instead: the
        previous discussion stays, with the pair it belongs to, never
        under the name of the file that failed."""
        opening = self._opening
        if opening is not None:  # back to what the shown discussion was opened with
            self._chat, self._beside = opening.chat, opening.beside
            self._drop_opening()
        shown = self.base
        if shown is None:
            self.pair = Pair()
            self.pairChanged.emit()
        else:
            shown_pair = Pair(_source_path(shown), shown.store_path)
            if shown_pair == pair:
                message = fill(self.tr("%1. Still showing the files as they were last read."), message)
            else:
                self.pair = shown_pair
                self.pairChanged.emit()
                # named as the title names it: by its files, a DiscussionIds root's
                # whole path (an id alone reads alike across roots)
                named = discussion_named(shown.title, shown_pair.describe(self.root))
                message = fill(self.tr("%1. Still showing %2."), message, named)
        self.failed.emit(message)
        pinned, current = self.pinned_now, self.discussion
        if pinned is not None and current is not None and current.now != pinned:
            self._simulate("re-simulated")  # pinned while the open was under way: shown at that pin

    def _show(self, discussion: Discussion, layout: StripLayout, reason: str | None) -> None:
        self.discussion = discussion
        self.layout = layout
        if reason is not None:
            self._event = (reason, datetime.now(UTC))
        self._watch()
        self._judge_future_when_due(discussion)
        self.changed.emit()
        self._end_reading_back()  # a save's read-back, or what replaced it, is shown
        if self._simulate_when_shown:  # the clock moved while it was read: simulated at its "now"
            self._simulate_when_shown = False
            self._simulate(None)
        self.refresh_preview()

    def _judge_future_when_due(self, discussion: Discussion) -> None:
        """On the live clock, a stored time shown as "future" stops being so
        the second the clock passes it: the discussion is simulated again
        then (``Discussion.first_future``), unless the minute's tick comes
        first. Pinned, nothing moves."""
        self._future_timer.stop()
        due = discussion.first_future if self.pinned_now is None else None
        if due is None:
            return
        wait_ms = int((due - clock_now(discussion)).total_seconds() * 1000) + CLOCK_MARGIN_MS
        if wait_ms < self.clock.remainingTime() or not self.clock.isActive():
            self._future_timer.start(max(wait_ms, 0))

    # -- editing -----------------------------------------------------------
    def push_edit(self, store: TimestampStore, text: str) -> None:
        """An undoable change of the working store (written only on Save)."""
        before = self.working
        if before is None:
            return
        if store == before:
            self.notice.emit(self.tr("Nothing to change."))
            return
        self.undo_stack.push(StoreEdit(text, before, store, self._show_store))

    def set_time(self, key: str, moment: datetime | None) -> None:
        """One message's stored time set by hand (``moment``), or removed
        (None: untracked again, its entry gone from the working store). An
        undoable edit like a repair's: Save merges it into the file as it is
        then, and asks when the middleware wrote that message meanwhile."""
        working = self.working
        if working is None:
            return
        text = self.tr("Edit time") if moment is not None else self.tr("Remove stored time")
        self.push_edit(with_time(working, key, moment), text)

    def _show_store(self, store: TimestampStore, reason: str | None = None) -> None:
        """Show ``store`` as the working store (an edit, an undo; ``reason``:
        the re-read that carried the edits, said as such, not as an undo)."""
        base = self.base
        if base is None:
            return
        self.working = store
        live = self.pinned_now is None

        def work(progress: Any) -> tuple[Discussion, StripLayout]:
            progress(self.tr("re-joining with the edited file"), 0.5)
            # on the live clock, judged at the time read now: the base was simulated at the
            # minute's turn, and a time applied at 08:33:20 read "future" at 08:33:43 (tryout)
            current = at_time(base, clock_now(base), simulate=False) if live else base
            edited = with_store(current, store)
            return edited, _laid_out(edited)

        # said when shown: an undo back to the saved state is clean only once undone.
        # QUndoStack calls undo/redo before it moves its index: the index now is
        # where it came from, the index when shown where it went (undone or redone)
        came_from = self.undo_stack.index()
        self.jobs.submit(
            "load",
            work,
            lambda result: self._edit_shown(result, reason, redone=self.undo_stack.index() > came_from),
            self._load_failed_edit,
        )

    def _edit_shown(
        self, result: tuple[Discussion, StripLayout], reason: str | None = None, *, redone: bool = False
    ) -> None:
        if (
            self._behind
            and not self.is_dirty
            and not self._gone
            and not self._other_chat
            and not self._kept_chat_read
        ):
            # undone back to as read, but the files changed meanwhile: a clean
            # window that showed the old read would hide the change, and Save
            # would write nothing (the edits' snapshots lack it: undo restarts)
            self._behind = False
            # said at once: the status line said "edited (unsaved)" under a
            # clean title until the re-read (seconds at 100k) was shown
            self._show(*result, "changed on disk")
            self.reload("changed on disk")
            return
        if reason is None:
            # the message follows the action (tryout shot-18: a redo said "edits undone")
            reason = "edited (unsaved)" if self.is_dirty else ("as saved (redone)" if redone else "as saved")
        elif self.is_dirty:
            reason = "edited (unsaved)"
        self._show(*result, reason)

    def _load_failed_edit(self, error: InputError) -> None:
        self._end_reading_back()
        self.failed.emit(error_text(error))

    def save(self) -> bool:
        """Write the working store to the timestamp file as it is on disk now,
        the one definition of Save (``file_state.decide_save`` names the case):
        unchanged or grown by the middleware, the edits are applied to it
        (merged; conflicts stop it); deleted, the person chooses to write all
        the window shows, Save As, or nothing; another file with no entry in
        common, or a folder that takes no file, is refused and said. A backup
        first (each save; ``_keep_backup`` bounds them), atomic, encryption and key order kept. Undo
        survives it: the stack is marked clean, not cleared."""
        return self._save(answered=None)

    def start_save(self) -> None:
        """Save (the window's Ctrl+S) with its file work on a worker: the
        file on disk read, its case decided (``decide_save``) and, for a
        plain save, the edits merged and serialized there (at 100k entries
        ~0.1 s to decide and ~0.5 s to prepare, which froze the window).
        What follows is ``save``'s, on this thread, the write its last step:
        a result worked out for what is no longer shown (an edit, an undo, a
        read meanwhile) or for a file that changed since it was read is
        dropped, and Save is worked out again; one for another discussion is
        dropped by the job runner. ``saveDone`` says it ended, and whether
        it wrote (``save``'s answer). Pressed while another save is under
        way, it follows that one (``_after_save_under_way``)."""
        if not self._after_save_under_way(lambda: self._submit_save(answered=None)):
            self._submit_save(answered=None)

    @property
    def saving(self) -> bool:
        """``start_save``'s file work is under way."""
        return self.jobs.busy(SAVE_JOB)

    @property
    def saves_pending(self) -> bool:
        """A save is under way, or one waits for it (``_after_save_under_way``)."""
        return self.saving or bool(self._saves_waiting)

    def _after_save_under_way(self, save: Callable[[], None]) -> bool:
        """A save (Save, Save As) asked for while another is under way, its
        file being worked out or written and read back: done once that one
        has ended, in the order asked, and said. True: it waits so. Issue 29:
        Ctrl+S within a tenth of a second of Save As replaced its job (one
        job kind, the newer wins) and the Save As was never written."""
        if not (self.saves_pending or self.reading_back):
            return False
        self._saves_waiting.append(save)
        self.notice.emit(self.tr("A save is under way; this one follows it."))
        return True

    def _next_save(self, _saved: bool = False) -> None:
        """A save ended (``saveDone``) or its read-back did: the next one
        waiting starts, once nothing of the one before is under way."""
        if self._saves_waiting and not self.saving and not self.reading_back:
            QTimer.singleShot(0, self, self._start_waiting_save)

    def _start_waiting_save(self) -> None:
        if self._saves_waiting and not self.saving and not self.reading_back:
            self._saves_waiting.pop(0)()

    def may_leave(self, leaving: Leaving = Leaving.CLOSE) -> bool:
        """Whether what is shown may be left (closed, another opened, the app
        quit: ``leaving``): a save under way finishes first, then unsaved
        state is judged as it is (``confirm_discard``). Tryout: Ctrl+S, then
        Ctrl+W at once on 100k: "unsaved changes, save first?" was asked
        while the save wrote them, and Discard left them written."""
        self.finish_save()
        return self._confirm_leaving(leaving)

    def _confirm_leaving(self, leaving: Leaving) -> bool:
        """``confirm_discard`` asked for ``leaving``, said by ``leaving`` while
        it is asked: its buttons name what follows ("Save, then reload")."""
        self.leaving = leaving
        try:
            return self.confirm_discard()
        finally:
            self.leaving = Leaving.CLOSE

    def finish_save(self) -> None:
        """Wait, the window busy, until ``start_save``'s work has ended
        (written, refused, or its question answered): a short wait (its file
        work is well under a second at 100k). Events are served meanwhile, so
        the save's own result and questions arrive; nothing else is judged."""
        if not self.saves_pending:
            return
        loop = QEventLoop()
        poll = QTimer()
        poll.setInterval(50)
        poll.timeout.connect(lambda: None if self.saves_pending else loop.quit())
        self.saveDone.connect(loop.quit)
        self.notice.emit(self.tr("Finishing the save under way…"))
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        poll.start()
        try:
            while self.saves_pending:
                loop.exec()
        finally:
            poll.stop()
            self.saveDone.disconnect(loop.quit)
            QGuiApplication.restoreOverrideCursor()

    def _submit_save(
        self, *, answered: SaveCase | None, keep: frozenset[str] = frozenset(), told: _Told = _NOT_TOLD
    ) -> None:
        """``start_save``; ``answered``: as ``_save`` takes it; ``keep``: stored
        times the person chose to keep when Save would have removed them
        (``SaveCase.REMOVES_STORED``, "Keep them"): left out of the edits the
        worker merges. ``told``: the edits' questions answered before the file
        changed (``_Told``)."""
        base, working = self.base, self.working
        path = base.store_path if base is not None else None
        if base is None or working is None or path is None or not self._may_write() or base.store is None:
            # said at once (or a first file: nothing to read)
            self.saveDone.emit(self._save(answered=answered, told=told))
            return
        if not self._pairing_confirmed():  # asked before the file work, not after it
            self.saveDone.emit(False)
            return
        key, read, digest, at = base.store.key, base.store, base.store_digest, self.undo_stack.index()
        chat, once = self._chat, self._chat_once
        # the file read gone or held apart (or answered so): one there now was made anew
        anew = path in self._gone or answered is not None

        def work(progress: Any) -> _ReadyToSave:
            return _ready_to_save(path, read, digest, key, anew, working, base, chat, once, keep)

        def shown() -> bool:
            return self.base is base and self.working is working and self.undo_stack.index() == at

        def current(ready: _ReadyToSave) -> bool:
            return shown() and _signature(path) == ready.seen

        self._save_job(
            work,
            current,
            # the answer "Keep them" holds while what it was given for is shown
            lambda: self._submit_save(
                answered=answered, keep=keep if shown() else frozenset(), told=told if shown() else _NOT_TOLD
            ),
            lambda ready: self._save(answered=answered, ready=ready, told=told),
        )

    def _save_job(
        self,
        work: Callable[[Any], Any],
        current: Callable[[Any], bool],
        again: Callable[[], None],
        write: Callable[[Any], bool],
    ) -> None:
        """A save's file work on the job runner (``SAVE_JOB``) and its write
        here, the last step: worked out again (``again``) when what it was
        worked out for is no longer so (``current`` false for its result);
        ``saveDone`` said once, unless another save is under way by then
        (worked out again, or a file made while asked). Save, Save As and
        Save into the moved folder each wrote this out."""

        def done(result: Any) -> None:
            saved = False
            try:
                if not current(result):
                    again()
                    return
                saved = write(result)
            finally:
                if not self.saving:
                    self.saveDone.emit(saved)

        self.jobs.submit(SAVE_JOB, work, done, self._save_failed)

    def _save_failed(self, error: InputError) -> None:
        try:
            self.failed.emit(
                fill(self.tr("%1. Nothing was written; Save As writes elsewhere."), error_text(error))
            )
        finally:
            self.saveDone.emit(False)

    def _save(
        self, *, answered: SaveCase | None, ready: _ReadyToSave | None = None, told: _Told = _NOT_TOLD
    ) -> bool:
        """``save``; ``answered``: the person already chose to write all that
        is shown, asked for the file in this case, and the file changed while
        the question was open (the middleware wrote it, or made it again):
        Save is worked out anew, and the answer covers the file only while it
        is in the same case. A file in another case now (deleted when asked,
        made anew by the middleware since) is asked about again (issue 29: the
        answer given for a deleted file wrote over the file made anew unasked).
        ``ready``: the file work done on a worker for what is shown now
        (``start_save``), else done here."""
        base, working = self.base, self.working
        if base is None or working is None:
            # said, not silent (tryout tryM 9: Ctrl+S said nothing)
            self.notice.emit(self.tr("Nothing to save: no discussion is open."))
            return True
        if not self._may_write():  # said, not silent: the person pressed Save
            self.notice.emit(self._nothing_to_save(base))
            return True
        path = base.store_path
        if path is None:
            self.failed.emit(
                self.tr("No timestamp file is paired with this transcript: use Save As to choose one.")
            )
            return False
        if not self._pairing_confirmed():
            return False
        key = base.store.key if base.store is not None else self._file_key
        # the file as it was when judged: one changed while a question was open
        # is judged again before anything is written (``_changed_while_asked``)
        seen = ready.seen if ready is not None else _signature(path)
        try:
            # the file read gone or held apart: one there now was made anew
            decision = (
                ready.decision
                if ready is not None
                else _decided(
                    path, base, key, path in self._gone or answered is not None, self._chat, self._chat_once
                )
            )
        except InputError as error:
            self.failed.emit(
                fill(self.tr("%1. Nothing was written; Save As writes elsewhere."), error_text(error))
            )
            return False
        case = decision.case
        if case is SaveCase.RECORDING:
            # a recording's copy is evidence of what the file was at a request: never
            # written (issue 29: Save rewrote it, and the history then told a false story)
            self.failed.emit(
                fill(
                    self.tr(
                        "Not saved: %1 lies in the recording %2, which is evidence of what went "
                        "over the wire; it is never written. Use Save As to keep the stored times "
                        "shown outside the recording."
                    ),
                    path.name,
                    recording_holding(path) or path.parent,
                )
            )
            return self._save_elsewhere(self.ask_save(case, path))
        whole = ready.whole if ready is not None else None  # what is shown, serialized on the worker
        whole_digest = ready.whole_digest if ready is not None else ""
        if case is SaveCase.DELETED and self.moved_to(path) is not None:
            case = SaveCase.MOVED
        if case is SaveCase.FOREIGN and self._other_chat:
            # the folder holds another discussion (both files replaced): nothing
            # written there, not even on request: the other discussion's file would
            # be set aside for times none of its messages has (tryout: Enter wrote
            # 15 keys over a 19-entry file and showed the other chat under them);
            # the discussion's folder moved to a known place: the question offers it
            if self.moved_folder(path) is None:
                self.failed.emit(
                    fill(
                        self.tr(
                            "Not saved: the folder of %1 now holds another discussion (the transcript "
                            "beside it and %1 were both replaced by another chat's). Nothing was "
                            "written; use Save As to keep the stored times shown."
                        ),
                        path.name,
                    )
                )
            choice = self.ask_save(SaveCase.ANOTHER_DISCUSSION, path)
            if choice is SaveChoice.INTO_MOVED:  # the discussion's folder moved, another took its place
                return self._into_moved(path, ready)
            if choice is SaveChoice.CANCEL:
                self.notice.emit(fill(self.tr("Nothing was written: %1 stays as it is on disk."), path.name))
            return self._save_elsewhere(choice if choice is SaveChoice.SAVE_AS else SaveChoice.CANCEL)
        if case in (SaveCase.FOREIGN, SaveCase.BROKEN, SaveCase.RECREATED):
            # never the edits merged into another file, a broken one, or one
            # made anew (the times shown it lacks would be lost): what is
            # shown, or nothing, and the file there kept as a backup
            # over another file too, its entries for messages of this transcript are kept
            # (issue 29: a file emptied, then the middleware's next exchange stored in it,
            # was written over and its new times lost); another discussion's are not
            ours = None
            if case is SaveCase.FOREIGN:
                ours = ready.ours if ready is not None else _messages_now(base, self._chat) | self._chat_once
            reply = _reply_of(base, working)
            merged = (
                ready.merged
                if ready is not None
                else merged_over_remade(
                    base.store or TimestampStore(), working, decision.on_disk, ours, reply
                )
                if case in _REMADE_CASES and decision.on_disk is not None
                else None
            )
            # the window's pending reply time: written, given to its reply, or said dropped
            self.pending_said = (
                (
                    pending_fate(working, merged, reply),
                    working.placeholder,
                    _numbers(base, {reply}).get(reply, -1) if reply is not None else -1,
                    decision.on_disk.get(reply)
                    if reply is not None and decision.on_disk is not None
                    else None,
                )
                if merged is not None
                else (PendingFate.NONE, None, -1, None)
            )
            # the file's placeholder not written (a dead one: ``live_placeholder``)
            self.placeholder_left_out = (
                case is SaveCase.RECREATED
                and merged is not None
                and decision.on_disk is not None
                and left_out_placeholder(merged, decision.on_disk)
            )
            theirs = decision.on_disk.get(PLACEHOLDER_KEY) if decision.on_disk is not None else None
            self.placeholder_kept = (
                theirs
                if case is SaveCase.RECREATED and merged is not None and merged.get(PLACEHOLDER_KEY) == theirs
                else None
            )
            # the new file's entries for other messages Save would write too: the
            # question names them only when there are some (tryout: "and its other
            # entries" over a file that had none); a placeholder is no message's
            added = merged.stored_times() - working.stored_times() if merged is not None else 0
            self.entries_added = added
            # what becomes of each of the file's entries, said by the question
            self.file_entries = (
                remade_fates(working, decision.on_disk, merged)
                if merged is not None and decision.on_disk is not None
                else (0, 0, 0)
            )
            # entries replaced or left out (only in the backup): another file's own, or
            # the middleware's times made anew; its entries for this chat's messages kept
            # as they are lose nothing (issue 29: the file emptied, then grown)
            # a broken file: bytes that do not parse are nothing the window shows
            self.over_unshown = (
                decision.on_disk is None
                if case is SaveCase.BROKEN
                else any(self.file_entries[1:]) or merged is None
            )
            choice = SaveChoice.WRITE_ALL if answered is case else self.ask_save(case, path)
            if choice is not SaveChoice.WRITE_ALL:
                if choice is SaveChoice.CANCEL:
                    kept = self.tr("Nothing was written: %1 stays as it is on disk.")
                    self.notice.emit(fill(kept, path.name))
                return self._save_elsewhere(choice)
            if answered is not case and _signature(path) != seen:
                return self._changed_while_asked(ready, case)
            if merged is not None:
                # with what the middleware wrote meanwhile for other messages (its
                # placeholder left out: no message's entry, and maybe one the window used up)
                return self._write_all(
                    path,
                    merged,
                    keep=True,
                    added=added,
                    left_out=self.placeholder_left_out,
                    data=whole,
                    pending=self.pending_said,
                    digest=whole_digest,
                )
            return self._write_all(path, working, keep=True, data=whole, digest=whole_digest)
        if case is SaveCase.FOLDER_READ_ONLY:
            # a file system mounted read-only told apart from permissions (tryout: a
            # read-only bind mount was said as the permissions' fault)
            why = (
                self.tr(
                    "Cannot save %1: its folder %2 is on a file system mounted read-only. Nothing "
                    "was written; use Save As to write it elsewhere."
                )
                if on_read_only_mount(path.parent)
                else self.tr(
                    "Cannot save %1: its folder %2 does not exist (a new discussion's folder is made "
                    "only in a writable DiscussionIds folder). Nothing was written; use Save As to "
                    "write it elsewhere."
                )
                if folder_gone(path)
                else self.tr(
                    "Cannot save %1: its folder %2 is not writable (a save writes a new file there "
                    "and renames it). Nothing was written; use Save As to write it elsewhere."
                )
            )
            self.failed.emit(fill(why, path.name, path.parent))
            return self._save_elsewhere(self.ask_save(case, path))
        if case is SaveCase.FILE_READ_ONLY:
            why = (
                self.tr(
                    "Cannot save %1: it is on a file system mounted read-only (its permissions are "
                    "not the cause). Nothing was written; use Save As to write elsewhere."
                )
                if on_read_only_mount(path)
                else self.tr(
                    "Cannot save %1: the file is read-only (its permissions allow no writing). "
                    "Nothing was written; make it writable, or use Save As to write elsewhere."
                )
            )
            self.failed.emit(fill(why, path))
            return self._save_elsewhere(self.ask_save(case, path))
        if case in (SaveCase.DELETED, SaveCase.MOVED, SaveCase.FOLDER_GONE):
            choice = SaveChoice.WRITE_ALL if answered is case else self.ask_save(case, path)
            if choice is SaveChoice.INTO_MOVED:
                return self._into_moved(path, ready)
            if choice is not SaveChoice.WRITE_ALL:
                if choice is SaveChoice.CANCEL:
                    renamed = self.renamed_to(path) if case is SaveCase.MOVED else None
                    if renamed is None:
                        cancelled = fill(self.tr("Nothing was written: %1 stays deleted."), path.name)
                    elif self.undo_stack.isClean():
                        cancelled = fill(
                            self.tr("Nothing was written: the stored times stay in %1 alone."), renamed.name
                        )
                    else:
                        cancelled = fill(
                            self.tr("Nothing was written: your edits are not in %1."), renamed.name
                        )
                    self.notice.emit(cancelled)
                return self._save_elsewhere(choice)
            if case is SaveCase.FOLDER_GONE:
                # the discussion's folder moved or deleted: written back, it is made again
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                except OSError as error:
                    self.failed.emit(
                        fill(
                            self.tr(
                                "Cannot make the folder %1 again (%2). Nothing was written; use Save As."
                            ),
                            path.parent,
                            error.strerror or str(error),
                        )
                    )
                    return False
            if path.exists():
                # made while the question was open (the middleware re-creates a
                # lost file): judged again, never written over unseen (tryout:
                # its new entries and placeholder lost, no backup); the answer was
                # given for a file that was not there: a file there now is asked about
                return self._changed_while_asked(ready, case)
            return self._write_all(path, working, keep=True, data=whole, digest=whole_digest)

        def again(now: _Told) -> bool:  # the file changed while an edits' question was open
            if ready is not None:
                self._submit_save(answered=answered, keep=frozenset(), told=now)
                return True
            return self._save(answered=answered, told=now)

        return self._save_edits(
            path,
            base,
            working,
            key,
            ready,
            kept=None if ready is None else lambda keep: self._submit_save(answered=answered, keep=keep),
            seen=seen,
            told=told,
            again=again,
        )

    def _nothing_to_save(self, base: Discussion) -> str:
        """Why Save writes nothing, nothing being unsaved: the file holds what
        is shown, or there is no file yet and no stored time to make one
        with. Tryout tryM 9: Ctrl+S with a transcript alone said nothing,
        and a new discussion's file not yet written was said to hold what is shown."""
        path = base.store_path
        if path is None:
            return self.tr(
                "Nothing to save: no timestamp file is paired and nothing is edited (Save As writes one)."
            )
        if base.store is None:
            return fill(
                self.tr(
                    "Nothing to save: %1 does not exist yet, and no stored time is set to write into it."
                ),
                path.name,
            )
        return fill(self.tr("Nothing to save: %1 holds what is shown."), path.name)

    def _changed_while_asked(self, ready: _ReadyToSave | None, case: SaveCase) -> bool:
        """Save's "write all" answered, but the file changed while the
        question was open (the middleware wrote it): what was worked out
        before asking lacks what it wrote, so Save is worked out again from
        the file as it is now, the answer kept (on the job runner when its
        file work was: ``saveDone`` follows that job). Issue 29: the 8
        entries written while the question was open were only in the
        backup, and the banner counted the 6 the file held when asked.
        ``case``: the case the answer was given for; kept only while the file
        is still in it (``_save``)."""
        if ready is not None:
            self._submit_save(answered=case)
            return True
        return self._save(answered=case)

    def _into_moved(self, path: Path, ready: _ReadyToSave | None) -> bool:
        """Save's answer "Save into the moved folder": on the job runner when
        Save's file work was (``ready``; ``saveDone`` says it when that ends)."""
        if ready is not None:
            self._submit_into_moved(path)
            return False
        return self.save_into_moved(path)

    def _pairing_confirmed(self) -> bool:
        """Save may go on: unless the transcript changed on disk under unsaved
        edits and the pair shown is now doubtful (``pairing_warnings``: "may
        not belong together"), where the person is asked, as for the file's
        other doubtful cases: save the edits all the same (asked once: the
        pair is then confirmed), Save As, or nothing. Tryout: a chat swapped
        for another discussion's under unsaved edits, and Ctrl+S wrote them
        into this discussion's file unasked. The transcript another chat now
        (not read since): asked ``BESIDE_ANOTHER_CHAT`` instead, Save As the
        default (life29p)."""
        base = self.base
        path = base.store_path if base is not None else None
        case = self.pairing_question_ahead
        if case is None or path is None:
            return True
        choice = self.ask_save(case, path)
        if choice is SaveChoice.WRITE_ALL:
            self._swapped_under_edits = False
            self._other_id_confirmed = self.of_other_discussion
            self._beside_other_confirmed = case is SaveCase.BESIDE_ANOTHER_CHAT
            return True
        if choice is SaveChoice.CANCEL:
            self.notice.emit(fill(self.tr("Nothing was written: %1 stays as it is on disk."), path.name))
        self._save_elsewhere(choice)
        return False

    @property
    def pairing_question_ahead(self) -> SaveCase | None:
        """The question Save asks first about the pair (``_pairing_confirmed``):
        the transcript beside the file another chat, or the pair doubtful;
        None: none. The question before leaving says it is coming (tryN:
        "Save" after F5's question asked "Transcript is another chat",
        unannounced)."""
        base = self.base
        path = base.store_path if base is not None else None
        if base is None or path is None:
            return None
        if self._beside_another_chat(path):
            return SaveCase.BESIDE_ANOTHER_CHAT
        if (self._swapped_under_edits and base.pairing_warnings) or (
            self.of_other_discussion is not None and self.of_other_discussion != self._other_id_confirmed
        ):
            return SaveCase.PAIRING_DOUBTFUL
        return None

    @property
    def of_other_discussion(self) -> tuple[str, str, Path] | None:
        """The transcript's discussion id, the one its timestamp file belongs
        to, and that file, when they differ (``Doubt.OTHER_DISCUSSION``): Save
        asks before writing this chat's times into another discussion's file,
        however the pair came to be shown (issue 29: F5 after a chat was
        replaced by another discussion's, then Ctrl+S wrote unasked)."""
        base = self.base
        if base is None or base.store_path is None:
            return None
        for doubt in base.pairing_warnings:
            if doubt.code is Doubt.OTHER_DISCUSSION:
                transcript_id, _path, file_id = doubt.args
                return str(transcript_id), str(file_id), base.store_path
        return None

    def _beside_another_chat(self, path: Path) -> bool:
        """Save would write this discussion's times into ``path``, its own
        file, while the transcript beside it is another chat, not confirmed
        yet. Asked before the file's own question (deleted, emptied, made
        anew: each would write beside that chat too), except over another
        discussion's file, where nothing is written (``SaveCase.ANOTHER_DISCUSSION``)."""
        foreign = path in self._gone and self._why_gone.get(path, (None, None))[0] is Change.FOREIGN
        return self._other_chat and not foreign and not self._beside_other_confirmed

    def start_save_as(self, path: Path) -> None:
        """Save As from the window: onto the discussion's own file at its
        folder's new place, merged with its file work on the job runner as
        ``start_save`` does (issue 29: the moved file read, merged and
        serialized on the GUI thread froze the window at 100k); onto its own
        file, Save (``_submit_save``); anywhere else, ``save_as`` with the
        store serialized on the job runner (5.4 MB at 100k, 44-76 ms of
        the GUI thread), written here as the last step, worked out again
        if what is shown changed meanwhile. Asked while another save is
        under way, it follows that one (``_after_save_under_way``)."""
        path = Path(path)
        if not self._after_save_under_way(lambda: self._submit_save_as(path)):
            self._submit_save_as(path)

    def _submit_save_as(self, path: Path) -> None:
        shown = self.pair.store
        moved = self.moved_folder(shown) if shown is not None else None
        if shown is not None and moved is not None and path.absolute() == moved.absolute():
            self._submit_into_moved(shown)
            return
        if (
            shown is not None
            and path.absolute() == shown.absolute()
            and path.exists()
            and not self._other_chat
        ):
            self._submit_save(answered=None)  # its own file: Save, its file work on the job runner
            return
        store, base = self.working, self.base
        if (
            store is None
            or base is None
            or (self._other_chat and shown is not None and path.absolute() == shown.absolute())
        ):
            self.saveDone.emit(self.save_as(path))  # refused, and said, at once
            return
        at = self.undo_stack.index()
        chat, once, key = self._chat, self._chat_once, store.key

        def work(progress: Any) -> tuple[bytes, OthersFile | None, FileState, str]:
            # the file there judged as it is now, with the chat as it is now (read here)
            seen = _signature(path)
            other = _into_another(path, store, base, chat, once, key)
            data = store.file_bytes()  # 5.4 MB at 100k: serialized here, not on the GUI thread
            return data, other, seen, digest_of(data)  # hashed here too, for the save mark

        self._save_job(
            work,
            # serialized for what is no longer shown, or judged for a file changed since: again
            lambda ready: (
                self.working is store and self.undo_stack.index() == at and _signature(path) == ready[2]
            ),
            lambda: self._submit_save_as(path),
            lambda ready: self.save_as(path, data=ready[0], other=ready[1], digest=ready[3]),
        )

    def _submit_into_moved(self, path: Path, keep: frozenset[str] = frozenset()) -> None:
        """``save_into_moved`` with the moved file read, judged and the edits
        merged into it and serialized on a worker (``_ready_to_save``); the
        write on this thread. Worked out for what is no longer shown, or for
        a file that changed since it was read: worked out again; the folder
        no longer where it was found: Save judges it anew."""
        base, working, moved = self.base, self.working, self.moved_folder(path)
        if base is None or working is None or moved is None:
            self._submit_save(answered=None)
            return
        key = base.store.key if base.store is not None else self._file_key
        read, digest = base.store or TimestampStore(), base.store_digest
        chat, once = self._chat, self._chat_once
        at = self.undo_stack.index()

        def work(progress: Any) -> _ReadyToSave:
            return _ready_to_save(moved, read, digest, key, False, working, base, chat, once, keep)

        def shown() -> bool:
            return self.base is base and self.working is working and self.undo_stack.index() == at

        def current(ready: _ReadyToSave) -> bool:
            return shown() and self.moved_folder(path) == moved and _signature(moved) == ready.seen

        self._save_job(
            work,
            current,
            lambda: self._submit_into_moved(path, keep if shown() else frozenset()),
            lambda ready: self.save_into_moved(path, ready=ready),
        )

    def save_into_moved(self, path: Path, ready: _ReadyToSave | None = None) -> bool:
        """The discussion's folder was moved with its file ``path``: the pair
        goes on at the new place, and the edits are saved into the file
        there as Save saves (merged with what the middleware wrote there
        since, a backup kept), nothing written at the old place. Tryout
        saveas29u: written back, the old folder was made again holding only
        the times, or Save As onto the moved file replaced it, the
        middleware's two new entries left in a backup unsaid. Refused, the
        pair is as it was. ``ready``: the moved file's work done on a worker
        (``_submit_into_moved``), else done here."""
        base, working, moved = self.base, self.working, self.moved_folder(path)
        if base is None or working is None or moved is None:
            return False
        transcript = self.pair.transcript
        if transcript is not None:
            beside = moved.parent / transcript.name
            transcript = self.moved_to(transcript) or (beside if beside.exists() else transcript)
        was = (
            self.pair,
            self.base,
            self._gone,
            dict(self._why_gone),
            set(self._folder_went),
            dict(self._moved_away),
        )
        self.pair = Pair(transcript, moved)
        self.base = replace(base, store_path=moved)
        self._set_gone({p for p in self._gone if p == transcript and not p.exists()})
        key = base.store.key if base.store is not None else self._file_key
        kept: list[frozenset[str]] = []  # "Keep them": worked out again once the pair is back
        saved = self._save_edits(
            moved,
            self.base,
            working,
            key,
            ready=ready,
            where=str(moved),
            kept=None if ready is None else kept.append,
        )
        if saved:
            self._followed(was[0], self.pair)
            self.pairChanged.emit()
        elif self.pair == Pair(transcript, moved):  # not Save As'd elsewhere meanwhile
            self.pair, self.base = was[0], was[1]
            # why each went, back before the signal: the title and the file label
            # read it to name the moved files (issue 31: the old folder named again)
            self._why_gone, self._folder_went, self._moved_away = was[3], was[4], was[5]
            self._set_gone(was[2])
        if kept:
            self._submit_into_moved(path, kept[0])
        return saved

    def _save_elsewhere(self, choice: SaveChoice) -> bool:
        if choice is SaveChoice.SAVE_AS:
            self.saveAsWanted.emit()
        return False

    def _write_all(
        self,
        path: Path,
        working: TimestampStore,
        *,
        keep: bool = False,
        added: int = 0,
        left_out: bool = False,
        data: bytes | None = None,
        pending: tuple[PendingFate, object, int, object] = (PendingFate.NONE, None, -1, None),
        digest: str = "",
    ) -> bool:
        """The file was deleted (or, ``keep``, is another file, empty or
        broken, or made anew, kept as a backup first): everything the window
        shows written (never just the edits); ``added``: entries of the file
        made anew written with them; ``left_out``: its reply's placeholder
        was not (said, with the backup that keeps it). ``data``: ``working``'s
        bytes, serialized on a worker (``_ready_to_save``), else here.
        ``pending``: what became of the window's own placeholder
        (``pending_said``), said when it was not written as one."""
        foreign = self._why_gone.get(path, (None, None))[0] is Change.FOREIGN
        # deleted: the history says so (tryout: no trace of it)
        # named as judged: moved (its folder too) or deleted (issue 29: a moved file's
        # history said "deleted")
        after = "moved" if self.moved_away(path) is not None else "deleted"
        mark = mark_written_anew(path, after=after) if not path.exists() else None
        try:
            if data is None:  # serialized here: hashed here too
                data = working.file_bytes()
                digest = ""
            backup = write_bytes_atomic(path, data, backup=keep)
        except InputError as error:
            if mark is not None:
                mark.unlink(missing_ok=True)
            # said with what was (not) done and the way out, never the raw error alone
            self.failed.emit(
                fill(self.tr("%1. Nothing was written; Save As writes elsewhere."), error_text(error))
            )
            return False
        self._signatures[path] = _signature(path)
        mark_saved(path, digest or digest_of(data))
        # counted as Save's button counts them: the placeholder is no stored time (tryout:
        # the button said 16, this 17)
        times = working.stored_times()
        written = self.tr("Saved %1: written anew with the %n stored time(s) shown.", "", times)
        if added:
            written = self.tr(
                "Saved %1: written anew with the stored times shown, and %n entries the new file "
                "holds for other messages.",
                "",
                added,
            )
        said = fill(written, path.name)
        if backup is not None and foreign:
            # another discussion's file, kept under a name of its own: a ".bak-" is a
            # state of this discussion's file, and its history showed the other's
            # entries as this one's (second tryout: "state 0 … 99 entries", "Removed 99")
            other = backup.with_name(backup.name.replace(".bak-", ".other-", 1))
            with suppress(OSError):
                backup = backup.replace(other)
        elif backup is not None:
            self._keep_backup(path, backup)
        if backup is not None:
            said = fill(self.tr("%1 The file that was there is kept as %2."), said, backup.name)
        if left_out:
            said = sentences(
                said,
                self.tr(
                    "The reply's placeholder that file held (the time reserved for a reply being "
                    "generated) was not written: the window's own placeholder was."
                )
                if working.placeholder is not None
                else self.tr(
                    "The reply's placeholder that file held (the time reserved for a reply being "
                    "generated) was not written: it is older than a time stored since, and the "
                    "window shows none newer."
                ),
            )
        fate, value, number, _ = pending
        if fate is PendingFate.GIVEN:
            said = sentences(
                said,
                fill(
                    self.tr(
                        "The reply's pending time %1 the window held was written as the time of "
                        "message #%2, the reply it was reserved for."
                    ),
                    stored_text(value, entry=True),
                    number,
                ),
            )
        elif fate is PendingFate.DROPPED:
            said = sentences(
                said,
                fill(
                    self.tr(
                        "The reply's pending time %1 the window held was not written: no reply "
                        "in the chat was left without a time to take it."
                    ),
                    stored_text(value, entry=True),
                ),
            )
        self._saved(path, "saved", said)
        return True

    def _save_edits(
        self,
        path: Path,
        base: Discussion,
        working: TimestampStore,
        key: FileKey | None,
        ready: _ReadyToSave | None = None,
        where: str | None = None,
        kept: Callable[[frozenset[str]], None] | None = None,
        *,
        seen: FileState | None = None,
        told: _Told = _NOT_TOLD,
        again: Callable[[_Told], bool] | None = None,
    ) -> bool:
        """The edits saved into ``path`` as Save does; ``where``: how the
        file is named when said (its whole place, when not the pair's own).
        ``kept``: the file work was done on a worker (``ready``), and the
        answer "Keep them" has it done again there without those removals
        (issue 29: merged and written here, a freeze at 100k); ``kept`` is
        given them, the save ends here unwritten (``saveDone`` follows the
        new job). ``seen``: the file as judged; changed when a question is
        answered (the middleware wrote it meanwhile), ``again`` works Save
        out anew with the answers ``told`` so far, never writing what was
        merged before asking (issue 29)."""

        def changed() -> bool:
            return again is not None and seen is not None and _signature(path) != seen

        prepared = ready.prepared if ready is not None else None
        read = base.store or TimestampStore()
        ops = list(ready.ops) if ready is not None else diff_operations(read, working)
        unmeant = stored_removals(ops, self._removed_on_purpose(ops))
        if unmeant and not told.removals:
            # an undo past a save would remove times the file holds (issue 29): asked
            self.removals_shown = (len(unmeant), tuple(sorted(_numbers(base, unmeant).values())))
            choice = self.ask_save(SaveCase.REMOVES_STORED, path)
            if choice is SaveChoice.KEEP_FILE and kept is not None:
                kept(frozenset(unmeant))  # worked out again on the job runner without those removals
                return False
            if choice is SaveChoice.KEEP_FILE:
                ops, prepared = keeping_stored(ops, unmeant), None  # made again from the ops kept
            elif choice is SaveChoice.SAVE_AS or choice is SaveChoice.CANCEL:
                if choice is SaveChoice.CANCEL:
                    self.notice.emit(fill(self.tr("Nothing was written to %1."), path.name))
                return self._save_elsewhere(choice)
            if prepared is not None and again is not None and changed():  # merged before asking
                return again(replace(told, removals=True))
        new_key = None
        made = False  # the new discussion's folder, made for its first file
        try:
            if base.store is None:  # the discussion's first file: as the middleware would write it
                encryption = new_file_encryption(path, self._api_key)
                new_key = self._file_key if encryption.encrypted else None
                self.notice.emit(fill(self.tr("New timestamp file %1"), say(encryption.reason)))
                if self.root is not None and self.root in path.parents:
                    make_discussion_folder(self.root, path)
                else:
                    made = make_first_folder(path)
            if prepared is not None:  # worked out on a worker from the file as it is now: written
                result = write_prepared(path, prepared)
            else:
                result = save_operations(path, base.store_digest, ops, key, new_file_key=new_key)
        except InputError as error:
            if made:  # a failing save leaves nothing, not even the folder it made
                with suppress(OSError):
                    path.parent.rmdir()
            self.failed.emit(error_text(error))
            return False
        if result.conflicts:
            # the person is asked: their edits over the middleware's entries for
            # those messages (its file kept as a backup), elsewhere, or nothing
            self.conflicts_shown = (
                len(result.conflicts),
                _conflicting(base, result.conflicts[:CONFLICTS_NAMED]),
            )
            conflicting = frozenset(c.operation.key for c in result.conflicts)
            choice = (
                told.conflicts[0]
                if told.conflicts is not None and told.conflicts[1] == conflicting
                else self.ask_save(SaveCase.CONFLICTS, path)  # asked again when they are others now
            )
            if choice in (SaveChoice.KEEP_FILE, SaveChoice.WRITE_ALL) and again is not None and changed():
                return again(replace(told, conflicts=(choice, conflicting)))
            over = ready.over if ready is not None and prepared is not None else None  # made on the worker
            if choice is SaveChoice.KEEP_FILE:
                self._yield_history({c.operation.key: c.found for c in result.conflicts})
                kept_theirs = over[0][0] if over is not None else apply_operations(result.store, ops)[0]
                if kept_theirs == result.store:
                    # every edit conflicted: the file already holds what would be
                    # written; nothing is (tryout: a backup of a file rewritten
                    # byte for byte, said as "your other edits written")
                    return self._kept_as_is(path, len(result.conflicts))
                if over is not None:
                    return self._write_over(
                        path,
                        over[0][0],
                        len(result.conflicts),
                        mine=False,
                        data=over[0][1],
                        digest=over[0][2],
                    )
                return self._write_over(path, kept_theirs, len(result.conflicts), mine=False)
            if choice is SaveChoice.WRITE_ALL:
                if over is not None:
                    return self._write_over(
                        path, over[1][0], len(result.conflicts), data=over[1][1], digest=over[1][2]
                    )
                return self._write_over(path, applied_over(result.store, ops), len(result.conflicts))
            if choice is SaveChoice.SAVE_AS:
                return self._save_elsewhere(choice)
            details = conflicts_text(result.conflicts, 3)
            said = self.tr(  # no "(s)": the verb agrees too ("1 … applies"), English forms by hand
                "%1 changed on disk and %n of your changes no longer apply; nothing was written. %2",
                "",
                len(result.conflicts),
            )
            self.failed.emit(fill(said, path, details))
            return False
        if result.backup is not None:
            self._keep_backup(path, result.backup)
        if result.written:  # what it wrote named for certain in the file's history (tryL 3)
            mark_saved_edits(path, result.digest, ops)
        self._signatures[path] = _signature(path)  # our own write is not a change "on disk"
        saved = {  # (merged with changes made meanwhile, a backup made)
            (False, False): lambda: self.tr("Saved %1"),
            (True, False): lambda: self.tr("Saved %1 (merged with changes made meanwhile)"),
            (False, True): lambda: self.tr("Saved %1; backup %2"),
            (True, True): lambda: self.tr("Saved %1 (merged with changes made meanwhile); backup %2"),
        }[result.merged, result.backup is not None]()
        said = fill(saved, where or path.name, result.backup.name if result.backup else "")
        # merged: the re-read that follows carries the history onto the merged file (each
        # state with the middleware's entries, ``_rebased``), so undo survives this save too
        self._saved(path, "saved (merged)" if result.merged else "saved", said)
        return True

    def _removed_on_purpose(self, ops: Sequence[Operation]) -> frozenset[str]:
        """The messages whose stored time a step of the history in effect
        removes (a time cleared, Repair's orphans removed): removed because the
        person asked, never asked again. One look per removal, per step."""
        removed = [op.key for op in ops if not isinstance(op, SetEntry)]
        if not removed:
            return frozenset()
        meant: set[str] = set()
        for index in range(self.undo_stack.index()):
            command = self.undo_stack.command(index)
            if not isinstance(command, StoreEdit):
                continue
            before, after = command.snapshots
            meant.update(key for key in removed if key in before and key not in after)
        return frozenset(meant)

    def _write_over(
        self,
        path: Path,
        store: TimestampStore,
        conflicts: int,
        *,
        mine: bool = True,
        data: bytes | None = None,
        digest: str = "",
    ) -> bool:
        """The edits written over the middleware's entries for the same
        messages, as the person chose (``mine``), or (not ``mine``, Save's
        default) the file's entries for them kept and the other edits
        written; the file as it was kept as a backup. ``data``: ``store``'s
        bytes, serialized on a worker (``_ready_to_save``), else here."""
        if data is None:  # serialized here: hashed here too
            data, digest = store.file_bytes(), ""
        try:
            backup = write_bytes_atomic(path, data)
        except InputError as error:
            self.failed.emit(error_text(error))
            return False
        if backup is not None:
            self._keep_backup(path, backup)
        mark_saved(path, digest or digest_of(data))
        self._signatures[path] = _signature(path)
        said = (
            self.tr(
                "Saved %1: your edits written over what the file held for %n of their messages; "
                "the file as it was is kept as %2.",
                "",
                conflicts,
            )
            if mine
            else self.tr(
                "Saved %1: the file's own times kept for %n message(s) it had written meanwhile, "
                "your other edits written; the file as it was is kept as %2.",
                "",
                conflicts,
            )
        )
        if mine:
            self.undo_stack.clear()  # its steps would undo to entries the file no longer holds
        self._saved(path, "saved (merged)", fill(said, path.name, backup.name if backup is not None else ""))
        return True

    def _kept_as_is(self, path: Path, conflicts: int) -> bool:
        """Save's default over conflicts when every edit conflicted: the file's
        own times kept for all of them leaves nothing else to write, so the
        file stays as the middleware wrote it (no write, no backup) and the
        notice says so (issue 29: it said "your other edits written" and kept
        a backup of a file rewritten unchanged)."""
        said = self.tr(
            "Nothing written to %1: the file's own times kept for %n message(s) it had written "
            "meanwhile; nothing else to write.",
            "",
            conflicts,
        )
        self._saved(path, "saved (merged)", fill(said, path.name))
        return True

    def _yield_history(self, theirs: dict[str, object]) -> None:
        """Save kept the file's own entries for the messages ``theirs`` names
        (what it holds for each; ``ABSENT``: none): every state of the undo
        history holds them too, so it still undoes the other edits on the file
        written (life29z finding 5: Undo was greyed after "Keep the file's
        times for them"; the guide says only writing over clears it). The
        read-back carries it onto the middleware's other entries (``_rebased``).
        A step left changing nothing goes (``_drop_no_ops``)."""
        commands = [self.undo_stack.command(index) for index in range(self.undo_stack.count())]
        if not all(isinstance(command, StoreEdit) for command in commands):
            self.undo_stack.clear()
            return

        def yielded(store: TimestampStore) -> TimestampStore:
            made = store.copy()
            for key, value in theirs.items():
                if value is ABSENT:
                    if key in made:
                        made.remove(key)
                else:
                    made.set(key, value)
            return made

        history = [(yielded(c.snapshots[0]), yielded(c.snapshots[1])) for c in commands]
        if any(before == after for before, after in history):
            self._drop_no_ops(history)  # a step that only set those entries undoes nothing now
            return
        for command, stores in zip(commands, history, strict=True):
            command.snapshots = stores

    def _keep_backup(self, path: Path, backup: Path) -> None:
        """Every save keeps the state it replaces (the file's history shows
        each save's), within a bound: the session's first backup (the file
        as it was before the session) always stays, and of the later ones
        the newest ``SESSION_BACKUPS``; an older one goes, and the history
        says the states between two kept ones are not kept."""
        kept = self._backups.setdefault(path, [])
        kept.append(backup)
        if len(kept) > 1 + SESSION_BACKUPS:
            kept.pop(1).unlink(missing_ok=True)

    def _saved(self, path: Path, reason: str, said: str) -> None:
        """What was written is read back and shown; the undo stack stays, its
        clean point here (undoing past it makes the window unsaved again).
        ``said`` (what the save did) is said once the file read back is shown
        (``reading_back``); meanwhile that it is being read back."""
        self._begin_reading_back(path, said)
        self.undo_stack.setClean()
        self._pending_ops = []
        self._swapped_under_edits = False  # written: what the next edits are made on is shown
        if self._transcript_gone():
            self._rebase(reason)
            return
        self._load(reason, keep_edits=False, keep_undo=True)

    def _begin_reading_back(self, path: Path, said: str) -> None:
        """``path`` is written; what it holds is shown only once read back
        (seconds at 100k), and ``said`` (what the save did) then. Said at
        once as such, status line too (it said "edited (unsaved)" under a
        clean title, and later "file saved" over the state before an undo:
        neither was so)."""
        self._saved_note = (said, self.jobs.generation)
        self._event = ("reading back", datetime.now(UTC))
        self.notice.emit(
            fill(self.tr("Written to %1; reading it back to show what it holds now…"), path.name)
        )
        self.dirtyChanged.emit(self.is_dirty)

    def _end_reading_back(self) -> None:
        """The file read back after a save is shown, or the read back failed,
        was cancelled or gave way to another (each said by its own words):
        the save is said as done, unless another discussion is shown now."""
        note, self._saved_note = self._saved_note, None
        if note is None:
            return
        self.dirtyChanged.emit(self.is_dirty)
        if note[1] == self.jobs.generation:
            self.notice.emit(note[0])
        self._next_save()

    def _transcript_gone(self) -> bool:
        """The transcript is not read back after a save: gone from disk, or
        another chat now (``_other_chat``: read back, the other chat was shown
        under this discussion's times, tryout)."""
        transcript = self.pair.transcript
        return transcript is not None and (
            self._other_chat or self._kept_chat_read or not transcript.exists()
        )

    def _rebase(self, reason: str, path: Path | None = None) -> None:
        """Saved (to ``path``: Save As) while the transcript is gone from
        disk: the pair cannot be read back (the read failed, and the window
        kept the store as read before the save under a clean title: the next
        save re-applied edits already written and stopped on them as
        conflicts; after Save As it named the old file). Only the timestamp
        file is read back, joined with the transcript as last read."""
        base = self.base
        path = path or (base.store_path if base is not None else None)
        if base is None or path is None:
            return
        key = base.store.key if base.store is not None else self._file_key
        # the undo history carried onto what it holds now: changed on disk, or
        # our save wrote more than the edits (``_stack_on_disk``)
        history = self._undo_snapshots()
        stack_read = (self._stack_on_disk() if history else None) or base.store or TimestampStore()
        ours = reason != "changed on disk"
        stack_at = (self.undo_stack.count(), self.undo_stack.index())

        def work(progress: Any) -> tuple[Discussion, StripLayout, FileState, Any]:
            progress(self.tr("re-joining with the edited file"), 0.5)
            signature = _signature(path)  # before reading: a write meanwhile shows as a change
            store, digest = read_store(path, key)
            read_back = replace(base, store_path=path, store_digest=digest)
            rebased = with_store(read_back, store or TimestampStore())
            carries = bool(history) and not (ours and stack_read == rebased.store)
            carried = _rebased(stack_read, rebased.store, history) if carries and history else None
            return rebased, _laid_out(rebased), signature, (carries, carried)

        def done(result: tuple[Discussion, StripLayout, FileState, Any]) -> None:
            rebased, layout, signature, (carries, carried) = result
            if carries and self._carry_history(carried, stack_at) is None:
                self.undo_stack.clear()  # its states lack what the file holds now: undoing would drop it
            self.base = rebased
            self.working = rebased.store
            self._signatures[path] = signature
            self._set_gone(self._gone - {path})  # written anew: it is there again
            self._show(rebased, layout, reason)
            self.loaded.emit()
            if self._gone:  # the transcript is still gone: said again after the read-back
                said = self._changes_text(
                    [(p, *self._why_gone[p]) for p in self._gone if p in self._why_gone]
                )
                self.failed.emit(fill(self._gone_text(), sentences(*said)))
            elif self._other_chat and self.pair.transcript is not None:
                self.failed.emit(self._kept_other_chat_said(self._other_chat_text(self.pair.transcript)))

        self.jobs.submit("load", work, done, self._load_failed_edit)

    def save_as(
        self, path: Path, data: bytes | None = None, other: OthersFile | None = None, digest: str = ""
    ) -> bool:
        """Write the working store to a new file (encrypted stays encrypted,
        with the same key) and continue with that file; ``data``: the store's
        bytes, serialized on a worker (``start_save_as``), with ``other``: the
        file there judged there too (``written_into_another``), and ``digest``:
        their SHA-256 (for the save mark), else all here.
        Over another discussion's file the person is asked first, and it is
        kept as ``.other-`` (issue 29: Save As onto the neighbouring discussion's
        ``timestamps.json`` replaced it unasked)."""
        store = self.working
        if store is None:
            return False
        path = Path(path)
        shown = self.pair.store
        if self._other_chat and shown is not None and path.absolute() == shown.absolute():
            # the folder now holds another discussion: its file is never written over,
            # by Save nor Save As (tryout: Save As proposed it, and "replace?" let it be);
            # this discussion's own file beside another chat: Save asks about that
            held = shown in self._gone
            why = (
                self.tr(
                    "Not saved: %1 is the file of the discussion its folder now holds. "
                    "Save the stored times shown elsewhere."
                )
                if held
                else self.tr(
                    "Not saved: %1 lies beside another chat now. Save asks before writing there; "
                    "Save As writes the stored times shown elsewhere."
                )
            )
            self.failed.emit(fill(why, path))
            return False
        moved = self.moved_folder(shown) if shown is not None else None
        if moved is not None and path.absolute() == moved.absolute():
            # the discussion's own file at its folder's new place: saved as Save saves,
            # merged (tryout saveas29u: "replace?", Yes, dropped the middleware's new
            # entries there into a backup, and the status bar said only "Saved as")
            return self.save_into_moved(shown)
        if shown is not None and path.absolute() == shown.absolute() and path.exists():
            # its own file: Save (merged, or asked), never replaced unread
            return self._save(answered=None)
        try:
            if data is None and self.base is not None:
                other = _into_another(path, store, self.base, self._chat, self._chat_once, store.key)
        except InputError as error:  # whose file it is cannot be told: never written over
            self.failed.emit(fill(self.tr("%1. Nothing was written."), error_text(error)))
            return False
        if other is not None and not self.confirm_write_over_another(other):
            self.notice.emit(fill(self.tr("Nothing was written: %1 stays as it is on disk."), path.name))
            return False
        try:
            if data is None:  # serialized here: hashed here too
                data, digest = store.file_bytes(), ""
            backup = write_bytes_atomic(path, data, backup=path.exists())
        except InputError as error:
            self.failed.emit(error_text(error))
            return False
        saved = fill(self.tr("Saved as %1"), path)
        if backup is not None and other is not None:
            # another discussion's file, kept under a name of its own (as ``_write_all`` keeps
            # one): a ".bak-" is a state of this file, and its history would show the other's
            # entries as this discussion's
            kept = backup.with_name(backup.name.replace(".bak-", ".other-", 1))
            with suppress(OSError):
                backup.replace(kept)
            # named, as Save names its backup (tryO: only the question said one would be kept)
            saved = fill(
                self.tr("Saved as %1; the other discussion's file it replaced is kept as %2"), path, kept.name
            )
        self._signatures[path] = _signature(path)
        mark_saved(path, digest or digest_of(data))
        self.undo_stack.clear()
        self._pending_ops = []
        self._set_gone({p for p in self._gone if p == self.pair.transcript})  # a gone transcript stays said
        if self._other_chat and self._folders_store is None:
            self._folders_store = shown
        self._saved_as = (self.shown_pair, Pair(self.pair.transcript, path))
        self.pair = Pair(self.pair.transcript, path)
        self._beside = False
        self.pairChanged.emit()
        self._begin_reading_back(path, saved)
        if self._transcript_gone():
            self._rebase("saved as", path)
        else:
            self._load("saved as", keep_edits=False)
        return True

    # -- the file's own history ---------------------------------------------
    def refresh_history(self) -> None:
        """Read the history of what is shown now (off the GUI thread): on each
        load, so a save that kept a backup shows it at once. A result for a
        pair that is no longer open is dropped."""
        pair = self.pair if self.discussion is not None else Pair()
        sources = history_source_for(pair.transcript, pair.store) if pair else None
        self.history_error = None
        if sources is None:
            self._history_for = pair
            self.jobs.cancel(HISTORY_JOB)
            self.history_reading = False
            self._set_history(None)
            return
        # read again (an append): the file as the discussion read it is not
        # parsed again, and the events that did not change stay the earlier
        # history's own (``build_history`` says why)
        earlier = self.history if self.history is not None and self._history_for == pair else None
        base, known = self.base, None
        store = base.store if base is not None else None
        # read with the key the history reads with
        if base is not None and store is not None and store.key == self.file_key and base.store_digest:
            known = KnownRead(base.store_path, base.store_digest, store) if base.store_path else None
        self._history_for = pair
        self.history_reading = True
        self.historyChanged.emit()
        options, key = self.options, self.file_key

        def work(progress: Any) -> FileHistory:
            def step(path: Path | None, done: int, total: int) -> None:
                progress(Said(Stage.READING, (path.name if path else "-",)), done / max(total, 1))

            return build_history(sources, options, key, step, known=known, earlier=earlier)

        self.jobs.submit(
            HISTORY_JOB,
            work,
            lambda h, p=pair: self._history_read(p, h),
            lambda e, p=pair: self._history_failed(p, e),
            after_paint=True,  # the views show the load first (``JobRunner._start_held``)
        )

    def _history_read(self, pair: Pair, history: FileHistory) -> None:
        if pair != self._history_for:  # another discussion opened meanwhile: not its history
            return
        self.history_reading = False
        replaced = self.history is not None
        self._set_history(history)
        if replaced:  # the earlier history's own events and parse, let go now
            give_back_freed_memory()

    def _history_failed(self, pair: Pair, error: InputError) -> None:
        if pair != self._history_for:
            return
        self.history_reading = False
        self.history_error = error_text(error)
        self._set_history(None)

    def _set_history(self, history: FileHistory | None) -> None:
        self.history = history
        self.history_state = None
        self.historyStateChanged.emit(None)
        self.historyChanged.emit()  # the History panel selects a state of it: after the None

    def history_after_now(self) -> tuple[bool, ...]:
        """Per state of ``history``, whether it is later than "now" on the
        discussion's clock (``FileHistory.after``): History marks them as
        the table's "future" flag marks stored times."""
        shown = self.discussion
        if self.history is None or shown is None:
            return ()
        return self.history.after(self.now(), shown.clock_zone)

    def history_state_now(self) -> int | None:
        """The state of ``history`` current at "now" (``FileHistory.current_at``):
        the one History selects and the strip highlights, on a new history
        and on a new pin (a pinned recording showed its newest state, later
        than the "now" the rest of the window showed, tryout)."""
        shown, history = self.discussion, self.history
        if history is None or not history.states:
            return None
        if shown is None:
            return len(history.states) - 1
        return history.current_at(self.now(), shown.clock_zone)

    def select_history_state(self, state: int | None) -> None:
        """The History panel selected ``state`` of ``history``: the strip highlights it."""
        if state != self.history_state:
            self.history_state = state
            self.historyStateChanged.emit(state)

    def request_row(self, row: int) -> None:
        self.rowRequested.emit(row)

    # -- time, style, choices ------------------------------------------------
    def set_pinned_now(self, moment: datetime | None) -> None:
        """Pin "now" (None: live clock). Only the tracking is redone: no file
        is read again and unsaved edits stay. The person's own pin: it stays
        when another pair opens."""
        self.pinned_now, self._pin_of_pair = moment, False
        shown = self.base if self._opening is None else None  # a pair being opened: its own once shown
        self._pin_for = Pair(_source_path(shown), shown.store_path) if shown is not None else Pair()
        self._pin_chat = self._chat if shown is not None else None
        self._pin_named = discussion_named(shown.title, self._pin_for.describe(self.root)) if shown else ""
        self.nowChanged.emit()
        if self.history is not None and self._opening is None:  # the file as it was at that moment
            self.select_history_state(self.history_state_now())
        if self._opening is not None:  # the pair being opened is shown at this moment
            self._opening = replace(self._opening, pinned=moment, of_pair=False)
            self._load("opened", keep_edits=False)
            return
        self._simulate("re-simulated")

    def _simulate(self, reason: str | None) -> None:
        """The next request simulated again at "now"; ``reason`` None: only the
        clock moved, nothing happened to the file, and what was last done to
        it stays said."""
        base, current = self.base, self.discussion
        if base is None or current is None:
            return
        if reason is None and self.jobs.busy("load"):
            # only the clock moved, and a read (a save's read-back) or an edit's re-join is under
            # way: replaced by this, the read was lost (the base stayed the one before the save)
            # and the state before it was shown as saved. Simulated once that is shown
            self._simulate_when_shown = True
            return
        now = self.now()

        def work(progress: Any) -> tuple[Discussion, Discussion, StripLayout]:
            progress(self.tr("simulating the next request"), 0.5)
            shown = at_time(current, now)
            return at_time(base, now), shown, _laid_out(shown)

        def done(result: tuple[Discussion, Discussion, StripLayout]) -> None:
            self.base = result[0]
            self._show(result[1], result[2], reason)

        self.jobs.submit("load", work, done, self._load_failed_edit)

    def set_style(self, style: Style) -> None:
        if style is self.style and self.preview is not None:
            return
        self.style = style
        self.styleChanged.emit(style)
        self.refresh_preview()

    def set_choices(self, choices: Choices) -> bool:
        """New engine choices re-read the files (unsaved edits carried over).
        Refused (False, with a message) when the engine does not accept them."""
        try:
            options = EngineOptions.from_choices(choices)
        except InputError as error:
            self.failed.emit(error_text(error))
            return False
        self.choices, self.options = choices, options
        self.choicesChanged.emit()
        self.nowChanged.emit()  # the middleware's zone may have moved the live clock
        self.reload("re-read with new options")
        return True

    def _tick(self) -> None:
        """The live clock moved on: the next request is simulated at the new
        "now" everywhere (table, strip, details, preview), not only in the
        relative times."""
        self.clock.setInterval(until_next_minute_ms(datetime.now()))  # the next turn of the minute
        if self.pinned_now is None:
            self.nowChanged.emit()
            if self._opening is None:  # a pair being opened is simulated once it has loaded
                self._simulate(None)  # nothing happened to the file: "file opened …" stays said

    # -- preview -------------------------------------------------------------
    @property
    def preview_current(self) -> bool:
        """``preview`` is the one for the style, "now" and files chosen: no
        read, re-simulation or preview of them is under way. What is copied or
        written from the preview waits for this (tryout: Export right after
        Ctrl+3 wrote the Relative preview under the CST name, and it was not
        possible to tell, since every other view already said CST)."""
        return self.preview is not None and not any(self.jobs.busy(kind) for kind in _MAKES_PREVIEW)

    def _say_preview_current(self, kind: str = "") -> None:
        if kind and kind not in _MAKES_PREVIEW:
            return
        current = self.preview_current
        if current != self._preview_was_current:
            self._preview_was_current = current
            self.previewCurrentChanged.emit(current)

    def refresh_preview(self) -> None:
        discussion = self.discussion
        if discussion is None:
            self.preview, self.preview_error = None, None
            self.previewChanged.emit()
            self._say_preview_current()
            return
        style, now = self.style, self.now()

        def work(progress: Any) -> Preview:
            # the discussion's own simulation when it is the one at this "now": not tracked twice
            tracking = discussion.simulation if style is not Style.CST and now == discussion.now else None
            preview = build_preview(
                discussion.transcript,
                discussion.store,
                style,
                now,
                discussion.options,
                discussion.request,
                tracking,
                on_demand=True,  # rendered when shown or written: 100k never all held at once
            )
            # not serialised here: the JSON view writes the start it shows, Copy
            # and Export the whole bytes when asked (70 MB at 100k, never the text);
            # which entries the summary is measured from, for the pane to say
            return replace(
                preview, summary_ends=summary_ends(preview, discussion.request, discussion.store, now)
            )

        # started once the views painted what made it stale (``JobRunner._start_held``)
        self.jobs.submit("preview", work, self._preview_ready, self._preview_failed, after_paint=True)

    def _preview_ready(self, preview: Preview) -> None:
        let_go_on_worker(self.preview)  # the one replaced (100k messages): freed off the GUI thread
        self.preview, self.preview_error = preview, None
        self.previewChanged.emit()
        self._say_preview_current()
        if self._read_since_preview:  # the last of what was read before is let go with the old preview
            self._read_since_preview = False
            give_back_freed_memory()

    def _preview_failed(self, error: InputError) -> None:
        self.preview, self.preview_error = None, error_text(error)
        self.previewChanged.emit()
        self._say_preview_current()

    # -- files on disk ---------------------------------------------------------
    def _watch(self) -> None:
        current = self._watcher.files() + self._watcher.directories()
        if current:
            self._watcher.removePaths(current)
        wanted = []
        for path in (self.pair.transcript, self.pair.store):
            if path is not None:
                # a file that does not exist yet (new discussion) is watched through its folder
                wanted.append(str(path) if path.exists() else str(path.parent))
                # and the folder its folder lies in: a watch on a file says nothing
                # when its folder is moved, nor does Qt's watch on that folder (no
                # IN_MOVE_SELF); the folder above sees it leave (tryout: ``mv d12
                # d12moved`` while open went unnoticed). Its other entries change
                # seldom (a new discussion's folder), each event a stat per file
                wanted.append(str(path.parent.parent))
                moved = self.moved_folder(path)
                if moved is not None:  # the middleware may write on there (issue 29)
                    wanted += [str(moved), str(moved.parent)]
        if self._left_name is not None:  # a file made at the chat's old name is said
            wanted.append(str(self._left_name[0].parent))
        wanted = [p for p in dict.fromkeys(wanted) if Path(p).exists()]
        if wanted:
            self._watcher.addPaths(wanted)
        # a change made while the watch moved (a deleted file written back just as
        # the watch left its folder) fired on the old watch and went with it: look now
        if self._unseen_change():
            self._reload_timer.start()

    def _unseen_change(self) -> bool:
        """A file of the pair is not as last read or written by us, and no
        watcher event has said so yet (a stat each: cheap)."""
        for path in (self.pair.transcript, self.pair.store):
            known = self._signatures.get(path) if path is not None else None
            if known is not None and classify(known)[0] is not Change.UNCHANGED:
                return True
            moved = self.moved_folder(path) if path is not None else None
            seen = self._moved_seen.get(moved) if moved is not None else None
            if seen is not None and classify(seen)[0] is not Change.UNCHANGED:
                return True  # written in the moved folder before it was watched
        return False

    def _moved_folder_changes(self) -> list[Path]:
        """The files of the pair in the folder it was moved to that changed
        there since last looked at (first: since read), a stat each; each
        said once."""
        changed = []
        for path in (self.pair.transcript, self.pair.store):
            moved = self.moved_folder(path) if path is not None else None
            seen = self._moved_seen.get(moved) if moved is not None else None
            if moved is None or seen is None:
                continue
            now = _signature(moved)
            if classify(seen, now)[0] is not Change.UNCHANGED:
                changed.append(moved)
                self._moved_seen[moved] = now
        return changed

    def _say_moved_folder_changed(self) -> None:
        """Said once per change: the discussion's files grew (or changed) in
        the folder it was moved to, and what Follow does (issue 29: after
        ``mv`` the middleware's exchange there went unnoticed, the status bar
        saying the times were "not on disk")."""
        changed = self._moved_folder_changes()
        if not changed:
            return
        folder = changed[0].parent
        names = (
            fill(self.tr("%1 and %2", "two file names"), *(p.name for p in changed))
            if len(changed) == 2
            else changed[0].name
        )
        # the move said again with it: the banner names where from and where to
        moved = self._changes_text(
            [
                (path, *self._why_gone[path])
                for path in (self.pair.transcript, self.pair.store)
                if path in self._gone and path in self._why_gone
            ]
        )
        self.failed.emit(
            fill(
                self._gone_text(),
                sentences(
                    *moved,
                    fill(
                        self.tr(
                            "%1 changed in the moved folder %2 since it was read (the middleware writes "
                            "there?); the window does not show that yet."
                        ),
                        names,
                        str(folder),
                    ),
                ),
            )
        )

    @property
    def can_follow_moved(self) -> bool:
        """The pair's folder was moved to a known place, and this
        discussion's files are there: Follow the moved folder can read them."""
        store = self.base.store_path if self.base is not None else None
        return store is not None and self.moved_folder(store) is not None

    def follow_moved_folder(self) -> None:
        """The discussion's folder was moved (``mv lisbon-trip lisbon-moved``)
        and the middleware writes on there: the pair read again at its new
        place, the unsaved edits carried onto what the files hold now, as a
        Reload carries them (each conflict said, never dropped unasked).
        Not done by itself: the middleware writes by discussion id, and its
        next exchange may make the old folder again; the person says which
        place is the discussion's (Follow, or Save into the moved folder)."""
        base = self.base
        store = base.store_path if base is not None else None
        moved = self.moved_folder(store) if store is not None else None
        if base is None or store is None or moved is None:
            return
        transcript = self.pair.transcript
        new_transcript = transcript
        if transcript is not None:
            beside = moved.parent / transcript.name
            new_transcript = self.moved_to(transcript) or (beside if beside.exists() else transcript)
        self._followed(self.pair, Pair(new_transcript, moved))
        self.pair = Pair(new_transcript, moved)
        self._set_gone(set())
        self.pairChanged.emit()
        self._watch()
        self._reload_note = fill(
            self.tr(
                "The window follows the discussion into its moved folder %1: its files are read "
                "there, your unsaved edits kept on them."
            )
            if self.is_dirty
            else self.tr(
                "The window follows the discussion into its moved folder %1: its files are read there."
            ),
            str(moved.parent),
        )
        self._load("followed", keep_edits=True)

    def _follow_renamed_chat(self, old: Path, new: Path, before: FileState, at_old: FileState) -> None:
        """The chat read was renamed in its folder (``mv chat.json
        old.json``): the window follows it there, its rows, edits and
        selection kept, as Follow keeps them for a moved folder; the
        timestamp file did not move, so nothing is asked (chat29k: the
        window kept the old name, and Save asked about the chat made there
        next, never offering the chat read; tryL 6: it took that new chat in
        its place and said it "grew"). What is at the old name now is
        looked at from here on (``_look_at_left_name``)."""
        self._followed(self.pair, Pair(new, self.pair.store))
        self.pair = Pair(new, self.pair.store)
        self._signatures.pop(old, None)
        self._signatures[new] = replace(before, path=new)
        read = self._read_states.pop(old, None)
        if read is not None:
            self._read_states[new] = replace(read, path=new)
        self._left_name = (old, at_old)
        self.pairChanged.emit()
        self._watch()
        self._reload_note = sentences(
            self._reload_note or "",
            self._change_text(old, Change.MOVED, new),
            self.tr("The window follows the chat read there: the same chat, its rows and edits kept."),
        )
        if at_old.exists:
            self._left_note = self._new_chat_at_old_name_text()

    def _look_at_left_name(self) -> None:
        """A watcher event while the chat read is followed at its new name:
        a file made at its old name (the front end's next chat, another
        chat copied there) is said once, with the way to open it, and never
        read in place of the chat read; its later writes are not the chat
        read's and are not said (tryL 6: "chat.json grew on disk")."""
        if self._left_name is None:
            return
        old, seen = self._left_name
        now = _signature(old)
        if now == seen:
            return
        self._left_name = (old, now)
        if now.exists and (not seen.exists or now.identity != seen.identity):
            self.failed.emit(self._new_chat_at_old_name_text())

    def _new_chat_at_old_name_text(self) -> str:
        """The banner once a file is at the old name of the chat followed."""
        old = self._left_name[0] if self._left_name is not None else None
        shown = self.pair.transcript
        return fill(
            self.tr(
                "A new file %1 was made where the chat read was; it is not the chat read, which "
                "is now %2. The window stays with the chat read; Open the new chat shows the new "
                "file instead."
            ),
            old.name if old is not None else "",
            shown.name if shown is not None else "",
        )

    @property
    def new_chat_at_old_name(self) -> Path | None:
        """The file made at the old name of the chat followed (None: none there)."""
        if self._left_name is None or not self._left_name[1].exists:
            return None
        return self._left_name[0]

    def open_new_chat(self) -> None:
        """Open the file made at the old name of the chat followed, as a
        chat opened alone (its own timestamp file found as for any)."""
        old = self.new_chat_at_old_name
        if old is not None:
            self.open(old)

    def _followed(self, before: Pair, after: Pair) -> None:
        """The pair went on at its moved folder: each new place remembered
        as the file read at the old one (``read_at``)."""
        for old, new in zip((before.transcript, before.store), (after.transcript, after.store), strict=True):
            if old is not None and new is not None and new != old:
                self.followed_from[new] = self.followed_from.get(old, old)

    def rows_source(self) -> tuple[Path, int] | None:
        """Where the shown rows come from: the file first read (``read_at``:
        also after a move the window followed, the same rows) and which chat
        read there (``chats_read``: another chat at that name has other rows).
        The window keeps the selection while this stays the same."""
        read_at = self.read_at(self.pair.transcript or self.pair.store)
        return (read_at, self.chats_read) if read_at is not None else None

    def read_at(self, path: Path | None) -> Path | None:
        """Where the file now at ``path`` was first read, through each move
        the window followed (Follow, Save into the moved folder): the same
        chat, its rows, its selection kept (issue 29: after Save into the
        moved folder the selected message was cleared)."""
        return self.followed_from.get(path, path) if path is not None else None

    def doubted_against(self, discussion: Discussion | None = None) -> str:
        """What the views pairing the chat with the timestamp file (Details'
        next request and pending reply, the preview) work out against, said
        plainly while the window doubts the pair (``pairing_warnings``, the
        banner's "may not belong together"): tryM 2, after another
        discussion's chat replaced the transcript and F5, Details said "reply
        pending … the next request gives it to message #28" of the other
        chat, worked out from this window's file as if it were that chat's.
        "" when not doubted. ``discussion``: the one a view shows (default:
        the session's)."""
        discussion = self.discussion if discussion is None else discussion
        if discussion is None or not discussion.pairing_warnings or discussion.store_path is None:
            return ""
        return fill(
            self.tr("Worked out against %1, which may not be this chat's file (see the banner):"),
            discussion.store_path.name,
        )

    def pair_read(self, pair: Pair) -> Pair:
        """``pair`` with each file named where it was first read (``read_at``):
        the status bar's tooltip says a chat followed where it was moved from."""
        return Pair(self.read_at(pair.transcript), self.read_at(pair.store))

    def _file_changed(self, _path: str) -> None:
        """A watcher event: looked at after the debounce, but whether each
        file read is there is noted now (a stat each). A file deleted and
        made again within the debounce is told by nothing else: its inode may
        be new (as after a rename over it) or the freed one again (as after a
        rewrite in place: ext4 and tmpfs reuse it at once). An atomic rename
        (the middleware's every write, spec: temp file, rename) never leaves
        the name absent; a delete does, and what is made after it is another
        file, judged as made anew (``store_change``'s ``anew``), never as a
        rewrite of the file read (a clean window took a backfill at new
        times silently). Noted with what the file was known as: a read or a
        write of ours since then knows the new file, and the note is void."""
        for path in (self.pair.transcript, self.pair.store):
            known = self._signatures.get(path) if path is not None else None
            if path is not None and known is not None and known.exists and not path.exists():
                self._seen_absent.setdefault(path, known)
        self._reload_timer.start()

    def _reload_if_changed(self) -> None:
        """A watcher event: each file of the pair compared with what was read
        or written by us (an atomic save fires too), and what happened said
        as it is. A changed file is read again unless edits are unsaved; a
        deleted or moved one is never read again (it would read as empty):
        what it held stays shown, unsaved, until saved, reverted or closed."""
        if self.jobs.busy("load") or self.jobs.busy(DISK_JOB):  # files being read now: look again
            self._reload_timer.start()  # once they are shown (a second read of one write would race)
            return
        judging = False
        try:
            judging = self._look_at_disk()
        finally:
            if not judging:
                self.diskChecked.emit()

    def _look_at_disk(self) -> bool:
        """Each file of the pair stat'ed and classified (cheap, here); a
        timestamp file whose content changed is read and judged on a worker
        (``store_change``: 75 ms at 100k that the GUI thread never waits
        for), and what happened is said once it is judged. True: a judgement
        is under way (``diskChecked`` follows it)."""
        changes: dict[Path, tuple[Change, Path | None]] = {}
        base = self.base
        seen_absent, self._seen_absent = self._seen_absent, {}
        remade: set[Path] = set()  # deleted, then another file made at the name
        renamed: tuple[Path, Path, FileState, FileState] | None = None  # the chat read, renamed
        self._look_at_left_name()
        for path in (self.pair.transcript, self.pair.store):
            before = self._signatures.get(path) if path is not None else None
            if path is None or before is None:
                continue
            now = _signature(path)
            change = classify(before, now)
            if change[0] not in GONE | {Change.UNCHANGED} and seen_absent.get(path) == before:
                change = (Change.REPLACED, None)
                remade.add(path)
            if path == self.pair.transcript and change[0] in (Change.REPLACED, Change.CREATED):
                # moved, and a new file made at its name within one look: the chat read is on disk
                elsewhere = renamed_in_folder(before)
                if elsewhere is not None:
                    change = (Change.MOVED, elsewhere)
                    remade.discard(path)
            if (
                path == self.pair.transcript
                and change[0] is Change.MOVED
                and change[1] is not None
                and change[1].parent == path.parent
                and base is not None
                and base.has_transcript
                and path not in self._gone
            ):
                renamed = (path, change[1], before, now)  # followed below: the same chat, renamed
                continue
            if change[0] is Change.MOVED and change[1] is not None and change[1].parent != path.parent:
                # moved with its folder: its state there as read, to notice what is written there
                self._moved_seen[change[1]] = replace(before, path=change[1])
            if change[0] is not Change.UNCHANGED:
                changes[path] = change
                self._signatures[path] = now  # said once, not at every later event
        self._say_moved_folder_changed()
        if renamed is not None:
            self._follow_renamed_chat(*renamed)
            if not changes:
                self._load("followed", keep_edits=True)
                return False
        self._watch()  # an atomic replace drops the watch on the old file
        store = base.store_path if base is not None else None
        transcript = self.pair.transcript
        # the transcript's content changed: grown only if the messages read
        # are its first ones (``transcript_change``), judged on the worker
        # from the hashes (a re-read of an append hashes only its new tail)
        read_chat = (
            base is not None
            and transcript in changes
            and changes[transcript][0] in JUDGED
            and base.has_transcript
            and Path(base.transcript.source) == transcript
        )
        judge_store = (
            base is not None and store in changes and changes[store][0] in JUDGED and bool(base.store)
        )
        if base is None or not (judge_store or read_chat):
            self._say_changes_on_disk(changes)
            return False
        # not read: said as stat'ed (a deleted file is never read as empty)
        change = changes[store][0] if store is not None and store in changes else Change.UNCHANGED
        key = base.store.key if base.store is not None else None
        working = self.working if self.is_dirty else None  # unsaved edits: do they apply to it?
        # the file read is gone or held apart (or was deleted before this one
        # came, within the debounce): what is there now was made anew
        anew = store in self._gone or store in remade
        shown = self.working or base.store or TimestampStore()
        chat_change = changes[transcript][0] if read_chat and transcript is not None else Change.UNCHANGED
        chat, once = self._chat, self._chat_once

        def work(
            progress: Any,
        ) -> tuple[
            Change,
            bool,
            tuple[int, int],
            tuple[frozenset[str], frozenset[str]],
            Change,
            TranscriptRead | None,
            tuple[Conflict, ...],
            frozenset[str],
        ]:
            judged = (
                _judged(change, store, base, working, key, anew, shown, chat, once)
                if judge_store and store is not None
                else (change, False, (0, 0), (frozenset[str](), frozenset[str]()), once)
            )
            chat_judged = transcript_judged(base, chat_change, chat) if read_chat else (chat_change, None)
            conflicting = (
                _conflicts_now(store, base, working, key)
                if working is not None and store is not None and judged[0] in CARRIED and not judged[1]
                else ()
            )
            return (*judged[:4], *chat_judged, conflicting, judged[4])

        self.jobs.submit(
            DISK_JOB,
            work,
            lambda result: self._disk_judged(base, working, changes, *result),
            self._disk_check_failed,
        )
        return True

    def _disk_judged(
        self,
        base: Discussion,
        working: TimestampStore | None,
        changes: dict[Path, tuple[Change, Path | None]],
        change: Change,
        edits_apply: bool,
        apart: tuple[int, int],
        apart_keys: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset()),
        chat_change: Change = Change.UNCHANGED,
        read: TranscriptRead | None = None,
        conflicting: tuple[Conflict, ...] = (),
        once: frozenset[str] = frozenset(),
    ) -> None:
        """The changed timestamp file judged on the worker: said, unless what
        it was judged against is no longer shown (read again or another
        discussion meanwhile: that read is what the window shows now). The
        same read simulated at another "now" (the clock's minute, a pin) is
        still that read: its store is the same object. ``once``: this
        chat's messages read on disk meanwhile, kept (``_chat_once``)."""
        try:
            current = self.base
            if current is None or current.store is not base.store or current.store_path != base.store_path:
                return
            self._chat_once |= once
            if read is not None and read.previous is current and not self.is_dirty:
                # the reload that follows takes it while the file stays as read (under unsaved
                # edits the files are not read again: a whole parsed transcript is not kept for it)
                self._transcript_read = read
            store = base.store_path
            if store is not None and store in changes and changes[store][0] in JUDGED:
                changes[store] = (change, changes[store][1])
                self._apart, (self._apart_keys, self._apart_differ) = apart, apart_keys
            transcript = self.pair.transcript
            if transcript in changes and transcript is not None and chat_change is not Change.UNCHANGED:
                changes[transcript] = (chat_change, changes[transcript][1])
            self._recorded_more = _recorded_more(base, read)
            if chat_change is Change.ANOTHER_CHAT:
                on_disk = read.request if read is not None else None
                self._other_chat_ids = (
                    (base.timeline.discussion_id, on_disk.discussion_id) if on_disk is not None else None
                )
            # an edit made meanwhile was not in what was tried on the file
            current = self.working if self.is_dirty else None
            self._disk_conflicts = conflicting if current is working else ()
            self._say_changes_on_disk(changes, edits_apply and current is working)
        finally:
            self.diskChecked.emit()

    def _disk_check_failed(self, error: InputError) -> None:
        try:
            self.failed.emit(error_text(error))
        finally:
            self.diskChecked.emit()

    def _disk_check_cancelled(self, kind: str) -> None:
        if kind == DISK_JOB:  # another discussion opened, or closed: nothing of the old one is said
            self.diskChecked.emit()
        elif kind == "load":  # a save's read-back cancelled: the save said, the title follows the stack
            self._end_reading_back()
        elif kind == SAVE_JOB:  # the discussion it was for is no longer shown: nothing written
            self.saveDone.emit(False)

    def _say_changes_on_disk(
        self, changes: dict[Path, tuple[Change, Path | None]], edits_apply: bool = False
    ) -> None:
        """What happened to the files, said as it is (the timestamp file
        already judged by its content); ``edits_apply``: the unsaved edits
        apply to the timestamp file as it is now, without a conflict."""
        if not changes:
            return
        base = self.base
        transcript_changed = self.pair.transcript in changes and changes[self.pair.transcript][0] not in (
            Change.PERMISSIONS,
            Change.UNCHANGED,
        )
        if transcript_changed and self.is_dirty:  # Save asks if the pair is then doubtful
            self._swapped_under_edits = True
        # the transcript had been another chat's and holds the messages read
        # again: back, as the timestamp file put back is (issue 29: "grew")
        chat_back = (
            transcript_changed
            and self._other_chat
            and changes[self.pair.transcript][0] in (Change.APPENDED, Change.AS_READ)
        )
        if transcript_changed:
            other_chat = changes[self.pair.transcript][0] is Change.ANOTHER_CHAT
            if other_chat != self._other_chat:
                self._beside_other_confirmed = False
            self._other_chat = other_chat
            if not other_chat:
                self._chat_read_at = {}
        kept_apart = {path: change for path, change in changes.items() if change[0] in GONE | HELD}
        back = {path for path, (change, _) in changes.items() if change is not Change.PERMISSIONS}
        # what still holds a file apart, said first: a later, lesser change (a
        # chmod of a half-written file) never hides it (tryout: "cannot be read" went)
        still = self._changes_text(
            [
                (path, *self._why_gone[path])
                for path in (self.pair.transcript, self.pair.store)
                if path in self._gone - back and path in self._why_gone and path not in kept_apart
            ]
        )
        # a file gone with its folder (deleted, or moved where it was not
        # found): remembered as such, said so once the folder is there again
        # (tryout life29p: after Save made it again, "chat.json was deleted")
        self._folder_went |= {
            path for path, (change, _) in kept_apart.items() if change is Change.DELETED and folder_gone(path)
        }
        put_back = (back & self._gone) - set(kept_apart)  # a file that had gone is there again
        transcript_now = changes.get(self.pair.transcript, (None, None))[0] if self.pair.transcript else None
        # another chat at the name of the transcript gone: not "back on disk as
        # read" (issue 29: a group chat copied in where the chat read had been
        # moved from was said so, and shown in its place silently)
        # and any file there that is not the chat read with messages added: the
        # front end's next chat made at the name of the one deleted (tryL 6:
        # taken in its place, its next write said "grew")
        other_came = self.pair.transcript in put_back and transcript_now not in (
            None,
            Change.APPENDED,
            Change.AS_READ,
        )
        if transcript_changed and transcript_now in (Change.APPENDED, Change.AS_READ):
            self._kept_chat_read = False  # the chat read is at its name again
        # that chat written again: still not the chat read, still not read in its place
        kept_other = self._kept_chat_read and transcript_changed and not other_came
        was_at = self.moved_away(self.pair.transcript) if other_came and self.pair.transcript else None
        if was_at is not None and self.pair.transcript is not None:
            self._chat_read_at = {self.pair.transcript: was_at}
        put_back -= {
            path
            for path in put_back
            if path == self.pair.transcript and transcript_now not in (Change.APPENDED, Change.AS_READ)
        }
        if chat_back and self.pair.transcript is not None:
            put_back.add(self.pair.transcript)
        self._why_gone.update(kept_apart)
        self._moved_away.update(
            {p: where for p, (c, where) in kept_apart.items() if c is Change.MOVED and where is not None}
        )
        self._set_gone((self._gone - back) | set(kept_apart))
        if any(c is Change.MOVED for c, _ in kept_apart.values()):
            self._watch()  # the moved folder watched from now on: what the middleware writes there is said
        grown = [p for p, (c, _) in changes.items() if c is Change.APPENDED and p not in put_back]
        said = sentences(
            *still
            + (
                # the middleware's every exchange grows both: one short sentence, which
                # the status bar shows whole (two were cut there and raised the banner
                # at each append, the table pushed down under it)
                [
                    fill(
                        self.tr("%1 and %2 grew on disk (the middleware is running?)."),
                        *(p.name for p in grown),
                    )
                ]
                if len(grown) == 2
                else []
            )
            + self._back_texts([(path, change[0]) for path, change in changes.items() if path in put_back])
            + self._changes_text(
                [
                    (path, *change)
                    for path, change in changes.items()
                    if path not in put_back and (len(grown) != 2 or path not in grown)
                ]
            )
        )
        store_now = changes.get(base.store_path) if base is not None and base.store_path is not None else None
        if self._other_chat and store_now is not None and store_now[0] is Change.FOREIGN:
            # both replaced by another chat's files: said as one thing, first
            said = sentences(
                fill(
                    self.tr(
                        "The folder %1 now holds another discussion: %2 and %3 were both replaced "
                        "by another chat's files."
                    ),
                    str(self.pair.transcript.parent) if self.pair.transcript is not None else "",
                    self.pair.transcript.name if self.pair.transcript is not None else "",
                    base.store_path.name if base is not None and base.store_path is not None else "",
                ),
                said,
            )
        locked = base is not None and base.store_path in changes and self._store_read_only()
        if locked:
            said = sentences(said, str(locked))
        if self._gone:
            # said as what happened, as the banner says it: the status bar said "deleted" beside
            # the banner's "moved to moved.json" (tryout tryI), and beside "replaced" too
            moved = all(self.moved_to(path) is not None for path in self._gone)
            deleted = any(
                self._why_gone.get(path, (Change.DELETED,))[0] is Change.DELETED for path in self._gone
            )
            what = "moved on disk" if moved else "deleted on disk" if deleted else "set aside"
            self._event = (what, datetime.now(UTC))
            transcript = self.pair.transcript
            if (
                transcript in changes
                and transcript not in self._gone
                and changes[transcript][0] is not Change.PERMISSIONS
                and base is not None
                and base.store_path in self._gone
            ):
                # not read again (that read would take the file held apart too):
                # said, the table kept the old chat under "replaced on disk" (tryout)
                said = sentences(
                    said,
                    fill(
                        self.tr(
                            "%1 is not read again while the timestamp file is held apart: the "
                            "table still shows it as last read, until Save or Reload."
                        ),
                        transcript.name,
                    ),
                )
            self.failed.emit(fill(self._gone_text(), said))
            self.changed.emit()
            if self._clean_beside_a_changed_file(base, changes):
                # only the transcript is gone, and the timestamp file changed: a
                # clean window shows it (it kept the old read, and Save said
                # "nothing to save" of a file that held more): read alone,
                # joined with the transcript as last read
                self._rebase("changed on disk")
            return
        if all(change is Change.PERMISSIONS for change, _ in changes.values()):
            (self.failed if locked else self.notice).emit(said)
            return
        if self._other_chat:
            # the transcript is another chat: read, it would be shown with the
            # edits on none of its rows (tryout life29p: the title became the
            # other chat's, the edit unseen, and Save's default wrote it beside
            # that chat). Clean, the same: the chat read stays shown until the
            # person chooses (Reload), as a chat come at the name of one moved
            # away (tryN M2: the window took the other chat unasked, said only
            # "may not belong together", the selection on its row)
            self._behind = True
            self.failed.emit(self._kept_other_chat_said(said))
            if self._clean_beside_a_changed_file(base, changes):
                self._rebase("changed on disk")  # the timestamp file shown, joined with the chat read
            return
        if other_came or kept_other:
            # the chat read is not what is there now: still shown, never
            # switched to the other chat unasked; Reload shows that one
            self._behind = self._kept_chat_read = True
            self.failed.emit(fill(self._kept_after_another_chat_came_text(was_at), said))
            if self._clean_beside_a_changed_file(base, changes):
                self._rebase("changed on disk")  # the timestamp file shown, joined with the chat read
            return
        # the edits are the timestamp file's: a transcript read again cannot
        # conflict with them, nor a file grown or rewritten by the middleware
        # where they still apply (shown at once, the edits carried over: a
        # tryout saw rows the file had times for shown untracked); on a
        # conflict they stay, for Save to ask
        store = base.store_path if base is not None else None
        merges = all(
            path != store
            or change is Change.PERMISSIONS
            or (change in CARRIED and (not self.is_dirty or edits_apply))
            for path, (change, _) in changes.items()
        )
        if self.is_dirty and not merges:
            self._behind = True
            kept = (
                fill(
                    self.tr(
                        "The window shows %1 as it is on disk, but %2 as last read, before this change: "
                        "the times it holds now are not shown (any message only it has a time for shows as "
                        "untracked). Your unsaved edits stay; saving re-applies them to the file as it is "
                        "now and asks if one of them conflicts."
                    ),
                    *self._shown_names(),
                )
                if self._transcript_as_on_disk()
                else self.tr(
                    "The window still shows the files as last read, with your unsaved edits; "
                    "saving re-applies them to the file as it is now and asks if one of them conflicts."
                )
            )
            if self._disk_conflicts and base is not None:
                # which edits, and what the file holds for them (issue 29: the table
                # showed the window's time for #7, the middleware's own unsaid), said
                # first: after the rest, the banner's view at 1024x700 ended at
                # "…conflicts with what the file holds now:" (issue 31 tryout)
                conflicts = self._disk_conflicts
                named = self.said_conflicts(len(conflicts), _conflicting(base, conflicts[:CONFLICTS_NAMED]))
                said = f"{named}\n{sentences(said, kept)}"
            else:
                said = sentences(said, kept)
            self._disk_conflicts = ()
            self.failed.emit(said)
            return
        # clean, or nothing the edits could conflict with: read again at
        # once, unsaved edits carried over onto it
        self.notice.emit(said)
        self.reload("changed on disk")

    def _transcript_as_on_disk(self) -> bool:
        """The transcript shown is the file on disk as it is now (a stat): while
        the timestamp file's change is not taken (edits conflict with it), only
        that file is shown as last read, and the banner says which is which
        (issue 29, tryout tryI: the chat re-read under edits, then the file
        rewritten with times for its new messages, which showed "untracked"
        under "still shows the files as last read")."""
        base, chat = self.base, self.pair.transcript
        if base is None or not base.has_transcript or chat is None or chat in self._gone or self._other_chat:
            return False
        read = self._read_states.get(chat)
        if read is None or not read.exists:
            return False
        now = FileState.of(chat)
        return now.exists and now.identity == read.identity and now.same_content(read)

    def _shown_names(self) -> tuple[str, str]:
        """The transcript's and the timestamp file's names, as the banner names them."""
        chat, store = self.pair.transcript, self.base.store_path if self.base is not None else None
        return (chat.name if chat is not None else "", store.name if store is not None else "")

    def _back_texts(self, files: list[tuple[Path, Change]]) -> list[str]:
        """Files that had gone (or been another chat's) there again: "as
        read" only when they hold what was read, in one sentence when both
        do; one with entries or messages added is said as such (tryout: "put
        back" of a file that came back with more entries; issue 29: the
        originals copied back said as grown, with entries added)."""
        as_read = [path for path, change in files if change is not Change.APPENDED]
        said = []
        if len(as_read) == 2:
            said.append(
                fill(self.tr("%1 and %2 are back on disk as read."), *(path.name for path in as_read))
            )
        elif as_read:
            said.append(fill(self.tr("%1 is back on disk as read."), as_read[0].name))
        for path, change in files:
            if change is not Change.APPENDED:
                continue
            if path == self.pair.transcript:
                text = self.tr("%1 is on disk again, with every message read and messages added since.")
            else:
                text = self.tr("%1 is on disk again, with every stored time read and entries added since.")
            said.append(fill(text, path.name))
        return said

    def _store_read_only(self) -> str:
        """Said while the timestamp file shown is there but read-only (made so,
        or replaced by a read-only file): Save will not write it ("": it is not)."""
        base = self.base
        store = base.store_path if base is not None else None
        if store is None or not read_only(store):
            return ""
        if on_read_only_mount(store):
            return fill(
                self.tr(
                    "%1 is on a file system mounted read-only: Save will not write over it (nor can "
                    "the middleware); use Save As to write elsewhere."
                ),
                store.name,
            )
        return fill(
            self.tr(
                "%1 is read-only: Save will not write over it (nor can the middleware); make it "
                "writable, or use Save As to write elsewhere."
            ),
            store.name,
        )

    def _gone_text(self) -> str:
        """What the banner says while a file of the pair is not read again:
        for the timestamp file, what Save and Reload do; for the transcript
        alone, that saving is not concerned (no transcript is ever written)."""
        base = self.base
        store = base.store_path if base is not None else None
        if store not in self._gone:
            return self.tr(
                "%1 The window still shows the transcript as last read; the timestamp file saves as usual."
            )
        if self._why_gone.get(store, (None, None))[0] in REMADE:
            return self.tr(
                "%1 The window still shows the stored times it held, unsaved. Save asks whether "
                "to write them, with the entries the new file adds for other messages (that file "
                "kept as a backup); Reload asks before showing the new file instead."
            )
        if self._other_chat and self._why_gone.get(store, (None, None))[0] is Change.FOREIGN:
            # the folder holds another discussion: Save writes nothing there (``SaveCase.ANOTHER_DISCUSSION``)
            return self.tr(
                "%1 The window still shows the discussion it read, unsaved. Save writes nothing "
                "into that folder; Save As writes the stored times shown elsewhere; Reload shows "
                "the folder's discussion instead."
            )
        if self._store_held():
            return self.tr(
                "%1 The window still shows the stored times it read. Reload shows the file now "
                "there instead; Save asks whether to write what is shown over it (that file kept "
                "as a backup); Save As writes it elsewhere."
            )
        if self.renamed_to(store) is not None:  # the stored times are in it: nothing is unsaved
            return self.tr(
                "%1 The window shows the stored times that file holds. Save asks whether to write "
                "them under the old name too (where the middleware looks); Save As writes them elsewhere."
            )
        if self.moved_folder(store) is not None:
            # its times are on disk there, and the discussion may go on there (issue 29)
            return self.tr(
                "%1 The window still shows what was read; its stored times are on disk in the "
                "moved folder. Follow the moved folder reads the files there, your unsaved edits "
                "kept; Save offers to save into it."
            )
        return self.tr(
            "%1 The window still shows what was read. Save asks whether to write it all "
            "back; Save As writes it elsewhere."
        )

    def _changes_text(self, changes: list[tuple[Path, Change, Path | None]]) -> list[str]:
        """One sentence per file, except the files gone with their folder:
        one sentence for the pair, as moved and where to when that is known
        (tryout life29p: ``mv d12 d12moved`` was said twice, once per file)."""
        went: dict[Path, list[tuple[Path, Path | None]]] = {}
        said: list[str] = []
        for path, change, moved in changes:
            if self._with_folder(path, change, moved):
                went.setdefault(path.parent, []).append((path, moved))
        for path, change, moved in changes:
            if not self._with_folder(path, change, moved):
                said.append(self._change_text(path, change, moved))
            elif went.get(path.parent, [])[:1] == [(path, moved)]:
                said.append(self._folder_went_text(path.parent, went[path.parent]))
        return said

    def _with_folder(self, path: Path, change: Change, moved: Path | None) -> bool:
        """``path`` went with its folder (moved with it, or deleted or moved where it was not found)."""
        if change is Change.MOVED:
            return moved is not None and moved.parent != path.parent
        return change is Change.DELETED and (path in self._folder_went or folder_gone(path))

    def _folder_went_text(self, folder: Path, files: list[tuple[Path, Path | None]]) -> str:
        """The files of the pair gone with their ``folder``, said once."""
        names = [path.name for path, _ in files]
        where = next((moved.parent for _, moved in files if moved is not None), None)
        if where is not None:
            if len(names) > 1:
                text = self.tr("%1 and %2 are gone from disk: their folder %3 was moved, to %4.")
                return fill(text, names[0], names[1], str(folder), str(where))
            return fill(
                self.tr("%1 is gone from disk: its folder %2 was moved, to %3."),
                names[0],
                str(folder),
                str(where),
            )
        if len(names) > 1:
            text = self.tr("%1 and %2 are gone from disk: their folder %3 was moved or deleted.")
            return fill(text, names[0], names[1], str(folder))
        return fill(
            self.tr("%1 is gone from disk: its folder %2 was moved or deleted."), names[0], str(folder)
        )

    def _change_text(self, path: Path, change: Change, moved: Path | None) -> str:
        """One line: which file, and exactly what happened to it."""
        if change in REMADE:
            return self._remade_text(path, change)
        if change is Change.ANOTHER_CHAT:
            return self._other_chat_text(path)
        more = self._recorded_more if path == self.pair.transcript else None
        if more is not None and change in (Change.AS_READ, Change.APPENDED):
            self._recorded_more = None  # said once
            shown, total = more
            return fill(
                self.tr(
                    "A new request was recorded in %1: request %3 of %3. The window stays on request "
                    "%2, the one opened; the Recordings panel (Alt+8) opens the new one."
                ),
                path.name,
                str(shown),
                str(total),
            )
        if self._with_folder(path, change, moved):
            # the discussion's folder moved or deleted: said as such (tryout: unnoticed,
            # then Save said the folder "not writable")
            return self._folder_went_text(path.parent, [(path, moved)])
        words = {
            Change.CREATED: lambda: self.tr("%1 was created on disk."),
            Change.APPENDED: lambda: self.tr("%1 grew on disk (the middleware is running?)."),
            Change.REWRITTEN: lambda: self.tr("%1 was rewritten on disk."),
            Change.AS_READ: lambda: self.tr("%1 was written again on disk, as read."),
            Change.REPLACED: lambda: self.tr("%1 was replaced on disk by a new file of that name."),
            Change.MOVED: lambda: self.tr("%1 was moved on disk, to %2."),
            Change.DELETED: lambda: self.tr("%1 was deleted on disk."),
            Change.PERMISSIONS: lambda: self.tr("The permissions of %1 changed on disk."),
            Change.FOREIGN: lambda: self.tr(
                "%1 was replaced on disk by another file: none of the entries read is in it."
            ),
            Change.EMPTIED: lambda: self.tr("%1 was emptied on disk: it holds no stored time."),
            Change.BROKEN: lambda: self.tr(
                "%1 was written on disk to something that cannot be read (half-written?)."
            ),
        }
        return fill(words[change](), path.name, moved.name if moved is not None else "")

    def _kept_other_chat_said(self, said: str) -> str:
        """The banner while the transcript on disk is another chat and the
        window keeps the chat it read (``said``: what happened on disk): with
        unsaved edits, what Save and Reload do with them; clean, that Reload
        shows the other chat (tryN M2: nothing said the window had switched)."""
        if self.is_dirty:
            return fill(self._kept_over_another_chat_text(), said)
        return fill(self._kept_after_another_chat_came_text(None), said)

    def _kept_over_another_chat_text(self) -> str:
        """The banner while the transcript on disk is another chat and edits
        are unsaved (``%1``: what happened on disk)."""
        # shorter than it was (three lines of this at 1024x700 scrolled inside the banner, issue 31)
        return self.tr(
            "%1 The window still shows the chat it read, with your unsaved edits. Save asks before "
            "writing them beside another chat (its default: Save As); Reload asks about the edits, "
            "then shows the chat on disk."
        )

    def _kept_after_another_chat_came_text(self, was_at: Path | None) -> str:
        """The banner of a clean window once another chat took the name of
        the transcript gone (``%1``: what happened on disk): the chat read
        stays shown, where it was moved to when that is known, and Reload
        offers the other one."""
        if was_at is not None:
            return fill(
                self.tr(
                    "%1 The window still shows the chat it read, now at %2; Reload shows the "
                    "other chat instead."
                ),
                "%1",
                was_at.name,
            )
        return self.tr("%1 The window still shows the chat it read; Reload shows the other chat instead.")

    def _other_chat_text(self, path: Path) -> str:
        """The transcript on disk is another chat (``Change.ANOTHER_CHAT``),
        and, when they differ, the discussion ids of the chat read and of the
        one on disk now (issue 31: which discussion was which was nowhere)."""
        said = fill(
            self.tr("%1 was replaced on disk by another chat: most of the messages read are not in it."),
            path.name,
        )
        ids = self._other_chat_ids
        if ids is None or ids[0] == ids[1]:
            return said
        read, now = (
            fill(self.tr("discussion id %1"), name) if name else self.tr("no discussion id") for name in ids
        )
        return sentences(said, fill(self.tr("The chat read has %1; the chat on disk now has %2."), read, now))

    def _remade_text(self, path: Path, change: Change) -> str:
        """The timestamp file made anew where the one read had gone (the
        middleware backfills a lost file at new times), or written over not
        as the middleware writes it: which of the times shown it would drop,
        counted."""
        differ, missing = self._apart
        said = [
            fill(self.tr("The timestamp file %1 was made anew on disk."), path.name)
            if change is Change.RECREATED
            else fill(
                self.tr(
                    "%1 was rewritten on disk, but not as the middleware writes it (stored times "
                    "removed, or more than one changed)."
                ),
                path.name,
            )
        ]
        if differ:
            said.append(self.tr("%n of the times shown differ from it.", "", differ))
        if missing:
            said.append(self.tr("%n of the times shown are not in it.", "", missing))
        return sentences(*said)

    # -- lifetime ------------------------------------------------------------
    def _take_opening(self, discussion: Discussion) -> None:
        """The opened pair has loaded: its pin and copy replace the previous
        ones. A pin given as an instant (a recorded request's arrival) is
        placed on the loaded discussion's clock, as it was simulated; a
        recorded request is pinned to its arrival (``recorded_now``)."""
        opening, self._opening = self._opening, None
        if opening is None:
            return
        self.jobs.advance()  # work started for the discussion shown while this one opened is not its
        if opening.temporary != self._temporary:
            self._forget_temporary()
            self._temporary = opening.temporary
        pinned, of_pair = opening.pinned, opening.of_pair
        if pinned is not None and pinned.tzinfo is not None:
            pinned = on_clock(discussion, pinned).replace(microsecond=0)
        arrival = recorded_now(discussion)
        if arrival is not None:  # a recorded request, however opened: its arrival (the worker's ``now``)
            pinned, of_pair = arrival, True
        recorded = discussion.transcript.recorded if discussion.has_transcript else None
        if recorded is not None and self._chat is None:
            # the newest request when opened: a reload stays on it, never on one the
            # recorder appends meanwhile (issue 29: its rows shown under this one's Now)
            self._chat = recorded[0]
        if pinned is not None and not of_pair:  # the person's pin: now this discussion's
            self._pin_for = Pair(_source_path(discussion), discussion.store_path)
            self._pin_chat = self._chat
            self._pin_named = discussion_named(discussion.title, self._pin_for.describe(self.root))
        elif opening.left is not None and not of_pair:
            self._reload_note = sentences(self._reload_note or "", opening.left)
        if (pinned, of_pair) != (self.pinned_now, self._pin_of_pair):
            self.pinned_now, self._pin_of_pair = pinned, of_pair
            self.nowChanged.emit()

    def _pin_left_text(self, pinned: datetime) -> str:
        """Said once when the person's pin stays behind with the discussion it
        was made for (issue 29: it was shown and written as another one's time)."""
        return fill(
            self.tr("Now is live again: the pinned %1 was for %2."),
            f"{pinned:%Y-%m-%d %H:%M:%S}",
            self._pin_named,
        )

    def _drop_opening(self) -> None:
        """An open that never showed: its copy goes, nothing shown changes."""
        opening, self._opening = self._opening, None
        if opening is not None and opening.temporary is not None and opening.temporary != self._temporary:
            shutil.rmtree(opening.temporary, ignore_errors=True)

    def _forget_temporary(self) -> None:
        if self._temporary is not None:
            shutil.rmtree(self._temporary, ignore_errors=True)
            self._temporary = None

    def shutdown(self) -> None:
        """Stop the clock and every job; remove a temporary copy."""
        self.clock.stop()
        self._reload_timer.stop()
        self._reload_after_check = None  # a reload waiting for a judgement: not when closing down
        self._transcript_read = None
        self.jobs.cancel_all()
        self.jobs.wait()
        self._drop_opening()
        self._forget_temporary()


def _rebased(
    read: TimestampStore, now: TimestampStore, history: list[tuple[TimestampStore, TimestampStore]]
) -> list[tuple[TimestampStore, TimestampStore]] | None:
    """On the worker: each undo state (as edits of ``read``) made again on
    ``now``, what the file holds after the change on disk; None when any of
    them conflicts with it (the history then starts again)."""
    rebased = []
    for before, after in history:
        pair = []
        for state in (before, after):
            made, conflicts = apply_operations(now, diff_operations(read, state))
            if conflicts:
                return None
            pair.append(made)
        rebased.append((pair[0], pair[1]))
    return rebased


def _judged(
    change: Change,
    path: Path,
    base: Discussion,
    working: TimestampStore | None,
    key: FileKey | None,
    anew: bool,
    shown: TimestampStore,
    chat: str | None = None,
    once: frozenset[str] = frozenset(),
) -> tuple[Change, bool, tuple[int, int], tuple[frozenset[str], frozenset[str]], frozenset[str]]:
    """On the worker: the timestamp file's ``change`` judged by its content
    against the store ``base`` read (``anew``: the file read had gone, this
    one was made since), and whether the unsaved edits (``working``; None:
    none) apply to it as it is now without a conflict (then reading it at
    once carries them over). For a file made anew, how many of the times
    ``shown`` it holds at another time, how many it lacks, and their keys.
    Last, this chat's messages read on disk since ``base`` (``once``, with
    those read now): a message edited in the front end later stays this
    chat's."""
    none: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    try:
        judged = store_change(change, path, base.store, key, anew)
        if judged is Change.FOREIGN:
            # its entries all this chat's messages (new ones, stored after a delete),
            # now or as read since: this discussion's file made anew, never another's
            # (life29z finding 4; fuzz29c: one of them edited since)
            ours, once = _read_since(path, key, base, chat, once)
            once = once | ours.difference(base.timeline.hashes)
            judged = store_change(change, path, base.store, key, anew, ours, once)
        change = judged
    except InputError:  # it needs a key now: reading it again asks for one
        return change, False, (0, 0), none, once
    if change not in REMADE and (working is None or change not in CARRIED):
        return change, False, (0, 0), none, once
    try:
        on_disk, _ = read_store(path, key)
    except InputError:
        return change, False, (0, 0), none, once
    if on_disk is None:
        return change, False, (0, 0), none, once
    if working is None or change in REMADE:  # made anew: what taking it would drop
        apart = keys_apart(shown, on_disk)
        differ = keys_differing(apart, on_disk)  # said "differs on disk", the rest "not on disk"
        counted = len(differ), len(apart) - len(differ)
        if PLACEHOLDER_KEY in shown.as_mapping() and on_disk.get(PLACEHOLDER_KEY) != shown.placeholder:
            # the reply's placeholder shown is not the file's (made without it): only the
            # window holds it, Details says so (``time_held``; ph30); no stored time counted
            apart = apart | {PLACEHOLDER_KEY}
        return change, False, counted, (apart, differ), once
    _, conflicts = apply_operations(on_disk, diff_operations(base.store or TimestampStore(), working))
    return change, not conflicts, (0, 0), none, once


@frozen
class _ReadyToSave:
    """Save's file work, done on a worker (``start_save``)."""

    seen: FileState  # the file as stat'ed before it was read: a change since drops this
    decision: SaveDecision
    ops: tuple[Operation, ...]  # the edits as operations on the store read
    prepared: PreparedSave | None  # a plain save (unchanged or grown): what to write
    ours: frozenset[str] | None = None  # over another file: the messages of the transcript now
    # a file made anew or another one: what is shown with its entries for this
    # transcript's messages (``merged_over_remade``), should the person write all
    merged: TimestampStore | None = None
    # should the person write all that is shown (the file gone, made anew, another
    # one, broken): its bytes (``merged``'s, else the working store's), serialized here
    # (5.4 MB at 100k, 44-76 ms), never on the GUI thread
    whole: bytes | None = None
    # edits that no longer apply to the file now (``SaveCase.CONFLICTS``): what Save
    # writes as the person chooses, the file's own entries kept for those messages,
    # or the edits over them, each with its bytes (``DiscussionSession._save_edits``)
    over: tuple[tuple[TimestampStore, bytes, str], ...] | None = None  # each with its bytes' digest
    whole_digest: str = ""  # ``whole``'s SHA-256, for the save mark (``mark_saved``)


def _ready_to_save(
    path: Path,
    read: TimestampStore,
    digest: str | None,
    key: FileKey | None,
    anew: bool,
    working: TimestampStore,
    base: Discussion,
    chat: str | None,
    once: frozenset[str] = frozenset(),
    keep: Collection[str] = (),
) -> _ReadyToSave:
    """On the worker: the file at ``path`` stat'ed, then read and judged
    (``decide_save``), and for a plain save the edits merged into it and
    serialized (``prepare_operations``), all but the write. One that cannot
    be prepared (it no longer parses) is left to the GUI thread's save,
    which says why. ``once``: this chat's messages read since (``_decided``).
    ``keep``: stored times the person chose to keep (their removal left out
    of the edits)."""
    seen = _signature(path)
    decision = _decided(path, base, key, anew, chat, once, read, digest)
    ops = tuple(keeping_stored(diff_operations(read, working), keep))
    prepared = None
    if decision.case in (SaveCase.UNCHANGED, SaveCase.GROWN):
        with suppress(InputError):
            prepared = prepare_operations(path, digest, ops, key)
    ours = _messages_now(base, chat) | once if decision.case is SaveCase.FOREIGN else None
    merged = whole = None
    if decision.case in _REMADE_CASES and decision.on_disk is not None:
        merged = merged_over_remade(read, working, decision.on_disk, ours, _reply_of(base, working))
    if decision.case in _WRITES_ALL:
        whole = (merged if merged is not None else working).file_bytes()
    over = None
    if prepared is not None and prepared.conflicts:
        theirs = apply_operations(prepared.current, ops)[0]
        mine = applied_over(prepared.current, ops)
        over = tuple(
            (made, data, digest_of(data)) for made in (theirs, mine) for data in (made.file_bytes(),)
        )
    # the bytes' digests for the save mark (``mark_saved``), hashed here, not on the GUI thread
    return _ReadyToSave(
        seen,
        decision,
        ops,
        prepared,
        ours,
        merged,
        whole,
        over,
        digest_of(whole) if whole is not None else "",
    )


# Save's questions that offer "Save into the moved folder" when the discussion's
# folder was moved to a known place: its folder gone, or another discussion there now
_INTO_MOVED_CASES = (SaveCase.FOLDER_GONE, SaveCase.ANOTHER_DISCUSSION)

# the cases where Save, answered "write all", writes what is shown with the entries
# of the file there (``DiscussionSession._save``), and every case it writes all in
_REMADE_CASES = (SaveCase.RECREATED, SaveCase.FOREIGN)
_WRITES_ALL = (
    SaveCase.FOREIGN,
    SaveCase.BROKEN,
    SaveCase.RECREATED,
    SaveCase.DELETED,
    SaveCase.MOVED,
    SaveCase.FOLDER_GONE,
)


CONFLICTS_NAMED = 5  # Save's question names the first few conflicting messages


def _conflicts_now(
    path: Path, base: Discussion, working: TimestampStore, key: FileKey | None
) -> tuple[Conflict, ...]:
    """On the worker: the unsaved edits that conflict with the timestamp
    file as it is now (read again only when they do not apply: a banner
    names them). None when it cannot be read."""
    try:
        on_disk, _ = read_store(path, key)
    except InputError:
        return ()
    if on_disk is None:
        return ()
    _, conflicts = apply_operations(on_disk, diff_operations(base.store or TimestampStore(), working))
    return tuple(conflicts)


def _numbers(discussion: Discussion, keys: Collection[str]) -> dict[str, int]:
    """The table's "#" of the first message with each of ``keys`` (the
    transcript's index; the request's position when it has none): one pass
    over the rows, for the few a sentence names."""
    timeline = discussion.timeline
    numbers: dict[str, int] = {}
    for position, digest in enumerate(timeline.hashes):
        if digest in keys and digest not in numbers:
            index = timeline.indexes[position]
            numbers[digest] = index if index is not None else position
    return numbers


def _conflicting(base: Discussion, conflicts: Sequence[Conflict]) -> tuple[tuple[int, object, object], ...]:
    """Each conflict as the table shows its message: its "#" (the
    transcript's index; the request's position when it has none), the time
    the window holds for it and the file's (None: no entry). One pass over
    the rows, for the few named."""
    wanted = {conflict.operation.key: conflict for conflict in conflicts}
    numbers = _numbers(base, wanted.keys())
    said = []
    for key, conflict in wanted.items():
        operation = conflict.operation
        mine = operation.value if isinstance(operation, SetEntry) else None
        theirs = None if conflict.found is ABSENT else conflict.found
        said.append((numbers.get(key, -1), mine, theirs))
    return tuple(said)


def _reply_of(base: Discussion, shown: TimestampStore) -> str | None:
    """The hash of the reply the placeholder ``shown`` holds goes to at the
    next request (``tracking.pending_reply``; None: none): Save over a file
    made anew without it gives it that time (``merged_over_remade``)."""
    if not base.has_transcript:
        return None
    position = pending_reply(base.request, shown)
    return base.request.hashes[position] if position is not None else None


def _messages_now(base: Discussion, chat: str | None) -> frozenset[str]:
    """The hashes of the transcript's messages, as shown and as on disk now
    (the middleware may have appended an exchange the window holds back
    while the timestamp file is judged another): the entries of another
    file that are this discussion's (``merged_over_remade``'s ``ours``).
    Only the new tail is hashed (``previous``)."""
    shown = frozenset(base.timeline.hashes)
    path = _source_path(base)
    if path is None:
        return shown
    try:
        now = open_discussion(path, None, base.options, base.now, eager=False, chat=chat, previous=base)
        return shown | frozenset(now.timeline.hashes)
    except InputError:
        return shown


def _this_chats_messages(base: Discussion, chat: str | None) -> frozenset[str]:
    """The hashes of this chat's messages: as shown, and as on disk now when
    the transcript there is still this chat (grown, rewritten), never another
    chat's (a folder swapped for another discussion's: its file's entries are
    all that chat's messages, and never this discussion's file made anew)."""
    return _chat_now(base, chat)[0]


def _chat_now(base: Discussion, chat: str | None) -> tuple[frozenset[str], tuple[str, ...]]:
    """``_this_chats_messages``, and of them the ones the window never read
    (on disk now, not shown), in the chat's order (``edited_before_read``).
    The chat is read here, as it is at the time of asking (a re-read hashes
    only the new tail)."""
    shown = frozenset(base.timeline.hashes)
    path = _source_path(base)
    if path is None:
        return shown, ()
    try:
        now = open_discussion(path, None, base.options, base.now, eager=False, chat=chat, previous=base)
    except InputError:
        return shown, ()
    if transcript_change(Change.REWRITTEN, base.request.hashes, now.request.hashes) is Change.ANOTHER_CHAT:
        return shown, ()
    new = tuple(digest for digest in now.timeline.hashes if digest not in shown)
    return shown | frozenset(now.timeline.hashes), new


def _read_since(
    path: Path, key: FileKey | None, base: Discussion, chat: str | None, once: frozenset[str]
) -> tuple[frozenset[str], frozenset[str]]:
    """For a file judged another discussion's: this chat's messages now, and
    ``once`` with the file's entries for messages of this chat the front end
    edited before the window read them (``edited_before_read``; xfail29k's
    leftover, issue 29)."""
    ours, new = _chat_now(base, chat)
    if not new:
        return ours, once
    try:
        on_disk, _ = read_store(path, key)
    except InputError:
        return ours, once
    if on_disk is None:
        return ours, once
    return ours, once | edited_before_read(base.store or TimestampStore(), on_disk, new, ours)


def _decided(
    path: Path,
    base: Discussion,
    key: FileKey | None,
    anew: bool,
    chat: str | None,
    once: frozenset[str] = frozenset(),
    read: TimestampStore | None = None,
    digest: str | None = None,
) -> SaveDecision:
    """Save's case (``decide_save``) against the store ``base`` read (or
    ``read`` with its ``digest``): a file judged another discussion's whose
    entries are all this chat's messages (``_this_chats_messages``, read
    only then), or ones it had as the window read them since (``once``:
    edited in the front end since, or before the window read them:
    ``_read_since``, the chat read now), is this discussion's file made anew
    (life29z finding 4; fuzz29c; xfail29k's leftover)."""
    if read is None:
        read, digest = base.store, base.store_digest
    decision = decide_save(path, read, digest, key, anew)
    if decision.case is SaveCase.FOREIGN:
        ours, once = _read_since(path, key, base, chat, once)
        decision = decide_save(path, read, digest, key, anew, ours, once)
    return decision


def _into_another(
    path: Path,
    written: TimestampStore,
    base: Discussion,
    chat: str | None,
    once: frozenset[str],
    key: FileKey | None,
) -> OthersFile | None:
    """Save As onto ``path``: whether the file there is another discussion's
    (``written_into_another``), against this chat's messages as on disk now
    (``_this_chats_messages``: the chat read at the time of the save) and
    those read since (``once``). Raises ``InputError`` when it cannot be read.
    A recording's file is not judged: no write goes there (``write_bytes_atomic``
    refuses it, and says why)."""
    if recording_holding(path) is not None or not os.path.lexists(path):
        return None  # a new file (the common Save As): the chat is not read for it
    return written_into_another(path, written, _this_chats_messages(base, chat), once, key)


def _unseen(_store: TimestampStore) -> None:
    """An edit's first showing when the caller shows it itself (with the files read)."""


def _edits_target(
    read: Discussion,
    rebased: list[tuple[TimestampStore, TimestampStore]] | None,
    stack_at: tuple[int, int],
    applied: tuple[TimestampStore, list[Conflict]] | None,
) -> TimestampStore | None:
    """On the worker: the store the window will show over ``read`` once the
    edits are carried onto it (the undo history's state at ``stack_at``, or
    the unsaved edits replayed), as ``DiscussionSession._loaded`` decides it;
    None: the files as read, no edit on them."""
    store = read.store or TimestampStore()
    if rebased:
        at = stack_at[1]
        wanted = rebased[at - 1][1] if at > 0 else rebased[0][0]
    elif applied is not None:
        wanted = applied[0]
    else:
        return None
    return wanted if wanted != store else None


def _laid_out(discussion: Discussion) -> StripLayout:
    """On the worker: the strip's layout, and what views read of the
    discussion computed once here (100k rows), not on the GUI thread."""
    _ = (
        discussion.clock_zone,
        discussion.pairing_warnings,
        discussion.own_store,  # a few stats, when the pair is doubted
        discussion.gaps,
        discussion.cst_gaps,
        discussion.flags,
        discussion.future_orphans,
        discussion.first_future,  # when the "future" flags are judged again (``_judge_future_when_due``)
    )
    return layout_for(discussion)


laid_out = _laid_out  # for a panel that shows a discussion of its own (the simulation's "after")


def _recorded_more(base: Discussion, read: TranscriptRead | None) -> tuple[int, int] | None:
    """A recorded request shown while its ``requests.jsonl`` grew by others:
    (its number, how many the file holds now); None for anything else."""
    if read is None or not base.has_transcript:
        return None
    before, now = base.transcript.recorded, read.loaded.recorded
    if before is None or now is None or now[2] <= before[2] or now[0] != before[0]:
        return None
    return before[1] + 1, now[2]


def _same_discussion(pinned_for: Pair, requested: Pair) -> bool:
    """Whether ``requested`` opens the discussion of ``pinned_for`` again (one of
    its files named; empty ``pinned_for``: pinned with nothing shown, so the
    pin is the next discussion's)."""
    if not pinned_for:
        return True
    mine = {p.absolute() for p in (pinned_for.transcript, pinned_for.store) if p is not None}
    return any(p.absolute() in mine for p in (requested.transcript, requested.store) if p is not None)


def _source_path(discussion: Discussion) -> Path | None:
    return Path(discussion.transcript.source) if discussion.has_transcript else None


def temporary_copy(*paths: Path) -> tuple[Path, list[Path]]:
    """Copies of ``paths`` in a new private folder (so bundled demo files are
    never written): the folder and the copies, in order. Each copy sits in a
    folder named as its original's, which the title and status bar show
    ("demo/chat.json", not a random temporary name)."""
    folder = Path(tempfile.mkdtemp(prefix="timeline-inspector-"))
    copies = []
    for path in paths:
        (folder / path.parent.name).mkdir(exist_ok=True)
        target = folder / path.parent.name / path.name
        shutil.copyfile(path, target)
        os.chmod(target, 0o644)
        copies.append(target)
    return folder, copies

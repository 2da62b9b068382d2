"""Changes to a timestamp file as operations with preconditions.

Every write the inspector makes (apply a backfill, accept a repair, re-anchor
a run) is a list of ``SetEntry``/``RemoveEntry`` operations. Applied to the
file they were computed on, they give exactly the intended bytes (existing
keys keep their place, new keys are appended in order, as the middleware
does). Applied to a file the middleware changed meanwhile, each operation
still applies when its precondition holds, and is reported as a conflict
otherwise: nothing is overwritten blindly.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from datetime import datetime
from pathlib import Path

from .crypto import FileKey
from .records import frozen
from .store import (
    PLACEHOLDER_KEY,
    TimestampStore,
    digest_of,
    loads_store,
    read_file_bytes,
    write_bytes_atomic,
)
from .timestrings import format_absolute
from .words import Said, Writing

ABSENT = object()  # precondition: the key must not exist


@frozen
class SetEntry:
    key: str
    value: object
    before: object = ABSENT  # the value this change expects to replace


@frozen
class RemoveEntry:
    key: str
    before: object  # the value this change expects to remove


Operation = SetEntry | RemoveEntry


@frozen
class Conflict:
    operation: Operation
    found: object  # what the file holds now (ABSENT when the key is gone)

    def said(self) -> Said:
        """What could not be done and what is there instead (the key shortened;
        the placeholder's key named for what it is: a banner said
        "PLACEHOLDER_…", tryout)."""
        found = Said(Writing.NO_ENTRY) if self.found is ABSENT else repr(self.found)
        key: str | Said = (
            Said(Writing.PLACEHOLDER_ENTRY)
            if self.operation.key == PLACEHOLDER_KEY
            else f"{self.operation.key[:12]}…"
        )
        if isinstance(self.operation, SetEntry):
            return Said(Writing.WANTED_TO_STORE, (key, self.operation.value, found))
        return Said(Writing.WANTED_TO_REMOVE, (key, self.operation.before, found))

    def describe(self) -> str:
        return str(self.said())


def diff_operations(before: TimestampStore, after: TimestampStore) -> list[Operation]:
    """Operations that turn ``before`` into ``after`` (same bytes, same order).

    A key that ``after`` holds at another place (the reply's placeholder is
    deleted by tracking and saved again last) is removed and added again:
    the middleware's files are ordered by insertion, and so are the bytes."""
    after_keys = set(after)
    kept_order = [key for key in before if key in after_keys]
    in_place = 0  # how many of after's first keys sit as they do in before
    for key in after:
        if in_place < len(kept_order) and kept_order[in_place] == key:
            in_place += 1
        else:
            break
    staying = set(kept_order[:in_place])
    ops: list[Operation] = []
    for key in before:
        if key not in after_keys or key not in staying:
            ops.append(RemoveEntry(key, before.get(key)))
    for key in after:
        if key not in staying:
            ops.append(SetEntry(key, after.get(key)))
        elif before.get(key) != after.get(key):
            ops.append(SetEntry(key, after.get(key), before.get(key)))
    return ops


def stored_removals(ops: Iterable[Operation], meant: Collection[str] = ()) -> tuple[str, ...]:
    """The messages whose stored time the save of ``ops`` removes from the
    file (a key taken out and set again elsewhere is moved, not removed; the
    reply's placeholder comes and goes with tracking), less those the
    person's edits removed on purpose (``meant``: a time cleared, Repair's
    orphans removed). What is left went by an undo past a save (issue 29:
    Ctrl+Z of an applied simulation, then Ctrl+S, removed 2 times the
    middleware had used since, unasked): Save asks before removing them."""
    listed = list(ops)
    set_again = {op.key for op in listed if isinstance(op, SetEntry)}
    return tuple(
        op.key
        for op in listed
        if isinstance(op, RemoveEntry)
        and op.key not in set_again
        and op.key != PLACEHOLDER_KEY
        and op.key not in meant
    )


def keeping_stored(ops: Iterable[Operation], keys: Collection[str]) -> list[Operation]:
    """``ops`` without the removal of ``keys``: the file's entries for those
    messages stay as it holds them (Save's default over ``stored_removals``)."""
    kept = set(keys)
    return [op for op in ops if not (isinstance(op, RemoveEntry) and op.key in kept)]


def with_time(store: TimestampStore, key: str, moment: datetime | None) -> TimestampStore:
    """A copy of ``store`` where message ``key`` holds ``moment`` as the
    middleware writes it (its place kept, or appended when new), or, for
    None, holds nothing (untracked again: the middleware's next request
    gives it a time of its own). One person's edit of one time; Save turns
    it into operations like any other edit (``diff_operations``)."""
    edited = store.copy()
    if moment is not None:
        edited.set(key, format_absolute(moment))
    elif key in edited:
        edited.remove(key)
    return edited


def apply_operations(
    store: TimestampStore, ops: Iterable[Operation]
) -> tuple[TimestampStore, list[Conflict]]:
    """A new store with every operation whose precondition holds; the rest as conflicts."""
    result = store.copy()
    conflicts: list[Conflict] = []
    for op in ops:
        found = result.get(op.key) if op.key in result else ABSENT
        if isinstance(op, SetEntry):
            if found is not ABSENT and found == op.value:
                continue  # already there (the middleware did the same)
            if found is op.before or (op.before is not ABSENT and found == op.before):
                result.set(op.key, op.value)
            else:
                conflicts.append(Conflict(op, found))
        else:
            if found is ABSENT:
                continue
            if found == op.before:
                result.remove(op.key)
            else:
                conflicts.append(Conflict(op, found))
    return result, conflicts


def applied_over(store: TimestampStore, ops: Iterable[Operation]) -> TimestampStore:
    """A new store with every operation applied whatever ``store`` holds for
    its message: the person's edits win over the middleware's entries for
    the same messages (only once they chose so: ``SaveCase.CONFLICTS``)."""
    result = store.copy()
    for op in ops:
        if isinstance(op, SetEntry):
            result.set(op.key, op.value)
        elif op.key in result:
            result.remove(op.key)
    return result


@frozen
class SaveResult:
    store: TimestampStore  # what is on disk now
    digest: str  # SHA-256 of the bytes written
    backup: Path | None
    merged: bool  # the file had changed on disk; the operations were re-applied to it
    conflicts: tuple[Conflict, ...]
    written: bool = False  # bytes were written (``digest`` theirs); False: the file left as it was


@frozen
class PreparedSave:
    """A save worked out from the file as it was read (``prepare_operations``),
    all but its write: the reading, parsing, merging and serializing (at 100k
    entries nearly all of its time) done where waiting is fine, the write
    (``write_prepared``) kept as the last step, where the caller knows
    nothing changed meanwhile."""

    current: TimestampStore  # the file as read (empty: there was none)
    result: TimestampStore  # what is to be written
    data_digest: str  # SHA-256 of the bytes read ("" when there were none)
    payload: bytes | None  # the bytes to write; None: nothing to write (conflicts, or no change)
    merged: bool  # the file had changed on disk; the operations were re-applied to it
    conflicts: tuple[Conflict, ...]
    # SHA-256 of ``payload``, hashed here too: at 100k it is 5.4 MB, 11-27 ms that
    # the write's caller (the GUI thread) spent hashing (issue 29)
    payload_digest: str = ""


def prepare_operations(
    path: str | Path,
    base_digest: str | None,
    ops: Sequence[Operation],
    key: FileKey | None = None,
    *,
    new_file_key: FileKey | None = None,
) -> PreparedSave:
    """``save_operations`` up to its write: ``ops`` applied to the file at
    ``path`` as it is now (loaded with ``base_digest``; None: it did not
    exist), with conflicts reported, and the bytes to write."""
    path = Path(path)
    data = read_file_bytes(path)
    current = TimestampStore(key=new_file_key) if data is None else loads_store(data, path, key)
    data_digest = digest_of(data) if data is not None else None
    merged = data_digest != base_digest
    result, conflicts = apply_operations(current, ops)
    unchanged = data is not None and result == current
    payload = None if conflicts or unchanged else result.file_bytes()
    written = digest_of(payload) if payload is not None else ""
    return PreparedSave(current, result, data_digest or "", payload, merged, tuple(conflicts), written)


def write_prepared(path: str | Path, prepared: PreparedSave, *, backup: bool = True) -> SaveResult:
    """The last step of a save: ``prepared``'s bytes written atomically (a
    backup of the file there first, ``backup``), or nothing when it has
    conflicts or changes nothing."""
    if prepared.conflicts or prepared.payload is None:
        return SaveResult(prepared.current, prepared.data_digest, None, prepared.merged, prepared.conflicts)
    saved = write_bytes_atomic(Path(path), prepared.payload, backup=backup)
    written = prepared.payload_digest or digest_of(prepared.payload)
    return SaveResult(prepared.result, written, saved, prepared.merged, prepared.conflicts, written=True)


def save_operations(
    path: str | Path,
    base_digest: str | None,
    ops: Sequence[Operation],
    key: FileKey | None = None,
    *,
    backup: bool = True,
    new_file_key: FileKey | None = None,
) -> SaveResult:
    """Write ``ops`` to the file at ``path``, which was loaded with ``base_digest``
    (None: it did not exist). If it changed since, the operations are
    re-applied to what is there now; with conflicts nothing is written.
    A new file is encrypted with ``new_file_key`` (see
    ``discovery.new_file_encryption``); an existing one keeps its encryption."""
    prepared = prepare_operations(path, base_digest, ops, key, new_file_key=new_file_key)
    return write_prepared(path, prepared, backup=backup)

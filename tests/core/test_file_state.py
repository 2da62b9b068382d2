"""What happened to the timestamp file, judged by its content
(``file_state.store_change``), and what Save does with it (``decide_save``):
an append keeps every entry read; another discussion's file, an emptied or
a half-written one is never taken for an append nor merged into (issue 29,
round 2: ``cp other/timestamps.json`` over the open one, same inode and
larger, was read as "grew on disk")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from timeline_app.core.file_state import (
    Change,
    FileState,
    SaveCase,
    classify,
    decide_save,
    store_change,
)
from timeline_app.core.store import read_store

MINE = {f"{n:064x}": f"(Sunday, 2025-09-21 08:0{n}:00)" for n in range(3)}
OTHER = {f"{n + 100:064x}": "(Monday, 2025-01-06 10:00:00)" for n in range(74)}


def _written(path: Path, entries: dict[str, str] | bytes) -> None:
    """Written in place (the same inode), as ``cp`` or the middleware's json.dump."""
    with open(path, "wb") as handle:
        handle.write(entries if isinstance(entries, bytes) else json.dumps(entries, indent=4).encode())


@pytest.mark.parametrize(
    ("now", "change"),
    [
        ({**MINE, f"{9:064x}": "(Sunday, 2025-09-21 09:00:00)"}, Change.APPENDED),
        (OTHER, Change.FOREIGN),
        (b"", Change.EMPTIED),
        (b"{}", Change.EMPTIED),
        (json.dumps(MINE).encode()[:40], Change.BROKEN),
        ({**dict(list(MINE.items())[:2]), f"{9:064x}": "(Sunday, 2025-09-21 09:00:00)"}, Change.REWRITTEN),
    ],
    ids=["appended", "another-discussions", "emptied", "no-entry", "half-written", "one-entry-gone"],
)
def test_a_change_of_the_timestamp_file_is_judged_by_its_content(
    tmp_path: Path, now: dict[str, str] | bytes, change: Change
) -> None:
    """Break tried: ``store_change`` returning the size-based change: the
    foreign file (larger, same inode) was APPENDED and this test failed."""
    path = tmp_path / "timestamps.json"
    _written(path, MINE)
    before = FileState.of(path)
    read, _ = read_store(path)
    _written(path, now)
    found, _ = classify(before)
    assert store_change(found, path, read, None) is change


@pytest.mark.parametrize(
    ("now", "change"),
    [
        (MINE, Change.CREATED),
        (OTHER, Change.FOREIGN),
        (b"", Change.EMPTIED),
        (json.dumps(MINE).encode()[:40], Change.BROKEN),
    ],
    ids=["put-back", "another-discussions", "emptied", "half-written"],
)
def test_a_file_made_where_the_one_read_was_deleted_is_judged_by_its_content(
    tmp_path: Path, now: dict[str, str] | bytes, change: Change
) -> None:
    """The file read is deleted and the watcher says so; then another file
    is renamed over the name (the transcript gone too, nothing else read it
    again): what is there now is judged against the entries still shown.
    Break tried: ``store_change`` leaving ``CREATED`` as it is: the foreign
    file was taken as the discussion's (the session's state machine, issue 29)."""
    path = tmp_path / "timestamps.json"
    _written(path, MINE)
    read, _ = read_store(path)
    path.unlink()
    gone = FileState.of(path)
    other = tmp_path / "replacement.json"
    _written(other, now)
    other.replace(path)
    found, _ = classify(gone)
    assert found is Change.CREATED
    assert store_change(found, path, read, None) is change


@pytest.mark.parametrize("now", [b"", b"  \n", b"{}", json.dumps(MINE).encode()[:40]])
def test_save_over_an_empty_or_broken_file_is_asked_never_merged(tmp_path: Path, now: bytes) -> None:
    """Break tried: the parse error raised (Save said nothing new and wrote
    nothing), and ``{}`` merged into (only the edits written)."""
    path = tmp_path / "timestamps.json"
    _written(path, MINE)
    read, digest = read_store(path)
    _written(path, now)
    assert decide_save(path, read, digest, None).case is SaveCase.BROKEN


def test_save_over_another_discussions_file_is_foreign(tmp_path: Path) -> None:
    path = tmp_path / "timestamps.json"
    _written(path, MINE)
    read, digest = read_store(path)
    _written(path, OTHER)
    assert decide_save(path, read, digest, None).case is SaveCase.FOREIGN


@pytest.mark.parametrize("replaced", [False, True], ids=["chmod-444", "replaced-by-a-444-file"])
def test_save_over_a_read_only_file_is_refused(tmp_path: Path, read_only: set[Path], replaced: bool) -> None:
    """A timestamp file made read-only, or replaced by a read-only one, is not
    written over (an atomic save's rename would go through: it was taken
    silently). ``os.access`` as a user who is not root sees it (``read_only``:
    the tests run as root). Break tried: ``_writable`` checking the folder only: UNCHANGED and
    GROWN were returned and the test failed."""
    path = tmp_path / "timestamps.json"
    _written(path, MINE)
    read, digest = read_store(path)
    if replaced:
        other = tmp_path / "other.json"
        _written(other, {**MINE, f"{9:064x}": "(Sunday, 2025-09-21 09:00:00)"})
        other.chmod(0o444)
        other.replace(path)
    else:
        path.chmod(0o444)
    assert decide_save(path, read, digest, None).case is SaveCase.FILE_READ_ONLY
    path.chmod(0o644)
    assert decide_save(path, read, digest, None).case is (SaveCase.GROWN if replaced else SaveCase.UNCHANGED)

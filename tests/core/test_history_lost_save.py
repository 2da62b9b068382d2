"""A save of ours whose bytes went with a deleted file, which the middleware
then made anew (tryN M3, issue 31): its save mark is all that is left of it.
History said "3 states" with no word of the deletion, and message #14's story
began at the middleware's backfill, leaving out that a save had set it to
00:10:00 first. The deletion is said where the count is, and the save known
from its mark is told in the stories of the entries it set."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from timeline_app.core.history import build_history, mark_saved
from timeline_app.core.store import TimestampStore, digest_of
from timeline_app.core.timestrings import format_absolute
from timeline_app.core.words import History

A, B, C, D = (c * 64 for c in "abcd")


def _t(minute: int, second: int = 0) -> str:
    return format_absolute(datetime(2026, 1, 1, 10, minute, second))


def _state(path: Path, entries: dict[str, object], written: datetime) -> bytes:
    data = TimestampStore(entries).file_bytes()
    path.write_bytes(data)
    os.utime(path, (written.timestamp(), written.timestamp()))
    return data


def _lost_save(folder: Path, edited: str) -> Path:
    """tryN M3: Save set D to ``edited`` (the file before kept as a backup),
    the file was deleted, and the middleware made it anew, D backfilled."""
    path = folder / "timestamps.json"
    saved = datetime(2026, 1, 1, 10, 0, tzinfo=UTC)
    _state(
        path.with_name(f"{path.name}.bak-20260101T100000Z"), {A: _t(0), B: _t(0, 30)}, saved.replace(minute=0)
    )
    written = TimestampStore({A: _t(0), B: _t(0, 30), D: edited}).file_bytes()  # gone with the file
    mark_saved(path, digest_of(written), now=saved, edits=[(D, edited)])
    remade = {D: _t(2, 3), C: _t(2, 2), B: _t(2, 1), A: _t(2, 0)}
    _state(path, remade, datetime(2026, 1, 1, 10, 2, 3, tzinfo=UTC))
    return path


def test_the_deletion_is_said_where_the_states_are_counted(tmp_path: Path) -> None:
    history = build_history([_lost_save(tmp_path, _t(10))])
    codes = [note.code for note in history.notes]
    assert History.REMADE_NOTE in codes, history.notes
    (note,) = [n for n in history.notes if n.code is History.REMADE_NOTE]
    assert "deleted" in str(note) and "10:02:03" in str(note), str(note)


@settings(max_examples=20, deadline=None)
@given(minute=st.integers(5, 59))
def test_a_save_whose_bytes_were_deleted_is_told_from_its_mark(tmp_path_factory, minute: int) -> None:
    edited = _t(minute)
    history = build_history([_lost_save(tmp_path_factory.mktemp("lost"), edited)])
    told = [str(s) for s in history.story(D).said]
    codes = [s.code for s in history.story(D).said]
    # set by the save first, then the file deleted and made anew: in that order
    assert History.SAVED_LOST in codes and History.REMADE_STORED in codes, told
    assert codes.index(History.SAVED_LOST) < codes.index(History.REMADE_STORED), told
    lost = told[codes.index(History.SAVED_LOST)]
    assert repr(edited) in lost and "2026-01-01 10:00:00" in lost and "deleted" in lost, lost
    # an entry the save did not set is told as before: no save event of its
    assert History.SAVED_LOST not in [s.code for s in history.story(C).said]


def test_the_whole_story_of_tryN_m3_is_told_in_order(tmp_path: Path) -> None:
    """Save set D (#14) to 10:10, `rm`, the middleware made the file anew
    (D backfilled), Save set it again: set by the first save (from its mark),
    stored by the middleware's backfill, set again by the second save."""
    import shutil

    path = _lost_save(tmp_path, _t(10))
    again = datetime(2026, 1, 1, 10, 4, 11, tzinfo=UTC)
    shutil.copy2(path, path.with_name(f"{path.name}.bak-20260101T100411Z"))
    data = _state(path, {D: _t(10), C: _t(2, 2), B: _t(2, 1), A: _t(2, 0)}, again)
    mark_saved(path, digest_of(data), now=again, edits=[(D, _t(10))])
    history = build_history([path])
    codes = [s.code for s in history.story(D).said]
    assert codes == [History.SAVED_LOST, History.REMADE_STORED, History.SAVED_CHANGED], codes
    assert len(history.states) == 3 and [n.code for n in history.notes].count(History.REMADE_NOTE) == 1

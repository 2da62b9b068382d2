"""The history names our own saves for certain, by the marks they leave
(``mark_saved``: the SHA-256 of the bytes written), and tells a file the
middleware made anew after a deletion as that, never as "the middleware
never does this" (issue 29, tryL 3)."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from timeline_app.core.history import (
    SAVE_MARKS_KEPT,
    build_history,
    made_anew,
    mark_saved,
    save_marks_of,
)
from timeline_app.core.options import EngineOptions
from timeline_app.core.pipeline import prepare_request
from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore, digest_of, loads_store
from timeline_app.core.timestrings import format_absolute
from timeline_app.core.tracking import track, with_reply_placeholder
from timeline_app.core.words import History

A, B, C, D, ORPHAN = (c * 64 for c in "abcdo")


def _t(minute: int, second: int = 0) -> str:
    return format_absolute(datetime(2026, 1, 1, 10, minute, second))


def _state(path: Path, entries: dict[str, object], written: str) -> bytes:
    """``entries`` written at ``path`` as the middleware writes them, dated ``written`` (local)."""
    data = TimestampStore(entries).file_bytes()
    path.write_bytes(data)
    moment = datetime.fromisoformat(written).timestamp()
    os.utime(path, (moment, moment))
    return data


def _said(history, key: str) -> list[str]:
    return [str(said) for said in history.story(key).said]


def test_a_state_a_save_of_ours_wrote_anew_is_that_saves_for_certain(tmp_path: Path) -> None:
    """tryL 3: the window saved (a backup of the file before), the file was
    deleted, and Save wrote everything the window showed anew. No backup
    keeps what the first save wrote, so the change from the backup to the
    file now read "by hand or by another program (the middleware never
    rewrites a stored time so), or by the save of Timeline Inspector at …"
    of a value the window itself wrote. Its bytes are the mark's: the
    second save's, named so; the state says it too."""
    path = tmp_path / "timestamps.json"
    _state(path.with_name(f"{path.name}.bak-20260101T100000Z"), {A: _t(0)}, "2026-01-01T09:00:00")
    edited = format_absolute(datetime(2026, 1, 1, 9, 30))  # put back half an hour in the window
    data = _state(path, {A: edited, B: _t(5)}, "2026-01-01T12:00:00")
    mark_saved(path, digest_of(data), now=datetime(2026, 1, 1, 12).astimezone())
    history = build_history([path])
    newest = history.states[-1]
    assert newest.saved_by == datetime(2026, 1, 1, 12).astimezone() and newest.saved_program == "window"
    (change,) = history.changes
    assert change.saved == newest.saved_by and not change.rewritten and change.certain
    assert change.unexplained == () and change.uncertain == ()
    told = _said(history, A)[-1]
    assert told.startswith("changed from") and told.endswith(
        "by a save of Timeline Inspector at 2026-01-01 12:00:00"
    ), told
    assert "by hand" not in told and "another program" not in told
    assert _said(history, B)[0].endswith("by a save of Timeline Inspector at 2026-01-01 12:00:00")


def test_a_file_written_after_our_save_is_not_named_ours(tmp_path: Path) -> None:
    """The mark names only the bytes the save wrote: the middleware's append
    after it makes another file, still told as a write that kept no backup
    (break tried: matching a mark by its time alone credited it to the save)."""
    path = tmp_path / "timestamps.json"
    _state(path.with_name(f"{path.name}.bak-20260101T090000Z"), {A: _t(0)}, "2026-01-01T09:00:00")
    data = TimestampStore({A: _t(0), B: _t(5)}).file_bytes()
    mark_saved(path, digest_of(data), now=datetime(2026, 1, 1, 12).astimezone())
    _state(path, {A: _t(0), B: _t(5), C: _t(6)}, "2026-01-01T12:00:01")  # the middleware's append
    history = build_history([path])
    assert history.states[-1].saved_by is None
    (change,) = history.changes
    assert change.rewritten and not change.certain


def test_what_our_save_wrote_stays_ours_after_the_middleware_wrote_again(tmp_path: Path) -> None:
    """tryL 3, the common case: a time put back in the window and saved, then
    the middleware's next exchange rewrote the file (no backup). The change
    from the backup to the file now is a gap, and the time the window wrote
    read "by hand or by another program (the middleware never rewrites a
    stored time so), or by the save of Timeline Inspector at …". The save's
    mark lists what it set and removed: those, still as written, are the
    save's for certain; the appended entry stays the gap's (the middleware
    or a later write)."""
    from timeline_app.core.edits import RemoveEntry, SetEntry
    from timeline_app.core.history import mark_saved_edits

    path = tmp_path / "timestamps.json"
    old = {A: _t(0), B: _t(1), ORPHAN: _t(0, 30)}
    _state(path.with_name(f"{path.name}.bak-20260101T100000Z"), old, "2026-01-01T09:00:00")
    edited = format_absolute(datetime(2026, 1, 1, 9, 30))
    saved = {A: edited, B: _t(1)}
    ops = [SetEntry(A, edited, _t(0)), RemoveEntry(ORPHAN, _t(0, 30))]
    mark_saved_edits(path, digest_of(TimestampStore(saved).file_bytes()), ops)
    marks = save_marks_of(path)
    assert marks[-1].set == ((A, edited),) and marks[-1].removed == (ORPHAN,)
    # the mark's time is the save's, the backup's stamp: the test's clock is another
    for mark in tmp_path.glob("timestamps.json.saved-*"):
        mark.rename(mark.with_name("timestamps.json.saved-20260101T100000Z"))
    _state(path, {**saved, C: _t(5)}, "2026-01-01T12:00:00")  # the middleware's exchange, no backup
    history = build_history([path])
    (change,) = history.changes
    assert change.rewritten and set(change.saved_keys) == {A, ORPHAN}
    assert change.uncertain == (C,) and change.unexplained == ()
    for key in (A, ORPHAN):
        told = _said(history, key)[-1]
        assert "by a save of Timeline Inspector at 2026-01-01 10:00:00" in told, told
        assert "by hand" not in told and "another program" not in told, told
    assert "a write that kept no backup (the middleware, or the save" in _said(history, C)[0]


def test_save_marks_are_bounded_and_a_bad_one_is_passed_over(tmp_path: Path) -> None:
    path = tmp_path / "timestamps.json"
    assert mark_saved(path, digest_of(b"first")) is None, "a first file has no history: nothing beside it"
    _state(path.with_name(f"{path.name}.bak-20260101T090000Z"), {A: _t(0)}, "2026-01-01T09:00:00")
    for second in range(SAVE_MARKS_KEPT + 3):
        mark_saved(path, digest_of(str(second).encode()), now=datetime(2026, 1, 1, 10, 0, second, tzinfo=UTC))
    (tmp_path / "timestamps.json.saved-20260101T110000Z").write_text("not json")
    marks = save_marks_of(path)
    assert len(marks) == SAVE_MARKS_KEPT
    assert marks[0].digest == digest_of(b"3") and marks[-1].digest == digest_of(
        str(SAVE_MARKS_KEPT + 2).encode()
    )


def test_a_file_the_middleware_made_anew_after_a_deletion_is_told_as_such(tmp_path: Path) -> None:
    """tryL 3: the file deleted and made anew by the middleware (its messages
    backfilled one second apart, ending at the request's time) was told as
    removals and rewrites "the middleware never" makes. Now: the removals
    went with the deleted file, the backfill is the middleware's."""
    path = tmp_path / "timestamps.json"
    old = {A: _t(0), ORPHAN: _t(0, 10), B: _t(1), C: _t(1, 20)}
    _state(path.with_name(f"{path.name}.bak-20260101T090000Z"), old, "2026-01-01T10:01:20")
    remade = {D: _t(1, 22), C: _t(1, 21), B: _t(1, 20), A: _t(1, 19), PLACEHOLDER_KEY: _t(1, 22)}
    _state(path, remade, "2026-01-01T10:01:22")
    history = build_history([path])
    (change,) = history.changes
    assert change.remade == datetime(2026, 1, 1, 10, 1, 22)
    assert change.remade_keys == (D, C, B, A)
    assert change.beyond_middleware == () and change.unexplained == () and change.uncertain == ()
    assert history.story(ORPHAN).said[-1].code is History.REMADE_REMOVED
    assert history.story(A).said[-1].code is History.REMADE_CHANGED  # older than the old file's newest
    assert history.story(D).said[0].code is History.REMADE_STORED
    for key in (A, ORPHAN, D):  # never offered as what the middleware never does
        told = [t for t in _said(history, key) if t != "never changed its time"]
        assert not any("never" in t.replace("never deletes it", "") for t in told), told
        assert not any("by hand" in t for t in told), told


def _chat(texts: list[str]) -> list[dict[str, str]]:
    return [{"role": "user" if i % 2 == 0 else "assistant", "content": t} for i, t in enumerate(texts)]


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    st.lists(st.sampled_from(["hi", "yo", "ok", "so", "Lisbon", "when?"]), min_size=1, max_size=8),
    st.dictionaries(st.sampled_from([A, B, C, ORPHAN]), st.integers(0, 59), min_size=1, max_size=4),
    st.integers(0, 59),
)
def test_every_file_the_middleware_makes_anew_is_said_so_and_no_kept_file_is(
    texts: list[str], old_seconds: dict[str, int], second: int
) -> None:
    """The class: whatever the chat (repeated texts among it), the file the
    middleware makes where there is none (``track`` on nothing, then its
    placeholder) is made anew, every entry its backfill or its run's; a file
    the middleware keeps (the old one, appended to) never is."""
    old = {key: _t(0, s) for key, s in old_seconds.items()}
    request = prepare_request(_chat(texts), EngineOptions().request)
    now = datetime(2026, 1, 1, 10, 5, second)
    made = with_reply_placeholder(track(request, TimestampStore(), now), now).store
    new = dict(loads_store(made.file_bytes(), "new", None).as_mapping())
    first_old = next(iter(old))
    found = made_anew(old, new)
    if next(iter(new)) == first_old or len(new) < 3:  # two messages' entries at least, and the placeholder
        assert found is None
    else:
        assert found is not None and found[0] == now and found[1][0] == next(iter(new))
    kept = with_reply_placeholder(track(request, TimestampStore(old), now), now).store
    assert made_anew(old, dict(loads_store(kept.file_bytes(), "kept", None).as_mapping())) is None

"""What happened to the timestamp file, judged by its content
(``file_state.store_change``), and what Save does with it (``decide_save``):
an append keeps every entry read; another discussion's file, an emptied or
a half-written one is never taken for an append nor merged into (issue 29,
round 2: ``cp other/timestamps.json`` over the open one, same inode and
larger, was read as "grew on disk"). The transcript's change is judged by
its messages the same way (``transcript_change``)."""

from __future__ import annotations

import json
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from timeline_app.core.file_state import (
    Change,
    FileState,
    Held,
    HeldTimes,
    SaveCase,
    another_discussions,
    classify,
    decide_save,
    edited_before_read,
    keys_apart,
    keys_differing,
    left_out_placeholder,
    merged_over_remade,
    on_read_only_mount,
    renamed_in_folder,
    store_change,
    times_apart,
    transcript_change,
    written_into_another,
)
from timeline_app.core.hashing import content_hash
from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore, read_store
from timeline_app.core.timestrings import format_absolute

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
        # not the middleware's (it removes no entry but its placeholder): held
        ({**dict(list(MINE.items())[:2]), f"{9:064x}": "(Sunday, 2025-09-21 09:00:00)"}, Change.OVERWRITTEN),
        # a group-chat commit: one existing value overwritten in place, a new key appended
        ({**MINE, f"{0:064x}": "(Sunday, 2025-09-21 09:00:00)", f"{9:064x}": "x"}, Change.REWRITTEN),
        # two stored times changed: more than a commit explains
        (
            {key: "(Monday, 2025-09-22 10:00:00)" for key in list(MINE)[:2]}
            | MINE
            | {f"{0:064x}": "y", f"{1:064x}": "z"},
            Change.OVERWRITTEN,
        ),
        # the same entries, their order changed: the middleware keeps each key in its place
        (
            dict(reversed(list({**MINE, f"{0:064x}": "(Sunday, 2025-09-21 09:00:00)"}.items()))),
            Change.OVERWRITTEN,
        ),
    ],
    ids=[
        "appended",
        "another-discussions",
        "emptied",
        "no-entry",
        "half-written",
        "one-entry-gone",
        "one-commit",
        "two-times-changed",
        "reordered",
    ],
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
        (MINE, Change.AS_READ),  # put back: said as read, never "created" nor "grew" (issue 29)
        (OTHER, Change.FOREIGN),
        (b"", Change.EMPTIED),
        (json.dumps(MINE).encode()[:40], Change.BROKEN),
        ({key: "(Monday, 2025-09-22 10:00:00)" for key in MINE}, Change.RECREATED),
        (dict(list(MINE.items())[1:]), Change.RECREATED),
    ],
    ids=["put-back", "another-discussions", "emptied", "half-written", "new-times", "one-missing"],
)
def test_a_file_made_where_the_one_read_was_deleted_is_judged_by_its_content(
    tmp_path: Path, now: dict[str, str] | bytes, change: Change
) -> None:
    """The file read is deleted and the watcher says so; then another file
    is renamed over the name (the transcript gone too, nothing else read it
    again): what is there now is judged against the entries still shown.
    Break tried: ``store_change`` leaving ``CREATED`` as it is: the foreign
    file was taken as the discussion's (the session's state machine, issue 29).
    The middleware's backfill of a lost file (the same messages at new times,
    or some missing) is ``RECREATED``: taken, it dropped the times shown
    (break tried: REWRITTEN for it: the two new cases failed)."""
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


def test_a_deleted_file_in_a_folder_that_takes_no_file_is_the_folders_case(
    tmp_path: Path, read_only: set[Path]
) -> None:
    """Tryout (issue 29): timestamps.json deleted, then its folder mounted
    read-only: Save still offered "Write back the 75 times shown", which
    failed with a raw "cannot be written (Read-only file system)". Whether
    it can be written back is judged before asking. Break tried: DELETED
    returned without ``_writable``."""
    path = tmp_path / "timestamps.json"
    _written(path, MINE)
    read, digest = read_store(path)
    path.unlink()
    assert decide_save(path, read, digest, None).case is SaveCase.DELETED
    read_only.add(tmp_path)
    assert decide_save(path, read, digest, None).case is SaveCase.FOLDER_READ_ONLY


def test_a_read_only_mount_is_told_apart_from_permissions(tmp_path: Path, read_only_mount: set[Path]) -> None:
    """Tryout (issue 29): a mode 644 file bind-mounted read-only was said to
    be read-only by its permissions ("make it writable"). The mount is
    seen as such: the file's own, or its folder's when the file is gone."""
    path = tmp_path / "timestamps.json"
    _written(path, MINE)
    assert not on_read_only_mount(path)
    read_only_mount.add(path)
    assert on_read_only_mount(path)
    path.unlink()
    assert not on_read_only_mount(path), "gone: its folder's mount decides"
    read_only_mount.add(tmp_path)
    assert on_read_only_mount(path)


def test_a_file_made_anew_in_place_of_a_held_one_is_judged_anew(tmp_path: Path) -> None:
    """The file held apart (emptied, another's) and then written again in
    place by the middleware at new times: the same inode grown, not a
    creation, and still a file made anew (``anew``): taken, the times
    shown were lost. Put back as read, it is taken."""
    path = tmp_path / "timestamps.json"
    _written(path, MINE)
    read, _ = read_store(path)
    _written(path, b"")
    emptied = FileState.of(path)
    _written(path, {key: "(Monday, 2025-09-22 10:00:00)" for key in MINE})
    found, _ = classify(emptied)
    # every time changed: not a write of the middleware's (at most one commit), held
    assert store_change(found, path, read, None) is Change.OVERWRITTEN
    assert store_change(found, path, read, None, True) is Change.RECREATED
    _written(path, MINE)
    assert store_change(found, path, read, None, True) is Change.AS_READ


@pytest.mark.parametrize("anew", [False, True], ids=["grown", "made-anew"])
def test_save_over_a_file_made_anew_asks_unless_it_holds_every_time_read(tmp_path: Path, anew: bool) -> None:
    """Break tried: ``decide_save`` without ``anew``: GROWN (the edits merged
    into the new file, the times shown lost)."""
    path = tmp_path / "timestamps.json"
    _written(path, MINE)
    read, digest = read_store(path)
    path.unlink()
    _written(path, {**MINE, next(iter(MINE)): "(Monday, 2025-09-22 10:00:00)"})
    expected = SaveCase.RECREATED if anew else SaveCase.GROWN
    assert decide_save(path, read, digest, None, anew).case is expected
    _written(path, {**MINE, f"{9:064x}": "(Sunday, 2025-09-21 09:00:00)"})  # put back, one more
    assert decide_save(path, read, digest, None, anew).case is SaveCase.GROWN


KEYS = st.sampled_from([f"{n:064x}" for n in range(8)])
TIMES = st.sampled_from([f"(Sunday, 2025-09-21 08:0{n}:00)" for n in range(4)])
STORES = st.dictionaries(KEYS, TIMES, max_size=8)


@given(read=STORES, edits=STORES, removed=st.sets(KEYS), on_disk=STORES)
def test_what_save_writes_over_a_file_made_anew_loses_nothing_shown(
    read: dict[str, str], edits: dict[str, str], removed: set[str], on_disk: dict[str, str]
) -> None:
    """Every time shown is written as shown; of the new file, the entries for
    messages the window read no time for are kept; an entry the person
    removed stays removed. ``times_apart`` counts what taking the file drops."""
    shown = {key: value for key, value in {**read, **edits}.items() if key not in removed}
    merged = merged_over_remade(TimestampStore(read), TimestampStore(shown), TimestampStore(on_disk))
    written = merged.as_dict()
    assert {key: written[key] for key in shown} == shown
    for key, value in on_disk.items():
        if key not in read and key not in shown:
            assert written[key] == value
    assert set(written) == set(shown) | (set(on_disk) - set(read))
    differ, missing = times_apart(TimestampStore(shown), TimestampStore(on_disk))
    assert missing == len(set(shown) - set(on_disk))
    assert differ == sum(1 for key in shown if key in on_disk and on_disk[key] != shown[key])


def test_save_over_a_file_not_rewritten_as_the_middleware_writes_merges_never_loses(tmp_path: Path) -> None:
    """Tryout (issue 29, life29g finding 2): a backfill at new times written
    over the file (``os.replace``, truncate and write, or delete and write,
    however soon) is not the middleware's: Save, even before the watcher
    judged it, decides RECREATED (the times shown written with its other
    entries), never GROWN (the edits merged into it: 23 times lost). The
    middleware's own commit (one time changed in place, keys appended) is
    still GROWN. Break tried: without ``middleware_successor`` in
    ``decide_save``: GROWN."""
    path = tmp_path / "timestamps.json"
    _written(path, MINE)
    read, digest = read_store(path)
    _written(path, {key: "(Monday, 2025-09-22 10:00:00)" for key in MINE})
    assert decide_save(path, read, digest, None).case is SaveCase.RECREATED
    _written(path, dict(list(MINE.items())[:2]))
    assert decide_save(path, read, digest, None).case is SaveCase.RECREATED
    _written(path, {**MINE, f"{0:064x}": "(Sunday, 2025-09-21 09:00:00)", f"{9:064x}": "x"})
    assert decide_save(path, read, digest, None).case is SaveCase.GROWN


# contents any two chats may share: they hash the same in both (tryout: "ok")
COMMON = ["ok", "yes", "thanks", "lol", "?"]


@st.composite
def _discussion(draw: st.DrawFn, name: str, year: int) -> dict[str, str]:
    """A discussion's file: a few common contents, more of its own, times of its own (two chats never hold one message at one second),
    maybe a placeholder whose value may be the other's too."""
    common = draw(st.lists(st.sampled_from(COMMON), unique=True, max_size=3))
    own = draw(st.integers(min_value=len(common) + 1, max_value=12))
    texts = [f"{name} message {n}" for n in range(own)] + common
    texts = draw(st.permutations(texts))
    entries = {
        content_hash(text): f"(Sunday, {year}-09-21 08:{minute:02d}:00)" for minute, text in enumerate(texts)
    }
    if draw(st.booleans()):
        entries[PLACEHOLDER_KEY] = draw(st.sampled_from(["(Sunday, 2025-09-21 00:20:40)", f"({year})"]))
    return entries


def _judged_over(read: dict[str, str], now: dict[str, str]) -> tuple[Change, SaveCase]:
    """``read`` read, then ``now`` written over it in place: as the watcher
    judges it, and as Save decides."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "timestamps.json"
        _written(path, read)
        before = FileState.of(path)
        store, digest = read_store(path)
        assert store is not None
        _written(path, now)
        found, _ = classify(before)
        return store_change(found, path, store, None), decide_save(path, store, digest, None).case


@given(mine=_discussion("A", 2025), theirs=_discussion("B", 2024))
def test_another_discussions_file_is_told_by_its_entries_not_a_shared_key(
    mine: dict[str, str], theirs: dict[str, str]
) -> None:
    """Tryout (issue 29, life29k finding 1): another discussion's file moved
    over the open one, sharing only the placeholder or a common content
    ("ok") at another time, was judged OVERWRITTEN and merged into (its
    entries written as this discussion's, no ``.other-`` copy). Swapped
    either way it is another discussion's (``FOREIGN``: replaced by
    another file, written over with the other kept apart). Break tried:
    ``another_discussions`` as "no key in common" (the old rule): failed
    on a shared "ok" and on a shared placeholder."""
    assert _judged_over(mine, theirs) == (Change.FOREIGN, SaveCase.FOREIGN)
    assert _judged_over(theirs, mine) == (Change.FOREIGN, SaveCase.FOREIGN)


@given(mine=_discussion("A", 2025), theirs=_discussion("B", 2024), data=st.data())
def test_a_file_sharing_one_entry_read_key_and_time_is_merged_never_written_over(
    mine: dict[str, str], theirs: dict[str, str], data: st.DataObject
) -> None:
    """The line of the rule: one entry in common (the same message at the
    same time), however few of the keys read it keeps, makes the file a
    state of this discussion's (a lost file made again by hand, an older
    copy): held apart and merged (``RECREATED``, or ``GROWN`` when it is a
    successor), never replaced as another's. Break tried: an entry in
    common counted by key alone (values ignored): the placeholder and
    common contents of the other discussion's file passed as "shared"
    (the test above failed); by neither: this one failed."""
    key = data.draw(st.sampled_from([k for k in mine if k != PLACEHOLDER_KEY]))
    now = {**theirs, key: mine[key]}
    assert not another_discussions(TimestampStore(mine), TimestampStore(now))
    change, case = _judged_over(mine, now)
    assert change is not Change.FOREIGN
    assert case in (SaveCase.RECREATED, SaveCase.GROWN), case


@given(mine=_discussion("A", 2025), data=st.data())
def test_the_middlewares_writes_and_a_hand_edit_are_never_another_discussions(
    mine: dict[str, str], data: st.DataObject
) -> None:
    """The other side of the rule: what the middleware writes over its file
    (appends, the placeholder resolved, one commit overwriting a value) and
    a hand edit of some values (even all: the backfill of a lost file at
    new times) are this discussion's file."""
    read = TimestampStore(mine)
    keys = [key for key in mine if key != PLACEHOLDER_KEY]
    appended = {**mine, content_hash("A new one"): "(Monday, 2025-09-22 09:00:00)"}
    resolved = {key: value for key, value in mine.items() if key != PLACEHOLDER_KEY}
    resolved[content_hash("A reply")] = mine.get(PLACEHOLDER_KEY, "(Monday, 2025-09-22 09:00:00)")
    committed = {**mine, data.draw(st.sampled_from(keys)): "(Monday, 2025-09-22 09:00:00)"}
    edited_keys = data.draw(st.sets(st.sampled_from(keys), min_size=1))
    edited = {
        key: "(Monday, 2025-09-22 10:00:00)" if key in edited_keys else value for key, value in mine.items()
    }
    for now in (appended, resolved, committed, edited):
        assert not another_discussions(read, TimestampStore(now))
        assert _judged_over(mine, now)[0] is not Change.FOREIGN


def test_a_merge_over_a_file_made_anew_leaves_its_placeholder_out() -> None:
    """Tryout (issue 29, life29k finding 2): the window used up the
    placeholder (a Simulate applied, saved); an older state of the file,
    placeholder and all, copied over it; Save's "write all and its other
    entries" wrote the placeholder back (said as "1 entry the new file
    holds for another message"), and the next reply got its year-old time.
    The placeholder is the time reserved for a reply being generated, no
    message's entry: the merge writes the window's own, never the file's.
    Break tried: the ``PLACEHOLDER_KEY`` test removed from
    ``merged_over_remade``: the placeholder came back."""
    read = dict(list(MINE.items()))
    shown = {**MINE, f"{5:064x}": "(Sunday, 2025-09-21 08:05:00)"}
    older = {**dict(list(MINE.items())[:2]), PLACEHOLDER_KEY: "(Sunday, 2024-09-21 00:20:40)"}
    merged = merged_over_remade(TimestampStore(read), TimestampStore(shown), TimestampStore(older))
    assert merged.as_dict() == shown
    assert left_out_placeholder(TimestampStore(shown), TimestampStore(older))
    # the window's own pending placeholder is what is written
    pending = {**shown, PLACEHOLDER_KEY: "(Sunday, 2025-09-21 08:06:00)"}
    merged = merged_over_remade(TimestampStore(read), TimestampStore(pending), TimestampStore(older))
    assert merged.as_dict() == pending
    assert not left_out_placeholder(TimestampStore(older), TimestampStore(older))


def test_a_file_whose_folder_is_gone_is_the_folder_gone_case(tmp_path: Path, read_only: set[Path]) -> None:
    """Tryout (issue 29, life29k finding 3): the discussion's folder moved
    away while open, and Save said the folder "is not writable". A folder
    not there is asked as a deleted file (written back, the folder made
    again), unless the folder above takes no folder either. Break tried:
    ``_writable`` without its folder-gone test: FOLDER_READ_ONLY."""
    folder = tmp_path / "d12"
    folder.mkdir()
    path = folder / "timestamps.json"
    _written(path, MINE)
    read, digest = read_store(path)
    folder.rename(tmp_path / "d12moved")
    assert decide_save(path, read, digest, None).case is SaveCase.FOLDER_GONE
    read_only.add(tmp_path)
    assert decide_save(path, read, digest, None).case is SaveCase.FOLDER_READ_ONLY


@pytest.mark.parametrize("away", ["moved", "deleted", "moved and another made"])
def test_a_file_gone_with_its_folder_is_found_where_the_folder_went(tmp_path: Path, away: str) -> None:
    """Life29p finding 2: ``mv d12 d12moved`` said each file "deleted" (its
    folder gone, ``_moved_to`` found nothing). The folder is found again by
    its inode beside the old one: the file moved, to there; deleted, or
    another folder made at the name, it is not that one."""
    (tmp_path / "other").mkdir()
    folder = tmp_path / "d12"
    folder.mkdir()
    path = folder / "timestamps.json"
    _written(path, MINE)
    before = FileState.of(path)
    if away == "deleted":
        path.unlink()
        folder.rmdir()
        assert classify(before) == (Change.DELETED, None)
        return
    folder.rename(tmp_path / "d12moved")
    if away == "moved":
        assert classify(before) == (Change.MOVED, tmp_path / "d12moved" / "timestamps.json")
    else:  # a new folder with a new file at the old place: another file there
        folder.mkdir()
        _written(path, MINE)
        assert classify(before)[0] is Change.REPLACED


READ = tuple(f"{n:064x}" for n in range(14))


@pytest.mark.parametrize(
    ("stat_said", "now", "judged"),
    [
        (Change.APPENDED, (*READ, "e" * 64), Change.APPENDED),  # the client appends
        (Change.REPLACED, (*READ, "e" * 64), Change.APPENDED),  # appended, written atomically
        # the same messages: as read, whatever the stat said (issue 29: the chat
        # copied back over another, smaller one was said "grew")
        (Change.REPLACED, READ, Change.AS_READ),
        (Change.REWRITTEN, READ, Change.AS_READ),
        (Change.APPENDED, READ, Change.AS_READ),
        # another 40-message chat, larger, sharing one common message ("ok")
        (Change.APPENDED, (READ[3], *tuple(f"{n:064x}" for n in range(100, 139))), Change.ANOTHER_CHAT),
        (Change.REWRITTEN, READ[:-1], Change.REWRITTEN),  # the last message removed in the client
        (Change.APPENDED, (*READ[:5], "d" * 64, *READ[6:], "e" * 64), Change.REWRITTEN),  # one edited
        (Change.DELETED, (), Change.DELETED),  # no content: as stat'ed
        (Change.PERMISSIONS, READ, Change.PERMISSIONS),
    ],
)
def test_a_change_of_the_transcript_is_judged_by_its_messages(
    stat_said: Change, now: tuple[str, ...], judged: Change
) -> None:
    """Tryout (life29m finding 2): a 40-message chat with nothing in common
    copied over a 14-message one (same inode, larger) was said "grew on
    disk". Grown only when the messages read are the first ones now."""
    assert transcript_change(stat_said, READ, now) is judged


@given(st.lists(st.text(min_size=1, max_size=3), min_size=1, max_size=20), st.lists(st.text(max_size=3)))
def test_messages_appended_are_always_grown_never_another_chat(read: list[str], added: list[str]) -> None:
    judged = transcript_change(Change.APPENDED, read, read + added)
    assert judged is (Change.APPENDED if added else Change.AS_READ)


def test_the_reply_placeholder_is_no_stored_time_in_any_count() -> None:
    """Tryout (issue 29, life5 finding 3): Reload's question said 14 stored
    times the file on disk did not hold, Save's button 13, of the demo (13
    entries and the reply's placeholder). One count: ``stored_times``, the
    placeholder left out, which ``times_apart`` follows. Break tried: the
    placeholder counted in ``times_apart``: failed."""

    shown = TimestampStore({"a" * 64: "(Sunday, 2025-09-21 08:00:00)", PLACEHOLDER_KEY: "x"})
    assert shown.stored_times() == 1 and len(shown) == 2
    assert times_apart(shown, TimestampStore({})) == (0, 1)
    assert times_apart(shown, TimestampStore({PLACEHOLDER_KEY: "y"})) == (0, 1)


def _at(second: int) -> str:
    return format_absolute(datetime(2026, 12, 7, 22, 33, 0) + timedelta(seconds=second))


def test_the_middlewares_placeholder_on_disk_wins_over_the_windows_stale_one() -> None:
    """Issue 29 (tryout): a discussion open with one unsaved edit;
    timestamps.json deleted; the middleware's next exchange made it anew
    (the new messages at 22:33:48, its reply's placeholder 22:33:48).
    "Write all N stored times and its other entries" wrote the window's
    placeholder (22:33:16, read before the delete) and left the
    middleware's in the backup; the next reply got 22:33:16, 32 s before
    its own prompt. The file's placeholder is written, and not said as
    left out. Break tried: the placeholder of ``shown`` kept by
    ``merged_over_remade`` (the old rule): 22:33:16 written."""
    from timeline_app.core.file_state import left_out_placeholder, merged_over_remade

    old = [content_hash(f"m{n}") for n in range(22)]
    new = [content_hash("m22"), content_hash("m23")]
    read = {**{key: _at(n - 30) for n, key in enumerate(old)}, PLACEHOLDER_KEY: _at(16)}
    shown = {**read, old[3]: _at(-40)}  # the unsaved F2 edit
    # the middleware's backfill of the lost file: a run one second apart ending at now
    remade = {key: _at(48 - (len(old) + 1 - n)) for n, key in enumerate([*old, new[0]])}
    on_disk = {**remade, new[1]: _at(48), PLACEHOLDER_KEY: _at(48)}
    merged = merged_over_remade(TimestampStore(read), TimestampStore(shown), TimestampStore(on_disk))
    assert merged.get(PLACEHOLDER_KEY) == "(Monday, 2026-12-07 22:33:48)"
    assert merged.last_key() == PLACEHOLDER_KEY  # where the middleware writes it
    assert merged.get(new[1]) == _at(48) and merged.get(old[3]) == _at(-40)
    assert not left_out_placeholder(merged, TimestampStore(on_disk))


_OFFSETS = st.integers(min_value=-5, max_value=5)


@given(
    read=st.lists(_OFFSETS, min_size=1, max_size=4),
    on_disk=st.lists(_OFFSETS, max_size=6),
    mine=st.none() | _OFFSETS,
    theirs=st.none() | _OFFSETS,
    equal=st.booleans(),
    foreign=st.booleans(),
)
def test_save_over_a_file_made_anew_never_writes_a_dead_placeholder(
    read: list[int],
    on_disk: list[int],
    mine: int | None,
    theirs: int | None,
    equal: bool,
    foreign: bool,
) -> None:
    """Issue 29, the class: the placeholder in the window only, in the
    file only, in both at other times, in both the same; the file made
    anew holding times later or earlier than those read (the middleware's
    backfill, an older state copied over it, another discussion's). The
    middleware removes the placeholder at every request and stores that
    request's messages at its now or before (spec, "Tracking"): a
    placeholder earlier than a message time it stored belongs to nothing.
    So what Save writes: the file's placeholder when it is live (never the
    window's over it), else the window's when live, else none; the same in
    both, written; another discussion's never. Break tried: the old rule
    (the window's always, the file's never): fails at once."""
    from timeline_app.core.file_state import left_out_placeholder, merged_over_remade

    keys = [content_hash(f"m{n}") for n in range(10)]
    read_store = {keys[n]: _at(offset) for n, offset in enumerate(read)}
    disk = {keys[n + 3]: _at(offset) for n, offset in enumerate(on_disk)}
    shown = dict(read_store)
    if mine is not None:
        read_store[PLACEHOLDER_KEY] = shown[PLACEHOLDER_KEY] = _at(mine)
    if equal and mine is not None:
        theirs = mine
    if theirs is not None:
        disk[PLACEHOLDER_KEY] = _at(theirs)
    ours = frozenset(keys[:4]) if foreign else None
    merged = merged_over_remade(TimestampStore(read_store), TimestampStore(shown), TimestampStore(disk), ours)
    written = merged.get(PLACEHOLDER_KEY)
    stored = [*read, *(o for n, o in enumerate(on_disk) if ours is None or keys[n + 3] in ours)]
    newest = max(stored)
    if foreign:
        theirs = None  # another discussion's pending reply: never this one's
    if mine is not None and mine == theirs:
        assert written == _at(mine)
    elif theirs is not None and theirs >= newest:
        assert written == _at(theirs), "the middleware's live placeholder is written"
    elif mine is not None and mine >= newest:
        assert written == _at(mine), "the window's, when the file's is dead or absent"
    else:
        assert written is None, "a dead placeholder is never written"
    if written is not None:
        assert merged.last_key() == PLACEHOLDER_KEY or written == shown.get(PLACEHOLDER_KEY)
    on_file = disk.get(PLACEHOLDER_KEY)
    assert left_out_placeholder(merged, TimestampStore(disk)) is (on_file is not None and written != on_file)


_KEYS = st.sampled_from([content_hash(f"m{n}") for n in range(6)] + [PLACEHOLDER_KEY])
_ENTRIES = st.dictionaries(
    _KEYS, st.sampled_from(["(Sunday, 2025-09-21 10:00:00)", "(Sunday, 2025-09-21 11:00:00)"])
)


@given(read=_ENTRIES, shown=_ENTRIES, on_disk=_ENTRIES, ours=st.none() | st.frozensets(_KEYS))
def test_save_over_another_file_keeps_its_entries_for_messages_the_window_holds_none_for(
    read: dict[str, str], shown: dict[str, str], on_disk: dict[str, str], ours: frozenset[str] | None
) -> None:
    """Issue 29 (1), the class: whatever the three stores, what Save writes
    over a file made anew or another file holds everything shown, and every
    entry of the file (its placeholder aside) for a message the window
    neither read nor shows (of this discussion: ``ours``); and the question's
    counts account for each of the file's entries once. The reply's
    placeholder is the live one of the two (``live_placeholder``)."""
    from timeline_app.core.file_state import live_placeholder, merged_over_remade, remade_fates

    merged = merged_over_remade(TimestampStore(read), TimestampStore(shown), TimestampStore(on_disk), ours)
    written = merged.as_dict()
    assert all(written[key] == value for key, value in shown.items() if key != PLACEHOLDER_KEY)
    pending = live_placeholder(TimestampStore(read), TimestampStore(shown), TimestampStore(on_disk), ours)
    assert written.get(PLACEHOLDER_KEY) == pending
    for key, value in on_disk.items():
        if key != PLACEHOLDER_KEY and key not in read and key not in shown and (ours is None or key in ours):
            assert written[key] == value, "the file's entry kept"
    kept, replaced, left = remade_fates(TimestampStore(shown), TimestampStore(on_disk), merged)
    assert kept + replaced + left == sum(1 for key in on_disk if key != PLACEHOLDER_KEY)


_MESSAGES = st.lists(st.sampled_from([f"{n:064x}" for n in range(40)]), min_size=1, max_size=30)


@given(read=_MESSAGES, data=st.data())
def test_a_chat_rewritten_from_messages_read_is_never_another_chat(
    read: list[str], data: st.DataObject
) -> None:
    """Tryout (issue 29, life29z finding 3): after 18 appended messages the
    original shorter chat was put back (a prefix of the chat read) and the
    banner said "replaced on disk by another chat: most of the messages read
    are not in it". A transcript whose messages are all ones read (a prefix,
    a truncation, messages removed or reordered) is this chat rewritten or
    shortened; so is one with a single message edited. Break tried: the old
    rule (fewer than half of those read): a prefix of 10 of 28 was another."""
    kind = data.draw(st.sampled_from(["prefix", "truncation", "subset", "one edited"]))
    if kind == "prefix":
        now = read[: data.draw(st.integers(0, len(read)))]
    elif kind == "truncation":
        start = data.draw(st.integers(0, len(read)))
        now = read[start : data.draw(st.integers(start, len(read)))]
    elif kind == "subset":
        now = data.draw(st.lists(st.sampled_from(read), max_size=40))
    else:
        place = data.draw(st.integers(0, len(read) - 1))
        now = [*read[:place], "e" * 64, *read[place + 1 :]]
    for stat_said in (Change.APPENDED, Change.REWRITTEN, Change.REPLACED):
        judged = transcript_change(stat_said, read, now)
        if kind == "one edited" and len(set(read)) < 2:
            continue  # a chat of one message edited: nothing of it left to tell by
        assert judged is not Change.ANOTHER_CHAT, (kind, read, now)


@given(
    read=st.lists(st.sampled_from([f"{n:064x}" for n in range(40)]), min_size=3, max_size=30, unique=True),
    theirs=st.lists(
        st.sampled_from([f"{n:064x}" for n in range(100, 140)]), min_size=3, max_size=40, unique=True
    ),
    common=st.integers(0, 1),
)
def test_a_true_other_chat_is_another_chat(read: list[str], theirs: list[str], common: int) -> None:
    """Another discussion's chat, sharing at most one common message ("ok")
    with the chat read, is said as another chat, whatever its size."""
    now = [*read[:common], *theirs]
    for stat_said in (Change.APPENDED, Change.REWRITTEN, Change.REPLACED):
        assert transcript_change(stat_said, read, now) is Change.ANOTHER_CHAT


@given(read=_ENTRIES, theirs=st.frozensets(_KEYS, min_size=1), more=st.frozensets(_KEYS))
def test_a_file_of_this_chats_messages_only_is_never_another_discussions(
    read: dict[str, str], theirs: frozenset[str], more: frozenset[str]
) -> None:
    """Life29z finding 4, the class: a file whose every entry is a message of
    this chat (``ours``: new ones the middleware stored after a delete) is
    this discussion's, whatever it shares with the file read; without
    ``ours`` the same file may be judged another's."""
    on_disk = TimestampStore({key: "(Monday, 2025-09-22 10:00:00)" for key in theirs})
    ours = theirs | more
    if any(key != PLACEHOLDER_KEY for key in theirs):
        assert not another_discussions(TimestampStore(read), on_disk, ours)


@st.composite
def _remade_for_this_chat(
    draw: st.DrawFn,
) -> tuple[list[str], list[str], list[str], dict[str, str], dict[str, str]]:
    """This chat, its file read, deleted, then made anew by the middleware
    (its next exchanges alone, or every message backfilled at new times),
    then k of the new file's n messages edited in the front end: the texts
    read, as the window read them when the file was made, now, the file
    read and the new file."""
    read = [f"A message {n}" for n in range(draw(st.integers(1, 6)))]
    new = [f"A new message {n}" for n in range(draw(st.integers(0, 4)))]
    new += draw(st.lists(st.sampled_from(COMMON), unique=True, min_size=1 if not new else 0, max_size=3))
    grown = read + draw(st.permutations(new))
    made = grown[len(read) :] if draw(st.booleans()) else grown  # next exchanges, or a backfill
    edited = draw(st.sets(st.sampled_from(made)))  # k of n, none to all
    now = [f"{text} (edited)" if text in edited else text for text in grown]
    stored = {
        content_hash(text): f"(Sunday, 2025-09-21 08:{minute:02d}:00)" for minute, text in enumerate(read)
    }
    remade = {
        content_hash(text): f"(Monday, 2025-09-22 09:{minute:02d}:00)" for minute, text in enumerate(made)
    }
    return read, grown, now, stored, remade


def _judged_remade(
    stored: dict[str, str], remade: dict[str, str], ours: frozenset[str], once: frozenset[str]
) -> tuple[Change, SaveCase]:
    """``stored`` read, deleted, ``remade`` written at its name: as the
    watcher judges it (the file read gone: ``anew``), and as Save decides."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "timestamps.json"
        _written(path, stored)
        read, digest = read_store(path)
        assert read is not None
        path.unlink()
        gone = FileState.of(path)
        _written(path, remade)
        found, _ = classify(gone)
        change = store_change(found, path, read, None, True, ours, once)
        return change, decide_save(path, read, digest, None, True, ours, once).case


@given(chat=_remade_for_this_chat(), theirs=_discussion("B", 2024))
def test_a_file_remade_for_this_chat_stays_its_own_after_front_end_edits(
    chat: tuple[list[str], list[str], list[str], dict[str, str], dict[str, str]], theirs: dict[str, str]
) -> None:
    """Fuzz29c, the class: the file deleted, the middleware stores its next
    exchanges in a new file (or backfills every message), then the front
    end edits k of its n messages (their times orphans in it). The file is
    this discussion's made anew (``RECREATED``), however many were edited,
    and Save's merge keeps every entry of it, orphans included, as an
    ordinary merge keeps orphans; the window knows it by the messages it
    read when the file was made (``once``). Another chat's file, even one
    whose entries are mostly contents this chat has too ("ok", "thanks"),
    is still another's: no share of the entries decides it. Break tried:
    ``once`` ignored by ``another_discussions``: the new file with one of
    two messages edited was FOREIGN and Save wrote it over, the
    middleware's time for that message lost."""
    read, grown, now, stored, remade = chat
    shown = frozenset(content_hash(text) for text in read)
    ours = shown | {content_hash(text) for text in now}  # ``_this_chats_messages``
    once = frozenset(content_hash(text) for text in grown) - shown  # read when the file was made
    assert _judged_remade(stored, remade, ours, once) == (Change.RECREATED, SaveCase.RECREATED)
    merged = merged_over_remade(TimestampStore(stored), TimestampStore(stored), TimestampStore(remade))
    written = merged.as_mapping()
    assert all(written[key] == value for key, value in stored.items()), "the times shown win"
    assert all(written[key] == value for key, value in remade.items() if key not in stored), "none lost"
    # another chat's file: its own messages, and every common content this chat had since
    common = {content_hash(text) for text in COMMON} & (once | ours)
    other = {**theirs, **{key: "(Sunday, 2024-09-21 07:00:00)" for key in common}}
    assert _judged_remade(stored, other, ours, once) == (Change.FOREIGN, SaveCase.FOREIGN)


def test_a_file_moved_and_a_new_one_made_at_its_name_is_found_renamed(tmp_path: Path) -> None:
    """tryL 6: ``mv chat.json moved.json`` and a new chat.json made before the
    window looks: stat'ed, the name holds another file (``REPLACED``), yet
    the file read is on disk under its new name; ``renamed_in_folder`` finds
    it. A file written over in place, renamed over (the old one unlinked)
    or deleted has no such name. Break tried: ``classify`` alone said
    REPLACED and the window took the new chat."""
    chat = tmp_path / "chat.json"
    chat.write_text("[1, 2, 3]")
    before = FileState.of(chat)
    chat.rename(tmp_path / "moved.json")
    chat.write_text("[1]")
    assert classify(before)[0] is Change.REPLACED
    assert renamed_in_folder(before) == tmp_path / "moved.json"
    other = tmp_path / "other.json"
    other.write_text("[4]")
    again = FileState.of(other)
    (tmp_path / "tmp.json").write_text("[5]")
    (tmp_path / "tmp.json").replace(other)  # an atomic write: the file read is gone
    assert renamed_in_folder(again) is None
    assert renamed_in_folder(FileState.of(tmp_path / "none.json")) is None  # never there


@given(
    read=st.lists(_OFFSETS, min_size=1, max_size=4),
    on_disk=st.lists(_OFFSETS, max_size=6),
    mine=st.none() | _OFFSETS,
    theirs=st.none() | _OFFSETS,
    reply=st.sampled_from(["none", "in the file", "not in the file", "shown"]),
    foreign=st.booleans(),
)
def test_the_windows_pending_reply_time_is_written_or_said_never_dropped_unsaid(
    read: list[int],
    on_disk: list[int],
    mine: int | None,
    theirs: int | None,
    reply: str,
    foreign: bool,
) -> None:
    """Issue 29 (ph30), the class: the window read a placeholder whose
    reply (``tracking.pending_reply``) is in the chat; ``rm`` (or ``mv``)
    timestamps.json, and the middleware's next request made it anew without
    it (the reply backfilled like any untracked message, or absent; a new
    placeholder of its own, or none). "Write all" dropped the window's
    placeholder unsaid: the pending time then in no file. Now it is either
    written as the placeholder (live), or given to the reply the window
    holds no time for, as that request's placeholder phase would have
    (in place over the file's backfill, the placeholder still last), and
    only when there is no such reply is it dropped: ``pending_fate`` says
    which, for Save's question. Every other time shown is written as shown.
    Break tried: ``reply`` ignored by ``merged_over_remade`` (the old rule):
    DROPPED with a reply to give it to."""
    from timeline_app.core.file_state import PendingFate, live_placeholder, pending_fate

    keys = [content_hash(f"m{n}") for n in range(12)]
    read_store = {keys[n]: _at(offset) for n, offset in enumerate(read)}
    disk = {keys[n + 3]: _at(offset) for n, offset in enumerate(on_disk)}
    target = {"none": None, "in the file": keys[11], "not in the file": keys[10], "shown": keys[0]}[reply]
    if reply == "in the file":
        disk[keys[11]] = _at(5)  # the middleware's backfill of the reply
    shown = dict(read_store)
    if mine is not None:
        read_store[PLACEHOLDER_KEY] = shown[PLACEHOLDER_KEY] = _at(mine)
    if theirs is not None:
        disk[PLACEHOLDER_KEY] = _at(theirs)
    ours = frozenset([*keys[:4], keys[11]]) if foreign else None
    stores = TimestampStore(read_store), TimestampStore(shown), TimestampStore(disk)
    merged = merged_over_remade(*stores, ours, target)
    written = merged.as_mapping()
    fate = pending_fate(stores[1], merged, target)
    pending = live_placeholder(*stores, ours)
    assert written.get(PLACEHOLDER_KEY) == pending, "the live placeholder, as before"
    if PLACEHOLDER_KEY in written:
        assert merged.last_key() == PLACEHOLDER_KEY or written[PLACEHOLDER_KEY] == shown.get(PLACEHOLDER_KEY)
    assert all(written[key] == value for key, value in shown.items() if key != PLACEHOLDER_KEY)
    if mine is None:
        assert fate is PendingFate.NONE
    elif pending == _at(mine):
        assert fate is PendingFate.WRITTEN
    elif target is not None and target not in shown:
        assert fate is PendingFate.GIVEN and written[target] == _at(mine), "given to its reply"
        if reply == "in the file":
            assert list(written).index(target) <= len(read) + len(on_disk), "in its place"
    else:
        assert fate is PendingFate.DROPPED, "dropped only with no reply to take it"


@given(
    keys=st.lists(st.sampled_from("abcdef"), unique=True, max_size=6),
    edits=st.dictionaries(st.sampled_from("abcdef"), st.sampled_from(["x", "y"]), max_size=3),
    edited=st.booleans(),
    gone=st.booleans(),
    apart=st.none() | st.frozensets(st.sampled_from("abcdef")),
    moved=st.booleans(),
    stored=st.booleans(),
    differ=st.frozensets(st.sampled_from("abcdef")),
)
def test_held_times_kinds_hold_every_answer_it_gives(
    keys: list[str],
    edits: dict[str, str],
    edited: bool,
    gone: bool,
    apart: frozenset[str] | None,
    moved: bool,
    stored: bool,
    differ: frozenset[str],
) -> None:
    """``HeldTimes.kinds``, what the Status column is fitted to (issue 29),
    holds every answer the rule gives of a key, and no FILE when a file gone
    holds none of them: a column fitted to it never cuts a cell's words."""
    path = Path("/d/timestamps.json")
    read = TimestampStore({key: "x" for key in keys})
    working = read.copy()
    for key, value in edits.items():
        working.set(key, value)
    held = HeldTimes(
        path if stored else None,
        read,
        working,
        edited,
        gone,
        apart if gone else None,
        path.with_name("moved.json") if moved and gone else None,
        differ & apart if gone and apart is not None else frozenset(),
    )
    answers = {held(key)[0] for key in "abcdef"}
    assert answers <= held.kinds, (answers, held.kinds)
    if stored and gone and apart is None and not edited:
        assert Held.FILE not in held.kinds


@given(chat=_remade_for_this_chat(), theirs=_discussion("B", 2024), common=st.booleans())
def test_a_file_remade_for_this_chat_stays_its_own_when_edited_before_the_window_read_it(
    chat: tuple[list[str], list[str], list[str], dict[str, str], dict[str, str]],
    theirs: dict[str, str],
    common: bool,
) -> None:
    """xfail29k's leftover, the class: as above, but the front end edits k
    of the new file's n messages before the window reads the chat (within
    one file-watch debounce): the window never read the edited messages,
    so nothing it read says their entries are this chat's. Read at Save as
    it is then (``_chat_now``), the chat's new messages place the file's
    entries in the middleware's order (``edited_before_read``): the file is
    this discussion's made anew whenever one new message is unedited (an
    anchor). Another chat's file stays another's, even holding every common
    content this chat has. Break tried: ``edited_before_read`` returning
    nothing: FOREIGN, the orphan's time left out of the live file."""
    read, _grown, now, stored, remade = chat
    shown = frozenset(content_hash(text) for text in read)
    ours = shown | {content_hash(text) for text in now}
    new = [digest for digest in (content_hash(text) for text in now) if digest not in shown]
    once = edited_before_read(TimestampStore(stored), TimestampStore(remade), new, ours)
    if any(digest in remade for digest in new):  # one new message unedited: an anchor
        assert _judged_remade(stored, remade, ours, once) == (Change.RECREATED, SaveCase.RECREATED)
    shared = {content_hash(text) for text in COMMON} & ours if common else set()
    other = {**theirs, **{key: "(Sunday, 2024-09-21 07:00:00)" for key in shared}}
    theirs_once = edited_before_read(TimestampStore(stored), TimestampStore(other), new, ours)
    assert _judged_remade(stored, other, ours, theirs_once) == (Change.FOREIGN, SaveCase.FOREIGN)


def test_an_entry_is_explained_only_in_the_middlewares_order_and_after_the_times_read() -> None:
    """``edited_before_read``'s placing: an anchor, the unknown entry after
    it standing for the next new message without an entry, at a time no
    earlier than every time read; out of order, earlier, or unplaced: none."""
    read = TimestampStore({content_hash("old"): "(Sunday, 2025-09-21 08:00:00)"})
    ours = {content_hash(text) for text in ("old", "question", "answer (edited)")}
    new = [content_hash("question"), content_hash("answer (edited)")]
    later, earlier = "(Monday, 2025-09-22 09:00:00)", "(Saturday, 2025-09-20 09:00:00)"

    def explained(*entries: tuple[str, str]) -> frozenset[str]:
        return edited_before_read(read, TimestampStore(dict(entries)), new, ours)

    question, answer = content_hash("question"), content_hash("answer")
    assert explained((question, later), (answer, later)) == {answer}
    assert explained((answer, later), (question, later)) == frozenset(), "out of order"
    assert explained((question, later), (answer, earlier)) == frozenset(), "before a time read"
    assert explained((answer, later)) == frozenset(), "no anchor"
    extra = content_hash("something else")
    assert explained((question, later), (answer, later), (extra, later)) == frozenset(), "unplaced"


@pytest.mark.parametrize(
    ("target", "other"),
    [
        ("this discussion's", None),
        ("another's", (len(OTHER), 0)),
        ("another's, one common content", (len(OTHER) + 1, 1)),
        ("empty", None),
        ("placeholder alone", None),
        ("absent", None),
        ("broken", None),
    ],
)
def test_a_write_is_into_another_discussions_file_as_the_one_rule_says(
    tmp_path: Path, target: str, other: tuple[int, int] | None
) -> None:
    """``written_into_another`` (Save As, the CLI's writes): the file there
    judged by ``another_discussions`` against what is written; a file with
    no stored time, none, or one that does not parse is nobody's."""
    path = tmp_path / "timestamps.json"
    ours = frozenset(MINE)
    common = content_hash("ok")
    contents = {
        "this discussion's": json.dumps(MINE),
        "another's": json.dumps(OTHER),
        "another's, one common content": json.dumps({**OTHER, common: "(Monday, 2025-01-06 10:00:00)"}),
        "empty": "{}",
        "placeholder alone": json.dumps({PLACEHOLDER_KEY: "(Monday, 2025-01-06 10:00:00)"}),
        "broken": '{"abc": "(Mon',
    }
    if target in contents:
        path.write_text(contents[target])
    written = TimestampStore({**MINE, common: "(Sunday, 2025-09-21 09:00:00)"})
    found = written_into_another(path, written, ours | {common})
    assert (None if found is None else (found.stored, found.ours)) == other


@given(
    shown=st.dictionaries(st.sampled_from("abcdefgh"), st.sampled_from(["x", "y", "z"]), max_size=8),
    on_disk=st.dictionaries(st.sampled_from("abcdefgh"), st.sampled_from(["x", "y", "z"]), max_size=8),
    placeholder=st.booleans(),
)
def test_a_file_made_anew_says_each_time_as_its_counts_do(
    shown: dict[str, str], on_disk: dict[str, str], placeholder: bool
) -> None:
    """tryN M1: after ``rm timestamps.json`` and a backfill that remade it,
    every row said "not on disk" beside a banner counting "16 differ from
    it, 2 not in it". ``HeldTimes`` says ``DIFFERS`` of exactly the keys
    the new file holds at another time, ``WINDOW`` of those it lacks,
    ``FILE`` of those it holds as shown: per key what ``times_apart``
    counts, and ``kinds`` holds every answer."""
    path = Path("/d/timestamps.json")
    mine = TimestampStore({**shown, **({PLACEHOLDER_KEY: "p"} if placeholder else {})})
    theirs = TimestampStore(on_disk)
    apart = keys_apart(mine, theirs)
    held = HeldTimes(path, mine, mine, False, True, apart, None, keys_differing(apart, theirs))
    said = {key: held(key)[0] for key in shown}
    for key, value in shown.items():
        expected = Held.FILE if on_disk.get(key) == value else Held.DIFFERS if key in on_disk else Held.WINDOW
        assert said[key] is expected, (key, said)
    differ, missing = times_apart(mine, theirs)
    assert list(said.values()).count(Held.DIFFERS) == differ
    assert list(said.values()).count(Held.WINDOW) == missing
    assert set(said.values()) <= held.kinds
    assert held(PLACEHOLDER_KEY)[0] is not Held.DIFFERS  # no stored time: never said to differ

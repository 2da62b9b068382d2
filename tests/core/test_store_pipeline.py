"""Timestamp files (bytes, order, atomic writes, backups) and the request pipeline."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from timeline_app.core.errors import InputError
from timeline_app.core.hashing import SENTINELS_LEGACY, content_hash
from timeline_app.core.pipeline import Api, Kind, RequestOptions, prepare_request
from timeline_app.core.store import (
    PLACEHOLDER_KEY,
    TimestampStore,
    load_store,
    loads_store,
    save_store,
)

values = st.one_of(st.text(), st.integers(-(2**70), 2**70), st.none(), st.floats(allow_nan=False))


@given(st.dictionaries(st.text(min_size=1), values, max_size=8))
def test_dumps_is_json_dumps_indent_4_and_round_trips(entries: dict) -> None:
    store = TimestampStore(entries)
    text = store.dumps()
    assert text == json.dumps(entries, indent=4)
    assert text.isascii() and not text.endswith("\n")
    assert loads_store(text.encode()).items() == list(entries.items())


@given(st.dictionaries(st.text(min_size=1), st.one_of(st.text(), values), max_size=8))
def test_file_bytes_are_json_dumps_indent_4(entries: dict) -> None:
    # text values take the one-level path (orjson's output sliced), others the general one
    assert TimestampStore(entries).file_bytes() == json.dumps(entries, indent=4).encode("ascii")


def test_key_order_kept_new_keys_appended_placeholder_removed() -> None:
    store = loads_store(b'{"b": "1", "a": "2", "PLACEHOLDER_TIMESTAMP_HASH_0000": "3"}')
    store.set("a", "changed")
    store.set("c", "new")
    store.remove(PLACEHOLDER_KEY)
    assert list(store) == ["b", "a", "c"]


def test_reads_what_the_stdlib_reads(tmp_path: Path) -> None:
    path = tmp_path / "timestamps.json"
    path.write_bytes(b'{"a": NaN, "b": 123456789012345678901234567890}')
    store = load_store(path)
    assert store.get("b") == 123456789012345678901234567890


def test_save_is_atomic_with_backup(tmp_path: Path) -> None:
    path = tmp_path / "timestamps.json"
    path.write_bytes(b'{"old": "value"}')
    os.chmod(path, 0o640)
    backup = save_store(path, TimestampStore({"new": "(Sunday, 2025-09-21 12:00:00)"}))
    assert backup is not None and backup.read_bytes() == b'{"old": "value"}'
    assert path.read_text("ascii") == '{\n    "new": "(Sunday, 2025-09-21 12:00:00)"\n}'
    assert oct(path.stat().st_mode & 0o777) == oct(0o640)
    second = save_store(path, TimestampStore({}))
    assert second is not None and second != backup and second.exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == []


def test_failed_write_leaves_the_file_alone(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "timestamps.json"
    path.write_bytes(b"{}")
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):  # root ignores permissions: use a missing folder instead
            path = tmp_path / "missing" / "timestamps.json"
        with pytest.raises(InputError) as caught:
            save_store(path, TimestampStore({"a": "b"}), backup=False)
        assert str(path) in str(caught.value)
    finally:
        folder.chmod(0o700)
    assert (folder / "timestamps.json").read_bytes() == b"{}"


@pytest.mark.parametrize(("data", "problem"), [(b"[]", "JSON object"), (b"{", "not valid JSON at line 1")])
def test_bad_files(data: bytes, problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        loads_store(data, "x.json")


def test_openai_parts_are_joined_and_images_collected() -> None:
    request = prepare_request(
        [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "look"},
                    {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAA"}},
                    {"type": "text", "text": "here"},
                    {
                        "type": "image",
                        "source": {"type": "base64", "media_type": "image/jpeg", "data": "BBB"},
                    },
                ],
            },
            {"role": "assistant", "content": None, "tool_calls": [{"id": "1"}]},
        ]
    )
    first, second = request.messages
    assert first.content == "look\nhere"
    assert first.fields["images"] == ["data:image/png;base64,AAA", "data:image/jpeg;base64,BBB"]
    assert first.hash == content_hash("look\nhere")
    assert second.content == "" and second.hash == content_hash("")


def test_ollama_takes_str_of_content() -> None:
    parts = [{"type": "text", "text": "x"}]
    request = prepare_request([{"role": "user", "content": parts}], RequestOptions(api=Api.OLLAMA))
    assert request.messages[0].content == str(parts).replace("{", "__WILMER_L_CURLY__").replace(
        "}", "__WILMER_R_CURLY__"
    )


def test_user_assistant_prefixes_and_missing_generator() -> None:
    options = RequestOptions(add_user_assistant=True, add_missing_assistant=True)
    request = prepare_request(
        [{"role": "system", "content": "s"}, {"role": "user", "content": "hi"}], options
    )
    assert [m.content for m in request.messages] == ["s", "User: hi", "Assistant:"]
    assert request.messages[-1].kind is Kind.GENERATION_PROMPT
    assert request.messages[-1].source_index is None
    quiet = prepare_request([{"role": "user", "content": "hi"}], RequestOptions(add_missing_assistant=True))
    assert [m.content for m in quiet.messages] == ["hi"]


def test_legacy_sentinels_change_the_hash() -> None:
    request = prepare_request(
        [{"role": "user", "content": "{x}"}], RequestOptions(sentinels=SENTINELS_LEGACY)
    )
    assert request.messages[0].hash == content_hash("|{{|x|}}|")


@pytest.mark.parametrize("unsafe", ["../up", "a/b", "c:d", "..", ".", ""])
def test_unsafe_discussion_id_means_none(unsafe: str) -> None:
    request = prepare_request([{"role": "user", "content": f"hi [DiscussionId]{unsafe}[/DiscussionId]"}])
    assert request.discussion_id is None
    assert request.messages[0].content == "hi "


@pytest.mark.parametrize(
    "message",
    [
        {"role": 3, "content": "x"},
        {"role": "user", "content": {"a": 1}},
        {"role": "user", "content": "", "images": [1]},
    ],
)
def test_bad_messages_are_named(message: dict) -> None:
    with pytest.raises(InputError, match="message 1"):
        prepare_request([{"role": "user", "content": "ok"}, message])


def test_reply_placeholder_goes_last_and_the_diff_moves_it() -> None:
    from datetime import datetime

    from timeline_app.core.edits import apply_operations, diff_operations
    from timeline_app.core.tracking import track, with_reply_placeholder

    old = "(Monday, 2025-09-22 09:00:00)"
    store = TimestampStore({"PLACEHOLDER_TIMESTAMP_HASH_0000": old})
    request = prepare_request([{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}])
    tracked = track(request, store, datetime(2025, 9, 22, 10, 0, 0))
    whole = with_reply_placeholder(tracked, datetime(2025, 9, 22, 10, 0, 0))
    assert list(whole.store) == [content_hash("b"), content_hash("a"), "PLACEHOLDER_TIMESTAMP_HASH_0000"]
    assert whole.store.placeholder == "(Monday, 2025-09-22 10:00:00)"
    assert whole.saved_placeholder == "(Monday, 2025-09-22 10:00:00)" and whole.changed
    assert tracked.saved_placeholder is None and "PLACEHOLDER_TIMESTAMP_HASH_0000" not in tracked.store
    rebuilt, conflicts = apply_operations(store, diff_operations(store, whole.store))
    assert not conflicts and rebuilt.dumps() == whole.store.dumps()


def test_diff_keeps_unmoved_keys_in_place() -> None:
    from timeline_app.core.edits import RemoveEntry, SetEntry, apply_operations, diff_operations

    before = TimestampStore({"a": "1", "b": "2", "c": "3"})
    after = TimestampStore({"a": "1", "b": "9", "c": "3", "d": "4"})
    assert diff_operations(before, after) == [SetEntry("b", "9", "2"), SetEntry("d", "4")]
    moved = TimestampStore({"a": "1", "c": "3", "b": "2"})
    ops = diff_operations(before, moved)
    assert ops == [RemoveEntry("b", "2"), RemoveEntry("c", "3"), SetEntry("c", "3"), SetEntry("b", "2")]
    assert apply_operations(before, ops)[0].dumps() == moved.dumps()


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_new_files_get_the_users_umask(tmp_path: Path, umask: int, mode: int) -> None:
    import os
    import stat

    from timeline_app.core.store import write_bytes_atomic

    old = os.umask(umask)
    try:
        write_bytes_atomic(tmp_path / "new.json", b"{}", backup=False)
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == mode
    (tmp_path / "new.json").chmod(0o640)
    write_bytes_atomic(tmp_path / "new.json", b"[]", backup=False)  # an existing file keeps its mode
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640


@given(
    before=st.dictionaries(st.sampled_from("abcdef"), st.sampled_from(["1", "2"]), max_size=6),
    after=st.dictionaries(st.sampled_from("abcdef"), st.sampled_from(["1", "2"]), max_size=6),
    meant=st.sets(st.sampled_from("abcdef")),
)
def test_stored_removals_are_the_entries_a_save_takes_out_less_those_meant(
    before: dict[str, str], after: dict[str, str], meant: set[str]
) -> None:
    """Issue 29 (undo29s): Save asks before removing stored times no edit
    removed on purpose. What ``stored_removals`` names is exactly the keys
    the edits take out of the file, less ``meant`` (a key moved is not taken
    out); keeping them leaves those entries as the file holds them and
    applies every other edit."""
    from timeline_app.core.edits import apply_operations, diff_operations, keeping_stored, stored_removals
    from timeline_app.core.store import TimestampStore

    ops = diff_operations(TimestampStore(before), TimestampStore(after))
    named = stored_removals(ops, meant)
    assert set(named) == (set(before) - set(after)) - meant
    kept = apply_operations(TimestampStore(before), keeping_stored(ops, named))[0].as_dict()
    assert all(kept[key] == before[key] for key in named)
    assert {k: v for k, v in kept.items() if k not in named} == after

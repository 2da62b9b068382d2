"""Re-opening after the files changed does only the new work and gives what a fresh open gives."""

from __future__ import annotations

import json
from dataclasses import fields
from datetime import datetime
from pathlib import Path

import pytest

from timeline_app.core import discussion as session
from timeline_app.core import pipeline
from timeline_app.core.discussion import Discussion, open_discussion, reopen
from timeline_app.core.file_state import Change
from timeline_app.core.options import Choices, EngineOptions
from timeline_app.core.store import TimestampStore
from timeline_app.core.tracking import track

NOW = datetime(2025, 9, 21, 12, 0, 0)
LATER = datetime(2025, 9, 21, 12, 5, 0)


def _messages(count: int) -> list[dict]:
    out: list[dict] = [{"role": "system", "content": "Keep {track} of time."}]
    for number in range(1, count):
        role = "user" if number % 2 else "assistant"
        text = f"message {number % 40}"  # repeats: shared hashes
        if number % 17 == 0:
            text += " with {braces}"
        if number % 23 == 0:
            text = "   "  # blank: dropped
        out.append({"role": role, "content": text})
    out.append({"role": "user", "content": [{"type": "image_url", "image_url": {"url": "data:x"}}]})
    out.append({"role": "assistant", "content": "Roland:"})  # a generation prompt while it is last
    return out


def _write(folder: Path, messages: list[dict], entries: dict) -> tuple[Path, Path]:
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    transcript.write_text(json.dumps({"messages": messages}), "utf-8")
    store.write_text(json.dumps(entries, indent=4), "ascii")
    return transcript, store


def _tracked(messages: list[dict], options: EngineOptions, now: datetime) -> dict:
    """The file the middleware writes after a request with ``messages``."""
    request = pipeline.prepare_request(messages, options.request)
    return track(request, TimestampStore(), now).store.as_dict()


def _same(a: Discussion, b: Discussion) -> None:
    """Every result a view reads, equal."""
    for name in ("fields", "hashes", "kinds", "source_indexes", "discussion_id", "dropped", "sentinels"):
        assert getattr(a.request, name) == getattr(b.request, name), name
    assert (a.store.as_dict() if a.store else None) == (b.store.as_dict() if b.store else None)
    assert a.store_digest == b.store_digest
    for item in fields(a.timeline):
        assert getattr(a.timeline, item.name) == getattr(b.timeline, item.name), item.name
    assert list(a.timeline.rows) == list(b.timeline.rows)
    assert a.simulation.store.as_dict() == b.simulation.store.as_dict()
    assert a.simulation.actions == b.simulation.actions
    assert a.simulation.events == b.simulation.events
    assert a.notes == b.notes and a.options == b.options


def _refuse(*_args, **_kwargs):
    raise AssertionError("this must not be read or parsed again")


@pytest.mark.parametrize(
    "choices",
    [Choices(), Choices(add_missing_assistant=True), Choices(sentinels="legacy")],
    ids=["default", "missing-assistant", "legacy-sentinels"],
)
def test_appended_messages_are_the_only_ones_hashed(tmp_path, counting, choices, monkeypatch) -> None:
    options = EngineOptions.from_choices(choices)
    messages = _messages(300)
    entries = _tracked(messages[:150], options, NOW)
    transcript, store = _write(tmp_path, messages, entries)
    first = open_discussion(transcript, store, options, NOW)

    grown = [
        *messages,
        {"role": "user", "content": "new question [DiscussionId]chat-7[/DiscussionId]"},
        {"role": "assistant", "content": "new answer"},
    ]
    entries = track(  # the middleware tracked the new request on its file
        pipeline.prepare_request(grown, options.request), TimestampStore(entries), LATER
    ).store.as_dict()
    entries["PLACEHOLDER_TIMESTAMP_HASH_0000"] = "(Sunday, 2025-09-21 12:06:00)"
    _write(tmp_path, grown, entries)
    counting.calls = 0
    with monkeypatch.context() as patch:  # the grown file's tail alone is read and parsed
        patch.setattr(session, "load_file_bytes", _refuse)
        patch.setattr(session, "read_transcript_bytes", _refuse)
        again = reopen(first, options, LATER)
    assert counting.calls == 2, "only the two appended messages are hashed"
    assert "roles" not in vars(again.request), "no column of every message's role built (issue 33)"
    fresh = open_discussion(transcript, store, options, LATER)
    _same(again, fresh)
    assert again.request.discussion_id == "chat-7"
    pairs = list(zip(again.timeline.rows, first.timeline.rows, strict=False))
    unchanged = [new is old for new, old in pairs if new == old]
    assert len(unchanged) > 100 and all(unchanged), "a row that did not change is the same object"
    assert again.timeline.statuses[-3] != "generation-prompt"  # 'Roland:' is no longer last


def test_an_edit_in_the_middle_rehashes_from_there(tmp_path, counting) -> None:
    options = EngineOptions()
    messages = _messages(200)
    transcript, store = _write(tmp_path, messages, _tracked(messages, options, NOW))
    first = open_discussion(transcript, store, options, NOW)
    edited = [dict(m) for m in messages]
    edited[150]["content"] = "changed afterwards"
    edited.append({"role": "user", "content": "and one more"})
    _write(tmp_path, edited, _tracked(messages, options, NOW))
    counting.calls = 0
    again = reopen(first, options, LATER)
    hashed_after_edit = sum(1 for m in edited[150:] if isinstance(m["content"], str) and m["content"].strip())
    assert counting.calls == hashed_after_edit
    _same(again, open_discussion(transcript, store, options, LATER))


def test_a_rewritten_transcript_judged_is_parsed_and_hashed_once(tmp_path, counting, monkeypatch) -> None:
    """Issue 29: a transcript that cannot be re-read from its tail (a message
    edited in the middle) is parsed and hashed to judge its change; the
    reload that follows takes that read (``read_before``) instead of doing
    it again (~3 s of the worker at 100k twice), and gives a fresh open's
    discussion. Written again after the judging, the file is read anew."""
    options = EngineOptions()
    messages = _messages(200)
    transcript, store = _write(tmp_path, messages, _tracked(messages, options, NOW))
    first = open_discussion(transcript, store, options, NOW)
    edited = [dict(m) for m in messages]
    edited[150]["content"] = "changed afterwards"
    _write(tmp_path, edited, _tracked(messages, options, NOW))
    parsed: list[Path] = []
    parse = session.load_file_bytes
    monkeypatch.setattr(
        session, "load_file_bytes", lambda data, path, **kw: parsed.append(path) or parse(data, path, **kw)
    )
    counting.calls = 0
    change, read = session.transcript_judged(first, Change.REWRITTEN)
    assert change is Change.REWRITTEN and read is not None
    judged = (len(parsed), counting.calls)
    assert judged[0] == 1 and judged[1] > 0
    again = reopen(first, options, LATER, read_before=read)
    assert (len(parsed), counting.calls) == judged, "the reload parsed or hashed the file again"
    _same(again, open_discussion(transcript, store, options, LATER))

    edited[10]["content"] = "and changed again"
    _write(tmp_path, edited, _tracked(messages, options, NOW))
    before = len(parsed)
    later = reopen(first, options, LATER, read_before=read)  # written since: not the judged read
    assert len(parsed) == before + 1
    _same(later, open_discussion(transcript, store, options, LATER))


def test_unchanged_transcript_is_not_read_and_a_new_entry_is_picked_up(tmp_path, monkeypatch) -> None:
    options = EngineOptions()
    messages = _messages(120)
    entries = _tracked(messages[:60], options, NOW)
    transcript, store = _write(tmp_path, messages, entries)
    first = open_discussion(transcript, store, options, NOW)
    entries[first.request.hashes[-2]] = "(Sunday, 2025-09-21 12:01:00)"
    store.write_text(json.dumps(entries, indent=4), "ascii")

    monkeypatch.setattr(session, "load_transcript", _refuse)
    monkeypatch.setattr(session, "read_transcript_bytes", _refuse)
    again = reopen(first, options, LATER)
    assert again.request is first.request
    monkeypatch.undo()
    _same(again, open_discussion(transcript, store, options, LATER))


def test_a_row_whose_value_changed_type_is_made_again(tmp_path) -> None:
    options = EngineOptions()
    messages = [{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}]
    transcript, store = _write(tmp_path, messages, {})
    first = open_discussion(transcript, store, options, NOW)
    digest = first.request.hashes[0]
    store.write_text(json.dumps({digest: 1}, indent=4), "ascii")
    middle = reopen(first, options, NOW)
    store.write_text(json.dumps({digest: True}, indent=4), "ascii")
    last = reopen(middle, options, NOW)
    assert last.timeline.rows[0].stored is True and last.timeline.rows[0] is not middle.timeline.rows[0]
    assert last.timeline.rows[1] is middle.timeline.rows[1]


def test_nothing_changed_reuses_everything(tmp_path) -> None:
    options = EngineOptions()
    messages = _messages(80)
    transcript, store = _write(tmp_path, messages, _tracked(messages[:40], options, NOW))
    first = open_discussion(transcript, store, options, NOW)
    again = reopen(first, options, NOW)
    assert again.store is first.store and again.request is first.request
    assert again.timeline is first.timeline
    _same(again, open_discussion(transcript, store, options, NOW))


def test_changed_options_prepare_everything_again(tmp_path, counting) -> None:
    messages = _messages(60)
    transcript, store = _write(tmp_path, messages, {})
    first = open_discussion(transcript, store, EngineOptions(), NOW)
    legacy = EngineOptions.from_choices(Choices(sentinels="legacy"))
    counting.calls = 0
    again = reopen(first, legacy, NOW)
    assert counting.calls == len(first.request.hashes) - 1  # the image-only one goes through content_hash
    _same(again, open_discussion(transcript, store, legacy, NOW))


@pytest.mark.parametrize(
    "layout",
    ["indented", "messages-not-last", "list", "list-compact"],
)
def test_other_layouts_grow_correctly_too(tmp_path, layout) -> None:
    """Pretty-printed files and members after the list are read whole again;
    bare lists grow from their tail. Either way the result is a fresh open's."""
    options = EngineOptions()
    messages = _messages(50)

    def write(items: list[dict]) -> None:
        if layout == "indented":
            text = json.dumps({"messages": items}, indent=2)
        elif layout == "messages-not-last":
            text = json.dumps({"messages": items, "stop": [{"x": 1}]})
        elif layout == "list":
            text = json.dumps(items, ensure_ascii=False)
        else:
            text = json.dumps(items, separators=(",", ":"))
        (tmp_path / "chat.json").write_text(text, "utf-8")

    write(messages)
    store = tmp_path / "timestamps.json"
    store.write_text("{}", "ascii")
    first = open_discussion(tmp_path / "chat.json", store, options, NOW)
    assert (first.transcript_tail is not None) == layout.startswith("list")
    write([*messages, {"role": "user", "content": "später, 你好 😀"}])
    again = reopen(first, options, LATER)
    _same(again, open_discussion(tmp_path / "chat.json", store, options, LATER))
    assert again.transcript.messages[-1]["content"] == "später, 你好 😀"

"""core/transcripts/growth.py: a JSON transcript re-read from its new tail alone
is the transcript read whole, or it is read whole (None), never something else.

The reference is ``loads_transcript`` over the new file's bytes. Files grow
the way front ends write them (the whole document rewritten with the new
messages appended, by orjson or the standard library); a change anywhere
before the old end must send the re-open to the full read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from timeline_app.core.transcripts import loads_transcript
from timeline_app.core.transcripts.growth import grown_file, tail_of

ZONE = "Asia/Shanghai"
TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)
MESSAGE = st.fixed_dictionaries(
    {"role": st.sampled_from(["user", "assistant", "system"]), "content": TEXT},
    optional={"name": TEXT},
)
WRITERS = {
    "orjson": orjson.dumps,
    "json": lambda value: json.dumps(value, ensure_ascii=False).encode("utf-8"),
    "json-ascii": lambda value: json.dumps(value).encode("ascii"),
    "json-indented": lambda value: json.dumps(value, indent=2).encode("utf-8"),
}


def document(shape: str, messages: list[dict[str, Any]]) -> object:
    """A message list, or a chat request whose message list is its last member."""
    if shape == "message-list":
        return messages
    return {"model": "some-model", "stream": False, "messages": messages}


def same(left, right) -> bool:
    return (left.format, left.api, left.messages, left.own_times) == (
        right.format,
        right.api,
        right.messages,
        right.own_times,
    )


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    shape=st.sampled_from(["message-list", "chat-request"]),
    writer=st.sampled_from(sorted(WRITERS)),
    old=st.lists(MESSAGE, min_size=1, max_size=5),
    added=st.lists(MESSAGE, min_size=1, max_size=4),
)
def test_a_grown_file_reads_as_the_whole_file_or_not_at_all(
    tmp_path: Path, shape: str, writer: str, old: list, added: list
) -> None:
    """The compact writers keep every byte before the old list's end, so the
    tail alone is read; then the result (and where it can grow next) is
    the whole read's."""
    write = WRITERS[writer]
    path = tmp_path / "chat.json"
    before = write(document(shape, old))
    previous = loads_transcript(before, zone=ZONE)
    tail = tail_of(before, previous)
    path.write_bytes(write(document(shape, old + added)))
    whole = loads_transcript(path.read_bytes(), zone=ZONE)
    if tail is None:
        assert writer == "json-indented"  # the compact writers' files can always grow
        return
    found = grown_file(path, previous, tail, ZONE, remember=True)
    if writer != "json-indented":
        assert found is not None
    if found is not None:
        grown, next_tail = found
        assert same(grown, whole)
        assert next_tail == tail_of(path.read_bytes(), whole)


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda data, end: data.replace(b"first", b"FIRST"), id="an-old-message-edited"),
        pytest.param(
            lambda data, end: data.replace(b"first", b"FIRST")[:end] + b',{"role":"user","content":"x"}]}',
            id="an-old-message-edited-and-one-appended",
        ),
        pytest.param(lambda data, end: data + b"\n{}", id="something-after-the-document"),
        pytest.param(lambda data, end: data[:end] + b",42]}", id="a-non-message-appended"),
        pytest.param(lambda data, end: data[:end] + b",{]}", id="broken-json-appended"),
        pytest.param(lambda data, end: data[:end] + b"]}", id="nothing-appended-but-longer"),
        pytest.param(
            lambda data, end: data[:end] + b',{"role":"user","content":"x"}]   }', id="trailer-changed"
        ),
    ],
)
def test_any_other_change_sends_the_re_open_to_the_whole_file(tmp_path: Path, change) -> None:
    old = [{"role": "user", "content": "first"}, {"role": "assistant", "content": "second"}]
    before = orjson.dumps(document("chat-request", old))
    previous = loads_transcript(before)
    tail = tail_of(before, previous)
    assert tail is not None
    path = tmp_path / "chat.json"
    path.write_bytes(change(before, tail.array_end))
    assert grown_file(path, previous, tail, ZONE, remember=False) is None


def test_a_request_that_becomes_an_ollama_one_is_read_whole(tmp_path: Path) -> None:
    """Messages with Ollama's ``images`` change what the file is detected as:
    the tail alone cannot say so, the whole read does."""
    old = [{"role": "user", "content": "first"}]
    before = orjson.dumps(document("chat-request", old))
    previous = loads_transcript(before)
    tail = tail_of(before, previous)
    assert tail is not None
    path = tmp_path / "chat.json"
    path.write_bytes(
        orjson.dumps(document("chat-request", [*old, {"role": "user", "content": "x", "images": ["aGk="]}]))
    )
    assert grown_file(path, previous, tail, ZONE, remember=False) is None


def test_a_request_whose_messages_are_not_its_last_member_cannot_grow() -> None:
    data = orjson.dumps({"messages": [{"role": "user", "content": "first"}], "model": "after the list"})
    assert tail_of(data, loads_transcript(data)) is None

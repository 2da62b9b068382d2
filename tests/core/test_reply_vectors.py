"""The after-reply write (clean-up, group-chat reconstruction, commit) against
vectors made by running the middleware's own code (tools/reply_vectors.py)."""

from __future__ import annotations

import pytest
from conftest import load_vectors

from timeline_app.core.pipeline import RequestOptions, prepare_request
from timeline_app.core.reply import ReplyCleanup, commit_reply, generation_prompt, returned_text
from timeline_app.core.store import TimestampStore

REPLY = load_vectors("reply")


def test_every_branch_has_vectors() -> None:
    names = {v["name"] for v in REPLY}
    assert len(REPLY) == 47
    for branch in (
        "prompt_prefix_absent",
        "prompt_prefix_present",
        "no_prompt_plain",
        "prompt_empty_reply",
        "no_placeholder_commit_clock",
        "existing_entry_overwritten",
    ):
        assert {f"whole_{branch}", f"streamed_{branch}"} <= names
    assert {"streamed_threshold_colon_inside", "streamed_threshold_colon_past"} <= names


def _cleanup(vector: dict) -> ReplyCleanup:
    raw = vector["input"]["cleanup"]
    return ReplyCleanup(
        remove_assistant=bool(raw.get("remove_assistant")),
        node_prefixes=tuple(raw.get("node_prefixes", ())),
        endpoint_prefixes=tuple(raw.get("endpoint_prefixes", ())),
        trim_line_breaks=bool(raw.get("trim_line_breaks")),
    )


@pytest.mark.parametrize("vector", REPLY, ids=[v["name"] for v in REPLY])
def test_reply_vector(vector: dict) -> None:
    given, expected = vector["input"], vector["expected"]
    request = prepare_request(given["messages"], RequestOptions(**given["request_options"]))
    prompt = generation_prompt(request) if given["group_chat"] else None
    assert prompt == expected["generation_prompt"]
    text = returned_text(
        given["reply"], prompt, streamed=given["streamed"], cleanup=_cleanup(vector), chunks=given["chunks"]
    )
    assert text == expected["returned"]
    before = TimestampStore(given["timestamps"])
    after = commit_reply(before, text, given["commit_clock"]) if given["group_chat"] else before
    assert list(after.items()) == list(expected["timestamps_after"].items())
    if expected["file_text_after"] is not None:
        assert after.dumps() == expected["file_text_after"]
    assert before == TimestampStore(given["timestamps"]), "input store changed"

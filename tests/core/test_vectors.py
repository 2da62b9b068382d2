"""Every conformance vector, through the engine's API.

The vectors were produced by the real middleware and the real Free Anima
module; the engine must reproduce them byte for byte.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from conftest import load_vectors

from timeline_app.core.context import Style
from timeline_app.core.errors import InputError
from timeline_app.core.options import EngineOptions
from timeline_app.core.pipeline import Api, RequestOptions, prepare_request
from timeline_app.core.preview import build_preview
from timeline_app.core.store import TimestampStore
from timeline_app.core.tracking import track
from timeline_app.core.transcripts import Transcript, loads_transcript

WILMER = load_vectors("wilmer")
CST = load_vectors("cst")


def _now(vector: dict) -> datetime:
    return datetime.strptime(vector["input"]["now"], "%Y-%m-%d %H:%M:%S")


def test_all_vectors_are_present() -> None:
    assert len(WILMER) == 26
    assert len(CST) == 7


@pytest.mark.parametrize("vector", WILMER, ids=[v["name"] for v in WILMER])
def test_wilmer_tracking_and_file_bytes(vector: dict) -> None:
    request = prepare_request(vector["input"]["messages"])
    store = TimestampStore(vector["input"]["timestamps"] or {})
    result = track(request, store, _now(vector))
    expected = vector["expected"]
    assert list(result.store.items()) == list(expected["timestamps_after"].items())
    if expected["file_text_after"] is None:  # the middleware wrote no file
        assert not result.changed
    else:
        assert result.store.dumps() == expected["file_text_after"]
    before = vector["input"]["timestamps"] or {}
    assert result.changed == (list(before.items()) != list(expected["timestamps_after"].items()))
    assert request.discussion_id == expected["discussion_id"]
    assert store == TimestampStore(vector["input"]["timestamps"] or {}), "input store mutated"


@pytest.mark.parametrize("style", [Style.ABSOLUTE, Style.RELATIVE])
@pytest.mark.parametrize("vector", WILMER, ids=[v["name"] for v in WILMER])
def test_wilmer_context(vector: dict, style: Style) -> None:
    messages = vector["input"]["messages"]
    snapshot = repr(messages)
    transcript = Transcript.from_messages(messages)
    store = TimestampStore(vector["input"]["timestamps"] or {})
    preview = build_preview(transcript, store, style, _now(vector))
    assert preview.messages == vector["expected"][f"context_{style.value}"]
    assert preview.time_context_summary == vector["expected"]["time_context_summary"]
    assert repr(messages) == snapshot, "original messages mutated"


@pytest.mark.parametrize("vector", CST, ids=[v["name"] for v in CST])
def test_cst_context(vector: dict) -> None:
    import json

    data = json.dumps(vector["input"]["messages"], ensure_ascii=False).encode()
    transcript = loads_transcript(data, vector["name"])
    preview = build_preview(transcript, None, Style.CST, datetime(2026, 6, 1), EngineOptions())
    assert preview.messages == vector["expected"]["context_cst"]
    assert preview.time_context_summary == ""


HANDLERS = load_vectors("handlers")


def _handler_options(vector: dict) -> RequestOptions:
    return RequestOptions(api=Api(vector["input"]["api"]), **vector["input"]["options"])


@pytest.mark.parametrize("vector", HANDLERS, ids=[v["name"] for v in HANDLERS])
def test_handler_content_paths(vector: dict) -> None:
    """Every content path of WilmerAI's OpenAI and Ollama handlers (string,
    parts, null, missing, other types, refusals); expected contents written
    from the handlers' code, hashes with hashlib."""
    expected = vector["expected"]
    if expected["refused"] is not None:
        refused = expected["refused"]
        with pytest.raises(InputError) as caught:
            prepare_request(vector["input"]["messages"], _handler_options(vector))
        assert f"message {refused['index']}:" in caught.value.problem
        assert refused["reason"] in caught.value.problem
        return
    request = prepare_request(vector["input"]["messages"], _handler_options(vector))
    got = []
    for message in request.messages:
        row = {"index": message.source_index, "content": message.content, "hash": message.hash}
        if "images" in message.fields:
            row["images"] = message.fields["images"]
        got.append(row)
    assert got == expected["wire"]

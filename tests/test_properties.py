"""Properties that must hold for any input, checked with hypothesis."""

from __future__ import annotations

import contextlib
import json
from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from timeline_app.core.errors import InputError
from timeline_app.core.pipeline import prepare_request
from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore, loads_store
from timeline_app.core.timestrings import format_absolute
from timeline_app.core.tracking import track
from timeline_app.core.transcripts import loads_transcript

roles = st.sampled_from(["user", "assistant", "system", "tool", "USER", "systemmes"])
contents = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["ok", "Roland:", "", "  ", "{x}", "hi [DiscussionId]d[/DiscussionId]"]),
)
messages = st.lists(st.fixed_dictionaries({"role": roles, "content": contents}), max_size=12)
times = st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2030, 1, 1)).map(
    lambda t: t.replace(microsecond=0)
)
values = st.one_of(times.map(format_absolute), st.sampled_from(["garbage", "(Funday, 2025-01-01 00:00:00)"]))


@given(st.binary(max_size=300))
@settings(max_examples=300)
def test_any_bytes_as_a_transcript_give_a_transcript_or_an_input_error(data: bytes) -> None:
    try:
        transcript = loads_transcript(data, "fuzz.json", skip_bad_lines=True)
    except InputError as error:
        assert "fuzz.json" in str(error) or error.source is None
    else:
        with contextlib.suppress(InputError):  # a message shape the middleware rejects too
            prepare_request(transcript.messages)


@given(st.binary(max_size=300))
@settings(max_examples=300)
def test_any_bytes_as_a_timestamp_file_give_a_store_or_an_input_error(data: bytes) -> None:
    try:
        store = loads_store(data, "ts.json")
    except InputError as error:
        assert str(error).startswith("ts.json: ")
    else:
        assert json.loads(store.dumps()) == json.loads(json.dumps(store.as_dict()))


@given(messages, st.dictionaries(st.text(min_size=1, max_size=4), values, max_size=4), times, st.booleans())
@settings(max_examples=300)
def test_tracking_never_loses_or_changes_a_stored_time(msgs, extra, now, placeholder) -> None:
    request = prepare_request(msgs)
    base = {
        m.hash: format_absolute(now - timedelta(hours=i)) for i, m in enumerate(request.messages) if i % 2
    }
    base.update(extra)
    if placeholder:
        base[PLACEHOLDER_KEY] = format_absolute(now - timedelta(minutes=1))
    store = TimestampStore(base)
    result = track(request, store, now)
    for key, value in base.items():
        if key != PLACEHOLDER_KEY:
            assert result.store.get(key) == value
    assert PLACEHOLDER_KEY not in result.store
    kept = [k for k in result.store if k in base]
    assert kept == [k for k in base if k != PLACEHOLDER_KEY], "existing keys keep their order"
    again = track(request, result.store, now + timedelta(minutes=5))
    assert not again.changed, "a second request with the same history changes nothing"

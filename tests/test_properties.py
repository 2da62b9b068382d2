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


def _walked(request, entries: dict[str, object], now: datetime) -> dict[str, object]:
    """The middleware's backward walk as it reads: each untracked message gets
    the last anchor counted back one second per step since it (the very
    newest ones get the request time itself), every step parsing the anchor
    and formatting anew; the count stops at the first representable second."""
    from timeline_app.core.pipeline import Kind
    from timeline_app.core.timestrings import parse_absolute

    entries = dict(entries)
    anchor: object = format_absolute(now)
    steps = 0
    for message in reversed(request.messages):
        if message.kind is not Kind.TIMESTAMPED:
            continue
        if message.hash in entries:
            anchor, steps = entries[message.hash], 1
            continue
        moment = parse_absolute(anchor) if steps else None
        if moment is None:
            entries[message.hash] = anchor
        else:
            back = moment - datetime.min
            entries[message.hash] = format_absolute(moment - min(back, timedelta(seconds=steps)))
        steps += 1
    return entries


edge_times = st.sampled_from(
    [
        datetime(1, 1, 1, 0, 0, 2),
        datetime(999, 3, 1, 0, 1, 5),
        datetime(2025, 9, 22, 10, 0, 59),
        datetime(2024, 1, 1),
    ]
)


@given(
    st.lists(st.tuples(st.sampled_from(["user", "assistant", "system"]), st.integers(0, 19)), max_size=150),
    st.lists(
        st.tuples(st.integers(0, 149), st.one_of(edge_times.map(format_absolute), st.just("garbage"))),
        max_size=4,
    ),
    st.one_of(edge_times, times),
)
@settings(max_examples=300)
def test_a_run_of_assignments_counts_back_as_the_middleware_walks(msgs, anchors, now) -> None:
    """Long runs cross minutes, hours and days, and stop at the first second
    there is; shared contents re-anchor a run (the tracking pass makes each
    minute's text once and counts back without a parse per step)."""
    # mostly different contents (long runs), now and then one said again
    said = [
        {"role": role, "content": "again" if draw == 0 else f"message {n}"}
        for n, (role, draw) in enumerate(msgs)
    ]
    request = prepare_request(said)
    stored: dict[str, object] = {}
    for position, value in anchors:
        if position < len(request):
            stored[request.hashes[position]] = value
    result = track(request, TimestampStore(stored), now)
    assert result.store.as_dict() == _walked(request, stored, now)

"""Properties that must hold for any input, checked with hypothesis."""

from __future__ import annotations

import contextlib
import json
import os
from datetime import datetime, timedelta

from hypothesis import event, given, settings
from hypothesis import strategies as st

from timeline_app.core.errors import InputError
from timeline_app.core.pipeline import prepare_request
from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore, loads_store
from timeline_app.core.timestrings import format_absolute, parse_absolute
from timeline_app.core.tracking import track
from timeline_app.core.transcripts import loads_transcript

# the tracking properties' examples: make test's share; make fuzz-tracking runs thousands
TRACKING_EXAMPLES = int(os.environ.get("TRACKING_FUZZ_EXAMPLES", "150"))

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


def _mutated(valid: st.SearchStrategy[bytes]) -> st.SearchStrategy[bytes]:
    """Bytes of the right shape, as they are or with one byte changed, cut
    or doubled, and random bytes: random bytes alone are never valid JSON
    (300 of 300 examples were input errors, the success branch never ran)."""

    @st.composite
    def mutate(draw: st.DrawFn) -> bytes:
        data = draw(valid)
        how = draw(st.sampled_from(["as is", "as is", "byte", "cut", "double"]))
        if how == "as is" or not data:
            return data
        at = draw(st.integers(0, len(data) - 1))
        if how == "byte":
            return data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
        if how == "cut":
            return data[:at]
        return data[:at] + data[at:] * 2

    return st.one_of(st.binary(max_size=300), mutate())


transcript_bytes = _mutated(messages.map(lambda m: json.dumps(m, ensure_ascii=False).encode()))
store_bytes = _mutated(
    st.dictionaries(
        st.one_of(st.text("0123456789abcdef", min_size=64, max_size=64), st.just(PLACEHOLDER_KEY)),
        st.one_of(values, st.just(7), st.none()),
        max_size=6,
    ).map(lambda d: json.dumps(d).encode())
)


@given(transcript_bytes)
@settings(max_examples=300)
def test_any_bytes_as_a_transcript_give_a_transcript_or_an_input_error(data: bytes) -> None:
    try:
        transcript = loads_transcript(data, "fuzz.json", skip_bad_lines=True)
    except InputError as error:
        event("input error")
        assert "fuzz.json" in str(error) or error.source is None
    else:
        event("transcript")
        with contextlib.suppress(InputError):  # a message shape the middleware rejects too
            prepare_request(transcript.messages)
            event("request prepared")


@given(store_bytes)
@settings(max_examples=300)
def test_any_bytes_as_a_timestamp_file_give_a_store_or_an_input_error(data: bytes) -> None:
    try:
        store = loads_store(data, "ts.json")
    except InputError as error:
        event("input error")
        assert str(error).startswith("ts.json: ")
    else:
        event("store")
        assert json.loads(store.dumps()) == json.loads(json.dumps(store.as_dict()))


@given(messages, st.dictionaries(st.text(min_size=1, max_size=4), values, max_size=4), times, st.booleans())
@settings(max_examples=TRACKING_EXAMPLES)
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


def _walk(request, store: TimestampStore, now: datetime) -> tuple[dict, tuple]:
    """The middleware's backward walk one message at a time, as plainly as
    it reads (the oracle for ``track``, which visits only the untracked)."""
    from timeline_app.core.pipeline import Kind
    from timeline_app.core.timestrings import parse_absolute
    from timeline_app.core.tracking import Action

    entries = store.as_dict()
    hashes, kinds, roles = request.hashes, request.kinds, request.roles
    actions = [Action.SKIPPED] * len(hashes)
    target = None
    if PLACEHOLDER_KEY in entries:
        for position in range(len(hashes) - 1, -1, -1):
            if kinds[position] is Kind.GENERATION_PROMPT:
                continue
            if roles[position].lower() == "assistant":
                target = position if hashes[position] not in entries else None
                break
        if target is not None:
            entries[hashes[target]] = entries[PLACEHOLDER_KEY]
            actions[target] = Action.PLACEHOLDER
        del entries[PLACEHOLDER_KEY]
    anchor, steps = format_absolute(now), 0
    for position in range(len(hashes) - 1, -1, -1):
        if kinds[position] is not Kind.TIMESTAMPED:
            continue
        digest = hashes[position]
        if digest in entries:
            anchor, steps = entries[digest], 1
            if position != target:
                actions[position] = Action.KEPT if digest in store else Action.SHARED
            continue
        moment = parse_absolute(anchor) if steps else None
        if moment is None or steps == 0:
            entries[digest] = anchor
        else:
            try:
                entries[digest] = format_absolute(moment - timedelta(seconds=steps))
            except OverflowError:
                entries[digest] = format_absolute(datetime.min)
        actions[position] = Action.ASSIGNED
        steps += 1
    return entries, tuple(actions)


repeated = st.lists(
    st.fixed_dictionaries(
        {"role": st.sampled_from(["user", "assistant", "system"]), "content": st.sampled_from("abcdefgh")}
    ),
    max_size=16,
)


@given(repeated, st.data(), times, st.booleans())
@settings(max_examples=TRACKING_EXAMPLES, deadline=None)
def test_tracking_gives_what_the_step_by_step_walk_gives(msgs, data, now, placeholder) -> None:
    from timeline_app.core.timeline import Status, build_timeline
    from timeline_app.core.transcripts import Transcript

    request = prepare_request(msgs)
    chosen = data.draw(st.lists(st.sampled_from(range(len(msgs) + 1)), max_size=8))
    base = {}
    for position in chosen:
        key = request.hashes[position] if position < len(request.hashes) else "orphan"
        base[key] = data.draw(st.one_of(values, st.just(format_absolute(now)), st.just(7)))
    if placeholder:
        base[PLACEHOLDER_KEY] = format_absolute(now - timedelta(minutes=1))
    store = TimestampStore(base)
    expected_entries, expected_actions = _walk(request, store, now)
    timeline = build_timeline(Transcript.from_messages(msgs, "t", "message-list"), request, store)
    held = [s is Status.TRACKED for s in timeline.statuses]
    for result in (track(request, store, now), track(request, store, now, held)):
        _answers_each_key_as(result.store, expected_entries, request.hashes)
        assert list(result.store.as_mapping().items()) == list(expected_entries.items())
        # parsed before the runs were written out, every entry is still parsed after
        assert dict(result.store.parsed_map()) == {k: parse_absolute(v) for k, v in expected_entries.items()}
        assert result.actions == expected_actions


def _answers_each_key_as(store: TimestampStore, expected: dict[str, object], hashes: tuple[str, ...]) -> None:
    """One key at a time (a view's visible rows, the strip), a tracking
    result's store says what its entries will say once written out: the
    counted runs answer before anything else reads the whole store."""
    keys = [*hashes, *expected, "absent"]
    parses = [parse_absolute(expected[k]) if k in expected else None for k in keys]
    assert store.parsed_of(keys) == parses
    # a view of every message, and the summary over every entry, read the runs unwritten
    assert store.parsed_of_all(keys) == parses
    assert sorted(filter(None, store.parsed_times())) == sorted(
        filter(None, map(parse_absolute, expected.values()))
    )
    for key in keys:
        assert (key in store) is (key in expected)
        assert store.get(key) == expected.get(key)
        assert store.parsed(key) == (parse_absolute(expected[key]) if key in expected else None)


edge_times = st.sampled_from(
    [
        datetime(1, 1, 1, 0, 0, 2),
        datetime(999, 3, 1, 0, 1, 5),
        # years 1 and 999 do not parse back (unpadded years): this anchor does,
        # and its runs reach the first years, where tracking walks step by step
        datetime(1000, 1, 1, 0, 0, 2),
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
@settings(max_examples=TRACKING_EXAMPLES)
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
    expected = _walk(request, TimestampStore(stored), now)[0]
    _answers_each_key_as(result.store, expected, request.hashes)
    assert list(result.store.as_dict().items()) == list(expected.items())


def test_an_anchor_in_the_first_parsed_year_takes_the_step_by_step_walk(monkeypatch) -> None:
    """1000-01-01 00:00:02 parses, and a run of five counted back from it
    crosses into year 999: the counted fast path declines and the plain walk
    (``_walk_runs``, ``_walk``) gives the times, which must be the
    middleware's. Without such an anchor the walk never ran in the suite."""
    from unittest import mock

    from timeline_app.core import tracking

    said = [{"role": "user", "content": f"message {n}"} for n in range(6)]
    request = prepare_request(said)
    stored = {request.hashes[-1]: format_absolute(datetime(1000, 1, 1, 0, 0, 2))}
    with (
        mock.patch.object(tracking, "_walk_runs", wraps=tracking._walk_runs) as runs,
        mock.patch.object(tracking, "_walk", wraps=tracking._walk) as walk,
    ):
        result = track(request, TimestampStore(stored), datetime(2025, 1, 1))
    assert runs.call_count == 1 and walk.call_count >= 1
    expected = _walk(request, TimestampStore(stored), datetime(2025, 1, 1))[0]
    assert list(result.store.as_dict().items()) == list(expected.items())
    _answers_each_key_as(result.store, expected, request.hashes)

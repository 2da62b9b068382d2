"""A re-opened timeline made from the earlier one equals the join built anew
(issue 8): every column, the orphans, and the rows it says did not change."""

from __future__ import annotations

import dataclasses
import os
from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from timeline_app.core.pipeline import prepare_request
from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore
from timeline_app.core.timeline import Timeline, build_timeline
from timeline_app.core.timeline_update import entries_appended, updated_timeline
from timeline_app.core.timestrings import format_absolute
from timeline_app.core.transcripts import Transcript

T = datetime(2025, 9, 22, 10, 0, 0)
# make test's share of the examples; make fuzz-tracking runs thousands
EXAMPLES = int(os.environ.get("UPDATE_FUZZ_EXAMPLES", "200"))
CONTENTS = ["a", "b", "c", "{x}", "Roland:", "(Monday, 2025-09-22 10:00:00) hi", "", "d"]
ROLES = ["user", "assistant", "system"]
VALUES = [format_absolute(T + timedelta(seconds=s)) for s in (-3, -2, -1, 0, 1, 2, 3600)] + [
    "bad",
    1,
    True,
    # equal, not alike: a rewrite from one to the other must show the new one
    [1],
    [True],
    -0.0,
    0.0,
]
COLUMNS = tuple(f.name for f in dataclasses.fields(Timeline))  # every column and file-side value

message = st.tuples(st.sampled_from(ROLES), st.sampled_from(CONTENTS)).map(
    lambda rc: {"role": rc[0], "content": rc[1]}
)
entries = st.dictionaries(st.sampled_from([*CONTENTS, "gone", "other"]), st.sampled_from(VALUES), max_size=6)


def _typed(values: tuple) -> list:
    """Each value with its type, a file's JSON value by its repr too
    (``[1]`` == ``[True]``, ``-0.0`` == ``0.0``)."""
    return [(type(v), repr(v) if isinstance(v, (list, dict, float)) else v) for v in values]


def _assert_equal(made: Timeline, fresh: Timeline) -> None:
    for name in COLUMNS:
        a, b = getattr(made, name), getattr(fresh, name)
        if isinstance(a, tuple):
            assert _typed(a) == _typed(b), name
        else:
            assert a == b, name


def _store(request, chosen: dict[str, object], placeholder: bool) -> TimestampStore:
    """Entries keyed by the hash of each chosen content (orphans for contents the request lacks)."""
    by_content = dict(zip(request.contents, request.hashes, strict=True))
    store = {by_content.get(c, f"orphan {c}"): v for c, v in chosen.items()}
    if placeholder:
        store[PLACEHOLDER_KEY] = VALUES[3]
    return TimestampStore(store)


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    st.lists(message, max_size=14),
    st.lists(message, max_size=4),
    entries,
    entries,
    st.booleans(),
    st.integers(min_value=0, max_value=3),
)
def test_an_updated_timeline_equals_the_join_built_anew(
    before, appended, first, second, placeholder, edit
) -> None:
    request0 = prepare_request(before)
    store0 = _store(request0, first, False)
    transcript0 = Transcript.from_messages(before)
    timeline0 = build_timeline(transcript0, request0, store0)
    made_before = [timeline0.rows[i] for i in range(0, len(timeline0.rows), 2)]  # some rows asked for

    after = [*before, *appended]
    common = len(before)
    if edit == 3 and before:  # an edit in the middle: the requests share less
        common = len(before) // 2
        after[common] = {"role": "user", "content": "edited"}
    request = prepare_request(after, reuse=(request0, common))
    grown = {**first, **second} if edit != 1 else second  # appended entries, or a rewritten file
    store = store0 if edit == 2 else _store(request, grown, placeholder)
    transcript = Transcript.from_messages(after)

    update = updated_timeline(timeline0, request0, store0, transcript0, transcript, request, store)
    fresh = build_timeline(transcript, request, store)
    if update is None:
        return
    _assert_equal(update.timeline, fresh)
    update.timeline.reuse_rows(timeline0, update.differing)
    rows, old = update.timeline.rows, timeline0.rows
    assert list(rows) == list(fresh.rows)
    for index in range(min(len(rows), len(old))):
        if index in update.differing:
            continue
        assert rows[index] is old[index], "a row said unchanged is shared"
        assert _typed(tuple(vars(rows[index]).values())) == _typed(tuple(vars(fresh.rows[index]).values()))
    assert made_before == [old[i] for i in range(0, len(old), 2)]


def test_appending_a_request_takes_the_update_and_shares_the_old_rows() -> None:
    before = [{"role": "user" if i % 2 else "assistant", "content": f"m{i}"} for i in range(300)]
    request0 = prepare_request(before)
    store0 = TimestampStore({h: VALUES[i % 3] for i, h in enumerate(request0.hashes[:150])})
    transcript0 = Transcript.from_messages(before)
    timeline0 = build_timeline(transcript0, request0, store0)
    after = [*before, {"role": "user", "content": "q"}, {"role": "assistant", "content": "r"}]
    request = prepare_request(after, reuse=(request0, len(before)))
    store = TimestampStore({**store0.as_dict(), **dict.fromkeys(request.hashes[-2:], VALUES[5])})
    transcript = Transcript.from_messages(after)
    update = updated_timeline(timeline0, request0, store0, transcript0, transcript, request, store)
    assert update is not None and update.differing == []
    _assert_equal(update.timeline, build_timeline(transcript, request, store))
    update.timeline.reuse_rows(timeline0, update.differing)
    assert update.timeline.rows[10] is timeline0.rows[10]
    assert update.timeline.rows[-1].stored == VALUES[5]


def test_a_time_given_to_an_old_row_joins_its_earlier_neighbour_in_a_run() -> None:
    before = [
        {"role": "user", "content": "a"},
        {"role": "assistant", "content": "b"},
        {"role": "user", "content": "c"},
    ]
    request = prepare_request(before)
    transcript = Transcript.from_messages(before)
    store0 = TimestampStore({request.hashes[0]: VALUES[3]})
    store = TimestampStore({request.hashes[0]: VALUES[3], request.hashes[1]: VALUES[4]})  # one second later
    timeline0 = build_timeline(transcript, request, store0)
    update = updated_timeline(timeline0, request, store0, transcript, transcript, request, store)
    assert update is not None and update.differing == [0, 1]
    _assert_equal(update.timeline, build_timeline(transcript, request, store))
    assert "one-second-run" in update.timeline.flags[0]


def test_values_equal_but_not_alike_are_not_taken_for_an_append() -> None:
    """``[1]``, ``[1.0]`` and ``[True]`` are equal lists of one type, and so
    are ``-0.0`` and ``0.0``: a file rewritten from one to the other with an
    entry added is not the earlier one grown (a re-read kept the earlier
    value, and the history read from it showed what the file no longer held)."""
    a, b = "a" * 64, "b" * 64
    for old, new in (([1], [True]), ([1], [1.0]), (-0.0, 0.0), ({"x": 1, "y": 2}, {"y": 2, "x": 1})):
        assert not entries_appended({a: old}, {a: new, b: "2026-01-01 10:00:00"})
    assert entries_appended({a: [1]}, {a: [1], b: "2026-01-01 10:00:00"})
    assert entries_appended({a: "2026-01-01 10:00:00"}, {a: "2026-01-01 10:00:00", b: ""})

"""One stored time edited by hand (Edit > Edit time…): what a person types
read as the one time meant or refused with its reason (``zones.typed_time``),
the order it breaks said (``timeline.order_broken``), and the store edited as
the middleware would write it (``edits.with_time``)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from timeline_app.core.edits import diff_operations, with_time
from timeline_app.core.errors import InputError
from timeline_app.core.pipeline import prepare_request
from timeline_app.core.store import TimestampStore
from timeline_app.core.timeline import build_timeline, neighbour_times, order_broken
from timeline_app.core.timestrings import format_absolute, parse_absolute
from timeline_app.core.transcripts import Transcript
from timeline_app.core.words import Problem
from timeline_app.core.zones import ABSOLUTE_INPUT_FORMAT, get_zone, typed_time

MOMENTS = st.datetimes(min_value=datetime(1000, 1, 1), max_value=datetime(9000, 12, 31)).map(
    lambda m: m.replace(microsecond=0)
)


@given(MOMENTS)
def test_every_time_typed_in_either_form_is_read_as_itself(moment: datetime) -> None:
    """The field's own form and the stored form pasted from the Time column
    (with or without its parentheses) give the same wall-clock time."""
    stored = format_absolute(moment)
    for text in (moment.strftime(ABSOLUTE_INPUT_FORMAT), stored, stored.strip("()"), f"  {stored} "):
        assert typed_time(text, None) == moment
    assert parse_absolute(format_absolute(typed_time(stored, None))) == moment


def test_an_offset_is_placed_on_the_discussions_clock() -> None:
    berlin = get_zone("Europe/Berlin")
    assert typed_time("2025-09-20T14:30:05+00:00", berlin) == datetime(2025, 9, 20, 16, 30, 5)
    assert typed_time("2025-01-20T14:30:05Z", berlin) == datetime(2025, 1, 20, 15, 30, 5)
    fixed = timezone(timedelta(hours=-5))
    assert typed_time("2025-09-20T14:30:05+00:00", fixed) == datetime(2025, 9, 20, 9, 30, 5)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("09/10/2025 10:00", Problem.BAD_TIME),  # September or October?
        ("10.09.2025 10:00:00", Problem.BAD_TIME),
        ("tomorrow", Problem.BAD_TIME),
        ("2025-02-30 10:00:00", Problem.BAD_TIME),
        ("", Problem.BAD_TIME),
        ("2025-09-20", Problem.TIME_WITHOUT_CLOCK),  # midnight, or forgotten?
        ("(Monday, 2025-09-20 16:30:05)", Problem.WEEKDAY_DISAGREES),  # a Saturday
        ("Funday, 2025-09-20 16:30:05", Problem.BAD_TIME),
    ],
)
def test_what_could_mean_two_times_is_refused_with_its_reason(text: str, problem: Problem) -> None:
    with pytest.raises(InputError) as raised:
        typed_time(text, None)
    assert raised.value.said.code is problem


def test_the_weekday_mismatch_names_both_days() -> None:
    with pytest.raises(InputError) as raised:
        typed_time("(Monday, 2025-09-20 16:30:05)", None)
    assert str(raised.value.said) == (
        "'(Monday, 2025-09-20 16:30:05)' says Monday, but that date is a Saturday: which one is meant?"
    )


T = datetime(2025, 9, 21, 10, 0, 0)


def _timeline(minutes: list[int | None]):
    messages = [
        {"role": "user" if i % 2 == 0 else "assistant", "content": f"m{i}"} for i in range(len(minutes))
    ]
    request = prepare_request(messages)
    stored = {
        digest: format_absolute(T + timedelta(minutes=m))
        for digest, m in zip(request.hashes, minutes, strict=True)
        if m is not None
    }
    return build_timeline(Transcript.from_messages(messages), request, TimestampStore(stored))


def test_the_order_broken_is_said_against_the_nearest_stored_times() -> None:
    timeline = _timeline([0, None, 10, None, 20])
    at = T + timedelta(minutes=15)
    assert order_broken(neighbour_times(timeline, 1), at) == (
        None,
        T + timedelta(minutes=10),
    )  # later than the next stored
    assert order_broken(neighbour_times(timeline, 3), at) == (None, None)
    assert order_broken(neighbour_times(timeline, 3), T + timedelta(minutes=5)) == (
        T + timedelta(minutes=10),
        None,
    )
    assert order_broken(neighbour_times(timeline, 0), T + timedelta(minutes=30)) == (
        None,
        T + timedelta(minutes=10),
    )
    assert order_broken(neighbour_times(timeline, 4), T) == (T + timedelta(minutes=10), None)


@given(st.lists(st.one_of(st.none(), st.integers(0, 50)), min_size=1, max_size=8), st.data())
def test_the_order_holds_exactly_when_nothing_is_said(minutes: list[int | None], data) -> None:
    timeline = _timeline(minutes)
    index = data.draw(st.integers(0, len(minutes) - 1))
    at = T + timedelta(minutes=data.draw(st.integers(-5, 55)))
    earlier = [T + timedelta(minutes=m) for m in minutes[:index] if m is not None]
    later = [T + timedelta(minutes=m) for m in minutes[index + 1 :] if m is not None]
    before, after = order_broken(neighbour_times(timeline, index), at)
    assert (before is not None) == bool(earlier and at < earlier[-1])
    assert (after is not None) == bool(later and at > later[0])


def test_a_changed_time_keeps_its_place_a_new_one_is_appended_a_removed_one_goes() -> None:
    store = TimestampStore({"a" * 64: format_absolute(T), "b" * 64: format_absolute(T)})
    moment = datetime(2025, 9, 20, 16, 30, 5)
    changed = with_time(store, "a" * 64, moment)
    assert (
        changed.file_bytes()
        == json.dumps(
            {"a" * 64: "(Saturday, 2025-09-20 16:30:05)", "b" * 64: format_absolute(T)}, indent=4
        ).encode()
    )
    added = with_time(store, "c" * 64, moment)
    assert list(added) == ["a" * 64, "b" * 64, "c" * 64]
    removed = with_time(store, "a" * 64, None)
    assert list(removed) == ["b" * 64]
    assert with_time(store, "c" * 64, None) == store  # nothing stored: nothing to remove
    assert list(store) == ["a" * 64, "b" * 64], "the store edited is a copy"
    assert len(diff_operations(store, changed)) == 1

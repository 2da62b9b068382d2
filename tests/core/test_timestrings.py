"""Absolute and relative strings, checked against the stdlib behaviour they mirror."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from timeline_app.core.timestrings import (
    describe_elapsed,
    format_absolute,
    format_relative,
    parse_absolute,
)

PATTERN = "%A, %Y-%m-%d %H:%M:%S"


def stdlib_parse(value: str) -> datetime | None:
    """What the middleware does (C locale, as in this test process)."""
    try:
        return datetime.strptime(value.strip("() "), PATTERN)
    except ValueError:
        return None


@given(st.datetimes(min_value=datetime(1000, 1, 1), max_value=datetime(9999, 12, 31)))
def test_format_matches_strftime_and_round_trips(moment: datetime) -> None:
    moment = moment.replace(microsecond=0)
    assert format_absolute(moment) == f"({moment.strftime(PATTERN)})"
    assert parse_absolute(format_absolute(moment)) == moment


ALPHABET = st.sampled_from(list("()0123456789 -:,\t\nMondaySunTuesWednesThursFriSatmMOND٣x"))


@given(st.text(ALPHABET, max_size=40))
def test_parser_accepts_exactly_what_strptime_accepts(text: str) -> None:
    assert parse_absolute(text) == stdlib_parse(text)


@given(
    st.datetimes(min_value=datetime(1000, 1, 1), max_value=datetime(9999, 12, 31)),
    st.sampled_from(["", " ", "  ", "\t"]),
    st.booleans(),
)
def test_parser_variants_of_real_strings(moment: datetime, pad: str, upper: bool) -> None:
    text = f"({pad}{moment.strftime(PATTERN)}{pad})"
    text = text.upper() if upper else text.replace(", ", ",  ")
    assert parse_absolute(text) == stdlib_parse(text)


@pytest.mark.parametrize(
    "value",
    [
        None,
        17,
        1.5,
        [],
        {},
        "",
        "()",
        "yesterday-ish",
        "(Sunday, 2025-02-30 10:00:00)",
        "(Sunday, 2025-09-21 12:00:60)",
        "(Sun, 2025-09-21 12:00:00)",
        "(Sunday, 2025-09-21 12:00:00) x",
    ],
)
def test_unparseable_values(value: object) -> None:
    assert parse_absolute(value) is None
    assert format_relative(value, datetime(2025, 1, 1)) == ""


def test_weekday_need_not_match_the_date() -> None:
    # strptime ignores %A when the date is complete; so does the middleware
    assert parse_absolute("(Monday, 2025-09-21 12:00:00)") == datetime(2025, 9, 21, 12)


def test_backward_pass_crosses_midnight_and_years() -> None:
    from timeline_app.core.pipeline import prepare_request
    from timeline_app.core.store import TimestampStore
    from timeline_app.core.tracking import track

    request = prepare_request([{"role": "user", "content": "a"}, {"role": "user", "content": "b"}])
    result = track(request, TimestampStore(), datetime(2026, 1, 1))
    assert [e.after for e in result.events] == [
        "(Wednesday, 2025-12-31 23:59:59)",
        "(Thursday, 2026-01-01 00:00:00)",
    ]


def test_backward_pass_carries_an_unparseable_anchor() -> None:
    from timeline_app.core.hashing import content_hash
    from timeline_app.core.pipeline import prepare_request
    from timeline_app.core.store import TimestampStore
    from timeline_app.core.tracking import track

    request = prepare_request([{"role": "user", "content": m} for m in "abc"])
    result = track(request, TimestampStore({content_hash("c"): 17}), datetime(2026, 1, 1))
    assert [e.after for e in result.events] == [17, 17, 17]


@pytest.mark.parametrize(
    ("delta", "text"),
    [
        (timedelta(0), "less than a minute"),
        (timedelta(seconds=59), "less than a minute"),
        (timedelta(minutes=1), "1 minute"),
        (timedelta(hours=1, seconds=30), "1 hour"),
        (timedelta(days=1, minutes=2), "1 day, 2 minutes"),
        (timedelta(days=3, hours=2, minutes=5), "3 days, 2 hours, 5 minutes"),
        (timedelta(days=400), "400 days"),
        (-timedelta(hours=5), "less than a minute"),
    ],
)
def test_describe_elapsed(delta: timedelta, text: str) -> None:
    now = datetime(2025, 9, 21, 12)
    assert describe_elapsed(now - delta, now) == text
    assert format_relative(format_absolute(now - delta), now) == f"[Sent {text} ago]"


@given(
    st.datetimes(min_value=datetime(1000, 1, 2), max_value=datetime(9999, 12, 31)).map(
        lambda t: t.replace(microsecond=0)
    ),
    st.integers(min_value=0, max_value=200),
)
@settings(max_examples=300)
def test_a_run_counted_back_reads_as_each_time_formatted_alone(moment, count) -> None:
    from timeline_app.core.timestrings import counted_back

    expected = [format_absolute(moment - timedelta(seconds=k)) for k in range(1, count + 1)]
    assert counted_back(moment, count) == expected
    assert counted_back(datetime(2025, 1, 1, 0, 0, 1), 3) == [
        "(Wednesday, 2025-01-01 00:00:00)",
        "(Tuesday, 2024-12-31 23:59:59)",
        "(Tuesday, 2024-12-31 23:59:58)",
    ]


_STAMPS = st.one_of(
    st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2100, 1, 1)).map(format_absolute),
    st.sampled_from(
        [
            "(Monday, 2025-02-31 10:00:00)",  # canonical in shape, no such day
            " (Sunday, 2025-9-21 12:00:00) ",  # parses, not canonical
            "(Sunday, 2125-09-21 12:00:00)",  # the weekday is not checked
            "not a time",
            "",
        ]
    ),
    st.integers(),
    st.none(),
)


@given(values=st.lists(_STAMPS, max_size=12))
def test_the_latest_of_stored_times_is_the_latest_parsed(values: list[object]) -> None:
    """``latest_absolute`` compares the middleware's canonical texts as text
    (Save's placeholder rule needs only the newest of 100,000): always the
    answer parsing each would give, whatever else the values are."""
    from timeline_app.core.timestrings import latest_absolute

    parsed = [moment for moment in map(parse_absolute, values) if moment is not None]
    assert latest_absolute(values) == (max(parsed) if parsed else None)

"""core/counted_runs.py: backfill runs kept as (anchor, step count) answer every
question as the texts written out one by one would.

The reference below writes each stretch key by key, the way the tracking walk
did before the runs were deferred: the first occurrence of a key in a
stretch counts one second further back than the one before it, from the
stretch's anchor (or takes the anchor's own text when it is the stretch's
``first``; every key takes it when the anchor does not parse). Every reading
of ``CountedRuns`` (one key, many keys, all keys, written out whole) must
agree with it, repeats of keys included.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from timeline_app.core.counted_runs import CountedRuns
from timeline_app.core.timestrings import format_absolute, parse_absolute

# far enough from the first and last representable years (tracking walks those step by step)
MOMENTS = st.datetimes(min_value=datetime(1001, 1, 1), max_value=datetime(9998, 12, 31))
UNPARSED = st.sampled_from(["not a time", "", "(Someday, soon)"])


@st.composite
def runs(draw: st.DrawFn) -> tuple[list[str], list[tuple[int, int, object, datetime | None, int]]]:
    """Keys in walk order (some repeating an earlier one) and the stretches
    that cover their first occurrences, as tracking makes them: consecutive,
    never spanning a repeat, each counting back from its own anchor."""
    distinct = draw(st.integers(1, 40))
    keys: list[str] = []
    for number in range(distinct):
        keys.append(f"k{number}")
        if draw(st.integers(0, 4)) == 0:  # a repeat of an earlier key right after
            keys.append(draw(st.sampled_from(keys)))
    firsts = [place for place, key in enumerate(keys) if keys.index(key) == place]
    # stretches: runs of consecutive first places, cut at repeats and at drawn points
    groups: list[list[int]] = [[firsts[0]]]
    for place in firsts[1:]:
        if place != groups[-1][-1] + 1 or draw(st.integers(0, 5)) == 0:
            groups.append([place])
        else:
            groups[-1].append(place)
    stretches = []
    for group in groups:
        if draw(st.integers(0, 6)) == 0:
            source: object = draw(UNPARSED)
            moment = None
            first = draw(st.integers(0, 1))
        else:
            moment = draw(MOMENTS).replace(microsecond=0)
            source = format_absolute(moment)
            first = draw(st.integers(0, 1))
        stretches.append((group[0], group[-1] + 1, source, moment, first))
    return keys, stretches


def reference(
    keys: list[str], stretches: list[tuple[int, int, object, datetime | None, int]]
) -> tuple[dict[str, object], dict[str, datetime | None]]:
    """Each stretch written out key by key, in order."""
    texts: dict[str, object] = {}
    times: dict[str, datetime | None] = {}
    for start, end, source, moment, first in stretches:
        for step, place in enumerate(range(start, end)):
            if moment is None or (first and step == 0):
                texts[keys[place]], times[keys[place]] = source, parse_absolute(source)
            else:
                at = moment - timedelta(seconds=step + 1 - first)
                texts[keys[place]], times[keys[place]] = format_absolute(at), at
    return texts, times


def made(keys: list[str], stretches: list[tuple[int, int, object, datetime | None, int]]) -> CountedRuns:
    counted = CountedRuns(list(keys))
    for stretch in stretches:
        counted.add(*stretch)
    return counted


@settings(max_examples=60)  # a few seconds on 2 shared cores
@given(runs())
def test_one_key_at_a_time_answers_as_the_written_out_run(case) -> None:
    keys, stretches = case
    texts, times = reference(keys, stretches)
    counted = made(keys, stretches)
    assert len(counted) == len(texts)
    for key in keys:
        assert key in counted
        assert counted.value(key) == texts[key]
        assert counted.moment(key) == times[key]
    assert "absent" not in counted
    assert counted.value("absent", "default") == "default"
    assert counted.moment("absent") is None


@settings(max_examples=60)  # a few seconds on 2 shared cores
@given(runs())
def test_the_repeats_are_the_places_of_keys_seen_before(case) -> None:
    keys, _ = case
    expected = [place for place, key in enumerate(keys) if keys.index(key) != place]
    assert made(keys, case[1]).repeats() == expected


@settings(max_examples=60)  # a few seconds on 2 shared cores
@given(runs(), st.data())
def test_many_keys_at_once_answer_as_one_at_a_time(case, data: st.DataObject) -> None:
    keys, stretches = case
    _, times = reference(keys, stretches)
    counted = made(keys, stretches)
    asked = data.draw(st.lists(st.sampled_from(keys), max_size=30))
    assert counted.moments_of(asked) == [times[key] for key in asked]
    assert counted.moments_of([*asked, "absent"]) is None
    others = {"other": datetime(2020, 1, 1), "kept": None}
    mixed = data.draw(st.permutations([*asked, "other", "kept", "absent"]))
    assert counted.moments_or(mixed, others) == [times.get(key, others.get(key)) for key in mixed]
    assert sorted(counted.moments(), key=repr) == sorted(times.values(), key=repr)


@settings(max_examples=60)  # a few seconds on 2 shared cores
@given(runs(), st.booleans())
def test_settled_the_entries_are_the_written_out_ones_in_their_order(case, read_first: bool) -> None:
    """Written out whole (after times were read or not), the dicts hold the
    same keys in the same order with the same texts and times as writing
    them one by one; entries already there before the runs stay first."""
    keys, stretches = case
    texts, times = reference(keys, stretches)
    counted = made(keys, stretches)
    if read_first:
        counted.moments()
    entries: dict[str, object] = {"stored": "(Monday, 2025-09-22 10:05:00)"}
    parsed: dict[str, datetime | None] = {"stored": datetime(2025, 9, 22, 10, 5)}
    counted.settle_into(entries, parsed)
    assert list(entries.items()) == [("stored", "(Monday, 2025-09-22 10:05:00)"), *texts.items()]
    assert list(parsed.items()) == [("stored", datetime(2025, 9, 22, 10, 5)), *times.items()]


def test_a_run_across_a_minute_and_a_day_counts_back_through_them() -> None:
    """The texts of one run are made a minute at a time (``counted_back``):
    a run crossing midnight changes the weekday and the date with the time."""
    anchor = datetime(2025, 9, 22, 0, 0, 1)  # a Monday
    keys = [f"k{n}" for n in range(4)]
    counted = made(keys, [(0, 4, format_absolute(anchor), anchor, 1)])
    entries: dict[str, object] = {}
    counted.settle_into(entries, {})
    assert entries == {
        "k0": "(Monday, 2025-09-22 00:00:01)",
        "k1": "(Monday, 2025-09-22 00:00:00)",
        "k2": "(Sunday, 2025-09-21 23:59:59)",
        "k3": "(Sunday, 2025-09-21 23:59:58)",
    }

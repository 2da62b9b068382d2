"""Which stored entries ``{time_context_summary}`` is measured from: the rule
the spec gives (every parseable stored time but the placeholder, orphans
too), as the vectors show it, and what holds each end."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from conftest import load_vectors
from hypothesis import given, settings
from hypothesis import strategies as st

from timeline_app.core.context import Style, summary_bounds
from timeline_app.core.pipeline import prepare_request
from timeline_app.core.preview import build_preview, summary_ends
from timeline_app.core.store import TimestampStore
from timeline_app.core.timestrings import describe_elapsed
from timeline_app.core.transcripts import Transcript

WILMER = {v["name"]: v for v in load_vectors("wilmer")}


def _preview(name: str, style: Style = Style.ABSOLUTE):
    vector = WILMER[name]
    transcript = Transcript.from_messages(vector["input"]["messages"])
    store = TimestampStore(vector["input"]["timestamps"] or {})
    now = datetime.strptime(vector["input"]["now"], "%Y-%m-%d %H:%M:%S")
    preview = build_preview(transcript, store, style, now)
    return vector, preview, store, now


def test_an_orphan_is_an_end_of_the_summary_as_in_the_vector() -> None:
    vector, preview, store, now = _preview("orphans_untouched")
    request = prepare_request(vector["input"]["messages"])
    ends = summary_ends(preview, request, store)
    assert ends is not None
    earliest, latest = ends
    orphan = "2b6c2985863d3b8b4165304ab719852900a6f8bca671fcddedced1456021aeb4"
    assert (earliest.hash, earliest.message, earliest.tracked_now) == (orphan, None, False)
    assert latest.time == now and latest.message == 3 and latest.tracked_now
    said = f"This conversation started {describe_elapsed(earliest.time, now)} ago"
    assert said in vector["expected"]["time_context_summary"]


@pytest.mark.parametrize("name", sorted(WILMER))
def test_the_ends_are_the_bounds_the_summary_uses(name: str) -> None:
    vector, preview, store, _now = _preview(name)
    ends = summary_ends(preview, prepare_request(vector["input"]["messages"]), store)
    assert preview.tracking is not None
    bounds = summary_bounds(preview.tracking.store)
    assert (ends is None) == (bounds is None) == (vector["expected"]["time_context_summary"] == "")
    if ends is not None:
        assert (ends[0].time, ends[1].time) == bounds
        for end in ends:
            assert preview.tracking.store.parsed(end.hash) == end.time


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(sorted(WILMER)),
    style=st.sampled_from(list(Style)),
    shift=st.integers(-400 * 24 * 60, 400 * 24 * 60),
)
def test_an_end_after_now_is_marked_and_the_summary_words_it_as_no_time(
    name: str, style: Style, shift: int
) -> None:
    """Issue 31: a latest time three months ahead read "sent less than a
    minute ago" and nothing said it was ahead. At any "now", each end is
    marked ``after_now`` exactly when later than it, and the summary (the
    middleware's, unchanged: a future time counts as zero) words a marked end
    as "less than a minute" ago."""
    vector = WILMER[name]
    transcript = Transcript.from_messages(vector["input"]["messages"])
    store = TimestampStore(vector["input"]["timestamps"] or {})
    now = datetime.strptime(vector["input"]["now"], "%Y-%m-%d %H:%M:%S") + timedelta(minutes=shift)
    preview = build_preview(transcript, store, style, now)
    ends = summary_ends(preview, prepare_request(vector["input"]["messages"]), store, now)
    if ends is None:
        return
    earliest, latest = ends
    assert [end.after_now for end in ends] == [end.time > now for end in ends]
    summary = preview.time_context_summary
    if earliest.after_now:
        assert "started less than a minute ago" in summary
    if latest.after_now and earliest.time != latest.time:
        assert summary.endswith("The most recent message was sent less than a minute ago.]")

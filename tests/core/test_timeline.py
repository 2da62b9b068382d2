"""The join (core/timeline.py): the one-second run a row belongs to."""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from timeline_app.core.pipeline import prepare_request
from timeline_app.core.store import TimestampStore
from timeline_app.core.timeline import Flag, build_timeline, one_second_run
from timeline_app.core.timestrings import format_absolute
from timeline_app.core.transcripts import Transcript

T = datetime(2025, 9, 22, 10, 0, 0)


@given(
    st.lists(
        st.tuples(st.sampled_from(["user", "assistant", "system"]), st.sampled_from([None, -1, 0, 1, 2, 5])),
        max_size=12,
    )
)
def test_every_flagged_row_names_one_run_its_neighbours_name_too(rows) -> None:
    """Details names the run a one-second-run row belongs to (issue 31): each
    flagged row lies in a run of two or more whose ends are flagged, every
    row of it names the same run, and an unflagged row names none."""
    messages = [{"role": role, "content": f"m{i}"} for i, (role, _) in enumerate(rows)]
    request = prepare_request(messages)
    store, moment = {}, T
    for digest, (_, step) in zip(request.hashes, rows, strict=True):
        if step is not None:
            moment += timedelta(seconds=step)
            store[digest] = format_absolute(moment)
    timeline = build_timeline(Transcript.from_messages(messages), request, TimestampStore(store))
    for position, flags in enumerate(timeline.flags):
        run = one_second_run(timeline, position)
        if Flag.ONE_SECOND_RUN not in flags:
            assert run is None
            continue
        assert run is not None
        first, last, count = run
        assert first <= position <= last and count >= 2
        assert Flag.ONE_SECOND_RUN in timeline.flags[first] and Flag.ONE_SECOND_RUN in timeline.flags[last]
        for member in (first, last):
            assert one_second_run(timeline, member) == run

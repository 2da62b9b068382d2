"""The flags every view shows for a row: the join's, and "future" for a
stored time later than the discussion's "now" (``Discussion.flags``)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from timeline_app.core.discussion import at_time, open_discussion
from timeline_app.core.options import EngineOptions
from timeline_app.core.timeline import Flag

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
DEMO_TRANSCRIPT, DEMO_TIMESTAMPS = DEMO / "chat.json", DEMO / "timestamps.json"
EARLY = datetime(2025, 9, 14, 9, 30, 0)  # before the demo's #10 (09:30:05) and #12 (09-20)


def test_stored_times_after_now_are_flagged_future_and_follow_now() -> None:
    """Fails without the flag: nothing said a stored time lay after "now"."""
    demo = open_discussion(DEMO_TRANSCRIPT, DEMO_TIMESTAMPS, EngineOptions(), EARLY)
    assert demo.future_rows == (10, 12)
    assert [r for r, flags in enumerate(demo.flags) if Flag.FUTURE in flags] == [10, 12]
    rows = demo.timeline.rows
    assert all(demo.flags_of(rows[r]) == demo.flags[r] for r in range(len(rows)))
    assert Flag.FUTURE not in demo.timeline.flags[12]  # the join knows no now: its rows are shared
    later = at_time(demo, datetime(2025, 9, 21, 8, 6, 0))  # the demo's own moment: none after it
    assert demo.future_orphans == frozenset(demo.timeline.orphans)  # both at 09-20
    assert later.future_rows == () and later.flags is later.timeline.flags and not later.future_orphans
    assert at_time(later, EARLY).future_rows == (10, 12)

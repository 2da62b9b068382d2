"""A history state (the pinned "now" of a recording, a backup) and a message
stored in the same second are drawn at the same x on the strip, in every
style and zoom (issue 31: the last message sat clearly left of the "now"
line while both said 21:45:36)."""

from __future__ import annotations

import os
from datetime import timedelta

import pytest

from timeline_app.core.context import Style
from timeline_app.core.discussion import on_clock
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT


@pytest.mark.parametrize("style", list(Style))
@pytest.mark.parametrize("fraction", [0.001, 0.4, 0.999])
def test_a_state_in_the_second_of_the_last_message_is_drawn_on_its_mark(
    qtbot, demo_copy_window: MainWindow, style: Style, fraction: float
) -> None:
    window = demo_copy_window
    session, strip = window.session, window.strip
    session.set_style(style)
    store = session.pair.store
    edited = session.working.copy()
    edited.set(next(iter(edited)), "(Monday, 2025-09-22 09:00:00)")
    session.push_edit(edited, "edit")
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        assert session.save()
    (backup,) = store.parent.glob("timestamps.json.bak-*")
    layout = strip.strip_layout
    _, last = layout.span()
    row = max((r for r, x in enumerate(layout.xs) if x is not None), key=lambda r: layout.xs[r])
    assert layout.time_of(row) == last
    # the backup written within the second the last message is stored at, on the discussion's clock
    zone = session.discussion.clock_zone
    written = (last.replace(tzinfo=zone) if zone is not None else last.astimezone()) + timedelta(
        seconds=fraction
    )
    assert on_clock(session.discussion, written).replace(microsecond=0) == last
    os.utime(backup, (written.timestamp(), written.timestamp()))
    session.refresh_history()
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
    backup_state = next(
        n
        for n, s in enumerate(session.history.states)
        if s.when is not None and abs(s.when - written) < timedelta(seconds=1)
    )
    strip.fit()
    for _ in range(6):
        mark = strip.mark_rect(row)
        state = strip.state_screen_x(backup_state)
        assert mark is not None and state is not None
        if 0 <= mark.center().x() <= strip.width():
            assert abs(state - mark.center().x()) <= 1.0, (style, strip.zoom, state, mark.center().x())
        strip.zoom_by(4.0, mark.center().x())

"""The Gap column follows the style's times (tryout: in CST it read "-8 d 4 h"
between 04:41 and 05:50, the stored times' gap, not the CST times shown)."""

from __future__ import annotations

from datetime import timedelta

from PySide6.QtCore import Qt

from timeline_app.core.display import gap_text
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.window.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier


def _cell(window: MainWindow, row: int, column: Column) -> str:
    return window.model.index(row, column).data()


def test_in_cst_the_gap_is_between_the_cst_times(qtbot, demo_window: MainWindow) -> None:
    window = demo_window
    assert _cell(window, 13, Column.GAP) == "−8 d 4 h"  # Absolute: the stored times went back
    with qtbot.waitSignal(
        window.model.dataChanged,
        timeout=5000,
        check_params_cb=lambda a, b, *_: b.column() >= Column.GAP >= a.column(),
    ):
        qtbot.keyClick(window.table, Qt.Key.Key_3, CTRL)
    assert _cell(window, 12, Column.TIME) == "2025-09-21T04:41 周日"
    assert _cell(window, 13, Column.TIME) == "2025-09-21T05:50 周日"
    # 04:41:30 to 05:50:00 on the transcript's own clock: forward, from the minute shown to the minute shown
    assert _cell(window, 13, Column.GAP) == gap_text(timedelta(hours=1, minutes=9))
    window.select_source_row(13)  # Details, which a keyboard reaches, says the Gap is to the minute
    qtbot.waitUntil(lambda: "to the minute, between the times shown" in window.detail.gap.text())
    qtbot.keyClick(window.table, Qt.Key.Key_1, CTRL)
    qtbot.waitUntil(lambda: "to the minute" not in window.detail.gap.text())
    qtbot.waitUntil(lambda: _cell(window, 13, Column.GAP) == "−8 d 4 h")


def test_absolute_gaps_measure_between_the_times_the_table_shows(demo_window: MainWindow) -> None:
    """The demo's #15 and #16 show "≈ 00:20:39" and "≈ 00:20:40" (times the
    next request would store) and Gap said "1 min", measured between the
    transcript's own times (tryout): the Gap is the Time column's step."""
    import re
    from datetime import datetime

    from timeline_app.core.context import Style

    window = demo_window
    window.style_actions[Style.ABSOLUTE].trigger()
    model = window.model
    shown = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
    previous = None
    checked = simulated = 0
    for row in range(model.rowCount()):
        text = model.index(row, Column.TIME).data()
        found = shown.search(text or "")
        if found is None:
            continue
        moment = datetime.strptime(found.group(), "%Y-%m-%d %H:%M:%S")
        if previous is not None:
            assert model.index(row, Column.GAP).data() == gap_text(moment - previous), (row, text)
            checked += 1
            simulated += text.startswith("≈")
        previous = moment
    assert checked > 10 and simulated >= 2  # the ≈ rows are among them


def test_cst_gaps_read_from_the_minutes_shown(qtbot, demo_window: MainWindow) -> None:
    """CST shows minutes only, and Gap read "31 s" between two rows both
    shown as "03:05" (issue 31 item 6): every Gap is the step between the
    Time column's minutes; #11 22:41:00 and #12 22:41:30 (both 04:41 in CST)
    read "0 min", never seconds."""
    import re
    from datetime import datetime

    window = demo_window
    with qtbot.waitSignal(window.model.dataChanged, timeout=5000):
        qtbot.keyClick(window.table, Qt.Key.Key_3, CTRL)
    model = window.model
    shown = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")
    previous, checked = None, 0
    for row in range(model.rowCount()):
        found = shown.search(model.index(row, Column.TIME).data() or "")
        if found is None:
            continue
        moment = datetime.strptime(found.group(), "%Y-%m-%dT%H:%M")
        gap = model.index(row, Column.GAP).data()
        if previous is not None:
            assert gap == gap_text(moment - previous, minutes_only=True), (row, gap)
            assert not gap.endswith(" s"), (row, gap)
            checked += 1
        previous = moment
    assert checked > 10
    assert _cell(window, 11, Column.TIME)[11:16] == _cell(window, 12, Column.TIME)[11:16] == "04:41"
    assert _cell(window, 12, Column.GAP) == "0 min"


def test_under_a_filter_the_gap_names_the_hidden_message_it_is_measured_from(
    qtbot, demo_window: MainWindow
) -> None:
    """Gap is the step from the previous message of the conversation, not from
    the row above: with user messages only (Ctrl+Alt+U) the row above is an
    earlier user message, the assistant's reply between them hidden, and
    nothing said so (tryout). Each Gap cell's tooltip names the message it
    is measured from, and the header says what Gap measures."""
    import re

    window = demo_window
    proxy = window.table.model()
    header = proxy.headerData(Column.GAP, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert "not the row above" in header
    qtbot.mouseClick(window.role_buttons["user"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: 0 < proxy.rowCount() < window.model.rowCount())
    discussion = window.session.discussion
    times = discussion.next_times
    named_hidden = 0
    above: str | None = None
    for row in range(proxy.rowCount()):
        number = proxy.index(row, Column.INDEX).data()
        gap = proxy.index(row, Column.GAP).data()
        tip = proxy.index(row, Column.GAP).data(Qt.ItemDataRole.ToolTipRole)
        position = next(r.position for r in discussion.timeline.rows if str(r.index) == number)
        if gap:
            # the previous message with a time, in the whole conversation
            previous = next(r for r in range(position - 1, -1, -1) if times[r] is not None)
            said = re.search(r"since #(\d+)", tip)
            assert said is not None, tip
            assert int(said.group(1)) == discussion.timeline.rows[previous].index, (number, tip)
            named_hidden += said.group(1) != above
        above = number
    assert named_hidden, "the filter hides the message some gaps are measured from"


def test_a_predicted_time_that_goes_back_says_why(qtbot, window: MainWindow) -> None:
    """ooba_2025_tools, no timestamp file: #2 (a tool call, empty) has the
    content of #6, so the next request gives both #6's time; #3 then reads
    "≈ …:02" after #2's "…:05", a gap of −3 s with no flag and no reason
    (tryout). Its Gap tooltip says why."""
    from pathlib import Path

    from ..helpers import open_and_wait

    fixture = Path(__file__).resolve().parents[2] / "fixtures" / "ooba_2025_tools.json"
    open_and_wait(qtbot, window, fixture, None)
    model = window.model
    assert model.index(3, Column.GAP).data() == gap_text(timedelta(seconds=-3))
    assert "out-of-order" not in model.index(3, Column.STATUS).data()
    tip = model.index(3, Column.GAP).data(Qt.ItemDataRole.ToolTipRole)
    assert "since #2, the previous message with a time" in tip
    assert "back in time: #2 has the same content as a newer message and takes its time" in tip
    assert "back in time" not in model.index(4, Column.GAP).data(Qt.ItemDataRole.ToolTipRole)

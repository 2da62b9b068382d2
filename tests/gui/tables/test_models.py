"""Every model passes Qt's model tester, in each state it can be in."""

from __future__ import annotations

from datetime import datetime

from timeline_app.core.context import Style
from timeline_app.core.discussion import open_discussion
from timeline_app.core.options import EngineOptions
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.tables.filter_proxy import TimelineFilterProxy
from timeline_app.gui.tables.timeline import Column, ItemRole, TimelineTableModel

NOW = datetime(2025, 9, 21, 8, 6)


def _demo():
    return open_discussion(DEMO_TRANSCRIPT, DEMO_TIMESTAMPS, EngineOptions(), NOW)


def test_table_model_passes_modeltester(qtmodeltester) -> None:
    model = TimelineTableModel()
    qtmodeltester.check(model)
    model.set_discussion(_demo())
    qtmodeltester.check(model)
    for style in Style:
        model.set_style(style)
        qtmodeltester.check(model)
    model.set_discussion(open_discussion(None, DEMO_TIMESTAMPS, EngineOptions(), NOW))
    qtmodeltester.check(model)
    model.set_discussion(None)
    qtmodeltester.check(model)


def test_proxy_passes_modeltester_while_filtering(qtmodeltester) -> None:
    model = TimelineTableModel()
    model.set_discussion(_demo())
    proxy = TimelineFilterProxy()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy)
    proxy.set_statuses({"untracked"})
    assert proxy.rowCount() == 5
    qtmodeltester.check(proxy)
    proxy.set_statuses(set())
    proxy.set_roles({"user"})
    assert {proxy.index(r, 0).data(ItemRole.ROLE) for r in range(proxy.rowCount())} == {"user"}
    proxy.set_roles(set())
    proxy.set_flag("shared-hash")
    assert proxy.rowCount() == 2
    proxy.set_flag(None)
    proxy.set_text("LISBON")
    assert proxy.rowCount() == 1
    proxy.sort(Column.TIME)
    qtmodeltester.check(proxy)


def test_style_switch_changes_only_the_time_column(qtbot) -> None:
    model = TimelineTableModel()
    model.set_discussion(_demo())
    model.set_now(NOW)
    row = 8  # tracked, 2025-09-14 09:12:44 Berlin wall time
    assert model.index(row, Column.TIME).data() == "(Sunday, 2025-09-14 09:12:44)"
    with qtbot.waitSignal(model.dataChanged) as changed:
        model.set_style(Style.RELATIVE)
    top, bottom, _roles = changed.args
    assert (top.column(), bottom.column()) == (Column.TIME, Column.TIME)
    assert model.index(row, Column.TIME).data() == "[Sent 6 days, 22 hours, 53 minutes ago]"
    model.set_style(Style.CST)
    # the demo records its own times (+02:00), shown in Asia/Shanghai
    assert model.index(row, Column.TIME).data() == "2025-09-14T15:12 周日"
    assert model.index(14, Column.TIME).data() == "2025-09-21T05:58 周日"


def test_untracked_rows_show_what_the_next_request_would_store() -> None:
    model = TimelineTableModel()
    model.set_discussion(_demo())
    model.set_now(NOW)
    assert model.index(17, Column.TIME).data() == "≈ (Sunday, 2025-09-21 08:06:00)"
    assert (
        model.index(14, Column.TIME).data() == "≈ (Sunday, 2025-09-21 00:20:38)"
    )  # before the reply the placeholder resolves to
    assert "next request" in model.index(17, Column.TIME).data(0x0003)  # ToolTipRole


def test_qt_binding_keeps_none_alive() -> None:
    """PySide6 6.12.0 on Python 3.11 drops a reference to None on every call
    returning void, so a long session dies with 'deallocating None'. The
    project pins a version without that bug; this fails loudly on one that has it."""
    import sys

    from PySide6.QtGui import QTextCharFormat

    fmt = QTextCharFormat()
    before = sys.getrefcount(None)
    for _ in range(200):
        fmt.setToolTip("x")
    assert sys.getrefcount(None) >= before - 5


def test_the_future_filter_follows_now(qtmodeltester) -> None:
    """Flag: future keeps the rows whose stored time is after the shown
    discussion's now, and follows a new now (a clock tick, a pin) without
    a reset: the two rows after 09-14 09:30 go when now passes them."""
    from timeline_app.core.discussion import at_time

    model = TimelineTableModel()
    model.set_discussion(at_time(_demo(), datetime(2025, 9, 14, 9, 30)))
    proxy = TimelineFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_flag("future")
    assert [proxy.index(r, Column.INDEX).data() for r in range(proxy.rowCount())] == ["10", "12"]
    qtmodeltester.check(proxy)
    model.set_discussion(at_time(model.discussion, datetime(2025, 9, 15, 0, 0)))
    assert [proxy.index(r, Column.INDEX).data() for r in range(proxy.rowCount())] == ["12"]
    model.set_discussion(at_time(model.discussion, NOW))
    assert proxy.rowCount() == 0
    qtmodeltester.check(proxy)

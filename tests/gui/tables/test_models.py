"""Every model passes Qt's model tester, in each state it can be in."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt

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


def _flags(text: str) -> list[str]:
    return [part.strip() for part in (text or "").split(",")]


def test_in_cst_on_the_transcripts_own_times_the_stored_time_flag_says_so(qtmodeltester) -> None:
    """Tryout s07: in CST row 13 read "out-of-order" beside a time after row
    12's and a Gap of "1 h 9 min"; the flag is judged on the stored times,
    which CST over a transcript with its own times does not show. There the
    Status and its tooltip name it "out-of-order (stored time)"; the styles
    that show the stored times keep the plain name."""
    model = TimelineTableModel()
    model.set_discussion(_demo())
    row, plain, stored = 13, "out-of-order", "out-of-order (stored time)"
    for style in (Style.CST, Style.ABSOLUTE, Style.RELATIVE, Style.CST):
        model.set_style(style)
        qtmodeltester.check(model)
        flags = _flags(model.index(row, Column.STATUS).data())
        tip = model.index(row, Column.STATUS).data(Qt.ItemDataRole.ToolTipRole)
        if style is Style.CST:
            assert model.index(row, Column.GAP).data() == "1 h 9 min"  # forward, as the times shown
            assert stored in flags and plain not in flags
            assert stored in tip
        else:
            assert plain in flags and stored not in flags
            assert stored not in tip
    # the rows with the flag: every one renamed, and no other flag
    every = [_flags(model.index(n, Column.STATUS).data()) for n in range(model.rowCount())]
    assert all(plain not in flags for flags in every)
    assert any(stored in flags for flags in every)


def test_a_style_that_renames_the_flag_tells_the_views_the_status_changed(qtbot) -> None:
    model = TimelineTableModel()
    model.set_discussion(_demo())
    with qtbot.waitSignals([model.dataChanged] * 1, timeout=1000):
        model.set_style(Style.CST)
    seen: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda top, bottom, _roles: seen.append((top.column(), bottom.column())))
    model.set_style(Style.ABSOLUTE)
    assert any(top <= Column.STATUS <= bottom for top, bottom in seen)


def test_without_its_own_times_cst_shows_the_stored_times_and_the_plain_flag() -> None:
    """A file whose transcript records no times: CST shows the stored times,
    so its flags keep their plain names."""
    model = TimelineTableModel()
    model.set_discussion(open_discussion(None, DEMO_TIMESTAMPS, EngineOptions(), NOW))
    model.set_style(Style.CST)
    assert not model.shows_other_times
    texts = [model.index(n, Column.STATUS).data() or "" for n in range(model.rowCount())]
    assert all("(stored time)" not in text for text in texts)


def test_cells_shown_shortened_are_copied_whole(qtmodeltester) -> None:
    """The hash column shows 12 characters and Content a first line; Copy
    (``COPY_ROLE``, which every list's Ctrl+C takes) gives them whole, and
    the other cells as shown."""
    from timeline_app.gui.tables.base import COPY_ROLE

    model = TimelineTableModel()
    model.set_discussion(_demo())
    qtmodeltester.check(model)
    for number in range(model.rowCount()):
        row = model.row_at(number)
        assert model.index(number, Column.HASH).data(COPY_ROLE) == row.hash
        assert model.index(number, Column.CONTENT).data(COPY_ROLE) == row.content
        assert model.index(number, Column.TIME).data(COPY_ROLE) == model.index(number, Column.TIME).data()
        assert [model.index(number, c).data(COPY_ROLE) for c in Column] == model.copy_cells(number)

"""The filter row (panels/filter_bar.py) on its own, over the demo's table:
each control sets the proxy's criteria, the count says what is shown, F3's
step walks the shown rows and wraps, Escape clears then leaves, and the hint
fits the edit's room."""

from __future__ import annotations

from datetime import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView, QVBoxLayout, QWidget

from timeline_app.core.context import Style
from timeline_app.core.discussion import open_discussion
from timeline_app.core.options import EngineOptions
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.panels.filter_bar import FILTERS, FilterBar
from timeline_app.gui.tables.filter_proxy import TimelineFilterProxy
from timeline_app.gui.tables.timeline import Column, ItemRole, TimelineTableModel

from ..helpers import WAIT

NOW = datetime(2025, 9, 21, 8, 6)
DEMO = open_discussion(DEMO_TRANSCRIPT, DEMO_TIMESTAMPS, EngineOptions(), NOW)


class Bar:
    """A filter bar with its proxy and table in one shown widget."""

    def __init__(self, qtbot) -> None:
        self.model = TimelineTableModel()
        self.model.set_discussion(DEMO)
        self.proxy = TimelineFilterProxy()
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.bar = FilterBar(self.proxy, self.table)
        self.host = QWidget()
        column = QVBoxLayout(self.host)
        column.addWidget(self.bar)
        column.addWidget(self.table)
        qtbot.addWidget(self.host)
        self.host.resize(900, 500)

    def rows(self, role: ItemRole) -> list[object]:
        return [self.proxy.index(row, 0).data(role) for row in range(self.proxy.rowCount())]


@pytest.fixture
def bar(qtbot) -> Bar:
    return Bar(qtbot)


def test_the_text_filters_after_the_typing_pause_and_the_count_says_so(qtbot, bar: Bar) -> None:
    total = bar.model.rowCount()
    assert bar.bar.shown.text() == f"{total} rows"
    qtbot.keyClicks(bar.bar.edit, "lisbon")
    assert not bar.proxy.active  # each key restarts the pause: the table is not filtered per key
    qtbot.waitUntil(lambda: bar.proxy.rowCount() == 1, timeout=WAIT)
    assert bar.bar.shown.text() == f"1 of {total} shown"
    bar.bar.edit.clear()
    qtbot.waitUntil(lambda: not bar.proxy.active, timeout=WAIT)
    assert bar.proxy.rowCount() == total
    assert bar.bar.shown.text() == f"{total} rows"


def test_each_kind_in_the_list_shows_its_statuses_or_its_flag(bar: Bar) -> None:
    timeline = DEMO.timeline
    for number, (_, statuses, flag) in enumerate(FILTERS):
        bar.bar.combo.setCurrentIndex(number)
        expected = [
            row
            for row in range(bar.model.rowCount())
            if (not statuses or timeline.statuses[row].value in statuses)
            and (flag is None or flag in {f.value for f in timeline.flags[row]})
        ]
        shown = sorted(
            bar.proxy.mapToSource(bar.proxy.index(r, 0)).row() for r in range(bar.proxy.rowCount())
        )
        assert shown == expected, bar.bar.combo.itemText(number)
    assert bar.bar.combo.count() == len(FILTERS)


def test_the_role_buttons_show_any_of_the_checked_roles(bar: Bar) -> None:
    bar.bar.role_buttons["user"].setChecked(True)
    assert set(bar.rows(ItemRole.ROLE)) == {"user"}
    bar.bar.role_buttons["assistant"].setChecked(True)
    assert set(bar.rows(ItemRole.ROLE)) == {"user", "assistant"}
    bar.bar.role_buttons["user"].setChecked(False)
    bar.bar.role_buttons["assistant"].setChecked(False)
    assert not bar.proxy.active


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.sampled_from([1, -1]), min_size=1, max_size=12), only_user=st.booleans())
def test_f3_steps_through_the_shown_rows_and_wraps(bar: Bar, steps: list[int], only_user: bool) -> None:
    """From no current row, forward starts at the top and back at the bottom;
    then each step is one shown row, wrapping at both ends (the bar is
    shared by the examples: each starts with no current row)."""
    bar.table.selectionModel().clear()
    bar.bar.role_buttons["user"].setChecked(only_user)
    count = bar.proxy.rowCount()
    at = None
    for delta in steps:
        bar.bar.step(delta)
        at = (0 if delta > 0 else count - 1) if at is None else (at + delta) % count
        assert bar.table.currentIndex().row() == at
        assert [index.row() for index in bar.table.selectionModel().selectedRows()] == [at]


def test_escape_clears_the_text_then_gives_the_keys_to_the_table(qtbot, bar: Bar) -> None:
    bar.host.show()
    qtbot.waitExposed(bar.host)
    bar.host.activateWindow()
    qtbot.waitUntil(bar.host.isActiveWindow, timeout=WAIT)
    bar.bar.focus_text()
    qtbot.waitUntil(bar.bar.edit.hasFocus, timeout=WAIT)
    bar.bar.edit.setText("lisbon")
    qtbot.keyClick(bar.bar.edit, Qt.Key.Key_Escape)
    assert bar.bar.edit.text() == ""
    assert bar.bar.edit.hasFocus()
    qtbot.keyClick(bar.bar.edit, Qt.Key.Key_Escape)
    qtbot.waitUntil(bar.table.hasFocus, timeout=WAIT)


def test_the_long_hint_where_it_fits_the_short_one_where_it_does_not(qtbot, bar: Bar) -> None:
    bar.host.show()
    qtbot.waitExposed(bar.host)
    long_hint, short_hint = "Filter text or hash… (Ctrl+F; F3 next)", "Filter… (Ctrl+F)"
    qtbot.waitUntil(lambda: bar.bar.edit.placeholderText() == long_hint, timeout=WAIT)
    bar.host.resize(bar.host.minimumSizeHint().width(), 500)
    qtbot.waitUntil(lambda: bar.bar.edit.placeholderText() == short_hint, timeout=WAIT)
    bar.host.resize(900, 500)
    qtbot.waitUntil(lambda: bar.bar.edit.placeholderText() == long_hint, timeout=WAIT)


def test_the_flag_filters_name_the_flag_as_the_status_column_does(bar: Bar) -> None:
    """In CST over the transcript's own times the Status says "out-of-order
    (stored time)"; the filter that shows those rows names them the same."""
    combo = bar.bar.combo
    items = lambda: [combo.itemText(n) for n in range(combo.count())]  # noqa: E731
    assert "Flag: out-of-order" in items()
    bar.model.set_style(Style.CST)
    assert "Flag: out-of-order (stored time)" in items() and "Flag: out-of-order" not in items()
    number = items().index("Flag: out-of-order (stored time)")
    combo.setCurrentIndex(number)
    assert bar.proxy.rowCount() > 0
    shown = [bar.proxy.index(n, Column.STATUS).data() for n in range(bar.proxy.rowCount())]
    assert all("out-of-order (stored time)" in text for text in shown)
    bar.model.set_style(Style.RELATIVE)
    assert "Flag: out-of-order" in items() and "Flag: out-of-order (stored time)" not in items()
    assert combo.currentIndex() == number  # renaming keeps the filter chosen

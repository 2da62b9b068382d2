"""menus/sort.py on its own, over a sortable table of the demo: each item of
Sort by sorts the table by its column (the file's own order too), the order
items reverse it, a click on the header ticks the matching items, and the
two keyed commands step through the columns and flip the order."""

from __future__ import annotations

from datetime import datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

from timeline_app.core.discussion import open_discussion
from timeline_app.core.options import EngineOptions
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.menus.sort import UNSORTED, SortMenu
from timeline_app.gui.tables.filter_proxy import TimelineFilterProxy
from timeline_app.gui.tables.timeline import Column, TimelineTableModel

ASCENDING, DESCENDING = Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder


@pytest.fixture
def table(qtbot) -> QTableView:
    model = TimelineTableModel()
    model.set_discussion(
        open_discussion(DEMO_TRANSCRIPT, DEMO_TIMESTAMPS, EngineOptions(), datetime(2025, 9, 21, 8, 6))
    )
    proxy = TimelineFilterProxy()
    proxy.setSourceModel(model)
    view = QTableView()
    view.setModel(proxy)
    view.setSortingEnabled(True)
    view.sortByColumn(UNSORTED, ASCENDING)
    qtbot.addWidget(view)
    return view


@pytest.fixture
def menu(qtbot, table: QTableView) -> SortMenu:
    made = SortMenu(table, TimelineTableModel.HEADERS)
    qtbot.addWidget(made)
    return made


def _sorted_as(table: QTableView) -> tuple[int, Qt.SortOrder]:
    header = table.horizontalHeader()
    section = header.sortIndicatorSection()
    return (section if 0 <= section < len(Column) else UNSORTED), header.sortIndicatorOrder()


def _ticked(menu: SortMenu) -> tuple[int, Qt.SortOrder]:
    (column,) = [c for c, a in menu.column_actions.items() if a.isChecked()]
    (order,) = [o for o, a in menu.order_actions.items() if a.isChecked()]
    return column, order


def test_each_item_sorts_by_its_column_and_stays_ticked(table: QTableView, menu: SortMenu) -> None:
    assert set(menu.column_actions) == {UNSORTED, *Column}
    for column in [*Column, UNSORTED]:
        menu.column_actions[column].trigger()
        assert _sorted_as(table) == (column, ASCENDING)
        assert _ticked(menu) == (column, ASCENDING)


def test_the_order_items_reverse_the_sort_in_place(table: QTableView, menu: SortMenu) -> None:
    menu.column_actions[Column.TIME].trigger()
    menu.order_actions[DESCENDING].trigger()
    assert _sorted_as(table) == (Column.TIME, DESCENDING) == _ticked(menu)
    menu.order_actions[ASCENDING].trigger()
    assert _sorted_as(table) == (Column.TIME, ASCENDING) == _ticked(menu)


def test_a_sort_from_the_header_ticks_the_menu(table: QTableView, menu: SortMenu) -> None:
    table.sortByColumn(Column.STATUS, DESCENDING)
    assert _ticked(menu) == (Column.STATUS, DESCENDING)


def test_the_keyed_commands_step_through_every_column_and_back_to_the_files_order(
    table: QTableView, menu: SortMenu
) -> None:
    seen = []
    for _ in range(len(Column) + 1):
        menu.do_sort_next()
        seen.append(_sorted_as(table)[0])
    assert seen == [*Column, UNSORTED]  # from the file's order: every column, then it again
    menu.do_sort_reverse()
    assert _sorted_as(table)[1] == DESCENDING
    menu.do_sort_reverse()
    assert _sorted_as(table)[1] == ASCENDING

"""Sorting the table: each column's order is made once and reused, filtered or not."""

from __future__ import annotations

from PySide6.QtCore import Qt

from timeline_app.gui.main_window import MainWindow
from timeline_app.gui.timeline_model import Column


def _shown_rows(window: MainWindow) -> list[int]:
    proxy = window.proxy
    return [proxy.mapToSource(proxy.index(r, 0)).row() for r in range(proxy.rowCount())]


def test_every_column_sorts_both_ways_as_its_keys_filtered_or_not(qtbot, demo_window: MainWindow) -> None:
    model, proxy = demo_window.model, demo_window.proxy
    everything = list(range(model.rowCount()))
    proxy.set_roles({"user"})
    users = _shown_rows(demo_window)
    assert 0 < len(users) < len(everything)
    for accepted, roles in ((users, {"user"}), (everything, set())):
        proxy.set_roles(roles)
        for column in Column:
            keys = model.sort_keys(column)
            for order in (
                Qt.SortOrder.AscendingOrder,
                Qt.SortOrder.DescendingOrder,
                Qt.SortOrder.AscendingOrder,
            ):
                demo_window.table.sortByColumn(column, order)
                descending = order == Qt.SortOrder.DescendingOrder
                # what a stable sort of the shown rows alone gives: equal keys keep row order
                assert _shown_rows(demo_window) == sorted(accepted, key=keys.__getitem__, reverse=descending)
    demo_window.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
    assert _shown_rows(demo_window) == everything


def test_a_sorted_table_follows_a_new_filter_and_keeps_the_selection(qtbot, demo_window: MainWindow) -> None:
    model, proxy, table = demo_window.model, demo_window.proxy, demo_window.table
    table.sortByColumn(Column.TIME, Qt.SortOrder.DescendingOrder)
    demo_window.select_source_row(3)
    selected = model.sort_keys(Column.TIME)
    proxy.set_roles({model.index(3, Column.SPEAKER).data(Qt.ItemDataRole.DisplayRole).lower()})
    shown = _shown_rows(demo_window)
    assert 3 in shown
    assert shown == sorted(shown, key=selected.__getitem__, reverse=True)
    current = table.selectionModel().currentIndex()
    assert proxy.mapToSource(current).row() == 3

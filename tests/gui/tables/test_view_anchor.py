"""tables/view_anchor.py on its own, over a real table of 300 rows behind the
filter proxy: another chat opens at its top with nothing selected; after a
reset the same source rows are selected again (the current one last, rows
now gone skipped); with the same rows the anchor row comes back to where it
was on screen, in both scroll modes."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QAbstractItemView, QTableView

from timeline_app.core.discussion import open_discussion
from timeline_app.core.options import EngineOptions
from timeline_app.gui.tables.filter_proxy import TimelineFilterProxy
from timeline_app.gui.tables.timeline import TimelineTableModel
from timeline_app.gui.tables.view_anchor import ViewAnchor, selected_source_rows

from ..helpers import _chat, layout_settled

NOW = datetime(2025, 9, 22, 12, 0)
ROWS = 300


@pytest.fixture
def table(qtbot, tmp_path: Path) -> QTableView:
    transcript = _chat(tmp_path / "a", [f"message {n}" for n in range(ROWS)])
    model = TimelineTableModel()
    model.set_discussion(
        open_discussion(transcript, tmp_path / "a" / "timestamps.json", EngineOptions(), NOW)
    )
    proxy = TimelineFilterProxy()
    proxy.setSourceModel(model)
    view = QTableView()
    view.setModel(proxy)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show()
    qtbot.waitExposed(view)
    return view


def _select(table: QTableView, rows: list[int], current: int) -> None:
    proxy, selection = table.model(), table.selectionModel()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    for row in rows:
        selection.select(proxy.mapFromSource(proxy.sourceModel().index(row, 0)), flags)
    selection.setCurrentIndex(
        proxy.mapFromSource(proxy.sourceModel().index(current, 0)), QItemSelectionModel.SelectionFlag.NoUpdate
    )


def test_the_selection_is_read_as_source_rows(table: QTableView) -> None:
    _select(table, [3, 40, 250], current=40)
    rows, current = selected_source_rows(table)
    assert sorted(rows) == [3, 40, 250] and current == 40


def test_another_chat_opens_at_its_top_with_nothing_selected(table: QTableView) -> None:
    _select(table, [200], current=200)
    table.scrollTo(table.model().index(200, 0))
    anchor = ViewAnchor(table, same_chat=False)
    anchor.restore(False, lambda *_a, **_k: pytest.fail("nothing is selected in another chat"))
    assert not table.selectionModel().hasSelection()
    assert not table.selectionModel().currentIndex().isValid()
    assert table.verticalScrollBar().value() == 0


def test_after_a_reset_the_rows_are_selected_again_the_current_last(table: QTableView) -> None:
    _select(table, [5, 7, ROWS + 10], current=7)  # the last one is gone after the reset
    anchor = ViewAnchor(table)
    anchor._rows.append(ROWS + 10)
    calls: list[tuple[int, bool]] = []
    anchor.restore(False, lambda row, add: calls.append((row, add)))
    assert calls == [(5, True), (7, True)]


def test_after_a_reset_a_current_row_alone_is_selected_alone(table: QTableView) -> None:
    _select(table, [], current=9)
    anchor = ViewAnchor(table)
    calls: list[tuple[int, bool]] = []
    anchor.restore(False, lambda row, add: calls.append((row, add)))
    assert calls == [(9, False)]


@pytest.mark.parametrize(
    "mode", [QAbstractItemView.ScrollMode.ScrollPerPixel, QAbstractItemView.ScrollMode.ScrollPerItem]
)
@pytest.mark.parametrize("current_on_screen", [True, False])
def test_with_the_same_rows_the_anchor_comes_back_to_its_place_on_screen(
    table: QTableView, mode: QAbstractItemView.ScrollMode, current_on_screen: bool
) -> None:
    table.setVerticalScrollMode(mode)
    layout_settled(table)
    bar = table.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)
    top = table.indexAt(table.viewport().rect().topLeft()).row()
    anchored = top + 3 if current_on_screen else top  # off screen: the top row is the anchor
    _select(table, [], current=anchored if current_on_screen else 0)
    where = table.rowViewportPosition(anchored)
    anchor = ViewAnchor(table)
    bar.setValue(bar.value() + 5 * table.rowHeight(0) + 3)  # the rows moved under the person's eyes
    anchor.restore(True, lambda *_a, **_k: pytest.fail("the same rows keep their selection"))
    assert abs(table.rowViewportPosition(anchored) - where) < table.rowHeight(0)
    if mode == QAbstractItemView.ScrollMode.ScrollPerPixel:
        assert table.rowViewportPosition(anchored) == where

"""What the person looks at in a table, kept across a change of its model
of the same chat.

A reset (another discussion, a reload) loses the selection: it is taken as
source rows and selected again. An append inserts rows without a reset, so
the selection stays, but a sorted view may put new rows above what the
person looks at and push it down the screen: the anchor (the current row
when on screen, else the top row) is kept where it was in the viewport.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QPoint
from PySide6.QtWidgets import QAbstractItemView, QTableView


def selected_source_rows(table: QTableView) -> tuple[list[int], int | None]:
    """The selected source rows of ``table`` (over a proxy), and the current one."""
    proxy, selection = table.model(), table.selectionModel()
    rows = [proxy.mapToSource(i).row() for i in selection.selectedRows()]  # type: ignore[attr-defined]
    current = selection.currentIndex()
    return rows, (proxy.mapToSource(current).row() if current.isValid() else None)  # type: ignore[attr-defined]


class ViewAnchor:
    """Taken before the model changes, ``restore``d after it. Another chat
    (``same_chat`` false) opens like a first one, nothing selected, at its
    top: the old chat's row and scroll position mean nothing there."""

    def __init__(self, table: QTableView, same_chat: bool = True) -> None:
        self._table = table
        self._same_chat = same_chat
        self._rows, self._current = selected_source_rows(table)
        proxy = table.model()
        shown = table.selectionModel().currentIndex()
        if not shown.isValid() or not table.viewport().rect().intersects(table.visualRect(shown)):
            shown = table.indexAt(QPoint(0, 0))
        self._source = proxy.mapToSource(shown).row() if shown.isValid() else None  # type: ignore[attr-defined]
        self._top = table.rowViewportPosition(shown.row()) if shown.isValid() else 0

    def restore(self, same_rows: bool, select_row: Callable[..., None]) -> None:
        """After a reset, select the rows again (``select_row(row, add=)``);
        with the same rows, scroll so the anchor is where it was on screen."""
        if not self._same_chat:
            self._table.clearSelection()
            self._table.setCurrentIndex(QModelIndex())
            self._table.scrollToTop()
            return
        if not same_rows:
            count = self._table.model().sourceModel().rowCount()  # type: ignore[attr-defined]
            rows, current = self._rows, self._current
            for row in rows:
                if row < count and row != current:
                    select_row(row, add=True)
            if current is not None and current < count:
                select_row(current, add=bool(rows))
            return
        table, proxy = self._table, self._table.model()
        if self._source is None:
            return
        shown = proxy.mapFromSource(proxy.sourceModel().index(self._source, 0))  # type: ignore[attr-defined]
        if not shown.isValid():
            return
        table.updateGeometries()  # the scroll range knows the new rows now, not after the next layout
        moved = table.rowViewportPosition(shown.row()) - self._top
        if moved:
            bar = table.verticalScrollBar()
            per_item = table.verticalScrollMode() == QAbstractItemView.ScrollMode.ScrollPerItem
            bar.setValue(bar.value() + (moved // max(table.rowHeight(shown.row()), 1) if per_item else moved))

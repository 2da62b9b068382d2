"""View > Sort by: the table's sort from the keyboard (the header takes no focus).

One checkable item per column (and the file's own order), Ascending and
Descending, and the two keyed commands of the action table (``sort_next``,
``sort_reverse``). The items follow the header's sort indicator whatever
changed it (a click on a column, a key), so menu and header never disagree.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QTableView, QWidget

from ..tables.timeline import Column
from .actions import choice_group, sync_group

UNSORTED = -1  # the transcript's own order (what the header shows with no indicator)


class SortMenu(QMenu):
    def __init__(self, table: QTableView, headers: tuple[str, ...], parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Sort &by"), parent)
        self.setObjectName("sortMenu")
        self._table = table
        header = table.horizontalHeader()
        names = [self.tr("Message &number (#)")]
        names += [QCoreApplication.translate("TimelineTableModel", headers[c]) for c in list(Column)[1:]]
        items = [(UNSORTED, self.tr("Order in the &file")), *zip(list(Column), names, strict=True)]
        self.column_actions = choice_group(self, self, items, self._column(), self._sort_by)
        self.addSeparator()
        orders = [
            (Qt.SortOrder.AscendingOrder, self.tr("&Ascending")),
            (Qt.SortOrder.DescendingOrder, self.tr("&Descending")),
        ]
        self.order_actions = choice_group(self, self, orders, header.sortIndicatorOrder(), self._sort_in)
        self.addSeparator()
        header.sortIndicatorChanged.connect(lambda _column, _order: self._sync())

    def add_commands(self, *actions: QAction) -> None:
        """The keyed commands (made from the action table) at the menu's end."""
        self.addActions(list(actions))

    def _column(self) -> int:
        section = self._table.horizontalHeader().sortIndicatorSection()
        return section if 0 <= section < len(Column) else UNSORTED

    def _sort_by(self, column: int) -> None:
        self._table.sortByColumn(column, self._table.horizontalHeader().sortIndicatorOrder())

    def _sort_in(self, order: Qt.SortOrder) -> None:
        self._table.sortByColumn(self._column(), order)

    def _sync(self) -> None:
        sync_group(self.column_actions, self._column())
        sync_group(self.order_actions, self._table.horizontalHeader().sortIndicatorOrder())

    def do_sort_next(self) -> None:
        """The next column (after the last one: the file's order again)."""
        column = self._column() + 1
        self._sort_by(column if column < len(Column) else UNSORTED)

    def do_sort_reverse(self) -> None:
        ascending = self._table.horizontalHeader().sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
        self._sort_in(Qt.SortOrder.DescendingOrder if ascending else Qt.SortOrder.AscendingOrder)

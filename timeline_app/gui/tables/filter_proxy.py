"""Filtering and sorting of the timeline table, by role, status, flag and text.

A ``QSortFilterProxyModel`` asks Python once per row to filter and once per
comparison to sort: 1.3 s and 10 s for 100,000 rows, a frozen window. This
proxy instead computes the visible rows in view order as one Python list,
from the engine's rows and the model's sort keys (tens of milliseconds), and
maps indexes through that list. Selection survives: persistent indexes are
moved to the rows' new places (or dropped when a row is filtered out).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractProxyModel, QModelIndex, QPersistentModelIndex, Qt

from ...core.timeline import Flag, Timeline
from .base import AnyIndex
from .timeline import Column, TimelineTableModel


def _bucket(role: str) -> str:
    lowered = role.lower()
    return lowered if lowered in ("user", "assistant") else "other"


class TimelineFilterProxy(QAbstractProxyModel):
    """Accepts a row when it matches every active criterion (empty = any)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._roles: frozenset[str] = frozenset()
        self._statuses: frozenset[str] = frozenset()
        self._flag: str | None = None
        self._text = ""
        self._sort_column = -1
        self._sort_order = Qt.SortOrder.AscendingOrder
        # source rows in view order, and source row -> view row; unfiltered and
        # unsorted both are a ``range`` (100k rows: no list, no dict)
        self._order: list[int] | range = range(0)
        self._position: dict[int, int] | range = range(0)
        # the rows the criteria accept, kept while neither the criteria nor the
        # source change: sorting re-orders them without filtering 100k rows again
        self._accepted: tuple[tuple[object, ...], list[int]] | None = None
        # counts the changes of the accepted rows (not of their order alone):
        # the strip draws its dimming again only then
        self.filter_version = 0
        self._accepted_rows: range | list[int] = range(0)
        self._sorted_as: tuple[int, Qt.SortOrder, int, int] | None = None  # what the last sort() made

    # -- wiring to the source -------------------------------------------------
    def setSourceModel(self, model: TimelineTableModel) -> None:  # type: ignore[override]
        old = self.sourceModel()
        if old is not None:
            old.modelAboutToBeReset.disconnect(self.beginResetModel)
            old.modelReset.disconnect(self._source_reset)
            old.dataChanged.disconnect(self._source_changed)
            old.rowsInserted.disconnect(self._source_inserted)
        self.beginResetModel()
        super().setSourceModel(model)
        self._accepted = None
        model.modelAboutToBeReset.connect(self.beginResetModel)
        model.modelReset.connect(self._source_reset)
        model.dataChanged.connect(self._source_changed)
        model.rowsInserted.connect(self._source_inserted)
        self._compute()
        self.endResetModel()

    def _source(self) -> TimelineTableModel:
        return self.sourceModel()  # type: ignore[return-value]

    def _source_reset(self) -> None:
        self._accepted = None
        self._compute()
        self.endResetModel()

    def _source_changed(self, top: QModelIndex, bottom: QModelIndex, roles: list[int]) -> None:
        """Re-emit for the visible rows of the changed range (one signal per
        column span); rows whose match changed are filtered again."""
        self._accepted = None
        model = self._source()
        whole = top.row() == 0 and bottom.row() >= model.row_count() - 1  # a whole column (clock tick)
        changed = range(top.row(), bottom.row() + 1)
        if self.active and not whole and model.timeline is not None:  # a row that now matches, or no longer
            timeline, text, search = model.timeline, self._text, model.search_text
            flags = model.flags or timeline.flags
            if any(self._accepts(timeline, flags, r, text, search) != (r in self._position) for r in changed):
                self._relayout()
                return
        if whole and self._flag and top.column() <= Column.STATUS <= bottom.column():
            self._relayout()  # another "now": other rows are "future"
            return
        if not self._order:
            return
        if whole:
            self.dataChanged.emit(
                self.index(0, top.column()), self.index(len(self._order) - 1, bottom.column()), roles
            )
            return
        rows = [self._position[r] for r in changed if r in self._position]
        if rows:
            self.dataChanged.emit(
                self.index(min(rows), top.column()), self.index(max(rows), bottom.column()), roles
            )

    def _source_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        """Rows added after the source's last one (an appended request): the
        accepted ones are inserted at the end of the view, then, when sorted,
        moved to their places as a layout change; the selection stays."""
        model = self._source()
        timeline = model.timeline
        if parent.isValid() or timeline is None or last != model.row_count() - 1:
            self.beginResetModel()
            self._source_reset()
            return
        new = range(first, last + 1)
        if self.active:
            text, search = self._text, model.search_text
            flags = model.flags or timeline.flags
            new = [r for r in new if self._accepts(timeline, flags, r, text, search)]  # type: ignore[assignment]
        self._accepted = None
        if new:
            self.beginInsertRows(QModelIndex(), len(self._order), len(self._order) + len(new) - 1)
            if isinstance(self._order, range) and isinstance(new, range) and self._order.stop == new.start:
                self._order = self._position = range(self._order.start, new.stop)
            else:
                order = list(self._order)
                position = {source: view for view, source in enumerate(order)}
                position.update((source, len(order) + i) for i, source in enumerate(new))
                order.extend(new)
                self._order, self._position = order, position
            self.endInsertRows()
        if 0 <= self._sort_column < len(Column):
            self._relayout()

    # -- criteria -------------------------------------------------------------
    @property
    def active(self) -> bool:
        return bool(self._roles or self._statuses or self._flag or self._text)

    def accepts_source_row(self, row: int) -> bool:
        """The source row is shown (the strip dims the others)."""
        return not self.active or row in self._position

    def accepted_rows(self) -> range | list[int]:
        """The source rows the criteria accept, ascending (every row without
        one): the strip dims the others in one pass per ``filter_version``,
        not one ``accepts_source_row`` per row and paint."""
        return self._accepted_rows

    def set_roles(self, roles: set[str] | frozenset[str]) -> None:
        self._change("_roles", frozenset(r.lower() for r in roles))

    def set_statuses(self, statuses: set[str] | frozenset[str]) -> None:
        self._change("_statuses", frozenset(statuses))

    def set_flag(self, flag: str | None) -> None:
        self._change("_flag", flag or None)

    def set_text(self, text: str) -> None:
        self._change("_text", text.strip().lower())

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        # QTableView.sortByColumn sorts twice (the header's indicator, then
        # itself): the second, with nothing changed between, has nothing to do
        if self._sorted_as == (column, order, self.filter_version, id(self._order)):
            return
        self._sort_column, self._sort_order = column, order
        self._relayout()
        self._sorted_as = (column, order, self.filter_version, id(self._order))

    def _change(self, name: str, value: object) -> None:
        if getattr(self, name) != value:
            setattr(self, name, value)
            self._relayout()

    def _accepts(
        self,
        timeline: Timeline,
        flags: Sequence[frozenset[Flag]],
        row: int,
        text: str,
        search: Callable[[int], str],
    ) -> bool:
        if self._roles and _bucket(timeline.roles[row]) not in self._roles:
            return False
        if self._statuses and timeline.statuses[row].value not in self._statuses:
            return False
        if self._flag and self._flag not in {f.value for f in flags[row]}:
            return False
        return not text or text in search(row)

    def _compute(self) -> None:
        model = self._source()
        timeline = model.timeline if model is not None else None
        count = model.row_count() if model is not None else 0
        rows: range | list[int] = range(count)
        if self.active and timeline is not None:  # read from the columns: no row objects made
            flags = model.flags or timeline.flags  # the shown ones: "future" is the discussion's
            criteria = (self._roles, self._statuses, self._flag, self._text, id(timeline), id(flags), count)
            if self._accepted is None or self._accepted[0] != criteria:
                text, search = self._text, model.search_text
                self._accepted = (
                    criteria,
                    [r for r in rows if self._accepts(timeline, flags, r, text, search)],
                )
            rows = self._accepted[1]
        if rows is not self._accepted_rows:
            if rows != self._accepted_rows:
                self.filter_version += 1
            self._accepted_rows = rows
        if not 0 <= self._sort_column < len(Column) and isinstance(rows, range):
            self._order = self._position = rows  # every row, in source order
            return
        if 0 <= self._sort_column < len(Column):
            descending = self._sort_order == Qt.SortOrder.DescendingOrder
            whole = model.sorted_rows(Column(self._sort_column), descending)  # made once, then reused
            if isinstance(rows, range):
                order = list(whole)
            else:  # the accepted rows, in the sorted order (what sorting them alone gives)
                accepted = bytearray(count)
                for row in rows:
                    accepted[row] = 1
                order = list(itertools.compress(whole, map(accepted.__getitem__, whole)))
        else:
            order = list(rows)
        self._order = order
        self._position = dict(zip(order, range(len(order)), strict=True))

    def _relayout(self) -> None:
        """New rows/order; persistent indexes (the selection) follow their rows."""
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        sources = [(self._order[i.row()], i.column()) if i.row() < len(self._order) else None for i in old]
        self._compute()
        new = [
            self.index(self._position[s[0]], s[1])
            if s is not None and s[0] in self._position
            else QModelIndex()
            for s in sources
        ]
        self.changePersistentIndexList(old, new)
        self.layoutChanged.emit()

    # -- the proxy contract ----------------------------------------------------
    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self._order)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        model = self.sourceModel()
        return 0 if parent.isValid() or model is None else model.columnCount()

    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if parent.isValid() or not (0 <= row < len(self._order)) or not (0 <= column < self.columnCount()):
            return QModelIndex()
        return self.createIndex(row, column)

    def parent(self, index: AnyIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        return QModelIndex()

    def mapToSource(self, proxy: AnyIndex) -> QModelIndex:
        if not proxy.isValid() or proxy.row() >= len(self._order):
            return QModelIndex()
        return self.sourceModel().index(self._order[proxy.row()], proxy.column())

    def mapFromSource(self, source: AnyIndex) -> QModelIndex:
        if not source.isValid() or source.row() not in self._position:
            return QModelIndex()
        return self.index(self._position[source.row()], source.column())

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._order):
            return None
        return self._source().cell(self._order[index.row()], index.column(), role)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal:
            return self.sourceModel().headerData(section, orientation, role)
        return None

    def hasChildren(self, parent: AnyIndex = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and bool(self._order)

    def sibling(self, row: int, column: int, index: QModelIndex | QPersistentModelIndex) -> QModelIndex:
        return self.index(row, column)

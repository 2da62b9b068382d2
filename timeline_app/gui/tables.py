"""What every table of the app shares: a read-only model base and view set-up."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtWidgets import QAbstractItemView, QTableView

AnyIndex = QModelIndex | QPersistentModelIndex


def column_header(
    headers: Sequence[str], section: int, orientation: Qt.Orientation, role: int, context: str
) -> Any:
    """``headerData`` of a model whose columns are named by ``headers``: the
    names are marked with ``QT_TRANSLATE_NOOP(context, ...)`` where they are
    defined and translated here, when a view asks (the language may change)."""
    if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
        return QCoreApplication.translate(context, headers[section]) if 0 <= section < len(headers) else None
    return None


def cell_list(items: Iterable[str]) -> str:
    """Short labels listed in one cell, with the language's separator (", ", "、")."""
    return QCoreApplication.translate("ReadOnlyTableModel", ", ", "between the items of a list").join(items)


class ReadOnlyTableModel(QAbstractTableModel):
    """Rows from ``row_count()``, columns and headers from ``HEADERS`` (English,
    translated in ``HEADER_CONTEXT``); items selectable, never editable, never
    with children."""

    HEADERS: Sequence[str] = ()
    HEADER_CONTEXT = ""

    def row_count(self) -> int:
        raise NotImplementedError

    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        # one Python call instead of Qt's hasIndex() calling rowCount/columnCount back into Python
        if parent.isValid() or not (0 <= row < self.row_count() and 0 <= column < len(self.HEADERS)):
            return QModelIndex()
        return self.createIndex(row, column)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else self.row_count()

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        return column_header(self.HEADERS, section, orientation, role, self.HEADER_CONTEXT)

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren


def row_table(model: QAbstractItemModel, widths: Mapping[int, int], name: str = "") -> QTableView:
    """A table that selects whole rows, with no row header and fixed starting widths."""
    table = QTableView()
    if name:
        table.setObjectName(name)
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setStretchLastSection(True)
    for column, width in widths.items():
        table.setColumnWidth(column, width)
    return table


def fit_column(table: QTableView, column: int, sample: int = 200) -> None:
    """Widen ``column`` to the widest of up to ``sample`` rows spread over the
    model (Qt's own fit asks every row in view, through the proxy, at a cost
    that stalls the event loop on 100,000 rows). Never narrows it."""
    model = table.model()
    count = model.rowCount()
    if count == 0:
        return
    metrics = table.fontMetrics()
    step = max(1, count // sample)
    widest = max(
        metrics.horizontalAdvance(str(model.index(row, column).data() or "")) for row in range(0, count, step)
    )
    table.setColumnWidth(column, max(table.columnWidth(column), widest + 16))

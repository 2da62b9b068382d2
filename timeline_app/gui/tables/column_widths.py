"""The timeline table's column widths: measured, unless the user set them.

Fixed widths (Time 230, Status 170 px) fitted neither Chinese nor English at
1024 px: the Content column, the one people read, was scrolled off. Each
column is now as wide as its header and the texts it shows in the current
language, style and font (``tables.fitted_width``), refitted when those
change; Content stretches over the rest, and the short hash goes after it
(on a small screen it is the one scrolled off, not the message). A column the user drags to another
width keeps it, across discussions and runs (kept in settings).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QSettings, QSize, Signal
from PySide6.QtWidgets import QTableView

from .. import settings as codec
from .base import fitted_width

MIN_ROWS = 8  # rows of the table in view at 1024x700 whichever docks are open
SHARED_ROWS = 5  # ... down to these when a dock under the table needs the room for its own rows
CONTENT_EMS = 16  # characters of the Content column in view


class ColumnWidths(QObject):
    """Fits ``columns`` of ``table`` to their texts; the user's widths win.
    ``fitted`` says the columns may want more room than they had."""

    fitted = Signal()

    def __init__(
        self,
        table: QTableView,
        settings: QSettings,
        columns: Sequence[int],
        stretch: int,
        after: Sequence[int] = (),
    ) -> None:
        super().__init__(table)
        self._table = table
        self._settings = settings
        self._columns = list(columns)
        self._stretch = stretch
        self._after = list(after)
        header = table.horizontalHeader()
        for column in after:  # shown after the stretching column, whatever the model's order
            header.moveSection(header.visualIndex(column), header.count() - 1)
        self._user = {c: w for c, w in codec.read_column_widths(settings).items() if c in self._columns}
        self._fitting = False
        header.sectionResized.connect(self._resized)
        table.viewport().installEventFilter(self)

    @property
    def user_widths(self) -> dict[int, int]:
        return dict(self._user)

    def fit(self, *only: int) -> None:
        """Every column (or ``only`` these) to the room its texts need, the
        user's own widths kept. Each costs a sample of cells on the GUI thread."""
        self._fitting = True
        try:
            for column in only or self._columns:
                width = self._user.get(column) or fitted_width(self._table, column)
                self._table.setColumnWidth(column, width)
            self._stretch_content()
        finally:
            self._fitting = False
        self.fitted.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._stretch_content()
        return False

    def _stretch_content(self) -> None:
        """Content takes what the viewport has left; when that is less than
        ``CONTENT_EMS``, it keeps those and the columns after it scroll off
        (Qt's stretch mode would squeeze it to a sliver instead)."""
        table = self._table
        least = CONTENT_EMS * table.fontMetrics().averageCharWidth()
        before = self.preferred_width()
        after = sum(table.columnWidth(c) for c in self._after if not table.isColumnHidden(c))
        room = table.viewport().width() - before - after
        width = room if room >= least else max(least, table.viewport().width() - before)
        table.setColumnWidth(self._stretch, width)

    def preferred_width(self) -> int:
        """What the columns before the stretching one take: the table wants this
        plus room for Content."""
        header = self._table.horizontalHeader()
        return header.sectionPosition(self._stretch)

    def shortfall(self, rows: int = MIN_ROWS) -> QSize:
        """How many pixels the table lacks, across for its fitted columns and
        ``CONTENT_EMS`` of Content, down for its header and ``rows`` rows
        (``dock_fit`` takes them from the docks)."""
        table = self._table
        frame = 2 * table.frameWidth()
        bar = table.verticalScrollBar().sizeHint().width()
        across = self.preferred_width() + CONTENT_EMS * table.fontMetrics().averageCharWidth() + bar + frame
        header = table.horizontalHeader().height() if table.horizontalHeader().isVisible() else 0
        down = (
            header
            + rows * table.verticalHeader().defaultSectionSize()
            + table.horizontalScrollBar().sizeHint().height()
            + frame
        )
        return QSize(across - table.width(), down - table.height())

    def _resized(self, column: int, _old: int, new: int) -> None:
        if self._fitting or column not in self._columns or new <= 0:
            return  # ours, or the stretching Content column
        self._user[column] = new
        codec.write_column_widths(self._settings, self._user)

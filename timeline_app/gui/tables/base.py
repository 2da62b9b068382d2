"""What every table of the app shares: a read-only model base and view set-up."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    QStringListModel,
    Qt,
)
from PySide6.QtGui import QFont, QFontMetricsF, QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTreeView,
    QWidget,
)

from ...core.display import tsv
from ..widgets.text_lines import cell_text_area

AnyIndex = QModelIndex | QPersistentModelIndex

# The whole value of a cell whose shown text is shortened (a hash's first
# characters, a message's first line): what Copy takes from it, as the README
# says Ctrl+C copies what has the focus whole (tryout: the Orphans list
# copied "8329fc3aaa643f24…"). A model that shortens nothing leaves it None.
COPY_ROLE = Qt.ItemDataRole.UserRole + 64
# the part of a cell's text that may give way when the cell is narrow (a file's name), the
# rest (a time) kept whole: ``column_widths.FreeTextElide``
FREE_TEXT_ROLE = Qt.ItemDataRole.UserRole + 65


def column_header(
    headers: Sequence[str], section: int, orientation: Qt.Orientation, role: int, context: str
) -> Any:
    """``headerData`` of a model whose columns are named by ``headers``: the
    names are marked with ``QT_TRANSLATE_NOOP(context, ...)`` where they are
    defined and translated here, when a view asks (the language may change)."""
    if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
        return QCoreApplication.translate(context, headers[section]) if 0 <= section < len(headers) else None
    return None


def _list_separator() -> str:
    return QCoreApplication.translate("ReadOnlyTableModel", ", ", "between the items of a list")


def cell_list(items: Iterable[str]) -> str:
    """Short labels listed in one cell, with the language's separator (", ", "、")."""
    return _list_separator().join(items)


def cell_items(text: str) -> list[str]:
    """The labels of a ``cell_list`` cell (a view that cuts it keeps whole ones)."""
    return text.split(_list_separator())


class WholeValuesListModel(QStringListModel):
    """A list of shortened lines that copies each line's whole value
    (``COPY_ROLE``), for a list whose rows cut a value to fit."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._whole: list[str] = []

    def set_rows(self, shown: list[str], whole: list[str]) -> None:
        """``shown[i]`` is drawn, ``whole[i]`` copied."""
        self._whole = whole
        self.setStringList(shown)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == COPY_ROLE:
            return self._whole[index.row()] if index.isValid() and index.row() < len(self._whole) else None
        return super().data(index, role)


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


def rows_text(view: QAbstractItemView) -> str:
    """The selected rows of ``view`` (else its current row) as tab-separated
    text, under a header line where the view shows headers: each shown
    column's value whole (``COPY_ROLE`` where the cell shortens it), a check
    box as its state. What Ctrl+C copies from a list or table (the main
    table copies its whole values itself, the same ones)."""
    model, selection = view.model(), view.selectionModel()
    if model is None or selection is None:
        return ""
    root = view.rootIndex()
    # a row is its first cell, under its own parent: in a tree the current request
    # is a row of its discussion (by its number alone, the discussion's row was copied)
    picked = {_row_path(i): i.siblingAtColumn(0) for i in selection.selectedIndexes()}
    if not picked and view.currentIndex().isValid():
        current = view.currentIndex()
        picked = {_row_path(current): current.siblingAtColumn(0)}
    rows = [picked[path] for path in sorted(picked)]
    if isinstance(view, QListView):  # one column (a list model's columnCount is private)
        columns = [view.modelColumn()]
    else:
        hidden = view.isColumnHidden  # type: ignore[attr-defined]
        columns = [c for c in range(model.columnCount(root)) if not hidden(c)]
    header = view.horizontalHeader() if isinstance(view, QTableView) else None
    if isinstance(view, QTreeView):
        header = view.header()
    lines = []
    if header is not None and not header.isHidden():
        lines.append([str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in columns])
    for row in rows:
        lines.append([_cell_text(row.siblingAtColumn(c)) for c in columns])
    return tsv(lines) if rows else ""


def _row_path(index: QModelIndex) -> tuple[int, ...]:
    """The rows from the top down to ``index``'s: rows in the order shown."""
    path: list[int] = []
    while index.isValid():
        path.append(index.row())
        index = index.parent()
    return tuple(reversed(path))


def _cell_text(index: QModelIndex) -> str:
    whole = index.data(COPY_ROLE)
    if whole is not None:
        return str(whole)
    shown = index.data(Qt.ItemDataRole.DisplayRole)
    if shown is not None:
        return str(shown)
    checked = index.data(Qt.ItemDataRole.CheckStateRole)
    if checked is None:
        return ""
    if Qt.CheckState(checked) == Qt.CheckState.Checked:
        return QCoreApplication.translate("RowsView", "yes", "a ticked check box, copied")
    return QCoreApplication.translate("RowsView", "no", "an unticked check box, copied")


class _RowCopy(QObject):
    """Ctrl+C (the platform's Copy) in a list or table copies its current
    rows: Qt's own copies the current cell only, nothing when it is a check
    box, and Ctrl+C in Repair did nothing though the README says it copies
    what has the focus (tryout)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            isinstance(watched, QAbstractItemView)
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.matches(QKeySequence.StandardKey.Copy)
        ):
            text = rows_text(watched)
            if text:
                QGuiApplication.clipboard().setText(text)
            return True
        return False


def copies_rows(view: QAbstractItemView) -> None:
    """Ctrl+C in ``view`` copies its current rows (``rows_text``)."""
    view.installEventFilter(_RowCopy(view))


class RowsView(QTableView):
    """A table read by rows: Home and End (with or without Ctrl) go to the
    first and last row in the current column. Qt's table sends End to the
    last column and Ctrl+End to the bottom-right cell, which scrolled the #
    and Speaker columns out of view to show the hash. Ctrl+C copies its
    rows (``copies_rows``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        copies_rows(self)

    def moveCursor(
        self, action: QAbstractItemView.CursorAction, modifiers: Qt.KeyboardModifier
    ) -> QModelIndex:
        ends = {
            QAbstractItemView.CursorAction.MoveHome: 0,
            QAbstractItemView.CursorAction.MoveEnd: -1,
        }
        model = self.model()
        if action not in ends or model is None or model.rowCount(self.rootIndex()) == 0:
            return super().moveCursor(action, modifiers)
        rows = model.rowCount(self.rootIndex())
        current = self.currentIndex()
        column = current.column() if current.isValid() else self.horizontalHeader().logicalIndexAt(0)
        row = 0 if ends[action] == 0 else rows - 1
        return model.index(row, max(0, column), self.rootIndex())

    def selectionCommand(
        self, index: QModelIndex | QPersistentModelIndex, event: QEvent | None = None
    ) -> QItemSelectionModel.SelectionFlag:
        """Ctrl+Home and Ctrl+End select the row they go to, as Home and End
        do: Qt moves only the current row with Ctrl, and Details showed row 0
        while the highlight (and the strip) stayed on row 13 (tryout)."""
        if (
            isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Home, Qt.Key.Key_End)
            and event.modifiers() == Qt.KeyboardModifier.ControlModifier
        ):
            return QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        return super().selectionCommand(index, event)


def row_table(model: QAbstractItemModel, widths: Mapping[int, int], name: str = "") -> QTableView:
    """A table that selects whole rows, with no row header and fixed starting widths."""
    table = RowsView()
    if name:
        table.setObjectName(name)
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setTabKeyNavigation(False)  # Tab leaves the table (it walked cells: a keyboard trap)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setStretchLastSection(True)
    for column, width in widths.items():
        table.setColumnWidth(column, width)
    return table


def fitted_width(table: QTableView, column: int, sample: int = 100, rows: Sequence[int] | None = None) -> int:
    """The width ``column`` needs for its header and its widest text among up
    to ``sample`` rows spread over the model (or over ``rows``, the view's
    rows an append added), each in the font it is drawn in
    (italic rows, the monospace hash), plus the margins the style keeps
    around an item's text. Sampled because Qt's own fit asks every row in
    view, through the proxy, at a cost that stalls the event loop on 100,000
    rows; measured because fixed pixel widths fit one language and one font
    (Chinese status words were cut, English ones left the Content column
    off a 1024 px screen)."""
    model = table.model()
    if rows is None:
        rows = range(model.rowCount())
    widest = 0
    for row in rows[:: max(1, len(rows) // sample)]:
        index = model.index(row, column)
        font = index.data(Qt.ItemDataRole.FontRole)
        metrics = QFontMetricsF(font if isinstance(font, QFont) else table.font())
        # whole pixels up: a time with Chinese (139.4 px) fitted to its rounded
        # advance was cut at its start, "…25-09-13T00:00 周六"
        widest = max(widest, math.ceil(metrics.horizontalAdvance(str(index.data() or ""))))
    # the header's hint alone is tight in a table without sorting
    return max(header_text_width(table, column), widest + item_text_margin(table))


def item_text_margin(table: QTableView) -> int:
    """Pixels of a cell that are not its text: what the style's item layout
    keeps, the text margin it draws inside that on both sides, the grid
    line, one spare."""
    option = QStyleOptionViewItem()
    option.rect = QRect(0, 0, 1000, 20)
    option.features = QStyleOptionViewItem.ViewItemFeature.HasDisplay
    option.text = "x"
    _, room = cell_text_area(table, option)
    return 1000 - room + int(table.showGrid()) + 1


HEADER_ROOM = 8  # px beside a header's text: Qt's own fit leaves it touching the section's edges


def fit_to_contents(view: QTableView | QTreeView, columns: Iterable[int]) -> None:
    """Each of ``columns`` as wide as its cells in view and its header's text
    with room beside it (Qt's ResizeToContents sized an empty tree's Chinese
    headers, 链路 大小, to the text alone). For small models: it asks every row."""
    header = view.horizontalHeader() if isinstance(view, QTableView) else view.header()
    for column in columns:
        view.resizeColumnToContents(column)
        header.resizeSection(column, max(header.sectionSize(column), header_text_width(view, column)))


# characters of a name kept in view however narrow the dock: 9 read "lisbon-…" for
# "lisbon-moved" at 1024x700 (issue 31); an everyday id, a word or two, reads whole
NAME_EMS = 13


class _FirstTakesRest(QObject):
    """Sizes the first column of ``view`` to what the others leave (see
    ``first_takes_rest``), again whenever the view or a column is resized."""

    def __init__(
        self, view: QTreeView, hides_from: int | None = None, least: Callable[[], int] | None = None
    ) -> None:
        super().__init__(view)
        self._view = view
        self._least = least or (lambda: first_column_least(view))
        self._hides_from = hides_from
        self._shown: dict[int, int] = {}  # a hideable column's width when last shown
        self._busy = False
        view.header().setStretchLastSection(False)
        view.viewport().installEventFilter(self)
        view.header().sectionResized.connect(self._resized)
        if view.model() is not None:  # a header told more (Recordings' its clock): its least is more
            view.model().headerDataChanged.connect(lambda *_: self.fit())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def _resized(self, column: int, _old: int, _new: int) -> None:
        if column and not self._busy:  # another column fitted anew: the first takes what is left
            self.fit()

    def fit(self) -> None:
        view, header = self._view, self._view.header()
        least, room = self._least(), view.viewport().width()
        hideable = range(self._hides_from, header.count()) if self._hides_from else range(0)
        # a hidden column's size reads 0: measured as ``fit_to_contents`` fits it. Nothing
        # is shown again to be measured: a column shown and hidden again within one fit
        # told the panel, in between, that it was in view (its line under the tree cleared)
        # (and at least as wide as when last shown: Qt's hint of a hidden header section is 0,
        # and Recordings' Reply came back 1 px short of its header, issue 31)
        shown = self._shown
        shown.update({c: header.sectionSize(c) for c in hideable if not header.isSectionHidden(c)})
        sizes = {
            c: max(view.sizeHintForColumn(c), header_text_width(view, c), shown.get(c, 0))
            if c in hideable and header.isSectionHidden(c)
            else header.sectionSize(c)
            for c in range(1, header.count())
            if c in hideable or not header.isSectionHidden(c)
        }
        hide = set()
        for column in reversed(hideable):  # the last first, while the columns do not fit whole
            if least + sum(sizes.values()) <= room:
                break
            hide.add(column)
            del sizes[column]
        self._busy = True
        try:
            for column in hideable:
                if header.isSectionHidden(column) != (column in hide):
                    header.setSectionHidden(column, column in hide)
                    if column not in hide:  # at the width measured: fitted while hidden, it kept its old one
                        header.resizeSection(column, sizes[column])
            header.resizeSection(0, max(least, room - sum(sizes.values())))
        finally:
            self._busy = False


def _own_part(name: str, others: Iterable[str]) -> tuple[int, int]:
    """The span of ``name`` that tells it from every one of ``others``: for
    each, the characters between what the two share at their start and at
    their end; the least span that meets all of those."""
    starts, ends = [], []
    for other in others:
        if other == name:
            continue
        most = min(len(name), len(other))
        first = 0
        while first < most and name[first] == other[first]:
            first += 1
        shared_end = 0
        while shared_end < most - first and name[-1 - shared_end] == other[-1 - shared_end]:
            shared_end += 1
        last = len(name) - shared_end
        if last <= first:  # the other has more where this one has none: the place around it
            first, last = max(0, first - 1), min(len(name), first + 1)
        starts.append(first)
        ends.append(last)
    if not starts:
        return 0, len(name)
    first, last = max(starts), min(ends)
    return (first, last) if first < last else (last - 1, first + 1)


def distinct_elided(name: str, others: Iterable[str], fits: Callable[[str], bool]) -> str:
    """``name`` whole when it ``fits``; else cut around the part that tells it
    from ``others`` (what it shares with them at its start and end goes
    first, "…walk-b-tran…"): cut in its middle, "list-walk-a-transcript" and
    "list-walk-b-transcript" both read "lis…ript" (issue 31). The part
    itself cut at its end when even it does not fit."""
    if fits(name):
        return name
    left, right = _own_part(name, list(others))

    def shown(a: int, b: int) -> str:
        return ("…" if a > 0 else "") + name[a:b] + ("…" if b < len(name) else "")

    if not fits(shown(left, right)):
        for b in range(right - 1, left, -1):  # its own part from its start, as far as it fits
            if fits(shown(left, b)):
                return shown(left, b)
        return shown(left, left + 1)
    while left > 0 or right < len(name):  # widen around it, its start first
        wider = [(a, b) for a, b in ((left - 1, right), (left, right + 1)) if a >= 0 and b <= len(name)]
        for a, b in wider:
            if fits(shown(a, b)):
                left, right = a, b
                break
        else:
            break
    return shown(left, right)


class _DistinctNames(QStyledItemDelegate):
    """Draws a view's first column with ``distinct_elided``: each name cut
    where it does not tell it from the names beside it (its siblings)."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        view = self.parent()
        if not isinstance(view, QAbstractItemView) or index.column() != 0 or not option.text:
            return
        _, room = cell_text_area(view, option)
        metrics = QFontMetricsF(option.font)
        if room <= 0 or metrics.horizontalAdvance(option.text) <= room:
            return
        model, parent = index.model(), index.parent()
        others = (str(model.index(row, 0, parent).data() or "") for row in range(model.rowCount(parent)))
        option.text = distinct_elided(
            option.text, others, lambda text: metrics.horizontalAdvance(text) <= room
        )


def first_column_least(view: QTreeView) -> int:
    """The least width of a ``first_takes_rest`` view's first column: its
    header's room, or ``NAME_EMS`` characters, past the branch indentation
    (at the header's width alone a name kept 6 px of text: "t…", small-screen
    test), the cell's margins beside the text too (without them "rec-chat"
    read "rec-c…" under the short Chinese header "对话", issue 31)."""
    margin = 2 * (view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1)
    # in widths of "x", a lowercase letter as ids are spelled: the font's average
    # character (6 px) held 12 of them with 1 px short (issue 31)
    ems = NAME_EMS * view.fontMetrics().horizontalAdvance("x") + margin
    return max(header_text_width(view, 0), ems) + (view.indentation() if view.rootIsDecorated() else 0)


def first_takes_rest(
    view: QTreeView, hides_from: int | None = None, least: Callable[[], int] | None = None
) -> None:
    """The first column (a name, cut in its middle, its tooltip whole) takes
    what the others, fitted to their texts, leave of the view, never less
    than its header's text: in a narrow dock the fitted first column pushed
    the rest out of view (Discussions without Last and State at 1920 px,
    Recordings' Path read "Pa", tryout). Only when even that does not fit
    does the view scroll across. Names are cut in their middle: ids that
    differ at their end all read "a-discuss…" cut at the end (smallest
    window walk); in the middle, names that differ there all read "lis…rip"
    (issue 31): each is cut around the part that tells it from the names
    beside it (``distinct_elided``). ``hides_from``: the columns from this one
    on are hidden, the last first, where they do not fit whole beside the
    others (the view's owner says them elsewhere): a date ran past the dock's
    edge, "2025-09-12 17:5" (issue 31). ``least``: the first column's least
    width, when its owner wants more than ``first_column_least``."""
    view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    view.setItemDelegateForColumn(0, _DistinctNames(view))
    _FirstTakesRest(view, hides_from, least).fit()


def header_text_width(view: QTableView | QTreeView, column: int) -> int:
    """The width ``column``'s header needs for its text, with room beside it:
    its widest line (a header on two lines, as Recordings' first, needs the
    width of one of them, issue 31)."""
    header = view.horizontalHeader() if isinstance(view, QTableView) else view.header()
    text = str(view.model().headerData(column, Qt.Orientation.Horizontal) or "")
    widest = max(header.fontMetrics().horizontalAdvance(line) for line in text.split("\n"))
    return max(header.sectionSizeHint(column), widest + HEADER_ROOM)


def keep_fitted(view: QTableView | QTreeView, columns: Sequence[int]) -> None:
    """``fit_to_contents`` now and whenever the view's (small) model changes,
    its headers' texts too: Recordings' header, told its clock after the fit
    ("… this machine's clock: zone unknown"), read "…clock: zon" (issue 31)."""
    model = view.model()
    refit = lambda *_: fit_to_contents(view, columns)  # noqa: E731
    changes = (model.modelReset, model.rowsInserted, model.dataChanged, model.layoutChanged)
    for signal in (*changes, model.headerDataChanged):
        signal.connect(refit)
    refit()


def whole_size(view: QTableView) -> QSize:
    """The size that shows every row and column of ``view`` unscrolled: its
    columns at the widths their texts and headers need, its rows, headers,
    frame and the vertical scroll bar (kept for when a screen is shorter
    than the table). Qt's own hint is a fixed 256x192 whatever the table holds."""
    header, rows = view.horizontalHeader(), view.verticalHeader()
    columns = [c for c in range(header.count()) if not header.isSectionHidden(c)]
    width = sum(max(view.sizeHintForColumn(c), header.sectionSizeHint(c)) for c in columns)
    width += (
        rows.sizeHint().width() if rows.isVisible() else 0
    ) + view.verticalScrollBar().sizeHint().width()
    height = (header.sizeHint().height() if not header.isHidden() else 0) + rows.length()
    frame = 2 * view.frameWidth()
    return QSize(width + frame, height + frame)


def rows_height(view: QTableView | QTreeView, rows: int) -> int:
    """The height that shows the header and ``rows`` rows of ``view`` with the
    horizontal scroll bar under them: a view's least height when its rows are
    what its pane is for (Qt's least is the header alone, cut)."""
    header = view.horizontalHeader() if isinstance(view, QTableView) else view.header()
    if isinstance(view, QTableView):
        row = view.verticalHeader().defaultSectionSize()
    else:
        row = view.fontMetrics().height() + 4  # Qt's tree row: the text and its margins
    style = view.style()
    bar = max(
        view.horizontalScrollBar().sizeHint().height(),
        style.pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, view),
    )
    # the header's own height once laid out (its hint was 2 px short in Chinese)
    top = max(header.sizeHint().height(), header.height() if header.isVisible() else 0)
    return top + rows * row + bar + 2 * view.frameWidth()

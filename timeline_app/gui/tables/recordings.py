"""The tree of a recording folder: one row per discussion, its requests below.

It is updated in place as records arrive (rows inserted for new requests, a
row changed when its response is written), never reset while the folder is
watched, so the selection and the scroll position survive a live recorder.
Each discussion keeps a serial number that never changes, so an index into
its requests stays right when another discussion is inserted above it.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractItemModel, QCoreApplication, QModelIndex, QObject, Qt
from PySide6.QtWidgets import QApplication, QStyle

from ...core.recordings import RecordedRequest, RecordFile, client_requests, cut_reason
from ...core.words import Problem, Said
from ...core.zones import offset_name
from ..widgets.colours import plain_tooltip
from ..wording import Counted, fill, leg_word, say
from .base import AnyIndex, column_header

HEADERS = (
    QT_TRANSLATE_NOOP("RecordingsModel", "Discussion / received"),  # with its clock: ``headerData``
    QT_TRANSLATE_NOOP("RecordingsModel", "Leg"),
    QT_TRANSLATE_NOOP("RecordingsModel", "Path"),
    QT_TRANSLATE_NOOP("RecordingsModel", "Size"),
    QT_TRANSLATE_NOOP("RecordingsModel", "Reply"),
)
_TOOLTIP_PROBLEMS = 10  # unreadable lines named in a discussion's tooltip; the rest are counted


def reply_text(request: RecordedRequest) -> str:
    """The Reply column: the HTTP status, whether it streamed, whether it was cut."""
    response = request.response
    if response is None:
        return ""
    status = str(response.status)
    text = (
        QCoreApplication.translate("RecordingsModel", "%1 streamed").replace("%1", status)
        if response.streamed
        else status
    )
    if not response.complete:
        if not response.error:
            return fill(QCoreApplication.translate("RecordingsModel", "%1 (cut)"), text)
        why = say(cut_reason(str(response.error)))
        return fill(QCoreApplication.translate("RecordingsModel", "%1 (cut: %2)"), text, why)
    return text


def recorded_offset(moment: datetime) -> str:
    """ "UTC+8": the offset a recorder wrote a time in (its machine's zone
    then), the recording's own clock."""
    return offset_name(moment.replace(tzinfo=None), moment.tzinfo)


class RecordingsModel(Counted, QAbstractItemModel):
    """Discussions (top level, by folder name) and their requests, oldest first."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._files: list[RecordFile] = []
        self._numbered: dict[Path | str, tuple[tuple[RecordedRequest, ...], dict[str, int]]] = {}
        self._serials: list[int] = []  # per top-level row; a child index's internalId
        self._next_serial = 1
        # the times are on the recorder's own clock: the zone each record was written in
        # (``RecordedRequest.received``), whatever discussion the window has open. They
        # followed the window's clock before, and the same request read 17:28:57, 19:28:57
        # or 01:28:57 (no date though the day changed) as unrelated chats opened (issue 31)
        self._clock = ""

    # -- reading ---------------------------------------------------------------
    def files(self) -> list[RecordFile]:
        return list(self._files)

    def request_at(self, index: AnyIndex) -> RecordedRequest | None:
        if not index.isValid() or not index.internalId():
            return None
        return self._file_of(index.internalId()).requests[index.row()]

    def index_of(self, request_id: str) -> QModelIndex:
        for row, file in enumerate(self._files):
            for number, request in enumerate(file.requests):
                if request.id == request_id:
                    return self.index(number, 0, self.index(row, 0))
        return QModelIndex()

    def _file_of(self, serial: int) -> RecordFile:
        return self._files[self._serials.index(serial)]

    def clock_name(self) -> str:
        """ "UTC+2": the recorder's offset at the newest arrival listed, which
        the header names ("" when nothing is listed); a request recorded at
        another offset (summer time, a leg recorded on another machine)
        names its own beside its time. Worked out when the files change."""
        return self._clock

    def _follow_clock(self) -> None:
        newest = max((f.requests[-1].received for f in self._files if f.requests), default=None)
        clock = "" if newest is None else recorded_offset(newest)
        if clock == self._clock:
            return
        self._clock = clock
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, 0)
        for row in range(len(self._files)):  # which rows name their own offset changed
            parent = self.index(row, 0)
            count = self.rowCount(parent)
            if count:
                self.dataChanged.emit(self.index(0, 0, parent), self.index(count - 1, 0, parent))

    # -- updating --------------------------------------------------------------
    def set_files(self, files: list[RecordFile]) -> None:
        self.beginResetModel()
        self._files = sorted(files, key=lambda f: f.path)
        self._serials = list(range(self._next_serial, self._next_serial + len(self._files)))
        self._next_serial += len(self._files)
        self._clock = ""
        self.endResetModel()
        self._follow_clock()

    def update_file(self, file: RecordFile) -> None:
        """Show what ``file`` holds now: new requests inserted, changed ones
        (a response arrived) updated; a file rewritten from the start is
        shown again whole."""
        paths = [f.path for f in self._files]
        if file.path not in paths:
            row = sum(1 for p in paths if p < file.path)
            self.beginInsertRows(QModelIndex(), row, row)
            self._files.insert(row, file)
            self._serials.insert(row, self._next_serial)
            self._next_serial += 1
            self.endInsertRows()
            self._follow_clock()
            return
        row = paths.index(file.path)
        parent = self.index(row, 0)
        old, new = self._files[row].requests, file.requests
        if [r.id for r in new[: len(old)]] != [r.id for r in old]:
            if old:
                self.beginRemoveRows(parent, 0, len(old) - 1)
                self._files[row] = RecordFile(file.path, ())
                self.endRemoveRows()
            old = ()
        changed = [n for n, (a, b) in enumerate(zip(old, new, strict=False)) if a != b]
        if len(new) > len(old):
            self.beginInsertRows(parent, len(old), len(new) - 1)
            self._files[row] = file
            self.endInsertRows()
        self._files[row] = file
        if changed:
            last = len(HEADERS) - 1
            self.dataChanged.emit(self.index(changed[0], 0, parent), self.index(changed[-1], last, parent))
        self.dataChanged.emit(parent, self.index(row, len(HEADERS) - 1))
        self._follow_clock()

    # -- the model interface ---------------------------------------------------
    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, 0)
        return self.createIndex(row, column, self._serials[parent.row()])

    def parent(self, index: AnyIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or not index.internalId():
            return QModelIndex()
        return self.createIndex(self._serials.index(index.internalId()), 0, 0)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._files)
        if parent.internalId() or parent.column() != 0:
            return 0
        return len(self._files[parent.row()].requests)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        """The received times' column names their clock, as History's does,
        on a line of its own: on one line the header needed 343 px of the
        tree's 337 at 1024 px and the tree scrolled across (issue 31)."""
        if section == 0 and orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            clock = self.clock_name()
            if clock:
                name = column_header(HEADERS, section, orientation, role, "RecordingsModel")
                said = fill(self.tr("(recorder's clock, %1)"), clock)
                return f"{name}\n{said}"  # the newline outside the catalogue (no control characters there)
        return column_header(HEADERS, section, orientation, role, "RecordingsModel")

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if not index.internalId():
            return self._discussion_data(self._files[index.row()], index.column(), role)
        request = self.request_at(index)
        if request is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            file = self._files[index.parent().row()]
            before = file.requests[index.row() - 1] if index.row() else None
            cells = self._request_cells(request, before)
            if index.column() == 0:
                number = self._numbers(self._files[index.parent().row()]).get(request.id)
                if number is not None:  # "request 2 · 05:12:16.267 · client", as History and Details say it
                    return self.tr("request %1 · %2").replace("%1", str(number)).replace("%2", cells[0])
            return cells[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [
                say(request.named),  # the whole moment, its date and offset too, as recorded
                QCoreApplication.translate("RecordingsModel", "id %1").replace("%1", request.id),
                say(request.place),
            ]
            if request.snapshot is not None:
                kept = request.snapshot.copy or QCoreApplication.translate(
                    "RecordingsModel", "none: no file when the request arrived"
                )
                lines.append(
                    QCoreApplication.translate("RecordingsModel", "timestamp file %1, copy %2")
                    .replace("%1", str(request.snapshot.source))
                    .replace("%2", str(kept))
                )
            return plain_tooltip("\n".join(lines))
        return None

    def _numbers(self, file: RecordFile) -> dict[str, int]:
        """Each client request's number, by id (``client_requests``), worked
        out once a file's requests change, not per cell painted."""
        kept = self._numbered.get(file.path)
        if kept is None or kept[0] is not file.requests:
            numbers = {r.id: n for n, r in enumerate(client_requests(file.requests), start=1)}
            kept = self._numbered[file.path] = (file.requests, numbers)
        return kept[1]

    def _request_cells(self, request: RecordedRequest, before: RecordedRequest | None) -> tuple[str, ...]:
        # the time of day and the leg first: in a narrow dock the column is cut at
        # its right, and a client request and its model call read alike when only
        # their dates showed. On the recorder's clock, which the header names: the
        # date when it is not the row above's, the offset when it is not the header's
        when = request.received
        shown = f"{when:%H:%M:%S}.{when.microsecond // 1000:03d}"
        if before is not None and before.received.date() != when.date():
            shown = f"{when:%Y-%m-%d} {shown}"
        offset = recorded_offset(when)
        if offset != self.clock_name():
            shown = f"{shown} {offset}"
        received = f"{shown} · {leg_word(request.leg)}"
        size = (
            f"{request.size:,} B"
            if request.body is not None
            else QCoreApplication.translate("RecordingsModel", "%1 B (not kept)").replace(
                "%1", f"{request.size:,}"
            )
        )
        return received, leg_word(request.leg), request.path, size, reply_text(request)

    def requests_text(self, count: int) -> str:
        """ "3 requests": the count the tree and the panel's summary both say."""
        return self.tr("%n request(s)", "", count)

    def _discussion_data(self, file: RecordFile, column: int, role: int):
        name = Path(file.path).parent.name
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return name
            if column == 1:
                return self.requests_text(len(file.requests))
            if column == 4 and file.problems:
                return self.tr("%n unreadable line(s)", "", len(file.problems))
            return ""
        if role == Qt.ItemDataRole.DecorationRole and column == 0 and file.problems:
            # seen without hovering: the count is in the last column, often out of view
            return QApplication.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        if role == Qt.ItemDataRole.ToolTipRole:
            runs = _runs(file.problems)
            shown = runs[:_TOOLTIP_PROBLEMS]
            lines = [str(file.path), *(self._run_text(*run) for run in shown)]
            named = sum(last - first + 1 for first, last, _said in shown)
            if len(file.problems) > named:  # a tooltip the height of the screen helps nobody
                lines.append(self.tr("… and %n more unreadable line(s)", "", len(file.problems) - named))
            return plain_tooltip("\n".join(lines))
        return None

    def _run_text(self, first: int, last: int, said: Said) -> str:
        if first == last:
            return say(Said(Problem.BAD_LINE, (first, said)))
        return fill(self.tr("lines %1-%2: %3"), first, last, say(said))


def _runs(problems: tuple[tuple[int, Said], ...]) -> list[tuple[int, int, Said]]:
    """Consecutive lines that fail alike, as (first, last, why): a burst of
    damage is said once, not as one long sentence per line (tryout)."""
    runs: list[tuple[int, int, Said]] = []
    for line, said in problems:
        if runs and runs[-1][2] == said and runs[-1][1] == line - 1:
            runs[-1] = (runs[-1][0], line, said)
        else:
            runs.append((line, line, said))
    return runs

"""The Recordings dock: a recorder's ``--out`` folder, followed live.

It lists every discussion of the folder and its requests as they arrive
(the folder, each discussion folder and each ``requests.jsonl`` are watched;
only the lines appended since the last read are parsed, off the GUI thread).
Activating a request opens it in the session, exactly as it was sent and
joined with the copy of the timestamp file kept with it. Picking a request
compares the inspector's prediction with what the model received (also on a
worker: it simulates up to a few hundred clock seconds).
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QEvent,
    QFileSystemWatcher,
    QModelIndex,
    QObject,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QLabel,
    QSplitter,
    QStyle,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ...core.compare import Comparison, compare_pair, pair_of
from ...core.discussion import on_clock
from ...core.errors import InputError
from ...core.recordings import REQUESTS_FILE, RecordedRequest, RecordFile, read_recording, read_records
from ...core.records import frozen
from ...core.words import Problem, Said
from ...core.zones import offset_name
from ..jobs import Cancelled
from ..session import DiscussionSession
from ..tables.base import (
    cell_list,
    copies_rows,
    first_column_least,
    first_takes_rest,
    header_text_width,
    keep_fitted,
    rows_height,
)
from ..tables.recordings import RecordingsModel
from ..wording import Counted, error_text, fill, leg_word, offset_said, say
from .comparison import LEAST_ROWS, ComparisonView

REREAD_DEBOUNCE_MS = 150
T = TypeVar("T")
# the panel's own keys, for the shortcut list (Help): its tree opens a request
# on Qt's "activated" (Return or Enter, as a double click)
RECORDINGS_KEYS: tuple[tuple[str, tuple[Qt.Key, ...]], ...] = (
    (
        QT_TRANSLATE_NOOP("RecordingsPanel", "Recordings: open the selected request"),
        (Qt.Key.Key_Return, Qt.Key.Key_Enter),
    ),
)


@frozen
class Compared:
    """A finished comparison, or why there is none, for one picked request."""

    request_id: str
    comparison: Comparison | None
    message: str = ""


def foreseen(source: Path | Said, work: Callable[[], T]) -> T:
    """Worker-side: ``work()``, with an error nobody foresaw (a bug, or a
    record shaped as no recorder writes it) said as a problem of ``source``,
    never as Python's words in the panel; its trace goes to stderr for a
    bug report."""
    try:
        return work()
    except (InputError, Cancelled):
        raise
    except Exception:
        traceback.print_exc(file=sys.stderr)
        raise InputError(source, Said(Problem.UNFORESEEN)) from None


def read_on(folder: Path, known: dict[Path, RecordFile]) -> list[RecordFile]:
    """Worker-side: every ``requests.jsonl`` of ``folder``, parsing only what
    was appended since ``known``; a file that did not grow is returned as it
    was (the same object, so the view knows nothing changed)."""
    out = []
    for path in sorted(folder.glob(f"*/{REQUESTS_FILE}")):
        before = known.get(path)
        try:
            if before is not None and path.stat().st_size == before.end and not before.problems:
                out.append(before)
                continue
        except OSError:
            continue
        out.append(read_records(path, since=before))
    return out


def watch_list(folder: Path, files: list[RecordFile]) -> list[str]:
    """Worker-side: the paths the dock follows (the folder, each recording's
    folder and file, and every other subfolder, where a new discussion's
    recording will appear), those that exist. Listing and stat-ing them is
    file work: a folder of thousands of discussions, or a slow disk, froze
    the window when the GUI thread did it after every read."""
    wanted = [str(folder)]
    for file in files:
        wanted += [str(file.path.parent), str(file.path)]
    wanted += [str(p) for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")]
    return [p for p in dict.fromkeys(wanted) if Path(p).exists()]


class RecordingsPanel(Counted, QWidget):
    """A recording folder's requests, live, with predicted vs actual for the
    picked one. ``folderChosen`` says which folder is shown (to keep it)."""

    folderChosen = Signal(str)

    def __init__(self, session: DiscussionSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.folder: Path | None = None
        self._opened: RecordedRequest | None = None  # the request last opened in the session
        self._known: dict[Path, RecordFile] = {}
        self.model = RecordingsModel(self)
        self.view = QTreeView()
        self.view.setObjectName("recordingsTree")
        self.view.setModel(self.model)
        copies_rows(self.view)
        self.view.setUniformRowHeights(True)
        self.view.setAllColumnsShowFocus(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # cut in the middle: "request 1 · 11:5…0 · client" keeps the number and the leg
        # (cut at its end it lost the leg, the Leg column out of view: smallest window walk)
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.view.activated.connect(self._activated)
        self.view.selectionModel().currentChanged.connect(lambda current, _: self._picked(current))
        self.model.rowsInserted.connect(self._expand_new)
        self.note = QLabel(
            self.tr("Open a recordings folder (the recorder's --out folder) from the File menu.")
        )
        self.note.setObjectName("recordingsNote")
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        self.comparison = ComparisonView()
        # the others fitted, the first (a discussion, a request) takes what they leave, cut
        # in its middle: fitted too, it pushed Reply past the tree's edge ("Re", issue 31)
        # the others hidden, the last first, where they do not fit whole beside it: at
        # 1024 px the tree scrolled across by 305 px (issue 31); the current row's hidden
        # cells are said under the tree (``_say_hidden``), where the keys reach them
        first_takes_rest(self.view, hides_from=1, least=self._first_least)
        keep_fitted(self.view, range(1, self.model.columnCount()))
        self.view.setMinimumHeight(rows_height(self.view, LEAST_ROWS))  # a discussion and its requests
        self.hidden_cells = QLabel()
        self.hidden_cells.setObjectName("recordingsHiddenCells")
        self.hidden_cells.setTextFormat(Qt.TextFormat.PlainText)
        self.hidden_cells.setWordWrap(True)
        self.hidden_cells.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hidden_cells.hide()
        header = self.view.header()
        self.view.selectionModel().currentChanged.connect(lambda *_: self._say_hidden())
        header.geometriesChanged.connect(self._say_hidden)
        self.model.dataChanged.connect(lambda *_: self._say_hidden())
        self.model.headerDataChanged.connect(lambda *_: self._keep_first_whole())
        self._keep_first_whole()
        listed = QWidget()
        listed_layout = QVBoxLayout(listed)
        listed_layout.setContentsMargins(0, 0, 0, 0)
        listed_layout.addWidget(self.view, 1)
        listed_layout.addWidget(self.hidden_cells)
        self._split = split = QSplitter(Qt.Orientation.Horizontal)
        split.setChildrenCollapsible(False)
        split.addWidget(listed)
        split.addWidget(self.comparison)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        self._split_moved = False  # the person's own split is kept
        split.splitterMoved.connect(lambda *_: setattr(self, "_split_moved", True))
        split.installEventFilter(self)
        for signal in (self.model.modelReset, self.model.rowsInserted, self.model.layoutChanged):
            signal.connect(self._give_tree_room)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.note)
        layout.addWidget(split, 1)
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._on_disk)
        self._watcher.directoryChanged.connect(self._on_disk)
        self._reread = QTimer(self, singleShot=True, interval=REREAD_DEBOUNCE_MS)
        self._reread.timeout.connect(self._read)
        session.choicesChanged.connect(self._recompare)
        session.loaded.connect(self._refresh_comparison)  # a key given to open a file may be the one missing

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._split and event.type() == QEvent.Type.Resize:
            self._give_tree_room()
        return False

    def _give_tree_room(self, *_: object) -> None:
        """The tree as wide as its columns need, up to half the panel, until
        the person moves the splitter: at 1920 px the tree kept ~265 px and
        its Path column read "Pa" beside a wide comparison (tryout)."""
        split, view = self._split, self.view
        total = sum(split.sizes())
        if self._split_moved or total <= 0:
            return
        header = view.header()
        # each column as wide as its texts want (the first's size is what the others leave),
        # those hidden for want of room too: the room asked for shows them again
        columns = sum(
            max(view.sizeHintForColumn(c), header_text_width(view, c)) for c in range(header.count())
        )
        need = columns + 2 * view.frameWidth() + view.verticalScrollBar().sizeHint().width()
        tree = min(need, total // 2)
        if split.sizes()[0] < tree:
            split.setSizes([tree, total - tree])

    def _keep_first_whole(self) -> None:
        """The tree never narrower than its first column's least (its header
        whole, the clock named): in the smallest window it had 128 px and
        scrolled across (issue 31)."""
        view = self.view
        frame = 2 * view.frameWidth() + view.verticalScrollBar().sizeHint().width()
        view.setMinimumWidth(self._first_least() + frame)

    def _first_least(self) -> int:
        """The first column's least: its header's, and a request's time and
        leg whole ("request 12 · 11:59:59.600 · client"): at 1280 px, its
        header on two lines, the column gave the others its room and the
        leg was cut (issue 31)."""
        view = self.view
        legs = max((leg_word(leg) for leg in ("client", "model")), key=view.fontMetrics().horizontalAdvance)
        said = QCoreApplication.translate("RecordingsModel", "request %1 · %2")  # as the tree says it
        sample = fill(said, "99", f"00:00:00.000 · {legs}")
        margin = 2 * (view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1)
        indent = view.indentation() * (2 if view.rootIsDecorated() else 1)  # a request is a child
        row = view.fontMetrics().horizontalAdvance(sample) + margin + indent
        return max(first_column_least(view), row)

    def _say_hidden(self) -> None:
        """The current row's cells of the columns hidden for want of room,
        under the tree, "Path /v1/chat/completions, Reply 200": a keyboard
        user reaches no tooltip; hidden when every column is in view."""
        current, header = self.view.currentIndex(), self.view.header()
        said = [
            fill(
                self.tr("%1 %2", "a column's header and its value"),
                self.model.headerData(c, Qt.Orientation.Horizontal),
                value,
            )
            for c in range(1, header.count())
            if current.isValid()
            and header.isSectionHidden(c)
            and (value := current.siblingAtColumn(c).data())
        ]
        self.hidden_cells.setText(cell_list(said))
        self.hidden_cells.setVisible(bool(said))

    # -- the folder ------------------------------------------------------------
    def ask_folder(self) -> Path | None:
        """Which recording folder to follow (a file dialog, starting at the current one)."""
        start = str(self.folder) if self.folder else ""
        path = QFileDialog.getExistingDirectory(
            self, self.tr("Open recordings folder (the recorder's --out)"), start
        )
        return Path(path) if path else None

    def set_folder(self, folder: str | Path) -> None:
        """Show (and follow) another recording folder."""
        self.folder = Path(folder)
        self._known = {}
        self.model.set_files([])
        self.comparison.set_message(self.comparison.pick_text())
        self._unwatch()
        self.folderChosen.emit(str(self.folder))
        self.note.setText(self.tr("Reading %1 …").replace("%1", str(self.folder)))
        self._read()

    def _read(self) -> None:
        folder, known = self.folder, dict(self._known)
        if folder is None:
            return

        def work(progress: Any) -> tuple[list[RecordFile], list[str]]:
            if not folder.is_dir():
                raise InputError(folder, Said(Problem.NOT_RECORDING_FOLDER))
            files = foreseen(folder, lambda: read_on(folder, known) if known else read_recording(folder))
            return files, foreseen(folder, lambda: watch_list(folder, files))

        self._session.jobs.submit(
            "recordings", work, lambda found: self._shown(folder, *found), self._failed, bound=False
        )

    def _failed(self, error: InputError) -> None:
        self.note.setText(error_text(error))

    def _shown(self, folder: Path, files: list[RecordFile], wanted: list[str]) -> None:
        if folder != self.folder:
            return
        changed = [f for f in files if self._known.get(f.path) is not f]
        for file in changed:
            self._known[file.path] = file
            self.model.update_file(file)
        requests = sum(len(f.requests) for f in files)
        text = fill(  # each count its own plural ("1 discussion, 3 requests")
            self.tr("%n discussion(s), %1 in %2 (following it live)", "", len(files)),
            self.model.requests_text(requests),
            folder,
        )
        damaged = sum(len(f.problems) for f in files)
        if damaged:  # said where a keyboard user reads, not only in a tooltip
            text += " " + self.tr(
                "%n unreadable line(s) skipped: the marked discussions' tooltips say which.", "", damaged
            )
        self.note.setText(text)
        self._watch(wanted)
        if changed:
            self._refresh_comparison()

    def _watch(self, wanted: list[str]) -> None:
        # the listing was made on the worker (``watch_list``): only the watcher is touched here
        watched = set(self._watcher.files() + self._watcher.directories())
        new = [p for p in wanted if p not in watched]
        if new:
            self._watcher.addPaths(new)

    def _unwatch(self) -> None:
        current = self._watcher.files() + self._watcher.directories()
        if current:
            self._watcher.removePaths(current)

    def _on_disk(self, _path: str) -> None:
        self._reread.start()

    def _expand_new(self, parent: QModelIndex, first: int, last: int) -> None:
        if not parent.isValid():
            for row in range(first, last + 1):
                self.view.expand(self.model.index(row, 0))

    # -- opening and comparing ---------------------------------------------------
    def _activated(self, index: QModelIndex) -> None:
        request = self.model.request_at(index)
        if request is not None:
            self.open_request(request)

    def open_request(self, request: RecordedRequest) -> bool:
        """Open a recorded request in the session: the exact body as sent,
        joined with the timestamp file copy kept with it, and "now" pinned to
        its arrival on the discussion's clock, so the next request is
        simulated as the middleware did it (the live clock is one click away)."""
        session = self._session
        snapshot = request.snapshot_path()
        source = request.snapshot.source if request.snapshot is not None else ""
        if snapshot is None and request.leg == "client" and source:
            # the recorder looked (--discussions was given) and found none: no advice
            # to add the option it had (issue 31)
            self.note.setText(
                fill(
                    self.tr(
                        "%1: no timestamp file at %2 when this request was recorded; it opens with "
                        "the discussion's file as it is now, if the DiscussionIds folder is open."
                    ),
                    say(request.named),
                    source,
                )
            )
        elif snapshot is None and request.leg == "client":
            self.note.setText(
                self.tr(
                    "%1: no copy of the timestamp file was kept with it "
                    "(record the client leg with --discussions ROOT); it opens with the discussion's "
                    "file as it is now, if the DiscussionIds folder is open."
                ).replace("%1", say(request.named))
            )
        self._opened = request
        # "now" pinned by the session to the request's arrival on the discussion's clock
        # (``recorded_now``), as for a requests.jsonl opened any other way
        return session.open(request.folder / REQUESTS_FILE, snapshot, beside=False, chat=request.id)

    def title_for(self, transcript: Path | None, chat: str | None) -> str:
        """What the window calls an opened recording: its discussion, leg,
        time and number, not the 64-hex file name of its timestamp copy ("" if
        ``transcript`` and ``chat`` are not the request opened from here)."""
        request = self._opened
        if request is None or chat != request.id or transcript != request.folder / REQUESTS_FILE:
            return ""
        file = next((f for f in self.model.files() if f.path == transcript), None)
        ids = [r.id for r in file.requests] if file is not None else []
        number = ids.index(request.id) + 1 if request.id in ids else 0
        # its arrival on the discussion's clock, named: the clock the pinned "now" beside it
        # shows (tryout: 06:45:52 in the title, "pinned 08:45:52 UTC+02:00" on the Now button)
        discussion = self._session.discussion
        when = request.received
        if discussion is not None:
            when = on_clock(discussion, when)
            arrived = f"{when:%Y-%m-%d %H:%M:%S} {offset_said(when, discussion.clock)}"
        else:
            arrived = f"{when:%Y-%m-%d %H:%M:%S} {offset_name(when.replace(tzinfo=None), when.tzinfo)}"
        return fill(
            self.tr("%1 · %2 · %3 · request %4", "a recorded request: discussion, leg, time, its number"),
            request.discussion_id or request.folder.name,
            leg_word(request.leg),
            arrived,
            number or "?",
        )

    def _picked(self, index: QModelIndex) -> None:
        request = self.model.request_at(index)
        if request is None:
            self._session.jobs.cancel("comparison")
            self.comparison.set_message(self.comparison.pick_text())
            return
        self.comparison.set_message(self.tr("Comparing %1 …").replace("%1", say(request.named)))
        self._compare(request)

    def _recompare(self) -> None:
        """Other engine choices predict differently: compare the picked request again."""
        request = self.model.request_at(self.view.currentIndex())
        if request is not None:
            self._compare(request)

    def _refresh_comparison(self) -> None:
        """New records may complete the picked request's pair, and a key given
        meanwhile may open an encrypted copy: compare again when the last
        comparison had nothing (or too little) to compare."""
        request = self.model.request_at(self.view.currentIndex())
        shown = self.comparison.comparison
        if request is not None and (shown is None or shown.model is None):
            self._compare(request)

    def _compare(self, request: RecordedRequest) -> None:
        files, options, key = self.model.files(), self._session.options, self._session.file_key

        def work(progress: Any) -> Compared:
            progress(QCoreApplication.translate("RecordingsPanel", "predicting the recorded request"), 0.1)
            found = pair_of(files, request)
            if found is None:
                message = QCoreApplication.translate(
                    "RecordingsPanel", "%1: a model call made while no client request ran"
                )
                return Compared(request.id, None, message.replace("%1", say(request.named)))
            pair, following = found
            return Compared(
                request.id, foreseen(request.place, lambda: compare_pair(pair, options, key, following))
            )

        def failed(error: InputError) -> None:
            self.comparison.set_message(self.tr("not compared: %1").replace("%1", error_text(error)))

        # a recorded request against its prediction: no open discussion's work
        self._session.jobs.submit("comparison", work, self._compared, failed, bound=False)

    def _compared(self, result: Compared) -> None:
        if result.comparison is None:
            self.comparison.set_message(result.message)
        else:
            self.comparison.set_comparison(result.comparison)

"""The discussions browser: every timestamp file under a DiscussionIds root.

A Rescan button reads the root again (new discussions appear); each entry's
context menu (right click or the Menu key) opens it, shows its folder in the
file manager or copies its path.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QFileSystemWatcher,
    QModelIndex,
    QPoint,
    QSize,
    Qt,
    QTimer,
    QUrl,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QDesktopServices,
    QFontMetricsF,
    QGuiApplication,
    QKeySequence,
    QShowEvent,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QStyleOptionViewItem,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ...core.discovery import DiscussionSummary, find_discussions, summarize, user_folder_matches
from ..session import DiscussionSession
from ..tables.base import cell_list, first_column_least, first_takes_rest, fit_to_contents, header_text_width
from ..widgets import colours
from ..widgets.colours import plain_tooltip
from ..widgets.keys import custom_menu
from ..widgets.text_lines import cell_text_area
from ..wording import Counted, entries_meaning, error_text, fill, number, say

PATH_ROLE = Qt.ItemDataRole.UserRole + 1
FILE_ROLE = Qt.ItemDataRole.UserRole + 2  # the row's ``DiscussionFile``, summarized again in place
HEADERS = [
    QT_TRANSLATE_NOOP("DiscussionsPanel", "Discussion"),
    QT_TRANSLATE_NOOP("DiscussionsPanel", "Entries"),
    QT_TRANSLATE_NOOP("DiscussionsPanel", "First"),
    QT_TRANSLATE_NOOP("DiscussionsPanel", "Last"),
    QT_TRANSLATE_NOOP("DiscussionsPanel", "State"),
]
# name and entries: the columns a dock at its minimum shows whole; First, Last and
# State are hidden, the last first, where they would be cut, and said under the tree
# for the current entry (at 1024x700 the Last dates ran past the dock's edge,
# "2025-09-12 17:5", issue 31; a date is never cut)
HEADERS_IN_VIEW = 2
WATCHED_MOST = 500  # discussions whose folder and file the panel follows (the newest)
REREAD_DEBOUNCE_MS = 300  # a discussion's folder changed: summarized again once it is quiet this long


def scan_root(root: Path, progress) -> list[DiscussionSummary]:
    """Worker-side: list and summarize every discussion under ``root``."""
    files = find_discussions(root)
    summaries = []
    for done, file in enumerate(files):
        stage = QCoreApplication.translate("DiscussionsPanel", "reading %1").replace("%1", file.discussion_id)
        progress(stage, done / max(1, len(files)))
        summaries.append(summarize(file))
    return summaries


class DiscussionsPanel(Counted, QWidget):
    """Every discussion under a root; activating one opens it in the session
    as a pair (its file, with the transcript beside it when one matches).
    The tree follows what is open. ``rootChosen`` says which root was read."""

    rootChosen = Signal(str)

    def __init__(self, session: DiscussionSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._jobs = session.jobs
        self.root: Path | None = None
        self.api_key: str | None = None  # marks the user's own per-user folder; in memory only
        self.model = QStandardItemModel(self)
        self.model.setHorizontalHeaderLabels([self.tr(h) for h in HEADERS])
        self.model.horizontalHeaderItem(1).setToolTip(plain_tooltip(entries_meaning()))
        self.view = QTreeView()
        self.view.setModel(self.model)
        self.view.setUniformRowHeights(True)
        self.view.setEditTriggers(QTreeView.EditTrigger.NoEditTriggers)
        self.view.activated.connect(self._activated)
        first_takes_rest(self.view, hides_from=HEADERS_IN_VIEW)
        fit_to_contents(self.view, range(1, len(HEADERS)))  # empty, its headers' texts (not 100 px each)
        self.note = QLabel(self.tr("Open a DiscussionIds folder (Ctrl+Shift+O)."))
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        self.refresh_button = QPushButton(self.tr("Resca&n"))
        self.refresh_button.setObjectName("refreshDiscussions")
        self.refresh_button.setToolTip(self.tr("Read the folder again (new and changed discussions)"))
        self.refresh_button.setEnabled(False)
        self.refresh_button.clicked.connect(self.refresh)
        custom_menu(self.view, self._context_menu)  # by the mouse, the Menu key and Shift+F10
        # the whole name without a mouse: a narrow dock cuts it, its tooltip needs a
        # hover (smallest window walk); Ctrl+C copies the current entry's path
        self.copy_action = QAction(self.tr("&Copy path"), self.view)
        self.copy_action.setShortcut(QKeySequence.StandardKey.Copy)
        self.copy_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.copy_action.triggered.connect(lambda: self._copy_path(self.view.currentIndex()))
        self.view.addAction(self.copy_action)
        # the note has the dock's whole width (beside the button, a narrow dock wrapped it
        # one Chinese character a line)
        top = QHBoxLayout()
        top.addStretch(1)
        top.addWidget(self.refresh_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.note)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        # the current entry's state whole, under the tree: a narrow dock cuts the State
        # column ("有 1 个…", smallest window walk) and its tooltip needs a pointer
        self.entry_state = QLabel()
        self.entry_state.setObjectName("discussionEntryState")
        self.entry_state.setTextFormat(Qt.TextFormat.PlainText)
        self.entry_state.setWordWrap(True)
        self.entry_state.hide()
        layout.addWidget(self.entry_state)
        self.view.selectionModel().currentChanged.connect(lambda current, _: self._show_state(current))
        # the dock narrowed or widened: the current name may be cut now, or whole again
        self.view.header().sectionResized.connect(lambda *_: self._show_state(self.view.currentIndex()))
        # ... and Last or State hidden or shown again: said under the tree, or no longer
        self.view.header().geometriesChanged.connect(lambda: self._show_state(self.view.currentIndex()))
        session.pairChanged.connect(self.follow)
        session.loaded.connect(self._open_read)
        # its files changed on disk, read again or not (unsaved edits the file's change
        # meets): "lisbon-trip 13" stayed after the file grew to 20, until Rescan (issue 31)
        session.diskChecked.connect(self._open_read)
        # every listed discussion's folder (where the middleware replaces its file) and the
        # root (a discussion added or removed): another discussion's count read as at the
        # last Rescan while its file grew (tryK/L). Summarized again on a worker, debounced
        self._watcher = QFileSystemWatcher(self)
        self._watcher.directoryChanged.connect(self._on_disk)
        self._watcher.fileChanged.connect(lambda path: self._on_disk(str(Path(path).parent)))
        self._changed: set[str] = set()
        self._reread = QTimer(self, singleShot=True, interval=REREAD_DEBOUNCE_MS)
        self._reread.timeout.connect(self._read_changed)

    def minimumSizeHint(self) -> QSize:
        """At least as wide as the first columns: the name's least, and the
        count and the dates as fitted to what they hold (a date is never cut),
        each at least its header's text: beside a 1280 px table Qt squeezed
        the dock to ~130 px ("Discussion | Ent", 最早 cut, the note on three
        lines)."""
        hint = super().minimumSizeHint()
        header = self.view.header()
        headers = first_column_least(self.view) + sum(
            max(header_text_width(self.view, column), header.sectionSize(column))
            for column in range(1, HEADERS_IN_VIEW)
        )
        margins = self.layout().contentsMargins().left() + self.layout().contentsMargins().right()
        frame = 2 * self.view.frameWidth() + self.view.verticalScrollBar().sizeHint().width()
        return QSize(max(hint.width(), headers + frame + margins), hint.height())

    def _show_state(self, current: QModelIndex) -> None:
        """The current entry's name and whole state under the tree; its name
        alone when the tree cuts it (a keyboard user reaches no tooltip:
        "lis…rip" named no discussion, issue 31); else hidden."""
        header = self.view.header()
        hidden = [
            fill(self.tr("%1 %2", "a column's header and its value"), self.tr(HEADERS[column]), value)
            for column in range(HEADERS_IN_VIEW, len(HEADERS) - 1)
            if current.isValid()
            and header.isSectionHidden(column)
            and (value := current.siblingAtColumn(column).data())
        ]
        state = current.siblingAtColumn(len(HEADERS) - 1).data() if current.isValid() else None
        # the columns hidden for want of room, said here for the current entry
        state = cell_list([*hidden, state] if state else hidden)
        if not state and not (current.isValid() and self._name_cut(current.siblingAtColumn(0))):
            self.entry_state.hide()
            self.entry_state.clear()
            return
        name = current.siblingAtColumn(0).data()
        said = fill(self.tr("%1: %2", "a discussion's name and its state"), name, state) if state else name
        self.entry_state.setText(said)
        self.entry_state.show()

    def _name_cut(self, index: QModelIndex) -> bool:
        """Whether the tree draws ``index``'s name cut, in the room its style gives it."""
        option = QStyleOptionViewItem()
        option.rect = self.view.visualRect(index)
        option.features = QStyleOptionViewItem.ViewItemFeature.HasDisplay
        _, room = cell_text_area(self.view, option)
        return QFontMetricsF(self.view.font()).horizontalAdvance(str(index.data() or "")) > room

    def set_root(self, root: str | Path) -> None:
        self.root = Path(root)
        self.refresh_button.setEnabled(True)
        self.note.setText(self.tr("Reading %1 …").replace("%1", str(self.root)))
        self.rootChosen.emit(str(self.root))
        self._scan()

    def _scan(self) -> None:
        """Every discussion under the root summarized on a worker, then shown."""
        if self.root is None:
            return
        # no discussion's work (``bound=False``): bound, the open of a file given on the
        # command line cancelled it and the note said "Reading …" forever (tryout)
        root = self.root
        self._jobs.submit(
            "discover", lambda progress: scan_root(root, progress), self._show, self._failed, bound=False
        )

    def refresh(self) -> None:
        if self.root is not None:
            self.set_root(self.root)

    def entry_menu(self, index: QModelIndex) -> QMenu | None:
        """The context menu of the entry at ``index`` (None for a user folder)."""
        path = index.siblingAtColumn(0).data(PATH_ROLE) if index.isValid() else None
        if not path:
            return None
        menu = QMenu(self)
        menu.addAction(self.tr("&Open"), lambda: self._activated(index))
        menu.addAction(
            self.tr("Show in &file manager"),
            lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(Path(path).parent))),
        )
        copy = menu.addAction(self.copy_action.text(), lambda: self._copy_path(index))
        copy.setShortcut(self.copy_action.shortcut())  # said beside it: the key works in the tree
        return menu

    def _copy_path(self, index: QModelIndex) -> None:
        """The entry's path on the clipboard (it holds the whole name a narrow
        dock cuts); nothing for a user folder or no entry."""
        path = index.siblingAtColumn(0).data(PATH_ROLE) if index.isValid() else None
        if path:
            QGuiApplication.clipboard().setText(path)

    def _context_menu(self, point: QPoint) -> None:
        index = self.view.indexAt(point)
        menu = self.entry_menu(index if index.isValid() else self.view.currentIndex())
        if menu is not None:
            menu.popup(self.view.viewport().mapToGlobal(point))

    def _failed(self, error: Exception) -> None:
        self.note.setText(error_text(error))

    def _watch(self, summaries: list[DiscussionSummary]) -> None:
        """Follow the root and each listed discussion's folder (the paths come
        from the scan: nothing is listed on the GUI thread)."""
        # the newest ``WATCHED_MOST`` only: a root of thousands would take the system's
        # watches (Qt then polls them all); the others are read again when the panel is shown
        followed = sorted(summaries, key=lambda s: s.last.timestamp() if s.last else 0.0)[-WATCHED_MOST:]
        folders = [str(self.root), *(str(s.file.path.parent) for s in followed)]
        # the files too: one written in place changes no folder (one renamed over is
        # watched again when its row is read again, ``_update_row``)
        wanted = list(dict.fromkeys([*folders, *(str(s.file.path) for s in followed)]))
        current = self._watcher.directories() + self._watcher.files()
        gone = [path for path in current if path not in wanted]
        if gone:
            self._watcher.removePaths(gone)
        new = [path for path in wanted if path not in set(current)]
        if new:
            self._watcher.addPaths(new)

    def _on_disk(self, path: str) -> None:
        self._changed.add(path)
        self._reread.start()

    def _read_changed(self) -> None:
        """The discussions whose folders changed summarized again on a worker,
        each row said anew; the root changed (or one of them is gone): the
        root read again."""
        changed, self._changed = self._changed, set()
        if self.root is None or self._jobs.busy("discover"):
            return
        files = [
            item.data(FILE_ROLE)
            for item in self._items()
            if item.data(FILE_ROLE) is not None and str(item.data(FILE_ROLE).path.parent) in changed
        ]
        if str(self.root) in changed or (changed and not files):
            self._scan()
            return

        def work(_progress: object) -> list[DiscussionSummary] | None:
            if not all(file.path.is_file() for file in files):
                return None  # one is gone: its row goes with a scan of the root
            return [summarize(file) for file in files]

        def done(summaries: list[DiscussionSummary] | None) -> None:
            if summaries is None:
                self._scan()
                return
            for summary in summaries:
                self._update_row(summary)

        self._jobs.submit("discover-changed", work, done, self._failed, bound=False)

    def _show(self, summaries: list[DiscussionSummary]) -> None:
        """The root's discussions listed anew; the entry the keys were on stays
        current (read again each time the dock is shown, the list jumped back
        to the open discussion under a user walking it: a test's walk lost
        its place once in a full run)."""
        was = self.view.currentIndex().siblingAtColumn(0).data(PATH_ROLE)
        self._watch(summaries)
        self.model.removeRows(0, self.model.rowCount())
        groups: dict[str, QStandardItem] = {}
        for summary in summaries:
            file = summary.file
            parent_key = file.user_folder or ""
            if parent_key and parent_key not in groups:
                mine = self.api_key is not None and user_folder_matches(parent_key, self.api_key)
                group = QStandardItem(
                    (self.tr("user %1 (your API key)") if mine else self.tr("user %1")).replace(
                        "%1", parent_key
                    )
                )
                groups[parent_key] = group
                self.model.appendRow([group, *(QStandardItem() for _ in HEADERS[1:])])
            cells = self._cells(summary)
            (groups[parent_key].appendRow(cells) if parent_key else self.model.appendRow(cells))
        self.view.expandAll()
        fit_to_contents(self.view, range(1, len(HEADERS)))  # sized to what they hold, not 100 px each
        self.updateGeometry()  # the least width holds the dates now fitted
        self.note.setText(self.tr("%n discussion(s) in %1", "", len(summaries)).replace("%1", str(self.root)))
        kept = next((item for item in self._items() if was is not None and item.data(PATH_ROLE) == was), None)
        if kept is None:
            self.follow()
        else:
            self.view.setCurrentIndex(kept.index())

    def _cells(self, summary: DiscussionSummary) -> list[QStandardItem]:
        """One discussion's row: its name, count, first and last times, state."""
        file = summary.file
        state = []
        if summary.encrypted:
            state.append(self.tr("encrypted"))
        if summary.placeholder_pending:
            state.append(self.tr("reply pending"))
        if summary.problem:
            state.append(say(summary.problem))
        if summary.warning is not None:
            state.append(say(summary.warning))
        if file.layout == "legacy-flat":
            state.append(self.tr("legacy flat file"))
        if file.legacy_root:
            state.append(self.tr("legacy root"))
        cells = [
            QStandardItem(file.discussion_id),
            QStandardItem(number(summary.entries)),
            QStandardItem(f"{summary.first:%Y-%m-%d %H:%M}" if summary.first else ""),
            QStandardItem(f"{summary.last:%Y-%m-%d %H:%M}" if summary.last else ""),
            QStandardItem(cell_list(state)),
        ]
        cells[0].setData(str(file.path), PATH_ROLE)
        cells[0].setToolTip(plain_tooltip(str(file.path)))
        for cell in cells[2:]:  # whole where a narrow dock cuts it ("有占…", tryout)
            cell.setToolTip(plain_tooltip(cell.text()) if cell.text() else "")
        self._mark_trouble(cells, summary)
        cells[0].setData(file, FILE_ROLE)
        return cells

    def showEvent(self, event: QShowEvent) -> None:
        """Shown again (its dock opened or raised): the root read again, off
        the GUI thread, so that no count is older than the files (issue 29: a
        file removed under the root still read "other-chat 19")."""
        super().showEvent(event)
        if self.root is not None and self.model.rowCount() and not self._jobs.busy("discover"):
            self._scan()

    def _open_read(self) -> None:
        """The open discussion read from disk (opened, saved, reloaded after
        a change on disk), or its file changed on disk and not read again (an
        unsaved edit it meets): its row summarized again on a worker (issue 29:
        after a Save of 101,465 entries the row still read "big 50,506");
        its file gone, the root is read again (the row goes)."""
        store = self._session.pair.store
        item = next((i for i in self._items() if store is not None and i.data(PATH_ROLE) == str(store)), None)
        if item is None or self._jobs.busy("discover"):
            return
        file = item.data(FILE_ROLE)
        if not file.path.is_file():
            self._scan()
            return
        self._jobs.submit(
            "discover-one", lambda _progress: summarize(file), self._update_row, self._failed, bound=False
        )

    def _update_row(self, summary: DiscussionSummary) -> None:
        """``summary``'s row said anew in place (nothing if it is no longer listed)."""
        item = next((i for i in self._items() if i.data(PATH_ROLE) == str(summary.file.path)), None)
        if item is None:
            return
        parent = item.parent() or self.model.invisibleRootItem()
        row = item.row()
        for column, cell in enumerate(self._cells(summary)):
            parent.setChild(row, column, cell)
        fit_to_contents(self.view, range(1, len(HEADERS)))
        self.updateGeometry()
        self.follow()
        path = str(summary.file.path)
        if str(summary.file.path.parent) in self._watcher.directories() and path not in self._watcher.files():
            self._watcher.addPath(path)  # a file renamed over the one watched

    def _mark_trouble(self, cells: list[QStandardItem], summary: DiscussionSummary) -> None:
        """A file that cannot be read says "broken" where its count goes, and
        one with values that are no times has its count in the warning
        colour, the reason in both cells' tool tips: a broken file read "0",
        as an empty one, its reason in a column reached by scrolling (tryout)."""
        trouble = summary.problem if summary.problem is not None else summary.warning
        if trouble is None:
            return
        reason = say(trouble)
        if summary.problem is not None:
            cells[1].setText(self.tr("broken"))
        cells[1].setForeground(colours.text_ink(colours.WARNING))  # 4.5:1 on either row colour
        cells[1].setToolTip(plain_tooltip(reason))
        cells[0].setToolTip(plain_tooltip(f"{summary.file.path}\n{reason}"))

    def _activated(self, index: QModelIndex) -> None:
        path = index.siblingAtColumn(0).data(PATH_ROLE)
        if path and not self._session.open(store=Path(path)):
            self.follow()
        # a failed open puts the pair back: ``follow`` moves the highlight with it

    def _items(self) -> list[QStandardItem]:
        out = []
        for row in range(self.model.rowCount()):
            item = self.model.item(row, 0)
            out.append(item)
            out += [item.child(r, 0) for r in range(item.rowCount())]
        return out

    def follow(self) -> None:
        """Highlight the open discussion's entry (none when it is not here)."""
        store = self._session.pair.store
        selection = self.view.selectionModel()
        for item in self._items():
            if store is not None and item.data(PATH_ROLE) == str(store):
                self.view.setCurrentIndex(item.index())
                self.view.scrollTo(item.index())
                return
        selection.clearSelection()
        selection.setCurrentIndex(QModelIndex(), selection.SelectionFlag.NoUpdate)

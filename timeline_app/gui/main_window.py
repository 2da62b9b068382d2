"""The main window: assembles the views and routes user actions to the engine.

It owns no timestamp logic. Loading, hashing, simulating and previewing run
as jobs off the GUI thread; results replace the models' data in one reset so
the window never freezes and never shows half a state.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QByteArray,
    QDateTime,
    QFileSystemWatcher,
    QItemSelectionModel,
    QModelIndex,
    QSettings,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QKeySequence,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateTimeEdit,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..core.context import Style
from ..core.crypto import FileKey
from ..core.cst import CstSettings, CstVariant
from ..core.edits import Operation, apply_operations, diff_operations, save_operations
from ..core.errors import InputError, NeedsChoice, NeedsKey
from ..core.hashing import SENTINEL_PAIRS
from ..core.options import EngineOptions
from ..core.pipeline import Api, RequestOptions
from ..core.preview import Preview, build_preview
from ..core.session import Discussion, at_time, open_discussion, sniff_kind, with_store
from ..core.store import TimestampStore
from ..core.timeline import Flag, Status
from ..core.transcripts.sillytavern import NamesBehavior, SendView
from ..core.zones import get_zone, now_in
from . import theme
from .detail_pane import DetailPane
from .discussions import DiscussionsPanel
from .editing import StoreEdit
from .filter_proxy import TimelineFilterProxy
from .jobs import JobRunner
from .preview_pane import PreviewPane
from .repair_panel import RepairPanel
from .simulate_dialog import SimulateDialog
from .strip import TimelineStrip
from .strip_layout import StripLayout, layout_for
from .timeline_model import Column, TimelineTableModel, status_counts

RECENT_LIMIT = 10
CLOCK_TICK_MS = 60_000
RELOAD_DEBOUNCE_MS = 400
STYLE_KEYS = {Style.ABSOLUTE: "Ctrl+1", Style.RELATIVE: "Ctrl+2", Style.CST: "Ctrl+3"}
STYLE_NAMES = {Style.ABSOLUTE: "Absolute", Style.RELATIVE: "Relative", Style.CST: "CST"}
FILTERS = [
    ("All messages", None, None),
    ("Untracked", Status.UNTRACKED.value, None),
    ("Tracked", Status.TRACKED.value, None),
    ("System / prompts", "system-like", None),
    *[(f"Flag: {flag.value}", None, flag.value) for flag in Flag],
]


def options_from_settings(settings: QSettings) -> EngineOptions:
    """The engine options a user chose last time (defaults where unset or invalid)."""

    def text(key: str, default: str) -> str:
        value = settings.value(key, default)
        return value if isinstance(value, str) else default

    def flag(key: str) -> bool:
        return str(settings.value(key, "false")).lower() == "true"

    try:
        variant = CstVariant(text("engine/cstVariant", CstVariant.TIME_LINE.value))
    except ValueError:
        variant = CstVariant.TIME_LINE
    sentinels = SENTINEL_PAIRS.get(text("engine/sentinels", "current"), SENTINEL_PAIRS["current"])
    api = Api.OLLAMA if text("engine/api", "openai") == "ollama" else Api.OPENAI
    cst_zone = text("engine/cstZone", "Asia/Shanghai")
    wilmer_zone = text("engine/wilmerZone", "") or None
    for zone in (cst_zone, wilmer_zone):
        try:
            get_zone(zone)
        except InputError:
            cst_zone, wilmer_zone = "Asia/Shanghai", None
    names = text("engine/stNames", "auto")
    st_view = (
        None
        if names not in {n.value for n in NamesBehavior}
        else SendView(NamesBehavior(names), flag("engine/stQuotes"), True, flag("engine/stMerge"))
    )
    return EngineOptions(
        RequestOptions(api, flag("engine/addUserAssistant"), flag("engine/addMissingAssistant"), sentinels),
        CstSettings(variant, cst_zone),
        wilmer_zone,
        st_view=st_view,
    )


class NowDialog(QDialog):
    """Pick the reference "now" (the middleware's clock) for relative times."""

    def __init__(self, current: datetime, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Pin the reference time")
        self.editor = QDateTimeEdit(QDateTime(current))
        self.editor.setDisplayFormat("yyyy-MM-dd HH:mm:ss")
        self.editor.setCalendarPopup(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Relative times and simulations use this as 'now':"))
        layout.addWidget(self.editor)
        layout.addWidget(buttons)

    def value(self) -> datetime:
        return self.editor.dateTime().toPython().replace(microsecond=0)


class MainWindow(QMainWindow):
    discussionLoaded = Signal()
    previewUpdated = Signal()
    loadFailed = Signal(str)

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("Timeline Inspector")
        self.setAcceptDrops(True)
        self.options = options_from_settings(settings)
        self.transcript_path: Path | None = None
        self.store_path: Path | None = None
        self.pinned_now: datetime | None = None
        self.jobs = JobRunner(self)
        self._api_key: str | None = None  # in memory only, never written to settings
        self._file_key: FileKey | None = None
        self._chat: str | None = None
        self._base: Discussion | None = None  # as last read from disk; edits are diffed against it
        self._backed_up: set[Path] = set()  # files already backed up this session
        self._pending_ops: list[Operation] = []  # unsaved edits to carry over a re-read
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(lambda _: self._update_title())
        self._reload_reason = ""
        self._keep_selection: tuple[list[int], int | None] | None = None

        self.model = TimelineTableModel(self)
        self.proxy = TimelineFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self._build_views()
        self._build_actions()
        self._build_toolbar()
        self._build_status_bar()

        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._file_changed)
        self.watcher.directoryChanged.connect(self._file_changed)
        self._reload_timer = QTimer(self, singleShot=True, interval=RELOAD_DEBOUNCE_MS)
        self._reload_timer.timeout.connect(lambda: self.reload("changed on disk"))
        self._filter_timer = QTimer(self, singleShot=True, interval=150)
        self._filter_timer.timeout.connect(lambda: self.proxy.set_text(self.filter_edit.text()))
        self.clock = QTimer(self, interval=CLOCK_TICK_MS)
        self.clock.timeout.connect(self._tick)
        self.clock.start()

        style = settings.value("view/style", Style.ABSOLUTE.value)
        self.set_style(Style(style) if style in {s.value for s in Style} else Style.ABSOLUTE)
        self.model.set_now(self.current_now())
        self._restore_layout()
        self.jobs.progressed.connect(self._progress)
        self.jobs.busyChanged.connect(self._busy)

    # -- construction ----------------------------------------------------------
    def _build_views(self) -> None:
        self.banner = QLabel()
        self.banner.setObjectName("errorBanner")
        self.banner.setTextFormat(Qt.TextFormat.PlainText)
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet(f"background:{theme.WARNING.name()}; color:white; padding:6px;")
        self.banner.hide()
        self.strip = TimelineStrip(self.model)
        self.table = QTableView()
        self.table.setObjectName("timelineTable")
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.setWordWrap(False)
        self.table.setAlternatingRowColors(True)
        vertical = self.table.verticalHeader()
        vertical.setVisible(False)
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(self.fontMetrics().height() + 6)
        header = self.table.horizontalHeader()
        header.setStretchLastSection(True)
        for column, width in (
            (Column.INDEX, 56),
            (Column.SPEAKER, 90),
            (Column.TIME, 230),
            (Column.GAP, 80),
            (Column.STATUS, 170),
            (Column.HASH, 110),
        ):
            self.table.setColumnWidth(column, width)
        self.strip.set_selection_model(self.table.selectionModel(), self.proxy)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)

        center = QWidget()
        box = QVBoxLayout(center)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.banner)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.strip)
        split.addWidget(self.table)
        split.setStretchFactor(1, 1)
        box.addWidget(split, 1)
        self.setCentralWidget(center)

        self.detail = DetailPane()
        self.preview_pane = PreviewPane()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.detail, "Details")
        self.tabs.addTab(self.preview_pane, "Preview")
        side = QDockWidget("Details and preview", self)
        side.setObjectName("sideDock")
        side.setWidget(self.tabs)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, side)
        self.side_dock = side

        self.repair_panel = RepairPanel(self)
        repair_dock = QDockWidget("Repair", self)
        repair_dock.setObjectName("repairDock")
        repair_dock.setWidget(self.repair_panel)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, repair_dock)
        repair_dock.hide()
        self.repair_dock = repair_dock

        self.discussions = DiscussionsPanel(self.jobs)
        self.discussions.chosen.connect(lambda path: self.open_paths(store=Path(path)))
        dock = QDockWidget("Discussions", self)
        dock.setObjectName("discussionsDock")
        dock.setWidget(self.discussions)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        self.discussions_dock = dock

    def _action(self, text: str, slot: Any, shortcut: str | QKeySequence | None = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        menu = self.menuBar()
        file_menu = menu.addMenu("&File")
        self.open_transcript_action = self._action(
            "Open &transcript…", self._ask_transcript, QKeySequence.StandardKey.Open
        )
        self.open_store_action = self._action("Open timestamp &file…", self._ask_store)
        self.open_folder_action = self._action(
            "Open &DiscussionIds folder…", self._ask_folder, "Ctrl+Shift+O"
        )
        self.reload_action = self._action("&Reload", self._reload_asked, QKeySequence.StandardKey.Refresh)
        self.save_action = self._action("&Save", self.save, QKeySequence.StandardKey.Save)
        self.revert_action = self._action("Re&vert unsaved changes", self.revert)
        self.close_action = self._action("&Close discussion", self.close_discussion)
        for action in (self.open_transcript_action, self.open_store_action, self.open_folder_action):
            file_menu.addAction(action)
        self.recent_menu = file_menu.addMenu("Open &recent")
        file_menu.addSeparator()
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.revert_action)
        file_menu.addAction(self.reload_action)
        file_menu.addAction(self.close_action)
        file_menu.addSeparator()
        file_menu.addAction(self._action("&Quit", self.close, QKeySequence.StandardKey.Quit))
        self._refresh_recent_menu()

        edit = menu.addMenu("&Edit")
        self.undo_action = self.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence.StandardKey.Redo])
        for action in (self.undo_action, self.redo_action):
            self.addAction(action)
            edit.addAction(action)
        edit.addSeparator()
        self.copy_rows_action = self._action("&Copy selected rows", self.copy_rows)
        self.copy_rows_action.setShortcut(QKeySequence.StandardKey.Copy)
        self.copy_rows_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.table.addAction(self.copy_rows_action)
        self.copy_preview_action = self._action(
            "Copy preview as &JSON", self.preview_pane.copy_json, "Ctrl+Shift+C"
        )
        self.filter_action = self._action("&Filter…", self._focus_filter, QKeySequence.StandardKey.Find)
        for action in (self.copy_rows_action, self.copy_preview_action, self.filter_action):
            edit.addAction(action)

        tools = menu.addMenu("&Tools")
        self.simulate_action = self._action("&Simulate backfill…", self.open_simulation, "Ctrl+R")
        self.repair_action = self._action("&Repair…", self.open_repair, "Ctrl+Shift+R")
        tools.addAction(self.simulate_action)
        tools.addAction(self.repair_action)

        view = menu.addMenu("&View")
        self.style_group = QActionGroup(self)
        self.style_group.setExclusive(True)
        self.style_actions: dict[Style, QAction] = {}
        for style in Style:
            action = self._action(
                STYLE_NAMES[style], lambda _=False, s=style: self.set_style(s), STYLE_KEYS[style]
            )
            action.setCheckable(True)
            self.style_group.addAction(action)
            view.addAction(action)
            self.style_actions[style] = action
        view.addSeparator()
        self.live_action = self._action("&Live clock", self.set_live_now)
        self.pin_action = self._action("&Pin 'now'…", self._ask_pin)
        view.addAction(self.live_action)
        view.addAction(self.pin_action)
        view.addSeparator()
        theme_menu = view.addMenu("&Theme")
        theme_group = QActionGroup(self)
        for name in ("system", "light", "dark"):
            action = self._action(name.title(), lambda _=False, n=name: self.apply_theme(n))
            action.setCheckable(True)
            action.setChecked(self.settings.value("view/theme", "system") == name)
            theme_group.addAction(action)
            theme_menu.addAction(action)
        view.addSeparator()
        view.addAction(self.discussions_dock.toggleViewAction())
        view.addAction(self.side_dock.toggleViewAction())
        view.addAction(self.repair_dock.toggleViewAction())
        self._build_options_menu(menu.addMenu("&Options"))

    def _build_options_menu(self, menu: Any) -> None:
        variants = menu.addMenu("CST &variant")
        group = QActionGroup(self)
        labels = {
            CstVariant.TIME_LINE: "time: … 周X (current)",
            CstVariant.GAP: "[date 周X HH:MM] on gaps (oldest)",
            CstVariant.NO_WEEKDAY: "time: … (no weekday)",
            CstVariant.TAG: "<time>…</time> (newest)",
        }
        for variant, label in labels.items():
            action = self._action(
                label, lambda _=False, v=variant: self._set_options(cst=CstSettings(v, self.options.cst.zone))
            )
            action.setCheckable(True)
            action.setChecked(self.options.cst.variant is variant)
            group.addAction(action)
            variants.addAction(action)
        menu.addAction(self._action("CST display &zone…", self._ask_cst_zone))
        menu.addAction(self._action("&Middleware's time zone…", self._ask_wilmer_zone))
        menu.addSeparator()
        sentinels = menu.addMenu("&Brace sentinels")
        group = QActionGroup(self)
        for name, label in (("current", "Current (2026-03-29 on)"), ("legacy", "Legacy |{{| |}}|")):
            action = self._action(label, lambda _=False, n=name: self._set_options(sentinels=n))
            action.setCheckable(True)
            action.setChecked(self.options.request.sentinels.name == name)
            group.addAction(action)
            sentinels.addAction(action)
        apis = menu.addMenu("Client &API")
        group = QActionGroup(self)
        for api in Api:
            action = self._action(api.value, lambda _=False, a=api: self._set_options(api=a))
            action.setCheckable(True)
            action.setChecked(self.options.request.api is api)
            group.addAction(action)
            apis.addAction(action)
        self.add_user_assistant_action = self._action(
            "Add User:/Assistant: prefixes", lambda on: self._set_options(add_user_assistant=on)
        )
        self.add_user_assistant_action.setCheckable(True)
        self.add_user_assistant_action.setChecked(self.options.request.add_user_assistant)
        self.add_missing_action = self._action(
            "Add missing assistant generator", lambda on: self._set_options(add_missing_assistant=on)
        )
        self.add_missing_action.setCheckable(True)
        self.add_missing_action.setChecked(self.options.request.add_missing_assistant)
        menu.addAction(self.add_user_assistant_action)
        menu.addAction(self.add_missing_action)
        menu.addSeparator()
        st = menu.addMenu("&SillyTavern content as sent")
        group = QActionGroup(self)
        current = self.options.st_view.names.value if self.options.st_view else "auto"
        for names in ["auto", *(n.value for n in NamesBehavior)]:
            label = "Best match with the timestamp file" if names == "auto" else f"Character names: {names}"
            action = self._action(label, lambda _=False, n=names: self._set_st_view(names=n))
            action.setCheckable(True)
            action.setChecked(current == names)
            group.addAction(action)
            st.addAction(action)
        st.addSeparator()
        self.st_quotes_action = self._action(
            "User messages wrapped in quotes", lambda on: self._set_st_view(quotes=on)
        )
        self.st_merge_action = self._action(
            "Same-role messages merged", lambda on: self._set_st_view(merge=on)
        )
        for action, on in (
            (self.st_quotes_action, "engine/stQuotes"),
            (self.st_merge_action, "engine/stMerge"),
        ):
            action.setCheckable(True)
            action.setChecked(str(self.settings.value(on, "false")).lower() == "true")
            st.addAction(action)

    def _build_toolbar(self) -> None:
        bar = self.addToolBar("Main")
        bar.setObjectName("mainToolbar")
        open_button = QToolButton()
        open_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        open_button.setDefaultAction(self.open_transcript_action)
        for action in (self.open_store_action, self.open_folder_action):
            open_button.addAction(action)
        open_button.setText("Open")
        bar.addWidget(open_button)
        bar.addSeparator()
        bar.addWidget(QLabel(" Style: "))
        for style in Style:
            bar.addAction(self.style_actions[style])
        bar.addSeparator()
        self.now_button = QToolButton()
        self.now_button.setObjectName("nowButton")
        self.now_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.now_button.addAction(self.live_action)
        self.now_button.addAction(self.pin_action)
        bar.addWidget(self.now_button)
        bar.addSeparator()
        bar.addAction(self.simulate_action)
        bar.addAction(self.repair_action)
        bar.addSeparator()
        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("filterEdit")
        self.filter_edit.setPlaceholderText("Filter text or hash…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(lambda _: self._filter_timer.start())
        self.filter_combo = QComboBox()
        self.filter_combo.setObjectName("filterCombo")
        for label, _, _ in FILTERS:
            self.filter_combo.addItem(label)
        self.filter_combo.currentIndexChanged.connect(self._filter_kind_changed)
        self.role_buttons: dict[str, QToolButton] = {}
        bar.addWidget(QLabel(" Show only: "))
        for role in ("user", "assistant", "other"):
            button = QToolButton()
            button.setText(role)
            button.setCheckable(True)
            button.setObjectName(f"roleFilter_{role}")
            button.toggled.connect(self._role_filter_changed)
            bar.addWidget(button)
            self.role_buttons[role] = button
        bar.addWidget(self.filter_combo)
        bar.addWidget(self.filter_edit)

    def _build_status_bar(self) -> None:
        status = self.statusBar()
        self.counts_label = QLabel()
        self.counts_label.setObjectName("countsLabel")
        self.counts_label.setTextFormat(Qt.TextFormat.PlainText)
        self.files_label = QLabel()
        self.files_label.setTextFormat(Qt.TextFormat.PlainText)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setMaximumWidth(160)
        self.progress.hide()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("cancelButton")
        self.cancel_button.hide()
        self.cancel_button.clicked.connect(self.cancel_work)
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.progress)
        row.addWidget(self.cancel_button)
        status.addWidget(self.counts_label, 1)
        status.addPermanentWidget(self.files_label)
        status.addPermanentWidget(holder)
        self._update_status()

    # -- opening -------------------------------------------------------------
    def open_paths(self, transcript: Path | None = None, store: Path | None = None) -> None:
        """Open a transcript and/or a timestamp file; the other slot is kept."""
        if not self._confirm_discard():
            return
        self.undo_stack.clear()
        if transcript is not None:
            self.transcript_path = Path(transcript)
            self._chat = None
        if store is not None:
            self.store_path = Path(store)
        self._keep_selection = None
        self._remember_recent()
        self.reload("opened")

    def open_any(self, paths: list[Path]) -> None:
        """Files from drag and drop or the command line: each goes to the slot its content says."""
        transcript = store = None
        for path in paths:
            if path.is_dir():
                self.open_folder(path)
                continue
            try:
                kind = sniff_kind(path)
            except InputError as error:
                self.show_error(str(error))
                continue
            if kind == "timestamps":
                store = path
            else:
                transcript = path
        if transcript is not None or store is not None:
            self.open_paths(transcript, store)

    def open_folder(self, folder: Path) -> None:
        self.settings.setValue("paths/root", str(folder))
        self.discussions_dock.show()
        self.discussions.set_root(folder)

    def close_discussion(self) -> None:
        if not self._confirm_discard():
            return
        self.undo_stack.clear()
        self.jobs.cancel("load")
        self.jobs.cancel("preview")
        self.transcript_path = self.store_path = None
        self.model.set_discussion(None)
        self.detail.set_discussion(None)
        self.preview_pane.set_preview(None)
        self._watch()
        self._update_status()

    def reload(self, reason: str = "reloaded") -> None:
        if self.transcript_path is None and self.store_path is None:
            return
        if self.model.discussion is not None and self._keep_selection is None:
            self._keep_selection = self._selected_rows()
        current, base = self.model.discussion, self._base
        if not self.undo_stack.isClean() and current is not None and base is not None and current.store:
            # re-read with new options: the unsaved edits are carried over, not dropped
            self._pending_ops = diff_operations(base.store or TimestampStore(), current.store)
        self._reload_reason = reason
        transcript, store, options, now = (
            self.transcript_path,
            self.store_path,
            self.options,
            self.current_now(),
        )
        root = self.settings.value("paths/root", "") or None
        key, api_key, chat = self._file_key, self._api_key, self._chat

        def work(progress: Any) -> tuple[Discussion, StripLayout]:
            discussion = open_discussion(
                transcript, store, options, now, progress, key=key, root=root, api_key=api_key, chat=chat
            )
            progress("laying out the timeline", 0.95)
            return discussion, layout_for(discussion)

        self.jobs.submit("load", work, self._loaded, self._load_failed)

    def _loaded(self, result: tuple[Discussion, StripLayout]) -> None:
        """A discussion read from disk: the new base for edits."""
        self._base = result[0]
        self.undo_stack.clear()
        self._show(result)
        pending, self._pending_ops = self._pending_ops, []
        if pending:
            edited, conflicts = apply_operations(self._base.store or TimestampStore(), pending)
            if conflicts:
                self.show_error(
                    "Some unsaved edits no longer apply: " + "; ".join(c.describe() for c in conflicts[:3])
                )
            self.push_store_edit(edited, "Unsaved edits (kept across re-reading)")

    def _show(self, result: tuple[Discussion, StripLayout]) -> None:
        discussion, layout = result
        keep = self._keep_selection
        self._keep_selection = None
        self.hide_error()
        self.model.set_now(discussion.now)
        self.model.set_discussion(discussion)
        self.strip.set_layout(layout)
        self.detail.set_discussion(discussion)
        self._update_title()
        if keep is not None:
            self._restore_selection(*keep)
        self._watch()
        stamp = datetime.now().strftime("%H:%M:%S")
        self._last_event = f"file {self._reload_reason} {stamp}"
        self._update_status()
        if discussion.store_path is not None and discussion.store_path != self.store_path:
            self.store_path = discussion.store_path  # found from the discussion id under the root
            self._watch()
        if discussion.store_missing:
            self.statusBar().showMessage(
                f"{discussion.store_path}: no such file yet; a new discussion (empty store)", 8000
            )
        self.discussionLoaded.emit()
        self.refresh_preview()

    def _load_failed(self, error: InputError) -> None:
        if isinstance(error, NeedsKey) and self._ask_key(str(error)):
            self.reload("decrypted")
            return
        if isinstance(error, NeedsChoice) and self._ask_chat(error):
            self.reload("opened")
            return
        self.show_error(str(error))
        self.loadFailed.emit(str(error))

    def _ask_key(self, why: str) -> bool:
        """Ask for the API key (and username) of an encrypted file; kept in memory only."""
        key, ok = QInputDialog.getText(
            self, "Encrypted timestamp file", f"{why}\n\nAPI key:", QLineEdit.EchoMode.Password
        )
        if not ok or not key:
            return False
        username, ok = QInputDialog.getText(
            self, "Encrypted timestamp file", "Username configured in the middleware (empty if none):"
        )
        if not ok:
            return False
        self.set_api_key(key, username or None)
        return True

    def set_api_key(self, api_key: str | None, username: str | None = None) -> None:
        """Use this key for encrypted files and per-user folders (never saved)."""
        self._api_key = api_key
        self._file_key = FileKey.derive(api_key, username) if api_key else None
        self.discussions.api_key = api_key

    def _ask_chat(self, error: NeedsChoice) -> bool:
        labels = [label for _, label in error.choices]
        label, ok = QInputDialog.getItem(
            self, "Choose a chat", f"{error.source} holds several chats:", labels, 0, False
        )
        if not ok:
            return False
        self._chat = error.choices[labels.index(label)][0]
        return True

    def refresh_preview(self) -> None:
        discussion = self.model.discussion
        if discussion is None:
            self.preview_pane.set_preview(None)
            return
        style, now = self.model.style, self.current_now()

        def work(progress: Any) -> Preview:
            preview = build_preview(
                discussion.transcript, discussion.store, style, now, discussion.options, discussion.request
            )
            preview.json_text()  # serialised here, not on the GUI thread
            return preview

        self.jobs.submit("preview", work, self._preview_ready, self._preview_failed)

    def _preview_ready(self, preview: Preview) -> None:
        self.preview_pane.set_preview(preview)
        self.previewUpdated.emit()

    def _preview_failed(self, error: InputError) -> None:
        self.preview_pane.set_preview(None)
        self.preview_pane.summary.setText(f"No preview: {error}")
        self.previewUpdated.emit()

    # -- now, style, options -------------------------------------------------
    def current_now(self) -> datetime:
        return self.pinned_now or now_in(get_zone(self.options.wilmer_zone)).replace(microsecond=0)

    def set_now_pinned(self, moment: datetime) -> None:
        self.pinned_now = moment
        self._now_changed()

    def set_live_now(self) -> None:
        self.pinned_now = None
        self._now_changed()

    def _now_changed(self) -> None:
        """A new reference time re-simulates the next request; files are not
        read again and unsaved edits stay."""
        now = self.current_now()
        self.model.set_now(now)
        self._update_now_button()
        base, current = self._base, self.model.discussion
        if base is None or current is None:
            return

        def work(progress: Any) -> tuple[Discussion, Discussion, StripLayout]:
            progress("simulating the next request", 0.5)
            shown = at_time(current, now)
            return at_time(base, now), shown, layout_for(shown)

        self._keep_selection = self._selected_rows()
        self._reload_reason = "re-simulated"
        self.jobs.submit("load", work, self._resimulated, self._load_failed)

    def _resimulated(self, result: tuple[Discussion, Discussion, StripLayout]) -> None:
        self._base = result[0]
        self._show(result[1:])

    def _tick(self) -> None:
        if self.pinned_now is None:
            self.model.set_now(self.current_now())
            self._update_now_button()
            if self.model.style is Style.RELATIVE:
                self.refresh_preview()

    def _update_now_button(self) -> None:
        if self.pinned_now is None:
            self.now_button.setText(f"Now: ● live {self.current_now():%Y-%m-%d %H:%M}")
        else:
            self.now_button.setText(f"Now: pinned {self.pinned_now:%Y-%m-%d %H:%M:%S}")

    def set_style(self, style: Style) -> None:
        self.style_actions[style].setChecked(True)
        if style is self.model.style and self.preview_pane.preview is not None:
            return
        self.model.set_style(style)
        self.settings.setValue("view/style", style.value)
        self.strip.update()
        self.refresh_preview()

    def _set_options(self, **changes: Any) -> None:
        """Apply menu choices: request settings, CST settings, the middleware's zone."""
        request_fields = {"api", "add_user_assistant", "add_missing_assistant", "sentinels"}
        request_changes = {k: v for k, v in changes.items() if k in request_fields}
        if "sentinels" in request_changes:
            request_changes["sentinels"] = SENTINEL_PAIRS[request_changes["sentinels"]]
        request = replace(self.options.request, **request_changes)
        cst = changes.get("cst", self.options.cst)
        wilmer_zone = changes.get("wilmer_zone", self.options.wilmer_zone)
        self.options = replace(self.options, request=request, cst=cst, wilmer_zone=wilmer_zone)
        values = {
            "engine/cstVariant": cst.variant.value,
            "engine/cstZone": cst.zone,
            "engine/wilmerZone": wilmer_zone or "",
            "engine/sentinels": request.sentinels.name,
            "engine/api": request.api.value,
            "engine/addUserAssistant": request.add_user_assistant,
            "engine/addMissingAssistant": request.add_missing_assistant,
        }
        for key, value in values.items():
            self.settings.setValue(key, value)
        self.reload("re-read with new options")

    def _set_st_view(self, **changes: Any) -> None:
        """Fix how a SillyTavern chat was sent (or let the best match decide)."""
        names = changes.get("names", self.settings.value("engine/stNames", "auto"))
        quotes = bool(changes.get("quotes", self.st_quotes_action.isChecked()))
        merge = bool(changes.get("merge", self.st_merge_action.isChecked()))
        self.settings.setValue("engine/stNames", names)
        self.settings.setValue("engine/stQuotes", quotes)
        self.settings.setValue("engine/stMerge", merge)
        view = None if names == "auto" else SendView(NamesBehavior(names), quotes, True, merge)
        self.options = replace(self.options, st_view=view)
        self.reload("re-read with new options")

    def _ask_zone(self, title: str, current: str) -> str | None:
        from dateutil import tz

        zones = sorted(tz.available_iana_timezones()) if hasattr(tz, "available_iana_timezones") else []
        name, ok = QInputDialog.getItem(
            self,
            title,
            "IANA zone (empty: this machine's):",
            ["", *zones],
            max(0, (["", *zones]).index(current)) if current in zones else 0,
            True,
        )
        if not ok:
            return None
        try:
            get_zone(name.strip() or None)
        except InputError as error:
            self.show_error(str(error))
            return None
        return name.strip()

    def _ask_cst_zone(self) -> None:
        zone = self._ask_zone("CST display zone", self.options.cst.zone)
        if zone is not None:
            self._set_options(cst=CstSettings(self.options.cst.variant, zone or "Asia/Shanghai"))

    def _ask_wilmer_zone(self) -> None:
        zone = self._ask_zone("Middleware's time zone", self.options.wilmer_zone or "")
        if zone is not None:
            self._set_options(wilmer_zone=zone or None)

    def _ask_pin(self) -> None:
        dialog = NowDialog(self.current_now(), self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.set_now_pinned(dialog.value())

    def apply_theme(self, name: str) -> None:
        from .themes import apply_palette

        apply_palette(name)
        self.settings.setValue("view/theme", name)
        self.strip.update()
        self.refresh_preview()

    # -- selection, filter, clipboard -----------------------------------------
    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        discussion = self.model.discussion
        if not current.isValid() or discussion is None:
            self.detail.show_row(None, discussion)
            return
        row = self.model.row_at(self.proxy.mapToSource(current).row())
        self.detail.show_row(row, discussion)

    def _selected_rows(self) -> tuple[list[int], int | None]:
        selection = self.table.selectionModel()
        rows = [self.proxy.mapToSource(i).row() for i in selection.selectedRows()]
        current = selection.currentIndex()
        return rows, (self.proxy.mapToSource(current).row() if current.isValid() else None)

    def _restore_selection(self, rows: list[int], current: int | None) -> None:
        selection = self.table.selectionModel()
        count = self.model.rowCount()
        flag = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        for row in rows:
            if row < count:
                index = self.proxy.mapFromSource(self.model.index(row, 0))
                if index.isValid():
                    selection.select(index, flag)
        if current is not None and current < count:
            index = self.proxy.mapFromSource(self.model.index(current, 0))
            if index.isValid():
                selection.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.NoUpdate)
                self.table.scrollTo(index)

    def select_source_row(self, row: int) -> None:
        self.strip.select_row(row)

    def _focus_filter(self) -> None:
        self.filter_edit.setFocus()
        self.filter_edit.selectAll()

    def _filter_kind_changed(self, number: int) -> None:
        _, status, flag = FILTERS[number]
        if status == "system-like":
            self.proxy.set_statuses({Status.SYSTEM.value, Status.GENERATION_PROMPT.value})
        else:
            self.proxy.set_statuses({status} if status else set())
        self.proxy.set_flag(flag)

    def _role_filter_changed(self) -> None:
        self.proxy.set_roles({role for role, button in self.role_buttons.items() if button.isChecked()})

    def copy_rows(self) -> None:
        rows = sorted(self._selected_rows()[0])
        lines = []
        for row in rows:
            cells = [self.model.data(self.model.index(row, column)) or "" for column in Column]
            lines.append("\t".join(str(cell) for cell in cells))
        QGuiApplication.clipboard().setText("\n".join(lines))

    # -- files on disk -------------------------------------------------------
    def _watch(self) -> None:
        current = self.watcher.files() + self.watcher.directories()
        if current:
            self.watcher.removePaths(current)
        wanted = []
        for path in (self.transcript_path, self.store_path):
            if path is not None:
                wanted.append(str(path) if path.exists() else str(path.parent))
        if wanted:
            self.watcher.addPaths([p for p in dict.fromkeys(wanted) if Path(p).exists()])

    def _file_changed(self, _path: str) -> None:
        if not self.undo_stack.isClean():
            self.show_error(
                "The timestamp file changed on disk (the middleware is running?). Your unsaved edits "
                "stay; saving re-applies them to the new content and stops on any conflict."
            )
            self._watch()
            return
        self._reload_timer.start()

    # -- editing, saving -----------------------------------------------------
    def push_store_edit(self, store: TimestampStore, text: str) -> None:
        """An undoable change of the working store (written only on Save)."""
        current = self.model.discussion
        if current is None:
            return
        self.undo_stack.push(StoreEdit(text, current.store or TimestampStore(), store, self._show_store))

    def _show_store(self, store: TimestampStore) -> None:
        base = self._base
        if base is None:
            return

        def work(progress: Any) -> tuple[Discussion, StripLayout]:
            progress("re-joining with the edited file", 0.5)
            edited = with_store(base, store)
            return edited, layout_for(edited)

        self._keep_selection = self._selected_rows()
        self._reload_reason = "edited (unsaved)"
        self.jobs.submit("load", work, self._show, self._load_failed)

    def save(self) -> bool:
        """Write the edits: backup first (once a session), atomic, encryption and
        key order kept; if the file changed on disk, re-apply or report conflicts."""
        discussion, base = self.model.discussion, self._base
        if self.undo_stack.isClean() or discussion is None or base is None:
            return True
        path = discussion.store_path
        if path is None or discussion.store is None:
            self.show_error("Nothing to save: no timestamp file is open.")
            return False
        ops = diff_operations(base.store or TimestampStore(), discussion.store)
        key = base.store.key if base.store is not None else None
        try:
            result = save_operations(path, base.store_digest, ops, key, backup=path not in self._backed_up)
        except InputError as error:
            self.show_error(str(error))
            return False
        if result.conflicts:
            details = "; ".join(c.describe() for c in result.conflicts[:3])
            self.show_error(
                f"{path} changed on disk and {len(result.conflicts)} of your change(s) no longer apply; "
                f"nothing was written. {details}"
            )
            return False
        self._backed_up.add(path)
        note = " (merged with changes made meanwhile)" if result.merged else ""
        backup = f"; backup {result.backup.name}" if result.backup else ""
        self.statusBar().showMessage(f"Saved {path.name}{note}{backup}", 10000)
        self.undo_stack.clear()
        self.reload("saved" + note)
        return True

    def revert(self) -> None:
        self.undo_stack.clear()
        self.reload("reverted")

    def _confirm_discard(self) -> bool:
        """Ask before unsaved edits are lost; True when it is fine to go on."""
        if self.undo_stack.isClean():
            return True
        answer = QMessageBox.question(
            self,
            "Unsaved changes",
            "The timestamp file has unsaved changes. Save them first?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            self.undo_stack.clear()
            return True
        return False

    def _reload_asked(self) -> None:
        if self._confirm_discard():
            self.reload("reloaded")

    def _update_title(self) -> None:
        discussion = self.model.discussion
        name = discussion.title if discussion else ""
        dirty = "" if self.undo_stack.isClean() else "*"
        self.setWindowTitle(f"{dirty}{name} — Timeline Inspector" if name else "Timeline Inspector")

    def open_simulation(self) -> None:
        discussion = self.model.discussion
        if discussion is None or not discussion.has_transcript:
            self.show_error("Open a transcript to simulate the next request.")
            return
        self.simulation_dialog = SimulateDialog(self, discussion, self.current_now())
        self.simulation_dialog.open()

    def open_repair(self) -> None:
        self.repair_dock.show()
        self.repair_dock.raise_()
        self.repair_panel.refresh()

    # -- recent files, dialogs ---------------------------------------------
    def _recent(self) -> list[dict[str, str]]:
        raw = self.settings.value("paths/recent", "[]")
        try:
            items = json.loads(raw) if isinstance(raw, str) else []
        except ValueError:
            items = []
        return [i for i in items if isinstance(i, dict)][:RECENT_LIMIT]

    def _remember_recent(self) -> None:
        item = {"transcript": str(self.transcript_path or ""), "timestamps": str(self.store_path or "")}
        items = [item, *[i for i in self._recent() if i != item]][:RECENT_LIMIT]
        self.settings.setValue("paths/recent", json.dumps(items))
        self._refresh_recent_menu()

    def _refresh_recent_menu(self) -> None:
        self.recent_menu.clear()
        for item in self._recent():
            names = " + ".join(Path(p).name for p in (item.get("transcript"), item.get("timestamps")) if p)
            action = self.recent_menu.addAction(names or "?")
            action.triggered.connect(
                lambda _=False, i=item: self.open_paths(
                    Path(i["transcript"]) if i.get("transcript") else None,
                    Path(i["timestamps"]) if i.get("timestamps") else None,
                )
            )
        self.recent_menu.setEnabled(bool(self.recent_menu.actions()))

    def _ask_transcript(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open transcript", "", "Transcripts (*.json *.jsonl);;All files (*)"
        )
        if path:
            self.open_paths(transcript=Path(path))

    def _ask_store(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open timestamp file", "", "Timestamp files (*.json);;All files (*)"
        )
        if path:
            self.open_paths(store=Path(path))

    def _ask_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(
            self, "Open DiscussionIds folder", self.settings.value("paths/root", "")
        )
        if path:
            self.open_folder(Path(path))

    # -- status, errors, progress -----------------------------------------
    _last_event = ""

    def _update_status(self) -> None:
        discussion = self.model.discussion
        if discussion is None:
            self.counts_label.setText("Nothing open. Drop a transcript or a timestamps.json here.")
            self.files_label.setText("")
            self._update_now_button()
            return
        counts = status_counts(discussion)
        parts = [
            f"{counts['tracked']} tracked",
            f"{counts['untracked']} untracked",
            f"{counts['orphans']} orphans",
        ]
        if discussion.timeline.has_placeholder:
            parts.append("placeholder pending")
        if discussion.store_missing:
            parts.append("new discussion (no file yet)")
        if discussion.transcript.bad_lines:
            lines = ", ".join(str(b.line) for b in discussion.transcript.bad_lines[:5])
            parts.append(f"{len(discussion.transcript.bad_lines)} unreadable line(s) skipped ({lines})")
        if discussion.notes:
            self.counts_label.setToolTip(theme.plain_tooltip("\n".join(discussion.notes)))
        if self._last_event:
            parts.append(self._last_event)
        self.counts_label.setText(" · ".join(parts))
        names = [p.name for p in (self.transcript_path, self.store_path) if p is not None]
        self.files_label.setText(" + ".join(names))
        self._update_now_button()

    def show_error(self, message: str) -> None:
        self.banner.setText(message)
        self.banner.show()
        self.statusBar().showMessage(message, 10000)

    def hide_error(self) -> None:
        self.banner.hide()

    def _progress(self, kind: str, stage: str, fraction: float) -> None:
        self.progress.setValue(int(fraction * 100))
        self.progress.setFormat(stage)
        self.progress.setTextVisible(True)

    def _busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        if not busy:
            self.progress.setValue(0)

    def cancel_work(self) -> None:
        self.jobs.cancel_all()
        self.statusBar().showMessage("Cancelled.", 5000)

    # -- drag and drop --------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and all(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [Path(u.toLocalFile()) for u in event.mimeData().urls() if u.isLocalFile()]
        event.acceptProposedAction()
        self.open_any(paths)

    # -- settings ------------------------------------------------------------
    def _restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray | bytes):
            self.restoreGeometry(QByteArray(geometry))
        else:
            self.resize(1400, 820)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray | bytes):
            self.restoreState(QByteArray(state))
        root = self.settings.value("paths/root", "")
        if isinstance(root, str) and root and Path(root).is_dir():
            self.discussions.set_root(root)
        elif state is None:
            self.discussions_dock.hide()  # first start: room for the timeline

    def save_settings(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._confirm_discard():
            event.ignore()
            return
        self.save_settings()
        self.clock.stop()
        self.jobs.cancel_all()
        self.jobs.wait()
        super().closeEvent(event)

"""The main window: composes the views around one ``DiscussionSession``.

It owns no discussion state and no timestamp logic. It builds widgets, menus
and the toolbar (from the action table in ``actions``), connects signals in
one place (``_connect_signals``) and asks the questions the session cannot
(file names, keys, "discard edits?"). Panels get the session, never the window.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QModelIndex, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QGuiApplication, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QFileDialog,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..core.context import Style
from ..core.cst import CST_ZONE, CstVariant
from ..core.errors import InputError, NeedsChoice
from ..core.options import Choices
from ..core.pipeline import Api
from ..core.session import sniff_kind
from ..core.transcripts.sillytavern import NamesBehavior
from . import dialogs
from . import settings as codec
from .actions import (
    ACTIONS,
    MENUS,
    REDO_KEYS,
    STYLE_KEYS,
    UNDO_KEYS,
    choice_group,
    key_sequences,
    make_action,
    sync_group,
)
from .detail_pane import DetailPane
from .discussions import DiscussionsPanel
from .filter_bar import ROLES, FilterBar
from .filter_proxy import TimelineFilterProxy
from .keyboard import assign_mnemonics, focus_dock, rows_as_tsv
from .preview_pane import PreviewPane
from .repair_panel import RepairPanel
from .session import DiscussionSession
from .simulate_dialog import SimulateDialog
from .status_widgets import Banner, CountsBar, Progress
from .strip import TimelineStrip
from .timeline_model import Column, TimelineTableModel

STYLE_NAMES = {Style.ABSOLUTE: "&Absolute", Style.RELATIVE: "&Relative", Style.CST: "&CST"}
CST_VARIANTS = {
    CstVariant.TIME_LINE.value: "time: … 周X (current)",
    CstVariant.GAP.value: "[date 周X HH:MM] on gaps (oldest)",
    CstVariant.NO_WEEKDAY.value: "time: … (no weekday)",
    CstVariant.TAG.value: "<time>…</time> (newest)",
}
COLUMN_WIDTHS = {Column.INDEX: 56, Column.SPEAKER: 90, Column.TIME: 230, Column.GAP: 80, Column.STATUS: 170}


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("Timeline Inspector")
        self.setAcceptDrops(True)
        self.session = DiscussionSession(
            codec.read_choices(settings),
            root=codec.read_root(settings),
            style=codec.read_style(settings),
            parent=self,
        )
        self.session.confirm_discard = self._confirm_discard
        self.model = TimelineTableModel(self)
        self.model.set_style(self.session.style)
        self.model.set_now(self.session.now())
        self.proxy = TimelineFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.actions_by_name: dict[str, QAction] = {}
        self._build_views()
        self._build_menus()
        self._build_toolbar()
        self._build_status_bar()
        self._connect_signals()
        self._restore_layout()
        self._update_title()

    @property
    def undo_stack(self) -> QUndoStack:
        return self.session.undo_stack

    # -- construction ----------------------------------------------------------
    def _build_views(self) -> None:
        self.banner = Banner()
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
        self.table.setTabKeyNavigation(False)  # Tab goes to the next pane; arrows move by cell
        vertical = self.table.verticalHeader()
        vertical.setVisible(False)
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.horizontalHeader().setStretchLastSection(True)
        for column, width in COLUMN_WIDTHS.items():
            self.table.setColumnWidth(column, width)
        self.strip.set_selection_model(self.table.selectionModel(), self.proxy)

        center = QWidget()
        box = QVBoxLayout(center)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.banner)
        self.filter_bar = FilterBar(self.proxy, self.table)
        self.filter_edit = self.filter_bar.edit
        self.filter_combo = self.filter_bar.combo
        self.role_buttons = self.filter_bar.role_buttons
        box.addWidget(self.filter_bar)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.strip)
        split.addWidget(self.table)
        split.setStretchFactor(1, 1)
        box.addWidget(split, 1)
        self.setCentralWidget(center)

        self.detail = DetailPane(self.session)
        self.preview_pane = PreviewPane(self.session)
        self.preview_pane.template.setPlainText(codec.read_template(self.settings))
        self.tabs = QTabWidget()
        self.tabs.addTab(self.detail, "&Details")
        self.tabs.addTab(self.preview_pane, "&Preview")
        self.side_dock = self._dock(
            "Details and preview", "sideDock", self.tabs, Qt.DockWidgetArea.RightDockWidgetArea
        )
        self.repair_panel = RepairPanel(self.session)
        self.repair_dock = self._dock(
            "Repair", "repairDock", self.repair_panel, Qt.DockWidgetArea.BottomDockWidgetArea
        )
        self.repair_dock.hide()
        # the side docks keep the full height: Repair opens under the table, not under the preview
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.discussions = DiscussionsPanel(self.session)
        self.discussions_dock = self._dock(
            "Discussions", "discussionsDock", self.discussions, Qt.DockWidgetArea.LeftDockWidgetArea
        )

    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_menus(self) -> None:
        session = self.session
        menus = {key: self.menuBar().addMenu(title) for key, title in MENUS}
        for spec in ACTIONS:
            action = make_action(self, spec, getattr(self, f"_do_{spec.name}"))
            self.addAction(action)
            self.actions_by_name[spec.name] = action
            if spec.menu:
                menus[spec.menu].addAction(action)
            if spec.name == "open_folder":
                self.recent_menu = menus["file"].addMenu("Open rec&ent")
                menus["file"].addSeparator()
            if spec.name in ("reload", "close_discussion", "copy_preview"):
                menus[spec.menu].addSeparator()
        self.copy_rows_action = self.actions_by_name["copy_rows"]
        self.copy_rows_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.removeAction(self.copy_rows_action)
        self.table.addAction(self.copy_rows_action)
        self.undo_action = session.undo_stack.createUndoAction(self, "&Undo")
        self.redo_action = session.undo_stack.createRedoAction(self, "&Redo")
        for action, keys in ((self.undo_action, UNDO_KEYS), (self.redo_action, REDO_KEYS)):
            action.setShortcuts(key_sequences(keys))
            self.addAction(action)
        edit = menus["edit"]
        edit.insertActions(edit.actions()[0], [self.undo_action, self.redo_action])
        edit.insertSeparator(edit.actions()[2])

        view = menus["view"]
        view.insertSeparator(view.actions()[0])
        styles = [(s, STYLE_NAMES[s]) for s in Style]
        self.style_actions = choice_group(self, None, styles, session.style, session.set_style, STYLE_KEYS)
        view.insertActions(view.actions()[0], list(self.style_actions.values()))
        view.addSeparator()
        theme_items = [(n, n.title()) for n in ("system", "light", "dark")]
        self.theme_actions = choice_group(
            self, view.addMenu("T&heme"), theme_items, codec.read_theme(self.settings), self.apply_theme
        )
        view.addSeparator()
        for dock in (self.discussions_dock, self.side_dock, self.repair_dock):
            view.addAction(dock.toggleViewAction())

        options = menus["options"]
        first = options.actions()[0]
        self.choice_actions: dict[str, dict[Any, QAction]] = {}
        submenus: dict[str, QMenu] = {}
        for field, title, items in (
            ("cst_variant", "CST &variant", list(CST_VARIANTS.items())),
            (
                "sentinels",
                "&Brace sentinels",
                [("current", "Current (2026-03-29 on)"), ("legacy", "Legacy |{{| |}}|")],
            ),
            ("api", "Client &API", [("auto", "Detect from the file"), *((a.value, a.value) for a in Api)]),
            (
                "st_names",
                "&SillyTavern content as sent",
                [("auto", "Best match with the timestamp file")]
                + [(n.value, f"Character names: {n.value}") for n in NamesBehavior],
            ),
        ):
            submenus[field] = submenu = QMenu(title, options)
            options.insertMenu(first, submenu)
            self.choice_actions[field] = choice_group(
                self,
                submenu,
                items,
                getattr(session.choices, field),
                lambda v, f=field: self._choose(**{f: v}),
            )
        st_menu = submenus["st_names"]
        st_menu.addSeparator()
        self.st_toggles = {}
        for field, text in (
            ("st_quotes", "User messages wrapped in &quotes"),
            ("st_merge", "Same-role messages &merged"),
        ):
            action = st_menu.addAction(text)
            action.setCheckable(True)
            action.toggled.connect(lambda on, f=field: self._choose(**{f: on}))
            self.st_toggles[field] = action
        self._sync_choices()
        self._refresh_recent_menu()
        assign_mnemonics(self.menuBar())

    def _build_toolbar(self) -> None:
        bar = self.addToolBar("Main")
        bar.setObjectName("mainToolbar")
        open_button = QToolButton()
        open_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        open_button.setDefaultAction(self.actions_by_name["open_transcript"])
        for name in ("open_store", "open_pair", "open_folder"):
            open_button.addAction(self.actions_by_name[name])
        open_button.setText("Open")
        bar.addWidget(open_button)
        bar.addSeparator()
        bar.addWidget(QLabel(" Style: "))
        for action in self.style_actions.values():
            bar.addAction(action)
        bar.addSeparator()
        self.now_button = QToolButton()
        self.now_button.setObjectName("nowButton")
        self.now_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.now_button.addAction(self.actions_by_name["live_now"])
        self.now_button.addAction(self.actions_by_name["pin_now"])
        bar.addWidget(self.now_button)
        bar.addSeparator()
        bar.addAction(self.actions_by_name["simulate"])
        bar.addAction(self.actions_by_name["repair"])
        self.filter_bar.bind_roles({role: self.actions_by_name[f"show_{role}"] for role in ROLES})

    def _build_status_bar(self) -> None:
        status = self.statusBar()
        self.counts_bar = CountsBar(self.session)
        self.counts_label = self.counts_bar.counts
        self.files_label = QLabel()
        self.files_label.setObjectName("filesLabel")
        self.files_label.setTextFormat(Qt.TextFormat.PlainText)
        self.progress = Progress(self.session)
        self.cancel_button = self.progress.cancel_button
        # permanent widgets: a passing message never hides the counts
        status.addPermanentWidget(self.counts_bar, 1)
        status.addPermanentWidget(self.files_label)
        status.addPermanentWidget(self.progress)

    def _connect_signals(self) -> None:
        session = self.session
        session.changed.connect(self._discussion_changed)
        session.failed.connect(lambda message: self.banner.show_message(message))
        session.closed.connect(self.banner.clear)
        session.pairChanged.connect(self._update_title)
        session.dirtyChanged.connect(lambda _dirty: self._update_title())
        session.styleChanged.connect(self._style_changed)
        session.nowChanged.connect(self._now_changed)
        session.choicesChanged.connect(self._choices_changed)
        session.notice.connect(lambda text: self.statusBar().showMessage(text, 8000))
        session.rowRequested.connect(self.strip.select_row)
        session.needsKey.connect(self._ask_key)
        session.needsChat.connect(self._ask_chat)
        session.loaded.connect(self._remember_recent)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.discussions.rootChosen.connect(self._root_chosen)
        self.preview_pane.template.textChanged.connect(
            lambda: codec.write_template(self.settings, self.preview_pane.template.toPlainText())
        )

    # -- reacting to the session ------------------------------------------------
    def _discussion_changed(self) -> None:
        session = self.session
        keep = self._selected_rows() if self.model.discussion is not None else None
        discussion = session.discussion
        self.model.set_now(session.now())
        self.model.set_discussion(discussion)
        self.strip.set_layout(session.layout)
        self.table.resizeColumnToContents(Column.TIME)
        if keep is not None and discussion is not None:
            self._restore_selection(*keep)
        if discussion is not None and discussion.pairing_warnings:
            self.banner.show_message(
                "These files may not belong together: " + "; ".join(discussion.pairing_warnings), warning=True
            )
        elif discussion is not None and not self.banner.label.text().startswith("Some unsaved"):
            self.banner.clear()
        self._update_title()

    def _style_changed(self, style: Style) -> None:
        sync_group(self.style_actions, style)
        self.model.set_style(style)
        self.table.resizeColumnToContents(Column.TIME)  # "[Sent 8 days, 14 hours, …]" is long
        codec.write_style(self.settings, style)
        self.strip.update()

    def _now_changed(self) -> None:
        session = self.session
        self.model.set_now(session.now())
        live = session.pinned_now is None
        self.actions_by_name["live_now"].blockSignals(True)
        self.actions_by_name["live_now"].setChecked(live)
        self.actions_by_name["live_now"].blockSignals(False)
        when = session.now()
        self.now_button.setText(
            f"Now: ● live {when:%Y-%m-%d %H:%M}" if live else f"Now: pinned {when:%Y-%m-%d %H:%M:%S}"
        )

    def _choices_changed(self) -> None:
        codec.write_choices(self.settings, self.session.choices)
        self._sync_choices()
        self._now_changed()  # the middleware's zone moves the live clock

    def _sync_choices(self) -> None:
        choices = self.session.choices
        for field, actions in self.choice_actions.items():
            sync_group(actions, getattr(choices, field))
        for name in ("add_user_assistant", "add_missing_assistant"):
            self._set_checked(self.actions_by_name[name], getattr(choices, name))
        for field, action in self.st_toggles.items():
            self._set_checked(action, getattr(choices, field))

    @staticmethod
    def _set_checked(action: QAction, on: bool) -> None:
        action.blockSignals(True)
        action.setChecked(on)
        action.blockSignals(False)

    def _update_title(self) -> None:
        session = self.session
        pair = session.pair
        dirty = "*" if session.is_dirty else ""
        name = session.discussion.title if session.discussion is not None and pair else ""
        self.setWindowTitle(
            f"{dirty}{name} ({pair.describe()}) — Timeline Inspector" if pair else "Timeline Inspector"
        )
        self.files_label.setText(pair.describe() if pair else "")
        paths = "\n".join(str(p) for p in (pair.transcript, pair.store) if p is not None)
        self.files_label.setToolTip(paths)

    # -- action slots (named after the action table) ------------------------------
    def _do_open_transcript(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open transcript", self._start_folder(), "Transcripts (*.json *.jsonl);;All files (*)"
        )
        if path:
            self.session.open(Path(path))

    def _do_open_store(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open timestamp file", self._start_folder(), "Timestamp files (*.json);;All files (*)"
        )
        if path:
            self.session.open(store=Path(path))

    def _do_open_pair(self) -> None:
        transcript, _ = QFileDialog.getOpenFileName(
            self,
            "Open transcript (1 of 2)",
            self._start_folder(),
            "Transcripts (*.json *.jsonl);;All files (*)",
        )
        if not transcript:
            return
        store, _ = QFileDialog.getOpenFileName(
            self,
            "Its timestamp file (2 of 2)",
            str(Path(transcript).parent),
            "Timestamp files (*.json);;All files (*)",
        )
        if store:
            self.session.open(Path(transcript), Path(store), beside=False)

    def _do_open_folder(self) -> None:
        root = self.session.root
        path = QFileDialog.getExistingDirectory(self, "Open DiscussionIds folder", str(root) if root else "")
        if path:
            self.open_folder(Path(path))

    def _do_save(self) -> None:
        self.session.save()

    def _do_save_as(self) -> None:
        store = self.session.pair.store
        start = str(store) if store else self._start_folder()
        path, _ = QFileDialog.getSaveFileName(
            self, "Save timestamp file as", start, "Timestamp files (*.json)"
        )
        if path:
            self.session.save_as(Path(path))

    def _do_revert(self) -> None:
        self.session.revert()

    def _do_reload(self) -> None:
        self.session.reload("reloaded")

    def _do_close_discussion(self) -> None:
        self.session.close()

    def _do_quit(self) -> None:
        self.close()

    def _do_copy_rows(self) -> None:
        QGuiApplication.clipboard().setText(rows_as_tsv(self.model, sorted(self._selected_rows()[0])))

    def _do_copy_preview(self) -> None:
        self.preview_pane.copy_json()

    def _do_find(self) -> None:
        self.filter_bar.focus_text()

    def _do_find_next(self) -> None:
        self.filter_bar.step(1)

    def _do_find_previous(self) -> None:
        self.filter_bar.step(-1)

    def _do_show_user(self, _on: bool) -> None:
        self.filter_bar.set_roles_from_buttons()

    _do_show_assistant = _do_show_other = _do_show_user

    def _do_go_discussions(self) -> None:
        focus_dock(self.discussions_dock, self.discussions.view)

    def _do_go_table(self) -> None:
        self.table.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _do_go_details(self) -> None:
        self.tabs.setCurrentWidget(self.detail)
        focus_dock(self.side_dock, self.detail.content)

    def _do_go_preview(self) -> None:
        self.tabs.setCurrentWidget(self.preview_pane)
        focus_dock(self.side_dock, self.preview_pane.chat_button)

    def _do_go_repair(self) -> None:
        self._do_repair()

    def _do_live_now(self, on: bool) -> None:
        if on:
            self.session.set_pinned_now(None)
        else:  # unticking "live" pins the current time
            self.session.set_pinned_now(self.session.now())

    def _do_pin_now(self) -> None:
        moment = dialogs.ask_now(self, self.session.now())
        if moment is not None:
            self.session.set_pinned_now(moment)

    def _do_simulate(self) -> None:
        discussion = self.session.discussion
        if discussion is None or not discussion.has_transcript:
            self.banner.show_message("Open a transcript to simulate the next request.")
            return
        self.simulation_dialog = SimulateDialog(self.session, self)
        self.simulation_dialog.open()

    def _do_repair(self) -> None:
        focus_dock(self.repair_dock, self.repair_panel.find_button)
        self.repair_panel.refresh()

    def _do_cst_zone(self) -> None:
        zone = dialogs.ask_zone(self, "CST display zone", self.session.choices.cst_zone, CST_ZONE)
        if zone is not None:
            self._choose(cst_zone=zone or CST_ZONE)

    def _do_wilmer_zone(self) -> None:
        zone = dialogs.ask_zone(
            self, "Middleware's time zone", self.session.choices.wilmer_zone, "this machine's"
        )
        if zone is not None:
            self._choose(wilmer_zone=zone)

    def _do_add_user_assistant(self, on: bool) -> None:
        self._choose(add_user_assistant=on)

    def _do_add_missing_assistant(self, on: bool) -> None:
        self._choose(add_missing_assistant=on)

    def _do_reset_options(self) -> None:
        self.session.set_choices(Choices())

    def _choose(self, **changes: Any) -> None:
        if not self.session.set_choices(replace(self.session.choices, **changes)):
            self._sync_choices()

    # -- opening -----------------------------------------------------------------
    def _start_folder(self) -> str:
        pair = self.session.pair
        current = pair.transcript or pair.store
        return str(current.parent) if current else ""

    def open_folder(self, folder: Path) -> None:
        self.discussions_dock.show()
        self.discussions.set_root(folder)

    def _root_chosen(self, root: str) -> None:
        codec.write_root(self.settings, Path(root))
        self.session.set_root(Path(root))

    def open_any(self, paths: list[Path]) -> None:
        """Files from drag and drop or the command line: folders to the
        browser, the rest paired by what their content says."""
        transcripts, stores = [], []
        for path in paths:
            if path.is_dir():
                self.open_folder(path)
                continue
            try:
                (stores if sniff_kind(path) == "timestamps" else transcripts).append(path)
            except InputError as error:
                self.banner.show_message(str(error))
        transcript = store = None
        if len(transcripts) > 1:
            transcript = dialogs.ask_one(
                self, "Several transcripts", "One discussion opens at a time:", transcripts
            )
            if transcript is None:
                return
        elif transcripts:
            transcript = transcripts[0]
        if len(stores) > 1:
            store = dialogs.ask_one(self, "Several timestamp files", "Which file belongs to it?", stores)
            if store is None:
                return
        elif stores:
            store = stores[0]
        if transcript is not None or store is not None:
            self.session.open(transcript, store, beside=transcript is None or store is None)

    def _ask_key(self, why: str) -> None:
        answer = dialogs.ask_key(self, why)
        if answer is None:
            self.session.decline(f"{why} (no key given)")
            return
        self.session.set_key(*answer)
        self.discussions.api_key = answer[0]
        self.session.reload("decrypted")

    def _ask_chat(self, error: NeedsChoice) -> None:
        chat = dialogs.ask_chat(self, error)
        if chat is None:
            self.session.decline(f"{error} (no chat chosen)")
        else:
            self.session.choose_chat(chat)

    def _confirm_discard(self) -> bool:
        """Ask before unsaved edits are lost; True when it is fine to go on."""
        if not self.session.is_dirty:
            return True
        answer = dialogs.ask_discard(self)
        if answer == QMessageBox.StandardButton.Save:
            return self.session.save()
        if answer == QMessageBox.StandardButton.Discard:
            self.session.undo_stack.clear()
            return True
        return False

    def _remember_recent(self) -> None:
        pair = self.session.pair
        if not self.session.is_temporary:
            codec.remember_recent(self.settings, pair.transcript, pair.store)
            self._refresh_recent_menu()

    def _refresh_recent_menu(self) -> None:
        self.recent_menu.clear()
        for number, (transcript, store) in enumerate(codec.read_recent(self.settings), 1):
            names = " + ".join(p.name.replace("&", "&&") for p in (transcript, store) if p is not None)
            action = self.recent_menu.addAction(f"&{number} {names}" if number < 10 else names)
            action.setToolTip("\n".join(str(p) for p in (transcript, store) if p is not None))
            action.triggered.connect(
                lambda _=False, t=transcript, s=store: self.session.open(t, s, beside=False)
            )
        self.recent_menu.setEnabled(bool(self.recent_menu.actions()))
        assign_mnemonics(self.recent_menu)

    # -- selection and filters ---------------------------------------------------
    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        row = self.proxy.mapToSource(current).row() if current.isValid() else None
        self.detail.show_row(None if row is None else self.model.row_at(row))
        self.preview_pane.show_message(None if row is None else self.model.row_at(row).index)

    def _selected_rows(self) -> tuple[list[int], int | None]:
        selection = self.table.selectionModel()
        rows = [self.proxy.mapToSource(i).row() for i in selection.selectedRows()]
        current = selection.currentIndex()
        return rows, (self.proxy.mapToSource(current).row() if current.isValid() else None)

    def _restore_selection(self, rows: list[int], current: int | None) -> None:
        count = self.model.rowCount()
        for row in rows:
            if row < count and row != current:
                self.strip.select_row(row, add=True)
        if current is not None and current < count:
            self.strip.select_row(current, add=bool(rows))

    def select_source_row(self, row: int) -> None:
        self.strip.select_row(row)

    # -- theme, drag and drop, settings --------------------------------------------
    def apply_theme(self, name: str) -> None:
        from .themes import apply_palette

        apply_palette(name)
        codec.write_theme(self.settings, name)
        self.strip.update()
        self.preview_pane.rerender()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and all(u.isLocalFile() for u in event.mimeData().urls()):
            event.setDropAction(Qt.DropAction.CopyAction)  # never Move: the files stay where they are
            event.accept()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [Path(u.toLocalFile()) for u in event.mimeData().urls() if u.isLocalFile()]
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()
        self.open_any(paths)

    def _restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray | bytes):
            self.restoreGeometry(QByteArray(geometry))
        else:
            self.resize(1400, 820)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray | bytes):
            self.restoreState(QByteArray(state))
        root = self.session.root
        if root is not None and root.is_dir():
            self.discussions.set_root(root)
        elif state is None:
            self.discussions_dock.hide()  # first start: room for the timeline
        self._now_changed()

    def save_settings(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._confirm_discard():
            event.ignore()
            return
        self.save_settings()
        self.session.shutdown()
        super().closeEvent(event)

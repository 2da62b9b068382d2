"""The main window: composes the views around one ``DiscussionSession``.

It owns no discussion state and no timestamp logic. It builds widgets, menus
and the toolbar (from the action table in ``actions``), connects signals in
one place (``_connect_signals``) and asks the questions the session cannot
(file names, keys, "discard edits?"). Panels get the session, never the window.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QSettings, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QGuiApplication, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QMainWindow,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...core.context import Style
from .. import settings as codec
from ..dialogs.edit_time import edit_row_time
from ..editing import undo_redo_actions
from ..menus.actions import (
    ACTIONS,
    MENUS,
    REDO_KEYS,
    STYLE_KEYS,
    UNDO_KEYS,
    choice_group,
    enable_for,
    key_sequences,
    make_action,
    sync_group,
)
from ..menus.help_menu import HelpMenu
from ..menus.language import add_language_menu
from ..menus.options import OptionsMenu
from ..menus.sort import SortMenu
from ..panels.details import DetailPane
from ..panels.filter_bar import ROLES, FilterBar
from ..panels.preview import PreviewPane
from ..panels.status import Banner, BannerRoom, CountsBar, FilesRoom, Progress, files_label, show_files
from ..session import DiscussionSession, Leaving
from ..strip.view import TimelineStrip
from ..tables.base import RowsView
from ..tables.filter_proxy import TimelineFilterProxy
from ..tables.timeline import Column, TimelineTableModel, timeline_column_widths
from ..tables.view_anchor import ViewAnchor, selected_source_rows
from ..widgets.keys import DialogKeys, actions_menu, assign_mnemonics, local_action, menu_by_keys
from ..widgets.screen_fit import resize_to_fit
from ..widgets.wrap_height import keep_wrapped_height
from .dock_fit import DockFitter, add_dock
from .lazy_dock import ClosedPanels, LazyDock, PanelOf, build_shown
from .navigation import Navigator, rows_as_tsv
from .opening import Opener
from .toolbar_fit import ToolbarFit, button_words
from .words import now_text, title_of, window_title

if TYPE_CHECKING:  # built on first use (issue 33: not at start-up)
    from ..panels.discussions import DiscussionsPanel
    from ..panels.history import HistoryPanel
    from ..panels.recordings import RecordingsPanel
    from ..panels.repair import RepairPanel


class MainWindow(QMainWindow):
    shown = Signal()  # the views show the session's discussion: counts, title, details follow
    # the panels of docks closed at a first start, built when first read (or their dock shown)
    repair_panel: PanelOf[RepairPanel] = PanelOf("repair_dock")
    recordings: PanelOf[RecordingsPanel] = PanelOf("recordings_dock")
    discussions: PanelOf[DiscussionsPanel] = PanelOf("discussions_dock")
    history_panel: PanelOf[HistoryPanel] = PanelOf("history_dock")

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle(window_title(False, "", ""))
        self.setAcceptDrops(True)
        self.session = DiscussionSession(
            codec.read_choices(settings),
            root=codec.read_root(settings),
            style=codec.read_style(settings),
            parent=self,
        )
        self.model = TimelineTableModel(self, held=self.session)
        self.model.set_style(self.session.style)
        self.model.set_now(self.session.now())
        self.proxy = TimelineFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.actions_by_name: dict[str, QAction] = {}
        self._rows_of: tuple[Path, int] | None = None  # the shown rows' source (``session.rows_source``)
        self.dialog_keys = DialogKeys(self)  # every dialog's buttons by Alt+letter; keys back here after
        menu_by_keys(self)  # Shift+F10: the context menu of what has the focus, as a right-click's
        self._build_views()
        self._build_opener()
        self._build_menus()
        self._build_toolbar()
        self._build_status_bar()
        self._connect_signals()
        self._restore_layout()
        self.dock_fitter = DockFitter(
            self,
            self.column_widths,
            [(self.side_dock, self.discussions_dock)],
            [self.repair_dock],
            strip=self.strip,
        )
        self._update_title()

    @property
    def undo_stack(self) -> QUndoStack:
        return self.session.undo_stack

    # -- construction ----------------------------------------------------------
    def _build_views(self) -> None:
        self.banner = Banner()
        self.strip = TimelineStrip(self.model)
        self.table = RowsView()
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
        self.column_widths = timeline_column_widths(self.table, self.settings)
        self.strip.set_selection_model(self.table.selectionModel(), self.proxy)

        center = QWidget()
        box = QVBoxLayout(center)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.banner)
        self.filter_bar = FilterBar(self.proxy, self.table)
        self.filter_edit, self.filter_combo = self.filter_bar.edit, self.filter_bar.combo
        self.role_buttons = self.filter_bar.role_buttons
        below = QWidget()
        below_box = QVBoxLayout(below)
        below_box.setContentsMargins(0, 0, 0, 0)
        below_box.setSpacing(0)
        below_box.addWidget(self.filter_bar)
        below_box.addWidget(self.table, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.strip)
        split.addWidget(below)
        split.setStretchFactor(1, 1)
        box.addWidget(split, 1)
        self.setCentralWidget(keep_wrapped_height(center))
        BannerRoom(self.banner, self.column_widths)  # the banner's lines: from the table's rows

        self.detail = DetailPane(self.session)
        self.preview_pane = PreviewPane(self.session)
        self.preview_pane.template.setPlainText(codec.read_template(self.settings))
        self.tabs = QTabWidget()
        self.tabs.addTab(self.detail, self.tr("&Details"))
        self.tabs.addTab(self.preview_pane, self.tr("&Preview"))
        self.side_dock = add_dock(
            self, self.tr("Details and preview"), "sideDock", self.tabs, Qt.DockWidgetArea.RightDockWidgetArea
        )
        # the docks closed at a first start get their panels when first shown (lazy_dock)
        panels = ClosedPanels(self.session, self.settings, lambda root: self.opener.root_chosen(root))
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        self.repair_dock = LazyDock(  # scrolls in a small window rather than growing it
            self, self.tr("Repair"), "repairDock", panels.repair, bottom, scroll=True
        )
        self.repair_dock.hide()
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        self.discussions_dock = LazyDock(
            self, self.tr("Discussions"), "discussionsDock", panels.discussions, left
        )
        self.recordings_dock = LazyDock(  # its least height in view: its lists' rows (tryout zm1)
            self, self.tr("Recordings"), "recordingsDock", panels.recordings, bottom
        )
        self.tabifyDockWidget(self.repair_dock, self.recordings_dock)
        self.recordings_dock.hide()
        self.history_dock = LazyDock(self, self.tr("History"), "historyDock", panels.history, bottom, True)
        self.tabifyDockWidget(self.recordings_dock, self.history_dock)
        self.history_dock.hide()
        # the side docks keep the full height: Repair opens under the table, not under the preview
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        panes = {  # the widget each key focuses, asked for when pressed (its dock may not be built)
            "discussions": (self.discussions_dock, lambda: self.discussions.view),
            "details": (self.side_dock, lambda: self.detail.content),
            "preview": (self.side_dock, lambda: self.preview_pane.chat_button),
            "repair": (self.repair_dock, lambda: self.repair_panel.find_button),
            "history": (self.history_dock, lambda: self.history_panel.view),
            "recordings": (self.recordings_dock, lambda: self.recordings.view),
        }
        self.navigator = Navigator(self.filter_bar, self.table, panes, self.tabs, self.strip)

    def _build_opener(self) -> None:
        self.progress = Progress(self.session)  # the status bar's; its Cancel is a menu command too
        self.opener = Opener(self.session, self, self.settings, self.discussions_dock, self.banner)
        self.recent_menu = self.opener.recent_menu
        self.open_any, self.open_folder = self.opener.open_any, self.opener.open_folder

    def _build_menus(self) -> None:
        session = self.session
        menus = {key: self.menuBar().addMenu(self.tr(title)) for key, title in MENUS}
        self.help = HelpMenu(self)
        self.sort_menu = SortMenu(self.table, self.model.HEADERS, self)
        for spec in ACTIONS:
            # a command is the opener's (files, folders, drops) or the window's own
            owners = (self.opener, self.navigator, self.help, self.sort_menu, self.progress)
            found = (getattr(owner, f"do_{spec.name}", None) for owner in owners)
            slot = next(filter(None, found), None) or getattr(self, f"_do_{spec.name}")
            action = make_action(self, spec, slot)
            self.addAction(action)
            self.actions_by_name[spec.name] = action
            if spec.menu:
                menus[spec.menu].addAction(action)
            if spec.name == "open_recordings":
                menus["file"].addMenu(self.recent_menu)
                menus["file"].addSeparator()
            if spec.name in ("reload", "close_discussion", "copy_preview"):
                menus[spec.menu].addSeparator()
        self.copy_rows_action = local_action(self.actions_by_name["copy_rows"], self, self.table, self.strip)
        edit, zooms = self.actions_by_name["edit_time"], ("zoom_in", "zoom_out", "zoom_fit")
        actions_menu(self.table, [edit, self.copy_rows_action])
        actions_menu(
            self.strip, [edit, self.copy_rows_action, None, *(self.actions_by_name[n] for n in zooms)]
        )
        self.detail.offer(self.actions_by_name["edit_time"])
        self.undo_action, self.redo_action = undo_redo_actions(session.undo_stack, self)
        for action, keys in ((self.undo_action, UNDO_KEYS), (self.redo_action, REDO_KEYS)):
            action.setShortcuts(key_sequences(keys))
            self.addAction(action)
        edit = menus["edit"]
        edit.insertActions(edit.actions()[0], [self.undo_action, self.redo_action])
        edit.insertSeparator(edit.actions()[2])

        view = menus["view"]
        view.insertSeparator(view.actions()[0])
        styles = list(zip(Style, (self.tr("&Absolute"), self.tr("&Relative"), self.tr("&CST")), strict=True))
        self.style_actions = choice_group(self, None, styles, session.style, session.set_style, STYLE_KEYS)
        view.insertActions(view.actions()[0], list(self.style_actions.values()))
        view.addSeparator()
        view.addMenu(self.sort_menu)
        self.sort_menu.add_commands(self.actions_by_name["sort_next"], self.actions_by_name["sort_reverse"])
        theme_items = [("system", self.tr("System")), ("light", self.tr("Light")), ("dark", self.tr("Dark"))]
        theme_menu = view.addMenu(self.tr("T&heme"))
        self.theme_actions = choice_group(
            self, theme_menu, theme_items, codec.read_theme(self.settings), self.apply_theme
        )
        self.language_actions = add_language_menu(self, view, self.settings)
        view.addSeparator()
        for dock in (self.discussions_dock, self.side_dock, self.repair_dock, self.recordings_dock):
            view.addAction(dock.toggleViewAction())
        view.addAction(self.history_dock.toggleViewAction())

        self.options_menu = OptionsMenu(session, self)
        self.menuBar().insertMenu(menus["help"].menuAction(), self.options_menu)
        assign_mnemonics(self.menuBar())
        self.filter_bar.bind_roles({role: self.actions_by_name[f"show_{role}"] for role in ROLES})

    def _build_toolbar(self) -> None:
        bar = self.addToolBar(self.tr("Main"))
        bar.setObjectName("mainToolbar")
        open_button = QToolButton()
        open_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        open_button.setDefaultAction(self.actions_by_name["open_transcript"])
        for name in ("open_store", "open_pair", "open_folder"):
            open_button.addAction(self.actions_by_name[name])
        open_button.setText(self.tr("Open"))
        bar.addWidget(open_button)
        bar.addSeparator()
        bar.addWidget(QLabel(self.tr(" Style: ")))
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
        button_words(bar)
        self.toolbar_fit = ToolbarFit(bar, [open_button])  # icons alone before buttons overflow

    def _build_status_bar(self) -> None:
        status = self.statusBar()
        self.counts_bar = CountsBar(self.session, self.shown)
        self.counts_label = self.counts_bar.counts
        self.counts_bar.notice.overflowed.connect(self.banner.show_notice)  # cut: said whole, wrapped
        self.files_label = files_label()
        self.cancel_button = self.progress.cancel_button
        self.progress.bind(self.actions_by_name["cancel_work"])
        # permanent widgets: a passing message never hides the counts
        status.addPermanentWidget(self.counts_bar, 1)
        self.counts_bar.hold_files(self.files_label)  # beside the counts, or under them when wrapped
        status.addPermanentWidget(self.progress)
        FilesRoom(status, self.counts_bar, self.files_label, self.progress)  # what the counts leave

    def _connect_signals(self) -> None:
        session = self.session
        session.changed.connect(self._discussion_changed)
        self.banner.follow(session)
        session.pairChanged.connect(self._update_title)
        session.dirtyChanged.connect(lambda _dirty: self._update_title())
        session.goneChanged.connect(self._update_title)
        session.styleChanged.connect(self._style_changed)
        session.nowChanged.connect(self._now_changed)
        session.choicesChanged.connect(self._choices_changed)
        session.rowRequested.connect(self.strip.select_row)
        self.strip.follow_history(session)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.detail.orphanChosen.connect(self.table.selectionModel().clear)  # Details shows the orphan
        self.shown.connect(lambda: self._current_changed(self.table.currentIndex(), QModelIndex()))
        self.preview_pane.template.textChanged.connect(
            lambda: codec.write_template(self.settings, self.preview_pane.template.toPlainText())
        )

    # -- reacting to the session ------------------------------------------------
    def _discussion_changed(self) -> None:
        session = self.session
        rows_of = session.rows_source()
        keep = ViewAnchor(self.table, same_chat=rows_of is not None and rows_of == self._rows_of)
        self._rows_of = rows_of
        discussion = session.discussion
        self._now_changed()  # another discussion's clock may be in another zone
        before = self.model.row_count()
        same_rows = self.model.set_discussion(discussion)  # an append inserts: selection and scroll stay
        self.strip.set_layout(session.layout, keep_view=same_rows)
        self.column_widths.fit_added(range(before, self.model.row_count()) if same_rows else range(0))
        if discussion is not None:  # an append may place rows above the selection
            keep.restore(same_rows, self.strip.select_row)
        enable_for(self.actions_by_name, discussion)
        self.table.doItemsLayout()  # the new rows are painted with the counts, not a layout later
        self._update_title()
        self.shown.emit()

    def _style_changed(self, style: Style) -> None:
        sync_group(self.style_actions, style)
        self.model.set_style(style)
        # "[Sent 8 days, 14 hours, …]" is long; CST measures gaps between other times, and
        # may name a flag "out-of-order (stored time)"
        self.column_widths.fit(Column.TIME, Column.GAP, Column.STATUS)
        codec.write_style(self.settings, style)
        self.strip.restyle()  # CST may place the marks at other times (the ones its labels show)

    def _now_changed(self) -> None:
        session = self.session
        self.model.set_now(session.now())
        live = session.pinned_now is None
        with QSignalBlocker(self.actions_by_name["live_now"]):
            self.actions_by_name["live_now"].setChecked(live)
        text, tip = now_text(live, session.now(), session.now_clock(), session.options.wilmer_zone)
        self.now_button.setText(text)
        self.now_button.setToolTip(tip)

    def _choices_changed(self) -> None:
        codec.write_choices(self.settings, self.session.choices)
        self._now_changed()  # the middleware's zone moves the live clock

    def _update_title(self) -> None:
        session, pair = self.session, self.session.shown_pair
        built = pair and self.recordings_dock.built  # a recording opened from its panel: what was picked
        recorded = self.recordings.title_for(pair.transcript, session.chat) if built else ""
        title, here = title_of(session, recorded)
        self.setWindowTitle(title)
        away = session.moved_with_folder(pair)  # files named at their old place until Follow (tryL 7)
        show_files(self.files_label, here, session.root, moved_from=session.pair_read(pair), away=away)

    # -- action slots (named after the action table) ------------------------------
    def _do_save(self) -> None:
        self.session.start_save()

    def _do_revert(self) -> None:
        self.opener.revert()

    def _do_reload(self) -> None:
        self.session.reload("reloaded")

    def _do_close_discussion(self) -> None:
        self.session.close()

    def _do_quit(self) -> None:
        self.close()

    def _do_copy_rows(self) -> None:
        QGuiApplication.clipboard().setText(
            rows_as_tsv(self.model, sorted(selected_source_rows(self.table)[0]))
        )

    def _do_edit_time(self) -> None:  # F2: the current message's stored time typed by hand
        edit_row_time(self, self.session, self.model, self.table, self.banner.show_notice)

    def _do_copy_preview(self) -> None:
        self.preview_pane.copy_json()

    def _do_find(self) -> None:
        self.filter_bar.focus_text()

    def _do_live_now(self, on: bool) -> None:
        if on:
            self.session.set_pinned_now(None)
        else:  # unticking "live" pins the current time
            self.session.set_pinned_now(self.session.now())

    def _do_pin_now(self) -> None:
        from ..dialogs.questions import pin_now  # loaded when first asked: start-up stays light

        pin_now(self, self.session)

    def _do_simulate(self) -> None:
        discussion = self.session.discussion
        if discussion is None or not discussion.has_transcript:  # the action is disabled then
            return
        from ..dialogs.simulate import SimulateDialog

        self.simulation_dialog = SimulateDialog(self.session, self)
        self.simulation_dialog.open()

    def _do_repair(self) -> None:
        self.navigator.go("repair")
        self.repair_panel.look()

    _do_go_repair = _do_repair  # Alt+5: Repair opens (and looks) with the focus in it

    def _do_open_recordings(self) -> None:
        folder = self.recordings.ask_folder()
        if folder is not None:
            self.open_recordings(folder)

    def open_recordings(self, folder: Path) -> None:
        self.recordings_dock.show()
        self.recordings_dock.raise_()
        self.recordings.set_folder(folder)

    # -- selection and filters ---------------------------------------------------
    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        row = self.proxy.mapToSource(current).row() if current.isValid() else None
        self.detail.show_row(None if row is None else self.model.row_at(row))
        self.preview_pane.show_message(None if row is None else self.model.row_at(row).index)

    def select_source_row(self, row: int) -> None:
        self.strip.select_row(row)

    # -- theme, drag and drop, settings --------------------------------------------
    def apply_theme(self, name: str) -> None:
        from ..widgets.palettes import apply_palette

        apply_palette(name)
        codec.write_theme(self.settings, name)
        self.strip.update()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and all(u.isLocalFile() for u in event.mimeData().urls()):
            event.setDropAction(Qt.DropAction.CopyAction)  # never Move: the files stay where they are
            event.accept()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [Path(u.toLocalFile()) for u in event.mimeData().urls() if u.isLocalFile()]
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()
        self.opener.open_any(paths)

    def _restore_layout(self) -> None:
        geometry, state = codec.read_window(self.settings)
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            resize_to_fit(self, 1400, 820)
        if state is not None:
            self.restoreState(state)
        root = self.session.root
        if state is None and (root is None or not root.is_dir()):
            self.discussions_dock.hide()  # first start: room for the timeline
        build_shown(self)  # a dock open at the first paint has its panel in it
        self._now_changed()

    def save_settings(self) -> None:
        codec.write_window(self.settings, self.saveGeometry(), self.saveState())

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.session.may_leave(Leaving.QUIT):
            event.ignore()
            return
        self.save_settings()
        self.session.shutdown()
        super().closeEvent(event)

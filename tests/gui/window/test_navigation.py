"""window/navigation.py on its own, in a bare main window: each pane command
opens its dock (the right tab of the side dock in front) and puts the focus
in it, Escape in Repair goes back to the table and leaves Repair open, the
find and role commands drive the filter row; rows copied whole read back
as the cells they hold (full hash, whole message, tabs and newlines too)."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLineEdit, QMainWindow, QTableView, QTabWidget, QWidget

from timeline_app.core.discussion import open_discussion
from timeline_app.core.options import EngineOptions
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.panels.filter_bar import FilterBar
from timeline_app.gui.strip.view import TimelineStrip
from timeline_app.gui.tables.filter_proxy import TimelineFilterProxy
from timeline_app.gui.tables.timeline import TimelineTableModel
from timeline_app.gui.window.navigation import Navigator, rows_as_tsv

from ..helpers import WAIT, _chat

NOW = datetime(2025, 9, 21, 8, 6)
PANES = ("discussions", "history", "recordings", "details", "preview", "repair")


class Window:
    """The widgets the navigator moves between, in a shown main window."""

    def __init__(self, qtbot) -> None:
        self.window = QMainWindow()
        qtbot.addWidget(self.window)
        self.model = TimelineTableModel()
        self.model.set_discussion(open_discussion(DEMO_TRANSCRIPT, DEMO_TIMESTAMPS, EngineOptions(), NOW))
        self.proxy = TimelineFilterProxy()
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.filter_bar = FilterBar(self.proxy, self.table)
        self.strip = TimelineStrip(self.model)
        central = QWidget()
        self.window.setCentralWidget(central)
        self.table.setParent(central)
        self.strip.setParent(central)
        self.tabs = QTabWidget()  # the side dock: details and preview as its tabs
        self.fields = {name: QLineEdit(objectName=name) for name in PANES}
        docks = {}
        for name in PANES:
            if name in ("details", "preview"):
                holder = QWidget()
                self.fields[name].setParent(holder)
                self.tabs.addTab(holder, name)
                continue
            dock = QDockWidget(name, self.window)
            dock.setWidget(self.fields[name])
            self.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            dock.hide()
            docks[name] = (dock, lambda field=self.fields[name]: field)
        side = QDockWidget("side", self.window)
        side.setWidget(self.tabs)
        self.window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, side)
        docks["details"] = (side, lambda: self.fields["details"])
        docks["preview"] = (side, lambda: self.fields["preview"])
        self.docks = docks
        self.navigator = Navigator(self.filter_bar, self.table, docks, self.tabs, self.strip)
        self.window.resize(900, 600)
        self.window.show()
        qtbot.waitExposed(self.window)
        self.window.activateWindow()
        qtbot.waitUntil(self.window.isActiveWindow, timeout=WAIT)


@pytest.fixture
def shown(qtbot) -> Window:
    return Window(qtbot)


def test_each_pane_command_opens_its_dock_and_puts_the_focus_in_it(qtbot, shown: Window) -> None:
    for name in PANES:
        if name == "repair":
            continue
        getattr(shown.navigator, f"do_go_{name}")()
        dock, field = shown.docks[name][0], shown.fields[name]
        assert dock.isVisible(), name
        qtbot.waitUntil(field.hasFocus, timeout=WAIT)
        if name in ("details", "preview"):
            assert shown.tabs.currentWidget().isAncestorOf(field), name  # its tab in front
    shown.navigator.do_go_table()
    qtbot.waitUntil(shown.table.hasFocus, timeout=WAIT)
    shown.navigator.do_go_strip()
    qtbot.waitUntil(shown.strip.hasFocus, timeout=WAIT)


def test_escape_in_repair_goes_back_to_the_table_and_leaves_repair_open(qtbot, shown: Window) -> None:
    shown.navigator.go("repair")
    dock, field = shown.docks["repair"][0], shown.fields["repair"]
    qtbot.waitUntil(field.hasFocus, timeout=WAIT)
    qtbot.keyClick(field, Qt.Key.Key_Escape)
    qtbot.waitUntil(shown.table.hasFocus, timeout=WAIT)
    assert dock.isVisible()


def test_find_and_role_commands_drive_the_filter_row(shown: Window) -> None:
    shown.table.selectionModel().clear()  # a shown table made its first row current
    shown.navigator.do_find_next()
    assert shown.table.currentIndex().row() == 0
    shown.navigator.do_find_previous()
    assert shown.table.currentIndex().row() == shown.proxy.rowCount() - 1
    for role in ("user", "assistant", "other"):
        getattr(shown.navigator, f"do_show_{role}")(True)
        assert shown.filter_bar.role_buttons[role].isChecked()
        getattr(shown.navigator, f"do_show_{role}")(False)
        assert not shown.filter_bar.role_buttons[role].isChecked()


def test_rows_copied_whole_read_back_as_their_cells(tmp_path: Path) -> None:
    contents = ["a\ttab", 'a "quoted"\nsecond line', "x" * 500]
    transcript = _chat(tmp_path / "a", contents)
    model = TimelineTableModel()
    model.set_discussion(
        open_discussion(transcript, tmp_path / "a" / "timestamps.json", EngineOptions(), NOW)
    )
    rows = [2, 0]
    read = list(csv.reader(io.StringIO(rows_as_tsv(model, rows)), dialect="excel-tab"))
    assert read == [list(model.HEADERS), *(model.copy_cells(row) for row in rows)]
    assert any(contents[0] in cell for cell in read[2]) and any(cell == "x" * 500 for cell in read[1])

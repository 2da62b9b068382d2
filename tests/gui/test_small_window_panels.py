"""The panels stay readable in a small window (tryout at a real 1024x700
screen): a repair proposal's whole reason, the Discussions dock's headers."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from timeline_app.gui.column_widths import MIN_ROWS
from timeline_app.gui.main_window import MainWindow
from timeline_app.gui.repair_panel import PROPOSAL_ROWS, PropColumn


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_current_proposals_whole_reason_is_shown_wrapped(qtbot, request, language: str) -> None:
    """The Why column is cut at 1024 px (a Chinese reason never wraps in its
    cell): clicking a proposal, then moving by key, shows its whole reason."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    window.resize(1024, 700)
    window.repair_dock.show()
    window.repair_dock.raise_()
    panel = window.repair_panel
    with qtbot.waitSignal(panel.proposalsReady, timeout=10000):
        qtbot.mouseClick(panel.find_button, Qt.MouseButton.LeftButton)
    assert panel.model.rowCount() >= 2
    qtbot.wait(50)
    reason = panel.findChild(QLabel, "proposalReason")
    assert not reason.isVisible()  # nothing current yet
    table = panel.table
    first = panel.model.index(0, PropColumn.INDEX)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualRect(first).center())
    for row in (0, 1):
        if row:
            qtbot.keyClick(table, Qt.Key.Key_Down)
        full = panel.model.index(row, PropColumn.REASON).data()
        qtbot.waitUntil(lambda full=full: reason.isVisible() and reason.text() == full)
        assert reason.textFormat() == Qt.TextFormat.PlainText and reason.wordWrap()
        qtbot.wait(100)  # the layout settles
        assert reason.height() >= reason.heightForWidth(reason.width()), "its lines are cut"
        assert reason.width() <= panel.width()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_discussions_dock_shows_its_first_headers_whole_beside_the_other_panels(
    qtbot, request, language: str
) -> None:
    """At 1280 px with every panel open Qt squeezed the dock to ~130 px
    ("Discussion | Ent", 最早 cut): its name, entries and first columns stay whole."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    window.resize(1280, 760)
    for dock in (window.discussions_dock, window.side_dock, window.repair_dock):
        if not dock.isVisible():
            dock.toggleViewAction().trigger()
    qtbot.wait(300)  # the docks give way once the layout settles
    view = window.discussions.view
    header = view.header()
    assert window.discussions_dock.isVisible() and not view.visibleRegion().isEmpty()
    for column in range(3):
        text = view.model().headerData(column, Qt.Orientation.Horizontal)
        end = header.sectionViewportPosition(column) + header.sectionSize(column)
        assert header.sectionSize(column) >= header.fontMetrics().horizontalAdvance(text) + 8, text
        assert end <= view.viewport().width(), f"{text!r} ends at {end} of {view.viewport().width()} px"


def test_the_details_facts_have_room_at_1024_in_chinese(qtbot, chinese_demo: MainWindow) -> None:
    """At 1024x700 the Chinese facts were cramped beside long labels (聊天记录中的时间
    "2025-09-12T18:00:" cut, 存储的值 on three lines) under a mostly empty
    message box: each value keeps its longest word whole and all its lines."""
    window = chinese_demo
    window.side_dock.show()
    window.tabs.setCurrentIndex(0)
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: window.width() == 1024)
    window.select_source_row(2)
    qtbot.wait(300)
    detail = window.detail
    assert detail.own.text().startswith("2025-09-12T18:00:01")
    for label in (detail.stored, detail.parsed, detail.own):
        widest = max(label.fontMetrics().horizontalAdvance(word) for word in label.text().split())
        assert widest <= label.contentsRect().width(), f"{label.text()!r} is cut at {label.width()} px"
        assert label.height() >= label.heightForWidth(label.width()), f"{label.text()!r} loses lines"
    stored_lines = detail.stored.height() // detail.stored.fontMetrics().lineSpacing()
    assert stored_lines <= 2, f"the stored value takes {stored_lines} lines"
    text = detail.content
    lines = text.fontMetrics().lineSpacing()
    assert text.height() <= 6 * lines, f"the two-line message box is {text.height()} px high"


@pytest.mark.parametrize("language", ["en", "zh"])
def test_maximised_to_1024_every_panel_open_keeps_three_proposals_in_view(
    qtbot, request, language: str
) -> None:
    """Every panel opened (Alt+1, Alt+5, Alt+4) in the 942x644 default window
    of a 1024x700 screen, then maximised: Repair had stayed at the height the
    small window left it (its proposals table one row high) while the timeline
    table had rows to spare."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    window.resize(942, 644)
    qtbot.waitUntil(lambda: window.width() == 942)
    for dock in (window.discussions_dock, window.side_dock, window.repair_dock):
        if not dock.isVisible():
            dock.toggleViewAction().trigger()
    panel = window.repair_panel
    with qtbot.waitSignal(panel.proposalsReady, timeout=10000):
        qtbot.mouseClick(panel.find_button, Qt.MouseButton.LeftButton)
    qtbot.wait(300)
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: window.width() == 1024)
    qtbot.wait(300)  # the docks give way once the layout settles

    def rows(view) -> int:
        return view.viewport().height() // view.verticalHeader().defaultSectionSize()

    for _ in range(30):  # a loaded machine settles later
        if rows(panel.table) >= PROPOSAL_ROWS:
            break
        qtbot.wait(100)
    assert rows(panel.table) >= PROPOSAL_ROWS, f"Repair shows {rows(panel.table)} proposals"
    assert rows(window.table) >= MIN_ROWS, f"the timeline shows {rows(window.table)} rows"

"""The Repair list while a search runs: the rows are the previous search's
(issue 31 tryout: after Apply at 100k, and the search that follows, the old
"2384 proposals, 2384 accepted" stayed ticked under "Looking for proposals …").
They are greyed, said to be the previous search's, and nothing the person
does ticks or applies them, whatever started the search."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import Qt

from timeline_app.gui.panels import repair
from timeline_app.gui.panels.repair import PropColumn, RepairPanel
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import CTRL, press, show_active

WAIT = 10000


@pytest.fixture
def held(monkeypatch) -> Iterator[threading.Event]:
    """Every repair search waits for the event before it answers (set: they run freely)."""
    free = threading.Event()
    free.set()
    for name in ("search_repairs", "update_repairs"):
        real = getattr(repair, name)

        def waiting(*args: Any, _real: Any = real, **kwargs: Any) -> Any:
            assert free.wait(30)
            return _real(*args, **kwargs)

        monkeypatch.setattr(repair, name, waiting)
    yield free
    free.set()


def _ticks(panel: RepairPanel) -> list[bool]:
    model = panel.model
    return [
        model.index(row, PropColumn.ACCEPT).data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
        for row in range(model.rowCount())
    ]


def _greyed(panel: RepairPanel) -> bool:
    """Every cell of every row drawn disabled (the view greys items that are not enabled)."""
    model = panel.model
    return model.rowCount() > 0 and all(
        not model.flags(model.index(row, column)) & Qt.ItemFlag.ItemIsEnabled
        for row in range(model.rowCount())
        for column in range(model.columnCount())
    )


@pytest.mark.parametrize("start", ["apply", "find again", "re-anchor"])
def test_rows_of_the_previous_search_are_greyed_and_never_applied(
    qtbot, demo_copy_window: MainWindow, held: threading.Event, start: str
) -> None:
    window = demo_copy_window
    show_active(qtbot, window)
    panel, session = window.repair_panel, window.session
    with qtbot.waitSignal(panel.proposalsReady, timeout=WAIT):
        press(qtbot, Qt.Key.Key_R, CTRL | Qt.KeyboardModifier.ShiftModifier)
    panel.table.setFocus()
    panel.table.setCurrentIndex(panel.model.index(0, PropColumn.ACCEPT))
    # two proposals, so one is left after Apply takes the ticked one
    panel.model.accept_where(None, False)
    panel.model.setData(
        panel.model.index(0, PropColumn.ACCEPT), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole
    )
    assert panel.model.rowCount() >= 2 and not _greyed(panel)
    held.clear()
    if start == "apply":
        panel.apply_button.click()
    elif start == "find again":
        panel.find_button.click()
    else:
        panel.reanchor.click()
    qtbot.waitUntil(lambda: session.jobs.busy("repair"), timeout=WAIT)  # after Apply: once the edit is shown
    rows, ticks = panel.model.rowCount(), _ticks(panel)
    store = session.discussion.store
    undo = session.undo_stack.index()
    text = panel.summary.text()
    assert "Looking for proposals" in text and "accepted" not in text, text
    assert "previous search's" in text and "cannot be ticked or applied" in text, text
    assert rows == 0 or _greyed(panel), "old rows shown as if current"
    # nothing acts on them: Space, the bulk buttons, Apply
    panel.table.setFocus()
    press(qtbot, Qt.Key.Key_Space)
    panel.model.setData(
        panel.model.index(0, PropColumn.ACCEPT), Qt.CheckState.Unchecked, Qt.ItemDataRole.CheckStateRole
    )
    for button in (panel.accept_high, panel.accept_medium, panel.reject_all, panel.apply_button):
        assert not button.isEnabled(), button.text()
    panel.apply()
    assert _ticks(panel) == ticks and panel.model.accepted() == []
    assert session.discussion.store is store and session.undo_stack.index() == undo
    with qtbot.waitSignal(panel.proposalsReady, timeout=WAIT):
        held.set()
    session.jobs.wait()
    assert not _greyed(panel) and "previous search's" not in panel.summary.text()


def test_a_cancelled_search_leaves_the_current_list_live(
    qtbot, demo_copy_window: MainWindow, held: threading.Event
) -> None:
    """Find again cancelled: the list still answers for the files shown, so it is live again."""
    window = demo_copy_window
    show_active(qtbot, window)
    panel, session = window.repair_panel, window.session
    with qtbot.waitSignal(panel.proposalsReady, timeout=WAIT):
        press(qtbot, Qt.Key.Key_R, CTRL | Qt.KeyboardModifier.ShiftModifier)
    held.clear()
    panel.find_button.click()
    assert _greyed(panel)
    session.jobs.cancel_all()
    held.set()
    qtbot.waitUntil(lambda: not session.jobs.busy("repair"), timeout=WAIT)
    assert not _greyed(panel) and panel.apply_button.isEnabled()
    assert "accepted" in panel.summary.text()
    session.jobs.wait()


def test_a_panel_deleted_while_its_search_runs_is_handed_nothing(
    qtbot, demo_copy_window: MainWindow, held: threading.Event
) -> None:
    """A Repair panel torn down while its search runs (a dock's panel
    deleted, a test's panel let go) is not called when the search ends:
    its handler, a closure over the panel, was, and it called into the
    deleted widget from the event loop (issue 29, the class of the fuzzed
    session's crashes). The window's own panel searches on as ever."""
    window = demo_copy_window
    show_active(qtbot, window)
    session = window.session
    other = RepairPanel(session)
    held.clear()
    other.refresh()
    assert session.jobs.busy("repair")
    shiboken6.delete(other)
    held.set()
    assert session.jobs.wait(WAIT)
    qtbot.waitUntil(lambda: session.jobs.idle, timeout=WAIT)  # an exception here fails the test (pytest-qt)
    panel = window.repair_panel
    with qtbot.waitSignal(panel.proposalsReady, timeout=WAIT):
        panel.refresh()
    assert panel.model.rowCount() > 0 and "accepted" in panel.summary.text()

"""Issue 31 (tryout tryN R5): the Time column read "(Friday, 2025-09-12
18:00:00)" with the pair as read and "2025-09-12 18:00:00" once the
timestamp file was deleted: nothing a reader could see said why the form
changed. Measured on the screenshots: the Status column grew by "not on
disk" and the squeeze that keeps Content its share took 1 px from Time
(220 to 219), one under its widest full form, and the whole column took
the shorter one. The form a time takes may depend on the table's room
alone: at one width, the same row reads the same in every state of the
file (as read, edited, deleted, moved, made anew)."""

from __future__ import annotations

import json
import re
import shutil
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDockWidget

from timeline_app.core.timeline import Status
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT, cell_shown, disk_settled, layout_settled, show_pair


def _open_trip(qtbot, window: MainWindow, tmp_path: Path) -> Path:
    folder = tmp_path / "trip"
    folder.mkdir()
    shutil.copy(DEMO_TRANSCRIPT, folder / "chat.json")
    shutil.copy(DEMO_TIMESTAMPS, folder / "timestamps.json")
    window.resize(1920, 1080)
    show_pair(qtbot, window, folder / "chat.json", folder / "timestamps.json")
    window.session.set_pinned_now(None)  # live, as a person runs it: the last reply's ≈ time is now
    window.session.confirm_discard = lambda: True
    return folder / "timestamps.json"


def _times_shown(window: MainWindow) -> dict[int, str]:
    """Every row's Time cell as drawn in its column, by its position."""
    shown = {}
    for position in range(window.model.rowCount()):
        index = window.proxy.mapFromSource(window.model.index(position, Column.TIME))
        window.table.scrollTo(index)
        shown[position] = cell_shown(window.table, index)[1]
    window.table.scrollToTop()
    return shown


def _change(qtbot, window: MainWindow, store: Path, kind: str) -> None:
    session = window.session
    before = window.banner.text()
    if kind == "edited":
        # a time a second later on a row with no flag: its Status says "unsaved edit", no flag
        # comes or goes (a flag is the data's, and may widen the column whatever the state)
        rows = session.discussion.timeline.rows
        row = next(r for r in rows if r.status is Status.TRACKED and not r.flags and r.position > 1)
        session.set_time(row.hash, row.time + timedelta(seconds=1))
        qtbot.waitUntil(lambda: session.is_dirty, timeout=WAIT)
        return
    if kind == "deleted":
        store.unlink()
    elif kind == "moved":
        store.rename(store.with_name("moved.json"))
    elif kind == "remade":  # deleted, then made anew at new times (a backfill)
        read = json.loads(store.read_text())
        store.unlink()
        qtbot.waitUntil(lambda: window.banner.text() != before, timeout=WAIT)
        before = window.banner.text()
        remade = {key: "(Monday, 2025-09-15 08:00:00)" for key in read}
        store.write_text(json.dumps(remade, indent=4))
    qtbot.waitUntil(lambda: window.banner.text() != before, timeout=WAIT)
    disk_settled(qtbot, session)


WIDTHS = (*range(800, 1000, 25), 1024, 1280, 1600, 1920)  # where Time is squeezed, and not


def _form(text: str) -> tuple[bool, int, bool]:
    """Which form a time's text takes: its day name in brackets, its clock's
    parts (seconds or not), its year."""
    return "(" in text, text.count(":"), re.search(r"\d{4}-", text) is not None


def _at_every_width(qtbot, window: MainWindow) -> dict[int, dict[int, str]]:
    """Each row's Time text as drawn, the window at each of ``WIDTHS``."""
    seen = {}
    for width in WIDTHS:
        window.resize(width, 800)
        qtbot.waitUntil(lambda w=width: window.width() == max(w, window.minimumWidth()), timeout=WAIT)
        layout_settled(window)
        seen[width] = _times_shown(window)
    return seen


@pytest.mark.parametrize("kind", ["edited", "deleted", "moved", "remade"])
def test_the_same_row_reads_the_same_time_form_in_every_file_state(
    qtbot, window: MainWindow, tmp_path: Path, kind: str
) -> None:
    """At each width of the table, every row's time takes the same form
    with the pair as read and after ``kind``: the Status column's words for
    the state ("not on disk", "unsaved edit") never take the Time column's
    room (Content gives it). The docks are closed: beside them the table may
    be lent more width for those words (``dock_fit``), and a time then reads
    longer, never shorter."""
    store = _open_trip(qtbot, window, tmp_path)
    for dock in window.findChildren(QDockWidget):  # the table's width is the window's: one room
        dock.close()
    before = _at_every_width(qtbot, window)
    window.resize(1920, 800)
    layout_settled(window)
    _change(qtbot, window, store, kind)
    after = _at_every_width(qtbot, window)
    session = window.session
    rows = session.discussion.timeline.rows
    for width in WIDTHS:
        forms = {_form(text) for text in after[width].values() if text}
        assert forms == {_form(text) for text in before[width].values() if text}, (width, before, after)
        if kind in ("deleted", "moved"):  # the same times: the same texts (≈: the live clock's)
            stored = {p: text for p, text in before[width].items() if not text.startswith("≈")}
            assert {p: after[width][p] for p in stored} == stored, width
    assert any(rows[p].stored is not None for p in after[WIDTHS[0]])

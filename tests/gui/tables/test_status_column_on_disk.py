"""Issue 29 (tryout tryM 3): after ``rm timestamps.json`` the status bar and
Details said the stored times were not on disk, while the table's Status
column still said "tracked" of every row; the same after ``mv`` of the file
or its folder. For every change of the timestamp file the session knows,
and for an unsaved edit, each row's Status cell says where its time is, by
the one rule Details and the status bar say it by (``HeldTimes``): nothing
more when the file at its place holds it, "not on disk", "only in
moved.json", "in the moved folder …" or "unsaved edit" — shown whole, and
gone again once Save wrote the times. The column stays lazy at 100k rows:
the change costs no work per row, only the rows painted are judged."""

from __future__ import annotations

import json
import re
import shutil
import time
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from timeline_app.core.discussion import open_discussion
from timeline_app.core.file_state import HeldTimes
from timeline_app.core.hashing import content_hash
from timeline_app.core.options import EngineOptions
from timeline_app.core.store import TimestampStore
from timeline_app.core.timeline import Status
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.session import SaveCase, SaveChoice
from timeline_app.gui.tables.base import cell_items
from timeline_app.gui.tables.timeline import Column, TimelineTableModel
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT, cell_shown, disk_settled, layout_settled, show_pair

# what Details says of a tracked row's time (its first line), and what its Status cell adds
IN_FILE = "The file has a time for this exact content."
ONLY_WINDOW = (
    "The window holds a time for this exact content that timestamps.json on disk does not hold "
    "(Save offers to write it)."
)
IN_MOVED = "moved.json has a time for this exact content: the timestamp file read, moved there on disk."
EDITED = "Your unsaved edit gives this exact content its time: only the window holds it until Save."
HELD_WORDS = (
    "not on disk",
    "differs on disk",
    "only in moved.json",
    "in the moved folder trip-moved",
    "unsaved edit",
)


def _tracked(window: MainWindow) -> list[int]:
    return [r.position for r in window.session.discussion.timeline.rows if r.status is Status.TRACKED]


def _cell(window: MainWindow, position: int) -> tuple[str, str]:
    """Row ``position``'s Status cell as a reader sees it: whole, and as drawn in its column."""
    index = window.proxy.mapFromSource(window.model.index(position, Column.STATUS))
    window.table.scrollTo(index)
    return cell_shown(window.table, index)


def _said(window: MainWindow, position: int) -> str:
    """The first line of Details' Status field, the row selected as a person selects it."""
    window.select_source_row(position)
    return window.detail.status.text().split("\n")[0]


def _held_words(cell: str) -> list[str]:
    return [item for item in cell_items(cell) if item in HELD_WORDS]


def _open_trip(qtbot, window: MainWindow, tmp_path: Path) -> Path:
    """The demo pair copied into a folder of its own (it may be moved), shown; its timestamp file."""
    folder = tmp_path / "trip"
    folder.mkdir()
    shutil.copy(DEMO_TRANSCRIPT, folder / "chat.json")
    shutil.copy(DEMO_TIMESTAMPS, folder / "timestamps.json")
    window.resize(1920, 1080)
    show_pair(qtbot, window, folder / "chat.json", folder / "timestamps.json")
    window.session.confirm_discard = lambda: True  # the window closes at the end, times held or not
    return folder / "timestamps.json"


def _change(kind: str, store: Path) -> None:
    if kind == "deleted":
        store.unlink()
    elif kind in ("moved", "moved and remade"):
        store.rename(store.with_name("moved.json"))
    elif kind == "folder moved":
        store.parent.rename(store.parent.with_name("trip-moved"))
    elif kind == "replaced":  # another discussion's file renamed over it
        other = store.with_name("other.json")
        other.write_text(json.dumps({"ab" * 32: "(Monday, 2025-09-15 08:00:00)"}, indent=4))
        other.replace(store)
    elif kind == "remade":
        store.unlink()


def _seen(qtbot, window: MainWindow, before: str) -> None:
    qtbot.waitUntil(lambda: window.banner.text() != before, timeout=WAIT)
    disk_settled(qtbot, window.session)


KINDS = ["deleted", "moved", "folder moved", "replaced", "remade", "moved and remade"]


@pytest.mark.parametrize("kind", KINDS)
def test_every_status_cell_says_where_its_time_is_as_details_and_the_status_bar_do(
    qtbot, window: MainWindow, tmp_path: Path, kind: str
) -> None:
    store = _open_trip(qtbot, window, tmp_path)
    session = window.session
    tracked = _tracked(window)
    assert all(_held_words(_cell(window, p)[0]) == [] for p in tracked)
    kept = session.discussion.timeline.rows[tracked[0]]
    value = session.base.store.get(kept.hash)
    _change(kind, store)
    _seen(qtbot, window, "")
    if "remade" in kind:  # the middleware makes the file anew at the old name, with one of the times
        before = window.banner.text()
        store.write_text(json.dumps({kept.hash: value, "cd" * 32: "(Sunday, 2025-09-21 08:05:00)"}, indent=4))
        _seen(qtbot, window, before)
    layout_settled(window)
    status = window.counts_bar.text()
    expected = {
        "deleted": "not on disk",
        "replaced": "not on disk",
        "remade": "not on disk",
        "moved": "only in moved.json",
        "moved and remade": "only in moved.json",
        "folder moved": "in the moved folder trip-moved",
    }[kind]
    for position in tracked:
        whole, shown = _cell(window, position)
        assert shown == whole, (kind, whole, shown)  # read whole at 1920x1080, not "tracked +1"
        words = _held_words(whole)
        said = _said(window, position)
        if "remade" in kind and position == kept.position:  # the file made anew holds this one
            assert words == [] and said == IN_FILE, (kind, whole, said)
            continue
        assert words == [expected], (kind, whole)
        assert cell_items(whole)[:2] == ["tracked", expected], whole  # beside the status, before flags
        if expected == "not on disk":  # the same words as the status bar, the same story as Details
            assert said == ONLY_WINDOW and "not on disk" in status, (said, status)
        elif expected == "only in moved.json":
            assert said == IN_MOVED and "not on disk" not in status, (said, status)
        else:
            assert said.endswith(
                "has a time for this exact content: the timestamp file read, moved there on disk."
            )
            assert "trip-moved" in said and "trip-moved" in status, (said, status)


def test_a_time_set_by_an_unsaved_edit_says_so_until_saved(qtbot, window: MainWindow, tmp_path: Path) -> None:
    _open_trip(qtbot, window, tmp_path)
    session = window.session
    first, second = _tracked(window)[:2]
    session.set_time(session.discussion.timeline.rows[first].hash, datetime(2025, 9, 21, 8, 1, 2))
    qtbot.waitUntil(lambda: "unsaved edit" in _cell(window, first)[0], timeout=WAIT)
    assert _said(window, first) == EDITED
    assert _held_words(_cell(window, second)[0]) == [] and _said(window, second) == IN_FILE
    with qtbot.waitSignal(session.saveDone, timeout=WAIT):
        session.start_save()
    qtbot.waitUntil(lambda: not session.reading_back, timeout=WAIT)
    qtbot.waitUntil(lambda: _held_words(_cell(window, first)[0]) == [], timeout=WAIT)
    assert _said(window, first) == IN_FILE


def test_the_words_go_once_save_wrote_the_times_back(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """``rm``, then Save's "write all": the file holds them again, the cells say "tracked" again."""
    store = _open_trip(qtbot, window, tmp_path)
    session = window.session
    tracked = _tracked(window)
    store.unlink()
    _seen(qtbot, window, "")
    assert all(_held_words(_cell(window, p)[0]) == ["not on disk"] for p in tracked)
    width = window.table.columnWidth(Column.STATUS)
    session.ask_save = lambda case, _path: (
        SaveChoice.WRITE_ALL if case is SaveCase.DELETED else SaveChoice.CANCEL
    )
    with qtbot.waitSignal(session.saveDone, timeout=WAIT):
        session.start_save()
    qtbot.waitUntil(lambda: not session.reading_back and store.exists(), timeout=WAIT)
    disk_settled(qtbot, session)
    qtbot.waitUntil(lambda: all(_held_words(_cell(window, p)[0]) == [] for p in tracked), timeout=WAIT)
    assert window.table.columnWidth(Column.STATUS) < width  # fitted again to the shorter texts


class _Source:
    """A session as the table sees it: where the times are, and the signals after which that may differ."""

    def __init__(self, held: HeldTimes) -> None:
        from PySide6.QtCore import QObject, Signal

        class Signals(QObject):
            changed = Signal()
            goneChanged = Signal()
            dirtyChanged = Signal(bool)

        self._signals = Signals()
        self.changed = self._signals.changed
        self.goneChanged = self._signals.goneChanged
        self.dirtyChanged = self._signals.dirtyChanged
        self.held = held

    def held_times(self) -> HeldTimes:
        return self.held


def test_at_100k_rows_a_deleted_file_costs_no_work_per_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The change is said by one ``dataChanged`` over the column: only the
    cells a view asks for are judged (counted), and the column's texts to
    fit come from the state, not from a pass over the rows."""
    count = 100_000
    contents = [f"message {n}" for n in range(count)]
    messages = [{"role": "user" if n % 2 == 0 else "assistant", "content": c} for n, c in enumerate(contents)]
    transcript, path = tmp_path / "chat.json", tmp_path / "timestamps.json"
    transcript.write_text(json.dumps(messages))
    path.write_text(json.dumps({content_hash(c): "(Sunday, 2025-09-21 08:05:00)" for c in contents}))
    discussion = open_discussion(transcript, path, EngineOptions(), datetime(2025, 9, 21, 9, 0))
    store = discussion.store
    assert isinstance(store, TimestampStore)
    source = _Source(HeldTimes(path, store, store, False, False, None, None))
    model = TimelineTableModel(held=source)
    model.set_discussion(discussion)
    source.changed.emit()
    asked: list[str] = []
    judge = HeldTimes.__call__
    monkeypatch.setattr(HeldTimes, "__call__", lambda self, key: asked.append(key) or judge(self, key))
    changed: list[tuple[int, int, int, int]] = []
    model.dataChanged.connect(lambda a, b, *_: changed.append((a.row(), a.column(), b.row(), b.column())))
    source.held = HeldTimes(path, store, store, False, True, None, None)  # rm timestamps.json
    start = time.perf_counter()
    source.goneChanged.emit()
    texts = model.status_texts()
    spent = time.perf_counter() - start
    assert asked == [] and changed == [(0, Column.STATUS, count - 1, Column.STATUS)], (len(asked), changed)
    assert "tracked, not on disk" in texts, texts
    print(f"held change and the column's texts at 100k: {spent * 1000:.1f} ms")
    assert spent < 0.2, spent  # one pass over (status, flags), no row judged
    shown = [model.index(n, Column.STATUS).data() for n in range(40)]
    assert len(asked) == 40 and set(shown) == {"tracked, not on disk"}, shown
    assert (
        model.index(0, Column.STATUS).data(Qt.ItemDataRole.ForegroundRole) is not None
    )  # said in warning ink


def test_the_model_passes_modeltester_while_the_file_comes_and_goes(qtmodeltester) -> None:
    discussion = open_discussion(
        DEMO_TRANSCRIPT, DEMO_TIMESTAMPS, EngineOptions(), datetime(2025, 9, 21, 8, 6)
    )
    store = discussion.store
    assert isinstance(store, TimestampStore)
    path = DEMO_TIMESTAMPS
    source = _Source(HeldTimes(path, store, store, False, False, None, None))
    model = TimelineTableModel(held=source)
    model.set_discussion(discussion)
    qtmodeltester.check(model)
    for held in (
        HeldTimes(path, store, store, False, True, None, None),
        HeldTimes(path, store, store, False, True, None, path.with_name("moved.json")),
        HeldTimes(path, store, store, False, False, None, None),
    ):
        source.held = held
        source.goneChanged.emit()
        qtmodeltester.check(model)


DIFFERS = (
    "timestamps.json on disk, made anew, has another time for this exact content: only the window "
    "holds the one shown (Save offers to write it)."
)


def _count(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    return int(found.group(1)) if found else 0


@pytest.mark.parametrize("edited", [False, True])
def test_a_file_remade_by_a_backfill_says_which_times_differ_and_which_are_missing(
    qtbot, window: MainWindow, tmp_path: Path, edited: bool
) -> None:
    """tryN M1: ``rm timestamps.json``, then the middleware remade it with
    every message backfilled 1 s apart. Every row said "tracked, not on
    disk" and the status bar "18 stored times not on disk", while the
    banner said "16 of the times shown differ from it. 2 ... are not in
    it". A row whose message the new file holds at another time says
    "differs on disk" (Details the same), only one the file lacks says "not
    on disk", and the status bar counts both as the banner does, with or
    without unsaved edits."""
    store = _open_trip(qtbot, window, tmp_path)
    session = window.session
    rows = session.discussion.timeline.rows
    tracked = _tracked(window)
    if edited:  # an unsaved edit first: its row keeps saying so
        session.set_time(rows[tracked[1]].hash, datetime(2025, 9, 21, 8, 1, 2))
        qtbot.waitUntil(lambda: session.is_dirty, timeout=WAIT)
    store.unlink()
    _seen(qtbot, window, "")
    # the backfill: every message but the last tracked one, 1 s apart, at new times
    lacked = rows[tracked[-1]].hash
    messages = [r.hash for r in rows if r.has_entry or r.status is Status.UNTRACKED]
    remade = {
        key: f"(Monday, 2025-09-15 08:00:{n:02d})"
        for n, key in enumerate(dict.fromkeys(messages))
        if key != lacked
    }
    before = window.banner.text()
    store.write_text(json.dumps(remade, indent=4))
    _seen(qtbot, window, before)
    layout_settled(window)
    banner, status = window.banner.text(), window.counts_bar.text()
    differ = _count(r"(\d+) of the times shown differ from it", banner)
    missing = _count(r"(\d+) of the times shown are not in it", banner)
    assert differ and missing, banner
    # the status bar counts as the banner does
    assert _count(r"(\d+) stored time(?:s|\(s\))? (?:shown )?differ", status) == differ, (status, banner)
    assert _count(r"(\d+) stored time(?:s|\(s\))? (?:shown )?not on disk", status) == missing, (
        status,
        banner,
    )
    for position in tracked:
        whole, shown = _cell(window, position)
        assert shown == whole, whole  # whole at 1920x1080
        said = _said(window, position)
        if edited and position == tracked[1]:
            assert _held_words(whole) == ["unsaved edit"] and said == EDITED, (whole, said)
        elif rows[position].hash == lacked:
            assert _held_words(whole) == ["not on disk"] and said == ONLY_WINDOW, (whole, said)
        else:
            assert cell_items(whole)[:2] == ["tracked", "differs on disk"], whole
            assert said == DIFFERS, said

"""Issue 29: the Details pane never says something untrue of a file changed
under the open window. After ``rm timestamps.json`` it still said "The file
has a time for this exact content" of the selected message, beside a banner
saying the file was deleted and a status bar saying its times are not on
disk. For every change of the timestamp file the session knows (deleted,
moved, replaced, rewritten, made anew, moved and then made anew) and for an
unsaved edit, each stored time's sentence says where it is on disk, in step
with the banner and the status bar: the timestamp file, the file it was
moved to, or only the window."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from timeline_app.core.timeline import Status
from timeline_app.gui.launch import DEMO_TIMESTAMPS
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT, disk_settled, open_and_wait

IN_FILE = "The file has a time for this exact content."
ONLY_WINDOW = (
    "The window holds a time for this exact content that timestamps.json on disk does not hold "
    "(Save offers to write it)."
)
IN_MOVED = "moved.json has a time for this exact content: the timestamp file read, moved there on disk."
EDITED = "Your unsaved edit gives this exact content its time: only the window holds it until Save."


def _tracked(window: MainWindow) -> list[int]:
    return [r.position for r in window.session.discussion.timeline.rows if r.status is Status.TRACKED]


def _said(window: MainWindow, position: int) -> str:
    """The first line of the Status field, the row selected as a person selects it."""
    window.select_source_row(position)
    return window.detail.status.text().split("\n")[0]


def _change(kind: str, store: Path) -> None:
    """``store`` changed as ``kind`` says."""
    entries = json.loads(store.read_text())
    if kind == "deleted":
        store.unlink()
    elif kind == "moved":
        store.rename(store.with_name("moved.json"))
    elif kind == "replaced":  # another discussion's file renamed over it
        other = store.with_name("other.json")
        other.write_text(json.dumps({"ab" * 32: "(Monday, 2025-09-15 08:00:00)"}, indent=4))
        other.replace(store)
    else:  # rewritten: the middleware's commit, one entry more
        entries["cd" * 32] = "(Sunday, 2025-09-21 08:05:00)"
        store.write_text(json.dumps(entries, indent=4))


def _remake(store: Path, kept: str, value: object) -> None:
    """The middleware makes a new file where the one read was: ``kept`` at its time as read,
    the other messages not yet (their times backfilled by a later request)."""
    store.write_text(json.dumps({kept: value, "cd" * 32: "(Sunday, 2025-09-21 08:05:00)"}, indent=4))


def _seen(qtbot, window: MainWindow, before: str) -> None:
    """The change under the window said by the banner (or a clean re-read shown), and settled."""
    session = window.session
    qtbot.waitUntil(
        lambda: window.banner.text() != before or "cd" * 32 in session.base.store.as_dict(), timeout=WAIT
    )
    disk_settled(qtbot, session)


KINDS = ["deleted", "moved", "replaced", "rewritten", "remade", "moved and remade"]


@pytest.mark.parametrize("kind", KINDS)
def test_every_stored_times_sentence_says_where_it_is_on_disk(
    qtbot, demo_copy_window: MainWindow, kind: str
) -> None:
    window = demo_copy_window
    session = window.session
    session.confirm_discard = lambda: True  # the window closes at the end, times held or not
    store = session.base.store_path
    tracked = _tracked(window)
    assert {_said(window, p) for p in tracked} == {IN_FILE}
    kept_row = session.discussion.timeline.rows[tracked[0]]
    value = session.base.store.get(kept_row.hash)
    _change({"remade": "deleted", "moved and remade": "moved"}.get(kind, kind), store)
    _seen(qtbot, window, "")
    if "remade" in kind:  # later, the middleware makes the file anew at the old name
        _remake(store, kept_row.hash, value)
        _seen(qtbot, window, window.banner.text())
    said = {p: _said(window, p) for p in tracked}
    status, banner = window.counts_bar.text(), window.banner.text()
    if kind in ("deleted", "replaced"):
        assert set(said.values()) == {ONLY_WINDOW}, said
        assert "not on disk" in status, status
    elif kind == "moved":
        assert set(said.values()) == {IN_MOVED}, said
        assert "moved.json" in banner and "not on disk" not in status, (banner, status)
    elif kind == "rewritten":
        assert set(said.values()) == {IN_FILE}, said
    else:  # made anew: the one time it holds is in the file, the others are where the read is
        elsewhere = ONLY_WINDOW if kind == "remade" else IN_MOVED
        assert said[kept_row.position] == IN_FILE, said
        assert {said[p] for p in tracked[1:]} == {elsewhere}, said
        assert "made anew" in banner, banner
        if kind == "remade":
            assert "not on disk" in status, status
        else:  # issue 29: in moved.json all the same, never "not on disk"
            assert "not on disk" not in status, status
            assert "not in the timestamp file but in moved.json" in status, status


def test_a_time_set_by_an_unsaved_edit_is_said_held_by_the_window_until_save(
    qtbot, demo_copy_window: MainWindow
) -> None:
    window = demo_copy_window
    session = window.session
    session.confirm_discard = lambda: True
    first, second = _tracked(window)[:2]
    key = session.discussion.timeline.rows[first].hash
    session.set_time(key, datetime(2025, 9, 21, 8, 1, 2))
    qtbot.waitUntil(lambda: window.windowTitle().startswith("*"), timeout=WAIT)
    qtbot.waitUntil(lambda: _said(window, first) == EDITED, timeout=WAIT)
    assert _said(window, second) == IN_FILE


def test_an_orphans_time_says_the_deleted_file_no_longer_holds_it(
    qtbot, demo_copy_window: MainWindow
) -> None:
    window = demo_copy_window
    session = window.session
    session.confirm_discard = lambda: True
    orphan = session.discussion.timeline.orphans[0]
    window.detail.show_orphan(orphan)
    assert window.detail.status.text().startswith("An orphan: this time is stored under a hash")
    assert "does not hold" not in window.detail.status.text()
    session.base.store_path.unlink()
    qtbot.waitUntil(lambda: "deleted" in window.banner.text(), timeout=WAIT)
    disk_settled(qtbot, session)
    window.detail.show_orphan(orphan)
    assert window.detail.status.text().endswith(
        "timestamps.json on disk does not hold this time: only the window does (Save offers to write it)."
    )


def test_a_file_opened_alone_says_its_entries_are_held_by_the_window_once_it_is_deleted(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """The file alone (no transcript): each entry's status names the file
    that holds it, and once deleted, that only the window does."""
    store = tmp_path / DEMO_TIMESTAMPS.name
    store.write_bytes(DEMO_TIMESTAMPS.read_bytes())
    open_and_wait(qtbot, window, None, store)
    window.show()
    session = window.session
    session.confirm_discard = lambda: True
    entry = "An entry of the timestamp file; open the transcript to see which message it belongs to."
    assert _said(window, 0) == entry
    store.unlink()
    qtbot.waitUntil(lambda: "deleted" in window.banner.text(), timeout=WAIT)
    disk_settled(qtbot, session)
    positions = [r.position for r in session.discussion.timeline.rows if r.has_entry]
    assert positions
    for position in positions:
        assert _said(window, position) == (
            f"{entry} timestamps.json on disk does not hold this time: only the window does "
            "(Save offers to write it)."
        )

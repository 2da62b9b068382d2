"""Issue 31: one story for each change of the timestamp file under the open
window, nothing edited. After ``mv timestamps.json ts-moved.json`` the banner
said the move and the title named ts-moved.json, but the status bar said
"13 stored times not on disk" (they were, in ts-moved.json), the title
gained "*" and Save's Cancel said "timestamps.json is still deleted". For
each kind of change the banner, the status bar, the title's mark and Save's
notice agree: times held in no file are said by all of them, a moved file
is named where it is by all of them and holds the times."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from timeline_app.gui.session import SaveCase, SaveChoice
from timeline_app.gui.window.main_window import MainWindow

WAIT = 10000


def _change(kind: str, store: Path) -> str:
    """Change ``store`` as ``kind`` says; the name the file goes by after it."""
    if kind == "moved":
        store.rename(store.with_name("ts-moved.json"))
        return "ts-moved.json"
    if kind == "deleted":
        store.unlink()
    elif kind == "replaced":  # another discussion's file renamed over it
        other = store.with_name("other.json")
        other.write_text(json.dumps({"ab" * 32: "(Monday, 2025-09-15 08:00:00)"}, indent=4))
        other.replace(store)
    else:  # appended: the middleware stores one more time
        entries = json.loads(store.read_text())
        entries["cd" * 32] = "(Sunday, 2025-09-21 08:05:00)"
        store.write_text(json.dumps(entries, indent=4))
    return store.name


@pytest.mark.parametrize("kind", ["moved", "deleted", "replaced", "appended"])
def test_banner_status_title_and_save_tell_one_story(qtbot, demo_copy_window: MainWindow, kind: str) -> None:
    window = demo_copy_window
    session = window.session
    store = session.base.store_path
    session.confirm_discard = lambda: True  # the window closes at the end, times held or not
    assert not window.windowTitle().startswith("*")
    banner_before = window.banner.text()
    name = _change(kind, store)
    if kind == "appended":
        qtbot.waitUntil(lambda: "cd" * 32 in session.base.store.as_dict(), timeout=WAIT)
    else:
        qtbot.waitUntil(
            lambda: bool(window.banner.text()) and window.banner.text() != banner_before, timeout=WAIT
        )
    qtbot.waitUntil(lambda: not session.jobs.busy("load"), timeout=WAIT)
    qtbot.wait(600)  # the re-read settles
    banner, status, title = window.banner.text(), window.counts_bar.text(), window.windowTitle()
    held = kind in ("deleted", "replaced")  # the times shown are in no file on disk
    assert ("not on disk" in status) == held, (kind, status)
    assert title.startswith("*") == held, (kind, title)
    assert name in banner or kind == "appended", (kind, banner)
    assert name in window.files_label.text(), (kind, window.files_label.text())
    event = session.last_event  # the status bar's word for what happened (tryI: "deleted" after a move)
    assert ("deleted" in event) == (kind == "deleted") and ("moved" in event) == (kind == "moved"), (
        kind,
        event,
    )
    said: list[str] = []
    asked: list[SaveCase] = []
    session.notice.connect(said.append)
    session.failed.connect(said.append)
    session.ask_save = lambda case, _path: asked.append(case) or SaveChoice.CANCEL
    session.save()
    # a file gone or renamed: asked (a renamed one may go back under the name the middleware reads)
    assert bool(asked) == (held or kind == "moved"), (kind, asked)
    assert said and name in said[-1], (kind, said)
    if asked:
        assert "Nothing was written" in said[-1]
    else:
        assert said[-1].startswith("Nothing to save"), (kind, said)
    assert "deleted" not in said[-1] or kind == "deleted", (kind, said)


def test_a_renamed_file_under_an_edit_is_named_by_saves_question_and_notice(
    qtbot, demo_copy_window: MainWindow
) -> None:
    """The renamed file with an edit unsaved: the edit alone is unsaved (the
    "*", "unsaved edits", no "not on disk"), Save asks of the moved file and
    its Cancel names it, never "still deleted"."""
    window = demo_copy_window
    session = window.session
    session.confirm_discard = lambda: True
    store = session.base.store_path
    session.set_time(next(iter(session.working.message_keys())), datetime(2025, 9, 21, 8, 1, 2))
    qtbot.waitUntil(lambda: window.windowTitle().startswith("*"), timeout=WAIT)
    name = _change("moved", store)
    qtbot.waitUntil(lambda: name in window.banner.text(), timeout=WAIT)
    assert "Save asks" in window.banner.text()
    status = window.counts_bar.text()
    assert "not on disk" not in status and "unsaved edits" in status, status
    assert window.windowTitle().startswith("*") and name in window.windowTitle()
    said: list[str] = []
    asked: list[SaveCase] = []
    session.notice.connect(said.append)
    session.ask_save = lambda case, _path: asked.append(case) or SaveChoice.CANCEL
    session.save()
    assert asked == [SaveCase.MOVED]
    assert said and name in said[-1] and "deleted" not in said[-1], said


@pytest.mark.parametrize("edited", [False, True])
def test_times_in_the_moved_file_are_not_said_off_disk_once_a_new_file_takes_the_name(
    qtbot, demo_copy_window: MainWindow, edited: bool
) -> None:
    """Issue 29 (tryout tryI): ``mv timestamps.json moved.json``, the window
    following it, then the middleware made a new timestamps.json holding one
    of the times: the status bar said the others were "not on disk". They
    are, in moved.json: said so, counted as the banner counts them. With an
    edit unsaved, its time is in no file: how many of them moved.json holds."""
    window = demo_copy_window
    session = window.session
    session.confirm_discard = lambda: True
    store = session.base.store_path
    entries = json.loads(store.read_text())
    kept, other = list(session.working.message_keys())[:2]
    if edited:
        session.set_time(other, datetime(2025, 9, 21, 8, 1, 2))
        qtbot.waitUntil(lambda: window.windowTitle().startswith("*"), timeout=WAIT)
    store.rename(store.with_name("moved.json"))
    qtbot.waitUntil(lambda: "moved.json" in window.banner.text(), timeout=WAIT)
    store.write_text(json.dumps({kept: entries[kept]}, indent=4))
    qtbot.waitUntil(lambda: "made anew" in window.banner.text(), timeout=WAIT)
    qtbot.waitUntil(lambda: not session.jobs.busy("load"), timeout=WAIT)
    held = session.times_not_on_disk
    status = window.counts_bar.text()
    assert held > 0 and f"{held} of the times shown are not in it" in window.banner.text()
    assert "not on disk" not in status, status
    if edited:
        assert f"{held} stored time(s) not in the timestamp file ({held - 1} of them in moved.json)" in status
    else:
        assert f"{held} stored time(s) shown not in the timestamp file but in moved.json" in status, status
    assert window.windowTitle().startswith("*")  # Save may still write them under the old name

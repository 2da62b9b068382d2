"""Issue 29: the window says "saved" only while it shows what was saved.
Tryout at 100k: Ctrl+Z of 2,384 applied (already saved) repairs, then
Ctrl+S while the middleware appended: for ~10 s the title had no "*" and the
banner read "Saved timestamps.json (merged with changes made meanwhile)",
while the table still showed the undone rows as tracked (the undo's re-join,
then the save's read-back, were seconds of work on the job runner). Here the
job runner is slowed: every read and re-join waits until let go, and at every
step the window is checked for a claim of saved over another state."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from timeline_app.core.file_state import SaveCase
from timeline_app.core.store import load_store
from timeline_app.gui.session import SaveChoice
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import append_exchange, disk_settled, jobs_idle
from ..test_session_gui_thread import _many_times, _pair_shown


def _shown_is_on_disk(window: MainWindow, store: Path) -> bool:
    shown = window.session.discussion
    return (
        shown is not None and shown.store is not None and shown.store.as_dict() == load_store(store).as_dict()
    )


def _claims_saved(window: MainWindow, notices: list[str]) -> bool:
    """The title without "*", or the last word of the banner a "Saved …"."""
    return not window.windowTitle().startswith("*") or bool(notices and notices[-1].startswith("Saved"))


def test_saved_is_said_only_over_what_was_saved(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "pair"
    transcript, store = _pair_shown(qtbot, window, folder)
    session = window.session
    session.push_edit(_many_times(window), "Repair: many proposals")
    jobs_idle(qtbot, session)
    with qtbot.waitSignal(session.saveDone, timeout=30000):
        window.actions_by_name["save"].trigger()
    jobs_idle(qtbot, session)
    disk_settled(qtbot, session)
    assert _shown_is_on_disk(window, store) and not window.windowTitle().startswith("*")

    gate = threading.Event()  # the job runner slowed: reads and re-joins wait for it
    submit = session.jobs.submit

    def slowed(kind, work, *args, **kwargs):
        if kind == "load":
            inner = work

            def work(progress):
                gate.wait(60)
                return inner(progress)

        submit(kind, work, *args, **kwargs)

    monkeypatch.setattr(session.jobs, "submit", slowed)
    notices: list[str] = []
    session.notice.connect(notices.append)
    claimed: list[str] = []  # each moment the window said "saved" over another state

    def check(*_args: object) -> None:
        if _claims_saved(window, notices) and not _shown_is_on_disk(window, store):
            claimed.append(f"{window.windowTitle()} | {notices[-1:]}")

    for signal in (session.changed, session.dirtyChanged, session.notice):
        signal.connect(check)
    # the undone repairs are removed from the file on purpose: "remove them" (undo29s asks first)
    monkeypatch.setattr(
        session,
        "ask_save",
        lambda case, _path: SaveChoice.WRITE_ALL if case is SaveCase.REMOVES_STORED else None,
    )
    try:
        window.undo_stack.undo()  # the repairs undone: re-joined on the (slowed) runner
        append_exchange(transcript, store, 1)  # the middleware appends meanwhile
        qtbot.waitUntil(lambda: not session.disk_check_due, timeout=20000)  # judged; its re-read waits
        with qtbot.waitSignal(session.saveDone, timeout=30000) as done:
            window.actions_by_name["save"].trigger()
        assert done.args == [True]
        session._tick()  # the minute turns meanwhile (it replaced the read-back: lost, old state "saved")
        for _ in range(20):  # the read-back waits: whatever the window says now must be so
            qtbot.wait(20)
            if _claims_saved(window, notices):
                assert _shown_is_on_disk(window, store), (window.windowTitle(), notices[-1:])
        assert window.windowTitle().startswith("*") and "reading it back" in notices[-1]
    finally:
        gate.set()
    jobs_idle(qtbot, session)
    disk_settled(qtbot, session)
    assert claimed == []
    assert _shown_is_on_disk(window, store)
    assert not window.windowTitle().startswith("*")
    assert any(n.startswith("Saved timestamps.json") for n in notices)

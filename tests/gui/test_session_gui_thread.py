"""Issue 29: the GUI thread does no file work. Every operation on the open
discussion that reads, parses, hashes or serializes its files does so on the
session's job runner; the GUI thread only writes (the atomic write, Save's
last step) and shows. Driven through the real window, with the primitives
every reader, parser, hasher and serializer goes through watched on the GUI
thread (``GuiThreadFileWork``). Before: Save As serialized the whole file on
the GUI thread (5.4 MB at 100k, 44-76 ms), and each Save hashed the
bytes it wrote there."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from timeline_app.core.hashing import content_hash
from timeline_app.core.store import TimestampStore, load_store
from timeline_app.gui.dialogs import questions
from timeline_app.gui.session import SaveChoice
from timeline_app.gui.window.main_window import MainWindow

from .helpers import GuiThreadFileWork, append_exchange, disk_settled, jobs_idle

COUNT = 4000  # messages: the store ~250 KB, a file's work well above ``GuiThreadFileWork.LARGE``
STAMP = "(Sunday, 2025-09-21 10:00:00)"


def _pair(folder: Path) -> tuple[Path, Path]:
    """An OpenAI request body of ``COUNT`` messages, half of them tracked."""
    folder.mkdir(parents=True)
    texts = [f"message {index} of a long discussion" for index in range(COUNT)]
    roles = ("user", "assistant")
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    messages = [{"role": roles[index % 2], "content": text} for index, text in enumerate(texts)]
    transcript.write_text(json.dumps({"messages": messages}), encoding="utf-8")
    store.write_text(json.dumps({content_hash(t): STAMP for t in texts[::2]}, indent=4), encoding="ascii")
    return transcript, store


def _pair_shown(qtbot, window: MainWindow, folder: Path) -> tuple[Path, Path]:  # type: ignore[no-untyped-def]
    """``_pair`` written in ``folder``, opened in ``window``, its jobs done."""
    transcript, store = _pair(folder)
    with qtbot.waitSignal(window.session.loaded, timeout=30000):
        window.session.open(transcript, store, beside=False)
    jobs_idle(qtbot, window.session)
    return transcript, store


def _many_times(window: MainWindow) -> TimestampStore:
    """Every untracked message given a time, as an Apply of that many repairs does."""
    session = window.session
    edited = session.working.copy()
    for digest in session.discussion.timeline.hashes:
        if digest not in edited:
            edited.set(digest, "(Sunday, 2025-09-21 11:00:00)")
    return edited


def _edited(qtbot, window: MainWindow) -> None:
    window.session.push_edit(_many_times(window), "Repair: many proposals")
    jobs_idle(qtbot, window.session)


def _saved(qtbot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.session.saveDone, timeout=30000) as done:
        window.actions_by_name["save"].trigger()
    assert done.args == [True]
    jobs_idle(qtbot, window.session)


def _edited_and_deleted(qtbot, window: MainWindow) -> None:
    """Edits unsaved, and the timestamp file deleted: Save asks, and writes all that is shown."""
    _edited(qtbot, window)
    (window.session.pair.store).unlink()
    window.session.ask_save = lambda _case, _path: SaveChoice.WRITE_ALL


def _edited_and_replaced(qtbot, window: MainWindow) -> None:
    """Edits unsaved, and the timestamp file replaced by another's: written all, over it."""
    _edited(qtbot, window)
    store = window.session.pair.store
    store.write_text(json.dumps({content_hash(f"another {i}"): STAMP for i in range(COUNT)}, indent=4))
    window.session.ask_save = lambda _case, _path: SaveChoice.WRITE_ALL


def _edited_and_conflicting(qtbot, window: MainWindow) -> None:
    """Edits unsaved, and the middleware wrote other times for some of those
    messages: Save asks, and writes the edits over them."""
    session = window.session
    read = session.base.store
    _edited(qtbot, window)
    store = session.pair.store
    entries = json.loads(store.read_text(encoding="ascii"))
    for digest in [d for d in session.working if d not in read][:10]:
        entries[digest] = "(Sunday, 2025-09-21 12:00:00)"
    store.write_text(json.dumps(entries, indent=4), encoding="ascii")
    session.ask_save = lambda _case, _path: SaveChoice.WRITE_ALL


def _saved_then_undone(qtbot, window: MainWindow) -> None:
    """Many times applied and saved, then undone, and one time edited: Save
    would remove stored times the file holds (an undo past a save,
    ``SaveCase.REMOVES_STORED``), and the person keeps them ("Keep them",
    the question's default): the one edit is written."""
    session = window.session
    _edited(qtbot, window)
    _saved(qtbot, window)
    window.undo_stack.undo()
    jobs_idle(qtbot, session)
    edited = session.working.copy()
    edited.set(next(iter(edited)), "(Sunday, 2025-09-21 12:30:00)")
    session.push_edit(edited, "one time edited")
    jobs_idle(qtbot, session)
    session.ask_save = lambda _case, _path: SaveChoice.KEEP_FILE


def _closed_saving(qtbot, window: MainWindow, folder: Path) -> None:
    """Close with edits unsaved, "Save" answered to the window's question."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            questions,
            "ask_discard",
            lambda _parent, _question=None, _buttons=None: QMessageBox.StandardButton.Save,
        )
        assert window.session.close()


OPERATIONS: dict[str, tuple[Callable[..., None], Callable[..., None]]] = {
    # name: (what comes before, unwatched; the operation, watched)
    "save": (_edited, _saved),
    "save over a deleted file": (_edited_and_deleted, _saved),
    "save over another file": (_edited_and_replaced, _saved),
    "save over conflicts": (_edited_and_conflicting, _saved),
    "save when closing": (_edited, _closed_saving),
    # issue 29: "Keep them" merged and wrote on the GUI thread (a short freeze at 100k)
    "save keeping stored times": (_saved_then_undone, _saved),
    "save as": (
        _edited,
        lambda qtbot, window, folder: window.session.start_save_as(folder / "elsewhere.json"),
    ),
    "revert": (_edited, lambda qtbot, window, folder: window.session.revert()),
    "reload": (_edited, lambda qtbot, window, folder: window.actions_by_name["reload"].trigger()),
    "apply": (lambda qtbot, window: None, _edited),
    "undo": (lambda qtbot, window: (_edited(qtbot, window), _saved(qtbot, window)), None),
    "redo": (lambda qtbot, window: (_edited(qtbot, window), window.undo_stack.undo()), None),
    "watcher": (
        lambda qtbot, window: None,
        lambda qtbot, window, folder: append_exchange(folder / "chat.json", folder / "timestamps.json", 1),
    ),
}


@pytest.mark.parametrize("operation", OPERATIONS)
def test_no_file_work_on_the_gui_thread(qtbot, window: MainWindow, tmp_path: Path, operation: str) -> None:
    folder = tmp_path / "pair"
    _pair_shown(qtbot, window, folder)
    session = window.session
    before, during = OPERATIONS[operation]
    before(qtbot, window)
    jobs_idle(qtbot, session)
    disk_settled(qtbot, session)
    shown_before = session.discussion
    with GuiThreadFileWork() as watched:
        if operation == "undo":
            window.undo_stack.undo()
        elif operation == "redo":
            window.undo_stack.redo()
        elif during is _edited or during is _saved:
            during(qtbot, window)
        else:
            during(qtbot, window, folder)
        qtbot.waitUntil(lambda: session.discussion is not shown_before, timeout=30000)
        disk_settled(qtbot, session)
        jobs_idle(qtbot, session)
    assert watched.file_work(folder) == [], "\n".join(watched.file_work(folder))
    if operation == "save over conflicts":  # asked, and the edits written over the middleware's times
        assert "12:00:00" not in (folder / "timestamps.json").read_text(encoding="ascii")
    if operation in ("save when closing", "save keeping stored times"):
        assert len(load_store(folder / "timestamps.json")) == COUNT  # every message's time written
    if operation == "save keeping stored times":  # the times kept, the one edit written
        assert "12:30:00" in (folder / "timestamps.json").read_text(encoding="ascii")
    if operation.startswith("save"):  # the write, Save's last step, is the GUI thread's
        assert watched.writes, "the write was seen"


@pytest.mark.parametrize("operation", ["watcher", "apply", "undo", "reload"])
def test_status_counts_made_off_the_gui_thread(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch, operation: str
) -> None:
    """The status bar's counts are passes over every row's status (tracked,
    untracked, the entries shared, the flagged): made on the loading worker
    with the discussion, not on the GUI thread. Before, the bar counted them
    there three times per refresh and again on every resize: ~0.2 s of the
    window frozen after each watcher append at 100k (issue 29)."""
    import threading
    from functools import cached_property

    from timeline_app.core.timeline import Timeline

    folder = tmp_path / "pair"
    _pair_shown(qtbot, window, folder)
    session = window.session
    gui = threading.get_ident()
    passes: list[str] = []
    count, sharing = Timeline.count, Timeline.tracked_sharing.func

    def counted(timeline: Timeline, status: object) -> int:
        if threading.get_ident() == gui:
            passes.append(f"count({status})")
        return count(timeline, status)

    def shared(timeline: Timeline) -> object:
        if threading.get_ident() == gui:
            passes.append("tracked_sharing")
        return sharing(timeline)

    watched = cached_property(shared)
    watched.__set_name__(Timeline, "tracked_sharing")
    monkeypatch.setattr(Timeline, "count", counted)
    monkeypatch.setattr(Timeline, "tracked_sharing", watched)
    before, during = OPERATIONS[operation]
    before(qtbot, window)
    jobs_idle(qtbot, session)
    disk_settled(qtbot, session)
    shown_before = session.discussion
    passes.clear()
    if operation == "undo":
        window.undo_stack.undo()
    elif during is _edited:
        during(qtbot, window)
    else:
        during(qtbot, window, folder)
    qtbot.waitUntil(lambda: session.discussion is not shown_before, timeout=30000)
    disk_settled(qtbot, session)
    jobs_idle(qtbot, session)
    window.resize(window.width() - 40, window.height())  # the bar arranges itself again
    qtbot.wait(50)
    assert passes == []
    statuses = session.discussion.timeline.statuses
    tracked, untracked = (sum(1 for s in statuses if s.value == v) for v in ("tracked", "untracked"))
    assert window.counts_label.text().startswith(f"{tracked:,} tracked · {untracked:,} untracked")


def test_replaced_preview_freed_off_the_gui_thread(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """After a watcher append the preview pane shows the new preview and the
    one it replaced is freed on a worker: freeing a 100k preview (~0.1 s)
    ran inside the pane's slot, the window frozen meanwhile (issue 29)."""
    import threading
    import weakref

    folder = tmp_path / "pair"
    _pair_shown(qtbot, window, folder)
    session = window.session
    qtbot.waitUntil(lambda: window.preview_pane.preview is not None, timeout=30000)
    freed_on: list[int] = []
    weakref.finalize(session.preview, lambda: freed_on.append(threading.get_ident()))
    shown = session.discussion
    append_exchange(folder / "chat.json", folder / "timestamps.json", 1)
    qtbot.waitUntil(lambda: session.discussion is not shown, timeout=30000)
    jobs_idle(qtbot, session)
    qtbot.waitUntil(lambda: bool(freed_on), timeout=10000)
    assert freed_on != [threading.get_ident()]
    assert "live answer 1" in window.preview_pane.chat.toPlainText()  # the new preview is shown

"""Save As, reached by the keyboard alone (issue 29, window lifecycle).

Tryout: the timestamp file replaced underneath by another one, Ctrl+S asked,
Enter chose Save As, which proposed the same file name; Qt's "replace?"
defaults to No, and Yes led back to Save's question: Enter, Enter, Enter
looped and a keyboard user never got out. Save As proposes a name no file
has, next to the file, so Enter ends in a write."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from timeline_app.core.store import load_store
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.window.main_window import MainWindow

from .helpers import (
    CTRL,
    DEMO_NOW,
    WAIT,
    disk_settled,
    jobs_idle,
    open_and_wait,
    press,
    question_seen,
    show_active,
)


def _demo(folder: Path) -> tuple[Path, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    shutil.copy(DEMO_TRANSCRIPT, transcript)
    shutil.copy(DEMO_TIMESTAMPS, store)
    return transcript, store


def _replaced(store: Path) -> None:
    """Another discussion's file written over it: none of its entries is the demo's."""
    entries = {f"{n:064x}": f"(Monday, 2025-01-06 10:{n:02d}:00)" for n in range(3)}
    store.write_text(json.dumps(entries, indent=4), encoding="utf-8")


def _half_written(store: Path) -> None:
    """Bytes that do not parse: nothing the window shows, so Enter is Save As too."""
    store.write_bytes(b'{"a')


@pytest.mark.parametrize("act", [_replaced, _half_written], ids=["replaced", "half-written"])
def test_enter_on_every_question_after_the_file_changed_underneath_ends_in_a_write(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch, act, english
) -> None:
    """Ctrl+S, then Enter on every question and on Save As's proposal (its
    name taken as proposed): at most one question of Save's, and the times
    shown written to a new file beside the one read, the file there left as
    it is. Before: the proposal was timestamps.json itself, and Save asked
    again after each round."""
    transcript, store = _demo(tmp_path / "pair")
    window.session.set_pinned_now(DEMO_NOW)
    open_and_wait(qtbot, window, transcript, store)
    session = window.session
    shown = session.working.as_dict()
    act(store)
    qtbot.waitUntil(lambda: session.store_gone, timeout=WAIT)
    disk_settled(qtbot, session)
    there = store.read_bytes()
    proposed: list[tuple[str, bool]] = []
    said: list[str] = []
    session.failed.connect(said.append)
    session.notice.connect(said.append)

    def enter_in_the_file_dialog(_parent, _title, start, _filter):  # the proposal accepted as is
        proposed.append((start, Path(start).exists()))
        return (start, "") if len(proposed) < 4 else ("", "")  # a loop: left after 4 rounds

    monkeypatch.setattr(QFileDialog, "getSaveFileName", enter_in_the_file_dialog)
    seen: list[tuple[str, str, list[str], str]] = []

    def enter_on_each_question() -> None:  # as a person pressing Enter at every question
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.isVisible() and len(seen) < 4:
            seen.append(question_seen(box))
            qtbot.keyClick(box, Qt.Key.Key_Return)

    answering = QTimer(interval=20)
    answering.timeout.connect(enter_on_each_question)
    answering.start()
    show_active(qtbot, window)
    window.table.setFocus()
    press(qtbot, Qt.Key.Key_S, CTRL)
    qtbot.waitUntil(lambda: bool(proposed), timeout=WAIT)
    jobs_idle(qtbot, session)
    qtbot.wait(200)  # a question asked again would be seen by now
    answering.stop()
    assert len(seen) == 1, ([s[0] for s in seen], said)
    assert [exists for _start, exists in proposed] == [False], proposed
    written = Path(proposed[0][0])
    assert written.parent == store.parent and written != store, written
    assert load_store(written).as_dict() == shown
    assert store.read_bytes() == there, "the file there left as it is"
    assert session.pair.store == written and not session.is_dirty


def test_save_as_from_the_menu_proposes_a_name_no_file_has(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    """File > Save As on a discussion whose folder already holds
    timestamps.json and timestamps-1.json proposes timestamps-2.json: Enter
    never meets "replace?"."""
    transcript, store = _demo(tmp_path / "pair")
    shutil.copy(store, store.with_name("timestamps-1.json"))
    window.session.set_pinned_now(DEMO_NOW)
    open_and_wait(qtbot, window, transcript, store)
    asked: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (asked.append(a[2]), ("", ""))[1])
    window.opener.do_save_as()
    assert asked == [str(store.with_name("timestamps-2.json"))]


@pytest.mark.parametrize("first", ["save as", "save"])
def test_ctrl_s_at_once_after_save_as_loses_and_reorders_no_write(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch, english, first: str
) -> None:
    """Issue 29: Ctrl+S within a tenth of a second of Save As (both pressed
    before either's file work came back) replaced the Save As job silently:
    one job kind, the newer wins. Each is done, in the order pressed: the
    second waits for the first (said), and the title ends clean once the
    last read-back says saved."""
    transcript, store = _demo(tmp_path / "pair")
    window.session.set_pinned_now(DEMO_NOW)
    open_and_wait(qtbot, window, transcript, store)
    session = window.session
    untracked = next(h for h in session.base.request.hashes if h not in session.base.store)
    edited = session.working.copy()
    edited.set(untracked, "(Sunday, 2025-09-21 08:00:00)")
    session.push_edit(edited, "one time set")
    jobs_idle(qtbot, session)
    elsewhere = tmp_path / "elsewhere.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_: (str(elsewhere), ""))
    said: list[str] = []
    session.notice.connect(said.append)
    session.failed.connect(said.append)
    show_active(qtbot, window)
    window.table.setFocus()
    for what in (first, "save" if first == "save as" else "save as"):  # in one turn of the event loop
        if what == "save":
            press(qtbot, Qt.Key.Key_S, CTRL)
        else:
            press(qtbot, Qt.Key.Key_S, CTRL | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: not session.saves_pending and not session.reading_back, timeout=WAIT)
    jobs_idle(qtbot, session)
    assert load_store(elsewhere).get(untracked) == "(Sunday, 2025-09-21 08:00:00)", said
    assert session.pair.store == elsewhere
    saved_as = next(i for i, s in enumerate(said) if s.startswith("Saved as"))
    if first == "save":  # written into its own file first, then Save As
        assert load_store(store).get(untracked) == "(Sunday, 2025-09-21 08:00:00)", said
        assert any(s.startswith("Saved timestamps.json") for s in said[:saved_as]), said
    else:  # Save As first; then Save has nothing left to write, and says so
        assert load_store(store).get(untracked) is None, "Save As's file is the pair's now"
        assert any(s.startswith("Nothing to save: elsewhere.json") for s in said[saved_as:]), said
    assert not window.windowTitle().startswith("*"), window.windowTitle()

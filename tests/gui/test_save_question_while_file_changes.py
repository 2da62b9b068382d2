"""Save's "write all" questions answered after the middleware wrote the
timestamp file while they were open (issue 29): what is written holds every
entry of the file as it is at the answer, never what it held when asked."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from timeline_app.core.file_state import SaveCase
from timeline_app.core.hashing import content_hash
from timeline_app.core.store import PLACEHOLDER_KEY, load_store
from timeline_app.gui.window.main_window import MainWindow

from .helpers import answer_next_dialog, demo_copy_shown


def _said(window: MainWindow) -> list[str]:
    said: list[str] = []
    window.session.failed.connect(said.append)
    window.session.notice.connect(said.append)
    return said


def _settled(qtbot, window: MainWindow) -> None:
    session = window.session
    qtbot.waitUntil(lambda: not session.disk_check_due and not session.jobs.busy("load"), timeout=20000)


class _Middleware:
    """WilmerAI's writes: an exchange appended to the transcript, its two
    entries stored in the timestamp file (written atomically, a new inode)."""

    def __init__(self, transcript: Path, store: Path) -> None:
        self.transcript, self.store = transcript, store
        self.chat = json.loads(transcript.read_text("utf-8"))
        self.number = 0

    def write(self, entries: dict[str, str]) -> None:
        fresh = self.store.with_name("timestamps.json.tmp")
        fresh.write_text(json.dumps(entries, indent=4), "utf-8")
        os.replace(fresh, self.store)

    def exchange(self, entries: dict[str, str]) -> dict[str, str]:
        for _ in range(2):
            text = f"One more question about Lisbon, {self.number}?"
            self.chat["messages"].append({"role": ("user", "assistant")[self.number % 2], "content": text})
            entries[content_hash(text)] = f"(Sunday, 2025-09-21 09:{self.number:02d}:00)"
            self.number += 1
        self.transcript.write_text(json.dumps(self.chat, indent=2), "utf-8")
        self.write(entries)
        return entries


def _file_now(store: Path) -> dict[str, str]:
    return json.loads(store.read_text("utf-8"))


# what the middleware does while the question is open
_WHILE_ASKED = {
    "appends": lambda mw, now: mw.exchange(now),
    "moves-placeholder": lambda mw, now: mw.write({**now, PLACEHOLDER_KEY: "(Sunday, 2025-09-21 09:59:00)"}),
    "rewrites": lambda mw, now: mw.write(mw.exchange(now)),  # twice: a new inode each time
}
# for the write-all questions: an exchange, then the file written in another key order
# (judged "not as the middleware writes it"; the edits' questions then ask that instead)
_WRITE_ALL_WHILE_ASKED = {
    **_WHILE_ASKED,
    "reorders": lambda mw, now: mw.write(dict(reversed(list(mw.exchange(now).items())))),
}


@pytest.mark.parametrize("background", [False, True], ids=["save", "ctrl-s"])
@pytest.mark.parametrize("meanwhile", list(_WRITE_ALL_WHILE_ASKED))
@pytest.mark.parametrize("case", [SaveCase.RECREATED, SaveCase.FOREIGN, SaveCase.BROKEN])
def test_write_all_answered_after_the_file_changed_writes_what_it_holds_then(
    qtbot, tmp_path: Path, window: MainWindow, case: SaveCase, meanwhile: str, background: bool
) -> None:
    """Tryout (issue 29): one unsaved edit, ``rm timestamps.json``, the
    middleware made the file again; Ctrl+S asked "write all"; while it was
    open the middleware answered two requests; "Write all…" wrote what was
    worked out before asking: the 8 entries written meanwhile were only in
    the backup, and the banner counted the 6 the file held when asked.
    Now the file changed while asked is judged again, the answer kept: every
    entry of the file at the answer (this chat's, for another file) is
    written, and the banner counts what was. Break tried: the check after
    the answer left out: the entries written meanwhile missing. A broken
    file the middleware wrote whole meanwhile is made anew: another case,
    asked about again (``test_a_write_all_answer_holds_only_for_the_case_it_was_given_for``)."""
    transcript, store = demo_copy_shown(qtbot, window, tmp_path / "t1")
    session = window.session
    base = session.base
    untracked = next(h for h in base.request.hashes if h not in base.store)
    edited = session.working.copy()
    edited.set(untracked, "(Sunday, 2025-09-21 08:00:00)")  # the one unsaved edit (F2)
    with qtbot.waitSignal(session.changed, timeout=10000):
        session.push_edit(edited, "edit")
    shown = edited.as_dict()
    said = _said(window)
    middleware = _Middleware(transcript, store)
    if case is SaveCase.RECREATED:
        store.unlink()
        qtbot.waitUntil(lambda: session.store_gone, timeout=10000)
        _settled(qtbot, window)
        middleware.exchange({PLACEHOLDER_KEY: "(Sunday, 2025-09-21 09:30:00)"})
    elif case is SaveCase.FOREIGN:  # another discussion's file, then this chat's exchange in it
        others = {f"{n:064x}": f"(Monday, 2025-01-06 10:{n:02d}:00)" for n in range(5)}
        middleware.exchange(others)
    else:
        store.write_text('{"broken', "utf-8")
    qtbot.waitUntil(lambda: session.disk_check_due or session.jobs.busy("disk"), timeout=10000)
    _settled(qtbot, window)
    asked: list[str] = []
    at_answer: dict[str, str] = {}

    def write_all(box) -> None:  # none offered: the last button (the test then fails, not hangs)
        asked.append(box.windowTitle())
        next((b for b in box.buttons() if "Write all" in b.text()), box.buttons()[-1]).click()

    def answer(box) -> None:
        assert isinstance(box, QMessageBox)
        # the middleware answers while the question is open (a broken file: written whole)
        now = _file_now(store) if case is not SaveCase.BROKEN else {}
        _WRITE_ALL_WHILE_ASKED[meanwhile](middleware, now)
        at_answer.update(_file_now(store))
        if case is SaveCase.BROKEN:  # a file now, made anew: another case, asked about again
            answer_next_dialog(qtbot, write_all)
        write_all(box)

    said.clear()
    answer_next_dialog(qtbot, answer)
    if background:
        with qtbot.waitSignal(session.saveDone, timeout=20000) as done:
            session.start_save()
        assert done.args == [True], said
    else:
        assert session.save(), said
    _settled(qtbot, window)
    # the answer kept while the file is in the case it was given for: not asked again
    assert len(asked) == (2 if case is SaveCase.BROKEN else 1), asked
    written = load_store(store).as_dict()
    theirs = {k: v for k, v in at_answer.items() if k != PLACEHOLDER_KEY}
    if case is SaveCase.FOREIGN:  # another discussion's entries are not written (kept apart)
        theirs = {k: v for k, v in theirs.items() if not re.fullmatch(r"0+[0-9a-f]{1,2}", k)}
    shown.pop(PLACEHOLDER_KEY, None)
    lost = {k: v for k, v in {**theirs, **shown}.items() if written.get(k) != v}
    assert not lost, f"stored times lost: {lost}"
    # the banner counts the entries really written for other messages
    others_written = len([k for k in written if k != PLACEHOLDER_KEY and k not in shown])
    banner = " ".join(said)
    counted = re.search(r"and (\d+) entries the new file holds", banner)
    assert counted is None or int(counted.group(1)) == others_written, banner
    if others_written:
        assert counted is not None, banner


@pytest.mark.parametrize("background", [False, True], ids=["save", "ctrl-s"])
@pytest.mark.parametrize("meanwhile", list(_WHILE_ASKED))
@pytest.mark.parametrize("button", ["&Keep the file's times for them", "&Write", "&Remove them"])
def test_the_edits_questions_answered_after_the_file_changed_keep_what_it_holds_then(
    qtbot, tmp_path: Path, window: MainWindow, button: str, meanwhile: str, background: bool
) -> None:
    """The same for the edits' questions (issue 29): over conflicts ("Keep
    the file's times", "Write…") and over stored times Save removes
    ("Remove them"), answered after the middleware wrote the file: what was
    merged before asking was written, the entries written meanwhile only
    in the backup. Now Save is worked out again from the file, the answer
    kept (asked again only when the conflicts are others)."""
    transcript, store = demo_copy_shown(qtbot, window, tmp_path / "t1")
    session = window.session
    base = session.base
    edited = session.working.copy()
    removes = button == "&Remove them"
    if removes:  # a stored time cleared as an undo past a save would: Save asks
        target = next(h for h in base.request.hashes if h in base.store)
        mine = None
        edited.remove(target)
    else:
        target = next(h for h in base.request.hashes if h not in base.store)
        mine = "(Sunday, 2025-09-21 08:00:00)"
        edited.set(target, mine)
    monkey_on_purpose = session._removed_on_purpose
    session._removed_on_purpose = lambda ops: frozenset() if removes else monkey_on_purpose(ops)
    with qtbot.waitSignal(session.changed, timeout=10000):
        session.push_edit(edited, "edit")
    middleware = _Middleware(transcript, store)
    theirs = "(Sunday, 2025-09-21 08:06:00)"
    if not removes:  # the middleware stored its own time for the edited message
        middleware.write({**_file_now(store), target: theirs})
    asked: list[str] = []
    at_answer: dict[str, str] = {}

    def answer(box) -> None:
        assert isinstance(box, QMessageBox)
        asked.append(box.text())
        _WHILE_ASKED[meanwhile](middleware, _file_now(store))
        at_answer.update(_file_now(store))
        next((b for b in box.buttons() if b.text().startswith(button)), box.buttons()[-1]).click()

    answer_next_dialog(qtbot, answer)
    if background:
        with qtbot.waitSignal(session.saveDone, timeout=20000) as done:
            session.start_save()
        assert done.args == [True]
    else:
        assert session.save()
    _settled(qtbot, window)
    assert len(asked) == 1, asked  # the answer kept: not asked again
    written = load_store(store).as_dict()
    expected = {k: v for k, v in at_answer.items() if k != PLACEHOLDER_KEY and k != target}
    lost = {k: v for k, v in expected.items() if written.get(k) != v}
    assert not lost, f"stored times lost: {lost}"
    chosen = mine if button == "&Write" else None if removes else theirs
    assert written.get(target) == chosen


@pytest.mark.parametrize("case", [SaveCase.RECREATED, SaveCase.FOREIGN])
def test_the_questions_counts_are_said_as_of_when_asked_once_the_file_changes(
    qtbot, tmp_path: Path, window: MainWindow, case: SaveCase
) -> None:
    """Tryout tryM 4 (issue 29): the question counted the file's entries
    ("Of that file's 2 entries: 2 kept …") and kept saying it while the
    middleware wrote on (four entries by then): counts gone stale, unsaid.
    Once the file changes while it is open, the question says its counts
    are as of the moment asked and that Save works the answer out again on
    the file at the answer; left open with nothing changed it says nothing more."""
    transcript, store = demo_copy_shown(qtbot, window, tmp_path / "t1")
    session = window.session
    base = session.base
    edited = session.working.copy()
    edited.set(next(h for h in base.request.hashes if h not in base.store), "(Sunday, 2025-09-21 08:00:00)")
    with qtbot.waitSignal(session.changed, timeout=10000):
        session.push_edit(edited, "edit")
    middleware = _Middleware(transcript, store)
    if case is SaveCase.RECREATED:
        store.unlink()
        qtbot.waitUntil(lambda: session.store_gone, timeout=10000)
        _settled(qtbot, window)
        middleware.exchange({PLACEHOLDER_KEY: "(Sunday, 2025-09-21 09:30:00)"})
    else:
        middleware.exchange({f"{n:064x}": f"(Monday, 2025-01-06 10:{n:02d}:00)" for n in range(5)})
    qtbot.waitUntil(lambda: session.disk_check_due or session.jobs.busy("disk"), timeout=10000)
    _settled(qtbot, window)
    texts: list[str] = []

    def answer(box) -> None:
        assert isinstance(box, QMessageBox)
        texts.append(box.text())
        qtbot.wait(1500)  # open, nothing changed: nothing more said
        texts.append(box.text())
        middleware.exchange(_file_now(store))  # the middleware answers a request meanwhile
        qtbot.waitUntil(lambda: box.text() != texts[-1], timeout=10000)
        texts.append(box.text())
        box.button(QMessageBox.StandardButton.Cancel).click()

    answer_next_dialog(qtbot, answer)
    with qtbot.waitSignal(session.saveDone, timeout=20000):
        session.start_save()
    session.confirm_discard = lambda: True
    assert len(texts) == 3, texts
    asked, still, after = texts
    assert "Of that file's" in asked and still == asked, texts
    assert after.startswith(asked), after  # what was counted stays, said as of when asked
    note = after[len(asked) :].strip()
    assert re.fullmatch(
        r"timestamps\.json changed on disk while this question was open: what it says is as of "
        r"\d\d:\d\d:\d\d\. Save works your answer out again on the file as it is when you answer, "
        r"and says what it wrote\.",
        note,
    ), note


# what becomes of the file while Save's question is open, and the case it is in then
_CASE_CHANGES = {
    # deleted when asked; the middleware makes it again with its next exchange
    "deleted, then remade": (SaveCase.DELETED, SaveCase.RECREATED),
    # empty when asked (``echo '{}' >``); the middleware stores its next exchange in it
    "emptied, then written": (SaveCase.BROKEN, SaveCase.RECREATED),
}


@pytest.mark.parametrize("background", [False, True], ids=["save", "ctrl-s"])
@pytest.mark.parametrize("second", ["Cancel", "Write all"])
@pytest.mark.parametrize("change", list(_CASE_CHANGES))
def test_a_write_all_answer_holds_only_for_the_case_it_was_given_for(
    qtbot, tmp_path: Path, window: MainWindow, change: str, second: str, background: bool
) -> None:
    """wd1's leftover (issue 29): "Write back all" answered for a file that
    was deleted when asked, while the middleware made it again with new
    entries: Save worked out again and wrote over the file made anew with
    the earlier answer, never asking about it. Now the answer holds only for
    the case it was given for: the file in another case is asked about
    again; Cancel then writes nothing (the file stays as the middleware
    made it), "Write all" writes what is shown and the new file's entries."""
    transcript, store = demo_copy_shown(qtbot, window, tmp_path / "t1")
    session = window.session
    first_case, then_case = _CASE_CHANGES[change]
    if first_case is SaveCase.DELETED:
        store.unlink()
        qtbot.waitUntil(lambda: session.store_gone, timeout=10000)
    else:
        store.write_text("{}", "utf-8")
        qtbot.waitUntil(lambda: session.disk_check_due or session.jobs.busy("disk"), timeout=10000)
    _settled(qtbot, window)
    shown = session.working.as_dict()
    middleware = _Middleware(transcript, store)
    asked: list[SaveCase] = []
    ask = session.ask_save

    def asking(case: SaveCase, path: Path):  # type: ignore[no-untyped-def]
        asked.append(case)
        return ask(case, path)

    session.ask_save = asking
    remade: dict[str, str] = {}

    def write_back(box) -> None:
        assert isinstance(box, QMessageBox)
        remade.update(middleware.exchange({}))  # made again while the question is open
        answer_next_dialog(qtbot, answer_again)
        next(b for b in box.buttons() if b.text().startswith(("&Write back", "&Write all"))).click()

    def answer_again(box) -> None:
        assert isinstance(box, QMessageBox)
        if second == "Cancel":
            box.button(QMessageBox.StandardButton.Cancel).click()
        else:
            next(b for b in box.buttons() if b.text().startswith("&Write all")).click()

    answer_next_dialog(qtbot, write_back)
    if background:
        with qtbot.waitSignal(session.saveDone, timeout=20000) as done:
            session.start_save()
        saved = done.args[0]
    else:
        saved = session.save()
    _settled(qtbot, window)
    assert asked == [first_case, then_case], "the answer was for a file in another case: asked again"
    if second == "Cancel":
        assert not saved and _file_now(store) == remade, "cancelled: the file stays as the middleware made it"
        session.confirm_discard = lambda: True  # the times shown are in no file: left at teardown
        return
    assert saved
    written = load_store(store).as_dict()
    shown.pop(PLACEHOLDER_KEY, None)
    lost = {k: v for k, v in {**remade, **shown}.items() if written.get(k) != v}
    assert not lost, f"stored times lost: {lost}"

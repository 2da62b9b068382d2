"""The question the window asks before unsaved state is left (Reload, Open,
Close, Quit; ``Opener.confirm_discard``), read through the real dialog as a
person reads it, in English and Chinese (issue 29/31, tryN R1): one sentence
that counts the edits and names them by "#" with the time each now has (not
"Your unsaved edits set, change or remove 1 stored time"), the question for
what is being done, buttons named for what follows ("Save, then reload",
not Save / Discard), and, when Save must ask a question of its own first
(the file or the transcript changed on disk), that said beforehand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from timeline_app.core.display import stored_text
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT, answer_modal, demo_copy_shown, disk_settled, question_seen

EDITED = "(Sunday, 2025-09-21 08:00:00)"
FORBIDDEN = ("set, change or remove", "设置、更改或删除")


def _tr(text: str) -> str:
    return QCoreApplication.translate("Opener", text)


def _edit(qtbot, window: MainWindow, count: int) -> list[tuple[int, str]]:
    """``count`` stored times of messages of their own content changed in
    one step (as one Apply does): their "#" and the time each now has."""
    session = window.session
    timeline, stored = session.base.timeline, session.base.store
    hashes = list(timeline.hashes)
    rows = [
        (timeline.indexes[p], h)
        for p, h in enumerate(hashes)
        if h in stored and hashes.count(h) == 1 and timeline.indexes[p] is not None
    ][-count:]
    edited = session.working.copy()
    made = []
    for n, (number, key) in enumerate(rows):
        value = f"(Sunday, 2025-09-21 08:0{n}:00)"
        edited.set(key, value)
        made.append((number, value))
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.push_edit(edited, "repair")
    assert len(made) == count
    return made


def _read_and(answers: list[QMessageBox.StandardButton], seen: list) -> list[str]:
    """The next questions, one after the other, each read into ``seen``
    (``question_seen``) and answered by the next of ``answers``: the list
    returned holds "done" once per question answered."""
    done: list[str] = []

    def look() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox) or not box.isVisible():
            QTimer.singleShot(20, look)
            return
        seen.append(question_seen(box))
        answer = answers[len(done)]
        done.append("done")
        if len(done) < len(answers):
            QTimer.singleShot(20, look)  # the next question, once this one is answered
        box.button(answer).click()

    QTimer.singleShot(0, look)
    return done


def _one_line(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("language", ["english", "chinese"])
def test_reload_over_another_chat_says_the_edit_and_that_save_asks_where(
    qtbot, window: MainWindow, tmp_path: Path, request, language: str
) -> None:
    """tryN shot-18/19: F5 with one edit, the transcript on disk another
    chat, asked "Your unsaved edits set, change or remove 1 stored time of
    timestamps.json. Save them first? Discard drops them." under Save /
    Discard / Cancel, and Save then asked "Transcript is another chat",
    unannounced. Now: the edit named with its time, "Save before
    reloading?", Save's question announced, buttons saying what follows;
    and "Save, then reload" is followed by that question."""
    request.getfixturevalue(language)
    transcript, store = demo_copy_shown(qtbot, window, tmp_path / "t1")
    (number, value) = _edit(qtbot, window, 1)[0]
    other = tmp_path / "other"
    other.mkdir()
    messages = [{"role": "system", "content": "[DiscussionId]rome-trip[/DiscussionId]You plan trips."}]
    messages += [{"role": "user" if i % 2 else "assistant", "content": f"rome's {i}"} for i in range(12)]
    transcript.write_text(json.dumps({"model": "x", "messages": messages}), "utf-8")
    qtbot.waitUntil(lambda: window.session.transcript_is_another_chat, timeout=WAIT)
    disk_settled(qtbot, window.session)
    seen: list = []
    done = _read_and([QMessageBox.StandardButton.Cancel], seen)
    window.actions_by_name["reload"].trigger()
    qtbot.waitUntil(lambda: done == ["done"], timeout=WAIT)
    _title, text, buttons, default = seen[0]
    assert not any(word in text for word in FORBIDDEN), text
    assert f"#{number}" in text and stored_text(value, entry=True) in text, text
    assert _tr("Save before reloading?") in text, text
    said = _tr(
        "%1 on disk is now another chat, so Save first asks where to write this "
        "discussion's stored times (into its file all the same, or elsewhere)."
    ).replace("%1", transcript.name)
    assert said in text, text
    save, discard = _tr("&Save, then reload"), _tr("&Discard and reload")
    assert save in buttons and discard in buttons and default == save, buttons
    if language == "english":
        assert text.startswith(
            f"You have 1 unsaved change to a stored time of timestamps.json: #{number} set to {value}. "
            "Save before reloading?"
        ), text
        assert sorted(buttons) == ["&Cancel", "&Discard and reload", "&Save, then reload"], buttons
    else:
        assert save != "&Save, then reload" and "保存" in save, save
    # "Save, then reload": the question announced follows, then Cancel keeps all as it was
    before = store.read_bytes()
    seen.clear()
    done = _read_and([QMessageBox.StandardButton.Save, QMessageBox.StandardButton.Cancel], seen)
    window.actions_by_name["reload"].trigger()
    qtbot.waitUntil(lambda: done == ["done", "done"], timeout=WAIT)
    assert seen[1][0] == QCoreApplication.translate("Opener", "Transcript is another chat"), seen
    assert store.read_bytes() == before and window.session.is_dirty


@pytest.mark.parametrize("language", ["english", "chinese"])
@pytest.mark.parametrize("leaving", ["close", "open", "quit"])
@pytest.mark.parametrize("count", [1, 7])
def test_leaving_names_the_edits_and_what_each_button_does(
    qtbot, window: MainWindow, tmp_path: Path, request, language: str, leaving: str, count: int
) -> None:
    """The class of tryN's finding: every way out of unsaved edits asks one
    clear question: the count, the first five named by "#" with the time each
    now has (then "…"), the question for what is being done, the buttons
    named for it; Save's next question is not announced when Save just
    writes. Cancel leaves everything as it was."""
    request.getfixturevalue(language)
    demo_copy_shown(qtbot, window, tmp_path / "t1")
    made = _edit(qtbot, window, count)
    seen: list = []
    done = _read_and([QMessageBox.StandardButton.Cancel], seen)
    if leaving == "close":
        assert not window.session.close()
    elif leaving == "open":
        assert not window.session.open(DEMO_TRANSCRIPT, DEMO_TIMESTAMPS, beside=False)
    else:
        window.close()
    qtbot.waitUntil(lambda: done == ["done"], timeout=WAIT)
    assert window.isVisible() and window.session.is_dirty
    title, text, buttons, default = seen[0]
    assert title == QCoreApplication.translate("Dialogs", "Unsaved changes")
    assert not any(word in text for word in FORBIDDEN), text
    for number, value in made[:5]:
        assert f"#{number} " in text and stored_text(value, entry=True) in text, text
    assert all(f"#{number} " not in text for number, _ in made[5:]), text
    more = QCoreApplication.translate("Opener", "and %n more", "", count - 5).replace("%n", "2")
    assert (more in text) is (count > 5), (more, text)
    asked = {
        "close": ("Save before closing?", "&Save, then close", "&Discard and close"),
        "open": ("Save before opening the other files?", "&Save, then open", "&Discard and open"),
        "quit": ("Save before quitting?", "&Save, then quit", "&Discard and quit"),
    }[leaving]
    question, save, discard = (_tr(words) for words in asked)
    assert text.endswith(question), text  # nothing more: Save just writes
    assert save in buttons and discard in buttons and default == save, buttons
    if language == "english":
        changes = (
            "1 unsaved change to a stored time" if count == 1 else f"{count} unsaved changes to stored times"
        )
        assert text.startswith(f"You have {changes} of timestamps.json: #"), text
    else:
        assert save != asked[1] and discard != asked[2], (save, discard)


@pytest.mark.parametrize("language", ["english", "chinese"])
def test_leaving_over_a_deleted_file_counts_the_times_and_announces_saves_question(
    qtbot, window: MainWindow, tmp_path: Path, request, language: str
) -> None:
    """Over a timestamp file deleted on disk (no edit), F5 asks about the
    stored times no file would hold, says Save asks how to write them, and
    "Save, then reload" is followed by that question ("deleted")."""
    request.getfixturevalue(language)
    _transcript, store = demo_copy_shown(qtbot, window, tmp_path / "t1")
    session = window.session
    count = session.working.stored_times()
    store.unlink()
    qtbot.waitUntil(lambda: session.store_gone, timeout=WAIT)
    disk_settled(qtbot, session)
    seen: list = []
    done = _read_and([QMessageBox.StandardButton.Save, QMessageBox.StandardButton.Cancel], seen)
    # Reload refuses over a file gone (nothing to read): Close asks the same
    assert not session.close()
    qtbot.waitUntil(lambda: done == ["done", "done"], timeout=WAIT)
    _title, text, buttons, default = seen[0]
    assert str(count) in text and store.name in text, text
    assert _tr("Save before closing?") in text, text
    assert _tr("The file changed on disk, so Save first asks how to write them.") in text, text
    assert default == _tr("&Save, then close"), buttons
    if language == "english":
        assert _one_line(text).startswith(
            f"The window holds {count} stored times that timestamps.json on disk does not hold as "
            "shown (it was deleted, replaced or written anew there). Discarding leaves them in no "
            "file. Save before closing?"
        ), text
    assert seen[1][0] == QCoreApplication.translate("Opener", "Timestamp file deleted"), seen
    assert not store.exists() and window.isVisible()
    session.confirm_discard = lambda: True  # the window closes at the end, the times held


@pytest.mark.parametrize("language", ["english", "chinese"])
def test_reloads_drop_question_names_its_button(qtbot, window: MainWindow, request, language: str) -> None:
    """Reload with edits that no longer apply asked "Drop them …?" under Yes
    / Cancel: the button says what it does."""
    request.getfixturevalue(language)
    seen: list = []
    done = _read_and([QMessageBox.StandardButton.Cancel], seen)
    assert not window.opener.confirm_drop(3, "#4, #7 and #12")
    assert done == ["done"]
    _title, _text, buttons, default = seen[0]
    assert _tr("&Drop them and reload") in buttons, buttons
    assert len(buttons) == 2, buttons  # it and Cancel: no "Yes"
    assert default != _tr("&Drop them and reload")


def test_save_question_announced_only_while_save_will_ask_it(
    qtbot, window: MainWindow, tmp_path: Path, english
) -> None:
    """The transcript on disk another chat: the question before leaving says
    Save asks where first; once the person answered that question "Write all
    the same" (a save written), Save asks it no more, and neither is it
    announced (it would promise a question that never comes)."""
    transcript, _store = demo_copy_shown(qtbot, window, tmp_path / "t1")
    _edit(qtbot, window, 1)
    messages = [{"role": "system", "content": "[DiscussionId]rome-trip[/DiscussionId]You plan trips."}]
    messages += [{"role": "user" if i % 2 else "assistant", "content": f"rome's {i}"} for i in range(12)]
    transcript.write_text(json.dumps({"model": "x", "messages": messages}), "utf-8")
    session = window.session
    qtbot.waitUntil(lambda: session.transcript_is_another_chat, timeout=WAIT)
    disk_settled(qtbot, session)
    announced = _tr(
        "%1 on disk is now another chat, so Save first asks where to write this "
        "discussion's stored times (into its file all the same, or elsewhere)."
    ).replace("%1", transcript.name)
    seen: list = []
    done = _read_and([QMessageBox.StandardButton.Cancel], seen)
    assert not session.close()
    qtbot.waitUntil(lambda: done == ["done"], timeout=WAIT)
    assert announced in seen[0][1], seen[0]

    def write_all_the_same(box) -> None:
        next(b for b in box.buttons() if b.text() == "&Write all the same").click()

    written = answer_modal(qtbot, lambda _box: None, write_all_the_same)
    with qtbot.waitSignal(session.saveDone, timeout=WAIT) as saved:
        session.start_save()
    assert written == ["done"] and saved.args == [True]
    disk_settled(qtbot, session)
    _edit(qtbot, window, 2)  # the last time edited again, and one more
    seen.clear()
    done = _read_and([QMessageBox.StandardButton.Cancel], seen)
    assert not session.close()
    qtbot.waitUntil(lambda: done == ["done"], timeout=WAIT)
    assert announced not in seen[0][1] and seen[0][1].endswith("Save before closing?"), seen[0]
    session.confirm_discard = lambda: True  # the window closes at the end, the edit unsaved

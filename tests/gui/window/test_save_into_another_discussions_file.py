"""Save over a pair whose transcript is another discussion's chat than the
one its timestamp file belongs to (issue 29: a.json replaced by conv-b's
chat, F5, a time stored on "conv-b answer 1", Ctrl+S wrote it into
conv-a's file unasked). However the doubtful pair came to be shown, both
Save paths ask first: Cancel writes nothing, "Save all the same" writes."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from timeline_app.core.hashing import content_hash
from timeline_app.core.store import load_store
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT, answer_modal, disk_settled, open_and_wait, question_seen

TIME = "(Monday, 2025-09-22 09:00:00)"
LATER = "(Monday, 2025-09-22 09:30:00)"


def _chat(discussion: str) -> dict:
    return {
        "model": "x",
        "messages": [
            {"role": "system", "content": f"[DiscussionId]{discussion}[/DiscussionId]You help."},
            *(
                {"role": "user" if i % 2 == 0 else "assistant", "content": f"{discussion} message {i}"}
                for i in range(6)
            ),
            {"role": "assistant", "content": f"{discussion} answer 1"},
        ],
    }


def _layout(root: Path) -> tuple[Path, Path]:
    """root/a.json (conv-a) and root/DiscussionIds/conv-a/timestamps.json
    holding times of conv-a's messages (WilmerAI's layout)."""
    folder = root / "DiscussionIds" / "conv-a"
    folder.mkdir(parents=True)
    chat = _chat("conv-a")
    (root / "a.json").write_text(json.dumps(chat), "utf-8")
    times = {
        content_hash(m["content"]): f"(Monday, 2025-09-22 08:0{i}:00)"
        for i, m in enumerate(chat["messages"][1:4])
    }
    (folder / "timestamps.json").write_text(json.dumps(times, indent=2), "utf-8")
    return root / "a.json", folder / "timestamps.json"


def _replace_with_conv_b(transcript: Path) -> None:
    other = transcript.with_name("incoming.json")
    other.write_text(json.dumps(_chat("conv-b")), "utf-8")
    os.replace(other, transcript)


def _doubtful(window: MainWindow) -> bool:
    base = window.session.base
    return base is not None and "conv-b" in str(base.pairing_warnings)


def _by_hand(qtbot, window: MainWindow, tmp_path: Path) -> None:
    _transcript, store = _layout(tmp_path)
    other = tmp_path / "b.json"
    other.write_text(json.dumps(_chat("conv-b")), "utf-8")
    open_and_wait(qtbot, window, other, store)


def _f5_after_replace(qtbot, window: MainWindow, tmp_path: Path) -> None:
    transcript, store = _layout(tmp_path)
    open_and_wait(qtbot, window, transcript, store)
    assert not window.session.base.pairing_warnings
    _replace_with_conv_b(transcript)
    window.actions_by_name["reload"].trigger()


def _watchers_reload(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """The watcher says another chat replaced the transcript and keeps the
    chat read (tryN M2: it read conv-b's unasked); F5 then shows conv-b's."""
    transcript, store = _layout(tmp_path)
    open_and_wait(qtbot, window, transcript, store)
    assert not window.session.base.pairing_warnings
    _replace_with_conv_b(transcript)
    qtbot.waitUntil(lambda: "still shows the chat it read" in window.banner.text(), timeout=WAIT)
    assert not _doubtful(window), "conv-b's chat shown unasked"
    window.actions_by_name["reload"].trigger()


def _followed(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """conv-b's chat with its own folder, that folder moved under another
    discussion's name (``mv conv-b conv-a``), and Follow the moved folder:
    the chat read beside a file that now belongs to conv-a."""
    folder = tmp_path / "DiscussionIds" / "conv-b"
    folder.mkdir(parents=True)
    chat = _chat("conv-b")
    transcript = tmp_path / "b.json"
    transcript.write_text(json.dumps(chat), "utf-8")
    first = chat["messages"][1]["content"]
    (folder / "timestamps.json").write_text(json.dumps({content_hash(first): TIME}), "utf-8")
    open_and_wait(qtbot, window, transcript, folder / "timestamps.json")
    assert not window.session.base.pairing_warnings
    folder.rename(folder.with_name("conv-a"))
    qtbot.waitUntil(lambda: window.session.can_follow_moved, timeout=WAIT)
    window.session.follow_moved_folder()


ROUTES: dict[str, Callable[..., None]] = {
    "opened by hand": _by_hand,
    "F5 after replace": _f5_after_replace,
    "watcher, then F5": _watchers_reload,
    "Follow": _followed,
}


def _save_by_session(qtbot, window: MainWindow) -> bool:
    return window.session.save()


def _save_by_ctrl_s(qtbot, window: MainWindow) -> bool:
    with qtbot.waitSignal(window.session.saveDone, timeout=WAIT) as done:
        window.actions_by_name["save"].trigger()
    return bool(done.args[0])


SAVES = {"session.save()": _save_by_session, "Ctrl+S (start_save)": _save_by_ctrl_s}


@pytest.mark.parametrize("route", list(ROUTES))
@pytest.mark.parametrize("save", list(SAVES))
def test_save_asks_before_writing_a_chats_time_into_another_discussions_file(
    qtbot, window: MainWindow, tmp_path: Path, english, route: str, save: str
) -> None:
    """Before: the banner said the ids differ, and Save wrote at once."""
    window.show()
    qtbot.waitExposed(window)
    ROUTES[route](qtbot, window, tmp_path)
    qtbot.waitUntil(lambda: _doubtful(window), timeout=WAIT)
    disk_settled(qtbot, window.session)
    session = window.session
    store = tmp_path / "DiscussionIds" / "conv-a" / "timestamps.json"
    assert session.base.store_path == store
    answer = content_hash("conv-b answer 1")
    assert answer in session.base.timeline.hashes
    edited = session.working.copy()
    edited.set(answer, TIME)
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.push_edit(edited, "edit")
    before = store.read_bytes()
    seen: list[tuple[str, str, list[str], str]] = []

    def read(box) -> None:
        assert isinstance(box, QMessageBox)
        seen.append(question_seen(box))

    def cancel(box) -> None:
        box.button(QMessageBox.StandardButton.Cancel).click()

    done = answer_modal(qtbot, read, cancel)
    assert not SAVES[save](qtbot, window)
    assert done == ["done"], "Save asked"
    assert store.read_bytes() == before, "cancelled: nothing written"
    assert session.is_dirty
    _title, text, buttons, default = seen[0]
    assert "conv-b" in text and "conv-a" in text and store.name in text, text
    assert any("As" in b for b in buttons) and "As" in default, (buttons, default)

    def write(box) -> None:
        next(b for b in box.buttons() if "all the same" in b.text()).click()

    done = answer_modal(qtbot, read, write)
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        assert SAVES[save](qtbot, window)
    assert done == ["done"]
    assert load_store(store).get(answer) == TIME, "written when asked to"
    assert not session.is_dirty
    # confirmed: the next save of that pair is not asked again
    asked: list[object] = []
    ask = session.ask_save
    session.ask_save = lambda case, path: asked.append(case) or ask(case, path)
    edited = session.working.copy()
    edited.set(answer, LATER)
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.push_edit(edited, "edit")
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        assert SAVES[save](qtbot, window)
    assert asked == [] and load_store(store).get(answer) == LATER


@pytest.mark.parametrize("route", list(ROUTES))
def test_save_on_leaving_asks_too_and_cancel_keeps_the_file_and_the_discussion(
    qtbot, window: MainWindow, tmp_path: Path, english, route: str
) -> None:
    """Ctrl+W over unsaved edits, "Save": the same question first; Cancel
    writes nothing and nothing is left. Answered "Save all the same", it
    writes, and the pair, confirmed, is not asked about again."""
    window.show()
    qtbot.waitExposed(window)
    ROUTES[route](qtbot, window, tmp_path)
    qtbot.waitUntil(lambda: _doubtful(window), timeout=WAIT)
    disk_settled(qtbot, window.session)
    session = window.session
    store = session.base.store_path
    answer = content_hash("conv-b answer 1")
    edited = session.working.copy()
    edited.set(answer, TIME)
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.push_edit(edited, "edit")
    before = store.read_bytes()
    seen: list[tuple[str, str, list[str], str]] = []
    inner: list[list[str]] = []

    def read(box) -> None:
        assert isinstance(box, QMessageBox)
        seen.append(question_seen(box))

    def then(final: Callable[[QMessageBox], None]) -> Callable[[QMessageBox], None]:
        def save_first(box) -> None:  # "unsaved changes": Save, then Save's own question
            inner.append(answer_modal(qtbot, read, final))
            box.button(QMessageBox.StandardButton.Save).click()

        return save_first

    def cancel(box) -> None:
        box.button(QMessageBox.StandardButton.Cancel).click()

    done = answer_modal(qtbot, read, then(cancel))
    assert not session.close()
    assert done == ["done"] and inner == [["done"]]
    assert "conv-a" in seen[1][1] and "conv-b" in seen[1][1], seen
    assert store.read_bytes() == before and session.is_dirty and session.base is not None

    def write(box) -> None:
        next(b for b in box.buttons() if "all the same" in b.text()).click()

    seen.clear()
    done = answer_modal(qtbot, read, then(write))
    assert session.close()
    assert done == ["done"] and inner[-1] == ["done"] and len(seen) == 2
    assert load_store(store).get(answer) == TIME

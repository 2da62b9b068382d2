"""Save As onto a file that is another discussion's (issue 29: Save As into
the neighbouring ``DiscussionIds`` folder's ``timestamps.json`` replaced it
unasked; only the discussion-id doubt was ever asked). Each kind of file
chosen (this discussion's, another's, empty, absent, unreadable, broken),
by both Save As paths: another discussion's file is asked about, named
with why ("none of its N stored times is a message of this chat"); Cancel
writes nothing, "Write over it" writes and keeps it as ``.other-``; an
unreadable one is said and not written; the rest are written unasked."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from timeline_app.core import store as store_module
from timeline_app.core.hashing import content_hash
from timeline_app.core.store import load_store
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT, answer_modal, open_and_wait, question_seen

TIME = "(Monday, 2025-09-22 09:00:00)"


def _chat(discussion: str) -> dict:
    return {
        "model": "x",
        "messages": [
            {"role": "system", "content": f"[DiscussionId]{discussion}[/DiscussionId]You help."},
            *(
                {"role": "user" if i % 2 == 0 else "assistant", "content": f"{discussion} message {i}"}
                for i in range(6)
            ),
        ],
    }


def _times(chat: dict, count: int) -> dict[str, str]:
    return {
        content_hash(m["content"]): f"(Monday, 2025-09-22 08:0{i}:00)"
        for i, m in enumerate(chat["messages"][1 : count + 1])
    }


def _layout(root: Path) -> tuple[Path, Path, Path]:
    """conv-a's chat and file, and conv-b's folder beside it (WilmerAI's layout)."""
    mine, theirs = root / "DiscussionIds" / "conv-a", root / "DiscussionIds" / "conv-b"
    mine.mkdir(parents=True)
    theirs.mkdir(parents=True)
    chat = _chat("conv-a")
    (root / "a.json").write_text(json.dumps(chat), "utf-8")
    (mine / "timestamps.json").write_text(json.dumps(_times(chat, 3), indent=2), "utf-8")
    return root / "a.json", mine / "timestamps.json", theirs / "timestamps.json"


def _another_discussions(target: Path, _mine: Path) -> None:
    target.write_text(json.dumps(_times(_chat("conv-b"), 5), indent=2), "utf-8")


def _this_discussions(target: Path, mine: Path) -> None:
    shutil.copy(mine, target)


def _empty(target: Path, _mine: Path) -> None:
    target.write_text("{}", "utf-8")


def _absent(target: Path, _mine: Path) -> None:
    target.unlink(missing_ok=True)


def _broken(target: Path, _mine: Path) -> None:
    target.write_text('{"abc": "(Monday', "utf-8")


TARGETS: dict[str, Callable[[Path, Path], None]] = {
    "this discussion's": _this_discussions,
    "another's": _another_discussions,
    "empty": _empty,
    "absent": _absent,
    "unreadable": _another_discussions,  # and refused reading (``_unreadable``)
    "broken": _broken,
}


def _unreadable(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    """``target`` refuses reading (the tests run as root, whom no mode refuses)."""
    real = store_module.read_regular

    def refused(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if Path(path) == target:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(store_module, "read_regular", refused)


def _by_session(qtbot, window: MainWindow, path: Path) -> bool:
    return window.session.save_as(path)


def _by_window(qtbot, window: MainWindow, path: Path) -> bool:
    with qtbot.waitSignal(window.session.saveDone, timeout=WAIT) as done:
        window.session.start_save_as(path)
    return bool(done.args[0])


SAVES = {"session.save_as()": _by_session, "start_save_as (the window's)": _by_window}


@pytest.mark.parametrize("target", list(TARGETS))
@pytest.mark.parametrize("save", list(SAVES))
def test_save_as_asks_before_writing_over_another_discussions_file(
    qtbot, window: MainWindow, tmp_path: Path, english, monkeypatch, save: str, target: str
) -> None:
    window.show()
    qtbot.waitExposed(window)
    transcript, mine, chosen = _layout(tmp_path)
    open_and_wait(qtbot, window, transcript, mine)
    session = window.session
    edited = session.working.copy()
    edited.set(content_hash("conv-a message 4"), TIME)
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.push_edit(edited, "edit")
    TARGETS[target](chosen, mine)
    if target == "unreadable":
        _unreadable(monkeypatch, chosen)
    before = chosen.read_bytes() if chosen.exists() else None
    shown = session.working.as_dict()
    seen: list[tuple[str, str, list[str], str]] = []
    failed: list[str] = []
    session.failed.connect(failed.append)

    def read(box) -> None:
        assert isinstance(box, QMessageBox)
        seen.append(question_seen(box))

    def cancel(box) -> None:
        box.button(QMessageBox.StandardButton.Cancel).click()

    # armed only where a question is due: an unanswered one's timer would answer the next test's
    done = answer_modal(qtbot, read, cancel) if target == "another's" else []
    saved = SAVES[save](qtbot, window, chosen)
    if target == "unreadable":
        assert not saved and (chosen.read_bytes() if chosen.exists() else None) == before
        assert any(str(chosen) in text and "Nothing was written" in text for text in failed), failed
        assert session.pair.store == mine and session.is_dirty
        return
    if target != "another's":
        assert saved and seen == [], "nothing of another discussion there: written unasked"
        qtbot.waitUntil(lambda: session.base.store_path == chosen and not session.reading_back, timeout=WAIT)
        assert load_store(chosen).as_dict() == shown
        return
    assert done == ["done"], "asked"
    assert not saved and chosen.read_bytes() == before, "cancelled: nothing written"
    assert session.pair.store == mine and session.is_dirty
    title, text, buttons, default = seen[0]
    assert "another discussion" in title.lower(), title
    assert str(chosen) in text and "none of its 5 stored times is a message of this chat" in text, text
    assert default.replace("&", "") == "Cancel", (buttons, default)

    def write(box) -> None:
        next(b for b in box.buttons() if "Write over it" in b.text().replace("&", "")).click()

    done = answer_modal(qtbot, read, write)
    said: list[str] = []
    session.notice.connect(said.append)
    assert SAVES[save](qtbot, window, chosen)
    assert done == ["done"]
    qtbot.waitUntil(lambda: session.base.store_path == chosen and not session.reading_back, timeout=WAIT)
    assert load_store(chosen).as_dict() == shown, "written when asked to: what the window shows"
    kept = [p for p in chosen.parent.iterdir() if p.name.startswith("timestamps.json.other-")]
    assert len(kept) == 1 and kept[0].read_bytes() == before, "the other discussion's file kept apart"
    # and named once written, as Save names its backup (tryO: only the question said one would be kept)
    qtbot.waitUntil(lambda: any(kept[0].name in text for text in said), timeout=WAIT)

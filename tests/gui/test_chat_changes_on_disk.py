"""The class of changes a chat file goes through on disk under an open
window (issue 29, tryL 6): appended, rewritten, replaced by another
discussion's chat, moved with a fresh chat made at its old name (later,
or within one look at the disk), deleted with one made there. Each is said
as what it is; "grew" only of the chat read with messages added, and a chat
that is not the one read is never shown in its place unasked."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.session import DiscussionSession

from .conftest import DEMO_NOW
from .helpers import WAIT, disk_settled


@pytest.fixture
def session(qtbot):
    opened = DiscussionSession()
    opened.set_pinned_now(DEMO_NOW)
    yield opened
    opened.undo_stack.clear()
    opened.shutdown()


def _write(path: Path, chat: dict, messages: list[dict]) -> None:
    path.write_text(json.dumps({**chat, "messages": messages}, indent=2), "utf-8")


def _appended(t: Path, chat: dict) -> None:
    _write(t, chat, [*chat["messages"], {"role": "user", "content": "one more question"}])


def _rewritten(t: Path, chat: dict) -> None:
    messages = [dict(m) for m in chat["messages"]]
    messages[3]["content"] += " (edited in the front end)"
    _write(t, chat, messages)


def _another_discussions(t: Path, chat: dict) -> None:
    others = [{"role": "system", "content": "[DiscussionId]rome-trip[/DiscussionId]You plan trips."}]
    others += [
        {"role": ("user", "assistant")[i % 2], "content": f"rome-trip's message {i}"} for i in range(20)
    ]
    _write(t, chat, others)


def _fresh(chat: dict) -> list[dict]:
    """The front end's next chat: the same first messages, then its own."""
    return [*chat["messages"][:3], {"role": "user", "content": "a fresh question"}]


def _moved_then_fresh(t: Path, chat: dict) -> None:
    t.rename(t.with_name("moved.json"))
    _write(t, chat, _fresh(chat))


def _deleted_then_fresh(t: Path, chat: dict) -> None:
    """Within one look at the disk: told from an atomic rewrite by nothing but
    its content, which a chat shortened in the front end and continued has
    too: said as a new file of that name (never "grew"), and shown."""
    t.unlink()
    _write(t, chat, _fresh(chat))


def _deleted(t: Path, chat: dict) -> None:
    t.unlink()


def _fresh_at_the_name(t: Path, chat: dict) -> None:
    _write(t, chat, _fresh(chat))


def _moved(t: Path, chat: dict) -> None:
    t.rename(t.with_name("moved.json"))


def _moved_then_brand_new(t: Path, chat: dict) -> None:
    t.rename(t.with_name("moved.json"))
    _write(t, chat, [{"role": "user", "content": "hello, a new chat"}])


# each change as the steps the disk goes through, the window looking between them
CHANGES: dict[str, list[Callable[[Path, dict], None]]] = {
    "appended": [_appended],
    "rewritten": [_rewritten],
    "another-discussions-chat": [_another_discussions],
    "moved-then-fresh": [_moved, _fresh_at_the_name],
    "moved-then-fresh-at-once": [_moved_then_fresh],
    "moved-then-brand-new-at-once": [_moved_then_brand_new],
    "deleted-then-fresh": [_deleted, _fresh_at_the_name],
    "deleted-then-fresh-at-once": [_deleted_then_fresh],
}
# what the window shows afterwards: the chat on disk, or the chat read (kept)
KEEPS_THE_CHAT_READ = {
    "moved-then-fresh",
    "moved-then-fresh-at-once",
    "moved-then-brand-new-at-once",
    "deleted-then-fresh",
}


@pytest.mark.parametrize("edited", [False, True], ids=["clean", "unsaved-edits"])
@pytest.mark.parametrize("change", list(CHANGES))
def test_a_chat_change_is_said_as_what_it_is_and_grew_only_of_the_chat_read(
    qtbot, tmp_path: Path, session: DiscussionSession, change: str, edited: bool
) -> None:
    """Break tried (tryL 6): before, "moved, then a fresh chat at the old
    name" was taken in the chat read's place (even under unsaved edits) and
    its next write said "chat.json grew on disk"; within one look it was
    "replaced by a new file", and after a delete "created", both taken."""
    folder = tmp_path / "t1"
    folder.mkdir()
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    shutil.copy(DEMO_TRANSCRIPT, transcript)
    shutil.copy(DEMO_TIMESTAMPS, store)
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        session.open(transcript, store, beside=False)
    disk_settled(qtbot, session)
    read = session.discussion.request.hashes
    if edited:
        working = session.working.copy()
        working.set(next(h for h in read if h not in session.base.store), "(Sunday, 2025-09-21 08:00:00)")
        with qtbot.waitSignal(session.changed, timeout=WAIT):
            session.push_edit(working, "repair")
    said: list[str] = []
    session.failed.connect(said.append)
    session.notice.connect(said.append)
    chat = json.loads(transcript.read_text("utf-8"))
    for step in CHANGES[change]:
        had = len(said)
        step(transcript, chat)
        qtbot.waitUntil(lambda had=had: len(said) > had, timeout=WAIT)
        disk_settled(qtbot, session)
    text = " ".join(said)
    assert ("grew" in text) == (change == "appended"), text
    if change in KEEPS_THE_CHAT_READ:
        assert session.discussion.request.hashes == read, (
            f"{change}: another chat shown in place of the one read"
        )
        # the chat at the old name written again (the front end's next message): still not
        # the chat read, never said grown, never shown in its place
        said.clear()
        _write(transcript, chat, [*_fresh(chat), {"role": "assistant", "content": "a fresh answer"}])
        qtbot.wait(600)
        disk_settled(qtbot, session)
        assert "grew" not in " ".join(said), said
        assert session.discussion.request.hashes == read, f"{change}: the new chat's write shown in place"
    if change.startswith("moved"):
        assert session.shown_pair.transcript == folder / "moved.json", "the chat read followed where it is"
        assert any("A new file chat.json was made where the chat read was" in s for s in [*said, text]), said
    if change == "another-discussions-chat":
        assert "replaced on disk by another chat" in text, text
        # kept, clean as under edits, until Reload (tryN M2: a clean window took it unasked)
        assert session.discussion.request.hashes == read, "another discussion's chat shown unasked"
        assert "still shows the chat it read" in text and "Reload" in text, text
    if change == "rewritten":
        assert "rewritten" in text, text
    if change == "deleted-then-fresh":
        assert "chat.json was deleted on disk" in text and "still shows the chat it read" in text, text
    if change == "deleted-then-fresh-at-once":
        # (the freed inode taken again, as ext4 and tmpfs do: "rewritten")
        assert "by a new file of that name" in text or "chat.json was rewritten on disk" in text, text
    assert session.is_dirty == edited

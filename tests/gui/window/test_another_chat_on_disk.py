"""The transcript on disk becomes another discussion's chat while edits are
unsaved (issue 29, life29p): ``cp other/chat.json t1/chat.json`` under an
applied repair. The window keeps showing the chat it read with the edit,
says so, and Save never writes this discussion's times beside the other
chat by default; Reload says what it did, or why it did nothing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QMessageBox

from timeline_app.core.store import load_store
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.session import SaveChoice
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT, answer_modal, demo_copy_shown, disk_settled, question_seen, show_pair

EDITED = "(Sunday, 2025-09-21 08:00:00)"


def _another_discussions_chat(folder: Path) -> Path:
    """rome-trip's chat: none of the demo's messages."""
    folder.mkdir(parents=True)
    messages = [
        {"role": "system", "content": "[DiscussionId]rome-trip[/DiscussionId]You plan trips."},
        *(
            {"role": "user" if i % 2 else "assistant", "content": f"rome-trip's message {i}"}
            for i in range(12)
        ),
    ]
    (folder / "chat.json").write_text(json.dumps({"model": "x", "messages": messages}, indent=2), "utf-8")
    return folder / "chat.json"


def _demo_shown_from_t1(qtbot, window: MainWindow, tmp_path: Path) -> tuple[Path, Path]:
    """The demo's pair (lisbon-trip) copied into t1 and shown."""
    return demo_copy_shown(qtbot, window, tmp_path / "t1")


def _edited_under_another_chat(qtbot, window: MainWindow, tmp_path: Path) -> tuple[Path, Path, str]:
    """The demo (lisbon-trip) open from t1 with one time added (as one
    applied repair would), then rome-trip's chat copied over t1/chat.json."""
    transcript, store = _demo_shown_from_t1(qtbot, window, tmp_path)
    session = window.session
    untracked = next(h for h in session.base.request.hashes if h not in session.base.store)
    edited = session.working.copy()
    edited.set(untracked, EDITED)
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.push_edit(edited, "repair")
    assert window.windowTitle().startswith("*lisbon-trip")
    other = _another_discussions_chat(tmp_path / "other")
    said: list[str] = []
    session.notice.connect(said.append)
    session.failed.connect(said.append)
    shutil.copy(other, transcript)  # cp: the same inode, another chat
    qtbot.waitUntil(lambda: any("another chat" in s for s in said), timeout=WAIT)
    disk_settled(qtbot, window.session)
    return transcript, store, untracked


def test_the_chat_read_stays_shown_with_the_edit_and_the_banner_says_so(
    qtbot, window: MainWindow, tmp_path: Path, english
) -> None:
    """Before: the window read rome-trip's chat (title ``*rome-trip``) and the
    edit, a time of one of lisbon-trip's messages, was shown on no row."""
    _transcript, _store, untracked = _edited_under_another_chat(qtbot, window, tmp_path)
    session = window.session
    assert window.windowTitle().startswith("*lisbon-trip"), window.windowTitle()
    assert "rome-trip" not in window.windowTitle()
    assert session.discussion.title == "lisbon-trip"
    assert untracked in session.discussion.timeline.hashes, "the edited message is still a row"
    assert session.working.get(untracked) == EDITED and session.is_dirty
    banner = window.banner.text()
    assert window.banner.isVisibleTo(window)
    assert "chat.json was replaced on disk by another chat" in banner, banner
    assert "still shows the chat it read" in banner and "unsaved" in banner, banner
    assert "Save As" in banner, banner


def test_save_beside_another_chat_defaults_to_save_as_and_enter_writes_nothing(
    qtbot, window: MainWindow, tmp_path: Path, english
) -> None:
    """Before: Save asked "may not belong together", its default "Save all
    the same", and Enter wrote lisbon-trip's time into the file beside
    rome-trip's chat. Now Save As is the default; the write, still offered,
    is not; Cancel (as Enter's Save As would, until a file is chosen)
    writes nothing."""
    _transcript, store, _untracked = _edited_under_another_chat(qtbot, window, tmp_path)
    before = store.read_bytes()
    seen: list[tuple[str, str, list[str], str]] = []

    def read(box) -> None:
        assert isinstance(box, QMessageBox)
        seen.append(question_seen(box))

    def cancel(box) -> None:
        box.button(QMessageBox.StandardButton.Cancel).click()

    done = answer_modal(qtbot, read, cancel)
    with qtbot.waitSignal(window.session.saveDone, timeout=WAIT) as saved:
        window.actions_by_name["save"].trigger()
    assert done == ["done"] and saved.args == [False]
    title, text, buttons, default = seen[0]
    assert title == "Transcript is another chat", title
    assert "another chat" in text and store.name in text, text
    assert "As" in default, (default, buttons)
    assert store.read_bytes() == before, "nothing written beside another discussion's chat"
    assert window.session.is_dirty
    # Save As over the same file is Save's question, not a way round it; said as it is
    # (before: "the file of the discussion its folder now holds", of this discussion's own file)
    assert not window.session.save_as(store) and store.read_bytes() == before
    assert "lies beside another chat" in window.banner.text(), window.banner.text()


def test_reload_beside_another_chat_says_what_it_did_or_why_not(
    qtbot, window: MainWindow, tmp_path: Path, english
) -> None:
    """Before: F5 in that state showed nothing at all. Asked to discard the
    edits and told no: said that nothing was reloaded and why; told yes:
    the chat on disk is shown, said so, the edit dropped as agreed."""
    _transcript, store, untracked = _edited_under_another_chat(qtbot, window, tmp_path)
    session = window.session
    answers = [False, True]
    session.confirm_discard = lambda: (
        answers.pop(0) if answers else True
    )  # the window's "discard unsaved edits?"
    said: list[str] = []
    session.notice.connect(said.append)
    session.failed.connect(said.append)
    window.actions_by_name["reload"].trigger()
    disk_settled(qtbot, session)
    assert said, "Reload said nothing"
    assert any("Not reloaded" in s for s in said), said
    assert session.discussion.title == "lisbon-trip" and session.working.get(untracked) == EDITED
    said.clear()
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        window.actions_by_name["reload"].trigger()
    disk_settled(qtbot, session)
    assert session.discussion.title == "rome-trip" and not session.is_dirty
    assert any("Reloaded" in s and "another chat" in s for s in said), said
    assert load_store(store).get(untracked) is None


def test_a_pin_stays_with_the_chat_read_when_another_chat_replaces_it(
    qtbot, window: MainWindow, tmp_path: Path, english
) -> None:
    """Issue 29: "now" pinned for lisbon-trip, then rome-trip's chat copied
    over its transcript and read: rome-trip was shown at lisbon-trip's pinned
    moment (on its own clock), and Apply then Save wrote it as a stored time.
    The chat read anew is another discussion: live, and said once."""
    from datetime import datetime

    transcript, _store = _demo_shown_from_t1(qtbot, window, tmp_path)
    session = window.session
    pinned = datetime(2026, 12, 7, 12, 0, 0)
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.set_pinned_now(pinned)  # what Pin Now's dialog does
    said: list[str] = []
    session.notice.connect(said.append)
    shutil.copy(_another_discussions_chat(tmp_path / "other"), transcript)
    disk_settled(qtbot, session)
    if session.discussion.title != "rome-trip":  # read when the change was judged, else by F5
        with qtbot.waitSignal(session.loaded, timeout=WAIT):
            window.actions_by_name["reload"].trigger()
    disk_settled(qtbot, session)
    assert session.discussion.title == "rome-trip"
    assert session.pinned_now is None and session.discussion.now != pinned
    assert window.now_button.text().startswith("Now: ● live ")
    left = [s for s in said if "Now is live again" in s]
    assert len(left) == 1 and "the pinned 2026-12-07 12:00:00 was for lisbon-trip" in left[0], said


def test_the_banner_names_the_discussion_id_read_and_the_one_on_disk(
    qtbot, window: MainWindow, tmp_path: Path, english
) -> None:
    """Issue 31: lisbon-trip's transcript replaced on disk by rome-trip's
    chat said only "replaced on disk by another chat": which discussion the
    window read and which one the file holds now was nowhere. The banner
    names both ids."""
    _edited_under_another_chat(qtbot, window, tmp_path)
    banner = window.banner.text()
    assert window.banner.isVisibleTo(window)
    assert "chat.json was replaced on disk by another chat" in banner, banner
    assert "discussion id lisbon-trip" in banner and "rome-trip" in banner, banner
    assert banner.index("lisbon-trip") < banner.index("rome-trip"), "the one read first"


def test_a_chat_of_no_discussion_id_over_one_read_with_an_id_is_said_so(
    qtbot, window: MainWindow, tmp_path: Path, english
) -> None:
    """The chat now on disk carries no discussion id: said as none, not left out."""
    transcript, _store = _demo_shown_from_t1(qtbot, window, tmp_path)
    session = window.session
    edited = session.working.copy()
    edited.set(next(h for h in session.base.request.hashes if h not in session.base.store), EDITED)
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.push_edit(edited, "repair")
    messages = [{"role": "user", "content": f"untagged message {i}"} for i in range(12)]
    said: list[str] = []
    session.notice.connect(said.append)
    session.failed.connect(said.append)
    transcript.write_text(json.dumps(messages), "utf-8")
    qtbot.waitUntil(lambda: any("another chat" in s for s in said), timeout=WAIT)
    disk_settled(qtbot, session)
    banner = window.banner.text()
    assert "discussion id lisbon-trip" in banner and "no discussion id" in banner, banner


FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.mark.parametrize("other", ["st_group_noheader.jsonl", "ooba_chat.json"])
def test_another_chat_where_the_moved_transcript_was_is_never_back_as_read(
    qtbot, window: MainWindow, tmp_path: Path, english, other: str
) -> None:
    """Issue 29 tryout: a SillyTavern chat open as chat.jsonl, ``mv chat.jsonl
    moved.jsonl``, then another chat copied in as chat.jsonl: the window
    switched to it silently, the status "chat.jsonl is back on disk as read."
    chat29k kept the chat read but left the session on the old name, so
    Reload read the other chat and Save asked about it (with no timestamp
    file beside the chat, the move was never followed). Now the chat read is
    followed to moved.jsonl at once (its rows, its title); the new file at
    the old name is said once, with "Open the new chat", and neither Reload
    nor the new chat's later writes put it in the chat read's place."""
    folder = tmp_path / "st"
    folder.mkdir()
    transcript = folder / "chat.jsonl"
    shutil.copy(FIXTURES / "st_solo.jsonl", transcript)
    show_pair(qtbot, window, transcript, folder / "timestamps.json")
    session = window.session
    rows = session.discussion.timeline.hashes
    said: list[str] = []
    session.notice.connect(said.append)
    session.failed.connect(said.append)
    transcript.rename(folder / "moved.jsonl")
    qtbot.waitUntil(lambda: session.shown_pair.transcript == folder / "moved.jsonl", timeout=WAIT)
    disk_settled(qtbot, session)
    assert any("chat.jsonl was moved on disk, to moved.jsonl" in s and "follows" in s for s in said), said
    said.clear()
    shutil.copy(FIXTURES / other, transcript)
    qtbot.waitUntil(lambda: bool(said), timeout=WAIT)
    disk_settled(qtbot, session)
    text = " ".join(said)
    assert "back on disk" not in text and "grew" not in text, text
    banner = window.banner.text()
    assert window.banner.isVisibleTo(window)
    assert "A new file chat.jsonl was made where the chat read was" in banner, banner
    assert "now moved.jsonl" in banner and "Open the new chat" in banner, banner
    assert window.banner.open_new_chat.isVisibleTo(window)
    assert session.discussion.timeline.hashes == rows, "the chat read is still the one shown"
    # the chat read named where it is, not by the name the other chat took
    assert "st/moved.jsonl + timestamps.json" in window.windowTitle(), window.windowTitle()
    assert window.files_label.text() == "st/moved.jsonl + timestamps.json", window.files_label.text()
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        window.actions_by_name["reload"].trigger()
    disk_settled(qtbot, session)
    assert session.discussion.timeline.hashes == rows, "Reload reads the chat read, where it is"
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        window.banner.open_new_chat.click()
    disk_settled(qtbot, session)
    assert session.discussion.timeline.hashes != rows, "the new chat opened, as chosen"
    assert session.shown_pair.transcript == transcript


def test_another_chat_where_the_moved_transcript_was_under_edits_is_said_as_such(
    qtbot, window: MainWindow, tmp_path: Path, english
) -> None:
    """Issue 29 tryout: the demo with an unsaved edit, ``mv chat.json
    old.json``, a WilmerAI request of another discussion copied in as
    chat.json: the banner said "chat.json is back on disk as read. … Save
    asks before writing them beside another chat", the first sentence
    contradicting the second; and Save asked about the chat now at the old
    name, never offering the chat read (chat29k). The chat read is followed
    to old.json with the edit; Save writes it into the discussion's own
    timestamp file, asking nothing of the other chat."""
    transcript, store = _demo_shown_from_t1(qtbot, window, tmp_path)
    session = window.session
    edited = session.working.copy()
    added = next(h for h in session.base.request.hashes if h not in session.base.store)
    edited.set(added, EDITED)
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.push_edit(edited, "repair")
    said: list[str] = []
    session.notice.connect(said.append)
    session.failed.connect(said.append)
    transcript.rename(transcript.with_name("old.json"))
    qtbot.waitUntil(lambda: bool(said), timeout=WAIT)
    disk_settled(qtbot, session)
    said.clear()
    shutil.copy(_another_discussions_chat(tmp_path / "other"), transcript)
    qtbot.waitUntil(lambda: bool(said), timeout=WAIT)
    disk_settled(qtbot, session)
    banner = window.banner.text()
    assert "back on disk" not in banner and "back on disk" not in " ".join(said), (banner, said)
    assert "A new file chat.json was made where the chat read was" in banner, banner
    assert window.windowTitle().startswith("*lisbon-trip"), window.windowTitle()
    assert "old.json" in window.windowTitle() and "(chat.json" not in window.windowTitle(), (
        window.windowTitle()
    )
    assert session.working.get(added) == EDITED and session.is_dirty
    asked: list[object] = []
    session.ask_save = lambda case, path: asked.append(case) or SaveChoice.CANCEL
    with qtbot.waitSignal(session.saveDone, timeout=WAIT) as done:
        window.actions_by_name["save"].trigger()
    disk_settled(qtbot, session)
    assert done.args == [True] and asked == [], asked
    assert load_store(store).get(added) == EDITED
    assert session.shown_pair.transcript == transcript.with_name("old.json")
    assert session.discussion.title == "lisbon-trip", "read back with the chat read, never the other"


@pytest.mark.parametrize("layout", ["beside", "by-discussion-id"])
def test_saves_question_names_the_transcript_where_it_is(
    qtbot, window: MainWindow, tmp_path: Path, english, layout: str
) -> None:
    """Issue 29 tryout: /X/w1/chat.json paired by its discussion id with
    /X/disc/lisbon-trip/timestamps.json, its transcript then replaced by
    another chat: Ctrl+S asked of "The transcript beside
    /X/disc/lisbon-trip/timestamps.json", its button "Write beside the other
    chat"; the transcript is in /X/w1. Now the question names the transcript
    by its own path and the button says what it does, in both layouts."""
    transcript = tmp_path / "w1" / "chat.json"
    transcript.parent.mkdir()
    shutil.copy(DEMO_TRANSCRIPT, transcript)
    folder = transcript.parent if layout == "beside" else tmp_path / "disc" / "lisbon-trip"
    folder.mkdir(parents=True, exist_ok=True)
    store = folder / "timestamps.json"
    shutil.copy(DEMO_TIMESTAMPS, store)
    show_pair(qtbot, window, transcript, store)
    session = window.session
    edited = session.working.copy()
    edited.set(next(h for h in session.base.request.hashes if h not in session.base.store), EDITED)
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.push_edit(edited, "repair")
    said: list[str] = []
    session.failed.connect(said.append)
    shutil.copy(_another_discussions_chat(tmp_path / "other"), transcript)
    qtbot.waitUntil(lambda: any("another chat" in s for s in said), timeout=WAIT)
    disk_settled(qtbot, session)
    before = store.read_bytes()
    seen: list[tuple[str, str, list[str], str]] = []

    def read(box) -> None:
        seen.append(question_seen(box))

    def cancel(box) -> None:
        box.button(QMessageBox.StandardButton.Cancel).click()

    done = answer_modal(qtbot, read, cancel)
    with qtbot.waitSignal(session.saveDone, timeout=WAIT):
        window.actions_by_name["save"].trigger()
    assert done == ["done"] and store.read_bytes() == before
    _title, text, buttons, _default = seen[0]
    assert f"The transcript {transcript} was replaced on disk by another chat" in text, text
    assert f"beside {store}" not in text and "beside that other chat" not in text, text
    assert str(store) in text, text
    assert not any("beside" in button.lower() for button in buttons), buttons
    assert any("all the same" in button for button in buttons), buttons


def test_views_pairing_the_chat_with_a_doubted_file_say_so_and_its_own_file_is_offered(
    qtbot, window: MainWindow, tmp_path: Path, english
) -> None:
    """tryM 2: lisbon-trip open from a DiscussionIds folder, its chat replaced
    on disk by rome-trip's, F5: the banner said the files may not belong
    together, yet Details said "reply pending … the next request gives it
    to message #…" and the next request's action of the selected message,
    worked out from lisbon-trip's file as if it were rome-trip's, and
    nothing offered rome-trip's own timestamps.json, which lay in the same
    DiscussionIds folder. Now each says what it is worked out against, and
    the banner names and opens rome-trip's own file; with it, nothing is
    doubted and Details says no more of it. Break tried: without
    ``_doubted_against`` the reply and the action read as facts."""
    from timeline_app.core.options import EngineOptions
    from timeline_app.core.pipeline import prepare_request

    root = tmp_path / "DiscussionIds"
    lisbon = root / "lisbon-trip"
    lisbon.mkdir(parents=True)
    transcript, store = lisbon / "chat.json", lisbon / "timestamps.json"
    shutil.copy(DEMO_TRANSCRIPT, transcript)
    shutil.copy(DEMO_TIMESTAMPS, store)
    rome_chat = _another_discussions_chat(root / "rome-trip")
    messages = json.loads(rome_chat.read_text("utf-8"))["messages"]
    hashes = prepare_request(messages, EngineOptions().request).hashes
    rome_store = root / "rome-trip" / "timestamps.json"
    rome_store.write_text(
        json.dumps({h: f"(Sunday, 2025-09-14 10:{i:02d}:00)" for i, h in enumerate(hashes)}, indent=4)
    )
    show_pair(qtbot, window, transcript, store)
    session = window.session
    shutil.copy(rome_chat, transcript)
    disk_settled(qtbot, session)
    if session.discussion.title != "rome-trip":  # read when the change was judged, else by F5
        with qtbot.waitSignal(session.loaded, timeout=WAIT):
            window.actions_by_name["reload"].trigger()
    disk_settled(qtbot, session)
    assert session.discussion.title == "rome-trip" and session.shown_pair.store == store
    banner = window.banner.text()
    assert "may not belong together" in banner, banner
    assert f"The transcript's own discussion has a timestamp file: {rome_store}." in banner, banner
    assert window.banner.use_own.isVisibleTo(window)
    detail = window.detail
    against = "Worked out against timestamps.json, which may not be this chat's file (see the banner)"
    session.request_row(3)
    qtbot.waitUntil(lambda: detail.next_request.text() not in ("", "—"), timeout=WAIT)
    assert detail.next_request.text().startswith(against), detail.next_request.text()
    if detail.reply.text():
        assert detail.reply.text().startswith(against), detail.reply.text()
    pane = window.preview_pane  # the next request's context: worked out against the same file
    qtbot.waitUntil(lambda: session.preview_current, timeout=WAIT)
    assert pane.summary_source.text().startswith(against), pane.summary_source.text()
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        window.banner.use_own.click()
    disk_settled(qtbot, session)
    assert session.shown_pair == type(session.shown_pair)(transcript, rome_store)
    assert not session.discussion.pairing_warnings
    assert "may not belong together" not in window.banner.text()
    session.request_row(3)
    qtbot.waitUntil(lambda: detail.next_request.text() not in ("", "—"), timeout=WAIT)
    assert "Worked out against" not in detail.next_request.text() + detail.reply.text()
    qtbot.waitUntil(lambda: session.preview_current, timeout=WAIT)
    assert "Worked out against" not in pane.summary_source.text(), pane.summary_source.text()


def _untagged_chat(folder: Path) -> Path:
    """A chat of no discussion id and none of the demo's messages (tryN M2's 40-half)."""
    folder.mkdir(parents=True)
    messages = [{"role": "system", "content": "You are a helpful companion."}]
    messages += [
        {"role": ("user", "assistant")[i % 2], "content": f"untagged message {i}"} for i in range(39)
    ]
    (folder / "chat.json").write_text(json.dumps({"model": "x", "messages": messages}, indent=2), "utf-8")
    return folder / "chat.json"


OTHER_CHATS = {"rome-trip": _another_discussions_chat, "no-id": _untagged_chat}


def _select_row(window: MainWindow, row: int) -> None:
    """Row ``row`` of the table made current and the only one selected, as a
    click does. Not ``selectRow``: in extended selection it reads the
    keyboard's modifiers, and a Ctrl an earlier test left pressed in the
    process (seen under ``-n 2``) made it toggle the row off."""
    view = window.table
    flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
    view.selectionModel().setCurrentIndex(view.model().index(row, 0), flags)


def _selected_row(window: MainWindow) -> tuple[int | None, str | None]:
    """The source row selected in the table and its message's hash (None: none)."""
    current = window.table.selectionModel().currentIndex()
    if not current.isValid() or not window.table.selectionModel().isSelected(current):
        return None, None
    row = window.table.model().mapToSource(current).row()
    return row, window.session.discussion.timeline.hashes[row]


@pytest.mark.parametrize("other", list(OTHER_CHATS))
@pytest.mark.parametrize("edited", [False, True], ids=["clean", "unsaved-edits"])
def test_another_discussions_chat_over_the_transcript_then_back_is_said_and_never_shown_unasked(
    qtbot, window: MainWindow, tmp_path: Path, english, edited: bool, other: str
) -> None:
    """tryN M2: a clean window with "#2" selected, another discussion's chat
    copied over its transcript: the window showed that chat unasked, the only
    banner "may not belong together", nothing said the chat was replaced,
    "#2" selected on a row of the other chat. The chat read put back, a green
    banner "replaced on disk by another chat … The chat read has no
    discussion id" (of the other chat, by then shown) stayed up over lisbon.
    Now, clean or under edits: the chat read stays shown, its row selected,
    the banner says which chat is on disk (its discussion id, or none) and
    that Reload shows it; once the chat read is back, that banner goes."""
    transcript, _store = _demo_shown_from_t1(qtbot, window, tmp_path)
    session = window.session
    read = session.discussion.timeline.hashes
    if edited:
        edited_store = session.working.copy()
        edited_store.set(next(h for h in session.base.request.hashes if h not in session.base.store), EDITED)
        with qtbot.waitSignal(session.changed, timeout=WAIT):
            session.push_edit(edited_store, "repair")
    _select_row(window, 1)
    selected = _selected_row(window)
    assert selected[1] in read
    said: list[str] = []
    session.notice.connect(said.append)
    session.failed.connect(said.append)
    shutil.copy(OTHER_CHATS[other](tmp_path / "other"), transcript)  # cp: the same inode, another chat
    qtbot.waitUntil(lambda: any("another chat" in s for s in said), timeout=WAIT)
    disk_settled(qtbot, session)
    assert session.discussion.timeline.hashes == read, "another chat shown in place of the one read"
    assert session.discussion.title == "lisbon-trip" and "lisbon-trip" in window.windowTitle()
    assert _selected_row(window) == selected, "the selection left the chat read's row"
    banner = window.banner.text()
    assert window.banner.isVisibleTo(window)
    assert "chat.json was replaced on disk by another chat" in banner, banner
    now_on_disk = "discussion id rome-trip" if other == "rome-trip" else "no discussion id"
    assert f"The chat read has discussion id lisbon-trip; the chat on disk now has {now_on_disk}." in banner
    assert "still shows the chat it read" in banner, banner
    assert "may not belong together" not in banner, banner
    assert session.is_dirty == edited
    said.clear()
    shutil.copy(DEMO_TRANSCRIPT, transcript)  # the chat read put back
    qtbot.waitUntil(lambda: any("back on disk" in s for s in said), timeout=WAIT)
    disk_settled(qtbot, session)
    assert session.discussion.timeline.hashes == read
    assert "another chat" not in window.banner.text(), window.banner.text()
    assert "discussion id" not in window.banner.text(), window.banner.text()
    assert _selected_row(window) == selected
    assert session.is_dirty == edited and session.discussion.title == "lisbon-trip"
    # an edit after it: nothing of the other chat comes back
    again = session.working.copy()
    again.set(read[0], "(Sunday, 2025-09-21 09:00:00)")
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.push_edit(again, "repair")
    assert "another chat" not in window.banner.text(), window.banner.text()


@pytest.mark.parametrize("edited", [False, True], ids=["clean", "unsaved-edits"])
def test_reload_to_another_discussions_chat_says_so_and_selects_none_of_its_rows(
    qtbot, window: MainWindow, tmp_path: Path, english, edited: bool
) -> None:
    """The person chooses the chat on disk (F5, edits dropped as agreed): it
    is shown, said plainly to be another chat than the one read, and the
    old chat's selected "#2" does not land on the other chat's row."""
    transcript, _store = _demo_shown_from_t1(qtbot, window, tmp_path)
    session = window.session
    if edited:
        edited_store = session.working.copy()
        edited_store.set(next(h for h in session.base.request.hashes if h not in session.base.store), EDITED)
        with qtbot.waitSignal(session.changed, timeout=WAIT):
            session.push_edit(edited_store, "repair")
    session.confirm_discard = lambda: True  # the window's "discard unsaved edits?"
    _select_row(window, 1)
    said: list[str] = []
    session.notice.connect(said.append)
    session.failed.connect(said.append)
    shutil.copy(_another_discussions_chat(tmp_path / "other"), transcript)
    qtbot.waitUntil(lambda: any("another chat" in s for s in said), timeout=WAIT)
    disk_settled(qtbot, session)
    said.clear()
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        window.actions_by_name["reload"].trigger()
    disk_settled(qtbot, session)
    assert session.discussion.title == "rome-trip" and "rome-trip" in window.windowTitle()
    assert any("Reloaded" in s and "another chat than the one read" in s for s in said), said
    assert _selected_row(window) == (None, None), "the old chat's row selected on the other chat"
    # the pair shown now is doubted: said, never covered by what the reload said
    assert "may not belong together" in window.banner.text(), window.banner.text()
    assert not session.is_dirty

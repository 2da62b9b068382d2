"""The group-chat commit mode in the window: the Options menu item, kept with
the other choices, and the Details pane's account of the last reply (pending
or committed, and the warning before the next request loses it)."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from timeline_app.core.hashing import content_hash
from timeline_app.core.pipeline import prepare_request
from timeline_app.core.reply import CommitMode, after_reply
from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore
from timeline_app.core.tracking import track, with_reply_placeholder
from timeline_app.gui.settings import read_choices

from .conftest import open_and_wait

AT = datetime(2026, 12, 6, 16, 30)
HISTORY = [
    {"role": "user", "content": "Hi all"},
    {"role": "assistant", "content": "Aria: hi 1"},
    {"role": "assistant", "content": "Aria: hi 2"},
    {"role": "user", "content": "Aria:"},
]


def _pair(tmp_path: Path, sent_back: str, mode: CommitMode) -> tuple[Path, Path]:
    """The chat as the front end keeps it after the reply, and the file the
    middleware left once the model answered "Hello there"."""
    request = prepare_request(HISTORY)
    tracked = with_reply_placeholder(track(request, TimestampStore(), AT), AT)
    store = after_reply(request, tracked, "Hello there", mode, streamed=False).store
    chat, ts = tmp_path / "chat.json", tmp_path / "timestamps.json"
    chat.write_text(json.dumps([*HISTORY[:-1], {"role": "assistant", "content": sent_back}]))
    ts.write_text(store.dumps())
    return chat, ts


def _toggle(qtbot, window) -> None:
    action = window.options_menu.toggles["group_chat_commit"]
    with qtbot.waitSignal(window.session.loaded, timeout=20000):
        action.trigger()


def test_the_option_warns_before_a_committed_reply_is_lost_and_is_kept(
    qtbot, window, tmp_path: Path, settings_path: Path
) -> None:
    chat, ts = _pair(tmp_path, "Hello there", CommitMode.GROUP_CHAT)
    open_and_wait(qtbot, window, chat, ts)
    reply = window.detail.reply
    # the default mode reads the file as the other mode's: a hint, no reply account
    assert "reply committed" not in reply.text()
    _toggle(qtbot, window)
    assert window.session.choices.group_chat_commit
    assert window.options_menu.toggles["group_chat_commit"].isChecked()
    text = reply.text()
    assert "Warning: reply committed as " in text and "(Sunday, 2026-12-06 16:30:00)" in text
    assert "speaker prefix 'Aria: '" in text and "becomes an orphan" in text
    assert reply.isVisibleTo(window)
    assert read_choices(QSettings(str(settings_path), QSettings.Format.IniFormat)).group_chat_commit
    _toggle(qtbot, window)
    assert "reply committed" not in reply.text()


def test_a_reply_sent_back_the_same_is_shown_committed(qtbot, window, tmp_path: Path) -> None:
    chat, ts = _pair(tmp_path, "Aria: Hello there", CommitMode.GROUP_CHAT)
    open_and_wait(qtbot, window, chat, ts)
    assert "the file looks like group-chat commit" in window.detail.reply.text()
    _toggle(qtbot, window)
    text = window.detail.reply.text()
    assert "reply committed: " in text and "message #3: Aria: Hello there" in text
    assert "Warning" not in text


def test_the_default_mode_shows_the_pending_placeholder(qtbot, window, tmp_path: Path) -> None:
    chat, ts = _pair(tmp_path, "Hello there", CommitMode.DEFAULT)
    open_and_wait(qtbot, window, chat, ts)
    text = window.detail.reply.text()
    assert (
        "reply pending: placeholder = (Sunday, 2026-12-06 16:30:00); the next request gives it to message #3"
        in text
    )


@pytest.mark.parametrize("moved_on", [False, True], ids=["generating", "chat moved on"])
def test_details_says_a_reply_being_generated_is_pending_without_a_warning(
    qtbot, window, tmp_path: Path, moved_on: bool
) -> None:
    """Issue 29/31 tryout: while the reply was generated (the placeholder
    stored, the chat as the request sent it) Details warned "its time will
    be lost". It says so neutrally; the warning stays for a chat that moved
    on without the reply."""
    request = prepare_request(HISTORY)
    store = with_reply_placeholder(track(request, TimestampStore(), AT), AT).store
    shown = [*HISTORY, {"role": "user", "content": "hello?"}] if moved_on else HISTORY
    chat, ts = tmp_path / "chat.json", tmp_path / "timestamps.json"
    chat.write_text(json.dumps(shown))
    ts.write_text(store.dumps())
    open_and_wait(qtbot, window, chat, ts)
    text = window.detail.reply.text()
    if moved_on:
        assert (
            "Warning: reply pending: placeholder = (Sunday, 2026-12-06 16:30:00), but the chat moved on"
            in text
        )
        # "Aria:" was the request's generation prompt; followed by "hello?" it is a message the file lacks
        assert "message #3 is newer" in text
    else:
        assert "Warning" not in text and "lost" not in text
        assert (
            "reply pending: placeholder = (Sunday, 2026-12-06 16:30:00); the next request gives this time "
            "to the reply once the chat holds it" in text
        )


def _simulate_with_reply(qtbot, window, reply: str):
    """The Simulate dialog (its action) with a reply pasted, once its simulation has shown."""
    window.show()
    qtbot.waitExposed(window)
    action = window.actions_by_name["simulate"]
    assert action.isEnabled()
    action.trigger()
    dialog = window.simulation_dialog
    qtbot.waitUntil(lambda: dialog.model.rowCount() > 0, timeout=10000)
    dialog.reply.setPlainText(reply)
    dialog.with_reply.setChecked(True)
    qtbot.waitUntil(lambda: "The reply reaches the front end" in dialog.summary.text(), timeout=10000)
    return dialog


def test_simulate_commits_a_pasted_reply_in_group_chat_mode(qtbot, window, tmp_path: Path) -> None:
    request = [*HISTORY[:-1], {"role": "user", "content": "Aria:"}]
    chat, ts = tmp_path / "chat.json", tmp_path / "timestamps.json"
    chat.write_text(json.dumps(request))
    ts.write_text("{}")
    window.session.set_pinned_now(AT)
    open_and_wait(qtbot, window, chat, ts)
    _toggle(qtbot, window)
    dialog = _simulate_with_reply(qtbot, window, "Hello there")
    digest = hashlib.sha256(b"Aria: Hello there").hexdigest()
    assert "“Aria: Hello there” and is stored at once" in dialog.summary.text()
    assert dialog.result is not None and dialog.result.store.get(digest) == "(Sunday, 2026-12-06 16:30:00)"
    assert PLACEHOLDER_KEY not in dialog.result.store
    assert digest in dialog.diff.toPlainText()
    dialog.apply_button.click()  # an undoable edit of the open file, applied as the session re-reads it
    qtbot.waitUntil(lambda: window.session.discussion.store.get(digest) == "(Sunday, 2026-12-06 16:30:00)")
    assert window.session.is_dirty


def test_simulate_keeps_the_placeholder_pending_in_the_default_mode(qtbot, window, tmp_path: Path) -> None:
    chat, ts = tmp_path / "chat.json", tmp_path / "timestamps.json"
    chat.write_text(json.dumps(HISTORY))
    ts.write_text("{}")
    window.session.set_pinned_now(AT)
    open_and_wait(qtbot, window, chat, ts)
    dialog = _simulate_with_reply(qtbot, window, "Hello there")
    assert "its placeholder stays pending" in dialog.summary.text()
    assert dialog.result is not None and dialog.result.store.last_key() == PLACEHOLDER_KEY
    dialog.reject()


def test_the_reply_warning_is_never_cut(qtbot, window, tmp_path: Path) -> None:
    """At 1024x700 and the smallest window the warning's every line is laid
    out (the area scrolls when they do not fit): a label of its own under the
    splitter was squeezed and cut mid-sentence (tryout, English and Chinese)."""
    chat, ts = _pair(tmp_path, "Hello there", CommitMode.GROUP_CHAT)
    open_and_wait(qtbot, window, chat, ts)
    _toggle(qtbot, window)
    reply = window.detail.reply
    for size in ((1024, 700), (window.minimumSizeHint().width(), window.minimumSizeHint().height())):
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        qtbot.waitUntil(lambda: reply.isVisible() and reply.width() > 0)
        assert "becomes an orphan" in reply.text()
        assert reply.height() >= reply.heightForWidth(reply.width()), size


def test_the_mode_hint_judges_the_file_on_disk_not_the_unsaved_edits(qtbot, window, tmp_path: Path) -> None:
    """Issue 31 tryout: after Simulate backfill -> Apply on a chat whose
    newest assistant message had no stored time, Details warned "the file
    looks like group-chat commit" though the file on disk was untouched: the
    hint judged the unsaved simulated edit. The hint is about the file as
    read, whatever the edits make of the shown store, both ways: an edit does
    not make it appear, nor go away."""
    store = track(prepare_request(HISTORY[:-2]), TimestampStore(), AT).store  # all but the newest reply
    chat, ts = tmp_path / "chat.json", tmp_path / "timestamps.json"
    chat.write_text(json.dumps(HISTORY[:-1]))
    ts.write_text(store.dumps())
    window.session.set_pinned_now(AT)
    open_and_wait(qtbot, window, chat, ts)
    reply = window.detail.reply
    assert "looks like" not in reply.text()
    window.show()
    qtbot.waitExposed(window)
    window.actions_by_name["simulate"].trigger()
    dialog = window.simulation_dialog
    qtbot.waitUntil(lambda: dialog.result is not None and dialog.result.changed, timeout=10000)
    newest = hashlib.sha256(b"Aria: hi 2").hexdigest()
    assert dialog.result.store.last_key() == newest  # the backfill makes the reply the last entry
    dialog.apply_button.click()
    qtbot.waitUntil(lambda: window.session.discussion.store.get(newest) is not None, timeout=10000)
    assert window.session.is_dirty
    assert "looks like group-chat commit" not in reply.text(), reply.text()
    assert ts.read_text() == store.dumps(), "the file on disk untouched"
    # the other way: a file that does look like it keeps its hint under an edit that hides it
    dialog.close()
    (tmp_path / "b").mkdir()
    chat2, ts2 = _pair(tmp_path / "b", "Aria: Hello there", CommitMode.GROUP_CHAT)
    with qtbot.waitSignal(window.session.loaded, timeout=20000):
        window.session.undo_stack.clear()
        window.session.open(chat2, ts2, beside=False)
    assert "the file looks like group-chat commit" in reply.text()
    edited = window.session.base.store.copy()
    edited.set(content_hash("an edit after it"), "(Sunday, 2026-12-06 16:31:00)")
    with qtbot.waitSignal(window.session.changed, timeout=20000):
        window.session.push_edit(edited, "edit")
    assert window.session.is_dirty
    assert "the file looks like group-chat commit" in reply.text(), reply.text()

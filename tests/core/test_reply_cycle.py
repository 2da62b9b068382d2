"""The request-reply-request cycle in both commit modes: the file after the
reply (CLI ``backfill --reply``), what the next request makes of it, what the
window's details say before it happens, and ``compare``'s check of the write
after the reply against the copy kept with the next request (issue 32)."""

from __future__ import annotations

import hashlib
import json
import os
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from conftest import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from record_helpers import chat_call

from timeline_app.core.discussion import open_discussion
from timeline_app.core.options import Choices, EngineOptions
from timeline_app.core.pipeline import prepare_request
from timeline_app.core.recordings import RecordedResponse
from timeline_app.core.reply import CommitMode, after_reply, reply_state
from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore
from timeline_app.core.tracking import track, with_reply_placeholder
from timeline_app.core.words import Reason, ReplyNote, Said
from timeline_app.record.journal import Journal

NOW = "2026-12-06 16:30:00"
AT = datetime(2026, 12, 6, 16, 30)
STAMP = "(Sunday, 2026-12-06 16:30:00)"
TAG = " [DiscussionId]g1[/DiscussionId]"
FIRST = [
    {"role": "user", "content": "Hi all" + TAG},
    {"role": "assistant", "content": "Bob: hello"},
    {"role": "user", "content": "Aria:"},
]
GROUP = EngineOptions.from_choices(Choices(group_chat_commit=True))


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _files(tmp_path: Path, messages: list, store: dict) -> tuple[Path, Path]:
    chat, ts = tmp_path / "chat.json", tmp_path / "ts.json"
    chat.write_text(json.dumps({"messages": messages}))
    ts.write_text(json.dumps(store, indent=4))
    return chat, ts


@pytest.mark.parametrize("streamed", [[], ["--streamed"]])
def test_group_chat_commit_writes_the_reply_under_its_reconstructed_hash(
    tmp_path: Path, capsys, streamed: list[str]
) -> None:
    chat, ts = _files(tmp_path, FIRST, {})
    argv = ["backfill", str(chat), "--timestamps", str(ts), "--now", NOW, "--reply", " Hello there"]
    code, out, err = run_cli(capsys, *argv, *streamed, "--group-chat-commit", "--write")
    assert code == 0, err
    expected = {
        _sha("Bob: hello"): STAMP,
        _sha("Hi all "): "(Sunday, 2026-12-06 16:29:59)",
        _sha("Aria: Hello there"): STAMP,  # the placeholder's time, the placeholder gone
    }
    assert ts.read_text() == json.dumps(expected, indent=4)
    assert "committed as" in out and '"Aria: Hello there"' in out


def test_default_mode_leaves_the_placeholder_pending_whatever_the_reply(tmp_path: Path, capsys) -> None:
    chat, ts = _files(tmp_path, FIRST, {})
    argv = ["backfill", str(chat), "--timestamps", str(ts), "--now", NOW, "--json"]
    code, out, _ = run_cli(capsys, *argv, "--reply", "Hello there")
    report = json.loads(out)
    assert code == 0
    assert list(report["timestamps_after"].items())[-1] == (PLACEHOLDER_KEY, STAMP)
    assert report["reply"] == {
        "mode": "default",
        "generation_prompt": None,
        "returned": "Hello there",
        "committed_hash": None,
        "committed_value": None,
        "placeholder_pending": True,
    }
    code, placeholder_only, _ = run_cli(capsys, *argv[:-1], "--placeholder", "--json")
    assert json.loads(placeholder_only)["file_text"] == report["file_text"]


def test_a_reply_file_that_cannot_be_read_writes_nothing(tmp_path: Path, capsys) -> None:
    chat, ts = _files(tmp_path, FIRST, {})
    (tmp_path / "reply.txt").write_bytes(b"\xff\xfe")
    for reply in (tmp_path / "missing.txt", tmp_path / "reply.txt"):
        argv = ["backfill", str(chat), "--timestamps", str(ts), "--reply-file", str(reply), "--write"]
        code, out, err = run_cli(capsys, *argv, "--group-chat-commit")
        assert code == 2 and out == "" and str(reply) in err and len(err.strip().splitlines()) == 1
    assert ts.read_text() == "{}"


def _after(messages: list, store: TimestampStore, reply: str, mode: CommitMode) -> TimestampStore:
    request = prepare_request(messages)
    tracked = with_reply_placeholder(track(request, store, AT), AT)
    return after_reply(request, tracked, reply, mode, streamed=False).store


def test_the_next_request_finds_a_reply_sent_back_the_same() -> None:
    file = _after(FIRST, TimestampStore(), "Hello there", CommitMode.GROUP_CHAT)
    back = [
        *FIRST[:2],
        {"role": "assistant", "content": "Aria: Hello there"},
        {"role": "user", "content": "Hm"},
    ]
    result = track(prepare_request(back), file, AT + timedelta(minutes=5))
    assert result.store.get(_sha("Aria: Hello there")) == STAMP
    assert result.placeholder_target is None and not result.had_placeholder


def test_details_say_the_committed_reply_and_warn_before_it_is_lost(tmp_path: Path) -> None:
    """The classic failure: stored as ``Aria: Hello there``, sent back as
    ``Hello there``. Before the next request the window says so, with the
    repair cause the orphan will need; sent back the same, it says the reply
    is committed, with its hash and text."""
    # a group chat where Aria spoke before (the names a repair tries are the chat's speakers)
    history = [*FIRST[:2], *({"role": "assistant", "content": f"Aria: hi {n}"} for n in (1, 2)), FIRST[2]]
    file = _after(history, TimestampStore(), "Hello there", CommitMode.GROUP_CHAT)
    for content, code in (
        ("Aria: Hello there", ReplyNote.COMMITTED),
        ("Hello there", ReplyNote.COMMITTED_LOST),
    ):
        sent = [*history[:-1], {"role": "assistant", "content": content}]
        chat, ts = _files(tmp_path, sent, file.as_dict())
        discussion = open_discussion(chat, ts, GROUP, datetime(2026, 12, 6, 16, 35))
        (said,) = reply_state(discussion)
        assert said.code is code
        assert said.args[0] == _sha("Aria: Hello there")[:12] and said.args[1] == STAMP
    assert said.args[3].code is Reason.SPEAKER_PREFIX and said.args[3].args == ("Aria",)
    assert "speaker prefix 'Aria: '" in str(said)


def test_each_mode_hints_when_the_file_looks_like_the_other(tmp_path: Path) -> None:
    replied = [*FIRST[:2], {"role": "assistant", "content": "Aria: Hello there"}]
    group_file = _after(FIRST, TimestampStore(), "Hello there", CommitMode.GROUP_CHAT)
    default_file = _after(FIRST, TimestampStore(), "Hello there", CommitMode.DEFAULT)
    now = datetime(2026, 12, 6, 16, 35)
    chat, ts = _files(tmp_path, replied, group_file.as_dict())
    assert [s.code for s in reply_state(open_discussion(chat, ts, EngineOptions(), now))] == [
        ReplyNote.LOOKS_GROUP
    ]
    chat, ts = _files(tmp_path, replied, default_file.as_dict())
    assert [s.code for s in reply_state(open_discussion(chat, ts, GROUP, now))] == [
        ReplyNote.PENDING,
        ReplyNote.LOOKS_DEFAULT,
    ]
    assert [s.code for s in reply_state(open_discussion(chat, ts, EngineOptions(), now))] == [
        ReplyNote.PENDING
    ]


def _record_turn(
    out: Path, root: Path, when: datetime, messages: list, reply: str | None, streamed: bool
) -> None:
    """One client request (the file copied as it was) and its reply, as the recorder writes them."""
    journal = Journal(out, "client", root)
    chat_call(journal, when, {"model": "m", "messages": messages}, "g1")
    if reply is not None:
        (request_id,) = [
            json.loads(line)["id"] for line in (out / "g1" / "requests.jsonl").read_text().splitlines()[-1:]
        ]
        response = RecordedResponse(when + timedelta(seconds=2), 200, streamed, True, reply, len(reply))
        journal.response(request_id, "g1", response)


@pytest.mark.parametrize("streamed", [False, True])
def test_compare_checks_the_write_after_the_reply(tmp_path: Path, capsys, streamed: bool) -> None:
    """Two requests of one discussion recorded on the client leg; between
    them the middleware (here: its behaviour as the vectors pin it) wrote the
    file after the reply. compare predicts it from the first request and its
    recorded reply, and says where the copy kept with the second differs."""
    root, out = tmp_path / "root", tmp_path / "rec"
    (root / "g1").mkdir(parents=True)
    utc = ZoneInfo("UTC")
    first_at = datetime(2026, 12, 6, 16, 30, 0, 200000, tzinfo=utc)
    returned = "Aria: Hello there"  # what the front end received
    _record_turn(out, root, first_at, FIRST, returned, streamed)
    file = _after(FIRST, TimestampStore(), "Hello there", CommitMode.GROUP_CHAT)
    (root / "g1" / "timestamps.json").write_text(file.dumps())
    second = [*FIRST[:2], {"role": "assistant", "content": returned}, {"role": "user", "content": "Hm"}]
    _record_turn(out, root, first_at + timedelta(minutes=5), second, None, streamed)
    argv = ["compare", str(out), "--tz", "UTC"]
    code, text, err = run_cli(capsys, *argv, "--group-chat-commit")
    assert code == 0, err
    checks = [line for line in text.splitlines() if line.startswith("  after the reply")]
    assert checks == [
        "  after the reply (group-chat): identical",
        "  after the reply (group-chat): not checked: no reply recorded (record --responses)",
    ]
    # the same recording read as the default mode: the placeholder was predicted, the commit found
    code, text, _ = run_cli(capsys, *argv)
    lines = text.splitlines()
    at = lines.index(next(line for line in lines if line.startswith("  after the reply (default)")))
    assert lines[at].startswith("  after the reply (default): 2 entries differ")
    assert sorted(lines[at + 1 : at + 3]) == sorted(
        [
            f'  {PLACEHOLDER_KEY[:16]}…: predicted "{STAMP}", recorded (no entry)',
            f'  {_sha(returned)[:16]}…: predicted (no entry), recorded "{STAMP}"',
        ]
    )
    code, text, _ = run_cli(capsys, *argv, "--group-chat-commit", "--json")
    check = json.loads(text)[0]["after_reply"]
    assert check["status"] == "identical" and check["placeholder"] == STAMP


_PIECES = ["a", " ", ":", "\n", "Aria", "[Sent less than a minute ago]", "é", "Bob the Builder"]
_REPLIES = st.lists(st.sampled_from(_PIECES), max_size=4).map("".join)  # one streamed chunk


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")), deadline=None)  # make fuzz-reply: more
@given(reply=st.lists(_REPLIES, max_size=6), group=st.booleans(), streamed=st.booleans())
def test_the_reply_never_touches_any_entry_but_the_placeholder_and_its_own(
    reply: list[str], group: bool, streamed: bool
) -> None:
    """Whatever the model answers, the write after the reply keeps every
    other stored time: it removes the placeholder at most, and adds or
    overwrites the reply's own key."""
    text = "".join(reply)
    request = prepare_request(FIRST)
    tracked = with_reply_placeholder(track(request, TimestampStore(), AT), AT)
    mode = CommitMode.GROUP_CHAT if group else CommitMode.DEFAULT
    after = after_reply(request, tracked, text, mode, streamed=streamed, chunks=reply if streamed else None)
    before = tracked.store.as_mapping()
    kept = {k: v for k, v in before.items() if k != PLACEHOLDER_KEY}
    mine = after.store.as_mapping()
    assert all(mine.get(k) == v or k == after.committed_hash for k, v in kept.items())
    assert set(mine) <= set(before) | {after.committed_hash}
    if group:  # after a generation prompt the text is never empty: the reply is always committed
        assert PLACEHOLDER_KEY not in mine and after.committed_hash is not None
    else:
        assert after.store == tracked.store


def test_inspect_says_the_committed_reply_and_the_warning(tmp_path: Path, capsys) -> None:
    file = _after(FIRST, TimestampStore(), "Hello there", CommitMode.GROUP_CHAT)
    chat, ts = _files(tmp_path, [*FIRST[:2], {"role": "assistant", "content": "Hello there"}], file.as_dict())
    code, out, _ = run_cli(capsys, "inspect", str(chat), "--timestamps", str(ts), "--group-chat-commit")
    assert code == 0
    (line,) = [line for line in out.splitlines() if "reply committed" in line]
    assert line.startswith(f"warning: reply committed as {_sha('Aria: Hello there')[:12]}… = {STAMP}")
    # read in the default mode, a reply sent back as stored and no placeholder: the other mode's sign
    back = [*FIRST[:2], {"role": "assistant", "content": "Aria: Hello there"}]
    chat, ts = _files(tmp_path, back, file.as_dict())
    code, out, _ = run_cli(capsys, "inspect", str(chat), "--timestamps", str(ts), "--json")
    assert json.loads(out)["reply"] == [str(Said(ReplyNote.LOOKS_GROUP))]


@settings(max_examples=25, deadline=None)
@given(turns=st.integers(min_value=0, max_value=4), moved_on=st.booleans())
def test_a_reply_still_being_generated_is_pending_not_lost(
    tmp_path_factory, turns: int, moved_on: bool
) -> None:
    """Issue 29/31 tryout: while the reply is generated the file holds the
    placeholder and the chat does not hold the reply yet; Details warned
    "its time will be lost". The time is lost only when the chat moved on
    without the reply (a newer message the file does not hold after the
    last assistant message)."""
    history = [{"role": "user", "content": "Hi" + TAG}]
    for n in range(turns):
        history += [{"role": "assistant", "content": f"reply {n}"}, {"role": "user", "content": f"again {n}"}]
    file = _after(history, TimestampStore(), "Hello there", CommitMode.DEFAULT)
    assert PLACEHOLDER_KEY in file
    shown = [*history, {"role": "user", "content": "never answered"}] if moved_on else history
    chat, ts = _files(tmp_path_factory.mktemp("c"), shown, file.as_dict())
    (said,) = reply_state(open_discussion(chat, ts, EngineOptions(), AT + timedelta(minutes=1)))
    text = str(said)
    if moved_on:
        assert said.code is ReplyNote.PENDING_LOST
        assert f"#{len(history)}" in text and "lost" in text
    else:
        assert said.code is ReplyNote.PENDING_WAITING
        assert (
            text
            == f"reply pending: placeholder = {STAMP}; the next request gives this time to the reply once the chat holds it"
        )

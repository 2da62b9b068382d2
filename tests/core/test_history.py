"""The history engine on recordings made through the real recorder in front of
a fake middleware (a conversation that edits a message, regenerates a reply
and has its file edited by hand), on backups beside a file, and on files
given in order."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from history_helpers import (
    START,
    converse,
    delete,
    edit,
    on_the_middleware_clock,
    say,
    sha,
    talk_with_every_kind_of_change,
)

from timeline_app.core.errors import InputError
from timeline_app.core.history import build_history, find_hash, orphaning_cause, stored_live
from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore, save_store
from timeline_app.core.timestrings import format_absolute
from timeline_app.core.words import History, Said
from timeline_app.core.zones import get_zone


def at(minutes: int, seconds: int = 0) -> str:
    """The fake middleware's time ``minutes`` requests in, as it stores it."""
    from datetime import timedelta

    return format_absolute(START + timedelta(minutes=minutes, seconds=seconds))


HAND_TIME = "2026-02-28 08:00:00"


def _by_hand(entries: dict) -> None:
    entries[sha("Hello")] = HAND_TIME  # a time changed by hand
    del entries[sha("How are you?")]  # an orphan removed by hand
    entries["ab" * 32] = "2026-02-28 09:00:00"  # an entry no message has


@pytest.fixture(scope="module")
def talk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Request 0 "Hello"; 1 "How are you?"; 2 the same again (reply 1
    regenerated); 3 "How are you?" sent with a trailing space, then "Fine.";
    the file edited by hand; 4 "Bye"."""
    return talk_with_every_kind_of_change(tmp_path_factory.mktemp("talk"), _by_hand)


def _said(story) -> list[Said]:
    return list(story.said)


def test_each_message_of_a_recorded_conversation_tells_its_story(talk: Path) -> None:
    history = build_history([talk])
    assert [s.request.index for s in history.states if s.request] == [0, 1, 2, 3, 4]
    assert history.states[0].path is None  # the discussion had no file when it began
    where = [history.where(i) for i in range(5)]

    hello = history.message_story(1)
    assert hello.events[0].by is not None and hello.events[0].by.index == 0
    assert _said(hello) == [
        Said(History.STORED, (where[0], at(1))),
        Said(History.CHANGED, (where[4], at(1), HAND_TIME)),
    ]

    first_reply = history.message_story(2)  # given the placeholder request 0 left
    assert _said(first_reply) == [
        Said(History.STORED_PLACEHOLDER, (where[1], at(1))),
        Said(History.NEVER_CHANGED),
    ]

    edited = history.message_story(3)  # backfilled one second before the reply after it
    orphan = history.orphanings[sha("How are you?")]
    assert _said(edited) == [
        Said(History.STORED, (where[3], at(2, 59))),
        Said(History.NEVER_CHANGED),
        Said(
            History.REPLACED, (sha("How are you?")[:12], where[3], Said(History.CAUSE_TRAILING_ADDED, (" ",)))
        ),
    ]
    assert (
        orphan.last_sent.index == 2 and orphan.next.index == 3 and orphan.replaced_by == sha("How are you? ")
    )

    regenerated = history.message_story(4)  # the regeneration's reply: its start, request 2's placeholder
    assert _said(regenerated)[0] == Said(History.STORED_PLACEHOLDER, (where[3], at(3)))
    assert history.changes[2].placeholder_consumed and history.changes[2].placeholder_to is None

    assert _said(history.message_story(5))[0] == Said(History.STORED, (where[3], at(4)))
    for newest in (6, 7):  # the reply to "Fine." and "Bye": request 4 stores them
        assert _said(history.message_story(newest)) == [Said(History.STORED_NEXT, (where[4],))]
    assert _said(history.message_story(0)) == [Said(History.NOT_TIMESTAMPED)]


def test_an_orphan_says_when_it_was_last_sent_and_why_it_was_lost(talk: Path) -> None:
    history = build_history([talk])
    story = history.story(sha("How are you?"))
    where = [history.where(i) for i in range(5)]
    assert _said(story) == [
        Said(History.STORED, (where[1], at(2))),
        Said(History.NEVER_CHANGED),  # of the time it had, before its removal (tryout: after it)
        Said(History.REMOVED_BY_HAND, (where[4], at(2))),  # said who (tryout: no one)
        Said(History.ORPHANED, (where[2], where[3], Said(History.CAUSE_TRAILING_ADDED, (" ",)))),
    ]
    assert story.events[-1].by is None  # removed by no request


def test_a_deleted_message_is_no_longer_sent_not_edited_into_the_next(tmp_path: Path) -> None:
    """Tryout (wire/trip2): the client deleted "Add a museum" and its reply;
    "Thanks", stored a request before, was told as the deleted message's
    edit ("took the place of …: edited from character 0"), positions having
    shifted. Aligned by the hashes both requests share, the deleted ones are
    no longer sent and no message stored before takes their place."""
    folder, _ = converse(
        tmp_path,
        [
            say("Hi"),
            say("Plan day one"),
            say("Add a museum"),
            edit(3, "Plan day one ", "Thanks"),
            delete(5, 7, "Bye"),
        ],
    )
    history = build_history([folder])
    gone = Said(History.CAUSE_GONE)
    for deleted in (sha("Add a museum"), sha("reply 2")):
        orphan = history.orphanings[deleted]
        assert orphan.next.index == 4 and orphan.replaced_by is None and orphan.cause == gone
    thanks = history.message_story(5)
    assert thanks.hash == sha("Thanks") and thanks.replaced == ()
    assert not any(said.code is History.REPLACED for said in thanks.said)
    edited = history.message_story(3)  # an edit in place is still told as one
    assert [o.hash for o in edited.replaced] == [sha("Plan day one")]
    assert edited.replaced[0].cause == Said(History.CAUSE_TRAILING_ADDED, (" ",))


def test_a_reply_stored_as_the_middleware_answers_is_that_requests(tmp_path: Path) -> None:
    """Tryout: a middleware that stores the reply's key when it answers had
    every reply counted as by hand; the recorded reply explains it."""
    folder, _ = converse(tmp_path, [say("Hi"), say("Plan day one")], store_reply=True)
    history = build_history([folder])
    stored = history.changes[0]
    assert {k for k, _ in stored.added} == {sha("Hi"), sha("reply 0")}
    assert stored.unexplained == () and history.story(sha("reply 0")).events[0].by is not None


def test_what_no_request_explains_is_a_hand_edit(talk: Path) -> None:
    history = build_history([talk])
    last = history.changes[-1]
    assert [r.index for r in last.by] == [3]
    assert set(last.unexplained) == {sha("Hello"), sha("How are you?"), "ab" * 32}
    stranger = history.story("ab" * 32)
    assert _said(stranger)[0] == Said(History.STORED_BY_HAND, (history.where(4), "2026-02-28 09:00:00"))
    assert _said(stranger)[-1] == Said(History.NOT_SENT)
    # every other change of the conversation was the middleware's, at the request before it
    assert all(not c.unexplained for c in history.changes[:-1])


def test_the_current_file_after_a_recording_is_its_newest_state(talk: Path) -> None:
    current = talk.parent.parent / "DiscussionIds" / "talk" / "timestamps.json"
    history = build_history([talk, current])
    assert len(history.states) == 6 and history.states[-1].request is None
    for newest in (6, 7):
        story = history.message_story(newest)
        assert story.events[0].by is not None and story.events[0].by.index == 4
    assert history.message_story(6).events[0].placeholder


def _write(path: Path, entries: dict[str, str]) -> None:
    save_store(path, TimestampStore(entries))


def test_backups_beside_a_file_are_its_earlier_states(tmp_path: Path) -> None:
    path = tmp_path / "timestamps.json"
    _write(path, {"a" * 64: "2026-01-01 10:00:00"})
    _write(path, {"a" * 64: "2026-01-01 10:00:00", "b" * 64: "2026-01-01 10:01:00"})
    _write(path, {"b" * 64: "2026-01-01 10:02:00", PLACEHOLDER_KEY: "2026-01-01 10:03:00"})
    history = build_history([path])
    assert [s.path.name for s in history.states][-1] == "timestamps.json"
    assert len(history.states) == 3 and all(s.request is None for s in history.states)
    story = history.story("b" * 64)
    assert [e.kind for e in story.events] == ["added", "changed"]
    assert story.events[0].by is None  # no recording: no request to credit
    assert history.changes[1].placeholder_set and not history.changes[1].placeholder_consumed
    assert [e.kind for e in history.story("a" * 64).events] == ["added", "removed"]
    assert find_hash(history, "bbbbbbbbbbbb") == "b" * 64


def test_a_backup_that_does_not_read_is_left_out_not_the_whole_history(tmp_path: Path) -> None:
    """Second tryout: a half-written file our Save kept as a backup before
    writing over it made the whole history fail ("No history: …bak-…: not
    valid JSON"), the live file being fine. The broken backup is no state of
    the discussion: left out, the next state's changes span it; a broken
    live file still fails, said."""
    path = tmp_path / "timestamps.json"
    _write(path, {"a" * 64: "2026-01-01 10:00:00"})
    _write(path, {"a" * 64: "2026-01-01 10:00:00", "c" * 64: "2026-01-01 10:00:30"})  # backs up the first
    path.write_text('{"' + "a" * 64 + '": "2026-01-01 10:0')  # half written (by hand)
    _write(path, {"a" * 64: "2026-01-01 10:00:00", "b" * 64: "2026-01-01 10:01:00"})
    backups = sorted(tmp_path.glob("timestamps.json.bak-*"))
    assert len(backups) == 2
    history = build_history([path])
    assert [s.path for s in history.states] == [backups[0], path]
    assert [e.kind for e in history.story("b" * 64).events] == ["added"]
    path.write_text("{")
    with pytest.raises(InputError):
        build_history([path])


def _kept(path: Path, entries: dict[str, str], written: str) -> None:
    """A state of the file written at ``written`` (this machine's clock)."""
    import os
    from datetime import datetime

    _write(path, entries)
    moment = datetime.fromisoformat(written).timestamp()
    os.utime(path, (moment, moment))


def test_backups_are_told_as_our_saves_at_the_time_each_state_was_written(tmp_path: Path) -> None:
    """A backup's stamp is when a save of ours set it aside; the state it
    holds was written earlier (its modification time). What the next state
    holds is that save's, unless the file was written again after it."""
    from datetime import datetime

    path = tmp_path / "timestamps.json"
    a, b, c = "a" * 64, "b" * 64, "c" * 64
    _kept(
        path.with_name(f"{path.name}.bak-20260101-100000"), {a: "2026-01-01 09:00:00"}, "2026-01-01T09:00:00"
    )
    two = {a: "2026-01-01 09:00:00", b: "2026-01-01 09:30:00"}
    _kept(path.with_name(f"{path.name}.bak-20260101-110000"), two, "2026-01-01T10:00:01")  # save 1 wrote it
    _kept(path, {a: "2026-01-01 08:00:00", c: "2026-01-01 11:30:00"}, "2026-01-01T12:00:00")  # then others
    history = build_history([path])
    first, second, newest = history.states
    assert first.when == datetime(2026, 1, 1, 9).astimezone()  # written then, not the set-aside stamp
    assert first.set_aside == datetime(2026, 1, 1, 10).astimezone() and newest.set_aside is None
    saved, gap = history.changes
    assert saved.saved == first.set_aside and not saved.rewritten and saved.unexplained == ()
    # the save's or a later write's: not known to be by hand (the tryout's "By hand 2" for a
    # step with one repair of ours and one sed edit), at most that
    assert gap.saved == second.set_aside and gap.rewritten and gap.unexplained == ()
    assert set(gap.uncertain) == {a, b, c}
    told = [str(said) for said in history.story(b).said]
    assert told[0] == "stored as '2026-01-01 09:30:00' by a save of Timeline Inspector at 2026-01-01 10:00:00"
    assert told[1] == "never changed its time"
    assert told[2].startswith("removed before state 2 (timestamps.json, 2026-01-01 12:00:00) (it held")
    # the unknown writer first, never credited to the app (tryout shot-85, shot-61: "by the
    # save of Timeline Inspector at … or by a later write" for the middleware's own entry);
    # and a removal is never the middleware's, which never removes a stored time (tryout
    # life29: "by a write that kept no backup (the middleware, or the save …)")
    assert told[2].endswith(
        "by hand or by another program (the middleware never removes a stored time), or by the save "
        "of Timeline Inspector at 2026-01-01 11:00:00; the states between are not kept"
    ), told[2]
    assert "the middleware, or" not in told[2]
    # a's time put back an hour: no middleware's rewrite either; c, appended, may be its
    assert set(gap.beyond_middleware) == {a, b} and gap.middleware_possible
    (changed,) = [str(said) for said in history.story(a).said if str(said).startswith("changed from")]
    assert "by hand or by another program (the middleware never rewrites a stored time so)" in changed
    stored = str(history.story(c).said[0])
    assert "by a write that kept no backup (the middleware, or the save" in stored


def test_a_rewrite_as_a_group_chat_commit_makes_it_may_be_the_middlewares(tmp_path: Path) -> None:
    """Spec: a group-chat commit overwrites the entry of a reply equal to an
    earlier message with the reply's time (the placeholder's, or its clock,
    newer than every time stored). Such a rewrite after a save of ours is
    offered as the middleware's; one to an older time, or a removal, never is,
    and a change made only of those never names the middleware at all."""
    path = tmp_path / "timestamps.json"
    a, b, c = "a" * 64, "b" * 64, "c" * 64
    held = {a: "(Thursday, 2026-01-01 09:00:00)", b: "(Thursday, 2026-01-01 09:30:00)"}
    _kept(path.with_name(f"{path.name}.bak-20260101-100000"), held, "2026-01-01T09:00:00")
    after_save = {**held, c: "(Thursday, 2026-01-01 09:40:00)"}
    _kept(path.with_name(f"{path.name}.bak-20260101-110000"), after_save, "2026-01-01T10:00:01")
    committed = {**after_save, a: "(Thursday, 2026-01-01 11:45:00)"}  # a's entry overwritten, newer
    _kept(path, committed, "2026-01-01T12:00:00")
    gap = build_history([path]).changes[-1]
    assert gap.rewritten and gap.beyond_middleware == () and gap.middleware_possible
    (told,) = [str(s) for s in build_history([path]).story(a).said if str(s).startswith("changed from")]
    assert "by a write that kept no backup (the middleware, or the save" in told
    _kept(path, {a: "(Thursday, 2026-01-01 08:00:00)"}, "2026-01-01T12:00:00")  # b, c removed; a older
    gap = build_history([path]).changes[-1]
    assert set(gap.beyond_middleware) == {a, b, c} and not gap.middleware_possible


def test_bad_sources_name_the_file_and_the_problem(tmp_path: Path, talk: Path) -> None:
    broken = tmp_path / "timestamps.json"
    broken.write_text("{nope")
    with pytest.raises(InputError) as error:
        build_history([broken])
    assert error.value.source == str(broken)
    with pytest.raises(InputError, match="no message 9"):
        build_history([talk]).message_story(9)
    with pytest.raises(InputError, match="a recording can only be the first source"):
        build_history([broken, talk])
    with pytest.raises(InputError, match="no stored hash starts with"):
        find_hash(build_history([talk]), "ffff0000ffff")
    with pytest.raises(InputError, match="no such file"):
        build_history([tmp_path / "x.json"])


def test_a_recording_folder_with_several_discussions_asks_for_one(tmp_path: Path, talk: Path) -> None:
    wire = talk.parent
    (wire / "other").mkdir(exist_ok=True)
    (wire / "other" / "requests.jsonl").write_text("")
    try:
        with pytest.raises(InputError, match=r"holds 2 discussions \(other, talk\)"):
            build_history([wire])
    finally:
        (wire / "other" / "requests.jsonl").unlink()
        (wire / "other").rmdir()
    assert build_history([wire]).source == str(talk / "requests.jsonl")


@pytest.mark.parametrize(
    ("before", "after", "said"),
    [
        ("Hi", None, Said(History.CAUSE_GONE)),
        ("Hi", "Hi ", Said(History.CAUSE_TRAILING_ADDED, (" ",))),
        ("Hi\n", "Hi", Said(History.CAUSE_TRAILING_LOST, ("\n",))),
        ("Hi", "\tHi", Said(History.CAUSE_LEADING_ADDED, ("\t",))),
        (" Hi", "Hi", Said(History.CAUSE_LEADING_LOST, (" ",))),
        (" Hi", "Hi ", Said(History.CAUSE_WHITESPACE)),
        ("a\nb", "a\r\nb", Said(History.CAUSE_LINE_ENDINGS)),
        ("e\u0301", "\u00e9", Said(History.CAUSE_UNICODE)),
        ("Hello", "Help", Said(History.CAUSE_EDITED, (4,))),  # the 4th character, counted from 1
    ],
)
def test_why_a_text_stopped_being_sent(before: str, after: str | None, said: Said) -> None:
    assert orphaning_cause(before, after) == said


def test_a_recorded_state_is_read_from_the_copy(talk: Path) -> None:
    """The copies are what the recorder kept: the states hold what they hold."""
    history = build_history([talk])
    for state in history.states[1:]:
        assert state.path is not None
        held = json.loads(state.path.read_text())
        assert state.entries == len(held) - (PLACEHOLDER_KEY in held)  # the placeholder aside


def test_an_appended_state_is_parsed_only_from_where_it_differs(tmp_path: Path, monkeypatch) -> None:
    """1,000 states of 10,000 entries are not parsed whole one after the other."""
    import timeline_app.core.history as history_module

    parsed: list[int] = []
    real = history_module.loads_store

    def counting(data: bytes, *args: object):
        parsed.append(len(data))
        return real(data, *args)

    monkeypatch.setattr(history_module, "loads_store", counting)
    entries = {f"{i:064x}": f"2026-01-01 10:{i // 60 % 60:02d}:{i % 60:02d}" for i in range(300)}
    first, second, third = tmp_path / "1.json", tmp_path / "2.json", tmp_path / "3.json"
    first.write_bytes(TimestampStore(entries).file_bytes())
    second.write_bytes(TimestampStore({**entries, "f" * 64: "2026-01-01 11:00:00"}).file_bytes())
    edited = {**entries, "f" * 64: "2026-01-01 11:00:00", f"{0:064x}": "by hand"}
    third.write_bytes(TimestampStore(edited).file_bytes())
    history = build_history([first, second, third])
    assert parsed[0] == first.stat().st_size
    assert parsed[1] < 300  # the last old line and the new one
    assert parsed[2] >= second.stat().st_size - 200  # an edit at the top: (nearly) all of it
    assert history.changes[0].added == (("f" * 64, "2026-01-01 11:00:00"),)
    assert history.changes[1].changed == ((f"{0:064x}", "2026-01-01 10:00:00", "by hand"),)


def _at_time(path: Path, entries: dict, written: str) -> Path:
    """``entries`` as the middleware writes them at ``path``, written at ``written``."""
    import os
    from datetime import datetime

    path.write_bytes(TimestampStore(entries).file_bytes())
    moment = datetime.fromisoformat(written).timestamp()
    os.utime(path, (moment, moment))
    return path


def test_another_discussions_file_set_aside_is_an_episode_not_a_state(tmp_path: Path) -> None:
    """Tryout: another discussion's file copied over this one, and "Write all
    shown" kept it as ``.other-``: the history ignored it and told the save
    after it as "a later write that kept no backup". It is no state (its
    entries are another's) but said, and the state our save wrote over it
    is that save's."""
    from datetime import datetime

    path = tmp_path / "timestamps.json"
    a, b, stranger = "a" * 64, "b" * 64, "f" * 64
    _at_time(path.with_name(f"{path.name}.bak-20260101-100000"), {a: "1"}, "2026-01-01T09:00:00")
    other = _at_time(
        path.with_name(f"{path.name}.other-20260101-110000"), {stranger: "9"}, "2026-01-01T10:30:00"
    )
    _at_time(path, {a: "1", b: "2"}, "2026-01-01T11:00:01")
    history = build_history([path])
    assert [s.path for s in history.states] == [path.with_name(f"{path.name}.bak-20260101-100000"), path]
    change = history.changes[0]
    assert [f.path for f in change.foreign] == [other]
    first, second = datetime(2026, 1, 1, 10).astimezone(), datetime(2026, 1, 1, 11).astimezone()
    assert change.saved == first and change.over == second and not change.rewritten
    # the save over the other's file wrote the window's entries: a hand edit the window
    # read again before the other's file came is among the causes (no state of it kept)
    assert change.unexplained == () and change.uncertain == (b,)
    assert Said(History.FOREIGN, (second, other.name)) in history.notes
    assert history.story(b).said[0] == Said(History.OVER_STORED, (first, "2", second))
    assert stranger not in history.events


def test_a_hand_deletion_before_a_save_over_another_file_stays_a_possible_hand_edit(tmp_path: Path) -> None:
    """Tryout: two saves, an entry deleted by hand, another discussion's file
    copied over, "Write all shown": the removal was told "saved by Timeline
    Inspector", the hand edit no longer offered, though no backup held the
    state after the hand deletion."""
    path = tmp_path / "timestamps.json"
    a, b = "a" * 64, "b" * 64
    _at_time(path.with_name(f"{path.name}.bak-20260101-100000"), {a: "1"}, "2026-01-01T09:00:00")
    _at_time(path.with_name(f"{path.name}.bak-20260101-103000"), {a: "1", b: "2"}, "2026-01-01T10:00:00")
    _at_time(path.with_name(f"{path.name}.other-20260101-110000"), {"f" * 64: "9"}, "2026-01-01T10:50:00")
    _at_time(path, {a: "1"}, "2026-01-01T11:00:01")
    history = build_history([path])
    removal = history.changes[-1]
    assert removal.removed == ((b, "2"),) and removal.uncertain == (b,)
    said = history.story(b).said[-1]
    assert said.code is History.OVER_REMOVED
    assert "another write" in str(said) and "hand edit" in str(said)


def test_a_reply_regenerated_before_it_was_sent_back_is_an_orphan(tmp_path: Path) -> None:
    """Tryout (rec/trip): a reply the middleware stored as it answered, then
    regenerated, was never sent by a request, so no request stopped sending
    it: its story said only "stored at request 1 … never changed its time"."""
    from history_helpers import regenerate

    folder, _ = converse(tmp_path, [say("Hi"), regenerate(), say("Go on")], store_reply=True)
    history = build_history([folder])
    story = history.story(sha("reply 0"))
    assert story.position is None and sha("reply 0") not in history.sent
    # the next request sent the same messages again: regenerated, not "regenerated or deleted"
    assert story.said[-1] == Said(History.REGENERATED, (_request(history, 0), _request(history, 1)))
    # and the reply that took its place says so (tryout: "replaced": [])
    again = history.story(sha("reply 1"))
    assert again.said[-1] == Said(History.REGENERATED_FROM, (sha("reply 0")[:12], *_request_pair(history)))


def _request_pair(history) -> tuple[Said, Said]:
    return _request(history, 0), _request(history, 1)


def _request(history, index: int) -> Said:
    from timeline_app.core.history import request_said

    return request_said(history.requests[index])


def test_damaged_states_are_said_and_spanned(tmp_path: Path, talk: Path) -> None:
    """Tryout: a broken backup was dropped unsaid; one broken copy in a
    recording stopped the whole history in words for the live file ("every
    request fails … remove it"); a truncated last line was skipped unsaid."""
    import shutil

    path = tmp_path / "timestamps.json"
    _at_time(path.with_name(f"{path.name}.bak-20260101-100000"), {"a" * 64: "1"}, "2026-01-01T09:00:00")
    path.with_name(f"{path.name}.bak-20260101-110000").write_text('{"a')
    _at_time(path, {"a" * 64: "1", "b" * 64: "2"}, "2026-01-01T12:00:00")
    history = build_history([path])
    assert len(history.states) == 2
    [note] = [n for n in history.notes if n.code is History.BACKUP_UNREADABLE]
    assert note.args[0] == "timestamps.json.bak-20260101-110000"
    assert "every request" not in str(note)

    copy = tmp_path / "talk"
    shutil.copytree(talk, copy)
    request_two = [json.loads(line) for line in (copy / "requests.jsonl").read_text().splitlines()]
    copies = [
        r["timestamps"]["copy"] for r in request_two if r.get("kind") == "request" and r.get("timestamps")
    ]
    (copy / copies[2]).write_text("{")
    (copy / copies[3]).unlink()
    with (copy / "requests.jsonl").open("a") as stream:
        stream.write('{"broken')
    history = build_history([copy])
    assert [s.request.index for s in history.states if s.request] == [0, 1, 4]
    told = [n for n in history.notes if n.code is History.COPY_UNREADABLE]
    assert [n.args[1] for n in told] == [Path(copies[2]).name, Path(copies[3]).name]
    assert all("every request" not in str(n) for n in told)
    assert any(n.code is History.LINE_SKIPPED for n in history.notes)
    assert sha("Fine.") in {k for k, _ in history.changes[-1].added}  # spanned: stored by request 3


def test_a_transcript_is_no_timestamp_file_and_a_folder_is_its_file(tmp_path: Path) -> None:
    chat = tmp_path / "chat.json"
    chat.write_text(json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}))
    with pytest.raises(InputError, match="is a transcript, not a timestamp file") as error:
        build_history([chat])
    assert error.value.source == str(chat)
    _write(tmp_path / "timestamps.json", {"a" * 64: "1"})
    # given after a timestamp file too (tryout views5: read as a state of 2 entries,
    # "+ model", "+ messages" and the whole chat)
    demo = Path(__file__).resolve().parents[2] / "resources" / "demo"
    for name in ("chat.json", "timestamps.json"):
        (tmp_path / "demo").mkdir(exist_ok=True)
        (tmp_path / "demo" / name).write_bytes((demo / name).read_bytes())
    for given in (
        [tmp_path / "timestamps.json", chat],
        [tmp_path / "demo" / "timestamps.json", tmp_path / "demo" / "chat.json"],
    ):
        with pytest.raises(InputError, match="is a transcript, not a timestamp file") as error:
            build_history(given)
        assert error.value.source == str(given[1])
    assert build_history([tmp_path]).states[-1].path == tmp_path / "timestamps.json"


def test_an_ambiguous_prefix_lists_what_it_starts(tmp_path: Path) -> None:
    path = tmp_path / "timestamps.json"
    _write(path, {"6a" + "0" * 62: "1", "6b" + "0" * 62: "2", "7" * 64: "3"})
    with pytest.raises(InputError) as error:
        find_hash(build_history([path]), "6")
    assert error.value.said == Said(History.AMBIGUOUS_HASH, ("6", f"{'6a' + '0' * 10}, {'6b' + '0' * 10}", 2))


def test_states_dated_backwards_are_noted(tmp_path: Path) -> None:
    """Files given newest first (or copied without their times) read as a
    history going back in time: said, the order given kept."""
    new = _at_time(tmp_path / "new.json", {"a" * 64: "1", "b" * 64: "2"}, "2026-01-02T10:00:00")
    old = _at_time(tmp_path / "old.json", {"a" * 64: "1"}, "2026-01-01T10:00:00")
    history = build_history([new, old])
    assert [n.code for n in history.notes] == [History.BACKWARDS]
    assert build_history([old, new]).notes == ()


def test_a_time_removed_and_stored_again_otherwise_is_not_never_changed(tmp_path: Path) -> None:
    """Tryout: removed by hand, then stored again with a new time, the story
    named no one for the removal and ended "never changed its time"."""
    a = "a" * 64
    files = [
        _at_time(tmp_path / f"{n}.json", e, f"2026-01-01T1{n}:00:00")
        for n, e in enumerate([{a: "1"}, {}, {a: "2"}])
    ]
    said = build_history(files).story(a).said
    assert [s.code for s in said] == [
        History.FIRST_STATE,
        History.REMOVED_BY_HAND,
        History.STORED_BY_HAND,
        History.STORED_AGAIN_OTHER,
    ]
    assert said[-1].args == ("1", "2")
    same = [
        _at_time(tmp_path / f"s{n}.json", e, f"2026-01-01T1{n}:00:00")
        for n, e in enumerate([{a: "1"}, {}, {a: "1"}])
    ]
    assert build_history(same).story(a).said[1] == Said(History.NEVER_CHANGED)


def test_a_gap_a_sessions_pruning_explains_is_said_as_pruned(tmp_path: Path) -> None:
    """Tryout (c/): a session's first backup, its older ones pruned, its 20
    newest kept: the gap was told as "a later write that kept no backup"
    although every save was the app's. Fewer backups after a gap than a
    session keeps: no pruning explains it."""
    from datetime import datetime, timedelta

    from timeline_app.core.history import SESSION_BACKUPS

    path = tmp_path / "timestamps.json"
    start = datetime(2026, 1, 1, 10)
    stamps = [start] + [start + timedelta(minutes=5, seconds=3 * n) for n in range(SESSION_BACKUPS + 1)]
    for number, stamp in enumerate(stamps):  # each written by the save before it (pruned ones between)
        written = start - timedelta(hours=1) if number == 0 else stamps[number - 1] + timedelta(seconds=1)
        if number == 1:
            written = stamp - timedelta(seconds=2)  # by a pruned save, long after the first
        entries = {"a" * 64: str(number % 2), "b" * 64: "x"}
        _at_time(path.with_name(f"{path.name}.bak-{stamp:%Y%m%d-%H%M%S}"), entries, written.isoformat())
    _at_time(path, {"a" * 64: "z"}, (stamps[-1] + timedelta(seconds=1)).isoformat())
    history = build_history([path])
    gap = history.changes[0]
    assert gap.rewritten and gap.pruned and not any(c.pruned for c in history.changes[1:])
    assert history.story("a" * 64).said[1].code is History.PRUNED_CHANGED
    few = build_history([p for p in [*sorted(tmp_path.glob("*.bak-*"))[:5], path]])
    assert few.changes[0].rewritten and not few.changes[0].pruned


def test_a_story_is_told_on_the_discussions_clock(talk: Path) -> None:
    """Tryout: the History panel and Details told times in this machine's
    zone while the strip placed them on the discussion's clock: every time in
    a sentence, and in the sentences inside it, is read on the zone given."""
    from datetime import timedelta, timezone

    from timeline_app.core.history import said_on_clock, zone_label

    history = build_history([talk])
    zone = timezone(timedelta(hours=2))
    orphaned = next(s for s in history.story(sha("How are you?")).said if s.code is History.ORPHANED)
    moved = said_on_clock(orphaned, zone)
    received = history.orphanings[sha("How are you?")].last_sent.received
    assert moved.args[0].args[1] == received.astimezone(zone) and moved.args[0].args[
        1
    ].utcoffset() == timedelta(hours=2)
    assert str(moved) != str(orphaned) and said_on_clock(orphaned, None) is orphaned
    assert zone_label(zone) == "UTC+2" and zone_label(timezone(-timedelta(hours=9, minutes=30))) == "UTC-9:30"


def _backfill_and_live(chat: list[dict], _: Path) -> list[dict]:
    """Three new messages in one request: the middleware stamps the newest
    "now", gives the reply's placeholder to the assistant's and invents the
    first one second before it."""
    said = [("user", "a"), ("assistant", "b"), ("user", "c")]
    return [*chat, *({"role": role, "content": text} for role, text in said)]


def test_a_time_stored_as_it_happened_is_told_from_a_backfills(tmp_path: Path) -> None:
    """``stored_live``: a reply whose generation started a second after its
    question and the question stamped at its request's arrival sit one
    second apart (a "one-second run"), yet the history shows both stored
    as they happened; a backfill's invented time it does not claim."""
    turns = [say("Hello"), say("How are you?"), _backfill_and_live, say("Bye")]
    folder, _ = converse(tmp_path, turns, reply_after=timedelta(seconds=1))
    history = build_history([on_the_middleware_clock(folder)])
    zone = get_zone(None)  # the recording's arrivals are on this machine's clock, as the fake's
    live = {
        text: stored_live(history, sha(text), zone)
        for text in ("Hello", "reply 0", "How are you?", "a", "b", "c")
    }
    assert {text: (e.by.index, e.placeholder) for text, e in live.items() if e is not None and e.by} == {
        "Hello": (0, False),
        "reply 0": (1, True),  # given by the next request
        "How are you?": (1, False),
        "b": (2, True),  # the placeholder of reply 1, given to the newest assistant message
        "c": (2, False),
    }
    assert live["a"] is None  # invented one second before b
    assert stored_live(history, sha("never sent"), zone) is None


def test_a_recorded_commit_that_overwrites_an_equal_messages_entry_is_that_requests(tmp_path: Path) -> None:
    """Spec: a group-chat commit stores the reply's time over the entry of an
    earlier message equal to it. The reply "reply 1" equals the user's first
    message: that entry's time moves to the reply's, and the history credits
    request 1 (it was told "by hand or by another program: the middleware
    never changes a stored time")."""
    from history_helpers import converse, say

    folder, _ = converse(tmp_path, [say("reply 1"), say("next"), say("end")], store_reply=True)
    history = build_history([folder])
    story = history.story(sha("reply 1"))
    changed = [e for e in story.events if e.kind == "changed"]
    assert len(changed) == 1 and changed[0].by is not None and changed[0].by.index == 1
    assert not changed[0].beyond_middleware
    told = [str(said) for said in story.said]
    assert any(t.startswith("changed from ") and "group-chat commit overwrites" in t for t in told), told
    assert not any("by hand" in t for t in told), told
    change = history.changes[changed[0].state - 1]
    assert sha("reply 1") not in change.unexplained


def test_a_file_the_last_request_copied_is_not_a_state_after_it(talk: Path, tmp_path: Path) -> None:
    """The discussion's file given after its recording, holding what the last
    request's copy holds and written before that request arrived, is the
    file the recorder copied: no further state. Fails with it listed as a
    "no change" state dated before the one before it (a warning; tryout: 3
    states in the CLI, 2 in the window of the same two sources). Written
    after the arrival, it is a state of its own, as before."""
    import os

    from timeline_app.core.history import history_source_for
    from timeline_app.core.recordings import read_records

    newest = read_records(talk / "requests.jsonl").requests[-1]
    copy = newest.snapshot_path()
    assert copy is not None
    current = tmp_path / "timestamps.json"
    current.write_bytes(copy.read_bytes())
    before = newest.received.timestamp() - 1
    os.utime(current, (before, before))
    recorded = build_history([talk])
    history = build_history([talk, current])
    assert len(history.states) == len(recorded.states)
    assert not [n for n in history.notes if n.code is History.BACKWARDS]
    later = newest.received.timestamp() + 5
    os.utime(current, (later, later))
    assert len(build_history([talk, current]).states) == len(recorded.states) + 1
    # the window reads the same sources: a file opened with the recording, not its own copy
    requests = talk / "requests.jsonl"
    assert history_source_for(requests, current) == [requests, current]
    assert history_source_for(requests, copy) == [requests]
    assert history_source_for(requests, None) == [requests]


def test_a_history_read_again_parses_nothing_the_discussion_read_and_keeps_its_events(
    tmp_path: Path, monkeypatch
) -> None:
    """Issue 29: the window reads the history again after every append. The
    live file as the open discussion read it is not parsed again, and every
    entry whose story did not change keeps the earlier history's own events:
    at 100k, making them anew grew the window's memory by ~40 MB over ten
    appends (``benchmarks/gui_memory.py``)."""
    import hashlib

    import timeline_app.core.history as history_module
    from timeline_app.core.history import KnownRead
    from timeline_app.core.store import loads_store

    path = tmp_path / "timestamps.json"
    entries = {f"{i:064x}": f"2026-01-01 10:00:{i:02d}" for i in range(40)}
    path.write_bytes(TimestampStore(entries).file_bytes())

    def known() -> KnownRead:
        raw = path.read_bytes()
        return KnownRead(path, hashlib.sha256(raw).hexdigest(), loads_store(raw, path))

    first = build_history([path], known=known())
    path.write_bytes(TimestampStore({**entries, "f" * 64: "2026-01-01 11:00:00"}).file_bytes())
    read = known()
    parsed: list[bytes] = []
    real = history_module.loads_store
    monkeypatch.setattr(history_module, "loads_store", lambda data, *a: parsed.append(data) or real(data, *a))
    again = build_history([path], known=read, earlier=first)
    assert parsed == []
    assert again == build_history([path])
    kept = [again.events[k] is first.events[k] for k in entries]
    assert all(kept)
    assert (
        again.story("f" * 64).events[0].after is read.store.as_mapping()["f" * 64]
    )  # its value: the parse shared
    stale = KnownRead(path, hashlib.sha256(b"{}").hexdigest(), TimestampStore({}))  # not these bytes
    assert build_history([path], known=stale) == again and parsed  # parsed: the file itself


def test_a_save_of_the_demos_simulation_gives_the_placeholder_to_the_reply_it_timed(tmp_path: Path) -> None:
    """The demo's Simulate says the pending placeholder's time goes to the last
    assistant reply (#16); applied and saved, History and ``history`` said the
    placeholder was dropped ("given to no message") while the file diff showed
    the reply stored with its value (tryout). The judgement is the engine's:
    the key that took the placeholder's value, whoever wrote the change."""
    import shutil
    from datetime import datetime

    from timeline_app.core.discussion import open_discussion
    from timeline_app.core.options import EngineOptions

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo"
    for name in ("chat.json", "timestamps.json"):
        shutil.copy(demo / name, tmp_path / name)
    chat, store = tmp_path / "chat.json", tmp_path / "timestamps.json"
    discussion = open_discussion(chat, store, EngineOptions(), datetime(2025, 9, 21, 8, 6))
    pending = discussion.store.get(PLACEHOLDER_KEY)
    assert pending is not None
    save_store(store, discussion.simulation.store)  # what Apply and Save write, with its backup
    reply = discussion.request.hashes[16]
    history = build_history([chat, store])
    (change,) = history.changes
    assert change.saved is not None and change.placeholder_consumed
    assert change.placeholder_to == reply and (reply, pending) in change.added


def test_a_states_entries_are_counted_as_the_discussions_listing_counts_them(tmp_path: Path) -> None:
    """One meaning of "entries" everywhere: the messages' entries, the
    placeholder not counted (it has its own column). History said 14 of the
    demo's file where the Discussions dock and ``discussions`` said 13 (tryout)."""
    from timeline_app.core.discovery import DiscussionFile, summarize

    store = tmp_path / "timestamps.json"
    _write(store, {"a" * 64: at(1), "b" * 64: at(2), PLACEHOLDER_KEY: at(3)})
    history = build_history([store])
    listed = summarize(DiscussionFile("chat", store, "nested"))
    assert history.states[-1].entries == listed.entries == 2
    assert history.states[-1].placeholder == at(3)

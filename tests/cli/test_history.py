"""``timeline-inspector history``: the states, one message's story, --json,
and bad input said in one line with status 2, on a recording made through the
recorder in front of a fake middleware."""

from __future__ import annotations

import json
import re
from datetime import UTC
from pathlib import Path

import pytest
from conftest import run_cli
from history_helpers import converse, say, sha, talk_with_every_kind_of_change
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from timeline_app.core.zones import get_zone


@pytest.fixture(scope="module")
def talk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    def by_hand(entries: dict) -> None:
        entries[sha("Hello")] = "2026-02-28 08:00:00"

    return talk_with_every_kind_of_change(tmp_path_factory.mktemp("cli"), by_hand)


def test_the_states_say_what_each_request_did(talk: Path, capsys) -> None:
    code, out, err = run_cli(capsys, "history", str(talk))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("state 0  request 1") and lines[0].endswith("no file (the first state)")
    assert "placeholder consumed (given to no message); placeholder set (by request 3)" in out
    assert f"  + {sha('How are you? ')[:12]} (Sunday, 2026-03-01 09:02:59)" in lines
    assert (
        f"  ~ {sha('Hello')[:12]} (Sunday, 2026-03-01 09:01:00) -> 2026-02-28 08:00:00"
        "  (by no recorded request: by hand or another program)"
    ) in lines
    assert lines[-2:] == ["5 states, 5 requests", _machine_clock()]


def _machine_clock() -> str:
    """The clock line of a discussion whose zone nothing says (no --tz, no
    transcript's own times): this machine's, said as such, not as the
    discussion's (issue 31)."""
    return (
        "the discussion's zone is unknown (no transcript's times show it; name it with --tz): "
        f"times on this machine's clock, {_machine_offset()}"
    )


def _machine_offset() -> str:
    from datetime import datetime

    from timeline_app.core.history import zone_label
    from timeline_app.core.zones import get_zone

    return zone_label(get_zone(None), datetime.now(UTC))


def test_request_times_are_told_on_the_discussions_clock(talk: Path, capsys) -> None:
    """A request's time is said on the discussion's clock, the one the window
    tells it on (here --tz: named), and that clock is named once. Fails with
    the arrival said in UTC (tryout: "stored at request 1 (06:41:32)" in the
    CLI, "(08:41:32)" in the window's Details)."""
    from timeline_app.core.recordings import read_records

    fourth = read_records(talk / "requests.jsonl").requests[3].received
    code, out, err = run_cli(capsys, "history", str(talk), "--message", "3", "--tz", "Asia/Kolkata")
    assert code == 0, err
    shown = fourth.astimezone(get_zone("Asia/Kolkata"))
    assert f"stored at request 4 ({shown:%Y-%m-%d %H:%M:%S})" in out
    assert out.splitlines()[-1] == "times on the discussion's clock, UTC+5:30"
    code, out, err = run_cli(capsys, "history", str(talk), "--tz", "Asia/Kolkata")
    assert code == 0, err
    assert f"state 3  request 4  {shown.isoformat(timespec='milliseconds')}  " in out


def test_one_message_and_one_hash_tell_their_story(talk: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "history", str(talk), "--message", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"message 3 (user) {sha('How are you? ')[:12]}:"
    assert re.fullmatch(r"  stored at request 4 \(\S+ \S+\) as '\(Sunday, 2026-03-01 09:02:59\)'", lines[1])
    assert lines[2] == "  never changed its time"
    assert re.fullmatch(
        rf"  its text took the place of {sha('How are you?')[:12]}… \(orphaned at request 4 \(\S+ \S+\): "
        r"the client sent it with ' ' added at the end\)",
        lines[3],
    )
    assert "the client sent it with ' ' added at the end" in out
    code, out, _ = run_cli(capsys, "history", str(talk), "--hash", sha("How are you?")[:10])
    assert code == 0 and out.startswith(sha("How are you?") + ":")
    assert "last sent at request 3" in out and "orphaned at request 4" in out


def test_json_carries_the_changes_and_the_story(talk: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "history", str(talk), "--json", "--message", "1")
    assert code == 0
    data = json.loads(out)
    assert [c["by"] for c in data["changes"]] == [[0], [1], [2], [3]]
    assert data["changes"][1]["placeholder_to"] == sha("reply 0")
    story = data["story"]
    assert [e["kind"] for e in story["events"]] == ["added", "changed"]
    assert story["events"][0]["request"]["index"] == 0 and story["events"][1]["request"] is None
    assert story["value"] == "2026-02-28 08:00:00"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--message", "99"], "no message 99 (the newest request has 8 messages)"),
        (["--hash", "ffff0000ffff"], "no stored hash starts with 'ffff0000ffff' (0 matches)"),
    ],
)
def test_bad_input_is_one_line_and_status_2(talk: Path, capsys, argv: list[str], said: str) -> None:
    code, out, err = run_cli(capsys, "history", str(talk), *argv)
    assert code == 2 and out == ""
    assert err == f"timeline-inspector: error: {talk / 'requests.jsonl'}: {said}\n"


def test_a_missing_file_is_named(tmp_path: Path, capsys) -> None:
    code, _, err = run_cli(capsys, "history", str(tmp_path / "nope.json"))
    assert code == 2 and err.strip().endswith("nope.json: no such file")


def test_a_recording_without_copies_says_how_to_record_one(tmp_path: Path, capsys) -> None:
    from datetime import datetime

    from record_helpers import chat_call

    from timeline_app.record.journal import Journal

    chat_call(Journal(tmp_path, "client"), datetime(2026, 3, 1, tzinfo=UTC), {"messages": []}, "d")
    code, _, err = run_cli(capsys, "history", str(tmp_path / "d"))
    assert code == 2 and "record with --discussions" in err


def test_a_write_of_ours_is_told_as_a_save_of_timeline_inspector(capsys, tmp_path: Path) -> None:
    """``repair --write`` keeps a backup: the history tells the change it made
    as that save's, not as someone's by hand."""
    transcript = tmp_path / "chat.json"
    transcript.write_text(
        json.dumps([{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Yo"}])
    )
    store = tmp_path / "timestamps.json"
    store.write_text(json.dumps({sha("Hi"): "2026-01-01 10:00:00"}, indent=4))
    code, _, _ = run_cli(capsys, "backfill", str(transcript), "--timestamps", str(store), "--write")
    assert code == 0 and len(list(tmp_path.glob("timestamps.json.bak-*"))) == 1
    code, out, _ = run_cli(capsys, "history", str(store))
    assert code == 0
    assert "(by a save of Timeline Inspector at " in out and "(saved by Timeline Inspector)" in out
    assert "by hand" not in out
    code, out, _ = run_cli(capsys, "history", str(store), "--json")
    change = json.loads(out)["changes"][0]
    assert change["saved"] is not None and change["rewritten"] is False and change["unexplained"] == []
    assert change["uncertain"] == [] and change["pruned"] is False and change["foreign"] == []


def test_a_write_of_the_command_line_is_named_by_its_save_mark(capsys, tmp_path: Path) -> None:
    """tryL 3 (issue 29): a save of ours is named for certain by the mark it
    leaves (the SHA-256 of the bytes written): ``--write`` leaves one, and
    ``history`` names the state with those bytes as the command line's save,
    in its text and its ``--json``."""
    import hashlib

    transcript = tmp_path / "chat.json"
    transcript.write_text(
        json.dumps([{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Yo"}])
    )
    store = tmp_path / "timestamps.json"
    store.write_text(json.dumps({sha("Hi"): "2026-01-01 10:00:00"}, indent=4))
    code, _, _ = run_cli(capsys, "backfill", str(transcript), "--timestamps", str(store), "--write")
    (mark,) = tmp_path.glob("timestamps.json.saved-*")
    said = json.loads(mark.read_text())
    assert said["sha256"] == hashlib.sha256(store.read_bytes()).hexdigest() and said["by"] == "command line"
    # what it set (the reply's backfilled time), listed: named the save's even after a later write
    assert said["set"] == {sha("Yo"): json.loads(store.read_text())[sha("Yo")]} and said["removed"] == []
    code, out, _ = run_cli(capsys, "history", str(store))
    newest = [line for line in out.splitlines() if line.startswith("state 1 ")]
    assert code == 0 and len(newest) == 1
    assert "(saved by Timeline Inspector's command line at " in newest[0], out
    assert ": exactly the bytes it wrote)" in newest[0]
    code, out, _ = run_cli(capsys, "history", str(store), "--json")
    states = json.loads(out)["states"]
    assert states[0]["saved_by"] is None and states[1]["saved_by"] is not None
    assert states[1]["saved_by_program"] == "command line"


def test_a_write_after_ours_that_kept_no_backup_is_not_credited_to_the_app(capsys, tmp_path: Path) -> None:
    """Tryout (issue 29, shot-85): an entry only the middleware wrote, after
    a save of ours, was told "by the save of Timeline Inspector at … or by a
    later write that kept no backup". The unknown writer comes first."""
    import os
    import time

    transcript = tmp_path / "chat.json"
    transcript.write_text(
        json.dumps([{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Yo"}])
    )
    store = tmp_path / "timestamps.json"
    store.write_text(json.dumps({sha("Hi"): "2026-01-01 10:00:00"}, indent=4))
    code, _, _ = run_cli(capsys, "backfill", str(transcript), "--timestamps", str(store), "--write")
    assert code == 0
    entries = json.loads(store.read_text())
    entries[sha("Later")] = "2026-01-01 11:00:00"  # the middleware's append: no backup
    store.write_text(json.dumps(entries, indent=4))
    later = time.time() + 120
    os.utime(store, (later, later))
    code, out, _ = run_cli(capsys, "history", str(store))
    assert code == 0
    assert "(by a write that kept no backup (the middleware, or a save of Timeline Inspector at " in out, out
    assert "or a later write that kept no backup" not in out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    position=st.integers(0, 2),
    length=st.integers(256, 5000),
    error=st.sampled_from(["too long", "permission"]),
)
def test_a_source_that_cannot_be_looked_at_is_one_line(
    tmp_path_factory, capsys, monkeypatch, position: int, length: int, error: str
) -> None:
    """Found blind: ``history`` with a 300-character (or 5,000) name, or with
    a file in a ``chmod 000`` folder, ended in ``Path.is_dir``'s OSError
    traceback (it answers False only for a missing file or a link loop). Any
    source, first or later, that the system will not let us look at is said
    in one line naming it (fails with history_sources' try blocks removed).
    The permission case is simulated: the tests run as root."""
    folder = tmp_path_factory.mktemp("sources")
    good = folder / "timestamps.json"
    good.write_text("{}")
    bad = folder / ("x" * length if error == "too long" else "locked.json")
    if error == "permission":
        real = Path.is_dir

        def refused(self: Path) -> bool:
            if self.name == "locked.json":
                raise PermissionError(13, "Permission denied", str(self))
            return real(self)

        monkeypatch.setattr(Path, "is_dir", refused)
    sources = [str(good)] * 2
    sources.insert(position, str(bad))
    code, out, err = run_cli(capsys, "history", *sources)
    monkeypatch.undo()
    assert (code, out) == (2, "")
    reason = "File name too long" if error == "too long" else "Permission denied"
    assert err == f"timeline-inspector: error: {bad}: cannot be read ({reason})\n"


def test_a_file_with_backups_is_told_without_recording_words_and_its_damage_said(
    tmp_path: Path, capsys
) -> None:
    """Tryout: in file mode "0 requests" and "by no recorded request" said of
    every line; a broken backup dropped unsaid even with -v; a folder holding
    the file told to record instead; a transcript read as "2 entries"; an
    ambiguous prefix said as "no stored hash starts with '6' (3 matches)"."""
    from timeline_app.core.store import TimestampStore, save_store

    path = tmp_path / "timestamps.json"
    save_store(path, TimestampStore({"6a" + "0" * 62: "1"}))
    save_store(path, TimestampStore({"6a" + "0" * 62: "1", "6b" + "0" * 62: "2"}))
    broken = path.with_name(f"{path.name}.bak-20200101-000000")
    broken.write_text("{")
    code, out, err = run_cli(capsys, "history", str(tmp_path))
    # a save's time is said: its clock is named (as the window names it over its times)
    assert code == 0 and out.splitlines()[-2:] == [
        "2 states",
        _machine_clock(),
    ]
    assert "recorded request" not in out
    assert f"warning: {broken.name} could not be read: " in err and "every request" not in err
    code, _, err = run_cli(capsys, "history", str(path), "--hash", "6")
    assert code == 2 and "'6' is the start of 2 stored hashes (6a0000000000, 6b0000000000)" in err
    code, _, err = run_cli(capsys, "history", str(path), "--message", "1")
    assert code == 2 and "give the transcript before the timestamp file" in err
    chat = tmp_path / "chat.json"
    chat.write_text(json.dumps({"messages": [{"role": "user", "content": "hi"}]}))
    code, out, err = run_cli(capsys, "history", str(chat))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"{chat}: is a transcript, not a timestamp file" in err


def _written(path: Path, entries: dict, when: str) -> None:
    import os
    from datetime import datetime

    path.write_text(json.dumps(entries, indent=4))
    moment = datetime.fromisoformat(when).timestamp()
    os.utime(path, (moment, moment))


def test_a_save_over_another_discussions_file_keeps_a_hand_edit_among_the_causes(
    capsys, tmp_path: Path
) -> None:
    """Tryout: an entry deleted by hand after a save, another discussion's file
    copied over, "Write all shown": the removal was "(saved by Timeline
    Inspector)", and the note of the other's file stood under the state
    before, not with the change it belongs to."""
    store = tmp_path / "timestamps.json"
    a, b = "a" * 64, "b" * 64
    _written(store.with_name(f"{store.name}.bak-20260101-100000"), {a: "1", b: "2"}, "2026-01-01T09:00:00")
    _written(store.with_name(f"{store.name}.other-20260101-110000"), {"f" * 64: "9"}, "2026-01-01T10:50:00")
    _written(store, {a: "1"}, "2026-01-01T11:00:01")
    code, out, _ = run_cli(capsys, "history", str(store))
    assert code == 0 and "saved by Timeline Inspector" not in out
    lines = out.splitlines()
    assert lines[1].startswith("state 1") and "another write after it" in lines[1]
    assert lines[2].startswith("  another discussion's file was here")
    assert lines[3] == f"  - {b[:12]} 2  (by one of those saves or another write)"


def test_a_state_head_says_no_request_did_what_no_line_credits_to_one() -> None:
    """Tryout: "1 changed; 1 removed (by request 4)" over lines that each say
    "by no recorded request"."""
    from datetime import datetime

    from timeline_app.cli.history import _state_head
    from timeline_app.core.history import HistoryState, RequestRef, StateChange

    ref = RequestRef(4, "r4", datetime(2026, 1, 1, tzinfo=UTC), 3)
    state = HistoryState(5, Path("copy.json"), datetime(2026, 1, 1, 0, 1, tzinfo=UTC), None, 1)
    k, h = "a" * 64, "b" * 64
    change = StateChange(5, changed=((k, "1", "2"),), removed=((h, "3"),), by=(ref,), unexplained=(k, h))
    head = _state_head(state, change)
    assert head.endswith(": 1 changed; 1 removed (between request 5 and this state, by no recorded request)")
    partly = StateChange(5, added=((h, "3"),), changed=((k, "1", "2"),), by=(ref,), unexplained=(k,))
    assert _state_head(state, partly).endswith("(by request 5)")


def test_a_hash_that_is_not_hexadecimal_is_said_so(talk: Path, capsys) -> None:
    """Tryout: ``--hash zz`` answered "no stored hash starts with 'zz' (0 matches)"."""
    code, _, err = run_cli(capsys, "history", str(talk), "--hash", "zz")
    assert code == 2 and "'zz' is no hash" in err and "hexadecimal" in err


def test_one_state_alone_says_no_earlier_ones_are_kept(tmp_path: Path, capsys) -> None:
    """Tryout: the window said "No history" where the command line said "1 state"."""
    store = tmp_path / "timestamps.json"
    store.write_text(json.dumps({"a" * 64: "1"}))
    code, out, _ = run_cli(capsys, "history", str(store))
    assert code == 0 and out.splitlines()[-1] == "1 state, no earlier ones kept"


def test_a_file_written_anew_after_a_deletion_is_said_with_its_change(capsys, tmp_path: Path) -> None:
    """Tryout: the deletion left no trace; the window's save leaves a .gone- mark."""
    store = tmp_path / "timestamps.json"
    _written(store.with_name(f"{store.name}.bak-20260101-100000"), {"a" * 64: "1"}, "2026-01-01T09:00:00")
    store.with_name(f"{store.name}.gone-20260101-120000").touch()
    _written(store, {"a" * 64: "1", "b" * 64: "2"}, "2026-01-01T12:00:00")
    code, out, _ = run_cli(capsys, "history", str(store))
    assert code == 0
    lines = out.splitlines()
    assert lines[2].startswith("  the file was deleted; the save at 2026-01-01 12:00:00 wrote it anew")


@pytest.mark.parametrize(
    ("suffix", "said"),
    [
        ("", "the file was deleted; the save at 2026-01-01 12:00:00 wrote it anew"),
        (".moved", "the file was moved away; the save at 2026-01-01 12:00:00 wrote it anew at its old place"),
    ],
)
def test_a_file_written_anew_is_said_as_what_became_of_it(
    capsys, tmp_path: Path, suffix: str, said: str
) -> None:
    """Issue 29 (3): History said "The file was deleted, and the save … wrote
    it anew" for a save after the file was moved (the Save question had said
    "moved"). The mark names what the session judged; the history says it,
    in its text and its JSON. Break tried: the suffix ignored: "deleted"."""
    store = tmp_path / "timestamps.json"
    _written(store.with_name(f"{store.name}.bak-20260101-100000"), {"a" * 64: "1"}, "2026-01-01T09:00:00")
    store.with_name(f"{store.name}.gone-20260101-120000{suffix}").touch()
    _written(store, {"a" * 64: "1", "b" * 64: "2"}, "2026-01-01T12:00:00")
    code, out, _ = run_cli(capsys, "history", str(store))
    assert code == 0
    assert out.splitlines()[2].startswith(f"  {said}")
    assert ("deleted" in out) is (suffix == "")
    code, out, _ = run_cli(capsys, "history", str(store), "--json")
    assert code == 0
    (change,) = [c for c in json.loads(out)["changes"] if c["written_anew"]]
    assert change["written_anew_after"] == ("moved" if suffix else "deleted")


def test_a_transcript_before_the_timestamp_file_gives_the_messages_positions(capsys, tmp_path: Path) -> None:
    """Tryout: ``history chat.json timestamps.json`` was refused ("is a
    transcript") while the window tells the story by message number: the
    transcript gives the positions, the file and its backups the states."""
    chat = tmp_path / "chat.json"
    chat.write_text(json.dumps([{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Yo"}]))
    store = tmp_path / "timestamps.json"
    _written(store.with_name(f"{store.name}.bak-20260101-100000"), {sha("Hi"): "1"}, "2026-01-01T09:00:00")
    _written(store, {sha("Hi"): "1", sha("Yo"): "2"}, "2026-01-01T10:00:01")
    code, out, err = run_cli(capsys, "history", str(chat), str(store), "--message", "1")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"message 1 (assistant) {sha('Yo')[:12]}:"
    assert lines[1] == "  stored as '2' by a save of Timeline Inspector at 2026-01-01 10:00:00"
    assert out.splitlines()[-1] == _machine_clock()
    code, out, _ = run_cli(capsys, "history", str(chat), str(store))
    assert code == 0 and out.splitlines()[-2:] == [
        "2 states",
        _machine_clock(),
    ]


def test_the_newest_reply_is_pending_and_a_regenerated_one_names_its_successor_in_text_and_json(
    tmp_path: Path, capsys
) -> None:
    """Tryout 3: the reply to the newest request was "an orphan … never sent back"
    in the text and "orphaned": null in the JSON; the reply a regeneration replaced
    was "regenerated or deleted" and its successor said nothing of it ("replaced":
    []). Request 0 "Hi", 1 "Go on", 2 the same again (reply 1 regenerated), the
    file after the last reply given after the recording: each story's text is the
    JSON's "said", and its verdict is the JSON's."""
    from history_helpers import converse, regenerate, say

    folder, _ = converse(tmp_path, [say("Hi"), say("Go on"), regenerate()], store_reply=True)
    sources = [str(folder), str(tmp_path / "DiscussionIds" / "talk" / "timestamps.json")]

    def story(reply: str) -> tuple[list[str], dict]:
        code, out, _ = run_cli(capsys, "history", *sources, "--hash", sha(reply))
        assert code == 0
        code, data, _ = run_cli(capsys, "history", *sources, "--hash", sha(reply), "--json")
        assert code == 0
        told = json.loads(data)["story"]
        *said, clock = out.splitlines()[1:]
        lines = [line.strip() for line in said]
        assert lines == told["said"]  # one story, told twice
        assert json.loads(data)["clock"] is None and clock == _machine_clock()  # no zone known: said so
        return lines, told

    lines, told = story("reply 2")
    assert re.fullmatch(
        r"stored from the reply to request 3 \(\S+ \S+\), the newest request: the next request will send it back",
        lines[-2],  # then what it took the place of
    )
    assert told["orphaned"] is None and told["pending"]["reply_to"]["index"] == 2
    lines, told = story("reply 1")
    assert re.fullmatch(
        r"an orphan: stored from the reply to request 2 \(\S+ \S+\), regenerated at request 3 \(\S+ \S+\), "
        r"which sent the same messages again: its reply took this one's place",
        lines[-1],
    )
    assert told["pending"] is None
    assert told["orphaned"]["kind"] == "regenerated" and told["orphaned"]["replaced_by"] == sha("reply 2")
    assert told["orphaned"]["reply_to"]["index"] == 1 and told["orphaned"]["at"]["index"] == 2
    _, told = story("reply 2")
    assert [
        (r["hash"], r["reply_to"]["index"], r["regenerated_at"]["index"]) for r in told["regenerated_from"]
    ] == [(sha("reply 1"), 1, 2)]


def test_a_removal_after_a_save_of_ours_is_never_offered_as_the_middlewares(capsys, tmp_path: Path) -> None:
    """Tryout (life29 finding 1): stored times removed, after a save of ours, by
    a write that kept no backup, were headed "(the middleware, or a save of
    Timeline Inspector …)"; the middleware never removes a stored time (spec),
    nor rewrites one to an older time. Said as by hand or by another program,
    as the History panel says it (both from ``StateChange.beyond_middleware``)."""
    path = tmp_path / "timestamps.json"
    a, b = "a" * 64, "b" * 64
    held = {a: "(Thursday, 2026-01-01 09:00:00)", b: "(Thursday, 2026-01-01 09:30:00)"}
    _written(path.with_name(f"{path.name}.bak-20260101-100000"), held, "2026-01-01T09:00:00")
    _written(path.with_name(f"{path.name}.bak-20260101-110000"), held, "2026-01-01T10:00:01")
    _written(path, {a: "(Thursday, 2026-01-01 08:00:00)"}, "2026-01-01T12:00:00")  # b removed, a older
    code, out, _ = run_cli(capsys, "history", str(path))
    assert code == 0
    head = next(line for line in out.splitlines() if line.startswith("state 2 "))
    assert "(by a write that kept no backup (by hand or by another program, or a save of Timeline " in head
    assert "middleware" not in head
    never = "(by that save, by hand or by another program; never the middleware)"
    assert f"  ~ {a[:12]} (Thursday, 2026-01-01 09:00:00) -> (Thursday, 2026-01-01 08:00:00)  {never}" in out
    assert f"  - {b[:12]} (Thursday, 2026-01-01 09:30:00)  {never}" in out
    code, out, _ = run_cli(capsys, "history", str(path), "--json")
    assert set(json.loads(out)["changes"][-1]["beyond_middleware"]) == {a, b}


def test_every_time_of_a_save_is_on_the_discussions_clock_and_the_clock_is_named(
    capsys, tmp_path: Path
) -> None:
    """The demo's clock is UTC+02:00, this machine's UTC: a save's time, the
    save over another discussion's file, the file it set aside and the save
    that wrote the file anew after a deletion are all said on the
    discussion's clock, as the window says them (``clock_time``), in the
    text and the JSON, and the text names that clock. Fails with the saves
    said on this machine's clock, unnamed, on a line whose state is dated
    +02:00 (tryout: "state 1 … 2026-12-07T14:43:40.099+02:00 … (by a save of
    Timeline Inspector at 2026-12-07 12:43:40)", "14:43:40" in the window)."""
    from datetime import datetime, timedelta

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo"
    chat, store = tmp_path / "chat.json", tmp_path / "timestamps.json"
    chat.write_bytes((demo / "chat.json").read_bytes())
    entries = json.loads((demo / "timestamps.json").read_text())
    _written(store.with_name(f"{store.name}.bak-20260101-100000"), entries, "2026-01-01T09:00:00+00:00")
    store.with_name(f"{store.name}.gone-20260101-103000").touch()
    _written(
        store.with_name(f"{store.name}.other-20260101-110000"), {"f" * 64: "1"}, "2026-01-01T10:45:00+00:00"
    )
    _written(store, {**entries, "e" * 64: "(Thursday, 2026-01-01 12:59:00)"}, "2026-01-01T11:00:01+00:00")
    code, out, err = run_cli(capsys, "history", str(chat), str(store))
    assert code == 0, err
    lines = out.splitlines()
    two = timedelta(hours=2)

    def on_clock(utc: str) -> str:
        return f"{datetime.fromisoformat(utc) + two:%Y-%m-%d %H:%M:%S}"

    assert lines[1].startswith("state 1  -  2026-01-01T13:00:01+02:00  "), lines[1]
    assert lines[1].endswith(
        f"(by a save of Timeline Inspector at {on_clock('2026-01-01 10:00:00')}, another write after it, "
        f"or the save at {on_clock('2026-01-01 11:00:00')} over another discussion's file)"
    ), lines[1]
    assert lines[2] == (
        "  another discussion's file was here (written 2026-01-01T12:45:00+02:00); the save at "
        f"{on_clock('2026-01-01 11:00:00')} set it aside as timestamps.json.other-20260101-110000"
    )
    assert lines[3].startswith(
        f"  the file was deleted; the save at {on_clock('2026-01-01 10:30:00')} wrote it"
    )
    assert lines[-1] == "times on the discussion's clock, UTC+2"
    code, out, err = run_cli(capsys, "history", str(chat), str(store), "--json")
    assert code == 0, err
    (change,) = json.loads(out)["changes"]
    assert change["saved"] == "2026-01-01T12:00:00+02:00" and change["over"] == "2026-01-01T13:00:00+02:00"
    assert change["written_anew"] == "2026-01-01T12:30:00+02:00"
    code, out, err = run_cli(capsys, "history", str(chat), str(store), "--hash", "e" * 12)
    assert code == 0, err
    assert out.splitlines()[-1] == "times on the discussion's clock, UTC+2"


def test_the_placeholder_is_said_given_to_the_message_simulate_names(tmp_path: Path, capsys) -> None:
    """Issue 31: the demo's simulation applied and saved, Simulate said the
    placeholder's time goes to "#16" but ``history`` said "given to
    477b03ee0241" only: the message is named too, by the transcript given
    before the file, in the text and in ``--json``."""
    from datetime import datetime

    from timeline_app.core.consequences import consequences
    from timeline_app.core.discussion import open_discussion
    from timeline_app.core.options import EngineOptions
    from timeline_app.core.store import save_store
    from timeline_app.core.words import Consequence

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo"
    transcript, store = tmp_path / "chat.json", tmp_path / "timestamps.json"
    transcript.write_bytes((demo / "chat.json").read_bytes())
    store.write_bytes((demo / "timestamps.json").read_bytes())
    simulated = open_discussion(transcript, store, EngineOptions(), datetime(2025, 9, 21, 8, 6))
    told = consequences(simulated.request, simulated.simulation)
    assert [s.args for s in told if s.code is Consequence.PLACEHOLDER_TO_REPLY] == [(16,)]
    save_store(store, simulated.simulation.store)
    reply = simulated.request.hashes[16][:12]
    code, out, err = run_cli(capsys, "history", str(transcript), str(store))
    assert code == 0 and err == ""
    assert f"placeholder consumed (given to {reply}, message #16)" in out
    code, out, err = run_cli(capsys, "history", str(transcript), str(store), "--json")
    assert code == 0 and json.loads(out)["changes"][0]["placeholder_to_message"] == 16


@pytest.fixture
def far_machine(monkeypatch: pytest.MonkeyPatch):
    """This machine on Kiritimati's clock (UTC+14), far from any discussion's."""
    import time

    monkeypatch.setenv("TZ", "Pacific/Kiritimati")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def _with_a_backup(folder: Path, entries: bytes) -> Path:
    import os

    store = folder / "timestamps.json"
    backup = folder / "timestamps.json.bak-20250921T060000Z"
    backup.write_bytes(entries)
    os.utime(backup, (1758430000, 1758430000))
    store.write_bytes(entries)
    return store


def test_a_file_alone_is_told_on_the_clock_the_window_shows_it_on(
    tmp_path: Path, capsys, far_machine
) -> None:
    """Issue 31: ``history timestamps.json`` said "UTC+0" (this machine's)
    where the window, which opens a file alone with the transcript beside it,
    said the transcript's UTC+2. The zone is the window's
    (``open_discussion(beside=True)``); with no transcript nothing says it,
    and it is said unknown, not claimed."""
    from datetime import datetime

    from timeline_app.core.discussion import open_discussion
    from timeline_app.core.history import zone_label
    from timeline_app.core.options import EngineOptions

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo"
    paired = tmp_path / "paired"
    paired.mkdir()
    (paired / "chat.json").write_bytes((demo / "chat.json").read_bytes())
    store = _with_a_backup(paired, (demo / "timestamps.json").read_bytes())
    window = open_discussion(None, store, EngineOptions(), None, beside=True, eager=False)
    assert window.clock[1] == "transcript"
    code, out, _ = run_cli(capsys, "history", str(store))
    assert code == 0
    said = zone_label(window.clock_zone, datetime.now(UTC))
    assert said == "UTC+2" and out.splitlines()[-1] == f"times on the discussion's clock, {said}"

    alone = tmp_path / "alone"
    alone.mkdir()
    store = _with_a_backup(alone, (demo / "timestamps.json").read_bytes())
    assert open_discussion(None, store, EngineOptions(), None, beside=True, eager=False).clock[1] == "machine"
    code, out, _ = run_cli(capsys, "history", str(store))
    assert code == 0 and "discussion's clock" not in out
    assert out.splitlines()[-1] == (
        "the discussion's zone is unknown (no transcript's times show it; name it with --tz): "
        "times on this machine's clock, UTC+14"
    )
    code, out, _ = run_cli(capsys, "history", str(store), "--json")
    assert code == 0 and json.loads(out)["clock"] is None
    code, out, _ = run_cli(capsys, "history", str(store), "--tz", "Europe/Berlin")
    assert code == 0 and out.splitlines()[-1].startswith("times on the discussion's clock, UTC+")


def test_the_placeholders_message_number_says_which_request_it_counts_by(capsys, tmp_path: Path) -> None:
    """Issue 31: the window opened at an older request counted the "#" by it,
    ``history`` by the newest, both saying "message #N": the command says
    which request its "#" is of, in the text and in ``--json``."""
    from history_helpers import talk_that_drops_its_start

    folder = talk_that_drops_its_start(tmp_path)
    code, out, err = run_cli(capsys, "history", str(folder / "requests.jsonl"))
    assert code == 0, err
    assert f"placeholder consumed (given to {sha('reply 1')[:12]}, message #2 of request 4)" in out, out
    code, out, err = run_cli(capsys, "history", str(folder / "requests.jsonl"), "--json")
    told = json.loads(out)
    assert told["placeholder_numbered_by"] == 3
    assert [
        c["placeholder_to_message"] for c in told["changes"] if c["placeholder_to"] == sha("reply 1")
    ] == [2]


def _held_before(_: list[dict], path: Path) -> None:
    """The discussion's file, there long before the recording."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({sha("Long ago"): "(Friday, 2025-09-12 17:59:00)"}))


def test_what_the_first_copy_holds_is_said_already_there_not_stored_by_a_request(
    tmp_path: Path, capsys
) -> None:
    """Two requests with a key whose per-user folder does not exist kept no copy
    (issue 31: "stored at request 2" of a 2025 time in a file older than the recording)."""
    folder, _ = converse(tmp_path, [_held_before, say("a"), say("b"), say("c")], keys=["k", "k", None])
    code, out, err = run_cli(capsys, "history", str(folder), "--hash", sha("Long ago"))
    assert code == 0, err
    assert "stored at request" not in out
    assert "already stored as '(Friday, 2025-09-12 17:59:00)' in request 3" in out
    code, out, err = run_cli(capsys, "history", str(folder))
    assert code == 0, err
    assert "by request 2" not in out and "by request 1" not in out
    assert out.splitlines()[0].startswith("state 0  request 3")

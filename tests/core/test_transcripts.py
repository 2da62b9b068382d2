"""Issue 3: every transcript format, DiscussionIds layouts and encrypted files."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import FIXTURES, run_cli
from hypothesis import given
from hypothesis import strategies as st

from timeline_app.core.crypto import FileKey
from timeline_app.core.discovery import api_key_folder, find_discussions, locate_timestamp_file
from timeline_app.core.discussion import open_discussion
from timeline_app.core.hashing import SENTINELS_LEGACY, content_hash
from timeline_app.core.options import EngineOptions
from timeline_app.core.pipeline import Api, RequestOptions, prepare_request
from timeline_app.core.store import TimestampStore, load_store
from timeline_app.core.transcripts import load_transcript
from timeline_app.core.transcripts.sillytavern import (
    NamesBehavior,
    SendView,
    as_sent,
    parse_send_date,
)

NOW = datetime(2026, 6, 1, 12, 0)


run = run_cli


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (1674563371558, datetime(2023, 1, 24, 12, 29, 31, 558000, tzinfo=UTC)),
        ("2023-4-21 @20h 02m 47s 124ms", datetime(2023, 4, 21, 20, 2, 47, 124000)),
        ("2023-4-21 @20h 03m 05s 9ms", datetime(2023, 4, 21, 20, 3, 5, 9000)),
        ("2023-4-21 @20h 03m 05s 09ms", datetime(2023, 4, 21, 20, 3, 5, 9000)),
        ("2023-4-21 @20h 03m 05s 45ms", datetime(2023, 4, 21, 20, 3, 5, 45000)),
        ("2024-07-24@01h32m10s007ms", datetime(2024, 7, 24, 1, 32, 10, 7000)),
        ("June 19, 2023 2:20pm", datetime(2023, 6, 19, 14, 20)),
        ("June 19, 2023 12:05am", datetime(2023, 6, 19, 0, 5)),
        ("June 19, 2023 12:05pm", datetime(2023, 6, 19, 12, 5)),
        ("2024-7-12@01h31m37s", datetime(2024, 7, 12, 1, 31, 37)),
        ("2024-07-24@01h31m37s", datetime(2024, 7, 24, 1, 31, 37)),
        ("2024-07-24@01h32m10s250ms", datetime(2024, 7, 24, 1, 32, 10, 250000)),
        ("2025-11-23T12:34:56.789Z", datetime(2025, 11, 23, 12, 34, 56, 789000, tzinfo=UTC)),
        ("Smarch 3, 2023 1:00pm", None),
        ("2023-2-30 @10h 00m 00s", None),
        (None, None),
        (True, None),
    ],
)
def test_send_date_forms(value: object, expected: datetime | None) -> None:
    assert parse_send_date(value) == expected


@given(
    moment=st.datetimes(min_value=datetime(1971, 1, 1), max_value=datetime(9999, 12, 31)),
    compact=st.booleans(),
)
def test_send_date_unpadded_round_trip(moment: datetime, compact: bool) -> None:
    """Any moment written the SillyTavern way, every field unpadded (the
    milliseconds as ``getMilliseconds()`` gives them), reads back to itself
    at millisecond precision, in both the spaced and the compact form."""
    moment = moment.replace(microsecond=moment.microsecond // 1000 * 1000)
    ms = moment.microsecond // 1000
    date = f"{moment.year}-{moment.month}-{moment.day}"
    if compact:
        text = f"{date}@{moment.hour}h{moment.minute}m{moment.second}s{ms}ms"
    else:
        text = f"{date} @{moment.hour}h {moment.minute}m {moment.second}s {ms}ms"
    assert parse_send_date(text) == moment


def test_sillytavern_solo_chat() -> None:
    transcript = load_transcript(FIXTURES / "st_solo.jsonl")
    assert transcript.format == "sillytavern"
    assert [m["role"] for m in transcript.messages] == [
        "assistant",
        "user",
        "assistant",
        "user",
        "assistant",
        "user",
    ]
    assert transcript.messages[1]["content"] == "Show me, then.\nRight now."  # \r removed by the front end
    assert "hidden message" in " ".join(map(str, transcript.notes))
    assert transcript.own_times[0] == datetime(2023, 1, 24, 12, 29, 31, 558000, tzinfo=UTC)
    assert transcript.own_times[2] == datetime(2023, 6, 19, 14, 20)
    assert transcript.own_times[3] == datetime(2024, 7, 24, 1, 31, 37)
    assert transcript.records[2]["gen_finished"] == "2023-06-19T14:20:03.501Z"


def _group_store(view: SendView, request: RequestOptions) -> TimestampStore:
    chat = load_transcript(FIXTURES / "st_group_noheader.jsonl").sillytavern
    sent, _ = as_sent(chat, view)
    store = TimestampStore()
    for number, message in enumerate(prepare_request(sent, request).timestamped()):
        store.set(message.hash, f"(Thursday, 2024-05-02 09:0{number}:00)")
    return store


@pytest.mark.parametrize("names", list(NamesBehavior))
@pytest.mark.parametrize("sentinels", ["current", "legacy"])
def test_best_view_recovers_how_the_group_chat_was_sent(names, sentinels, tmp_path: Path) -> None:
    request = RequestOptions(sentinels=SENTINELS_LEGACY) if sentinels == "legacy" else RequestOptions()
    store = _group_store(SendView(names), request)
    path = tmp_path / "timestamps.json"
    path.write_text(store.dumps())
    discussion = open_discussion(FIXTURES / "st_group_noheader.jsonl", path, EngineOptions(), NOW)
    assert discussion.timeline.count("untracked") == 0
    assert discussion.timeline.count("tracked") == 5  # and the narrator, sent as system
    assert discussion.options.request.sentinels.name == sentinels
    assert any("best match" in note for note in map(str, discussion.notes))
    chosen = discussion.transcript
    if names in (NamesBehavior.DEFAULT, NamesBehavior.CONTENT):
        assert chosen.messages[0]["content"] == "Aqua: Good morning, everyone!"
    assert chosen.messages[3]["role"] == "system"  # the narrator


def test_group_chat_default_names_prefix_everyone_but_the_user() -> None:
    chat = load_transcript(FIXTURES / "st_group_noheader.jsonl").sillytavern
    assert chat.group and chat.user_name == "Kazuma"
    sent, _ = as_sent(chat, SendView(NamesBehavior.DEFAULT, wrap_quotes=True))
    assert [m["content"] for m in sent[:3]] == [
        "Aqua: Good morning, everyone!",
        '"Morning. Who is cooking?"',
        "Darkness: I volunteer {as tribute}!",
    ]
    completion, _ = as_sent(chat, SendView(NamesBehavior.COMPLETION))
    assert completion[0] == {"role": "assistant", "name": "Aqua", "content": "Good morning, everyone!"}


def test_free_anima_session() -> None:
    transcript = load_transcript(FIXTURES / "free_anima.jsonl")
    assert transcript.format == "free-anima"
    assert transcript.messages[3]["tool_call_id"] == "call_1"
    assert transcript.own_times[6].isoformat() == "2026-05-21T00:40:00+08:00"
    request = prepare_request(transcript.messages)
    assert request.messages[2].kind.value == "timestamped"  # tool-call turn kept: it carries tool_calls


def test_ooba_chat() -> None:
    transcript = load_transcript(FIXTURES / "ooba_chat.json")
    assert transcript.format == "text-generation-webui"
    assert [(m["role"], m["content"]) for m in transcript.messages] == [
        ("assistant", "Hello! I am your assistant."),
        ("user", "What is 2 < 3?"),  # internal, not the HTML-escaped visible text
        ("assistant", "It is true: 2 < 3."),
        ("user", "Thanks & bye"),
        ("assistant", "Bye!"),
    ]
    assert transcript.own_times[3] == datetime(2025, 5, 21, 8, 2)
    assert transcript.records[2]["model_name"] == "Qwen2.5-7B"


def test_open_webui_follows_the_active_branch(capsys) -> None:
    path = FIXTURES / "open_webui_export.json"
    code, _, err = run(capsys, "inspect", str(path), "--json")
    assert code == 2 and "holds 2 chats" in err and "Trip ideas" in err
    code, out, err = run(capsys, "inspect", str(path), "--chat", "0", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["format"] == "open-webui"
    assert [m["content"] for m in report["messages"]] == [
        "Where should I go in May?",
        "Lisbon is lovely in May.",
        "And food?",
        "Bacalhau, sardines and pastel de nata.",
    ]
    assert report["messages"][0]["own_timestamp"] == "2025-05-20T10:00:00+00:00"
    code, out, _ = run(
        capsys, "inspect", str(path), "--chat", "c0ffee00-0000-4000-8000-000000000002", "--json"
    )
    assert [m["content"] for m in json.loads(out)["messages"]] == ["hello"]
    code, _, err = run(capsys, "inspect", str(path), "--chat", "nope")
    assert code == 2 and "no chat" in err


def test_ollama_request_is_detected_and_normalised_its_way() -> None:
    transcript = load_transcript(FIXTURES / "ollama_request.json")
    assert transcript.format == "ollama-request" and transcript.api is Api.OLLAMA
    discussion = open_discussion(FIXTURES / "ollama_request.json", None, EngineOptions(), NOW)
    assert discussion.options.request.api is Api.OLLAMA
    assert "client API detected: ollama" in map(str, discussion.notes)


def _layouts(root: Path, key: str) -> dict[str, Path]:
    """One discussion per layout the middleware uses."""
    files = {
        "nested": root / "trip-42" / "timestamps.json",
        "case": root / "Shouty" / "TIMESTAMPS.JSON",
        "per-user": root / api_key_folder(key) / "trip-42" / "timestamps.json",
        "flat": root / "old-chat_timestamps.json",
        "legacy": root / "Public" / "DiscussionIds" / "ancient" / "timestamps.json",
    }
    for number, path in enumerate(files.values()):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"a" * 64: f"(Friday, 2025-09-19 0{number}:00:00)"}, indent=4))
    (root / "trip-42" / "memories.json").write_text("{}")
    return files


def test_discovery_finds_every_layout(tmp_path: Path) -> None:
    files = _layouts(tmp_path, "sk-test")
    found = {
        (f.discussion_id, f.layout, f.user_folder, f.legacy_root): f.path for f in find_discussions(tmp_path)
    }
    assert found == {
        ("Shouty", "nested", None, False): files["case"],
        ("trip-42", "nested", None, False): files["nested"],
        ("trip-42", "per-user", api_key_folder("sk-test"), False): files["per-user"],
        ("old-chat", "legacy-flat", None, False): files["flat"],
        ("ancient", "nested", None, True): files["legacy"],
    }
    assert locate_timestamp_file(tmp_path, "trip-42") == files["nested"]
    assert locate_timestamp_file(tmp_path, "trip-42", "sk-test") == files["per-user"]
    assert locate_timestamp_file(tmp_path, "old-chat") == files["flat"]
    assert locate_timestamp_file(tmp_path, "ancient") == files["legacy"]
    assert locate_timestamp_file(tmp_path, "../etc") is None


def test_discussions_command(tmp_path: Path, capsys, monkeypatch) -> None:
    _layouts(tmp_path, "sk-test")
    monkeypatch.setenv("WILMER_KEY", "sk-test")
    code, out, err = run(capsys, "discussions", str(tmp_path), "--json", "--api-key-env", "WILMER_KEY")
    assert code == 0, err
    rows = json.loads(out)
    assert len(rows) == 5
    per_user = next(r for r in rows if r["layout"] == "per-user")
    assert per_user["user_folder_matches_key"] is True
    assert all(r["entries"] == 1 and r["first"] for r in rows)
    code, out, _ = run(capsys, "discussions", str(tmp_path))
    assert "5 discussions" in out
    code, _, err = run(capsys, "discussions", str(tmp_path / "missing"))
    assert code == 2 and "is not a folder" in err


def test_discussions_command_warns_of_values_that_are_no_times(tmp_path: Path, capsys) -> None:
    """Tryout: a file of "not a time" and 5 was listed as a sound one; the
    list says what the window's says (``Note.VALUES_NOT_TIMES``)."""
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "timestamps.json").write_text(json.dumps({"x": "not a time", "y": 5}))
    (tmp_path / "good").mkdir()
    (tmp_path / "good" / "timestamps.json").write_text(json.dumps({"z": "(Sunday, 2025-09-21 11:00:00)"}))
    code, out, err = run(capsys, "discussions", str(tmp_path))
    assert code == 0, err
    bad, good = (next(line for line in out.splitlines() if line.startswith(name)) for name in ("bad", "good"))
    assert bad.endswith("2 stored values are not a time the middleware can read")
    assert "not a time" not in good
    code, out, err = run(capsys, "discussions", str(tmp_path), "--json")
    rows = {row["discussion_id"]: row for row in json.loads(out)}
    assert rows["bad"]["not_times"] == 2 and rows["good"]["not_times"] == 0
    assert rows["bad"]["warning"] == "2 stored values are not a time the middleware can read"
    assert rows["good"]["warning"] is None


def test_request_with_tag_finds_its_file_under_root(tmp_path: Path, capsys) -> None:
    files = _layouts(tmp_path, "sk-test")
    code, out, err = run(
        capsys, "inspect", str(FIXTURES / "request_with_tag.json"), "--root", str(tmp_path), "--json"
    )
    assert code == 0, err
    report = json.loads(out)
    assert report["discussion_id"] == "trip-42"
    assert report["timestamps"] == str(files["nested"])
    assert report["messages"][1]["content"] == "Look at this"
    code, out, err = run(
        capsys,
        "inspect",
        str(FIXTURES / "request_with_tag.json"),
        "--root",
        str(tmp_path),
        "--api-key",
        "sk-test",
        "--json",
    )
    assert json.loads(out)["timestamps"] == str(files["per-user"])


def test_encrypted_files(tmp_path: Path, capsys, monkeypatch) -> None:
    key = FileKey.derive("sk-secret", "alice")
    ts = tmp_path / "timestamps.json"
    store = TimestampStore({content_hash("hi"): "(Sunday, 2025-09-21 11:00:00)"}, key)
    ts.write_bytes(store.file_bytes())
    encrypted = ts.read_bytes()
    assert encrypted.startswith(b"gAAAAA")
    transcript = tmp_path / "chat.json"
    transcript.write_text(
        json.dumps([{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}])
    )
    monkeypatch.setenv("K", "sk-secret")

    code, _, err = run(capsys, "backfill", str(transcript), "--timestamps", str(ts), "--write")
    assert code == 2 and "is encrypted" in err
    code, _, err = run(
        capsys,
        "backfill",
        str(transcript),
        "--timestamps",
        str(ts),
        "--write",
        "--api-key-env",
        "K",
        "--username",
        "bob",
    )
    assert code == 2 and "cannot be decrypted" in err and "sk-secret" not in err
    assert ts.read_bytes() == encrypted

    code, _, err = run(
        capsys,
        "backfill",
        str(transcript),
        "--timestamps",
        str(ts),
        "--write",
        "--api-key-env",
        "K",
        "--username",
        "alice",
        "--now",
        "2025-09-21 12:00:00",
    )
    assert code == 0, err
    rewritten = ts.read_bytes()
    assert rewritten.startswith(b"gAAAAA") and rewritten != encrypted
    reopened = load_store(ts, key)
    assert reopened.items()[1][1] == "(Sunday, 2025-09-21 12:00:00)"
    assert "sk-secret" not in "".join(
        p.read_text(errors="replace") for p in tmp_path.iterdir() if p.is_file()
    )

    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps({content_hash("hi"): "(Sunday, 2025-09-21 11:00:00)"}))
    assert load_store(plain, key).key is None  # a plain file opens with a key and stays plain


BROKEN = {
    "st-broken-line": (
        "st.jsonl",
        b'{"user_name":"You","character_name":"M","chat_metadata":{}}\n'
        b'{"name":"M","is_user":false,"mes":"hi","send_date":"June 1, 2023 1:00pm"}\n{"name": \n',
        "line 3",
    ),
    "st-not-a-message": (
        "st2.jsonl",
        b'{"user_name":"You","character_name":"M","chat_metadata":{}}\n{"foo": 1}\n',
        "not a SillyTavern message",
    ),
    "ooba-bad-pair": ("o.json", b'{"internal": [["only one"]], "visible": []}', "[user, bot] row"),
    "webui-loop": (
        "w.json",
        json.dumps(
            {
                "id": "1",
                "chat": {
                    "history": {
                        "currentId": "a",
                        "messages": {
                            "a": {"parentId": "b", "role": "user", "content": "x"},
                            "b": {"parentId": "a", "role": "user", "content": "y"},
                        },
                    }
                },
            }
        ).encode(),
        "loop",
    ),
    "webui-missing-parent": (
        "w2.json",
        json.dumps(
            {
                "id": "1",
                "chat": {
                    "history": {
                        "currentId": "a",
                        "messages": {"a": {"parentId": "zz", "role": "user", "content": "x"}},
                    }
                },
            }
        ).encode(),
        "missing message",
    ),
    "jsonl-no-role": ("r.jsonl", b'{"content": "hi"}\n', 'no "role"'),
    "jsonl-second-no-role": (
        "r2.jsonl",
        b'{"role": "user", "content": "a"}\n{"content": "hi"}\n',
        "message 1: the middleware refuses this request (400: \"Each message must have a 'role' field.\")",
    ),
    "truncated": ("t.json", b'{"messages": [{"role": "user", "content": "hi"}', "not valid JSON"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_malformed_inputs_give_one_clear_line(name: str, tmp_path: Path, capsys) -> None:
    filename, data, problem = BROKEN[name]
    path = tmp_path / filename
    path.write_bytes(data)
    code, _, err = run(capsys, "inspect", str(path), "--json")
    assert code == 2, err
    assert str(path) in err and problem in err and err.count("\n") == 1


def test_skip_bad_lines_loads_the_rest_and_reports_them(tmp_path: Path, capsys) -> None:
    path = tmp_path / "session.jsonl"
    path.write_text('{"role": "user", "content": "a"}\n{broken\n{"role": "assistant", "content": "b"}\n')
    code, out, err = run(capsys, "inspect", str(path), "--json", "--skip-bad-lines")
    assert code == 0
    report = json.loads(out)
    assert [m["content"] for m in report["messages"]] == ["a", "b"]
    assert report["bad_lines"][0]["line"] == 2 and "line 2 skipped" in err


def test_one_line_request_with_trailing_blank_lines_is_not_jsonl(tmp_path: Path) -> None:
    path = tmp_path / "request.json"
    path.write_text('{"messages": [{"role": "user", "content": "hi"}]}\n\n\n')
    assert load_transcript(path).format == "chat-request"


def test_jsonl_is_read_from_the_file_line_by_line(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "session.jsonl"
    path.write_text("".join(json.dumps({"role": "user", "content": f"m{i}"}) + "\n" for i in range(1000)))
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail("JSONL must not be read whole"))
    transcript = load_transcript(path)
    assert transcript.format == "jsonl" and len(transcript.messages) == 1000


def test_encrypted_files_in_every_layout(tmp_path: Path, capsys) -> None:
    key = FileKey.derive("sk-test")
    files = _layouts(tmp_path, "sk-test")
    for path in files.values():  # the same discussions, written with encryption on
        store = load_store(path)
        store.key = key
        path.write_bytes(store.file_bytes())
    code, out, err = run(capsys, "discussions", str(tmp_path), "--json")
    assert code == 0, err
    assert {r["discussion_id"]: r["encrypted"] for r in json.loads(out)} == {
        "Shouty": True,
        "trip-42": True,
        "old-chat": True,
        "ancient": True,
    }
    # a request finds its encrypted per-user file and opens it with the key
    (files["per-user"]).write_bytes(
        TimestampStore({content_hash("A nice harbour."): "(Sunday, 2025-09-21 11:00:00)"}, key).file_bytes()
    )
    code, out, err = run(
        capsys,
        "inspect",
        str(FIXTURES / "request_with_tag.json"),
        "--root",
        str(tmp_path),
        "--api-key",
        "sk-test",
        "--json",
    )
    assert code == 0, err
    report = json.loads(out)
    assert report["timestamps"] == str(files["per-user"])
    assert report["messages"][2]["status"] == "tracked"
    for layout in ("nested", "flat", "legacy"):
        assert load_store(files[layout], key).key is key  # decrypts, stays encrypted on write


def test_sillytavern_without_a_timestamp_file_is_sent_with_its_defaults() -> None:
    """No file to match: SillyTavern's default names behaviour (group chats
    name every speaker but the persona, the narrator included), and no claim
    of a best match."""
    discussion = open_discussion(FIXTURES / "st_group_noheader.jsonl", None, EngineOptions(), NOW)
    contents = [m["content"] for m in discussion.transcript.messages]
    assert contents[:4] == [
        "Aqua: Good morning, everyone!",
        "Morning. Who is cooking?",
        "Darkness: I volunteer {as tribute}!",
        "System: The kitchen is on fire.",
    ]
    assert not any("best match" in note for note in map(str, discussion.notes))
    assert "content as sent: names: default" in map(str, discussion.notes)


def test_sillytavern_solo_chat_names_only_forced_avatars_not_the_persona() -> None:
    discussion = open_discussion(FIXTURES / "st_solo_sendas.jsonl", None, EngineOptions(), NOW)
    assert [(m["role"], m["content"]) for m in discussion.transcript.messages] == [
        ("assistant", "Shall I show you explosion magic?"),
        ("user", "Not indoors, please."),  # the persona's own avatar: no name
        ("user", "Kazuma: I was someone else back then."),  # another persona
        ("assistant", "Darkness: Did someone say explosion?"),  # /sendas
        ("system", "The door creaks open."),  # the narrator: never named in a solo chat
        ("assistant", "Megumin: Said through /sendas."),  # forced avatar, even the character's own
    ]


def test_sillytavern_quotes_wrap_the_speaker_prefix() -> None:
    chat = load_transcript(FIXTURES / "st_solo_sendas.jsonl").sillytavern
    sent, _ = as_sent(chat, SendView(NamesBehavior.DEFAULT, wrap_quotes=True))
    assert sent[1]["content"] == '"Not indoors, please."'
    assert sent[2]["content"] == '"Kazuma: I was someone else back then."'
    assert sent[3]["content"] == "Darkness: Did someone say explosion?"


@pytest.mark.parametrize("month", range(1, 13))
def test_ooba_times_with_abbreviated_months(month: int) -> None:
    """text-generation-webui writes ``strftime('%b %d, %Y %H:%M')``."""
    from timeline_app.core.transcripts.webui import parse_ooba_time

    moment = datetime(2025, month, 4, 9, 5)
    assert parse_ooba_time(moment.strftime("%b %d, %Y %H:%M")) == moment
    assert parse_ooba_time(moment.strftime("%B %d, %Y %H:%M")) == moment


def test_ooba_rows_with_tool_calls_read_as_its_prompt_builder_does() -> None:
    transcript = load_transcript(FIXTURES / "ooba_2025_tools.json")
    assert transcript.format == "text-generation-webui"
    got = [
        (m["role"], m["content"], m.get("tool_call_id"), bool(m.get("tool_calls")))
        for m in transcript.messages
    ]
    assert got == [
        ("assistant", "How can I help you today?", None, False),
        ("user", "What's the weather in Lisbon?", None, False),  # stripped, as it strips
        ("assistant", "", None, True),  # the turn's tool_sequence: call, then result
        ("tool", "21 °C, sunny", "call_1", False),
        ("assistant", "It is 21 °C and sunny in Lisbon.", None, False),
        ("user", "Remind me at 5", None, False),
        ("assistant", "", None, True),  # a reply that is only a tool call
        ("tool", "reminder set for 17:00", "call_9", False),  # the row's tool output, after the reply
        ("user", "Thanks", None, False),
        ("assistant", "You're welcome!", None, False),
    ]
    assert transcript.own_times == (
        datetime(2025, 9, 14, 9, 5),
        datetime(2025, 9, 14, 9, 6),
        None,
        None,
        datetime(2025, 9, 14, 9, 6),
        datetime(2025, 10, 2, 17, 40),
        datetime(2025, 10, 2, 17, 40),
        None,
        datetime(2025, 12, 24, 23, 59),
        datetime(2026, 1, 1, 0, 0),
    )


def test_ooba_spring_2023_data_form() -> None:
    transcript = load_transcript(FIXTURES / "ooba_2023_data.json")
    assert transcript.format == "text-generation-webui" and not transcript.has_own_times
    assert [(m["role"], m["content"]) for m in transcript.messages] == [
        ("assistant", "Hi! I am Chiharu."),
        ("user", "Hello"),
        ("assistant", "How are you?"),
        ("user", "Fine & you?"),  # data, not the HTML-escaped data_visible
        ("assistant", "Great."),
    ]


def test_open_webui_inner_chat_object_follows_the_active_branch() -> None:
    transcript = load_transcript(FIXTURES / "open_webui_inner_chat.json")
    assert transcript.format == "open-webui"
    assert [(m["role"], m["content"]) for m in transcript.messages] == [
        ("system", "You are a travel guide."),  # params.system, sent first
        ("user", "Where should I go in May?"),
        ("assistant", "Lisbon is lovely in May."),
        ("user", "And the weather?"),
        ("assistant", "Warm and dry."),
    ]
    assert transcript.own_times[0] is None
    assert transcript.own_times[4] == datetime(2025, 5, 20, 11, 0, tzinfo=UTC)
    assert any("params.system" in note for note in map(str, transcript.notes))


def test_open_webui_export_with_params_system(tmp_path: Path) -> None:
    inner = json.loads((FIXTURES / "open_webui_inner_chat.json").read_text())
    path = tmp_path / "export.json"
    path.write_text(
        json.dumps([{"id": "c1", "title": "Trip ideas", "chat": inner, "created_at": 1, "updated_at": 2}])
    )
    transcript = load_transcript(path)
    assert transcript.messages[0] == {"role": "system", "content": "You are a travel guide."}
    inner.pop("params")
    path.write_text(json.dumps(inner))
    assert load_transcript(path).messages[0]["role"] == "user"


@pytest.mark.parametrize(
    ("stored", "sent"),
    [
        ("<think>\nplan it\n</think>\n\nThe answer.", "The answer."),
        ("Sure. <think>hmm", "Sure."),
        ("<seed:think>x</seed:think>Done", "Done"),
        (
            "<|channel|>analysis<|message|>why<|end|><|start|>assistant<|channel|>final<|message|>Final.<|end|>",
            "Final.",
        ),
        ("<|channel|>analysis<|message|>only thinking", ""),
        ("No reasoning here.", "No reasoning here."),
    ],
)
def test_ooba_replies_are_sent_without_their_reasoning(stored: str, sent: str, tmp_path: Path) -> None:
    path = tmp_path / "chat.json"
    path.write_text(json.dumps({"internal": [["Q", stored]], "visible": [["Q", stored]]}))
    assert load_transcript(path).messages[1] == {"role": "assistant", "content": sent}

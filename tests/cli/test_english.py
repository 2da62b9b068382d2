"""The CLI's English, byte for byte: the engine's sentences (explanations,
repair reasons, pairing doubts, bad-input problems) are codes worded in one
place, and the command line keeps saying exactly what it said before.

The expected outputs live in ``fixtures/cli_english.json``; every case runs
in a temporary folder with relative paths, so the text holds no machine path.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, run_cli

from timeline_app.core.crypto import FileKey
from timeline_app.core.hashing import content_hash

EXPECTED = FIXTURES / "cli_english.json"
ST_LEGACY = [
    '{"user_name":"You","character_name":"Megumin","create_date":"2024-03-01@10h00m00s"}',
    '{"name":"Megumin","is_user":false,"is_system":false,"send_date":"March 1, 2024 10:00am","mes":"Hi!"}',
    '{"name":"You","is_user":true,"is_system":false,"send_date":"March 1, 2024 10:02am","mes":"Hello."}',
    '{"name":"Megumin","is_user":false,"is_system":false,"send_date":"March 2, 2024 9:15pm","mes":"Back?"}',
    '{"name":"You","is_user":true,"is_system":false,"send_date":"March 5, 2024 8:00am","mes":"Yes, now."}',
]


def _chat(*contents: str) -> str:
    roles = ("user", "assistant")
    return json.dumps([{"role": roles[i % 2], "content": c} for i, c in enumerate(contents)])


def _stamps(pairs: dict[str, str]) -> str:
    return json.dumps(pairs, indent=4)


def _demo(folder: Path) -> list[list[str]]:
    for name in ("chat.json", "timestamps.json"):
        shutil.copy(ROOT / "resources" / "demo" / name, folder / name)
    files = ["chat.json", "--timestamps", "timestamps.json"]
    return [
        ["inspect", *files],
        ["inspect", *files, "--json"],
        ["repair", *files, "--min-confidence", "medium"],
        ["repair", *files, "--json"],
    ]


def _legacy(folder: Path) -> list[list[str]]:
    (folder / "chat.jsonl").write_text("\n".join(ST_LEGACY) + "\n")
    (folder / "timestamps.json").write_text("{}")
    backfill = ["backfill", "chat.jsonl", "--timestamps", "timestamps.json"]
    files = ["chat.jsonl", "--timestamps", "filled.json"]
    later = ["chat.jsonl", "--timestamps", "later.json"]  # the chat met the middleware a day on
    return [
        [*backfill, "--output", "filled.json", "--now", "2024-03-05 08:00:00"],
        ["repair", *files, "--reanchor"],
        ["repair", *files, "--reanchor", "--json"],
        [*backfill, "--output", "later.json", "--now", "2024-03-06 09:30:00"],
        ["repair", *later, "--reanchor"],
    ]


def _ambiguous(folder: Path) -> list[list[str]]:
    """One message two transformations explain, and two edited messages
    between the same tracked neighbours: the low proposals' reasons."""
    (folder / "chat.json").write_text(_chat("Plan?", "Hello", "Sure.", "Edited one.", "Edited two.", "End."))
    (folder / "timestamps.json").write_text(
        _stamps(
            {
                content_hash("Plan?"): "(Sunday, 2025-09-21 10:00:00)",
                content_hash("assistant: Hello"): "(Sunday, 2025-09-21 10:01:00)",
                content_hash("Assistant: Hello"): "(Sunday, 2025-09-21 10:01:30)",
                content_hash("Sure."): "(Sunday, 2025-09-21 10:02:00)",
                content_hash("first"): "(Sunday, 2025-09-21 10:03:00)",
                content_hash("second"): "(Sunday, 2025-09-21 10:04:00)",
                content_hash("End."): "(Sunday, 2025-09-21 10:05:00)",
            }
        )
    )
    return [["repair", "chat.json", "--timestamps", "timestamps.json"]]


def _strangers(folder: Path) -> list[list[str]]:
    """A file most of whose entries match no message: the pairing doubt."""
    (folder / "chat.json").write_text(_chat("Hi", "Hello"))
    (folder / "timestamps.json").write_text(
        _stamps({content_hash(f"other {i}"): f"(Sunday, 2025-09-21 10:0{i}:00)" for i in range(3)})
    )
    files = ["chat.json", "--timestamps", "timestamps.json"]
    other = folder / "DiscussionIds" / "other"  # another discussion's file for a tagged request
    other.mkdir(parents=True)
    (other / "timestamps.json").write_text(_stamps({content_hash("A nice harbour."): "x", "a" * 64: "y"}))
    shutil.copy(ROOT / "tests" / "fixtures" / "request_with_tag.json", folder / "tagged.json")
    tagged = ["tagged.json", "--timestamps", "DiscussionIds/other/timestamps.json"]
    return [["inspect", *files], ["inspect", *files, "--json"], ["repair", *files], ["inspect", *tagged]]


def _bad(folder: Path) -> list[list[str]]:
    """Bad input of every kind the GUI shows too: one line each."""
    good = folder / "good.json"
    good.write_text(_chat("hi"))
    files = {
        "empty.json": b"",
        "broken.json": b'[{"role": "user",\n "content": }]',
        "shape.json": b'{"model": "x"}',
        "number.json": b"5",
        "item.json": b'["hello"]',
        "lines.jsonl": b'{"role": "user", "content": "a"}\n{"role": \n',
        "latin1.jsonl": b'{"role": "user", "content": "caf\xe9"}\n',
        "list_ts.json": b"[1, 2]",
        "broken_ts.json": b"{not json",
        "empty_ts.json": b"",
        "blank_ts.json": b" \n",
        "locked_ts.json": FileKey.derive("sk-secret").encrypt(b"{}"),
    }
    for name, data in files.items():
        (folder / name).write_bytes(data)
    (folder / "folder.json").mkdir()
    ts = ["--timestamps", "list_ts.json"]
    cases = [
        ["inspect", "missing.json"],
        ["inspect", "folder.json"],
        ["inspect", "good.json", "--timestamps", "missing_ts.json"],
        ["inspect", "good.json", "--timestamps", "missing_ts.json", "--new-discussion"],
        ["inspect", "good.json", "--timestamps", "folder.json"],
        ["inspect", "good.json", *ts],
        ["inspect", "good.json", "--timestamps", "broken_ts.json"],
        ["inspect", "good.json", "--timestamps", "empty_ts.json"],
        ["inspect", "good.json", "--timestamps", "blank_ts.json"],
        ["inspect", "good.json", "--timestamps", "locked_ts.json"],
        ["inspect", "good.json", "--timestamps", "locked_ts.json", "--api-key", "sk-wrong"],
        ["repair", "good.json", "--timestamps", "missing_ts.json"],
    ]
    cases += [["inspect", name] for name in sorted(files) if "_ts" not in name]
    cases.append(["inspect", "lines.jsonl", "--skip-bad-lines"])
    return cases


def _coded(folder: Path) -> list[list[str]]:
    """Requests the middleware's pipeline refuses, stored values it crashes
    on, exports that need a choice, zones and times, folders that are not
    what they should be, and how a new file is written: one line each."""
    shapes = {
        "role.json": [{"role": 5, "content": "hi"}],
        "content.json": [{"role": "user", "content": 5}],
        "images.json": [{"role": "user", "content": "hi", "images": ["a", 1]}],
        "image_url.json": [{"role": "user", "content": [{"type": "image_url", "image_url": "x"}]}],
        "no_role.json": [{"content": "hi"}],
        "ooba.json": {"internal": [["only one"]], "visible": []},
        "webui.json": [
            {"id": "a", "title": "One", "chat": {"history": {"messages": {}, "currentId": None}}},
            {"id": "b", "title": "Two", "chat": {"history": {"messages": {}, "currentId": None}}},
        ],
    }
    for name, value in shapes.items():
        (folder / name).write_text(json.dumps(value))
    (folder / "good.json").write_text(_chat("hi"))
    (folder / "number_ts.json").write_text(_stamps({content_hash("hi"): 5}))
    preview = ["preview", "--style", "absolute", "--now", "2025-09-21 12:00:00"]
    new = ["backfill", "good.json", "--timestamps", "new_ts.json", "--new-discussion"]
    cases = [[*preview, name] for name in sorted(shapes) if name != "webui.json"]
    return [
        *cases,
        [*preview, "webui.json"],
        [*preview, "webui.json", "--chat", "7"],
        [*preview, "good.json", "--timestamps", "number_ts.json"],
        ["inspect", "good.json", "--timestamps", "number_ts.json"],
        ["summary", "--timestamps", "number_ts.json", "--now", "2025-09-21 12:00:00"],
        [*preview, "good.json", "--tz", "Mars/Olympus"],
        ["preview", "good.json", "--style", "absolute", "--now", "soon"],
        ["discussions", "missing"],
        ["compare", "missing"],
        ["backfill", "good.json", "--timestamps", "new_ts.json", "--write", "--now", "2025-09-21 12:00:00"],
        [*new, "--write", "--now", "2025-09-21 12:00:00"],
        [*new, "--write", "--now", "2025-09-21 12:00:00"],  # it exists now: not new any more
    ]


def _broken_records(folder: Path) -> list[list[str]]:
    """A recording with every kind of line its reader skips (each problem the
    GUI words too), around one whole request and its response."""
    head = {"format": "timeline-inspector-record/1", "kind": "request", "leg": "client"}
    sent = {**head, "id": "r1", "received": "2025-09-21T12:00:00+00:00", "method": "POST"}
    sent |= {"path": "/v1/chat/completions", "discussion_id": "talk", "size": 2}
    sent |= {"body": json.dumps({"messages": [{"role": "user", "content": "hi"}]})}
    answer = {**head, "kind": "response", "id": "r1", "finished": "2025-09-21T12:00:01+00:00"}
    answer |= {"status": 200}
    lines = [
        sent,
        {**answer, "status": "ok"},  # Python's int() words
        {**answer, "status": ["no"]},
        {**answer, "finished": "soon"},  # Python's fromisoformat words
        {**answer, "finished": "2025-09-21T12:00:01"},
        {key: value for key, value in answer.items() if key != "finished"},
        {key: value for key, value in answer.items() if key != "status"},
        {**answer, "id": "r0"},
        {key: value for key, value in sent.items() if key != "id"},
        {**sent, "id": "r2", "leg": "middle"},
        {**sent, "id": "r3", "received": None},
        {**sent, "id": "r4", "size": "big"},
        {**sent, "id": "r5", "body": None, "body_base64": "abc"},  # bad padding
        {**head, "kind": "note"},
        {**head, "format": "other/1"},
        [1, 2],
        answer,
    ]
    text = "\n".join(json.dumps(line) for line in lines) + "\n{not json\n" + '{"format": "timeline'
    (folder / "rec" / "talk").mkdir(parents=True)
    (folder / "rec" / "talk" / "requests.jsonl").write_text(text)
    inspect = ["inspect", "rec/talk/requests.jsonl", "--tz", "UTC"]
    return [["compare", "rec", "--tz", "UTC"], ["compare", "rec", "--json"], inspect, [*inspect, "--json"]]


def _new(folder: Path) -> list[list[str]]:
    """An explicit TS that does not exist, in every command that takes one:
    an error unless the discussion is said to be new; what loading found is
    said on stderr only with --verbose; a backfill's last line in the tense
    of what it did."""
    (folder / "chat.json").write_text(_chat("Hi", "Hello", "How are you?"))
    (folder / "timestamps.json").write_text(_stamps({content_hash("Hi"): "(Sunday, 2025-09-21 10:00:00)"}))
    now = ["--now", "2025-09-21 12:00:00"]
    typo = ["--timestamps", "timestamp.json"]
    new = ["chat.json", "--timestamps", "new.json", "--new-discussion", *now]
    return [
        ["preview", "chat.json", *typo, "--style", "absolute", *now],
        ["backfill", "chat.json", *typo, *now],
        ["backfill", "chat.json", *typo, "--write", *now],
        ["summary", *typo, *now],
        ["inspect", "chat.json", *typo],
        ["repair", "chat.json", *typo],
        ["inspect", "chat.json", "--new-discussion"],
        ["inspect", "chat.json", "--timestamps", "timestamps.json", "--new-discussion"],
        ["preview", *new, "--style", "relative"],
        ["preview", *new, "--style", "relative", "-v"],
        ["summary", "--timestamps", "new.json", "--new-discussion", *now, "--verbose"],
        ["backfill", *new],
        ["backfill", *new, "--output", "out.json"],
        ["backfill", *new, "--write"],
        ["backfill", "chat.json", "--timestamps", "new.json", *now],
        ["preview", "chat.json", "--style", "relative", *now],
        ["preview", "chat.json", "--style", "relative", *now, "-v"],
        ["inspect", "chat.json"],
        ["preview", "chat.json", "--style", "relative", *now, "--api", "ollama"],
    ]


SCENES: dict[str, Callable[[Path], list[list[str]]]] = {
    "demo": _demo,
    "legacy": _legacy,
    "ambiguous": _ambiguous,
    "strangers": _strangers,
    "bad": _bad,
    "coded": _coded,
    "broken_records": _broken_records,
    "new": _new,
}


def _outputs(scene: str, folder: Path, capsys) -> list[dict[str, object]]:
    said = []
    for argv in SCENES[scene](folder):
        code, out, err = run_cli(capsys, *argv)
        said.append({"argv": argv, "code": code, "out": out, "err": err})
    return said


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_the_cli_says_what_it_said(scene: str, tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    expected = json.loads(EXPECTED.read_text("utf-8"))[scene]
    assert _outputs(scene, tmp_path, capsys) == expected

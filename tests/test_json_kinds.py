"""A value of the wrong kind is named as JSON names it ("a number", "null",
"a list", "an object", "true/false", "text"), never by the Python type the
parser made it ("is a int", "is a NoneType": tryout), wherever it is met."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

from timeline_app.core.words import JsonKind, Said, json_kind


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("hi", JsonKind.TEXT),
        (3, JsonKind.NUMBER),
        (0.5, JsonKind.NUMBER),
        (False, JsonKind.TRUE_FALSE),
        (None, JsonKind.NULL),
        ([], JsonKind.LIST),
        ({}, JsonKind.OBJECT),
        (b"raw", JsonKind.OTHER),
    ],
)
def test_json_kind(value: object, kind: JsonKind) -> None:
    assert json_kind(value) == Said(kind)


CASES = [  # file name, its JSON, the command, what the error ends with
    ("role.json", [{"role": None, "content": "hi"}], "preview", "message 0: role is null, expected text"),
    (
        "content.json",
        [{"role": "user", "content": True}],
        "preview",
        "message 0: content is true/false, expected text or parts",
    ),
    (
        "part.json",
        [{"role": "user", "content": [{"type": "text", "text": 1.5}]}],
        "preview",
        "message 0: a text part's 'text' is a number, expected text",
    ),
    ("item.json", [[]], "inspect", "message 0 must be an object, found a list"),
    ("field.json", {"messages": {}}, "inspect", '"messages" must be a list of messages, found an object'),
    ("null.json", None, "inspect", "not a transcript this version reads (its JSON is null)"),
    ("text.json", "hello", "inspect", "not a transcript this version reads (its JSON is text)"),
]


@pytest.mark.parametrize(("name", "value", "command", "said"), CASES, ids=[c[0] for c in CASES])
def test_a_transcripts_wrong_kind_is_said_in_json_words(
    name: str, value: object, command: str, said: str, tmp_path: Path, capsys, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(json.dumps(value))
    argv = [command, name] + (["--style", "absolute"] if command == "preview" else [])
    code, _, err = run_cli(capsys, *argv)
    assert code == 2 and err == f"timeline-inspector: error: {name}: {said}\n"


@pytest.mark.parametrize(("value", "kind"), [(None, "null"), ([1], "a list"), (7, "a number")])
def test_a_timestamp_file_of_the_wrong_kind_is_said_in_json_words(
    value: object, kind: str, tmp_path: Path, capsys, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "chat.json").write_text(json.dumps([{"role": "user", "content": "hi"}]))
    (tmp_path / "ts.json").write_text(json.dumps(value))
    code, _, err = run_cli(capsys, "inspect", "chat.json", "--timestamps", "ts.json")
    assert code == 2
    assert (
        err
        == f"timeline-inspector: error: ts.json: a timestamp file holds a JSON object, this one holds {kind}\n"
    )

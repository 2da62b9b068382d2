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


def test_the_warning_about_values_that_are_not_text_names_their_kinds(tmp_path: Path, capsys) -> None:
    """Tryout: the command line said "2 stored values are not text" and named
    the keys, never what they hold; now each key's kind, as JSON names it."""
    from timeline_app.core.hashing import content_hash

    chat = tmp_path / "chat.json"
    chat.write_text(json.dumps([{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}]))
    stamps = tmp_path / "timestamps.json"
    stamps.write_text(json.dumps({content_hash("a"): None, content_hash("b"): 1726156801}))
    code, out, err = run_cli(capsys, "inspect", str(chat), "--timestamps", str(stamps))
    assert code == 0
    named = f"{content_hash('a')[:12]}… (null), {content_hash('b')[:12]}… (a number)"
    assert err.endswith(f"crashes on one): {named}\n")
    # the stored column says null, not "-" as for a message without an entry
    first, second = out.splitlines()[:2]
    assert " tracked           null " in first and " tracked           1726156801 " in second


def test_a_value_that_is_not_text_is_shown_as_json_in_every_style() -> None:
    from datetime import datetime

    from timeline_app.core.context import Style
    from timeline_app.core.display import stored_text, time_text
    from timeline_app.core.options import EngineOptions

    now, options = datetime(2025, 9, 21, 12), EngineOptions()
    assert stored_text(None) == "—" and stored_text(None, entry=True) == "null"
    for style in Style:
        assert time_text(None, None, style, now, options, entry=True) == "⚠ null"
        assert time_text(1726156801, None, style, now, options, entry=True) == "⚠ 1726156801"
        assert time_text(None, None, style, now, options) == ""  # no entry: nothing to show

"""A value of the wrong kind is named as JSON names it ("a number", "null",
"a list", "an object", "true/false", "text"), never by the Python type the
parser made it ("is a int", "is a NoneType": tryout), wherever it is met."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import NOW, PROG, run_cli

from timeline_app.core.discussion import open_discussion
from timeline_app.core.hashing import content_hash
from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore, not_text_note
from timeline_app.core.words import JsonKind, Listed, Note, Said, is_warning, json_kind


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


def _values(folder: Path, count: int) -> Path:
    entries: dict[str, object] = {content_hash("Hi"): "(Sunday, 2025-09-21 10:00:00)"}
    entries |= {f"{i:04d}" + "ab" * 30: i for i in range(count)}
    path = folder / "timestamps.json"
    path.write_text(json.dumps(entries, indent=4))
    return path


@pytest.mark.parametrize("command", ["inspect", "backfill", "summary", "preview"])
def test_a_value_that_is_not_text_is_said_in_one_warning(command, chat, capsys) -> None:
    _values(chat.parent, 1)
    argv = [command] + (["chat.json"] if command != "summary" else []) + ["--timestamps", "timestamps.json"]
    argv += ["--style", "relative"] if command == "preview" else []
    code, _, err = run_cli(capsys, *argv, *NOW)
    assert code == 0
    assert err == (
        f"{PROG}: warning: timestamps.json: 1 stored value is not text (the middleware reads no time "
        "from such a value, and its absolute style crashes on one): 0000abababab… (a number)\n"
    )


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (5, "a number"),
        (2.5, "a number"),
        (None, "null"),
        (["(Sunday, 2025-09-21 10:00:00)"], "a list"),
        ({"time": "(Sunday, 2025-09-21 10:00:00)"}, "an object"),
        (True, "true/false"),
    ],
)
def test_a_value_that_is_not_text_is_named_by_its_json_kind(value, kind, chat, capsys) -> None:
    """Tryout: the absolute style's error said "is a int" ("is a NoneType"
    for null): the parser's Python type, not what the file holds."""
    digest = content_hash("Hi")
    (chat.parent / "timestamps.json").write_text(json.dumps({digest: value}))
    argv = ["preview", "chat.json", "--timestamps", "timestamps.json", "--style", "absolute", *NOW]
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert err.splitlines()[-1] == (
        f"{PROG}: error: timestamps.json: the stored value for {digest} is {kind}, not text; "
        "the middleware itself crashes on this file in the absolute style"
    )


def test_many_values_that_are_not_text_are_counted_not_listed(chat, capsys) -> None:
    _values(chat.parent, 5000)
    code, out, err = run_cli(capsys, "inspect", "chat.json", "--timestamps", "timestamps.json", "--json")
    said = [line for line in err.splitlines() if "not text" in line]
    assert code == 0 and len(said) == 1, "one line, not 5000"
    assert said[0].endswith(
        ": 0000abababab… (a number), 0001abababab… (a number), 0002abababab… (a number) and 4,997 more"
    )
    assert said[0].startswith(f"{PROG}: warning: timestamps.json: 5,000 stored values are not text (")
    assert said[0].removeprefix(f"{PROG}: warning: ") in json.loads(out)["notes"]


def test_the_engine_notes_values_that_are_not_text(tmp_path: Path) -> None:
    store = TimestampStore({"a" * 64: "(Sunday, 2025-09-21 10:00:00)", "b" * 64: 5, PLACEHOLDER_KEY: None})
    assert store.keys_not_text() == ["b" * 64, PLACEHOLDER_KEY]
    note = not_text_note(store, "ts.json")
    keys = Listed(
        [
            Said(Note.NOT_TEXT_KEY, ("b" * 12, Said(JsonKind.NUMBER))),
            Said(Note.NOT_TEXT_KEY, ("PLACEHOLDER_", Said(JsonKind.NULL))),
        ]
    )
    assert note == Said(Note.STORE_NOT_TEXT, ("ts.json", 2, keys))
    assert str(note).endswith(f": {'b' * 12}… (a number), PLACEHOLDER_… (null)")
    assert is_warning(note) and not_text_note(TimestampStore({"a" * 64: "x"}), "ts.json") is None
    chat = tmp_path / "chat.json"
    chat.write_text(json.dumps([{"role": "user", "content": "Hi"}]))
    ts = _values(tmp_path, 2)
    from datetime import datetime

    from timeline_app.core.options import EngineOptions

    discussion = open_discussion(chat, ts, EngineOptions(), datetime(2025, 9, 21, 12))
    assert [str(n) for n in discussion.store_notes] == [
        f"{ts}: 2 stored values are not text (the middleware reads no time from such a value, "
        "and its absolute style crashes on one): 0000abababab… (a number), 0001abababab… (a number)"
    ]
    assert discussion.every_note[-1] == discussion.store_notes[0]

"""The command line as a demanding user tried it: a mistyped --timestamps is an
error (a new discussion is said on purpose with --new-discussion), stored
values that are not text are said, a backfill's last line is in the tense of
what it did, and information notes stay off stderr unless --verbose.

Each case checks the exit status, the exact stderr lines, and that nothing is
written when the command fails.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

from timeline_app.core.discussion import open_discussion
from timeline_app.core.hashing import content_hash
from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore, not_text_note
from timeline_app.core.words import WARNINGS, JsonKind, Listed, Note, Said, is_warning

NOW = ["--now", "2025-09-21 12:00:00"]
PROG = "timeline-inspector"


@pytest.fixture
def chat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A three-message chat alone in its folder (no timestamp file beside it)."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "chat.json"
    path.write_text(
        json.dumps([{"role": r, "content": c} for r, c in [("user", "Hi"), ("assistant", "Hello")]])
    )
    return path


def _tree(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


MISTYPED = [
    ["preview", "chat.json", "--style", "absolute"],
    ["preview", "chat.json", "--style", "relative", "--json"],
    ["backfill", "chat.json"],
    ["backfill", "chat.json", "--write"],
    ["backfill", "chat.json", "--output", "out.json"],
    ["summary"],
    ["inspect", "chat.json"],
    ["inspect"],
]


@pytest.mark.parametrize("argv", MISTYPED, ids=" ".join)
def test_a_mistyped_timestamps_path_is_an_error_and_writes_nothing(argv, chat, capsys) -> None:
    before = _tree(chat.parent)
    code, out, err = run_cli(capsys, *argv, "--timestamps", "timestamp.json", *NOW)
    assert code == 2 and out == ""
    assert err == (
        f"{PROG}: error: timestamp.json: no such file; if the discussion is new "
        "(no times stored yet), add --new-discussion\n"
    )
    assert _tree(chat.parent) == before


def test_repair_of_a_missing_file_says_there_is_nothing_to_repair(chat, capsys) -> None:
    code, out, err = run_cli(capsys, "repair", "chat.json", "--timestamps", "timestamp.json", "--write")
    assert (code, out) == (2, "")
    assert err == f"{PROG}: error: timestamp.json: no such file: there is nothing to repair\n"
    assert _tree(chat.parent) == ["chat.json"]


def test_a_legacy_chat_gets_its_first_file_when_it_is_said_to_be_new(chat, capsys) -> None:
    """The product's core job: a conversation the middleware never tracked gets its file."""
    new = ["backfill", "chat.json", "--timestamps", "timestamps.json", "--new-discussion", *NOW]
    code, out, err = run_cli(capsys, *new, "--write")
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "2 messages got a new time; written to timestamps.json"
    written = json.loads((chat.parent / "timestamps.json").read_text())
    assert written == {
        content_hash("Hi"): "(Sunday, 2025-09-21 11:59:59)",
        content_hash("Hello"): "(Sunday, 2025-09-21 12:00:00)",
    }
    before = (chat.parent / "timestamps.json").read_bytes()
    code, out, err = run_cli(capsys, *new, "--write")  # not new any more: a second run is refused
    assert (code, out) == (2, "")
    assert err == f"{PROG}: error: timestamps.json: already exists; leave out --new-discussion to use it\n"
    assert (chat.parent / "timestamps.json").read_bytes() == before
    assert _tree(chat.parent) == ["chat.json", "timestamps.json"], "no backup either"


@pytest.mark.parametrize(
    "argv",
    [
        ["preview", "chat.json", "--style", "relative"],
        ["backfill", "chat.json"],
        ["summary"],
        ["inspect", "chat.json"],
    ],
    ids=" ".join,
)
def test_a_new_discussion_said_on_purpose_is_quiet_and_verbose_says_it(argv, chat, capsys) -> None:
    args = [*argv, "--timestamps", "new.json", "--new-discussion", *NOW]
    code, _, err = run_cli(capsys, *args)
    quiet = (
        "" if argv[0] != "summary" else f"{PROG}: no stored time parses: {{time_context_summary}} is empty\n"
    )
    assert (code, err) == (0, quiet)
    code, _, err = run_cli(capsys, *args, "--verbose")
    assert code == 0 and f"{PROG}: new.json: a new discussion (no timestamp file yet)\n" in err
    assert _tree(chat.parent) == ["chat.json"]


def test_new_discussion_goes_with_timestamps(chat, capsys) -> None:
    code, out, err = run_cli(capsys, "preview", "chat.json", "--style", "cst", "--new-discussion")
    assert (code, out) == (2, "")
    assert err == (
        f"{PROG} preview: --new-discussion goes with --timestamps TS (see {PROG} preview --help)\n"
    )


def test_repair_has_no_new_discussion(chat, capsys) -> None:
    code, _, err = run_cli(capsys, "repair", "chat.json", "--timestamps", "t.json", "--new-discussion")
    assert code == 2 and "unrecognized arguments: --new-discussion" in err


def test_without_timestamps_a_chat_alone_is_still_a_new_discussion(chat, capsys) -> None:
    code, out, err = run_cli(capsys, "preview", "chat.json", "--style", "absolute", *NOW)
    assert code == 0 and out
    assert err == f"{PROG}: no timestamp file given; treating it as a new discussion (empty store)\n"


def test_backfill_without_any_file_says_how_to_start_one(chat, capsys) -> None:
    code, out, err = run_cli(capsys, "backfill", "chat.json", "--write")
    assert (code, out) == (2, "")
    assert err == (
        f"{PROG}: error: --timestamps is required for this command "
        "(add --new-discussion when it does not exist yet)\n"
    )


def test_every_command_with_timestamps_documents_new_discussion(capsys) -> None:
    for command in ("preview", "backfill", "summary", "inspect"):
        code, out, _ = run_cli(capsys, command, "--help")
        assert code == 0 and "--new-discussion" in out and "-v, --verbose" in out, command


# -- stored values that are not text ---------------------------------------------


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
        ": 0000abababab… (a number), 0001abababab… (a number), 0002abababab… (a number) and 4997 more"
    )
    assert said[0].startswith(f"{PROG}: warning: timestamps.json: 5000 stored values are not text (")
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


# -- the tense of a backfill's last line --------------------------------------------


def test_backfill_says_would_only_of_a_dry_run(chat, capsys) -> None:
    (chat.parent / "timestamps.json").write_text("{}")
    backfill = ["backfill", "chat.json", "--timestamps", "timestamps.json", *NOW]
    tails = {}
    for mode in ([], ["--output", "out.json"], ["--write"]):
        code, out, _ = run_cli(capsys, *backfill, "--placeholder", *mode)
        assert code == 0
        tails[" ".join(mode)] = out.splitlines()[-1]
        if mode == ["--write"]:
            break
    saved = "(Sunday, 2025-09-21 12:00:00)"
    assert tails == {
        "": f"2 messages would get a new time; the reply's placeholder would be saved last = {saved} "
        "(dry run: use --output OUT or --write to save)",
        "--output out.json": f"2 messages got a new time; the reply's placeholder was saved last = {saved}; "
        "written to out.json",
        "--write": f"2 messages got a new time; the reply's placeholder was saved last = {saved}; "
        "written to timestamps.json",
    }


# -- information stays off stderr unless asked -----------------------------------------


def test_information_notes_need_verbose_and_warnings_do_not(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    fixture = Path(__file__).parent / "fixtures" / "ollama_request.json"
    preview = ["preview", str(fixture), "--style", "cst"]
    code, _, err = run_cli(capsys, *preview)
    assert code == 0 and "client API" not in err
    code, _, err = run_cli(capsys, *preview, "-v")
    assert code == 0 and f"{PROG}: client API detected: ollama\n" in err
    code, _, err = run_cli(capsys, *preview, "--api", "openai")
    assert code == 0 and (
        f"{PROG}: warning: client API: openai as chosen, although the file looks like an ollama request\n"
        in err
    )


def test_inspect_lists_what_it_found_in_its_report(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "chat.json").write_text(json.dumps([{"role": "user", "content": "Hi"}]))
    (tmp_path / "timestamps.json").write_text(
        json.dumps({content_hash("Hi"): "(Sunday, 2025-09-21 10:00:00)"})
    )
    for verbose in ([], ["-v"]):
        code, out, err = run_cli(capsys, "inspect", "chat.json", *verbose)
        assert (code, err) == (0, ""), "said once, in the report"
        assert out.splitlines()[-2:] == [
            "note: timestamp file found beside the transcript: timestamps.json",
            "note: client API: openai (the file does not show one; OpenAI assumed)",
        ]


def test_the_warnings_are_the_notes_that_ask_something_of_the_person() -> None:
    assert {
        Note.API_CHOSEN_OTHER,
        Note.COMPARED_NO_COPY,
        Note.STORE_NOT_TEXT,
        Note.STORE_NOT_TEXT_MORE,
    } == WARNINGS
    assert not is_warning("timestamp file for the discussion id (found): x")
    assert not is_warning(Said(Note.API_DETECTED, ("openai",)))


def test_inspect_counts_one_orphan_and_one_entry_in_the_singular(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "chat.json").write_text(json.dumps([{"role": "user", "content": "Hi"}]))
    (tmp_path / "ts.json").write_text(json.dumps({"a" * 64: "(Sunday, 2025-09-21 10:00:00)"}))
    code, out, _ = run_cli(capsys, "inspect", "chat.json", "--timestamps", "ts.json")
    assert code == 0 and "0 tracked, 1 untracked, 1 orphan, 1 entry\n" in out

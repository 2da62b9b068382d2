"""--new-discussion: a mistyped --timestamps is an error that writes nothing; a new discussion said on purpose starts its file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import NOW, PROG, run_cli

from timeline_app.core.hashing import content_hash


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

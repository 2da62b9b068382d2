"""Hostile arguments a blind seeded run found accepted or said badly
(issue 30's last condition): an empty value taken as "not given", the
transcript named again as the timestamp file or as ``--output`` (the
conversation replaced by a file of times, status 0), and a file name with a
line break splitting the one line on stderr."""

from __future__ import annotations

import argparse
import json
import os
import shutil
from pathlib import Path

import pytest
from conftest import NOW, PROG, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from timeline_app.arguments import COMMANDS, one_line
from timeline_app.cli.parser import build_parser
from timeline_app.core.hashing import content_hash

# Options whose empty value means something: an empty reply is a reply the
# middleware handles (it clears the placeholder), and a middleware may be
# configured without a username.
EMPTY_MEANS_SOMETHING = {"--reply", "--username"}


def _value_options() -> list[tuple[str, str]]:
    """Every (command, option) whose option takes a free-form value."""
    found = []
    for command in COMMANDS:
        parser = build_parser(command)
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        for action in sub.choices[command]._actions:
            if action.nargs == 0 or action.choices or not action.option_strings:
                continue
            flag = action.option_strings[-1]
            if flag not in EMPTY_MEANS_SOMETHING:
                found.append((command, flag))
    return found


@pytest.mark.parametrize(("command", "flag"), _value_options())
@pytest.mark.parametrize("empty", ["", "  "])
def test_no_option_takes_an_empty_value_as_not_given(capsys, command: str, flag: str, empty: str) -> None:
    """Found blind: ``--chat ''`` loaded the only chat, ``--api-key-env ''``
    read no key, ``--reply-file ''`` said "`.`: is a directory", ``history
    --hash ''`` matched every key. An empty value is refused by the parser,
    by name, before anything is read (fails with the ``type=given`` of any
    of those options removed)."""
    code, out, err = run_cli(capsys, command, flag, empty)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert flag in err or "must not be empty" in err


@pytest.mark.parametrize(("command", "flag"), _value_options())
def test_no_option_takes_a_nul_byte(capsys, tmp_path: Path, command: str, flag: str) -> None:
    """Found by the long fuzz run (``make fuzz-cli``): a NUL byte in a value
    (``backfill … --timestamps '\\x00'``) reached ``os.stat``, whose
    ValueError ended in a traceback. Refused by name, before anything is
    read (fails without the check in cli/run.py)."""
    transcript = tmp_path / "chat.json"
    transcript.write_text(json.dumps([{"role": "user", "content": "hi"}]))
    code, out, err = run_cli(capsys, command, str(transcript), flag, "a\0b")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err  # the NUL, or a missing option, said


@pytest.mark.parametrize("command", ["history"])
def test_no_source_is_empty(capsys, command: str) -> None:
    code, _, err = run_cli(capsys, command, "")
    assert code == 2 and "argument SOURCE: must not be empty" in err


def _demo(tmp_path: Path) -> tuple[Path, Path]:
    chat = tmp_path / "chat.json"
    messages = [{"role": "user", "content": f"message {i}"} for i in range(4)]
    chat.write_text(json.dumps({"messages": messages}))
    ts = tmp_path / "timestamps.json"
    ts.write_text(json.dumps({content_hash(messages[0]["content"]): "(Monday, 2025-09-15 08:00:00)"}))
    return chat, ts


def _names_of(chat: Path, how: str) -> str:
    """Another name for ``chat``: as given, relative, through a link."""
    if how == "same":
        return str(chat)
    if how == "dotted":
        return str(chat.parent / "." / chat.name)
    if how == "symlink":
        link = chat.parent / "link.json"
        link.symlink_to(chat.name)
        return str(link)
    if how == "chain":
        (chat.parent / "mid.json").symlink_to(chat.name)
        link = chat.parent / "link2.json"
        link.symlink_to("mid.json")
        return str(link)
    assert how == "hardlink"
    link = chat.parent / "hard.json"
    os.link(chat, link)
    return str(link)


NAMES = ["same", "dotted", "symlink", "chain", "hardlink"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    command=st.sampled_from(["backfill", "repair"]),
    how=st.sampled_from(NAMES),
    where=st.sampled_from(["--timestamps", "--output"]),
    write=st.booleans(),
)
def test_the_transcript_is_never_the_timestamp_file_nor_the_output(
    tmp_path_factory, capsys, command: str, how: str, where: str, write: bool
) -> None:
    """Found blind: ``backfill CHAT --timestamps CHAT --write`` and ``--output
    LINK-TO-CHAT`` replaced the conversation with a file of times, status 0.
    Any name of the transcript (path, ``./``, a link, a chain of links, a hard
    link) as TS or OUT is refused, the files byte-identical, nothing new
    beside them (fails with ``check_not_transcript`` made a no-op)."""
    folder = tmp_path_factory.mktemp("same")
    chat, ts = _demo(folder)
    other = _names_of(chat, how)
    argv = (
        [command, str(chat), *NOW, "--files-belong-together"]
        if command == "repair"
        else [command, str(chat), *NOW]
    )
    if where == "--timestamps":
        argv += ["--timestamps", other, *(["--write"] if write else [])]
    else:
        argv += ["--timestamps", str(ts), "--output", other]
    before = {p.name: (p.is_symlink(), p.read_bytes()) for p in folder.iterdir()}
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "", err
    assert err.endswith("is the transcript itself, not a timestamp file\n") or err.endswith(
        "--output is the transcript itself: it would be replaced; nothing written\n"
    )
    assert {p.name: (p.is_symlink(), p.read_bytes()) for p in folder.iterdir()} == before
    shutil.rmtree(folder)


def test_reading_the_transcript_as_its_own_timestamp_file_is_refused(tmp_path: Path, capsys) -> None:
    chat, _ = _demo(tmp_path)
    for command in (["inspect", str(chat)], ["preview", str(chat), "--style", "absolute"]):
        code, _, err = run_cli(capsys, *command, "--timestamps", str(chat), *NOW)
        assert code == 2 and err == f"{PROG}: error: {chat}: is the transcript itself, not a timestamp file\n"


LINE_BREAKS = st.sampled_from(
    ["\n", "\r", "\r\n", "\x0b", "\x0c", "\x1b[2J", "\x85", "\u2028", "\u2029", "\x7f"]
)


@given(st.lists(st.one_of(st.text(max_size=5), LINE_BREAKS), max_size=8).map("".join))
def test_one_line_leaves_nothing_that_breaks_a_line(text: str) -> None:
    line = one_line(text)
    assert len(line.splitlines()) <= 1 and "\x1b" not in line
    if text.isprintable():
        assert line == text  # names people read stay as they are (Chinese, emoji, spaces)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.tuples(st.text(st.characters(codec="utf-8", exclude_characters="/\x00"), max_size=4), LINE_BREAKS).map(
        "".join
    ),
    st.sampled_from(["missing", "bad json", "transcript"]),
)
def test_a_file_name_with_a_line_break_is_said_in_one_line(
    tmp_path_factory, capsys, name: str, what: str
) -> None:
    """Found blind: ``inspect $'new\\nline.json'`` (a name with a line break)
    said its error in two lines, the second not starting with the program's
    name. Every line on stderr starts with it, the name escaped (fails with
    ``one_line`` returning its text as it is)."""
    folder = tmp_path_factory.mktemp("names")
    path = folder / f"{name}.json"
    if what == "bad json":
        path.write_text('{"messages": [')
    elif what == "transcript":
        path.write_text(json.dumps([{"role": "user", "content": "hi"}]))
    argv = (
        ["inspect", str(path)] if what != "transcript" else ["backfill", str(path), "--timestamps", str(path)]
    )
    code, _, err = run_cli(capsys, *argv, *NOW)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith(f"{PROG}: error: ") and err.endswith("\n")
    shutil.rmtree(folder)


ONE_CONVERSATION = [
    "st_solo.jsonl",
    "st_group_noheader.jsonl",
    "free_anima.jsonl",
    "ooba_chat.json",
    "ooba_2023_data.json",
    "ollama_request.json",
    "request_with_tag.json",
]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    fixture=st.sampled_from(ONE_CONVERSATION),
    command=st.sampled_from([["inspect"], ["preview", "--style", "relative"], ["backfill"]]),
    chat=st.sampled_from(["0", "1", "-1", "nan", "c0ffee00", "x" * 300]),
)
def test_chat_is_refused_where_there_is_nothing_to_pick(
    capsys, fixture: str, command: list[str], chat: str
) -> None:
    """Found blind: ``--chat nan`` on a SillyTavern file (or any file holding
    one conversation) ran on that conversation with status 0, as if chosen.
    Refused naming the file and its format (fails with ``check_chat_picks``
    made a no-op)."""
    from conftest import FIXTURES

    path = FIXTURES / fixture
    argv = [command[0], str(path), *command[1:], "--chat", chat, *NOW]
    if command[0] == "backfill":
        argv += ["--timestamps", str(FIXTURES / "missing-ts.json"), "--new-discussion"]
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    last = err.splitlines()[-1]
    assert last.startswith(f"{PROG}: error: {path}: holds one conversation (")
    assert last.endswith("); --chat picks one of an Open WebUI export or a request of a recording")
    assert err.count(f"{PROG}: error:") == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["summary", "--timestamps", "ts.json"],
        ["compare", "."],
        ["history", "ts.json"],
        ["inspect", "--timestamps", "ts.json"],
    ],
)
def test_chat_without_a_transcript_is_refused(tmp_path: Path, capsys, monkeypatch, argv: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ts.json").write_text("{}")
    code, out, err = run_cli(capsys, *argv, "--chat", "0", *NOW)
    assert (code, out) == (2, "")
    assert err == f"{PROG}: error: --chat picks a chat of TRANSCRIPT, and none is given\n"

"""What the command line says (cli/output.py): notes need --verbose, warnings do not, and a dry run speaks in the conditional."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import FIXTURES, NOW, PROG, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from timeline_app.core.hashing import content_hash
from timeline_app.core.words import WARNINGS, History, Note, Said, is_warning


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


def test_information_notes_need_verbose_and_warnings_do_not(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    fixture = FIXTURES / "ollama_request.json"
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
        Note.VALUES_NOT_TIMES,
        # what a file's history left out or cannot vouch for (said without -v)
        History.BACKUP_UNREADABLE,
        History.COPY_UNREADABLE,
        History.LINE_SKIPPED,
        History.FOREIGN,
        History.BACKWARDS,
    } == WARNINGS
    assert not is_warning("timestamp file for the discussion id (found): x")
    assert not is_warning(Said(Note.API_DETECTED, ("openai",)))


def test_inspect_counts_one_orphan_and_one_entry_in_the_singular(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "chat.json").write_text(json.dumps([{"role": "user", "content": "Hi"}]))
    (tmp_path / "ts.json").write_text(json.dumps({"a" * 64: "(Sunday, 2025-09-21 10:00:00)"}))
    code, out, _ = run_cli(capsys, "inspect", "chat.json", "--timestamps", "ts.json")
    assert code == 0 and "0 tracked, 1 untracked, 1 orphan, 1 entry\n" in out


# every character a listing must show, not obey: C0/C1 controls but tab and
# newline, bidirectional overrides and isolates
_OBEYED = "".join(chr(c) for c in [*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)])
_OBEYED += "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f"
_HOSTILE = st.text(alphabet=st.sampled_from(_OBEYED + "ab \n"), min_size=1, max_size=12)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(contents=st.lists(_HOSTILE, min_size=1, max_size=3), role=_HOSTILE, stored=_HOSTILE)
def test_a_listing_never_hands_the_files_controls_to_the_terminal(
    tmp_path: Path, capsys, monkeypatch, contents: list[str], role: str, stored: str
) -> None:
    """Views tryout and a hostile-file check: ``inspect`` printed a message's
    ESC sequence raw (a terminal obeys it: colours, a cleared screen, a title
    set), a CR overwrote the row, and showed only the first of its lines
    with no sign of more. Every listing (inspect, backfill, repair,
    history) shows such characters as markers, whatever the file holds in
    its contents, roles or stored values. Break tried: ``shown_report``
    returning ``text_report``: the first example with an ESC failed."""
    monkeypatch.chdir(tmp_path)
    messages = [{"role": "user" if i % 2 == 0 else role, "content": c} for i, c in enumerate(contents)]
    Path("chat.json").write_text(json.dumps(messages))
    entries = {content_hash(contents[0]): stored, "f" * 64: "(Sunday, 2025-09-21 10:00:00)"}
    Path("ts.json").write_text(json.dumps(entries))
    for command in (
        ["inspect", "chat.json", "--timestamps", "ts.json"],
        ["backfill", "chat.json", "--timestamps", "ts.json", *NOW],
        ["repair", "chat.json", "--timestamps", "ts.json", *NOW],
        ["history", "ts.json"],
    ):
        _, out, _ = run_cli(capsys, *command)
        assert not set(out) & set(_OBEYED), (command, out)
    _, out, _ = run_cli(capsys, "inspect", "chat.json", "--timestamps", "ts.json")
    if contents[0].partition("\n")[2]:
        assert out.splitlines()[0].endswith("…"), "a message of several lines says there is more"

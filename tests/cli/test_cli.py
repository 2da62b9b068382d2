"""The command line: every vector through `preview`/`backfill`/`summary`, and bad input.

Runs `entry.main` in-process (fast) and, once, the installed entry point in a
subprocess to prove it starts without Qt.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, load_vectors, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from timeline_app.core.store import PLACEHOLDER_KEY

WILMER = load_vectors("wilmer")
CST = load_vectors("cst")


run = run_cli


def _ts(path: Path) -> list[str]:
    """``--timestamps TS``, and ``--new-discussion`` while TS does not exist
    (a vector's legacy untracked chat): a TS that does not exist is an error
    unless the discussion is said to be new."""
    return ["--timestamps", str(path), *([] if path.exists() else ["--new-discussion"])]


def _inputs(vector: dict, tmp_files) -> tuple[Path, Path]:
    transcript = tmp_files("transcript.json", vector["input"]["messages"])
    ts = Path(transcript).with_name("timestamps.json")
    if vector["input"]["timestamps"] is not None:
        ts.write_text(json.dumps(vector["input"]["timestamps"], indent=4), "ascii")
    return transcript, ts


@pytest.mark.parametrize("style", ["absolute", "relative"])
@pytest.mark.parametrize("vector", WILMER, ids=[v["name"] for v in WILMER])
def test_preview_json_matches_vector(vector, style, tmp_files, capsys) -> None:
    transcript, ts = _inputs(vector, tmp_files)
    before = ts.read_bytes() if ts.exists() else None
    code, out, err = run(
        capsys,
        "preview",
        str(transcript),
        *_ts(ts),
        "--style",
        style,
        "--now",
        vector["input"]["now"],
        "--json",
    )
    assert code == 0, err
    assert json.loads(out) == {
        "messages": vector["expected"][f"context_{style}"],
        "time_context_summary": vector["expected"]["time_context_summary"],
    }
    if before is None:
        assert err == "", "a new discussion asked for is information (--verbose)"
        assert not ts.exists(), "preview must not create the file"
    else:
        assert ts.read_bytes() == before, "preview must not write"


@pytest.mark.parametrize("vector", WILMER, ids=[v["name"] for v in WILMER])
def test_backfill_output_writes_middleware_bytes(vector, tmp_files, capsys, tmp_path) -> None:
    transcript, ts = _inputs(vector, tmp_files)
    out_file = tmp_path / "out.json"
    code, out, err = run(
        capsys,
        "backfill",
        str(transcript),
        *_ts(ts),
        "--now",
        vector["input"]["now"],
        "--output",
        str(out_file),
        "--json",
    )
    assert code == 0, err
    report = json.loads(out)
    expected = vector["expected"]
    assert report["timestamps_after"] == expected["timestamps_after"]
    if report["changed"]:
        assert out_file.read_text("ascii") == expected["file_text_after"]
    else:
        assert not out_file.exists(), "nothing is written when nothing changes"


@pytest.mark.parametrize("vector", WILMER, ids=[v["name"] for v in WILMER])
def test_summary_after_backfill_write(vector, tmp_files, capsys) -> None:
    transcript, ts = _inputs(vector, tmp_files)
    now = vector["input"]["now"]
    code, _, err = run(capsys, "backfill", str(transcript), *_ts(ts), "--now", now, "--write")
    assert code == 0, err
    if vector["expected"]["file_text_after"] is not None:
        assert ts.read_text("ascii") == vector["expected"]["file_text_after"]
        code, out, err = run(capsys, "summary", "--timestamps", str(ts), "--now", now)
        assert code == 0, err
        assert out == vector["expected"]["time_context_summary"] + "\n"
    else:
        assert not ts.exists()


def test_summary_says_why_it_is_empty(tmp_files, capsys) -> None:
    """No stored time parses (an unreadable value, and the placeholder, which
    never counts): stdout stays the empty value, stderr says why in one line."""
    ts = tmp_files("ts.json", {"a" * 64: "not a time", PLACEHOLDER_KEY: "(Monday, 2025-01-06 10:00:00)"})
    code, out, err = run(capsys, "summary", "--timestamps", str(ts), "--now", "2025-01-07 10:00:00")
    assert code == 0, err
    assert out == ""
    assert err == "timeline-inspector: no stored time parses: {time_context_summary} is empty\n"


MEASURED = (
    "timeline-inspector: measured over the timestamp file as it is; the middleware measures after tracking "
    "the next request, which stores its new messages at now (as the window's Preview in the WilmerAI "
    "styles and `preview TRANSCRIPT` do)\n"
)
AHEAD = 'after now ({now}): the middleware counts a time in the future as no time, "less than a minute" ago\n'


@pytest.mark.parametrize(
    ("now", "summary", "ahead"),
    [
        ("2025-09-21 08:06:00", "The most recent message was sent 8 hours, 8 minutes ago.]", ""),
        (
            "2025-09-20 08:06:00",
            "The most recent message was sent less than a minute ago.]",
            "timeline-inspector: the latest stored time (2025-09-20 23:58:00) is " + AHEAD,
        ),
        (
            "2025-09-01 08:06:00",
            "This conversation started less than a minute ago. The most recent message was sent less than "
            "a minute ago.]",
            "timeline-inspector: the earliest and the latest stored times (2025-09-12 18:00:00, "
            "2025-09-20 23:58:00) are " + AHEAD,
        ),
    ],
)
def test_summary_says_what_it_measures_and_a_time_after_now(
    now: str, summary: str, ahead: str, capsys
) -> None:
    """Issue 31: on the demo at 08:06 ``summary`` said "8 hours, 8 minutes ago"
    where the window's Preview said "less than a minute ago" (measured after
    the next request's tracking), and a latest time after now read "less
    than a minute ago" unexplained. stdout stays the middleware's value;
    stderr says which stored times are ahead, and with ``--verbose`` what it
    is measured over (said at every run, it was one more line under every
    warning)."""
    timestamps = str(ROOT / "resources" / "demo" / "timestamps.json")
    code, out, err = run(capsys, "summary", "--timestamps", timestamps, "--now", now)
    assert code == 0, err
    assert out.startswith("[Time Context: ") and out.endswith(summary + "\n"), out
    assert err == ahead.format(now=now)
    code, verbose_out, err = run(capsys, "summary", "--timestamps", timestamps, "--now", now, "--verbose")
    assert code == 0 and verbose_out == out, err
    assert err.endswith(MEASURED + ahead.format(now=now)), err


@pytest.mark.parametrize("vector", CST, ids=[v["name"] for v in CST])
def test_cst_preview_json_matches_vector(vector, tmp_files, capsys) -> None:
    transcript = tmp_files("session.json", vector["input"]["messages"])
    code, out, err = run(capsys, "preview", str(transcript), "--style", "cst", "--json")
    assert code == 0, err
    assert json.loads(out) == {"messages": vector["expected"]["context_cst"], "time_context_summary": ""}


def test_backfill_write_keeps_a_backup(tmp_files, capsys, tmp_path) -> None:
    vector = next(v for v in WILMER if v["name"] == "partially_tracked_new_tail")
    transcript, ts = _inputs(vector, tmp_files)
    original = ts.read_bytes()
    code, _, err = run(
        capsys,
        "backfill",
        str(transcript),
        "--timestamps",
        str(ts),
        "--now",
        vector["input"]["now"],
        "--write",
    )
    assert code == 0, err
    backups = list(tmp_path.glob("timestamps.json.bak-*"))
    assert len(backups) == 1 and backups[0].read_bytes() == original
    assert "backup" in err
    assert ts.read_text("ascii") == vector["expected"]["file_text_after"]


def test_backfill_dry_run_writes_nothing(tmp_files, capsys, tmp_path) -> None:
    vector = next(v for v in WILMER if v["name"] == "partially_tracked_new_tail")
    transcript, ts = _inputs(vector, tmp_files)
    original = ts.read_bytes()
    code, out, _ = run(
        capsys, "backfill", str(transcript), "--timestamps", str(ts), "--now", "2025-09-21 12:00:00"
    )
    assert code == 0
    assert "dry run" in out and "assigned" in out
    assert ts.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["timestamps.json", "transcript.json"]


def test_inspect_json_shape_and_flags(tmp_files, capsys) -> None:
    messages = [
        {"role": "system", "content": "sys"},
        {"role": "user", "content": "ok", "timestamp": "2026-05-20T08:02:00+08:00"},
        {"role": "assistant", "content": "late"},
        {"role": "user", "content": "ok"},
        {"role": "assistant", "content": "Roland:"},
    ]
    from timeline_app.core.hashing import content_hash

    ts = tmp_files(
        "ts.json",
        {
            content_hash("ok"): "(Sunday, 2025-09-21 12:00:00)",
            content_hash("late"): "(Sunday, 2025-09-21 11:00:00)",
            "f" * 64: "(Sunday, 2025-09-21 10:00:00)",
            "PLACEHOLDER_TIMESTAMP_HASH_0000": "(Sunday, 2025-09-21 12:05:00)",
        },
    )
    transcript = tmp_files("t.json", messages)
    code, out, err = run(capsys, "inspect", str(transcript), "--timestamps", str(ts), "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["format"] == "message-list"
    assert report["orphans"] == ["f" * 64]
    assert report["placeholder"] == "(Sunday, 2025-09-21 12:05:00)"
    rows = report["messages"]
    assert [r["status"] for r in rows] == ["system", "tracked", "tracked", "tracked", "generation-prompt"]
    assert [r["index"] for r in rows] == [0, 1, 2, 3, 4]
    assert rows[1]["own_timestamp"] == "2026-05-20T08:02:00+08:00"
    assert rows[2]["own_timestamp"] is None
    assert "shared-hash" in rows[1]["flags"] and "shared-hash" in rows[3]["flags"]
    assert "out-of-order" in rows[2]["flags"]
    assert "out-of-order" not in rows[1]["flags"]
    assert set(rows[0]) >= {
        "index",
        "role",
        "content",
        "hash",
        "stored_timestamp",
        "own_timestamp",
        "status",
        "flags",
    }


BAD_INPUTS = {
    "missing": None,
    "invalid-json": b'[{"role": "user", "content": "hi"',
    "binary": bytes(range(256)),
    "wrong-shape": b'{"model": "x"}',
    "message-not-object": b'["hello"]',
    "content-number": b'[{"role": "user", "content": 5}]',
    "empty": b"",
    "jsonl-broken-line": b'{"role": "user", "content": "a"}\n{"role": \n',
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_transcript_exits_2_naming_the_file(name, tmp_path, capsys) -> None:
    path = tmp_path / f"{name}.json"
    if BAD_INPUTS[name] is not None:
        path.write_bytes(BAD_INPUTS[name])
    ts = tmp_path / "timestamps.json"
    ts.write_text("{}", "ascii")
    for argv in (
        ["preview", str(path), "--timestamps", str(ts), "--style", "absolute"],
        ["backfill", str(path), "--timestamps", str(ts), "--write"],
        ["inspect", str(path), "--json"],
    ):
        code, _, err = run(capsys, *argv)
        assert code == 2, (argv, err)
        assert err.count("\n") == 1 and str(path) in err and "Traceback" not in err
        assert ts.read_text("ascii") == "{}"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        {"timestamps.json"} | ({path.name} if path.exists() else set())
    )


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"[1, 2]", "JSON object"),
        (b"{not json", "not valid JSON at line 1, column 2: "),
        (b"\xff\xfe\x00", "not valid JSON at line 1"),
    ],
)
def test_bad_timestamp_file_exits_2(content, problem, tmp_files, capsys) -> None:
    ts = tmp_files("timestamps.json", content)
    transcript = tmp_files("t.json", [{"role": "user", "content": "hi"}])
    code, _, err = run(capsys, "backfill", str(transcript), "--timestamps", str(ts), "--write")
    assert code == 2 and str(ts) in err and problem in err
    assert ts.read_bytes() == content


def test_non_string_stored_value_is_flagged_loudly(tmp_files, capsys) -> None:
    from timeline_app.core.hashing import content_hash

    ts = tmp_files("timestamps.json", {content_hash("hi"): 1758456000})
    transcript = tmp_files("t.json", [{"role": "user", "content": "hi"}])
    code, _, err = run(capsys, "preview", str(transcript), "--timestamps", str(ts), "--style", "absolute")
    assert code == 2 and "crashes" in err and str(ts) in err
    code, out, _ = run(
        capsys, "preview", str(transcript), "--timestamps", str(ts), "--style", "relative", "--json"
    )
    assert code == 0 and json.loads(out)["messages"][0]["content"] == "hi"
    code, out, _ = run(capsys, "inspect", str(transcript), "--timestamps", str(ts), "--json")
    assert json.loads(out)["messages"][0]["flags"] == ["not-text"]


@pytest.mark.parametrize(
    "argv",
    [
        ["summary", "--timestamps", "{ts}", "--now", "yesterday"],
        ["summary", "--timestamps", "{ts}", "--tz", "Mars/Olympus"],
        ["preview", "{t}", "--style", "cst", "--cst-tz", "Nowhere/Land"],
    ],
)
def test_bad_options_exit_2(argv, tmp_files, capsys) -> None:
    ts = tmp_files("ts.json", {})
    t = tmp_files("t.json", [])
    code, _, err = run(capsys, *[a.format(ts=ts, t=t) for a in argv])
    assert code == 2 and "error" in err and "Traceback" not in err


def test_aware_now_is_converted_to_the_middleware_zone(tmp_files, capsys) -> None:
    t = tmp_files("t.json", [{"role": "user", "content": "hi"}])
    ts = tmp_files("ts.json", {})
    code, out, _ = run(
        capsys,
        "preview",
        str(t),
        "--timestamps",
        str(ts),
        "--style",
        "absolute",
        "--now",
        "2025-09-21T12:00:00Z",
        "--tz",
        "Europe/Berlin",
        "--json",
    )
    assert code == 0
    assert json.loads(out)["messages"][0]["content"] == "(Sunday, 2025-09-21 14:00:00) hi"


def test_entry_point_runs_without_qt(tmp_files) -> None:
    t = tmp_files("t.json", [{"role": "user", "content": "hi"}])
    code = (  # the entry ends a command with os._exit: made to raise here, so the checks after it run
        "import os, sys, runpy\n"
        "def _exit(code):\n    raise SystemExit(code)\n"
        "os._exit = _exit\n"
        f"sys.argv = ['timeline-inspector', 'preview', {str(t)!r}, '--style', 'relative', '--json']\n"
        "try:\n    runpy.run_module('timeline_app', run_name='__main__')\n"
        "except SystemExit as e:\n    assert not e.code, e.code\n"
        "else:\n    raise AssertionError('the entry returned')\n"
        "assert not [m for m in sys.modules if m.startswith('PySide6')], 'Qt imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["messages"][0]["content"] == "[Sent less than a minute ago] hi"


def test_cst_on_a_wilmer_discussion_settles_dst_gaps_and_repeats(tmp_files, capsys) -> None:
    """Naive middleware times meet the aware CST style: the zone decides, DST included."""
    from timeline_app.core.hashing import content_hash

    messages = [{"role": "user", "content": "in the gap"}, {"role": "user", "content": "in the repeat"}]
    ts = tmp_files(
        "ts.json",
        {
            content_hash("in the gap"): "(Sunday, 2025-03-30 02:30:00)",  # does not exist in Berlin
            content_hash("in the repeat"): "(Sunday, 2025-10-26 02:30:00)",  # happens twice in Berlin
        },
    )
    t = tmp_files("t.json", messages)
    code, out, err = run(
        capsys,
        "preview",
        str(t),
        "--timestamps",
        str(ts),
        "--style",
        "cst",
        "--tz",
        "Europe/Berlin",
        "--json",
    )
    assert code == 0, err
    contents = [m["content"] for m in json.loads(out)["messages"]]
    assert contents == [
        "time: 2025-03-30T09:30 周日\nin the gap",  # moved forward by the gap: 03:30 CEST
        "time: 2025-10-26T08:30 周日\nin the repeat",  # the first occurrence: 02:30 CEST
    ]


HANDLERS = load_vectors("handlers")
REFUSED = [v for v in HANDLERS if v["expected"]["refused"] is not None]
ACCEPTED = [v for v in HANDLERS if v["expected"]["refused"] is None]


def _handler_flags(vector: dict) -> list[str]:
    flags = ["--api", vector["input"]["api"]]
    options = vector["input"]["options"]
    flags += ["--add-user-assistant"] if options.get("add_user_assistant") else []
    flags += ["--add-missing-assistant"] if options.get("add_missing_assistant") else []
    return flags


@pytest.mark.parametrize("vector", REFUSED, ids=[v["name"] for v in REFUSED])
def test_a_request_the_middleware_refuses_writes_nothing(vector, tmp_files, tmp_path, capsys) -> None:
    transcript = tmp_files("chat.json", {"model": "m", "messages": vector["input"]["messages"]})
    ts = tmp_files("timestamps.json", {"0" * 64: "(Monday, 2025-09-22 10:00:00)"})
    before = ts.read_bytes()
    code, out, err = run(
        capsys, "backfill", str(transcript), "--timestamps", str(ts), "--write", *_handler_flags(vector)
    )
    refused = vector["expected"]["refused"]
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and str(transcript) in err
    assert f"message {refused['index']}:" in err and refused["reason"] in err
    assert ts.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chat.json", "timestamps.json"], "no backup either"


@pytest.mark.parametrize("vector", ACCEPTED, ids=[v["name"] for v in ACCEPTED])
def test_handler_vectors_through_backfill(vector, tmp_files, tmp_path, capsys) -> None:
    transcript = tmp_files("chat.json", vector["input"]["messages"])
    out_file = tmp_path / "out.json"
    code, _, err = run(
        capsys, "backfill", str(transcript), *_ts(tmp_path / "timestamps.json"),
        "--now", "2025-09-22 10:00:00", "--output", str(out_file), "--json", *_handler_flags(vector),
    )  # fmt: skip
    assert code == 0, err
    tracked = [w["hash"] for w in vector["expected"]["wire"] if w["index"] is not None]
    assert set(json.loads(out_file.read_text())) == set(tracked)


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["preview", "t.json", "--style", "bogus"], "preview: --style must be absolute, relative or cst"),
        (["preview"], "preview: TRANSCRIPT and --style are required"),
        (["backfill", "t.json", "--output", "o", "--write"], "backfill: --output and --write cannot be used"),
        (["inspect", "t.json", "--bogus"], "inspect: unrecognized arguments: --bogus"),
        (["repair", "t.json", "--min-confidence", "low"], "repair: --min-confidence must be high or medium"),
    ],
)
def test_usage_errors_are_one_line(argv, line, capsys) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1, err
    assert err.startswith(f"timeline-inspector {line}") and f"see timeline-inspector {argv[0]} --help" in err


def test_top_level_help_lists_every_command(capsys) -> None:
    from timeline_app.arguments import COMMANDS

    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in COMMANDS:
        assert f"\n    {command} " in out or f"\n    {command}\n" in out, command
    assert "opens the window" in out


def test_top_level_help_does_not_import_qt() -> None:
    code = "import sys; from timeline_app.entry import main; main(['--help']); assert 'PySide6' not in sys.modules"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "discussions" in done.stdout


@pytest.mark.parametrize("skip", [False, True])
def test_broken_json_names_line_and_column(tmp_files, capsys, skip) -> None:
    path = tmp_files("chat.json", '{\n "messages": [\n  {"role": "user", "content": "hi"}\n ,,]}')
    code, _, err = run(capsys, "inspect", str(path), *(["--skip-bad-lines"] if skip else []))
    assert code == 2 and err.count("\n") == 1
    assert f"{path}: not valid JSON at line 4, column 3: " in err


def test_broken_jsonl_line_names_line_and_column(tmp_files, capsys) -> None:
    path = tmp_files("s.jsonl", '{"role": "user", "content": "a"}\n{"role": x}\n')
    code, _, err = run(capsys, "inspect", str(path))
    assert code == 2 and f"{path}: line 2: not valid JSON at column 10: " in err


@pytest.mark.parametrize(
    ("name", "flags", "used", "detected", "note"),
    [
        ("ollama_request.json", [], "ollama", "ollama", "client API detected: ollama"),
        ("ollama_request.json", ["--api", "auto"], "ollama", "ollama", "client API detected: ollama"),
        (
            "ollama_request.json",
            ["--api", "openai"],
            "openai",
            "ollama",
            "client API: openai as chosen, although the file looks like an ollama request",
        ),
        ("request_with_tag.json", [], "openai", "openai", "client API detected: openai"),
        (
            "request_with_tag.json",
            ["--api", "ollama"],
            "ollama",
            "openai",
            "although the file looks like an openai",
        ),
    ],
)
def test_the_output_says_which_api_is_used(name, flags, used, detected, note, capsys, tmp_path) -> None:
    """Said on stderr with --verbose (without it only a chosen API that
    contradicts the file, a warning), and in inspect's own report."""
    for command in ("inspect", "backfill", "repair"):
        if command == "repair":
            (tmp_path / "timestamps.json").write_text("{}")
        ts = _ts(tmp_path / "timestamps.json")
        code, out, err = run(capsys, command, str(FIXTURES / name), "--json", "-v", *ts, *flags)
        assert code == 0, err
        if command == "inspect":
            assert any(note in said for said in json.loads(out)["notes"]) and (note in err) == (
                "although" in note
            )
        else:
            assert note in err
        assert json.loads(out)["api"] == {
            "used": used,
            "detected": detected,
            "chosen": (flags or ["", "auto"])[1],
        }


def test_a_message_list_shows_no_api_and_openai_is_assumed(tmp_files, capsys) -> None:
    path = tmp_files("list.json", [{"role": "user", "content": None, "tool_calls": [{"id": "1"}]}])
    code, out, err = run(capsys, "inspect", str(path), "--json")
    report = json.loads(out)
    assert (
        err == "timeline-inspector: no timestamp file given; treating it as a new discussion (empty store)\n"
    )
    assert code == 0 and "client API: openai (the file does not show one; OpenAI assumed)" in report["notes"]
    assert report["api"] == {"used": "openai", "detected": None, "chosen": "auto"}
    code, out, _ = run(capsys, "inspect", str(path), "--json", "--api", "ollama")
    assert "client API: ollama (as chosen)" in json.loads(out)["notes"]
    assert json.loads(out)["messages"][0]["content"] == ""  # null is '' under Ollama too, never 'None'


PLACEHOLDER = "PLACEHOLDER_TIMESTAMP_HASH_0000"


@pytest.mark.parametrize("vector", WILMER, ids=[v["name"] for v in WILMER])
def test_backfill_placeholder_leaves_the_middlewares_file(vector, tmp_files, tmp_path, capsys) -> None:
    """The file after a whole request: the tracked file plus the reply's
    placeholder = now, last, even when tracking changed nothing."""
    transcript, ts = _inputs(vector, tmp_files)
    out_file = tmp_path / "out.json"
    now = vector["input"]["now"]
    code, out, err = run(
        capsys, "backfill", str(transcript), *_ts(ts), "--now", now,
        "--placeholder", "--output", str(out_file), "--json",
    )  # fmt: skip
    assert code == 0, err
    after = dict(vector["expected"]["timestamps_after"])
    after.pop(PLACEHOLDER, None)
    value = datetime.strptime(now, "%Y-%m-%d %H:%M:%S").strftime("(%A, %Y-%m-%d %H:%M:%S)")
    after[PLACEHOLDER] = value
    assert out_file.read_text("ascii") == json.dumps(after, indent=4)
    report = json.loads(out)
    assert report["changed"] and report["placeholder"]["saved"] == value


def test_backfill_help_says_only_tracking_is_simulated_without_placeholder(capsys) -> None:
    code, out, _ = run(capsys, "backfill", "--help")
    words = " ".join(out.split())
    assert code == 0 and "Only the tracking step is simulated unless --placeholder is given" in words


def _new_discussion(tmp_files, tmp_path) -> tuple[Path, Path]:
    transcript = tmp_files(
        "chat.json",
        {
            "messages": [
                {"role": "user", "content": "hi [DiscussionId]trip[/DiscussionId]"},
                {"role": "assistant", "content": "yo"},
            ]
        },
    )
    root = tmp_path / "DiscussionIds"
    root.mkdir()
    return transcript, root


def _tree(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_backfill_write_creates_a_new_discussion_under_the_root(tmp_files, tmp_path, capsys) -> None:
    transcript, root = _new_discussion(tmp_files, tmp_path)
    code, _, err = run(
        capsys, "backfill", str(transcript), "--root", str(root), "--write", "--now", "2025-01-01 10:00:00"
    )
    assert code == 0, err
    assert _tree(root) == ["trip", "trip/timestamps.json"]
    assert list(json.loads((root / "trip" / "timestamps.json").read_text()).values()) == [
        "(Wednesday, 2025-01-01 10:00:00)",
        "(Wednesday, 2025-01-01 09:59:59)",
    ]


def test_backfill_write_never_creates_anything_outside_the_root(tmp_files, tmp_path, capsys) -> None:
    transcript, root = _new_discussion(tmp_files, tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (root / "trip").symlink_to(elsewhere, target_is_directory=True)
    code, _, err = run(capsys, "backfill", str(transcript), "--root", str(root), "--write")
    assert code == 2 and "outside the DiscussionIds root" in err and err.count("error") == 1
    assert _tree(elsewhere) == []
    missing = tmp_path / "no-such-root"
    code, _, err = run(capsys, "backfill", str(transcript), "--root", str(missing), "--write")
    assert code == 2 and "must exist" in err and not missing.exists()


@pytest.mark.parametrize(
    ("folder", "made"),
    [
        ("DiscussionIds/newchat", True),
        ("DiscussionIds/0123456789abcdef/newchat", True),  # a per-user folder there
        ("elsewhere/newchat", False),  # not in a DiscussionIds folder
        ("DiscussionIds/fedcba9876543210/newchat", False),  # two levels missing
    ],
)
def test_write_of_a_new_discussions_first_file_makes_its_folder_or_says_it_is_missing(
    tmp_files, tmp_path, capsys, folder: str, made: bool
) -> None:
    """Issue 29 (2): a new chat paired with DiscussionIds/newchat/timestamps.json,
    the folder not made yet: --write failed with "cannot be written (No such
    file or directory)" (the window: "its folder … is not writable"). The
    middleware makes that folder at its first request: so does --write (the
    last level alone, in a DiscussionIds folder); elsewhere it says the
    folder does not exist and makes nothing. Break tried: without
    ``make_first_folder`` in the write: the raw error, no file."""
    transcript, root = _new_discussion(tmp_files, tmp_path)
    (root / "0123456789abcdef").mkdir()
    (tmp_path / "elsewhere").mkdir()
    before = _tree(tmp_path)
    store = tmp_path / folder / "timestamps.json"
    args = ["backfill", str(transcript), "--timestamps", str(store), "--new-discussion", "--write"]
    code, _, err = run(capsys, *args, "--now", "2025-01-01 10:00:00")
    if made:
        assert code == 0, err
        assert sorted(json.loads(store.read_text()).values()) == [
            "(Wednesday, 2025-01-01 09:59:59)",
            "(Wednesday, 2025-01-01 10:00:00)",
        ]
    else:
        assert code == 2 and "does not exist" in err and "nothing written" in err, err
        assert "cannot be written" not in err and "not writable" not in err
        assert _tree(tmp_path) == before  # a failing command changes no file


def _decrypts(path: Path, key: str) -> dict:
    from timeline_app.core.crypto import FileKey

    data = path.read_bytes()
    assert data.startswith(b"gAAAAA"), "expected an encrypted file"
    return json.loads(FileKey.derive(key).decrypt(data))


@pytest.mark.parametrize(
    ("sibling", "encrypted", "said"),
    [
        (None, True, "written encrypted with the API key: the first file of the per-user folder"),
        (b"{}", False, "written plain, like the other files"),
        ("encrypted", True, "written encrypted, like the other files"),
    ],
)
def test_a_new_file_in_a_user_folder_is_written_as_the_middleware_would(
    sibling, encrypted, said, tmp_files, tmp_path, capsys, monkeypatch
) -> None:
    from timeline_app.core.crypto import FileKey
    from timeline_app.core.discovery import api_key_folder

    transcript, root = _new_discussion(tmp_files, tmp_path)
    folder = api_key_folder("sk-secret")
    if sibling is not None:
        (root / folder / "older").mkdir(parents=True)
        data = FileKey.derive("sk-secret").encrypt(b"{}") if sibling == "encrypted" else sibling
        (root / folder / "older" / "timestamps.json").write_bytes(data)
    monkeypatch.setenv("WILMER_KEY", "sk-secret")
    code, out, err = run(
        capsys,
        "backfill",
        str(transcript),
        "--root",
        str(root),
        "--write",
        "--api-key-env",
        "WILMER_KEY",
        "--json",
    )
    assert code == 0, err
    written = root / folder / "trip" / "timestamps.json"
    assert {f"{folder}/trip", f"{folder}/trip/timestamps.json"} <= set(_tree(root))
    if encrypted:
        assert len(_decrypts(written, "sk-secret")) == 2
    else:
        assert len(json.loads(written.read_text())) == 2
    assert said in err and json.loads(out)["written_encrypted"] is encrypted


def test_output_of_a_new_file_outside_a_user_folder_stays_plain(tmp_files, tmp_path, capsys) -> None:
    transcript, _ = _new_discussion(tmp_files, tmp_path)
    out_file = tmp_path / "out.json"
    code, _, err = run(
        capsys, "backfill", str(transcript), *_ts(tmp_path / "timestamps.json"),
        "--api-key", "sk-secret", "--output", str(out_file),
    )  # fmt: skip
    assert code == 0, err
    assert out_file.read_text().startswith("{") and "not in this key's per-user folder" in err


def test_output_of_a_new_file_in_the_keys_user_folder_is_encrypted(tmp_files, tmp_path, capsys) -> None:
    transcript, root = _new_discussion(tmp_files, tmp_path)
    out_file = tmp_path / "out.json"
    code, _, err = run(
        capsys, "backfill", str(transcript), "--root", str(root), "--api-key", "sk-secret", "--output", str(out_file),
    )  # fmt: skip
    assert code == 0, err
    assert len(_decrypts(out_file, "sk-secret")) == 2
    assert _tree(root) == [], "--output writes only OUT"


@pytest.mark.parametrize(
    ("name", "fmt", "count"),
    [
        ("ooba_2025_tools.json", "text-generation-webui", 10),
        ("ooba_2023_data.json", "text-generation-webui", 5),
        ("open_webui_inner_chat.json", "open-webui", 5),
        ("st_solo_sendas.jsonl", "sillytavern", 6),
    ],
)
def test_other_programs_files_inspect(name, fmt, count, capsys) -> None:
    code, out, err = run(capsys, "inspect", str(FIXTURES / name), "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["format"] == fmt and len(report["messages"]) == count


def test_an_unknown_option_without_a_command_is_one_line_too(capsys) -> None:
    """Without a command the window's launcher parses; its usage errors read like the commands'."""
    from timeline_app.gui.launch import build_parser

    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(["--bogus"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert (
        err.count("\n") == 1
        and "unrecognized arguments: --bogus" in err
        and "see timeline-inspector --help" in err
    )


def test_the_cli_pairs_like_the_app_and_never_repairs_unrelated_files_silently(
    tmp_path: Path, capsys
) -> None:
    from timeline_app.core.hashing import content_hash

    mine = tmp_path / "mine"
    mine.mkdir()
    chat = mine / "chat.json"
    said = ["[DiscussionId]mine[/DiscussionId]first words", "second words", "third words"]
    chat.write_text(
        json.dumps(
            [{"role": "user" if i % 2 == 0 else "assistant", "content": c} for i, c in enumerate(said)]
        )
    )
    (mine / "timestamps.json").write_text(
        json.dumps({content_hash("first words"): "(Sunday, 2025-09-21 10:00:00)"})
    )
    code, out, err = run_cli(capsys, "inspect", str(chat), "--json")  # no --timestamps: the file beside it
    assert code == 0 and json.loads(out)["messages"][0]["status"] == "tracked"
    assert any("timestamp file found beside the transcript" in note for note in json.loads(out)["notes"])
    theirs = tmp_path / "DiscussionIds" / "theirs" / "timestamps.json"
    theirs.parent.mkdir(parents=True)
    theirs.write_text(
        json.dumps(
            {
                content_hash("first words"): "(Sunday, 2025-09-21 10:00:00)",
                content_hash("2nd words"): "(Sunday, 2025-09-21 10:01:00)",
                content_hash("third words"): "(Sunday, 2025-09-21 10:02:00)",
            }
        )
    )
    before = theirs.read_bytes()
    args = ["repair", str(chat), "--timestamps", str(theirs), "--min-confidence", "medium"]
    code, _, err = run_cli(capsys, *args, "--write")
    assert code == 2
    assert "warning: these files may not belong together" in err and "'theirs'" in err
    assert "--files-belong-together" in err and theirs.read_bytes() == before
    assert run_cli(capsys, *args, "--write", "--files-belong-together")[0] == 0
    assert theirs.read_bytes() != before


def _launch(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "timeline_app", *args], capture_output=True, text=True, timeout=60, env=env
    )


def test_a_mistyped_command_is_a_usage_error_not_a_window(tmp_path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = _launch(["bogus"], env)
    assert done.returncode == 2
    assert (
        "no command or file 'bogus'" in done.stderr and "preview" in done.stderr and "--help" in done.stderr
    )


def test_without_a_display_the_window_says_so_instead_of_aborting() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    done = _launch(["--demo"], env)
    assert done.returncode == 2, done.stderr
    assert "no display to open the window on" in done.stderr and "Traceback" not in done.stderr
    assert _launch(["inspect", "--help"], env).returncode == 0  # the commands need no display


def test_the_live_clock_is_on_the_clock_the_discussions_times_are_on(capsys, monkeypatch) -> None:
    """The demo's stored times are its own times at +02:00: without --now
    and --tz the next request is simulated at the current time there (as
    the window's live clock), not in this machine's zone (Kiritimati, +14:
    12 hours off). Fails with the clock read in the machine's zone."""
    import time
    from datetime import timedelta, timezone

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo"
    monkeypatch.setenv("TZ", "Pacific/Kiritimati")
    time.tzset()
    try:
        clock = timezone(timedelta(hours=2))
        before = datetime.now(clock).replace(tzinfo=None, microsecond=0)
        code, out, _ = run_cli(
            capsys,
            "backfill",
            str(demo / "chat.json"),
            "--timestamps",
            str(demo / "timestamps.json"),
            "--json",
        )
        after = datetime.now(clock).replace(tzinfo=None)
    finally:
        monkeypatch.undo()
        time.tzset()
    assert code == 0
    now = datetime.strptime(json.loads(out)["now"], "%Y-%m-%d %H:%M:%S")
    assert before <= now <= after


def test_inspect_flags_stored_times_after_now(capsys) -> None:
    """A stored time later than "now" (a clock set wrong) is flagged
    ``future`` per message and counted under the listing, against the
    --now given. Fails without the flag: inspect said nothing of them."""
    demo = Path(__file__).resolve().parents[2] / "resources" / "demo"
    files = [str(demo / "chat.json"), "--timestamps", str(demo / "timestamps.json")]
    code, out, err = run_cli(capsys, "inspect", *files, "--now", "2025-09-14 09:30:00", "--json")
    assert code == 0, err
    future = [m["index"] for m in json.loads(out)["messages"] if "future" in m["flags"]]
    assert future == [10, 12]
    code, out, err = run_cli(capsys, "inspect", *files, "--now", "2025-09-14 09:30:00")
    assert code == 0, err
    assert "2 stored times after now (2025-09-14 09:30:00): flagged future" in out
    assert ", 2 orphans with a time after now" in out  # the demo's two orphans, both at 09-20
    listed = [line for line in out.splitlines() if line.startswith("#  12 ")]
    assert listed and " future " in listed[0]
    code, out, err = run_cli(capsys, "inspect", *files, "--now", "2025-09-21 08:06:00")
    assert code == 0 and "after now" not in out and " future " not in out


def test_the_command_lines_zone_help_says_what_no_zone_is() -> None:
    import argparse

    from timeline_app.cli.parser import common_options

    parser = argparse.ArgumentParser()
    common_options(parser)
    assert "the offset the transcript's own times show" in " ".join(parser.format_help().split())


def _shared_ok_pair(tmp_files) -> tuple[Path, Path]:
    """15 messages, "ok" at #7 and #13: 15 tracked, 14 entries."""
    from timeline_app.core.hashing import content_hash

    texts = [f"message {i}" for i in range(15)]
    texts[7] = texts[13] = "ok"
    messages = [{"role": "user" if i % 2 else "assistant", "content": t} for i, t in enumerate(texts)]
    stored = {content_hash(t): f"(Sunday, 2025-09-21 12:00:{i:02d})" for i, t in enumerate(texts)}
    assert len(stored) == 14
    return tmp_files("chat.json", messages), tmp_files("timestamps.json", stored)


def test_inspect_says_how_many_entries_the_tracked_messages_share(tmp_files, capsys) -> None:
    """Two messages of one content share one entry: "15 tracked" is said with
    the 14 entries that hold their times, as the status bar says it (tryout:
    the counts could not be checked against Save's)."""
    transcript, ts = _shared_ok_pair(tmp_files)
    code, out, err = run(capsys, "inspect", str(transcript), "--timestamps", str(ts))
    assert code == 0, err
    assert "15 tracked in 14 entries (2 messages share one), 0 untracked" in out
    code, out, err = run(capsys, "inspect", str(transcript), "--timestamps", str(ts), "--json")
    assert json.loads(out)["tracked_entries"] == 14


_ZONES = ("UTC", "Asia/Tokyo", "America/Los_Angeles", "Pacific/Kiritimati")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    command=st.sampled_from((("preview", "--style", "absolute"), ("inspect",), ("backfill",))),
    machine=st.sampled_from(_ZONES),
    minutes=st.integers(0, 14 * 24 * 60),
    offset=st.integers(-12 * 4, 14 * 4),
)
def test_an_instant_given_as_now_is_read_on_the_discussions_clock(
    capsys, command: tuple[str, ...], machine: str, minutes: int, offset: int
) -> None:
    """``--now`` with an offset names an instant: it is the naive time the
    discussion's clock (the demo's: UTC+2) shows then, whatever this
    machine's zone. Fails with the instant converted to this machine's zone
    (06:06+00:00 showed 06:06 on a machine in UTC, 15:06 in Tokyo)."""
    import time
    from datetime import timedelta, timezone

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo"
    files = [str(demo / "chat.json"), "--timestamps", str(demo / "timestamps.json")]
    naive = datetime(2025, 9, 14, 0, 0, 0) + timedelta(minutes=minutes)  # on the demo's clock
    zone = timezone(timedelta(minutes=15 * offset))
    instant = naive.replace(tzinfo=timezone(timedelta(hours=2))).astimezone(zone)
    saved = os.environ.get("TZ")
    os.environ["TZ"] = machine
    time.tzset()
    try:
        given = run_cli(capsys, *command, *files, "--now", instant.isoformat(), "--json")
        plain = run_cli(capsys, *command, *files, "--now", f"{naive:%Y-%m-%d %H:%M:%S}", "--json")
    finally:
        if saved is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = saved
        time.tzset()
    assert given[0] == 0, given[2]
    assert given == plain


@pytest.mark.parametrize(
    "command", [("preview", "--style", "absolute", "--json"), ("backfill",), ("inspect",), ("repair",)]
)
def test_every_command_on_a_recording_says_the_recorders_copy_it_used(
    capsys, tmp_path: Path, command: tuple[str, ...]
) -> None:
    """Issue 31 (tryout): ``preview wire/lisbon-trip/requests.jsonl`` said
    nothing of the timestamp file it used, so a run that read none ("no
    timestamp file given; treating it as a new discussion") could not be told
    from one that read the recorder's copy the window uses. Each command that
    takes a transcript says on stderr which copy, for which request; the "new
    discussion" line only when no copy was kept or it is gone."""
    from record_helpers import chat_call, record_offset_talk, wire_time

    from timeline_app.core.recordings import read_records
    from timeline_app.record.journal import Journal

    out = tmp_path / "rec"
    record_offset_talk(out)
    requests = out / "talk" / "requests.jsonl"
    (request,) = read_records(requests).requests
    copy = request.snapshot_path()
    kept = copy.read_bytes()
    code, _, err = run_cli(capsys, command[0], str(requests), *command[1:])
    assert code == 0, err
    said = f"timeline-inspector: timestamps: {copy} (the recorder's copy for request 1)"
    assert said in err.splitlines(), err
    assert "new discussion" not in err and "the recorder's copy):" not in err  # said once
    assert copy.read_bytes() == kept
    # recorded without --discussions: no copy, a new discussion as before
    bare = tmp_path / "bare"
    body = {"model": "m", "messages": [{"role": "user", "content": "Hello"}]}
    chat_call(Journal(bare, "client"), wire_time({"input": {"now": "2025-09-21 10:00:00"}}), body, "talk")
    code, _, err = run_cli(capsys, command[0], str(bare / "talk" / "requests.jsonl"), *command[1:])
    assert "timestamps:" not in err
    if command[0] in ("preview", "inspect"):
        assert code == 0, err
        assert "no timestamp file given; treating it as a new discussion (empty store)" in err


def test_a_recorded_request_is_previewed_at_its_arrival(capsys, tmp_path: Path) -> None:
    """A ``requests.jsonl`` without --now is shown at the request's arrival on
    the discussion's clock (here +05:30, its own times'), as the window pins
    it however it is opened (``recorded_now``), and --verbose says so. Fails
    with the live clock (tryout: 08:42:31 here, 08:41:35 in the window)."""
    from record_helpers import record_offset_talk

    out = tmp_path / "rec"
    record_offset_talk(out)
    requests = out / "talk" / "requests.jsonl"
    code, out_text, err = run_cli(capsys, "preview", str(requests), "--style", "absolute", "--json", "-v")
    assert code == 0, err
    newest = json.loads(out_text)["messages"][-1]["content"]
    assert newest.startswith("(Sunday, 2025-09-21 10:06:00) What next?"), newest
    assert "now: pinned to the recorded request's arrival, 2025-09-21 10:06:00" in err
    code, pinned, err = run_cli(
        capsys, "preview", str(requests), "--style", "absolute", "--json", "--now", "2025-09-21 10:06:00"
    )
    assert code == 0 and pinned == out_text

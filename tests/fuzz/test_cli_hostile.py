"""The command line under hostile files and arguments (issue 30): one clear line, status 2, no file changed.

Each case runs the real process with a timeout (a FIFO or /dev/zero hung it
before), and checks: the status, one line on stderr naming the file or the
option, no traceback, every file byte-identical, no temp file left. The
hypothesis part mutates a real timestamp file and runs in-process; its
example count comes from ``FUZZ_EXAMPLES`` (small in ``make test``, large in
``make fuzz-cli``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))


def _folder(tmp_path: Path) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    for name in ("chat.json", "timestamps.json"):
        shutil.copy(DEMO / name, tmp_path / name)
    return tmp_path


def _snapshot(folder: Path) -> dict[str, bytes | str]:
    out: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            out[str(path)] = f"-> {os.readlink(path)}"
        elif path.is_file():
            out[str(path)] = path.read_bytes()
    return out


def _run(folder: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "timeline_app", *argv],
        cwd=folder,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=30,  # a hang fails the test instead of the suite
        stdin=subprocess.DEVNULL,
    )


def _refused(done: subprocess.CompletedProcess[str], *named: str) -> None:
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if "warning:" not in line]
    assert len(lines) == 1, done.stderr
    assert all(word in lines[0] for word in named), lines[0]


FAULTS = {
    "fifo transcript": (lambda d: os.mkfifo(d / "f.json"), ["inspect", "f.json"], "f.json"),
    "fifo timestamps": (lambda d: os.mkfifo(d / "f.json"), ["summary", "--timestamps", "f.json"], "f.json"),
    "fifo backfill ts": (
        lambda d: os.mkfifo(d / "f.json"),
        ["backfill", "chat.json", "--timestamps", "f.json"],
        "f.json",
    ),
    "fifo requests.jsonl": (
        lambda d: ((d / "rec" / "x").mkdir(parents=True), os.mkfifo(d / "rec" / "x" / "requests.jsonl")),
        ["compare", "rec"],
        "requests.jsonl",
    ),
    "device": (lambda d: None, ["inspect", "/dev/zero"], "/dev/zero"),
    "device ts": (lambda d: None, ["summary", "--timestamps", "/dev/zero"], "/dev/zero"),
    "folder": (lambda d: (d / "dir.json").mkdir(), ["inspect", "dir.json"], "dir.json"),
    "link loop": (
        lambda d: (os.symlink("b", d / "a"), os.symlink("a", d / "b")),
        ["inspect", "chat.json", "--timestamps", "a"],
        "symbolic links",
    ),
    "long name": (lambda d: None, ["inspect", "x" * 4096], "File name too long"),
    "now at the calendar's start": (
        lambda d: None,
        ["backfill", "chat.json", "--timestamps", "timestamps.json", "--now", "0001-01-01T00:00:00+14:00"],
        "calendar",
    ),
    "now at the calendar's end": (
        lambda d: None,
        [
            "preview",
            "chat.json",
            "--timestamps",
            "timestamps.json",
            "--style",
            "cst",
            "--now",
            "9999-12-31T23:59:59-14:00",
            "--tz",
            "Pacific/Kiritimati",
        ],
        "calendar",
    ),
    "empty now": (
        lambda d: None,
        ["backfill", "chat.json", "--timestamps", "timestamps.json", "--now", "", "--write"],
        "--now",
    ),
    "empty output": (
        lambda d: None,
        ["backfill", "chat.json", "--timestamps", "timestamps.json", "--output", ""],
        "--output",
    ),
    "empty root": (lambda d: None, ["inspect", "chat.json", "--root", ""], "--root"),
    "missing root": (lambda d: None, ["inspect", "chat.json", "--root", "missing-root"], "missing-root"),
    "posix zone": (lambda d: None, ["inspect", "chat.json", "--tz", "UTC+99"], "UTC+99"),
    "zone file": (lambda d: None, ["inspect", "chat.json", "--cst-tz", "iso3166.tab"], "iso3166.tab"),
    "zone path": (lambda d: None, ["inspect", "chat.json", "--tz", "../../../etc/passwd"], "time zone"),
    "long zone": (lambda d: None, ["inspect", "chat.json", "--tz", "a" * 300], "time zone"),
    "nan body": (
        lambda d: None,
        ["record", "--listen", "127.0.0.1:0", "--upstream", "http://x", "--out", "o", "--max-body", "nan"],
        "--max-body",
    ),
    "huge body": (
        lambda d: None,
        ["record", "--listen", "127.0.0.1:0", "--upstream", "http://x", "--out", "o", "--max-body", "1e400"],
        "--max-body",
    ),
    "nan timeout": (
        lambda d: None,
        ["record", "--listen", "127.0.0.1:0", "--upstream", "http://x", "--out", "o", "--timeout", "nan"],
        "--timeout",
    ),
    # found by a blind seeded run (issue 30's last condition)
    "transcript as its own timestamp file": (
        lambda d: None,
        ["backfill", "chat.json", "--timestamps", "chat.json", "--write"],
        "is the transcript itself",
    ),
    "output a link to the transcript": (
        lambda d: os.symlink("chat.json", d / "out.json"),
        ["backfill", "chat.json", "--timestamps", "timestamps.json", "--output", "out.json"],
        "--output is the transcript itself",
    ),
    "output a hard link to the transcript": (
        lambda d: os.link(d / "chat.json", d / "out.json"),
        ["repair", "chat.json", "--timestamps", "timestamps.json", "--output", "out.json"],
        "--output is the transcript itself",
    ),
    "empty chat": (lambda d: None, ["inspect", "chat.json", "--chat", ""], "--chat"),
    "empty key variable": (lambda d: None, ["inspect", "chat.json", "--api-key-env", ""], "--api-key-env"),
    "empty reply file": (
        lambda d: None,
        ["backfill", "chat.json", "--timestamps", "timestamps.json", "--reply-file", ""],
        "--reply-file",
    ),
    "empty hash": (lambda d: None, ["history", "timestamps.json", "--hash", ""], "--hash"),
    "chat of a single conversation": (
        lambda d: None,
        ["backfill", "chat.json", "--timestamps", "timestamps.json", "--chat", "nan", "--write"],
        "--chat",
    ),
    "chat without a transcript": (
        lambda d: None,
        ["summary", "--timestamps", "timestamps.json", "--chat", "0"],
        "--chat",
    ),
    "name with a line break": (
        lambda d: (d / "new\nline.json").write_text('{"messages": ['),
        ["inspect", "new\nline.json"],
        "new\\nline.json",
    ),
    "upstream port out of range": (
        lambda d: None,
        ["record", "--listen", "127.0.0.1:0", "--upstream", "http://127.0.0.1:99999", "--out", "o"],
        "--upstream",
    ),
    "upstream port in another script": (
        lambda d: None,
        ["record", "--listen", "127.0.0.1:0", "--upstream", "http://127.0.0.1:\u0663\u0663", "--out", "o"],
        "--upstream",
    ),
    "listen port not ascii": (
        lambda d: None,
        ["record", "--listen", "127.0.0.1:\u00b2", "--upstream", "http://x", "--out", "o"],
        "--listen",
    ),
    "history source too long": (
        lambda d: None,
        ["history", "timestamps.json", "x" * 300],
        "File name too long",
    ),
    "bom timestamps": (
        lambda d: (d / "bom.json").write_bytes(b"\xef\xbb\xbf" + (d / "timestamps.json").read_bytes()),
        ["inspect", "chat.json", "--timestamps", "bom.json"],
        "BOM",
    ),
}


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_a_hostile_input_is_one_clear_line_and_changes_nothing(name: str, tmp_path: Path) -> None:
    make, argv, named = FAULTS[name]
    folder = _folder(tmp_path)
    make(folder)
    before = _snapshot(folder)
    _refused(_run(folder, *argv), named)
    assert _snapshot(folder) == before


def test_a_symlinked_timestamp_file_is_written_through_and_stays_a_link(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "real").mkdir()
    (folder / "timestamps.json").rename(folder / "real" / "ts.json")
    os.symlink("real/ts.json", folder / "timestamps.json")
    old = (folder / "real" / "ts.json").read_bytes()
    done = _run(
        folder,
        "backfill",
        "chat.json",
        "--timestamps",
        "timestamps.json",
        "--write",
        "--now",
        "2025-09-21 12:00:00",
    )
    assert done.returncode == 0, done.stderr
    assert (folder / "timestamps.json").is_symlink()
    assert (folder / "real" / "ts.json").read_bytes() != old
    (backup,) = (folder / "real").glob("ts.json.bak-*")
    assert not backup.is_symlink() and backup.read_bytes() == old
    assert not list(folder.rglob(".*.tmp"))


def test_a_lone_surrogate_is_reported_after_a_write_without_failing(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    store = json.loads((folder / "timestamps.json").read_text())
    first = next(iter(store))
    store[first] += "\ud800"
    (folder / "timestamps.json").write_text(json.dumps(store))
    for argv in (
        ["preview", "chat.json", "--timestamps", "timestamps.json", "--style", "absolute"],
        ["preview", "chat.json", "--timestamps", "timestamps.json", "--style", "absolute", "--json"],
        ["backfill", "chat.json", "--timestamps", "timestamps.json", "--write"],
    ):
        done = _run(folder, *argv)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr


def test_a_key_that_is_not_a_digest_and_an_object_value_crash_nothing(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    store = json.loads((folder / "timestamps.json").read_text())
    (folder / "wrapped.json").write_text(json.dumps({"timestamps": store}))
    (folder / "ts63.json").write_text(json.dumps({**store, "a" * 63: "2025-01-01 00:00:00"}))
    for argv in (
        ["inspect", "chat.json", "--timestamps", "wrapped.json"],
        ["repair", "chat.json", "--timestamps", "wrapped.json"],
        [
            "repair",
            "chat.json",
            "--timestamps",
            "ts63.json",
            "--min-confidence",
            "medium",
            "--files-belong-together",
            "--output",
            "out.json",
        ],
    ):
        done = _run(folder, *argv)
        assert done.returncode in (0, 2) and "Traceback" not in done.stderr, done.stderr


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    key=st.sampled_from(["a" * 63, "A" * 64, "PLACEHOLDER_TIMESTAMP_HASH_0000", "", "timestamps"])
    | st.text(),
    value=_JSON,
    command=st.sampled_from(["inspect", "repair", "backfill", "preview"]),
)
def test_mutated_timestamp_files_never_crash(tmp_path: Path, key: str, value: object, command: str) -> None:
    """A real timestamp file with one entry of any JSON kind added; the
    command ends with status 0 or 2, never a traceback, and a failed run
    changes no file."""
    from timeline_app.entry import main

    folder = _folder(tmp_path / f"case{abs(hash((key, command, repr(value)))) % 10**9}")
    store = json.loads((folder / "timestamps.json").read_text())
    store[key] = value
    (folder / "timestamps.json").write_text(json.dumps(store))
    argv = [
        command,
        str(folder / "chat.json"),
        "--timestamps",
        str(folder / "timestamps.json"),
        "--now",
        "2025-09-21 12:00:00",
        "--tz",
        "UTC",
    ]
    if command == "preview":
        argv += ["--style", "absolute"]
    if command in ("repair", "backfill"):
        argv += ["--output", str(folder / "out.json")]
    before = _snapshot(folder)
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    assert code in (0, 2)
    if code != 0:
        assert _snapshot(folder) == before


# The standard streams a caller may hand over broken (found blind): stdout
# closed (``>&-``: no ``sys.stdout`` at all), stdout on a full disk, stderr
# closed (``print`` would fall back to stdout), stderr on a full disk.
STREAMS = ["stdout closed", "stdout full", "stderr closed", "stderr full"]

STREAM_COMMANDS = {
    "inspect": ["inspect", "chat.json", "--timestamps", "timestamps.json"],
    "preview": ["preview", "chat.json", "--timestamps", "timestamps.json", "--style", "cst", "--json"],
    "summary": ["summary", "--timestamps", "timestamps.json"],
    "backfill write": [
        "backfill",
        "chat.json",
        "--timestamps",
        "timestamps.json",
        "--write",
        "--placeholder",
    ],
    "backfill output": ["backfill", "chat.json", "--timestamps", "timestamps.json", "--output", "out.json"],
    "repair write": [
        "repair",
        "chat.json",
        "--timestamps",
        "timestamps.json",
        "--min-confidence",
        "medium",
        "--files-belong-together",
        "--write",
    ],
    "discussions": ["discussions", "."],
    "history": ["history", "timestamps.json"],
    "bad input": ["inspect", "missing.json"],
}


def _run_streams(folder: Path, stream: str, argv: list[str]) -> subprocess.CompletedProcess[bytes]:
    command = [sys.executable, "-m", "timeline_app", *argv, "--now", "2025-09-21 12:00:00"]
    if argv[0] == "discussions":
        command = command[:-2]
    kwargs: dict = {"cwd": folder, "timeout": 30, "stdin": subprocess.DEVNULL}
    if stream.startswith("stdout"):
        kwargs["stderr"] = subprocess.PIPE
        if stream == "stdout closed":
            return subprocess.run(command, preexec_fn=lambda: os.close(1), **kwargs)
        with open("/dev/full", "wb") as full:
            return subprocess.run(command, stdout=full, **kwargs)
    kwargs["stdout"] = subprocess.PIPE
    if stream == "stderr closed":
        return subprocess.run(command, preexec_fn=lambda: os.close(2), **kwargs)
    with open("/dev/full", "wb") as full:
        return subprocess.run(command, stderr=full, **kwargs)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("stream", STREAMS)
@pytest.mark.parametrize("command", sorted(STREAM_COMMANDS))
def test_broken_standard_streams_end_cleanly(stream: str, command: str, tmp_path: Path) -> None:
    """With a broken stdout or stderr, every command ends without a
    traceback: status 0 or 2 when only stderr is broken (its lines are lost,
    never put on stdout), 120 when stdout cannot take the report. A closed
    stdout stops a write before it happens; a full one after a write says the
    file was written."""
    folder = _folder(tmp_path)
    argv = STREAM_COMMANDS[command]
    before = _snapshot(folder)
    done = _run_streams(folder, stream, argv)
    failed = argv[0] == "inspect" and argv[1] == "missing.json"
    if stream.startswith("stderr"):
        assert done.returncode == (2 if failed else 0)
        assert b"timeline-inspector:" not in done.stdout
        return
    assert b"Traceback" not in done.stderr, done.stderr
    assert done.returncode == (2 if failed else 120), done.stderr
    last = done.stderr.decode().splitlines()[-1]
    assert last.startswith("timeline-inspector: error: ")
    wrote = "was written (the report was not)" in last
    if stream == "stdout closed" or not wrote:
        assert _snapshot(folder) == before
    else:
        assert command in ("backfill write", "backfill output", "repair write")
    assert not list(folder.rglob(".*.tmp"))


# Option values a person (or a script with an unset variable) may pass.
_HOSTILE_VALUES = st.sampled_from(
    ["", " ", "\t", "nan", "-1", "1e400", "\n", "a\nb", "\x1b[2J", "\u2028"]
) | st.text(max_size=6)
_VALUE_OPTIONS = {
    "inspect": ["--chat", "--now", "--tz", "--cst-tz", "--root", "--api-key-env", "--format"],
    "backfill": ["--chat", "--now", "--reply-file", "--output", "--api-key", "--timestamps"],
    "history": ["--hash", "--now", "--tz"],
}


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    command=st.sampled_from(sorted(_VALUE_OPTIONS)),
    choice=st.integers(0, 6),
    value=_HOSTILE_VALUES,
)
def test_hostile_option_values_are_one_line_or_run(
    tmp_path: Path, capsys, command: str, choice: int, value: str
) -> None:
    """Any value of a value-taking option: status 0 or 2, every line on
    stderr starting with the program's name (a line break in a value is
    escaped), a blank value refused, and a failed run changes no file."""
    from timeline_app.entry import main

    option = _VALUE_OPTIONS[command][choice % len(_VALUE_OPTIONS[command])]
    folder = _folder(tmp_path / f"case{abs(hash((command, option, value))) % 10**9}")
    base = {
        "inspect": ["inspect", str(folder / "chat.json")],
        "backfill": ["backfill", str(folder / "chat.json"), "--timestamps", str(folder / "timestamps.json")],
        "history": ["history", str(folder / "timestamps.json")],
    }[command]
    before = _snapshot(folder)
    capsys.readouterr()
    home = os.getcwd()
    os.chdir(folder)  # a relative value (``--output 1e400``) lands in the case's folder, not the checkout
    try:
        code = main([*base, option, value])
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    finally:
        os.chdir(home)
    _, err = capsys.readouterr()
    assert code in (0, 2), err
    assert all(line.startswith("timeline-inspector") for line in err.splitlines()), err
    if not value.strip():
        assert code == 2 and option in err
    if code != 0:
        assert _snapshot(folder) == before

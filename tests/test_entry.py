"""The process entry (``python -m timeline_app``): a command's process ends with
``os._exit`` after its output is flushed, so what it printed and wrote must be
exactly what ``main`` in process gives, and a failed write must still fail."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import run_cli
from timeline_app.core.hashing import content_hash

NOW = "2025-09-22 10:00:00"


def _process(*argv: str, stdout: int | None = subprocess.PIPE) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "timeline_app", *argv], stdout=stdout, stderr=subprocess.PIPE, timeout=60
    )


def _chat(tmp_files) -> tuple[Path, Path]:
    messages = [{"role": "user", "content": f"message {i} 🙂"} for i in range(30)]
    stored = {content_hash(m["content"]): "(Monday, 2025-09-15 08:00:00)" for m in messages[:10]}
    return tmp_files("chat.json", {"messages": messages}), tmp_files("ts.json", stored)


def test_a_preview_prints_what_main_prints(tmp_files, capsys) -> None:
    chat, ts = _chat(tmp_files)
    argv = ("preview", str(chat), "--timestamps", str(ts), "--style", "relative", "--json", "--now", NOW)
    code, out, _ = run_cli(capsys, *argv)
    done = _process(*argv)
    assert (done.returncode, done.stdout.decode("utf-8")) == (code, out) == (0, out)
    assert out.endswith("}\n")


def test_a_backfill_writes_and_reports_what_main_does(tmp_files, tmp_path, capsys) -> None:
    chat, ts = _chat(tmp_files)
    argv = ("backfill", str(chat), "--timestamps", str(ts), "--now", NOW, "--output")
    code, out, _ = run_cli(capsys, *argv, str(tmp_path / "in-process.json"))
    done = _process(*argv, str(tmp_path / "process.json"))
    assert done.returncode == code == 0
    assert done.stdout.decode("utf-8") == out.replace("in-process.json", "process.json")
    assert (tmp_path / "process.json").read_bytes() == (tmp_path / "in-process.json").read_bytes()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("count", [30, 3_000])  # written whole, and written as it is made
def test_output_that_cannot_be_written_fails_the_process(tmp_files, count: int) -> None:
    """A full disk under stdout: one line saying so, the status the
    interpreter gives a failed flush, no traceback."""
    messages = [{"role": "user", "content": f"message {i} 🙂"} for i in range(count)]
    chat = tmp_files("chat.json", {"messages": messages})
    ts = tmp_files("ts.json", {content_hash(messages[0]["content"]): "(Monday, 2025-09-15 08:00:00)"})
    for extra in (("--json",), ()):  # the JSON document, and the text report
        with open("/dev/full", "wb") as full:
            argv = (
                "preview",
                str(chat),
                "--timestamps",
                str(ts),
                "--style",
                "relative",
                "--now",
                NOW,
                *extra,
            )
            done = _process(*argv, stdout=full.fileno())
        assert done.returncode == 120, done.stderr
        assert b"error: could not write the output: [Errno 28] No space left on device" in done.stderr
        assert b"Traceback" not in done.stderr


def test_a_failed_command_exits_as_before(tmp_path) -> None:
    done = _process("preview", str(tmp_path / "missing.json"), "--style", "relative", "--now", NOW)
    assert done.returncode == 2
    assert b"error:" in done.stderr


def test_a_repair_that_shared_its_work_leaves_no_process_behind(tmp_files, tmp_path: Path) -> None:
    """The worker a repair starts (core/split.py) must end with the command,
    which the quick exit would skip: the pool's pipes keep an orphan waiting."""
    messages = [{"role": "user", "content": f"message {i} "} for i in range(40)]
    stored = {
        content_hash(m["content"]): f"(Monday, 2025-09-15 08:00:{i:02d})" for i, m in enumerate(messages)
    }
    for m in messages:  # the trailing space the middleware hashed, lost by the transcript
        m["content"] = m["content"].rstrip()
    chat, ts = tmp_files("chat.json", {"messages": messages}), tmp_files("ts.json", stored)
    script = (
        "import sys\n"
        "from timeline_app.core import repair, split\n"
        "split.second_core_free = lambda: True\n"
        "repair.PARALLEL_FROM = 1\n"
        "made = split.SharedMap.__init__\n"
        "def init(self, module, **how):\n"
        "    made(self, module, **how)\n"
        "    print('worker started:', self.started(30), file=sys.stderr, flush=True)\n"
        "split.SharedMap.__init__ = init\n"
        "from timeline_app.entry import entry\n"
        f"sys.argv = ['timeline-inspector', 'repair', {str(chat)!r}, '--timestamps', {str(ts)!r}, '--now', {NOW!r}]\n"
        "entry()\n"
    )
    out, err = tmp_path / "out", tmp_path / "err"
    with (
        out.open("wb") as stdout,
        err.open("wb") as stderr,
    ):  # files: an orphan holding a pipe would hang a read
        done = subprocess.Popen(
            [sys.executable, "-c", script], stdout=stdout, stderr=stderr, start_new_session=True
        )
        assert done.wait(timeout=60) == 0, err.read_text()
    assert "worker started: True" in err.read_text()
    assert out.read_bytes()  # the proposals were printed
    group = done.pid  # its own session: every process it started is in this group
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.killpg(group, 9)
    pytest.fail("a process the repair started outlived it")


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_files) -> None:
    """``preview --json | head``: the streamed document and the text report
    both meet a closed pipe mid-write; the process ends with 141 (128 +
    SIGPIPE, as a tool killed by the signal would) and no traceback."""
    messages = [{"role": "user", "content": f"message {i} " + "words " * 40} for i in range(3_000)]
    chat = tmp_files("chat.json", {"messages": messages})
    for extra in (("--json",), ()):
        argv = [sys.executable, "-m", "timeline_app", "preview", str(chat), "--style", "relative"]
        with subprocess.Popen(
            [*argv, "--now", NOW, *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE
        ) as process:
            assert process.stdout is not None and process.stderr is not None
            assert process.stdout.read(10)
            process.stdout.close()  # the reader is gone, ~600 KB before the end
            err = process.stderr.read()
            assert process.wait(timeout=60) == 141, err
        assert b"Traceback" not in err and b"Error" not in err, err


def _closing(fd: int):
    """A ``preexec_fn`` that starts the process with ``fd`` closed (``>&-``, ``2>&-``)."""
    return lambda: os.close(fd)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


COMMANDS_THAT_WRITE = [
    ("backfill", "--write"),
    ("repair", "--write"),
    ("backfill", "--output"),
    ("repair", "--output"),
]


def _writing_argv(chat: Path, ts: Path, command: str, how: str) -> list[str]:
    # the file's one entry is an orphan: no stored time of it a message of the chat
    # (repair's doubt, and for either command another discussion's file): written anyway
    argv = [command, str(chat), "--timestamps", str(ts), "--now", NOW, "--files-belong-together"]
    if command == "repair":
        argv += ["--min-confidence", "medium"]
    return argv + (["--write"] if how == "--write" else ["--output", str(chat.parent / "out.json")])


def _repairable(tmp_files) -> tuple[Path, Path]:
    """A chat whose first message's stored time was orphaned by a trailing space: both
    ``backfill`` and ``repair`` have something to write."""
    messages = [{"role": "user", "content": f"message {i}"} for i in range(4)]
    chat = tmp_files("chat.json", {"messages": messages})
    ts = tmp_files("ts.json", {content_hash("message 0 "): "(Monday, 2025-09-15 08:00:00)"})
    return chat, ts


@pytest.mark.parametrize(("command", "how"), COMMANDS_THAT_WRITE)
def test_a_closed_stdout_fails_before_anything_is_written(
    tmp_files, tmp_path, command: str, how: str
) -> None:
    """Found blind: ``backfill --write >&-`` wrote the file, then died on
    ``sys.stdout.buffer`` (stdout closed: ``sys.stdout`` is None) with a
    traceback and status 1. Now one line, status 120, every file as it was and
    nothing new (fails with ``output_ready`` made a no-op: the file is written)."""
    chat, ts = _repairable(tmp_files)
    before = _files(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "timeline_app", *_writing_argv(chat, ts, command, how)],
        stderr=subprocess.PIPE,
        preexec_fn=_closing(1),
        timeout=60,
    )
    assert done.returncode == 120, done.stderr
    assert (
        done.stderr == b"timeline-inspector: error: could not write the output: [Errno 9] stdout is closed\n"
    )
    assert _files(tmp_path) == before


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(("command", "how"), COMMANDS_THAT_WRITE)
def test_a_report_that_fails_after_a_write_says_the_file_was_written(
    tmp_files, tmp_path, command, how
) -> None:
    """A full disk under stdout is only known once the report is written,
    after the file: the one error line says the file was written (its backup
    said on the line before), so a failed status is not read as "nothing
    happened" (fails without ``report_after_write``'s ``done``)."""
    chat, ts = _repairable(tmp_files)
    with open("/dev/full", "wb") as full:
        done = _process(*_writing_argv(chat, ts, command, how), stdout=full.fileno())
    assert done.returncode == 120, done.stderr
    target = ts if how == "--write" else chat.parent / "out.json"
    last = done.stderr.decode().splitlines()[-1]
    assert last == (
        "timeline-inspector: error: could not write the output: [Errno 28] No space left on device; "
        f"{target} was written (the report was not)"
    )
    assert b"Traceback" not in done.stderr


@pytest.mark.parametrize("stderr", ["closed", "full"])
@pytest.mark.parametrize(("command", "how"), COMMANDS_THAT_WRITE)
def test_a_broken_stderr_never_fails_a_write_nor_speaks_on_stdout(
    tmp_files, tmp_path, stderr, command, how
) -> None:
    """Found blind: with stderr closed an error line went to stdout (``print``
    to a ``sys.stderr`` of None writes to stdout), into the report a script
    reads; with stderr on a full disk, ``backfill --write`` wrote the file and
    the backup line's failed write ended it with status 1 and no report. Now
    the command runs as it would, its report whole on stdout (fails with
    ``say_line`` printing as before)."""
    if stderr == "full" and not os.path.exists("/dev/full"):
        pytest.skip("needs /dev/full")
    chat, ts = _repairable(tmp_files)
    argv = [sys.executable, "-m", "timeline_app", *_writing_argv(chat, ts, command, how)]
    if stderr == "closed":
        done = subprocess.run(argv, stdout=subprocess.PIPE, preexec_fn=_closing(2), timeout=60)
    else:
        with open("/dev/full", "wb") as full:
            done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=full, timeout=60)
    assert done.returncode == 0
    assert b"written to" in done.stdout.splitlines()[-1]
    assert b"timeline-inspector" not in done.stdout
    failed = subprocess.run(
        [sys.executable, "-m", "timeline_app", "inspect", str(tmp_path / "missing.json")],
        stdout=subprocess.PIPE,
        preexec_fn=_closing(2),
        timeout=60,
    )
    assert (failed.returncode, failed.stdout) == (2, b"")

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

"""The process entry (``python -m timeline_app``): a command's process ends with
``os._exit`` after its output is flushed, so what it printed and wrote must be
exactly what ``main`` in process gives, and a failed write must still fail."""

from __future__ import annotations

import os
import subprocess
import sys
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
def test_output_that_cannot_be_written_fails_the_process(tmp_files) -> None:
    chat, ts = _chat(tmp_files)
    for extra in (("--json",), ()):  # the bytes written at once, and the text report
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
        assert done.returncode != 0
        assert b"No space left on device" in done.stderr


def test_a_failed_command_exits_as_before(tmp_path) -> None:
    done = _process("preview", str(tmp_path / "missing.json"), "--style", "relative", "--now", NOW)
    assert done.returncode == 2
    assert b"error:" in done.stderr

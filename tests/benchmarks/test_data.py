"""benchmarks/data.py from the command line: the files the benchmark measures,
written where a user can open them in the app."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "data.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=False)


def test_help_says_what_it_writes() -> None:
    done = _run("--help")
    assert done.returncode == 0
    assert "timestamps.json" in done.stdout and "--tracking" in done.stdout


def test_a_dataset_is_written_and_named(tmp_path: Path) -> None:
    done = _run(str(tmp_path), "40", "--tracking", "full", "--broken", "0.1")
    assert done.returncode == 0, done.stderr
    transcript, store, summary = done.stdout.splitlines()
    assert Path(transcript) == tmp_path / "40-full-broken10" / "chat.json"
    assert len(orjson.loads(Path(transcript).read_bytes())["messages"]) == 40
    assert summary.endswith(f"{len(orjson.loads(Path(store).read_bytes()))} stored times")


def test_nonsense_shares_are_refused(tmp_path: Path) -> None:
    done = _run(str(tmp_path), "40", "--saved", "2")
    assert done.returncode == 2 and "between 0 and 1" in done.stderr
    assert not any(tmp_path.iterdir())

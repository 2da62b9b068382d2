"""A missing file is said one way, and first (tryout: a missing transcript
beside a broken timestamp file was reported only as the broken file; the
window said "cannot be read (No such file or directory)" where the command
line said "no such file")."""

from __future__ import annotations

import errno
from datetime import datetime
from pathlib import Path

import pytest
from conftest import run_cli

from timeline_app.core.discussion import open_discussion, sniff_kind
from timeline_app.core.errors import InputError, unreadable
from timeline_app.core.options import EngineOptions
from timeline_app.core.words import Problem


def test_every_reader_says_no_such_file(tmp_path: Path) -> None:
    assert (
        unreadable(FileNotFoundError(errno.ENOENT, "No such file or directory")).code is Problem.NO_SUCH_FILE
    )
    assert unreadable(PermissionError(errno.EACCES, "Permission denied")).code is Problem.CANNOT_READ
    with pytest.raises(InputError) as caught:
        sniff_kind(tmp_path / "gone.json")
    assert str(caught.value) == f"{tmp_path / 'gone.json'}: no such file"


def test_a_missing_transcript_is_said_before_a_broken_timestamp_file(tmp_path: Path, capsys) -> None:
    broken = tmp_path / "timestamps.json"
    broken.write_text('{"a": ')
    missing = tmp_path / "chat.json"
    with pytest.raises(InputError) as caught:
        open_discussion(missing, broken, EngineOptions(), datetime(2025, 9, 21, 12))
    assert caught.value.source == str(missing) and caught.value.said.code is Problem.NO_SUCH_FILE
    code, out, err = run_cli(
        capsys, "preview", str(missing), "--timestamps", str(broken), "--style", "absolute"
    )
    assert (code, out) == (2, "")
    assert err == f"timeline-inspector: error: {missing}: no such file\n"
    assert broken.read_text() == '{"a": '

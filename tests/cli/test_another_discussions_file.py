"""The command line's writes never go into another discussion's file (issue
29: ``backfill --write`` into the neighbouring discussion's
``timestamps.json``, and ``--output`` over it, wrote this chat's times
there, status 0). Each writing command against each kind of file written
(this discussion's, another's, empty, absent, unreadable, broken): another
discussion's file is refused with one line naming it and why, status 2,
no file changed, unless ``--files-belong-together``; the others as before."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import NOW, PROG, ROOT, run_cli

from timeline_app.core import store as store_module
from timeline_app.core.hashing import content_hash

DEMO = ROOT / "resources" / "demo"


def _another_discussions(path: Path) -> None:
    path.write_text(
        json.dumps({content_hash(f"their message {n}"): f"(Monday, 2025-09-22 08:0{n}:00)" for n in range(5)})
    )


def _this_discussions(path: Path) -> None:
    shutil.copy(DEMO / "timestamps.json", path)


def _empty(path: Path) -> None:
    path.write_text("{}")


def _absent(path: Path) -> None:
    path.unlink(missing_ok=True)


def _broken(path: Path) -> None:
    path.write_text('{"abc": "(Monday')


TARGETS: dict[str, Callable[[Path], None]] = {
    "this discussion's": _this_discussions,
    "another's": _another_discussions,
    "empty": _empty,
    "absent": _absent,
    "unreadable": _another_discussions,  # and refused reading (``_unreadable``)
    "broken": _broken,
}
# status of ``--output OUT`` over each: a file whose owner cannot be told is not written over
OUTPUT = {"this discussion's": 0, "another's": 2, "empty": 0, "absent": 0, "unreadable": 2, "broken": 0}
# status of ``--write`` into each as TS: one that is not there, or cannot be read, is an error already
WRITE = {"this discussion's": 0, "another's": 2, "empty": 0, "absent": 2, "unreadable": 2, "broken": 2}
COMMANDS = {
    "backfill": ["backfill", "chat.json", *NOW],
    "repair": ["repair", "chat.json", "--min-confidence", "medium", *NOW],
}


def _unreadable(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """The file ``name`` refuses reading (the tests run as root, whom no mode refuses)."""
    real = store_module.read_regular

    def refused(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if Path(path).name == name:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(store_module, "read_regular", refused)


def _folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copy(DEMO / "chat.json", tmp_path / "chat.json")
    shutil.copy(DEMO / "timestamps.json", tmp_path / "timestamps.json")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


@pytest.mark.parametrize("target", list(TARGETS))
@pytest.mark.parametrize("command", list(COMMANDS))
def test_output_over_another_discussions_file_is_refused_and_nothing_changes(
    tmp_path: Path, capsys, monkeypatch, command: str, target: str
) -> None:
    folder = _folder(tmp_path, monkeypatch)
    out = folder / "theirs.json"
    TARGETS[target](out)
    if target == "unreadable":
        _unreadable(monkeypatch, out.name)
    before = _files(folder)
    argv = [*COMMANDS[command], "--timestamps", "timestamps.json", "--output", out.name]
    code, stdout, err = run_cli(capsys, *argv)
    assert code == OUTPUT[target], err
    if code:
        assert stdout == "" and _files(folder) == before, "a failing command changes no file"
        line = err.strip()
        assert "\n" not in line and line.startswith(f"{PROG}: error: theirs.json: "), err
        if target == "another's":
            assert "another discussion's file: none of its 5 stored times is a message of this chat" in line
            assert "nothing written" in line and "--files-belong-together" in line
        else:
            assert "Permission denied" in line, line
    else:
        assert out.exists() and out.read_bytes() != before.get(out.name)
    if target == "another's":
        code, _, err = run_cli(capsys, *argv, "--files-belong-together")
        assert code == 0 and f"backup of the previous file: {out.name}.bak-" in err, err


@pytest.mark.parametrize("target", list(TARGETS))
@pytest.mark.parametrize("command", list(COMMANDS))
def test_write_into_another_discussions_file_is_refused_and_nothing_changes(
    tmp_path: Path, capsys, monkeypatch, command: str, target: str
) -> None:
    folder = _folder(tmp_path, monkeypatch)
    ts = folder / "timestamps.json"
    TARGETS[target](ts)
    if target == "unreadable":
        _unreadable(monkeypatch, ts.name)
    before = _files(folder)
    argv = [*COMMANDS[command], "--timestamps", ts.name, "--write"]
    if command == "repair" and target == "another's":
        # repair's own doubt (most entries orphaned) is let through: the file's own judgement stays
        argv.append("--files-belong-together")
    code, stdout, err = run_cli(capsys, *argv)
    if command == "repair" and target == "another's":
        # no proposal links that file to the chat: nothing to write, nothing written
        assert code == 0 and _files(folder) == before, err
        return
    assert code == WRITE[target], err
    if code:
        assert stdout == "" and _files(folder) == before, "a failing command changes no file"
        assert err.count(f"{PROG}: error: timestamps.json: ") == 1, err
        if target == "another's":
            assert "another discussion's file: none of its 5 stored times is a message of this chat" in err
            code, _, err = run_cli(capsys, *argv, "--files-belong-together")
            assert code == 0 and ts.read_bytes() != before[ts.name], err
    elif not (command == "repair" and target == "empty"):  # an empty file: nothing to repair
        assert _files(folder) != before, "written"


def test_repair_over_another_discussions_file_is_refused_by_its_doubt_as_before(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    """``repair --write`` into another discussion's file: refused as files that may not belong together."""
    folder = _folder(tmp_path, monkeypatch)
    _another_discussions(folder / "timestamps.json")
    before = _files(folder)
    code, _, err = run_cli(capsys, *COMMANDS["repair"], "--timestamps", "timestamps.json", "--write")
    assert code == 2 and "may not belong to this transcript" in err and _files(folder) == before


def test_the_flag_is_documented_for_every_writing_command(capsys) -> None:
    for command in COMMANDS:
        code, out, _ = run_cli(capsys, command, "--help")
        assert code == 0 and "--files-belong-together" in out and "another discussion's" in out, command

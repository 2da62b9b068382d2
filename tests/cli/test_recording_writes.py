"""A recording is evidence: no write of ours ever goes into it (issue 29).

Tryout: a simulated backfill saved over a recorder's copy
(``timestamps/<sha256>.json``) rewrote it, its name no longer its SHA-256,
and ``history`` then told changes that never went over the wire. Every
write goes through ``store.write_bytes_atomic``, which refuses a path in a
recording; the commands refuse before their report says anything was
written, with one message naming the file, and change no file."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from conftest import load_vectors, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_helpers import record_exchange

from timeline_app.core.errors import InputError
from timeline_app.core.recordings import REQUESTS_FILE, read_records, recording_holding
from timeline_app.core.store import write_bytes_atomic
from timeline_app.core.words import Problem

VECTOR = next(v for v in load_vectors("wilmer") if v["name"] == "partially_tracked_new_tail")


def _tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` and its bytes: what "changes no file" compares."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def recording(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A recorded client request with the copy of its timestamp file: rec/talk."""
    out = tmp_path_factory.mktemp("wire") / "rec"
    record_exchange(out, VECTOR, None)
    return out


def _copy(recording: Path) -> Path:
    (request,) = read_records(recording / "talk" / REQUESTS_FILE).requests
    copy = request.snapshot_path()
    assert copy is not None and copy.is_file()
    return copy


# places inside the recording, as a person could name them: the copy, the log, a new
# file beside either, one deeper, and the copy through a link or a "..": each is refused
INSIDE = st.sampled_from(
    [
        "talk/timestamps/{copy}",
        "talk/requests.jsonl",
        "talk/timestamps/new.json",
        "talk/new.json",
        "talk/timestamps/../timestamps/{copy}",
        "talk/deeper/still/new.json",
        "link/timestamps/{copy}",
    ]
)


def _inside(recording: Path, form: str) -> Path:
    link = recording / "link"
    if not link.exists():
        link.symlink_to(recording / "talk")
    return recording / form.format(copy=_copy(recording).name)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=INSIDE, backup=st.booleans())
def test_no_write_goes_into_a_recording(recording: Path, form: str, backup: bool) -> None:
    target = _inside(recording, form)
    before = _tree(recording)
    with pytest.raises(InputError) as raised:
        write_bytes_atomic(target, b"{}", backup=backup)
    assert raised.value.said is not None and raised.value.said.code is Problem.IN_RECORDING
    assert str(recording / "talk") in str(raised.value)
    assert _tree(recording) == before
    copy = _copy(recording)
    assert hashlib.sha256(copy.read_bytes()).hexdigest() == copy.stem  # still the evidence it names


def test_outside_the_recording_writes_as_ever(recording: Path, tmp_path: Path) -> None:
    """Beside the folder of recordings, and the middleware's own file where a
    recorder was told to write into the DiscussionIds folder itself."""
    for target in (recording.parent / "saved.json", tmp_path / "saved.json"):
        assert recording_holding(target) is None
        write_bytes_atomic(target, b"{}")
        assert target.read_bytes() == b"{}"
    live = recording / "talk" / "timestamps.json"
    live.write_bytes(b"{}")
    try:
        assert recording_holding(live) is None
        write_bytes_atomic(live, b'{"a": "b"}', backup=False)
    finally:
        live.unlink()
    # a requests.jsonl that is no recording makes nothing read-only
    other = tmp_path / "mine"
    other.mkdir()
    (other / REQUESTS_FILE).write_text('{"not": "a record"}\n')
    assert recording_holding(other / "timestamps.json") is None


COMMANDS = st.sampled_from(
    [
        ("backfill", "--write"),
        ("backfill", "--output"),
        ("repair", "--write"),
        ("repair", "--output"),
        ("backfill", "--placeholder", "--write"),
        ("backfill", "--placeholder", "--output"),
    ]
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=COMMANDS, form=INSIDE, explicit=st.booleans())
def test_the_write_commands_refuse_a_recording_and_change_nothing(
    capsys: pytest.CaptureFixture[str], recording: Path, command: tuple[str, ...], form: str, explicit: bool
) -> None:
    """``--write`` on the request's copy (named with ``--timestamps`` or
    not) and ``--output`` into the recording: exit 2, one line naming the
    file, nothing on stdout claiming a write, no file changed."""
    requests = recording / "talk" / REQUESTS_FILE
    copy = _copy(recording)
    target = _inside(recording, form)
    argv = [command[0], str(requests)]
    if command[-1] == "--output":
        argv += [*command[1:], str(target)]
    else:
        if explicit:
            argv += ["--timestamps", str(copy)]
        argv += list(command[1:])
    if command[0] == "repair":
        argv += ["--files-belong-together"]
    before = _tree(recording)
    code, out, err = run_cli(capsys, *argv)
    assert _tree(recording) == before
    assert "written to" not in out
    if command[-1] == "--write" and not explicit:
        return  # the copy named by the request: refused by its own earlier words (no file changed)
    if code == 0:  # nothing to write (no change proposed): nothing was
        assert "written" not in out or "dry run" in out or "nothing" in out
        return
    assert code == 2
    lines = [line for line in err.splitlines() if "error" in line]
    assert len(lines) == 1, err
    named = target if command[-1] == "--output" else copy
    # the recording's own refusal, or an earlier one of the command's (the transcript
    # itself as --output): one line naming the file, saying nothing was written
    assert lines[0].startswith(f"timeline-inspector: error: {named}: "), err
    assert "nothing written" in lines[0]
    if named != requests:
        assert f"{named}: lies in the recording {recording / 'talk'}," in lines[0]

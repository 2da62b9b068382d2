"""Shared test set-up: headless Qt by default, the conformance vectors as data."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.database import DirectoryBasedExampleDatabase

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

TESTS = Path(__file__).parent
ROOT = TESTS.parent  # the checkout


def hypothesis_home() -> Path:
    """Where hypothesis keeps what it writes (its example database, its
    Unicode tables): outside the checkout, so a test run writes nothing into
    it (issue 35), in the user's cache, one folder per checkout (worktrees
    do not replay each other's failures of code they do not have)."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    checkout = hashlib.sha256(str(ROOT.resolve()).encode()).hexdigest()[:16]
    return cache / "timeline-inspector" / "hypothesis" / checkout


set_hypothesis_home_dir(hypothesis_home())
# The failing examples of the long runs replayed first next run; none under CI,
# where every run starts from a fresh clone and a database would only be written
# (make test's derandomized runs keep none: they find the same examples anyway).
EXAMPLES = None if os.environ.get("CI") else DirectoryBasedExampleDatabase(hypothesis_home() / "examples")
# Hypothesis' default 200 ms deadline per example is a guess about this
# machine's speed, not a property of the code: on 2 shared cores an example
# that touches a cold import or a busy cache exceeds it and the run fails as
# "flaky". The suite's real time bounds are its own explicit tests.
# make test's bounded runs try the same examples every run (derandomized): a red
# CI run goes red again, and the failing example is the one it printed. The long
# runs (make fuzz-*, each sets its *_EXAMPLES) explore anew every time; two
# defects were found that way on 7 December (see the notes of issues 29 and 32).
EXPLORE = any(name.endswith("_EXAMPLES") for name in os.environ)
settings.register_profile(
    "shared-machine",
    deadline=None,
    **({"database": EXAMPLES} if EXPLORE else {"derandomize": True, "database": None}),
)
settings.load_profile("shared-machine")


@pytest.fixture(autouse=True)
def _machine_share(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """Under pytest-xdist (make test runs one worker per core), a test marked
    ``alone`` runs while no other test does: its bound is in wall-clock time
    (the event loop never stalls 1 s, a worker start is not waited for), and
    a second test busy on the other core measures that test, not the code
    (a 100k open stalled 1.66 s beside another worker on a loaded machine).
    Every other test holds the room shared; an ``alone`` one holds it whole.
    The turnstile gives the ``alone`` test its turn: once it waits there, no
    test starts on another worker until it is done (without it the others,
    taking the room shared test after test, could keep it out for good).
    Serially (no worker id) there is no one to wait for."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        yield
        return
    folder = tmp_path_factory.getbasetemp().parent  # one per run, shared by its workers
    alone = request.node.get_closest_marker("alone") is not None
    with (folder / "turnstile.lock").open("a") as turnstile, (folder / "room.lock").open("a") as room:
        fcntl.flock(turnstile, fcntl.LOCK_EX)
        try:
            fcntl.flock(room, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        finally:
            if not alone:
                fcntl.flock(turnstile, fcntl.LOCK_UN)
        try:
            yield
        finally:
            fcntl.flock(room, fcntl.LOCK_UN)
            if alone:
                fcntl.flock(turnstile, fcntl.LOCK_UN)


FIXTURES = TESTS / "fixtures"
VECTORS = TESTS / "vectors"


def load_vectors(system: str) -> list[dict[str, Any]]:
    return [json.loads(p.read_text("utf-8")) for p in sorted((VECTORS / system).glob("*.json"))]


@pytest.fixture
def tmp_files(tmp_path: Path):
    """Write JSON-able values or text to files under tmp_path by name."""

    def write(name: str, value: Any) -> Path:
        path = tmp_path / name
        if isinstance(value, bytes):
            path.write_bytes(value)
        elif isinstance(value, str):
            path.write_text(value, "utf-8")
        else:
            path.write_text(json.dumps(value, ensure_ascii=False), "utf-8")
        return path

    return write


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The CLI in-process: (exit status, stdout, stderr)."""
    from timeline_app.entry import main

    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


class CountingHashlib:
    """``hashlib`` as the pipeline sees it, counting the contents it hashes."""

    def __init__(self) -> None:
        self.calls = 0

    def sha256(self, data: bytes = b""):
        self.calls += 1
        return hashlib.sha256(data)


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> CountingHashlib:
    """Count the hashing the request pipeline does (incremental re-opens hash only what is new)."""
    from timeline_app.core import pipeline

    counter = CountingHashlib()
    monkeypatch.setattr(pipeline, "hashlib", counter)
    return counter


def chinese_env(env: dict[str, str]) -> dict[str, str]:
    """``env`` with LANG=zh_CN.UTF-8 in charge (no LC_* or LANGUAGE above it)."""
    kept = {k: v for k, v in env.items() if not k.startswith("LC_") and k != "LANGUAGE"}
    return {**kept, "LANG": "zh_CN.UTF-8"}


# the command line's "now" and name, as the CLI tests pass and expect them
NOW = ["--now", "2025-09-21 12:00:00"]
PROG = "timeline-inspector"


@pytest.fixture
def chat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A three-message chat alone in its folder (no timestamp file beside it)."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "chat.json"
    path.write_text(
        json.dumps([{"role": r, "content": c} for r, c in [("user", "Hi"), ("assistant", "Hello")]])
    )
    return path


@pytest.fixture
def read_only(monkeypatch) -> set[Path]:
    """``os.access`` as a user who is not root sees it (the tests run as root,
    whose writes no mode refuses): a file whose mode gives its owner no
    write is not writable, and nor is any path the test adds to the set
    returned (a folder chmod 555)."""
    refused: set[Path] = set()
    real_access = os.access

    def access(path: str | Path, mode: int, **kw: object) -> bool:
        found = Path(path)
        if found in refused:
            return False
        if mode & os.W_OK and found.is_file() and not found.stat().st_mode & 0o200:
            return False
        return real_access(path, mode, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)
    return refused


@pytest.fixture
def read_only_mount(monkeypatch) -> set[Path]:
    """``os.statvfs`` as a read-only mount (``mount --bind -o ro``) shows the
    paths the test adds to the set returned: ``ST_RDONLY`` set (a real mount
    needs privileges the tests do not count on). Writes there fail with
    EROFS whatever the permissions: ``os.access`` refuses them too."""
    mounted: set[Path] = set()
    real_statvfs, real_access = os.statvfs, os.access

    class Flags:
        def __init__(self, flag: int) -> None:
            self.f_flag = flag

    def statvfs(path: str | Path) -> object:
        found = real_statvfs(path)
        return Flags(found.f_flag | os.ST_RDONLY) if Path(path) in mounted else found

    def access(path: str | Path, mode: int, **kw: object) -> bool:
        if mode & os.W_OK and Path(path) in mounted:
            return False
        return real_access(path, mode, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "statvfs", statvfs)
    monkeypatch.setattr(os, "access", access)
    return mounted


# -- the engine's counted sentences (tests/core/test_words.py, tests/gui/test_plural_counts.py) --

FORMATTER = string.Formatter()


def _fields(template: str) -> list[tuple[int, str]]:
    return [
        (int(name), spec or "")
        for _text, name, spec, _conversion in FORMATTER.parse(template)
        if name is not None and name.isdigit()
    ]


def is_count(spec: str) -> bool:
    """Whether a field's spec marks a count: ``{0:,}`` or ``{0:#one|many}``."""
    return spec == "," or spec.startswith("#")


def counted_codes() -> list[Any]:
    """Every engine sentence (``core.words.Code``) with a count in it."""
    from timeline_app.core.words import Code

    found, families = [], list(Code.__subclasses__())
    while families:
        family = families.pop()
        families.extend(family.__subclasses__())
        found.extend(code for code in family if any(is_count(spec) for _, spec in _fields(code.value)))
    return found


def counting_args(template: str, count: int) -> tuple[object, ...]:
    """An argument for each field of ``template``: ``count`` where it counts,
    a time where it formats one, a word elsewhere."""
    from datetime import datetime

    fields = _fields(template)
    args: list[object] = ["x"] * (max(i for i, _ in fields) + 1)
    for i, spec in fields:
        if is_count(spec):
            args[i] = count
        elif spec.startswith("%"):
            args[i] = datetime(2025, 9, 15, 8, 0, 0)
    return tuple(args)


def without_count_specs(template: str) -> str:
    """``template`` as a translation writes its counts: ``{0}``, no spec."""
    parts = []
    for text, name, spec, conversion in FORMATTER.parse(template):
        parts.append(text.replace("{", "{{").replace("}", "}}"))
        if name is not None:
            kept = "" if not spec or is_count(spec) else ":" + spec
            parts.append("{" + name + ("!" + conversion if conversion else "") + kept + "}")
    return "".join(parts)

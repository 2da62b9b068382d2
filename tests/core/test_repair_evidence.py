"""Repair's evidence that two files belong together: orphans explained by a known cause count as matches.

Issue 30: on legacy conversations where most stored times were orphaned by
known causes (CRLF, paddings, echoed times, speaker prefixes, old brace
sentinels), ``repair --output`` refused with "may not belong together"
unless ``--files-belong-together`` was passed. An orphan whose key is the
hash of a transformed message of this transcript links the two files as
surely as a tracked message does; the doubt stays where nothing links them.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from timeline_app.core.hashing import SENTINELS_LEGACY
from timeline_app.core.pipeline import RequestOptions, prepare_request
from timeline_app.core.store import TimestampStore, load_store
from timeline_app.core.timestrings import format_absolute
from timeline_app.entry import main

T0 = datetime(2025, 9, 21, 10, 0, 0)
COUNT = 95


def _legacy(tmp_path: Path, broken_share: float = 0.7, *, other_store: bool = False) -> tuple[Path, Path]:
    """A 95-message chat whose middleware saw most messages changed by a
    known cause; the saved transcript holds them clean. ``other_store``: the
    timestamp file of a different conversation, of the same size."""
    seen, saved = [], []
    causes = [
        lambda t: t.replace("\n", "\r\n"),
        lambda t: f"  {t}\n",
        lambda t: f"Aqua: {t}",
        lambda t: f"[Sent 7 minutes ago] {t}",
        lambda t: f"{t}\n\n",
    ]
    for i in range(COUNT):
        role = "user" if i % 2 == 0 else "assistant"
        text = f"message {i} about the trip\nsecond line {i}" if i % 3 == 0 else f"message {i} about the trip"
        cause = i % len(causes)
        broken = (i * 37 % 100) < broken_share * 100
        hashed = causes[cause](text) if broken else text
        seen.append({"role": role, "content": hashed})
        named = {"name": "Aqua"} if broken and cause == 2 else {}  # the front end kept the speaker apart
        saved.append({"role": role, "content": text, **named})
    if other_store:
        seen = [{"role": m["role"], "content": f"another chat {i}"} for i, m in enumerate(seen)]
    store = TimestampStore()
    for message in prepare_request(seen).messages:
        store.set(message.hash, format_absolute(T0 + timedelta(minutes=3 * (message.source_index or 0))))
    ts = tmp_path / "timestamps.json"
    ts.write_text(store.dumps())
    chat = tmp_path / "chat.json"
    chat.write_text(json.dumps(saved))
    return chat, ts


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_orphans_explained_by_known_causes_are_evidence(tmp_path: Path, capsys) -> None:
    chat, ts = _legacy(tmp_path)
    out_file = tmp_path / "out.json"
    code, _, err = _run(capsys, "repair", str(chat), "--timestamps", str(ts), "--output", str(out_file))
    assert code == 0, err
    assert "may not belong together" not in err
    repaired = load_store(out_file)
    saved = json.loads(chat.read_text())
    hashes = [m.hash for m in prepare_request(saved).messages]
    assert all(repaired.get(h) is not None for h in hashes)  # every time came back: 95 of 95


def test_doubt_stays_where_nothing_links_the_files(tmp_path: Path, capsys) -> None:
    chat, ts = _legacy(tmp_path, other_store=True)
    before = ts.read_bytes()
    out_file = tmp_path / "out.json"
    code, _, err = _run(capsys, "repair", str(chat), "--timestamps", str(ts), "--output", str(out_file))
    assert code == 2
    assert "may not belong together" in err and "--files-belong-together" in err
    assert not out_file.exists() and ts.read_bytes() == before


def test_positional_guesses_are_no_evidence(tmp_path: Path) -> None:
    """Pairs by position (an edited message between tracked ones) explain nothing."""
    from timeline_app.core.repair import Proposal, explained_orphans
    from timeline_app.core.words import Reason, Said

    def pair(orphan: str, why: Said) -> Proposal:
        from timeline_app.core.repair import Confidence

        return Proposal("pair", (0,), (0,), "m" * 64, orphan, "t", None, Confidence.MEDIUM, why)

    proposals = [
        pair("a" * 64, Said(Reason.ONLY_ONE_BETWEEN)),
        pair("b" * 64, Said(Reason.IN_ORDER_BETWEEN, (2, 2))),
        pair("c" * 64, Said(Reason.AMBIGUOUS, (Said(Reason.IN_ORDER_BETWEEN, (2, 2)), 2, 2))),
    ]
    assert explained_orphans(proposals) == set()


def test_legacy_sentinels_count_too(tmp_path: Path, capsys) -> None:
    """Brace sentinels of an older middleware: the same evidence."""
    seen = [{"role": "user" if i % 2 == 0 else "assistant", "content": f"say {{it}} {i}"} for i in range(10)]
    store = TimestampStore()
    for message in prepare_request(seen, RequestOptions(sentinels=SENTINELS_LEGACY)).messages:
        store.set(message.hash, format_absolute(T0 + timedelta(minutes=message.source_index or 0)))
    ts = tmp_path / "timestamps.json"
    ts.write_text(store.dumps())
    chat = tmp_path / "chat.json"
    chat.write_text(json.dumps(seen))
    code, _, err = _run(
        capsys, "repair", str(chat), "--timestamps", str(ts), "--output", str(tmp_path / "o.json")
    )
    assert code == 0, err
    assert "may not belong together" not in err

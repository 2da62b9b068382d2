"""The command line writes its counts as the window does, grouped
("1,500 orphans"; issues 29/31): ``inspect``'s summary said "61234 tracked,
38766 untracked, 1500 orphans" where the window's status bar says
"61,234 tracked · 38,766 untracked · 1,500 orphans"."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli

from timeline_app.core.hashing import content_hash


def test_inspect_counts_a_large_discussion_grouped(tmp_path: Path, capsys) -> None:
    tracked, untracked, orphans = 2345, 1234, 1500
    texts = [f"message {i}" for i in range(tracked + untracked)]
    texts[-1] = texts[-2]  # two messages share one entry: "… in 2,344 entries (2 messages share one)"
    stored = {
        content_hash(text): f"(Monday, 2025-09-15 {8 + i // 3600:02d}:{i // 60 % 60:02d}:{i % 60:02d})"
        for i, text in enumerate(texts)
        if i >= untracked
    }
    stored.update({content_hash(f"gone {i}"): "(Sunday, 2025-09-14 08:00:00)" for i in range(orphans)})
    chat, store = tmp_path / "chat.json", tmp_path / "timestamps.json"
    chat.write_text(json.dumps([{"role": "user", "content": t} for t in texts]))
    store.write_text(json.dumps(stored))
    code, out, err = run_cli(capsys, "inspect", str(chat), "--timestamps", str(store))
    assert code == 0, err
    summary = next(line for line in out.splitlines() if " tracked" in line and " untracked" in line)
    assert summary.startswith(
        "2,345 tracked in 2,344 entries (2 messages share one), 1,234 untracked, 1,500 orphans, 3,844 entries"
    ), summary

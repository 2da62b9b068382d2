"""A recording whose first requests left no copy of this discussion's file
(a Bearer key whose per-user folder does not exist, a file that did not read)
knows nothing of the file before its first copy: what that copy holds was
"already in the file when first seen", never "added by" an earlier request
(issue 31: a file holding 2025 times was "37 added; placeholder set (by
request 2)", a request in 2026)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from history_helpers import converse, say, sha

from timeline_app.core.history import build_history
from timeline_app.core.words import History

OLD = {sha("Long ago"): "(Friday, 2025-09-12 17:59:00)", sha("Before that"): "2025-09-12 17:58:00"}


def _held_before(_: list[dict], path: Path) -> None:
    """The discussion's file, there long before the recording."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(OLD, indent=4))


# which requests carried a key whose per-user folder does not exist (None: no key)
KEYED = [
    ["k", "k", None],  # the tryout's: two with a key, then one without
    ["k", None, None],
    ["k", "k", "k", None],
]


@pytest.mark.parametrize("keys", KEYED, ids=lambda k: "-".join(x or "none" for x in k))
def test_what_the_first_copy_holds_is_no_earlier_requests_work(tmp_path: Path, keys: list) -> None:
    turns = [_held_before, *(say(f"turn {n}") for n in range(len(keys)))]
    folder, _ = converse(tmp_path, turns, keys=keys)
    history = build_history([folder])
    first = keys.index(None)
    assert history.states[0].request is not None
    assert history.states[0].request.index == first  # the first copy is the first state kept
    for digest in OLD:
        story = history.story(digest)
        assert [e.by for e in story.events] == [None]
        assert story.said[0].code is History.FIRST_STATE
        assert "stored at" not in str(story.said[0])
    assert not any(c.by and (c.added or c.placeholder_set) for c in history.changes[:1] if c.state == 0)


def test_a_copy_that_could_not_be_taken_is_no_empty_state(tmp_path: Path) -> None:
    """A file there but unreadable when a request arrived: the recorder kept
    no copy and said why; the state is unknown, not "no file"."""
    folder, _ = converse(tmp_path, [_held_before, say("a"), say("b")])
    path = folder / "requests.jsonl"
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    first = next(r for r in lines if r.get("kind") == "request" and r.get("leg") == "client")
    first["timestamps"] = {
        "source": first["timestamps"]["source"],
        "copy": None,
        "error": "Permission denied",
    }
    path.write_text("".join(json.dumps(r) + "\n" for r in lines))
    history = build_history([folder])
    assert history.states[0].request is not None and history.states[0].request.index == 1
    assert [e.by for e in history.story(sha("Long ago")).events] == [None]

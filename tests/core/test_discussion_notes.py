"""What opening a discussion notes about the files it found: every note is a
code (so the window can word it in the reader's language), and its English
is what the command line has always printed."""

from __future__ import annotations

import json
import shutil
from datetime import datetime
from pathlib import Path

import pytest

from timeline_app.core.discussion import open_discussion
from timeline_app.core.options import EngineOptions
from timeline_app.core.words import Note, Said

FIXTURES = Path(__file__).parent.parent / "fixtures"
NOW = datetime(2025, 9, 21, 12)


@pytest.mark.parametrize("exists", [True, False], ids=["found", "not created yet"])
def test_the_file_for_the_discussion_id_is_a_coded_note(tmp_path: Path, exists: bool) -> None:
    transcript = tmp_path / "chat.json"
    shutil.copy(FIXTURES / "request_with_tag.json", transcript)
    root = tmp_path / "DiscussionIds"
    store = root / "trip-42" / "timestamps.json"
    root.mkdir()
    if exists:
        store.parent.mkdir()
        store.write_text(json.dumps({}))

    discussion = open_discussion(transcript, None, EngineOptions(), NOW, root=root)

    code = Note.STORE_FOR_ID if exists else Note.STORE_FOR_ID_NEW
    assert discussion.notes[0] == Said(code, (store,))
    state = "found" if exists else "not created yet"
    assert str(discussion.notes[0]) == f"timestamp file for the discussion id ({state}): {store}"


@pytest.mark.parametrize("by_id", ["exists", "not created yet"])
def test_the_file_beside_the_chat_wins_over_an_id_file_not_created_yet(tmp_path: Path, by_id: str) -> None:
    """Lifecycle tryout: a root remembered from another setup named the
    chat's discussion id's file, which did not exist, while the chat's own
    timestamps.json sat beside it: the window showed "new discussion" and
    every message untracked, the command line (no root) all tracked. An id
    file that exists is the middleware's and wins; one not created yet gives
    way to the file beside. Break tried: the old order (the id's file
    whenever the root names one): the "not created yet" case failed."""
    folder = tmp_path / "chat"
    folder.mkdir()
    transcript = folder / "chat.json"
    shutil.copy(FIXTURES / "request_with_tag.json", transcript)
    near = folder / "timestamps.json"
    near.write_text(json.dumps({"a" * 64: "(Sunday, 2025-09-21 08:00:00)"}))
    root = tmp_path / "DiscussionIds"
    store = root / "trip-42" / "timestamps.json"
    store.parent.mkdir(parents=True)
    if by_id == "exists":
        store.write_text(json.dumps({}))

    discussion = open_discussion(transcript, None, EngineOptions(), NOW, root=root, beside=True)

    if by_id == "exists":
        assert discussion.store_path == store and discussion.notes[0] == Said(Note.STORE_FOR_ID, (store,))
    else:
        assert discussion.store_path == near and discussion.notes[0] == Said(Note.STORE_BESIDE, (near,))
        assert discussion.store is not None and len(discussion.store) == 1
    alone = open_discussion(transcript, None, EngineOptions(), NOW, root=root, beside=False)
    assert alone.store_path == store, "nothing beside is looked at when not asked"


def test_the_file_beside_the_chat_opens_over_an_id_file_that_matches_fewer(tmp_path: Path) -> None:
    """Tryout (issue 29, life5): the root's file for the chat's discussion id
    matched none of its messages while the file beside the chat matched
    them: the root's opened (0 tracked, 7 orphans). The one beside matching
    more opens, the root's named as passed over (with both counts); equal
    matches keep the middleware's (the test above). Break tried: the old
    rule: the root's file opened."""
    folder = tmp_path / "chat"
    folder.mkdir()
    transcript = folder / "chat.json"
    shutil.copy(FIXTURES / "request_with_tag.json", transcript)
    root = tmp_path / "DiscussionIds"
    store = root / "trip-42" / "timestamps.json"
    store.parent.mkdir(parents=True)
    store.write_text(json.dumps({"b" * 64: "(Sunday, 2025-09-21 08:00:00)"}))
    # the chat's own file: one entry per message the transcript hashes
    keys = open_discussion(transcript, None, EngineOptions(), NOW).request.hashes
    near = folder / "timestamps.json"
    near.write_text(json.dumps({key: "(Sunday, 2025-09-21 08:00:00)" for key in keys}))

    discussion = open_discussion(transcript, None, EngineOptions(), NOW, root=root, beside=True)

    assert discussion.store_path == near
    assert discussion.notes[0] == Said(Note.ROOT_PASSED_OVER, (near, store, len(keys), 0))
    assert discussion.passed_over == store
    assert "passed over" in str(discussion.notes[0])
    assert not discussion.timeline.orphans


@pytest.mark.parametrize("folder_name", ["DiscussionIds", "discussionids", "Public/DiscussionIds"])
@pytest.mark.parametrize("other_root", [False, True], ids=["no root", "another root"])
def test_a_chat_opened_alone_finds_its_file_in_a_discussionids_folder_beside_it(
    tmp_path: Path, folder_name: str, other_root: bool
) -> None:
    """Issue 29/31 tryout: ``timeline-inspector root/a.json`` with the chat's
    ``[DiscussionId]`` file at ``root/DiscussionIds/<id>/timestamps.json``
    opened as a new discussion (every row "untracked"). A DiscussionIds
    folder beside the chat is searched by the discussion id (after the
    root's existing file, before a new one)."""
    transcript = tmp_path / "a.json"
    shutil.copy(FIXTURES / "request_with_tag.json", transcript)
    keys = open_discussion(transcript, None, EngineOptions(), NOW).request.hashes
    store = tmp_path / folder_name / "trip-42" / "timestamps.json"
    store.parent.mkdir(parents=True)
    store.write_text(json.dumps({key: "(Sunday, 2025-09-21 08:00:00)" for key in keys}))
    root = tmp_path / "elsewhere" if other_root else None
    if root is not None:
        root.mkdir()

    discussion = open_discussion(transcript, None, EngineOptions(), NOW, root=root, beside=True)

    assert discussion.store_path == store
    assert str(discussion.notes[0]) == f"timestamp file for the discussion id (found): {store}"
    assert discussion.store is not None and len(discussion.store) == len(set(keys))

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

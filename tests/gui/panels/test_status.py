"""The status line names what the opened file is first: format, its generation, the chat picked."""

from __future__ import annotations

from pathlib import Path

import pytest

from timeline_app.core.transcripts.loading import load_transcript
from timeline_app.core.transcripts.model import file_kind
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import open_and_wait

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("st_solo.jsonl", "a SillyTavern chat (JSONL)"),
        ("ooba_2023_data.json", "a text-generation-webui chat of spring 2023 (data/data_visible rows)"),
        ("ooba_2025_tools.json", "a text-generation-webui chat (internal/visible rows)"),
        ("open_webui_inner_chat.json", "an Open WebUI chat: "),
        ("free_anima.jsonl", "a Free Anima log (JSONL, timestamps per line)"),
    ],
)
def test_each_real_format_is_named(name: str, said: str) -> None:
    assert str(file_kind(load_transcript(FIXTURES / name))).startswith(said)


def test_the_status_line_names_the_files_kind_after_the_counts(qtbot, window: MainWindow) -> None:
    window.resize(1024, 700)
    window.show()
    open_and_wait(qtbot, window, FIXTURES / "st_solo.jsonl", None)
    assert " · 0 orphans · a SillyTavern chat (JSONL) · " in window.counts_bar.text()

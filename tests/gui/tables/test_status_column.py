"""The timeline's Status column beside a long Time column: its flags stay
readable at any window size (issue 31)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from timeline_app.core.context import Style
from timeline_app.core.hashing import content_hash
from timeline_app.gui.tables.base import cell_items
from timeline_app.gui.tables.timeline import Column

from ..helpers import cell_shown, layout_settled, open_and_wait


def _long_ago(folder: Path, count: int = 300) -> tuple[Path, Path]:
    """``count`` messages stored 451 days ago, two of them alike (row 1 and 2:
    "shared-hash") where a sample of every third row does not look."""
    folder.mkdir()
    contents = [f"message {n}" for n in range(count)]
    contents[1] = contents[2] = "the same words"
    start = datetime.now() - timedelta(days=451, hours=3, minutes=14 + count)
    stored = {
        content_hash(text): f"({start + timedelta(minutes=n):%A, %Y-%m-%d %H:%M:%S})"
        for n, text in enumerate(contents)
    }
    messages = [{"role": "user" if n % 2 == 0 else "assistant", "content": c} for n, c in enumerate(contents)]
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    transcript.write_text(json.dumps(messages))
    store.write_text(json.dumps(stored))
    return transcript, store


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)])
def test_a_flagged_status_stays_readable_beside_a_long_relative_time(
    qtbot, request, make_window, tmp_path: Path, language: str, size: tuple[int, int]
) -> None:
    """Tryout (issue 31): in the relative style the Time column widened to
    "[Sent 451 days, 3 hours, 14 minutes ago]" and Status read "已记..." even
    at 1920x1080, hiding its flags. A status shows its first word whole and
    how many flags follow, or all of it."""
    if language == "zh":
        request.getfixturevalue("chinese_layout")
    window = make_window()
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    open_and_wait(qtbot, window, *_long_ago(tmp_path / "chat"))
    window.session.set_style(Style.RELATIVE)
    layout_settled(window)
    table, model = window.table, window.table.model()
    for row in (1, 2):
        whole, shown = cell_shown(table, model.index(row, Column.STATUS))
        items = cell_items(whole)
        assert len(items) > 1, whole
        assert shown == whole or shown.startswith(f"{items[0]} "), (
            f"at {size} Status {whole!r} shown as {shown!r} ({table.columnWidth(Column.STATUS)} px)"
        )
    _, time_shown = cell_shown(table, model.index(1, Column.TIME))
    assert "451" in time_shown

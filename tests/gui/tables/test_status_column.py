"""The timeline's Status column beside a long Time column: its flags stay
readable at any window size (issue 31)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from timeline_app.core.context import Style
from timeline_app.core.hashing import content_hash
from timeline_app.gui.tables.base import cell_items, cell_list
from timeline_app.gui.tables.column_widths import items_more
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


DEEP = 157  # a row no sample of every third row (300 rows) reads: its flags were never measured
FLAGGED = {  # the flags of row DEEP, one more each time (sorted by code, as the cell lists them)
    1: ("echoed-prefix",),
    2: ("echoed-prefix", "shared-hash"),
    3: ("echoed-prefix", "out-of-order", "shared-hash"),
    4: ("echoed-prefix", "future", "out-of-order", "shared-hash"),
}
NOW = datetime(2025, 9, 21, 12, 0, 0)


def _flagged_deep(folder: Path, flags: tuple[str, ...], count: int = 300) -> tuple[Path, Path]:
    """``count`` messages a minute apart before ``NOW``, row ``DEEP`` carrying ``flags``:
    its content begins with a time (echoed-prefix), row DEEP + 1 says the same
    (shared-hash), their time is before row DEEP - 1's (out-of-order) or, with
    "future", after NOW while an earlier row's is later still."""
    folder.mkdir()
    start = NOW - timedelta(minutes=count + 10)
    contents = [f"message {n}" for n in range(count)]
    times = [start + timedelta(minutes=n) for n in range(count)]
    contents[DEEP] = "(Sunday, 2025-09-21 08:00:00) I said this at eight"
    if "shared-hash" in flags:
        contents[DEEP + 1] = contents[DEEP]
    if "out-of-order" in flags:
        times[DEEP] = times[DEEP - 5]
    if "future" in flags:
        times[DEEP - 40] = NOW + timedelta(days=2)
        times[DEEP] = NOW + timedelta(days=1)
    if "shared-hash" in flags:
        times[DEEP + 1] = times[DEEP]  # one content, one time
    stored = {
        content_hash(text): f"({when:%A, %Y-%m-%d %H:%M:%S})"
        for text, when in zip(contents, times, strict=True)
    }
    messages = [{"role": "user" if n % 2 == 0 else "assistant", "content": c} for n, c in enumerate(contents)]
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    transcript.write_text(json.dumps(messages))
    store.write_text(json.dumps(stored))
    return transcript, store


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("flags", sorted(FLAGGED))
def test_every_flag_of_a_row_is_read_in_the_table_its_tooltip_and_details(
    qtbot, request, make_window, tmp_path: Path, language: str, flags: int
) -> None:
    """Issue 31: Status showed its first word and a count ("tracked +2")
    with room to spare at 1920x1080: the column was fitted to a sample of
    rows, and a row with more flags than any sampled was cut. With room,
    every flag of every row is shown; cut (a window too narrow), the cell
    keeps whole flags and says how many more (" +2"), the tooltip and
    Details list them all."""
    if language == "zh":
        request.getfixturevalue("chinese_layout")
    window = make_window()
    window.session.set_pinned_now(NOW)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    open_and_wait(qtbot, window, *_flagged_deep(tmp_path / "chat", FLAGGED[flags]))
    layout_settled(window)
    table, model = window.table, window.table.model()
    index = model.index(DEEP, Column.STATUS)
    whole, shown = cell_shown(table, index)
    items = cell_items(whole)
    assert len(items) == 1 + flags, whole
    assert shown == whole, f"{whole!r} shown as {shown!r} ({table.columnWidth(Column.STATUS)} px)"
    assert whole in str(index.data(Qt.ItemDataRole.ToolTipRole))
    window.select_source_row(DEEP)
    layout_settled(window)
    details = window.detail.status.text()
    assert all(item in details for item in items[1:]), details
    # cut: whole flags and how many more, never a flag cut inside
    window.resize(1024, 700)
    layout_settled(window)
    whole, shown = cell_shown(table, index)
    kept = cell_items(shown.rsplit(" ", 1)[0]) if shown != whole else items
    assert shown == whole or (
        kept == items[: len(kept)] and shown == items_more(cell_list(kept), len(items) - len(kept))
    ), f"{whole!r} shown as {shown!r} at 1024"

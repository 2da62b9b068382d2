"""One rule for every Gap (``display.minute_precision``): the difference of
the two times as the style's Time column shows them, at the precision it
shows them, written in its two largest units, rounded towards zero. The
same step read "15 h 52 min" in the absolute style and "15 h 53 min" in CST
(issue 31): both are true of the times beside them (08:02:09 to 23:55:00;
08:02 to 23:55), and the CST Gap says it is to the minute."""

from __future__ import annotations

import itertools
import json
import re
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from timeline_app.core.context import Style
from timeline_app.core.discussion import open_discussion
from timeline_app.core.display import gap_text
from timeline_app.core.hashing import content_hash
from timeline_app.core.options import EngineOptions
from timeline_app.core.timestrings import format_absolute, parse_absolute
from timeline_app.gui.strip.layout import BREAK_SECONDS, layout_for
from timeline_app.gui.tables.timeline import Column, TimelineTableModel

CST_SHOWN = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")
# whole seconds, as the middleware stores them; a zone with summer time, so that
# a step across its change reads other wall-clock and CST differences
MOMENTS = st.datetimes(datetime(2024, 1, 1), datetime(2026, 12, 31)).map(lambda t: t.replace(microsecond=0))
ZONES = st.sampled_from(["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata"])


def _model(times: list[datetime], zone: str) -> TimelineTableModel:
    """The table of a chat whose messages the file stores at ``times``."""
    contents = [f"message {n}" for n in range(len(times))]
    folder = Path(tempfile.mkdtemp(prefix="gap-rule-"))
    messages = [{"role": ("user", "assistant")[n % 2], "content": c} for n, c in enumerate(contents)]
    (folder / "chat.json").write_text(json.dumps(messages))
    stored = {content_hash(c): format_absolute(t) for c, t in zip(contents, times, strict=True)}
    (folder / "timestamps.json").write_text(json.dumps(stored))
    options = EngineOptions(wilmer_zone=zone)
    discussion = open_discussion(folder / "chat.json", folder / "timestamps.json", options, max(times))
    model = TimelineTableModel()
    model.set_discussion(discussion)
    return model


def _shown(model: TimelineTableModel, row: int, style: Style) -> datetime:
    """Row ``row``'s time as the Time column shows it in ``style``, read back
    at the precision shown (the CST label's minute, in its fixed zone)."""
    text = model.index(row, Column.TIME).data()
    if style is Style.CST:
        found = CST_SHOWN.search(text)
        assert found is not None, text
        return datetime.strptime(found.group(), "%Y-%m-%dT%H:%M")
    moment = parse_absolute(text)
    assert moment is not None, text
    return moment


@settings(max_examples=60)
@given(st.lists(MOMENTS, min_size=2, max_size=4), ZONES)
def test_every_gap_is_the_step_between_the_times_shown(qapp, times: list[datetime], zone: str) -> None:
    model = _model(times, zone)
    read: dict[Style, list[str]] = {}
    for style in (Style.ABSOLUTE, Style.CST, Style.RELATIVE):
        model.set_style(style)
        gaps = [model.index(row, Column.GAP).data() for row in range(model.rowCount())]
        read[style] = gaps
        assert gaps[0] == ""
        if style is Style.RELATIVE:
            continue  # its times are the stored ones, said against "now": its gaps are theirs
        shown = [_shown(model, row, style) for row in range(model.rowCount())]
        for row in range(1, len(times)):
            expected = gap_text(shown[row] - shown[row - 1], minutes_only=style is Style.CST)
            assert gaps[row] == expected, (style, zone, shown[row - 1], shown[row], gaps[row])
            if style is Style.CST:
                assert not gaps[row].endswith(" s"), gaps[row]  # no seconds between minutes
    assert read[Style.RELATIVE] == read[Style.ABSOLUTE]
    if all(a < b for a, b in itertools.pairwise(times)):  # the strip's breaks: its long gaps
        layout = layout_for(model.discussion)
        long = [
            row
            for row in range(1, len(times))
            if (times[row] - times[row - 1]).total_seconds() > BREAK_SECONDS
        ]
        assert [b.label for b in layout.breaks] == [read[Style.ABSOLUTE][row] for row in long]
        assert [b.cst_label for b in layout.breaks] == [read[Style.CST][row] for row in long]


def test_the_cst_gap_says_it_is_to_the_minute(qapp) -> None:
    """08:02:09 to 23:55:00: "15 h 52 min" beside the absolute times,
    "15 h 53 min" between the CST minutes 08:02 and 23:55. The CST Gap's
    tooltip and the column's say why; the absolute ones say nothing of it."""
    start = datetime(2025, 9, 12, 8, 2, 9)
    model = _model([start, datetime(2025, 9, 12, 23, 55, 0)], "Asia/Shanghai")
    header = (Column.GAP, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    said = {}
    for style in (Style.ABSOLUTE, Style.CST):
        model.set_style(style)
        cell = model.index(1, Column.GAP)
        said[style] = (cell.data(), cell.data(Qt.ItemDataRole.ToolTipRole), model.headerData(*header))
    assert said[Style.ABSOLUTE][0] == "15 h 52 min" and said[Style.CST][0] == "15 h 53 min"
    note = "to the minute, between the times shown"
    assert note in said[Style.CST][1] and note in said[Style.CST][2]
    assert note not in said[Style.ABSOLUTE][1] and note not in said[Style.ABSOLUTE][2]
    assert timedelta(hours=15, minutes=52, seconds=51) == datetime(2025, 9, 12, 23, 55) - start

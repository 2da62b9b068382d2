"""Tryout with the demo pair where one stored value is JSON null and one a
number: the table, the details and the file's warning say what such a value
is (null read "(no entry)", a number passed for a time, the warning's keys
were cut off below the pane's edge)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from timeline_app.core.context import Style
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.window.main_window import MainWindow

from .conftest import show_pair

NULL_ROW, NUMBER_ROW = 2, 3  # the demo's messages whose values the tryout changed


@pytest.fixture
def odd_values(tmp_path: Path) -> Path:
    data = json.loads(DEMO_TIMESTAMPS.read_text(encoding="utf-8"))
    keys = list(data)
    data[keys[1]], data[keys[2]] = None, 1726156801  # the stored values of #2 and #3
    path = tmp_path / "timestamps.json"
    path.write_text(json.dumps(data, indent=4), encoding="utf-8")
    return path


@pytest.fixture
def odd_window(qtbot, make_window, odd_values: Path) -> MainWindow:
    window = make_window()
    window.resize(1024, 700)
    show_pair(qtbot, window, DEMO_TRANSCRIPT, odd_values)
    return window


def _time_cell(window: MainWindow, source_row: int) -> str:
    model = window.model
    return model.data(model.index(source_row, Column.TIME), Qt.ItemDataRole.DisplayRole)


def test_a_value_that_is_not_text_reads_the_same_in_every_style(qtbot, odd_window: MainWindow) -> None:
    """Absolute showed the number as if it were a time and nothing for null,
    Relative nothing for either: now the value as JSON, marked, in each."""
    seen = {}
    for style in (Style.ABSOLUTE, Style.RELATIVE, Style.CST):
        odd_window.session.set_style(style)
        qtbot.wait(20)
        seen[style] = (_time_cell(odd_window, NULL_ROW), _time_cell(odd_window, NUMBER_ROW))
    assert seen[Style.ABSOLUTE] == ("⚠ null", "⚠ 1726156801")
    assert seen[Style.RELATIVE] == seen[Style.ABSOLUTE]
    # the demo records its own times: CST shows what Free Anima injects, the transcript's
    assert seen[Style.CST] == ("2025-09-13T00:00 周六", "2025-09-13T00:00 周六")


def test_the_details_say_null_and_number_are_not_text(qtbot, odd_window: MainWindow) -> None:
    detail = odd_window.detail
    odd_window.select_source_row(NULL_ROW)
    qtbot.waitUntil(lambda: detail.hash.text() != "—")
    assert detail.stored.text() == "null (not text)"
    assert detail.parsed.text().startswith("none: the middleware reads no time from a value that is not text")
    assert detail.next_request.text() == "keeps its stored time: null (not text)"
    odd_window.select_source_row(NUMBER_ROW)
    qtbot.waitUntil(lambda: detail.stored.text() != "null (not text)")
    assert detail.stored.text() == "1726156801 (a number, not text)"
    assert detail.next_request.text() == "keeps its stored time: 1726156801 (a number, not text)"


def test_the_warning_about_values_that_are_not_text_is_shown_whole(qtbot, odd_window: MainWindow) -> None:
    """At 1024x700 the warning was cut below its third line: the keys it
    names were never visible."""
    notes = odd_window.detail.notes
    qtbot.waitUntil(notes.isVisible)
    qtbot.wait(50)
    assert "63ff6ff994ef… (null), 5871e1bad5e3… (a number)" in notes.text()
    assert notes.textFormat() == Qt.TextFormat.PlainText
    shown = notes.visibleRegion().boundingRect().height()
    assert shown >= notes.heightForWidth(notes.width()), "lines of the warning cut off"
    assert notes.width() <= odd_window.detail.width()

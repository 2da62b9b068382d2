"""The Status column and the status bar's counts in the CST style over a
transcript that carries its own times (Free Anima's time lines, SillyTavern's
send_date, Open WebUI's timestamps). Issue 31, tryout M 5: a Free Anima log
in CST read "untracked" in orange on every row and "0 tracked · 6 untracked"
while every CST time shown is the log's own: it read as data missing. They
say where the shown time comes from, and warn only of a time that is missing,
as the strip's legend does ("own")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt

from timeline_app.core.context import Style
from timeline_app.gui.dialogs import questions
from timeline_app.gui.tables.base import cell_items
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.widgets import colours
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import cell_shown, layout_settled, open_and_wait

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
FORMATS = sorted(p for p in FIXTURES.iterdir() if p.name != "cli_english.json")


def _copy(source: Path, folder: Path) -> Path:
    folder.mkdir()
    transcript = folder / source.name
    transcript.write_bytes(source.read_bytes())
    return transcript


def _said(word: str) -> str:
    """A Status word in the language installed."""
    return QCoreApplication.translate("TimelineStatus", word)


def _statuses(window: MainWindow) -> list[tuple[str, bool, bool]]:
    """Per row: the Status cell's first word, whether it is in the warning
    ink, and whether the row's time shown in CST is the message's own."""
    model, source = window.table.model(), window.model
    warning = colours.text_ink(colours.WARNING)  # in the palette shown
    rows = []
    for row in range(model.rowCount()):
        index = model.index(row, Column.STATUS)
        ink = model.data(index, Qt.ItemDataRole.ForegroundRole)
        timeline_row = source.row_at(window.proxy.mapToSource(index).row())
        rows.append((cell_items(model.data(index))[0], ink == warning, timeline_row.own_time is not None))
    return rows


@pytest.mark.parametrize("size", [(1024, 700), (1, 1)], ids=["1024x700", "minimum"])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_cst_over_own_times_says_where_each_time_comes_from(
    qtbot, request, tmp_path: Path, monkeypatch, language: str, size: tuple[int, int]
) -> None:
    """Every format fixture that carries its own times, opened with no
    timestamp file, in CST: no row says "untracked" nor warns where the
    message has its time; the counts say so too. The other styles, which
    show the ≈ times the next request would store, still say "untracked"."""
    request.getfixturevalue("chinese_layout" if language == "zh" else "english")
    monkeypatch.setattr(questions, "pick_item", lambda parent, title, label, items, *a: (items[-1], True))
    window: MainWindow = request.getfixturevalue("make_window")()
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    untracked, in_message, without = map(_said, ("untracked", "time in message", "no time in message"))
    seen = []
    for source in FORMATS:
        open_and_wait(qtbot, window, _copy(source, tmp_path / source.stem), None)
        discussion = window.session.discussion
        if not discussion.transcript.has_own_times:
            continue
        seen.append(source.name)
        window.session.set_style(Style.CST)
        layout_settled(window)
        for number in range(window.table.model().rowCount()):  # the word whole in its column
            whole, shown = cell_shown(window.table, window.table.model().index(number, Column.STATUS))
            first = cell_items(whole)[0]
            assert shown == whole or shown.startswith(f"{first} "), (source.name, whole, shown)
        for word, warned, own in _statuses(window):
            assert word != untracked, (source.name, word)
            if word in (in_message, without):
                assert word == (in_message if own else without), (source.name, word, own)
                assert warned == (not own), (source.name, word)
        counts = window.counts_label.text()
        assert untracked not in counts, (source.name, counts)
        window.session.set_style(Style.ABSOLUTE)
        layout_settled(window)
        assert any(word == untracked for word, _, _ in _statuses(window)), source.name
        assert untracked in window.counts_label.text()
    assert {"free_anima.jsonl", "st_solo.jsonl", "open_webui_export.json"} <= set(seen), seen


def test_a_message_without_its_time_line_is_the_one_warned_of(
    qtbot, english, window: MainWindow, tmp_path: Path
) -> None:
    """A Free Anima log whose one user message has no timestamp: that row
    alone reads "no time in message" in the warning ink, the others "time in
    message" in the plain ink, and the counts say 2 and 1."""
    folder = tmp_path / "anima"
    folder.mkdir()
    chat = folder / "session.jsonl"
    lines = [
        {"role": "user", "content": "good morning", "timestamp": "2026-05-20T08:02:00.000+08:00"},
        {"role": "assistant", "content": "morning", "timestamp": "2026-05-20T08:02:09.000+08:00"},
        {"role": "user", "content": "no time here"},
    ]
    chat.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    window.show()
    qtbot.waitExposed(window)
    open_and_wait(qtbot, window, chat, None)
    assert window.session.discussion.transcript.format == "free-anima"
    window.session.set_style(Style.CST)
    layout_settled(window)
    assert _statuses(window) == [
        ("time in message", False, True),
        ("time in message", False, True),
        ("no time in message", True, False),
    ]
    counts = window.counts_label.text()
    assert "2 times in the messages" in counts and "1 message with no time" in counts, counts
    # Details heads the row with the same word and says where its CST time comes from
    window.table.selectRow(2)
    detail = window.detail
    assert detail.heading.text().endswith("· no time in message"), detail.heading.text()
    assert detail.status.text().startswith("No time in message:"), detail.status.text()
    window.table.selectRow(0)
    assert detail.heading.text().endswith("· time in message"), detail.heading.text()
    assert detail.status.text().startswith("Time in message:"), detail.status.text()

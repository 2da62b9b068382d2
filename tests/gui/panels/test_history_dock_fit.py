"""The History dock's labels whole at every window size, in English and in
Chinese (tryN R4: in Chinese at 1024x700 the first line of the note above the
states was cut at the dock's top, the dock scrolled down to its table)."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLabel, QScrollArea

from timeline_app.core.history import mark_written_anew
from timeline_app.gui.widgets.key_scroll import KeyScrollArea
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT, layout_settled, press

ALT = Qt.KeyboardModifier.AltModifier


def _with_notes(folder: Path) -> tuple[Path, Path]:
    """The demo with two backups and three saves that wrote the file anew: a
    History whose note says three things above its states."""
    from timeline_app.gui.resources import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT

    transcript, store = folder / "chat.json", folder / "timestamps.json"
    transcript.write_bytes(DEMO_TRANSCRIPT.read_bytes())
    store.write_bytes(DEMO_TIMESTAMPS.read_bytes())
    for n, stamp in enumerate(("20261207-013510", "20261207-013546")):
        backup = folder / f"timestamps.json.bak-{stamp}"
        backup.write_bytes(DEMO_TIMESTAMPS.read_bytes()[: -2 - n] + b"}")
        moment = datetime.fromisoformat(f"2026-12-07T01:3{n}:00+00:00").timestamp()
        os.utime(backup, (moment, moment))
    for n, after in enumerate(("deleted", "moved", "deleted")):
        mark_written_anew(store, datetime.fromisoformat(f"2026-12-07T01:4{n}:00+00:00"), after)
    return transcript, store


def cut_labels(area: QScrollArea) -> list[str]:
    """The texts in the dock's ``area`` not whole in its view: a label (or the
    scrolling place a long one is kept in, ``KeyScrollArea``, whose lines are
    whole at its own height and scroll by keys) above the view's top or below
    its bottom, or a label scrolled up within its own place."""
    view, inside = area.viewport(), area.widget()
    cut = []
    for label in inside.findChildren(QLabel):
        if not label.isVisible() or not label.text():
            continue
        own = label.parentWidget().parentWidget() if label.parentWidget() is not None else None
        place = own if isinstance(own, KeyScrollArea) else label
        if place is own and label.y() < 0:
            cut.append(f"{label.text()[:40]!r} scrolled up {-label.y()} px in its place")
        top = place.mapTo(view, QPoint(0, 0)).y()
        shown = top + place.height() > 0 and top < view.height()  # wholly out of view: not cut
        if shown and (top < 0 or top + place.height() > view.height()):
            cut.append(f"{label.text()[:40]!r}: {top}..{top + place.height()} in 0..{view.height()}")
    return cut


@pytest.mark.parametrize("size", [(1024, 700), (1, 1), (1920, 1080)])
@pytest.mark.parametrize("chinese", [False, True])
def test_every_label_of_the_history_dock_is_whole(
    qtbot, make_window, tmp_path: Path, request, chinese: bool, size: tuple[int, int]
) -> None:
    if chinese:
        request.getfixturevalue("chinese_layout")
    transcript, store = _with_notes(tmp_path)
    window: MainWindow = make_window()
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.session.historyChanged, timeout=WAIT):
        window.session.open(transcript, store, beside=False)
    session = window.session
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
    window.table.setFocus()
    press(qtbot, Qt.Key.Key_7, ALT)  # the states focused, as by a person
    panel = window.history_panel
    qtbot.waitUntil(lambda: panel.view.isVisible() and panel.view.hasFocus(), timeout=WAIT)
    press(qtbot, Qt.Key.Key_End)  # the newest state selected, the table scrolled to it
    layout_settled(window)
    assert panel.status.text().count("\n") >= 3, panel.status.text()
    area = window.history_dock.widget()
    assert isinstance(area, QScrollArea)
    assert not cut_labels(area)

"""Every place the window names the discussion's zone says when nothing
gives it, and which clock it shows instead (issue 31): a timestamp file
opened alone read "Source (current at, UTC+0)" in History's header, and the
Now button, Details' stored time, the status bar and Recordings named
"UTC+0" as if the discussion's, where ``history`` on the command line said
"the discussion's zone is unknown". One judgement, ``core.discussion.zone_known``."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from timeline_app.core.hashing import content_hash
from timeline_app.gui.window.main_window import MainWindow

from .helpers import open_and_wait, show_pair

UNKNOWN = {"en": "this machine's clock", "zh_CN": "本机时钟"}
UNKNOWN_TOO = {"en": "UTC+0, this machine's clock: UTC", "zh_CN": "UTC+0，本机时钟：UTC"}


@pytest.fixture
def machine_utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This machine's zone is UTC: its offset, "UTC+0", is not the demo's +2."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def _zone_texts(window: MainWindow, orphan: str | None = None) -> dict[str, str]:
    """What each place that names the clock shows, as read off its widget."""
    history = window.history_panel.model
    detail = window.detail
    if orphan is not None:
        detail.show_orphan(orphan)
    else:
        window.select_source_row(1)
    texts = {
        "History header": history.headerData(1, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole),
        "Now button": window.now_button.text(),
        "Now tooltip": window.now_button.toolTip(),
        "Details stored time": detail.parsed.text(),
        "status bar": window.session.last_event,
        # not the Recordings header: a recording is on the recorder's own clock, whatever
        # discussion is open (rec31d; tests/gui/panels/test_recordings.py)
    }
    return {k: str(v) for k, v in texts.items()}


def _alone(tmp_path: Path) -> Path:
    folder = tmp_path / "alone"
    folder.mkdir()
    store = folder / "timestamps.json"
    store.write_text(
        json.dumps({content_hash(f"m{i}"): f"(Thursday, 2026-01-01 09:0{i}:00)" for i in range(3)}),
        encoding="utf-8",
    )
    return store


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_timestamp_file_alone_says_its_zone_unknown_everywhere(
    qtbot, window: MainWindow, machine_utc, tmp_path: Path, language: str, request: pytest.FixtureRequest
) -> None:
    if language == "zh_CN":
        request.getfixturevalue("chinese_app")
    store = _alone(tmp_path)
    open_and_wait(qtbot, window, None, store)
    window.show()
    qtbot.waitExposed(window)
    discussion = window.session.discussion
    assert discussion is not None and discussion.clock[1] == "machine"
    orphan = content_hash("m0")
    texts = _zone_texts(window, orphan)
    for place, text in texts.items():
        assert "UTC+0" in text, (place, text)
        assert UNKNOWN[language] in text, (place, text)
        if place in (
            "History header",
            "Now button",
            "status bar",
        ):  # the others say the discussion's zone unknown
            assert UNKNOWN_TOO[language] in text, (place, text)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_demo_names_its_zone_known_everywhere(
    qtbot, window: MainWindow, machine_utc, language: str, request: pytest.FixtureRequest
) -> None:
    if language == "zh_CN":
        request.getfixturevalue("chinese_app")
    show_pair(qtbot, window)
    discussion = window.session.discussion
    assert discussion is not None and discussion.clock[1] == "transcript"
    for place, text in _zone_texts(window).items():
        assert "UTC+2" in text, (place, text)
        assert UNKNOWN[language] not in text, (place, text)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_at_the_least_width_the_longer_now_button_stays_on_the_bar(
    qtbot, window: MainWindow, machine_utc, tmp_path: Path, language: str, request: pytest.FixtureRequest
) -> None:
    """The Now button that says the zone unknown is longer than one naming
    "UTC+2": at the window's least width it stays on the bar, whole."""
    from PySide6.QtWidgets import QToolBar

    if language == "zh_CN":
        request.getfixturevalue("chinese_layout")
    open_and_wait(qtbot, window, None, _alone(tmp_path))
    window.show()
    qtbot.waitExposed(window)
    bar = window.findChild(QToolBar, "mainToolbar")
    window.resize(1, 1)
    qtbot.wait(100)
    button = window.now_button
    qtbot.waitUntil(lambda: button.isVisible() and bar.rect().contains(button.geometry()), timeout=3000)
    assert UNKNOWN[language] in button.text()
    assert button.width() >= button.fontMetrics().horizontalAdvance(button.text())


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_machine_without_a_zone_name_says_zone_unknown(
    qtbot, window: MainWindow, tmp_path: Path, language: str, request: pytest.FixtureRequest, monkeypatch
) -> None:
    """ "zone unknown" only when nothing names this machine's zone: a machine
    on Etc/UTC read "this machine's clock: zone unknown" (issue 31)."""
    if language == "zh_CN":
        request.getfixturevalue("chinese_app")
    monkeypatch.setenv("TZ", "XYZ+0")  # a POSIX rule: an offset, no zone name
    time.tzset()
    request.addfinalizer(time.tzset)
    open_and_wait(qtbot, window, None, _alone(tmp_path))
    for place, text in _zone_texts(window, content_hash("m0")).items():
        if place not in ("History header", "Now button", "status bar"):
            continue
        assert {"en": "this machine's clock: zone unknown", "zh_CN": "本机时钟：时区未知"}[
            language
        ] in text, (place, text)

"""The progress of background work on the status bar, beside the counts.

Issue 29: at 1024 px the load's words took the counts' room, the chips and
the files' names went to a second line, and the status bar grew 6 px while
an appended exchange was read into the 100k discussion and shrank after:
the table was relaid and repainted twice. Tryout M 6: just after a save the
progress showed a lone cut "c" before its Cancel button. One test for the
class: every progress text, at every size, in English and Chinese, reads
whole or ends in "…" (or is left out), Cancel whole, the counts and chips
uncut, and the status bar, the table and the window never move while work
starts, goes on and ends.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QLabel

from timeline_app.core.words import Said, Stage
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import DEMO_NOW, DEMO_TIMESTAMPS, DEMO_TRANSCRIPT, layout_settled, open_and_wait
from ..window.test_essentials_every_size import SIZES, ZONE, _sized, cut_status


def progress_texts() -> list[tuple[str, object]]:
    """What the progress is given to say, by job kind: every engine stage
    (a load's said after the file's name) and the window's own words."""
    stages = [
        Said(Stage.READING, ("timestamps.json",)),
        Said(Stage.LOOKING_BESIDE),
        Said(Stage.MATCHING),
        Said(Stage.HASHING, (100_002,)),
        Said(Stage.JOINING_NEW),
        Said(Stage.JOINING),
        Said(Stage.SIMULATING),
        Said(Stage.PAIRING, (12_345, 100_000)),
    ]
    assert {said.code for said in stages} == set(Stage), "a stage is not tried"
    translate = QCoreApplication.translate
    own = [
        ("load", translate("DiscussionSession", "laying out the timeline")),
        ("load", translate("DiscussionSession", "re-joining with the edited file")),
        ("simulate", translate("DiscussionSession", "simulating the next request")),
        ("discussions", translate("DiscussionsPanel", "reading %1").replace("%1", "lisbon-trip-2025")),
        ("recordings", translate("RecordingsPanel", "predicting the recorded request")),
    ]
    return [*(("load", said) for said in stages), *own]


def words_cut(label: QLabel) -> str:
    """How the progress's words are painted, when that is neither whole,
    nor ending in "…" after the text's start, nor nothing: "" when fine."""
    text = label.text()
    shown = label.shown_text() if hasattr(label, "shown_text") else text  # type: ignore[attr-defined]
    room = label.contentsRect().width()
    if not label.isVisible() or not shown:
        return ""
    if label.fontMetrics().horizontalAdvance(shown) > room:
        return f"{text!r} cut by its edge at {room} px"
    if shown != text and not (shown.endswith("…") and text.startswith(shown[:-1])):
        return f"{text!r} shown as {shown!r}"
    return ""


def _open_with_a_chip(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """The demo from a long folder's name, with the zone chip: the status bar at its fullest."""
    folder = tmp_path / "a_rather_long_folder_name_for_the_trip"
    folder.mkdir()
    transcript, store = folder / DEMO_TRANSCRIPT.name, folder / "timestamps.json"
    transcript.write_bytes(DEMO_TRANSCRIPT.read_bytes())
    store.write_bytes(DEMO_TIMESTAMPS.read_bytes())
    window.session.set_pinned_now(DEMO_NOW)
    open_and_wait(qtbot, window, transcript, store)
    with qtbot.waitSignal(window.session.changed, timeout=10000):
        window.session.set_choices(ZONE)


def _still(window: MainWindow) -> tuple[object, ...]:
    return (window.size().toTuple(), window.statusBar().height(), window.table.geometry().getRect())


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_progress_text_reads_whole_or_elided_and_moves_nothing(
    qtbot, request, tmp_path: Path, language: str, size: str
) -> None:
    request.getfixturevalue("chinese_layout" if language == "zh" else "english")
    window: MainWindow = request.getfixturevalue("make_window")()
    window.resize(1300, 800)
    window.show()
    qtbot.waitExposed(window)
    _open_with_a_chip(qtbot, window, tmp_path)
    _sized(window, size)
    steady = _still(window)
    jobs, failures = window.session.jobs, []
    assert not cut_status(window), cut_status(window)
    jobs.busyChanged.emit(True)
    for kind, stage in progress_texts():
        jobs.progressed.emit(kind, stage, 0.5)
        layout_settled(window)
        where = f"at {window.size().toTuple()}, {window.progress.stage.text()!r}"
        if said := words_cut(window.progress.stage):
            failures.append(f"{where}: {said}")
        cancel = window.cancel_button
        if not cancel.isVisible() or cancel.width() < cancel.sizeHint().width():
            failures.append(f"{where}: Cancel cut ({cancel.width()} of {cancel.sizeHint().width()} px)")
        failures += [f"{where}: {said}" for said in cut_status(window)]
        if _still(window) != steady:
            failures.append(f"{where}: window, status bar, table {_still(window)} were {steady}")
    jobs.busyChanged.emit(False)
    layout_settled(window)
    if _still(window) != steady:
        failures.append(f"work ended: window, status bar, table {_still(window)} were {steady}")
    assert not failures, "\n".join(dict.fromkeys(failures))


@pytest.mark.parametrize("width", [1024, 1920])
def test_a_reload_never_moves_the_table_nor_changes_the_status_bar(
    qtbot, window: MainWindow, tmp_path: Path, width: int
) -> None:
    """The real load's progress (the words said as it goes, then gone), with
    the zone chip and a long folder's name: the status bar's height and the
    table's geometry seen after every step are the steady ones."""
    window.resize(width, 700)
    window.show()
    qtbot.waitExposed(window)
    _open_with_a_chip(qtbot, window, tmp_path)
    qtbot.waitUntil(window.cancel_button.isHidden, timeout=20000)
    layout_settled(window)
    steady = _still(window)
    seen: list[tuple[object, ...]] = []

    def look() -> None:
        seen.append(_still(window))

    window.session.jobs.progressed.connect(lambda *_: QTimer.singleShot(0, look))
    window.session.jobs.busyChanged.connect(lambda _on: QTimer.singleShot(0, look))
    with qtbot.waitSignal(window.session.loaded, timeout=20000):
        window.session.reload()
    qtbot.waitUntil(window.cancel_button.isHidden, timeout=20000)
    layout_settled(window)
    look()
    assert seen and set(seen) == {steady}, (steady, seen)

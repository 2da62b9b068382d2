"""Docks keep their size when the files are read again: after an automatic
reload (the transcript grew on disk) the Details dock came out narrower and
cut the hash, though it was wider before (issue 31 tryout). Every dock in
view keeps its width and height, and the hash shows as much as before,
whatever read the files again, at the smallest screen and a common one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QDockWidget

from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT, jobs_idle, layout_settled, open_and_wait, show_active

FIXTURES = Path(__file__).parents[2] / "fixtures"


def _sizes(window: MainWindow) -> dict[str, QSize]:
    return {dock.objectName(): dock.size() for dock in window.findChildren(QDockWidget) if dock.isVisible()}


def _hash_shown(window: MainWindow) -> int:
    """Pixels of the hash in view in its field."""
    field = window.detail.hash
    return min(field.contentsRect().width(), field.fontMetrics().horizontalAdvance(field.text()))


@pytest.mark.parametrize("how", ["grown on disk", "reload key"])
@pytest.mark.parametrize("size", [(1024, 700), (1300, 800)])
@pytest.mark.parametrize("repair", [False, True])
def test_docks_keep_their_size_when_the_files_are_read_again(
    qtbot, make_window, tmp_path: Path, how: str, size: tuple[int, int], repair: bool
) -> None:
    window = make_window()
    window.resize(*size)
    transcript = tmp_path / "chat.jsonl"
    transcript.write_bytes((FIXTURES / "st_solo.jsonl").read_bytes())
    window.show()
    open_and_wait(qtbot, window, transcript, None)
    show_active(qtbot, window)
    if repair:
        window.repair_dock.show()
    window.select_source_row(1)  # Details widens to the message's facts
    layout_settled(window)
    before, hash_before = _sizes(window), _hash_shown(window)
    assert window.detail.hash.text() and "sideDock" in before
    with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
        if how == "grown on disk":
            lines = transcript.read_text().splitlines()
            grown = json.loads(lines[-1])
            grown["mes"] = "and one more thing"
            transcript.write_text("\n".join([*lines, json.dumps(grown)]) + "\n")
        else:
            window.actions_by_name["reload"].trigger()
    jobs_idle(qtbot, window.session)
    layout_settled(window)
    assert _sizes(window) == before
    assert _hash_shown(window) == hash_before, "the hash was cut further"

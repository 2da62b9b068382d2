"""The Discussions list in the window at 1024x700 and at the window's least
size, English and Chinese: a date is never cut and a discussion's name of
everyday length reads whole (issue 31 tryout: "lisbon-…" and
"2025-09-12 17:5…" in the dock beside the timeline at 1024x700)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from timeline_app.gui.window.main_window import MainWindow

from ..helpers import jobs_idle, layout_settled, tree_cell_shown

NAMES = ["lisbon-moved", "rec-chat", "my-long-chat-2026"]
TIMES = ["(Friday, 2025-09-12 17:59:00)", "2025-09-12 17:58:00", "(Sunday, 2025-09-21 11:00:00)"]


def _root(tmp_path: Path) -> Path:
    root = tmp_path / "DiscussionIds"
    for number, name in enumerate(NAMES):
        path = root / name / "timestamps.json"
        path.parent.mkdir(parents=True)
        path.write_text(json.dumps({f"{number:x}" * 64: t for t in TIMES} | {"f" * 64: TIMES[number]}))
    return root


@pytest.mark.parametrize("size", [(1024, 700), (1, 1)], ids=["1024x700", "minimum"])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_no_date_is_cut_and_everyday_names_read_whole(
    qtbot, request, tmp_path: Path, language: str, size: tuple[int, int]
) -> None:
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    window.discussions_dock.show()
    window.discussions_dock.raise_()
    layout_settled(window)
    panel = window.discussions
    panel.set_root(_root(tmp_path))
    jobs_idle(qtbot, panel._session)
    window.resize(*size)
    layout_settled(window)
    view, header = panel.view, panel.view.header()
    seen = 0
    for item in panel._items():
        index = panel.model.indexFromItem(item)
        view.setCurrentIndex(index)
        for column in (2, 3):  # First, Last
            cell = index.siblingAtColumn(column)
            text = cell.data() or ""
            seen += bool(text)
            if header.isSectionHidden(column):  # no room for it whole: said under the tree
                said = panel.entry_state
                assert said.isVisible() and text in said.text(), (
                    size,
                    column,
                    said.isVisible(),
                    said.text(),
                    text,
                )
                continue
            assert tree_cell_shown(view, cell) == text, (size, column, text)
            rect = view.visualRect(cell)
            # in view across, not scrolled off: the viewport's whole width holds it
            assert rect.left() >= 0 and rect.right() < view.viewport().width(), (size, column, rect)
        if size == (1024, 700) and len(item.text()) <= 12:
            assert tree_cell_shown(view, index) == item.text(), (size, item.text())
    assert seen

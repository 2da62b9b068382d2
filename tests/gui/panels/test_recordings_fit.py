"""The Recordings dock fits its width (issue 31): at 1024 px the tree's
first header, "Discussion / received (recorder's clock, UTC+0)", needed
343 px of the tree's 337 and the tree scrolled across; the messages list's
columns needed 356 px of its 320 and it scrolled too."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import load_vectors
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QTableView, QTreeView
from record_helpers import record_exchange

from timeline_app.core.recordings import REQUESTS_FILE, read_records
from timeline_app.gui.tables.base import header_text_width
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT, layout_settled

VECTOR = next(v for v in load_vectors("wilmer") if v["name"] == "partially_tracked_new_tail")
EXPECTED = VECTOR["expected"]["context_absolute"]


def _headers_cut(view: QAbstractItemView) -> list[str]:
    """The headers of ``view`` that do not read whole in their sections."""
    header = view.horizontalHeader() if isinstance(view, QTableView) else view.header()
    model = view.model()
    return [
        f"{model.headerData(c, Qt.Orientation.Horizontal)!r}: {header.sectionSize(c)} px of {header_text_width(view, c)}"
        for c in range(header.count())
        if not header.isSectionHidden(c) and header.sectionSize(c) < header_text_width(view, c)
    ]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("size", ["1024x700", "least"])
def test_the_recordings_dock_never_scrolls_across_and_its_headers_read_whole(
    qtbot, request, make_window, tmp_path: Path, size: str, language: str
) -> None:
    """At 1024x700 and at the window's least size, in either language, with
    a request picked: no scroll bar across in the tree or the messages list,
    and every header whole (the tree's first still names the recorder's
    clock, on a line of its own)."""
    if language != "en":
        request.getfixturevalue("chinese_layout")
    window: MainWindow = make_window()
    window.session.set_choices(replace(window.session.choices, wilmer_zone="UTC"))
    out = tmp_path / "rec"
    changed = [dict(m) for m in EXPECTED]
    changed[1] = {**changed[1], "content": str(changed[1]["content"]) + " (edited by a node)"}
    record_exchange(out, VECTOR, changed)
    window.resize(1024, 700)
    window.show()
    window.open_recordings(out)
    panel = window.recordings
    (client,) = read_records(out / "talk" / REQUESTS_FILE).requests
    qtbot.waitUntil(lambda: panel.model.index_of(client.id).isValid(), timeout=WAIT)
    panel.view.expandAll()
    panel.view.setFocus()
    panel.view.setCurrentIndex(panel.model.index_of(client.id))
    view = panel.comparison
    qtbot.waitUntil(lambda: view.comparison is not None, timeout=WAIT)
    if size == "least":
        for _ in range(2):
            window.resize(1, 1)
            layout_settled(window)
        assert window.size() == window.minimumSize()
    layout_settled(window)
    clock = panel.model.headerData(0, Qt.Orientation.Horizontal)
    assert "UTC" in clock, clock  # the recorder's clock still named
    tree: QTreeView = panel.view
    for shown in (tree, view.table):
        bar = shown.horizontalScrollBar()
        assert not bar.isVisible(), f"{shown.objectName()} scrolls across by {bar.maximum()} px"
        assert bar.maximum() == 0, f"{shown.objectName()} scrolls across by {bar.maximum()} px"
        assert _headers_cut(shown) == [], shown.objectName()
    # the cells hidden for want of room are said for the current row, where the keys reach them
    tree_header = tree.header()
    hidden = [c for c in range(1, tree_header.count()) if tree_header.isSectionHidden(c)]
    current = tree.currentIndex()
    for column in hidden:
        value = current.siblingAtColumn(column).data()
        if value:
            assert value in panel.hidden_cells.text() and panel.hidden_cells.isVisible()
    last = view.model.columnCount() - 1
    if view.table.horizontalHeader().isSectionHidden(last):
        assert view.difference.isVisible() and view.difference.text()
    window.resize(1920, 1080)  # room again: every column shown
    layout_settled(window)
    assert not view.table.horizontalHeader().isSectionHidden(last)

"""Every Details value is whole or wrapped, never cut: for every format
fixture, each of its rows, the absolute and CST styles, at the window's
minimum size, 1024x700 and 1920x1080, in English and Chinese (issue 31,
tryout K 5: a value read cut mid-sentence at 1024x700, text-generation-webui,
row 2, CST). A value's label is as tall as its lines at its width and lies
inside the facts' area across (the area scrolls down only)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFormLayout, QWidget

from timeline_app.core.context import Style
from timeline_app.gui.dialogs import questions
from timeline_app.gui.widgets.breaking_label import BreakingLabel
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import layout_settled, open_and_wait, show_active

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
FORMATS = sorted(p for p in FIXTURES.iterdir() if p.name != "cli_english.json")
SIZES = {"minimum": (1, 1), "1024x700": (1024, 700), "1920x1080": (1920, 1080)}
ROWS = 6  # of each fixture, the first (the tryout's was row 2)


def facts_cut(window: MainWindow) -> list[str]:
    """The Details facts whose value (or name) is cut: narrower than its
    longest line asks, lower than its lines at its width, or past the facts
    area's right edge."""
    area = window.detail._facts_area
    view, form = area.viewport(), area.widget().layout()
    cut = []
    for row in range(form.rowCount()):
        for role in (QFormLayout.ItemRole.LabelRole, QFormLayout.ItemRole.FieldRole):
            item = form.itemAt(row, role)
            widget: QWidget | None = item.widget() if item is not None else None
            if widget is None or not widget.isVisible():
                continue
            right = widget.mapTo(view, widget.rect().topRight()).x()
            text = widget.text() if hasattr(widget, "text") else ""
            if right >= view.width():
                cut.append(f"{text[:40]!r}: right edge {right} past the area's {view.width()}")
            if isinstance(widget, BreakingLabel) and widget.height() < widget.heightForWidth(widget.width()):
                needed = widget.heightForWidth(widget.width())
                cut.append(f"{text[:40]!r}: {widget.height()} px high, its lines need {needed}")
    return cut


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_details_value_is_whole_or_wrapped(
    qtbot, request, tmp_path: Path, monkeypatch, language: str, size: str
) -> None:
    request.getfixturevalue("chinese_layout" if language == "zh" else "english")
    monkeypatch.setattr(questions, "pick_item", lambda parent, title, label, items, *a: (items[-1], True))
    window: MainWindow = request.getfixturevalue("make_window")()
    window.side_dock.show()
    window.tabs.setCurrentIndex(0)
    window.resize(*SIZES[size])
    show_active(qtbot, window)
    failures = []
    for source in FORMATS:
        folder = tmp_path / source.stem
        folder.mkdir()
        transcript = folder / source.name
        transcript.write_bytes(source.read_bytes())
        open_and_wait(qtbot, window, transcript, None)
        for style in (Style.ABSOLUTE, Style.CST):
            window.session.set_style(style)
            for row in range(min(ROWS, window.model.rowCount())):
                window.select_source_row(row)
                layout_settled(window)
                cut = facts_cut(window)
                failures += [f"{source.name} {style.value} row {row}: {c}" for c in cut]
    assert not failures, f"at {window.size().toTuple()}:\n" + "\n".join(failures)

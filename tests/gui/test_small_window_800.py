"""An 800x560 window (tryout on a 1024x700 screen, dark, Chinese): opening
Repair grew the window by itself and left the table 2-3 rows; the Preview's
chat was one message high under the summary and the template boxes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QSplitter

from timeline_app.core.hashing import content_hash
from timeline_app.gui.strip.view import LANE_HEIGHT, MIN_LANE_HEIGHT
from timeline_app.gui.tables.column_widths import SHARED_ROWS
from timeline_app.gui.window.main_window import MainWindow

from .conftest import open_and_wait

SMALL = (800, 560)


def _rows(view) -> int:
    return view.viewport().height() // view.verticalHeader().defaultSectionSize()


def _small(qtbot, window: MainWindow) -> None:
    window.resize(*SMALL)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == SMALL)
    qtbot.wait(100)  # the docks and the strip settle


@pytest.mark.parametrize("language", ["en", "zh"])
def test_repair_in_a_small_window_takes_the_strip_down_not_the_window_up(
    qtbot, request, language: str
) -> None:
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    _small(qtbot, window)
    strip = window.strip
    assert strip.height() >= strip.sizeHint().height() - 1  # full lanes while the table has rows
    qtbot.keyClick(window.table, Qt.Key.Key_5, Qt.KeyboardModifier.AltModifier)  # Tools > Repair
    qtbot.waitUntil(lambda: window.repair_dock.isVisible())
    qtbot.waitUntil(lambda: _rows(window.table) >= SHARED_ROWS, timeout=3000)
    qtbot.wait(200)
    assert (window.width(), window.height()) == SMALL, "opening Repair resized the window"
    assert strip.height() < strip.sizeHint().height(), "the strip kept its lanes while the table lost rows"
    assert MIN_LANE_HEIGHT <= strip.lane_height() < LANE_HEIGHT
    panel = window.repair_panel
    with qtbot.waitSignal(panel.proposalsReady, timeout=10000):
        qtbot.mouseClick(panel.find_button, Qt.MouseButton.LeftButton)
    assert _rows(panel.table) >= 1
    # a squeezed mark is still where a click picks it
    row = next(r for r in range(window.model.rowCount()) if strip.mark_rect(r) is not None)
    rect = strip.mark_rect(row)
    assert rect.height() >= 8
    qtbot.mouseClick(strip, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert window.table.currentIndex().isValid()
    # Repair closed: the strip gets its lanes back
    window.repair_dock.close()
    qtbot.waitUntil(lambda: strip.height() >= strip.sizeHint().height() - 1, timeout=3000)
    assert (window.width(), window.height()) == SMALL


def test_the_small_windows_preview_gives_the_chat_the_most_room(qtbot, demo_window: MainWindow) -> None:
    window = demo_window
    _small(qtbot, window)
    qtbot.keyClick(window.table, Qt.Key.Key_4, Qt.KeyboardModifier.AltModifier)  # View > Go to the preview
    pane = window.preview_pane
    qtbot.waitUntil(lambda: pane.chat.isVisible())
    qtbot.wait(100)
    split = pane.findChild(QSplitter, "previewSplit")
    chat, lower = split.sizes()
    assert chat >= 2 * lower, f"chat {chat} px, summary and template {lower} px"
    assert pane.chat.viewport().height() >= 6 * pane.chat.fontMetrics().lineSpacing()
    # the summary is under the chat, in a pane that scrolls down only, its lines whole across
    area = pane.findChild(QScrollArea, "previewPromptArea")
    assert area.isAncestorOf(pane.summary) and area.isAncestorOf(pane.template)
    assert pane.summary.text().startswith("{time_context_summary} = ")
    assert pane.summary.width() <= area.viewport().width()
    # no empty output box under an empty template; typing one shows it filled
    assert not pane.filled.isVisible()
    pane.template.setFocus()
    qtbot.keyClicks(pane.template, "Now: {time_context_summary}")
    qtbot.waitUntil(lambda: pane.filled.isVisible())
    assert pane.filled.toPlainText().startswith("Now: [Time Context:")
    area.ensureWidgetVisible(pane.filled)
    assert not pane.filled.visibleRegion().isEmpty()
    assert area.mapTo(window, QPoint(0, 0)).y() > pane.chat.mapTo(window, QPoint(0, 0)).y()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_no_preview_wraps_inside_a_hash_and_reads_whole_at_800_px(
    qtbot, make_window, tmp_path: Path, request, language: str
) -> None:
    """Tryout: "No preview: the stored value for <hash> …" was cut off at the
    pane's right edge (the hash is one word, a label breaks only between
    words), with no way to scroll to it; it wraps, inside the hash too."""
    if language == "zh_CN":
        request.getfixturevalue("chinese_app")
    digest = content_hash("Hi")
    (tmp_path / "chat.json").write_text(json.dumps([{"role": "user", "content": "Hi"}]))
    (tmp_path / "timestamps.json").write_text(json.dumps({digest: 5}))
    window = make_window()
    window.resize(1300, 800)
    open_and_wait(qtbot, window, tmp_path / "chat.json", tmp_path / "timestamps.json")
    window.show()
    qtbot.waitExposed(window)
    _small(qtbot, window)
    qtbot.keyClick(window.table, Qt.Key.Key_4, Qt.KeyboardModifier.AltModifier)  # View > Go to the preview
    pane = window.preview_pane
    summary = pane.findChild(QLabel, "previewSummary")
    qtbot.waitUntil(summary.isVisible)
    qtbot.wait(100)
    text = summary.text()
    assert digest in text and text.startswith({"en": "No preview: ", "zh_CN": "无法预览："}[language])
    assert summary.textFormat() == Qt.TextFormat.PlainText
    area = pane.findChild(QScrollArea, "previewPromptArea")
    width = summary.width()
    assert summary.mapTo(area.viewport(), QPoint(width, 0)).x() <= area.viewport().width(), "cut at the right"
    # as tall as its lines at its width: at least as many as the text takes broken anywhere
    packed = summary.fontMetrics().boundingRect(QRect(0, 0, width, 10**6), Qt.TextFlag.TextWrapAnywhere, text)
    assert summary.height() >= packed.height() > 2 * summary.fontMetrics().height()
    area.ensureWidgetVisible(summary, 0, 0)
    assert summary.visibleRegion().boundingRect() == summary.rect(), "not all of it can be seen"
    # drawn down to its last line, not only the first ones
    image = summary.grab().toImage()
    ink = summary.palette().color(summary.foregroundRole()).lightness()
    bottom = range(summary.height() - summary.fontMetrics().height(), summary.height())
    assert any(
        abs(image.pixelColor(x, y).lightness() - ink) < 60 for x in range(image.width()) for y in bottom
    ), "the last line is not drawn"


def test_the_counts_end_in_an_ellipsis_when_the_status_bar_is_short(qtbot, demo_window: MainWindow) -> None:
    """Tryout: with background work running the counts were cut mid-word
    ("file opened 20:4"); they now end in "…" and the tooltip says them whole."""
    window = demo_window
    _small(qtbot, window)
    counts = window.counts_label
    full = counts.text()
    assert full.endswith(full.split(" · ")[-1]) and " · " in full
    window.resize(window.minimumWidth(), 560)
    qtbot.waitUntil(lambda: counts.is_elided(), timeout=3000)
    assert counts.text() == full
    assert (
        counts.toolTip().replace("<p style='white-space:pre-wrap'>", "").startswith(full[:20])
        or full[:20] in counts.toolTip()
    )
    image = counts.grab().toImage()
    ink = counts.palette().color(counts.foregroundRole())
    base = image.pixelColor(0, 0)  # the bar's background, left of the text

    def inked(x: int) -> bool:
        return any(
            abs(image.pixelColor(x, y).lightness() - base.lightness()) > 60 for y in range(image.height())
        )

    assert ink.lightness() != base.lightness()
    assert not any(inked(image.width() - 1 - x) for x in range(2)), "the text runs into the label's edge"


def test_the_filters_count_says_it_briefly_rather_than_cut(qtbot, demo_window: MainWindow) -> None:
    """Tryout at 800 px: "33375 of 100..." was cut; short of room the count
    says "5/18", whole, and its full words stay its text."""
    window = demo_window
    _small(qtbot, window)
    shown = window.filter_bar.shown
    qtbot.keyClicks(window.filter_edit, "table")
    qtbot.waitUntil(lambda: " of 18 shown" in shown.text(), timeout=3000)
    count = shown.text().split(" of ")[0]
    shown.setFixedWidth(
        shown.fontMetrics().horizontalAdvance(f"{count}/18") + 4
    )  # as a crowded row leaves it
    qtbot.wait(20)
    assert shown.text() == f"{count} of 18 shown"
    assert shown.shown_text() == f"{count}/18"
    shown.setFixedWidth(shown.fontMetrics().horizontalAdvance(shown.text()) + 4)
    assert shown.shown_text() == shown.text()

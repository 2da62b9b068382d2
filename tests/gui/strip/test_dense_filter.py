"""A zoomed-out strip (more marks than pixels) dims what the table's filter
hides, as a sparse one does (issue 31: at 100k, "0 of 100,000 shown" left
every mark at full strength; the demo dimmed them)."""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtGui import QPalette

from timeline_app.core.hashing import content_hash
from timeline_app.core.timestrings import format_absolute
from timeline_app.gui.widgets import colours
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import open_and_wait

T = datetime(2025, 9, 20, 12)


def _full_strength_columns(strip) -> set[int]:
    """Pixel columns of the user lane drawn in the user's ink at full strength."""
    image = strip.grab().toImage()
    ink = colours.inks_on(strip.palette().color(QPalette.ColorRole.Base)).user.rgb()
    inset, height = strip._mark_span()
    y = int(strip._lane_top(0) + inset + height / 2)
    return {x for x in range(image.width()) if image.pixelColor(x, y).rgb() == ink}


def _timed(call) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


@pytest.mark.parametrize("count", [50, 3000])  # marks apart, and more marks than pixels
def test_the_filter_dims_the_marks_it_hides_at_any_size(
    qtbot, window: MainWindow, tmp_path: Path, count: int
) -> None:
    messages = [{"role": "user", "content": f"question {i}"} for i in range(count)]
    stored = {
        content_hash(m["content"]): format_absolute(T + timedelta(minutes=i)) for i, m in enumerate(messages)
    }
    transcript, ts = tmp_path / "chat.json", tmp_path / "timestamps.json"
    transcript.write_text(json.dumps({"messages": messages}))
    ts.write_text(json.dumps(stored, indent=4))
    window.resize(1000, 700)
    open_and_wait(qtbot, window, transcript, ts)
    window.show()
    qtbot.waitExposed(window)
    strip, proxy = window.strip, window.table.model()
    strip.fit()
    whole = _full_strength_columns(strip)
    assert len(whole) > 40
    proxy.set_text("no message says this")  # "0 of N shown"
    assert proxy.rowCount() == 0
    assert _full_strength_columns(strip) == set(), "a hidden message's mark at full strength"
    proxy.set_text("question 1")  # 1, 10-19, 100-199, 1000-1999: the rest dimmed
    shown = _full_strength_columns(strip)
    first, last = (strip.mark_rect(row).center().x() for row in (1, count - 1))  # type: ignore[union-attr]
    assert shown and shown < whole
    assert not any(x > last - 3 for x in shown), "the last messages (not shown) are dimmed"
    assert any(abs(x - first) <= 2 for x in shown)
    proxy.set_text("")
    assert _full_strength_columns(strip) == whole


def test_a_filtered_repaint_of_100k_marks_stays_quick(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """The dimming of a dense strip is looked up per pixel column from the
    filter's rows (sorted once per filter change), not per row and paint."""
    count = 100_000
    messages = [{"role": "user" if i % 2 else "assistant", "content": f"m {i}"} for i in range(count)]
    stored = {
        content_hash(m["content"]): format_absolute(T + timedelta(seconds=7 * i))
        for i, m in enumerate(messages)
    }
    transcript, ts = tmp_path / "chat.json", tmp_path / "timestamps.json"
    transcript.write_text(json.dumps({"messages": messages}))
    ts.write_text(json.dumps(stored))
    window.resize(1200, 700)
    open_and_wait(qtbot, window, transcript, ts)
    window.show()
    qtbot.waitExposed(window)
    strip, proxy = window.strip, window.table.model()
    strip.fit()
    proxy.set_text("m 9")
    started = time.perf_counter()
    strip._render_static()
    first = time.perf_counter() - started  # with the filter's xs sorted
    again = min(_timed(strip._render_static) for _ in range(5))
    print(f"filtered repaint at 100k: first {first * 1000:.0f} ms, again {again * 1000:.0f} ms")
    assert again < 0.25 and first < 0.5

"""The strip tells the truth for a transcript that carries its own times: in
the CST style, whose prefix shows them, its marks sit at those times and say
that no file stores them (they were drawn filled, the legend's "time in the
file"); with no timestamp file the other styles place them at the ≈ times
the next request would store, as the table shows them (issue 31)."""

from __future__ import annotations

import itertools
import json
import shutil
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPalette

from timeline_app.core.context import Style
from timeline_app.core.discussion import open_discussion
from timeline_app.core.display import axis_label
from timeline_app.core.options import EngineOptions
from timeline_app.core.timeline import Status
from timeline_app.core.zones import to_naive_in
from timeline_app.gui.menus.help import LEGEND
from timeline_app.gui.strip.view import LANE_HEIGHT, MIN_LANE_HEIGHT
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import open_and_wait, show_pair

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _opened(qtbot, window: MainWindow, name: str) -> MainWindow:
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    open_and_wait(qtbot, window, FIXTURES / name, None)
    return window


def test_marks_at_the_transcripts_own_times_are_not_drawn_as_stored(qtbot, window: MainWindow) -> None:
    """st_solo opened alone: in the CST style its marks sit at its own 2023
    times, outlines with a dot; in the absolute style at the table's ≈ times,
    plain outlines (untracked, the time a backfill would give). Neither is
    filled: no file stores a time."""
    window = _opened(qtbot, window, "st_solo.jsonl")
    strip = window.strip
    assert all(window.model.row_at(r).status is Status.UNTRACKED for r in range(window.model.rowCount()))
    background = strip.palette().color(QPalette.ColorRole.Base).rgb()
    for style, dotted in ((Style.CST, True), (Style.ABSOLUTE, False)):
        window.session.set_style(style)
        layout = strip.strip_layout
        assert layout.for_cst is dotted and all(layout.hollow)  # none of these times is in a file
        strip.fit()
        image = strip.grab().toImage()
        drawn = 0
        for row in range(window.model.rowCount()):
            rect = strip.mark_rect(row)
            if rect is None or rect.left() < 0 or rect.right() >= image.width():
                continue
            drawn += 1
            centre = rect.center().toPoint()
            between = rect.center().toPoint()
            between.setY(int(rect.top() + 2 + (rect.height() / 2 - 2) / 2) - 1)
            # a dot in the middle, the outline's inside left empty: "own time", not "stored"
            assert (image.pixelColor(centre).rgb() != background) is dotted, (style, row)
            assert image.pixelColor(between).rgb() == background, (style, row)
        assert drawn, style
        tip = strip.mark_tip(0)
        if dotted:
            assert "the transcript's own time, which the CST prefix shows" in tip
            assert "2023" in tip  # the time the mark sits at
        else:
            assert "≈" in tip and "untracked: the next request would store this" in tip
            assert "2023" not in tip


def test_the_legend_explains_the_own_time_mark() -> None:
    assert "own" in [name for name, _text, _paint in LEGEND]


def test_a_pair_keeps_filled_marks_for_stored_times(qtbot, demo_window: MainWindow) -> None:
    layout = demo_window.strip._layout
    assert not layout.for_cst
    assert not all(layout.hollow) and any(layout.hollow)


def _text_drawn(image, box) -> bool:
    """Some pixel inside ``box`` differs from the background."""
    background = image.pixelColor(0, 0).rgb()
    rect = box.toRect().intersected(image.rect())
    return any(
        image.pixelColor(x, y).rgb() != background
        for x in range(rect.left(), rect.right() + 1)
        for y in range(rect.top(), rect.bottom() + 1)
    )


def test_the_strip_says_its_axis_is_the_transcripts_own_times_and_names_its_end(
    qtbot, window: MainWindow
) -> None:
    """In the CST style the strip places the marks at the transcript's own
    2023-2024 times, in the others at the ≈ times the table shows. It says
    which on its face (only the legend did), and the axis' right end has its
    date (the label before it left none there)."""
    window = _opened(qtbot, window, "st_solo.jsonl")
    strip = window.strip
    assert strip.axis_caption()[0].replace("\n", " ") == (
        "no timestamp file: placed at the ≈ times the next request would store"
    )
    window.session.set_style(Style.CST)
    caption, box = strip.axis_caption()
    assert "CST style: placed at the times the transcript records" in caption.replace("\n", " ")
    assert "timestamp file" not in caption  # there is none to set apart
    assert box.width() >= max(map(strip.fontMetrics().horizontalAdvance, caption.split("\n")))  # whole
    assert box.right() <= strip.width() and box.bottom() <= strip._lane_top(0)  # over the lanes
    image = strip.grab().toImage()
    assert _text_drawn(image, box)
    boxes = sorted(strip._axis_labels, key=lambda item: item[0].left())
    end_box, end_text = boxes[-1]
    assert end_box.right() >= strip.width() - 40  # a label at the strip's right end ...
    discussion = window.model.discussion
    last = strip.strip_layout.span()[1]  # ... the last message's time
    assert last.year < 2026  # the transcript's, not the ≈ time of the next request
    assert end_text == axis_label(last, window.model.style, discussion.options, discussion.clock_zone)
    assert _text_drawn(image, end_box)
    assert all(a.right() < b.left() for (a, _), (b, _) in itertools.pairwise(boxes))  # none meet


def test_no_two_axis_labels_say_the_same_time(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """Tryout: messages seconds apart put two labels of the same minute on
    the axis ("01:00" twice), which reads as two times that are one."""
    import json
    from datetime import datetime, timedelta

    from timeline_app.core.hashing import content_hash
    from timeline_app.core.timestrings import format_absolute

    contents = [f"message {n}" for n in range(12)]
    messages = [{"role": ("user", "assistant")[n % 2], "content": c} for n, c in enumerate(contents)]
    (tmp_path / "chat.json").write_text(json.dumps(messages))
    start = datetime(2026, 3, 1, 9)
    times = {
        content_hash(c): format_absolute(start + timedelta(seconds=4 * n)) for n, c in enumerate(contents)
    }
    (tmp_path / "timestamps.json").write_text(json.dumps(times))
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    open_and_wait(qtbot, window, tmp_path / "chat.json", tmp_path / "timestamps.json")
    strip = window.strip
    strip.grab()
    texts = [text for _, text in strip._axis_labels]
    assert texts and len(set(texts)) == len(texts), texts


def _free_anima_pair(folder: Path) -> tuple[Path, Path]:
    """The Free Anima log beside a timestamp file whose times are a
    backfill a week after the log's own times, one second apart: the CST
    prefix shows the log's times, the other styles the file's."""
    folder.mkdir()
    transcript = folder / "free_anima.jsonl"
    shutil.copy(FIXTURES / "free_anima.jsonl", transcript)
    alone = open_discussion(transcript, None, EngineOptions(), datetime(2026, 6, 1))
    start = datetime(2026, 5, 28, 9, 0, 0)
    stored = {
        digest: f"({start + timedelta(seconds=n):%A, %Y-%m-%d %H:%M:%S})"
        for n, digest in enumerate(
            h
            for h, s in zip(alone.timeline.hashes, alone.timeline.statuses, strict=True)
            if s is Status.UNTRACKED
        )
    }
    store = folder / "timestamps.json"
    store.write_text(json.dumps(stored, indent=4))
    return transcript, store


def test_in_the_cst_style_the_strip_places_each_message_at_the_time_the_table_shows(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Free Anima injects each message's own ``timestamp`` (spec/cst-prefix.md):
    the CST table shows those times, so the strip places the marks there in
    that style (as outlines with a dot: not stored), and says so; the other
    styles place them at the file's times. Fails with the strip at the
    file's times under CST labels: a week apart."""
    transcript, store = _free_anima_pair(tmp_path / "anima")
    window.resize(1024, 700)
    window.show()
    open_and_wait(qtbot, window, transcript, store)
    model, strip = window.model, window.strip
    discussion = model.discussion
    rows = range(model.rowCount())

    def placed(moments: list) -> None:
        layout = strip.strip_layout
        for row, moment in zip(rows, moments, strict=True):
            if moment is not None:
                assert layout.xs[row] == layout.x_of_time(moment), (row, moment)

    placed(list(discussion.next_times))  # the file's times
    assert not strip.strip_layout.for_cst
    window.session.set_style(Style.CST)
    shown = [model.instant(r) for r in rows]
    assert sum(t is not None for t in shown) >= 4
    placed([None if t is None else to_naive_in(t, discussion.clock_zone) for t in shown])
    layout = strip.strip_layout
    assert layout.for_cst and all(layout.hollow[r] for r in rows if shown[r] is not None)
    assert strip.axis_statement().startswith("CST style: placed at the times the transcript records")
    row = next(r for r in rows if shown[r] is not None)
    assert "the transcript's own time, which the CST prefix shows" in strip.mark_tip(row)
    window.session.set_style(Style.ABSOLUTE)
    placed(list(discussion.next_times))
    assert not strip.strip_layout.for_cst


def test_the_caption_says_how_many_messages_are_not_placed(qtbot, english, window: MainWindow) -> None:
    """ooba_2025_tools has 10 messages and no timestamp file: the 3 that
    record no time of their own (a tool call's empty reply, two tool
    results) are drawn nowhere, and the caption said only "placed at the
    times the transcript records" (tryout: 10 rows, 7 marks)."""
    window = _opened(qtbot, window, "ooba_2025_tools.json")
    window.session.set_style(Style.CST)
    strip = window.strip
    placed = sum(x is not None for x in strip.strip_layout.xs)
    assert (window.model.rowCount(), placed) == (10, 7)
    caption, box = strip.axis_caption()
    assert strip.axis_statement() == (
        "CST style: placed at the times the transcript records, which its prefix shows; "
        "3 messages record no time and are not placed"
    )
    assert caption.replace("\n", " ") == strip.axis_statement()  # on two lines at 1024 px
    assert _text_drawn(strip.grab().toImage(), box)


@pytest.mark.parametrize("language", ["english", "chinese_layout"])
def test_the_caption_says_the_whole_statement_at_every_size(
    qtbot, request, language: str, window: MainWindow, tmp_path: Path
) -> None:
    """The demo in the CST style has a message that records no time: at
    1024x700 the caption was cut at "...(not the timestamp file's); 1 mess"
    (Chinese "...；有 1 条消息没有记下时", the minimum size "...(not th"), then
    shortened, its whole text only in a tooltip and the accessible
    description, which no key shows. At 1920x1080, 1024x700 and the smallest
    window the whole statement is drawn, on two lines where one is too
    short, each line within its box, the box over the lanes, and the lanes
    keep their least height under it."""
    request.getfixturevalue(language)
    # the demo's message with no time was its system message, which no style dates and the
    # caption no longer counts (issue 31): ooba_2025_tools' 3 tool messages record none
    store = tmp_path / "timestamps.json"
    store.write_text("{}")
    window.show()
    qtbot.waitExposed(window)
    open_and_wait(qtbot, window, FIXTURES / "ooba_2025_tools.json", store)
    window.session.set_style(Style.CST)
    strip = window.strip
    assert strip.strip_layout.unplaced >= 1 and strip.strip_layout.has_store
    whole = strip.axis_statement()
    assert strip.accessibleDescription().split("\n")[0] == whole  # then the scale (test_scale)
    metrics = strip.fontMetrics()
    two_lines = False
    for size in ((1920, 1080), (1024, 700), (1, 1)):
        window.resize(*size)
        qtbot.wait(50)
        caption, box = strip.axis_caption()
        lines = caption.split("\n")
        assert "".join(caption.split()) == "".join(whole.split()), (size, caption)  # whole, not cut
        assert "…" not in caption, (size, caption)
        assert max(map(metrics.horizontalAdvance, lines)) <= box.width(), (size, caption)
        assert box.height() >= len(lines) * metrics.height() and box.top() >= 0, (size, box)
        assert box.bottom() <= strip._lane_top(0), (size, box)  # over the lanes, not on their marks
        assert strip.lane_height() >= MIN_LANE_HEIGHT, size
        last_line = QRectF(box.left(), box.bottom() - metrics.height(), box.width(), metrics.height())
        assert _text_drawn(strip.grab().toImage(), last_line), size
        two_lines |= len(lines) == 2
    assert two_lines  # the smallest window has not the room for one


@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)])
def test_the_strip_gives_back_the_captions_band_when_the_style_changes_back(
    qtbot, window: MainWindow, size: tuple[int, int]
) -> None:
    """The CST caption takes a second line at 1024 px and the band over the
    lanes grows by it; switched back to the absolute style, the caption gone,
    the strip kept that height: an empty band between the gaps' names and
    the axis (tryout). The lanes never grow past ``LANE_HEIGHT``, so any
    height beyond the strip's own is empty: the strip is never taller than
    its lanes, band and axis, and the table gets the rest."""
    window.resize(*size)
    show_pair(qtbot, window)
    strip = window.strip

    def heights() -> tuple[int, float]:
        qtbot.wait(50)
        needed = strip._top + 3 * LANE_HEIGHT + strip._axis
        assert strip.height() <= needed, (size, strip.height(), needed)  # no empty band
        return strip.height(), strip._lane_top(0)

    before = heights()
    window.session.set_style(Style.CST)
    qtbot.waitUntil(lambda: strip.strip_layout.for_cst)
    heights()
    window.session.set_style(Style.ABSOLUTE)
    qtbot.waitUntil(lambda: not strip.strip_layout.for_cst)
    assert heights() == before

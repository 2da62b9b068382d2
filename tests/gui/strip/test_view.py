"""The timeline strip as it is painted and driven (strip/view.py): zoom kept through repair and undo, run labels apart, zigzags and gaps where they are named, focus and zoom from the keys."""

from __future__ import annotations

import itertools
import json
import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPalette

from timeline_app.core.hashing import content_hash
from timeline_app.core.timestrings import format_absolute
from timeline_app.gui.menus.help import LegendSample
from timeline_app.gui.strip import view as strip_module
from timeline_app.gui.strip.view import LEFT, TOP, ZIGZAG_SPACING, TimelineStrip
from timeline_app.gui.widgets import colours
from timeline_app.gui.widgets.colours import contrast_ratio
from timeline_app.gui.widgets.palettes import focus_colour
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import (
    ALT,
    CTRL,
    WAIT,
    _apply_high_repairs,
    _choose_theme,
    layout_settled,
    open_and_wait,
    press,
    show_active,
)


@pytest.mark.usefixtures("restores_style")
@pytest.mark.parametrize("theme_name", ["light", "dark"])
def test_the_strip_shows_when_it_has_the_focus(qtbot, demo_window: MainWindow, theme_name: str) -> None:
    """Tryout 5: Tab reached the strip and nothing showed it had the keys."""
    window = demo_window
    show_active(qtbot, window)
    _choose_theme(qtbot, window, theme_name, window.table, window.table)
    strip = window.strip
    window.table.setFocus()
    qtbot.waitUntil(lambda: not strip.hasFocus())
    corner = strip.grab().toImage().pixelColor(1, strip.height() // 2)
    press(qtbot, Qt.Key.Key_6, ALT)
    qtbot.waitUntil(strip.hasFocus)
    framed = strip.grab().toImage().pixelColor(1, strip.height() // 2)
    assert framed != corner
    assert framed.name() == focus_colour(strip.palette()).name()


def test_the_timeline_zooms_from_the_view_menu_with_the_keys_anywhere(qtbot, demo_window: MainWindow) -> None:
    """The strip's +, - and 0 worked only while it had the keys, and no menu
    named a zoom (tryout): Ctrl++, Ctrl+- and Ctrl+0 from anywhere."""
    window = demo_window
    show_active(qtbot, window)
    window.table.setFocus()
    qtbot.waitUntil(window.table.hasFocus, timeout=WAIT)
    strip = window.strip
    fitted = strip.zoom
    press(qtbot, Qt.Key.Key_Plus, CTRL)
    assert strip.zoom == pytest.approx(fitted * 1.5)
    press(qtbot, Qt.Key.Key_Plus, CTRL)
    press(qtbot, Qt.Key.Key_Minus, CTRL)
    assert strip.zoom == pytest.approx(fitted * 1.5)
    press(qtbot, Qt.Key.Key_0, CTRL)
    assert strip.zoom == pytest.approx(fitted)
    assert window.table.hasFocus(), "the keys stay where they were"
    view = next(a.menu() for a in window.menuBar().actions() if a.menu() and "View" in a.text())
    names = [a.text() for a in view.actions()]
    assert {"Zoom the timeline &in", "Zoom the timeline ou&t", "Show the &whole timeline"} <= set(names)


def test_zooming_out_at_the_whole_timeline_keeps_it_across_the_strip(qtbot, demo_window: MainWindow) -> None:
    """Ctrl+- at the whole-timeline view squeezed the marks into ~60 % of the
    strip with its right side empty (tryout): beyond the whole it no longer
    shrinks, by the keys, the View menu or the wheel."""
    window = demo_window
    show_active(qtbot, window)
    strip = window.strip
    strip.fit()
    rows = [r for r in range(window.model.rowCount()) if strip.mark_rect(r) is not None]

    def span() -> tuple[float, float]:
        xs = [strip.mark_rect(r).center().x() for r in rows]  # type: ignore[union-attr]
        return min(xs), max(xs)

    whole = span()
    press(qtbot, Qt.Key.Key_Minus, CTRL)
    window.actions_by_name["zoom_out"].trigger()
    strip.zoom_by(0.5)
    assert span() == pytest.approx(whole, abs=1.0)
    assert span()[1] - span()[0] >= 0.9 * (strip.width() - LEFT - 40)
    press(qtbot, Qt.Key.Key_Plus, CTRL)
    press(qtbot, Qt.Key.Key_Minus, CTRL)
    assert span() == pytest.approx(whole, abs=1.0), "zoomed in and out again: the whole, not less"


T = datetime(2025, 9, 20, 12)


RUN_LABEL = re.compile(r"^(\d+) × 1 s$")


class Painted:
    """What the strip's painter drew: texts in their boxes, polylines, lines."""

    def __init__(self) -> None:
        self.texts: list[tuple[QRectF, str]] = []
        self.polylines: list[list[QPointF]] = []
        self.lines: list[tuple[QPointF, QPointF]] = []

    def paint(self, strip: TimelineStrip) -> None:
        """A fresh paint of ``strip``'s static layer, not blitted from its cache."""
        self.texts.clear()
        self.polylines.clear()
        self.lines.clear()
        strip._static_key = None
        strip.grab()

    def run_labels(self, strip: TimelineStrip) -> list[tuple[QRectF, str]]:
        """The run labels of a fresh paint of ``strip``, left to right."""
        self.paint(strip)
        return sorted(
            ((box, text) for box, text in self.texts if RUN_LABEL.match(text)), key=lambda b: b[0].left()
        )


@pytest.fixture
def painted(monkeypatch) -> Painted:
    """The strip paints with a painter that also notes what it drew."""
    record = Painted()

    class Recording(QPainter):
        def drawText(self, *args) -> None:
            at, text = args[0], args[-1]
            if not isinstance(at, QRectF):  # from a baseline point: the box its text fills
                metrics = self.fontMetrics()
                at = QRectF(
                    at.x(), at.y() - metrics.ascent(), metrics.horizontalAdvance(text), metrics.height()
                )
            record.texts.append((QRectF(at), text))
            super().drawText(*args)

        def drawPolyline(self, points) -> None:
            record.polylines.append([QPointF(p) for p in points])
            super().drawPolyline(points)

        def drawLine(self, *args) -> None:
            record.lines.append((QPointF(args[0]), QPointF(args[1])))
            super().drawLine(*args)

    monkeypatch.setattr(strip_module, "QPainter", Recording)
    return record


def _chat(folder: Path, times: list[datetime]) -> tuple[Path, Path]:
    """A transcript of ``len(times)`` messages, each stored at its time."""
    messages = [{"role": ("user", "assistant")[n % 2], "content": f"message {n}"} for n in range(len(times))]
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    transcript.write_text(json.dumps(messages))
    store.write_text(
        json.dumps(
            {content_hash(m["content"]): format_absolute(t) for m, t in zip(messages, times, strict=True)}
        )
    )
    return transcript, store


def _zoomed_on(qtbot, window: MainWindow, row: int) -> tuple[float, float]:
    """The person selects ``row`` and zooms the strip in on it: the zoom and
    where the row's mark is on screen."""
    strip = window.strip
    window.select_source_row(row)
    strip.setFocus()
    for _ in range(3):
        qtbot.keyClick(strip, Qt.Key.Key_Plus)
    return strip.zoom, strip.mark_rect(row).center().x()


def test_an_applied_repair_and_its_undo_keep_the_strips_zoom_and_place(
    qtbot, demo_copy_window: MainWindow
) -> None:
    """Tryout: after Repair's Apply (and after undo) the strip fitted the
    whole history again; the same messages with changed times keep the zoom
    and the stretch of time the person was looking at."""
    window = demo_copy_window
    # after #14, which the repair gives an earlier time: the axis moves under what is in view
    zoom, where = _zoomed_on(qtbot, window, 16)
    assert window.strip.mark_rect(1).right() < 0, "zoomed in: the first messages are off screen"

    _apply_high_repairs(qtbot, window)
    assert window.strip.zoom == zoom, "Apply kept the zoom"
    assert abs(window.strip.mark_rect(16).center().x() - where) < 2, "and the place"

    window.undo_action.trigger()
    qtbot.waitUntil(lambda: window.model.row_at(14).status.value == "untracked", timeout=WAIT)
    assert window.strip.zoom == zoom, "undo kept the zoom"
    assert abs(window.strip.mark_rect(16).center().x() - where) < 2, "and the place"


def _assert_apart(labels: list[tuple[QRectF, str]]) -> None:
    for (box, _), (after, _) in itertools.pairwise(labels):
        assert after.left() >= box.right() + 6, "two run labels meet"


def _runs_back_in_time(pairs: int) -> list[datetime]:
    """Pairs of one-second runs (2 and 4 messages, 4 s apart), each pair 10
    min before the one above it: the runs go back in time row by row, as a
    backfill of untracked history in the middle places them."""
    times: list[datetime] = []
    start = T
    for _ in range(pairs):
        times += [start + timedelta(seconds=s) for s in (0, 1)]
        times += [start + timedelta(seconds=s) for s in (5, 6, 7, 8)]
        start -= timedelta(minutes=10)
    return times


def test_run_labels_never_meet_and_the_longest_of_close_runs_is_named(
    qtbot, window: MainWindow, tmp_path: Path, painted: Painted
) -> None:
    """Tryout: close runs' labels ("2 × 1 s", "5 × 1 s") were unreadable, in
    the strip and in the simulation's. Labels were left out in row order,
    so runs that go back in time row by row kept every label but the first
    off the strip, and a left-out one was named nowhere. Each label is
    drawn where it has room, the longer run first, never over another, and
    a mark's tooltip names its run."""
    pairs = 12
    open_and_wait(qtbot, window, *_chat(tmp_path, _runs_back_in_time(pairs)))
    window.show()
    qtbot.waitExposed(window)
    labels = painted.run_labels(window.strip)
    assert [text for _, text in labels] == ["4 × 1 s"] * pairs, (
        "one name for each pair of close runs: the longer"
    )
    _assert_apart(labels)
    assert "one-second run: 2 message" in window.strip.mark_tip(0), "the tooltip names the run"

    window.actions_by_name["simulate"].trigger()  # its strips show the same runs
    dialog = window.simulation_dialog
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=WAIT)
    dialog.tabs.setCurrentIndex(dialog.tabs.count() - 1)
    for strip in (dialog.before_strip, dialog.after_strip):  # narrower: the runs are closer
        labels = painted.run_labels(strip)
        assert {text for _, text in labels} == {"4 × 1 s"} and len(labels) >= pairs // 2
        _assert_apart(labels)


def test_a_dense_history_draws_a_zigzag_only_where_its_gap_is_named(
    qtbot, window: MainWindow, tmp_path: Path, painted: Painted
) -> None:
    """Tryout at 100k messages: the breaks' zig-zags, one every 9 px over
    every lane, read as hatching. A zig-zag now stands where its gap is
    named under the lanes (the longest of a crowded stretch); the other
    breaks are short ticks at the lanes' foot, and no two break marks, nor
    two gap labels, come closer than the spacing."""
    sessions = 300  # two days apart, eight messages a few minutes apart: more marks than pixels
    times = [T + timedelta(days=2 * day, minutes=3 * n) for day in range(sessions) for n in range(8)]
    open_and_wait(qtbot, window, *_chat(tmp_path, times))
    window.show()
    qtbot.waitExposed(window)
    strip = window.strip
    painted.paint(strip)
    gaps = {item.label for item in strip.strip_layout.breaks}
    named = sorted((box for box, text in painted.texts if text in gaps), key=QRectF.left)
    zigzags = [line[0].x() for line in painted.polylines if line[0].y() == TOP]
    ticks = [a.x() for a, b in painted.lines if a.x() == b.x() and a.y() != b.y()]

    assert named and zigzags, "the strip shows breaks"
    assert len(zigzags) <= len(named), "a zig-zag for each named gap at most"
    for x in zigzags:
        assert any(box.left() <= x <= box.right() for box in named), f"a zig-zag at {x} has no name under it"
    assert ticks, "the breaks not named are marked too"
    marks = sorted(zigzags + ticks)
    assert all(b - a >= ZIGZAG_SPACING for a, b in itertools.pairwise(marks)), "break marks hatch"
    assert all(b.left() >= a.right() for a, b in itertools.pairwise(named)), "gap labels meet"


def test_untracked_messages_among_stored_ones_show_when_the_strip_is_dense(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """More messages than pixels: a pixel column with a stored message was
    filled, and an untracked one beside it vanished (tryout: 94 untracked of
    2,000 could not be told apart; 10,000 side by side read as a lighter bar).
    Every column with an untracked message gets a warning-coloured foot."""
    count = 3000
    messages = [{"role": "user", "content": f"question {i}"} for i in range(count)]
    isolated = set(range(150, 2400, 300))  # eight, each between stored neighbours
    untracked = isolated | set(range(2700, count))  # and the last 300 (side by side they read as a bar)
    stored = {
        content_hash(m["content"]): format_absolute(T + timedelta(minutes=i))
        for i, m in enumerate(messages)
        if i not in untracked
    }
    transcript, ts = tmp_path / "chat.json", tmp_path / "timestamps.json"
    transcript.write_text(json.dumps({"messages": messages}))
    ts.write_text(json.dumps(stored, indent=4))
    window.resize(1000, 700)
    open_and_wait(qtbot, window, transcript, ts)
    window.show()
    qtbot.waitExposed(window)
    strip = window.strip
    strip.fit()
    image = strip.grab().toImage()
    lane_bottom = int(strip._lane_top(0) + strip.lane_height())
    inset, height = strip._mark_span()
    under = range(int(strip._lane_top(0) + inset + height) + 1, lane_bottom)  # below the user lane's marks
    warning = colours.inks_on(strip.palette().color(QPalette.ColorRole.Base)).warning.rgb()
    feet = [x for x in range(image.width()) if any(image.pixelColor(x, y).rgb() == warning for y in under)]
    runs: list[list[int]] = []  # feet side by side
    for x in feet:
        (runs[-1].append(x) if runs and x == runs[-1][-1] + 1 else runs.append([x]))
    assert 5 <= len(runs) - 1 <= len(isolated), (
        runs
    )  # one foot per isolated message (neighbours may share one)
    assert len(runs[-1]) > 20 and all(len(run) <= 4 for run in runs[:-1]), runs  # and one under the last 300


def test_zooming_from_the_view_menu_keeps_the_selected_message_in_place(
    qtbot, demo_window: MainWindow
) -> None:
    """Tryout: with row 13 highlighted in the table, Ctrl++ zoomed around
    another row (the table's current row, which Ctrl+arrows move without the
    highlight) and the selected message left the screen after two steps."""
    window = demo_window
    show_active(qtbot, window)
    table, strip = window.table, window.strip
    window.select_source_row(13)
    table.setFocus()
    for _ in range(13):  # Ctrl+Up: the current row moves, the highlight stays on 13
        press(qtbot, Qt.Key.Key_Up, CTRL)
    assert [i.row() for i in table.selectionModel().selectedRows()] == [13]
    before = strip.mark_rect(13).center().x()
    for _ in range(3):
        press(qtbot, Qt.Key.Key_Plus, CTRL)
    assert strip.zoom > 3
    assert strip.mark_rect(13).center().x() == pytest.approx(before, abs=1)


def test_a_gap_is_named_only_where_its_break_is_on_screen(
    qtbot, demo_window: MainWindow, painted: Painted
) -> None:
    """Tryout: from three zoom steps, gap labels ("1 d 15 h") stayed pinned to
    the plot's edges while their breaks were off screen, no zig-zag beside them."""
    window = demo_window
    strip = window.strip
    gaps = {item.label for item in strip.strip_layout.breaks}
    _zoomed_on(qtbot, window, 13)  # three steps: "6 d 13 h"'s break is off the right edge
    painted.paint(strip)
    breaks = [strip._screen_x(item.x) for item in strip.strip_layout.breaks]
    named = [box for box, text in painted.texts if text in gaps]
    assert any(x < LEFT or x > strip.width() for x in breaks), "zoomed in: some breaks are off screen"
    for box in named:
        assert any(box.left() - 1 <= x <= box.right() + 1 for x in breaks), f"{box} names no break on screen"


def _most_apart(image: QImage, rect: QRect, background: QColor) -> float:
    """The contrast against ``background`` of the pixel in ``rect`` that differs most from it."""
    return max(
        contrast_ratio(image.pixelColor(x, y), background)
        for x in range(max(0, rect.left()), min(image.width(), rect.right() + 1))
        for y in range(max(0, rect.top()), min(image.height(), rect.bottom() + 1))
    )


@pytest.mark.usefixtures("restores_style")
@pytest.mark.parametrize("theme_name", ["light", "dark"])
def test_every_mark_has_3_to_1_against_the_strip_in_both_themes(
    qtbot, demo_window: MainWindow, theme_name: str
) -> None:
    """Dark-blue user marks on the near-black strip (3.2:1), orange ones on
    the white strip (2.3:1) and grey ones (2.9:1) were hard to see
    (issue 31 item 12): graphical objects need 3:1 against what is around
    them. Every colour the strip draws marks with, every mark as drawn
    (filled and hollow), and the legend's samples, in light and dark."""
    window = demo_window
    show_active(qtbot, window)
    _choose_theme(qtbot, window, theme_name, window.strip)
    strip = window.strip
    background = strip.palette().color(QPalette.ColorRole.Base)
    inks = colours.inks_on(background)
    for name in ("user", "assistant", "other", "warning", "placeholder"):
        # above 3:1 by a margin: a hollow mark's smoothed 1.5 px outline reads lighter than its ink
        assert contrast_ratio(getattr(inks, name), background) >= colours.MARK_CONTRAST, (theme_name, name)
    image = strip.grab().toImage()
    assert image.pixelColor(LEFT + 2, TOP + 2) == background
    checked = 0
    for row in range(window.model.rowCount()):
        rect = strip.mark_rect(row)
        if rect is None or rect.right() < LEFT or rect.left() > strip.width():
            continue
        shown = _most_apart(image, rect.toAlignedRect(), background)
        assert shown >= 3, f"#{row} ({window.model.row_at(row).role}) {shown:.2f}:1 in {theme_name}"
        checked += 1
    assert checked >= 15
    window.actions_by_name["legend"].trigger()
    legend = window.help.dialogs["legend"]
    qtbot.waitExposed(legend)
    for name in ("user", "assistant", "other", "hollow", "own"):
        sample = legend.findChild(LegendSample, f"legend_{name}")
        picture = sample.grab().toImage()
        base = sample.palette().color(QPalette.ColorRole.Base)
        assert _most_apart(picture, picture.rect(), base) >= 3, (theme_name, name)
    legend.close()


def test_history_states_before_the_messages_are_an_arrow_and_after_them_extend_the_axis(
    qtbot, demo_copy_window: MainWindow
) -> None:
    """A backup written before the first message's time: clamped to the
    axis' start, drawn as an arrow pointing out. A file written after the
    last: the axis carries on to it (tryout: backups are dated by when they
    were written, all after the messages, and sat in one arrow at the end,
    so stepping through them moved nothing); the messages keep their places."""
    import os

    session, strip = demo_copy_window.session, demo_copy_window.strip
    store = session.pair.store
    edited = session.working.copy()
    edited.set(next(iter(edited)), "(Monday, 2025-09-22 09:00:00)")
    session.push_edit(edited, "edit")
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        assert session.save()
    (backup,) = store.parent.glob("timestamps.json.bak-*")
    long_ago = datetime(2020, 1, 1).timestamp()
    os.utime(backup, (long_ago, long_ago))
    messages = [x for x in strip.strip_layout.xs if x is not None]
    session.refresh_history()
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
    layout = strip.strip_layout
    assert [x for x in layout.xs if x is not None] == messages  # the messages keep their places
    assert strip.state_positions() == [(0.0, -1), (layout.width, 0)]
    assert layout.width > max(messages) and layout.breaks[-1].x > max(messages)  # a break, then the file
    before, after = strip.state_screen_x(0), strip.state_screen_x(1)
    assert before < LEFT + 8.0 < LEFT + 8.0 + max(messages) * strip.zoom < after <= strip.width()
    # the History panel selects the state current at the demo's pinned "now" (2025): the
    # backup; the file as saved today is after it (issue 31)
    assert strip.selected_state == 0
    image = strip.grab().toImage()
    base = strip.palette().color(QPalette.ColorRole.Base)
    for x in (before - 2, after):  # inside the arrow's and the mark's triangle, in the plot (not clipped)
        assert contrast_ratio(image.pixelColor(round(x), int(TOP + 3)), base) > 3, x


@pytest.mark.parametrize("width", [733, 1024, 1920])
def test_the_pending_replys_label_is_whole_beside_its_mark_at_any_width(
    qtbot, window: MainWindow, tmp_path: Path, width: int
) -> None:
    """A reply pending since the newest message (the request it answers): its
    mark is at the strip's right end, where the label went past the edge
    ("pen"); it goes to the mark's left there."""
    transcript = tmp_path / "chat.json"
    transcript.write_text(
        json.dumps(
            [{"role": r, "content": c} for r, c in [("user", "hi"), ("assistant", "yo"), ("user", "so?")]]
        )
    )
    store = tmp_path / "timestamps.json"
    store.write_text(
        json.dumps(
            {
                content_hash("hi"): "(Sunday, 2025-09-21 10:00:00)",
                content_hash("yo"): "(Sunday, 2025-09-21 10:00:30)",
                content_hash("so?"): "(Sunday, 2025-09-21 10:01:00)",
                "PLACEHOLDER_TIMESTAMP_HASH_0000": "(Sunday, 2025-09-21 10:01:00)",
            }
        )
    )
    window.resize(width, 700)
    show_active(qtbot, window)
    open_and_wait(qtbot, window, transcript, store)
    strip = window.strip
    qtbot.waitUntil(lambda: strip.strip_layout is not None and strip.strip_layout.placeholder_x is not None)
    layout_settled(window)
    label, box = strip.placeholder_label()
    mark = strip._screen_x(strip.strip_layout.placeholder_x)
    assert mark > strip.width() - box.width()  # the case: no room on its right
    assert label and box.width() >= strip.fontMetrics().horizontalAdvance(label)
    assert box.left() >= 0 and box.right() <= strip.width()
    assert box.left() >= mark + 4 or box.right() <= mark - 4  # beside the mark, not over it


def test_a_file_with_no_readable_time_says_so_in_the_strip(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """A timestamp file whose values are "not a time" and 5: the strip was
    blank, as if nothing were open; it says why it places no mark."""
    store = tmp_path / "timestamps.json"
    store.write_text(json.dumps({"x": "not a time", "y": 5}))
    window.resize(1024, 700)
    show_active(qtbot, window)
    open_and_wait(qtbot, window, None, store)
    strip = window.strip
    assert window.model.rowCount() == 2
    assert strip.blank_reason() == "No readable times to place: no stored value is a time"
    image = strip.grab().toImage()
    base = strip.palette().color(QPalette.ColorRole.Base).rgb()
    middle = int(strip.height() / 2)
    assert any(
        image.pixelColor(x, middle + dy).rgb() != base
        for x in range(int(LEFT), strip.width())
        for dy in (-3, 0, 3)
    )


def _pending_over_a_break(folder: Path, placeholder: datetime) -> tuple[Path, Path]:
    """21 messages an hour apart, then one a month later, a reply pending
    since ``placeholder``: a long gap's zig-zag just after the pending mark."""
    times = [T + timedelta(hours=n) for n in range(21)] + [T + timedelta(days=30)]
    transcript, store = _chat(folder, times)
    data = json.loads(store.read_text())
    data["PLACEHOLDER_TIMESTAMP_HASH_0000"] = format_absolute(placeholder)
    store.write_text(json.dumps(data))
    return transcript, store


@pytest.mark.parametrize("width", [733, 1024, 1920])
def test_the_pending_replys_label_covers_no_gap_state_line_or_mark(
    qtbot, window: MainWindow, tmp_path: Path, width: int
) -> None:
    """Tryout: the label covered a long gap's zig-zag in the assistant lane,
    and the selected history state's line ran through "reply". The label
    goes where it covers none of them (another side or lane), and the
    pending frame leaves the reply's own mark clear."""
    transcript, store = _pending_over_a_break(tmp_path, T + timedelta(hours=19))
    window.resize(width, 700)
    show_active(qtbot, window)
    open_and_wait(qtbot, window, transcript, store)
    strip = window.strip
    qtbot.waitUntil(lambda: strip.strip_layout.placeholder_x is not None)
    layout_settled(window)
    strip.grab()  # painted: the zig-zags and gap names are where they are drawn
    assert strip._zigzag_xs, "the month's gap has its zig-zag"
    _label, box = strip.placeholder_label()
    right = QRectF(strip.placeholder_rect().right() + 2, box.top(), box.width(), box.height())
    assert any(right.intersects(o) for o in strip.label_obstacles()), "the case: no room on the right"
    assert box.left() >= LEFT and box.right() <= strip.width()
    for obstacle in strip.label_obstacles():
        assert not box.intersects(obstacle), (box, obstacle)
    for row in range(window.model.rowCount()):
        rect = strip.mark_rect(row)
        assert rect is None or not box.intersects(rect), row
    frame = strip.placeholder_rect()
    reply = strip.mark_rect(19)  # the assistant's message at the placeholder's time
    assert abs(reply.center().x() - frame.center().x()) < 1
    assert frame.adjusted(1, 1, -1, -1).contains(reply.adjusted(-1, -1, 1, 1))  # around it, not on it


@pytest.mark.parametrize("width", [733, 1024, 1920])
def test_the_pending_replys_label_keeps_clear_of_the_selected_states_line(
    qtbot, window: MainWindow, tmp_path: Path, width: int
) -> None:
    """Tryout: the selected history state's line ran through "reply". A
    state written half an hour after the pending reply's time, right of
    its mark where the label went: the label goes elsewhere."""
    import os

    times = [T + timedelta(hours=n) for n in range(21)]
    transcript, store = _chat(tmp_path, times)
    data = json.loads(store.read_text())
    backup = tmp_path / "timestamps.json.bak-20250920-130000"
    backup.write_text(json.dumps(data))
    data["PLACEHOLDER_TIMESTAMP_HASH_0000"] = format_absolute(times[19])
    store.write_text(json.dumps(data))
    for path, moment in ((backup, T + timedelta(hours=1)), (store, times[19] + timedelta(minutes=30))):
        os.utime(path, (moment.timestamp(), moment.timestamp()))
    window.resize(width, 700)
    show_active(qtbot, window)
    open_and_wait(qtbot, window, transcript, store)
    session, strip = window.session, window.strip
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
    layout_settled(window)
    session.select_history_state(1)
    strip.grab()
    line = strip.state_screen_x(1)
    mark = strip._screen_x(strip.strip_layout.placeholder_x)
    assert mark < line < mark + 60, "the case: the state's line just right of the pending mark"
    _label, box = strip.placeholder_label()
    assert not box.adjusted(-3, 0, 3, 0).contains(QPointF(line, box.center().y()))
    for row in range(window.model.rowCount()):
        rect = strip.mark_rect(row)
        assert rect is None or not box.intersects(rect), row


def test_in_the_cst_style_a_break_reads_as_the_gap_column(
    qtbot, window: MainWindow, painted: Painted
) -> None:
    """free_anima.jsonl in CST: the step 08:02:09 → 23:55:00 read "15 h 52 min"
    on the strip (exact, truncated) beside a Gap of "15 h 53 min" between the
    times shown to the minute (tryout); both now measure alike."""
    from timeline_app.core.context import Style
    from timeline_app.gui.tables.timeline import Column

    fixture = Path(__file__).resolve().parents[2] / "fixtures" / "free_anima.jsonl"
    open_and_wait(qtbot, window, fixture, None)
    window.show()
    qtbot.waitExposed(window)
    window.session.set_style(Style.CST)  # Ctrl+3
    qtbot.waitUntil(lambda: window.model.style is Style.CST, timeout=WAIT)
    model = window.table.model()
    gaps = [model.index(row, Column.GAP).data() for row in range(model.rowCount())]
    assert "15 h 53 min" in gaps
    painted.paint(window.strip)
    texts = {text for _, text in painted.texts}
    assert "15 h 53 min" in texts and "15 h 52 min" not in texts
    window.session.set_style(Style.ABSOLUTE)  # the ≈ times, one second apart, as its Gap column
    qtbot.waitUntil(lambda: window.model.style is Style.ABSOLUTE, timeout=WAIT)
    painted.paint(window.strip)
    assert not {text for _, text in painted.texts} & {"15 h 52 min", "15 h 53 min"}


def test_a_stored_time_after_now_is_marked_on_the_strip(qtbot, demo_window: MainWindow) -> None:
    """Issue 31 tryout: stored times later than "now" were flagged "future" in
    the table and Details, not on the strip. With "now" pinned before some
    stored times, those marks (and only those) get the warning notch on
    their right; the strip redraws when "now" moves."""
    from timeline_app.core.timeline import Flag
    from timeline_app.gui.widgets import colours

    window = demo_window
    window.resize(1920, 1080)
    window.session.set_pinned_now(datetime(2025, 9, 14, 12, 0, 0))
    model, strip = window.model, window.strip
    qtbot.waitUntil(lambda: any(Flag.FUTURE in f for f in model.flags), timeout=3000)
    strip.fit()
    warning = colours.inks_on(strip.palette().color(QPalette.ColorRole.Base)).warning

    def notched(image, row: int) -> bool:
        rect = strip.mark_rect(row)
        x, y = int(rect.right() + 3), int(rect.top() + 3)
        got = image.pixelColor(x, y)
        return all(abs(a - b) < 40 for a, b in zip(got.getRgb()[:3], warning.getRgb()[:3], strict=True))

    image = strip.grab().toImage()
    rows = [r for r in range(model.rowCount()) if strip.mark_rect(r) is not None]
    future = [r for r in rows if Flag.FUTURE in model.row_flags(r)]
    assert future and len(future) < len(rows)
    assert all(notched(image, r) for r in future), future
    others = [r for r in rows if r not in future and Flag.OUT_OF_ORDER not in model.row_flags(r)]
    assert not any(notched(image, r) for r in others if r + 1 not in future and r - 1 not in future)

"""The timeline's Time column at any width (``column_widths.TimeElide``):
what a row shows of its time never misstates it (issue 31)."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QTableView

from timeline_app.core.context import Style
from timeline_app.core.cst import cst_label
from timeline_app.core.timestrings import format_absolute, format_relative
from timeline_app.gui.tables.base import fitted_width
from timeline_app.gui.tables.column_widths import TimeElide
from timeline_app.gui.tables.timeline import SQUEEZED_COLUMNS, Column
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import cell_shown, layout_settled

SENT = re.compile(r"^\[Sent (.*) ago\]$")
LONG_UNIT = {"day": "d", "days": "d", "hour": "h", "hours": "h", "minute": "min", "minutes": "min"}


def misstatement(whole: str, shown: str) -> str | None:
    """How ``shown`` misstates the time ``whole``, or None when it does not:
    a cut keeps the mark, the year and the largest units, and drops only
    the smallest ("8 d 14 h… ago", "2025-09-13 00:00"); brackets only on
    the text whole (bracketed, it reads as the text the model receives)."""
    if shown == whole:
        return None
    if whole.startswith("≈ ") and not shown.startswith("≈"):
        return "its mark lost"
    if re.search(r"[\[\]()]", shown):
        return "bracketed, but not the text whole"
    rest = whole.removeprefix("≈ ")
    sent = SENT.match(rest)
    if sent is not None and not re.search(r"\d", rest):  # "less than a minute"
        return None if shown.removeprefix("≈ ").startswith("< 1 min") else "not under a minute"
    said, kept = re.findall(r"\d+", rest), re.findall(r"\d+", shown)
    if not kept:
        return "no number left"
    if kept[:-1] != said[: len(kept) - 1]:
        return "another time (its largest units or year changed)"
    last = said[len(kept) - 1] if len(kept) <= len(said) else None
    if last is None or not (kept[-1] == last or (last.startswith(kept[-1]) and re.search(r"\d…", shown))):
        return "another time (a number changed)"
    if sent is not None:
        units = [LONG_UNIT[u] for u in re.findall(r"\d+ ([a-z]+)", sent.group(1))]
        if re.findall(r"\d+ ([a-z]+)", shown) != units[: len(kept)][: len(re.findall(r"\d+ [a-z]+", shown))]:
            return "its units changed"
        if len(kept) < len(said) and "…" not in shown:
            return "units dropped without saying so"
    return None


def test_misstatement_tells_the_tryouts_cuts() -> None:
    """The rule itself, on what the tryout saw and on what is fine."""
    relative = "[Sent 8 days, 14 hours, 6 minutes ago]"
    assert misstatement(relative, "…14 h 6 min ago")
    assert misstatement(relative, "[Sent 8 d 14 h 6 min ago]")
    assert misstatement(relative, "8 d 14 h ago")
    assert misstatement("(Friday, 2024-03-01 09:00:52)", "03-01 09:00:52")
    assert misstatement("≈ (Monday, 2026-12-07 15:16:00)", "≈ 12-07 15:16:00")
    assert misstatement("2025-09-13T00:00 周六", "09-13T00:00 周六")
    assert misstatement("(Friday, 2024-03-01 09:00:52)", "(2024-03-01 09:00:52)")
    for whole, shown in [
        (relative, "8 d 14 h 6 min ago"),
        (relative, "8 d 14 h… ago"),
        (relative, "8 d…"),
        ("(Friday, 2024-03-01 09:00:52)", "2024-03-01 09:00"),
        ("≈ (Friday, 2024-03-01 09:00:52)", "≈ 2024-03-0…"),
        ("2025-09-13T00:00 周六", "2025-09-13T00:00"),
    ]:
        assert misstatement(whole, shown) is None, shown


def discussion_times(start: datetime, span: timedelta, count: int, seed: int) -> list[datetime]:
    """``count`` times from ``start`` over ``span``, in order (the first and last at its ends)."""
    import random

    rng = random.Random(seed)
    inner = sorted(rng.random() for _ in range(max(0, count - 2)))
    return [start] + [start + span * f for f in inner] + [start + span][: count - 1]


def texts(times: list[datetime], style: Style, now: datetime, simulated: set[int]) -> list[str]:
    """The Time column's texts for ``times`` in ``style``, as the model words them."""
    shown = []
    for row, moment in enumerate(times):
        stored = format_absolute(moment)
        if style is Style.ABSOLUTE:
            text = stored
        elif style is Style.RELATIVE:
            text = format_relative(stored, now)
        else:
            text = cst_label(moment.replace(tzinfo=UTC))
        shown.append(f"≈ {text}" if row in simulated else text)
    return shown


def time_table(window: MainWindow, rows: list[str]) -> QTableView:
    """A table of one Time column, in the window's font and language, cut by ``TimeElide``."""
    table = QTableView()
    table.setFont(window.table.font())
    model = QStandardItemModel(len(rows), 1, table)
    for row, text in enumerate(rows):
        model.setItem(row, 0, QStandardItem(text))
    table.setModel(model)
    table.setItemDelegateForColumn(0, TimeElide(table))
    table.resize(900, 400)
    return table


def time_floor(window: MainWindow) -> int:
    """The least width the Time column is squeezed to."""
    order = [entry for entry in SQUEEZED_COLUMNS if entry[0] == Column.TIME]
    return window.column_widths._squeezed({Column.TIME: 10000}, 10000, order)[Column.TIME]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_no_width_style_or_span_makes_a_time_read_as_another(qtbot, request, language: str) -> None:
    """Issue 31 (tryout, smallest window): a relative time read "…14 h 6
    min ago" for "8 d 14 h 6 min ago" (its largest unit cut off), absolute
    and CST times lost their year ("03-01 09:00:52" in a discussion from
    2024 to 2027), and "[Sent 8 d 14 h 6 min ago]" was bracketed as if the
    model received it. For discussions of a day to four years, in every
    style and at every width from the column's floor up, each row reads
    whole, or cut after its mark, year and largest units, brackets only
    whole."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    floor = time_floor(window)

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(
        start=st.datetimes(datetime(2020, 1, 1), datetime(2027, 1, 1)),
        span=st.timedeltas(timedelta(days=1), timedelta(days=4 * 366)),
        count=st.integers(2, 12),
        seed=st.integers(0, 1000),
        style=st.sampled_from([Style.ABSOLUTE, Style.RELATIVE, Style.CST]),
        later=st.timedeltas(timedelta(0), timedelta(days=400)),
        simulated=st.sets(st.integers(0, 11), max_size=3),
        width=st.floats(0, 1.2),
    )
    def never_another_time(
        start: datetime,
        span: timedelta,
        count: int,
        seed: int,
        style: Style,
        later: timedelta,
        simulated: set[int],
        width: float,
    ) -> None:
        times = discussion_times(start.replace(microsecond=0), span, count, seed)
        rows = texts(times, style, times[-1] + later, simulated)
        table = time_table(window, rows)
        widest = fitted_width(table, 0)
        table.setColumnWidth(0, floor + int(width * max(0, widest - floor)))
        for row in range(count):
            whole, shown = cell_shown(table, table.model().index(row, 0))
            wrong = misstatement(whole, shown)
            assert wrong is None, f"{style} at {table.columnWidth(0)} px: {whole!r} shown as {shown!r}: {wrong}"
        table.deleteLater()

    never_another_time()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_in_the_smallest_window_every_demo_time_tells_the_truth(qtbot, request, language: str) -> None:
    """Issue 31 (tryout at the window's smallest size, demo from 2024-03-01
    to 2027-03-02): row 1 read "…14 h 6 min ago", others "03-01 09:00:52",
    "≈ 12-07 15:16:00", "09-13T00:00 周六", "[Sent 1011 d 5 h 56 min ago]".
    Every row of every style reads whole or cut truthfully, its year kept."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    window.resize(window.minimumSize())
    qtbot.waitUntil(lambda: window.size() == window.minimumSize(), timeout=5000)
    table, model = window.table, window.table.model()
    cut = 0
    for style in (Style.ABSOLUTE, Style.RELATIVE, Style.CST):
        window.session.set_style(style)
        layout_settled(window)
        for row in range(model.rowCount()):
            whole, shown = cell_shown(table, model.index(row, Column.TIME))
            wrong = misstatement(whole, shown)
            assert wrong is None, f"{style} row {row}: {whole!r} shown as {shown!r}: {wrong}"
            if re.search(r"\d{4}-", whole):
                assert re.search(r"\d{4}-", shown), f"{whole!r} shown as {shown!r}: its year lost"
            cut += shown != whole
    assert cut, "no time was cut: the window is not the smallest"


def test_a_time_column_of_100000_rows_refits_in_a_few_rows_work(qtbot, demo_window: MainWindow) -> None:
    """Scale: narrowing the Time column of 100,000 rows measures a sample
    and the rows drawn, never every row (the form is the column's)."""
    start = datetime(2024, 3, 1, 9, 0, 52)
    times = [start + timedelta(minutes=13 * n) for n in range(100_000)]
    rows = texts(times, Style.RELATIVE, times[-1] + timedelta(days=3), {99_999})
    table = time_table(demo_window, rows)
    qtbot.addWidget(table)
    table.show()
    qtbot.waitExposed(table)
    delegate = table.itemDelegateForColumn(0)
    began = time.perf_counter()
    for width in range(fitted_width(table, 0), time_floor(demo_window) - 1, -7):
        table.setColumnWidth(0, width)
        table.viewport().repaint()
    took = time.perf_counter() - began
    assert len(delegate._seen) < 400, f"{len(delegate._seen)} rows measured"
    assert took < 2.0, f"{took:.2f} s to narrow the column"

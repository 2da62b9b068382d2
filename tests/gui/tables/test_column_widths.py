"""The timeline table's squeezed columns (``tables/column_widths``): what a
narrow Time or Gap column still says, at any width."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QRect
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QStyleOptionViewItem

from timeline_app.core.context import Style
from timeline_app.core.display import gap_text
from timeline_app.gui.tables.base import fitted_width, item_text_margin
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.window.main_window import MainWindow
from timeline_app.gui.wording import gap_units

from ..helpers import cell_shown, layout_settled

QT_EXAMPLES = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
DAY = re.compile(r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|周.")
LONG_UNITS = re.compile(r"\d+ (day|hour|minute)s?\b")
SHORTER = re.compile(r"\d{4}-\d\d-\d\d|\d+ (day|hour|minute)s?\b")  # a time that has shorter forms


def _form(shown: str) -> tuple[bool, ...] | str:
    """What form a time is shown in, whatever its value: its frame, day
    name, year, long units; "cut" when cut past its shortest form."""
    text = shown[2:] if shown[:2] == "≈ " else shown
    if text.startswith("…"):
        return "cut"
    return (
        text[:1] in "([",
        bool(DAY.search(text)),
        bool(re.search(r"\d{4}-", text)),
        bool(LONG_UNITS.search(text)),
    )


@pytest.mark.parametrize("style", [Style.ABSOLUTE, Style.RELATIVE, Style.CST])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_narrow_time_column_shows_one_form_on_every_row(
    qtbot, request, language: str, style: Style
) -> None:
    """Issue 31 (tryout): the Time column, narrowed, chose its shorter form
    row by row: "(Friday, 2025-09-12 18:00:00)" whole above "(2025-09-20
    22:41:30)" without its day name (a Saturday, wider), as if the rows were
    of two kinds. At any width the column shows every row in one form; a row
    is cut past it only in the shortest form; where the column has room for
    every text, every row is whole."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    window.session.set_style(style)
    layout_settled(window)
    table, model = window.table, window.table.model()
    whole_width = fitted_width(table, Column.TIME)

    @QT_EXAMPLES
    @given(st.integers(40, whole_width + 20))
    def shown_in_one_form(width: int) -> None:
        table.setColumnWidth(Column.TIME, width)
        cells = [cell_shown(table, model.index(row, Column.TIME)) for row in range(model.rowCount())]
        timed = [(whole, shown) for whole, shown in cells if SHORTER.search(whole)]
        forms = {_form(shown) for _, shown in timed}
        assert len(forms - {"cut"}) <= 1, f"at {width} px, forms {forms}: {timed}"
        if "cut" in forms:
            assert forms <= {"cut", (False, False, False, False)}, (
                f"cut at {width} px before its shortest form: {timed}"
            )
        if width >= whole_width:
            assert all(shown == whole for whole, shown in cells), f"cut at {width} px: {cells}"

    shown_in_one_form()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_cut_status_says_how_many_flags_follow_in_the_language_shown(qtbot, request, language: str) -> None:
    """Issue 31 (tryout): a Status cell cut in Chinese read "已记录 +1",
    which reads as a vote, not "and one flag more". At any width a status
    is whole, or its first labels whole and then how many flags follow, said
    in the language shown ("tracked +1", "已记录 另1项"), down to the
    least the column gives way to."""
    from timeline_app.gui.tables.base import cell_items, cell_list

    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    table, model = window.table, window.table.model()
    more = r"\+(\d+)" if language == "en" else r"另(\d+)项"
    several = [
        row
        for row in range(model.rowCount())
        if len(cell_items(str(model.index(row, Column.STATUS).data()))) > 1
    ]
    assert several, "the demo has no row with flags"

    least = window.column_widths._squeezed({Column.STATUS: 10000}, 10000)[Column.STATUS]  # its floor

    @QT_EXAMPLES
    @given(st.integers(least, fitted_width(table, Column.STATUS) + 20))
    def said_whole(width: int) -> None:
        table.setColumnWidth(Column.STATUS, width)
        for row in several:
            whole, shown = cell_shown(table, model.index(row, Column.STATUS))
            if shown == whole:
                continue
            items = cell_items(whole)
            kept, _, count = shown.rpartition(" ")
            found = re.fullmatch(more, count)
            assert found is not None, f"at {width} px {whole!r} shown as {shown!r}"
            assert kept == cell_list(items[: len(items) - int(found.group(1))]), (
                f"{whole!r} shown as {shown!r}"
            )

    said_whole()


GAPS = st.integers(-400 * 86400, 400 * 86400).map(lambda seconds: timedelta(seconds=seconds))


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_squeezed_gap_keeps_its_sign_and_first_unit(qtbot, request, language: str) -> None:
    """Issue 31 (tryout): a negative gap squeezed in the Gap column lost its
    unit, "−3" for "−3 s" (the floor had no room for the sign). At any
    width the column gives way to, any gap reads whole or cut after a whole
    unit: its sign, its first number and its unit ("−13 min…")."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    table = window.table
    delegate = table.itemDelegateForColumn(Column.GAP)
    least = window.column_widths._squeezed({Column.GAP: 10000}, 10000)[Column.GAP]
    model = QStandardItemModel(1, 1)

    @QT_EXAMPLES
    @given(GAPS, st.integers(0, 120))
    def reads_its_unit(delta: timedelta, more: int) -> None:
        whole = gap_text(delta, gap_units())
        model.setItem(0, 0, QStandardItem(whole))
        option = QStyleOptionViewItem()
        width = least + more
        option.rect = QRect(0, 0, width - int(table.showGrid()), 20)  # a cell in a column of ``width``
        delegate.initStyleOption(option, model.index(0, 0))
        shown = option.fontMetrics.elidedText(
            option.text, option.textElideMode, width - item_text_margin(table)
        )
        words = whole.split(" ")
        cuts = {" ".join(words[:k]) + "…" for k in range(2, len(words), 2)}
        assert shown == whole or shown in cuts, f"{whole!r} shown as {shown!r} in {width} px (least {least})"

    reads_its_unit()

"""The timeline table's squeezed columns (``tables/column_widths``): what a
narrow Time or Gap column still says, at any width."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from timeline_app.core.context import Style
from timeline_app.gui.tables.base import fitted_width
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.window.main_window import MainWindow

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
    return (text[:1] in "([", bool(DAY.search(text)), bool(re.search(r"\d{4}-", text)), bool(LONG_UNITS.search(text)))


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
            assert forms <= {"cut", (False, False, False, False)}, f"cut at {width} px before its shortest form: {timed}"
        if width >= whole_width:
            assert all(shown == whole for whole, shown in cells), f"cut at {width} px: {cells}"

    shown_in_one_form()

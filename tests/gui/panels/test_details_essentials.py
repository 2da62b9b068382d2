"""Details shows a message's essentials first: its time as stored, whole,
and its status with where that time is, above the hash (issue 31, tryout M 8:
at 835x463 the facts showed only "Hash" and "Stored value"). The Time column
shortens the stored form ("(Monday, …)" dropped) where it is narrow and only
its tooltip, which no key reaches, had it whole (tryout M 7): Details has it
for the current row, reached by the arrow keys, at every size."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFormLayout, QWidget

from timeline_app.core.timeline import Status
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.window.main_window import MainWindow
from timeline_app.gui.wording import EXPLANATIONS

from ..helpers import layout_settled, show_active

SIZES = {"minimum": (1, 1), "1024x700": (1024, 700), "1920x1080": (1920, 1080)}
ROW = 4  # the demo's: a stored value "(Weekday, date time)"


def _shown_whole(area, widget: QWidget) -> bool:
    """``widget`` lies wholly inside ``area``'s viewport."""
    view = area.viewport()
    top = widget.mapTo(view, widget.rect().topLeft()).y()
    bottom = widget.mapTo(view, widget.rect().bottomLeft()).y()
    return widget.isVisible() and top >= 0 and bottom < view.height()


def _facts_shown(window: MainWindow) -> list[str]:
    """The facts' names whose name and value both show whole, in order."""
    area = window.detail._facts_area
    form: QFormLayout = area.widget().layout()
    shown = []
    for row in range(form.rowCount()):
        name, value = (
            form.itemAt(row, role)
            for role in (QFormLayout.ItemRole.LabelRole, QFormLayout.ItemRole.FieldRole)
        )
        if name is None or value is None:
            continue
        if _shown_whole(area, name.widget()) and _shown_whole(area, value.widget()):
            shown.append(name.widget().text())
    return shown


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_stored_time_and_status_show_first_for_the_row_reached_by_keys(
    qtbot, request, language: str, size: str
) -> None:
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    window.side_dock.show()
    window.tabs.setCurrentIndex(0)
    window.resize(*SIZES[size])
    if size == "minimum":
        qtbot.waitUntil(lambda: window.size() == window.minimumSize(), timeout=5000)
    show_active(qtbot, window)
    # the row reached by keys, as a keyboard user reaches it
    window.actions_by_name["go_table"].trigger()
    table = window.table
    qtbot.waitUntil(lambda: QApplication.focusWidget() is table, timeout=5000)
    table.setCurrentIndex(table.model().index(0, Column.TIME))
    for _ in range(ROW):
        qtbot.keyClick(table, Qt.Key.Key_Down)
    layout_settled(window)
    row = window.model.row_at(window.proxy.mapToSource(table.currentIndex()).row())
    assert isinstance(row.stored, str) and row.stored.startswith("("), row.stored
    detail = window.detail
    assert detail.stored.text() == row.stored  # whole, the form the Time column may shorten
    tr = lambda word: QApplication.translate("DetailPane", word)  # noqa: E731
    shown = _facts_shown(window)
    # the time whole, the first fact; then the status's name and first line (what the status is
    # and where its time is: a flag's explanation after it may run on below)
    assert shown[:1] == [tr("Stored value")], f"at {window.size().toTuple()}: {shown}"
    area, form = detail._facts_area, detail._facts_area.widget().layout()
    name = form.labelForField(detail.status)
    assert name.text() == tr("Status")
    assert _shown_whole(area, name), f"at {window.size().toTuple()}: Status not shown; {shown}"
    top = detail.status.mapTo(area.viewport(), detail.status.rect().topLeft()).y()
    assert top >= 0 and top + detail.status.fontMetrics().lineSpacing() <= area.viewport().height(), (
        f"at {window.size().toTuple()}: the status's first line not shown ({top} px in {area.viewport().height()})"
    )
    assert detail.status.text().splitlines()[0] == EXPLANATIONS.status(Status.TRACKED)

"""The comparison's two panes (predicted, received) open on the message
picked in its list, whatever room they had when it was picked (tryH 5,
issue 31: they sometimes opened away from the selected row)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtWidgets import QPlainTextEdit, QVBoxLayout, QWidget

from timeline_app.core.compare import Comparison, MessageDiff, Span
from timeline_app.gui.panels.comparison import ComparisonView

from ..helpers import layout_settled

MESSAGES = 300


def _long_comparison(deep: int) -> Comparison:
    """``MESSAGES`` messages alike but ``deep``, changed by one character at
    its end; every third one long enough to wrap, every other one two lines."""
    messages = []
    for n in range(MESSAGES):
        text = f"message {n} " + "word " * (60 if n % 3 == 0 else 5) + ("\nsecond line" if n % 2 else "")
        role = "user" if n % 2 == 0 else "assistant"
        if n == deep:
            end = len(text)
            spans = (Span("insert", end, end, end, end + 1),)
            messages.append(MessageDiff("changed", n, n, role, text, text + "X", spans, len(text.encode())))
        else:
            messages.append(MessageDiff("same", n, n, role, text, text))
    client: Any = SimpleNamespace(named="client request 1")
    return Comparison(client=client, model=None, style=None, now=None, messages=tuple(messages), candidates=1)


def _top(view: ComparisonView, pane: QPlainTextEdit) -> tuple[str, str]:
    """(the pane's first visible line, the header of the list's current message)."""
    row = view.table.currentIndex().row()
    side = 0 if pane is view.predicted else 1
    header = pane.document().findBlock(view._headers[row][side]).text()
    return pane.firstVisibleBlock().text(), header


@pytest.mark.parametrize("deep", [180, 250, MESSAGES - 40])
@pytest.mark.parametrize("first", [(600, 200), (600, 330), (900, 600), None])
def test_the_panes_open_on_the_picked_message_however_small_they_were(
    qtbot, deep: int, first: tuple[int, int] | None
) -> None:
    """tryH 5: a comparison opened while its panes had no room (a short
    dock: the texts give way first; or not shown yet, ``first`` None) and
    then given room showed a message a hundred further on (the pane's top
    at its scroll's end): both panes begin with the picked message's header,
    after the room comes, and on every later pick."""
    host = QWidget()
    QVBoxLayout(host).addWidget(view := ComparisonView())
    qtbot.addWidget(host)
    if first is not None:
        host.resize(*first)
        host.show()
        qtbot.waitExposed(host)
        layout_settled(host)
    view.set_comparison(_long_comparison(deep))
    assert view.table.currentIndex().row() == deep  # the first difference is picked
    for size in ((1000, 900), (700, 500), (1400, 1000)):
        host.resize(*size)
        host.show()
        layout_settled(host)
        for pane in (view.predicted, view.actual):
            assert pane.height() > 100
            shown, header = _top(view, pane)
            assert shown == header, f"{size}: {pane.objectName()} begins {shown!r}, not {header!r}"
    view.table.selectRow(deep - 100)
    layout_settled(host)
    for pane in (view.predicted, view.actual):
        shown, header = _top(view, pane)
        assert shown == header, f"{pane.objectName()} begins {shown!r}, not {header!r}"


def test_a_pane_the_reader_scrolled_stays_where_they_put_it(qtbot) -> None:
    """Kept on the picked message while laid out again, never against the
    reader: scrolled by its bar (or the wheel), a pane does not jump back
    when the dock is resized."""
    from PySide6.QtWidgets import QAbstractSlider

    host = QWidget()
    QVBoxLayout(host).addWidget(view := ComparisonView())
    qtbot.addWidget(host)
    host.resize(900, 700)
    host.show()
    qtbot.waitExposed(host)
    view.set_comparison(_long_comparison(180))
    layout_settled(host)
    pane = view.predicted
    assert _top(view, pane)[0] == _top(view, pane)[1]
    pane.verticalScrollBar().triggerAction(QAbstractSlider.SliderAction.SliderPageStepAdd)
    scrolled = pane.verticalScrollBar().value()
    host.resize(1000, 760)
    layout_settled(host)
    assert pane.firstVisibleBlock().text() != _top(view, pane)[1]
    assert abs(pane.verticalScrollBar().value() - scrolled) < 20  # about where they put it

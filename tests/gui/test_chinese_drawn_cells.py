"""What the views of the Chinese window show, their cells as the delegates
draw them in the room they have, at three sizes and in the three styles:
no English is left in a form the window makes itself. The middleware's own
texts ("(Friday, 2025-09-12 18:00:00)", "[Sent 8 days, … ago]") stay as it
injects them (``ui_texts.KEPT``); the shorter forms the window makes of
them, and every tooltip, are in the window's language (issue 31, tryC:
"8d 14h… ago" and "(local, zone unknown)" in the Chinese window)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QAbstractItemView, QHeaderView

from timeline_app.core.context import Style
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.window.main_window import MainWindow
from timeline_app.gui.wording import RelativeWords

from .helpers import WAIT, layout_settled
from .ui_texts import Text, demo_contents, drawn_texts, english_words, item_texts


def _english(window: MainWindow, texts: list[Text]) -> list[str]:
    contents = demo_contents()
    names = [window.session.discussion.title]
    return [
        f"{text}  <- {' '.join(words)}"
        for text in texts
        if (words := english_words(text.text, contents, names))
    ]


def _views_texts(window: MainWindow) -> list[Text]:
    texts: list[Text] = []
    for view in window.findChildren(QAbstractItemView):
        if view.isVisible() and view.model() is not None and not isinstance(view, QHeaderView):
            texts += [*item_texts(view), *drawn_texts(view)]
    return texts


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 700), (1, 1)])
def test_every_view_of_the_chinese_window_draws_chinese(
    qtbot, chinese_demo: MainWindow, size: tuple[int, int]
) -> None:
    window = chinese_demo
    window.repair_dock.show()
    with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=WAIT):
        window.actions_by_name["repair"].trigger()
    window.resize(*size)
    if size == (1, 1):
        qtbot.waitUntil(lambda: window.size() == window.minimumSize(), timeout=WAIT)
    left: list[str] = []
    drawn = 0
    for style in Style:
        window.session.set_style(style)
        layout_settled(window)
        texts = _views_texts(window)
        drawn += sum(text.prop == "drawn" for text in texts)
        left += [f"{style} {line}" for line in _english(window, texts)]
    assert not left, "\n".join(sorted(set(left)))
    if size != (1920, 1080):
        assert drawn, "no cell took a form of its own: the walk measured nothing"


def test_the_walk_finds_an_english_form_the_window_draws(qtbot, chinese_demo: MainWindow) -> None:
    """The rule can fail: a delegate's own English form is caught with its place."""
    window = chinese_demo
    window.session.set_style(Style.RELATIVE)
    window.resize(window.minimumSize())
    layout_settled(window)
    window.table.itemDelegateForColumn(Column.TIME)._words = RelativeWords()  # the English forms
    left = _english(window, list(drawn_texts(window.table)))
    assert any("timelineTable" in line and "ago" in line for line in left), left

"""widgets/text_lines.py: a text's lines at a width, as Qt draws it. The
lines joined give the text back; each fits the width unless it is one word
wider than the line (at word boundaries) or one character (anywhere); a
"\\n" ends a line; ``most`` stops after one line more than it without
changing the lines before; and an item view's cell wraps its text inside
the style's margins."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QRect
from PySide6.QtGui import QFont, QFontMetricsF, QTextOption
from PySide6.QtWidgets import QStyleOptionViewItem, QTableView

from timeline_app.gui.widgets.text_lines import cell_text_area, wrapped_lines

WORD = QTextOption.WrapMode.WordWrap
ANYWHERE = QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere
SLACK = 1 / 64  # QTextLayout measures in 1/64 px
TEXTS = st.text(alphabet="ab Wi.\n", max_size=120)
WIDTHS = st.integers(min_value=1, max_value=300)


@settings(max_examples=200, deadline=None)
@given(text=TEXTS, width=WIDTHS)
def test_word_wrapped_lines_give_the_text_back_and_fit_unless_one_word(qapp, text: str, width: int) -> None:
    lines = wrapped_lines(text, QFont(), width)
    assert "".join(line.text for line in lines) == text
    assert lines, "an empty text is one line"
    for line in lines:
        assert "\n" not in line.text[:-1], f"a line ran on past a line break: {line.text!r}"
        if line.width > width + SLACK:
            assert len(line.text.split()) <= 1, f"{line.text!r} is {line.width} px, wider than {width}"
        assert line.height > 0


@settings(max_examples=200, deadline=None)
@given(text=TEXTS, width=WIDTHS)
def test_wrapped_anywhere_a_line_is_wider_only_when_it_is_one_character(qapp, text: str, width: int) -> None:
    lines = wrapped_lines(text, QFont(), width, wrap=ANYWHERE)
    assert "".join(line.text for line in lines) == text
    for line in lines:
        if line.width > width + SLACK:
            assert len(line.text.strip()) <= 1, f"{line.text!r} is {line.width} px, wider than {width}"


@settings(max_examples=100, deadline=None)
@given(text=TEXTS, width=WIDTHS, most=st.integers(min_value=0, max_value=6))
def test_most_stops_one_line_past_it_and_keeps_the_lines_before(
    qapp, text: str, width: int, most: int
) -> None:
    whole = wrapped_lines(text, QFont(), width)
    assert wrapped_lines(text, QFont(), width, most=most) == whole[: most + 1]


def test_a_word_breaks_only_where_it_must(qapp) -> None:
    font = QFont()
    word = "abcdefghij" * 3
    width = QFontMetricsF(font).horizontalAdvance(word) / 2
    assert [line.text for line in wrapped_lines(f"{word} {word}", font, width)] == [f"{word} ", word]
    assert len(wrapped_lines(word, font, width)) == 1  # at word boundaries only: one line, wider
    assert len(wrapped_lines(word, font, width, wrap=ANYWHERE)) >= 2  # as a text box breaks it


def test_chinese_breaks_between_characters(qapp) -> None:
    font = QFont()
    text = "时间线检查器显示每条消息的时间"
    width = QFontMetricsF(font).horizontalAdvance(text) / 3
    lines = wrapped_lines(text, font, width)
    assert len(lines) >= 3
    assert all(line.width <= width + SLACK for line in lines)


def test_a_cell_wraps_its_text_inside_the_styles_margins(qtbot) -> None:
    view = QTableView()
    qtbot.addWidget(view)
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)  # as a delegate is given it, then the cell's own
    option.text, option.rect = "x", QRect(0, 0, 200, 40)
    option.features |= QStyleOptionViewItem.ViewItemFeature.HasDisplay
    area, room = cell_text_area(view, option)
    assert option.rect.contains(area)
    assert 0 < room < area.width()  # the focus frame's margin and a pixel on either side
    option.rect = QRect(0, 0, 300, 40)
    assert cell_text_area(view, option)[1] == room + 100

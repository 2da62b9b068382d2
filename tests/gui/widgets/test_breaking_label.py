"""widgets/breaking_label.py: a label whose text wraps inside a word too. At
any width it asks for as many lines as its text takes there (a 64-character
hash in a narrow pane wraps instead of widening it), never fewer than one,
asks to be only a few characters wide at least, and paints every line it
asked for."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QColor, QPalette

from timeline_app.gui.widgets.breaking_label import LINE_CHARS, MIN_CHARS, BreakingLabel

HASH = "0123456789abcdef" * 4


def _label(qtbot, text: str) -> BreakingLabel:
    label = BreakingLabel()
    qtbot.addWidget(label)
    label.setText(text)
    return label


def _lines(label: BreakingLabel, width: int) -> int:
    return round((label.heightForWidth(width) - label._frame().height()) / label.fontMetrics().lineSpacing())


def test_a_hash_wraps_inside_itself_where_a_word_wrapped_label_cannot(qtbot) -> None:
    label = _label(qtbot, HASH)
    advance = label.fontMetrics().horizontalAdvance(HASH)
    assert _lines(label, advance + 10) == 1
    assert _lines(label, math.ceil(advance / 2) + 10) == 2
    assert _lines(label, math.ceil(advance / 4) + 10) == 4
    assert label.minimumSizeHint().width() <= label.fontMetrics().averageCharWidth() * MIN_CHARS
    assert label.minimumSizeHint().width() < advance  # never as wide as its longest word


@settings(max_examples=25)
@given(st.text(st.sampled_from("ab c\n"), max_size=200), st.integers(20, 600))
def test_narrower_never_takes_fewer_lines_and_never_none(qapp, text: str, width: int) -> None:
    label = BreakingLabel()
    label.setText(text)
    one_line = label.fontMetrics().height() + label._frame().height()
    assert label.heightForWidth(width) >= one_line
    assert label.heightForWidth(width // 2) >= label.heightForWidth(width)
    assert label.heightForWidth(width) >= (text.count("\n") + 1) * label.fontMetrics().lineSpacing() - 1
    label.deleteLater()


def test_it_asks_for_its_natural_width_up_to_a_line_of_text(qtbot) -> None:
    short = _label(qtbot, "short")
    assert short.sizeHint().width() == short.fontMetrics().horizontalAdvance("short")
    wide = _label(qtbot, "word " * 100)
    assert wide.sizeHint().width() == wide.fontMetrics().averageCharWidth() * LINE_CHARS
    assert wide.sizeHint().height() == wide.heightForWidth(wide.sizeHint().width())


def test_every_line_asked_for_is_painted(qtbot) -> None:
    label = _label(qtbot, HASH)
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, QColor("#000000"))
    palette.setColor(QPalette.ColorRole.Window, QColor("#ffffff"))
    label.setPalette(palette)
    label.setAutoFillBackground(True)
    width = math.ceil(label.fontMetrics().horizontalAdvance(HASH) / 3) + 10
    label.resize(width, label.heightForWidth(width))
    image = label.grab().toImage()
    inked = {
        y
        for y in range(image.height())
        for x in range(image.width())
        if image.pixelColor(x, y).lightness() < 128
    }
    spacing = label.fontMetrics().lineSpacing()
    assert {y // spacing for y in inked} == {0, 1, 2}


def _drawn_lines(label: BreakingLabel, width: int) -> list[str]:
    """The lines the label draws at ``width``, as text (without the joiners it draws with)."""
    layout, _ = label._laid_out(width)
    text = layout.text()
    lines = [layout.lineAt(i) for i in range(layout.lineCount())]
    return [
        text[line.textStart() : line.textStart() + line.textLength()]
        .replace("\u2060", "")
        .replace("\u200b", "")
        for line in lines
    ]


def test_a_chinese_weekday_is_never_broken_inside(qtbot, chinese_layout) -> None:
    """The Details pane's CST time ("2025-09-21T05:58 周日: …") broke between
    周 and 日 at some widths (tryout): at every width a weekday stays on one line,
    and the label's text is the one set."""
    text = "2025-09-21T05:58 周日：取自聊天记录中的时间（Free Anima 注入的是它）"
    label = _label(qtbot, text)
    widest = label.fontMetrics().horizontalAdvance(text)
    for width in range(label.fontMetrics().horizontalAdvance("周日") + 4, widest + 10):
        lines = _drawn_lines(label, width)
        assert "".join(lines) == text, width
        broken = [a for a, b in itertools.pairwise(lines) if a.endswith("周") and b.startswith("日")]
        assert not broken, f"at {width} px: {lines}"
    assert label.text() == text


@pytest.mark.parametrize(
    "text",
    [
        "2026-05-20T23:55 周三：取自聊天记录中的时间（Free Anima 注入的是它）",
        "2025-09-12T18:00:01+02:00 (the transcript's own)",
        "(Sunday, 2025-09-21 08:00:52)",
    ],
)
def test_a_time_is_never_broken_inside_a_number(qtbot, chinese_layout, text: str) -> None:
    """Issue 31 tryout: Details read "CST 时间 2026-05-20T23:5" / "5 周三…", a
    time broken mid-number. At every width a line ends between a time's
    date, clock and offset if it must, never inside one of them, and the
    text drawn is the text set."""
    import re

    parts = re.compile(r"\d{4}-\d\d-\d\d|\d\d:\d\d(?::\d\d)?|[+-]\d\d:\d\d")
    label = _label(qtbot, text)
    metrics = label.fontMetrics()
    widest_part = max(metrics.horizontalAdvance(p) for p in parts.findall(text))
    for width in range(widest_part + 2, metrics.horizontalAdvance(text) + 10):
        lines = _drawn_lines(label, width)
        ends, at = [], 0
        for line in lines:
            at += len(line)
            ends.append(at)
        joined = "".join(lines)
        for match in parts.finditer(joined):
            assert not any(match.start() < end < match.end() for end in ends), f"at {width} px: {lines}"
    assert label.text() == text

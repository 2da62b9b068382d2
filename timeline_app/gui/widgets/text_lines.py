"""The lines a plain text wraps to at a width, as Qt draws it.

Counting lines with ``QFontMetrics`` or by characters gave other breaks than
the ones drawn: a Repair reason a line short at the smallest window, a
Details message box of two lines for a 20,000-character word, a strip
caption cut mid-statement. The Repair rows, the Details message box, the
strip's caption and the tests that judge a wrapped cell whole all wrap here,
with ``QTextLayout`` as the item views, text boxes and labels do, so the
same text at the same width gives the same lines everywhere.

Owns: breaking a text into lines (``wrapped_lines``) and the width an item
view's style wraps a cell's text at (``cell_text_area``). Not drawing: a
widget that paints its own lines (``BreakingLabel``) keeps its laid-out
``QTextLayout``.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRect
from PySide6.QtGui import QFont, QTextLayout, QTextOption
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem, QWidget

LINE_SEPARATOR = "\u2028"  # a line break to QTextLayout, which does not break at "\n"


@dataclass(frozen=True)
class Line:
    """One wrapped line: its characters (the whitespace it broke at kept, so
    the lines joined give the text back), the width its text takes (more than
    the line's width only where one word does not fit) and its height."""

    text: str
    width: float
    height: float


def wrapped_lines(
    text: str,
    font: QFont,
    width: float,
    *,
    wrap: QTextOption.WrapMode = QTextOption.WrapMode.WordWrap,
    most: int | None = None,
) -> list[Line]:
    """``text`` broken into lines ``width`` px wide in ``font``: at word
    boundaries (``WordWrap``, as an item view's cell wraps) or inside a word
    too where it must (``WrapAtWordBoundaryOrAnywhere``, as a text box does).
    A "\\n" breaks the line, as the views and boxes draw it. With ``most``,
    laid out only up to ``most`` + 1 lines: enough to tell that the text
    needs more than ``most``, without wrapping a long text to its end.
    An empty text is one empty line."""
    layout = QTextLayout(text.replace("\n", LINE_SEPARATOR), font)
    option = QTextOption()
    option.setWrapMode(wrap)
    layout.setTextOption(option)
    lines: list[Line] = []
    layout.beginLayout()
    while most is None or len(lines) <= most:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        start = line.textStart()
        lines.append(Line(text[start : start + line.textLength()], line.naturalTextWidth(), line.height()))
    layout.endLayout()
    return lines


def cell_text_area(view: QWidget, option: QStyleOptionViewItem) -> tuple[QRect, int]:
    """The rectangle ``view``'s style gives the text of a cell drawn in
    ``option.rect``, and the width it wraps that text at: the focus frame's
    margin and a pixel less on either side (``QCommonStyle`` draws so)."""
    style = view.style()
    area = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, view)
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, option, view) + 1
    return area, area.width() - 2 * margin

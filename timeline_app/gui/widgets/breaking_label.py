"""A label whose plain text wraps, inside a word too when it is wider than the line.

A word-wrapped ``QLabel`` breaks only between words: a 64-character hash
is one word, so the label is at least as wide as the hash, and in a
narrow pane that scrolls only down its right part (the hash's end and the
rest of the sentence) was cut off with no way to see it (tryout: "No
preview: the stored value for <hash> …" at 800 px). Here a line breaks
between words where it can and anywhere inside a word where it must
(``QTextOption.WrapAtWordBoundaryOrAnywhere``); ``text()`` is the text as
set, without inserted break characters. A Chinese weekday (周日) is one
word: the line breaker may break between any two Chinese characters, and the
Details pane's CST time broke between 周 and 日 (tryout); a zero-width word
joiner, drawn only, holds each together.
"""

from __future__ import annotations

import math
import re

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QTextLayout, QTextOption
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from ...core.cst import WEEKDAYS_CN

LINE_CHARS = 80  # the widest the label asks to be, in average characters
MIN_CHARS = 8  # the narrowest
WORD_JOINER = "\u2060"  # no line break on either side; zero width, never drawn


BREAK_HERE = "\u200b"  # a line may break here; zero width, never drawn
# where a time may go on the next line: after its date's "T", before its offset
_TIME_JOINTS = re.compile(r"(?<=\d{4}-\d\d-\d\dT)(?=\d\d:\d\d)|(?<=\d\d:\d\d)(?=[+-]\d\d:\d\d)")


def kept_whole(text: str) -> str:
    """``text`` with a word joiner inside every Chinese weekday (周日 →
    周\u2060日), and a break opportunity between a time's date, clock and
    offset: a narrow line broke an ISO time "anywhere", mid-number
    ("2026-05-20T23:5" / "5 周三", issue 31 tryout); now it goes on at
    "07:59:00" or "+08:00", each part whole."""
    for day in WEEKDAYS_CN:
        text = text.replace(day, WORD_JOINER.join(day))
    return _TIME_JOINTS.sub(BREAK_HERE, text)


class BreakingLabel(QLabel):
    """Plain text wrapped at word boundaries, or anywhere inside a word that
    does not fit on a line; as tall as its lines at the width it has."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        policy = self.sizePolicy()
        policy.setHorizontalPolicy(QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def _frame(self) -> QSize:
        """What the contents margins and ``margin()`` take, across and down."""
        margins, margin = self.contentsMargins(), 2 * self.margin()
        return QSize(margins.left() + margins.right() + margin, margins.top() + margins.bottom() + margin)

    def _laid_out(self, width: int) -> tuple[QTextLayout, float]:
        """The text's lines at ``width`` (pixels for the text), and their height."""
        # U+2028: a line break to QTextLayout, which does not break at "\n"
        layout = QTextLayout(kept_whole(self.text()).replace("\n", "\u2028"), self.font())
        option = QTextOption(self.alignment() & Qt.AlignmentFlag.AlignHorizontal_Mask)
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        option.setTextDirection(self.layoutDirection())
        layout.setTextOption(option)
        height = 0.0
        layout.beginLayout()
        while (line := layout.createLine()).isValid():
            line.setLineWidth(max(1, width))
            line.setPosition(QPointF(0, height))
            height += line.height()
        layout.endLayout()
        return layout, height

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        frame = self._frame()
        _, height = self._laid_out(width - frame.width())
        return max(math.ceil(height), self.fontMetrics().height()) + frame.height()

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        natural = max((metrics.horizontalAdvance(line) for line in self.text().split("\n")), default=0)
        width = min(natural, metrics.averageCharWidth() * LINE_CHARS) + self._frame().width()
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        """A few characters wide: the text wraps to any width (a word-wrapped
        ``QLabel`` asks for its longest word)."""
        metrics, frame = self.fontMetrics(), self._frame()
        width = min(self.sizeHint().width(), metrics.averageCharWidth() * MIN_CHARS + frame.width())
        return QSize(width, metrics.height() + frame.height())

    def _placed(self) -> tuple[QTextLayout, float, float]:
        """The lines as drawn: the layout, its left and its top in the label."""
        area = self.contentsRect().adjusted(self.margin(), self.margin(), -self.margin(), -self.margin())
        layout, height = self._laid_out(area.width())
        top = float(area.top())
        vertical = self.alignment() & Qt.AlignmentFlag.AlignVertical_Mask
        if vertical == Qt.AlignmentFlag.AlignVCenter:
            top += max(0.0, (area.height() - height) / 2)
        elif vertical == Qt.AlignmentFlag.AlignBottom:
            top += max(0.0, area.height() - height)
        return layout, float(area.left()), top

    def line_bands(self) -> list[tuple[float, float]]:
        """Each drawn line's top and bottom in the label: where an area that
        scrolls it may cut without cutting a line (``KeyScrollArea``)."""
        layout, _, top = self._placed()
        bands = []
        for number in range(layout.lineCount()):
            line = layout.lineAt(number)
            bands.append((top + line.y(), top + line.y() + line.height()))
        return bands

    def paintEvent(self, event: QPaintEvent) -> None:
        layout, left, top = self._placed()
        painter = QPainter(self)
        group = QPalette.ColorGroup.Normal if self.isEnabled() else QPalette.ColorGroup.Disabled
        painter.setPen(self.palette().color(group, self.foregroundRole()))
        layout.draw(painter, QPointF(left, top))

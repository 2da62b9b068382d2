"""widgets/diff_colours.py: a tint lies between the base and the colour by its
amount; the highlighter marks whole added and removed lines, never the file
headers, hunks or context."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtGui import QColor, QTextDocument

from timeline_app.gui.widgets.diff_colours import TINT, DiffHighlighter, tinted

CHANNEL = st.integers(0, 255)


@given(CHANNEL, CHANNEL, CHANNEL, CHANNEL, CHANNEL, CHANNEL, st.floats(0, 1))
def test_a_tint_lies_between_the_base_and_the_colour(r, g, b, br, bg, bb, amount: float) -> None:
    colour, base = QColor(r, g, b), QColor(br, bg, bb)
    mixed = tinted(colour, base, amount)
    for got, c, s in zip((mixed.redF(), mixed.greenF(), mixed.blueF()), (r, g, b), (br, bg, bb), strict=True):
        assert abs(got - (s + (c - s) * amount) / 255) < 1e-3


def test_the_default_tint_keeps_most_of_the_base() -> None:
    mixed = tinted(QColor("#ff0000"), QColor("#ffffff"))
    assert mixed.green() == round(255 * (1 - TINT))


def _backgrounds(qapp, text: str) -> list[str | None]:
    document = QTextDocument()
    highlighter = DiffHighlighter(document)
    document.setPlainText(text)
    highlighter.rehighlight()
    out = []
    block = document.begin()
    while block.isValid():
        formats = block.layout().formats()
        out.append(formats[0].format.background().color().name() if formats else None)
        assert not formats or (formats[0].start, formats[0].length) == (0, block.length() - 1)
        block = block.next()
    assert highlighter.document() is document
    return out


def test_added_and_removed_lines_are_marked_whole_and_nothing_else(qapp) -> None:
    highlighter = DiffHighlighter(QTextDocument())
    added, removed = (
        highlighter.added.background().color().name(),
        highlighter.removed.background().color().name(),
    )
    assert added != removed
    text = "--- before\n+++ after\n@@ -1,2 +1,2 @@\n same\n-old line\n+new line"
    assert _backgrounds(qapp, text) == [None, None, None, None, removed, added]

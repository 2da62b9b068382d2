"""strip/marks.py on its own: a mark painted on a white image is filled when
its time is stored, hollow when not, hollow with a dot at the transcript's
own time, with an orange notch on its left when it goes back in time and an
orange line under it when its stored value cannot be read; nothing else."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from timeline_app.gui.strip.marks import paint_mark

INK, WARNING, WHITE = QColor("#0000ff"), QColor("#ff8000"), QColor("#ffffff")
MARK = QRectF(20, 10, 12, 16)  # x 20..32, y 10..26


def _painted(**kind: bool) -> QImage:
    image = QImage(60, 40, QImage.Format.Format_ARGB32)
    image.fill(WHITE)
    painter = QPainter(image)
    paint_mark(painter, MARK, INK, warning=WARNING, **kind)
    painter.end()
    return image


def _is(image: QImage, x: int, y: int, colour: QColor) -> bool:
    got = image.pixelColor(x, y)
    return all(abs(a - b) < 60 for a, b in zip(got.getRgb()[:3], colour.getRgb()[:3], strict=True))


CENTRE, EDGE = (26, 18), (20, 18)
NOTCH, UNDERLINE = (16, 14), (26, 29)


@pytest.mark.parametrize(
    ("kind", "centre", "edge", "notch", "underline"),
    [
        ({}, INK, INK, WHITE, WHITE),
        ({"hollow": True}, WHITE, INK, WHITE, WHITE),
        ({"own_time": True}, INK, INK, WHITE, WHITE),
        ({"out_of_order": True}, INK, INK, WARNING, WHITE),
        ({"unreadable": True}, INK, INK, WHITE, WARNING),
        ({"hollow": True, "out_of_order": True, "unreadable": True}, WHITE, INK, WARNING, WARNING),
    ],
)
def test_each_kind_of_mark_looks_as_the_legend_says(kind, centre, edge, notch, underline) -> None:
    image = _painted(**kind)
    assert _is(image, *CENTRE, centre)
    assert _is(image, *EDGE, edge)
    assert _is(image, *NOTCH, notch)
    assert _is(image, *UNDERLINE, underline)


def test_a_dot_at_its_own_time_is_inside_a_hollow_mark() -> None:
    image = _painted(own_time=True)
    assert _is(image, 22, 12, WHITE)  # inside the outline, outside the dot
    assert _is(image, *CENTRE, INK)


AHEAD = (36, 14)  # right of the mark, where a stored time after "now" points on


@pytest.mark.parametrize("kind", [{}, {"out_of_order": True}, {"future": True}])
def test_a_stored_time_after_now_points_on_at_its_right(kind) -> None:
    """Flagged "future" in the table and Details, not on the strip (issue 31
    tryout): a notch on the right, pointing on, in the warning colour."""
    image = _painted(**kind)
    assert _is(image, *AHEAD, WARNING if kind.get("future") else WHITE)
    assert _is(image, *CENTRE, INK)

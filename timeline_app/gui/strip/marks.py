"""How one message mark looks: the strip paints its marks with this, and the
Help menu's legend paints its samples with it, so the legend cannot drift
from what the strip shows."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

from ..widgets import colours


def paint_mark(
    painter: QPainter,
    rect: QRectF,
    colour: QColor,
    *,
    hollow: bool = False,
    out_of_order: bool = False,
    unreadable: bool = False,
    own_time: bool = False,
    future: bool = False,
    warning: QColor = colours.WARNING,
) -> None:
    """Filled when the time is stored, hollow when not; hollow with a dot when
    it sits at the transcript's own time (no file stores it); an orange notch
    on the left when it goes back in time, an orange underline when the stored
    value cannot be read, an orange notch on the right, pointing on, when the
    stored time is later than "now" on the middleware's clock (flagged
    "future" in the table and Details, nowhere on the strip, tryout).
    ``warning``: the orange that reads on the background (``colours.inks_on``)."""
    if hollow or own_time:
        painter.setPen(QPen(colour, 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
    else:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
    painter.drawRect(rect)
    if own_time:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        side = max(2.0, min(rect.width(), rect.height()) - 3)
        painter.drawEllipse(rect.center(), side / 2, side / 2)
    if out_of_order:
        notch = QPolygonF(
            [
                QPointF(rect.left() - 1, rect.top()),
                QPointF(rect.left() - 7, rect.top() + 4),
                QPointF(rect.left() - 1, rect.top() + 8),
            ]
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(warning)
        painter.drawPolygon(notch)
    if future:
        ahead = QPolygonF(
            [
                QPointF(rect.right() + 1, rect.top()),
                QPointF(rect.right() + 7, rect.top() + 4),
                QPointF(rect.right() + 1, rect.top() + 8),
            ]
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(warning)
        painter.drawPolygon(ahead)
    if unreadable:
        painter.setPen(QPen(warning, 2))
        painter.drawLine(rect.bottomLeft() + QPointF(-2, 3), rect.bottomRight() + QPointF(2, 3))


STATE_SIZE = 6.0  # a history state's triangle: its height, and its width's half plus two


def paint_state(
    painter: QPainter,
    x: float,
    top: float,
    colour: QColor,
    *,
    side: int = 0,
    selected: QColor | None = None,
    bottom: float | None = None,
) -> None:
    """One state of the file's own history at ``x`` on the axis: a small
    triangle hanging from the lanes' top line ``top``, or, for a state whose
    time lies before (``side`` -1) or after (1) every message's, an arrow
    pointing out of that end of the axis, where it is clamped. ``selected``:
    the highlight colour of the state the History panel selects, filled,
    with a line down through the lanes to ``bottom``."""
    fill = selected if selected is not None else colour
    if selected is not None and bottom is not None:
        painter.setPen(QPen(selected, 2))
        painter.drawLine(QPointF(x, top), QPointF(x, bottom))
    painter.setPen(QPen(colour, 1))
    painter.setBrush(fill)
    painter.drawPolygon(state_polygon(x, top, side))


def state_polygon(x: float, top: float, side: int = 0) -> QPolygonF:
    """A state's outline (``paint_state``): the strip gathers a thousand of
    them into one path, drawn at once."""
    size = STATE_SIZE
    if side == 0:
        points = [QPointF(x - size / 2 - 1, top), QPointF(x + size / 2 + 1, top), QPointF(x, top + size)]
    else:
        points = [QPointF(x + side * size, top + size / 2), QPointF(x, top), QPointF(x, top + size)]
    return QPolygonF(points)

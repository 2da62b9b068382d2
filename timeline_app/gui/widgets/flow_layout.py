"""A row of controls that wraps onto more lines when its panel is narrow.

A panel's button row in a ``QHBoxLayout`` makes the panel (and through its
dock, the whole window) at least as wide as all its buttons together: the
Repair panel alone kept the window from going under 1072 px. Wrapped, the
row is only as wide as its widest item and asks for the height its lines
take (``heightForWidth``), which the panel's vertical layout gives it.
The last item can be kept at the right end of its line (a panel's main
button, like Apply, where people look for it).
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QHBoxLayout, QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    """Items left to right, onto the next line when the next one does not fit."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        last_right: bool = False,
        spacing: int = 6,
        line_gap: int | None = None,
    ) -> None:
        """``spacing``: between items on a line; ``line_gap``: between lines
        (the same unless said: check boxes spaced apart read as one per line)."""
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._last_right = last_right
        self._gap = spacing
        self._line_gap = spacing if line_gap is None else line_gap
        self.setContentsMargins(QMargins(0, 0, 0, 0))

    # -- QLayout's item protocol ------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    # -- sizes ------------------------------------------------------------------
    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def sizeHint(self) -> QSize:
        """Everything on one line: what the row asks for when there is room."""
        shown = self._shown()
        width = sum(item.sizeHint().width() for item in shown) + self._gap * max(0, len(shown) - 1)
        height = max((item.sizeHint().height() for item in shown), default=0)
        return QSize(width, height).grownBy(self.contentsMargins())

    def minimumSize(self) -> QSize:
        """As narrow as the widest item: the rest goes onto more lines."""
        shown = self._shown()
        width = max((item.minimumSize().width() for item in shown), default=0)
        height = max((item.minimumSize().height() for item in shown), default=0)
        return QSize(width, height).grownBy(self.contentsMargins())

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    # -- placing ----------------------------------------------------------------
    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _lines(self, width: int) -> list[list[QLayoutItem]]:
        lines: list[list[QLayoutItem]] = [[]]
        used = 0
        for item in self._shown():
            need = item.sizeHint().width()
            if lines[-1] and used + self._gap + need > width:
                lines.append([])
                used = 0
            used += need + (self._gap if lines[-1] else 0)
            lines[-1].append(item)
        return [line for line in lines if line]

    def _arrange(self, rect: QRect, *, move: bool) -> int:
        """Place the items in ``rect`` (when ``move``); returns the height used."""
        inner = rect.marginsRemoved(self.contentsMargins())
        top = inner.y()
        shown = self._shown()
        for line in self._lines(inner.width()):
            height = max(item.sizeHint().height() for item in line)
            x = inner.x()
            for item in line:
                width = min(item.sizeHint().width(), inner.width())
                if self._last_right and item is shown[-1]:
                    x = max(x, inner.right() + 1 - width)
                if move:  # centred on the line: a check box beside a taller button
                    tall = item.sizeHint().height()
                    item.setGeometry(QRect(QPoint(x, top + (height - tall) // 2), QSize(width, tall)))
                x += width + self._gap
            top += height + self._line_gap
        margins = self.contentsMargins()
        return max(0, top - self._line_gap - inner.y()) + margins.top() + margins.bottom()


def group(*widgets: QWidget) -> QWidget:
    """Widgets that stay together on one line of a flow (Copy beside Export)."""
    holder = QWidget()
    row = QHBoxLayout(holder)
    row.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        row.addWidget(widget)
    return holder

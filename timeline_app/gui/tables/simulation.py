"""Table model over a tracking simulation: per message, before, after, why."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt

from ...core.display import first_line, stored_text, visible_text
from ...core.pipeline import PreparedRequest
from ...core.tracking import Action, TrackResult
from ..widgets import colours
from ..wording import EXPLANATIONS
from .base import COPY_ROLE, AnyIndex, ReadOnlyTableModel
from .timeline import role_label


class SimColumn(IntEnum):
    INDEX = 0
    ROLE = 1
    ACTION = 2
    BEFORE = 3
    AFTER = 4
    CONTENT = 5


class SimulationModel(ReadOnlyTableModel):
    HEADERS = (
        "#",
        QT_TRANSLATE_NOOP("SimulationModel", "Speaker"),
        QT_TRANSLATE_NOOP("SimulationModel", "What happens"),
        QT_TRANSLATE_NOOP("SimulationModel", "Stored now"),
        QT_TRANSLATE_NOOP("SimulationModel", "After the request"),
        QT_TRANSLATE_NOOP("SimulationModel", "Content"),
    )
    HEADER_CONTEXT = "SimulationModel"

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._request: PreparedRequest | None = None
        self._result: TrackResult | None = None

    def set_simulation(self, request: PreparedRequest | None, result: TrackResult | None) -> None:
        self.beginResetModel()
        self._request, self._result = request, result
        self.endResetModel()

    def changes(self, row: int) -> bool:
        """Whether the request gives ``row``'s message a time it had not stored."""
        if self._result is None or not 0 <= row < len(self._result.events):
            return False
        return self._result.events[row].action in (Action.ASSIGNED, Action.SHARED)

    def row_count(self) -> int:
        return 0 if self._result is None else len(self._result.events)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self._result is None or self._request is None:
            return None
        if index.row() >= len(self._result.events):
            return None
        event = self._result.events[index.row()]
        message = self._request.messages[event.position]
        column = SimColumn(index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            if column is SimColumn.INDEX:
                return "" if message.source_index is None else str(message.source_index)
            if column is SimColumn.ROLE:
                return role_label(message.role)
            if column is SimColumn.ACTION:
                return EXPLANATIONS.action(event.action)
            if column is SimColumn.BEFORE:
                return stored_text(event.before)
            if column is SimColumn.AFTER:
                return stored_text(event.after)
            return visible_text(first_line(self._request.sentinels.restore(message.content), 200))
        if role == Qt.ItemDataRole.ForegroundRole and column is SimColumn.ACTION:
            if event.action in (Action.ASSIGNED, Action.SHARED):
                return colours.text_ink(colours.WARNING)
            if event.action is Action.PLACEHOLDER:
                return colours.text_ink(colours.PLACEHOLDER)
        if role == Qt.ItemDataRole.ToolTipRole and column is SimColumn.ACTION:
            return colours.plain_tooltip(EXPLANATIONS.action(event.action))
        if role == COPY_ROLE and column is SimColumn.CONTENT:  # shown by its first line, copied whole
            return self._request.sentinels.restore(message.content)
        if role == Qt.ItemDataRole.ToolTipRole and column is SimColumn.CONTENT:
            return colours.plain_tooltip(self._request.sentinels.restore(message.content))
        return None

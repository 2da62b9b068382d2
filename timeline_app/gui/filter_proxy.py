"""Filtering and sorting of the timeline table, by role, status, flag and text."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel

from .timeline_model import Column, ItemRole


class TimelineFilterProxy(QSortFilterProxyModel):
    """Accepts a row when it matches every active criterion (empty = any)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._roles: frozenset[str] = frozenset()
        self._statuses: frozenset[str] = frozenset()
        self._flag: str | None = None
        self._text = ""
        self.setSortRole(ItemRole.SORT)
        self.setDynamicSortFilter(False)

    def _refilter(self, name: str, value: object) -> None:
        """Qt 6.10's begin/endFilterChange pair around each criterion change."""
        if getattr(self, name) == value:
            return
        self.beginFilterChange()
        setattr(self, name, value)
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_roles(self, roles: set[str] | frozenset[str]) -> None:
        self._refilter("_roles", frozenset(r.lower() for r in roles))

    def set_statuses(self, statuses: set[str] | frozenset[str]) -> None:
        self._refilter("_statuses", frozenset(statuses))

    def set_flag(self, flag: str | None) -> None:
        self._refilter("_flag", flag or None)

    def set_text(self, text: str) -> None:
        self._refilter("_text", text.strip().lower())

    @property
    def active(self) -> bool:
        return bool(self._roles or self._statuses or self._flag or self._text)

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        model = self.sourceModel()
        index = model.index(source_row, Column.INDEX, source_parent)
        if self._roles:
            role = model.data(index, ItemRole.ROLE)
            bucket = role if role in ("user", "assistant") else "other"
            if bucket not in self._roles:
                return False
        if self._statuses and model.data(index, ItemRole.STATUS) not in self._statuses:
            return False
        if self._flag and self._flag not in {f.value for f in model.data(index, ItemRole.FLAGS)}:
            return False
        return not self._text or self._text in model.data(index, ItemRole.SEARCH)

"""Undoable edits of the working timestamp store (nothing is written until Save)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from ..core.store import TimestampStore


class StoreEdit(QUndoCommand):
    """Replace the working store; undo puts the previous one back exactly
    (snapshots, so key order and values return byte for byte)."""

    def __init__(
        self,
        text: str,
        before: TimestampStore,
        after: TimestampStore,
        show: Callable[[TimestampStore], None],
    ) -> None:
        super().__init__(text)
        self._before, self._after, self._show = before.copy(), after.copy(), show

    def redo(self) -> None:
        self._show(self._after.copy())

    def undo(self) -> None:
        self._show(self._before.copy())

"""Undoable edits of the working timestamp store (nothing is written until Save),
and the Undo/Redo actions that name them."""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QUndoCommand, QUndoStack

from ..core.store import TimestampStore
from .wording import fill


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

    @property
    def snapshots(self) -> tuple[TimestampStore, TimestampStore]:
        """The stores before and after (never changed: only copies leave)."""
        return self._before, self._after

    @snapshots.setter
    def snapshots(self, stores: tuple[TimestampStore, TimestampStore]) -> None:
        """Both made again on the file as it is now (a change on disk read under the history)."""
        self._before, self._after = stores

    def show_with(self, show: Callable[[TimestampStore], None]) -> None:
        """Undo and redo show through ``show`` from now on (a stack rebuilt
        quietly first: ``DiscussionSession._drop_no_ops``)."""
        self._show = show

    def redo(self) -> None:
        self._show(self._after.copy())

    def undo(self) -> None:
        self._show(self._before.copy())


def _named(bare: str, template: str, command: str) -> str:
    return fill(template, command) if command else bare


def undo_redo_actions(stack: QUndoStack, parent: QObject) -> tuple[QAction, QAction]:
    """Edit > Undo and Redo, named after the command they would undo or redo.
    Qt only writes a prefix before the command's text; a template lets a
    translation put the name where its language wants it ("撤销“…”(&U)")."""
    undo_bare = QCoreApplication.translate("MainWindow", "&Undo")
    redo_bare = QCoreApplication.translate("MainWindow", "&Redo")
    undo_template = QCoreApplication.translate("MainWindow", "&Undo %1")
    redo_template = QCoreApplication.translate("MainWindow", "&Redo %1")
    undo = stack.createUndoAction(parent, undo_bare)
    redo = stack.createRedoAction(parent, redo_bare)
    # connected after Qt's own update of the text, so this one is what shows
    stack.undoTextChanged.connect(lambda text: _rename(undo, _named(undo_bare, undo_template, text)))
    stack.redoTextChanged.connect(lambda text: _rename(redo, _named(redo_bare, redo_template, text)))
    return undo, redo


def _rename(action: QAction, text: str) -> None:
    """``action.setText`` unless the action is gone: a stack with commands
    clears itself as it dies, after its window's actions (a window closed
    after a Save printed two tracebacks)."""
    if shiboken6.isValid(action):
        action.setText(text)

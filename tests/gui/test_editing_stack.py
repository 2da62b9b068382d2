"""gui/editing.py on its own: edits of the working store pushed, undone and
redone in any order show exactly the store a list of snapshots says (key
order and values byte for byte, whatever the caller does to its stores
afterwards), and Undo / Redo are named after the edit they would undo or redo."""

from __future__ import annotations

import shiboken6
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoStack

from timeline_app.core.store import TimestampStore
from timeline_app.gui.editing import StoreEdit, undo_redo_actions

KEYS = st.sampled_from([c * 64 for c in "abcd"])
VALUES = st.sampled_from(["(Sunday, 2025-09-21 11:00:00)", "(Monday, 2025-09-22 09:00:00)", 7, None])
STEPS = st.lists(
    st.one_of(st.tuples(st.just("push"), KEYS, VALUES), st.just(("undo",)), st.just(("redo",))), max_size=25
)


@settings(max_examples=60)
@given(STEPS)
def test_any_order_of_edits_undos_and_redos_shows_the_snapshot_it_should(qapp, steps) -> None:
    stack = QUndoStack()
    shown: list[TimestampStore] = []
    working = TimestampStore({"e" * 64: "(Sunday, 2025-09-21 10:00:00)"})
    history, at = [working.file_bytes()], 0  # the reference: snapshots and where we are
    for step in steps:
        if step[0] == "push":
            after = working.copy()
            after.set(step[1], step[2])
            history, at = [*history[: at + 1], after.file_bytes()], at + 1
            stack.push(StoreEdit("edit", working, after, shown.append))
            after.set("f" * 64, "changed by the caller afterwards")  # must not reach the edit
        elif step[0] == "undo" and stack.canUndo():
            stack.undo()
            at -= 1
        elif step[0] == "redo" and stack.canRedo():
            stack.redo()
            at += 1
        else:
            continue
        working = shown[-1]
        assert working.file_bytes() == history[at]
    assert stack.canUndo() is (at > 0)
    assert stack.canRedo() is (at < len(history) - 1)


def test_undo_and_redo_are_named_after_their_edit(qapp) -> None:
    owner = QObject()
    # the stack made before the actions, as the window's session is: gone first with
    # the owner (a stack emits as it dies; the actions' lambdas would outlive them)
    stack = QUndoStack(owner)
    undo, redo = undo_redo_actions(stack, owner)
    assert (undo.text(), undo.isEnabled(), redo.text(), redo.isEnabled()) == ("&Undo", False, "&Redo", False)
    before, after = TimestampStore(), TimestampStore({"a" * 64: "(Sunday, 2025-09-21 11:00:00)"})
    stack.push(StoreEdit("Assign times", before, after, lambda _store: None))
    assert (undo.text(), undo.isEnabled(), redo.text(), redo.isEnabled()) == (
        "&Undo Assign times",
        True,
        "&Redo",
        False,
    )
    undo.trigger()
    assert (undo.text(), redo.text(), redo.isEnabled()) == ("&Undo", "&Redo Assign times", True)


def test_a_window_closed_with_edits_on_the_stack_says_nothing(qapp) -> None:
    """The stack clears itself as it dies, after the actions of the window
    that owns both: the renaming must not reach them (a window closed after
    a Save printed two tracebacks)."""
    owner = QObject()
    stack = QUndoStack(owner)
    undo_redo_actions(stack, owner)
    stack.push(StoreEdit("edit", TimestampStore(), TimestampStore({"a" * 64: "x"}), lambda _store: None))
    shiboken6.delete(owner)  # pytest-qt fails the test on an exception in a slot
    assert not shiboken6.isValid(stack)

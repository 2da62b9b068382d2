"""Simulate, repair, undo/redo, save and conflicts in the GUI (on copies of the demo)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox

from timeline_app.core.file_state import SaveCase
from timeline_app.core.hashing import content_hash
from timeline_app.core.store import load_store
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.panels.repair import PropColumn
from timeline_app.gui.session import SaveChoice
from timeline_app.gui.window.main_window import MainWindow

from .helpers import DEMO_NOW, _apply_high_repairs, answer_modal, open_and_wait


@pytest.fixture
def demo_copy(qtbot, window: MainWindow, tmp_path: Path) -> tuple[MainWindow, Path]:
    transcript = tmp_path / "chat.json"
    ts = tmp_path / "timestamps.json"
    shutil.copy(DEMO_TRANSCRIPT, transcript)
    shutil.copy(DEMO_TIMESTAMPS, ts)
    window.session.set_pinned_now(DEMO_NOW)
    open_and_wait(qtbot, window, transcript, ts)
    window.show()
    qtbot.waitExposed(window)
    return window, ts


def _statuses(window: MainWindow) -> list[str]:
    return [window.model.row_at(r).status.value for r in range(window.model.rowCount())]


def test_simulate_apply_undo_redo_save(qtbot, demo_copy) -> None:
    window, ts = demo_copy
    original = ts.read_bytes()
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    dialog = window.simulation_dialog
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=10000)
    assert dialog.model.rowCount() == 18
    assert "placeholder" in dialog.summary.text() and "one second apart" in dialog.summary.text()
    assert dialog.diff.toPlainText().startswith("--- timestamps.json (now)")
    assert "untracked" in _statuses(window)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Apply), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "untracked" not in _statuses(window), timeout=10000)
    assert window.windowTitle().startswith("*")
    assert ts.read_bytes() == original, "nothing is written before Save"

    window.activateWindow()  # offscreen has no window manager to re-activate the window after the dialog
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    window.table.setFocus()  # as a user clicking back into the timeline (text fields keep their own Ctrl+Z)
    qtbot.keyClick(window.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: _statuses(window).count("untracked") == 5, timeout=10000)
    qtbot.keyClick(
        window.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    qtbot.waitUntil(lambda: "untracked" not in _statuses(window), timeout=10000)

    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert ts.read_text("ascii") == dialog.result.store.dumps()
    backups = list(ts.parent.glob("timestamps.json.bak-*"))
    assert len(backups) == 1 and backups[0].read_bytes() == original
    assert not window.windowTitle().startswith("*")


def test_repair_panel_accept_by_confidence_and_apply(qtbot, demo_copy) -> None:
    window, _ts = demo_copy
    with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=10000):
        qtbot.keyClick(
            window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        )
    model = window.repair_panel.model
    rows = {model.index(r, PropColumn.INDEX).data(): r for r in range(model.rowCount())}
    assert set(rows) == {"11", "14"}
    assert model.index(rows["14"], PropColumn.CONFIDENCE).data() == "high"
    assert (
        model.index(rows["14"], PropColumn.ACCEPT).data(Qt.ItemDataRole.CheckStateRole)
        == Qt.CheckState.Checked
    )
    assert (
        model.index(rows["11"], PropColumn.ACCEPT).data(Qt.ItemDataRole.CheckStateRole)
        == Qt.CheckState.Unchecked
    )
    qtbot.mouseClick(window.repair_panel.accept_medium, Qt.MouseButton.LeftButton)
    assert len(model.accepted()) == 2
    qtbot.mouseClick(window.repair_panel.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.model.row_at(11).status.value == "tracked", timeout=10000)
    assert window.model.row_at(11).stored == "(Saturday, 2025-09-20 22:41:00)"
    assert window.model.row_at(14).stored == "(Saturday, 2025-09-20 23:58:00)"
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: window.model.row_at(11).status.value == "untracked", timeout=10000)
    window.redo_action.trigger()
    qtbot.waitUntil(lambda: window.model.row_at(11).status.value == "tracked", timeout=10000)


def test_save_merges_with_a_concurrent_middleware_write(qtbot, demo_copy) -> None:
    window, ts = demo_copy
    _apply_high_repairs(qtbot, window)
    live = load_store(ts)
    live.set(content_hash("A brand new message"), "(Sunday, 2025-09-21 08:10:00)")
    ts.write_text(live.dumps())
    # an append (every entry read kept) is read at once, the unsaved edits carried over onto it
    new = content_hash("A brand new message")
    qtbot.waitUntil(lambda: new in window.session.base.store, timeout=5000)
    qtbot.waitUntil(lambda: not window.session.jobs.busy("load"), timeout=5000)
    assert window.windowTitle().startswith("*")
    assert window.session.working.get(window.model.row_at(14).hash) == "(Saturday, 2025-09-20 23:58:00)"
    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        assert window.session.save()
    saved = load_store(ts)
    assert saved.get(content_hash("A brand new message")) == "(Sunday, 2025-09-21 08:10:00)"
    assert saved.get(window.model.row_at(14).hash) == "(Saturday, 2025-09-20 23:58:00)"


def test_conflicting_concurrent_write_is_shown_and_nothing_written(qtbot, demo_copy) -> None:
    window, ts = demo_copy
    _apply_high_repairs(qtbot, window)
    live = load_store(ts)
    live.set(window.model.row_at(14).hash, "(Sunday, 2025-09-21 08:06:00)")  # the middleware backfilled it
    ts.write_text(live.dumps())
    before = ts.read_bytes()
    asked = []  # Save asks whether to write the edits over the middleware's (issue 29): cancelled
    window.session.ask_save = lambda case, _path: asked.append(case) or SaveChoice.CANCEL
    assert not window.session.save()
    assert asked == [SaveCase.CONFLICTS]
    assert ts.read_bytes() == before


@pytest.mark.parametrize(
    ("answer", "stays_open"),
    [(QMessageBox.StandardButton.Cancel, True), (QMessageBox.StandardButton.Discard, False)],
)
def test_closing_with_unsaved_changes_asks(qtbot, demo_copy, monkeypatch, answer, stays_open) -> None:
    window, ts = demo_copy
    original = ts.read_bytes()
    _apply_high_repairs(qtbot, window)
    assert window.windowTitle().startswith("*")
    asked: list[str] = []  # read and answered through the real question
    done = answer_modal(
        qtbot, lambda box: asked.append(box.windowTitle()), lambda box: box.button(answer).click()
    )
    window.close()
    assert done == ["done"] and asked == ["Unsaved changes"]
    assert window.isVisible() is stays_open
    assert ts.read_bytes() == original
    if stays_open:
        window.session.confirm_discard = lambda: True  # the window closes at the end, edits unsaved


def test_simulation_model_passes_modeltester(qtbot, qtmodeltester, demo_copy) -> None:
    window, _ = demo_copy
    window.actions_by_name["simulate"].trigger()
    dialog = window.simulation_dialog
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=10000)
    qtmodeltester.check(dialog.model)
    qtmodeltester.check(dialog.after_model)
    dialog.reject()


def test_proposals_model_passes_modeltester(qtbot, qtmodeltester, demo_copy) -> None:
    window, _ = demo_copy
    with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=10000):
        window.actions_by_name["repair"].trigger()
    qtmodeltester.check(window.repair_panel.model)
    index = window.repair_panel.model.index(0, PropColumn.ACCEPT)
    assert window.repair_panel.model.setData(
        index, Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole
    )


def test_json_of_store_is_untouched_by_opening(demo_copy) -> None:
    _, ts = demo_copy
    assert json.loads(ts.read_text()) == json.loads(DEMO_TIMESTAMPS.read_text())


def test_pinning_now_keeps_unsaved_edits(qtbot, demo_copy) -> None:
    window, ts = demo_copy
    original = ts.read_bytes()
    _apply_high_repairs(qtbot, window)
    with qtbot.waitSignal(window.session.changed, timeout=10000):
        window.session.set_pinned_now(DEMO_NOW.replace(hour=9))
    assert window.windowTitle().startswith("*")
    assert window.model.row_at(14).stored == "(Saturday, 2025-09-20 23:58:00)"
    assert window.model.discussion.simulation.events[17].after == "(Sunday, 2025-09-21 09:06:00)"
    assert ts.read_bytes() == original


def test_changing_options_keeps_unsaved_edits(qtbot, demo_copy) -> None:
    window, ts = demo_copy
    original = ts.read_bytes()
    _apply_high_repairs(qtbot, window)
    window.options_menu.toggles[
        "add_missing_assistant"
    ].trigger()  # re-reads and re-hashes with the new setting
    qtbot.waitUntil(
        lambda: (
            window.session.options.request.add_missing_assistant
            and window.model.rowCount() == 18
            and window.model.row_at(14).stored == "(Saturday, 2025-09-20 23:58:00)"
        ),
        timeout=10000,
    )
    assert window.windowTitle().startswith("*")
    assert window.undo_stack.count() == 1
    assert ts.read_bytes() == original


def test_simulation_with_the_reply_placeholder_gives_the_file_the_middleware_leaves(qtbot, demo_copy) -> None:
    from timeline_app.core.store import PLACEHOLDER_KEY
    from timeline_app.core.tracking import track, with_reply_placeholder

    window, _ = demo_copy
    window.actions_by_name["simulate"].trigger()
    dialog = window.simulation_dialog
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=10000)
    tracking_only = dialog.result.store
    assert PLACEHOLDER_KEY not in tracking_only  # tracking removes the pending one
    first = dialog.result
    qtbot.mouseClick(dialog.placeholder, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result is not first, timeout=10000)
    discussion = window.session.discussion
    expected = with_reply_placeholder(track(discussion.request, discussion.store, DEMO_NOW), DEMO_NOW).store
    assert dialog.result.store.dumps() == expected.dumps()
    assert list(dialog.result.store)[-1] == PLACEHOLDER_KEY
    assert "PLACEHOLDER_TIMESTAMP_HASH_0000" in dialog.diff.toPlainText()
    dialog.reject()

"""A tick in the Repair list belongs to the proposal it was given to (issue
29, life29z finding 1): Accept all medium on the demo, then another
discussion's chat copied over the chat; the list found for the other chat
against the demo's file showed "#11 low" ticked (the row index, orphan and
time were the same, the message another), and Apply then Save wrote the
other chat's message #11 into the demo's file at the demo's orphan time."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from PySide6.QtCore import Qt

from timeline_app.core.repair import Confidence
from timeline_app.gui.panels.repair import PropColumn
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import CTRL, press, show_active

WAIT = 20000


def _other_chat(folder: Path, count: int = 300) -> Path:
    """Another discussion's chat: ``count`` messages sharing nothing with the demo."""
    folder.mkdir()
    path = folder / "chat.json"
    messages = [{"role": "system", "content": "You plan another discussion."}] + [
        {"role": ("user", "assistant")[n % 2], "content": f"another discussion, message {n}"}
        for n in range(1, count)
    ]
    path.write_text(json.dumps({"model": "any", "messages": messages}), encoding="utf-8")
    return path


def test_a_tick_never_passes_to_another_chats_proposal_at_the_same_row(
    qtbot, demo_copy_window: MainWindow, tmp_path: Path
) -> None:
    window = demo_copy_window
    show_active(qtbot, window)
    panel, session = window.repair_panel, window.session
    with qtbot.waitSignal(panel.proposalsReady, timeout=WAIT):
        press(qtbot, Qt.Key.Key_R, CTRL | Qt.KeyboardModifier.ShiftModifier)
    panel.accept_medium.click()
    model = panel.model
    given = {(p.message_hash, p.orphan) for p in model.accepted()}
    assert len(given) == 2 and "2 accepted" in panel.summary.text()
    other = _other_chat(tmp_path / "other")
    transcript = session.pair.transcript
    assert transcript is not None
    shutil.copyfile(other, transcript)  # cp: in place
    # said, the chat read kept (tryN M2); F5 shows the other chat, and its list is found
    qtbot.waitUntil(lambda: "still shows the chat it read" in window.banner.text(), timeout=WAIT)
    with qtbot.waitSignal(panel.proposalsReady, timeout=WAIT):  # the reload, the list
        press(qtbot, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: not model.stale, timeout=WAIT)
    assert model.rowCount() > 0
    accepted = model.accepted()
    for proposal in accepted:
        assert (proposal.message_hash, proposal.orphan) not in given
        assert proposal.confidence is Confidence.HIGH, "only a default tick, never one carried over"
    for row in range(model.rowCount()):
        if model.proposal_at(row).confidence is Confidence.LOW:
            state = model.index(row, PropColumn.ACCEPT).data(Qt.ItemDataRole.CheckStateRole)
            assert state == Qt.CheckState.Unchecked, model.index(row, PropColumn.INDEX).data()
    assert f"{len(accepted)} accepted" in panel.summary.text()


def test_checked_at_is_said_on_the_windows_clock_with_its_zone(qtbot, demo_copy_window: MainWindow) -> None:
    """Tryout (issue 29, life29z finding 6): the Repair pane said "Checked at
    17:28:50" (this machine's clock, UTC) while the toolbar said "Now: live …
    19:28 UTC+2" (the discussion's clock). One clock, the window's, with its
    zone as the Now button says it. Break tried: ``QTime.currentTime()``:
    the hour and the zone differ from the Now button's."""
    from datetime import UTC, datetime

    from timeline_app.core.discussion import on_clock

    window = demo_copy_window
    show_active(qtbot, window)
    panel, session = window.repair_panel, window.session
    with qtbot.waitSignal(panel.proposalsReady, timeout=WAIT):
        press(qtbot, Qt.Key.Key_R, CTRL | Qt.KeyboardModifier.ShiftModifier)
    before = on_clock(session.discussion, datetime.now(UTC))
    press(qtbot, Qt.Key.Key_R, CTRL | Qt.KeyboardModifier.ShiftModifier)  # the list answers: checked
    after = on_clock(session.discussion, datetime.now(UTC))
    text = panel.summary.text()
    zone = window.now_button.text().rsplit(" ", 1)[-1]
    assert zone.startswith("UTC+2"), window.now_button.text()  # the demo's own clock, not this machine's
    assert any(f"Checked at {moment:%H:%M:%S} {zone}:" in text for moment in (before, after)), (
        text,
        before,
        after,
        zone,
    )

"""Issue 29: the Simulate dialog open while the middleware appends an exchange
every few seconds. It said "out of date" after the first append and kept
Apply greyed for good (each "Simulate again" was outrun by the next append).
It follows the discussion: every change is simulated again off the GUI
thread, Apply comes back once the simulation is of the files shown, and is
never enabled over a simulation of older data."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QTimer

from timeline_app.core.hashing import content_hash
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT, _open_simulation, append_exchange

APPENDS = 4
EVERY_MS = 700  # the middleware's 3 s, shortened


def _backfilled_pair(folder: Path, count: int = 60) -> tuple[Path, Path]:
    """An OpenAI request body whose first half is untracked (the next request
    backfills it) and whose second half has stored times."""
    messages = [
        {"role": "user" if i % 2 == 0 else "assistant", "content": f"message {i}"} for i in range(count)
    ]
    stored = {
        content_hash(m["content"]): f"(Monday, 2025-09-15 08:{i // 60:02d}:{i % 60:02d})"
        for i, m in enumerate(messages)
        if i >= count // 2
    }
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    transcript.write_text(json.dumps({"messages": messages}))
    store.write_text(json.dumps(stored, indent=4))
    return transcript, store


def test_the_simulation_follows_a_discussion_the_middleware_appends_to(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    transcript, store = _backfilled_pair(tmp_path)
    session = window.session
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        session.open(transcript, store, beside=False)
    dialog = _open_simulation(qtbot, window)
    assert dialog.apply_button.isEnabled()
    appended: list[str] = []
    misapplied: list[str] = []

    def check() -> None:
        # never Apply over a simulation of other inputs than the files shown
        if dialog.apply_button.isEnabled() and dialog._simulated_input_changed():
            misapplied.append(f"Apply enabled over an older simulation after {len(appended) // 2} appends")

    watch = QTimer(interval=5)
    watch.timeout.connect(check)
    watch.start()

    def middleware() -> None:
        appended.extend(append_exchange(transcript, store, len(appended) // 2 + 1))
        if len(appended) < 2 * APPENDS:
            QTimer.singleShot(EVERY_MS, middleware)

    middleware()
    qtbot.waitUntil(lambda: len(appended) == 2 * APPENDS, timeout=WAIT)
    # the last append read and simulated without a click
    qtbot.waitUntil(
        lambda: (
            session.discussion is not None
            and appended[-1] in session.discussion.timeline.hashes
            and dialog.result is not None
            and appended[-1] in dialog.result.store
            and not dialog.progress.isVisible()
        ),
        timeout=WAIT,
    )
    watch.stop()
    assert not misapplied, misapplied
    assert not dialog.stale.isVisible(), dialog.stale_text.text()
    assert dialog.apply_button.isEnabled(), dialog.summary.text()
    simulated = dialog.result.store
    dialog.apply_button.click()
    assert session.working.as_dict() == simulated.as_dict(), "the simulation of the file shown is applied"
    assert all(key in session.working for key in appended), "no time the middleware stored is lost"

"""Finding proposals in a long untracked history takes a while (tryout: 2-3
minutes at 100k with an empty progress bar): the status bar says how far the
search is, and Cancel ends it."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt

from timeline_app.core.hashing import content_hash
from timeline_app.gui.window.main_window import MainWindow

from .conftest import open_and_wait


def _long_untracked(
    folder: Path, count: int = 2400, orphan_time: str = "(Tuesday, 2025-09-16 08:00:00)"
) -> tuple[Path, Path]:
    """``count`` messages of which the last tenth are tracked; a few entries
    are orphans (the hash of a text no message has). The repair search only
    hashes messages whose tracked neighbours' times bracket an orphan's: with
    ``orphan_time`` before every tracked time it hashes them all."""
    messages = [
        {"role": "user" if i % 2 == 0 else "assistant", "content": f"message {i} " + "words " * 60}
        for i in range(count)
    ]
    for i in (1, 3):  # the same text twice: one hash, two untracked messages
        messages[i]["content"] = messages[i - 1]["content"]
    stored = {
        content_hash(
            m["content"]
        ): f"(Monday, 2025-09-15 {8 + i // 3600:02d}:{i // 60 % 60:02d}:{i % 60:02d})"
        for i, m in enumerate(messages)
        if i >= count * 9 // 10
    }
    # after every tracked time: no untracked message sits between the same neighbours
    stored.update({content_hash(f"gone {i}"): orphan_time for i in range(20)})
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    transcript.write_text(json.dumps({"messages": messages}))
    store.write_text(json.dumps(stored, indent=4))
    return transcript, store


def test_the_search_shows_how_far_it_is_and_cancel_ends_it(qtbot, window: MainWindow, tmp_path: Path) -> None:
    open_and_wait(qtbot, window, *_long_untracked(tmp_path, orphan_time="(Sunday, 2025-09-14 08:00:00)"))
    window.show()
    panel = window.repair_panel
    window.repair_dock.show()
    stages: list[tuple[str, float]] = []
    window.session.jobs.progressed.connect(lambda kind, stage, fraction: stages.append((kind, fraction)))
    panel.find_button.click()
    stage = window.progress.stage
    qtbot.waitUntil(lambda: "matching untracked messages to orphan times" in stage.text(), timeout=10000)
    assert stage.isVisible() and window.progress.bar.isVisible()
    assert " of 2,160" in stage.text()  # the untracked messages, counted as the status bar does (not texts)
    cancel = window.actions_by_name["cancel_work"]
    assert cancel.isEnabled()  # Tools > Cancel, Ctrl+Shift+X: the keyboard's way to the status bar's button
    with qtbot.assertNotEmitted(panel.proposalsReady, wait=300):
        qtbot.keyClick(
            window, Qt.Key.Key_X, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        )
    assert not cancel.isEnabled()
    assert not window.session.jobs.busy("repair")
    assert not stage.isVisible()
    # the panel stops saying it is looking, and offers the search again
    assert "Looking for proposals" not in panel.summary.text()
    assert "Press Find proposals" in panel.summary.text() and not panel.apply_button.isEnabled()
    assert [kind for kind, _ in stages if kind == "repair"], "the search reported its progress"
    window.session.jobs.wait()


def test_no_proposals_says_why_in_the_discussions_counts(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """It said "every message is tracked, or no orphan time fits" beside
    49,986 untracked messages (tryout)."""
    open_and_wait(qtbot, window, *_long_untracked(tmp_path, 200))
    panel = window.repair_panel
    window.repair_dock.show()
    with qtbot.waitSignal(panel.proposalsReady, timeout=20000):
        panel.find_button.click()
    assert panel.model.rowCount() == 0
    text = panel.summary.text()  # (the tests run without the English catalogue's plurals)
    assert text.startswith("No proposals: none of 20 orphan time") and "one of 180 untracked message" in text
    assert "every message is tracked" not in text


def test_going_to_repair_again_does_not_search_again(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """Alt+5 searched anew each time it was pressed, 18 s at 100k after it had
    just said there was nothing (tryout); Find proposals still searches."""
    from .test_keyboard import press, show_active

    open_and_wait(qtbot, window, *_long_untracked(tmp_path, 200))
    show_active(qtbot, window)
    panel = window.repair_panel
    searches: list[str] = []
    window.session.jobs.progressed.connect(lambda kind, *_: searches.append(kind))
    with qtbot.waitSignal(panel.proposalsReady, timeout=20000):
        press(qtbot, Qt.Key.Key_5, Qt.KeyboardModifier.AltModifier)
    assert searches and panel.summary.text().startswith("No proposals")
    searches.clear()
    window.table.setFocus()
    with qtbot.assertNotEmitted(panel.proposalsReady, wait=300):
        press(qtbot, Qt.Key.Key_5, Qt.KeyboardModifier.AltModifier)
    assert not window.session.jobs.busy("repair") and not searches
    assert panel.summary.text().startswith("No proposals")
    with qtbot.waitSignal(panel.proposalsReady, timeout=20000):
        panel.find_button.click()

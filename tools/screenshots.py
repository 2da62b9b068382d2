"""Screenshots of the guide, taken from the real app on the demo (make screenshots).

Each view is put in the state the guide describes through the window's own
actions and panels, then grabbed: nothing is drawn by hand, so a screenshot
that looks wrong shows a real problem. Settings are a fresh temporary file
and the theme is light, so two runs give the same pictures (but for the
clock time in the status bar, and the history's recording, made when the
script runs). ``--language zh_CN`` installs the Chinese
translation first (as the app does at start-up) and writes the same names
under docs/guide/zh_CN/; it stops with an error when no font can draw Chinese,
since the pictures would show boxes.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QApplication, QWidget

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from timeline_app.core.context import Style  # noqa: E402
from timeline_app.gui.dialogs.edit_time import TimeDialog  # noqa: E402
from timeline_app.gui.launch import configure_process, open_demo  # noqa: E402
from timeline_app.gui.menus.help import legend_body  # noqa: E402
from timeline_app.gui.menus.language import SOURCE_LANGUAGE, TRANSLATED, install  # noqa: E402
from timeline_app.gui.widgets.palettes import apply_palette  # noqa: E402
from timeline_app.gui.window.main_window import MainWindow  # noqa: E402

GUIDE = ROOT / "docs" / "guide"
TEMPLATE = (
    "You are a travel planner who keeps track of time.\n"
    "Time context: {time_context_summary}\n"
    "Answer in two sentences."
)


def wait_until(app: QApplication, ready: Callable[[], bool], what: str, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > end:
            raise SystemExit(f"screenshots: timed out waiting for {what}")
        app.processEvents()
        time.sleep(0.01)
    for _ in range(20):  # let layouts and repaints settle
        app.processEvents()


def has_chinese_font() -> bool:
    """Whether some installed font draws Simplified Chinese (else Qt draws boxes)."""
    return bool(QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese))


def save(app: QApplication, widget: QWidget, folder: Path, name: str) -> None:
    # the layout settled: wrapped lines and a dock's scroll area take a few
    # rounds (one round pictured Repair with a scroll bar over its Apply button)
    deadline = time.monotonic() + 0.3
    while time.monotonic() < deadline:
        app.processEvents()
    path = folder / f"{name}.png"
    if not widget.grab().save(str(path)):
        raise SystemExit(f"screenshots: could not write {path}")
    print(path.relative_to(ROOT))


def record_conversation(scratch: Path) -> tuple[Path, Path]:
    """A recording made through the real recorder (client leg, ``--discussions``,
    ``--responses``) in front of a fake WilmerAI, of the conversation the History
    panel's test holds (tests/gui/panels/test_history.py): two messages, a
    regenerated reply, message 3 sent back with a space at its end, a hand edit
    of the timestamp file, a last message; its requests as arriving on the
    middleware's clock, as a real one stamps them. Returns its
    ``requests.jsonl`` and the discussion's timestamp file."""
    sys.path.insert(0, str(ROOT / "tests"))
    from history_helpers import on_the_middleware_clock, sha, talk_with_every_kind_of_change

    def by_hand(entries: dict) -> None:
        entries[sha("Hello")] = "2026-02-28 08:00:00"

    tmp = scratch / "history"
    folder = on_the_middleware_clock(talk_with_every_kind_of_change(tmp, by_hand))
    return folder / "requests.jsonl", tmp / "DiscussionIds" / "talk" / "timestamps.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--language", choices=[SOURCE_LANGUAGE, *TRANSLATED], default=SOURCE_LANGUAGE)
    language = parser.parse_args().language
    configure_process()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    folder = GUIDE
    if language.startswith("zh") and not has_chinese_font():
        raise SystemExit(
            "screenshots: no font for Chinese is installed (fc-list :lang=zh is empty);"
            " install one, e.g. apt-get install fonts-wqy-microhei"
        )
    # English too: its catalogue gives the plural forms ("5 states", not "5 state(s)")
    if install(language) != language:
        raise SystemExit(f"screenshots: no compiled translation for {language} (run 'make translations')")
    if language != SOURCE_LANGUAGE:
        folder = GUIDE / language
    apply_palette("light")
    scratch = Path(tempfile.mkdtemp(prefix="timeline-inspector-guide-"))
    window = MainWindow(QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat))
    window.resize(1440, 860)
    window.show()
    session = window.session
    open_demo(session)
    wait_until(app, lambda: session.preview is not None and window.model.rowCount() > 0, "the demo")
    folder.mkdir(parents=True, exist_ok=True)

    # 1. debug a timestamp file: the timeline, a message that goes back in time selected
    window.select_source_row(13)
    save(app, window, folder, "timeline")

    # 1b. one time by hand: F2 on message 13, a time typed that breaks the order (its warning shown)
    grabbed: list[str] = []

    def grab_edit_time() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, TimeDialog):
            QTimer.singleShot(20, grab_edit_time)
            return
        try:
            dialog.field.setText("2025-09-20 16:30:05")
            wait_until(app, lambda: dialog.result.text() != "", "the edit time dialog's result")
            # wider than its least size (the offscreen screen's), its lines less wrapped
            dialog.resize(560, max(dialog.minimumSizeHint().height(), dialog.heightForWidth(560)))
            save(app, dialog, folder, "edit_time")
            grabbed.append("edit_time")
        finally:
            dialog.reject()

    QTimer.singleShot(0, grab_edit_time)
    window.actions_by_name["edit_time"].trigger()  # returns once the dialog is closed
    if not grabbed:
        raise SystemExit("screenshots: the Edit time dialog (F2) did not open")

    # 2. preview what the model receives, with the time context in a systemPrompt
    session.set_style(Style.RELATIVE)
    window.tabs.setCurrentWidget(window.preview_pane)
    window.preview_pane.template.setPlainText(TEMPLATE)
    wait_until(
        app, lambda: "{time_context_summary}" not in window.preview_pane.filled.toPlainText(), "preview"
    )
    save(app, window, folder, "preview")
    session.set_style(Style.ABSOLUTE)
    window.tabs.setCurrentWidget(window.detail)

    # 3. simulate the next request (what a backfill would write)
    window.actions_by_name["simulate"].trigger()
    dialog = window.simulation_dialog
    wait_until(app, lambda: dialog.model.rowCount() > 0, "the simulation")
    dialog.resize(1100, 700)  # its preferred size: the offscreen screen (800 px) shrank it
    save(app, dialog, folder, "simulate")
    dialog.close()

    # 4. repair a legacy conversation
    panel = window.repair_panel
    window.actions_by_name["repair"].trigger()
    panel.reanchor.setChecked(True)
    panel.find_button.click()
    wait_until(app, lambda: panel.model.rowCount() > 0, "repair proposals")
    panel.accept_high.click()
    window.resizeDocks([window.repair_dock], [330], Qt.Orientation.Vertical)
    save(app, window, folder, "repair")
    window.repair_dock.hide()

    # 5. the legend of the strip (Help menu)
    legend = window.help.show_page("legend")
    wait_until(app, legend.isVisible, "the legend")
    save(app, legend_body(legend), folder, "legend")  # the legend, not its dialog's Close button
    legend.close()

    session.undo_stack.clear()  # the accepted repairs were never saved: close without asking
    window.close()

    # 6. the file's own history: the newest recorded request opened with the
    # discussion's timestamp file in a window of 1024x700, History (Alt+7) on
    # its newest state (marked on the strip), message 3's story in Details
    requests, timestamps = record_conversation(scratch)
    window = MainWindow(QSettings(str(scratch / "history.ini"), QSettings.Format.IniFormat))
    window.resize(1024, 700)
    window.show()
    session = window.session
    session.open(requests, timestamps, beside=False)
    wait_until(
        app,
        lambda: session.history is not None and not session.history_reading,
        "the history of the recording",
    )
    window.actions_by_name["go_history"].trigger()
    # Details as wide as English gives it, so the story shows whole in Chinese too
    window.resizeDocks([window.side_dock], [460], Qt.Orientation.Horizontal)
    window.select_source_row(3)
    wait_until(app, lambda: window.detail.history.text() != "", "the story of message 3")
    window.detail._facts_area.ensureWidgetVisible(window.detail.history)  # its story, not its status
    save(app, window, folder, "history")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

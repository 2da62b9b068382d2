"""With the Chinese translation installed, no visible string of the window,
its menus and the dialogs it shows is left in English (the widget tree is
walked, see ``ui_texts``); names, keys, paths, the spec's fixed time formats
and the demo's data may stay in Latin letters."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest
from PySide6.QtWidgets import QDialog, QMenu

from timeline_app.gui import dialogs
from timeline_app.gui.help_menu import versions
from timeline_app.gui.main_window import MainWindow

from .conftest import answer_next_dialog
from .ui_texts import Text, demo_contents, english_words, widget_texts

# TEMPORARY. Strings still English because the files that make them are being
# translated right now on other branches: (A) options_menu, help_menu,
# keyboard, editing, dialogs, opening, main_window; (B) session, the chips'
# words, detail_pane, the engine's errors. Exact texts -> the file each comes
# from. The integrator empties this after merging A and B (the test then
# holds every string to the rule); nothing from another file belongs here.
PENDING_OTHER_BRANCHES: dict[str, str] = {
    "&Open recent": "gui/opening.py",
    "Open transcript": "gui/opening.py",
    "Transcripts (*.json *.jsonl)": "gui/opening.py",
    "All files (*)": "gui/opening.py",
    "&Middleware's time zone…": "gui/options_menu.py",
    "Middleware's time zone": "gui/options_menu.py",
    "&Current (2026-03-29 on)": "gui/options_menu.py",
    "&Legacy |{{| |}}|": "gui/options_menu.py",
    "&Brace sentinels": "gui/options_menu.py",
    "&Reset options to defaults": "gui/options_menu.py",
    "&Best match with the timestamp file": "gui/options_menu.py",
    "&Character names: none": "gui/options_menu.py",
    "C&haracter names: content": "gui/options_menu.py",
    "Ch&aracter names: completion": "gui/options_menu.py",
    "Character &names: default": "gui/options_menu.py",
    "Same-role messages &merged": "gui/options_menu.py",
    "User messages wrapped in &quotes": "gui/options_menu.py",
    "&SillyTavern content as sent": "gui/options_menu.py",
    "Add &User:/Assistant: prefixes": "gui/options_menu.py",
    "Add missing assistant &generator": "gui/options_menu.py",
    "&time: … 周X (current)": "gui/options_menu.py",
    "time:  周X (current)": "gui/options_menu.py",
    "<t&ime>…</time> (newest)": "gui/options_menu.py",
    "<time></time> (newest)": "gui/options_menu.py",
    "[&date 周X HH:MM] on gaps (oldest)": "gui/options_menu.py",
    "time: … (&no weekday)": "gui/options_menu.py",
    "time:  (no weekday)": "gui/options_menu.py",
    "CST &variant": "gui/options_menu.py",
    "CST display &zone…": "gui/options_menu.py",
    "CST display zone": "gui/options_menu.py",
    "&Detect from the file": "gui/options_menu.py",
    "Client &API": "gui/options_menu.py",
    "Now: pinned 2025-09-21 08:06:00": "gui/main_window.py",
    "Encrypted timestamp file": "gui/dialogs.py",
    "&API key:": "gui/dialogs.py",
    "&Username:": "gui/dialogs.py",
    "The key stays in memory; it is never written anywhere.": "gui/dialogs.py",
    "empty if the middleware has none": "gui/dialogs.py",
    "Pin the reference time": "gui/dialogs.py",
    "Relative times and simulations use this as 'now':": "gui/dialogs.py",
    "IANA zone (empty: this machine's):": "gui/dialogs.py",
    "IANA zone (empty: Asia/Shanghai):": "gui/dialogs.py",
    "Unsaved changes": "gui/dialogs.py",
    "The timestamp file has unsaved changes. Save them first?": "gui/dialogs.py",
    "About Timeline Inspector": "gui/help_menu.py",
    "User guide": "gui/help_menu.py",
    "Legend of the timeline strip": "gui/help_menu.py",
    "Stored time earlier than a previous message's": "gui/help_menu.py",
    "A long silence, shortened on the axis (its length is written below)": "gui/help_menu.py",
    "A run of times one second apart, invented by a backfill": "gui/help_menu.py",
    "A system or other message": "gui/help_menu.py",
    "A user message whose time is stored in the timestamp file": "gui/help_menu.py",
    "An assistant message with a stored time": "gui/help_menu.py",
    "Messages with the same content share one hash, so one time": "gui/help_menu.py",
    "No stored time: untracked (the middleware would backfill it)": "gui/help_menu.py",
    "Stored value the middleware cannot read, or not text": "gui/help_menu.py",
    "The reply the next request will add (placeholder time)": "gui/help_menu.py",
    "Keyboard shortcuts": "gui/help_menu.py",
    "Command": "gui/help_menu.py",
    "Keys": "gui/help_menu.py",
}
# the About page's text, versions and all (help_menu.about_widget; "&nbsp;" reads as a space)
ABOUT = "See, preview and repair the hidden time data of LLM conversations (WilmerAI, Free Anima)."
PENDING_OTHER_BRANCHES[
    "\n".join(
        [
            "Timeline Inspector",
            ABOUT,
            *(f"{name}\n {value}" for name, value in versions().items()),
            "",
            "MIT licence.",
        ]
    )
] = "gui/help_menu.py"

# Not A's nor B's, and still English; each needs more than a marked string, so
# it is left for a follow-up (issue 9 report), named here rather than hidden:
# - core/session.py api_note: the engine's loading note, shown in the counts'
#   tool tip and under the details pane's placeholder (needs a code, like B's
#   Problem family, for the GUI to word it);
# - Qt's own non-native file dialog: two labels that PySide6's qtbase_zh_CN.qm
#   leaves in English.
NOT_YET_TRANSLATED: set[str] = {
    "client API detected: openai",
    "选择一条消息以查看全文。\nclient API detected: openai",
    "Files of &type:",
    "&Look in:",
}


class Reader:
    """Collects the English left in what it is shown, for one report at the end."""

    def __init__(self, window: MainWindow) -> None:
        discussion = window.session.discussion
        self.contents = demo_contents()
        self.names = [discussion.title] if discussion is not None else []
        self.left: set[str] = set()
        self.seen = 0

    def read(self, texts: Iterable[Text]) -> None:
        for text in texts:
            self.seen += 1
            words = english_words(text.text, self.contents, self.names)
            if words and text.text not in PENDING_OTHER_BRANCHES and text.text not in NOT_YET_TRANSLATED:
                self.left.add(f"{text}  <- {' '.join(words)}")

    def answer_and_read(self, qtbot, trigger: Callable[[], object]) -> None:
        """Run ``trigger``, which opens a modal dialog; read the dialog, then close it."""
        read: list[QDialog] = []

        def answer(dialog: QDialog) -> None:
            self.read(widget_texts(dialog))
            read.append(dialog)
            dialog.reject()

        answer_next_dialog(qtbot, answer)
        trigger()
        qtbot.waitUntil(lambda: bool(read), timeout=5000)

    def check(self) -> None:
        assert self.seen > 100, self.seen  # the walk reached the widgets at all
        if self.left:
            pytest.fail("untranslated:\n" + "\n".join(sorted(self.left)), pytrace=False)


def test_the_main_window_its_menus_and_docks_read_chinese(qtbot, chinese_demo: MainWindow) -> None:
    window = chinese_demo
    reader = Reader(window)
    for dock in (window.discussions_dock, window.repair_dock, window.recordings_dock):
        dock.show()
    qtbot.wait(20)
    reader.read(widget_texts(window))
    window.tabs.setCurrentWidget(window.preview_pane)
    with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=10000):
        window.actions_by_name["repair"].trigger()
    qtbot.wait(20)
    reader.read(widget_texts(window))
    for menu in window.findChildren(QMenu):  # menus no menu bar lists (tool buttons, context)
        reader.read(widget_texts(menu))
    window.language_actions["system"].trigger()  # the "next start" notice in the status bar
    reader.read(widget_texts(window.statusBar()))
    reader.check()


def test_the_dialogs_read_chinese(qtbot, chinese_demo: MainWindow) -> None:
    window = chinese_demo
    reader = Reader(window)
    window.actions_by_name["simulate"].trigger()
    qtbot.waitUntil(lambda: window.simulation_dialog.model.rowCount() > 0, timeout=10000)
    reader.read(widget_texts(window.simulation_dialog))
    window.simulation_dialog.close()
    for page in window.help.PAGES:
        dialog = window.help.show_page(page)
        qtbot.waitExposed(dialog)
        reader.read(widget_texts(dialog))
        dialog.close()
    reader.answer_and_read(qtbot, window.actions_by_name["pin_now"].trigger)
    reader.answer_and_read(qtbot, window.actions_by_name["open_transcript"].trigger)
    for action in window.options_menu.actions():
        if action.text().endswith("…"):  # the zone questions
            reader.answer_and_read(qtbot, action.trigger)
    reader.answer_and_read(qtbot, lambda: dialogs.ask_discard(window))
    key = dialogs.KeyDialog("", window)  # its reason comes from the engine (InputProblems)
    key.show()
    qtbot.waitExposed(key)
    reader.read(widget_texts(key))
    key.close()
    reader.check()


def test_the_walk_finds_english_where_there_is_some(qtbot, chinese_demo: MainWindow) -> None:
    """The rule can fail: an English label among the Chinese is reported with its place."""
    window = chinese_demo
    reader = Reader(window)
    window.filter_bar.shown.setText("5 of 18 shown")
    window.filter_bar.shown.setObjectName("probe")
    reader.read(widget_texts(window))
    assert any("QLabel#probe [text]: '5 of 18 shown'" in line for line in reader.left), reader.left

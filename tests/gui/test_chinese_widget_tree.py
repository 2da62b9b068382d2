"""With the Chinese translation installed, no visible string of the window,
its menus and the dialogs it shows is left in English (the widget tree is
walked, see ``ui_texts``); names, keys, paths, the spec's fixed time formats
and the demo's data may stay in Latin letters."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from conftest import load_vectors
from PySide6.QtWidgets import QDialog, QMenu
from record_helpers import append_broken, record_exchange

from timeline_app.core.recordings import REQUESTS_FILE, read_records
from timeline_app.gui.dialogs import questions as dialogs
from timeline_app.gui.menus.help import PAGES
from timeline_app.gui.window.main_window import MainWindow

from .helpers import answer_next_dialog, jobs_idle, layout_settled
from .ui_texts import Text, demo_contents, english_words, item_texts, widget_texts

VECTOR = next(v for v in load_vectors("wilmer") if v["name"] == "partially_tracked_new_tail")


class Reader:
    """Collects the English left in what it is shown, for one report at the end."""

    def __init__(self, window: MainWindow) -> None:
        discussion = window.session.discussion
        self.contents = demo_contents()
        self.names = [discussion.title] if discussion is not None else []
        self.left: set[str] = set()
        self.seen = 0
        self.too_big: list[str] = []

    def fits(self, dialog: QDialog) -> None:
        """A dialog must fit a 1024x700 screen: its layout's minimum decides."""
        need = dialog.minimumSizeHint().expandedTo(dialog.minimumSize())
        if need.width() > 1024 or need.height() > 700:
            self.too_big.append(
                f"{type(dialog).__name__} {dialog.windowTitle()!r} needs {need.width()}x{need.height()}"
            )

    def read(self, texts: Iterable[Text]) -> None:
        for text in texts:
            self.seen += 1
            words = english_words(text.text, self.contents, self.names)
            if words:
                self.left.add(f"{text}  <- {' '.join(words)}")

    def answer_and_read(self, qtbot, trigger: Callable[[], object]) -> None:
        """Run ``trigger``, which opens a modal dialog; read the dialog, then close it."""
        read: list[QDialog] = []

        def answer(dialog: QDialog) -> None:
            self.read(widget_texts(dialog))
            self.fits(dialog)
            read.append(dialog)
            dialog.reject()

        answer_next_dialog(qtbot, answer)
        trigger()
        qtbot.waitUntil(lambda: bool(read), timeout=5000)

    def check(self) -> None:
        assert self.seen > 100, self.seen  # the walk reached the widgets at all
        assert not self.too_big, self.too_big
        if self.left:
            pytest.fail("untranslated:\n" + "\n".join(sorted(self.left)), pytrace=False)


def test_the_main_window_its_menus_and_docks_read_chinese(qtbot, chinese_demo: MainWindow) -> None:
    window = chinese_demo
    reader = Reader(window)
    for dock in (window.discussions_dock, window.repair_dock, window.recordings_dock):
        dock.show()
    layout_settled(window)
    reader.read(widget_texts(window))
    window.tabs.setCurrentWidget(window.preview_pane)
    with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=10000):
        window.actions_by_name["repair"].trigger()
    layout_settled(window)
    reader.read(widget_texts(window))
    for menu in window.findChildren(QMenu):  # menus no menu bar lists (tool buttons, context)
        reader.read(widget_texts(menu))
    window.language_actions["system"].trigger()  # the "next start" notice in the status bar
    reader.read(widget_texts(window.statusBar()))
    reader.check()


def test_the_dialogs_read_chinese_and_fit_a_small_screen(qtbot, chinese_demo: MainWindow) -> None:
    window = chinese_demo
    reader = Reader(window)
    window.actions_by_name["simulate"].trigger()
    qtbot.waitUntil(lambda: window.simulation_dialog.model.rowCount() > 0, timeout=10000)
    reader.read(widget_texts(window.simulation_dialog))
    reader.fits(window.simulation_dialog)
    window.simulation_dialog.close()
    for page in PAGES:
        dialog = window.help.show_page(page)
        qtbot.waitExposed(dialog)
        reader.read(widget_texts(dialog))
        reader.fits(dialog)
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
    reader.fits(key)
    key.close()
    reader.check()


def test_the_recordings_dock_reads_chinese_with_a_broken_record(
    qtbot, chinese_demo: MainWindow, tmp_path: Path
) -> None:
    """A recording with skipped lines (its tree's cells and tooltips), a
    request picked and compared (the comparison's status, table and labels)."""
    window = chinese_demo
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, VECTOR["expected"]["context_absolute"])
    path = out / "talk" / REQUESTS_FILE
    (client,) = read_records(path).requests
    append_broken(path, client.id)
    window.open_recordings(out)
    panel = window.recordings
    qtbot.waitUntil(
        lambda: panel.model.rowCount() == 2 and "无法读取" in str(panel.model.index(1, 4).data()),
        timeout=20000,
    )
    index = panel.model.index_of(client.id)
    panel.view.setCurrentIndex(index)
    qtbot.waitUntil(lambda: panel.comparison.comparison is not None, timeout=20000)
    jobs_idle(qtbot, window.session)  # every text the comparison brings is in place
    layout_settled(window)
    reader = Reader(window)
    reader.names += ["talk", "_no-id"]  # the discussions' folders, as the recorder named them
    texts = list(widget_texts(window))  # the dock with the rest of the window
    assert any("comparisonStatus" in text.where and "注：" in text.text for text in texts)  # a verdict, notes
    reader.read(texts)
    reader.read(item_texts(panel.view))
    reader.read(item_texts(panel.comparison.table))
    cells = [text.text for text in item_texts(panel.view)]
    assert any("第 2 行：记录缺少状态码" in cell for cell in cells), cells  # the walk saw the problems
    reader.check()


def test_the_walk_finds_english_where_there_is_some(qtbot, chinese_demo: MainWindow) -> None:
    """The rule can fail: an English label among the Chinese is reported with its place."""
    window = chinese_demo
    reader = Reader(window)
    window.filter_bar.shown.setText("5 of 18 shown")
    window.filter_bar.shown.setObjectName("probe")
    reader.read(widget_texts(window))
    assert any("ElidedLabel#probe [text]: '5 of 18 shown'" in line for line in reader.left), reader.left

"""GUI fixtures: a main window with isolated settings, and helpers to wait on it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QFontDatabase, QPalette
from PySide6.QtWidgets import QApplication, QLineEdit, QStyleFactory

from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT, configure_process
from timeline_app.gui.menus import language as translations
from timeline_app.gui.widgets.palettes import apply_palette
from timeline_app.gui.window.main_window import MainWindow

from .test_chinese_panels import compile_ts

DEMO_NOW = datetime(2025, 9, 21, 8, 6, 0)
configure_process()  # the GUI process runs with this policy; so do its tests


@pytest.fixture
def settings_path(tmp_path: Path) -> Path:
    return tmp_path / "settings.ini"


@pytest.fixture
def make_window(qtbot, settings_path: Path):
    def make() -> MainWindow:
        window = MainWindow(QSettings(str(settings_path), QSettings.Format.IniFormat))
        # a test that leaves edits unsaved must not block teardown on the "save?" dialog
        qtbot.addWidget(window, before_close_func=lambda w: w.session.undo_stack.clear())
        return window

    return make


@pytest.fixture
def window(make_window) -> MainWindow:
    made = make_window()
    made.resize(1300, 800)
    return made


def open_and_wait(qtbot, window: MainWindow, transcript: Path | None, store: Path | None) -> None:
    with qtbot.waitSignals(
        [window.session.loaded, window.session.previewChanged], timeout=20000, order="strict"
    ):
        window.session.open(transcript, store, beside=False)


def show_pair(
    qtbot, window: MainWindow, transcript: Path = DEMO_TRANSCRIPT, store: Path = DEMO_TIMESTAMPS
) -> None:
    """The pair opened at the demo's pinned now, the window shown."""
    window.session.set_pinned_now(DEMO_NOW)
    open_and_wait(qtbot, window, transcript, store)
    window.show()
    qtbot.waitExposed(window)


@pytest.fixture
def demo_window(qtbot, window: MainWindow) -> MainWindow:
    show_pair(qtbot, window)
    return window


def answer_next_dialog(qtbot, answer) -> None:
    """Answer the next modal dialog the app opens: ``answer(dialog)`` fills and
    accepts (or rejects) it, as a person would, through its real widgets."""

    def attempt() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(20, attempt)
            return
        answer(dialog)

    QTimer.singleShot(0, attempt)


def give_key(key: str, username: str = ""):
    """An ``answer`` for the encrypted-file dialog."""

    def answer(dialog) -> None:
        dialog.findChild(QLineEdit, "apiKey").setText(key)
        dialog.findChild(QLineEdit, "username").setText(username)
        dialog.accept()

    return answer


@pytest.fixture
def demo_copy_window(qtbot, window: MainWindow, tmp_path: Path) -> MainWindow:
    """The demo discussion opened from copies (tests may save), shown."""
    copies = []
    for source in (DEMO_TRANSCRIPT, DEMO_TIMESTAMPS):
        copies.append(tmp_path / source.name)
        copies[-1].write_bytes(source.read_bytes())
    window.session.set_pinned_now(DEMO_NOW)
    open_and_wait(qtbot, window, *copies)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def chinese_app(qapp, tmp_path: Path) -> Iterator[None]:
    """The app's catalogue and Qt's own, installed as ``launch`` does at start-up."""
    folder = tmp_path / "translations"
    folder.mkdir()
    compile_ts(folder / "timeline_inspector_zh_CN.qm")
    assert translations.install("zh_CN", None, folder) == "zh_CN"
    yield
    translations.remove()


@pytest.fixture
def chinese_demo(qtbot, make_window, chinese_app) -> MainWindow:
    # Chinese layouts are measured in the glyphs a reader sees: without a font
    # that draws them, Qt draws boxes of another width and the figures mean nothing
    assert QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese), (
        "no font here draws Chinese (Debian: apt-get install fonts-wqy-microhei; .ci/run installs it)"
    )
    window = make_window()
    window.resize(1300, 800)
    show_pair(qtbot, window)
    window.select_source_row(13)
    return window


@pytest.fixture(autouse=True)
def app_style(qapp) -> Iterator[None]:
    """The style and palette ``launch`` applies before the window is built
    (ReadableStyle over the platform's style, the theme's palette): tests
    measure what a user sees. Restored after, for tests that change the theme."""
    style, colours = qapp.style().name(), QPalette(qapp.palette())
    apply_palette("system")
    yield
    qapp.setStyle(QStyleFactory.create(style))
    qapp.setPalette(colours)

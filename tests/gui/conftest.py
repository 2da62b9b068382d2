"""GUI fixtures: a main window with isolated settings, and helpers to wait on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QTranslator
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
)

from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT, configure_process
from timeline_app.gui.menus import language as translations
from timeline_app.gui.widgets.palettes import apply_palette
from timeline_app.gui.window.main_window import MainWindow

# tests that import these from conftest (before helpers.py) keep working: explicit re-exports
from .helpers import DEMO_NOW as DEMO_NOW
from .helpers import TS_FILE, compile_ts, delete_closed_widgets, require_chinese_font, show_pair
from .helpers import answer_next_dialog as answer_next_dialog
from .helpers import give_key as give_key
from .helpers import open_and_wait as open_and_wait
from .modal_guard import modal_guard as modal_guard
from .modal_guard import pytest_runtest_call as pytest_runtest_call

configure_process()  # the GUI process runs with this policy; so do its tests


@pytest.fixture(autouse=True)
def closed_widgets_deleted(qapp: QApplication) -> Iterator[None]:
    """Deletes, at the end of every GUI test, the widgets pytest-qt closed and
    marked ``deleteLater``. Its own teardown only processes events, which never
    runs deferred deletes, so a test's window lived on until some later test
    spun an event loop (a ``waitSignal``) and was destroyed there, mid-way
    through another test, while its timers and event filters could still fire
    (the fuzz runs' unexplained crashes; ``'DockTabTitles' object has no
    attribute '_window'`` in CI). Torn down after pytest-qt closed the
    widgets (fixtures are torn down after its teardown hook closes them), and
    inside its exception capture, so an error in a window's destruction fails
    the test that made the window."""
    yield
    delete_closed_widgets()


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


@pytest.fixture
def demo_window(qtbot, window: MainWindow) -> MainWindow:
    show_pair(qtbot, window)
    return window


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


@pytest.fixture(scope="session")
def catalogues(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The catalogues compiled once a run, each ``.qm`` alone in a temporary
    folder of its own (where ``language.install`` looks for it), by language."""
    made = {}
    for language in ("zh_CN", "en"):
        name = f"timeline_inspector_{language}"
        folder = tmp_path_factory.mktemp(f"translations-{language}")
        made[language] = compile_ts(folder / f"{name}.qm", TS_FILE.with_name(f"{name}.ts"))
    return made


@pytest.fixture
def chinese_app(qapp, catalogues: dict[str, Path]) -> Iterator[None]:
    """The app's catalogue and Qt's own, installed as ``launch`` does at start-up."""
    assert translations.install("zh_CN", None, catalogues["zh_CN"].parent) == "zh_CN"
    yield
    translations.remove()


@pytest.fixture
def chinese_layout(chinese_app) -> None:
    """The Chinese catalogue installed and a font that draws it: what a test
    that measures a Chinese layout needs (``require_chinese_font`` fails without one)."""
    require_chinese_font()


@pytest.fixture
def chinese_demo(qtbot, make_window, chinese_layout) -> MainWindow:
    window = make_window()
    window.resize(1300, 800)
    show_pair(qtbot, window)
    window.select_source_row(13)
    return window


_applied: list[tuple[QStyle, QPalette]] = []  # the style and palette app_style last applied


@pytest.fixture(autouse=True)
def app_style(qapp: QApplication) -> None:
    """The style and palette ``launch`` applies before the window is built
    (ReadableStyle over the platform's style, the theme's palette): tests
    measure what a user sees. Applied anew only when a test changed them (a
    theme test): kept from test to test as the app keeps them, since setting
    a style re-polishes every widget, twice a test when it was applied and
    restored around each one (~3 s of 35 in test_wording and test_keyboard)."""
    if not _applied or qapp.style() is not _applied[0][0] or qapp.palette() != _applied[0][1]:
        apply_palette("system")
        _applied[:] = [(qapp.style(), QPalette(qapp.palette()))]


@pytest.fixture
def chinese(qapp: QApplication, catalogues: dict[str, Path]) -> Iterator[QTranslator]:
    """The Chinese translation, installed for one test only: every other test
    reads the English source strings."""
    translator = QTranslator()
    assert translator.load(str(catalogues["zh_CN"]))
    assert QCoreApplication.installTranslator(translator)
    yield translator
    QCoreApplication.removeTranslator(translator)


@pytest.fixture
def english(qapp, catalogues: dict[str, Path]) -> Iterator[QTranslator]:
    """The English catalogue (its plural forms: "1 orphan", "2 orphans"), as
    the app installs it for an English reader."""
    translator = QTranslator()
    assert translator.load(str(catalogues["en"]))
    assert QCoreApplication.installTranslator(translator)
    yield translator
    QCoreApplication.removeTranslator(translator)


@pytest.fixture
def restores_style(qapp):
    style, palette = qapp.style().name(), qapp.palette()
    yield qapp
    qapp.setStyle(style)
    qapp.setPalette(palette)

"""The app loads its translation at start-up: the system locale picks it, the
View menu's choice (kept in settings) overrides it on the next start, and a
missing .qm leaves the app in English with a warning naming the file."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import chinese_env
from PySide6.QtCore import QCoreApplication, QLocale, QSettings, Qt, QTimer
from PySide6.QtGui import QImage, QStatusTipEvent
from PySide6.QtWidgets import QApplication, QMenu, QToolBar, QToolButton

from timeline_app.gui.menus import language as translations
from timeline_app.gui.settings import read_language
from timeline_app.gui.tables.timeline import TimelineTableModel
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import HAN, TS_FILE, _marked


@pytest.fixture
def compiled(qapp, catalogues: dict[str, Path]) -> Iterator[Path]:
    """A folder holding the compiled Chinese catalogue alone; the test's translators go afterwards."""
    yield catalogues["zh_CN"].parent
    translations.remove()


def _speaker_header() -> str:
    return TimelineTableModel().headerData(1, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)


def test_a_chinese_locale_loads_chinese(compiled: Path) -> None:
    assert translations.install("system", QLocale("zh_CN"), compiled) == "zh_CN"
    assert _speaker_header() == "发言者"


def test_a_catalogue_compiled_again_in_place_leaves_the_running_app_as_it_was(
    qapp, catalogues: dict[str, Path], tmp_path: Path
) -> None:
    """Loaded by its path, the catalogue was mapped from the file: compiled again
    in place under a running app (a merge's ``make translations``), a Chinese
    window went on in English and once crashed in ``translate`` (tryout)."""
    qm = tmp_path / catalogues["zh_CN"].name
    qm.write_bytes(catalogues["zh_CN"].read_bytes())
    try:
        assert translations.install("zh_CN", None, tmp_path) == "zh_CN"
        assert _speaker_header() == "发言者"
        size = qm.stat().st_size
        with qm.open("r+b") as file:  # rewritten in place, as lrelease writes
            file.write(bytes(size))
        assert _speaker_header() == "发言者"
        with qm.open("r+b") as file:
            file.truncate(0)
        assert _speaker_header() == "发言者"
    finally:
        translations.remove()
    assert _speaker_header() == "Speaker"


def test_other_locales_stay_english_without_a_translator(compiled: Path) -> None:
    for name in ("en_US", "de_DE", "zh_TW", "C"):
        assert translations.install("system", QLocale(name), compiled) == "en", name
        assert _speaker_header() == "Speaker", name


def test_english_says_one_message_and_two_messages(qapp, catalogues: dict[str, Path]) -> None:
    """The sources write "%n message(s)"; English readers get the right form."""
    folder = catalogues["en"].parent
    source = "Copied the preview's JSON (%n message(s))"
    try:
        for setting, system in (("system", QLocale("de_DE")), ("en", QLocale("zh_CN"))):
            assert translations.install(setting, system, folder) == "en"
            said = [QCoreApplication.translate("PreviewPane", source, None, n) for n in (1, 2)]
            assert said == ["Copied the preview's JSON (1 message)", "Copied the preview's JSON (2 messages)"]
            counts = QCoreApplication.translate("CountsBar", "%n orphans", None, 1)
            assert counts == "1 orphan"
    finally:
        translations.remove()
    assert (
        QCoreApplication.translate("PreviewPane", source, None, 1)
        == "Copied the preview's JSON (1 message(s))"
    )


def test_the_setting_wins_over_the_locale(compiled: Path) -> None:
    assert translations.install("en", QLocale("zh_CN"), compiled) == "en"
    assert _speaker_header() == "Speaker"
    assert translations.install("zh_CN", QLocale("en_US"), compiled) == "zh_CN"
    assert _speaker_header() == "发言者"


def test_a_missing_catalogue_falls_back_to_english_and_says_which(qapp, tmp_path: Path, capsys) -> None:
    assert translations.install("zh_CN", QLocale("zh_CN"), tmp_path) == "en"
    assert _speaker_header() == "Speaker"
    assert str(tmp_path / "timeline_inspector_zh_CN.qm") in capsys.readouterr().err


def test_qts_own_buttons_are_translated_when_pyside_ships_them(compiled: Path) -> None:
    from PySide6.QtCore import QLibraryInfo
    from PySide6.QtWidgets import QDialogButtonBox

    qt_qm = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)) / "qtbase_zh_CN.qm"
    translations.install("zh_CN", None, compiled)
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    text = box.button(QDialogButtonBox.StandardButton.Cancel).text()
    assert (text == "取消") == qt_qm.is_file(), (qt_qm, text)


def _language_action(window: MainWindow, language: str):
    menu = window.findChild(QMenu, "languageMenu")
    assert menu is not None and menu.menuAction() in window.menuBar().actions()[2].menu().actions()
    return next(a for a in menu.actions() if a is window.language_actions[language])


def test_the_view_menu_keeps_the_choice_for_the_next_start(
    qtbot, make_window, settings_path: Path, compiled: Path
) -> None:
    window = make_window()
    assert [a.text() for a in window.findChild(QMenu, "languageMenu").actions()] == [
        "&System",
        "&English",
        "简体中文 (&C)",
    ]
    assert window.language_actions["system"].isChecked()
    _language_action(window, "zh_CN").trigger()
    assert window.language_actions["zh_CN"].isChecked()
    assert window.banner.text() == "The language changes the next time the app starts"
    assert _speaker_header() == "Speaker"  # this run stays in its language
    window.close()

    stored = QSettings(str(settings_path), QSettings.Format.IniFormat)
    assert read_language(stored) == "zh_CN"
    # the next start (as launch.main does it) on an English system
    assert translations.install(read_language(stored), QLocale("en_US"), compiled) == "zh_CN"
    again = make_window()
    assert again.language_actions["zh_CN"].isChecked()
    assert again.findChild(QMenu, "languageMenu").title() == "语言(&G)"
    assert again.table.model().headerData(1, Qt.Orientation.Horizontal) == "发言者"
    _language_action(again, "system").trigger()
    assert again.banner.text() == "语言将在下次启动应用时切换"
    assert again.banner.kind == translations.LANGUAGE_NOTICE
    assert read_language(QSettings(str(settings_path), QSettings.Format.IniFormat)) == "system"


def test_the_language_notice_stays_until_dismissed(qtbot, window: MainWindow) -> None:
    """The notice outlives the status tips the mouse sends passing over the
    toolbar (which wiped a status-bar message at once) and the 8 s a passing
    status message lasts, and goes when dismissed."""
    window.show()
    qtbot.waitExposed(window)
    _language_action(window, "zh_CN").trigger()  # a menu popup grabs the keyboard: offscreen warns
    notice = "The language changes the next time the app starts"
    toolbar = window.findChild(QToolBar)
    button = next(b for b in toolbar.findChildren(QToolButton) if b.statusTip())
    qtbot.mouseMove(button)
    qtbot.mouseMove(window.table.viewport())
    QApplication.sendEvent(window, QStatusTipEvent(""))  # what leaving an action with a status tip sends
    assert window.statusBar().currentMessage() == ""
    assert window.banner.isVisibleTo(window) and window.banner.text() == notice
    for timer in window.findChildren(QTimer):  # nothing is due to take it away
        assert not (timer.isActive() and timer.isSingleShot() and 0 < timer.interval() <= 8000), timer
    qtbot.mouseClick(window.banner.close_button, Qt.MouseButton.LeftButton)
    assert not window.banner.isVisibleTo(window) and window.banner.kind is None


def test_an_unknown_stored_language_reads_as_system(settings_path: Path) -> None:
    settings = QSettings(str(settings_path), QSettings.Format.IniFormat)
    settings.setValue("view/language", "klingon")
    assert read_language(settings) == "system"


def test_the_app_started_under_a_chinese_locale_renders_with_its_translation(
    tmp_path: Path, catalogues: dict[str, Path]
) -> None:
    """The real start-up (``launch.main``): LANG=zh_CN.UTF-8 picks the catalogue,
    compiled into a temporary folder (the checkout's own is never written); the
    picture's words (the PNG's text: the window's title and its menus) are Chinese."""
    folder = catalogues["zh_CN"].parent
    start = (
        "import sys; from pathlib import Path; from timeline_app.gui.menus import language; "
        f"language.install.__defaults__ = (None, Path({str(folder)!r})); "
        "from timeline_app.gui.launch import main; sys.exit(main(sys.argv[1:]))"
    )
    shot = tmp_path / "zh.png"
    env = {**chinese_env(dict(os.environ)), "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-c", start, "--demo", "--screenshot", shot],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "no translation" not in result.stderr
    picture = QImage(str(shot))
    assert not picture.isNull()
    assert picture.text("Description") == "文件 · 编辑 · 视图 · 工具 · 选项 · 帮助", result.stderr
    assert picture.text("Title") == "lisbon-trip（demo/chat.json + timestamps.json）— Timeline Inspector"


def test_the_language_menus_words_are_in_the_ts_and_translated() -> None:
    root = ET.parse(TS_FILE).getroot()
    context = next(c for c in root.iter("context") if c.findtext("name") == "Language")
    translated = {m.findtext("source"): m.findtext("translation") for m in context.iter("message")}
    # Qt's own texts its catalogue lacks (``QT_GAPS``) keep Qt's contexts: test_file_dialogs reads them
    qts = set(translations.QT_GAPS)
    marked = [m for m in _marked(Path(translations.__file__)) if (m[0], m[1]) not in qts]
    assert marked and all(ctx == "Language" for ctx, _, _ in marked)
    for _, source, _ in marked:
        assert HAN.search(translated.get(source) or ""), source


@pytest.mark.parametrize(
    ("language", "context", "source", "count", "old", "wanted"),
    [
        ("zh_CN", "HistoryModel", "up to %1", -1, "<translation>至多 %1</translation>", "至多 %1"),
        # English's catalogue (plural forms only) too: a checkout after a merge read
        # "2 message(s) share one" (tryout views5)
        (
            "en",
            "CountsBar",
            "%n message(s) share one",
            2,
            "<numerusform>%n messages share one</numerusform>",
            "2 messages share one",
        ),
    ],
)
def test_a_catalogue_older_than_its_ts_is_compiled_again(
    qapp,
    tmp_path: Path,
    catalogues,
    language: str,
    context: str,
    source: str,
    count: int,
    old: str,
    wanted: str,
) -> None:
    """Tryout: a merge brought new sentences into the .ts, the .qm (a build
    product) was not made again, and the History panel's texts stayed English
    in the Chinese window."""
    import shutil

    ts = tmp_path / f"timeline_inspector_{language}.ts"
    shutil.copy(TS_FILE.with_name(ts.name), ts)
    text = ts.read_text("utf-8")
    assert old in text
    before = tmp_path / "old.ts"  # the catalogue before the sentence was translated
    before.write_text(text.replace(old, old.split(">")[0] + ">" + source + old[old.rindex("<") :]))
    from ..helpers import compile_ts

    qm = compile_ts(tmp_path / f"timeline_inspector_{language}.qm", before)
    os.utime(qm, (ts.stat().st_mtime - 60,) * 2)
    try:
        assert translations.install(language, None, tmp_path) == language
        assert QCoreApplication.translate(context, source, None, count) == wanted
    finally:
        translations.remove()

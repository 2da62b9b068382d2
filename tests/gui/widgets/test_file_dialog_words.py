"""Qt's file dialog's Size and Date columns in the app's language (``LocaleWords``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QFileSystemModel

from timeline_app.gui.widgets.file_dialog_words import DATE_COLUMN, SIZE_COLUMN, LocaleWords


@pytest.fixture
def chinese_locale() -> Iterator[None]:
    before = QLocale()
    QLocale.setDefault(QLocale("zh_CN"))
    yield
    QLocale.setDefault(before)


def test_sizes_and_dates_are_worded_in_the_default_locale_not_the_systems(
    qtbot, qtmodeltester, tmp_path: Path, chinese_locale: None
) -> None:
    (tmp_path / "timestamps.json").write_bytes(b"{}")
    (tmp_path / "folder").mkdir()
    files = QFileSystemModel()
    files.setRootPath(str(tmp_path))
    root = files.index(str(tmp_path))
    qtbot.waitUntil(lambda: files.rowCount(root) == 2, timeout=10000)
    words = LocaleWords()
    words.setSourceModel(files)
    qtmodeltester.check(words)
    file = words.mapFromSource(files.index(str(tmp_path / "timestamps.json")))
    folder = words.mapFromSource(files.index(str(tmp_path / "folder")))
    chinese = QLocale("zh_CN")
    assert words.index(file.row(), SIZE_COLUMN, file.parent()).data() == chinese.formattedDataSize(2)
    assert "字节" in words.index(file.row(), SIZE_COLUMN, file.parent()).data()
    assert words.index(folder.row(), SIZE_COLUMN, folder.parent()).data() == ""
    when = files.lastModified(files.index(str(tmp_path / "timestamps.json")))
    shown = words.index(file.row(), DATE_COLUMN, file.parent()).data()
    assert shown == chinese.toString(when, QLocale.FormatType.ShortFormat)
    # the other columns are the file system model's own
    assert words.index(file.row(), 0, file.parent()).data() == "timestamps.json"

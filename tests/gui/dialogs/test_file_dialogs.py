"""The app's file dialogs (Qt's own, where the desktop gives none) read whole
at a small window's size: issue 31's tryout saw Save As' Size column as
"212...tes" at 1024x700."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QTreeView, QWidget

from timeline_app.gui.menus.language import QT_GAPS
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import HAN, WAIT, answer_modal, layout_settled, text_room
from ..ui_texts import Text, demo_contents, english_words, menu_texts, widget_texts

SMALL = (1024, 700)  # the window a person kept on a small laptop (the tryout's)

FLOWS: dict[str, Callable[[MainWindow], object]] = {
    "save as": lambda w: w.opener.do_save_as(),
    "open transcript": lambda w: w.opener.do_open_transcript(),
    "open timestamp file": lambda w: w.opener.do_open_store(),
    "open folder": lambda w: w.opener.do_open_folder(),
    "export preview": lambda w: w.preview_pane._export_dialog(),
    "recordings folder": lambda w: w.recordings.ask_folder(),
}


@pytest.fixture
def fresh_file_dialogs(tmp_path: Path) -> Iterator[None]:
    """Qt's file dialog keeps its columns' widths in the user's own settings
    (QtProject.conf) and opens with them: each run here starts from none, as
    a first use does, and leaves the user's file alone."""
    scope, native = QSettings.Scope.UserScope, QSettings.Format.NativeFormat
    QSettings.setPath(native, scope, str(tmp_path / "user-settings"))
    yield
    home = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    QSettings.setPath(native, scope, home)


def _cut(dialog: QWidget) -> list[str]:
    """What the dialog's list of files shows cut: a column beyond its view
    (scrolled to), a header or a cell of Size, Type or Date elided (a
    name may be elided: names run long)."""
    assert isinstance(dialog, QFileDialog)
    view = dialog.findChild(QTreeView, "treeView")
    assert view is not None and view.isVisible()
    layout_settled(dialog)
    header, model, root = view.header(), view.model(), view.rootIndex()
    viewport = view.viewport().rect()
    found = []
    for column in range(1, header.count()):
        if header.isSectionHidden(column):
            continue
        name = model.headerData(column, header.orientation())
        if header.sectionViewportPosition(column) + header.sectionSize(column) > viewport.width():
            found.append(f"{name!r} runs past the view's {viewport.width()} px")
        if header.sectionSizeFromContents(column).width() > header.sectionSize(column):
            found.append(f"{name!r} header cut at {header.sectionSize(column)} px")
        for row in range(min(model.rowCount(root), 20)):
            index = model.index(row, column, root)
            needed, room = text_room(view, index)
            if needed > room:
                found.append(f"{name!r} {index.data()!r} needs {needed} px, has {room}")
    return found


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_file_dialog_shows_its_columns_whole_in_a_small_window(
    qtbot, request, language: str, tmp_path: Path, fresh_file_dialogs: None
) -> None:
    """Tryout (issue 31): at 1024x700 Save As' Size column read "212...tes"
    (Qt's file dialog opens at its own small size, its columns narrow).
    Every file dialog the window opens, in English and Chinese, in a window
    of 1024x700: each column of its list (Size, Type, Date) in view, its
    header and cells whole, a file of 212 bytes among them."""
    request.getfixturevalue("chinese_layout" if language == "zh_CN" else "english")
    window: MainWindow = request.getfixturevalue("demo_copy_window")
    (tmp_path / "212.json").write_bytes(b"x" * 212)
    (tmp_path / "a folder").mkdir()
    window.resize(*SMALL)
    layout_settled(window)
    seen: dict[str, list[str]] = {}
    for name, flow in FLOWS.items():
        read: list[list[str]] = []

        def look(dialog: QWidget, read: list[list[str]] = read) -> None:
            view = dialog.findChild(QTreeView, "treeView")
            qtbot.waitUntil(lambda: view.model().rowCount(view.rootIndex()) >= 1, timeout=WAIT)
            QApplication.processEvents()
            read.append(_cut(dialog))
            assert dialog.width() <= window.width() and dialog.height() <= window.height()

        done = answer_modal(qtbot, look, lambda dialog: dialog.reject())
        flow(window)
        qtbot.waitUntil(lambda done=done: done == ["done"], timeout=WAIT)
        assert read, f"{name}: no file dialog read"
        seen[name] = read[0]
    faults = {name: found for name, found in seen.items() if found}
    assert faults == {}, faults


def test_qts_own_texts_that_qtbase_lacks_come_out_in_chinese(chinese_app) -> None:
    """PySide6's qtbase_zh_CN.qm has the file dialog's "Look in:" but not its
    Type column's "Folder" (QAbstractFileIconProvider), nor the newer
    "&Look in:": each gap the app fills reads Chinese, and one Qt has reads
    Chinese from Qt's own catalogue (loaded beside the app's)."""
    assert QCoreApplication.translate("QFileDialog", "Look in:") == "查找范围："  # qtbase's own
    english = {f"{context}|{source}" for context, source in QT_GAPS}
    left = [
        f"{context}|{source}"
        for context, source in QT_GAPS
        if not HAN.search(QCoreApplication.translate(context, source))
    ]
    assert len(english) >= 9 and left == []


def test_qts_file_dialog_reads_chinese_in_the_chinese_window(
    qtbot, chinese_layout: None, demo_copy_window: MainWindow, tmp_path: Path, fresh_file_dialogs: None
) -> None:
    """Tryout (issue 31): the Chinese window's Open dialog (Qt's own, not
    the desktop's) said "Folder" and "JSON document" in its Type column.
    Its labels, buttons, headers, every Size, Type and Date cell and its
    name field's context menu read Chinese; only the files' names may not.
    TryK/L: the Size column followed the system's locale ("2 bytes" on an
    English desktop): it is worded in the app's language too."""
    window = demo_copy_window
    (tmp_path / "a folder").mkdir()
    (tmp_path / "notes.jsonl").write_text("[]")
    read: list[Text] = []

    def look(dialog: QWidget) -> None:
        assert isinstance(dialog, QFileDialog)
        view = dialog.findChild(QTreeView, "treeView")
        model = view.model()
        qtbot.waitUntil(lambda: model.rowCount(view.rootIndex()) >= 3, timeout=WAIT)
        qtbot.waitUntil(lambda: bool(_cell(view, "a folder", 2)), timeout=WAIT)  # the Type, once known
        qtbot.waitUntil(lambda: bool(_cell(view, "notes.jsonl", 1)), timeout=WAIT)  # the Size
        assert _cell(view, "notes.jsonl", 1) == "2 字节"
        read.extend(widget_texts(dialog))
        root = view.rootIndex()
        for row in range(model.rowCount(root)):
            for column in (1, 2, 3):  # Size, Type, Date Modified
                read.append(
                    Text(
                        f"treeView {model.index(row, 0, root).data()!r}",
                        f"column {column}",
                        str(model.index(row, column, root).data()),
                    )
                )
        menu = dialog.findChild(QLineEdit, "fileNameEdit").createStandardContextMenu()
        read.extend(menu_texts(menu, "fileNameEdit context menu"))
        menu.deleteLater()

    done = answer_modal(qtbot, look, lambda dialog: dialog.reject())
    window.opener.do_open_transcript()
    qtbot.waitUntil(lambda: done == ["done"], timeout=WAIT)
    assert len(read) > 30
    contents, names = demo_contents(), [str(tmp_path), tmp_path.name, "a folder", "notes.jsonl"]
    names += ["KiB", "MiB"]  # the units' symbols, as the Chinese locale writes them ("1.41 KiB")
    left = [f"{text} <- {words}" for text in read if (words := english_words(text.text, contents, names))]
    assert left == [], "\n".join(left)


def _cell(view: QTreeView, name: str, column: int) -> object:
    model, root = view.model(), view.rootIndex()
    for row in range(model.rowCount(root)):
        if model.index(row, 0, root).data() == name:
            return model.index(row, column, root).data()
    return None

"""The window's chrome in Chinese, through the real widgets: the Now button,
the title, the Options and Help menus, the shortcut list, About, the undo
text after an edit and the dialogs (a modal one is read and closed from a
timer while it runs, as a person would answer it)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer, QTranslator
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget

from timeline_app.gui.main_window import MainWindow

from .test_chinese_panels import HAN, chinese  # noqa: F401 (a fixture)
from .test_editing import _apply_high_repairs


def answer_modal(qtbot, read: Callable[[QWidget], None], close: Callable[[QWidget], None]) -> list[str]:
    """Arm a timer that waits for the next modal widget, reads it and closes
    it; returns a list that holds "done" once it ran (assert it after)."""
    done: list[str] = []

    def look() -> None:
        modal = QApplication.activeModalWidget()
        if modal is None:
            QTimer.singleShot(20, look)
            return
        try:
            read(modal)
        finally:
            close(modal)
            done.append("done")

    QTimer.singleShot(0, look)
    return done


def test_the_now_button_and_the_title_in_chinese(
    qtbot,
    chinese: QTranslator,  # noqa: F811
    demo_window: MainWindow,
) -> None:
    window = demo_window
    assert window.now_button.text() == "当前时间：已固定 2025-09-21 08:06:00"
    assert window.windowTitle().endswith("— Timeline Inspector") and "（" in window.windowTitle()
    window.actions_by_name["live_now"].trigger()
    assert window.now_button.text().startswith("当前时间：● 实时 ")


def test_reverting_asks_in_chinese_how_many_edits_go(
    qtbot,
    chinese: QTranslator,  # noqa: F811
    demo_copy_window: MainWindow,
) -> None:
    window = demo_copy_window
    _apply_high_repairs(qtbot, window)
    seen: dict[str, str] = {}

    def read(box: QWidget) -> None:
        assert isinstance(box, QMessageBox)
        seen["title"], seen["text"] = box.windowTitle(), box.text()

    done = answer_modal(qtbot, read, lambda box: box.button(QMessageBox.StandardButton.Cancel).click())
    window.actions_by_name["revert"].trigger()
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    assert seen == {"title": "放弃未保存的更改", "text": "要放弃 1 处未保存的更改吗？此操作无法撤销。"}
    assert window.session.is_dirty  # cancelled: nothing dropped

"""The window's chrome in Chinese, through the real widgets: the Now button,
the title, the Options and Help menus, the shortcut list, About, the undo
text after an edit and the dialogs (a modal one is read and closed from a
timer while it runs, as a person would answer it)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTranslator
from PySide6.QtWidgets import QDialog, QLabel, QMessageBox, QTableWidget, QWidget

from timeline_app.gui.window.main_window import MainWindow

from .helpers import HAN, _apply_high_repairs, _help_page, answer_modal, assert_keys_read_as_pressed


def test_the_now_button_and_the_title_in_chinese(
    qtbot,
    chinese: QTranslator,
    demo_window: MainWindow,
) -> None:
    window = demo_window
    assert window.now_button.text() == "参照时间：已固定 2025-09-21 08:06:00 UTC+2"
    assert window.windowTitle().endswith("— Timeline Inspector") and "（" in window.windowTitle()
    window.actions_by_name["live_now"].trigger()
    assert window.now_button.text().startswith("参照时间：● 实时 ")


def test_reverting_asks_in_chinese_how_many_edits_go(
    qtbot,
    chinese: QTranslator,
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
    assert seen == {
        "title": "放弃未保存的更改",
        "text": "要放弃对 1 个存储时间的未保存更改，并显示已保存的 timestamps.json 吗？此操作无法撤销。",
    }
    assert window.session.is_dirty  # cancelled: nothing dropped


def _menu_texts(menu) -> list[str]:
    """The items as shown, without the "&" of a mnemonic Qt added on an ASCII letter."""
    return [
        a.text().replace("&", "") if "(&" not in a.text() else a.text()
        for a in menu.actions()
        if not a.isSeparator()
    ]


def test_the_options_menu_in_chinese(
    qtbot,
    chinese: QTranslator,
    demo_window: MainWindow,
) -> None:
    menu = demo_window.options_menu
    assert menu.title() == "选项(&O)"
    texts = _menu_texts(menu)
    assert texts[:4] == [
        "CST 变体(&V)",
        "花括号替代标记(&B)",
        "客户端 API(&A)",
        "SillyTavern 实际发送的内容(&S)",
    ]
    assert "中间件时区(&M)…" in texts and texts[-1] == "将选项恢复为默认值(&R)"
    st_names = menu.actions()[3].menu()
    assert _menu_texts(st_names)[0].startswith("与时间戳文件最吻合的方式")
    assert any(t.startswith("角色名称：") for t in _menu_texts(st_names))
    assert "用户消息加引号(&Q)" in _menu_texts(st_names)
    variants = _menu_texts(menu.actions()[0].menu())
    assert variants[0].startswith("time: … 周X（默认）") and variants[3].startswith(
        "<time>…</time>（最新版本）"
    )
    assert (
        menu.menuAction() in demo_window.menuBar().actions()
    )  # the menu the bar opens (a popup grabs the keyboard: offscreen warns)


def test_the_pin_dialog_asks_in_chinese(
    qtbot,
    chinese: QTranslator,
    demo_window: MainWindow,
) -> None:
    seen: dict[str, object] = {}

    def read(dialog: QWidget) -> None:
        assert isinstance(dialog, QDialog)
        seen["title"] = dialog.windowTitle()
        seen["labels"] = [label.text() for label in dialog.findChildren(QLabel)]

    done = answer_modal(qtbot, read, lambda dialog: dialog.reject())
    qtbot.keyClick(demo_window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    # the clock the time is typed on, named (issue 31)
    assert seen == {
        "title": "固定参照时间",
        "labels": [
            "相对时间和模拟都以此作为参照时间（中间件的时钟：UTC+2，由聊天记录中的时间与存储的时间对照得出）："
        ],
    }
    assert (
        demo_window.now_button.text() == "参照时间：已固定 2025-09-21 08:06:00 UTC+2"
    )  # cancelled: unchanged


def test_the_key_and_chat_questions_in_chinese(qtbot, chinese: QTranslator) -> None:
    from timeline_app.gui.dialogs.questions import KeyDialog

    dialog = KeyDialog("x.json 已加密")
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "加密的时间戳文件"
    assert dialog.username.placeholderText() == "无用户名时留空"
    labels = [label.text() for label in dialog.findChildren(QLabel)]
    assert "API 密钥(&A)：" in labels and "密钥只保存在内存中，不会写入任何地方。" in labels


def test_the_help_pages_in_chinese(
    qtbot,
    chinese: QTranslator,
    demo_window: MainWindow,
) -> None:
    window = demo_window
    help_menu = window.menuBar().actions()[-1].menu()
    assert _menu_texts(help_menu) == [
        "用户指南(&G)",
        "时间条图例(&L)",
        "键盘快捷键(&K)",
        "关于 Timeline Inspector(&A)",
    ]

    shortcuts = _help_page(qtbot, window, "shortcuts")
    assert shortcuts.windowTitle() == "键盘快捷键"
    table = shortcuts.findChild(QTableWidget, "shortcutsTable")
    headers = [table.horizontalHeaderItem(c).text() for c in range(2)]
    rows = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    assert headers == ["命令", "快捷键"]
    assert rows["撤销"].startswith("Ctrl+Z") and rows["打开聊天记录"].startswith("Ctrl+O")
    assert rows["CST 前缀样式"] == "Ctrl+3"
    assert all(HAN.search(command) for command in rows), rows  # no English command, no "(&X)" left

    about = _help_page(qtbot, window, "about")
    assert about.windowTitle() == "关于 Timeline Inspector"
    assert "查看、预览并修复 LLM 对话中隐藏的时间数据" in about.findChild(QLabel, "aboutText").text()

    legend = _help_page(qtbot, window, "legend")
    assert legend.windowTitle() == "时间条图例"
    texts = [label.text() for label in legend.findChildren(QLabel)]
    assert any(t.startswith("没有存储的时间：未记录，位于中间件在下一次请求时会回填的 ≈ 时间") for t in texts)
    assert all(HAN.search(t) for t in texts)

    guide = _help_page(qtbot, window, "guide")
    assert guide.windowTitle() == "用户指南"
    # which guide it shows: tests/gui/menus/test_help_guide_language.py


def test_the_english_guide_has_no_language_note(qtbot, window: MainWindow) -> None:
    window.show()
    guide = _help_page(qtbot, window, "guide")
    assert guide.findChild(QLabel, "guideLanguage") is None


def test_undo_and_redo_name_the_edit_in_chinese(
    qtbot,
    chinese: QTranslator,
    demo_copy_window: MainWindow,
) -> None:
    window = demo_copy_window
    assert window.undo_action.text() == "撤销(&U)" and not window.undo_action.isEnabled()
    _apply_high_repairs(qtbot, window)
    assert window.undo_action.text() == "撤销“修复：1 条建议”(&U)"
    assert window.undo_stack.text(0) == "修复：1 条建议"  # the undo history's line
    qtbot.keyClick(window.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not window.session.is_dirty
    assert window.undo_action.text() == "撤销(&U)"
    assert window.redo_action.text() == "重做“修复：1 条建议”(&R)"


def test_undo_still_reads_as_qt_wrote_it_in_english(qtbot, demo_copy_window: MainWindow) -> None:
    _apply_high_repairs(qtbot, demo_copy_window)
    assert demo_copy_window.undo_action.text() == "&Undo Repair: 1 proposal(s)"


def test_an_internal_error_is_said_in_chinese(
    qtbot,
    chinese: QTranslator,
    window: MainWindow,
    capsys,
) -> None:
    from timeline_app.gui.launch import _excepthook

    error = ValueError("boom")
    _excepthook(window)(ValueError, error, None)
    assert window.banner.text() == "内部错误：ValueError('boom')（详情见控制台）"
    assert "ValueError: boom" in capsys.readouterr().err


def test_the_chinese_shortcut_list_names_each_key_once_as_pressed(qtbot, chinese_demo: MainWindow) -> None:
    """With Qt's own catalogue installed (as at start-up), Qt names Return and
    the keypad's Enter both 回车: the list read "回车, 回车", and
    "Ctrl+Shift+Backtab" for Ctrl+Shift+Tab (issue 31 tryout)."""
    table = _help_page(qtbot, chinese_demo, "shortcuts").findChild(QTableWidget, "shortcutsTable")
    rows = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    assert rows["录制内容：打开选中的请求"] == "回车"
    assert rows["分页的对话框：下一页 / 上一页"].endswith("Ctrl+Tab, Ctrl+Shift+Tab")
    assert_keys_read_as_pressed(rows)

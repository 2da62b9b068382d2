"""Mnemonics in Chinese: every item of every menu has one, and no two items
of a menu share it (a Chinese text carries its letter as "打开(&O)…")."""

from __future__ import annotations

from PySide6.QtCore import QTranslator

from timeline_app.gui.widgets.keys import mnemonic_of, with_mnemonic
from timeline_app.gui.window.main_window import MainWindow

from .helpers import assert_menu_mnemonics_are_own as check_mnemonics
from .helpers import assert_repair_buttons_have_own_mnemonics as check_repair_buttons


def test_every_chinese_menu_item_has_its_own_mnemonic(
    chinese: QTranslator,
    demo_window: MainWindow,
) -> None:
    check_mnemonics(demo_window)


def test_the_chinese_repair_panels_buttons_have_a_mnemonic_each(chinese_demo: MainWindow) -> None:
    """Tryout: 查找修复建议(J) and 全部拒绝(J) shared one."""
    check_repair_buttons(chinese_demo)


def test_a_text_without_a_latin_letter_gets_its_letter_in_brackets() -> None:
    used = {"a"}
    assert with_mnemonic("根据文件判断", used) == "根据文件判断(&B)"
    assert with_mnemonic("固定参照时间…", used) == "固定参照时间(&C)…"
    assert used == {"a", "b", "c"}
    assert mnemonic_of("打开(&O)…") == "o"
    assert with_mnemonic("角色名称：none", set()) == "角色名称：&none"  # a Latin letter of its own first

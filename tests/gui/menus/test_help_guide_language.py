"""The user guide F1 shows speaks the window's language, with pictures of the window in it."""

from __future__ import annotations

import re

from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextDocument, QTextFormat
from PySide6.QtWidgets import QLabel, QTextBrowser

from timeline_app.gui.menus.help import GUIDE_IMAGE_WIDTH
from timeline_app.gui.resources import GUIDE, guide_in
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import image_widths

ZH_GUIDE = GUIDE.with_name("guide.zh_CN.md")
PICTURE = re.compile(r"\]\((guide/[^)]+\.png)\)")


def _guide(qtbot, window: MainWindow):
    window.show()
    window.actions_by_name["guide"].trigger()  # F1
    dialog = window.help.dialogs["guide"]
    qtbot.waitExposed(dialog)
    return dialog


def test_f1_in_chinese_shows_the_chinese_guide_with_chinese_pictures(qtbot, chinese_app, make_window) -> None:
    dialog = _guide(qtbot, make_window())
    browser = dialog.findChild(QTextBrowser, "guideBrowser")
    plain = browser.toPlainText()
    assert plain.startswith("Timeline Inspector 用户指南")
    assert "修复旧的对话" in plain and "Repair a legacy conversation" not in plain
    assert dialog.findChild(QLabel, "guideLanguage") is None  # no "English only" note over it
    pictures = PICTURE.findall(ZH_GUIDE.read_text(encoding="utf-8"))
    assert pictures and all(p.startswith("guide/zh_CN/") for p in pictures)
    for picture in pictures:
        image = browser.document().resource(QTextDocument.ResourceType.ImageResource, QUrl(picture))
        assert image is not None and not image.isNull(), picture
    assert image_widths(browser) == [GUIDE_IMAGE_WIDTH] * len(pictures)


def test_the_chinese_guide_shows_every_picture_the_english_one_does() -> None:
    english = {p.removeprefix("guide/") for p in PICTURE.findall(GUIDE.read_text(encoding="utf-8"))}
    chinese = {p.removeprefix("guide/zh_CN/") for p in PICTURE.findall(ZH_GUIDE.read_text(encoding="utf-8"))}
    assert chinese == english
    assert all((GUIDE.parent / "guide" / "zh_CN" / name).is_file() for name in chinese)


def test_english_keeps_the_english_guide_and_a_language_without_one_falls_back(
    qtbot, window: MainWindow
) -> None:
    browser = _guide(qtbot, window).findChild(QTextBrowser, "guideBrowser")
    assert browser.toPlainText().startswith("Timeline Inspector user guide")
    assert guide_in("en") == GUIDE and guide_in("xx") == GUIDE and guide_in("zh_CN") == ZH_GUIDE


def _example_lines(browser: QTextBrowser) -> list[str]:
    """The lines of the guide's systemPrompt example as F1 renders them, each
    in a code block of its own line (empty: the example is not shown)."""
    lines, block = [], browser.document().begin()
    while block.isValid():
        if block.blockFormat().hasProperty(QTextFormat.Property.BlockCodeFence) and block.text():
            lines.append(block.text())
        block = block.next()
    return [line for line in lines if "travel planner" in line or "time_context_summary" in line]


EXAMPLE = ["You are a travel planner who keeps track of time.", "Time context: {time_context_summary}"]


def test_f1_shows_the_systemprompt_example_in_english(qtbot, window: MainWindow) -> None:
    assert _example_lines(_guide(qtbot, window).findChild(QTextBrowser, "guideBrowser")) == EXAMPLE


def test_f1_shows_the_systemprompt_example_in_chinese(qtbot, chinese_app, make_window) -> None:
    """The Chinese guide wrote the example on its opening fence line, which
    markdown reads as an empty block: F1 in Chinese showed no example (issue 31 tryout)."""
    browser = _guide(qtbot, make_window()).findChild(QTextBrowser, "guideBrowser")
    assert browser.toPlainText().startswith("Timeline Inspector 用户指南")
    assert _example_lines(browser) == EXAMPLE

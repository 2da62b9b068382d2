"""The small questions (dialogs/questions.py) answered from the keyboard."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDateTimeEdit, QPushButton

from timeline_app.gui.dialogs import questions


def test_a_moment_typed_whole_stays_in_its_field(qtbot) -> None:
    """Tryout views3: typing "2025-09-21 07:00:00" into Pin 'now' closed the
    dialog with the old time: the "-" sent the focus to OK (Qt moves to the
    next part on a separator through ``focusNextPrevChild``, which the field
    had made leave it) and the space pressed OK. Separators move between the
    parts, a separator after a part Qt already left is not a second step
    (the date read 2024-09-08 20:07:05); only Tab leaves."""
    dialog = questions.NowDialog(datetime(2025, 9, 21, 8, 6), None)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    editor = dialog.editor
    editor.setFocus()
    qtbot.waitUntil(editor.hasFocus)
    editor.setCurrentSection(QDateTimeEdit.Section.YearSection)
    editor.setSelectedSection(QDateTimeEdit.Section.YearSection)
    for key in "2024-08-20 07:05:09":
        if key == ":":  # typed with Shift, pressed first on its own (as X sends it)
            qtbot.keyPress(editor, Qt.Key.Key_Shift, Qt.KeyboardModifier.NoModifier)
        qtbot.keyClicks(editor, key)
    assert QApplication.focusWidget() is editor, type(QApplication.focusWidget()).__name__
    assert dialog.isVisible() and dialog.result() == 0
    assert dialog.value() == datetime(2024, 8, 20, 7, 5, 9)
    qtbot.keyClick(editor, Qt.Key.Key_Tab)  # Tab leaves the field whole, not part by part
    assert isinstance(QApplication.focusWidget(), QPushButton)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is editor

"""Message text in rich views with its hidden controls shown, in their own colour.

The markers come from the engine (``core.display.visible_segments``); this
module only paints them, so the table, details and bubbles agree on what a
user sees. Raw views (the JSON, Copy, Export) never come here.
"""

from __future__ import annotations

from PySide6.QtGui import QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit

from ...core.display import visible_segments
from . import colours


def insert_visible(cursor: QTextCursor, text: str, plain: QTextCharFormat) -> None:
    """Insert ``text`` at ``cursor``; each control as a marker in the warning colour."""
    marker = QTextCharFormat(plain)
    marker.setForeground(colours.text_ink(colours.WARNING))
    marker.setToolTip("a hidden or bidirectional control character, shown by its code")
    for part, is_marker in visible_segments(text):
        cursor.insertText(part, marker if is_marker else plain)


def set_visible_text(editor: QPlainTextEdit, text: str) -> None:
    """``setPlainText`` with the controls shown (the editor keeps no format of its own)."""
    editor.clear()
    insert_visible(QTextCursor(editor.document()), text, QTextCharFormat())
    editor.moveCursor(QTextCursor.MoveOperation.Start)

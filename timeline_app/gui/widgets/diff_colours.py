"""Colours for a unified diff shown as text: added lines green, removed lines red."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette, QSyntaxHighlighter, QTextCharFormat, QTextDocument
from PySide6.QtWidgets import QApplication

from . import colours

TINT = 0.28  # how much of the colour goes into the line's background


def tinted(colour: QColor, base: QColor, amount: float = TINT) -> QColor:
    """``colour`` mixed into ``base``: a line background light or dark like the
    view's, so the text colour on it keeps its contrast in either theme."""
    return QColor.fromRgbF(
        base.redF() + (colour.redF() - base.redF()) * amount,
        base.greenF() + (colour.greenF() - base.greenF()) * amount,
        base.blueF() + (colour.blueF() - base.blueF()) * amount,
    )


class DiffHighlighter(QSyntaxHighlighter):
    """Added lines on a green, removed lines on a red background; the ``+`` and
    ``-`` stay in the text, so the colour only repeats what the text says
    (readable without colour vision). The file headers (``---``/``+++``) and
    hunk lines are left plain."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        base = QApplication.palette().color(QPalette.ColorRole.Base)
        self.added = QTextCharFormat()
        self.added.setBackground(tinted(colours.OK, base))
        self.removed = QTextCharFormat()
        self.removed.setBackground(tinted(colours.WARNING, base))

    def highlightBlock(self, text: str) -> None:
        if text.startswith(("+++", "---")):
            return
        if text.startswith("+"):
            self.setFormat(0, len(text), self.added)
        elif text.startswith("-"):
            self.setFormat(0, len(text), self.removed)

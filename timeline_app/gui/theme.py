"""Colours (Okabe-Ito, readable with colour-blindness on light and dark) and the
one helper that keeps user text plain in tooltips."""

from __future__ import annotations

import html

from PySide6.QtGui import QColor

from ..core.display import clip_text, visible_text

USER = QColor("#0072B2")
ASSISTANT = QColor("#E69F00")
OTHER = QColor("#999999")
WARNING = QColor("#D55E00")
OK = QColor("#009E73")
PLACEHOLDER = QColor("#CC79A7")


def role_colour(role: str) -> QColor:
    lowered = role.lower()
    if lowered == "user":
        return USER
    if lowered == "assistant":
        return ASSISTANT
    return OTHER


def plain_tooltip(text: str) -> str:
    """Tooltips guess rich text from their content; escaping it inside an
    explicit rich-text wrapper makes any message show literally. Long text is
    cut (a megabyte message must not fill the screen) and hidden controls are
    shown as markers, as in every human view."""
    return f"<p style='white-space:pre-wrap'>{html.escape(visible_text(clip_text(text)))}</p>"

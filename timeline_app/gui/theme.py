"""Colours (Okabe-Ito, readable with colour-blindness on light and dark) and the
one helper that keeps user text plain in tooltips."""

from __future__ import annotations

import html

from PySide6.QtGui import QColor

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
    explicit rich-text wrapper makes any message show literally."""
    return f"<p style='white-space:pre-wrap'>{html.escape(text)}</p>"

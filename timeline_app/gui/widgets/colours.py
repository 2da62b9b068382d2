"""Colours (Okabe-Ito, readable with colour-blindness on light and dark) and the
one helper that keeps user text plain in tooltips."""

from __future__ import annotations

import html

from PySide6.QtGui import QColor

from ...core.display import clip_text, visible_text

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


def contrast_ratio(first: QColor, second: QColor) -> float:
    """WCAG's contrast of two colours (1 to 21; 4.5 is the least for text)."""

    def luminance(colour: QColor) -> float:
        channels = [c / 255 for c in (colour.red(), colour.green(), colour.blue())]
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def text_on(background: QColor) -> QColor:
    """Black or white, whichever reads better on ``background``: white on the
    Okabe-Ito pink, orange and green is 3-3.9:1, black 5.4-6.9:1."""
    black, white = QColor("#000000"), QColor("#ffffff")
    return max((black, white), key=lambda text: contrast_ratio(text, background))


def plain_tooltip(text: str) -> str:
    """Tooltips guess rich text from their content; escaping it inside an
    explicit rich-text wrapper makes any message show literally. Long text is
    cut (a megabyte message must not fill the screen) and hidden controls are
    shown as markers, as in every human view."""
    return f"<p style='white-space:pre-wrap'>{html.escape(visible_text(clip_text(text)))}</p>"

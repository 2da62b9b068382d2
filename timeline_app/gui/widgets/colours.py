"""Colours (Okabe-Ito, readable with colour-blindness on light and dark) and the
one helper that keeps user text plain in tooltips."""

from __future__ import annotations

import functools
import html

from PySide6.QtGui import QColor, QGuiApplication, QPalette

from ...core.display import clip_text, visible_text
from ...core.records import frozen

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


# WCAG 1.4.11 asks 3:1 of graphical objects; the hollow marks are 1.5 px
# outlines whose smoothed edges blend into the background, so the colours aim higher
MARK_CONTRAST = 3.5
TEXT_CONTRAST = 4.5  # WCAG 1.4.3: text in these colours (table cells, headings, "pending reply")


def against(colour: QColor, background: QColor, least: float = MARK_CONTRAST) -> QColor:
    """``colour``'s hue and saturation, made lighter on a dark background (or
    darker on a light one) until it has ``least`` contrast against it. The
    Okabe-Ito blue is 3.2:1 on the dark strip (it read as dark-blue on
    near-black), the orange 2.3:1 and the grey 2.9:1 on the light one."""
    adjusted = QColor(colour)
    hue, saturation, lightness, alpha = adjusted.getHslF()
    step = 0.005 if background.lightness() < 128 else -0.005
    while contrast_ratio(adjusted, background) < least and 0 < lightness < 1:
        lightness = min(1.0, max(0.0, lightness + step))
        adjusted = QColor.fromHslF(hue, saturation, lightness, alpha)
    return adjusted


@frozen
class Inks:
    """The colours the strip and its legend draw marks with on one background."""

    user: QColor
    assistant: QColor
    other: QColor
    warning: QColor
    placeholder: QColor

    def role(self, role: str) -> QColor:
        lowered = role.lower()
        return self.user if lowered == "user" else self.assistant if lowered == "assistant" else self.other


@functools.lru_cache(maxsize=8)
def _inks(background: int) -> Inks:
    base = QColor.fromRgb(background)
    return Inks(*(against(c, base) for c in (USER, ASSISTANT, OTHER, WARNING, PLACEHOLDER)))


def text_ink(colour: QColor, background: QColor | None = None) -> QColor:
    """``colour`` for text: ``TEXT_CONTRAST`` against ``background``, by
    default against both row colours of the app's views (Base and
    AlternateBase). The table's "assistant" was Okabe-Ito orange on white,
    2.3:1, and "untracked" 3.9:1; text needs 4.5:1."""
    if background is not None:
        return _text_ink(colour.rgba(), background.rgb())
    palette = QGuiApplication.palette()
    rows = (palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.AlternateBase))
    # both backgrounds light or both dark: the second step goes on the way the first went
    return _text_ink(_text_ink(colour.rgba(), rows[0].rgb()).rgba(), rows[1].rgb())


@functools.lru_cache(maxsize=64)
def _text_ink(colour: int, background: int) -> QColor:
    return against(QColor.fromRgba(colour), QColor.fromRgb(background), TEXT_CONTRAST)


def over(colour: QColor, alpha: int, background: QColor) -> QColor:
    """``colour`` at ``alpha`` (0-255) painted over ``background``: what a tint shows."""
    share = alpha / 255
    pairs = zip(colour.getRgb()[:3], background.getRgb()[:3], strict=True)
    return QColor(*(round(a * share + b * (1 - share)) for a, b in pairs))


def inks_on(background: QColor) -> Inks:
    """The mark colours for ``background`` (made once per background)."""
    return _inks(background.rgb())


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

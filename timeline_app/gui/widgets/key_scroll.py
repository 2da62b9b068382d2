"""A scrolling place for text that the keyboard reaches when it hides some.

Several views keep text in a place of fixed height (the Recordings
comparison's account, the Details notes, the Simulate consequences) so that
a longer text does not move what is under it; what did not fit was shown in a
tooltip or by the mouse wheel only, which no key reaches (tryout, keyboard
only). This area is a Tab stop exactly while its content is taller than it:
the arrow and page keys scroll it, and it draws the focus frame every Tab
stop draws. While everything shows it is no stop (nothing to reach there).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QFocusEvent, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QScrollArea, QStyleOption, QWidget

from .palettes import focus_frame
from .text_lines import wrapped_lines

FRAME = 2  # px around the content for the focus frame
REFITS = 3  # rounds of ``fit_lines`` at most when fitting resized the label again


def line_bands(content: QWidget) -> list[tuple[float, float]]:
    """The top and bottom of every line ``content`` draws, in its own
    coordinates: a wrapping label's each line (``line_bands``), any other
    shown widget as one line."""
    bands: list[tuple[float, float]] = []
    for child in content.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
        if not child.isVisible() or child.height() <= 0:
            continue
        y = float(child.y())
        own = getattr(child, "line_bands", None)
        parts = own() if callable(own) else [(0.0, float(child.height()))]
        bands += [(y + top, y + bottom) for top, bottom in parts]
    return bands


class _CutCover(QWidget):
    """Over the area's viewport: a line the viewport's top or bottom edge
    cuts is covered with the background, so the area shows whole lines or
    none (issue 31: Details at the smallest window in Chinese showed "哈希"
    and the top half of "存储的值"); the scroll bar says there is more."""

    def __init__(self, area: KeyScrollArea) -> None:
        super().__init__(area.viewport())
        self._area = area
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def covered(self) -> tuple[float, float]:
        """How much of the viewport's top and bottom is covered, in px."""
        content, height = self._area.widget(), float(self.height())
        shift = float(content.y())  # the content's top in the viewport (<= 0 once scrolled)
        top, bottom = 0.0, height
        for first, last in line_bands(content):
            first, last = first + shift, last + shift
            if first < 0 < last:
                top = max(top, min(last, height))
            if first < height < last:
                bottom = min(bottom, max(first, 0.0))
        return top, height - bottom

    def paintEvent(self, event: QPaintEvent) -> None:
        top, bottom = self.covered()
        if not top and not bottom:
            return
        viewport = self._area.viewport()
        colour = viewport.palette().color(viewport.backgroundRole())
        painter = QPainter(self)
        painter.fillRect(QRectF(0, 0, self.width(), top), colour)
        painter.fillRect(QRectF(0, self.height() - bottom, self.width(), bottom), colour)
        painter.end()


class KeyScrollArea(QScrollArea):
    """``widget`` resized to the area's width, scrolled down only."""

    def __init__(self, widget: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidget(widget)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setViewportMargins(FRAME, FRAME, FRAME, FRAME)  # room for the focus frame
        self.verticalScrollBar().rangeChanged.connect(self._range_changed)

    def hide_cut_lines(self) -> None:
        """Cover a line the viewport's edges cut (``_CutCover``): for content
        of several widgets, whose lines no height of the area keeps whole at
        every scroll position (``keep_whole_lines`` is for one label)."""
        self._cover = cover = _CutCover(self)
        self.viewport().installEventFilter(self)
        self.widget().installEventFilter(self)
        self.verticalScrollBar().valueChanged.connect(cover.update)
        cover.setGeometry(self.viewport().rect())
        cover.raise_()

    def keep_whole_lines(self, most: int, least: int) -> None:
        """Between ``least`` and ``most`` lines of its label high, in whole
        lines as they are drawn: the first lines of the label's text at its
        width, each as high as its own glyphs' font makes it. A height from
        the widget font's line spacing fell between lines in Chinese (its
        glyphs come from another font, with other spacing): the Recordings
        comparison drew a fifth line cut through the middle. Measured anew
        whenever the label is resized (its text or width changed)."""
        self._lines = (most, least)
        self.widget().installEventFilter(self)
        self.fit_lines()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.widget():
            self.fit_lines()
        cover = getattr(self, "_cover", None)
        if cover is not None and event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            if watched is self.viewport():
                cover.setGeometry(self.viewport().rect())
            cover.raise_()
            cover.update()
        return False

    def fit_lines(self) -> None:
        """The height ``keep_whole_lines`` asks for, for the label's text now.
        Not again from within itself: its new height resized the area, whose
        scroll bar came or went, which resized the label, which fitted it
        again at the other width, without end; the Chinese window crashed
        (a stack overflow) picking a recorded request at 1024x700. A fit
        asked meanwhile is done after, at most ``REFITS`` times."""
        if getattr(self, "_fitting", False):
            self._refit = True
            return
        self._fitting = True
        try:
            for _ in range(REFITS):
                self._refit = False
                self._fit_lines()
                if not self._refit:
                    break
        finally:
            self._fitting = False

    def _fit_lines(self) -> None:
        label = self.widget()
        if not isinstance(label, QLabel) or not hasattr(self, "_lines"):
            return
        most, least = self._lines
        width = label.contentsRect().width() if label.width() > 1 else self.viewport().width()
        lines = wrapped_lines(label.text() or " ", label.font(), max(1, width), most=most)
        heights = [line.height for line in lines[:most]]
        heights += [heights[-1]] * (most - len(heights))  # a shorter text: room as if it went on
        self._heights = heights
        spacing = 2 * FRAME + label.contentsMargins().top() + label.contentsMargins().bottom()
        self.setMaximumHeight(round(sum(heights)) + spacing)
        self.setMinimumHeight(round(sum(heights[:least])) + spacing)
        self._trim()

    def _trim(self) -> None:
        """The room below the last whole line in view left blank: a layout
        gives the area any height between its least and its most, and the
        line under the last whole one showed cut through the middle."""
        heights = getattr(self, "_heights", None)
        if not heights:
            return
        label = self.widget()
        room = self.height() - 2 * FRAME - label.contentsMargins().top() - label.contentsMargins().bottom()
        shown = 0.0
        for height in heights:
            if shown + height > room:
                break
            shown += height
        spare = max(0, room - round(shown)) if shown else 0
        if self.viewportMargins().bottom() != FRAME + spare:
            self.setViewportMargins(FRAME, FRAME, FRAME, FRAME + spare)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._trim()

    @property
    def hides_some(self) -> bool:
        """Whether some of the content is out of view (the area scrolls)."""
        return self.verticalScrollBar().maximum() > 0

    def _range_changed(self, low: int, high: int) -> None:
        scrolls = high > low
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if scrolls else Qt.FocusPolicy.NoFocus)
        if not scrolls and self.hasFocus():
            self.focusNextChild()  # nothing more to reach here

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.Paint and self.hasFocus():
            painter = QPainter(self)
            option = QStyleOption()
            option.initFrom(self)
            focus_frame(painter, option, self.rect())
            painter.end()
        return handled

"""A one-line label that ends in "…" when it is narrower than its text.

The status bar's counts give way to the progress of background work and
the files' names; cut by the label's edge they read as wrong values
("file opened 20:4", tryout). Elided, the text says that more follows, and
``text()`` still holds all of it (the tool tip says it whole).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QLabel,
    QSizePolicy,
    QStyle,
    QStyleOption,
    QStyleOptionToolButton,
    QStylePainter,
    QToolButton,
)


class ElidedLabel(QLabel):
    """Plain text on one line, elided at the end when it does not fit; the
    ``short`` forms, when given, are shown instead (the first that fits)
    before anything is elided."""

    def __init__(self, least_ems: int = 0, breaks: str = "") -> None:
        """``least_ems``: the characters its minimum width keeps (0: all of
        them, as a QLabel): a label that gives way asks for only some.
        ``breaks``: where the briefest form may go on a next line when no
        form fits on one (the label grows a line taller, never wider): the
        status bar's counts of a 100,000-message discussion were cut at
        1024 px ("… 2,222 stored ti…", issue 31)."""
        super().__init__()
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._short: tuple[str, ...] = ()
        self._least_ems = least_ems
        self._breaks = breaks
        self._may_break = True  # ``allow_breaks``
        self._lines = 1  # the lines its height was last fitted to (``_fit_lines``)
        self._most: int | None = None  # ``break_within``
        # its forms' widths, measured once a text and font (each paint and
        # layout asks whether each form fits, at two widths when ``break_within``)
        self._advances: dict[str, int] = {}

    def _advance(self, text: str) -> int:
        width = self._advances.get(text)
        if width is None:
            if len(self._advances) > 64:
                self._advances.clear()
            width = self._advances[text] = self.fontMetrics().horizontalAdvance(text)
        return width

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._advances.clear()
        super().changeEvent(event)

    def break_within(self, pixels: int | None) -> None:
        """The most of its width it is judged and broken into lines at (None:
        all of it), whatever width the layout gives it for a moment: the
        status bar's counts are broken as if the progress of work beside them
        were there, so that their lines, and the status bar's height, do not
        change when work starts or ends nor when a passing notice takes
        some of their width (issue 29: the status bar grew a line while the
        100k discussion loaded and shrank after, and the table was relaid
        twice). Whether it goes on lines, and where, is judged at that
        width; each line is elided at its own, and the form shown on one
        line is the longest its own width holds."""
        if pixels != self._most:
            self._most = pixels
            self._fit_lines()
            self.update()

    def room(self) -> int:
        """The width its lines are judged at (``break_within``; else its own)."""
        return self.contentsRect().width() if self._most is None else max(0, self._most)

    def least_width(self, width: int) -> int:
        """The width its briefest form takes, on the lines it breaks into at
        ``width`` (whatever ``allow_breaks`` says now), margins included."""
        margins = self.contentsMargins()
        metrics, brief = self.fontMetrics(), (self._short[-1] if self._short else self.text())
        lines = self._broken(brief, width) if self._breaks else [brief]
        return max(map(metrics.horizontalAdvance, lines)) + margins.left() + margins.right()

    def minimumSizeHint(self) -> QSize:
        """Some of the text in the shortest status bar, when ``least_ems``
        says how much: a QLabel asks for its whole text, and a long path
        widened the window's minimum."""
        hint = super().minimumSizeHint()
        if not self._least_ems:
            return hint
        least = self._least_ems * self.fontMetrics().averageCharWidth() + self.contentsMargins().left()
        return QSize(min(hint.width(), least + self.contentsMargins().right()), hint.height())

    def set_texts(self, text: str, *short: str) -> None:
        """``text``, or the first of ``short`` that fits (the same said ever
        more briefly; the last one elided when none fits)."""
        self._short = tuple(form for form in short if form)
        self.setText(text)
        self.update()  # the same text with another short form

    def forms(self) -> tuple[str, ...]:
        """The text and its short forms, longest first."""
        return (self.text(), *self._short)

    def _fits(self, text: str, width: int | None = None) -> bool:
        """Whether ``text`` fits its width (or ``width``)."""
        width = self.contentsRect().width() if width is None else width
        return all(self._advance(line) <= width for line in text.split("\n"))

    def is_elided(self) -> bool:
        """Whether the text is not shown whole (a short form or elided)."""
        return not self._fits(self.text())

    def elided(self) -> bool:
        """Whether even its briefest form is cut with "…" (on its lines, when
        it ``breaks``): what it says is lost."""
        if self._breaking():
            return not self._fits("\n".join(self.broken(self.room())))
        return not any(self._fits(form) for form in self.forms())

    def _breaking(self) -> bool:
        """Whether it goes on lines now: it may, and no form fits its ``room`` on one."""
        if not self._breaks or not self._may_break or not self.isVisible():
            return False
        room = self.room()
        return not any(self._fits(form, room) for form in self.forms())

    def allow_breaks(self, may: bool) -> None:
        """Whether the label may go on a next line now (its owner knows: not
        beside what would be cut by it), else it is elided on one."""
        if may != self._may_break:
            self._may_break = may
            self._fit_lines()
            self.update()

    def broken(self, width: int) -> list[str]:
        """The briefest form on as few lines of ``width`` as hold it, each
        line ending at a ``breaks`` (a part wider than a line alone on its
        own); one line when it has no ``breaks`` or fits."""
        brief = self._short[-1] if self._short else self.text()
        if not self._breaks or not self._may_break or not self.isVisible():  # laid out: its width is its own
            return [brief]
        return self._broken(brief, width)

    def _broken(self, brief: str, width: int) -> list[str]:
        metrics, lines = self.fontMetrics(), [""]
        for part in brief.split(self._breaks):
            longer = f"{lines[-1]}{self._breaks}{part}" if lines[-1] else part
            # a line that goes on ends in the mark (" ·"): measured with it
            if lines[-1] and metrics.horizontalAdvance(longer + self._breaks.rstrip()) > width:
                lines[-1] = lines[-1] + self._breaks.rstrip()
                lines.append(part)
            else:
                lines[-1] = longer
        return lines

    def shown_text(self) -> str:
        """What is painted: the text, its short form, the briefest on several
        lines (``breaks``), or elided."""
        width, metrics = self.contentsRect().width(), self.fontMetrics()
        if self._breaking():
            lines = self.broken(self.room())
            return "\n".join(metrics.elidedText(line, Qt.TextElideMode.ElideRight, width) for line in lines)
        for form in self.forms():
            if self._fits(form):
                return form
        brief = self._short[-1] if self._short else self.text()
        return metrics.elidedText(brief, Qt.TextElideMode.ElideRight, width)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_lines()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit_lines()

    def setText(self, text: str) -> None:
        super().setText(text)
        self._fit_lines()

    def _fit_lines(self) -> None:
        """As tall as the lines ``shown_text`` breaks the text into."""
        if not self._breaks:
            return
        lines = self.shown_text().count("\n") + 1
        if lines == self._lines:
            return
        self._lines = lines
        margins = self.contentsMargins()
        height = lines * self.fontMetrics().lineSpacing() + margins.top() + margins.bottom()
        self.setMinimumHeight(height if lines > 1 else 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.is_elided():
            super().paintEvent(event)
            return
        rect = self.contentsRect()
        shown = self.shown_text()
        option = QStyleOption()
        option.initFrom(self)
        painter = QPainter(self)
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        palette, role = option.palette, self.foregroundRole()
        self.style().drawItemText(painter, rect, flags, palette, self.isEnabled(), shown, role)


class ElidedButton(QToolButton):
    """A tool button whose text ends in "…" when it is given less than its
    text's width: the status bar's option chips gave way to nothing and cut
    the counts beside them at 1024 px (issue 31 tryout). It asks for its
    whole text (``sizeHint``) but can be squeezed down to ``least_ems``
    characters; its tooltip should hold the whole."""

    def __init__(self, least_ems: int = 6) -> None:
        super().__init__()
        self._least_ems = least_ems
        self._hinting = False  # sizeHint asks initStyleOption: the whole text then
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def minimumSizeHint(self) -> QSize:
        hint = self.sizeHint()
        metrics = self.fontMetrics()
        cut = max(0, metrics.horizontalAdvance(self.text()) - self._least_ems * metrics.averageCharWidth())
        return QSize(hint.width() - cut, hint.height())

    def shown_text(self) -> str:
        """What is painted: the text, or as much of it as fits with "…"."""
        option = QStyleOptionToolButton()
        self.initStyleOption(option)
        return option.text

    def sizeHint(self) -> QSize:
        self._hinting = True
        try:
            return super().sizeHint()
        finally:
            self._hinting = False

    def initStyleOption(self, option: QStyleOptionToolButton) -> None:
        super().initStyleOption(option)
        if self._hinting:
            return
        short = self.sizeHint().width() - self.width()
        if short <= 0:  # given its whole width: whole (elidedText measured "✕" a fraction wider than
            return  # its advance and cut "… Europe/Berlin ✕" at 1920 px, issue 31)
        room = self.fontMetrics().horizontalAdvance(self.text()) - short
        option.text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, max(room, 0))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionToolButton()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ToolButton, option)

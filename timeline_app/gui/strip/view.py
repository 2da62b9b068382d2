"""The timeline strip: every message as a mark on a (warped) real-time axis.

Custom painted, no per-row widgets: a paint visits only the marks inside the
visible range (bisect on the precomputed layout). Selection is the table's
selection model, mapped through the filter proxy, so both views always agree.
"""

from __future__ import annotations

import bisect
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QItemSelectionModel,
    QModelIndex,
    QPointF,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QWheelEvent,
)
from PySide6.QtWidgets import QSizePolicy, QStyleOption, QToolTip, QWidget

from ...core.context import Style
from ...core.display import axis_label, first_line
from ...core.history import FileHistory, said_on_clock, state_on_clock
from ...core.timeline import Flag, Status, Timeline, same_messages
from ..tables.timeline import TimelineTableModel, role_label
from ..widgets import colours
from ..widgets.palettes import focus_frame
from ..widgets.text_lines import wrapped_lines
from ..wording import Counted, fill, gap_units, say
from .layout import (
    BREAK_SECONDS,
    DENSE_HOLLOW,
    DENSE_LATE,
    DENSE_STORED,
    LANE_ASSISTANT,
    LANE_OTHER,
    LANE_USER,
    StripLayout,
    label_spans,
    pixel_columns,
    scale_ratios,
    styled,
    zigzag,
)
from .marks import STATE_SIZE, paint_mark, paint_state, state_polygon

OTHER_LANE = QT_TRANSLATE_NOOP("TimelineStrip", "other")  # system and any other role
ZOOM_IN_KEYS = (Qt.Key.Key_Plus, Qt.Key.Key_Equal)
ZOOM_OUT_KEYS = (Qt.Key.Key_Minus,)
FIT_KEYS = (Qt.Key.Key_0,)
ZOOM_STEP = 1.5  # one key's zoom
STEP_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right)
END_KEYS = (Qt.Key.Key_Home, Qt.Key.Key_End)
# the strip's own keys (it has the focus), as the shortcut list names them
STRIP_KEYS: tuple[tuple[str, tuple[Qt.Key, ...]], ...] = (
    (QT_TRANSLATE_NOOP("TimelineStrip", "Timeline: zoom in"), ZOOM_IN_KEYS),
    (QT_TRANSLATE_NOOP("TimelineStrip", "Timeline: zoom out"), ZOOM_OUT_KEYS),
    (QT_TRANSLATE_NOOP("TimelineStrip", "Timeline: show the whole history"), FIT_KEYS),
    (QT_TRANSLATE_NOOP("TimelineStrip", "Timeline: previous / next shown row"), STEP_KEYS),
    (QT_TRANSLATE_NOOP("TimelineStrip", "Timeline: first / last shown row"), END_KEYS),
)
TOP = 30.0
LANE_HEIGHT = 28.0  # a lane's height when the strip has its preferred height
MIN_LANE_HEIGHT = 16.0  # ... and when a small window takes the strip down for the table's rows
ZIGZAG_SPACING = 9.0  # px between two drawn break marks (a zig-zag is 6 px wide)
TICK_HEIGHT = 5.0  # px of a break's mark when its gap is not named (no room)
AXIS_ROWS = 2  # under the lanes: the gaps' labels, then the axis' times
LEFT = 74.0
MARK_WIDTH = 5.0
DIMMED_ALPHA = 45  # a mark the table's filter hides, in either paint
STATE_SPACING = 2.0  # px: history states closer than this share one mark
ZOOM_MIN, ZOOM_MAX = 1e-6, 400.0  # a whole year of 100k messages must fit

# the strip's spacing, said by its caption's tooltip and the legend (issue 31)
SCALE_STATEMENT = QT_TRANSLATE_NOOP(
    "TimelineStrip",
    'Not to scale (the strip\'s "log scale"): between breaks, the space from one time to '
    "the next grows with the logarithm of the gap: 1 min is drawn about %1 times as wide "
    "as 1 s, 1 h about %2 times (not 60 and 3,600 times); a silence over %3 h is a zig-zag "
    "break of fixed width. Read any gap exactly in the table's Gap column",
)


def scale_statement() -> str:
    """The rule the marks are placed by in the user's language, with the
    figures the layout draws (``layout.scale_ratios``)."""
    text = QCoreApplication.translate("TimelineStrip", SCALE_STATEMENT)
    return fill(text, *scale_ratios(), round(BREAK_SECONDS / 3600))


CAPTION_LINES = 2  # the most lines the caption over the lanes takes
CAPTION_GAP = 12  # px at least between the axis caption and the zoom caption on its line


def caption_lines(text: str, font: QFont, width: int) -> list[str] | None:
    """``text`` broken into lines ``width`` px wide in ``font`` where Unicode
    allows (at spaces, between Chinese characters), or None when it needs
    more than ``CAPTION_LINES`` (or a word is wider than a line)."""
    lines = wrapped_lines(text, font, width, most=CAPTION_LINES)
    if len(lines) > CAPTION_LINES or any(line.width > width for line in lines):
        return None
    return [line.text.rstrip() for line in lines]


class TimelineStrip(Counted, QWidget):
    """Emits ``rowActivated(source_row)`` when the user picks a mark."""

    rowActivated = Signal(int)
    zoomChanged = Signal(float)

    def __init__(self, model: TimelineTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._layout = StripLayout()
        self._messages_layout = self._layout  # as set, before the axis was carried on to the history's states
        self._inks = colours.inks_on(self.palette().color(QPalette.ColorRole.Base))  # set again each render
        self._zoom = 1.0
        self._offset = 0.0  # zoomed px scrolled off the left
        self._auto_fit = True  # until the user zooms or pans, resizing refits
        self._selected: set[int] = set()
        self._current: int | None = None
        self._reset_current: int | None = None  # the current row a model reset cleared (``set_layout``)
        self._timeline: Timeline | None = None  # what the layout shown was laid out from
        self._static = QPixmap()
        self._static_key: tuple[Any, ...] | None = None
        self._drag_from: QPointF | None = None
        self._selection_model: QItemSelectionModel | None = None
        self._proxy: Any = None
        self._filter_version = 0  # the proxy's filter_version the static layer shows
        self._shown_xs: tuple[tuple[int, int], dict[int, list[float]] | None] | None = None
        self._history: FileHistory | None = None  # the file's own history: its states on the axis
        self._history_state: int | None = None  # the state the History panel selects
        self._history_session: Any = None  # what ``follow_history`` follows
        self._state_xs: list[tuple[float, int] | None] = []
        self._state_xs_of: tuple[int, int, int] | None = None  # (layout, history, discussion) they are of
        self._zigzag_xs: list[float] = []  # the static layer's zig-zags and gap names (widget coordinates)
        self._gap_boxes: list[QRectF] = []
        self._axis_labels: list[tuple[QRectF, str]] = []  # the axis' time labels drawn
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self._axis = AXIS_ROWS * self.fontMetrics().height() + 4  # in the language's font
        self._top = TOP  # the band over the lanes: one more line for a caption on two
        self._fit_heights()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName(self.tr("Timeline strip"))
        model.modelReset.connect(self._model_reset)
        model.dataChanged.connect(lambda *_: self.update())

    @staticmethod
    def lane_labels() -> list[str]:
        """The lanes' names as painted left of the marks, in the user's language."""
        return [
            role_label("user"),
            role_label("assistant"),
            QCoreApplication.translate("TimelineStrip", OTHER_LANE),
        ]

    def sizeHint(self) -> QSize:
        return QSize(800, int(self._top + 3 * LANE_HEIGHT + self._axis))

    # -- wiring --------------------------------------------------------------
    def set_selection_model(self, selection: QItemSelectionModel, proxy: Any) -> None:
        """Share the table's selection (proxy indexes) with the strip."""
        self._selection_model = selection
        self._proxy = proxy
        selection.selectionChanged.connect(self._selection_changed)
        selection.currentRowChanged.connect(self._selection_changed)
        proxy.layoutChanged.connect(self._filter_changed)

    def _filter_changed(self) -> None:
        """The table's filter changed: marks it hides are drawn dimmed. A new
        sort order alone changes no mark: the 100k marks are not drawn again."""
        if self._filter_state() != self._filter_version:
            self.update()

    def _filter_state(self) -> int:
        """The proxy's count of changes to what it accepts (0 without one)."""
        return int(getattr(self._proxy, "filter_version", 0))

    def is_dimmed(self, row: int) -> bool:
        """The table's filter hides this row."""
        return self._proxy is not None and not self._proxy.accepts_source_row(row)

    def shown_xs(self) -> dict[int, list[float]] | None:
        """Per lane, the unzoomed xs of the rows the table's filter shows,
        ascending (None: it shows every row): a zoomed-out paint dims the
        pixel columns with none of them. Made once per filter change and
        layout from the proxy's accepted rows, O(n log n); the dense paint
        ignored the filter, so at 100k "0 of 100,000 shown" left every mark
        at full strength (tryout, issue 31)."""
        key = (self._filter_state(), id(self._layout))
        if self._shown_xs is not None and self._shown_xs[0] == key:
            return self._shown_xs[1]
        proxy, layout = self._proxy, self._layout
        shown: dict[int, list[float]] | None = None
        if proxy is not None and proxy.active:
            shown = {LANE_USER: [], LANE_ASSISTANT: [], LANE_OTHER: []}
            xs, lanes, count = layout.xs, layout.lanes, len(layout.xs)
            for row in proxy.accepted_rows():
                if row < count and (x := xs[row]) is not None:
                    shown[lanes[row]].append(x)
            for lane_xs in shown.values():
                lane_xs.sort()
        self._shown_xs = (key, shown)
        return shown

    def _selection_changed(self, *_: Any) -> None:
        if self._selection_model is None:
            return
        rows = {self._proxy.mapToSource(i).row() for i in self._selection_model.selectedRows()}
        current = self._selection_model.currentIndex()
        self._selected = rows
        self._current = self._proxy.mapToSource(current).row() if current.isValid() else None
        if self._current is not None:
            self.ensure_visible(self._current)
        self.update()

    def _model_reset(self) -> None:
        self._reset_current = self._current
        self._selected, self._current = set(), None
        if self._model.discussion is None:
            self.set_layout(StripLayout())

    @property
    def strip_layout(self) -> StripLayout:
        return self._layout

    def set_layout(self, layout: StripLayout, *, keep_view: bool = False) -> None:
        """Show a layout computed off the GUI thread (``strip_layout.layout_for``)
        of the model's timeline. With ``keep_view`` (the same rows, more
        after them), or when the model shows the same messages as before
        with other times (an edit, its undo), a zoom the person chose stays,
        and so does the stretch of time in view: the current message where
        it was on screen, else the middle; otherwise the strip fits again.
        The axis is carried on to the history's states after the messages."""
        self._messages_layout = layout
        self._set_layout(self._with_states(styled(layout, self._model.style)), keep_view=keep_view)

    def restyle(self) -> None:
        """The table's style changed: the CST style places the marks at the
        times its labels show (the transcript's own, ``StripLayout.cst``)
        where they differ from the file's, as the table shows them; the
        time in view stays where it can."""
        shown = styled(self._messages_layout, self._model.style)
        if shown.for_cst != self._layout.for_cst:
            self._set_layout(self._with_states(shown))
        self.update()

    def _set_layout(self, layout: StripLayout, *, keep_view: bool = False) -> None:
        earlier, self._layout = self._layout, layout
        # what the axis places, then its scale: each a statement of its own line
        self.setAccessibleDescription(
            "\n".join(filter(None, (self.axis_statement(), self.scale_statement())))
        )
        self._fit_band()
        current = self._current if self._current is not None else self._reset_current
        self._reset_current = None
        timeline, shown = self._model.timeline, self._timeline
        self._timeline = timeline
        retimed = timeline is not None and shown is not None and same_messages(timeline, shown)
        if (keep_view or retimed) and not self._auto_fit:
            self._keep_in_place(earlier, current)
            self._clamp()
            self.update()
        else:
            self.fit()

    def _keep_in_place(self, earlier: StripLayout, current: int | None) -> None:
        """Scroll so that the time the person looked at in ``earlier`` (at the
        current message when it was on screen, else in the middle) is where
        it was: an edit's other times move the axis under it."""
        half = self._plot_width() / 2 / self._zoom
        middle = self._layout_x(LEFT + 8.0) + half
        row_x = earlier.xs[current] if current is not None and current < len(earlier.xs) else None
        focus = row_x if row_x is not None and abs(row_x - middle) <= half else middle
        kept = earlier.kept_time(self._layout, focus, half)
        if kept is not None:
            self._offset += (kept[1] - kept[0]) * self._zoom

    # -- geometry -----------------------------------------------------------
    @property
    def zoom(self) -> float:
        return self._zoom

    def _plot_width(self) -> float:
        return max(40.0, self.width() - LEFT - 40.0)

    def _screen_x(self, x: float) -> float:
        return LEFT + 8.0 + x * self._zoom - self._offset

    def _layout_x(self, screen_x: float) -> float:
        return (screen_x - LEFT - 8.0 + self._offset) / self._zoom

    def lane_height(self) -> float:
        """Lanes share what the strip has beyond the run labels and the axis:
        in a small window the strip gives the table rows (down to
        ``MIN_LANE_HEIGHT``), never more than ``LANE_HEIGHT`` when it is taller."""
        return min(LANE_HEIGHT, max(MIN_LANE_HEIGHT, (self.height() - self._top - self._axis) / 3))

    def _lane_top(self, lane: int) -> float:
        return self._top + lane * self.lane_height()

    def _clamp(self) -> None:
        content = self._layout.width * self._zoom
        self._offset = min(max(self._offset, -8.0), max(0.0, content - self._plot_width() + 8.0))

    def _whole_zoom(self) -> float:
        """The zoom that shows the whole timeline in the plot's width."""
        width = self._layout.width
        return min(ZOOM_MAX, max(ZOOM_MIN, self._plot_width() / width)) if width > 0 else 1.0

    def fit(self) -> None:
        self._auto_fit = True
        self._zoom = self._whole_zoom()
        self._offset = 0.0
        self._clamp()
        self.zoomChanged.emit(self._zoom)
        self.update()

    def zoom_by(self, factor: float, anchor_x: float | None = None) -> None:
        """Zoom around ``anchor_x``; never out beyond the whole timeline: a
        zoom out at the whole view squeezed the strip to 60 % of its width
        with the right side left empty (tryout). Reaching the whole view is
        a fit, which a resize keeps."""
        whole = self._whole_zoom()
        if self._zoom * factor <= whole:
            self.fit()
            return
        self._auto_fit = False
        anchor = self.width() / 2 if anchor_x is None else anchor_x
        before = self._layout_x(anchor)
        self._zoom = min(ZOOM_MAX, max(whole, self._zoom * factor))
        self._offset = LEFT + 8.0 + before * self._zoom - anchor
        self._clamp()
        self.zoomChanged.emit(self._zoom)
        self.update()

    def zoom_on_current(self, factor: float) -> None:
        """A key's zoom keeps the selected message where it is on screen (the
        widget's middle moved it out of view, tryout), or brings it into view;
        with none selected, the middle stays."""
        row = self._focus_row()
        rect = self.mark_rect(row) if row is not None else None
        on_screen = rect is not None and LEFT <= rect.center().x() <= self.width()
        self.zoom_by(factor, rect.center().x() if on_screen else None)  # type: ignore[union-attr]
        if row is not None:
            self.ensure_visible(row)

    def _focus_row(self) -> int | None:
        """The message a zoom keeps in place: the current one when it is
        selected (or nothing is), else the first selected one. Ctrl+arrows
        move the table's current row away from the highlighted one, and the
        zoom kept that unmarked row (tryout: row 13 selected, off screen after
        two steps)."""
        if self._current is not None and (not self._selected or self._current in self._selected):
            return self._current
        return min(self._selected) if self._selected else None

    def pan_by(self, pixels: float) -> None:
        self._auto_fit = False
        self._offset += pixels
        self._clamp()
        self.update()

    def ensure_visible(self, row: int) -> None:
        if row >= len(self._layout.xs) or self._layout.xs[row] is None:
            return
        screen = self._screen_x(self._layout.xs[row])  # type: ignore[arg-type]
        if screen < LEFT + 8 or screen > self.width() - 8:
            self._offset += screen - (LEFT + self._plot_width() / 2)
            self._clamp()

    def mark_rect(self, row: int) -> QRectF | None:
        """Where row's mark is drawn (widget coordinates), or None."""
        if row >= len(self._layout.xs) or self._layout.xs[row] is None:
            return None
        x = self._screen_x(self._layout.xs[row])  # type: ignore[arg-type]
        inset, height = self._mark_span()
        return QRectF(x - MARK_WIDTH / 2, self._lane_top(self._layout.lanes[row]) + inset, MARK_WIDTH, height)

    def _mark_span(self) -> tuple[float, float]:
        """A mark's inset from its lane's top and its height: 5 and 18 px in a
        full lane, as much of a squeezed one (a fixed 5 px left dots)."""
        inset = self.lane_height() * 5 / LANE_HEIGHT
        return inset, self.lane_height() - 2 * inset

    # -- painting -----------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        """Blit the static layer (redrawn only when the view changes), then the
        selection on top: a clock tick or a new selection costs microseconds."""
        palette = self.palette()
        key = (
            self.width(),
            self.height(),
            self._zoom,
            self._offset,
            self._model.style,
            id(self._layout),
            palette.cacheKey(),
            self.devicePixelRatioF(),
            filter_state := self._filter_state(),
            id(self._history),
            id(self._model.flags),  # another "now": other stored times lie after it
        )
        if key != self._static_key:
            self._static = self._render_static()
            self._static_key = key
            self._filter_version = filter_state  # the dimming drawn (key[-1] read the history's id)
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._static)
        if self.hasFocus():  # where the keys go: a Tab stop with nothing drawn looked like none (tryout)
            option = QStyleOption()
            option.initFrom(self)
            focus_frame(painter, option, self.rect())
        if self._model.discussion is not None and self._layout.xs:
            painter.setClipRect(QRectF(LEFT, 0, self.width() - LEFT, self.height()))
            self._paint_selection(painter, palette)
            self._paint_selected_state(painter, palette)
            self._paint_placeholder(painter, palette)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    def _render_static(self) -> QPixmap:
        ratio = self.devicePixelRatioF()
        pixmap = QPixmap(int(self.width() * ratio), int(self.height() * ratio))
        pixmap.setDevicePixelRatio(ratio)
        palette = self.palette()
        pixmap.fill(palette.color(QPalette.ColorRole.Base))
        self._inks = colours.inks_on(palette.color(QPalette.ColorRole.Base))  # 3.5:1 on it, in any theme
        painter = QPainter(pixmap)
        painter.setFont(self.font())  # the font ``placeholder_label`` measures with
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text = palette.color(QPalette.ColorRole.Text)
        faint = QColor(text)
        faint.setAlpha(40)
        lane_height = self.lane_height()
        for lane, name in enumerate(self.lane_labels()):
            top = self._lane_top(lane)
            painter.setPen(QPen(faint, 1))
            painter.drawLine(QPointF(LEFT, top + lane_height), QPointF(self.width(), top + lane_height))
            painter.setPen(text)
            painter.drawText(QRectF(6, top, LEFT - 10, lane_height), Qt.AlignmentFlag.AlignVCenter, name)
        self._zigzag_xs, self._gap_boxes = [], []
        if (empty := self.blank_reason()) is not None:
            painter.setPen(text)
            painter.drawText(
                QRectF(LEFT, 0, self.width() - LEFT, self.height()),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                empty,
            )
            painter.end()
            return pixmap
        painter.setClipRect(QRectF(LEFT, 0, self.width() - LEFT, self.height()))
        left, right = self._layout_x(LEFT - 20), self._layout_x(self.width() + 20)
        self._paint_breaks(painter, text, left, right)
        self._paint_axis(painter, text, left, right)
        self._paint_runs(painter, text, left, right)
        rows = self._layout.rows_between(left, right)
        if len(rows) > 2 * self._plot_width():
            self._paint_dense(painter, left, right)
        else:
            self._paint_links(painter, left, right)
            for row in rows:
                self._paint_mark(painter, row)
        self._paint_states(painter, text, left, right)
        painter.setClipping(False)
        scale, scale_box = self.scale_caption()
        painter.setPen(text)
        painter.drawText(scale_box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, scale)
        painter.setClipRect(QRectF(LEFT, 0, self.width() - LEFT, self.height()))
        if self.axis_statement():
            caption, box = self.axis_caption()
            painter.setPen(text)
            painter.drawText(box, Qt.AlignmentFlag.AlignLeft, caption)  # its lines, "\n" apart
        zoomed, zoom_box = self.zoom_caption()
        if zoomed:  # over whatever of the band it covers, on the strip's own ground
            painter.setClipping(False)
            painter.fillRect(zoom_box, palette.color(QPalette.ColorRole.Base))
            painter.setPen(text)
            painter.drawText(zoom_box, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, zoomed)
        painter.end()
        return pixmap

    def zoom_caption(self) -> tuple[str, QRectF]:
        """How far the strip is zoomed and how many of its marks show, at the
        top right over the lanes ("" at the whole view): after + nothing said
        it was zoomed, nor that marks were out of view (issue 31). A short
        form ("×4: 12/37") where the long one does not fit."""
        whole = self._whole_zoom()
        total = len(self._layout.rows_between(float("-inf"), float("inf")))
        if self.blank_reason() is not None or self._zoom <= whole * 1.001 or not total:
            return "", QRectF()
        factor = self._zoom / whole
        times = f"{factor:.0f}" if factor >= 10 else f"{factor:.1f}".rstrip("0").rstrip(".")
        shown = len(self._layout.rows_between(self._layout_x(LEFT), self._layout_x(self.width())))
        metrics = self.fontMetrics()
        room = self.width() - LEFT - 16
        # beside the axis caption's last line, on its line: the long form only where
        # it leaves that line whole (it covered "…prefix shows" at 900 px, tryK/L)
        lines = self._axis_lines()[0] if self.axis_statement() else []
        beside = room - (metrics.horizontalAdvance(lines[-1]) + 4 + CAPTION_GAP if lines else 0)
        text = fill(self.tr("zoomed ×%1: %n of %2 marks in view", "", shown), times, total)
        if metrics.horizontalAdvance(text) + 4 > min(room, beside):
            text = fill(self.tr("×%1: %2/%3", "zoomed: marks in view/all"), times, shown, total)
        width = min(metrics.horizontalAdvance(text) + 4, room)
        height = metrics.height()
        return text, QRectF(self.width() - 8 - width, max(0.0, self._top - 6 - height), width, height)

    def blank_reason(self) -> str | None:
        """Why the strip has no mark to draw, as it says in its middle (None:
        it has marks). A file of values that are no times left it blank, as
        if nothing were open (tryout)."""
        if self._model.discussion is None or not self._layout.xs:
            return self.tr("Open a timestamp file or a transcript")
        if self._layout.span() is None:
            return self.tr("No readable times to place: no stored value is a time")
        return None

    def axis_statement(self) -> str:
        """The whole of what the axis is where the table alone does not say
        it, as the strip's accessible description and the caption's tooltip
        say it; the caption says it when it fits. In the CST style over a
        transcript that records times, the marks sit at those times (the
        prefix shows them); with no timestamp file, in the other styles, at
        the ≈ times the next request would store, as the Time column shows
        them (a chat opened alone was drawn at its own 2023 times beside a
        table of "≈ 2026-…", issue 31). "" where the file's times place them."""
        layout = self._layout
        if layout.for_cst and layout.has_store:  # the other styles place the file's times
            statement = self.tr(
                "CST style: placed at the times the transcript records, which its prefix shows "
                "(not the timestamp file's)"
            )
        elif layout.for_cst:
            statement = self.tr(
                "CST style: placed at the times the transcript records, which its prefix shows"
            )
        elif not layout.has_store and layout.xs:
            statement = self.tr("no timestamp file: placed at the ≈ times the next request would store")
        else:
            return ""
        if layout.unplaced and layout.for_cst:  # one with no time of its own is drawn nowhere (tryout)
            statement = fill(
                self.tr("%1; %n message(s) record no time and are not placed", "", layout.unplaced),
                statement,
            )
        elif layout.unplaced:  # one the middleware never dates (a system message of some formats)
            statement = fill(
                self.tr("%1; %n message(s) without a time are not placed", "", layout.unplaced), statement
            )
        return statement

    def scale_caption(self) -> tuple[str, QRectF]:
        """What the strip's spacing is, where the user looks for it: under the
        lane names, beside the gaps' labels. Between breaks the space between
        two times grows with the log of their gap, not in proportion to it,
        and only the breaks said so: a 5-minute gap looked twice a 10-second
        one with no label (tryout, issue 31). Its tooltip, the accessible
        description and the legend say the whole rule (``scale_statement``)."""
        text = self.tr("log scale")
        metrics = self.fontMetrics()
        top = self._top + 3 * self.lane_height() + 1
        return text, QRectF(6, top, min(metrics.horizontalAdvance(text) + 2, LEFT - 8), metrics.height())

    def scale_statement(self) -> str:
        """The whole rule the marks are placed by (``scale_statement``)."""
        return scale_statement()

    def axis_caption(self) -> tuple[str, QRectF]:
        """What the axis is (``axis_statement``), and where it is written:
        over the lanes, where runs and history states go, which such a strip
        has none of. The whole statement, on two lines where one is too short (the band over the
        lanes grows by a line, ``_fit_band``): cut to one line at 1024 px and
        at the smallest size, its whole text was only in a tooltip and the
        accessible description, which no key shows (tryout). Where two lines
        do not hold it either, a short one that starts with how many messages
        are not placed (at 1024 px the cut fell on that count, tryout).
        Lines are separated by "\n"; the box holds them all. Where the zoom
        caption is drawn at the end of the last line (the box's lines above
        it are over the zoom caption's top), that line is cut before it
        (``CAPTION_GAP``): the two never overlap (tryK/L)."""
        lines, box = self._axis_lines()
        zoomed, zoom_box = self.zoom_caption()
        metrics = self.fontMetrics()
        end = zoom_box.left() - CAPTION_GAP
        if zoomed and box.left() + metrics.horizontalAdvance(lines[-1]) + 4 > end:
            room = max(0, int(end - box.left() - 4))
            lines[-1] = metrics.elidedText(lines[-1], Qt.TextElideMode.ElideRight, room)
            box.setWidth(min(box.width(), max(map(metrics.horizontalAdvance, lines)) + 4))
        return "\n".join(lines), box

    def _axis_lines(self) -> tuple[list[str], QRectF]:
        """``axis_caption``'s lines and box as if the strip were not zoomed."""
        metrics = self.fontMetrics()
        room = max(1, int(self.width() - LEFT - 8 - 4))
        lines = caption_lines(self.axis_statement(), self.font(), room)
        if lines is None:
            if self._layout.for_cst:
                short = self.tr("CST style: at the transcript's own times")
            else:
                short = self.tr("at the ≈ times of the next request")
            if self._layout.unplaced:
                short = fill(self.tr("%n message(s) not placed; %1", "", self._layout.unplaced), short)
            lines = caption_lines(short, self.font(), room) or [
                metrics.elidedText(short, Qt.TextElideMode.ElideRight, room)
            ]
        width = min(max(map(metrics.horizontalAdvance, lines)) + 4, self.width() - LEFT - 8)
        height = len(lines) * metrics.height()
        top = max(0.0, self._top - 6 - height)
        return lines, QRectF(LEFT + 8, top, width, height)

    def _fit_band(self) -> None:
        """The band over the lanes as tall as the caption's lines need
        (``axis_caption``), the strip's least height with it: the lanes
        keep their least height under a caption on two lines."""
        lines = self.axis_caption()[0].count("\n") + 1 if self.axis_statement() else 1
        top = TOP + (lines - 1) * self.fontMetrics().height()
        if top != self._top:
            self._top = top
            self._fit_heights()
            self.update()

    def _fit_heights(self) -> None:
        """The strip's least and greatest height for its band: lanes never
        grow past ``LANE_HEIGHT``, so any height beyond the band, three such
        lanes and the axis is empty, and the table gets it. The strip kept
        the CST caption's second line as an empty band between the gaps'
        names and the axis after the style was switched back (tryout)."""
        self.setMinimumHeight(int(self._top + 3 * MIN_LANE_HEIGHT + self._axis))
        self.setMaximumHeight(int(self._top + 3 * LANE_HEIGHT + self._axis))

    def placeholder_rect(self) -> QRectF | None:
        """The pending reply's dashed frame: wide enough around a mark at its
        time (the reply it will be given to) to leave that mark's outline
        clear (it was drawn over it)."""
        if self._layout.placeholder_x is None:
            return None
        x = self._screen_x(self._layout.placeholder_x)
        return QRectF(x - 7, self._lane_top(LANE_ASSISTANT) + 1, 14, self.lane_height() - 2)

    def _paint_placeholder(self, painter: QPainter, palette: QPalette) -> None:
        """Over the selection, so that its label can keep clear of the
        selected history state's line (drawn per paint too)."""
        frame = self.placeholder_rect()
        if frame is None:
            return
        painter.setPen(QPen(self._inks.placeholder, 1.5, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(frame)
        label, box = self.placeholder_label()
        base = palette.color(QPalette.ColorRole.Base)
        painter.fillRect(box, base)
        painter.setPen(colours.against(self._inks.placeholder, base, colours.TEXT_CONTRAST))  # text: 4.5:1
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)

    def label_obstacles(self) -> list[QRectF]:
        """What a label in the lanes must not cover: the drawn breaks'
        zig-zags and ticks, the gaps' names, the history states' marks and
        the selected one's line, the pending reply's frame."""
        bottom = self._top + 3 * self.lane_height()
        rects = [QRectF(x - 5, self._top, 10, bottom - self._top) for x in self._zigzag_xs]
        rects += self._gap_boxes
        positions = self.state_positions()
        for number, place in enumerate(positions):
            x = self.state_screen_x(number)
            if place is not None and x is not None and LEFT <= x <= self.width():
                rects.append(QRectF(x - STATE_SIZE - 1, self._top - 1, 2 * STATE_SIZE + 2, STATE_SIZE + 2))
        state = self._history_state
        x = self.state_screen_x(state) if state is not None else None
        if x is not None:
            rects.append(QRectF(x - 3, self._top, 6, bottom - self._top))
        frame = self.placeholder_rect()
        if frame is not None:
            rects.append(frame.adjusted(-2, -2, 2, 2))
        return rects

    def placeholder_label(self) -> tuple[str, QRectF]:
        """The pending reply's label and where it is drawn: beside its mark,
        in the first free room of its lane's right, its left, then the other
        lanes' (it covered a long gap's zig-zag, and the selected history
        state's line ran through "reply", tryout), whole inside the plot (at
        the right end it read "pen"), whole in a squeezed lane. With no free
        room, the place that covers least."""
        x = self._screen_x(self._layout.placeholder_x or 0.0)
        lane_height = self.lane_height()
        label = self.tr("pending reply")
        metrics = self.fontMetrics()
        tall = max(lane_height - 6, metrics.height())
        width = metrics.horizontalAdvance(label) + 4
        obstacles = self.label_obstacles()
        best: tuple[int, QRectF] | None = None
        for lane in (LANE_ASSISTANT, LANE_OTHER, LANE_USER):
            top = self._lane_top(lane) + 3 + (lane_height - 6 - tall) / 2
            for left in (x + 9, x - 9 - width):
                box = QRectF(left, top, width, tall)
                if box.left() < LEFT or box.right() > self.width():
                    continue
                # a mark of this lane under it, its selection frame included: by
                # bisection (a paint of 100k marks zoomed out has ~100 a pixel)
                span = (self._layout_x(left - 6), self._layout_x(left + width + 6))
                covered = sum(box.intersects(rect) for rect in obstacles) + sum(
                    bisect.bisect_right(xs, span[1]) > bisect.bisect_left(xs, span[0])
                    for kind in (DENSE_STORED, DENSE_HOLLOW)
                    if (xs := self._layout.dense.get((lane, kind)))
                )
                if covered == 0:
                    return label, box
                if best is None or covered < best[0]:
                    best = (covered, box)
        if best is None:  # narrower than the label: at the mark's right, as before
            top = self._lane_top(LANE_ASSISTANT) + 3 + (lane_height - 6 - tall) / 2
            return label, QRectF(x + 9, top, width, tall)
        return label, best[1]

    def _paint_dense(self, painter: QPainter, left: float, right: float) -> None:
        """More marks than pixels: one mark per pixel column and lane, filled if
        any message there is stored, notched if any goes back in time, with a
        foot in the warning colour if any is untracked (tryout: the 94
        untracked of a 2,000-message chat could not be told from the rest,
        and 10,000 untracked side by side read as a lighter bar). Found per
        pixel column (``pixel_columns``): a row loop cost 0.4 s a paint at 100k."""
        dense = self._layout.dense
        zoom, shift = self._zoom, LEFT + 8.0 - self._offset  # ``_screen_x``'s mapping
        lane_colours = (self._inks.user, self._inks.assistant, self._inks.other)
        inset, height = self._mark_span()
        filtered = self.shown_xs()
        for lane in (LANE_USER, LANE_ASSISTANT, LANE_OTHER):
            # a column none of whose messages the filter shows is dimmed, as a mark is
            kept = None if filtered is None else set(pixel_columns(filtered[lane], left, right, zoom, shift))
            full = lane_colours[lane]
            faint = QColor(full)
            faint.setAlpha(DIMMED_ALPHA)
            stored = set(pixel_columns(dense.get((lane, DENSE_STORED), ()), left, right, zoom, shift))
            late = set(pixel_columns(dense.get((lane, DENSE_LATE), ()), left, right, zoom, shift))
            hollow = set(pixel_columns(dense.get((lane, DENSE_HOLLOW), ()), left, right, zoom, shift))
            top = self._lane_top(lane) + inset
            foot = min(3.0, inset - 1)
            for x in sorted(stored.union(hollow)):
                rect = QRectF(x - 1, top, 2, height)
                ink = full if kept is None or x in kept else faint
                if x in stored:
                    painter.fillRect(rect, ink)
                else:
                    painter.setPen(QPen(ink, 1))
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.drawRect(rect)
                if x in hollow:  # side by side, outlines read as a lighter bar (tryout at 20k)
                    painter.fillRect(QRectF(x - 1, rect.bottom() + 1, 2, foot), self._inks.warning)
                if x in late:
                    painter.fillRect(QRectF(x - 3, rect.top() - 3, 3, 3), self._inks.warning)

    def _paint_selection(self, painter: QPainter, palette: QPalette) -> None:
        highlight = palette.color(QPalette.ColorRole.Highlight)
        highlight.setAlpha(110)
        candidates = self._selected
        if len(candidates) > 2000:  # a huge selection: only what is on screen
            visible = self._layout.rows_between(self._layout_x(LEFT - 20), self._layout_x(self.width() + 20))
            candidates = {r for r in visible if r in self._selected}
        for row in candidates:
            rect = self.mark_rect(row)
            if rect is not None:
                painter.fillRect(rect.adjusted(-3, -3, 3, 3), highlight)
        if self._current is not None and (rect := self.mark_rect(self._current)) is not None:
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Text), 1))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(rect.adjusted(-3, -3, 3, 3))

    def _paint_breaks(self, painter: QPainter, text: QColor, left: float, right: float) -> None:
        """Each break's gap written on the row under the lanes (above the
        axis labels), the longest of a crowded stretch first. A break whose
        gap is written gets a zig-zag over the lanes, the others a tick at
        their foot: zoomed out, a long history has a break every few pixels,
        and their zig-zags read as hatching (tryout at 100k). At most one
        mark per ``ZIGZAG_SPACING``, the written ones first; marks and
        labels never meet."""
        painter.setPen(QPen(text, 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        bottom = self._top + 3 * self.lane_height()
        shown = [item for item in self._layout.breaks if left - 60 <= item.x <= right + 60]
        centres = [self._screen_x(i.x) for i in shown]
        # only a break on screen is named: one just off it had its label pinned
        # to the plot's edge with no zig-zag beside it (tryout, zoomed in)
        on_screen = [n for n, c in enumerate(centres) if LEFT <= c <= self.width()]
        cst = self._model.style is Style.CST  # its labels to the minute, as its Gap column (tryout)
        labels = [
            (centres[n], shown[n].cst_label if cst else shown[n].label, shown[n].seconds) for n in on_screen
        ]
        named = {on_screen[n] for n in self._paint_labels(painter, labels, bottom + 1, self._gap_boxes)}
        first = [float(number in named) for number in range(len(centres))]
        for number, x, _ in label_spans(centres, [0.0] * len(centres), ZIGZAG_SPACING, first):
            if number in named:
                painter.drawPolyline([QPointF(px, py) for px, py in zigzag(x, self._top, bottom)])
                self._zigzag_xs.append(x)
            else:
                painter.drawLine(QPointF(x, bottom - TICK_HEIGHT), QPointF(x, bottom))

    def _paint_labels(
        self,
        painter: QPainter,
        labels: list[tuple[float, str, float]],
        top: float,
        boxes: list[QRectF] | None = None,
    ) -> list[int]:
        """Labels given as (centre, text, weight) on one line from ``top``:
        one at the plot's edge moves inside it, whole ("d 16 h" was cut); one
        that would meet a label already placed is left out, the heaviest
        placed first (``label_spans``): never two on top of each other.
        Returns the numbers of the labels drawn."""
        metrics = painter.fontMetrics()
        widths = [metrics.horizontalAdvance(text) + 2 for _, text, _ in labels]
        inside = [
            min(max(c, LEFT + w / 2), self.width() - w / 2)
            for (c, _, _), w in zip(labels, widths, strict=True)
        ]
        kept = label_spans(inside, widths, weights=[weight for _, _, weight in labels])
        for number, left, right in kept:
            box = QRectF(left, top, right - left, metrics.height())
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, labels[number][1])
            if boxes is not None:  # where they are, for what else is placed
                boxes.append(box)
        return [number for number, _, _ in kept]

    def _paint_axis(self, painter: QPainter, text: QColor, left: float, right: float) -> None:
        painter.setPen(text)
        last_right = -1e9
        style = self._model.style
        discussion = self._model.discussion
        if discussion is None:
            return
        metrics = painter.fontMetrics()
        plot_left = self._layout_x(LEFT + 1)

        end_left = float("inf")  # where the axis' end label starts, once drawn
        span = self._layout.span()
        # both ends in one minute: to the minute they read alike, and the start went unnamed
        # (a Free Anima log opened alone: "2026-12-08 04:47" at the right end only, issue 31)
        seconds = span is not None and span[0] != span[1]
        if seconds:
            assert span is not None
            ends = (axis_label(m, style, discussion.options, discussion.clock_zone) for m in span)
            seconds = next(ends) == next(ends)

        def draw(x: float, moment: Any) -> bool:
            nonlocal last_right
            label = axis_label(moment, style, discussion.options, discussion.clock_zone, seconds=seconds)
            if any(label == drawn for _, drawn in self._axis_labels):
                return False  # two points under one minute's text read as one time twice (tryout)
            width = metrics.horizontalAdvance(label) + 2  # the box fits the text (周六 was cut)
            sx = min(self._screen_x(x), self.width() - width - 2)  # the last label stays inside
            if sx < LEFT or sx < last_right + 8 or sx + width + 8 > end_left:  # one left of the plot: cut
                return False
            rect = QRectF(sx, self.height() - metrics.height() - 1, width, metrics.height())
            painter.drawText(rect, Qt.AlignmentFlag.AlignLeft, label)
            self._axis_labels.append((rect, label))
            last_right = sx + width
            return True

        self._axis_labels = []
        labels = self._layout.time_labels()
        # the last time is named whenever the axis' end is in view: a label
        # just before it left the strip's right end without a date (tryout)
        if span is not None and left <= self._layout.width <= right and span[1] != span[0]:
            labels = [item for item in labels if item[1] != span[1]]
            if draw(self._layout.width, span[1]):
                end_left, last_right = self._axis_labels[-1][0].left(), -1e9
        drawn = [draw(x, moment) for x, moment in labels if left - 200 <= x <= right]
        drawn.append(bool(self._axis_labels))
        if not any(drawn):
            # zoomed in between two labels (a run of one-second steps): the
            # first time in view, or the last before it at the plot's edge
            near = self._layout.time_near(plot_left)
            if near is not None:
                draw(max(near[0], plot_left), near[1])

    def _paint_runs(self, painter: QPainter, text: QColor, left: float, right: float) -> None:
        """A bracket over each run of one-second steps, "n × 1 s" over its
        middle where it has room, the longest runs named first (a mark's
        tooltip names its run). Placed along the axis, not in row order: a
        backfill in the middle of a history goes back in time."""
        painter.setPen(QPen(self._inks.warning, 1.5))
        labels = []
        for run in self._layout.runs:
            a, b = self._layout.xs[run.first_row], self._layout.xs[run.last_row]
            if a is None or b is None or b < left or a > right:
                continue
            x1, x2 = self._screen_x(a) - 3, self._screen_x(b) + 3
            painter.drawPolyline(
                [
                    QPointF(x1, self._top - 4),
                    QPointF(x1, self._top - 10),
                    QPointF(x2, self._top - 10),
                    QPointF(x2, self._top - 4),
                ]
            )
            labels.append(((x1 + x2) / 2, fill(self.tr("%1 × 1 s"), run.count), float(run.count)))
        painter.setPen(text)
        labels.sort(key=lambda label: label[0])  # among equal runs the earlier is named
        self._paint_labels(painter, labels, self._top - 13 - painter.fontMetrics().ascent())

    def _paint_links(self, painter: QPainter, left: float, right: float) -> None:
        painter.setPen(QPen(self._inks.warning, 1, Qt.PenStyle.DotLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for a, b in self._layout.links:
            rect_a, rect_b = self.mark_rect(a), self.mark_rect(b)
            if rect_a is None or rect_b is None:
                continue
            if (
                max(rect_a.center().x(), rect_b.center().x()) < LEFT
                or min(rect_a.center().x(), rect_b.center().x()) > self.width()
            ):
                continue
            path = QPainterPath(rect_a.center())
            mid = QPointF((rect_a.center().x() + rect_b.center().x()) / 2, self._top - 2)
            path.quadTo(mid, rect_b.center())
            painter.drawPath(path)

    def _paint_mark(self, painter: QPainter, row: int) -> None:
        rect = self.mark_rect(row)
        if rect is None:
            return
        item = self._model.row_at(row)
        colour = QColor(self._inks.role(item.role))
        if self.is_dimmed(row):  # the table's filter hides it
            colour.setAlpha(DIMMED_ALPHA)
        paint_mark(painter, rect, colour, warning=self._inks.warning, **self.mark_look(row))

    def mark_look(self, row: int) -> dict[str, bool]:
        """How row's mark is drawn (``paint_mark``'s flags): the legend names
        each look (``help.legend_entry``), so a test reads what it says."""
        item = self._model.row_at(row)
        return {
            "hollow": self._layout.hollow[row],
            "own_time": self._layout.for_cst and self._layout.xs[row] is not None,
            "out_of_order": Flag.OUT_OF_ORDER in item.flags and not self._layout.for_cst,
            "unreadable": bool(item.flags & {Flag.UNPARSEABLE, Flag.NOT_TEXT}),
            "future": Flag.FUTURE in self._model.row_flags(row),
        }

    # -- the file's own history ---------------------------------------------
    def follow_history(self, session: Any) -> None:
        """Draw the states of ``session.history`` on the time axis and
        highlight ``session.history_state`` (the History panel's selection)."""
        self._history_session = session
        session.historyChanged.connect(self._follow_history)  # bound slots: dropped with the strip
        session.historyStateChanged.connect(self.select_state)
        self._follow_history()

    def _follow_history(self) -> None:
        """The session's history is new; the History panel may have selected
        a state of it before the strip heard of it."""
        session = self._history_session
        self.set_history(session.history)
        self.select_state(session.history_state)

    def set_history(self, history: FileHistory | None) -> None:
        if history is not None and not history.has_past:
            history = None  # the file alone: its one state is now, nothing to mark on the axis
        if history is not self._history:
            self._history = history
            extended = self._with_states(styled(self._messages_layout, self._model.style))
            if extended is not self._layout:  # the axis carried on to the states after the messages
                self._set_layout(extended, keep_view=True)
            self.update()

    def _with_states(self, layout: StripLayout) -> StripLayout:
        """``layout`` with its axis carried on to the history's states after
        its last time (``StripLayout.extended_to``): a mark each, apart."""
        discussion, history = self._model.discussion, self._history
        if history is None or discussion is None:
            return layout
        moments = [
            state_on_clock(state.when, discussion.clock_zone)
            for state in history.states
            if state.when is not None
        ]
        return layout.extended_to(moments, gap_units())

    @property
    def selected_state(self) -> int | None:
        """The state of the history highlighted (the History panel's selection)."""
        return self._history_state

    def select_state(self, state: int | None) -> None:
        """Highlight ``state`` (None: none) and bring it into view."""
        self._history_state = state
        places = self.state_positions()
        place = places[state] if state is not None and 0 <= state < len(places) else None
        if place is not None:
            screen = self._screen_x(place[0])
            if screen < LEFT + 8 or screen > self.width() - 8:
                self._offset += screen - (LEFT + self._plot_width() / 2)
                self._clamp()
        self.update()

    def state_positions(self) -> list[tuple[float, int] | None]:
        """Per state of the history shown, its unzoomed x on the axis and
        where its time lies: 0 among the messages' times (placed by
        ``x_of_time`` of it on the discussion's clock, as the messages are),
        -1 before the first or 1 after the last (drawn clamped at that end of
        the axis as an arrow pointing out: widening the axis for them would
        squeeze the messages). None: the state has no time, or there is no axis.
        Made once per layout and history (1,000 states: 1,000 bisections)."""
        discussion = self._model.discussion
        key = (id(self._layout), id(self._history), id(discussion))
        if key == self._state_xs_of:
            return self._state_xs
        history, span = self._history, self._layout.span()
        places: list[tuple[float, int] | None] = []
        if history is not None and discussion is not None and span is not None:
            first, last = span
            for state in history.states:
                if state.when is None:
                    places.append(None)
                    continue
                moment = state_on_clock(state.when, discussion.clock_zone)
                if moment < first:
                    places.append((0.0, -1))
                elif moment > last:
                    places.append((self._layout.width, 1))
                else:
                    places.append((self._layout.x_of_time(moment) or 0.0, 0))
        self._state_xs, self._state_xs_of = places, key
        return places

    def state_screen_x(self, state: int) -> float | None:
        """Where state ``state``'s mark is drawn (widget x), or None."""
        places = self.state_positions()
        place = places[state] if 0 <= state < len(places) else None
        if place is None:
            return None
        # an arrow's base 2 px out of the axis' end, its tip pointing further:
        # at the left, whole inside the plot (it was drawn under the lane names' edge)
        return self._screen_x(place[0]) + place[1] * 2

    def _paint_states(self, painter: QPainter, text: QColor, left: float, right: float) -> None:
        """Every state of the history in one pass, at most one mark per
        ``STATE_SPACING`` px and one arrow per end: 1,000 states cost a few
        ms (no widget per state; one path of them all took 60 ms to fill)."""
        spots: dict[tuple[int, int], float] = {}
        for number, place in enumerate(self.state_positions()):
            if place is None or (place[1] == 0 and not left <= place[0] <= right):
                continue
            x = self.state_screen_x(number)
            assert x is not None
            spots.setdefault((int(x // STATE_SPACING), place[1]), x)
        colour = QColor(text)
        colour.setAlpha(170)
        painter.setPen(QPen(colour, 1))
        painter.setBrush(colour)
        for (_, side), x in spots.items():
            painter.drawPolygon(state_polygon(x, self._top, side))

    def state_at_point(self, point: QPointF) -> int | None:
        """The history state whose mark is under ``point`` (the band of the
        triangles along the lanes' top line); among close ones the nearest."""
        if self._history is None or not self._top - 2 <= point.y() <= self._top + STATE_SIZE + 2:
            return None
        best, best_distance = None, STATE_SIZE / 2 + 2
        for number in range(len(self.state_positions())):
            x = self.state_screen_x(number)
            if x is not None and abs(x - point.x()) <= best_distance:
                best, best_distance = number, abs(x - point.x())
        return best

    def _paint_selected_state(self, painter: QPainter, palette: QPalette) -> None:
        state = self._history_state
        x = self.state_screen_x(state) if state is not None else None
        if x is None or state is None:
            return
        side = self._state_xs[state][1]  # type: ignore[index]
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_state(
            painter,
            x,
            self._top,
            palette.color(QPalette.ColorRole.Text),
            side=side,
            selected=palette.color(QPalette.ColorRole.Highlight),
            bottom=self._top + 3 * self.lane_height(),
        )

    # -- interaction --------------------------------------------------------
    def row_at_point(self, point: QPointF) -> int | None:
        lane = int((point.y() - self._top) // self.lane_height())
        if not 0 <= lane < 3:
            return None
        x = self._layout_x(point.x())
        tolerance = 6.0 / self._zoom
        candidates = self._layout.rows_between(x - tolerance, x + tolerance)
        best, best_distance = None, tolerance
        for row in candidates:
            if self._layout.lanes[row] != lane:
                continue
            distance = abs(self._layout.xs[row] - x)  # type: ignore[operator]
            if distance <= best_distance:
                best, best_distance = row, distance
        return best

    def select_row(self, row: int, *, add: bool = False) -> None:
        """Select ``row`` (source) in the shared selection model and make it
        current; ``add`` keeps what is selected already."""
        self.rowActivated.emit(row)
        if self._selection_model is None:
            return
        index = self._proxy.mapFromSource(self._model.index(row, 0))
        if not index.isValid():
            return
        start = (
            QItemSelectionModel.SelectionFlag.Select
            if add
            else QItemSelectionModel.SelectionFlag.ClearAndSelect
        )
        flags = start | QItemSelectionModel.SelectionFlag.Rows | QItemSelectionModel.SelectionFlag.Current
        self._selection_model.setCurrentIndex(index, flags)

    def inputMethodQuery(self, query: Qt.InputMethodQuery) -> Any:
        """The current mark is the strip's cursor: a context menu opened by
        keys (Shift+F10, the Menu key) opens there, as a view's opens at its
        current item (``widgets.keys.keyboard_menu_point``)."""
        if query == Qt.InputMethodQuery.ImCursorRectangle and self._current is not None:
            rect = self.mark_rect(self._current)
            if rect is not None:
                return rect.toAlignedRect()
        return super().inputMethodQuery(query)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton:  # the menu acts on the mark clicked, as the table's
            row = self.row_at_point(event.position())
            if row is not None and row not in self._selected:
                self.select_row(row)
            super().mousePressEvent(event)
            return
        state = self.state_at_point(event.position())
        if event.button() == Qt.MouseButton.LeftButton and state is not None and self._history_session:
            self._history_session.select_history_state(state)  # the History panel selects it too
        elif event.button() == Qt.MouseButton.LeftButton:
            row = self.row_at_point(event.position())
            if row is not None:
                self.select_row(row)
            self._drag_from = event.position()
        super().mousePressEvent(event)

    def state_tip(self, state: int) -> str:
        """What hovering a state's mark says: its time on the clock the axis places
        it on, the discussion's (tryout: the panel said UTC, the strip +02:00)."""
        if self._history is None:
            return ""
        discussion = self._model.discussion
        zone = discussion.clock_zone if discussion is not None else None
        tip = self.tr("State %1 of the timestamp file's history: %2").replace("%1", str(state))
        return tip.replace("%2", say(said_on_clock(self._history.where(state), zone)))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._drag_from is not None and event.buttons() & Qt.MouseButton.LeftButton:
            delta = event.position().x() - self._drag_from.x()
            self._drag_from = event.position()
            self.pan_by(-delta)
            return
        state = self.state_at_point(event.position())
        if state is not None and self._history is not None:
            tip = self.state_tip(state)
            QToolTip.showText(event.globalPosition().toPoint(), colours.plain_tooltip(tip), self)
            return
        row = self.row_at_point(event.position())
        if row is None and self.scale_caption()[1].contains(event.position()):
            tip = self.scale_statement()
            QToolTip.showText(event.globalPosition().toPoint(), colours.plain_tooltip(tip), self)
            return
        if row is None:
            caption = self.axis_statement()
            if caption and self.axis_caption()[1].contains(event.position()):
                QToolTip.showText(event.globalPosition().toPoint(), colours.plain_tooltip(caption), self)
                return
            QToolTip.hideText()
            return
        QToolTip.showText(event.globalPosition().toPoint(), colours.plain_tooltip(self.mark_tip(row)), self)

    def mark_tip(self, row: int) -> str:
        """What hovering a mark says: who, when, what its marks mean, the first line."""
        item = self._model.row_at(row)
        when = self._model.time_string(row) or self.tr("no stored time")
        if self._layout.for_cst and item.own_time is not None:  # where the mark sits
            when = self.tr("%1 (the transcript's own time, which the CST prefix shows)").replace(
                "%1", f"{item.own_time:%Y-%m-%d %H:%M:%S}"
            )
        elif self._layout.hollow[row] and item.status is Status.UNTRACKED:
            when = self.tr("%1 (untracked: the next request would store this)").replace("%1", when)
        role = role_label(item.role) if item.role else self.tr("entry")
        lines = [f"{role} · #{item.index if item.index is not None else row}", when]
        if Flag.OUT_OF_ORDER in item.flags and not self._layout.for_cst:  # the file's order: no notch in CST
            lines.append(self.tr("out of order: earlier than the message before it (the notch)"))
        if (run := self._layout.run_at(row)) is not None:  # named here when its bracket has no room
            lines.append(
                self.tr("one-second run: %n message(s) one second apart (the bracket)", "", run.count)
            )
        if item.flags & {Flag.UNPARSEABLE, Flag.NOT_TEXT}:
            lines.append(self.tr("its stored value is not a time (the underline)"))
        if Flag.ECHOED_PREFIX in item.flags:  # no mark of its own: said here (the legend says so)
            lines.append(self.tr("echoed-prefix: its text starts with a time the model echoed"))
        lines.append(first_line(item.content, 200))
        return "\n".join(lines)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._drag_from = None
        super().mouseReleaseEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120 or event.angleDelta().x() / 120
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.pan_by(-steps * 60)
        else:
            self.zoom_by(1.25**steps, event.position().x())
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in ZOOM_IN_KEYS + ZOOM_OUT_KEYS:
            self.zoom_on_current(ZOOM_STEP if key in ZOOM_IN_KEYS else 1 / ZOOM_STEP)
        elif key in FIT_KEYS:
            self.fit()
        elif key in STEP_KEYS + END_KEYS:
            self._step_selection(key)
        else:
            super().keyPressEvent(event)

    def _step_selection(self, key: int) -> None:
        """Arrow keys walk the visible (filtered) rows in table order."""
        if self._proxy is None or self._proxy.rowCount() == 0:
            return
        count = self._proxy.rowCount()
        current = self._selection_model.currentIndex() if self._selection_model else QModelIndex()
        at = current.row() if current.isValid() else -1
        target = {
            Qt.Key.Key_Left: max(0, at - 1),
            Qt.Key.Key_Right: min(count - 1, at + 1),
            Qt.Key.Key_Home: 0,
            Qt.Key.Key_End: count - 1,
        }[Qt.Key(key)]
        self.select_row(self._proxy.mapToSource(self._proxy.index(target, 0)).row())

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit_band()
        if self._auto_fit:
            self.fit()
        else:
            self._clamp()

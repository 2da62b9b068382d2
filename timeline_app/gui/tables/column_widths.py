"""The timeline table's column widths: measured, unless the user set them.

Fixed widths (Time 230, Status 170 px) fitted neither Chinese nor English at
1024 px: the Content column, the one people read, was scrolled off. Each
column is now as wide as its header and the texts it shows in the current
language, style and font (``tables.fitted_width``), refitted when those
change; Content stretches over the rest, and the short hash goes after it
(on a small screen it is the one scrolled off, not the message). A column the user drags to another
width keeps it, across discussions and runs (kept in settings).

Fitted widths alone left Content 85 px at 1024x700 (Time and Status take
430 px for their longest texts): when the viewport cannot give Content its
``CONTENT_SHARE`` (or what its texts need, when less), the hash scrolls off
first, then the fitted columns give way in ``squeeze`` order (Status first, whose whole text Details shows;
Time last) down to their floors, in characters (their texts cut with "…",
whole in the tooltip and Details). A time takes shorter forms that drop its
smallest units (its day name, seconds), never its year or largest unit, one
form for the whole column (``TimeElide``), never one in which two different
times read alike (its seconds kept in a one-second run), then is cut at its
end (cut at its start, "…14 h 6 min ago" read 8 days less, issue 31). A user's own width is never
squeezed. The columns are squeezed as in the steady state of the files:
what a state's words add to Status ("not on disk", "unsaved edit") Content
gives, so a time never takes another form because a file was deleted or
edited (tryN R5: Time gave 1 px and every row lost its day name). The
table's minimum width is its columns at their floors and
Content at ``CONTENT_EMS``: a window cannot be made so small that they scroll
off (at 733 px Status and Content had).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from PySide6.QtCore import (
    QAbstractProxyModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSettings,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QFontMetrics, QFontMetricsF
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QTableView
from shiboken6 import isValid

from .. import settings as codec
from ..wording import CutLists, RelativeWords, relative_words
from .base import FREE_TEXT_ROLE, cell_items, cell_list, fitted_width, header_text_width, item_text_margin

MIN_ROWS = 8  # rows of the table in view at 1024x700 whichever docks are open
ROOM_ROWS = 12  # ... before a dock under it that is not sharing takes more than its least height
SHARED_ROWS = 5  # ... down to these when a dock under the table needs the room for its own rows
LEAST_ROWS = 6  # ... and in the smallest window (three, the tryout at 779x468 read next to nothing)
LENT_ROWS = 3  # ... of which the banner may take up to these (it scrolls beyond): the window keeps its size
CONTENT_EMS = 16  # characters of the Content column in view
CONTENT_SHARE = 0.35  # of the table's width kept for Content, other columns squeezed for it
CONTENT_LEAST_SHARE = 0.22  # ... Content gives way down to this before any column is cut for it


# what a squeezed column keeps: characters, a text whole (the widest of several), or a
# function giving that text
Floor = int | str | tuple[str, ...] | Callable[[], str]


class _CellElide(QStyledItemDelegate):
    """A delegate that cuts its cells' texts itself, knowing their room."""

    def __init__(self, table: QTableView) -> None:
        super().__init__(table)
        self._table = table
        self._margin: tuple[object, int] = (None, 0)  # (the style and font it was measured in, px)

    def _text_margin(self) -> int:
        """``item_text_margin`` once per style and font, not per cell painted."""
        measured_in = (self._table.style(), self._table.font().key())
        if self._margin[0] != measured_in:
            self._margin = (measured_in, item_text_margin(self._table))
        return self._margin[1]

    def _room(self, option: QStyleOptionViewItem) -> int:
        """The text's room in a cell: its column's width less the item's
        margins. A table view's cell rect is one pixel short of the column
        with the grid shown, which ``item_text_margin`` counts already:
        taken twice, a gap fitted to its column read "17 min…" (tryout)."""
        return option.rect.width() + int(self._table.showGrid()) - self._text_margin()


DAY_NAME = re.compile(r"\((?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), ")
ABSOLUTE = re.compile(r"^\((\d{4}-\d\d-\d\d \d\d:\d\d)(:\d\d)\)$")
# the CST label (``cst_label``): "2025-09-13T00:00 周六"
CST = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d)( \S+)?$")
SENT = re.compile(r"^\[Sent (.*) ago\]$")
UNIT = re.compile(r"(\d+) (day|hour|minute)s?")
UNIT_PLACE = {"day": 0, "hour": 1, "minute": 2}  # a unit's place in ``GapUnits``
LESS_THAN_A_MINUTE = "less than a minute"
ENGLISH_WORDS = RelativeWords()


TIME_LEVELS = 4  # forms a time takes in turn, one for every row of the column (``time_forms``)
YEAR = re.compile(r"^(?:\((?:[A-Za-z]+, )?)?(\d{4})-\d\d-\d\d[ T]\d\d:\d\d")


def time_year(text: str) -> int | None:
    """The year a time's text says (after its mark), None for a relative one."""
    found = YEAR.match(_marked(text)[1])
    return int(found.group(1)) if found else None


def time_forms(
    text: str, this_year: bool = False, words: RelativeWords = ENGLISH_WORDS
) -> tuple[list[str], list[str]]:
    """A time cell's text as ever shorter forms, each saying the same time,
    its largest units first and never lost: a shorter form drops the
    smallest. An absolute time drops its day name with its brackets, then
    its seconds, "2025-09-12 18:00"; a relative one takes short units
    without the brackets, "8 d 14 h 6 min ago", then tighter, "8d 14h 6min
    ago" (bracketed, "[Sent 8 d 14 h 6 min ago]" read as the text the model
    receives, which says "days, hours, minutes", issue 31), in ``words``:
    the window's language, "8 天 14 小时 6 分前" (the whole text is the
    middleware's, English; the Chinese window read "8d 14h… ago"); a CST one drops
    its weekday, "2025-09-13T00:00". Brackets stay only on the text whole,
    as the middleware injects or stores it. The year is dropped only when
    ``this_year`` says every row is in the current year ("09-12 18:00:00",
    before its seconds): without it "03-01 09:00:52" read as this year's in
    a discussion spanning 2024 to 2027 (issue 31).

    Returns (levels, cuts). ``levels[k]`` is the text at the column's level
    ``k``: the same kind of form on every row of a kind (one that lacks a
    part repeats the form before), so a column shows one form on all its
    rows (issue 31: some rows read "(Friday, …)", others "(2025-09-14 …)").
    ``cuts`` are what one row that still does not fit takes: a relative
    time drops its smallest units, "8d 14h… ago", then "8d… ago"; cut
    at its start it read "…14 h 6 min ago", 8 days less (issue 31)."""
    cst = CST.match(text)
    if cst is not None:
        dated, weekday = cst.group(1), cst.group(2) or ""
        return [text, dated[5:] + weekday, dated[5:]] if this_year else [text, dated], []
    found = ABSOLUTE.match(DAY_NAME.sub("(", text, count=1))
    if found is not None:
        dated, seconds = found.group(1), found.group(2)
        if this_year:
            return [text, dated + seconds, dated[5:] + seconds, dated[5:]], []
        return [text, dated + seconds, dated], []
    sent = SENT.match(text)
    if sent is None:
        return [text], []
    if sent.group(1) == LESS_THAN_A_MINUTE:
        return [text, words.under_a_minute], []
    units = [f"{n} {words.units[UNIT_PLACE[unit]]}" for n, unit in UNIT.findall(sent.group(1))]
    if not units:
        return [text], []
    tight = [unit.replace(" ", "") for unit in units]
    return [text, words.said(" ".join(units)), words.said(" ".join(tight))], [
        words.said(f"{' '.join(tight[:k])}…") for k in range(len(units) - 1, 0, -1)
    ]


def _marked(text: str) -> tuple[str, str]:
    """A leading mark and its space ("≈ "), and the rest of ``text``."""
    mark, space, rest = text.partition(" ")
    if space and len(mark) == 1 and not mark.isalnum():
        return mark + space, rest
    return "", text


def shorter_time(
    text: str,
    fits: Callable[[str], bool],
    level: int = 0,
    this_year: bool = False,
    least: int | None = None,
    words: RelativeWords = ENGLISH_WORDS,
) -> str:
    """A time's text in its first form from ``level`` on (``time_forms``;
    a column's level, or 0 for a line of its own) that ``fits`` its room,
    then cut further (its ``cuts``); the shortest form when none does, left
    for the delegate to cut at its end. A leading mark ("≈ ") stays. The
    whole text is in the cell's tooltip and in Details. ``this_year``: the
    year may go (``time_forms``). ``least``: the shortest level allowed (a
    column's rows read alike in shorter ones, ``TimeElide``), no cuts after it.
    ``words``: a relative time's shorter forms' words."""
    kept, rest = _marked(text)
    levels, cuts = time_forms(rest, this_year, words)
    if least is not None and least < len(levels) - 1:
        levels, cuts = levels[: least + 1], []
    forms = [*levels[min(level, len(levels) - 1) :], *cuts]
    for form in forms:
        if fits(kept + form):
            return kept + form
    return kept + forms[-1]


class TimeElide(_CellElide):
    """Shows a time in the column's shorter form (``shorter_time``), and
    cuts what still does not fit at its end, after its largest units: cut
    at its start, "[Sent 8 days, …]" read "…14 h 6 min ago" and
    "(2025-03-01 …)" read "03-01 09:00:52", other times (issue 31). A
    leading mark (one sign and a space, the "≈ " of a time only the next
    request would store) comes first, so it stays.

    The form is the column's, not the row's: the longest level whose widest
    text fits the room, over every row measured so far, a sample spread over
    the whole model (as ``fitted_width``'s) and then each row as it is
    drawn. Chosen per row, one read "(Friday, …)" and the next "(2025-09-14
    …)" (issue 31). Measured lazily so a resize costs a few comparisons,
    not a pass over 100,000 rows; as rows come into view the form can only
    get shorter (or longer, when two rows would read alike), never flip
    back while scrolling. A model reset, a change of
    its times (style, clock tick) or of the font starts again. A row with no
    shorter form (one that can never fit) does not force the others short.

    A form that makes two different times read alike is never the column's:
    five rows of a one-second backfill run all read "2025-09-12 18:00", their
    seconds dropped, beside a Gap of "1 s" (issue 31). Each level's forms of
    the texts measured are kept, and a level where two texts meet is passed
    over for the one before it (cut at its end when even that does not fit:
    only in a column a person made that narrow, ``TIME_FLOOR`` keeps the rest)."""

    SAMPLE = 100  # rows measured when the model's times are first drawn

    def __init__(self, table: QTableView, this_year: Callable[[], int] | None = None) -> None:
        """``this_year``: the current year of the times shown (the discussion's
        now); by default this machine's."""
        super().__init__(table)
        self._this_year = this_year or (lambda: datetime.now().year)
        self._words = relative_words()  # the shorter forms in the window's language
        # each level's widest text, over the rows that have a shorter form after it,
        # with the year kept (False) and dropped (True)
        self._widest = {False: [0.0] * TIME_LEVELS, True: [0.0] * TIME_LEVELS}
        self._years: set[int] = set()  # the years the texts measured say
        self._seen: set[str] = set()  # the texts measured
        # each level's forms of the texts measured (the text each says), and the levels
        # where two texts read alike, with the year kept (False) and dropped (True)
        self._forms: dict[bool, list[dict[str, str]]] = {
            False: [{} for _ in range(TIME_LEVELS)],
            True: [{} for _ in range(TIME_LEVELS)],
        }
        self._alike: dict[bool, set[int]] = {False: set(), True: set()}
        self._model: object = None
        self._font = ""
        self._column = -1

    def _forget(self, *_args: object) -> None:
        self._widest = {False: [0.0] * TIME_LEVELS, True: [0.0] * TIME_LEVELS}
        self._forms = {False: [{} for _ in range(TIME_LEVELS)], True: [{} for _ in range(TIME_LEVELS)]}
        self._alike = {False: set(), True: set()}
        self._years.clear()
        self._seen.clear()
        self._column = -1  # the sample is taken again
        self._table.viewport().update()

    def _changed(self, top: QModelIndex, bottom: QModelIndex, *_roles: object) -> None:
        if top.column() <= self._column <= bottom.column():
            self._forget()

    def _watch(self, index: QModelIndex | QPersistentModelIndex) -> None:
        """Starts again for a new model or font; samples the column once."""
        model = index.model()
        if model is not self._model:
            if isinstance(self._model, QObject) and isValid(self._model):
                for signal, slot in self._hooks(self._model):
                    signal.disconnect(slot)
            self._model = model
            for signal, slot in self._hooks(model):
                signal.connect(slot)
            self._forget()
        font = self._table.font().key()
        if font != self._font:
            self._font = font
            self._forget()
        if self._column != index.column():
            self._column = index.column()
            count = model.rowCount()
            for row in range(0, count, max(1, count // self.SAMPLE)):
                sampled = model.index(row, self._column)
                font_data = sampled.data(Qt.ItemDataRole.FontRole)
                metrics = QFontMetricsF(font_data if isinstance(font_data, QFont) else self._table.font())
                self._measure(str(sampled.data() or ""), metrics)

    def _hooks(self, model: object) -> list[tuple[Any, Any]]:
        return [
            (model.modelReset, self._forget),  # type: ignore[attr-defined]
            (model.layoutChanged, self._forget),  # type: ignore[attr-defined]
            (model.rowsRemoved, self._forget),  # type: ignore[attr-defined]
            (model.dataChanged, self._changed),  # type: ignore[attr-defined]
        ]

    def _measure(self, text: str, metrics: QFontMetrics | QFontMetricsF) -> bool:
        """Counts ``text``'s forms in each level's widest, and its year; whether any grew."""
        if not text or text in self._seen:
            return False
        self._seen.add(text)
        year = time_year(text)
        grew = year is not None and year not in self._years
        if year is not None:
            self._years.add(year)
        kept, rest = _marked(text)
        for this_year, widest in self._widest.items():
            levels, _ = time_forms(rest, this_year, self._words)
            for level, form in enumerate(levels[:-1]):  # the last can be cut: it binds no other row
                width = math.ceil(metrics.horizontalAdvance(kept + form))
                if width > widest[level]:
                    widest[level] = width
                    grew = True
            for level in range(TIME_LEVELS):  # a shorter row repeats its last form
                form = kept + levels[min(level, len(levels) - 1)]
                said = self._forms[this_year][level].setdefault(form, text)
                if said != text and level not in self._alike[this_year]:
                    self._alike[this_year].add(level)
                    grew = True
        return grew

    def this_year(self) -> bool:
        """Whether every time measured is in the current year: only then may
        a time drop its year. A row is measured before it is drawn, so no
        row shown without its year is of another year."""
        return self._years <= {self._this_year()}

    def least_level(self) -> int:
        """The shortest level before any where two different times read alike."""
        alike = self._alike[self.this_year()]
        return next((k - 1 for k in range(TIME_LEVELS) if k in alike), TIME_LEVELS - 1)

    def level(self, room: int) -> int:
        """The column's form for ``room`` px: the first whose widest text
        fits, of those where no two times read alike (the last of those when none fits)."""
        widest, least = self._widest[self.this_year()], max(0, self.least_level())
        return next((k for k, width in enumerate(widest[: least + 1]) if width <= room), least)

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        metrics = option.fontMetrics
        room = self._room(option)
        self._watch(index)
        before = (self.level(room), self.this_year())
        if self._measure(option.text, metrics) and (self.level(room), self.this_year()) != before:
            self._table.viewport().update()  # the rows drawn before take the shorter form too
        if room > 0:
            option.text = shorter_time(
                option.text,
                lambda t: metrics.horizontalAdvance(t) <= room,
                self.level(room),
                self.this_year(),
                max(0, self.least_level()) if self._alike[self.this_year()] else None,
                self._words,
            )
        option.textElideMode = Qt.TextElideMode.ElideRight  # its largest units and its mark kept


class UnitElide(_CellElide):
    """Cuts an amount of units ("6 d 13 h") after a whole unit ("6 d…"):
    cut at its last character it read "6 d 1…", as another gap. Measured in
    fractions of a pixel, as Qt draws: "1 小时 10 分" measured 78 px whole
    but drew 78.4 and read "1 小…0 分" (issue 31). The sign and the first
    unit stay whole down to the column's floor (``_gap_floor``)."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        room = self._room(option)
        metrics = QFontMetricsF(option.font)
        words = option.text.split(" ")
        if room <= 0 or len(words) < 4 or metrics.horizontalAdvance(option.text) <= room:
            return
        while len(words) > 2 and metrics.horizontalAdvance(" ".join(words) + "…") > room:
            del words[-2:]  # a number and its unit
        option.text = " ".join(words) + "…"


class FreeTextElide(_CellElide):
    """Cuts only the free text of a cell (its model's ``FREE_TEXT_ROLE``, a
    file's name), in its middle, and keeps the rest whole: History's Source
    cut in its middle read "state 0 (timestamp… written after now", its
    time gone, in the smallest window (issue 31, tryH R3). ``least_width``
    is what the column needs for the rest whole beside a "…"."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        free = index.data(FREE_TEXT_ROLE)
        room = self._room(option)
        metrics = QFontMetricsF(option.font)
        if not free or free not in option.text or metrics.horizontalAdvance(option.text) <= room:
            return
        rest = metrics.horizontalAdvance(option.text.replace(free, "", 1))
        shown = metrics.elidedText(free, Qt.TextElideMode.ElideMiddle, max(0.0, room - rest)) or "…"
        option.text = option.text.replace(free, shown, 1)

    def least_width(self, index: QModelIndex) -> int:
        """The cell's text with its free text as "…", and the item's margins."""
        text, free = str(index.data() or ""), index.data(FREE_TEXT_ROLE)
        least = text.replace(free, "…", 1) if free else text
        return math.ceil(QFontMetricsF(self._table.font()).horizontalAdvance(least)) + self._text_margin() + 1


def items_more(kept: str, more: int) -> str:
    """A list cut after ``kept``, saying how many items follow: "tracked +1"
    in English; in Chinese "已记录 +1" read as a like, a vote, not "and one
    flag more" (issue 31): it says so, "已记录 另1项" ("one other item")."""
    return CutLists().more(kept, more)


class ItemsElide(_CellElide):
    """Cuts a list of short labels (``cell_list``: "tracked, out-of-order")
    after its last whole item, saying how many more there are: "tracked +1"
    (``items_more``).
    Cut at its last character it read "tracked, out-of-or…" in the smallest
    window (tryout); the whole list is in the tooltip and Details."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        room = self._room(option)
        metrics = QFontMetricsF(option.font)  # fractional: "已记录 另1个标记" was 95.3 px, cut in 95
        items = cell_items(option.text)
        if room <= 0 or len(items) < 2 or metrics.horizontalAdvance(option.text) <= room:
            return
        for kept in range(len(items) - 1, 0, -1):
            shorter = items_more(cell_list(items[:kept]), len(items) - kept)
            if metrics.horizontalAdvance(shorter) <= room:
                option.text = shorter
                return
        option.text = shorter  # the first item and the count, cut by the view if even that is too wide


class ColumnWidths(QObject):
    """Fits ``columns`` of ``table`` to their texts; the user's widths win.
    ``fitted`` says the columns may want more room than they had."""

    fitted = Signal()

    def __init__(
        self,
        table: QTableView,
        settings: QSettings,
        columns: Sequence[int],
        stretch: int,
        after: Sequence[int] = (),
        squeeze: Sequence[tuple[int, Floor]] = (),
        cut_times: Sequence[int] = (),
        this_year: Callable[[], int] | None = None,
        cut_units: Sequence[int] = (),
        cut_items: Sequence[int] = (),
        all_texts: Mapping[int, Callable[[], Iterable[str]]] | None = None,
        steady_texts: Mapping[int, Callable[[], Iterable[str]]] | None = None,
    ) -> None:
        """``after``: columns shown after the stretching one; ``squeeze``:
        fitted columns that give Content its share, first given first, each
        with the characters it keeps (or a text it keeps whole, or a function
        that gives that text in the current language); ``cut_times``: times,
        shown shorter and cut after their largest units, their year
        dropped only when it is ``this_year``'s (by default this machine's);
        ``cut_units``: amounts cut after a whole unit; ``cut_items``: lists cut after a whole item;
        ``all_texts``: columns fitted to every text they show (the few distinct ones), not a sample;
        ``steady_texts``: of those, the texts each shows whatever the state of the files (Status
        without "not on disk"): the other columns are squeezed as if it showed only these, and
        what the state's words add is Content's to give (``_stretch_content``)."""
        super().__init__(table)
        self._table = table
        self._settings = settings
        self._columns = list(columns)
        self._stretch = stretch
        self._after = list(after)
        self._squeeze = [(c, ems) for c, ems in squeeze if c in self._columns]
        self._cut_times = TimeElide(table, this_year)
        for column in cut_times:
            table.setItemDelegateForColumn(column, self._cut_times)
        self._cut_units = UnitElide(table)
        for column in cut_units:
            table.setItemDelegateForColumn(column, self._cut_units)
        self._cut_items = ItemsElide(table)
        self._items_columns = tuple(cut_items)
        self._all_texts = dict(all_texts or {})
        self._steady_texts = dict(steady_texts or {})
        self._steady: dict[int, int] = {}  # each such column's width for its steady texts
        for column in cut_items:
            table.setItemDelegateForColumn(column, self._cut_items)
        self._wanted: dict[int, int] = {}  # each column's fitted (or the user's) width
        self._content_needs = 1 << 20  # what Content's texts take (unmeasured: all it can get)
        header = table.horizontalHeader()
        for column in after:  # shown after the stretching column, whatever the model's order
            header.moveSection(header.visualIndex(column), header.count() - 1)
        self._user = {c: w for c, w in codec.read_column_widths(settings).items() if c in self._columns}
        self._fitting = False
        self._lent = 0  # px of the least rows lent to what is shown above the table (``lend``)
        header.sectionResized.connect(self._resized)
        table.viewport().installEventFilter(self)

    @property
    def user_widths(self) -> dict[int, int]:
        return dict(self._user)

    def wanted(self, column: int) -> int:
        """``column``'s fitted (or the user's) width, before any squeeze."""
        return self._wanted.get(column, self._table.columnWidth(column))

    def fit(self, *only: int) -> None:
        """Every column (or ``only`` these) to the room its texts need, the
        user's own widths kept. Each costs a sample of cells on the GUI thread."""
        self._fitting = True
        try:
            for column in only or self._columns:
                width = self._user.get(column) or self._fitted(column)
                self._wanted[column] = width
                if column in self._steady_texts:
                    steady = self._user.get(column) or self._fitted(column, self._steady_texts[column])
                    self._steady[column] = min(width, steady)
                self._table.setColumnWidth(column, width)
            self._content_needs = fitted_width(self._table, self._stretch)
            self._table.setMinimumSize(self.least_width(), self._height(LEAST_ROWS) - self._lent)
            self._stretch_content()
        finally:
            self._fitting = False
        self.fitted.emit()

    def fit_added(self, added: Sequence[int]) -> None:
        """After an append added ``added`` (rows of the view's source model,
        mapped through its proxy here; empty: a whole ``fit``): a column
        widened when one of them needs more than it has, none narrowed, the
        rows shown before not asked again. A whole ``fit`` samples 100 rows
        of every column, ~50 ms of the GUI thread at 100k each time the
        middleware appended (issue 29), for widths the new rows alone can change."""
        if not added:
            self.fit()
            return
        view = self._table.model()
        if isinstance(view, QAbstractProxyModel):
            source = view.sourceModel()
            rows = [view.mapFromSource(source.index(row, 0)).row() for row in added]
        else:
            rows = list(added)
        rows = [row for row in rows if row >= 0]  # filtered out: not shown
        if not rows:
            return
        grown = False
        self._fitting = True
        try:
            for column in self._columns:
                if column in self._user:
                    continue
                width = fitted_width(self._table, column, rows=rows)
                if width > self.wanted(column):
                    self._wanted[column] = width
                    self._table.setColumnWidth(column, width)
                    grown = True
            needs = fitted_width(self._table, self._stretch, rows=rows)
            if needs > self._content_needs:
                self._content_needs, grown = needs, True
            if grown:
                self._table.setMinimumSize(self.least_width(), self._height(LEAST_ROWS) - self._lent)
                self._stretch_content()
        finally:
            self._fitting = False
        if grown:
            self.fitted.emit()

    def _fitted(self, column: int, only: Callable[[], Iterable[str]] | None = None) -> int:
        """``fitted_width``, and for a list cut after whole items (Status) at
        least its floor: the rows sampled may all be "tracked" where others
        carry flags, and "tracked, shared-hash" read "tra… +1" (Chinese
        "已…项") even at 1920x1080 (issue 31). ``only``: these texts, not all the column's."""
        width = fitted_width(self._table, column) if only is None else header_text_width(self._table, column)
        texts = self._all_texts.get(column) if only is None else only
        if texts is not None:  # every text, not a sample: a row deep in a long chat read "tracked +2"
            italic = QFont(self._table.font())
            italic.setItalic(True)  # an untracked row's (FontRole)
            fonts = [QFontMetricsF(self._table.font()), QFontMetricsF(italic)]
            widest = max((math.ceil(f.horizontalAdvance(t)) for t in texts() for f in fonts), default=0)
            width = max(width, widest + item_text_margin(self._table))
        if column in self._items_columns:
            floors = [ems for c, ems in self._squeeze if c == column]
            if floors:
                width = max(width, self._floor(column, floors[0]))
        return width

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._stretch_content()
        return False

    def _stretch_content(self) -> None:
        """Content takes what the viewport has left, at least
        ``CONTENT_SHARE`` of it: the columns after it scroll off first; then
        Content gives way down to ``CONTENT_LEAST_SHARE`` before the
        ``squeeze`` columns do (cut for a share Content could spare, Status
        read "tracked,…" and Gap "17 min…" at 1024 px, tryout); when even
        their floors leave less than ``CONTENT_EMS``, Content keeps those and
        the rest scrolls (Qt's stretch mode would squeeze it to a sliver)."""
        table = self._table
        view = table.viewport().width()
        least = CONTENT_EMS * table.fontMetrics().averageCharWidth()
        # no column is cut for room Content's own texts would not fill
        target = max(least, min(int(view * CONTENT_SHARE), self._content_needs))
        kept = max(least, min(int(view * CONTENT_LEAST_SHARE), self._content_needs))
        wanted = self._wanted_before()
        # the columns are squeezed as in the steady state (Status without the words a file
        # gone or an edit adds): what those words add, Content gives (down to its least), so the
        # Time column keeps its width and form whatever the state (tryN R5: after ``rm`` of the
        # timestamp file Status grew, Time gave 1 px and every row lost its "(Friday, …)")
        widths = {c: min(w, self._steady.get(c, w)) for c, w in wanted.items()}
        extra = {c: wanted[c] - w for c, w in widths.items()}
        after = sum(table.columnWidth(c) for c in self._after if not table.isColumnHidden(c))
        room = view - sum(widths.values())
        if room < kept:
            widths = self._squeezed(widths, kept - room)
            room = view - sum(widths.values())
        room -= sum(extra.values())
        if room < least:  # not even Content's least: the state's words are cut after all
            short = least - room
            for column in extra:
                give = min(short, extra[column])
                extra[column] -= give
                short -= give
            room = least - short
        widths = {c: w + extra[c] for c, w in widths.items()}
        # else the hash scrolled off: Content fills the view
        content = room - after if room - after >= target else max(least, room)
        self._fitting = True
        try:
            for column, width in widths.items():
                if table.columnWidth(column) != width:
                    table.setColumnWidth(column, width)
            table.setColumnWidth(self._stretch, content)
        finally:
            self._fitting = False

    def _floor(self, column: int, ems: Floor) -> int:
        """The width ``column`` keeps when squeezed: ``ems`` characters, or
        the text ``ems`` whole (what must stay readable: a gap's first unit,
        a status word), or its header."""
        table = self._table
        metrics = table.fontMetrics()
        if callable(ems):
            ems = ems()
        if isinstance(ems, str | tuple):  # whole pixels up, as ``fitted_width`` measures
            metrics_f = QFontMetricsF(table.font())
            texts = (ems,) if isinstance(ems, str) else ems
            widest = max(metrics_f.horizontalAdvance(text) for text in texts)
            kept = math.ceil(widest) + item_text_margin(table)
        else:
            kept = ems * metrics.averageCharWidth()
        return max(kept, header_text_width(table, column))

    def _squeezed(
        self, widths: dict[int, int], amount: int, order: Sequence[tuple[int, Floor]] | None = None
    ) -> dict[int, int]:
        """``widths`` less up to ``amount`` px, taken from the ``squeeze``
        columns (or ``order``'s) in order, none below its floor."""
        squeezed = dict(widths)
        for column, ems in self._squeeze if order is None else order:
            if amount <= 0:
                break
            if column not in squeezed or column in self._user:
                continue
            floor = min(squeezed[column], self._floor(column, ems))
            give = min(amount, squeezed[column] - floor)
            squeezed[column] -= give
            amount -= give
        return squeezed

    def least_height(self) -> int:
        """The table's least height with nothing lent: its header and ``LEAST_ROWS``."""
        return self._height(LEAST_ROWS)

    def lendable(self) -> int:
        """The pixels of its least rows the table lends (``LENT_ROWS`` rows)."""
        return LENT_ROWS * self._table.verticalHeader().defaultSectionSize()

    def lent(self) -> int:
        return self._lent

    def lend(self, pixels: int) -> None:
        """Lend ``pixels`` (at most ``lendable``) of the least rows to what is
        above the table: a banner's lines, shown in the smallest window, made
        the window grow past its minimum (issue 31 tryout, Chinese)."""
        lent = max(0, min(pixels, self.lendable()))
        if lent != self._lent:
            self._lent = lent
            self._table.setMinimumHeight(self._height(LEAST_ROWS) - lent)

    def least_width(self) -> int:
        """The table's width with every column before Content at its floor
        (a user's own width kept) and Content its share of it."""
        table = self._table
        widths = self._wanted_before()
        before = sum(self._squeezed(widths, sum(widths.values())).values())
        content = max(CONTENT_EMS * table.fontMetrics().averageCharWidth(), self._content_share(before))
        frame = 2 * table.frameWidth() + table.verticalScrollBar().sizeHint().width()
        return before + content + frame

    @staticmethod
    def _content_share(before: int) -> int:
        """Content's width for ``CONTENT_SHARE`` of a viewport whose other columns take ``before``."""
        return int(before * CONTENT_SHARE / (1 - CONTENT_SHARE)) + 1

    def preferred_width(self) -> int:
        """What the columns before the stretching one take at their fitted
        (or the user's) widths: the table wants this plus room for Content."""
        return sum(self._wanted_before().values())

    def _wanted_before(self) -> dict[int, int]:
        """The fitted (or the user's) width of each shown column before Content."""
        table = self._table
        header = table.horizontalHeader()
        stretch = header.visualIndex(self._stretch)
        return {
            c: self._wanted.get(c, table.columnWidth(c))
            for c in range(header.count())
            if header.visualIndex(c) < stretch and not table.isColumnHidden(c)
        }

    def shortfall(self, rows: int = MIN_ROWS) -> QSize:
        """How many pixels the table lacks, across for its fitted columns and
        ``CONTENT_EMS`` of Content, down for its header and ``rows`` rows
        (``dock_fit`` takes them from the docks)."""
        table = self._table
        frame = 2 * table.frameWidth()
        bar = table.verticalScrollBar().sizeHint().width()
        across = self.preferred_width() + CONTENT_EMS * table.fontMetrics().averageCharWidth() + bar + frame
        return QSize(across - table.width(), self._height(rows) - table.height())

    def _height(self, rows: int) -> int:
        """The table's height with its header and ``rows`` rows in view."""
        table = self._table
        top = table.horizontalHeader()
        header = 0 if top.isHidden() else top.sizeHint().height()
        return (
            header
            + rows * table.verticalHeader().defaultSectionSize()
            + table.horizontalScrollBar().sizeHint().height()
            + 2 * table.frameWidth()
        )

    def _resized(self, column: int, _old: int, new: int) -> None:
        if self._fitting or column not in self._columns or new <= 0:
            return  # ours, or the stretching Content column
        self._user[column] = new
        self._wanted[column] = new
        codec.write_column_widths(self._settings, self._user)

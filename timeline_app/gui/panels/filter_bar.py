"""The filter row above the table: text or hash, status or flag, roles,
"N of M shown", and next/previous shown row.

It sits with the table, not in the toolbar, so a narrow window never hides
it in the toolbar's overflow (Ctrl+F must always reach it). It only sets the
proxy's criteria; the proxy does the filtering. F3 / Shift+F3 move the
table's current row through what the filter shows; the role buttons show
the window's role actions, which carry the shortcuts.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QItemSelectionModel, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QStyle,
    QStyleOptionFrame,
    QTableView,
    QToolButton,
    QWidget,
)

from ...core.timeline import Flag, Status
from ..strip.view import TimelineStrip
from ..tables.filter_proxy import TimelineFilterProxy
from ..tables.timeline import flag_label
from ..widgets.elided_label import ElidedLabel
from ..wording import Counted, fill, number

# (English label, statuses, flag): a flag's label is "Flag: <its name>" in the user's language
FILTERS: list[tuple[str, set[str], str | None]] = [
    (QT_TRANSLATE_NOOP("FilterBar", "All messages"), set(), None),
    (QT_TRANSLATE_NOOP("FilterBar", "Untracked"), {Status.UNTRACKED.value}, None),
    (QT_TRANSLATE_NOOP("FilterBar", "Tracked"), {Status.TRACKED.value}, None),
    (
        QT_TRANSLATE_NOOP("FilterBar", "System / prompts"),
        {Status.SYSTEM.value, Status.GENERATION_PROMPT.value},
        None,
    ),
    *[("", set(), flag.value) for flag in Flag],
]
ROLES = ("user", "assistant", "other")
TYPING_PAUSE_MS = 150


def text_room(edit: QLineEdit) -> int:
    """Pixels of ``edit`` its text (or placeholder) is drawn in: inside the
    frame, the text margins and Qt's own 2 px on each side."""
    option = QStyleOptionFrame()
    option.initFrom(edit)
    option.lineWidth = edit.style().pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, option, edit)
    contents = edit.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, edit)
    margins = edit.textMargins()
    return contents.width() - margins.left() - margins.right() - 2 * 2


# the filter box's own key, for the shortcut list (Help): the key it obeys
CLEAR_KEY = Qt.Key.Key_Escape
FILTER_KEYS: tuple[tuple[str, tuple[Qt.Key, ...]], ...] = (
    (QT_TRANSLATE_NOOP("FilterBar", "Filter box: clear the filter (again: back to the table)"), (CLEAR_KEY,)),
)


class FilterBar(Counted, QWidget):
    def __init__(self, proxy: TimelineFilterProxy, table: QTableView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._proxy = proxy
        self._table = table
        self.edit = QLineEdit()
        self.edit.setObjectName("filterEdit")
        # the long hint where it fits, the short one in a narrow window (the long one was cut)
        self._hints = (self.tr("Filter text or hash… (Ctrl+F; F3 next)"), self.tr("Filter… (Ctrl+F)"))
        self.edit.setPlaceholderText(self._hints[0])
        self.edit.installEventFilter(self)
        self.edit.setAccessibleName(self.tr("Filter"))
        self.edit.setClearButtonEnabled(True)
        self.combo = QComboBox()
        self.combo.setObjectName("filterCombo")
        for label, _, flag in FILTERS:
            self.combo.addItem(
                self.tr(label) if flag is None else fill(self.tr("Flag: %1"), flag_label(Flag(flag)))
            )
        # narrow windows: the row shrinks instead of forcing the window wider
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(10)
        self.edit.setMinimumWidth(self.edit.width() - text_room(self.edit) + self._hint_width(1))
        self.role_buttons: dict[str, QToolButton] = {}
        row = QHBoxLayout(self)
        row.setContentsMargins(2, 2, 2, 2)
        row.addWidget(self.edit, 1)
        row.addWidget(self.combo)
        self._role_names = dict(zip(ROLES, TimelineStrip.lane_labels(), strict=True))  # the strip's lanes
        for role in ROLES:
            button = QToolButton()
            button.setText(self._role_names[role])
            button.setToolTip(fill(self.tr("Show only %1 messages (several: any of them)"), button.text()))
            button.setCheckable(True)
            button.setObjectName(f"roleFilter_{role}")
            button.toggled.connect(self._roles_changed)
            row.addWidget(button)
            self.role_buttons[role] = button
        self.shown = ElidedLabel()
        self.shown.setObjectName("filterShown")
        # never widens the window (the count changes with every key); short of
        # room it says "33375/100000" ("33375 of 100..." was cut at 800 px)
        self.shown.setMinimumWidth(1)
        row.addWidget(self.shown)
        self._timer = QTimer(self, singleShot=True, interval=TYPING_PAUSE_MS)
        self._timer.timeout.connect(lambda: proxy.set_text(self.edit.text()))
        self.edit.textChanged.connect(lambda _: self._timer.start())
        self.combo.currentIndexChanged.connect(self._kind_changed)
        for signal in (proxy.modelReset, proxy.layoutChanged, proxy.rowsInserted, proxy.rowsRemoved):
            signal.connect(self._count_changed)
        self._count_changed()
        source = proxy.sourceModel()
        if source is not None:
            for signal in (source.modelReset, source.dataChanged):  # a style or a discussion shown
                signal.connect(self._name_flags)

    def _name_flags(self, *_: object) -> None:
        """The flag filters named as the table's Status names them: judged
        on the stored times, "(stored time)" where the style shows others."""
        other = bool(getattr(self._proxy.sourceModel(), "shows_other_times", False))
        for item, (_label, _, flag) in enumerate(FILTERS):
            if flag is not None:
                text = fill(self.tr("Flag: %1"), flag_label(Flag(flag), other))
                if self.combo.itemText(item) != text:
                    self.combo.setItemText(item, text)

    def _hint_width(self, hint: int) -> int:
        return self.edit.fontMetrics().horizontalAdvance(self._hints[hint])

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.edit and event.type() == QEvent.Type.Resize:
            fits = self._hint_width(0) <= text_room(self.edit)
            self.edit.setPlaceholderText(self._hints[0 if fits else 1])
        if (
            watched is self.edit
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() == CLEAR_KEY
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
        ):
            # as in a browser's find bar: Escape clears the filter, a second
            # one gives the keys back to the table (tryout: it did nothing)
            if self.edit.text():
                self.edit.clear()
            else:
                self._table.setFocus(Qt.FocusReason.ShortcutFocusReason)
            return True
        return False

    def bind_roles(self, actions: dict[str, QAction]) -> None:
        """Each role button shows and toggles its action (which has the shortcut)."""
        for role, action in actions.items():
            action.setIconText(self._role_names[role])
            self.role_buttons[role].setDefaultAction(action)

    def focus_text(self) -> None:
        self.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.edit.selectAll()

    def step(self, delta: int) -> None:
        """Make the next (``delta`` 1) or previous (-1) shown row current, wrapping."""
        count = self._proxy.rowCount()
        if count == 0:
            return
        current = self._table.currentIndex()
        start = current.row() if current.isValid() else (-1 if delta > 0 else count)
        index = self._proxy.index((start + delta) % count, max(current.column(), 0))
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        self._table.selectionModel().setCurrentIndex(index, flags)
        self._table.scrollTo(index)

    def _kind_changed(self, number: int) -> None:
        _, statuses, flag = FILTERS[number]
        self._proxy.set_statuses(statuses)
        self._proxy.set_flag(flag)

    def _roles_changed(self) -> None:
        self._proxy.set_roles({role for role, button in self.role_buttons.items() if button.isChecked()})

    def _count_changed(self) -> None:
        source = self._proxy.sourceModel()
        total = source.rowCount() if source is not None else 0
        shown = self._proxy.rowCount()
        if self._proxy.active:
            self.shown.set_texts(
                fill(self.tr("%1 of %2 shown"), shown, total), f"{number(shown)}/{number(total)}"
            )
        else:
            self.shown.set_texts(self.tr("%n rows", "", total), number(total))

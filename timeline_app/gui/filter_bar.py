"""The filter bar above the table: text, kind, roles, "N of M shown", next/previous.

It lives in the window's centre, not in the toolbar, so it is never pushed
into the toolbar's overflow at a small width and Ctrl+F always reaches it.
It drives the table's filter proxy and moves the table's current row for
F3 / Shift+F3; the role toggles are the window's actions (with shortcuts).
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTableView,
    QToolButton,
    QWidget,
)

from ..core.timeline import Flag, Status
from .filter_proxy import TimelineFilterProxy

FILTERS = [
    ("All messages", None, None),
    ("Untracked", Status.UNTRACKED.value, None),
    ("Tracked", Status.TRACKED.value, None),
    ("System / prompts", "system-like", None),
    *[(f"Flag: {flag.value}", None, flag.value) for flag in Flag],
]
ROLES = ("user", "assistant", "other")


class FilterBar(QWidget):
    """Filters ``proxy`` (the rows ``table`` shows) and says how many remain."""

    def __init__(self, proxy: TimelineFilterProxy, table: QTableView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._proxy = proxy
        self._table = table
        self.edit = QLineEdit()
        self.edit.setObjectName("filterEdit")
        self.edit.setPlaceholderText("Filter text or hash (Ctrl+F; F3 next)")
        self.edit.setAccessibleName("Filter")
        self.edit.setClearButtonEnabled(True)
        self.combo = QComboBox()
        self.combo.setObjectName("filterCombo")
        for label, _, _ in FILTERS:
            self.combo.addItem(label)
        # the long flag names must not set the window's minimum width
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(8)
        self.role_buttons: dict[str, QToolButton] = {}
        self.shown = QLabel()
        self.shown.setObjectName("filterShown")
        # the count changes with every keystroke: it must never widen the window
        self.shown.setMinimumWidth(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.combo)
        for role in ROLES:
            button = QToolButton()
            button.setObjectName(f"roleFilter_{role}")
            button.setCheckable(True)
            button.setText(role)
            layout.addWidget(button)
            self.role_buttons[role] = button
        layout.addWidget(self.shown)
        self._timer = QTimer(self, singleShot=True, interval=150)
        self.edit.textChanged.connect(lambda _: self._timer.start())
        self._timer.timeout.connect(lambda: proxy.set_text(self.edit.text()))
        self.combo.currentIndexChanged.connect(self._kind_changed)
        for signal in (proxy.modelReset, proxy.layoutChanged, proxy.rowsInserted, proxy.rowsRemoved):
            signal.connect(self._count_changed)
        self._count_changed()

    def bind_roles(self, actions: dict[str, QAction]) -> None:
        """Each role button shows and toggles its action (which has the shortcut)."""
        for role, action in actions.items():
            action.setIconText(role)
            self.role_buttons[role].setDefaultAction(action)

    def set_roles_from_buttons(self) -> None:
        self._proxy.set_roles({role for role, button in self.role_buttons.items() if button.isChecked()})

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
        row = (start + delta) % count
        index = self._proxy.index(row, max(current.column(), 0))
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        self._table.selectionModel().setCurrentIndex(index, flags)
        self._table.scrollTo(index)

    def _kind_changed(self, number: int) -> None:
        _, status, flag = FILTERS[number]
        if status == "system-like":
            self._proxy.set_statuses({Status.SYSTEM.value, Status.GENERATION_PROMPT.value})
        else:
            self._proxy.set_statuses({status} if status else set())
        self._proxy.set_flag(flag)

    def _count_changed(self) -> None:
        source = self._proxy.sourceModel()
        total = source.rowCount() if source is not None else 0
        shown = self._proxy.rowCount()
        self.shown.setText(f"{shown} of {total} shown" if self._proxy.active else f"{total} rows")

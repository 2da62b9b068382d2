"""The filter row above the table: text or hash, status or flag, roles.

It sits with the table, not in the toolbar, so a narrow window never hides
it in the toolbar's overflow (Ctrl+F must always reach it). It only sets the
proxy's criteria; the proxy does the filtering.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QToolButton, QWidget

from ..core.timeline import Flag, Status
from .filter_proxy import TimelineFilterProxy

FILTERS: list[tuple[str, set[str], str | None]] = [
    ("All messages", set(), None),
    ("Untracked", {Status.UNTRACKED.value}, None),
    ("Tracked", {Status.TRACKED.value}, None),
    ("System / prompts", {Status.SYSTEM.value, Status.GENERATION_PROMPT.value}, None),
    *[(f"Flag: {flag.value}", set(), flag.value) for flag in Flag],
]
ROLES = ("user", "assistant", "other")
TYPING_PAUSE_MS = 150


class FilterBar(QWidget):
    def __init__(self, proxy: TimelineFilterProxy, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._proxy = proxy
        self.edit = QLineEdit()
        self.edit.setObjectName("filterEdit")
        self.edit.setPlaceholderText("Filter text or hash… (Ctrl+F)")
        self.edit.setClearButtonEnabled(True)
        self.combo = QComboBox()
        self.combo.setObjectName("filterCombo")
        for label, _, _ in FILTERS:
            self.combo.addItem(label)
        # narrow windows: the row shrinks instead of forcing the window wider
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(10)
        self.edit.setMinimumWidth(60)
        self.role_buttons: dict[str, QToolButton] = {}
        row = QHBoxLayout(self)
        row.setContentsMargins(2, 2, 2, 2)
        row.addWidget(self.edit, 1)
        row.addWidget(self.combo)
        for role in ROLES:
            button = QToolButton()
            button.setText(role)
            button.setToolTip(f"Show only {role} messages (several: any of them)")
            button.setCheckable(True)
            button.setObjectName(f"roleFilter_{role}")
            button.toggled.connect(self._roles_changed)
            row.addWidget(button)
            self.role_buttons[role] = button
        self._timer = QTimer(self, singleShot=True, interval=TYPING_PAUSE_MS)
        self._timer.timeout.connect(lambda: proxy.set_text(self.edit.text()))
        self.edit.textChanged.connect(lambda _: self._timer.start())
        self.combo.currentIndexChanged.connect(self._kind_changed)

    def focus_text(self) -> None:
        self.edit.setFocus()
        self.edit.selectAll()

    def _kind_changed(self, number: int) -> None:
        _, statuses, flag = FILTERS[number]
        self._proxy.set_statuses(statuses)
        self._proxy.set_flag(flag)

    def _roles_changed(self) -> None:
        self._proxy.set_roles({role for role, button in self.role_buttons.items() if button.isChecked()})

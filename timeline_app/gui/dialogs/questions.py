"""The small questions the window asks: a reference time, a key, a chat, a zone,
whether to drop unsaved edits. Each returns the answer (None: cancelled) and
keeps no state; the session does what the answer says."""

from __future__ import annotations

import math
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QDateTime, QEvent, QRect, QSize, Qt
from PySide6.QtGui import QFontMetricsF, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QDateTimeEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QStyle,
    QStyleOptionSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...core.errors import NeedsChoice
from ..wording import fill

if TYPE_CHECKING:
    from ..session import DiscussionSession


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


LINE_EDIT_MARGIN = 2  # px QLineEdit keeps beside its text (QLineEditPrivate::horizontalMargin)


class MomentEdit(QDateTimeEdit):
    """A moment to the second (``yyyy-MM-dd HH:mm:ss``) whose Tab leaves the
    field as every other field's does: Qt's own walks it part by part, a
    stop per section. Left and Right still move between its parts, Up and
    Down change the part the cursor is in, and a separator typed ("-", " ",
    ":") moves to the next part, as Qt's does.

    Only the Tab key leaves: Qt moves to the next part on a typed separator
    by calling ``focusNextPrevChild`` too, and when that was overridden to
    leave the field, typing "2025-09-21 07:00" sent the focus to OK at the
    "-" and the space pressed it: the dialog closed with the old time
    (tryout views3, typed by xdotool; the keys then reached the window)."""

    def __init__(self, moment: datetime, parent: QWidget | None = None) -> None:
        super().__init__(QDateTime(moment), parent)
        self.setDisplayFormat("yyyy-MM-dd HH:mm:ss")
        self._advanced = False  # the last digit filled a part and Qt moved on to the next

    def event(self, event: QEvent) -> bool:
        if not isinstance(event, QKeyEvent) or event.type() != QEvent.Type.KeyPress:
            return super().event(event)
        typed = event.text()
        if self._advanced and typed and typed.isprintable() and not typed.isalnum():
            # the separator after a part Qt already left: typed "2024-08-20" went
            # into the day at the "-" after the year (Qt moves on a full part and
            # again on the separator), a date read 2024-09-08 20:07:05
            self._advanced = False
            return True
        before = self.currentSectionIndex()
        handled = self._key(event)
        if typed:  # not a modifier's own press: Shift, for the ":" (xdotool under Xvfb)
            self._advanced = typed.isdigit() and self.currentSectionIndex() != before
        return handled

    def _key(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and not event.modifiers() & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
        ):
            forward = (
                event.key() == Qt.Key.Key_Tab and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            )
            QAbstractSpinBox.focusNextPrevChild(self, forward)
            return True
        return super().event(event)

    def moment(self) -> datetime:
        return self.dateTime().toPython().replace(microsecond=0)

    def sizeHint(self) -> QSize:
        return self._widened(super().sizeHint())

    def minimumSizeHint(self) -> QSize:
        return self._widened(super().minimumSizeHint())

    def _widened(self, hint: QSize) -> QSize:
        """``hint`` wide enough for the text as its line edit lays it out: Qt's
        spin box counts the text's advance and 2 px, the line edit 2 px each
        side, its cursor and the font's overhanging bearings, and scrolls the
        text when they do not fit: "2025-09-21 08:06:00" lost its last digit
        (tryout, issue 31; docs/guide/zh_CN/simulate.png)."""
        line = self.lineEdit()
        metrics = line.fontMetrics()
        bearings = max(0, -metrics.minLeftBearing()) + max(0, -metrics.minRightBearing())
        text = math.ceil(QFontMetricsF(line.font()).horizontalAdvance(line.text()))
        margins = line.textMargins()
        needed = text + 1 + bearings + 2 * LINE_EDIT_MARGIN + margins.left() + margins.right()
        option = QStyleOptionSpinBox()
        self.initStyleOption(option)
        option.rect = QRect(0, 0, hint.width(), hint.height())
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_SpinBox, option, QStyle.SubControl.SC_SpinBoxEditField, self
        )
        return QSize(hint.width() + max(0, needed - field.width()), hint.height())


class NowDialog(QDialog):
    """Pick the reference "now" (the middleware's clock) for relative times."""

    def __init__(self, current: datetime, parent: QWidget | None = None, clock: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Pin the reference time"))
        self.editor = MomentEdit(current)
        self.editor.setObjectName("pinEditor")
        self.editor.setCalendarPopup(True)
        layout = QVBoxLayout(self)
        # ``clock``: whose clock the time typed is on (``wording.clock_said``); the field named no zone
        question = (
            fill(
                self.tr("Relative times and simulations use this as 'now' (the middleware's clock: %1):"),
                clock,
            )
            if clock
            else self.tr("Relative times and simulations use this as 'now':")
        )
        label = QLabel(question)
        label.setObjectName("pinQuestion")
        label.setWordWrap(True)
        layout.addWidget(label)
        layout.addWidget(self.editor)
        layout.addWidget(_buttons(self))

    def value(self) -> datetime:
        return self.editor.moment()


class KeyDialog(QDialog):
    """API key and username of an encrypted file, asked together (the key is
    derived from both). Kept in memory only."""

    def __init__(self, why: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Encrypted timestamp file"))
        reason = QLabel(why)
        reason.setWordWrap(True)
        self.key = QLineEdit()
        self.key.setObjectName("apiKey")
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        self.username = QLineEdit()
        self.username.setObjectName("username")
        self.username.setPlaceholderText(self.tr("empty if the middleware has none"))
        form = QFormLayout()
        form.addRow(self.tr("&API key:"), self.key)
        form.addRow(self.tr("&Username:"), self.username)
        layout = QVBoxLayout(self)
        layout.addWidget(reason)
        layout.addLayout(form)
        layout.addWidget(QLabel(self.tr("The key stays in memory; it is never written anywhere.")))
        layout.addWidget(_buttons(self))


def ask_now(parent: QWidget, current: datetime, clock: str = "") -> datetime | None:
    dialog = NowDialog(current, parent, clock)
    return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None


def pin_now(parent: QWidget, session: DiscussionSession) -> None:
    """View > Pin Now…: the moment asked on the clock it is typed on (the
    field names it), then pinned for the discussion shown."""
    from ..wording import clock_said

    now = session.now()
    moment = ask_now(parent, now, clock_said(now, session.now_clock(), session.options.wilmer_zone))
    if moment is not None:
        session.set_pinned_now(moment)


def ask_key(parent: QWidget, why: str) -> tuple[str, str | None] | None:
    dialog = KeyDialog(why, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.key.text():
        return None
    return dialog.key.text(), dialog.username.text() or None


def pick_item(
    parent: QWidget, title: str, question: str, items: list[str], current: int = 0, editable: bool = False
) -> tuple[str, bool]:
    """``QInputDialog.getItem`` with its question wrapped: Qt's label is one
    line, and the middleware's zone question made its dialog 1224 px wide,
    OK and Cancel off a 1024 px screen (tryout). The answer and whether it
    was given."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(question)
    dialog.setComboBoxItems(items)
    dialog.setComboBoxEditable(editable)
    if items:
        dialog.setTextValue(items[current])
    for label in dialog.findChildren(QLabel):
        label.setWordWrap(True)
    ok = dialog.exec() == QDialog.DialogCode.Accepted
    answer = dialog.textValue()
    dialog.deleteLater()
    return answer, ok


def ask_chat(parent: QWidget, error: NeedsChoice) -> str | None:
    labels = [label for _, label in error.choices]
    label, ok = pick_item(
        parent,
        QCoreApplication.translate("Dialogs", "Choose a chat"),
        fill(QCoreApplication.translate("Dialogs", "%1 holds several chats:"), error.source),
        labels,
    )
    return error.choices[labels.index(label)][0] if ok else None


def ask_one(parent: QWidget, title: str, question: str, paths: list[Path]) -> Path | None:
    labels = [str(p) for p in paths]
    label, ok = pick_item(parent, title, question, labels)
    return paths[labels.index(label)] if ok else None


def ask_zone(parent: QWidget, title: str, current: str, empty_means: str, in_effect: str = "") -> str | None:
    """An IANA zone name ("" is allowed and means ``empty_means``); the session
    refuses, with a message, a name this machine does not know. ``in_effect``:
    the zone in effect now and why (``wording.clock_said``): an empty field
    said nothing of it, and only the Now button's tooltip, out of a
    keyboard's reach, did (tryout)."""
    from dateutil import tz

    zones = sorted(tz.available_iana_timezones()) if hasattr(tz, "available_iana_timezones") else []
    items = ["", *zones]
    name, ok = pick_item(
        parent,
        title,
        fill(
            QCoreApplication.translate("Dialogs", "IANA zone (empty: %1; now in effect: %2):"),
            empty_means,
            in_effect,
        )
        if in_effect
        else fill(QCoreApplication.translate("Dialogs", "IANA zone (empty: %1):"), empty_means),
        items,
        items.index(current) if current in items else 0,
        True,
    )
    return name.strip() if ok else None


def ask_discard(
    parent: QWidget, question: str | None = None, buttons: tuple[str, str] | None = None
) -> QMessageBox.StandardButton:
    """Save, Discard or Cancel before what is unsaved is left; ``question``
    says what is at stake (the window words it: edits, or stored times no
    file holds), else unsaved changes. ``buttons``: Save's and Discard's
    labels, naming what follows ("Save, then reload", "Discard and reload":
    tryN, a bare Save then asked a second question); the answer is still
    the standard button clicked (Escape: Cancel)."""
    box = QMessageBox(
        QMessageBox.Icon.Question,
        QCoreApplication.translate("Dialogs", "Unsaved changes"),
        question
        or QCoreApplication.translate("Dialogs", "The timestamp file has unsaved changes. Save them first?"),
        QMessageBox.StandardButton.Save
        | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel,
        parent,
    )
    box.setTextFormat(Qt.TextFormat.PlainText)
    if buttons is not None:
        box.button(QMessageBox.StandardButton.Save).setText(buttons[0])
        box.button(QMessageBox.StandardButton.Discard).setText(buttons[1])
    box.setDefaultButton(QMessageBox.StandardButton.Save)
    box.exec()
    clicked = box.clickedButton()
    answer = box.standardButton(clicked) if clicked is not None else QMessageBox.StandardButton.Cancel
    box.deleteLater()
    return answer


def confirm(parent: QWidget, title: str, question: str, action: str | None = None) -> bool:
    """Yes or Cancel; ``action``: the yes button named for what it does
    ("Drop edits"), Cancel the default (tryout: Revert asked "Drop 1 unsaved
    edit? This cannot be undone." under Yes / Cancel)."""
    if action is None:
        answer = QMessageBox.question(
            parent,
            title,
            question,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes
    box = QMessageBox(QMessageBox.Icon.Question, title, question, QMessageBox.StandardButton.NoButton, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    act = box.addButton(action, QMessageBox.ButtonRole.AcceptRole)
    box.setDefaultButton(box.addButton(QMessageBox.StandardButton.Cancel))
    box.exec()
    return box.clickedButton() is act

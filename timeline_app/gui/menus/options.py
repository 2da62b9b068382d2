"""The Options menu: every engine choice (``core.options.Choices``) as a menu item.

Built from one table of one-of-n groups and toggles; each pick goes to
``DiscussionSession.set_choices`` (which validates and re-reads), and the
items follow the session's choices whatever changed them (a chip, Reset).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from ...core.cst import CST_ZONE, CstVariant
from ...core.options import Choices
from ...core.pipeline import Api
from ...core.transcripts.sillytavern import NamesBehavior
from ..session import DiscussionSession
from ..wording import clock_said, fill
from .actions import choice_group, sync_group


def _t(text: str) -> str:
    return QCoreApplication.translate("OptionsMenu", text)


GROUPS: tuple[tuple[str, str, list[tuple[str, str]]], ...] = (  # English data, translated when built
    (
        "cst_variant",
        QT_TRANSLATE_NOOP("OptionsMenu", "CST &variant"),
        [
            (CstVariant.TIME_LINE.value, QT_TRANSLATE_NOOP("OptionsMenu", "time: … 周X (default)")),
            (CstVariant.GAP.value, QT_TRANSLATE_NOOP("OptionsMenu", "[date 周X HH:MM] on gaps (oldest)")),
            (CstVariant.NO_WEEKDAY.value, QT_TRANSLATE_NOOP("OptionsMenu", "time: … (no weekday)")),
            (CstVariant.TAG.value, QT_TRANSLATE_NOOP("OptionsMenu", "<time>…</time> (newest)")),
        ],
    ),
    (
        "sentinels",
        QT_TRANSLATE_NOOP("OptionsMenu", "&Brace sentinels"),
        [
            ("current", QT_TRANSLATE_NOOP("OptionsMenu", "Current (2026-03-29 on)")),
            ("legacy", QT_TRANSLATE_NOOP("OptionsMenu", "Legacy |{{| |}}|")),
        ],
    ),
    (
        "api",
        QT_TRANSLATE_NOOP("OptionsMenu", "Client &API"),
        [
            ("auto", QT_TRANSLATE_NOOP("OptionsMenu", "Detect from the file")),
            *((a.value, a.value) for a in Api),
        ],
    ),
    (
        "st_names",
        QT_TRANSLATE_NOOP("OptionsMenu", "&SillyTavern content as sent"),
        [("auto", QT_TRANSLATE_NOOP("OptionsMenu", "Best match with the timestamp file"))]
        + [(n.value, QT_TRANSLATE_NOOP("OptionsMenu", "Character names: %1")) for n in NamesBehavior],
    ),
)
TOGGLES: tuple[tuple[str, str, str | None], ...] = (  # field, text, submenu it sits in (None: the menu)
    ("add_user_assistant", QT_TRANSLATE_NOOP("OptionsMenu", "Add &User:/Assistant: prefixes"), None),
    ("add_missing_assistant", QT_TRANSLATE_NOOP("OptionsMenu", "Add missing assistant &generator"), None),
    (
        "group_chat_commit",
        QT_TRANSLATE_NOOP("OptionsMenu", "Group-&chat commit (reply stored at once)"),
        None,
    ),
    ("st_quotes", QT_TRANSLATE_NOOP("OptionsMenu", "User messages wrapped in &quotes"), "st_names"),
    ("st_merge", QT_TRANSLATE_NOOP("OptionsMenu", "Same-role messages &merged"), "st_names"),
)


class OptionsMenu(QMenu):
    def __init__(self, session: DiscussionSession, parent: QWidget) -> None:
        super().__init__(QCoreApplication.translate("OptionsMenu", "&Options"), parent)
        self._session = session
        self._parent = parent
        self.groups: dict[str, dict[Any, QAction]] = {}
        self.toggles: dict[str, QAction] = {}
        submenus: dict[str | None, QMenu] = {None: self}
        for field, title, items in GROUPS:
            submenus[field] = self.addMenu(_t(title))
            self.groups[field] = choice_group(
                self,
                submenus[field],
                [(value, fill(_t(text), value)) for value, text in items],
                getattr(session.choices, field),
                lambda v, f=field: self.choose(**{f: v}),
            )
        self.addAction(self.tr("CST display &zone…"), self._ask_cst_zone)
        zone = self.addAction(self.tr("&Middleware's time zone…"), self._ask_wilmer_zone)
        zone.setObjectName("option_wilmer_zone")
        zone.setStatusTip(
            self.tr(
                "The zone of the middleware's times without one. None named: the offset the "
                "transcript's own times show beside the stored ones, else this machine's zone."
            )
        )
        zone.setToolTip(zone.statusTip())
        self.addSeparator()
        submenus["st_names"].addSeparator()
        for field, text, where in TOGGLES:
            action = submenus[where].addAction(_t(text))
            action.setObjectName(f"option_{field}")
            action.setCheckable(True)
            action.toggled.connect(lambda on, f=field: self.choose(**{f: on}))
            self.toggles[field] = action
        self.addSeparator()
        reset = self.addAction(self.tr("&Reset options to defaults"), lambda: session.set_choices(Choices()))
        reset.setObjectName("option_reset")
        session.choicesChanged.connect(self.sync)
        self.sync()

    def choose(self, **changes: Any) -> None:
        """One choice changed; a refused value puts the items back as they were."""
        if not self._session.set_choices(replace(self._session.choices, **changes)):
            self.sync()

    def sync(self) -> None:
        choices = self._session.choices
        for field, actions in self.groups.items():
            sync_group(actions, getattr(choices, field))
        for field, action in self.toggles.items():
            action.blockSignals(True)
            action.setChecked(getattr(choices, field))
            action.blockSignals(False)

    def _ask_cst_zone(self) -> None:
        from ..dialogs import questions as dialogs

        zone = dialogs.ask_zone(
            self._parent, self.tr("CST display zone"), self._session.choices.cst_zone, CST_ZONE
        )
        if zone is not None:
            self.choose(cst_zone=zone or CST_ZONE)

    def _ask_wilmer_zone(self) -> None:
        from ..dialogs import questions as dialogs

        current = self._session.choices.wilmer_zone
        zone = dialogs.ask_zone(
            self._parent,
            self.tr("Middleware's time zone"),
            current,
            # what an empty zone means (Discussion.clock)
            self.tr(
                "the offset the transcript's own times show beside the stored ones, else this machine's zone"
            ),
            clock_said(self._session.now(), self._session.now_clock(), current),
        )
        if zone is not None:
            self.choose(wilmer_zone=zone)

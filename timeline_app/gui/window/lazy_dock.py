"""A dock whose panel is built the first time it is needed (issue 33).

Most docks are closed when the window first paints (Repair, Recordings,
Discussions at a first start). Building their panels then, with the Qt
classes and engine modules they pull in, cost the start-up time a closed
dock never pays back. A ``LazyDock`` is a real ``QDockWidget`` from the
start: its object name (``saveState`` / ``restoreState`` find it by that),
title, area and View menu toggle are there at once, so Alt+number, the View
menu and a restored layout behave as with any dock. Its panel is built on
first show (the toggle, ``show()``, ``restoreState``: all go through
``setVisible``) or when code asks for it (``panel()``), and put in the dock
as ``add_dock`` puts one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from .. import settings as codec
from ..session import DiscussionSession
from .dock_fit import fill_dock

if TYPE_CHECKING:  # imported when built
    from ..panels.discussions import DiscussionsPanel
    from ..panels.history import HistoryPanel
    from ..panels.recordings import RecordingsPanel
    from ..panels.repair import RepairPanel

P = TypeVar("P", bound=QWidget)


class LazyDock(QDockWidget, Generic[P]):
    """``window``'s dock named ``name`` whose panel ``build`` makes when first shown or asked for."""

    def __init__(
        self,
        window: QMainWindow,
        title: str,
        name: str,
        build: Callable[[], P],
        area: Qt.DockWidgetArea,
        scroll: bool = False,
    ) -> None:
        super().__init__(title, window)
        self.setObjectName(name)
        self._build: Callable[[], P] | None = build
        self._scroll = scroll
        self._panel: P | None = None
        window.addDockWidget(area, self)
        # a path that shows the dock without setVisible still finds a panel in it
        self.visibilityChanged.connect(lambda visible: self.panel() if visible else None)

    @property
    def built(self) -> bool:
        return self._panel is not None

    def panel(self) -> P:
        """The dock's panel, built now if it was not yet."""
        if self._panel is None:
            assert self._build is not None
            build, self._build = self._build, None  # once, even if building shows the dock
            self._panel = build()
            fill_dock(self, self._panel, self._scroll)
        return self._panel

    def setVisible(self, visible: bool) -> None:
        """Shown: with its panel in it from the first layout on."""
        if visible and self._build is not None:
            self.panel()
        super().setVisible(visible)


class PanelOf(Generic[P]):
    """A window attribute that reads as the panel of its ``LazyDock``
    attribute ``dock`` (built then, if it was not): ``window.repair_panel``
    works whether Repair was opened yet or not."""

    def __init__(self, dock: str) -> None:
        self._dock = dock

    def __get__(self, window: QMainWindow | None, _owner: type | None = None) -> P:
        dock: LazyDock[P] = getattr(window, self._dock)
        return dock.panel()


def build_shown(window: QMainWindow) -> None:
    """Build the panel of every dock of ``window`` that is not hidden (a
    restored layout's, or one left open), before the window first shows: Qt
    shows a window's children without ``setVisible``."""
    for dock in window.findChildren(LazyDock):
        if not dock.isHidden():
            dock.panel()


class ClosedPanels:
    """The panels of the docks closed at a first start, each made when its
    dock first needs it, with the state kept from the last run: the
    recordings folder followed, the DiscussionIds root read."""

    def __init__(
        self, session: DiscussionSession, settings: QSettings, root_chosen: Callable[[str], None]
    ) -> None:
        self._session, self._settings, self._root_chosen = session, settings, root_chosen
        self._newest = NewestState(session)

    def history(self) -> HistoryPanel:
        from ..panels.history import HistoryPanel

        self._newest.stop()  # the panel selects the states from now on
        return HistoryPanel(self._session)

    def repair(self) -> RepairPanel:
        from ..panels.repair import RepairPanel

        return RepairPanel(self._session)

    def recordings(self) -> RecordingsPanel:
        from ..panels.recordings import RecordingsPanel

        panel = RecordingsPanel(self._session)
        panel.folderChosen.connect(lambda f: codec.write_recordings(self._settings, Path(f)))
        folder = codec.read_recordings(self._settings)
        if folder is not None and folder.is_dir():
            panel.set_folder(folder)
        return panel

    def discussions(self) -> DiscussionsPanel:
        from ..panels.discussions import DiscussionsPanel

        panel = DiscussionsPanel(self._session)
        panel.rootChosen.connect(self._root_chosen)
        root = self._session.root
        if root is not None and root.is_dir():
            panel.set_root(root)
        return panel


class NewestState:
    """What the History panel does with the session while it is not built:
    a new history (or the same on another clock) has the state current at
    "now" selected (``DiscussionSession.history_state_now``), which the
    strip highlights with the History dock closed. The
    panel's rule (``HistoryPanel.refresh``), kept without its table, so the
    dock can be built when first shown (issue 33: start-up) and the strip
    behaves as before; the panel, once built, selects the state the session
    has."""

    def __init__(self, session: DiscussionSession) -> None:
        self._session = session
        self._seen: tuple[object, object] = (None, None)  # the history and clock last followed
        session.historyChanged.connect(self._follow)
        session.diskChecked.connect(self._follow)

    def _follow(self) -> None:
        session = self._session
        history = session.history
        zone = session.discussion.clock_zone if session.discussion is not None else None
        if history is self._seen[0] and zone == self._seen[1]:
            return
        self._seen = history, zone
        if history is not None and history.states:
            session.select_history_state(session.history_state_now())

    def stop(self) -> None:
        self._session.historyChanged.disconnect(self._follow)
        self._session.diskChecked.disconnect(self._follow)

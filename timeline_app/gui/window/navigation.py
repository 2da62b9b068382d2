"""The window's keyboard-only commands (``Navigator``) and rows copied whole."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDockWidget, QTableView, QTabWidget, QWidget

from ...core.display import tsv
from ..panels.filter_bar import FilterBar
from ..strip.view import ZOOM_STEP, TimelineStrip
from ..tables.timeline import TimelineTableModel
from ..widgets.keys import LEAVE_REPAIR_KEY, focus_dock


def rows_as_tsv(model: TimelineTableModel, rows: Iterable[int]) -> str:
    """The rows with a header line and every value whole (the full hash,
    the whole message), not the cut text the table shows."""
    return tsv([list(model.HEADERS), *(model.copy_cells(row) for row in rows)])


class Navigator:
    """The window's keyboard commands that move the focus or the current row
    (slots named after the action table, like the opener's): Alt+1..8 open
    and focus a pane (Alt+6 the strip), F3 / Shift+F3 step through the shown rows, the role
    toggles filter. It holds the widgets it moves between, not the window."""

    def __init__(
        self,
        filter_bar: FilterBar,
        table: QTableView,
        docks: dict[str, tuple[QDockWidget, Callable[[], QWidget]]],
        tabs: QTabWidget,
        strip: TimelineStrip,
    ) -> None:
        self._filter_bar = filter_bar
        self._table = table
        self._strip = strip
        self._docks = docks
        self._tabs = tabs
        # Escape in Repair gives the focus back to the table and leaves the
        # dock open: hiding it (tryout: Escape on Find proposals) and opening
        # it again searched anew and dropped the proposals the user had ticked
        repair_dock = docks["repair"][0]
        leaving = QShortcut(QKeySequence(LEAVE_REPAIR_KEY), repair_dock)
        leaving.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        leaving.activated.connect(self.do_go_table)

    def go(self, name: str) -> None:
        """Open the pane ``name`` and focus its widget (asked for now: a dock's
        panel may be built only when first shown)."""
        dock, focused = self._docks[name]
        widget = focused()
        for index in range(self._tabs.count()):  # a tab of the side dock: show that tab
            if self._tabs.widget(index).isAncestorOf(widget):
                self._tabs.setCurrentIndex(index)
        focus_dock(dock, widget)

    def do_go_discussions(self) -> None:
        self.go("discussions")

    def do_go_table(self) -> None:
        self._table.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def do_go_history(self) -> None:
        self.go("history")

    def do_go_recordings(self) -> None:
        self.go("recordings")

    def do_go_strip(self) -> None:
        self._strip.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def do_zoom_in(self) -> None:
        self._strip.zoom_on_current(ZOOM_STEP)

    def do_zoom_out(self) -> None:
        self._strip.zoom_on_current(1 / ZOOM_STEP)

    def do_zoom_fit(self) -> None:
        self._strip.fit()

    def do_go_details(self) -> None:
        self.go("details")

    def do_go_preview(self) -> None:
        self.go("preview")

    def do_find_next(self) -> None:
        self._filter_bar.step(1)

    def do_find_previous(self) -> None:
        self._filter_bar.step(-1)

    def _show_role(self, role: str, on: bool) -> None:
        self._filter_bar.role_buttons[role].setChecked(on)

    def do_show_user(self, on: bool) -> None:
        self._show_role("user", on)

    def do_show_assistant(self, on: bool) -> None:
        self._show_role("assistant", on)

    def do_show_other(self, on: bool) -> None:
        self._show_role("other", on)

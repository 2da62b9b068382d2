"""The Help menu's commands. Its pages (``help``: the strip's legend, the
shortcut list, About, the user guide) and what they import are loaded when
one is first asked for, not while the window starts (issue 33)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QMainWindow


class HelpMenu(QObject):
    """Slots of the Help actions (``do_<name>`` as the action table names them).
    Each dialog is made once and raised again when asked for twice."""

    def __init__(self, parent: QMainWindow) -> None:
        super().__init__(parent)
        self._parent = parent
        self.dialogs: dict[str, QDialog] = {}

    def show_page(self, name: str) -> QDialog:
        """The Help page ``name`` (a key of ``help.PAGES``), shown and raised."""
        from .help import fit_page, page_dialog

        dialog = self.dialogs.get(name)
        if dialog is None:
            dialog = self.dialogs[name] = page_dialog(self._parent, name)
        elif not dialog.isVisible():
            fit_page(dialog, name)  # to the window as it is now
        dialog.show()
        dialog.raise_()
        return dialog

    def do_legend(self) -> None:
        self.show_page("legend")

    def do_shortcuts(self) -> None:
        self.show_page("shortcuts")

    def do_about(self) -> None:
        self.show_page("about")

    def do_guide(self) -> None:
        self.show_page("guide")

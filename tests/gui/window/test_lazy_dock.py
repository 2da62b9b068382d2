"""Docks closed at a first start get their panels when first needed (issue 33),
and behave as if they had them all along."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget

from timeline_app.gui.settings import write_root
from timeline_app.gui.window.lazy_dock import LazyDock
from timeline_app.gui.window.main_window import MainWindow

# dock, the window's attribute for its panel, the command that goes to it (Alt+number)
LAZY = {
    "repair_dock": ("repair_panel", "go_repair"),
    "recordings_dock": ("recordings", "go_recordings"),
    "discussions_dock": ("discussions", "go_discussions"),
}
# what a first start must not import: each is imported when first used
ON_USE = (
    "timeline_app.gui.panels.repair",
    "timeline_app.gui.panels.recordings",
    "timeline_app.gui.panels.discussions",
    "timeline_app.gui.dialogs.simulate",
    "timeline_app.gui.dialogs.questions",
    "timeline_app.gui.menus.help",
)


def test_a_first_start_builds_no_closed_dock(window: MainWindow) -> None:
    """Each is there unbuilt, with its toggle in a menu and its name for saveState."""
    menus = [a.menu().actions() for a in window.menuBar().actions() if a.menu() is not None]
    for name in LAZY:
        dock = getattr(window, name)
        assert isinstance(dock, LazyDock) and not dock.built and dock.widget() is None, name
        assert any(dock.toggleViewAction() in actions for actions in menus), name
        assert dock.objectName()


def test_a_first_start_imports_no_closed_panel(tmp_path: Path) -> None:
    """In a fresh interpreter: the window built, nothing of its closed docks
    and dialogs imported (an import at the top of the window's modules fails it)."""
    code = (
        "import sys\n"
        "from PySide6.QtCore import QSettings\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from timeline_app.gui.window.main_window import MainWindow\n"
        f"window = MainWindow(QSettings({str(tmp_path / 's.ini')!r}, QSettings.Format.IniFormat))\n"
        f"print([m for m in {ON_USE!r} if m in sys.modules])\n"
    )
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_a_restored_layout_has_the_panels_of_its_open_docks_before_it_shows(qtbot, make_window) -> None:
    first = make_window()
    first.recordings_dock.toggleViewAction().trigger()
    first.discussions_dock.show()
    first.save_settings()
    again = make_window()  # Qt shows a restored dock with the window, without setVisible
    assert again.recordings_dock.built and again.recordings_dock.widget() is not None
    assert again.discussions_dock.built and again.discussions_dock.widget() is not None
    assert not again.repair_dock.built
    again.show()
    qtbot.waitExposed(again)
    assert again.recordings.view.isVisible()


def test_a_kept_root_without_a_saved_layout_opens_discussions_with_its_panel(
    qtbot, make_window, settings_path: Path, tmp_path: Path
) -> None:
    """No saved layout but a DiscussionIds root from before: Discussions stays
    open (as built), so Qt shows it with the window, not through setVisible."""
    root = tmp_path / "DiscussionIds"
    root.mkdir()
    write_root(QSettings(str(settings_path), QSettings.Format.IniFormat), root)
    window = make_window()
    assert window.discussions_dock.built and window.discussions_dock.widget() is not None
    assert window.discussions.root == root
    window.show()
    qtbot.waitExposed(window)
    assert window.discussions.view.isVisible()


def _machine(qtbot, make_window) -> type[RuleBasedStateMachine]:
    class LazyDocks(RuleBasedStateMachine):
        """Any order of the ways a dock opens or closes, or its panel is asked for."""

        def __init__(self) -> None:
            super().__init__()
            self.window: MainWindow = make_window()
            self.window.show()
            qtbot.waitExposed(self.window)
            self.panels: dict[str, QWidget] = {}  # the panel each dock was built with

        @rule(name=st.sampled_from(sorted(LAZY)))
        def toggle_from_the_view_menu(self, name: str) -> None:
            getattr(self.window, name).toggleViewAction().trigger()

        @rule(name=st.sampled_from(sorted(LAZY)))
        def go_by_key(self, name: str) -> None:
            self.window.actions_by_name[LAZY[name][1]].trigger()
            dock = getattr(self.window, name)
            assert dock.isVisible()

        @rule(name=st.sampled_from(sorted(LAZY)))
        def read_the_panel(self, name: str) -> None:
            getattr(self.window, LAZY[name][0])

        @rule(name=st.sampled_from(sorted(LAZY)), shown=st.booleans())
        def show_or_hide(self, name: str, shown: bool) -> None:
            getattr(self.window, name).setVisible(shown)

        @invariant()
        def a_dock_in_view_has_its_panel_and_keeps_it(self) -> None:
            for name in LAZY:
                dock: LazyDock[QWidget] = getattr(self.window, name)
                assert dock.built == (dock.widget() is not None), name
                if dock.isVisibleTo(self.window):
                    assert dock.built, f"{name} open without its panel"
                if dock.built:
                    panel = dock.panel()
                    assert self.panels.setdefault(name, panel) is panel, f"{name} built twice"
                    assert dock.isAncestorOf(panel)
                    assert getattr(self.window, LAZY[name][0]) is panel

        def teardown(self) -> None:
            self.window.session.undo_stack.clear()
            self.window.close()

    return LazyDocks


def test_a_closed_dock_opens_with_its_panel_in_any_order(qtbot, make_window) -> None:
    run_state_machine_as_test(
        _machine(qtbot, make_window),
        settings=settings(
            max_examples=15,
            stateful_step_count=8,
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        ),
    )


def test_a_kept_root_is_listed_when_the_window_starts_with_a_file(
    qtbot, make_window, settings_path: Path, tmp_path: Path
) -> None:
    """Started with a file argument while a DiscussionIds root is remembered:
    the root's scan is no discussion's work, so opening the file must not
    cancel it (tryout: "Reading …/disc …" forever, the list empty, until Rescan).
    The start-up path of ``launch.main``: the window made, then ``open_any``."""
    from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT

    from ..helpers import jobs_idle

    root = tmp_path / "DiscussionIds"
    (root / "chat-1").mkdir(parents=True)
    (root / "chat-1" / "timestamps.json").write_text('{"' + "a" * 64 + '": "(Sunday, 2025-09-21 11:00:00)"}')
    write_root(QSettings(str(settings_path), QSettings.Format.IniFormat), root)
    transcript = tmp_path / DEMO_TRANSCRIPT.name
    transcript.write_bytes(DEMO_TRANSCRIPT.read_bytes())
    (tmp_path / DEMO_TIMESTAMPS.name).write_bytes(DEMO_TIMESTAMPS.read_bytes())
    window = make_window()
    window.open_any([transcript])  # as launch.main does with a path on the command line
    window.show()
    qtbot.waitExposed(window)
    jobs_idle(qtbot, window.session)
    panel = window.discussions
    assert panel.model.rowCount() == 1
    assert not panel.note.text().startswith("Reading")

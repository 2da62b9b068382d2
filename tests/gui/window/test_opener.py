"""window/opening.py's ``Opener`` on its own, over a session and the panels it
talks to: dropped or given paths are sorted by what their content says and
paired, several of a kind are asked about (a cancel opens nothing), a file
that cannot be read is said and nothing half opens, a folder goes to the
browser and is remembered, an opened pair joins the recent menu, and unsaved
edits are asked about before they are lost. (The window's tests of opening,
through the whole window, are in test_opening.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox

from timeline_app.core.hashing import content_hash
from timeline_app.core.options import Choices
from timeline_app.core.store import TimestampStore
from timeline_app.gui import settings as codec
from timeline_app.gui.dialogs import questions
from timeline_app.gui.panels.discussions import DiscussionsPanel
from timeline_app.gui.panels.status import Banner
from timeline_app.gui.session import DiscussionSession
from timeline_app.gui.window.lazy_dock import ClosedPanels, LazyDock
from timeline_app.gui.window.opening import Opener

from ..helpers import T2, WAIT, _chat, jobs_idle

LEFT = Qt.DockWidgetArea.LeftDockWidgetArea


class Parts:
    """An opener with everything it is given, in a bare main window."""

    def __init__(self, qtbot, settings_path: Path) -> None:
        self.window = QMainWindow()
        qtbot.addWidget(self.window, before_close_func=lambda _: self.session.undo_stack.clear())
        self.settings = QSettings(str(settings_path), QSettings.Format.IniFormat)
        self.session = DiscussionSession(Choices())
        # built as the window builds it: its chosen root goes to the opener
        panels = ClosedPanels(self.session, self.settings, lambda root: self.opener.root_chosen(root))
        self.dock: LazyDock[DiscussionsPanel] = LazyDock(
            self.window, "Discussions", "discussionsDock", panels.discussions, LEFT
        )
        self.dock.hide()
        self.banner = Banner()
        self.window.setCentralWidget(self.banner)
        self.opener = Opener(self.session, self.window, self.settings, self.dock, self.banner)

    @property
    def discussions(self) -> DiscussionsPanel:
        return self.dock.panel()


@pytest.fixture
def parts(qtbot, tmp_path: Path) -> Parts:
    return Parts(qtbot, tmp_path / "settings.ini")


def _opens(qtbot, parts: Parts, paths: list[Path]) -> None:
    with qtbot.waitSignal(parts.session.loaded, timeout=WAIT):
        parts.opener.open_any(paths)


def test_a_dropped_pair_is_sorted_by_content_whatever_the_order_and_names(
    qtbot, parts: Parts, tmp_path: Path
) -> None:
    transcript = _chat(tmp_path / "a", ["one", "two"])
    store = tmp_path / "a" / "timestamps.json"
    renamed = store.rename(tmp_path / "a" / "something.json")  # named like a transcript, holds times
    _opens(qtbot, parts, [renamed, transcript])
    assert (parts.session.pair.transcript, parts.session.pair.store) == (transcript, renamed)


def test_one_transcript_alone_opens_with_the_store_beside_it(qtbot, parts: Parts, tmp_path: Path) -> None:
    transcript = _chat(tmp_path / "a", ["one", "two"])
    _opens(qtbot, parts, [transcript])
    assert parts.session.pair.store == tmp_path / "a" / "timestamps.json"


def test_a_file_that_cannot_be_read_is_said_and_nothing_opens(qtbot, parts: Parts, tmp_path: Path) -> None:
    transcript = _chat(tmp_path / "a", ["one"])
    missing = tmp_path / "gone.json"
    parts.opener.open_any([transcript, missing])
    jobs_idle(qtbot, parts.session)
    assert parts.session.discussion is None
    assert str(missing) in parts.banner.label.text()


@pytest.mark.parametrize("picked", [1, None])
def test_several_transcripts_ask_which_and_a_cancel_opens_nothing(
    qtbot, parts: Parts, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, picked: int | None
) -> None:
    first, second = _chat(tmp_path / "a", ["one"]), _chat(tmp_path / "b", ["two"])
    asked: list[list[Path]] = []

    def ask_one(_parent, _title, _question, paths: list[Path]) -> Path | None:
        asked.append(paths)
        return None if picked is None else paths[picked]

    monkeypatch.setattr(questions, "ask_one", ask_one)
    if picked is None:
        parts.opener.open_any([first, second])
        jobs_idle(qtbot, parts.session)
        assert parts.session.discussion is None
    else:
        _opens(qtbot, parts, [first, second])
        assert parts.session.pair.transcript == second
    assert asked == [[first, second]]


def test_a_folder_goes_to_the_browser_and_is_remembered(qtbot, parts: Parts, tmp_path: Path) -> None:
    root = tmp_path / "DiscussionIds"
    (root / "chat-1").mkdir(parents=True)
    (root / "chat-1" / "timestamps.json").write_text(json.dumps({"a" * 64: "(Sunday, 2025-09-21 11:00:00)"}))
    parts.opener.open_any([root])
    jobs_idle(qtbot, parts.session)
    assert parts.dock.isVisibleTo(parts.window)
    assert parts.discussions.model.rowCount() == 1
    assert codec.read_root(parts.settings) == root
    assert parts.session.root == root


def test_an_opened_pair_joins_the_recent_menu_which_opens_it_again(
    qtbot, parts: Parts, tmp_path: Path
) -> None:
    assert not parts.opener.recent_menu.isEnabled()
    transcript = _chat(tmp_path / "a&b", ["one"])
    _opens(qtbot, parts, [transcript])
    (action,) = parts.opener.recent_menu.actions()
    assert action.text() == "&1 a&&b/chat.json + a&&b/timestamps.json"  # a & is no mnemonic
    other = _chat(tmp_path / "c", ["two"])
    _opens(qtbot, parts, [other])
    assert len(parts.opener.recent_menu.actions()) == 2
    with qtbot.waitSignal(parts.session.loaded, timeout=WAIT):
        next(a for a in parts.opener.recent_menu.actions() if "a&&b" in a.text()).trigger()
    assert parts.session.pair.transcript == transcript


@pytest.mark.parametrize(
    ("answer", "goes_on", "still_dirty"),
    [
        (QMessageBox.StandardButton.Discard, True, False),
        (QMessageBox.StandardButton.Cancel, False, True),
    ],
)
def test_unsaved_edits_are_asked_about_before_they_are_lost(
    qtbot,
    parts: Parts,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    answer: QMessageBox.StandardButton,
    goes_on: bool,
    still_dirty: bool,
) -> None:
    assert parts.opener.confirm_discard()  # nothing to lose: nothing asked
    _opens(qtbot, parts, [_chat(tmp_path / "a", ["one", "two"])])
    with qtbot.waitSignal(parts.session.changed, timeout=WAIT):
        parts.session.push_edit(TimestampStore({content_hash("one"): T2}), "edit")
    assert parts.session.is_dirty
    monkeypatch.setattr(questions, "ask_discard", lambda _parent, _question=None, _buttons=None: answer)
    assert parts.opener.confirm_discard() is goes_on
    assert parts.session.is_dirty is still_dirty

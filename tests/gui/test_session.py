"""The discussion controller and the state defects it fixes (issue 11), each
through the real widgets: the right files together, nothing stale."""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from conftest import FIXTURES
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from timeline_app.core.context import Style
from timeline_app.core.crypto import FileKey, looks_encrypted
from timeline_app.core.discussion import at_time, clock_now
from timeline_app.core.file_state import SaveCase
from timeline_app.core.hashing import content_hash
from timeline_app.core.options import Choices
from timeline_app.core.store import TimestampStore
from timeline_app.core.timeline import Flag
from timeline_app.core.timestrings import format_absolute
from timeline_app.core.zones import get_zone, now_in
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT, open_demo
from timeline_app.gui.panels.repair import PropColumn
from timeline_app.gui.session import RELOAD_DEBOUNCE_MS, DiscussionSession, SaveChoice
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.window.main_window import MainWindow
from timeline_app.gui.wording import say

from .helpers import (
    CTRL,
    DEMO_NOW,
    T1,
    T2,
    WAIT,
    _chat,
    _close_by_keys,
    _open,
    _open_demo,
    _open_simulation,
    _own_chat,
    answer_modal,
    answer_next_dialog,
    give_key,
    open_and_wait,
    show_active,
)

# -- 1. pairing -----------------------------------------------------------------------------


def test_a_transcript_opened_alone_gets_its_own_file_never_the_previous_one(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    first = _chat(tmp_path / "a", ["alpha one", "alpha two"])
    second = _chat(tmp_path / "b", ["beta one", "beta two"])
    _open(qtbot, window, first, tmp_path / "a" / "timestamps.json", beside=False)
    _open(qtbot, window, second)  # alone: its own file, found beside it
    assert window.session.pair.store == tmp_path / "b" / "timestamps.json"
    assert window.counts_label.text().startswith("2 tracked · 0 untracked · 0 orphans")
    assert "chat.json + timestamps.json" in window.windowTitle()
    lonely = _chat(tmp_path / "c", ["gamma"], stamped=False)
    _open(qtbot, window, lonely)  # nothing found: a new discussion, not b's file
    assert window.session.pair.store is None
    assert "new discussion (no timestamp file)" in window.counts_label.text()


def test_a_chat_opened_alone_pairs_with_its_file_in_a_discussionids_folder_beside_it(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Issue 29/31 tryout: ``timeline-inspector root/a.json`` with the
    ``[DiscussionId]conv-a`` file at ``root/DiscussionIds/conv-a`` said every
    row "untracked" and "new discussion (no timestamp file)"."""
    root = tmp_path / "root"
    stamped = _chat(root / "DiscussionIds" / "conv-a", ["alpha one", "alpha two"], tag="conv-a")
    chat = stamped.rename(root / "a.json")
    _open(qtbot, window, chat)
    assert window.session.pair.store == root / "DiscussionIds" / "conv-a" / "timestamps.json"
    assert window.counts_label.text().startswith("2 tracked · 0 untracked · 0 orphans")
    assert "new discussion" not in window.counts_label.text()


def test_the_browser_opens_a_discussion_with_the_transcript_beside_its_file(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    root = tmp_path / "DiscussionIds"
    open_chat = _chat(tmp_path / "elsewhere", ["unrelated"])
    _chat(root / "trip", ["hello there", "general kenobi"], tag="trip")
    _open(qtbot, window, open_chat)
    window.open_folder(root)
    view = window.discussions.view
    qtbot.waitUntil(lambda: window.discussions.model.rowCount() == 1, timeout=10000)
    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        view.activated.emit(window.discussions.model.index(0, 0))
    assert window.session.pair.transcript == root / "trip" / "chat.json"
    assert window.session.pair.store == root / "trip" / "timestamps.json"
    assert window.counts_label.text().startswith("2 tracked · 0 untracked · 0 orphans")
    assert view.currentIndex().data() == "trip"  # the tree follows what is open


def test_two_roots_discussions_of_one_id_are_told_apart_in_the_title(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Tryout: a remembered DiscussionIds root supplied the file for a
    transcript opened alone, and another root's discussion of the same id
    read the same: "trip (elsewhere/chat.json + trip/timestamps.json)" both.
    A file under the root is named with the root's path now; the panel
    highlights only its own root's entry. Break tried: ``describe`` without
    the root: both titles were the same."""
    from timeline_app.gui.panels.discussions import PATH_ROLE

    roots = [tmp_path / "work" / "DiscussionIds", tmp_path / "home" / "DiscussionIds"]
    for number, root in enumerate(roots):
        _chat(root / "trip", [f"root {number} hello", f"root {number} there"], tag="trip")
    transcript = _chat(tmp_path / "elsewhere", ["hello there"], tag="trip", stamped=False)
    view, titles = window.discussions.view, []
    for root in roots:
        window.open_folder(root)  # the root the next open finds the file under (remembered)
        qtbot.waitUntil(lambda r=root: window.discussions.note.text().endswith(str(r)), timeout=10000)
        _open(qtbot, window, transcript)
        store = root / "trip" / "timestamps.json"
        assert window.session.pair.store == store
        assert f"{store.as_posix()}" in window.windowTitle()
        assert window.files_label.text() == f"elsewhere/chat.json + {store.as_posix()}"
        assert view.currentIndex().data(PATH_ROLE) == str(store), "the panel highlights this root's"
        titles.append(window.windowTitle())
    assert titles[0] != titles[1]
    _open(qtbot, window, transcript, roots[0] / "trip" / "timestamps.json", beside=False)
    assert not view.currentIndex().isValid(), "the panel (the other root) highlights no entry of its own"


def test_a_pair_from_two_folders_named_alike_is_named_up_to_where_their_paths_part(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Tryout: a recording's transcript from ``rec/wire/lisbon-trip`` and its
    file from ``rec/DiscussionIds/lisbon-trip`` read "lisbon-trip/requests.jsonl
    + lisbon-trip/timestamps.json", as if from one folder."""
    wire, ids = tmp_path / "rec" / "wire" / "trip", tmp_path / "rec" / "DiscussionIds" / "trip"
    transcript = _chat(wire, ["hello there", "general kenobi"], stamped=False)
    _chat(ids, ["hello there", "general kenobi"])
    _open(qtbot, window, transcript, ids / "timestamps.json", beside=False)
    said = "wire/trip/chat.json + DiscussionIds/trip/timestamps.json"
    assert said in window.windowTitle()
    assert window.files_label.text() == said


def test_a_failed_open_names_the_discussion_shown_as_the_title_does(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Tryout: a failed open said "Still showing trip.", its id alone, while
    two roots each held a "trip" (the title tells them apart by the root's
    path). Named as the title names it now (``Pair.describe`` with the root).
    Break tried: the id alone: both messages were the same."""
    roots = [tmp_path / "work" / "DiscussionIds", tmp_path / "home" / "DiscussionIds"]
    bad = tmp_path / "broken.json"
    bad.write_text("[{")
    said = []
    for number, root in enumerate(roots):
        transcript = _chat(root / "trip", [f"root {number} hello", f"root {number} there"], tag="trip")
        window.open_folder(root)
        qtbot.waitUntil(lambda r=root: window.discussions.note.text().endswith(str(r)), timeout=10000)
        _open(qtbot, window, transcript, root / "trip" / "timestamps.json", beside=False)
        with qtbot.waitSignal(window.session.failed, timeout=10000):
            window.session.open(bad)
        files = window.files_label.text()
        assert files.startswith(f"{(root / 'trip').as_posix()}/") and files in window.windowTitle()
        assert window.banner.text().endswith(f"Still showing {files}."), window.banner.text()
        said.append(window.banner.text())
    assert said[0] != said[1]


def test_dropping_two_transcripts_asks_which_one(qtbot, window: MainWindow, tmp_path: Path) -> None:
    first = _chat(tmp_path / "a", ["one"], stamped=False)
    second = _chat(tmp_path / "b", ["two"], stamped=False)
    asked: list[list[str]] = []

    def pick_second(dialog) -> None:
        asked.append(dialog.comboBoxItems())
        dialog.setTextValue(str(second))
        dialog.accept()

    answer_next_dialog(qtbot, pick_second)
    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        window.open_any([first, second])
    assert asked == [[str(first), str(second)]]
    assert window.session.pair.transcript == second


def test_files_that_do_not_belong_together_are_said_and_repair_waits_for_a_yes(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    root = tmp_path / "DiscussionIds"
    transcript = _chat(tmp_path / "mine", ["first words", "second words", "third words"], tag="mine")
    theirs = root / "theirs" / "timestamps.json"
    theirs.parent.mkdir(parents=True)
    theirs.write_text(  # first and third tracked, one orphan between them: a position proposal
        json.dumps(
            {
                content_hash("first words"): "(Sunday, 2025-09-21 10:00:00)",
                content_hash("2nd words"): "(Sunday, 2025-09-21 10:01:00)",
                content_hash("third words"): "(Sunday, 2025-09-21 10:02:00)",
            }
        )
    )
    _open(qtbot, window, transcript, theirs, beside=False)
    window.show()
    assert window.banner.isVisibleTo(window)
    assert "'mine'" in window.banner.text() and "'theirs'" in window.banner.text()
    panel = window.repair_panel
    with qtbot.waitSignal(panel.proposalsReady, timeout=10000):
        window.actions_by_name["repair"].trigger()
    panel.accept_medium.click()
    assert panel.model.accepted(), "position proposals exist for the three untracked messages"
    assert panel.belong.isVisibleTo(window) and not panel.apply_button.isEnabled()
    assert "confirm before applying" in panel.summary.text()
    # tryL 7: the doubt named where it is asked about, not "see the banner" (the banner on
    # screen may say something else by then)
    doubts = window.session.discussion.pairing_warnings
    assert doubts and all(say(doubt) in panel.summary.text() for doubt in doubts), panel.summary.text()
    assert "see the banner" not in panel.summary.text()
    read: list[str] = []

    def look(box) -> None:
        read.append(box.text())
        box.reject()

    window.banner.show_notice("Saved timestamps.json")  # another message on the banner now
    done = answer_modal(qtbot, look, lambda box: None)
    assert window.opener.ask_save(SaveCase.PAIRING_DOUBTFUL, theirs) is SaveChoice.CANCEL
    assert done == ["done"] and "discussion id is mine but" in read[0], read  # by their ids
    # doubtful otherwise than by the ids (the chat swapped under edits): the doubts named
    monkeypatch.setattr(DiscussionSession, "of_other_discussion", property(lambda _session: None))
    done = answer_modal(qtbot, look, lambda box: None)
    assert window.opener.ask_save(SaveCase.PAIRING_DOUBTFUL, theirs) is SaveChoice.CANCEL
    assert done == ["done"] and len(read) == 2
    assert "see the banner" not in read[1] and all(say(d) in read[1] for d in doubts), read[1]
    panel.belong.click()
    assert panel.apply_button.isEnabled()


# -- 2. options that change the result are visible -------------------------------------


def test_non_default_options_show_as_chips_one_click_resets(qtbot, demo_window: MainWindow) -> None:
    window = demo_window
    assert window.counts_bar.chips() == []
    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        window.options_menu.toggles["add_user_assistant"].trigger()
    chips = window.counts_bar.chips()
    assert [c.objectName() for c in chips] == ["chip_add_user_assistant"]
    assert "User:/Assistant: prefixes added" in chips[0].text()
    assert "0 tracked" in window.counts_label.text()
    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        qtbot.mouseClick(chips[0], Qt.MouseButton.LeftButton)
    assert window.counts_bar.chips() == []
    assert not window.options_menu.toggles["add_user_assistant"].isChecked()
    assert window.counts_label.text().startswith("12 tracked")


def test_a_chosen_api_the_file_contradicts_is_said(qtbot, window: MainWindow, tmp_path: Path) -> None:
    request = tmp_path / "request.json"
    request.write_text(json.dumps({"model": "x", "messages": [{"role": "user", "content": "hi"}]}))
    _open(qtbot, window, request)
    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        window.options_menu.groups["api"]["ollama"].trigger()
    chip = window.counts_bar.chips()[0]
    assert chip.objectName() == "chip_api" and "ollama" in chip.text()
    assert "file looks like openai" in chip.text()


# -- 3, 4. the repair panel is never stale ---------------------------------------------------


def test_repair_panel_follows_apply_and_undo(qtbot, demo_copy_window) -> None:
    window = demo_copy_window
    panel = window.repair_panel
    window.repair_dock.show()
    assert "Press Find proposals" in panel.summary.text()  # not a result before the first Find
    with qtbot.waitSignal(panel.proposalsReady, timeout=10000):
        panel.find_button.click()
    before = [panel.model.proposal_at(r).message_hash for r in range(panel.model.rowCount())]
    applied = panel.model.accepted()
    assert applied
    with qtbot.waitSignal(panel.proposalsReady, timeout=10000):  # found again for the edited file
        panel.apply_button.click()
    after = [panel.model.proposal_at(r).message_hash for r in range(panel.model.rowCount())]
    assert not {p.message_hash for p in applied} & set(after), "applied proposals are not offered again"
    assert len(after) < len(before)
    assert not {p.orphan for p in applied} & set(window.session.discussion.timeline.orphans)
    assert "unsaved edits" in window.counts_label.text() and window.windowTitle().startswith("*")
    with qtbot.waitSignal(panel.proposalsReady, timeout=10000):
        window.undo_action.trigger()
    assert not window.windowTitle().startswith("*")
    assert "unsaved edits" not in window.counts_label.text()
    assert sorted(before) == sorted(
        panel.model.proposal_at(r).message_hash for r in range(panel.model.rowCount())
    )
    shown = {panel.model.index(r, PropColumn.CURRENT).data() for r in range(panel.model.rowCount())}
    assert shown <= {"(untracked)"} | {p.previous for p in applied}


# -- 5. our own save is not "changed on disk" -------------------------------------------------


def test_own_save_is_not_reported_as_a_change_on_disk(qtbot, demo_copy_window) -> None:
    window = demo_copy_window
    with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=10000):
        window.actions_by_name["repair"].trigger()
    window.repair_panel.apply_button.click()
    qtbot.waitUntil(lambda: window.session.is_dirty, timeout=10000)
    session = window.session
    said: list[str] = []
    with qtbot.waitSignal(session.loaded, timeout=10000):
        assert session.save()
    session.notice.connect(said.append)  # from the save read back on: what a check says
    session.failed.connect(said.append)
    # the watcher may see the write, then the files are compared once its debounce
    # has passed; or its event may be dropped with the watch the read-back renews
    # (under load): either way nothing is said
    qtbot.wait(3 * RELOAD_DEBOUNCE_MS)
    qtbot.waitUntil(lambda: not session.disk_check_due and session.jobs.idle, timeout=10000)
    assert said == []  # nothing said about the files (a change would be said, then re-read)
    assert not session.jobs.busy("load")
    assert "changed on disk" not in window.counts_label.text()
    assert "file saved" in window.counts_label.text()
    assert not window.banner.isVisibleTo(window)


# -- 6. the demo is a copy; Save As -------------------------------------------------------------


def test_demo_opens_a_temporary_copy_and_save_never_touches_the_bundled_files(
    qtbot, window: MainWindow
) -> None:
    bundled = DEMO_TIMESTAMPS.read_bytes(), DEMO_TRANSCRIPT.read_bytes()
    with qtbot.waitSignal(window.session.loaded, timeout=20000):
        open_demo(window.session)
    pair = window.session.pair
    assert pair.store != DEMO_TIMESTAMPS and pair.store.read_bytes() == bundled[0]
    assert DEMO_TIMESTAMPS.parent not in pair.store.parents
    with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=10000):
        window.actions_by_name["repair"].trigger()
    window.repair_panel.apply_button.click()
    assert window.session.is_dirty
    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        window.session.save()  # at once after Apply: the edit is saved even before the view caught up
    assert pair.store.read_bytes() != bundled[0]
    assert (DEMO_TIMESTAMPS.read_bytes(), DEMO_TRANSCRIPT.read_bytes()) == bundled
    folder = pair.store.parent
    window.session.close()
    assert not folder.exists(), "the temporary copy goes with the discussion"


def test_save_as_keeps_encryption_and_continues_with_the_new_file(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    key = FileKey.derive("sk-secret")
    ts = tmp_path / "timestamps.json"
    ts.write_bytes(TimestampStore({content_hash("hi"): T1}, key).file_bytes())
    transcript = tmp_path / "chat.json"
    transcript.write_text(
        json.dumps([{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}])
    )
    answer_next_dialog(qtbot, give_key("sk-secret"))
    open_and_wait(qtbot, window, transcript, ts)
    target = tmp_path / "copy" / "timestamps.json"
    target.parent.mkdir()
    with qtbot.waitSignal(window.session.loaded, timeout=10000):
        assert window.session.save_as(target)
    assert looks_encrypted(target.read_bytes())
    assert window.session.pair.store == target
    assert "timestamps.json" in window.windowTitle()


# -- 7. messages: counts stay readable, the banner is dismissable and never lies ---------------


def test_passing_messages_never_hide_the_counts(qtbot, demo_window: MainWindow) -> None:
    window = demo_window
    window.session.notice.emit("Saved something")
    QApplication.processEvents()
    assert window.counts_label.isVisibleTo(window) and window.counts_label.text().startswith("12 tracked")
    assert (
        window.counts_bar.notice.isVisibleTo(window) and window.counts_bar.notice.text() == "Saved something"
    )


def test_banner_dismiss_close_and_a_failed_open_that_keeps_the_previous_discussion(
    qtbot, demo_window: MainWindow, tmp_path: Path
) -> None:
    window = demo_window
    shown = window.session.pair
    bad = tmp_path / "broken.json"
    bad.write_text("[{")
    with qtbot.waitSignal(window.session.failed, timeout=10000):
        window.session.open(bad)
    assert window.session.pair == shown, "the pair on screen is the one still shown"
    assert "Still showing lisbon-trip" in window.banner.text()
    assert "broken.json" not in window.windowTitle()
    qtbot.mouseClick(window.banner.close_button, Qt.MouseButton.LeftButton)
    assert not window.banner.isVisibleTo(window)
    with qtbot.waitSignal(window.session.failed, timeout=10000):
        window.session.open(bad)
    window.session.close()
    assert not window.banner.isVisibleTo(window)
    assert window.windowTitle() == "Timeline Inspector"


# -- 8. CST: the axis shows the table's times ------------------------------------------------------


def test_cst_axis_labels_use_the_clock_the_table_uses(qtbot, demo_window: MainWindow) -> None:
    from timeline_app.core.display import axis_label

    window = demo_window
    with qtbot.waitSignal(window.session.previewChanged, timeout=10000):
        window.session.set_style(Style.CST)
    discussion = window.session.discussion
    row = discussion.timeline.rows[1]  # tracked, stored naive 18:00:00, own time 18:00:00+02:00
    label = axis_label(row.time, Style.CST, discussion.options, discussion.clock_zone)
    assert label == window.model.index(1, 2).data() == "2025-09-13T00:00 周六"


@pytest.fixture
def machine_zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Set this machine's zone (``TZ``) for a test; the C library's zone is
    put back after it."""

    def set_zone(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield set_zone
    monkeypatch.undo()
    time.tzset()


def test_the_live_clock_is_on_the_clock_the_discussions_times_are_on(
    qtbot, window: MainWindow, machine_zone: Callable[[str], None]
) -> None:
    """The demo's stored times are its own times at +02:00, so its
    middleware's clock is at +02:00: the live "now" (the Now button, the CST
    labels, the times the next request would store) is the current time
    there, whatever this machine's zone is (Kiritimati: +14). Fails with
    the live clock read in the machine's zone: 12 hours off."""
    machine_zone("Pacific/Kiritimati")
    clock = timezone(timedelta(hours=2))
    before = datetime.now(clock).replace(tzinfo=None, second=0, microsecond=0)
    open_and_wait(qtbot, window, DEMO_TRANSCRIPT, DEMO_TIMESTAMPS)  # live: no pin
    window.session.set_style(Style.CST)
    after = datetime.now(clock).replace(tzinfo=None)
    discussion = window.session.discussion
    assert discussion is not None and discussion.clock_zone.utcoffset(None) == timedelta(hours=2)
    for now in (discussion.now, window.session.now()):
        assert before <= now <= after
    shown = window.now_button.text()
    assert any(f"{minute:%Y-%m-%d %H:%M}" in shown for minute in (before, after)), shown
    # the next request stores its new message at that now, not 12 hours away
    stored = [t for t in discussion.next_times if t is not None]
    assert before - timedelta(minutes=1) <= max(stored) <= after


# -- 9, 10 are engine-side: tests/test_pairing.py -------------------------------------------------


def test_the_controller_works_without_any_widget(qtbot, tmp_path: Path) -> None:
    transcript = _chat(tmp_path / "a", ["one", "two"])
    session = DiscussionSession(Choices())
    with qtbot.waitSignals([session.loaded, session.previewChanged], timeout=10000, order="strict"):
        assert session.open(transcript)
    assert (
        session.discussion is not None and session.discussion.store_path == tmp_path / "a" / "timestamps.json"
    )
    with qtbot.waitSignal(session.changed, timeout=10000):
        session.push_edit(TimestampStore({content_hash("one"): T2}), "edit")
    assert session.is_dirty
    assert not session.open(transcript), "unsaved edits are never dropped without a yes"
    assert not session.set_choices(replace(Choices(), wilmer_zone="Mars/Olympus"))
    session.shutdown()


# -- options are built once: CLI and GUI agree ------------------------------------------------------


def test_cli_and_gui_build_the_same_options_from_the_same_choices(tmp_path: Path) -> None:
    from timeline_app.cli.context import choices_from_args
    from timeline_app.cli.parser import build_parser
    from timeline_app.core.options import EngineOptions
    from timeline_app.gui.settings import read_choices, write_choices

    flags = [
        "--api", "ollama", "--add-user-assistant", "--sentinels", "legacy", "--cst-variant", "tag",
        "--cst-tz", "Europe/Berlin", "--tz", "America/New_York", "--st-names", "none", "--st-merge",
    ]  # fmt: skip
    args = build_parser().parse_args(["inspect", "x.json", *flags])
    from_cli = choices_from_args(args)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    write_choices(settings, from_cli)
    settings.sync()
    from_gui = read_choices(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    assert from_gui == from_cli
    assert EngineOptions.from_choices(from_gui) == EngineOptions.from_choices(from_cli)
    assert EngineOptions.from_choices(from_cli).detect_api is False
    assert EngineOptions.from_choices(choices_from_args(build_parser().parse_args(["inspect", "x"]))) == (
        EngineOptions.from_choices(Choices())
    )


def test_the_demo_pin_goes_with_the_demo_and_ones_own_file_is_seen_live(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    _open_demo(qtbot, window)
    show_active(qtbot, window)
    assert window.now_button.text() == f"Now: pinned {DEMO_NOW:%Y-%m-%d %H:%M:%S} UTC+2"
    with qtbot.waitSignal(window.session.previewChanged, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_2, CTRL)  # relative
    _close_by_keys(qtbot, window)
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=3, seconds=5))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    assert window.session.pinned_now is None
    assert window.actions_by_name["live_now"].isChecked()
    assert window.now_button.text().startswith("Now: ● live ")
    assert window.table.model().index(0, Column.TIME).data() == "[Sent 3 hours ago]"


def _two_own_chats(tmp_path: Path, window: MainWindow) -> tuple[tuple[Path, Path], tuple[Path, Path]]:
    """Two discussions of one's own, each in its folder ``a`` and ``b``."""
    pairs = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        pairs.append(_own_chat(tmp_path / name, window, timedelta(hours=3)))
    return pairs[0], pairs[1]


PINNED = datetime(2026, 12, 7, 12, 0, 0)  # issue 29's pin: a moment on the first discussion's clock


def test_ones_own_pin_stays_with_its_discussion_and_another_is_seen_live(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Issue 29: "now" pinned at 12:00:00 for one discussion, then another
    opened: its Now button read "Pinned 12:00:00" on its own clock (another
    moment) and Simulate then Apply wrote 12:00:00 as a stored time while the
    real time was 18:08. The pin stays with the discussion it was made for:
    the other one is live, and the status bar says the pin was left once."""
    (first, first_store), (second, second_store) = _two_own_chats(tmp_path, window)
    open_and_wait(qtbot, window, first, first_store)
    show_active(qtbot, window)
    with qtbot.waitSignal(window.session.changed, timeout=WAIT):
        window.session.set_pinned_now(PINNED)  # what Pin Now's dialog does
    assert window.now_button.text().startswith("Now: pinned 2026-12-07 12:00:00 UTC")
    notices: list[str] = []
    window.session.notice.connect(notices.append)
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([second, second_store])
    assert window.session.pair.transcript == second
    assert window.session.pinned_now is None
    assert window.actions_by_name["live_now"].isChecked()
    assert window.now_button.text().startswith("Now: ● live ")
    said = [n for n in notices if n.startswith("Now is live again")]
    assert said == [
        "Now is live again: the pinned 2026-12-07 12:00:00 was for a/mine.json + timestamps.json."
    ]
    assert window.counts_bar.notice.text() == said[0] or said[0] in window.banner.text()
    # Simulate's request time is the live clock's, not the other discussion's pin
    zone = get_zone(window.session.options.wilmer_zone)
    before = now_in(zone).replace(tzinfo=None, microsecond=0)
    dialog = _open_simulation(qtbot, window)
    shown = dialog.now_edit.dateTime().toPython()
    assert abs(shown - before) < timedelta(minutes=2), shown
    dialog.reject()


def test_ones_own_pin_stays_when_its_discussion_is_read_again_or_opened_again(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """The pin belongs to its discussion: F5 and opening the same files again
    keep it, and nothing says it was left."""
    (first, first_store), _ = _two_own_chats(tmp_path, window)
    open_and_wait(qtbot, window, first, first_store)
    show_active(qtbot, window)
    with qtbot.waitSignal(window.session.changed, timeout=WAIT):
        window.session.set_pinned_now(PINNED)
    notices: list[str] = []
    window.session.notice.connect(notices.append)
    with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_F5)
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([first])
    assert window.session.pinned_now == PINNED
    assert window.session.discussion is not None and window.session.discussion.now == PINNED
    assert window.now_button.text().startswith("Now: pinned 2026-12-07 12:00:00 UTC")
    assert not [n for n in notices if n.startswith("Now is live again")]


def test_a_pin_belongs_to_the_chat_picked_in_an_export_of_several(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    """Issue 29: a pin made for one chat of an Open WebUI export of several was
    told apart by file paths only: opening the same export and picking its
    other chat showed that chat at the first one's pinned moment. The pin
    belongs to the discussion (the file and the chat picked): the other chat
    is live, said once, and picking the pinned chat again keeps it."""
    from timeline_app.gui.dialogs import questions

    export = tmp_path / "export.json"
    shutil.copy(FIXTURES / "open_webui_export.json", export)
    first, second = (chat["id"] for chat in json.loads(export.read_text()))
    picked: list[str] = [first]
    monkeypatch.setattr(questions, "ask_chat", lambda _parent, _error: picked[0])
    session = window.session
    with qtbot.waitSignals([session.loaded, session.previewChanged], timeout=WAIT):
        window.opener.open_any([export])
    assert session.chat == first
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.set_pinned_now(PINNED)
    notices: list[str] = []
    session.notice.connect(notices.append)
    picked[0] = second
    with qtbot.waitSignals([session.loaded, session.previewChanged], timeout=WAIT):
        window.opener.open_any([export])
    assert session.chat == second
    assert session.pinned_now is None and session.discussion.now != PINNED
    assert window.now_button.text().startswith("Now: ● live "), window.now_button.text()
    said = [n for n in notices if n.startswith("Now is live again")]
    assert len(said) == 1 and "2026-12-07 12:00:00" in said[0], notices
    # the pinned chat again: live too now (the pin was left with it), nothing said again
    picked[0] = first
    notices.clear()
    with qtbot.waitSignals([session.loaded, session.previewChanged], timeout=WAIT):
        window.opener.open_any([export])
    assert session.chat == first and session.pinned_now is None
    # pinned for this chat, the same chat picked again: kept
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.set_pinned_now(PINNED)
    with qtbot.waitSignals([session.loaded, session.previewChanged], timeout=WAIT):
        window.opener.open_any([export])
    assert session.chat == first and session.pinned_now == PINNED and session.discussion.now == PINNED
    assert not [n for n in notices if n.startswith("Now is live again")]


def test_a_pin_made_with_nothing_shown_is_the_next_discussions(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Pinned with no discussion open (or after closing one): the pin is for
    whatever is opened next, as before."""
    _open_demo(qtbot, window)
    show_active(qtbot, window)
    _close_by_keys(qtbot, window)
    mine = DEMO_NOW + timedelta(days=1, minutes=4)
    window.session.set_pinned_now(mine)
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=3))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    assert window.session.pinned_now == mine
    assert window.now_button.text().startswith(f"Now: pinned {mine:%Y-%m-%d %H:%M:%S} UTC")


def test_the_live_clock_tick_says_nothing_happened_to_the_file(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Each minute the live clock re-simulates the next request; the status
    bar kept saying "file re-simulated HH:MM:SS" for it, as if the file had
    changed: it keeps saying when the file was opened."""
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=2))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    assert window.session.pinned_now is None
    opened = window.counts_label.text()
    assert "file opened " in opened
    # the time on the discussion's clock names its offset, as the Now button does
    assert re.search(
        r"file opened \d\d:\d\d:\d\d UTC[+-]\d+(:\d\d)?(, this machine's clock: (zone unknown|[A-Za-z0-9_+/-]+))?$",
        window.session.last_event,
    )
    with qtbot.waitSignals([window.session.nowChanged, window.session.changed], timeout=WAIT):
        window.session.clock.start(1)  # the minute turns
    assert window.counts_label.text() == opened
    assert "re-simulated" not in window.counts_label.text()


def _answer_stored_at(qtbot, session: DiscussionSession, moment: datetime) -> None:
    """The chat's answer given ``moment`` as an edit (what Apply of a simulation does)."""
    edited = session.working.copy()
    edited.set(content_hash("my answer"), format_absolute(moment))
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.push_edit(edited, "apply")


def test_a_time_stored_earlier_this_minute_is_not_in_the_future(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Simulate, then Apply at the request time 08:33:20: at 08:33:43 the row
    read "tracked, future" and the status bar "1 stored time after now" (the
    edit judged at the "now" of the minute's tick, 08:33:00), while
    ``inspect`` flagged nothing. An edit is judged at the time read now."""
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=2))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    session = window.session
    assert session.pinned_now is None and session.base is not None and session.discussion is not None
    # as the minute's tick left it: simulated half a minute before the edit
    ticked = session.base.now - timedelta(seconds=30)
    session.base, session.discussion = at_time(session.base, ticked), at_time(session.discussion, ticked)
    _answer_stored_at(qtbot, session, clock_now(session.base))
    shown = session.discussion
    assert shown is not None and shown.now > ticked
    assert shown.future_rows == ()
    assert not any(Flag.FUTURE in flags for flags in shown.flags)
    assert "after now" not in window.counts_label.text()


def test_a_future_flag_goes_when_the_live_clock_passes_the_time(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """A stored time a few seconds ahead of the live clock is "future" until
    the clock passes it, then no longer: judged again at that time (not only
    when the minute turns, and not every second for every row)."""
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=2))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    session = window.session
    assert session.base is not None
    session.clock.stop()  # the minute's tick would judge it again too: not what is tested
    _answer_stored_at(qtbot, session, clock_now(session.base) + timedelta(seconds=2))
    assert session.discussion is not None and len(session.discussion.future_rows) == 1
    assert "after now" in window.counts_label.text()
    qtbot.waitUntil(
        lambda: session.discussion is not None and not session.discussion.future_rows, timeout=6000
    )
    qtbot.waitUntil(lambda: "after now" not in window.counts_label.text(), timeout=WAIT)


def test_a_pin_made_while_another_pair_opens_is_the_one_shown(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Pinning "now" while an open is under way: the pair that loads is shown
    at that moment, and when the open fails the discussion still shown is."""
    _open_demo(qtbot, window)
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=1))
    mine = DEMO_NOW + timedelta(days=2)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "chat.json").write_text(transcript.read_text())
    (broken / "timestamps.json").write_text(store.read_text().replace('", "', '" "', 1))
    with qtbot.waitSignals([window.session.failed, window.session.changed], timeout=WAIT, order="strict"):
        window.opener.open_any([broken / "chat.json"])
        window.session.set_pinned_now(mine)  # what Pin Now's dialog does
    assert window.session.pinned_now == mine
    assert window.session.discussion is not None and window.session.discussion.now == mine
    assert window.session.pair.transcript is not None and window.session.pair.transcript.name == "chat.json"
    later = mine + timedelta(hours=1)
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
        window.session.set_pinned_now(later)
    assert window.session.pair.transcript == transcript
    assert window.session.pinned_now == later and window.session.discussion.now == later
    assert window.now_button.text().startswith(f"Now: pinned {later:%Y-%m-%d %H:%M:%S} UTC")


def test_the_history_read_again_after_an_append_keeps_what_did_not_change(qtbot, tmp_path: Path) -> None:
    """Issue 29's memory row: the history is read again after each reload;
    the file as the discussion read it is not parsed again and the stories
    that did not change are the earlier history's own objects (made anew,
    100k of them per append grew the window's memory), the history equal
    to one read anew."""
    from timeline_app.core.history import build_history

    transcript = _chat(tmp_path / "a", ["one", "two"])
    store = transcript.parent / "timestamps.json"
    session = DiscussionSession(Choices())
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        assert session.open(transcript)
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
    before = session.history
    assert before is not None
    entries = json.loads(store.read_text())
    store.write_bytes(TimestampStore({**entries, content_hash("three"): T2}).file_bytes())
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        session.reload("changed on disk")
    qtbot.waitUntil(lambda: session.history is not before and not session.history_reading, timeout=WAIT)
    again = session.history
    assert again is not None and again == build_history([store])
    assert all(again.events[key] is before.events[key] for key in entries)
    assert len(again.events) == len(entries) + 1
    session.shutdown()


# -- 7. every save keeps the state it replaces, and the history shows it at once ---------------------


def test_each_save_keeps_a_backup_within_a_bound_and_details_tells_it_at_once(
    qtbot, demo_copy_window, monkeypatch
) -> None:
    from timeline_app.core.timeline import Status
    from timeline_app.gui import session as session_module

    monkeypatch.setattr(session_module, "SESSION_BACKUPS", 1)
    window = demo_copy_window
    session = window.session
    store = session.pair.store
    assert not list(store.parent.glob("timestamps.json.bak-*"))
    assert session.history is None or not session.history.has_past  # the file alone: one state
    row = next(r for r in range(window.model.rowCount()) if window.model.row_at(r).status is Status.TRACKED)
    window.select_source_row(row)
    assert window.detail.history.text() == "(no recording or backups of the timestamp file)"
    digest = window.model.row_at(row).hash
    states = []
    for day in (1, 2, 3):
        edited = session.working.copy()
        edited.set(digest, f"2025-01-0{day} 10:00:00")
        session.push_edit(edited, "edit")
        with qtbot.waitSignal(session.loaded, timeout=WAIT):
            assert session.save()
        qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
        states.append(len(session.history.states))
        # Details tells the saved message's story without a reload (it said "no backups" until one)
        window.select_source_row(row)
        assert "by a save of Timeline Inspector at" in window.detail.history.text()
        if day == 2:  # written again a while after the save (the middleware): its state is not kept
            later = store.stat().st_mtime + 100
            os.utime(store, (later, later))
    backups = sorted(store.parent.glob("timestamps.json.bak-*"))
    # the session's first backup (the file before it) stays, and the newest one of the later ones
    assert states == [2, 3, 3] and len(backups) == 2
    first, last = session.history.changes
    assert first.rewritten and first.saved is not None  # a gap, said as one
    assert not last.rewritten and not last.unexplained  # the last save's own change: nothing by hand


def test_the_status_bar_and_the_now_button_name_a_clock_alike(demo_window: MainWindow) -> None:
    """One form of an offset in the window: the status bar said "UTC+0" and the
    Now button "UTC+00:00" for the same clock (tryout)."""
    said = demo_window.session.last_event
    assert said, "the open said nothing"
    assert said.split(" ")[-1] == demo_window.now_button.text().split(" ")[-1] == "UTC+2"


def test_a_pair_in_one_folder_is_named_as_one_folder_however_each_path_was_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A transcript given relative on the command line, its file Saved As beside
    it (an absolute path from the dialog): the title read
    "demo2/chat.json + try-views4/demo2/ts-copy.json", two folders (tryout)."""
    from timeline_app.gui.session import Pair

    (tmp_path / "demo2").mkdir()
    monkeypatch.chdir(tmp_path)
    pair = Pair(Path("demo2/chat.json"), tmp_path / "demo2" / "ts-copy.json")
    assert pair.describe() == "demo2/chat.json + ts-copy.json"

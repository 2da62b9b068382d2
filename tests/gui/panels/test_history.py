"""The History panel at 1024x700, by keyboard only: a recording made through the
recorder in front of a fake middleware opens, Alt+7 goes to the states, Up and
Down step through them, and Details tells the selected message's story."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from history_helpers import converse, on_the_middleware_clock, say, sha, talk_with_every_kind_of_change
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPalette

from timeline_app.core.errors import InputError
from timeline_app.core.history import state_on_clock
from timeline_app.core.options import Choices
from timeline_app.gui.panels.history import HistoryPanel
from timeline_app.gui.session import DiscussionSession, Pair
from timeline_app.gui.strip.view import TOP
from timeline_app.gui.tables.history import HistoryModel
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import WAIT, _chat, focused, jobs_idle, layout_settled, press

ALT = Qt.KeyboardModifier.AltModifier


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    def by_hand(entries: dict) -> None:
        entries[sha("Hello")] = "2026-02-28 08:00:00"

    return talk_with_every_kind_of_change(tmp_path_factory.mktemp("panel"), by_hand) / "requests.jsonl"


def _open(qtbot, window: MainWindow, transcript: Path) -> None:
    with qtbot.waitSignal(window.session.historyChanged, timeout=20000, check_params_cb=None) as _:
        window.session.open(transcript, None, beside=False)
    qtbot.waitUntil(lambda: window.session.history is not None, timeout=20000)


@pytest.fixture
def small(qtbot, make_window) -> MainWindow:
    window = make_window()
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    return window


def test_the_states_are_stepped_through_by_keyboard_and_details_tells_the_story(
    qtbot, small: MainWindow, recorded: Path
) -> None:
    _open(qtbot, small, recorded)
    panel = small.history_panel
    # (the English plural forms come from the catalogue the app installs, not in these tests)
    assert panel.model.rowCount() == 5 and panel.status.text().startswith("5 state")
    small.table.setFocus()
    press(qtbot, Qt.Key.Key_7, ALT)
    assert small.history_dock.isVisible() and focused() is panel.view
    assert panel.view.selectionModel().selectedRows()[0].row() == 4  # the newest state
    assert "(by no recorded request: by hand or another program)" in panel.changes.toPlainText()
    assert "what the middleware did while handling request 4" in panel.changes.toPlainText()
    press(qtbot, Qt.Key.Key_Up)
    press(qtbot, Qt.Key.Key_Up)
    changes = panel.changes.toPlainText()
    assert changes.startswith("request 3 (") and "what the middleware did while handling request 2" in changes
    assert f"placeholder given to {sha('reply 0')[:12]}… (message #2)" in changes
    press(qtbot, Qt.Key.Key_Up)
    assert "placeholder given" not in panel.changes.toPlainText()
    press(qtbot, Qt.Key.Key_2, ALT)
    assert focused() is small.table
    press(qtbot, Qt.Key.Key_Home)
    for _ in range(3):
        press(qtbot, Qt.Key.Key_Down)
    story = small.detail.history.text()
    assert story.startswith("stored at request 4 (") and "as '(Sunday, 2026-03-01 09:02:59)'" in story
    assert "the client sent it with ' ' added at the end" in story
    # and a keyboard reaches it as the guide says: Alt+3 (the message), Tab by the hash to the story, in view
    press(qtbot, Qt.Key.Key_3, ALT)
    press(qtbot, Qt.Key.Key_Tab)
    if focused() is small.detail._facts_area:  # a stop of its own while the facts scroll (issue 31)
        press(qtbot, Qt.Key.Key_Tab)
    press(qtbot, Qt.Key.Key_Tab)
    label = small.detail.history
    assert focused() is label
    qtbot.waitUntil(lambda: label.visibleRegion().boundingRect().height() == label.height())
    # the window fits its panels at this size: the history's table shows its rows
    assert panel.view.viewport().height() > 2 * panel.view.verticalHeader().defaultSectionSize()
    # and the changes are in view whole, not below the dock's fold (a scroll away at 1024x700)
    assert panel.changes.visibleRegion().boundingRect().height() == panel.changes.height() > 50


def test_details_names_the_first_request_that_sent_a_message_no_copy_holds(
    qtbot, small: MainWindow, tmp_path: Path
) -> None:
    """Issue 31: a model server that never writes the timestamp file, three
    growing requests: "Nice, thanks!" (request 2) read "first sent at request
    3 …, which the middleware handled after the last copy" once request 3 was
    recorded. It names request 2, and the copy of request 3 that lacks it."""

    def grow(*texts: str):
        roles = ["assistant", "user"]
        return lambda chat, _: [
            *chat[:-1],
            *({"role": roles[i % 2], "content": t} for i, t in enumerate(texts)),
        ]

    steps = [
        say("Where is the meeting?"),
        grow("It is in Lisbon.", "Nice, thanks!"),
        grow("Sure.", "And the third?"),
    ]
    folder, _ = converse(tmp_path, steps, "trip-42", writes=False)
    _open(qtbot, small, folder / "requests.jsonl")
    small.table.setFocus()
    press(qtbot, Qt.Key.Key_Home)
    for _ in range(3):  # message #3, "Nice, thanks!"
        press(qtbot, Qt.Key.Key_Down)
    story = small.detail.history.text()
    assert story.startswith("in no state kept: first sent at request 2 ("), story
    assert "yet the copy taken at request 3 (" in story and "handled after the last copy" not in story
    press(qtbot, Qt.Key.Key_Down)
    press(qtbot, Qt.Key.Key_Down)  # message #5, "And the third?": request 3 is still the one
    story = small.detail.history.text()
    assert story.startswith("in no state kept: first sent at request 3 ("), story
    assert "which the middleware handled after the last copy" in story


def test_another_discussion_has_no_history_of_this_one(
    qtbot, small: MainWindow, recorded: Path, tmp_path
) -> None:
    _open(qtbot, small, recorded)
    chat = tmp_path / "chat.json"
    chat.write_text('[{"role": "user", "content": "hi"}]')
    with qtbot.waitSignal(small.session.historyChanged, timeout=20000):
        small.session.open(chat, None, beside=False)
    assert small.session.history is None and small.history_panel.model.rowCount() == 0
    assert small.history_panel.status.text().startswith("No history: open a recorded request")
    small.table.setFocus()
    press(qtbot, Qt.Key.Key_Home)
    assert small.detail.history.text() == "(no recording or backups of the timestamp file)"


def test_a_recording_that_lost_a_copy_says_so_without_a_traceback(
    qtbot, small: MainWindow, recorded: Path, tmp_path
) -> None:
    broken = tmp_path / "talk"
    shutil.copytree(recorded.parent, broken)
    copies = sorted((broken / "timestamps").iterdir())
    copies[0].unlink()
    with qtbot.waitSignal(small.session.historyChanged, timeout=20000):
        small.session.open(broken / "requests.jsonl", None, beside=False)
    # left out and said, the rest of the history shown (tryout: one lost copy stopped all of it)
    qtbot.waitUntil(lambda: small.session.history is not None, timeout=20000)
    status = small.history_panel.status.text()
    assert status.startswith("4 state") and f"({copies[0].name}) could not be read" in status
    assert "the copy of the timestamp file is missing" in status


def test_the_history_model_passes_the_model_tester(qtmodeltester, recorded: Path) -> None:
    from timeline_app.core.history import build_history

    model = HistoryModel()
    qtmodeltester.check(model)
    model.set_history(build_history([recorded]))
    qtmodeltester.check(model)
    assert model.data(model.index(2, 6)) == f"given to {sha('reply 0')[:12]}… (#2), set"
    # copied whole (Ctrl+C): the hash the placeholder was given to, not its cut
    from timeline_app.gui.tables.base import COPY_ROLE

    assert model.data(model.index(2, 6), COPY_ROLE) == f"given to {sha('reply 0')} (#2), set"
    assert model.data(model.index(2, 5), COPY_ROLE) is None  # nothing cut: the shown text is copied


@pytest.fixture(scope="module")
def on_clock(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The conversation recorded on the middleware's clock, and its timestamp file."""

    def by_hand(entries: dict) -> None:
        entries[sha("Hello")] = "2026-02-28 08:00:00"

    tmp = tmp_path_factory.mktemp("clock")
    folder = on_the_middleware_clock(talk_with_every_kind_of_change(tmp, by_hand))
    return folder / "requests.jsonl", tmp / "DiscussionIds" / "talk" / "timestamps.json"


def test_the_states_sit_on_the_strip_at_their_times_and_the_highlight_follows_the_keys(
    qtbot, small: MainWindow, on_clock: tuple[Path, Path]
) -> None:
    requests, store = on_clock
    session, strip = small.session, small.strip
    session.open(requests, store, beside=False)
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=20000)
    layout, zone = strip.strip_layout, session.discussion.clock_zone
    first, last = layout.span()
    places, inside = strip.state_positions(), []
    for number, state in enumerate(session.history.states):
        moment = state_on_clock(state.when, zone)  # to the second, as said (issue 31)
        if first <= moment <= last:  # on the messages' clock, as their marks
            inside.append(number)
            assert places[number] == (layout.x_of_time(moment), 0)
        else:  # clamped at that end, drawn as an arrow pointing out of the axis
            assert places[number] == ((0.0, -1) if moment < first else (layout.width, 1))
    # the recording's five and the file opened with it, written after the last (as ``history`` reads them)
    assert inside == [0, 1, 2, 3, 4, 5] and session.history.states[5].request is None
    xs = [strip.state_screen_x(n) for n in inside]
    assert xs == sorted(xs) and len(set(xs)) == 6  # apart, in order
    small.table.setFocus()
    press(qtbot, Qt.Key.Key_7, ALT)
    assert focused() is small.history_panel.view
    # the state current at the pinned "now" (the newest request's arrival): the file was written after it
    assert session.history_state == strip.selected_state == 4
    highlight = strip.palette().color(QPalette.ColorRole.Highlight)

    def lit(state: int) -> bool:
        """The strip shows the highlight's line through its lanes at the state's x."""
        image = strip.grab().toImage()
        x, y = round(strip.state_screen_x(state)), int(TOP + 2.5 * strip.lane_height())
        near = (image.pixelColor(x + d, y) for d in (-1, 0, 1))  # the 2 px line, antialiased
        return any(max(abs(c.red() - highlight.red()), abs(c.green() - highlight.green())) < 40 for c in near)

    assert lit(4) and not lit(2)
    press(qtbot, Qt.Key.Key_Up)
    press(qtbot, Qt.Key.Key_Up)
    assert session.history_state == strip.selected_state == 2
    assert lit(2) and not lit(4)
    press(qtbot, Qt.Key.Key_Home)
    assert strip.selected_state == 0 and lit(0)
    # a click on a state's mark selects it in the panel too
    qtbot.mouseClick(
        strip, Qt.MouseButton.LeftButton, pos=QPoint(round(strip.state_screen_x(3)), int(TOP) + 2)
    )
    assert small.history_panel.view.selectionModel().selectedRows()[0].row() == 3 and lit(3)


def test_the_panel_is_built_when_first_shown_and_the_strip_follows_the_states_before(
    qtbot, small: MainWindow, on_clock: tuple[Path, Path]
) -> None:
    """Issue 33 (start-up): the History dock, closed at a first start, gets
    its panel when first shown. Before that the strip behaves as with the
    panel there: a new history's newest state highlighted, a state clicked on
    the strip kept, and the panel, once shown, selects that state."""
    requests, store = on_clock
    session, strip = small.session, small.strip
    assert not small.history_dock.built, "built at start-up"
    session.open(requests, store, beside=False)
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=20000)
    assert not small.history_dock.built
    assert session.history_state == strip.selected_state == 4  # the newest, as the panel selected it
    qtbot.mouseClick(
        strip, Qt.MouseButton.LeftButton, pos=QPoint(round(strip.state_screen_x(2)), int(TOP) + 2)
    )
    assert session.history_state == strip.selected_state == 2
    small.table.setFocus()
    press(qtbot, Qt.Key.Key_7, ALT)
    assert small.history_dock.built and focused() is small.history_panel.view
    assert small.history_panel.view.selectionModel().selectedRows()[0].row() == 2
    assert session.history_state == strip.selected_state == 2
    assert small.history_panel.changes.toPlainText() == small.history_panel.change_text(2)


@pytest.fixture
def alone(qtbot) -> HistoryPanel:
    """The panel on its own, over a session of its own."""
    panel = HistoryPanel(DiscussionSession(Choices()))
    qtbot.addWidget(panel)
    return panel


def test_on_its_own_the_panel_says_why_there_is_no_history(
    qtbot, alone: HistoryPanel, tmp_path: Path
) -> None:
    session = alone._session
    assert alone.status.text() == "No discussion open." and session.history is None
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        session.open(_chat(tmp_path / "a", ["one"], stamped=False))
    jobs_idle(qtbot, session)
    assert alone.status.text().startswith("No history: open a recorded request")
    assert alone.model.rowCount() == 0 and session.history is None
    # a file without backups: one state, as the command line counts it (tryout: "No history")
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        session.open(_chat(tmp_path / "b", ["one"]))
    jobs_idle(qtbot, session)
    assert alone.status.text().startswith("1 state of the timestamp file, no earlier ones kept: ")
    # and that state's row under it (tryout: "1 state" over an empty table), selected, told
    assert alone.model.rowCount() == 1 and alone.view.selectionModel().selectedRows()[0].row() == 0
    assert alone.model.index(0, 2).data() == "1" and alone.changes.toPlainText().startswith("state 0 (")


def test_a_save_over_another_file_and_a_change_no_request_explains_are_headed_as_their_lines(
    qtbot, alone: HistoryPanel, tmp_path: Path
) -> None:
    """Tryout: "what the middleware did while handling request 4" over lines
    that each said "by no recorded request"; a removal a hand edit may have
    made said "(saved by Timeline Inspector)" after a save over another
    discussion's file; the notes began lower case."""

    from timeline_app.core.history import build_history

    path = tmp_path / "timestamps.json"
    a, b = "a" * 64, "b" * 64
    _written_at(
        path,
        (f"{path.name}.bak-20260101-100000", {a: "x", b: "y"}, "2026-01-01T09:00:00"),
        (f"{path.name}.other-20260101-110000", {"f" * 64: "z"}, "2026-01-01T10:50:00"),
        (path.name, {a: "x"}, "2026-01-01T11:00:01"),
    )
    session = alone._session
    session._set_history(build_history([path]))
    text = alone.change_text(1)
    assert "another write after it (a hand edit the window read again)" in text.splitlines()[0]
    assert f"- {b[:12]}… 'y' (by one of those saves or another write)" in text.splitlines()
    assert "saved by Timeline Inspector" not in text
    assert alone.status.text().splitlines()[1].startswith("Another discussion's file was here")


def test_a_file_the_middleware_made_anew_is_headed_and_marked_as_such(
    qtbot, alone: HistoryPanel, tmp_path: Path
) -> None:
    """tryL 3 (issue 29): the file deleted and made anew by the middleware
    (its messages backfilled one second apart, ending at the request's
    time) read as removals and rewrites "by hand, by another program or that
    save; never the middleware". Headed as the deletion and the middleware's
    new file, each line marked with which it is; "never the middleware"
    is said of none of it."""
    from datetime import datetime

    from timeline_app.core.history import build_history
    from timeline_app.core.store import PLACEHOLDER_KEY
    from timeline_app.core.timestrings import format_absolute

    def t(second: int) -> str:
        return format_absolute(datetime(2026, 1, 1, 10, 1, second))

    path = tmp_path / "timestamps.json"
    a, b, c, d, o = (x * 64 for x in "abcdf")
    _written_at(
        path,
        (f"{path.name}.bak-20260101T090000Z", {a: t(0), o: t(5), b: t(10), c: t(20)}, "2026-01-01T10:01:20"),
        (path.name, {d: t(22), c: t(21), b: t(20), a: t(19), PLACEHOLDER_KEY: t(22)}, "2026-01-01T10:01:22"),
    )
    alone._session._set_history(build_history([path]))
    lines = alone.change_text(1).splitlines()
    assert lines[0].endswith(
        ": the file was deleted (the middleware never deletes it) and the middleware made it anew at "
        "2026-01-01 10:01:22, backfilling its messages one second apart, ending at that request's time"
    ), lines
    assert f"- {o[:12]}… '{t(5)}' (gone with the deleted file)" in lines, lines
    assert (
        f"~ {a[:12]}… '{t(0)}' → '{t(19)}' (backfilled by the middleware as it made the file anew)" in lines
    )
    assert f"+ {d[:12]}… '{t(22)}' (backfilled by the middleware as it made the file anew)" in lines
    assert not any("never the middleware" in line or "by hand" in line for line in lines), lines


def test_on_its_own_the_newest_state_is_selected_with_its_changes(
    qtbot, qtmodeltester, alone: HistoryPanel, recorded: Path
) -> None:
    session = alone._session
    with qtbot.waitSignal(session.historyChanged, timeout=WAIT):
        session.open(recorded, None, beside=False)
    qtbot.waitUntil(lambda: session.history is not None, timeout=WAIT)
    assert alone.status.text() == "5 state(s) of the timestamp file, 5 recorded request(s)"
    assert alone.view.selectionModel().selectedRows()[0].row() == 4
    assert alone.changes.toPlainText() == alone.change_text(4) != ""
    qtmodeltester.check(alone.model)


def test_a_history_read_for_another_discussion_is_not_shown(
    qtbot, alone: HistoryPanel, recorded: Path, tmp_path: Path
) -> None:
    """A read finishes after another discussion opened: its result (or its
    failure) is of the old pair and is dropped."""
    session = alone._session
    with qtbot.waitSignal(session.historyChanged, timeout=WAIT):
        session.open(recorded, None, beside=False)
    qtbot.waitUntil(lambda: session.history is not None, timeout=WAIT)
    history, status, changes = session.history, alone.status.text(), alone.changes.toPlainText()
    assert changes
    other = Pair(tmp_path / "other.json", None)
    assert history is not None
    session._history_read(
        other, dataclasses.replace(history, states=history.states[:2], changes=history.changes[:1])
    )
    session._history_failed(other, InputError(tmp_path / "other.json", "broken"))
    assert (session.history, alone.status.text(), alone.model.rowCount()) == (history, status, 5)
    assert alone.changes.toPlainText() == changes  # shown again, it would start with none
    session._history_failed(
        session._history_for, InputError(recorded, "broken")
    )  # its own pair's failure is said
    assert alone.status.text().startswith("No history: ") and alone.model.rowCount() == 0


def test_by_hand_counts_only_what_no_request_and_no_save_of_ours_explains(tmp_path: Path) -> None:
    """Tryout: a folder saved only from the app showed "By hand 1", and a
    step with one repair of ours and one sed edit "By hand 2". After a save
    of ours that was written over again (the states between not kept), a
    change is the save's or a later write's: at most that many by hand."""

    from timeline_app.core.history import build_history

    path = tmp_path / "timestamps.json"
    a, b = "a" * 64, "b" * 64
    _written_at(
        path,
        (f"{path.name}.bak-20260101-100000", {a: "x"}, "2026-01-01T09:00:00"),
        (f"{path.name}.bak-20260101-110000", {a: "x", b: "y"}, "2026-01-01T10:00:01"),  # the save's
        (path.name, {a: "z", b: "y"}, "2026-01-01T11:30:00"),  # a gap after the save at 11:00
    )
    model = HistoryModel()
    model.set_history(build_history([path]))
    assert [model.data(model.index(row, 7)) for row in range(3)] == ["", "", "up to 1"]


@pytest.mark.parametrize("chinese", [False, True])
def test_every_column_and_its_cryptic_cells_are_explained_by_keyboard_too(
    qtbot, request, alone: HistoryPanel, tmp_path: Path, chinese: bool
) -> None:
    """tryN R2: the header "Source (current at, UTC+2)" and the cells "up to
    7" (By hand) and "dropped, set" (Placeholder) were left to guess. Every
    header says what its column holds in a tooltip, those cells too, and the
    text under the states (a Tab stop) says the By hand number in words; in
    English and in Chinese."""
    from timeline_app.core.history import build_history

    if chinese:
        request.getfixturevalue("chinese_app")
    path = tmp_path / "timestamps.json"
    a, b = "a" * 64, "b" * 64
    _written_at(
        path,
        (f"{path.name}.bak-20260101-100000", {a: "x"}, "2026-01-01T09:00:00"),
        (f"{path.name}.bak-20260101-110000", {a: "x", b: "y"}, "2026-01-01T10:00:01"),
        (path.name, {a: "z", b: "y"}, "2026-01-01T11:30:00"),  # a gap after the save at 11:00: "up to 1"
    )
    model = alone.model
    model.set_history(build_history([path]))
    horizontal, tip = Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    header = model.headerData(1, horizontal, Qt.ItemDataRole.DisplayRole)
    assert "current at" not in header and "生效" not in header, header
    for column in range(model.columnCount()):
        said = model.headerData(column, horizontal, tip)
        assert said and len(said) > len(model.headerData(column, horizontal)), (column, said)
        assert chinese == any("\u4e00" <= ch <= "\u9fff" for ch in said), said
    hand = model.index(2, 7)
    assert model.data(hand) in ("up to 1", "至多 1") and model.data(hand, tip), model.data(hand, tip)
    assert model.data(model.index(1, 7), tip) is None  # nothing shown, nothing to explain
    alone.view.selectRow(2)  # by keyboard: the text under the table is a Tab stop
    told = alone.changes.toPlainText().splitlines()[-1]
    assert told.startswith("手动：" if chinese else "By hand: up to 1 entry"), told
    assert alone.changes.focusPolicy() & Qt.FocusPolicy.TabFocus


def test_the_panel_says_its_history_is_stale_while_the_file_is_anothers(
    qtbot, alone: HistoryPanel, tmp_path: Path
) -> None:
    """Tryout: another discussion's file copied over the open one (held, not
    read) and the History panel went on showing the old history unsaid."""
    import json

    from timeline_app.core.store import TimestampStore, load_store, save_store

    transcript = _chat(tmp_path / "a", ["one", "two"])
    store = transcript.with_name("timestamps.json")
    save_store(store, TimestampStore({**load_store(store).as_mapping(), "e" * 64: "x"}))  # keeps a backup
    session = alone._session
    with qtbot.waitSignal(session.historyChanged, timeout=WAIT):
        session.open(transcript, store, beside=False)
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
    assert "changed on disk" not in alone.status.text()
    foreign = {f"{n:064x}": f"(Monday, 2025-01-06 10:{n:02d}:00)" for n in range(40)}
    store.write_text(json.dumps(foreign, indent=4))
    qtbot.waitUntil(lambda: "changed on disk since" in alone.status.text(), timeout=10000)
    assert alone.status.text().startswith("2 state")


def test_many_notes_leave_the_states_their_room(qtbot, alone: HistoryPanel, recorded: Path) -> None:
    """A recording with many damaged lines has a note each: the panel shows
    a few and counts the rest, the table keeps its room."""
    session = alone._session
    with qtbot.waitSignal(session.historyChanged, timeout=WAIT):
        session.open(recorded, None, beside=False)
    qtbot.waitUntil(lambda: session.history is not None, timeout=WAIT)
    from timeline_app.core.words import History, Said

    notes = tuple(Said(History.LINE_SKIPPED, ("requests.jsonl", n, "broken")) for n in range(7))
    session._set_history(dataclasses.replace(session.history, notes=notes))
    lines = alone.status.text().splitlines()
    assert lines[1:4] == [f"requests.jsonl: line {n} skipped: broken" for n in range(3)]
    assert len(lines) == 5 and lines[4].startswith("… and 4 more note")


def test_a_left_out_copy_does_not_renumber_the_requests_a_change_names(
    qtbot, alone: HistoryPanel, recorded: Path, tmp_path: Path
) -> None:
    """With a broken copy left out, states and requests are numbered apart:
    the changes named "request 4" for request 3 (a state's number taken as
    a request's)."""
    broken = tmp_path / "talk"
    shutil.copytree(recorded.parent, broken)
    records = [line for line in (broken / "requests.jsonl").read_text().splitlines() if '"copy"' in line]
    import json

    copy = json.loads(records[2])["timestamps"]["copy"]
    (broken / copy).write_text("{")
    session = alone._session
    with qtbot.waitSignal(session.historyChanged, timeout=WAIT):
        session.open(broken / "requests.jsonl", None, beside=False)
    qtbot.waitUntil(lambda: session.history is not None, timeout=WAIT)
    assert len(session.history.states) == 4
    text = alone.change_text(2)  # the state request 3 arrived with: requests 1 and 2 between
    assert text.startswith("request 4 (") and "while handling request 2 (" in text and ", request 3 (" in text


def test_a_change_no_request_explains_is_not_headed_as_the_middlewares(
    qtbot, alone: HistoryPanel, recorded: Path
) -> None:
    """Tryout: "what the middleware did while handling request 4" over lines
    that each said "by no recorded request"."""
    from timeline_app.core.history import StateChange

    session = alone._session
    with qtbot.waitSignal(session.historyChanged, timeout=WAIT):
        session.open(recorded, None, beside=False)
    qtbot.waitUntil(lambda: session.history is not None, timeout=WAIT)
    history = session.history
    k = sha("Hello")
    hand = StateChange(4, changed=((k, "1", "2"),), by=history.changes[-1].by, unexplained=(k,))
    session._set_history(dataclasses.replace(history, changes=(*history.changes[:-1], hand)))
    head = alone.change_text(4).splitlines()[0]
    assert ": changed after request 4 (" in head and head.endswith(") by no recorded request")


def test_the_selected_state_stays_in_view(qtbot, alone: HistoryPanel, recorded: Path) -> None:
    """Tryout: in a table showing 1.5 rows, the newest state (selected when
    the history came, and after End) was out of view."""
    session = alone._session
    alone.resize(500, 200)
    alone.show()
    qtbot.waitExposed(alone)
    alone.view.setFixedHeight(alone.view.horizontalHeader().height() + 40)  # about 1.5 rows
    with qtbot.waitSignal(session.historyChanged, timeout=WAIT):
        session.open(recorded, None, beside=False)
    qtbot.waitUntil(lambda: session.history is not None, timeout=WAIT)

    def whole(row: int) -> bool:
        rect = alone.view.visualRect(alone.model.index(row, 0))
        return alone.view.viewport().rect().contains(rect)

    qtbot.waitUntil(lambda: whole(4), timeout=WAIT)
    alone.view.setFocus()
    press(qtbot, Qt.Key.Key_Home)
    assert whole(0)
    press(qtbot, Qt.Key.Key_End)
    assert alone.view.selectionModel().selectedRows()[0].row() == 4 and whole(4)
    session.select_history_state(2)  # chosen on the strip
    assert whole(2)


def test_the_states_times_are_on_the_discussions_clock_as_on_the_strip(
    qtbot, alone: HistoryPanel, tmp_path: Path
) -> None:
    """Tryout: the panel listed the states in this machine's zone (UTC) while
    the strip placed them on the discussion's clock (+02:00 for the demo)."""
    import os
    from datetime import datetime

    from timeline_app.core.history import zone_label
    from timeline_app.gui.resources import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT

    transcript, store = tmp_path / "chat.json", tmp_path / "timestamps.json"
    transcript.write_bytes(DEMO_TRANSCRIPT.read_bytes())
    store.write_bytes(DEMO_TIMESTAMPS.read_bytes())
    backup = tmp_path / "timestamps.json.bak-20260101-100000"
    backup.write_bytes(DEMO_TIMESTAMPS.read_bytes())
    moment = datetime.fromisoformat("2026-01-01T09:00:00+00:00").timestamp()
    os.utime(backup, (moment, moment))
    (tmp_path / "timestamps.json.other-20260101-110000").write_text("{}")  # a note with a time
    session = alone._session
    with qtbot.waitSignal(session.historyChanged, timeout=WAIT):
        session.open(transcript, store, beside=False)
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
    zone = session.discussion.clock_zone
    label = zone_label(zone, session.history.states[-1].when)
    assert label != "UTC+0"  # the demo's clock is not this machine's (the tests run in UTC)
    header = alone.model.headerData(1, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
    assert header == f"File and its time ({label})"
    on_clock = session.history.states[0].when.astimezone(zone)
    assert f"{on_clock:%Y-%m-%d %H:%M:%S}" in alone.model.data(alone.model.index(0, 1))
    assert f"Written at {on_clock:%Y-%m-%d %H:%M:%S}" in alone.change_text(0)
    aside = datetime(2026, 1, 1, 11).astimezone(zone)  # the stamp is this machine's clock
    assert f"the save of Timeline Inspector at {aside:%Y-%m-%d %H:%M:%S}" in alone.status.text()


@pytest.mark.parametrize("smallest", [False, True])
@pytest.mark.parametrize("chinese", [False, True])
def test_at_1024x700_every_column_is_in_view(
    qtbot, make_window, tmp_path: Path, request, chinese: bool, smallest: bool
) -> None:
    """Tryout: a Source column as wide as its text (a backup's long name)
    pushed Placeholder and By hand out of the table at 1024x700. In the
    smallest window every header is whole, none drawn over another: the
    stretching Source column went down to a sliver, its header over State's
    (English "Stat" under "nt a", Chinese over 版本); the table scrolls sideways instead."""
    import os
    from datetime import datetime

    from timeline_app.gui.resources import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT

    if chinese:
        request.getfixturevalue("chinese_layout")
    transcript, store = tmp_path / "chat.json", tmp_path / "timestamps.json"
    transcript.write_bytes(DEMO_TRANSCRIPT.read_bytes())
    store.write_bytes(DEMO_TIMESTAMPS.read_bytes())
    for n, stamp in enumerate(("20261207-013510", "20261207-013546")):
        backup = tmp_path / f"timestamps.json.bak-{stamp}"
        backup.write_bytes(DEMO_TIMESTAMPS.read_bytes()[: -2 - n] + b"}")
        moment = datetime.fromisoformat(f"2026-12-07T01:3{n}:00+00:00").timestamp()
        os.utime(backup, (moment, moment))
    window = make_window()
    window.resize(*((1, 1) if smallest else (1024, 700)))
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.session.historyChanged, timeout=WAIT):
        window.session.open(transcript, store, beside=False)
    session = window.session
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
    window.table.setFocus()
    press(qtbot, Qt.Key.Key_7, ALT)
    view = window.history_panel.view
    qtbot.waitUntil(lambda: view.isVisible() and view.viewport().width() > 0, timeout=WAIT)
    header = view.horizontalHeader()
    qtbot.wait(50)
    for column in range(header.count()):  # each header's text whole in its section
        assert header.sectionSize(column) >= header.sectionSizeFromContents(column).width(), (
            column,
            [header.sectionSize(c) for c in range(header.count())],
        )
    if smallest:
        return
    right = view.columnViewportPosition(7) + view.columnWidth(7)
    assert right <= view.viewport().width(), [view.columnWidth(c) for c in range(8)]
    assert view.columnWidth(7) >= view.horizontalHeader().sectionSizeFromContents(7).width()
    # Details' story: no word wider than its label (a backup's name was cut mid-word, "bak-2026120")
    window.table.selectRow(5)
    story = window.detail.history
    qtbot.waitUntil(lambda: "0" in story.text(), timeout=WAIT)
    widest = max(story.text().split(), key=story.fontMetrics().horizontalAdvance)
    assert story.fontMetrics().horizontalAdvance(widest) <= story.width(), (widest, story.width())


def test_a_states_mark_on_the_strip_names_its_time_on_the_axis_clock(
    qtbot, small: MainWindow, tmp_path: Path
) -> None:
    """Hovering a state's mark named its time in this machine's zone while the
    axis placed it on the discussion's clock (+02:00 for the demo)."""
    import os
    from datetime import datetime

    from timeline_app.gui.resources import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT

    transcript, store = tmp_path / "chat.json", tmp_path / "timestamps.json"
    transcript.write_bytes(DEMO_TRANSCRIPT.read_bytes())
    store.write_bytes(DEMO_TIMESTAMPS.read_bytes())
    backup = tmp_path / "timestamps.json.bak-20260101-100000"
    backup.write_bytes(DEMO_TIMESTAMPS.read_bytes())
    moment = datetime.fromisoformat("2026-01-01T09:00:00+00:00").timestamp()
    os.utime(backup, (moment, moment))
    session = small.session
    with qtbot.waitSignal(session.historyChanged, timeout=WAIT):
        session.open(transcript, store, beside=False)
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
    when = session.history.states[0].when.astimezone(session.discussion.clock_zone)
    assert when.utcoffset() != datetime.now().astimezone().utcoffset()  # the test tells the two apart
    assert f"{when:%Y-%m-%d %H:%M:%S}" in small.strip.state_tip(0)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_an_orphans_story_is_told_by_keyboard(
    qtbot, request, make_window, recorded: Path, language: str
) -> None:
    """The window could not show an orphan's story (tryout): Alt+3, Tab to the
    orphans, an arrow on one shows above it when it was written, by which
    request and what happened, as Details tells a message's; Shift+Tab reads it,
    in view; a message chosen again in the table is shown again."""
    if language == "zh":
        request.getfixturevalue("chinese_layout")
    window: MainWindow = make_window()
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    _open(qtbot, window, recorded)
    detail = window.detail
    orphan = window.session.discussion.timeline.orphans[0]
    window.table.setFocus()
    press(qtbot, Qt.Key.Key_Home)
    press(qtbot, Qt.Key.Key_3, ALT)
    while focused() is not detail.orphans:
        press(qtbot, Qt.Key.Key_Tab)
    press(qtbot, Qt.Key.Key_Home)
    qtbot.waitUntil(lambda: detail.hash.text() == orphan)
    story = detail.history.text()
    assert story == detail._story(orphan) and story.count("\n") >= 1, story
    if language == "en":
        assert detail.heading.text() == "Orphan entry: no message has this hash"
        assert story.startswith("stored at request ") and "orphaned at request 4" in story, story
    assert detail.stored.text() == str(window.session.discussion.store.get(orphan))
    press(qtbot, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    if focused() is detail._notes_area:  # the notes between, while some are out of view
        press(qtbot, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    assert focused() is detail.history
    label = detail.history
    layout_settled(window)
    assert label.height() >= label.heightForWidth(label.width()), "its lines are cut"
    qtbot.waitUntil(lambda: label.visibleRegion().boundingRect().height() == label.height())
    # a message chosen in the table is the one shown again
    window.table.setFocus()
    press(qtbot, Qt.Key.Key_Home)
    press(qtbot, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: detail.hash.text() != orphan)
    assert detail.heading.text().startswith("#1")


def _written_at(path: Path, *files: tuple[str, dict[str, str], str]) -> None:
    """Each (name beside ``path``, entries, ISO time) written as a timestamp
    file with that modification time: a history's states and backups."""
    import os
    from datetime import datetime

    from timeline_app.core.store import TimestampStore, save_store

    for name, entries, written in files:
        save_store(path.with_name(name), TimestampStore(entries), backup=False)
        moment = datetime.fromisoformat(written).timestamp()
        os.utime(path.with_name(name), (moment, moment))


def _with_backups(folder: Path) -> Path:
    """A chat whose timestamp file has two backups beside it: three states,
    written 09:00, 10:00 and 11:00 on 2026-01-01 (this machine's clock)."""
    import os
    from datetime import datetime

    transcript = _chat(folder, ["one", "two"])
    store = folder / "timestamps.json"
    for name, written in (
        (f"{store.name}.bak-20260101-093000", "2026-01-01T09:00:00"),
        (f"{store.name}.bak-20260101-103000", "2026-01-01T10:00:00"),
        (store.name, "2026-01-01T11:00:00"),
    ):
        if name != store.name:
            shutil.copy(store, folder / name)
        moment = datetime.fromisoformat(written).timestamp()
        os.utime(folder / name, (moment, moment))
    return transcript


def test_with_now_pinned_the_state_current_then_is_selected_and_later_ones_said_so(
    qtbot, alone: HistoryPanel, tmp_path: Path
) -> None:
    """A recorded request opened pinned to 05:12:16 showed "request 3
    (05:12:18)" selected, after the "now" the rest of the window showed
    (tryout): the state current at "now" is selected, the strip's with it,
    and those after it are said written after "now" (a backup's or the
    file's time is when it was written: not "future", the flag of a stored
    time later than the clock; tryout: the demo's only state, its copy
    written today, was "future" under the demo's pinned 2025)."""
    from datetime import datetime

    session = alone._session
    with qtbot.waitSignal(session.historyChanged, timeout=WAIT):
        session.open(_with_backups(tmp_path))
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
    assert session.history is not None and len(session.history.states) == 3
    assert alone.view.selectionModel().selectedRows()[0].row() == 2  # live: the newest
    session.set_pinned_now(datetime(2026, 1, 1, 10, 30))
    jobs_idle(qtbot, session)
    assert alone.view.selectionModel().selectedRows()[0].row() == 1
    assert session.history_state == 1  # the strip highlights the same
    sources = [alone.model.index(row, 1).data() for row in range(3)]
    assert [text.endswith(" · written after now") for text in sources] == [False, False, True], sources
    assert not any("future" in text for text in sources)
    session.set_pinned_now(datetime(2025, 1, 1))  # before every state: the first, all said later
    jobs_idle(qtbot, session)
    assert alone.view.selectionModel().selectedRows()[0].row() == 0
    assert all(alone.model.index(row, 1).data().endswith(" · written after now") for row in range(3))
    session.set_pinned_now(None)  # live: every state is before now
    jobs_idle(qtbot, session)
    assert alone.view.selectionModel().selectedRows()[0].row() == 2
    assert not any(alone.model.index(row, 1).data().endswith("after now") for row in range(3))


def _open_pinned_before_the_newest(qtbot, alone: HistoryPanel, tmp_path: Path) -> None:
    """``_with_backups`` opened with "now" pinned between its first and second state."""
    from datetime import datetime

    session = alone._session
    session.set_pinned_now(datetime(2026, 1, 1, 9, 30))
    with qtbot.waitSignal(session.historyChanged, timeout=WAIT):
        session.open(_with_backups(tmp_path))
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)


def test_a_history_read_at_a_pinned_now_selects_the_state_current_then(
    qtbot, alone: HistoryPanel, tmp_path: Path
) -> None:

    _open_pinned_before_the_newest(qtbot, alone, tmp_path)
    assert alone.view.selectionModel().selectedRows()[0].row() == 0
    later = [alone.model.index(row, 1).data().endswith(" · written after now") for row in range(3)]
    assert later == [False, True, True]


def test_in_chinese_a_state_after_now_says_it_was_written_after_it(
    qtbot, chinese_app, alone: HistoryPanel, tmp_path: Path
) -> None:

    from timeline_app.core.timeline import Flag
    from timeline_app.gui.tables.timeline import flag_label

    _open_pinned_before_the_newest(qtbot, alone, tmp_path)
    newest = alone.model.index(2, 1).data()
    assert newest.endswith(" · 写入时间在参照时间之后") and flag_label(Flag.FUTURE) not in newest
    assert "之后" not in alone.model.index(0, 1).data()


def test_a_write_after_a_save_that_kept_no_backup_names_the_unknown_writer_first(
    qtbot, alone: HistoryPanel, tmp_path: Path
) -> None:
    """Tryout (issue 29, shot-85): an entry only the middleware wrote after a
    save of ours read "a save of Timeline Inspector at …, then writes that
    kept no backup" and "(by that save or a later write)": the app was named
    first for a write it never made. The panel says the unknown writer first,
    as ``history`` on the command line does."""

    from timeline_app.core.history import build_history

    path = tmp_path / "timestamps.json"
    a, b = "a" * 64, "b" * 64
    _written_at(
        path,
        (f"{path.name}.bak-20260101-100000", {a: "x"}, "2026-01-01T09:00:00"),
        (path.name, {a: "x", b: "y"}, "2026-01-01T11:00:01"),
    )
    alone._session._set_history(build_history([path]))
    text = alone.change_text(1)
    assert "a write that kept no backup (the middleware, or a hand edit) after the save" in text, text
    assert f"+ {b[:12]}… 'y' (by a later write or that save)" in text.splitlines(), text
    assert "then writes that kept no backup" not in text and "by that save or a later write" not in text


def test_a_removal_after_a_save_of_ours_is_never_offered_as_the_middlewares(
    qtbot, alone: HistoryPanel, tmp_path: Path
) -> None:
    """Tryout (life29 finding 1): a stored time removed and one put back an
    hour, after a save of ours, by a write that kept no backup, were headed
    "(the middleware, or a hand edit)": the middleware never makes either
    (spec). Headed and marked as by hand or by another program, as the
    command line says them; a change it may have made still names it."""
    from timeline_app.core.history import build_history

    path = tmp_path / "timestamps.json"
    a, b, c = "a" * 64, "b" * 64, "c" * 64
    held = {a: "(Thursday, 2026-01-01 09:00:00)", b: "(Thursday, 2026-01-01 09:30:00)"}
    _written_at(
        path,
        (f"{path.name}.bak-20260101-100000", held, "2026-01-01T09:00:00"),
        (f"{path.name}.bak-20260101-110000", held, "2026-01-01T10:00:01"),
        (path.name, {a: "(Thursday, 2026-01-01 08:00:00)"}, "2026-01-01T12:00:00"),
    )
    session = alone._session
    session._set_history(build_history([path]))
    lines = alone.change_text(2).splitlines()
    assert "by hand or by another program: the middleware makes no such change" in lines[0]
    assert "the middleware, or" not in lines[0]
    never = " (by hand, by another program or that save; never the middleware)"
    assert f"- {b[:12]}… '(Thursday, 2026-01-01 09:30:00)'{never}" in lines
    assert any(line.startswith(f"~ {a[:12]}…") and line.endswith(never) for line in lines)
    # an append beside them: the middleware may have made that, and is named for it
    _written_at(
        path,
        (
            path.name,
            {a: "(Thursday, 2026-01-01 08:00:00)", c: "(Thursday, 2026-01-01 11:00:00)"},
            "2026-01-01T12:00:00",
        ),
    )
    session._set_history(build_history([path]))
    lines = alone.change_text(2).splitlines()
    assert "a write that kept no backup (the middleware, or a hand edit)" in lines[0]
    assert f"- {b[:12]}… '(Thursday, 2026-01-01 09:30:00)'{never}" in lines
    assert f"+ {c[:12]}… '(Thursday, 2026-01-01 11:00:00)' (by a later write or that save)" in lines


def test_a_save_of_the_demos_simulation_shows_the_placeholder_given_to_the_reply(
    qtbot, alone: HistoryPanel, tmp_path: Path
) -> None:
    """Tryout: Simulate said the placeholder's time goes to reply #16; applied
    and saved, the Placeholder column said "dropped" and the changes
    "placeholder dropped" beside the reply's line with its value. The column
    and the changes read the engine's one judgement (``placeholder_receiver``).
    Issue 31: then "given to 477b03ee…", a hash nobody can find in the table;
    the message is named as Simulate and the table's "#" name it
    (``FileHistory.message_number``)."""
    from datetime import datetime

    from timeline_app.core.consequences import consequences
    from timeline_app.core.discussion import open_discussion
    from timeline_app.core.options import EngineOptions
    from timeline_app.core.store import save_store
    from timeline_app.gui.resources import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
    from timeline_app.gui.wording import say

    transcript, store = tmp_path / "chat.json", tmp_path / "timestamps.json"
    transcript.write_bytes(DEMO_TRANSCRIPT.read_bytes())
    store.write_bytes(DEMO_TIMESTAMPS.read_bytes())
    simulated = open_discussion(transcript, store, EngineOptions(), datetime(2025, 9, 21, 8, 6))
    save_store(store, simulated.simulation.store)  # Apply to the file, then Save (with its backup)
    reply = simulated.request.hashes[16][:12]
    session = alone._session
    with qtbot.waitSignal(session.historyChanged, timeout=WAIT):
        session.open(transcript, store, beside=False)
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
    told = [say(line) for line in consequences(simulated.request, simulated.simulation)]
    assert "The pending placeholder's time goes to the last assistant reply (#16)." in told
    assert alone.model.data(alone.model.index(1, 6)) == f"given to {reply}… (#16)"
    changes = alone.change_text(1)
    assert f"placeholder given to {reply}… (message #16)" in changes and "placeholder dropped" not in changes
    assert f"+ {reply}… '(Sunday, 2025-09-21 00:20:40)' (the placeholder's time)" in changes


def test_a_recording_opened_at_an_older_request_says_which_request_its_placeholder_number_counts_by(
    qtbot, small: MainWindow, tmp_path: Path
) -> None:
    """Issue 31: opened at request 3, History said reply 1 got the placeholder
    as "message #4" (request 3's "#", the table's), ``history`` "message #2"
    (request 4's, the newest): one placeholder, two numbers, neither said
    which. The window names the request it counts by when it is not the
    newest; at the newest it counts as the command line does."""
    from history_helpers import talk_that_drops_its_start

    from timeline_app.core.history import build_history

    recording = talk_that_drops_its_start(tmp_path) / "requests.jsonl"
    requests = build_history([recording]).requests
    session = small.session
    reply = sha("reply 1")[:12]

    def told() -> tuple[str, str]:
        panel = small.history_panel
        for row in range(panel.model.rowCount()):
            cells = " ".join(str(panel.model.index(row, c).data()) for c in range(panel.model.columnCount()))
            if f"given to {reply}" in cells:
                return cells, panel.change_text(row)
        raise AssertionError("no state gives the placeholder to reply 1")

    with qtbot.waitSignal(session.historyChanged, timeout=20000):
        session.open(recording, None, beside=False, chat=requests[2].id)
    qtbot.waitUntil(lambda: session.history is not None and small.history_panel.model.rowCount() > 0)
    cells, changes = told()
    assert f"given to {reply}… (#4 of request 3, the one open)" in cells, cells
    assert f"placeholder given to {reply}… (message #4 of request 3, the one open)" in changes, changes
    with qtbot.waitSignal(session.historyChanged, timeout=20000):
        session.open(recording, None, beside=False, chat=requests[3].id)
    qtbot.waitUntil(lambda: "(#2)" in told()[0])
    cells, changes = told()
    assert f"placeholder given to {reply}… (message #2)" in changes and "the one open" not in cells


def test_what_was_in_the_file_before_its_first_copy_is_credited_to_no_request(
    qtbot, alone: HistoryPanel, tmp_path: Path
) -> None:
    """Issue 31: two requests with a key whose per-user folder does not exist
    kept no copy; the third's copy held a file from 2025. The states said "37
    added; placeholder set (by request 2)". The first copy is the first state,
    its entries already there."""
    import json

    from history_helpers import converse, say

    from timeline_app.core.history import build_history

    def held_before(_: list[dict], path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({sha("Long ago"): "(Friday, 2025-09-12 17:59:00)"}))

    folder, _ = converse(tmp_path, [held_before, say("a"), say("b"), say("c")], keys=["k", "k", None])
    alone._session._set_history(build_history([folder]))
    texts = [alone.change_text(row) for row in range(alone.model.rowCount())]
    assert alone.model.index(0, 1).data().startswith("request 3")
    assert not any("request 1" in t or "request 2" in t for t in texts), texts
    assert [alone.model.index(0, c).data() for c in (3, 6)] == ["", ""]  # nothing added, no placeholder set


def test_a_deletion_and_the_save_it_took_are_said_above_the_states(
    qtbot, alone: HistoryPanel, tmp_path: Path
) -> None:
    """tryN M3: Save, `rm` the file, the middleware made it anew. The panel
    said "2 states of the timestamp file" and nothing of the deletion, nor
    of the save whose file went with it; both are said where the states are
    counted."""
    from tests.core.test_history_lost_save import _lost_save, _t

    session = alone._session
    transcript = _chat(tmp_path, ["one", "two"])
    store = _lost_save(tmp_path, _t(10))
    with qtbot.waitSignal(session.historyChanged, timeout=WAIT):
        session.open(transcript, store, beside=False)
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
    lines = alone.status.text().splitlines()
    assert lines[0].startswith("2 state"), lines
    assert any(line.startswith("The file was deleted before state 1") for line in lines), lines
    assert any(
        line.startswith("The save of Timeline Inspector at ") and "its bytes were not kept" in line
        for line in lines
    ), lines
    # the state no copy keeps, told from its mark in the text under the states (a Tab stop)
    alone.view.selectRow(1)
    told = alone.changes.toPlainText()
    assert "Before it: the save of Timeline Inspector at " in told and "then deleted" in told, told
    assert f"= {'d' * 12}… {_t(10)!r}" in told, told

"""The discussions browser (panels/discussions.py) on its own, over a session
and a DiscussionIds root of every layout: what each entry says, where it is
put (the user's own per-user folder named as such), what a root that cannot
be read says, and which entry it highlights as discussions open and close."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeySequence

from timeline_app.core.crypto import FileKey
from timeline_app.core.discovery import api_key_folder
from timeline_app.core.options import Choices
from timeline_app.core.store import PLACEHOLDER_KEY
from timeline_app.gui.panels.discussions import HEADERS, PATH_ROLE, DiscussionsPanel, scan_root
from timeline_app.gui.session import DiscussionSession
from timeline_app.gui.tables.base import distinct_elided, first_column_least
from timeline_app.gui.widgets import colours

from ..helpers import WAIT, jobs_idle, tree_cell_shown

API_KEY = "sk-mine"
T1, T2 = "(Sunday, 2025-09-21 11:00:00)", "(Sunday, 2025-09-21 12:30:00)"


def _store(path: Path, entries: dict[str, str] | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(entries if isinstance(entries, bytes) else json.dumps(entries).encode())
    return path


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """One discussion of each layout and state."""
    root = tmp_path / "DiscussionIds"
    _store(root / "chat-1" / "timestamps.json", {"a" * 64: T2, "b" * 64: T1})
    _store(root / "old_timestamps.json", {"c" * 64: T1})
    _store(root / "pending" / "timestamps.json", {"d" * 64: T1, PLACEHOLDER_KEY: T2})
    _store(root / "broken" / "timestamps.json", b"not json")
    secret = FileKey.derive(API_KEY).encrypt(json.dumps({"e" * 64: T1}).encode())
    _store(root / api_key_folder(API_KEY) / "mine" / "timestamps.json", secret)
    _store(root / "0123456789abcdef" / "theirs" / "timestamps.json", {"f" * 64: T1})
    return root


@pytest.fixture
def panel(qtbot) -> DiscussionsPanel:
    session = DiscussionSession(Choices())
    made = DiscussionsPanel(session)
    qtbot.addWidget(made)
    made.api_key = API_KEY
    return made


def _read(qtbot, panel: DiscussionsPanel, root: Path) -> None:
    panel.set_root(root)
    jobs_idle(qtbot, panel._session)


def _rows(panel: DiscussionsPanel) -> dict[str, list[str]]:
    """Each entry's cells by its name, a per-user entry's name after its group's."""
    model, out = panel.model, {}
    for row in range(model.rowCount()):
        group = model.item(row, 0)
        out[group.text()] = [model.item(row, c).text() for c in range(1, len(HEADERS))]
        for child in range(group.rowCount()):
            cells = [group.child(child, c).text() for c in range(len(HEADERS))]
            out[f"{group.text()} / {cells[0]}"] = cells[1:]
    return out


def test_each_entry_says_its_count_its_times_and_its_state(
    qtbot, panel: DiscussionsPanel, root: Path
) -> None:
    assert not panel.refresh_button.isEnabled()  # nothing to read again yet
    with qtbot.waitSignal(panel.rootChosen, timeout=WAIT) as chosen:
        _read(qtbot, panel, root)
    assert chosen.args == [str(root)]
    assert panel.refresh_button.isEnabled()
    mine, theirs = f"user {api_key_folder(API_KEY)} (your API key)", "user 0123456789abcdef"
    rows = _rows(panel)
    assert rows["chat-1"] == ["2", "2025-09-21 11:00", "2025-09-21 12:30", ""]
    assert rows["old"] == ["1", "2025-09-21 11:00", "2025-09-21 11:00", "legacy flat file"]
    assert rows["pending"][0] == "1" and rows["pending"][3] == "reply pending"
    assert rows["broken"][0] == "broken" and rows["broken"][3]  # what is wrong with it, in words
    assert rows[f"{mine} / mine"] == ["0", "", "", "encrypted"]
    assert rows[f"{theirs} / theirs"][0] == "1"
    assert set(rows) == {
        "chat-1",
        "old",
        "pending",
        "broken",
        mine,
        f"{mine} / mine",
        theirs,
        f"{theirs} / theirs",
    }
    assert panel.note.text() == f"6 discussion(s) in {root}"


def test_a_broken_file_and_values_that_are_no_times_show_in_the_first_columns(
    qtbot, panel: DiscussionsPanel, tmp_path: Path
) -> None:
    """Tryout: a file that is not JSON read "0" entries, as an empty one, its
    reason in the State column, reached only by scrolling sideways; a file
    of "not a time" and 5 read as sound. The count says "broken" or is in
    the warning colour, the reason in its tool tip and the name's."""
    root = tmp_path / "DiscussionIds"
    _store(root / "chat-1" / "timestamps.json", {"a" * 64: T2, "b" * 64: T1})
    _store(root / "broken" / "timestamps.json", b"{oops")
    _store(root / "bad" / "timestamps.json", {"x": "not a time", "y": 5})  # type: ignore[dict-item]
    _store(root / "empty" / "timestamps.json", {})
    _read(qtbot, panel, root)
    panel.resize(panel.minimumSizeHint().width(), 400)  # the dock at its narrowest
    panel.show()
    qtbot.waitExposed(panel)
    model, items = panel.model, {item.text(): item for item in panel._items()}
    broken, bad, empty, sound = (model.indexFromItem(items[n]) for n in ("broken", "bad", "empty", "chat-1"))
    warning = colours.text_ink(colours.WARNING)
    count = {
        name: index.siblingAtColumn(1)
        for name, index in (("broken", broken), ("bad", bad), ("empty", empty), ("chat-1", sound))
    }
    assert count["broken"].data() == "broken" and count["empty"].data() == "0"
    assert count["bad"].data() == "2"
    reasons = {"broken": "not valid JSON", "bad": "2 stored values are not a time the middleware can read"}
    for name, index in (("broken", broken), ("bad", bad)):
        assert count[name].data(Qt.ItemDataRole.ForegroundRole).color() == warning, name
        assert reasons[name] in count[name].data(Qt.ItemDataRole.ToolTipRole), name
        assert reasons[name] in index.data(Qt.ItemDataRole.ToolTipRole), name
        rect = panel.view.visualRect(count[name])
        assert rect.isValid() and panel.view.viewport().rect().contains(rect), name  # no scrolling
    for name in ("empty", "chat-1"):
        assert count[name].data(Qt.ItemDataRole.ForegroundRole) is None, name


def test_the_tree_passes_the_model_tester_and_keeps_each_entrys_path(
    qtbot, qtmodeltester, panel: DiscussionsPanel, root: Path
) -> None:
    _read(qtbot, panel, root)
    qtmodeltester.check(panel.model)
    items = {item.text(): item for item in panel._items()}
    assert items["chat-1"].data(PATH_ROLE) == str(root / "chat-1" / "timestamps.json")
    assert items["theirs"].data(PATH_ROLE) == str(root / "0123456789abcdef" / "theirs" / "timestamps.json")
    assert panel.entry_menu(items["theirs"].index()) is not None
    group = next(item for item in panel._items() if item.text().startswith("user "))
    assert panel.entry_menu(group.index()) is None  # a user folder is no file


def test_a_root_that_cannot_be_read_says_so_and_lists_nothing(
    qtbot, panel: DiscussionsPanel, tmp_path: Path
) -> None:
    missing = tmp_path / "nowhere"
    _read(qtbot, panel, missing)
    assert panel.model.rowCount() == 0
    assert str(missing) in panel.note.text()
    assert "not a folder" in panel.note.text()  # not "Reading …" left standing


def test_rescan_shows_new_and_gone_discussions(qtbot, panel: DiscussionsPanel, root: Path) -> None:
    _read(qtbot, panel, root)
    _store(root / "chat-2" / "timestamps.json", {"9" * 64: T1})
    (root / "old_timestamps.json").unlink()
    panel.refresh()
    jobs_idle(qtbot, panel._session)
    assert "chat-2" in _rows(panel) and "old" not in _rows(panel)


def test_the_open_discussion_is_highlighted_and_none_when_it_is_not_here(
    qtbot, panel: DiscussionsPanel, root: Path, tmp_path: Path
) -> None:
    _read(qtbot, panel, root)
    session = panel._session
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        assert session.open(store=root / "chat-1" / "timestamps.json")
    assert panel.view.currentIndex().data() == "chat-1"
    elsewhere = _store(tmp_path / "elsewhere" / "timestamps.json", {"1" * 64: T1})
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        assert session.open(store=elsewhere)
    assert not panel.view.currentIndex().isValid()
    assert not panel.view.selectionModel().hasSelection()


def test_the_scan_reports_each_file_as_it_reads_it(root: Path) -> None:
    said: list[tuple[str, float]] = []
    summaries = scan_root(root, lambda stage, fraction: said.append((stage, fraction)))
    names = [summary.file.discussion_id for summary in summaries]
    assert [stage for stage, _ in said] == [f"reading {name}" for name in names]
    assert [fraction for _, fraction in said] == [number / len(names) for number in range(len(names))]


def test_in_a_narrow_dock_the_name_gives_way_and_every_column_reads_whole(
    qtbot, panel: DiscussionsPanel, root: Path
) -> None:
    """Issue 31 tryout: at 1920 px the dock (about 260 px) showed Discussion,
    Entries and First, Last and State scrolled off, "有占…" in Chinese: the
    name column was as wide as its longest name. It takes what the other
    columns, fitted to their texts, leave (its tooltip holds the path); the
    cut columns' tooltips hold their whole texts."""
    long_name = "a-discussion-with-a-very-long-identifier-" * 2
    _store(root / long_name / "timestamps.json", {"c" * 64: T1})
    _read(qtbot, panel, root)
    view, header = panel.view, panel.view.header()
    others = sum(header.sectionSize(c) for c in range(1, header.count()))
    frame = 2 * view.frameWidth() + view.verticalScrollBar().sizeHint().width()
    layout = panel.layout().contentsMargins()
    least = first_column_least(view)  # the name's least (NAME_EMS characters)
    panel.resize(others + frame + layout.left() + layout.right() + least, 400)
    panel.show()
    qtbot.waitExposed(panel)
    qtbot.waitUntil(lambda: header.sectionSize(0) < least + frame, timeout=WAIT)
    for column in range(header.count()):
        end = header.sectionViewportPosition(column) + header.sectionSize(column)
        assert end <= view.viewport().width(), f"column {column} ends at {end} of {view.viewport().width()}"
    for item in panel._items():
        index = panel.model.indexFromItem(item)
        for column in range(2, header.count()):
            cell = index.siblingAtColumn(column)
            if cell.data():
                # (plain_tooltip escapes it, and cuts a very long one in its middle)
                assert cell.data()[:40] in html.unescape(cell.data(Qt.ItemDataRole.ToolTipRole))
    panel.resize(panel.width() + 400, 400)  # wider: the name has it all
    qtbot.waitUntil(
        lambda: header.sectionSize(0) >= view.fontMetrics().horizontalAdvance(long_name), timeout=WAIT
    )


def test_two_long_names_cut_in_a_narrow_dock_still_read_apart(
    qtbot, panel: DiscussionsPanel, root: Path
) -> None:
    """Walk at the smallest window: two discussions whose names differ only
    at their end both read "a-discuss…" (cut at the end); the name is cut in
    its middle, its start and its distinguishing end kept."""
    stem = "a-discussion-with-a-very-long-identifier-1234567890abcde"
    for end in "fg":
        _store(root / (stem + end) / "timestamps.json", {"c" * 64: T1})
    _read(qtbot, panel, root)
    panel.resize(panel.minimumSizeHint().width(), 400)
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.view
    room = view.header().sectionSize(0) - view.indentation() - 12  # the style's margins beside the text
    assert room < view.fontMetrics().horizontalAdvance(stem)  # the names are cut
    shown = {
        view.fontMetrics().elidedText(item.text(), view.textElideMode(), room)
        for item in panel._items()
        if item.text().startswith(stem)
    }
    assert len(shown) == 2, shown
    assert all(text.endswith(("f", "g")) for text in shown), shown


def test_the_whole_name_is_reached_by_keys(qtbot, panel: DiscussionsPanel, root: Path) -> None:
    """A keyboard user cannot hover for the name's tooltip: Ctrl+C in the
    tree copies the current entry's path, which holds the whole name, and
    the entry's menu names the key."""
    _read(qtbot, panel, root)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    qtbot.waitUntil(panel.isActiveWindow, timeout=WAIT)
    item = next(item for item in panel._items() if item.text() == "chat-1")
    panel.view.setCurrentIndex(item.index())
    panel.view.setFocus()
    qtbot.waitUntil(panel.view.hasFocus, timeout=WAIT)
    QGuiApplication.clipboard().clear()
    qtbot.keyClick(panel.view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text() == str(root / "chat-1" / "timestamps.json")
    menu = panel.entry_menu(item.index())
    copy = next(a for a in menu.actions() if a.text().replace("&", "") == "Copy path")
    assert copy.shortcut() == QKeySequence(QKeySequence.StandardKey.Copy)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_current_entrys_whole_state_is_shown_under_the_tree(
    qtbot, request, panel: DiscussionsPanel, root: Path, language: str
) -> None:
    """Smallest window walk: the State column read "有 1 个…" in Chinese, the
    whole text in a tooltip no key reaches. The entry the keys move to has
    its whole state under the tree, wrapped, never cut; an entry with no
    state shows nothing there (or its name alone, where the tree cuts it)."""
    if language == "zh":
        request.getfixturevalue("chinese_layout")
    _store(root / "odd" / "timestamps.json", {"a" * 64: "not a time", "b" * 64: T1})
    _read(qtbot, panel, root)
    panel.resize(panel.minimumSizeHint().width(), 400)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    view, shown = panel.view, panel.entry_state
    view.setFocus()
    qtbot.waitUntil(view.hasFocus, timeout=WAIT)
    qtbot.keyClick(view, Qt.Key.Key_Home)
    seen = {}
    for _ in range(len(panel._items())):
        current = view.currentIndex()
        state = current.siblingAtColumn(len(HEADERS) - 1).data()
        name = current.siblingAtColumn(0).data()
        if state:
            assert shown.isVisible(), name
            assert shown.text().startswith(name) and shown.text().endswith(state), (shown.text(), state)
            qtbot.waitUntil(lambda: shown.height() >= shown.heightForWidth(shown.width()), timeout=WAIT)
            seen[name] = state
        else:  # nothing, or its whole name where the tree cuts it, and its Last date hidden there
            last = current.siblingAtColumn(3).data()
            text = shown.text()
            assert not shown.isVisible() or (text.startswith(name) and (text == name or last in text)), text
        qtbot.keyClick(view, Qt.Key.Key_Down)
    assert "odd" in seen, seen
    header, state = view.header(), len(HEADERS) - 1  # the tree does not show it whole: the line does
    assert header.isSectionHidden(state)


def test_the_entries_header_says_what_it_counts_as_historys_does(panel: DiscussionsPanel) -> None:
    """One meaning of "Entries" (the placeholder not counted), said by both
    columns of that name: three counts went by it for the demo (tryout)."""
    from timeline_app.gui.tables.history import HistoryModel

    tip = panel.model.horizontalHeaderItem(1).toolTip()
    history_tip = HistoryModel().headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert "placeholder" in tip and tip == history_tip


NAME_PARTS = st.text(alphabet="abcdefghij-_0123456789", min_size=0, max_size=24)


@given(
    NAME_PARTS,
    NAME_PARTS,
    st.lists(st.text(alphabet="klmnop", min_size=1, max_size=4), min_size=2, max_size=6, unique=True),
    st.integers(0, 40),
)
def test_names_that_differ_in_their_middle_are_cut_apart(
    start: str, end: str, middles: list[str], spare: int
) -> None:
    """Issue 31 (tryout): names cut in their middle, "list-walk-a-transcript"
    and "list-walk-b-transcript" both read "lis…rip". With room for the part
    that tells a name from the others (and its two "…"), every name reads
    apart; whole when it fits."""
    names = [start + "-" + middle + "-" + end for middle in middles]
    if len(set(names)) < len(names) or any(a != b and b.startswith(a) for a in names for b in names):
        return
    room = max(len(m) for m in middles) + 4 + spare  # its part, a "-" each side, two "…"
    shown = [distinct_elided(name, names, lambda text: len(text) <= room) for name in names]
    assert len(set(shown)) == len(shown), (names, room, shown)
    for name, text in zip(names, shown, strict=True):
        assert len(text) <= room and (text == name or len(name) > room), (name, text)


def test_in_the_narrowest_dock_names_that_differ_in_their_middle_read_apart(
    qtbot, panel: DiscussionsPanel, root: Path
) -> None:
    """Issue 31 (tryout, 1024x700 and the smallest window): discussions
    named alike but in their middle read "lis…rip" alike; the Discussions
    dock at its narrowest shows the part of each name that tells it apart,
    and the current entry's whole name under the tree (no tooltip needed)."""
    names = [f"list-walk-{middle}-transcript-recorded" for middle in ("alpha", "beta", "gamma")]
    for name in names:
        _store(root / name / "timestamps.json", {"c" * 64: T1})
    _read(qtbot, panel, root)
    panel.resize(panel.minimumSizeHint().width(), 400)
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.view
    shown = {}
    for item in panel._items():
        if item.text() in names:
            index = item.index()
            shown[item.text()] = tree_cell_shown(view, index)
    assert len(shown) == 3 and any(text != name for name, text in shown.items()), shown  # cut
    assert len(set(shown.values())) == 3, shown
    for name, text in shown.items():  # what tells it apart: its middle's start at least
        assert name.split("-")[2][:3] in text, f"{name!r} read {text!r}"
    # a keyboard user reaches no tooltip: the current entry's whole name is under the tree
    panel.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus, timeout=WAIT)
    qtbot.keyClick(view, Qt.Key.Key_Home)
    read = set()
    for _ in range(len(panel._items())):
        name = view.currentIndex().siblingAtColumn(0).data()
        if name in names:
            # its name whole, then what the hidden columns hold (Last: issue 31)
            assert panel.entry_state.isVisible() and panel.entry_state.text().startswith(f"{name}:"), (
                panel.entry_state.text()
            )
            read.add(name)
        qtbot.keyClick(view, Qt.Key.Key_Down)
    assert read == set(names)


def test_the_counts_follow_the_apps_saves_and_the_files_on_disk(
    qtbot, panel: DiscussionsPanel, root: Path
) -> None:
    """Issue 29 (finding 2): after a Save wrote more entries to the open
    discussion the dock still said its old count, and after ``rm`` of
    another discussion's file it still listed it with its count (opening it
    said "0 entries"). The open discussion's row is summarized again
    whenever it is read from disk (a save among them), and the root is read
    again, off the GUI thread, when the dock is shown."""
    _read(qtbot, panel, root)
    assert _rows(panel)["chat-1"][0] == "2"
    session = panel._session
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        assert session.open(store=root / "chat-1" / "timestamps.json")
    edited = session.working.copy()
    edited.set("9" * 64, T1)
    edited.set("8" * 64, T2)
    session.push_edit(edited, "edit")
    with qtbot.waitSignal(session.saveDone, timeout=WAIT) as done:
        session.start_save()
    assert done.args == [True]
    jobs_idle(qtbot, session)
    qtbot.waitUntil(lambda: _rows(panel)["chat-1"][0] == "4", timeout=WAIT)
    assert panel.view.currentIndex().data() == "chat-1", "the open discussion stays highlighted"
    panel.show()
    qtbot.waitExposed(panel)
    jobs_idle(qtbot, session)
    (root / "pending" / "timestamps.json").unlink()
    panel.hide()  # its dock closed, or another tab raised over it
    panel.show()
    jobs_idle(qtbot, session)
    qtbot.waitUntil(lambda: "pending" not in _rows(panel), timeout=WAIT)
    assert _rows(panel)["chat-1"][0] == "4"


@pytest.mark.parametrize("replaced", [True, False], ids=["renamed-over", "written-in-place"])
def test_a_listed_discussion_that_is_not_open_follows_its_file(
    qtbot, panel: DiscussionsPanel, root: Path, replaced: bool
) -> None:
    """TryK/L: a listed discussion that is not open kept the count of the
    last Rescan while the middleware wrote its file, the panel in view. Its
    row follows its file (written in place, or a new file renamed over it as
    the middleware writes), a new discussion appears, one removed goes: all
    without Rescan, the files read on a worker."""
    _read(qtbot, panel, root)
    panel.show()
    qtbot.waitExposed(panel)
    jobs_idle(qtbot, panel._session)
    assert _rows(panel)["chat-1"][0] == "2"
    store = root / "chat-1" / "timestamps.json"
    grown = json.dumps({"a" * 64: T2, "b" * 64: T1, "9" * 64: T2}).encode()
    if replaced:
        _store(store.with_name("timestamps.json.tmp"), grown).replace(store)
    else:
        store.write_bytes(grown)
    qtbot.waitUntil(lambda: _rows(panel)["chat-1"][0] == "3", timeout=WAIT)
    _store(root / "new-chat" / "timestamps.json", {"7" * 64: T1})
    qtbot.waitUntil(lambda: "new-chat" in _rows(panel), timeout=WAIT)
    (root / "pending" / "timestamps.json").unlink()
    qtbot.waitUntil(lambda: "pending" not in _rows(panel), timeout=WAIT)
    assert _rows(panel)["new-chat"][0] == "1" and _rows(panel)["chat-1"][0] == "3"


def test_the_entry_the_keys_are_on_stays_current_when_the_root_is_read_again(
    qtbot, panel: DiscussionsPanel, root: Path
) -> None:
    """The dock reads its root again each time it is shown (issue 29); the
    list rebuilt jumped back to the open discussion (or to none) under a
    user walking it with the arrow keys (a full run's walk lost its place)."""
    _read(qtbot, panel, root)
    item = next(item for item in panel._items() if item.text() == "chat-1")
    panel.view.setCurrentIndex(item.index())
    panel._scan()  # what showing the dock does (``showEvent``)
    jobs_idle(qtbot, panel._session)
    assert panel.view.currentIndex().siblingAtColumn(0).data() == "chat-1"


@pytest.mark.parametrize("language", ["en", "zh"])
def test_in_the_narrowest_dock_a_short_name_reads_whole(qtbot, request, root: Path, language: str) -> None:
    """Issue 31 (tryout at 1024 x 700, Chinese): a recorded discussion named
    "rec-chat" read "rec-c…" in the Discussions list: the name column's
    least (``NAME_EMS`` characters past the branch, its short Chinese header
    "对话" less) left the cell's margins out. However narrow the dock, a
    name of ``NAME_EMS`` characters reads whole."""
    from timeline_app.gui.tables.base import NAME_EMS

    if language == "zh":
        request.getfixturevalue("chinese_layout")
    panel = DiscussionsPanel(DiscussionSession(Choices()))  # its headers in the language
    qtbot.addWidget(panel)
    names = ["rec-chat", "lisbon-moved"]  # as long as NAME_EMS allows (12 <= 13)
    assert max(map(len, names)) <= NAME_EMS
    for name in names:
        _store(root / name / "timestamps.json", {"c" * 64: T1})
    _read(qtbot, panel, root)
    panel.resize(panel.minimumSizeHint().width(), 400)
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.view
    shown = {i.text(): tree_cell_shown(view, i.index()) for i in panel._items() if i.text() in names}
    assert shown == {name: name for name in names}


@pytest.mark.parametrize("unsaved", [False, True], ids=["no edits", "unsaved edits"])
@pytest.mark.parametrize("grown", [1, 5, 18])
def test_the_open_discussions_count_follows_its_file_growing_on_disk(
    qtbot, panel: DiscussionsPanel, root: Path, unsaved: bool, grown: int
) -> None:
    """Issue 31: the list still said "lisbon-trip 13" after the middleware
    grew the file to 20 entries, until Rescan, with nothing to say it was
    out of date (the window, holding unsaved edits, did not read the file
    again: an unsaved edit of a time the middleware rewrote too). Whenever
    the open discussion's file changes on disk, its row says what the file
    now holds, with unsaved edits or without."""
    _read(qtbot, panel, root)
    session = panel._session
    store = root / "chat-1" / "timestamps.json"
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        assert session.open(store=store)
    jobs_idle(qtbot, session)
    if unsaved:
        edited = session.working.copy()
        edited.set("a" * 64, T1)
        session.push_edit(edited, "edit")
    entries = json.loads(store.read_bytes())
    entries.update({f"{n:064x}": T2 for n in range(grown)})  # as the middleware appends
    entries["a" * 64] = "(Sunday, 2025-09-21 13:00:00)"  # and rewrites the one edited here
    with qtbot.waitSignal(session.diskChecked, timeout=WAIT):
        _store(store, entries)
    jobs_idle(qtbot, session)
    qtbot.waitUntil(lambda: _rows(panel)["chat-1"][0] == str(2 + grown), timeout=WAIT)

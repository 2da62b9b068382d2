"""The status line names what the opened file is first: format, its generation, the chat picked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QPoint, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QStatusTipEvent
from PySide6.QtWidgets import QApplication

from timeline_app.core.transcripts.loading import load_transcript
from timeline_app.core.transcripts.model import file_kind
from timeline_app.gui.panels.status import FILES_MOST_EMS, NOTICE_MS, files_forms, files_label
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import CTRL, SHIFT, layout_settled, open_and_wait, press, show_active

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("st_solo.jsonl", "a SillyTavern chat (JSONL)"),
        ("st_solo_sendas.jsonl", "a SillyTavern chat (JSONL)"),
        ("st_group_noheader.jsonl", "a SillyTavern group chat (JSONL)"),
        ("ooba_2023_data.json", "a text-generation-webui chat of spring 2023 (data/data_visible rows)"),
        ("ooba_2025_tools.json", "a text-generation-webui chat (internal/visible rows)"),
        ("open_webui_inner_chat.json", "an Open WebUI chat: "),
        ("free_anima.jsonl", "a Free Anima log (JSONL, timestamps per line)"),
    ],
)
def test_each_real_format_is_named(name: str, said: str) -> None:
    assert str(file_kind(load_transcript(FIXTURES / name))).startswith(said)


def test_a_recording_is_named_as_a_recorded_request(tmp_path: Path) -> None:
    """Not "a recording of the recorder" (tryout): one request of it is opened."""
    from conftest import load_vectors
    from record_helpers import record_exchange

    from timeline_app.core.recordings import REQUESTS_FILE

    vector = load_vectors("wilmer")[0]
    out = tmp_path / "rec"
    record_exchange(out, vector, None)
    (path,) = out.rglob(REQUESTS_FILE)
    assert str(file_kind(load_transcript(path))) == "a request recorded by the recorder"


def test_the_status_line_names_the_files_kind_after_the_counts(qtbot, window: MainWindow) -> None:
    window.resize(1024, 700)
    window.show()
    open_and_wait(qtbot, window, FIXTURES / "st_solo.jsonl", None)
    assert " · 0 orphans · a SillyTavern chat (JSONL) · " in window.counts_bar.text()


@pytest.mark.parametrize(
    "size", [(1024, 700), (1920, 1080), (1, 1)], ids=["1024x700", "1920x1080", "minimum"]
)
def test_copy_preview_says_it_copied_where_it_is_seen(qtbot, demo_window: MainWindow, size) -> None:
    """Ctrl+Shift+C copied and said so with QStatusBar.showMessage, which
    draws only left of the permanent widgets: the stretching counts left it
    no room, and nothing was seen (issue 31 item 9). The notice is in view,
    whole, beside the counts, and goes after a while; a status tip (the
    mouse over a menu item) does not wipe it."""
    window = demo_window
    show_active(qtbot, window)
    window.resize(*size)
    layout_settled(window)
    notice = window.counts_bar.notice
    QGuiApplication.clipboard().setText("before")
    press(qtbot, Qt.Key.Key_C, CTRL | SHIFT)
    said = "Copied the preview's JSON (18 message(s))"
    qtbot.waitUntil(lambda: notice.isVisible() and notice.text() == said, timeout=10000)
    assert QGuiApplication.clipboard().text() == window.preview_pane.json_text()
    layout_settled(window)
    assert not notice.is_elided() and notice.shown_text() == said
    assert notice.visibleRegion().boundingRect().width() >= notice.fontMetrics().horizontalAdvance(said)
    place = QRect(notice.mapTo(window, QPoint(0, 0)), notice.size())
    assert window.rect().contains(place), f"{place.getRect()} outside the window {window.size().toTuple()}"
    assert window.counts_label.isVisible() and window.counts_label.width() > 0
    QApplication.sendEvent(window, QStatusTipEvent(""))
    assert notice.isVisible()
    assert window.size() == (window.minimumSize() if size == (1, 1) else QSize(*size))
    timers = [t for t in notice.findChildren(QTimer) if t.isActive()]
    assert [t.interval() for t in timers] == [NOTICE_MS]
    timers[0].timeout.emit()
    assert not notice.isVisible()


@pytest.mark.parametrize("size", [(1024, 700), (1, 1)], ids=["1024x700", "minimum"])
def test_a_notice_too_long_for_the_status_bar_is_said_whole(qtbot, demo_window: MainWindow, size) -> None:
    """After a Save at 1024 px the status bar read "…the file as it is kept
    as timestam…": cut, whole only in a tooltip a keyboard user cannot
    reach. Any notice the status bar cannot show whole is said whole in the
    banner above the table (wrapped), kept through the re-read a Save
    makes, and the status bar keeps the counts; a short one stays there."""
    window = demo_window
    show_active(qtbot, window)
    window.resize(*size)
    layout_settled(window)
    notice, banner = window.counts_bar.notice, window.banner
    said = (
        "Saved timestamps.json: your edits written over what the file held for 3 of their messages; "
        "the file as it was is kept as timestamps.json.bak-20261207T083320."
    )
    window.session.notice.emit(said)
    layout_settled(window)
    assert not notice.isVisible(), "not cut in the status bar"
    assert banner.isVisible() and banner.text() == said
    label = banner.label
    assert label.wordWrap() and label.height() >= label.heightForWidth(label.width()), "every line in view"
    assert window.counts_label.isVisible()
    window.session.loaded.emit()  # the re-read that follows a Save
    assert banner.text() == said, "said until dismissed, not taken by the save's own re-read"
    banner.dismiss()
    window.session.notice.emit("Saved")
    layout_settled(window)
    assert notice.isVisible() and not notice.is_elided() and banner.isHidden()


@pytest.mark.parametrize("then", ["open another", "close"])
def test_a_passing_notice_goes_with_the_discussion_it_was_said_of(
    qtbot, demo_copy_window: MainWindow, tmp_path: Path, then: str
) -> None:
    """Tryout (issue 29): "Saved timestamps.json" stayed beside the counts
    of the discussion opened next, which nobody had saved. A notice is said
    of the discussion open then; another opened (or the window closed), it
    goes, and one said of the new one stays. Break tried: the notice
    without ``pairChanged``/``closed``: it stayed in both cases."""
    window = demo_copy_window
    session, notice = window.session, window.counts_bar.notice
    edited = session.working.copy()
    edited.set(session.discussion.timeline.hashes[0], "(Sunday, 2025-09-21 08:00:00)")
    session.push_edit(edited, "edit")
    qtbot.waitUntil(lambda: session.jobs.idle, timeout=10000)
    with qtbot.waitSignal(session.loaded, timeout=10000):
        assert session.save()
    assert notice.isVisible() and notice.text().startswith("Saved ")
    if then == "close":
        assert session.close()
        assert not notice.isVisible(), "nothing open: nothing said of it"
        return
    other = tmp_path / "other"
    other.mkdir()
    chat = other / "chat.json"
    chat.write_text('[{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello"}]')
    assert session.open(chat, None, beside=False)
    assert not notice.isVisible(), "another discussion is opening: the old notice is not its"
    qtbot.waitUntil(lambda: session.jobs.idle and session.discussion is not None, timeout=10000)
    # said of the new one only: the demo's pin it left (pin29b), never the old "Saved …"
    assert not notice.isVisible() or notice.text().startswith("Now is live again"), notice.text()
    session.notice.emit("Said of the new one")
    session.pairChanged.emit()  # the same pair said again (a read that found it): the notice stays
    assert notice.isVisible() and notice.text() == "Said of the new one"


def test_a_lasting_banner_goes_when_another_discussion_is_opened(
    qtbot, demo_copy_window: MainWindow, tmp_path: Path
) -> None:
    """ "Some unsaved edits no longer apply" stays through re-reads of its
    discussion (until dismissed), but it is that discussion's: opened
    another, it stayed over a chat that had no edits. Break tried: the
    banner without ``pairChanged``: it stayed."""
    from timeline_app.gui.session import Trouble

    window = demo_copy_window
    session = window.session
    session.trouble = Trouble.EDITS_LOST
    try:
        session.failed.emit("Some unsaved edits no longer apply: #14")
    finally:
        session.trouble = Trouble.OTHER
    assert window.banner.lasting and "no longer apply" in window.banner.text()
    session.pairChanged.emit()  # the same pair said again: it stays
    assert "no longer apply" in window.banner.text()
    other = tmp_path / "other"
    other.mkdir()
    chat = other / "chat.json"
    chat.write_text('[{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello"}]')
    with qtbot.waitSignal(session.loaded, timeout=10000):
        assert session.open(chat, None, beside=False)
    assert "no longer apply" not in window.banner.text()


def test_a_long_files_name_gives_way_and_is_said_whole_in_its_tooltip(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """The files' names in the status bar were a plain label: in a small
    window a long folder name was cut by the label's edge, mid-word, with
    nothing to say more followed. They end in "…" when short of room (the
    counts keep theirs), and the tooltip says the paths whole."""
    short = tmp_path / "a"
    long = tmp_path / ("f" * 200)
    for folder in (short, long):
        folder.mkdir()
        (folder / "chat.jsonl").write_bytes((FIXTURES / "st_solo.jsonl").read_bytes())
    window.show()
    open_and_wait(qtbot, window, short / "chat.jsonl", None)
    layout_settled(window)
    least = window.minimumSizeHint().width()
    open_and_wait(qtbot, window, long / "chat.jsonl", None)
    layout_settled(window)
    label = window.files_label
    assert "f" * 200 in label.text()
    assert window.minimumSizeHint().width() <= least
    window.resize(1, 1)
    qtbot.waitUntil(lambda: window.size() == window.minimumSize(), timeout=5000)
    layout_settled(window)
    shown = getattr(
        label, "shown_text", label.text
    )()  # whole, briefer, or ending in "…": never cut by an edge
    assert shown == label.text() or shown in files_forms([long / "chat.jsonl"]) or shown.endswith("…")
    assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width(), "cut by its edge"
    place = QRect(label.mapTo(window, QPoint(0, 0)), label.size())
    assert window.rect().contains(place), f"{place.getRect()} outside the window {window.size().toTuple()}"
    assert window.counts_label.width() >= label.width(), "the counts gave way to the files' names"
    assert str(long / "chat.jsonl") in label.toolTip()


def test_the_progress_of_a_load_names_the_file_being_loaded(qtbot, window: MainWindow) -> None:
    """The files' label keeps naming the pair shown until the new one has
    loaded; the progress beside it said only "joining with the timestamp
    file", so it read as the old file's ("fx/ooba_2025_tools.json joining
    with the timestamp file" while the 100k file loaded, tryout)."""
    window.resize(1024, 700)
    window.show()
    open_and_wait(qtbot, window, FIXTURES / "ooba_2025_tools.json", None)
    shown: list[str] = []
    window.session.jobs.progressed.connect(
        lambda kind, *_: shown.append(window.progress.stage.text()) if kind == "load" else None
    )
    open_and_wait(qtbot, window, FIXTURES / "st_solo.jsonl", None)
    assert shown, "the load showed its progress"
    assert "st_solo.jsonl: joining with the timestamp file" in shown, shown
    assert not any("ooba_2025_tools" in text for text in shown), shown
    assert all(text.startswith("st_solo.jsonl: ") or "st_solo.jsonl" in text for text in shown), shown


def test_the_counts_say_how_many_entries_the_tracked_messages_share(
    qtbot, window: MainWindow, tmp_path, english
) -> None:
    """ "ok" at #7 and #13 share one entry: 15 messages tracked, 14 entries
    stored, which Save counts. The status bar (and its tooltip) says both,
    as ``inspect`` does."""
    from timeline_app.core.hashing import content_hash

    texts = [f"message {i}" for i in range(15)]
    texts[7] = texts[13] = "ok"
    chat = tmp_path / "chat.json"
    chat.write_text(json.dumps([{"role": "user", "content": t} for t in texts]), "utf-8")
    store = tmp_path / "timestamps.json"
    stored = {content_hash(t): f"(Sunday, 2025-09-21 12:00:{i:02d})" for i, t in enumerate(texts)}
    store.write_text(json.dumps(stored), "utf-8")
    open_and_wait(qtbot, window, chat, store)
    said = "15 tracked in 14 entries (2 messages share one) · 0 untracked"
    assert window.counts_bar.text().startswith(said)
    assert window.counts_bar.counts.toolTip().find(said) >= 0
    # where the whole does not fit, the short form keeps the entries before anything is elided
    assert window.counts_bar.text(brief=True).startswith("15 tracked in 14 entries · 0 untracked · ")


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_files_names_take_the_room_the_counts_leave(
    qtbot, request, tmp_path: Path, language: str
) -> None:
    """Issue 31 tryout (owui-status.png): at 1920 px the files' names read
    "wts-open_webui_export/open_webui_export.js…" beside a wide empty space:
    they were kept to ``FILES_MOST_EMS`` whatever the counts left. They take
    the room that is free; where there is none, the counts keep theirs."""
    if language == "zh":
        request.getfixturevalue("chinese_layout")
    window: MainWindow = request.getfixturevalue("make_window")()
    folder = tmp_path / "wts-st_solo_sendas-with-a-longer-folder-name"
    folder.mkdir()
    (folder / "st_solo_sendas.jsonl").write_bytes((FIXTURES / "st_solo_sendas.jsonl").read_bytes())
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    open_and_wait(qtbot, window, folder / "st_solo_sendas.jsonl", None)
    layout_settled(window)
    label = window.files_label
    assert (
        label.fontMetrics().horizontalAdvance(label.text())
        > FILES_MOST_EMS * label.fontMetrics().averageCharWidth()
    )
    assert label.shown_text() == label.text(), f"{label.shown_text()!r} at 1920 px"
    assert not window.counts_label.is_elided(), window.counts_label.shown_text()
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: window.width() == 1024, timeout=5000)
    layout_settled(window)
    # short of room: the names give way, down to FILES_MOST_EMS, before the counts do
    if window.counts_label.is_elided():
        assert label.width() <= files_label().maximumWidth()


_FOLDER = st.text(alphabet="abcdefghijklmnopqrstuvwxyz-_0123456789", min_size=1, max_size=40)


@given(st.lists(_FOLDER, min_size=1, max_size=4), st.lists(_FOLDER, min_size=1, max_size=4), st.booleans())
def test_every_short_form_of_files_in_two_folders_tells_the_folders(
    chat_folders: list[str], store_folders: list[str], same: bool
) -> None:
    """Issue 29 (finding 4): after Ctrl+O on a transcript paired with a
    DiscussionIds root's file, the status bar's short form read "chat.json +
    timestamps.json", as if the two lay side by side. Every short form of
    files in two folders names a folder for each (the uncut one, folders
    that tell them apart); files side by side are named alone."""
    chat = Path("/", *chat_folders, "chat.json")
    store = chat.parent / "timestamps.json" if same else Path("/", *store_folders, "timestamps.json")
    forms = files_forms([chat, store])
    apart = chat.parent != store.parent
    for form in forms:
        said_chat, said_store = form.split(" + ")
        assert ("/" in said_chat and "/" in said_store) is apart, form
    if apart:
        said_chat, said_store = forms[0].split(" + ")
        assert said_chat.rsplit("/", 1)[0] != said_store.rsplit("/", 1)[0], forms[0]


def test_a_transcript_paired_with_a_roots_file_says_both_folders_in_a_narrow_window(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Issue 29 (finding 4), as seen: the window narrow, the files' label
    shows a short form, and that form still says which folder each file is in."""
    chats = tmp_path / "chats" / "trip"
    root = tmp_path / "wilmer" / "DiscussionIds" / "trip"
    for folder in (chats, root):
        folder.mkdir(parents=True)
    # a long name: the names have a line of their own in the smallest window (the
    # progress's least reserved beside the counts), where a short one fits whole
    chat = chats / f"chat_exported_from_sillytavern_{'during_the_trip_' * 8}.jsonl"
    chat.write_bytes((FIXTURES / "st_solo.jsonl").read_bytes())
    (root / "timestamps.json").write_text("{}")
    window.show()
    open_and_wait(qtbot, window, chat, root / "timestamps.json")
    window.resize(1, 1)
    qtbot.waitUntil(lambda: window.size() == window.minimumSize(), timeout=5000)
    layout_settled(window)
    label = window.files_label
    shown = label.shown_text()
    assert shown != label.text(), "the whole description fits: no short form to check"
    forms = files_forms([chat, root / "timestamps.json"])
    assert shown in forms or (shown.endswith("…") and forms[-1].startswith(shown[:-1])), shown
    assert "chats/" in shown and "DiscussionIds/" in shown, shown


def test_a_long_banner_scrolls_by_keyboard_in_a_small_window(qtbot, window: MainWindow) -> None:
    """Issue 29 (finding 3): at 1024x700 a long banner showed 3 lines and a
    scroll bar, and no key reached the rest. Its lines are now a Tab away
    (from the timeline) and scroll by Down, Page Down and Page Up; a short
    banner, all in view, is passed by."""
    show_active(qtbot, window)
    window.resize(1024, 700)
    text = "The language changes at the next start, until this banner is dismissed. " * 40
    window.banner.show_message(text, info=True)
    layout_settled(window)
    lines = window.banner.lines
    bar = lines.verticalScrollBar()
    assert bar.maximum() > 0, "the banner is not long enough to scroll here"
    window.table.setFocus()
    qtbot.waitUntil(window.table.hasFocus, timeout=5000)
    for _ in range(30):
        if lines.hasFocus():
            break
        press(qtbot, Qt.Key.Key_Tab)
    assert lines.hasFocus(), f"Tab never reached the banner's lines ({QApplication.focusWidget()})"
    press(qtbot, Qt.Key.Key_Down)
    assert bar.value() > 0
    press(qtbot, Qt.Key.Key_PageDown)
    press(qtbot, Qt.Key.Key_PageDown)
    press(qtbot, Qt.Key.Key_PageDown)
    assert bar.value() == bar.maximum()
    press(qtbot, Qt.Key.Key_PageUp)
    assert bar.value() < bar.maximum()
    window.banner.show_message("Saved.", info=True)
    layout_settled(window)
    assert lines.focusPolicy() == Qt.FocusPolicy.NoFocus


def test_a_passing_notice_goes_when_the_banner_says_something_newer(
    qtbot, demo_copy_window: MainWindow
) -> None:
    """Tryouts tryC and tryD: "chat.json grew on disk" stayed in the status bar
    while the banner said the chat had since been replaced by another one. The
    newest message is the banner's; a notice said before it goes."""
    window = demo_copy_window
    session, notice = window.session, window.counts_bar.notice
    session.notice.emit("chat.json grew on disk (the middleware is running?).")
    assert notice.isVisible()
    session.failed.emit("chat.json was replaced on disk by another chat.")
    assert not notice.isVisible()
    assert "replaced on disk by another chat" in window.banner.text()
    session.notice.emit("Copied.")  # said after it: shown
    assert notice.isVisible() and notice.text() == "Copied."


@pytest.mark.parametrize("which", ["transcript", "timestamps"])
def test_a_file_moved_on_disk_is_named_where_it_is_now(
    qtbot, window: MainWindow, tmp_path: Path, which
) -> None:
    """Issue 31 tryout: after ``mv ooba_chat.json ooba_chat_moved.json`` under
    the open window the banner said the move, but the status bar and the
    title still read "data/ooba_chat.json". Either file of the pair moved
    is named at its new place, the old one in the tooltip."""
    folder = tmp_path / "data"
    folder.mkdir()
    chat, store = folder / "ooba_chat.json", folder / "timestamps.json"
    chat.write_bytes((FIXTURES / "ooba_chat.json").read_bytes())
    store.write_text("{}")
    window.show()
    open_and_wait(qtbot, window, chat, store)
    moved_from = chat if which == "transcript" else store
    moved_to = moved_from.with_name(f"{moved_from.stem}_moved.json")
    moved_from.rename(moved_to)
    session = window.session
    # the timestamp file moved is held as moved; the chat moved is followed there (issue 29, tryL 6)
    qtbot.waitUntil(
        lambda: session.moved_to(moved_from) is not None or session.shown_pair.transcript == moved_to,
        timeout=10000,
    )
    label = window.files_label
    qtbot.waitUntil(lambda: moved_to.name in label.text(), timeout=5000)
    assert f"/{moved_from.name}" not in label.text() and not label.text().startswith(moved_from.name)
    assert moved_to.name in window.windowTitle()
    assert str(moved_to) in label.toolTip() and str(moved_from) in label.toolTip()
    session.undo_stack.clear()
    session.confirm_discard = lambda: True
    session.close()


def test_while_the_first_file_loads_the_status_says_which_it_opens(qtbot, window: MainWindow) -> None:
    """Issue 31 tryout: while the 100k discussion loaded, the status bar said
    "Nothing open. Drop a transcript or a timestamps.json here." beside the
    progress "chat.json: laying out the timeline". It says which file it is
    opening, at every step of the load, and the invitation once nothing is."""
    window.resize(1024, 700)
    window.show()
    seen: list[str] = []
    window.session.jobs.progressed.connect(
        lambda kind, *_: seen.append(window.counts_bar.text()) if kind == "load" else None
    )
    assert "Nothing open" in window.counts_bar.text()
    with qtbot.waitSignal(window.session.loaded, timeout=20000):
        window.session.open(FIXTURES / "st_solo.jsonl", None, beside=False)
        said = window.counts_bar.text()
    assert said.startswith("Opening ") and "st_solo.jsonl" in said, said
    assert seen and all("Nothing open" not in text for text in seen), seen
    assert "Opening" not in window.counts_bar.text()


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("width", [1024, 1090, 1120, 1920])
def test_the_counts_and_the_files_names_never_run_together(
    qtbot, request, tmp_path: Path, language: str, width: int
) -> None:
    """Issue 31 tryout (Open WebUI, Chinese): the status bar read "打开于
    17:38:29 UTC+0data/open_webui_export.json…": the counts' end cut by its
    edge and the files' names straight after it. Whatever the width, the
    counts' painted text ends inside their label (whole or ending in "…")
    and a visible gap of at least an em parts it from the names."""
    if language == "zh":
        request.getfixturevalue("chinese_layout")
    window: MainWindow = request.getfixturevalue("make_window")()
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "open_webui_export.json").write_bytes((FIXTURES / "open_webui_export.json").read_bytes())
    window.resize(width, 700)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.session.loaded, timeout=20000):
        window.session.open(
            folder / "open_webui_export.json", None, beside=False, chat="c0ffee00-0000-4000-8000-000000000001"
        )
    layout_settled(window)
    counts, files = window.counts_label, window.files_label
    shown = counts.shown_text()
    # the text, one of its shorter forms, or the briefest on more lines, or cut with "…"
    forms = counts.forms()
    lines = shown.split("\n")
    assert (
        shown in forms or shown.replace("\n", " ") == forms[-1] or any(line.endswith("…") for line in lines)
    ), shown
    metrics = counts.fontMetrics()
    widest = max(metrics.boundingRect(line).right() for line in lines)
    ends = counts.mapTo(window, counts.contentsRect().topLeft()).x() + widest
    assert ends <= counts.mapTo(window, counts.contentsRect().topRight()).x(), f"{shown!r} cut by its edge"
    starts = files.mapTo(window, files.contentsRect().topLeft()).x()
    if files.alignment() & Qt.AlignmentFlag.AlignRight:
        starts = files.mapTo(
            window, files.contentsRect().topRight()
        ).x() - files.fontMetrics().horizontalAdvance(files.shown_text())
    em = metrics.horizontalAdvance("M")
    assert starts - ends >= em, f"{shown!r} and {files.shown_text()!r} {starts - ends} px apart"

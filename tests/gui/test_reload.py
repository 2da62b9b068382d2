"""Re-reading the open pair after the middleware wrote to it (issue 8): the
session hashes only what is new, and shows what a fresh open would show."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

import pytest

from timeline_app.core import pipeline
from timeline_app.core.discussion import Discussion, open_discussion
from timeline_app.core.options import Choices, EngineOptions
from timeline_app.core.store import TimestampStore
from timeline_app.core.tracking import track
from timeline_app.gui.session import DiscussionSession

NOW = datetime(2025, 9, 21, 12, 0, 0)
LATER = datetime(2025, 9, 21, 12, 5, 0)


def _messages(count: int) -> list[dict]:
    return [
        {"role": "user" if n % 2 else "assistant", "content": f"message {n} " + "x" * (n % 30)}
        for n in range(count)
    ]


def _write(folder: Path, messages: list[dict], tracked: int, when: datetime) -> tuple[Path, Path]:
    """The files the middleware leaves after tracking the first ``tracked``
    messages at ``when`` on the file already there (if any)."""
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    before = TimestampStore(json.loads(store.read_bytes())) if store.exists() else TimestampStore()
    transcript.write_text(json.dumps({"messages": messages}), "utf-8")
    request = pipeline.prepare_request(messages[:tracked], EngineOptions().request)
    store.write_bytes(track(request, before, when).store.file_bytes())
    return transcript, store


def _assert_same(shown: Discussion, fresh: Discussion) -> None:
    assert shown.request.hashes == fresh.request.hashes
    assert shown.request.fields == fresh.request.fields
    assert shown.store is not None and fresh.store is not None
    assert shown.store.as_dict() == fresh.store.as_dict()
    assert shown.store_digest == fresh.store_digest
    assert shown.timeline.times == fresh.timeline.times
    assert shown.timeline.statuses == fresh.timeline.statuses
    assert list(shown.timeline.rows) == list(fresh.timeline.rows)
    assert shown.simulation.store.as_dict() == fresh.simulation.store.as_dict()


@pytest.fixture
def session(qtbot):
    opened = DiscussionSession()
    opened.set_pinned_now(LATER)
    yield opened
    opened.shutdown()


def test_the_middleware_appending_is_reread_hashing_only_what_is_new(
    qtbot, tmp_path: Path, session: DiscussionSession, counting
) -> None:
    messages = _messages(400)
    transcript, store = _write(tmp_path, messages, 400, NOW)
    counting.calls = 0
    with qtbot.waitSignals([session.loaded, session.previewChanged], timeout=20000, order="strict"):
        session.open(transcript, store, beside=False)
    assert counting.calls == 400
    first = session.base

    grown = [*messages, {"role": "user", "content": "one more"}, {"role": "assistant", "content": "reply"}]
    with qtbot.waitSignal(session.loaded, timeout=20000):  # through the file watcher
        _write(tmp_path, grown, len(grown), LATER)
        counting.calls = 0  # the reload runs once the event loop does
    assert counting.calls == 2, "only the two appended messages are hashed"
    shown = session.base
    assert shown is not None and shown is not first
    pairs = zip(shown.timeline.rows, first.timeline.rows, strict=False)
    unchanged = [new is old for new, old in pairs if new == old]
    assert len(unchanged) > 300 and all(unchanged), "rows that did not change are taken over, not made again"
    _assert_same(shown, open_discussion(transcript, store, EngineOptions(), LATER))
    assert session.discussion is shown and len(session.layout.xs) == len(grown)


def test_an_edit_in_the_middle_is_parsed_and_hashed_once_to_judge_and_reload(
    qtbot, tmp_path: Path, session: DiscussionSession, counting, monkeypatch
) -> None:
    """Issue 29: a transcript edited in the middle cannot be re-read from its
    tail: the worker parses it and hashes it from the edit on to judge the
    change, and the reload that follows takes that read instead of doing it
    again (~3 s of the worker at 100k); what it shows is a fresh open's."""
    from timeline_app.core import discussion

    messages = _messages(400)
    transcript, store = _write(tmp_path, messages, 400, NOW)
    with qtbot.waitSignals([session.loaded, session.previewChanged], timeout=20000, order="strict"):
        session.open(transcript, store, beside=False)
    parsed: list[Path] = []
    parse = discussion.load_file_bytes
    monkeypatch.setattr(
        discussion, "load_file_bytes", lambda data, path, **kw: parsed.append(path) or parse(data, path, **kw)
    )
    edited = [dict(m) for m in messages]
    edited[100]["content"] = "changed afterwards"
    with qtbot.waitSignal(session.loaded, timeout=20000):  # the file watcher notices the write
        transcript.write_text(json.dumps({"messages": edited}), "utf-8")  # the store stays as it was
        counting.calls = 0
    assert len(parsed) == 1, "parsed once: to judge the change, and the reload took that read"
    assert counting.calls == 300, "the messages from the edit on hashed once"
    _assert_same(session.base, open_discussion(transcript, store, EngineOptions(), LATER))


def _open_with_edit(
    qtbot, tmp_path: Path, session: DiscussionSession, keys: slice
) -> tuple[list[dict], Path, Path, list[str]]:
    """200 messages, 100 tracked, opened; the messages at ``keys`` given
    one time by an unsaved edit. Returns the messages, both files and the
    edited keys."""
    messages = _messages(200)
    transcript, store = _write(tmp_path, messages, 100, NOW)
    with qtbot.waitSignals([session.loaded, session.previewChanged], timeout=20000, order="strict"):
        session.open(transcript, store, beside=False)
    base = session.base
    assert base is not None and base.store is not None
    edited = list(base.request.hashes[keys])
    changed = TimestampStore(
        {**base.store.as_dict(), **dict.fromkeys(edited, "(Sunday, 2025-09-21 11:00:00)")}
    )
    with qtbot.waitSignal(session.changed, timeout=10000):
        session.push_edit(changed, "edit")
    return messages, transcript, store, edited


def test_a_reload_keeps_unsaved_edits_and_new_options_open_anew(
    qtbot, tmp_path: Path, session: DiscussionSession, counting
) -> None:
    messages, transcript, store, (digest,) = _open_with_edit(qtbot, tmp_path, session, slice(150, 151))

    grown = [*messages, {"role": "user", "content": "appended"}]
    transcript.write_text(json.dumps({"messages": grown}), "utf-8")
    counting.calls = 0
    failures: list[str] = []
    session.failed.connect(failures.append)
    with qtbot.waitSignal(session.loaded, timeout=20000):
        session.reload()  # F5 with unsaved edits: they are carried over
    qtbot.waitUntil(lambda: session.working is not None and digest in session.working, timeout=10000)
    assert counting.calls == 1 and failures == [], failures
    # said so (tryO: under edits F5 showed nothing at all, the status line "edited (unsaved)")
    assert session.is_dirty and session.working.get(digest) == "(Sunday, 2025-09-21 11:00:00)"
    _assert_same(session.base, open_discussion(transcript, store, EngineOptions(), LATER))

    counting.calls = 0
    with qtbot.waitSignal(session.loaded, timeout=20000):
        session.set_choices(Choices(sentinels="legacy"))
    assert counting.calls >= len(grown), "other options: everything is hashed again"


def test_f5_under_unsaved_edits_says_what_it_did(qtbot, tmp_path: Path, session: DiscussionSession) -> None:
    """tryO: F5 with unsaved edits and nothing changed on disk showed nothing
    at all (the status line kept "edited (unsaved)"); a clean F5 said "file
    reloaded". Said, with what became of the edits."""
    _open_with_edit(qtbot, tmp_path, session, slice(150, 151))
    said: list[str] = []
    session.notice.connect(said.append)
    with qtbot.waitSignal(session.loaded, timeout=20000):
        session.reload()
    assert session.is_dirty
    assert any(text.startswith("Reloaded ") and "unsaved edits kept" in text for text in said), said


def test_a_reread_under_unsaved_edits_never_shows_the_read_without_them(
    qtbot, tmp_path: Path, session: DiscussionSession
) -> None:
    """Repairs applied (unsaved), then the middleware rewrote both files
    (one exchange more): for seconds at 100k the window showed the files as
    read without the edits (the repaired rows "untracked", the counts
    thousands lower, the title still `*`), then the edits came back. Every
    state the session shows carries the edits: the new read with them
    replayed is swapped in at once."""
    messages, transcript, store, repaired = _open_with_edit(qtbot, tmp_path, session, slice(150, 160))
    shown: list[tuple[int, int]] = []  # per state shown: rows in the table, repaired rows tracked in it

    def record() -> None:
        discussion = session.discussion
        assert discussion is not None
        tracked = {h for h, t in zip(discussion.request.hashes, discussion.timeline.times, strict=True) if t}
        shown.append((len(discussion.request.hashes), sum(h in tracked for h in repaired)))

    session.changed.connect(record)
    grown = [*messages, {"role": "user", "content": "appended"}]
    request = pipeline.prepare_request(grown, EngineOptions().request)
    written = TimestampStore(json.loads(store.read_bytes()))
    written.set(request.hashes[-1], "(Sunday, 2025-09-21 12:05:00)")  # the new message's entry alone
    staged = store.with_name("timestamps.json.tmp")
    staged.write_bytes(written.file_bytes())
    with qtbot.waitSignal(session.loaded, timeout=20000):
        transcript.write_text(json.dumps({"messages": grown}), "utf-8")
        os.replace(staged, store)  # the middleware's atomic rewrite: one entry more
    qtbot.waitUntil(lambda: session.jobs.idle, timeout=20000)
    assert shown and shown[-1] == (201, 10), shown
    assert all(kept == 10 for _rows, kept in shown), f"a state without the edits was shown: {shown}"
    assert session.is_dirty


def _shown_in_models(qtbot, session: DiscussionSession, tmp_path: Path, messages: list[dict], tracked: int):
    """A table model and its filter proxy that follow ``session``, showing
    the files the middleware left after tracking ``tracked`` messages."""
    from timeline_app.gui.tables.filter_proxy import TimelineFilterProxy
    from timeline_app.gui.tables.timeline import TimelineTableModel

    model, proxy = TimelineTableModel(), TimelineFilterProxy()
    proxy.setSourceModel(model)
    session.changed.connect(lambda: model.set_discussion(session.discussion))
    transcript, store = _write(tmp_path, messages, tracked, NOW)
    with qtbot.waitSignals([session.loaded, session.previewChanged], timeout=20000, order="strict"):
        session.open(transcript, store, beside=False)
    return model, proxy, transcript, store


def test_the_models_pass_the_modeltester_across_an_appended_request(
    qtbot, qtmodeltester, tmp_path: Path, session: DiscussionSession
) -> None:
    messages = _messages(120)
    model, proxy, _transcript, _store = _shown_in_models(qtbot, session, tmp_path, messages, 60)
    proxy.set_statuses({"untracked"})
    qtmodeltester.check(model)
    qtmodeltester.check(proxy)
    before = proxy.rowCount()
    grown = [*messages, {"role": "user", "content": "one more"}, {"role": "assistant", "content": "reply"}]
    _write(tmp_path, grown, 60, NOW)  # the middleware's file keeps the first 60 tracked
    with qtbot.waitSignal(session.loaded, timeout=20000):
        session.reload("changed on disk")
    assert model.rowCount() == len(grown) and proxy.rowCount() == before + 2
    qtmodeltester.check(model)
    qtmodeltester.check(proxy)
    proxy.set_statuses(set())
    assert model.index(len(grown) - 1, 6).data() == "reply"
    qtmodeltester.check(proxy)


def _counting(signal) -> list[tuple]:
    seen: list[tuple] = []
    signal.connect(lambda *args: seen.append(args))
    return seen


def _click_row(qtbot, window, row: int, modifier=None) -> None:
    from PySide6.QtCore import Qt

    table = window.table
    table.scrollTo(window.proxy.index(row, 0))
    rect = table.visualRect(window.proxy.index(row, 1))
    qtbot.mouseClick(
        table.viewport(), Qt.MouseButton.LeftButton, modifier or Qt.KeyboardModifier.NoModifier, rect.center()
    )


def _shown_in_window(
    qtbot, window, tmp_path: Path, count: int, tracked: int
) -> tuple[list[dict], Path, Path]:
    """The window on screen, showing ``count`` messages of which the first
    ``tracked`` are tracked (now pinned at LATER)."""
    from .helpers import open_and_wait

    window.session.set_pinned_now(LATER)
    messages = _messages(count)
    transcript, store = _write(tmp_path, messages, tracked, NOW)
    open_and_wait(qtbot, window, transcript, store)
    window.show()
    qtbot.waitExposed(window)
    return messages, transcript, store


def test_an_append_on_disk_inserts_rows_and_keeps_selection_and_scroll(qtbot, window, tmp_path: Path) -> None:
    from PySide6.QtCore import Qt

    messages, transcript, store = _shown_in_window(qtbot, window, tmp_path, 400, 380)
    _click_row(qtbot, window, 120)
    _click_row(qtbot, window, 125, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window.table, Qt.Key.Key_PageDown)  # moves the current row and scrolls
    selection = window.table.selectionModel()
    chosen = sorted(window.proxy.mapToSource(i).row() for i in selection.selectedRows())
    current = window.proxy.mapToSource(selection.currentIndex()).row()
    scroll = window.table.verticalScrollBar().value()
    assert chosen and scroll > 0
    window.strip.setFocus()
    qtbot.keyClick(window.strip, Qt.Key.Key_Plus)  # the person zooms the strip in
    zoom = window.strip.zoom
    resets, shown_resets = _counting(window.model.modelReset), _counting(window.proxy.modelReset)
    inserted = _counting(window.model.rowsInserted)
    shown_inserted = _counting(window.proxy.rowsInserted)
    changed = _counting(window.model.dataChanged)

    grown = [*messages, {"role": "user", "content": "one more"}, {"role": "assistant", "content": "reply"}]
    with qtbot.waitSignal(window.session.loaded, timeout=20000):  # the file watcher notices the write
        _write(tmp_path, grown, len(grown), LATER)

    assert not resets and not shown_resets, "an append does not reset the table"
    assert [(a[1], a[2]) for a in inserted] == [(400, 401)]
    assert [(a[1], a[2]) for a in shown_inserted] == [(400, 401)]
    assert changed, "the rows whose values moved are said to have changed"
    assert window.model.rowCount() == window.proxy.rowCount() == len(grown)
    assert window.model.index(401, 6).data() == "reply"
    assert sorted(window.proxy.mapToSource(i).row() for i in selection.selectedRows()) == chosen
    assert window.proxy.mapToSource(selection.currentIndex()).row() == current
    assert window.table.verticalScrollBar().value() == scroll
    assert window.strip.zoom == zoom, "a zoom the person chose stays"
    fresh = open_discussion(transcript, store, EngineOptions(), LATER)
    _assert_same(window.session.discussion, fresh)
    for row in (0, 379, 380, 399, 400, 401):  # what the table shows is what a fresh open shows
        fresh_row = fresh.timeline.rows[row]
        assert window.model.index(row, 4).data().startswith(("tracked", "untracked")), row
        assert window.model.row_at(row) == fresh_row


def test_an_append_widens_a_column_for_its_new_rows_without_measuring_the_rows_before(
    qtbot, window, tmp_path: Path, monkeypatch
) -> None:
    """Issue 29: every append fitted all columns again over a sample of the
    whole table (~50 ms of the GUI thread at 100k). Only the new rows can
    widen a column: a long speaker name appended is shown whole, no other
    column moves, and the rows shown before are not measured again."""
    from PySide6.QtGui import QFontMetricsF

    from timeline_app.gui.tables import column_widths
    from timeline_app.gui.tables.base import item_text_margin
    from timeline_app.gui.tables.timeline import FITTED_COLUMNS, Column

    messages, _transcript, _store = _shown_in_window(qtbot, window, tmp_path, 400, 380)
    table = window.table
    before = {column: table.columnWidth(column) for column in FITTED_COLUMNS}
    measured: list[object] = []
    real = column_widths.fitted_width

    def fitted_width(view, column, sample=100, rows=None):  # type: ignore[no-untyped-def]
        measured.append(None if rows is None else list(rows))
        return real(view, column, sample) if rows is None else real(view, column, sample, rows)

    monkeypatch.setattr(column_widths, "fitted_width", fitted_width)
    name = "Bartholomew Fitzwilliam-Longname of the Northern Shore"
    grown = [*messages, {"role": "user", "content": "one more"}]
    grown.append({"role": "assistant", "name": name, "content": "reply"})
    with qtbot.waitSignal(window.session.loaded, timeout=20000):  # the file watcher notices the write
        _write(tmp_path, grown, len(grown), LATER)

    label = window.model.index(401, Column.SPEAKER).data()
    assert name in label
    needed = QFontMetricsF(table.font()).horizontalAdvance(label) + item_text_margin(table)
    assert window.column_widths.wanted(Column.SPEAKER) >= needed > before[Column.SPEAKER]
    assert table.columnWidth(Column.SPEAKER) > before[Column.SPEAKER], "the new speaker widens its column"
    for column in set(FITTED_COLUMNS) - {Column.SPEAKER, Column.HASH}:  # the hash may scroll off
        assert table.columnWidth(column) >= before[column], column
    assert measured and all(rows == [400, 401] for rows in measured), measured


def test_an_append_is_painted_before_its_preview_and_history_are_worked_out(
    qtbot, window, tmp_path: Path, monkeypatch
) -> None:
    """Issue 29: the preview and the history an append asks for started on
    the workers inside the handler that showed it, so at 100k the window
    painted the new rows while two workers took the GIL and the cores from
    it (0.3-0.8 s frozen). They start once the table has painted them."""
    from PySide6.QtCore import QEvent, QObject

    from timeline_app.gui import session as gui_session

    messages, _transcript, _store = _shown_in_window(qtbot, window, tmp_path, 400, 380)
    painted = [window.model.rowCount()]

    class Paints(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                painted.append(window.model.rowCount())
            return False

    paints = Paints(window)
    window.table.viewport().installEventFilter(paints)
    rows_painted_when: dict[str, int] = {}
    for name in ("build_preview", "build_history"):
        real = getattr(gui_session, name)

        def started(*args, real=real, name=name, **kwargs):  # type: ignore[no-untyped-def]
            rows_painted_when.setdefault(name, painted[-1])  # read on the worker: a list's last int
            return real(*args, **kwargs)

        monkeypatch.setattr(gui_session, name, started)
    grown = [*messages, {"role": "user", "content": "one more"}, {"role": "assistant", "content": "reply"}]
    with qtbot.waitSignal(window.session.previewChanged, timeout=20000):  # the watcher, the load, the preview
        _write(tmp_path, grown, len(grown), LATER)
    qtbot.waitUntil(lambda: "build_history" in rows_painted_when, timeout=20000)
    assert rows_painted_when == {"build_preview": 402, "build_history": 402}


def test_an_edit_in_the_middle_still_reloads_whole_and_right(
    qtbot, qtmodeltester, window, tmp_path: Path
) -> None:
    from .helpers import open_and_wait

    window.session.set_pinned_now(LATER)
    messages = _messages(200)
    transcript, store = _write(tmp_path, messages, 200, NOW)
    open_and_wait(qtbot, window, transcript, store)
    resets = _counting(window.model.modelReset)
    edited = [dict(m) for m in messages]
    edited[100]["content"] = "changed afterwards"
    with qtbot.waitSignal(window.session.loaded, timeout=20000):  # the file watcher notices the write
        transcript.write_text(json.dumps({"messages": edited}), "utf-8")  # the store stays as it was
    assert resets, "not an append: the table is rebuilt"
    assert window.model.index(100, 6).data() == "changed afterwards"
    assert window.model.index(100, 4).data().startswith("untracked")
    qtmodeltester.check(window.model)
    qtmodeltester.check(window.proxy)
    _assert_same(window.session.discussion, open_discussion(transcript, store, EngineOptions(), LATER))


@pytest.mark.parametrize("shown", ["sorted", "filtered", "sorted-filtered", "untracked", "sorted-untracked"])
def test_an_append_under_a_sort_or_a_filter_puts_the_new_rows_in_their_places(
    qtbot, qtmodeltester, tmp_path: Path, session: DiscussionSession, shown: str
) -> None:
    from PySide6.QtCore import Qt

    from timeline_app.gui.tables.filter_proxy import TimelineFilterProxy
    from timeline_app.gui.tables.timeline import Column, TimelineTableModel

    messages = _messages(120)
    model, proxy, transcript, store = _shown_in_models(qtbot, session, tmp_path, messages, 100)
    if "sorted" in shown:
        proxy.sort(Column.CONTENT, Qt.SortOrder.DescendingOrder)
    if "filtered" in shown:
        proxy.set_text("message 1")
    if "untracked" in shown:  # ten of them are tracked after the append: they leave the view
        proxy.set_statuses({"untracked"})
    qtmodeltester.check(proxy)
    resets = _counting(model.modelReset)
    grown = [*messages, {"role": "user", "content": "message 1 more"}, {"role": "assistant", "content": "zz"}]
    _write(tmp_path, grown, 110, LATER)  # the middleware also tracked ten of the old untracked rows
    with qtbot.waitSignal(session.loaded, timeout=20000):
        session.reload("changed on disk")
    assert not resets
    qtmodeltester.check(model)
    qtmodeltester.check(proxy)
    fresh_model, fresh_proxy = TimelineTableModel(), TimelineFilterProxy()
    fresh_proxy.setSourceModel(fresh_model)
    fresh_model.set_discussion(open_discussion(transcript, store, EngineOptions(), LATER))
    if "sorted" in shown:
        fresh_proxy.sort(Column.CONTENT, Qt.SortOrder.DescendingOrder)
    if "filtered" in shown:
        fresh_proxy.set_text("message 1")
    if "untracked" in shown:
        fresh_proxy.set_statuses({"untracked"})
    shown_rows = [
        [proxy.index(r, c).data() for c in range(proxy.columnCount())] for r in range(proxy.rowCount())
    ]
    fresh_rows = [
        [fresh_proxy.index(r, c).data() for c in range(fresh_proxy.columnCount())]
        for r in range(fresh_proxy.rowCount())
    ]
    assert shown_rows == fresh_rows, "the view shows what a fresh open shows, in the same order"


@pytest.mark.parametrize("sorted_by_time", [False, True])
def test_an_append_on_disk_keeps_the_selected_message_in_details_and_in_its_place(
    qtbot, window, tmp_path: Path, sorted_by_time: bool
) -> None:
    """Tryout finding: after an append Details said "No message selected"
    while the table kept the row highlighted; sorted by Time (newest first)
    the new rows landed above and pushed the selection down."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtWidgets import QAbstractItemView

    from timeline_app.gui.tables.timeline import Column

    from .helpers import layout_settled

    messages, _transcript, _store = _shown_in_window(qtbot, window, tmp_path, 400, 400)
    if sorted_by_time:
        header = window.table.horizontalHeader()
        middle = header.sectionViewportPosition(Column.TIME) + header.sectionSize(Column.TIME) // 2
        for _ in range(2):  # ascending, then descending: the newest on top
            qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(middle, 5))
        assert header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
    window.tabs.setCurrentWidget(window.detail)
    _click_row(qtbot, window, 200)
    current = window.table.selectionModel().currentIndex()
    table = window.table  # the view scrolls the clicked row wholly into view
    qtbot.waitUntil(lambda: table.viewport().rect().contains(table.visualRect(current)), timeout=5000)
    # away from the viewport's edges: at the bottom edge the row moved one row up
    # after the append, 1 run in ~10 under load (CI: 480 -> 460); not understood,
    # likely the view keeping a row cut by a taller status line in view
    table.scrollTo(current, QAbstractItemView.ScrollHint.PositionAtCenter)
    layout_settled(window)
    source = window.proxy.mapToSource(current).row()
    heading = window.detail.heading.text()
    assert heading.startswith(f"#{source} ")
    top = window.table.visualRect(current).top()

    grown = [*messages, {"role": "assistant", "content": "reply"}, {"role": "user", "content": "one more"}]
    said: list[str] = []
    window.session.notice.connect(said.append)
    with qtbot.waitSignal(window.session.loaded, timeout=20000):  # the file watcher notices the write
        _write(tmp_path, grown, len(grown), LATER)

    # both files grown in one look are said in one sentence the status bar shows whole:
    # two were cut there and raised the banner, pushing the table down (fails 1 run in 3
    # without it, when the watcher saw both writes at once)
    assert all("chat.json and timestamps.json grew" in s or s.count("grew on disk") == 1 for s in said), said
    assert not window.banner.isVisibleTo(window), "a routine append raises no banner"
    current = window.table.selectionModel().currentIndex()
    assert window.proxy.mapToSource(current).row() == source
    assert window.detail.heading.text() == heading, "Details still shows the selected message"
    assert window.detail.content.toPlainText() == messages[source]["content"]
    window.table.viewport().repaint()
    assert window.table.visualRect(current).top() == top, "the selected row stays where it was on screen"


def test_the_counts_and_the_title_change_with_the_table_not_before(qtbot, window, tmp_path: Path) -> None:
    """Tryout finding: during an append the counts said the new numbers while
    the table still showed the old rows, and while a pair loaded the title
    named the new transcript without its timestamp file."""
    from .helpers import open_and_wait

    window.session.set_pinned_now(LATER)
    messages = _messages(40)
    transcript, store = _write(tmp_path, messages, 38, NOW)
    open_and_wait(qtbot, window, transcript, store)
    full_title = window.windowTitle()
    assert "timestamps.json" in full_title
    counts_before = window.counts_label.text()
    seen: list[tuple[str, str, str]] = []

    def table_changes() -> None:  # what the rest of the window says as the table takes the new rows
        seen.append((window.counts_label.text(), window.filter_bar.shown.text(), window.windowTitle()))

    window.model.rowsAboutToBeInserted.connect(table_changes)
    window.model.modelAboutToBeReset.connect(table_changes)
    window.session.pairChanged.connect(lambda: seen.append(("", "", window.windowTitle())))
    grown = [*messages, {"role": "assistant", "content": "reply"}, {"role": "user", "content": "one more"}]
    with qtbot.waitSignal(window.session.loaded, timeout=20000):
        _write(tmp_path, grown, 40, LATER)
    assert seen[0][:2] == (counts_before, "40 rows"), "nothing says the new numbers before the table has them"
    assert window.filter_bar.shown.text() == "42 rows"
    assert window.counts_label.text().startswith("40 tracked · 2 untracked")

    other = tmp_path / "other"
    other.mkdir()
    other_transcript, _other_store = _write(other, messages[:10], 10, NOW)
    seen.clear()
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=20000):
        window.session.open(other_transcript)  # its timestamp file is found beside it while loading
    titles = [title for _counts, _shown, title in seen]
    assert titles and all(t in (full_title, window.windowTitle()) for t in titles), titles
    assert "chat.json + timestamps.json" in window.windowTitle()


def test_the_status_bar_keeps_its_height_when_work_shows_its_progress(qtbot, window, tmp_path: Path) -> None:
    """Tryout finding: the docks jumped ~5 px when the progress bar and its
    Cancel button appeared in the status bar."""
    window.show()
    qtbot.waitExposed(window)
    idle = window.statusBar().sizeHint().height()
    busy: list[int] = []
    window.session.jobs.busyChanged.connect(
        lambda on: busy.append(window.statusBar().sizeHint().height()) if on else None
    )
    transcript, store = _write(tmp_path, _messages(40), 30, NOW)
    with qtbot.waitSignal(window.session.loaded, timeout=20000):
        window.session.open(transcript, store, beside=False)
    qtbot.waitUntil(window.cancel_button.isHidden, timeout=20000)  # the preview is made after the load
    assert busy and set(busy) == {idle}, (idle, busy)


def test_a_reopened_half_tracked_discussion_shows_the_times_a_fresh_open_shows(
    qtbot, window, tmp_path: Path
) -> None:
    """The middleware appends a request whose two entries become the anchor
    of every untracked message: the table's times and tooltips, the strip's
    marks and the preview after the reload are what opening the files anew
    shows (the untracked run's times are kept as an anchor and steps until
    a view asks for them)."""
    from PySide6.QtCore import Qt

    from timeline_app.core.preview import build_preview
    from timeline_app.gui.session import laid_out
    from timeline_app.gui.tables.timeline import Column, TimelineTableModel

    messages, transcript, store = _shown_in_window(qtbot, window, tmp_path, 300, 150)
    grown = [*messages, {"role": "user", "content": "one more"}, {"role": "assistant", "content": "reply"}]
    request = pipeline.prepare_request(grown, EngineOptions().request)
    written = {
        **json.loads(store.read_bytes()),
        **dict.fromkeys(request.hashes[-2:], "(Sunday, 2025-09-21 12:04:00)"),
    }
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=20000):
        transcript.write_text(json.dumps({"messages": grown}), "utf-8")
        store.write_text(json.dumps(written, indent=4), "utf-8")
        window.session.reload("changed on disk")

    fresh = open_discussion(transcript, store, EngineOptions(), LATER)
    expected = TimelineTableModel()
    expected.set_discussion(fresh)
    shown = window.model
    assert shown.rowCount() == expected.rowCount() == len(grown)
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
    for column in (Column.TIME, Column.GAP, Column.STATUS):
        for row in range(len(grown)):
            for role in roles:
                assert shown.index(row, column).data(role) == expected.index(row, column).data(role), (
                    row,
                    column,
                )
    assert shown.index(299, Column.TIME).data() != shown.index(150, Column.TIME).data()
    assert window.session.layout.xs == laid_out(fresh).xs, (
        "the strip's marks sit where a fresh open puts them"
    )
    preview = window.session.preview
    assert preview is not None
    expected_preview = build_preview(
        fresh.transcript, fresh.store, window.session.style, LATER, fresh.options
    )
    assert preview.json_bytes() == expected_preview.json_bytes()

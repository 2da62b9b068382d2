"""The Details pane (panels/details.py): on its own over a session, each fact of
every row read from the row itself and a value that is not text said as such;
in the window, nothing of a closed file stays, and the CST line says which
time it uses and why."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from history_helpers import converse, on_the_middleware_clock, say
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFormLayout, QLabel, QWidget

from timeline_app.core.context import Style
from timeline_app.core.hashing import content_hash
from timeline_app.core.options import Choices
from timeline_app.core.timeline import Flag
from timeline_app.core.tracking import Action
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.panels.details import DetailPane, own_time_text
from timeline_app.gui.session import DiscussionSession
from timeline_app.gui.tables.timeline import Column, status_label
from timeline_app.gui.window.main_window import MainWindow
from timeline_app.gui.wording import EXPLANATIONS

from ..helpers import (
    CTRL,
    DEMO_NOW,
    WAIT,
    _close_by_keys,
    _open_demo,
    _own_chat,
    layout_settled,
    open_and_wait,
    press,
    show_active,
)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
EMPTY_FIELDS = ("hash", "stored", "parsed", "own", "cst", "status", "next_request", "record", "history")


@pytest.fixture
def session(qtbot) -> DiscussionSession:
    made = DiscussionSession(Choices())
    made.set_pinned_now(DEMO_NOW)
    return made


@pytest.fixture
def pane(qtbot, session: DiscussionSession) -> DetailPane:
    made = DetailPane(session)
    qtbot.addWidget(made)
    made.resize(400, 700)
    return made


def _open(qtbot, session: DiscussionSession, transcript: Path | None, store: Path | None) -> None:
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        assert session.open(transcript, store, beside=False)


def _says_nothing(pane: DetailPane) -> bool:
    return pane.heading.text() == "No message selected" and all(
        getattr(pane, name).text() == "—" for name in EMPTY_FIELDS
    )


def test_nothing_open_says_no_message_and_where_orphans_come_from(pane: DetailPane) -> None:
    assert _says_nothing(pane)
    assert pane.content.toPlainText() == ""
    assert pane.orphans_label.text() == "Orphans: open a transcript to find them"
    assert pane.notes.isHidden() and pane.reply.isHidden()


def test_every_row_of_the_demo_shows_its_own_facts(
    qtbot, session: DiscussionSession, pane: DetailPane
) -> None:
    _open(qtbot, session, DEMO_TRANSCRIPT, DEMO_TIMESTAMPS)
    discussion = session.discussion
    assert discussion is not None
    rows = list(discussion.timeline.rows)
    assert len(rows) > 5
    for row in rows:
        pane.show_row(row)
        number = row.index if row.index is not None else row.position
        assert pane.heading.text().startswith(f"#{number} · ")
        assert pane.heading.text().endswith(f" · {status_label(row.status)}")
        assert pane.hash.text() == row.hash
        assert pane.stored.text() == (row.stored if row.has_entry else "(no entry)")
        expected_time = (
            f"{row.time:%Y-%m-%d %H:%M:%S} (the middleware's clock: UTC+2, read from the transcript's "
            "own times beside the stored ones)"
            if row.time
            else "(none)"
        )
        assert pane.parsed.text() == expected_time
        assert pane.status.text().split("\n")[0] == EXPLANATIONS.status(row.status)
        assert len(pane.status.text().split("\n")) == 1 + len(row.flags)
        assert pane.content.toPlainText() == row.content
    count = len(discussion.timeline.orphans)
    assert pane.orphans_label.text() == f"Orphans: {count} unmatched time(s), middleware's clock"
    assert pane.orphans_model.rowCount() == count
    pane.show_row(None)
    assert _says_nothing(pane)


def test_a_stored_time_names_the_clock_the_now_button_names(
    qtbot, session: DiscussionSession, pane: DetailPane
) -> None:
    """A stored time is a naive wall time of the middleware's clock: Details
    names that clock as the Now button does, the zone named in Options once
    one is (it read "(local, zone unknown)" beside a Now button naming
    UTC+2, and after Asia/Tokyo was named)."""
    _open(qtbot, session, DEMO_TRANSCRIPT, DEMO_TIMESTAMPS)
    discussion = session.discussion
    assert discussion is not None
    row = next(row for row in discussion.timeline.rows if row.time)
    pane.show_row(row)
    assert "zone unknown" not in pane.parsed.text()
    assert "UTC+2" in pane.parsed.text()
    with qtbot.waitSignal(session.loaded, timeout=WAIT):
        assert session.set_choices(replace(session.choices, wilmer_zone="Asia/Tokyo"))
    shown = session.discussion
    assert shown is not None and shown.clock[1] == "named"
    pane.show_row(next(row for row in shown.timeline.rows if row.time))
    assert pane.parsed.text().endswith(
        "(the middleware's clock: Asia/Tokyo, UTC+9, the zone named in Options)"
    )


@pytest.mark.parametrize("before", [timedelta(seconds=30), timedelta(hours=2, minutes=5), timedelta(days=3)])
def test_as_relative_says_what_the_model_gets_for_a_time_after_the_pinned_now(
    qtbot, session: DiscussionSession, pane: DetailPane, before: timedelta
) -> None:
    """Issue 29: with Now pinned before a stored time, Details' "As relative"
    read "[Sent less than a minute ago]" beside a ``future`` flag, as if the
    message had just been sent. The middleware counts a time in the future as
    no time (spec: wilmer-timestamps.md, "A time in the future counts as
    zero"), so that is what the model gets; said with how far after the
    pinned Now the time is. A time not after it says nothing of the kind."""
    _open(qtbot, session, DEMO_TRANSCRIPT, DEMO_TIMESTAMPS)
    times = [row.time for row in session.discussion.timeline.rows if row.time]
    pinned = min(times) - before
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.set_pinned_now(pinned)
    ahead = {timedelta(seconds=30): "30 s", timedelta(hours=2, minutes=5): "2 h 5 min"}.get(before)
    seen = 0
    for row in session.discussion.timeline.rows:
        if not row.time:
            continue
        pane.show_row(row)
        said = pane.relative.text()
        assert said.startswith("[Sent "), said
        if Flag.FUTURE in session.discussion.flags_of(row):  # the flag Details shows beside it
            seen += 1
            assert said.startswith("[Sent less than a minute ago]"), said
            assert f"after the pinned Now ({pinned:%Y-%m-%d %H:%M:%S})" in said, said
            assert "what the model gets" in said and "counts a time in the future as no time" in said, said
            if row.time == min(times) and ahead is not None:
                assert f"{ahead} after the pinned Now" in said, said
        else:
            assert "future" not in said and "after the pinned Now" not in said, said
    assert seen == len(times), "every stored time is after the pinned Now"


def test_the_status_leaves_what_the_next_request_gives_to_next_request(
    qtbot, session: DiscussionSession, pane: DetailPane
) -> None:
    """One source of truth for the time the next request gives a message: the
    Next request line. The Status of the demo's row 16 said the next request
    would invent a time one second before the next known message, while Next
    request two lines below said it gets the pending placeholder's time (tryout)."""
    _open(qtbot, session, DEMO_TRANSCRIPT, DEMO_TIMESTAMPS)
    discussion = session.discussion
    assert discussion is not None
    events = discussion.simulation.events
    placeholder = [r for r in discussion.timeline.rows if events[r.position].action is Action.PLACEHOLDER]
    assert placeholder, "the demo has a message that gets the placeholder's time"
    for row in discussion.timeline.rows:
        pane.show_row(row)
        assert "one second before" not in pane.status.text(), row.position
        assert "will invent" not in pane.status.text(), row.position
    (row,) = placeholder
    pane.show_row(row)
    assert pane.status.text().split("\n")[0].endswith("(see Next request).")
    assert pane.next_request.text().startswith("gets the pending placeholder's time")


def test_a_stored_value_that_is_not_text_is_said_so(
    qtbot, session: DiscussionSession, pane: DetailPane, tmp_path: Path
) -> None:
    transcript = tmp_path / "chat.json"
    transcript.write_text(json.dumps([{"role": "user", "content": "hello"}]))
    store = tmp_path / "timestamps.json"
    store.write_text(json.dumps({content_hash("hello"): 1758445200}))
    _open(qtbot, session, transcript, store)
    assert session.discussion is not None
    (row,) = [r for r in session.discussion.timeline.rows if r.index == 0]
    pane.show_row(row)
    assert pane.stored.text() == "1758445200 (a number, not text)"
    assert pane.parsed.text().startswith("none: the middleware reads no time from a value that is not text")


def test_a_new_discussion_leaves_nothing_of_the_last_ones_row(
    qtbot, session: DiscussionSession, pane: DetailPane
) -> None:
    _open(qtbot, session, DEMO_TRANSCRIPT, DEMO_TIMESTAMPS)
    assert session.discussion is not None
    pane.show_row(next(iter(session.discussion.timeline.rows)))
    assert not _says_nothing(pane)
    _open(qtbot, session, None, DEMO_TIMESTAMPS)
    assert _says_nothing(pane)
    assert pane.orphans_label.text() == "Orphans: open a transcript to find them"


def test_the_close_leaves_no_notes_of_the_closed_file_in_the_details(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """The loading notes are the discussion's, not a message's: a wrapped line
    of their own in the details, gone with the discussion. In the message's
    placeholder their second line was clipped, and after Ctrl+W it stayed
    painted (a new placeholder repaints only the first line)."""
    _open_demo(qtbot, window)
    show_active(qtbot, window)
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)  # to the details
    content, notes = window.detail.content, window.detail.notes
    assert QApplication.focusWidget() is content
    assert content.placeholderText() == "Select a message to see it in full."
    assert notes.isVisible()
    assert notes.text() == "Noted while reading the files: client API detected: openai"
    assert notes.textFormat() == Qt.TextFormat.PlainText and notes.wordWrap()
    assert notes.height() >= notes.heightForWidth(notes.width())  # every line of it shown
    _close_by_keys(qtbot, window)
    assert content.placeholderText() == "Select a message to see it in full."
    assert notes.isHidden() and notes.text() == ""
    fresh = MainWindow(window.settings)
    qtbot.addWidget(fresh)
    assert fresh.detail.content.placeholderText() == content.placeholderText()
    assert fresh.detail.notes.isHidden()


def test_the_details_say_which_time_the_cst_line_uses_and_why(qtbot, demo_window: MainWindow) -> None:
    """Row 13 reads 2025-09-21T05:50 in CST but (Friday, 2025-09-12 18:05:00)
    in Absolute: Free Anima injects the transcript's own time, exact, so an
    untracked message's CST time carries no ≈ either; the details say so."""
    window = demo_window
    with qtbot.waitSignal(window.session.previewChanged, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_3, CTRL)
    cst = window.detail.findChild(QLabel, "detailCst")
    assert cst.textFormat() is Qt.TextFormat.PlainText
    window.select_source_row(13)
    assert window.table.model().index(13, Column.TIME).data() == "2025-09-21T05:50 周日"
    own = (
        "%s: the transcript's own time, which Free Anima injects (not the timestamp file's): exact, no ≈; "
        "Absolute and Relative show the timestamp file's time"
    )
    assert cst.text() == own % "2025-09-21T05:50 周日"
    assert "time: 2025-09-21T05:50 周日\nok" in [m["content"] for m in window.preview_pane.preview.messages]
    window.select_source_row(15)  # untracked: the same, exact
    shown = window.table.model().index(15, Column.TIME).data()
    assert not shown.startswith("≈") and cst.text() == own % shown
    window.select_source_row(14)
    assert cst.text().startswith("none sent: Free Anima puts the time line on user messages only")
    cst_column = window.table.model().index(14, Column.TIME).data()  # an assistant row, in the CST style
    assert cst_column and cst.text().endswith(f"in that form: {cst_column})")  # the table's time, said


def test_without_own_times_the_cst_line_is_the_files_time(qtbot, window: MainWindow, tmp_path: Path) -> None:
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=2))
    messages = [*json.loads(transcript.read_text()), {"role": "user", "content": "not stored yet"}]
    transcript.write_text(json.dumps(messages))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    window.show()
    cst = window.detail.findChild(QLabel, "detailCst")
    window.select_source_row(0)
    label = window.model.time_string(0, Style.CST)
    assert cst.text() == (
        f"{label}, the timestamp file's time: the transcript records no times of its own, so its naive "
        "time is placed in the middleware's zone"
    )
    window.select_source_row(2)
    assert cst.text().startswith("none yet: the transcript records no times of its own")
    assert window.model.time_string(2, Style.CST).startswith("≈ ")


def test_an_unreadable_entry_is_not_called_no_entry(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """A stored value the middleware cannot parse is an entry all the same: the
    CST line said "the timestamp file has no entry" beside a Stored field
    showing it (tryout, a recorded request's "2026-12-07T05:02:10")."""
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=2))
    entries = json.loads(store.read_text())
    first = content_hash("my own question")
    entries[first] = "2026-12-07T05:02:10"
    store.write_text(json.dumps(entries))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    window.show()
    window.select_source_row(0)
    assert window.detail.stored.text() == "2026-12-07T05:02:10"
    cst = window.detail.findChild(QLabel, "detailCst")
    assert "no entry" not in cst.text()
    assert cst.text().startswith(
        "none: the transcript records no times of its own and this message's entry in the timestamp file "
        "is not a time the middleware can read"
    )


@given(st.datetimes(timezones=st.one_of(st.none(), st.timezones())))
def test_an_own_time_reads_to_the_second_or_the_millisecond(moment: datetime) -> None:
    """A transcript's own time shows no six-digit fraction ("20:03:05.900000"):
    whole seconds as they are, a fraction to the millisecond, and it reads
    back as the same time to that millisecond."""
    text = own_time_text(moment)
    assert not re.search(r"\.\d{4,}", text)
    back = datetime.fromisoformat(text)
    assert back.replace(tzinfo=None) == moment.replace(
        tzinfo=None, microsecond=moment.microsecond // 1000 * 1000
    )
    assert ("." in text.split("T")[1][:9]) == bool(moment.microsecond // 1000 or moment.microsecond)


def test_an_empty_text_box_says_why_it_is_empty(qtbot, session: DiscussionSession, pane: DetailPane) -> None:
    """The box under a row's heading said "Select a message to see it in
    full." for a file entry (a timestamp file opened alone has no text to
    show) and for an empty message: it says what the row is instead."""
    assert pane.content.placeholderText() == "Select a message to see it in full."
    _open(qtbot, session, None, DEMO_TIMESTAMPS)
    pane.show_row(session.discussion.timeline.row(0))
    assert pane.heading.text().startswith("#0 · file entry")
    assert pane.content.toPlainText() == ""
    assert pane.content.placeholderText() == "(no message: an entry holds only a hash and a time)"
    pane.show_row(None)
    assert pane.content.placeholderText() == "Select a message to see it in full."


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("row", [2, 14])
def test_at_the_smallest_window_no_fact_is_cut_at_the_panes_edge(
    qtbot, request, language: str, row: int
) -> None:
    """At the window's minimum size the facts kept each time's longest word
    whole (200 px) in a dock 178 px wide: "(no entry" and half the hash were
    cut at the area's edge, which scrolls only down. Every value now wraps
    inside the area (inside a word when it must) with all its lines, and
    the hash, which scrolls in its field, says itself whole in its tooltip."""
    from ..helpers import layout_settled

    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    window.side_dock.show()
    window.tabs.setCurrentIndex(0)
    window.resize(1, 1)
    qtbot.waitUntil(lambda: window.size() == window.minimumSize(), timeout=5000)
    window.select_source_row(row)
    layout_settled(window)
    detail: DetailPane = window.detail
    area = detail._facts_area
    view = area.viewport()
    for label in area.widget().findChildren(QLabel):
        if not label.isVisible() or not label.text():
            continue
        right = label.mapTo(view, label.rect().topRight()).x()
        assert right < view.width(), f"{label.text()!r} ends at {right} of {view.width()} px"
        if label.wordWrap():
            assert label.height() >= label.heightForWidth(label.width()), f"{label.text()!r} loses lines"
            words = re.findall(r"[^\s\u3000-\u9fff\uff00-\uffef]+", label.text()) or [
                ""
            ]  # CJK breaks anywhere
            widest = max(label.fontMetrics().horizontalAdvance(w) for w in words)
            breaks = type(label).__name__ == "BreakingLabel"
            assert breaks or widest <= label.contentsRect().width(), f"{label.text()!r} is cut"
    assert detail.hash.toolTip() == detail.hash.text() != ""


def test_the_name_a_message_is_sent_with_is_shown_with_its_role(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Issue 31 tryout: OpenAI's ``name`` field, sent to the model (``preview
    --json`` shows it), was shown neither in the table, nor in Details, nor in
    the chat bubbles. Plain text: a name is never read as markup."""
    chat = tmp_path / "named.json"
    messages = [
        {"role": "system", "content": "Be kind."},
        {"role": "user", "name": "<b>Alice</b>", "content": "Hello there"},
        {"role": "assistant", "content": "Hi Alice"},
    ]
    chat.write_text(json.dumps({"model": "m", "messages": messages}))
    window.show()
    open_and_wait(qtbot, window, chat, None)
    model = window.model
    speakers = [model.index(r, Column.SPEAKER).data() for r in range(model.rowCount())]
    assert speakers == ["system", "user · <b>Alice</b>", "assistant"]
    assert "user · &lt;b&gt;Alice&lt;/b&gt; · " in model.index(1, Column.CONTENT).data(
        Qt.ItemDataRole.ToolTipRole
    )
    window.select_source_row(1)
    pane = window.detail
    qtbot.waitUntil(lambda: pane.heading.text().startswith("#1 · user · <b>Alice</b> · "), timeout=WAIT)
    assert pane.heading.textFormat() is Qt.TextFormat.PlainText
    window.actions_by_name["go_preview"].trigger()
    chat_view = window.preview_pane.chat
    qtbot.waitUntil(lambda: "Hello there" in chat_view.toPlainText(), timeout=WAIT)
    assert "\nuser · <b>Alice</b>\n" in chat_view.toPlainText()


@pytest.mark.parametrize("text", ["W" * 20000, "many words " * 2000], ids=["one word", "words"])
def test_a_long_message_takes_the_height_the_facts_leave_free(
    qtbot, session: DiscussionSession, pane: DetailPane, tmp_path: Path, text: str
) -> None:
    """Issue 31 tryout: a 20,000-character message got a box two lines tall
    above empty space (measured with word wrap alone, one unbroken word read
    as one line). The box takes what the facts do not need; a short message's
    box stays short."""
    from timeline_app.gui.panels.details import MESSAGE_LINES

    chat = tmp_path / "long.json"
    chat.write_text(
        json.dumps(
            {"model": "m", "messages": [{"role": "user", "content": text}, {"role": "user", "content": "ok"}]}
        )
    )
    pane.resize(500, 900)
    pane.show()
    qtbot.waitExposed(pane)
    _open(qtbot, session, chat, None)
    pane.show_row(session.discussion.timeline.row(0))
    box, area = pane.content, pane._facts_area
    spacing = box.fontMetrics().lineSpacing()

    def filled() -> bool:
        facts = area.widget()
        needed = facts.layout().totalHeightForWidth(area.viewport().width())
        below = box.parentWidget().height() - box.geometry().bottom()
        return box.height() > MESSAGE_LINES * spacing and below <= needed + 3 * spacing

    qtbot.waitUntil(filled, timeout=WAIT)
    assert box.verticalScrollBar().maximum() > 0  # the rest scrolls in the box
    pane.show_row(session.discussion.timeline.row(1))
    qtbot.waitUntil(lambda: box.height() <= 3 * spacing + 2 * box.frameWidth() + 10, timeout=WAIT)
    layout_settled(pane)
    # the height left over goes under the facts, not into the heading (its text then sat mid-way down)
    assert pane.heading.height() <= 2 * pane.heading.fontMetrics().lineSpacing()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_facts_take_the_height_a_short_message_leaves(qtbot, request, language: str) -> None:
    """Tryout (1440x860, Chinese): the facts stood in a box as tall as their
    lines, over empty space down to the notes; they take the height the
    message box leaves, at each size, and their lines stay whole above it."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    window.side_dock.show()
    window.tabs.setCurrentIndex(0)
    detail = window.detail
    for size in ((1440, 860), (1920, 1080), (1024, 700)):
        window.resize(*size)
        window.select_source_row(13)  # "ok"
        layout_settled(window)
        area, top = detail._facts_area, detail.content.parentWidget()
        spacing = detail.content.fontMetrics().lineSpacing()
        assert top.height() - area.geometry().bottom() <= spacing, (size, area.geometry(), top.height())
        assert area.widget().height() >= area.widget().layout().totalHeightForWidth(area.viewport().width())


@pytest.mark.parametrize("language", ["en", "zh"])
def test_stored_times_after_now_are_flagged_in_the_table_details_and_status_line(
    qtbot, request, language: str
) -> None:
    """A stored time later than "now" on the middleware's clock (a clock set
    wrong; a generated file had 668) is said where the user looks: the
    table's Status, its tooltip, Details (what it means) and the status
    line's count, in the user's language. The demo pinned at 2025-09-14
    09:30 has two: #10 (09:30:05) and #12 (09-20). Fails without the
    "future" flag: it was shown nowhere."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    session = window.session
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.set_pinned_now(datetime(2025, 9, 14, 9, 30, 0))
    qtbot.waitUntil(lambda: session.discussion.now == datetime(2025, 9, 14, 9, 30, 0), timeout=WAIT)
    word = {"en": "future", "zh": "晚于参照时间"}[language]
    model = window.model
    status = [model.index(r, Column.STATUS).data() for r in range(model.rowCount())]
    assert [r for r, text in enumerate(status) if word in text] == [10, 12], status
    assert word in model.index(12, Column.STATUS).data(Qt.ItemDataRole.ToolTipRole)
    window.select_source_row(12)
    assert EXPLANATIONS.flag(Flag.FUTURE) in window.detail.status.text()
    # (English plurals come from the English catalogue, which tests do not install)
    counted = {"en": "2 stored time(s) after now", "zh": "2 个存储时间晚于参照时间"}[language]
    assert counted in window.counts_bar.text()
    orphans = window.detail.orphans_model.stringList()  # both at 09-20: after it too, and marked so
    assert len(orphans) == 2 and all(f"· {word}  " in line for line in orphans), orphans
    with qtbot.waitSignal(session.changed, timeout=WAIT):  # back to the demo's moment: none after it
        session.set_pinned_now(datetime(2025, 9, 21, 8, 6, 0))
    qtbot.waitUntil(lambda: word not in model.index(12, Column.STATUS).data(), timeout=WAIT)
    assert counted not in window.counts_bar.text()
    assert not any(word in line for line in window.detail.orphans_model.stringList())


def test_a_one_second_run_the_history_shows_stored_as_it_happened_is_not_called_a_backfill(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """A question stamped at its request's arrival and its reply, whose
    generation started a second later, sit one second apart: the table
    flags the run (a fact), and Details, which once called both times
    invented by a backfill beside a History line naming the request that
    stored them, now says what the file's history shows. Without a
    history it hedges ("most likely"). Fails with the old wording."""
    folder, _ = converse(
        tmp_path, [say("Hello"), say("How are you?"), say("Bye")], reply_after=timedelta(seconds=1)
    )
    requests = on_the_middleware_clock(folder) / "requests.jsonl"
    session = window.session
    with qtbot.waitSignal(session.historyChanged, timeout=WAIT):
        session.open(requests, None, beside=False)
    qtbot.waitUntil(lambda: session.history is not None and not session.history_reading, timeout=WAIT)
    rows = {row.content: r for r, row in enumerate(session.discussion.timeline.rows)}
    for text, said in (
        ("Hello", r"the file's history shows it stored at request 1 \(\S+ \S+\) as '[^']+'\."),
        # the story's sentence (``history --message``'s): the placeholder was the reply's before
        # request 2, not one request 2 set (tryout: "the placeholder of request 1, when its reply
        # began" of a placeholder already pending in the copy kept with request 1)
        (
            "reply 0",
            r"the file's history shows it stored at request 2 \(\S+ \S+\) as '[^']+', "
            r"the time the reply before it started \(the placeholder\)\.",
        ),
    ):
        row = rows[text]
        assert "one-second-run" in window.model.index(row, Column.STATUS).data()
        window.select_source_row(row)
        status = window.detail.status.text()
        assert re.search(said, status) and "backfill of untracked history" not in status, status
        story = session.history.story(session.discussion.timeline.rows[row].hash)
        assert str(story.said[0]).split(" (")[0] in status  # the CLI's sentence, word for word
    # where no history shows it, the run is most likely a backfill's, not surely one
    assert "most likely times a backfill" in EXPLANATIONS.flag(Flag.ONE_SECOND_RUN)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_story_has_the_panes_whole_width(qtbot, request, language: str) -> None:
    """Beside the facts' names the story had what the longest name left (173 px
    of a 303 px pane at 1024x700, ~120 px at the smallest window), a few
    sentences on a dozen lines: under its name it has the facts' whole width."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    window.side_dock.show()
    window.tabs.setCurrentIndex(0)
    detail = window.detail
    for size in ((1024, 700), (1920, 1080), (1, 1)):
        window.resize(*size)
        window.select_source_row(3)
        layout_settled(window)
        area = detail._facts_area
        margins = area.widget().layout().contentsMargins()
        room = area.viewport().width() - margins.left() - margins.right()
        assert detail.history.width() >= room - 1, (
            f"at {window.size().toTuple()}: {detail.history.width()} of {room}"
        )
        # its name is still said, above it
        names = [w for w in area.widget().findChildren(QLabel) if w.buddy() is detail.history]
        assert names and names[0].isVisible() and names[0].geometry().bottom() <= detail.history.y()


def test_an_orphan_chosen_lets_go_of_the_selected_message(qtbot, demo_window: MainWindow) -> None:
    """Choosing an orphan left the table's row and its strip mark highlighted
    while Details showed the orphan (tryout): one thing is shown as chosen,
    the orphan; choosing a message again lets go of the orphan."""
    window = demo_window
    detail = window.detail
    assert detail.orphans_model.rowCount() > 0
    window.select_source_row(3)
    assert window.table.selectionModel().hasSelection()
    detail.orphans.setCurrentIndex(detail.orphans_model.index(0))
    assert detail.heading.text() == "Orphan entry: no message has this hash"
    assert not window.table.selectionModel().hasSelection()
    assert not window.table.selectionModel().currentIndex().isValid()
    assert window.strip._current is None and not window.strip._selected
    window.select_source_row(4)
    assert detail.heading.text().startswith("#")
    assert not detail.orphans.selectionModel().hasSelection()
    assert not detail.orphans.selectionModel().currentIndex().isValid()


def test_in_chinese_a_stored_time_names_its_clock_and_an_unreadable_entry_is_one(
    qtbot, chinese_app, window: MainWindow, tmp_path: Path
) -> None:
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=2))
    entries = json.loads(store.read_text())
    entries[content_hash("my own question")] = "2026-12-07T05:02:10"
    store.write_text(json.dumps(entries))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    window.select_source_row(0)
    cst = window.detail.findChild(QLabel, "detailCst")
    assert cst.text().startswith(
        "无：聊天记录中没有时间，而这条消息在时间戳文件中的条目不是中间件能读取的时间"
    )
    window.select_source_row(1)
    assert re.fullmatch(
        r"\S+ \S+（中间件的时钟：UTC[+-]\d{1,2}(:\d\d)?，本机时钟：对话的时区未知）",
        window.detail.parsed.text(),
    )


def test_the_cst_row_shows_only_where_free_anima_is_in_play(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """An OpenAI-style chat in the Absolute style: no "CST time" row, whose
    words are all of Free Anima (tryout). The CST style chosen shows it, and
    a Free Anima log shows it whatever the style."""
    transcript, store = _own_chat(tmp_path, window, timedelta(hours=2))
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        window.opener.open_any([transcript, store])
    window.select_source_row(0)
    cst = window.detail.findChild(QLabel, "detailCst")

    def shown() -> bool:
        return cst.isVisibleTo(window.detail)

    assert window.session.style is Style.ABSOLUTE
    assert not shown()
    window.session.set_style(Style.CST)
    assert shown()
    window.session.set_style(Style.ABSOLUTE)
    assert not shown()
    free_anima = tmp_path / "free_anima.jsonl"
    free_anima.write_bytes((FIXTURES / "free_anima.jsonl").read_bytes())
    open_and_wait(qtbot, window, free_anima, None)
    window.select_source_row(0)
    assert window.session.style is Style.ABSOLUTE and shown()


def test_in_cst_a_flag_judged_on_the_stored_times_says_so(qtbot, demo_window: MainWindow) -> None:
    """The Status names "out-of-order (stored time)" where the table does, and
    says which times the flag does not judge; other styles keep the plain name."""
    window = demo_window
    window.select_source_row(13)
    status = window.detail.status
    assert "out-of-order: " in status.text() and "(stored time)" not in status.text()
    with qtbot.waitSignal(window.session.styleChanged, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_3, CTRL)
    qtbot.waitUntil(lambda: "out-of-order (stored time): " in status.text(), timeout=WAIT)
    assert "does not judge" in status.text()
    window.session.set_style(Style.RELATIVE)
    qtbot.waitUntil(lambda: "(stored time)" not in status.text(), timeout=WAIT)
    assert "out-of-order: " in status.text()


def test_ctrl_c_in_the_orphans_list_copies_the_whole_hash(qtbot, demo_window: MainWindow) -> None:
    """Tryout (issue 31): Ctrl+C in the Orphans list copied the hash as the
    list cuts it ("8329fc3aaa643f24…"); the README says Ctrl+C copies what
    has the focus whole."""
    from PySide6.QtGui import QGuiApplication

    window = demo_window
    show_active(qtbot, window)
    window.actions_by_name["go_details"].trigger()
    detail = window.detail
    qtbot.waitUntil(lambda: detail.orphans_model.rowCount() > 0, timeout=WAIT)
    orphan = detail._orphan_hashes[0]
    shown = detail.orphans_model.index(0).data()
    assert shown.endswith(f"{orphan[:16]}…")  # cut to fit, as before
    detail.orphans.setFocus()
    detail.orphans.setCurrentIndex(detail.orphans_model.index(0))
    QGuiApplication.clipboard().clear()
    press(qtbot, Qt.Key.Key_C, CTRL)
    assert QGuiApplication.clipboard().text().strip() == shown.removesuffix(f"{orphan[:16]}…") + orphan


def test_under_a_filter_details_says_the_gap_and_which_message_it_is_measured_from(
    qtbot, demo_window: MainWindow
) -> None:
    """Issue 31 tryout: filtered to "ok", rows 7, 13 and 15 show gaps
    measured from rows the filter hides; only the Gap cell's tooltip said
    from which, and no key reaches a tooltip. Details has a Gap line saying
    the gap as the column shows it and the message (#n) it is measured from."""
    window = demo_window
    window.filter_bar.edit.setText("ok")
    qtbot.waitUntil(lambda: window.proxy.rowCount() == 3, timeout=WAIT)
    discussion = window.session.discussion
    shown_rows = {
        window.proxy.mapToSource(window.proxy.index(r, 0)).row() for r in range(window.proxy.rowCount())
    }
    assert shown_rows == {7, 13, 15}
    for row in sorted(shown_rows):
        window.select_source_row(row)
        gap = window.model.index(row, Column.GAP).data()
        origin = discussion.gap_origin(window.session.style, row)
        said = window.detail.gap.text()
        assert gap and origin is not None, row
        assert said.startswith(f"{gap} since #{origin},"), f"row {row}: {said!r}"
        assert f"#{origin}" in window.model.index(row, Column.GAP).data(Qt.ItemDataRole.ToolTipRole)
        assert origin not in shown_rows, "the filter hides the message the gap is measured from"
    # a row with no earlier time says so, not a blank
    window.filter_bar.edit.setText("")
    qtbot.waitUntil(lambda: window.proxy.rowCount() > 3, timeout=WAIT)
    window.select_source_row(0)
    assert window.detail.gap.text() not in ("", "—")


def test_details_names_the_one_second_run_a_message_belongs_to(qtbot, demo_window: MainWindow) -> None:
    """Issue 31 tryout: hovering a run's bracket on the strip names it;
    Details, the keyboard's route, said only "one-second-run". Its flag line
    names the run, first and last message and length, as the strip has it."""
    window = demo_window
    layout = window.session.layout
    runs = [row for row in range(window.model.rowCount()) if layout.run_at(row) is not None]
    assert runs, "the demo has a one-second run"
    for row in runs:
        run = layout.run_at(row)
        window.select_source_row(row)
        first, last = (window.session.discussion.timeline.rows[r] for r in (run.first_row, run.last_row))
        named = f"one-second-run (#{first.index}–#{last.index}, {run.count} × 1 s)"
        assert named in window.detail.status.text(), window.detail.status.text()


def _facts_read(area, seen: dict[int, set[str]]) -> None:
    """Mark which ends (top, bottom) of each fact's name and value show in
    ``area``'s viewport now."""
    view = area.viewport()
    form = area.widget().layout()
    for row in range(form.rowCount()):
        for role in (
            QFormLayout.ItemRole.LabelRole,
            QFormLayout.ItemRole.FieldRole,
            QFormLayout.ItemRole.SpanningRole,
        ):
            item = form.itemAt(row, role)
            widget = item.widget() if item is not None else None
            if widget is None or not widget.isVisible():
                continue
            top = widget.mapTo(view, widget.rect().topLeft()).y()
            bottom = widget.mapTo(view, widget.rect().bottomLeft()).y()
            ends = seen.setdefault(id(widget), set())
            if 0 <= top < view.height():
                ends.add("top")
            if 0 <= bottom < view.height():
                ends.add("bottom")


@pytest.mark.parametrize("language", ["en", "zh"])
def test_at_the_smallest_window_every_fact_is_read_by_keys(qtbot, request, language: str) -> None:
    """Issue 31: at the window's minimum size with Repair open the Details
    facts showed two or three fields (Hash, Stored value, Stored time);
    the others scrolled into view by the mouse wheel (or by arrows in the
    hash field, which nothing on screen tells); Tab went from the hash to
    the History story, past Status and Next request. Now each name stands
    over its value (the values have the pane's width, so more facts show at
    once), the notes take fewer lines, and the facts' area is a Tab stop
    whose arrow keys show every fact's name and value whole."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=WAIT):
        window.actions_by_name["repair"].trigger()
    window.side_dock.show()
    window.tabs.setCurrentIndex(0)
    window.resize(1, 1)
    qtbot.waitUntil(lambda: window.size() == window.minimumSize(), timeout=5000)
    show_active(qtbot, window)
    window.select_source_row(4)
    layout_settled(window)
    area = window.detail._facts_area
    assert area.verticalScrollBar().maximum() > 0  # it hides some at this size (else nothing to prove)
    at_once: dict[int, set[str]] = {}
    _facts_read(area, at_once)
    whole = [w for w in area.widget().findChildren(QWidget) if at_once.get(id(w)) == {"top", "bottom"}]
    # the essentials first (tryout M 8): the stored value whole and the status's name, its
    # first line (which row 4's long flag explanation follows) in view
    assert window.detail.stored in whole and len(whole) >= 3, (
        f"{len(whole)} names and values shown whole at once"
    )
    seen: dict[int, set[str]] = {}
    window.actions_by_name["go_details"].trigger()
    for _ in range(12):
        if QApplication.focusWidget() is area:  # the area itself: its arrows scroll the facts
            for _ in range(40):
                layout_settled(window)
                _facts_read(area, seen)
                qtbot.keyClick(area, Qt.Key.Key_Down)
        layout_settled(window)
        _facts_read(area, seen)
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    form = area.widget().layout()
    unread = []
    for row in range(form.rowCount()):
        for role in (
            QFormLayout.ItemRole.LabelRole,
            QFormLayout.ItemRole.FieldRole,
            QFormLayout.ItemRole.SpanningRole,
        ):
            item = form.itemAt(row, role)
            widget = item.widget() if item is not None else None
            if widget is not None and widget.isVisible() and seen.get(id(widget)) != {"top", "bottom"}:
                name = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
                unread.append(name.widget().text() if name is not None else type(widget).__name__)
    assert not unread, f"never shown whole by keys: {unread}"

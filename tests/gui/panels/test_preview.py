"""The preview pane works from the engine's bytes (issue 8): copy and export
are the CLI's output byte for byte, the next request is tracked once, and the
JSON view decodes only what it shows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
)

from timeline_app.core.context import Style
from timeline_app.core.preview import build_preview
from timeline_app.gui.panels import preview as preview_pane
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import (
    CTRL,
    DEMO_NOW,
    WAIT,
    _choose_theme,
)


def test_copy_and_export_are_the_engine_bytes_and_the_text_is_never_made(
    qtbot, demo_window: MainWindow, tmp_path
) -> None:
    session, pane = demo_window.session, demo_window.preview_pane
    for style in (Style.RELATIVE, Style.CST, Style.ABSOLUTE):
        with qtbot.waitSignal(session.previewChanged, timeout=10000):
            session.set_style(style)
        discussion, preview = session.discussion, session.preview
        assert discussion is not None and preview is not None and preview.style is style
        assert "_json" not in preview.__dict__, "the GUI holds the bytes, never the whole text"
        if style is Style.CST:
            assert preview.tracking is None
        else:  # the discussion's own simulation at the same "now": not tracked a second time
            assert discussion.now == DEMO_NOW and preview.tracking is discussion.simulation
        engine = build_preview(discussion.transcript, discussion.store, style, DEMO_NOW, discussion.options)
        target = tmp_path / f"{style.value}.json"
        with qtbot.waitSignal(pane.exported, timeout=10000):
            pane.export_to(target)
        assert target.read_bytes() == engine.json_text().encode("utf-8")
        with qtbot.waitSignal(session.notice, timeout=10000):
            pane.copy_button.click()
        assert QGuiApplication.clipboard().text() == engine.json_text()
        assert pane.json.toPlainText() == engine.json_text()


def test_the_windows_preview_renders_a_chunk_of_messages_at_a_time(
    qtbot, demo_window: MainWindow, tmp_path, monkeypatch
) -> None:
    """Issue 33: the window's preview of 100k messages held every rendered
    message (~100 MB, the peak of opening it). Built on demand, drawing its
    bubbles, its JSON view, Copy and Export render a chunk at a time, and
    still give the engine's bytes."""
    from timeline_app.core import preview as engine_preview

    session, pane = demo_window.session, demo_window.preview_pane
    discussion = session.discussion
    assert discussion is not None and len(discussion.request) > 3
    engines = {  # the engine's whole previews, made before rendering is counted
        style: build_preview(discussion.transcript, discussion.store, style, DEMO_NOW, discussion.options)
        for style in (Style.RELATIVE, Style.ABSOLUTE)
    }
    rendered: list[int] = []
    real = engine_preview.render_wilmer

    def counted(*args, **kwargs):
        out = real(*args, **kwargs)
        rendered.append(len(out))
        return out

    monkeypatch.setattr(engine_preview, "JSON_CHUNK", 3)
    monkeypatch.setattr(engine_preview, "render_wilmer", counted)
    demo_window.actions_by_name["go_preview"].trigger()
    for style, engine in engines.items():
        with qtbot.waitSignal(session.previewChanged, timeout=10000):
            session.set_style(style)
        qtbot.mouseClick(pane.json_button, Qt.MouseButton.LeftButton)  # the JSON view's start
        target = tmp_path / f"{style.value}.json"
        with qtbot.waitSignal(pane.exported, timeout=10000):
            pane.export_to(target)
        with qtbot.waitSignal(session.notice, timeout=10000):
            pane.copy_button.click()
        assert target.read_bytes() == engine.json_bytes()
        assert QGuiApplication.clipboard().text() == engine.json_text()
        assert pane.json.toPlainText() == engine.json_text()
        assert rendered and max(rendered) <= 3, rendered
        assert "_bytes" not in session.preview.__dict__, "Copy and Export kept nothing"
        rendered.clear()
        qtbot.mouseClick(pane.chat_button, Qt.MouseButton.LeftButton)


def test_the_json_view_decodes_only_up_to_its_limit_cutting_no_character(
    qtbot, demo_window: MainWindow, monkeypatch
) -> None:
    pane = demo_window.preview_pane
    preview = demo_window.session.preview
    assert preview is not None
    data = preview.json_bytes()
    wide = next(i for i, byte in enumerate(data) if byte >= 0xC0)  # the first multi-byte character
    monkeypatch.setattr(preview_pane, "JSON_VIEW_LIMIT", wide + 1)  # cut inside it
    pane.set_preview(preview)
    head, _, note = pane.json.toPlainText().rpartition("\n")
    assert head == data[:wide].decode("utf-8")
    assert note.startswith("…") and "Copy and Export have everything" in note
    assert pane.json_text().encode("utf-8") == data  # copy still has all of it


def test_the_json_view_of_a_long_preview_serialises_only_its_start(
    qtbot, demo_window: MainWindow, monkeypatch
) -> None:
    pane, session = demo_window.preview_pane, demo_window.session
    discussion = session.discussion
    assert discussion is not None
    whole = build_preview(
        discussion.transcript, discussion.store, session.style, DEMO_NOW, discussion.options
    ).json_bytes()
    for limit in (1, 40, len(whole) // 3, len(whole) - 2, len(whole) - 1, len(whole)):
        monkeypatch.setattr(preview_pane, "JSON_VIEW_LIMIT", limit)
        shown = build_preview(
            discussion.transcript, discussion.store, session.style, DEMO_NOW, discussion.options
        )
        pane.set_preview(shown)
        text = pane.json.toPlainText()
        if limit >= len(whole):
            assert text == whole.decode("utf-8")
        else:
            head, _, note = text.rpartition("\n")
            assert head == whole[:limit].decode("utf-8", errors="ignore") and note.startswith("…")
            if limit <= 40:  # the first messages' contents cover it
                assert "_bytes" not in shown.__dict__, "the view serialised only the messages it shows"
        assert pane.json_text().encode("utf-8") == whole  # Copy still has everything


def test_the_json_view_behind_the_bubbles_is_made_when_it_is_shown(qtbot, demo_window: MainWindow) -> None:
    pane, session = demo_window.preview_pane, demo_window.session
    demo_window.actions_by_name["go_preview"].trigger()  # the Preview tab, its chat view in front
    assert pane.isVisible() and pane.stack.currentWidget() is pane.chat
    with qtbot.waitSignal(session.previewChanged, timeout=10000):
        session.set_style(Style.RELATIVE)
    assert pane.json.document().isEmpty(), "nothing serialised or laid out for a hidden view"
    qtbot.mouseClick(pane.json_button, Qt.MouseButton.LeftButton)
    assert pane.stack.currentWidget() is pane.json
    assert pane.json.document().toPlainText() == pane.json_text()
    with qtbot.waitSignal(session.previewChanged, timeout=10000):  # shown: a new preview fills it at once
        session.set_style(Style.ABSOLUTE)
    assert pane.json.document().toPlainText() == pane.json_text()


def _bubble_text_colours(window: MainWindow) -> set[str]:
    """The foreground of every character of the bubbles that is not a role's name."""
    document = window.preview_pane.chat.document()
    colours = set()
    block = document.begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            char = fragment.charFormat()
            if fragment.isValid() and char.fontWeight() < 700:
                colours.add(char.foreground().color().name())
            iterator += 1
        block = block.next()
    return colours


@pytest.mark.usefixtures("restores_style")
def test_switching_to_dark_with_the_preview_shown_restyles_the_bubbles(
    qtbot, demo_window: MainWindow
) -> None:
    window = demo_window
    window.theme_actions["light"].trigger()
    window.tabs.setCurrentWidget(window.preview_pane)
    qtbot.waitUntil(
        lambda: (
            _bubble_text_colours(window)
            == {window.preview_pane.palette().color(QPalette.ColorRole.Text).name()}
        ),
        timeout=WAIT,
    )
    _choose_theme(qtbot, window, "dark", window.preview_pane, window.preview_pane.chat)
    dark_text = QApplication.palette().color(QPalette.ColorRole.Text).name()
    qtbot.waitUntil(lambda: _bubble_text_colours(window) == {dark_text}, timeout=3000)


def test_the_preview_says_which_stored_times_the_summary_is_measured_from(
    qtbot, demo_window: MainWindow
) -> None:
    """The demo's summary in CST says "8 hours, 8 minutes ago" while its last
    message is a minute old: the middleware measures over every stored time,
    and the latest is an orphan's (23:58, no message has it). Not a bug (spec
    and the orphans_untouched vector): the pane says so."""
    window = demo_window
    window.actions_by_name["go_preview"].trigger()
    pane = window.preview_pane
    with qtbot.waitSignal(window.session.previewChanged, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_3, CTRL)
    assert pane.summary.text().endswith("The most recent message was sent 8 hours, 8 minutes ago.]")
    source = pane.findChild(QLabel, "previewSummarySource")
    assert source.isVisible() and source.textFormat() is Qt.TextFormat.PlainText
    assert source.text() == (
        "Measured from the timestamp file as it is (the CST style runs no WilmerAI tracking), over every "
        "stored time but the placeholder, orphans too: earliest #1 (2025-09-12 18:00:00), latest an orphan "
        "entry 8329fc3aaa64… that no message has (2025-09-20 23:58:00)."
    )
    with qtbot.waitSignal(window.session.previewChanged, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_2, CTRL)
    assert pane.summary.text().endswith("The most recent message was sent less than a minute ago.]")
    assert source.text() == (
        "Measured after the next request's tracking, over every stored time but the placeholder, orphans "
        "too, as WilmerAI does: earliest #1 (2025-09-12 18:00:00), latest #17, stored by the next request "
        "(2025-09-21 08:06:00)."
    )
    window.session.close()
    assert not source.isVisible()


@pytest.mark.parametrize(
    ("key", "pinned", "latest", "ahead"),
    [
        (
            Qt.Key.Key_2,  # after the next request's tracking: its new messages at now, the latest ahead
            "2025-09-20 12:00:00",
            "latest #16, stored by the next request (2025-09-21 00:20:40).",
            "The latest is after now: WilmerAI counts a time in the future as no time and words it as "
            '"less than a minute" ago.',
        ),
        (
            Qt.Key.Key_3,  # the file as it is (CST): both ends ahead
            "2025-09-01 12:00:00",
            "latest an orphan entry 8329fc3aaa64… that no message has (2025-09-20 23:58:00).",
            "The earliest and the latest are after now: WilmerAI counts a time in the future as no time "
            'and words each as "less than a minute" ago.',
        ),
    ],
)
def test_the_preview_says_a_stored_time_it_is_measured_from_is_after_now(
    qtbot, demo_window: MainWindow, key: Qt.Key, pinned: str, latest: str, ahead: str
) -> None:
    """Issue 31: a latest stored time three months after now read "The most
    recent message was sent less than a minute ago" with the footnote giving
    its date and nothing saying it was ahead. The summary stays the
    middleware's (a future time counts as zero, the spec); the footnote says so."""
    from datetime import datetime

    window, pane = demo_window, demo_window.preview_pane
    window.actions_by_name["go_preview"].trigger()
    with qtbot.waitSignal(window.session.previewChanged, timeout=WAIT):
        qtbot.keyClick(window.table, key, CTRL)
    with qtbot.waitSignal(window.session.previewCurrentChanged, timeout=WAIT):
        window.session.set_pinned_now(datetime.fromisoformat(pinned))
    qtbot.waitUntil(lambda: pane.is_current(), timeout=WAIT)
    assert pane.summary.text().endswith("The most recent message was sent less than a minute ago.]")
    source = pane.findChild(QLabel, "previewSummarySource")
    assert source.text().endswith(f"{latest} {ahead}"), source.text()
    # the longer footnote is shown whole: every wrapped line in the label's height
    qtbot.waitUntil(lambda: source.height() >= source.heightForWidth(source.width()), timeout=WAIT)
    with qtbot.waitSignal(window.session.previewCurrentChanged, timeout=WAIT):
        window.session.set_pinned_now(DEMO_NOW)
    qtbot.waitUntil(lambda: pane.is_current(), timeout=WAIT)
    assert "after now" not in source.text()  # the demo's own "now": nothing ahead


def test_the_cst_time_line_is_never_broken_in_a_narrow_bubble(qtbot, demo_window: MainWindow) -> None:
    """Issue 31 tryout: in a narrow preview the CST line "time:
    2025-09-21T06:20 周日" wrapped inside the time (Qt breaks before and
    between CJK characters). Its line is one line at any width; the message
    under it still wraps."""
    pane = demo_window.preview_pane
    demo_window.actions_by_name["go_preview"].trigger()
    with qtbot.waitSignal(demo_window.session.previewChanged, timeout=10000):
        demo_window.session.set_style(Style.CST)
    chat = pane.chat
    qtbot.waitUntil(lambda: "time: " in chat.toPlainText(), timeout=10000)
    document = chat.document()
    document.setTextWidth(220)  # a narrow pane's bubbles
    times, wrapped = [], 0
    block = document.begin()
    while block.isValid():
        if block.text().startswith("time: "):
            times.append(block.layout().lineCount())
        elif len(block.text()) > 40:
            wrapped = max(wrapped, block.layout().lineCount())
        block = block.next()
    assert times and set(times) == {1}, times
    assert wrapped > 1  # the messages themselves wrap at this width


@pytest.fixture
def held_preview(monkeypatch):
    """The session's preview job held until the test lets it go: the race
    between a new style and Copy/Export made deterministic."""
    import threading

    from timeline_app.gui import session as session_module

    gate = threading.Event()
    real = session_module.build_preview

    def held(*args, **kwargs):
        gate.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(session_module, "build_preview", held)
    yield gate
    gate.set()  # never left held: the window's close waits for its jobs


def test_the_focus_goes_back_to_copy_once_the_preview_of_the_style_is_there(
    qtbot, demo_window: MainWindow, held_preview
) -> None:
    """Tryout (views5): Copy JSON focused, Ctrl+2: the button was turned off
    while the preview was made again, Qt moved the focus into the chat view,
    and Space then copied nothing. Once the preview is current the focus is
    given back, unless the person moved it meanwhile."""
    session, pane = demo_window.session, demo_window.preview_pane
    demo_window.show()
    qtbot.waitExposed(demo_window)
    demo_window.activateWindow()
    demo_window.actions_by_name["go_preview"].trigger()
    pane.copy_button.setFocus()
    qtbot.waitUntil(pane.copy_button.hasFocus, timeout=WAIT)
    session.set_style(Style.RELATIVE if session.style is not Style.RELATIVE else Style.ABSOLUTE)
    assert not pane.copy_button.isEnabled() and not pane.copy_button.hasFocus()
    held_preview.set()
    qtbot.waitUntil(lambda: pane.is_current() and pane.copy_button.hasFocus(), timeout=WAIT)


def test_copy_and_export_wait_for_the_preview_of_the_style_chosen(
    qtbot, demo_window: MainWindow, tmp_path, held_preview
) -> None:
    """Tryout (issue 31): Ctrl+3 then Export at once wrote the Relative
    preview, still shown, under the CST name. While the preview is made again
    the pane says it is out of date, its Copy/Export buttons are off, and a
    copy or export asked for meanwhile is done with the new preview."""
    session, pane = demo_window.session, demo_window.preview_pane
    demo_window.actions_by_name["go_preview"].trigger()
    assert session.style is not Style.CST and pane.is_current()
    assert pane.copy_button.isEnabled() and pane.export_button.isEnabled() and not pane.outdated.isVisible()
    old = pane.preview
    session.set_style(Style.CST)
    assert pane.preview is old and old is not None and old.style is not Style.CST
    assert not session.preview_current and not pane.is_current()
    assert pane.outdated.isVisible()
    for button in (pane.copy_button, pane.export_button, pane.copy_filled_button):
        assert not button.isEnabled(), button.text()
    QGuiApplication.clipboard().setText("before")
    target = tmp_path / "chat-cst-preview.json"
    pane.export_to(target, Style.CST)  # as the dialog does, and Ctrl+Shift+C
    pane.copy_json()
    qtbot.wait(200)
    assert not target.exists(), "the old preview was written under the new style's name"
    assert QGuiApplication.clipboard().text() == "before"
    discussion = session.discussion
    assert discussion is not None
    engine = build_preview(discussion.transcript, discussion.store, Style.CST, DEMO_NOW, discussion.options)
    with qtbot.waitSignals([pane.exported, session.notice], timeout=WAIT):
        held_preview.set()
    qtbot.waitUntil(lambda: QGuiApplication.clipboard().text() != "before", timeout=WAIT)
    assert target.read_bytes() == engine.json_bytes()
    assert QGuiApplication.clipboard().text() == engine.json_text()
    assert pane.is_current() and not pane.outdated.isVisible() and pane.export_button.isEnabled()


def test_an_export_named_for_a_style_never_writes_another_styles_preview(
    qtbot, demo_window: MainWindow, tmp_path, held_preview, monkeypatch
) -> None:
    """The Export dialog runs its own event loop: a preview started under it
    (here the style changed, as a clock's minute or a change on disk would
    start one) is waited for, and a file named for CST never gets a Relative
    preview."""
    session, pane = demo_window.session, demo_window.preview_pane
    held_preview.set()
    with qtbot.waitSignal(session.previewChanged, timeout=WAIT):
        session.set_style(Style.CST)
    held_preview.clear()
    target = tmp_path / "chosen.json"
    proposed: list[str] = []

    def dialog(_parent, _title, name, _filter):
        proposed.append(name)
        session.set_style(Style.RELATIVE)  # a new preview started while the dialog was open
        return str(target), ""

    monkeypatch.setattr(preview_pane.QFileDialog, "getSaveFileName", dialog)
    qtbot.mouseClick(pane.export_button, Qt.MouseButton.LeftButton)
    assert proposed and "cst" in proposed[0]
    with qtbot.waitSignal(session.previewCurrentChanged, timeout=WAIT):
        held_preview.set()
    qtbot.wait(200)
    assert session.preview is not None and session.preview.style is Style.RELATIVE
    assert not target.exists()
    assert "Not exported" in pane.summary.text()


def test_a_new_now_puts_the_preview_out_of_date_until_its_preview_comes(
    qtbot, demo_window: MainWindow, held_preview
) -> None:
    """Pinning "now" re-simulates first and only then asks for the preview:
    out of date from the pin on, not only while the preview's own job runs."""
    from datetime import timedelta

    session, pane = demo_window.session, demo_window.preview_pane
    demo_window.actions_by_name["go_preview"].trigger()
    assert pane.is_current()
    with qtbot.waitSignal(session.previewCurrentChanged, timeout=WAIT) as said:
        session.set_pinned_now(DEMO_NOW + timedelta(hours=1))
    assert said.args == [False] and not pane.export_button.isEnabled() and pane.outdated.isVisible()
    with qtbot.waitSignal(session.previewCurrentChanged, timeout=WAIT) as said:
        held_preview.set()
    assert said.args == [True] and pane.export_button.isEnabled() and not pane.outdated.isVisible()
    assert session.preview is not None and session.discussion is not None
    assert session.discussion.now == DEMO_NOW + timedelta(hours=1)


def _preview_of(folder, count: int):  # type: ignore[no-untyped-def]
    """The relative-style preview of ``count`` messages the middleware tracked, from files in ``folder``."""
    import json
    from datetime import timedelta

    from timeline_app.core import pipeline
    from timeline_app.core.discussion import open_discussion
    from timeline_app.core.options import EngineOptions
    from timeline_app.core.store import TimestampStore
    from timeline_app.core.tracking import track

    folder.mkdir(exist_ok=True)
    messages = [
        {"role": "user" if n % 2 else "assistant", "content": f"message {n} " + "x" * (n % 30)}
        for n in range(count)
    ]
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    transcript.write_text(json.dumps({"messages": messages}), "utf-8")
    times = TimestampStore()
    for end in range(2, count + 1, 2):  # a request every two messages, a minute apart
        request = pipeline.prepare_request(messages[:end], EngineOptions().request)
        times = track(request, times, DEMO_NOW - timedelta(minutes=2000 - end)).store
    store.write_bytes(times.file_bytes())
    discussion = open_discussion(transcript, store, EngineOptions(), DEMO_NOW)
    return build_preview(
        discussion.transcript, discussion.store, Style.RELATIVE, DEMO_NOW, discussion.options
    )


@pytest.mark.parametrize(("count", "added"), [(10, 2), (398, 2), (400, 2), (450, 2), (450, 40), (450, 500)])
def test_an_append_adds_its_bubbles_to_those_drawn_and_shows_what_drawing_all_shows(
    qtbot, demo_window: MainWindow, tmp_path, monkeypatch, count: int, added: int
) -> None:
    """Issue 29: each append at 100k drew the newest 400 bubbles again
    (25-130 ms of the GUI thread). Those still in the window stay, the ones
    that left it are taken off the top, the new ones added; the pane then
    reads as if every bubble had been drawn anew, note above them included."""
    pane = demo_window.preview_pane
    demo_window.tabs.setCurrentWidget(pane)
    first, grown = _preview_of(tmp_path / "first", count), _preview_of(tmp_path / "grown", count + added)
    pane.set_preview(first)
    drawn: list[str] = []
    real = preview_pane.insert_visible
    monkeypatch.setattr(
        preview_pane,
        "insert_visible",
        lambda cursor, text, fmt: drawn.append(text) or real(cursor, text, fmt),
    )
    pane.set_preview(grown)
    document = pane.chat.document()
    added_html, added_text, anchors = document.toHtml(), document.toPlainText(), dict(pane._anchors)
    new_bubbles = min(added, preview_pane.BUBBLE_LIMIT)
    assert f"message {count + added - 1} " in added_text
    headings = [text for text in drawn if text in ("user", "assistant")]
    assert len(headings) == new_bubbles, "only the new messages are drawn"
    pane.rerender()  # every bubble drawn anew
    assert document.toPlainText() == added_text
    assert document.toHtml() == added_html
    assert pane._anchors == anchors, "each message's bubble is where the views scroll to"

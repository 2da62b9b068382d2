"""The preview pane works from the engine's bytes (issue 8): copy and export
are the CLI's output byte for byte, the next request is tracked once, and the
JSON view decodes only what it shows."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from timeline_app.core.context import Style
from timeline_app.core.preview import build_preview
from timeline_app.gui.panels import preview as preview_pane
from timeline_app.gui.window.main_window import MainWindow

from .conftest import DEMO_NOW


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

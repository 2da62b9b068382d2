"""widgets/visible.py: a message's hidden controls shown as the engine's
markers, in the warning colour, the rest of the text as it is."""

from __future__ import annotations

from PySide6.QtWidgets import QPlainTextEdit

from timeline_app.core.display import visible_segments, visible_text
from timeline_app.gui.widgets import colours
from timeline_app.gui.widgets.visible import set_visible_text

TEXT = "plain\u200bhidden\u202eturned\tand tab"


def test_the_text_shown_is_the_engines_visible_text_and_starts_at_the_top(qtbot) -> None:
    editor = QPlainTextEdit()
    qtbot.addWidget(editor)
    editor.setPlainText("something else before")
    set_visible_text(editor, TEXT)
    assert editor.toPlainText() == visible_text(TEXT)
    assert editor.textCursor().position() == 0


def test_each_marker_and_only_the_markers_take_the_warning_colour(qtbot) -> None:
    editor = QPlainTextEdit()
    qtbot.addWidget(editor)
    set_visible_text(editor, TEXT)
    warning = colours.text_ink(colours.WARNING).name()
    coloured = []
    block = editor.document().begin()
    fragments = block.begin()
    while not fragments.atEnd():
        fragment = fragments.fragment()
        if fragment.charFormat().foreground().color().name() == warning:
            coloured.append(fragment.text())
        fragments += 1
    markers = [part for part, is_marker in visible_segments(TEXT) if is_marker]
    assert markers, "the sample has controls"
    assert "".join(coloured) == "".join(markers)

"""A long banner is read whole at 1024x700, in English and Chinese, whichever
docks are open (issue 31 tryout: "chat.json was replaced on disk by another
chat … Reload shows the chat on disk", three lines with an inner scroll bar).
The messages measured are the longest the window says of files changed on
disk, as the session composes them."""

from __future__ import annotations

import pytest

from timeline_app.gui.session import DiscussionSession
from timeline_app.gui.window.main_window import MainWindow
from timeline_app.gui.wording import fill, sentences

from ..helpers import layout_settled
from .test_every_size import VIEWS, _open_view, _rows, _seen, _sized, _window


def _messages(session: DiscussionSession, name: str) -> list[str]:
    """The longest banners of a file changed underneath the window, about the
    discussion ``name``."""
    replaced = sentences(
        fill(
            session.tr("%1 was replaced on disk by another chat: most of the messages read are not in it."),
            "chat.json",
        ),
        fill(
            session.tr("The chat read has %1; the chat on disk now has %2."),
            fill(session.tr("discussion id %1"), name),
            session.tr("no discussion id"),
        ),
    )
    remade = sentences(
        fill(session.tr("The timestamp file %1 was made anew on disk."), "timestamps.json"),
        session.tr("%n of the times shown differ from it.", "", 120),
        session.tr("%n of the times shown are not in it.", "", 37),
    )
    held = session.tr(
        "%1 The window still shows the stored times it held, unsaved. Save asks whether "
        "to write them, with the entries the new file adds for other messages (that file "
        "kept as a backup); Reload asks before showing the new file instead."
    )
    return [fill(session._kept_over_another_chat_text(), replaced), fill(held, remade)]


# the tryout's, and a long one: the message on 4 lines and more (on X11's fonts the
# tryout's own took 4 beside Details and Repair, which the offscreen fonts fit in 3)
NAMES = ["lisbon-moved", "group-chat-with-alice-bob-and-carol-2026-12-07-evening-session-" * 3]


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_long_banner_is_whole_at_1024x700(qtbot, request, language: str, view: str) -> None:
    window: MainWindow = _window(request, language)
    _open_view(window, view)
    _sized(qtbot, window, "1024x700")
    for text in (t for name in NAMES for t in _messages(window.session, name)):
        window.banner.show_message(text)
        layout_settled(window)
        label, lines = window.banner.label, window.banner.lines
        assert label.height() >= label.heightForWidth(label.width()), "the banner loses lines"
        assert not lines.verticalScrollBar().isVisible(), (
            f"{view}: a scroll bar over {label.height()} px of lines in {lines.viewport().height()} px"
        )
        assert _seen(label, window).height() == label.height()
        assert window.size().toTuple() == (1024, 700)
        assert _rows(window) >= 3, f"{view}: {_rows(window)} rows of the timeline beside the banner"

"""The main window's own sentences that carry values: its title and the
"Now" button. Kept out of ``main_window`` (which has a size limit) and in the
window's translation context, so a translator sees them beside its menus."""

from __future__ import annotations

from datetime import datetime, tzinfo
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from ...core.zones import offset_name
from ..wording import fill, named_apart, offset_said

if TYPE_CHECKING:
    from ..session import DiscussionSession, Pair


def window_title(dirty: bool, name: str, files: str) -> str:
    """``*name (files) — app``: the app's name stays last, as desktops expect.
    The discussion is named by the rule of ``wording.discussion_named`` (a
    failed open's "Still showing …" says the same)."""
    if not files:
        return QCoreApplication.translate("MainWindow", "Timeline Inspector")
    mark = "*" if dirty else ""
    if not named_apart(name, files):
        return fill(QCoreApplication.translate("MainWindow", "%1%2 — Timeline Inspector"), mark, files)
    # one sentence, not "%1 (%2)" inside "%1 — …": Chinese sets its own
    # brackets and dash without the spaces English puts around them
    return fill(QCoreApplication.translate("MainWindow", "%1%2 (%3) — Timeline Inspector"), mark, name, files)


def title_of(session: DiscussionSession, recorded: str) -> tuple[str, Pair]:
    """The window's title for what ``session`` shows, and its pair as it is
    on disk now (a file moved is named where it went). ``recorded``: the
    request of a recording the user picked, named instead of its files. The
    title keeps its "*" while a save is read back: written, not yet shown."""
    pair = session.shown_pair  # not the pair being read: its timestamp file may not be found yet
    name = session.discussion.title if session.discussion is not None and pair else ""
    here = session.pair_on_disk(pair)
    files = recorded or (here.describe(session.root) if pair else "")
    dirty = session.is_dirty or session.reading_back
    return window_title(dirty, "" if recorded else name, files), here


_CLOCKS = {  # what says which clock "now" and the stored times are on (``Discussion.clock``)
    "named": QT_TRANSLATE_NOOP("MainWindow", "On the middleware's clock: %1, the zone named in Options."),
    "transcript": QT_TRANSLATE_NOOP(
        "MainWindow",
        "On the middleware's clock: %1, the transcript's clock (the offset between its own "
        "times and the stored ones). Name a zone in Options if it is not.",
    ),
    "own": QT_TRANSLATE_NOOP(
        "MainWindow",
        "On the middleware's clock: %1, the offset the transcript's own times carry (no stored "
        "time says otherwise). Name a zone in Options if it is not.",
    ),
    "machine": QT_TRANSLATE_NOOP(
        "MainWindow",
        "The discussion's zone is unknown (none is named in Options, and the transcript's own "
        "times show none): times on this machine's clock, %1. Name a zone in Options.",
    ),
}


def now_text(live: bool, when: datetime, clock: tuple[tzinfo | None, str], name: str = "") -> tuple[str, str]:
    """The Now button and its tooltip: the live clock to the minute, a pinned
    time to the second, with the clock's offset; the tooltip says whose clock
    it is (``name``: the zone named in Options). A recording's pinned
    arrival and the history's states were drawn on two clocks two hours
    apart, and nothing said which (tryout)."""
    zone, source = clock
    offset = offset_name(when, zone)
    shown = offset_said(when, clock)  # the zone unknown said so (issue 31)
    if live:
        text = fill(
            QCoreApplication.translate("MainWindow", "Now: ● live %1"), f"{when:%Y-%m-%d %H:%M} {shown}"
        )
    else:
        text = fill(
            QCoreApplication.translate("MainWindow", "Now: pinned %1"), f"{when:%Y-%m-%d %H:%M:%S} {shown}"
        )
    named = f"{name}, {offset}" if source == "named" and name else offset
    return text, fill(QCoreApplication.translate("MainWindow", _CLOCKS[source]), named)

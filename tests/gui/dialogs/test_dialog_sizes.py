"""Every dialog of the app fits a 1024x700 screen and the smallest window, in
English and Chinese: the middleware's zone question was one line 1224 px
wide, its OK and Cancel off a 1024 px screen (tryout views3). A question
Qt sizes by its hint is measured by its hint; a page the app sizes to the
screen or the window (Help, Simulate) by the least it can be shrunk to."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QWidget

from timeline_app.core.errors import NeedsChoice
from timeline_app.gui.dialogs import questions
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import _open_simulation, answer_modal, layout_settled

SCREEN = QSize(1024, 700)
LONG = Path.home() / "wilmer" / "Public" / "DiscussionIds" / "a1b2c3d4e5f6a7b8c9d0" / "timestamps.json"

# the questions, asked through the app's own code where a test can reach it,
# else with the longest words the app gives them
ASKED: dict[str, Callable[[MainWindow], object]] = {
    "cst_zone": lambda w: w.options_menu._ask_cst_zone(),
    "wilmer_zone": lambda w: w.options_menu._ask_wilmer_zone(),
    "pin_now": lambda w: w.actions_by_name["pin_now"].trigger(),
    # the untracked message 11: the longest question (F2, Edit > Edit time…)
    "edit_time": lambda w: (w.select_source_row(11), w.actions_by_name["edit_time"].trigger()),
    "key": lambda w: questions.ask_key(w, f"{LONG} is encrypted: the API key it was written with is needed"),
    "chat": lambda w: questions.ask_chat(
        w,
        NeedsChoice(LONG.with_name("export.json"), "several chats", [("a", "How Photosynthesis Works")] * 3),
    ),
    "one": lambda w: questions.ask_one(
        w, "Several transcripts", "One discussion opens at a time:", [LONG] * 2
    ),
    "discard": lambda w: w.opener.confirm_discard() if w.session.is_dirty else questions.ask_discard(w),
    "revert": lambda w: w.opener.confirm_drop(3, "#4, #7 and #12"),
}
# the pages the app sizes itself (to the screen's and the window's room)
SHOWN: dict[str, Callable[[object, MainWindow], QDialog]] = {
    **{
        page: (lambda qtbot, w, p=page: w.help.show_page(p))
        for page in ("legend", "shortcuts", "about", "guide")
    },
    "simulate": lambda qtbot, w: _open_simulation(qtbot, w),
}
SIZES = {"1024x700": (1024, 700), "minimum": (1, 1)}


def _fits(size: QSize, room: QSize) -> bool:
    return size.width() <= room.width() and size.height() <= room.height()


def _buttons_inside(dialog: QWidget) -> list[str]:
    """Buttons of ``dialog`` not wholly inside it, as it is shown."""
    return [
        f"{b.text()!r} at {b.mapTo(dialog, b.rect().topLeft()).x()}+{b.width()} of {dialog.width()}"
        for box in dialog.findChildren(QDialogButtonBox)
        for b in box.buttons()
        if not dialog.rect().contains(b.geometry().translated(b.mapTo(dialog, b.rect().topLeft()) - b.pos()))
    ]


@pytest.fixture(params=["en", "zh"])
def shown_window(request, qtbot) -> MainWindow:
    return request.getfixturevalue("demo_window" if request.param == "en" else "chinese_demo")


@pytest.mark.parametrize("name", ASKED)
def test_every_question_fits_the_screen_and_the_smallest_window(
    qtbot, shown_window: MainWindow, name: str
) -> None:
    """Qt shows a question at its hint, whatever the window's size."""
    window = shown_window
    window.resize(*SIZES["minimum"])
    layout_settled(window)
    least = window.minimumSize()
    measured: list[tuple[QSize, QSize, list[str]]] = []

    def read(dialog: QWidget) -> None:
        layout_settled(dialog)
        measured.append((dialog.sizeHint(), dialog.size(), _buttons_inside(dialog)))

    done = answer_modal(qtbot, read, lambda dialog: dialog.reject())  # type: ignore[attr-defined]
    ASKED[name](window)
    qtbot.waitUntil(lambda: done == ["done"], timeout=5000)
    ((hint, shown, outside),) = measured
    assert _fits(hint, SCREEN), f"{name}: {hint.width()}x{hint.height()} px"
    assert _fits(hint, least), f"{name}: {hint.width()}x{hint.height()} px over the window's least {least}"
    assert _fits(shown, SCREEN)
    assert not outside


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", SHOWN)
def test_every_page_shrinks_to_the_screen_and_the_smallest_window(
    qtbot, shown_window: MainWindow, name: str, size: str
) -> None:
    window = shown_window
    window.resize(*SIZES[size])
    layout_settled(window)
    dialog = SHOWN[name](qtbot, window)
    qtbot.waitExposed(dialog)
    layout_settled(dialog)
    least = dialog.minimumSizeHint().expandedTo(dialog.minimumSize())
    assert _fits(least, SCREEN), f"{name}: at least {least.width()}x{least.height()} px"
    # Simulate's least height (its tabs, ~560 px) is being cut down elsewhere (views31j)
    room = window.minimumSize() if name != "simulate" else QSize(window.minimumWidth(), SCREEN.height())
    assert _fits(least, room), f"{name}: at least {least}, the window {window.minimumSize()}"
    assert _fits(dialog.size(), window.size().expandedTo(least)), "no larger than the window it is over"
    assert _fits(dialog.size(), SCREEN), f"{name}: {dialog.width()}x{dialog.height()} px"
    assert not _buttons_inside(dialog)
    dialog.close()

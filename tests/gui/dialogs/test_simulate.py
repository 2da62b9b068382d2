"""The Simulate dialog (dialogs/simulate.py): its request time field, its tabs and the consequences it lists."""

from __future__ import annotations

from datetime import timedelta

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from timeline_app.core.hashing import content_hash
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import (
    CTRL,
    DEMO_NOW,
    WAIT,
    _open_simulation,
    layout_settled,
    press,
)


def test_the_request_time_field_leaves_on_tab_and_the_dialog_switches_tabs(
    qtbot, demo_window: MainWindow
) -> None:
    dialog = _open_simulation(qtbot, demo_window)
    edit = dialog.now_edit
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus, timeout=WAIT)
    year = edit.dateTime().date().year()
    edit.setCurrentSectionIndex(0)
    shown = dialog.result
    press(qtbot, Qt.Key.Key_Up)  # the year, one up
    assert edit.dateTime().date().year() == year + 1
    # the field re-simulates by itself: a new result shown, nothing running
    qtbot.waitUntil(lambda: dialog.result is not shown and not dialog.progress.isVisible(), timeout=WAIT)
    press(qtbot, Qt.Key.Key_Tab)
    assert not edit.hasFocus(), "Tab leaves the field"
    # and the field no longer looks as if it had it (a part still highlighted:
    # the tryout pressed Up there, on the button that had the focus)
    assert not edit.lineEdit().hasSelectedText(), edit.lineEdit().selectedText()
    press(qtbot, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert edit.hasFocus()
    # Ctrl+PgDn / Ctrl+PgUp switch the dialog's tabs, even from the field
    assert dialog.tabs.currentIndex() == 0
    press(qtbot, Qt.Key.Key_PageDown, CTRL)
    assert dialog.tabs.currentIndex() == 1
    assert edit.dateTime().date().year() == year + 1, "the year stays"
    press(qtbot, Qt.Key.Key_PageDown, CTRL)
    press(qtbot, Qt.Key.Key_PageUp, CTRL)
    assert dialog.tabs.currentIndex() == 1
    dialog.close()


def test_the_simulation_warns_when_the_request_time_is_before_the_newest_stored(
    qtbot, demo_window: MainWindow
) -> None:
    dialog = _open_simulation(qtbot, demo_window)
    summary = dialog.summary
    assert (
        "clock would go backwards" not in summary.text()
    )  # the demo's pinned now is after every stored time
    edit = dialog.now_edit
    edit.setFocus()
    edit.setCurrentSectionIndex(0)
    press(qtbot, Qt.Key.Key_Down)  # a year earlier
    qtbot.waitUntil(lambda: "clock would go backwards" in summary.text(), timeout=WAIT)
    assert summary.text().startswith("The request time is before the newest stored time")
    press(qtbot, Qt.Key.Key_Up)
    qtbot.waitUntil(
        lambda: "clock would go backwards" not in summary.text() and "Simulating" not in summary.text(),
        timeout=WAIT,
    )
    dialog.close()


def test_the_simulation_time_is_one_tab_stop_and_an_arrow_re_simulates(
    qtbot, demo_window: MainWindow
) -> None:
    dialog = _open_simulation(qtbot, demo_window)
    edit = dialog.now_edit
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus, timeout=2000)
    qtbot.keyClick(edit, Qt.Key.Key_Home)  # the cursor in the year
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert not edit.hasFocus(), "Tab leaves the field, not its next part"
    assert QApplication.focusWidget().text() == "&Simulate at this time"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert edit.hasFocus()
    # the parts by Left/Right; Up changes the part the cursor is in: the minutes
    edit.setCurrentSection(edit.Section.MinuteSection)
    first = dialog.result
    assert first.store.get(content_hash("Perfect, thanks!")) == "(Sunday, 2025-09-21 08:06:00)"
    qtbot.keyClick(edit, Qt.Key.Key_Up)
    assert edit.moment() == DEMO_NOW + timedelta(minutes=1)
    qtbot.waitUntil(lambda: dialog.result is not first, timeout=WAIT)  # by itself: no button pressed
    assert dialog.result.store.get(content_hash("Perfect, thanks!")) == "(Sunday, 2025-09-21 08:07:00)"
    assert "(Sunday, 2025-09-21 08:07:00)" in dialog.diff.toPlainText()
    qtbot.keyClick(edit, Qt.Key.Key_Left)
    qtbot.keyClick(edit, Qt.Key.Key_Left)
    qtbot.keyClick(edit, Qt.Key.Key_Left)
    assert edit.currentSection() is edit.Section.HourSection


def test_the_consequences_keep_their_place_and_the_work_shows_progress(
    qtbot, demo_window: MainWindow
) -> None:
    dialog = _open_simulation(qtbot, demo_window)
    assert len(dialog.summary.text().splitlines()) >= 3  # the demo's consequences
    table_top = dialog.tabs.mapTo(dialog, dialog.tabs.rect().topLeft()).y()
    dialog.placeholder.click()  # re-simulates
    assert dialog.progress.isVisible(), "busy while the worker simulates"
    assert dialog.summary.text() == "Simulating the request at 2025-09-21 08:06:00 …"
    assert dialog.tabs.mapTo(dialog, dialog.tabs.rect().topLeft()).y() == table_top
    qtbot.waitUntil(lambda: not dialog.progress.isVisible(), timeout=WAIT)
    assert len(dialog.summary.text().splitlines()) >= 3
    assert dialog.tabs.mapTo(dialog, dialog.tabs.rect().topLeft()).y() == table_top
    dialog.reject()


def empty_bands(dialog, least: int) -> list[str]:
    """Every horizontal band of the dialog, between its first and last
    visible control, that no visible control covers and that is taller than
    ``least`` px: room the layout gives to nothing."""
    spans = []
    for widget in dialog.findChildren(QWidget):
        if widget.isVisible() and widget.parentWidget() is dialog:
            top = widget.mapTo(dialog, widget.rect().topLeft()).y()
            spans.append((top, top + widget.height(), widget.objectName() or type(widget).__name__))
    spans.sort()
    found, bottom, above = [], spans[0][1], spans[0][2]
    for top, end, name in spans[1:]:
        if top - bottom > least:
            found.append(f"{top - bottom} px empty between {above} and {name}")
        if end > bottom:
            bottom, above = end, name
    return found


@pytest.mark.parametrize("language", ["en", "zh"])
def test_at_its_smallest_the_dialog_leaves_no_empty_band(qtbot, request, language: str) -> None:
    """Tryout at the dialog's minimum size in Chinese: the hidden progress bar
    kept a line of its own in the wrapped top row, an empty band between the
    request time and the placeholder check box."""
    from ..test_chinese_clipping import clipped

    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    dialog = _open_simulation(qtbot, window)
    qtbot.waitUntil(lambda: not dialog.progress.isVisible(), timeout=WAIT)
    for size in ((1, 1), (1024, 700), (1920, 1080)):
        dialog.resize(*size)
        layout_settled(dialog)
        spacing = dialog.layout().spacing()
        assert empty_bands(dialog, 2 * spacing) == [], f"at {dialog.size().toTuple()}"
        assert clipped(dialog) == [], f"at {dialog.size().toTuple()}"
    dialog.close()


def test_an_empty_band_is_reported(qtbot, demo_window: MainWindow) -> None:
    """The check can fail: a control pushed down leaves a band above it."""
    dialog = _open_simulation(qtbot, demo_window)
    dialog.resize(1, 1)
    layout_settled(dialog)
    dialog.layout().insertSpacing(1, 40)
    layout_settled(dialog)
    assert any("px empty between" in line for line in empty_bands(dialog, 12))
    dialog.close()


def test_apply_survives_the_live_clocks_tick_but_not_an_edit(qtbot, demo_window: MainWindow) -> None:
    """Tryout (issue 29, shot-80): Simulate refused Apply with "The
    discussion changed since this simulation" though only the live clock
    had turned a minute (the same discussion shown at a new "now"). An edit
    made meanwhile still refuses it. Break tried: comparing the discussion
    object: refused after the tick."""
    window = demo_window
    session = window.session
    dialog = _open_simulation(qtbot, window)
    assert dialog.result is not None and dialog.result.changed
    simulated = session.discussion
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session._simulate(None)  # what the live clock's tick does each minute
    assert session.discussion is not simulated and session.discussion.store is simulated.store
    count = session.undo_stack.count()
    dialog.apply()
    assert "changed since this simulation" not in dialog.summary.text()
    assert session.undo_stack.count() == count + 1, "applied"
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.undo_stack.undo()
    dialog = _open_simulation(qtbot, window)
    edited = session.working.copy()
    edited.set(content_hash("an edit meanwhile"), "(Sunday, 2025-09-21 08:00:00)")
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.push_edit(edited, "edit")
    count = session.undo_stack.count()
    dialog.apply()
    assert "changed since this simulation" in dialog.summary.text()
    assert session.undo_stack.count() == count


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_current_rows_reason_is_read_whole_under_the_table(qtbot, request, language: str) -> None:
    """Tryout: the "What happens" column cut every backfill row's reason
    ("gets a new time from the backward pass (one second befo..."), the
    selected row's too, at 1920 px as at 1024, in Chinese too. Under the
    table the current row's reason is shown whole, and the arrow keys walk it."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    dialog = _open_simulation(qtbot, window)
    qtbot.waitUntil(lambda: not dialog.progress.isVisible(), timeout=WAIT)
    model, table, why = dialog.model, dialog.table, dialog.why
    changed = [r for r in range(model.rowCount()) if model.changes(r)]
    assert changed, "the demo's request backfills"
    assert table.currentIndex().row() == changed[0], "at first, the first row the request changes"
    for size in ((1920, 1080), (1024, 700)):
        dialog.resize(*size)
        layout_settled(dialog)
        for row in changed:
            table.setCurrentIndex(model.index(row, 0))
            layout_settled(dialog)
            reason = model.index(row, 2).data()
            assert reason in why.text()
            assert why.isVisible() and why.height() >= why.heightForWidth(why.width()), (size, row)
    table.setFocus()
    qtbot.waitUntil(table.hasFocus, timeout=WAIT)
    table.setCurrentIndex(model.index(0, 0))
    press(qtbot, Qt.Key.Key_Down)
    assert model.index(1, 2).data() in why.text()
    dialog.close()


def test_the_dialog_opens_no_larger_than_its_window(qtbot, demo_window: MainWindow) -> None:
    """The dialog opened at 1100x700 over a window kept at 1024x700 (off
    a 1024 px screen, tryout): it opens within the window's size (here
    shorter than the 800 px test screen's share, above the dialog's least)."""
    demo_window.resize(demo_window.minimumSizeHint().width(), 600)
    layout_settled(demo_window)
    dialog = _open_simulation(qtbot, demo_window)
    assert dialog.width() <= demo_window.width() and dialog.height() <= demo_window.height(), (
        dialog.size(),
        demo_window.size(),
    )
    dialog.close()


def test_the_dialog_says_at_once_when_the_discussion_changes_under_it(qtbot, demo_window: MainWindow) -> None:
    """The files changed (read again, or edited) while the dialog was open:
    it kept showing its old simulation, said so only when Apply was refused.
    It says so at once, Apply off, and simulates again on the discussion as
    it is now when asked (by keyboard: its button's mnemonic)."""
    dialog = _open_simulation(qtbot, demo_window)
    session = demo_window.session
    assert dialog.apply_button.isEnabled() and not dialog.stale.isVisible()
    base = session.base
    assert base is not None and base.store is not None
    untracked = next(h for h in base.request.hashes if h not in base.store)
    edited = session.working.copy()
    edited.set(untracked, "(Sunday, 2025-09-21 08:00:00)")
    with qtbot.waitSignal(session.changed, timeout=WAIT):
        session.push_edit(edited, "an edit made meanwhile")
    assert dialog.stale.isVisible(), "said at once, not only on Apply"
    assert not dialog.apply_button.isEnabled()
    shown = dialog.result
    qtbot.keyClick(dialog, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)  # Simulate agai&n
    qtbot.waitUntil(lambda: dialog.result is not shown and not dialog.progress.isVisible(), timeout=WAIT)
    assert not dialog.stale.isVisible()
    assert dialog.apply_button.isEnabled() == dialog.result.changed
    assert dialog.result.store.get(untracked) == "(Sunday, 2025-09-21 08:00:00)", (
        "simulated on the edited file"
    )
    dialog.close()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_in_the_smallest_window_the_dialog_fits_with_its_buttons_in_view(
    qtbot, request, language: str
) -> None:
    """Tryout: the dialog's least height was 558 px (562 in Chinese), its
    two timeline strips at their least heights in a tab, over a window of
    about 733x431 on a small laptop. In the smallest window, and at
    1024x700, it opens within the window, its tabs (the strips scroll in
    theirs) and its buttons in view."""
    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    for size in ((1, 1), (1024, 700)):
        window.resize(*size)
        layout_settled(window)
        dialog = _open_simulation(qtbot, window)
        qtbot.waitUntil(lambda d=dialog: not d.progress.isVisible(), timeout=WAIT)
        layout_settled(dialog)
        assert dialog.height() <= window.height() and dialog.width() <= window.width(), (
            dialog.size(),
            window.size(),
        )
        assert dialog.minimumSizeHint().height() <= 450, dialog.minimumSizeHint()
        for button in (dialog.apply_button, dialog.buttons.button(dialog.buttons.StandardButton.Close)):
            where = button.geometry().translated(button.parentWidget().mapTo(dialog, button.pos() * 0))
            assert dialog.rect().contains(where), (button.text(), where, dialog.size())
            assert not button.visibleRegion().isEmpty(), button.text()
        for tab in range(dialog.tabs.count()):
            dialog.tabs.setCurrentIndex(tab)
            layout_settled(dialog)
            page = dialog.tabs.currentWidget()
            assert page.height() >= page.minimumSizeHint().height(), (tab, page.height())
        dialog.tabs.setCurrentIndex(2)
        dialog.activateWindow()
        dialog.tabs.setFocus()
        for _ in range(30):  # Tab, as a keyboard user goes, until it reaches the strip after
            if dialog.after_strip.hasFocus():
                break
            qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Tab)
        assert dialog.after_strip.hasFocus(), QApplication.focusWidget()
        layout_settled(dialog)
        assert not dialog.after_strip.visibleRegion().isEmpty()  # scrolled to when Tab reaches it
        dialog.close()


def test_the_simulations_content_column_is_copied_whole(qtbot, demo_window: MainWindow) -> None:
    """The Content column shows a message's first line (200 characters at
    most); Ctrl+C copies the message whole (``COPY_ROLE``), as every list
    and table does."""
    from timeline_app.core.display import first_line, visible_text
    from timeline_app.gui.dialogs.simulate import SimColumn
    from timeline_app.gui.tables.base import COPY_ROLE

    dialog = _open_simulation(qtbot, demo_window)
    model = dialog.model
    assert model.rowCount() > 0
    for row in range(model.rowCount()):
        shown = model.index(row, SimColumn.CONTENT).data()
        whole = model.index(row, SimColumn.CONTENT).data(COPY_ROLE)
        assert isinstance(whole, str) and shown == visible_text(first_line(whole, 200))
    dialog.reject()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_request_time_field_shows_its_whole_text(qtbot, request, language: str) -> None:
    """Issue 31 tryout (and docs/guide/zh_CN/simulate.png): the request time
    "2025-09-21 08:06:00" had its last digit clipped. The field is as wide as
    its text in the font it is drawn in, at the dialog's smallest too."""
    import math

    from PySide6.QtGui import QFontMetricsF

    window: MainWindow = request.getfixturevalue("demo_window" if language == "en" else "chinese_demo")
    dialog = _open_simulation(qtbot, window)
    edit = dialog.now_edit
    for size in ((1, 1), (1024, 700)):
        dialog.resize(*size)
        layout_settled(dialog)
        line = edit.lineEdit()
        margins = line.textMargins()
        # as QLineEdit lays its text out (qlineedit.cpp): 2 px each side, the cursor's
        # 1 px after the text, and the font's overhanging bearings, else it scrolls
        room = line.contentsRect().width() - margins.left() - margins.right() - 2 * 2
        text = line.text()
        metrics = line.fontMetrics()
        bearings = max(0, -metrics.minLeftBearing()) + max(0, -metrics.minRightBearing())
        needed = math.ceil(QFontMetricsF(line.font()).horizontalAdvance(text)) + 1 + bearings
        assert needed <= room, f"{text!r} needs {needed} px, has {room} at {dialog.size().toTuple()}"
    dialog.close()

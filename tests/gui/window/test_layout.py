"""Layout at the default size and the dark theme, checked on geometry and pixels."""

from __future__ import annotations

import itertools

from conftest import FIXTURES
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QCheckBox, QPlainTextEdit, QToolButton

from timeline_app.core.context import Style
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.widgets.palettes import apply_palette
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import DEMO_NOW, cut_cells, layout_settled, open_and_wait


def test_details_pane_fits_its_width(qtbot, demo_window: MainWindow) -> None:
    demo_window.resize(1400, 820)
    demo_window.side_dock.show()
    demo_window.select_source_row(7)
    layout_settled(demo_window)
    detail = demo_window.detail
    for label in (detail.stored, detail.parsed, detail.status, detail.next_request):
        right = label.mapTo(detail, label.rect().topRight()).x()
        assert right <= detail.width(), label.text()
        assert label.heightForWidth(label.width()) <= label.height()  # wrapped, not cut below
    assert detail.hash.text() == demo_window.model.row_at(7).hash  # whole, in a scrolling line


def test_time_column_fits_relative_times(qtbot, demo_window: MainWindow) -> None:
    demo_window.resize(1600, 900)  # at 1300 Status and Gap keep their room first (issue 31 tryout)
    demo_window.session.set_style(Style.RELATIVE)
    layout_settled(demo_window)
    table = demo_window.table
    metrics = table.fontMetrics()
    widest = max(
        metrics.horizontalAdvance(demo_window.proxy.index(r, Column.TIME).data())
        for r in range(demo_window.proxy.rowCount())
    )
    assert "[Sent 8 days, 14 hours" in demo_window.proxy.index(1, Column.TIME).data()
    assert table.columnWidth(Column.TIME) >= widest


def test_repair_leaves_the_preview_its_height(qtbot, demo_window: MainWindow) -> None:
    demo_window.resize(1400, 820)
    demo_window.actions_by_name["go_preview"].trigger()
    with qtbot.waitSignal(demo_window.repair_panel.proposalsReady, timeout=10000):
        demo_window.actions_by_name["repair"].trigger()
    layout_settled(demo_window)
    assert demo_window.preview_pane.stack.height() >= 250
    assert demo_window.repair_dock.geometry().right() < demo_window.side_dock.geometry().left()


def test_json_view_wraps_on_request(qtbot, demo_window: MainWindow) -> None:
    pane = demo_window.preview_pane
    assert pane.json.lineWrapMode() == QPlainTextEdit.LineWrapMode.NoWrap
    pane.wrap_button.click()
    assert pane.json.lineWrapMode() == QPlainTextEdit.LineWrapMode.WidgetWidth


def _distinct_pixels(widget, background: QColor) -> int:
    image = widget.grab().toImage()
    return sum(
        1
        for x in range(image.width())
        for y in range(image.height())
        if abs(image.pixelColor(x, y).lightness() - background.lightness()) > 40
    )


def test_dark_theme_unticked_box_and_active_button_are_visible(qtbot) -> None:
    app = QApplication.instance()
    style, palette = app.style().name(), app.palette()
    apply_palette("dark")
    try:
        box = QCheckBox()
        qtbot.addWidget(box)
        box.resize(box.sizeHint())
        assert _distinct_pixels(box, box.palette().color(box.backgroundRole())) >= 20
        on, off = (
            QToolButton(text="CST", checkable=True, checked=True),
            QToolButton(text="CST", checkable=True),
        )
        for button in (on, off):
            qtbot.addWidget(button)
            button.resize(button.sizeHint())
        centre = on.grab().toImage().pixelColor(3, on.height() // 2)
        plain = off.grab().toImage().pixelColor(3, off.height() // 2)
        assert abs(centre.lightness() - plain.lightness()) + abs(centre.hue() - plain.hue()) > 30
    finally:
        app.setStyle(style)
        app.setPalette(palette)


def test_filter_count_label_never_widens_the_window(qtbot, demo_window: MainWindow) -> None:
    before = demo_window.minimumSizeHint().width()
    demo_window.filter_combo.setCurrentText("Untracked")
    assert demo_window.filter_bar.shown.text() == "5 of 18 shown"
    assert demo_window.minimumSizeHint().width() == before


def test_strip_dims_what_the_filter_hides(qtbot, demo_window: MainWindow) -> None:
    strip = demo_window.strip

    def colour(row: int) -> QColor:
        rect = strip.mark_rect(row)
        return strip.grab().toImage().pixelColor(rect.center().toPoint())

    tracked_user = 1
    assert demo_window.model.row_at(tracked_user).status.value == "tracked"
    shown = colour(tracked_user)
    demo_window.filter_combo.setCurrentText("Untracked")
    assert strip.is_dimmed(tracked_user) and not strip.is_dimmed(11)
    dimmed = colour(tracked_user)
    base = strip.palette().color(QPalette.ColorRole.Base)  # what the strip is drawn on
    assert abs(dimmed.lightness() - base.lightness()) < abs(shown.lightness() - base.lightness())
    demo_window.filter_combo.setCurrentText("All messages")
    assert not strip.is_dimmed(tracked_user) and colour(tracked_user) == shown


def test_preview_scrolls_to_the_selected_message(qtbot, demo_window: MainWindow) -> None:
    demo_window.resize(1400, 820)
    demo_window.actions_by_name["go_preview"].trigger()
    chat = demo_window.preview_pane.chat
    for row in (1, 16, 4):
        demo_window.select_source_row(row)
        content = demo_window.model.row_at(row).content
        assert (
            content in chat.textCursor().block().text() or content in chat.textCursor().block().next().text()
        )
        rect = chat.cursorRect()
        assert rect.top() >= 0 and rect.bottom() <= chat.viewport().height()  # its bubble in view


def test_out_of_order_mark_says_so(qtbot, demo_window: MainWindow) -> None:
    from timeline_app.core.timeline import Flag

    rows = [
        r
        for r in range(demo_window.model.rowCount())
        if Flag.OUT_OF_ORDER in demo_window.model.row_at(r).flags
    ]
    assert rows
    assert "out of order" in demo_window.strip.mark_tip(rows[0])
    assert "out of order" not in demo_window.strip.mark_tip(1)


def test_sillytavern_names_and_gaps_from_own_times(qtbot, window: MainWindow) -> None:

    from ..helpers import open_and_wait

    fixture = FIXTURES / "st_solo.jsonl"
    open_and_wait(qtbot, window, fixture, None)
    model = window.model
    rows = range(model.rowCount())
    speakers = [model.index(r, Column.SPEAKER).data() for r in rows]
    assert any(" · " in s for s in speakers), speakers
    untracked_with_own = [
        r
        for r in rows
        if model.row_at(r).status.value == "untracked" and model.row_at(r).own_time is not None
    ]
    assert len(untracked_with_own) > 1
    assert all(model.index(r, Column.GAP).data() for r in untracked_with_own[1:])


def test_the_pane_with_the_keyboard_focus_is_framed_in_both_themes(qtbot, demo_window: MainWindow) -> None:
    from timeline_app.gui.widgets.palettes import focus_colour

    app = QApplication.instance()
    style, palette = app.style().name(), app.palette()
    try:
        for theme in ("light", "dark"):
            apply_palette(theme)
            demo_window.activateWindow()
            qtbot.waitUntil(lambda: QApplication.activeWindow() is demo_window, timeout=5000)
            wanted = focus_colour(demo_window.palette()).name()

            def edge(widget) -> str:
                image = widget.grab().toImage()
                return image.pixelColor(0, image.height() // 2).name()

            demo_window.table.setFocus()
            qtbot.waitUntil(demo_window.table.hasFocus, timeout=2000)
            assert edge(demo_window.table) == wanted
            demo_window.detail.content.setFocus()
            qtbot.waitUntil(demo_window.detail.content.hasFocus, timeout=2000)
            assert edge(demo_window.table) != wanted, "only the focused pane is framed"
            assert edge(demo_window.detail.content) == wanted
    finally:
        app.setStyle(style)
        app.setPalette(palette)


def test_preview_draws_the_bubbles_around_an_old_selected_message(
    qtbot, window: MainWindow, tmp_path
) -> None:
    """A chat longer than the bubbles drawn (the newest 400) still shows the
    message the table selects: the bubbles around it are drawn instead, the
    header says which, and selecting a new one goes back to the newest."""
    import json

    from ..helpers import open_and_wait

    transcript = tmp_path / "chat.json"
    messages = [
        {"role": "user" if i % 2 else "assistant", "content": f"message number {i:04d}"} for i in range(1000)
    ]
    transcript.write_text(json.dumps({"messages": messages}))
    window.show()
    open_and_wait(qtbot, window, transcript, tmp_path / "timestamps.json")
    window.actions_by_name["go_preview"].trigger()
    chat = window.preview_pane.chat
    assert "message number 0010" not in chat.toPlainText()  # older than the newest 400
    window.select_source_row(10)
    cursor_text = chat.textCursor().block().text() + chat.textCursor().block().next().text()
    assert "message number 0010" in cursor_text
    assert chat.document().firstBlock().text().startswith("Showing messages 1 to 400 of 1,000")
    rect = chat.cursorRect()
    assert rect.top() >= 0 and rect.bottom() <= chat.viewport().height()
    window.select_source_row(990)
    assert "message number 0990" in chat.textCursor().block().text() + chat.textCursor().block().next().text()
    assert chat.document().firstBlock().text().startswith("Showing the newest 400 of 1,000")


def test_columns_fit_their_texts_and_a_users_width_is_kept_across_runs(
    qtbot, make_window, demo_window: MainWindow
) -> None:
    """Measured widths, not fixed ones: every cell of the demo fits its column
    (Content aside), the hash comes after Content; a column the user drags
    keeps its width in the next window, the others are measured again."""
    table = demo_window.table
    header = table.horizontalHeader()
    demo_window.resize(1600, 900)  # every row and column in view
    layout_settled(demo_window)
    assert table.rowAt(table.viewport().height() - 1) == -1
    assert cut_cells(table, {Column.CONTENT}) == []
    assert header.visualIndex(Column.HASH) > header.visualIndex(Column.CONTENT)
    fitted_status = table.columnWidth(Column.STATUS)
    header.resizeSection(Column.SPEAKER, 150)  # what dragging the section's edge does
    demo_window.close()
    again = make_window()
    again.session.set_pinned_now(DEMO_NOW)
    open_and_wait(qtbot, again, DEMO_TRANSCRIPT, DEMO_TIMESTAMPS)
    again.resize(1600, 900)  # room for every fitted width (a narrow window squeezes Status)
    again.show()
    layout_settled(again)
    assert again.table.columnWidth(Column.SPEAKER) == 150
    assert again.table.columnWidth(Column.STATUS) == fitted_status


def test_a_narrow_repair_dock_wraps_its_buttons_onto_lines(qtbot, demo_window: MainWindow) -> None:
    """Narrower than its row of buttons, the panel puts them on more lines,
    Apply at the right end of the last one, none overlapping or cut."""
    demo_window.actions_by_name["repair"].trigger()
    panel = demo_window.repair_panel
    buttons = [
        panel.find_button,
        panel.accept_high,
        panel.accept_medium,
        panel.reject_all,
        panel.apply_button,
    ]
    one_line = sum(b.sizeHint().width() for b in buttons)
    assert panel.minimumSizeHint().width() < one_line  # the widest check box, not the whole row
    demo_window.repair_dock.setFloating(True)
    demo_window.repair_dock.resize(panel.minimumSizeHint().width() + 40, 400)
    layout_settled(demo_window.repair_dock)  # floating: a window of its own
    rects = [QRect(b.mapTo(panel, b.rect().topLeft()), b.size()) for b in buttons]
    assert len({r.top() for r in rects}) >= 2
    assert all(r.width() >= b.sizeHint().width() for r, b in zip(rects, buttons, strict=True))
    assert all(not a.intersects(b) for a, b in itertools.combinations(rects, 2))
    assert all(panel.rect().contains(r) for r in rects)
    assert rects[-1].right() >= panel.width() - 12  # Apply keeps to the right


def test_no_column_is_cut_for_room_content_would_not_fill(qtbot, window: MainWindow) -> None:
    """A SillyTavern chat of short lines in a window 1060 px wide: its
    speakers ("assistant · Megumin") were cut to give Content a share its
    texts did not need (issue 31 item 7)."""
    open_and_wait(qtbot, window, FIXTURES / "st_solo.jsonl", None)
    window.show()
    window.resize(1060, 700)
    layout_settled(window)
    table = window.table
    assert table.columnWidth(Column.CONTENT) < 0.35 * table.viewport().width()  # short lines
    assert cut_cells(table, {Column.CONTENT}) == []

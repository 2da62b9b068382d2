"""Sorting the table: each column's order is made once and reused, filtered or not."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import ALT, CTRL, press, show_active


def _shown_rows(window: MainWindow) -> list[int]:
    proxy = window.proxy
    return [proxy.mapToSource(proxy.index(r, 0)).row() for r in range(proxy.rowCount())]


def test_every_column_sorts_both_ways_as_its_keys_filtered_or_not(qtbot, demo_window: MainWindow) -> None:
    model, proxy = demo_window.model, demo_window.proxy
    everything = list(range(model.rowCount()))
    proxy.set_roles({"user"})
    users = _shown_rows(demo_window)
    assert 0 < len(users) < len(everything)
    for accepted, roles in ((users, {"user"}), (everything, set())):
        proxy.set_roles(roles)
        for column in Column:
            keys = model.sort_keys(column)
            for order in (
                Qt.SortOrder.AscendingOrder,
                Qt.SortOrder.DescendingOrder,
                Qt.SortOrder.AscendingOrder,
            ):
                demo_window.table.sortByColumn(column, order)
                descending = order == Qt.SortOrder.DescendingOrder
                # what a stable sort of the shown rows alone gives: equal keys keep row order
                assert _shown_rows(demo_window) == sorted(accepted, key=keys.__getitem__, reverse=descending)
    demo_window.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
    assert _shown_rows(demo_window) == everything


def test_a_sorted_table_follows_a_new_filter_and_keeps_the_selection(qtbot, demo_window: MainWindow) -> None:
    model, proxy, table = demo_window.model, demo_window.proxy, demo_window.table
    table.sortByColumn(Column.TIME, Qt.SortOrder.DescendingOrder)
    demo_window.select_source_row(3)
    selected = model.sort_keys(Column.TIME)
    proxy.set_roles({model.index(3, Column.SPEAKER).data(Qt.ItemDataRole.DisplayRole).lower()})
    shown = _shown_rows(demo_window)
    assert 3 in shown
    assert shown == sorted(shown, key=selected.__getitem__, reverse=True)
    current = table.selectionModel().currentIndex()
    assert proxy.mapToSource(current).row() == 3


def test_untracked_rows_sort_by_the_time_the_table_shows_for_them(
    qtbot, window: MainWindow, tmp_path
) -> None:
    """Tryout finding: sorted by Time every ≈ row came first (no stored time),
    before rows the table shows as older; they go by their simulated time."""
    import json
    from datetime import datetime

    from timeline_app.core import pipeline
    from timeline_app.core.options import EngineOptions
    from timeline_app.core.store import TimestampStore
    from timeline_app.core.tracking import track

    from ..helpers import open_and_wait

    messages = [{"role": "user" if n % 2 else "assistant", "content": f"message {n}"} for n in range(40)]
    transcript, store = tmp_path / "chat.json", tmp_path / "timestamps.json"
    transcript.write_text(json.dumps({"messages": messages}), "utf-8")
    request = pipeline.prepare_request(messages[:30], EngineOptions().request)
    store.write_bytes(track(request, TimestampStore(), datetime(2025, 9, 20, 8)).store.file_bytes())
    window.session.set_pinned_now(datetime(2025, 9, 21, 12))
    open_and_wait(qtbot, window, transcript, store)
    header = window.table.horizontalHeader()
    middle = header.sectionViewportPosition(Column.TIME) + header.sectionSize(Column.TIME) // 2
    window.show()
    qtbot.waitExposed(window)
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(middle, 5))
    assert header.sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
    model, discussion = window.model, window.session.discussion
    simulated = discussion.simulation.store
    untracked = [r for r in range(model.rowCount()) if model.index(r, Column.TIME).data().startswith("≈")]
    assert untracked, "the chat has ≈ rows"
    when = [
        simulated.parsed(discussion.timeline.hashes[r]) if r in untracked else discussion.timeline.times[r]
        for r in range(model.rowCount())
    ]
    shown = _shown_rows(window)
    timed = [r for r in shown if when[r] is not None]
    assert shown[: len(shown) - len(timed)] == sorted(r for r in shown if when[r] is None), "untimed first"
    assert [when[r] for r in timed] == sorted(when[r] for r in timed), "every timed row by the time shown"
    assert shown.index(untracked[0]) > shown.index(1), "a ≈ row after the older tracked ones"


def _sorted_by(window: MainWindow) -> tuple[int, Qt.SortOrder]:
    header = window.table.horizontalHeader()
    return header.sortIndicatorSection(), header.sortIndicatorOrder()


def test_the_table_sorts_from_the_keyboard(qtbot, demo_window: MainWindow) -> None:
    window = demo_window
    show_active(qtbot, window)
    menu = window.sort_menu
    assert menu.column_actions[-1].isChecked()  # the file's order
    press(qtbot, Qt.Key.Key_S, CTRL | ALT)  # the next column: #
    assert _sorted_by(window) == (Column.INDEX, Qt.SortOrder.AscendingOrder)
    for _ in range(2):  # Speaker, then Time
        press(qtbot, Qt.Key.Key_S, CTRL | ALT)
    assert _sorted_by(window) == (Column.TIME, Qt.SortOrder.AscendingOrder)
    assert menu.column_actions[Column.TIME].isChecked()
    times = [window.proxy.index(r, Column.TIME).data() for r in range(window.proxy.rowCount())]
    press(qtbot, Qt.Key.Key_R, CTRL | ALT)  # reversed
    assert _sorted_by(window) == (Column.TIME, Qt.SortOrder.DescendingOrder)
    assert menu.order_actions[Qt.SortOrder.DescendingOrder].isChecked()
    reversed_times = [window.proxy.index(r, Column.TIME).data() for r in range(window.proxy.rowCount())]
    assert reversed_times != times and sorted(reversed_times) == sorted(times)
    # a click on a header is shown in the menu too
    header = window.table.horizontalHeader()
    middle = header.sectionViewportPosition(Column.GAP) + header.sectionSize(Column.GAP) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(middle, header.height() // 2))
    assert menu.column_actions[Column.GAP].isChecked()
    menu.column_actions[Column.CONTENT].trigger()  # View > Sort by > Content
    assert _sorted_by(window)[0] == Column.CONTENT
    assert menu.column_actions[Column.CONTENT].isChecked()
    # past the last column: the file's order again
    press(qtbot, Qt.Key.Key_S, CTRL | ALT)
    assert window.sort_menu.column_actions[-1].isChecked()
    assert [window.proxy.index(r, Column.INDEX).data() for r in range(3)] == ["0", "1", "2"]

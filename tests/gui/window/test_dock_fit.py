"""window/dock_fit.py on its own: in a bare main window whose central widget
says how many pixels it lacks, the side docks give it width (never below
their minimum, shared by what each can give), two docks named to go
together become tabs when even that is not enough, and the share of width
(``_shrink``) is exact against a simple reference."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QObject, QSize, Qt, Signal
from PySide6.QtWidgets import QDockWidget, QLabel, QLineEdit, QMainWindow, QScrollArea, QWidget
from shiboken6 import isValid

from timeline_app.gui.tables.column_widths import MIN_ROWS
from timeline_app.gui.window.dock_fit import DockFitter, _shrink, add_dock, fill_dock

from ..helpers import WAIT, layout_settled


class Table(QObject):
    """The table's side of the contract: a width it wants, ``shortfall``
    against the central widget's size, ``fitted`` when the want changes."""

    fitted = Signal()

    def __init__(self, central: QWidget, wants: int) -> None:
        super().__init__(central)
        self.central, self.wants = central, wants

    def shortfall(self, rows: int = MIN_ROWS) -> QSize:
        return QSize(self.wants - self.central.width(), 20 * rows - self.central.height())


def _panel(liked: int, least: int) -> QWidget:
    """A dock's panel that likes ``liked`` px across and needs ``least``."""
    panel = QLabel("panel")
    panel.setMinimumWidth(least)
    panel.sizeHint = lambda: QSize(liked, 100)  # type: ignore[method-assign]
    return panel


def _window(qtbot, wants: int) -> tuple[QMainWindow, Table, QDockWidget, QDockWidget]:
    window = QMainWindow()
    qtbot.addWidget(window)
    central = QWidget()
    window.setCentralWidget(central)
    left = add_dock(window, "Left", "left", _panel(400, 150), Qt.DockWidgetArea.LeftDockWidgetArea)
    right = add_dock(window, "Right", "right", _panel(400, 150), Qt.DockWidgetArea.RightDockWidgetArea)
    table = Table(central, wants)
    window.fitter = DockFitter(window, table, together=[(left, right)])  # type: ignore[attr-defined]
    return window, table, left, right


def _show(qtbot, window: QMainWindow, width: int) -> None:
    window.resize(width, 600)
    window.show()
    qtbot.waitExposed(window)
    layout_settled(window)  # the first layout done: what the fitter sets is not laid over


def test_side_docks_give_the_table_what_it_lacks_never_below_their_minimum(qtbot) -> None:
    window, table, left, right = _window(qtbot, wants=500)
    _show(qtbot, window, 1000)
    window.resizeDocks([left, right], [300, 300], Qt.Orientation.Horizontal)
    table.fitted.emit()  # the table wants its width: fitted once the layout has settled
    qtbot.waitUntil(lambda: table.central.width() >= table.wants, timeout=WAIT)
    assert left.width() >= left.minimumSizeHint().width()
    assert right.width() >= right.minimumSizeHint().width()
    assert not window.tabifiedDockWidgets(left)  # both fit beside it: no tabs


def test_a_table_short_even_of_the_docks_minimums_gets_them_as_tabs(qtbot) -> None:
    window, table, left, right = _window(qtbot, wants=700)
    _show(qtbot, window, 800)  # 800 - 2 x 150 leaves less than 700
    left.hide()
    left.show()  # the one just shown goes in front
    qtbot.waitUntil(lambda: window.tabifiedDockWidgets(left) == [right], timeout=WAIT)
    qtbot.waitUntil(lambda: not left.visibleRegion().isEmpty(), timeout=WAIT)
    assert right.visibleRegion().isEmpty()  # behind its tab
    beside = window.width() - left.minimumSizeHint().width() - right.minimumSizeHint().width()
    layout_settled(window)
    assert table.central.width() > beside  # more than both docks at their minimum left it


def test_a_table_with_room_to_spare_takes_nothing_from_the_docks(qtbot) -> None:
    window, table, left, right = _window(qtbot, wants=100)
    _show(qtbot, window, 1000)
    window.resizeDocks([left, right], [300, 250], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: (left.width(), right.width()) == (300, 250), timeout=WAIT)
    with qtbot.waitSignal(window.fitter._timer.timeout, timeout=WAIT):  # type: ignore[attr-defined]
        table.fitted.emit()
    assert (left.width(), right.width()) == (300, 250)


SIZES = st.lists(st.tuples(st.integers(0, 800), st.integers(0, 800)), min_size=1, max_size=5)


@given(SIZES, st.integers(-100, 3000))
def test_the_share_takes_what_is_asked_from_what_each_can_give(docks, amount: int) -> None:
    """Each dock gives at most its spare, in proportion to it; together they
    give what is asked (or all they have), short by the rounding down of
    each share (less than one pixel a dock); a non-positive ask takes nothing."""
    sizes = [size for size, _ in docks]
    spare = [min(give, size) for size, give in docks]
    wanted = _shrink(sizes, spare, amount)
    taken = [before - after for before, after in zip(sizes, wanted, strict=True)]
    assert all(0 <= take <= give for take, give in zip(taken, spare, strict=True))
    expected = min(max(amount, 0), sum(spare))
    assert expected - len(docks) < sum(taken) <= expected
    if expected:
        for take, give in zip(taken, spare, strict=True):
            assert take == expected * give // sum(spare)
    else:
        assert wanted == sizes


def test_a_scrolling_dock_destroyed_with_the_focus_in_it_says_nothing(qtbot) -> None:
    """The focus leaves a dock's scroll area while the area is being destroyed
    (a window closing): the follower, gone with the area, must not touch it
    (it raised "Internal C++ object already deleted" in Qt's event loop,
    which fails the test through pytest-qt)."""
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLineEdit())
    dock = QDockWidget("pane", window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    panel = QWidget()
    field = QLineEdit(panel)
    fill_dock(dock, panel, True)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    area = dock.widget()
    assert isinstance(area, QScrollArea)
    with qtbot.captureExceptions() as raised:
        area.deleteLater()
        qtbot.waitUntil(lambda: not isValid(area))
    assert raised == []

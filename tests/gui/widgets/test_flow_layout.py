"""widgets/flow_layout.py: the items of a flow, at any width, keep their order,
never overlap, stay inside the width, go to a new line only when the next
one would not fit, take the height ``heightForWidth`` says, and the last
one sits at the right end when asked; hidden items take no room."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget

from timeline_app.gui.widgets.flow_layout import FlowLayout, group

GAP, LINE_GAP = 6, 4
SIZES = st.lists(st.tuples(st.integers(1, 120), st.integers(1, 40), st.booleans()), min_size=1, max_size=12)


def _flow(sizes: list[tuple[int, int, bool]], last_right: bool) -> tuple[QWidget, FlowLayout, list[QWidget]]:
    host = QWidget()
    flow = FlowLayout(host, last_right=last_right, spacing=GAP, line_gap=LINE_GAP)
    items = []
    for width, height, hidden in sizes:
        item = QWidget(host)
        item.setFixedSize(width, height)
        item.setVisible(not hidden)  # hidden before the host is shown: isHidden, taking no room
        flow.addWidget(item)
        items.append(item)
    return host, flow, items


@settings(max_examples=60)
@given(SIZES, st.integers(0, 400), st.booleans())
def test_a_flow_places_its_items_in_order_in_lines_that_fit(
    qapp, sizes, extra: int, last_right: bool
) -> None:
    host, flow, items = _flow(sizes, last_right)
    shown = [item for item, (_, _, hidden) in zip(items, sizes, strict=True) if not hidden]
    width = max([item.width() for item in shown], default=1) + extra
    assert flow.minimumSize().width() == max([item.width() for item in shown], default=0)
    flow.setGeometry(QRect(0, 0, width, 10_000))
    boxes = [item.geometry() for item in shown]
    for box in boxes:
        assert box.left() >= 0 and box.right() < width
    # lines: an item below every item of the line so far starts the next one
    lines: list[list[QRect]] = []
    for box in boxes:
        if lines and box.top() <= max(b.bottom() for b in lines[-1]):
            lines[-1].append(box)
        else:
            lines.append([box])
    for line in lines:
        for left, right in itertools.pairwise(line):
            assert right.left() >= left.right() + 1 + GAP or (last_right and right is boxes[-1])
    for before, after in itertools.pairwise(lines):
        assert min(b.top() for b in after) > max(b.bottom() for b in before)  # below, never overlapping
        used = sum(b.width() for b in before) + GAP * (len(before) - 1)
        assert used + GAP + after[0].width() > width, "went down a line with room to spare"
    bottom = max((b.bottom() + 1 for b in boxes), default=0)
    heights = [max(b.height() for b in line) for line in lines]
    assert flow.heightForWidth(width) == sum(heights) + LINE_GAP * max(0, len(lines) - 1)
    assert bottom <= flow.heightForWidth(width)
    if last_right and boxes:
        assert boxes[-1].right() == width - 1
    host.deleteLater()


def test_everything_on_one_line_is_what_the_row_asks_for(qapp) -> None:
    host, flow, _ = _flow([(50, 20, False), (70, 30, False), (30, 10, True)], last_right=False)
    assert (flow.sizeHint().width(), flow.sizeHint().height()) == (50 + GAP + 70, 30)
    assert flow.heightForWidth(50 + GAP + 70) == 30
    assert flow.heightForWidth(100) == 20 + LINE_GAP + 30
    assert flow.parent() is host  # kept alive until here: the host owns the flow


def test_a_group_stays_on_one_line(qapp) -> None:
    first, second = QWidget(), QWidget()
    first.setFixedSize(40, 20)
    second.setFixedSize(60, 20)
    holder = group(first, second)
    assert first.parent() is holder and second.parent() is holder
    assert holder.sizeHint().width() >= 100

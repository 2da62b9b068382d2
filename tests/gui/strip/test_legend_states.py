"""Every state and flag the table can show has its entry in the strip's
legend (issue 31: "echoed-prefix", demo row #10, had none)."""

from __future__ import annotations

from timeline_app.core.timeline import Flag, Status
from timeline_app.gui.menus.help import LEGEND, STATE_LEGEND, legend_text
from timeline_app.gui.tables.timeline import FLAG_LABELS, STATUS_LABELS


def test_each_table_state_has_a_legend_entry() -> None:
    legend = {name for name, _text, _paint in LEGEND}
    for state in [*Status, *Flag]:
        assert state in STATUS_LABELS or state in FLAG_LABELS  # the table shows it
        entries = STATE_LEGEND.get(state, ())
        assert entries and set(entries) <= legend, state


def test_the_echoed_prefix_entry_names_it() -> None:
    """In the table's own word, and says how the strip draws it."""
    (entry,) = STATE_LEGEND[Flag.ECHOED_PREFIX]
    assert FLAG_LABELS[Flag.ECHOED_PREFIX] in legend_text(entry)


def test_an_echoed_message_says_so_where_the_legend_says(demo_window) -> None:
    """The legend sends the reader to the mark's tooltip: demo row #10's says it."""
    strip, model = demo_window.strip, demo_window.model
    rows = [r for r in range(model.row_count()) if Flag.ECHOED_PREFIX in model.row_at(r).flags]
    assert rows
    for row in rows:
        assert strip.mark_rect(row) is not None  # drawn at its time like any other
        assert "echoed-prefix" in strip.mark_tip(row)

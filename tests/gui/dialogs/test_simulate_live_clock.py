"""Issue 31: the Simulate dialog under the live clock. The window's "now" is
the moment its discussion was last simulated at (the minute's turn), the
dialog took the clock again, seconds later: the time the simulated request
itself gives (#17 "invented") landed after the "after" strip's "now" and was
flagged "future". The dialog's request time is the moment the table's "≈"
shows, to the second, and nothing the request itself stores is "future"."""

from __future__ import annotations

import shutil
from pathlib import Path

from timeline_app.core.timeline import Flag
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import _open_simulation, open_and_wait


def test_the_request_time_is_the_tables_and_never_future(qtbot, window: MainWindow, tmp_path: Path) -> None:
    copies = [
        Path(shutil.copy(source, tmp_path / source.name)) for source in (DEMO_TRANSCRIPT, DEMO_TIMESTAMPS)
    ]
    assert window.session.pinned_now is None  # the live clock
    open_and_wait(qtbot, window, *copies)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(1200)  # the clock moves on past the moment the window was simulated at
    shown = window.session.discussion
    dialog = _open_simulation(qtbot, window)
    assert dialog.now_edit.moment() == shown.now, "the request time is the window's 'now'"
    model = dialog.after_model
    given = [r for r in range(dialog.model.rowCount()) if dialog.model.changes(r)]
    assert given, "the demo's request stores times"
    futures = [r for r in range(model.rowCount()) if Flag.FUTURE in model.row_flags(r)]
    assert futures == [], f"rows flagged future after the request: {futures}"
    # the table's "≈" is that moment, to the second
    stamp = f"{shown.now:%H:%M:%S}"
    texts = [
        window.table.model().index(r, c).data()
        for r in range(window.table.model().rowCount())
        for c in range(window.table.model().columnCount())
    ]
    assert any(isinstance(t, str) and t.startswith("≈") and stamp in t for t in texts), stamp
    dialog.reject()

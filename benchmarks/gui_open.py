"""How long the window takes to show a discussion, and how much memory it holds.

``open_in_window`` is the one place that knows the window's API: it opens a
transcript and a timestamp file and returns when the table has its rows, the
strip its layout and the preview its text. When the window's controller
changes, only this function changes. Run as a script it measures one open in
a fresh process and prints JSON: the seconds and the process's peak RSS.
Usage: ``python gui_open.py TRANSCRIPT TS`` (``QT_QPA_PLATFORM=offscreen``).
"""

from __future__ import annotations

import json
import os
import resource
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

NOW = datetime(2025, 9, 22, 10, 0, 0)
TIMEOUT_SECONDS = 300.0


def open_in_window(window: object, transcript: Path, store: Path) -> float:
    """Seconds from asking ``window`` (the ``MainWindow`` around its
    ``DiscussionSession``) to open the files until table, strip and preview
    show them."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    assert app is not None
    shown = {"loaded": False, "preview": False}
    session = window.session  # type: ignore[attr-defined]
    session.loaded.connect(lambda: shown.__setitem__("loaded", True))
    session.previewChanged.connect(lambda: shown.__setitem__("preview", True))
    start = time.perf_counter()
    session.open(transcript, store, beside=False)
    while not (shown["loaded"] and shown["preview"]):
        app.processEvents()
        if time.perf_counter() - start > TIMEOUT_SECONDS:
            raise TimeoutError(f"the window did not show {transcript} within {TIMEOUT_SECONDS:.0f} s")
        time.sleep(0.001)
    window.repaint()  # type: ignore[attr-defined]  # table, strip and preview painted once
    app.processEvents()
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from timeline_app.gui.launch import configure_process
    from timeline_app.gui.main_window import MainWindow

    configure_process()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.resize(1300, 800)
    window.session.set_pinned_now(NOW)
    window.show()
    app.processEvents()
    seconds = open_in_window(window, Path(argv[0]), Path(argv[1]))
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": seconds, "peak_rss_mb": peak_kib / 1024}))
    window.session.undo_stack.clear()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

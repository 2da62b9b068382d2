"""Issue 29 item 7: what the window holds while a 100k discussion grows, and after it is closed.

Run as a script, in a fresh process: ``python gui_memory.py TRANSCRIPT TS
SMALL_TRANSCRIPT SMALL_TS`` (``QT_QPA_PLATFORM=offscreen``) opens copies of
the big pair in the window, has the middleware append one exchange to them
``--appends N`` times (10; the transcript and the timestamp file each grow
by one request, and the window reloads, as ``gui_open.append_in_window``
does), closes it and opens the small pair. With ``--small-only`` it only
opens the small pair: the app with a small chat open, the reference the
closed discussion must come back near. Prints JSON: the resident memory
(``VmRSS``, MB) after each step, measured as a person would see it (the
event loop settled, no collection forced), and the seconds of the first
open.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import gui_open

SETTLE_MS = 300  # the watcher's debounce (400 ms) runs out within two of these


def rss_mb() -> float:
    """This process's resident memory now (not its peak)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise OSError("no VmRSS in /proc/self/status")


def _settle(app: object, window: object) -> None:
    """Let the background jobs end (the file's history is read after the
    table shows: under load it was still running, or its memory not yet
    given back, when RSS was read, and the row moved by 50 MB from run to
    run), then queued signals, the watcher's debounce, deferred deletes
    and the trim that follows the last job run."""
    from PySide6.QtCore import QEventLoop, QTimer

    jobs = window.session.jobs  # type: ignore[attr-defined]
    for _ in range(int(gui_open.TIMEOUT_SECONDS * 1000 / SETTLE_MS)):
        if jobs.idle:
            break
        loop = QEventLoop()
        QTimer.singleShot(SETTLE_MS, loop.quit)
        loop.exec()
    for _ in range(3):
        loop = QEventLoop()
        QTimer.singleShot(SETTLE_MS, loop.quit)
        loop.exec()
        app.processEvents()  # type: ignore[attr-defined]


def main(argv: list[str]) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from timeline_app.gui.launch import configure_process
    from timeline_app.gui.window.main_window import MainWindow

    args = [a for a in argv if not a.startswith("--")]
    appends = 10
    if "--appends" in argv:
        appends = int(argv[argv.index("--appends") + 1])
        args.remove(str(appends))
    configure_process()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.resize(1300, 800)
    window.session.set_pinned_now(gui_open.NOW)
    window.show()
    app.processEvents()
    small = Path(args[2]), Path(args[3])
    result: dict[str, object] = {}
    if "--small-only" in argv:
        gui_open.open_in_window(window, *small)
        _settle(app, window)
        result["small_mb"] = rss_mb()
    else:
        folder = Path(tempfile.mkdtemp(prefix="bench-memory-"))
        transcript, store = folder / "chat.json", folder / "timestamps.json"
        shutil.copyfile(args[0], transcript)
        shutil.copyfile(args[1], store)
        result["open_seconds"] = gui_open.open_in_window(window, transcript, store)
        _settle(app, window)
        result["open_mb"] = rss_mb()
        grown = []
        for _ in range(appends):
            gui_open.append_in_window(window, transcript, store)
            _settle(app, window)
            grown.append(rss_mb())
        result["append_mb"] = grown
        window.session.close()
        _settle(app, window)
        result["closed_mb"] = rss_mb()
        gui_open.open_in_window(window, *small)
        _settle(app, window)
        result["then_small_mb"] = rss_mb()
        shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps(result))
    window.session.undo_stack.clear()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

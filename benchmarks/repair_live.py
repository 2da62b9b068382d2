"""Issue 29: the repair search while a middleware keeps appending.

Run as a script, in a fresh process: ``python repair_live.py TRANSCRIPT TS
[--every SECONDS] [--limit SECONDS]`` (``QT_QPA_PLATFORM=offscreen``) opens
copies of the pair in the window on the live clock, presses Ctrl+Shift+R's
search and, every ``--every`` seconds (5: the tryout's fake middleware
appended every 5-8 s), appends one exchange to the copies as the middleware
does (the messages to chat.json, their hashes at the current time to
timestamps.json, written atomically); the window's watcher reloads. Prints
JSON: when (seconds after the search started) the panel's list first
answered the files shown and Apply was enabled (None: not within
``--limit``), how many appends came meanwhile, and after the first list how
long each later append took to be answered (the list current again) and
the preview to be shown again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any


def append_exchange(transcript: Path, store: Path, number: int) -> None:
    """One request's worth, as the tryout's fake middleware wrote it."""
    import orjson

    document = orjson.loads(transcript.read_bytes())
    added = [f"live question {number}", f"live answer {number}"]
    document["messages"] += [
        {"role": "user", "content": added[0]},
        {"role": "assistant", "content": added[1]},
    ]
    entries = json.loads(store.read_text(encoding="utf-8"))
    stamp = datetime.now().strftime("(%A, %Y-%m-%d %H:%M:%S)")
    for text in added:
        entries[hashlib.sha256(text.encode("utf-8")).hexdigest()] = stamp
    transcript.write_bytes(orjson.dumps(document))
    part = store.with_name(store.name + ".part")
    part.write_text(json.dumps(entries, indent=4), encoding="ascii")
    os.replace(part, store)


def main(argv: list[str]) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import argparse

    from PySide6.QtCore import QEventLoop, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from timeline_app.gui.launch import configure_process
    from timeline_app.gui.window.main_window import MainWindow

    parser = argparse.ArgumentParser(prog="benchmarks/repair_live.py")
    parser.add_argument("transcript", type=Path)
    parser.add_argument("store", type=Path)
    parser.add_argument("--every", type=float, default=5.0, help="seconds between appends")
    parser.add_argument("--limit", type=float, default=150.0, help="seconds to wait for the first list")
    options = parser.parse_args(argv)
    every, limit = options.every, options.limit
    configure_process()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.resize(1300, 800)
    window.show()
    app.processEvents()
    folder = Path(tempfile.mkdtemp(prefix="bench-repair-live-"))
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    shutil.copyfile(options.transcript, transcript)
    shutil.copyfile(options.store, store)
    import gui_open

    opened = gui_open.open_in_window(window, transcript, store)
    session, panel = window.session, window.repair_panel
    window.repair_dock.show()
    start = time.perf_counter()
    events: dict[str, list[float]] = {"appended": [], "answered": [], "previewed": []}

    def answered() -> None:
        if panel._found_for is session.discussion and not session.jobs.busy("repair"):
            events["answered"].append(time.perf_counter() - start)

    import timeline_app.gui.panels.repair as panel_module

    searches: list[tuple[str, float, float, str]] = []  # what the panel's jobs ran: name, start, end, how

    def timed(name: str, engine: Any) -> Any:
        def run(*args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter() - start
            found = engine(*args, **kwargs)
            searches.append((name, round(began, 2), round(time.perf_counter() - start, 2), found.how))
            return found

        return run

    panel_module.search_repairs = timed("search", panel_module.search_repairs)
    panel_module.update_repairs = timed("update", panel_module.update_repairs)
    panel.proposalsReady.connect(answered)
    session.previewChanged.connect(lambda: events["previewed"].append(time.perf_counter() - start))
    panel.refresh()
    number = [0]

    def append() -> None:
        number[0] += 1
        append_exchange(transcript, store, number[0])
        events["appended"].append(time.perf_counter() - start)

    timer = QTimer(interval=int(every * 1000))
    timer.timeout.connect(append)
    timer.start()
    first = None
    while time.perf_counter() - start < limit:
        loop = QEventLoop()
        QTimer.singleShot(100, loop.quit)
        loop.exec()
        if first is None and events["answered"] and panel.apply_button.isEnabled():
            first = events["answered"][0]
        after = [at for at in events["appended"] if first is not None and at > first]
        if len(after) >= 4:  # four appends answered after the first list: enough
            break
    timer.stop()
    # let the last append be answered
    settle = time.perf_counter()
    while time.perf_counter() - settle < 60 and (
        session.jobs.busy("repair") or panel._found_for is not session.discussion
    ):
        loop = QEventLoop()
        QTimer.singleShot(100, loop.quit)
        loop.exec()
    lags = []
    for at in events["appended"]:
        later = [a for a in events["answered"] if a > at]
        lags.append(round(later[0] - at, 2) if later else None)
    preview_lags = []
    for at in events["appended"]:
        later = [a for a in events["previewed"] if a > at]
        preview_lags.append(round(later[0] - at, 2) if later else None)
    result = {
        "open_seconds": round(opened, 2),
        "every": every,
        "first_list_seconds": None if first is None else round(first, 2),
        "appends_before_first_list": len([a for a in events["appended"] if first is None or a < first]),
        "answered_after_append_seconds": lags,
        "preview_after_append_seconds": preview_lags,
        "rows": panel.model.rowCount(),
        "current_at_end": panel._found_for is session.discussion,
        "searches": searches,
    }
    print(json.dumps(result))
    session.undo_stack.clear()
    window.close()
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""How long the window takes to show a discussion, and how much memory it holds.

``open_in_window`` is the one place that knows the window's API: it opens a
transcript and a timestamp file and returns when the table has its rows, the
strip its layout and the preview its text. When the window's controller
changes, only this function changes. Run as a script it measures one open in
a fresh process and prints JSON: the seconds and the process's peak RSS.
Usage: ``python gui_open.py TRANSCRIPT TS [--append | --stall] [--width PX]`` (``QT_QPA_PLATFORM=offscreen``;
``--width``: the window's width, 1300 unless given: at 1024 the status bar wrapped while a load ran);
with ``--append`` it opens copies of the files, then has the middleware append
one request to them and measures the window's reload (``append_in_window``);
with ``--stall`` the longest the GUI thread stood still while its watcher
showed one appended exchange (``largest_stall_of_append``).
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

NOW = datetime(2025, 9, 22, 10, 0, 0)
TIMEOUT_SECONDS = 300.0


def _wait(done: object, signals: tuple[object, ...]) -> bool:
    """Run the event loop until ``done()`` holds after one of ``signals``
    (False on the time-out). The loop sleeps while the workers run, as the
    window's own does: polling it would take the interpreter from them."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    timer = QTimer(singleShot=True, interval=int(TIMEOUT_SECONDS * 1000))
    timer.timeout.connect(loop.quit)

    def check() -> None:
        if done():  # type: ignore[operator]
            loop.quit()

    for signal in signals:
        signal.connect(check)  # type: ignore[attr-defined]
    timer.start()
    if not done():  # type: ignore[operator]
        loop.exec()
    timer.stop()
    for signal in signals:
        signal.disconnect(check)  # type: ignore[attr-defined]
    return bool(done())  # type: ignore[operator]


def peak_rss_mb() -> float:
    """This process's own peak resident memory. ``ru_maxrss`` is not it on
    Linux: a child started by ``subprocess`` (vfork, then exec) inherits its
    parent's high-water mark, so under ``run.py``, which holds 100k loads of
    its own by then, a 10-message open reported 711 MB. ``VmHWM`` belongs to
    the address space that exec made; elsewhere ``ru_maxrss`` is all there is."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


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
    if not _wait(lambda: shown["loaded"] and shown["preview"], (session.loaded, session.previewChanged)):
        raise TimeoutError(f"the window did not show {transcript} within {TIMEOUT_SECONDS:.0f} s")
    window.repaint()  # type: ignore[attr-defined]  # table, strip and preview painted once
    app.processEvents()
    return time.perf_counter() - start


def _wait_shown(window: object, act: object) -> float:
    """Seconds from ``act()`` until the session has loaded and has a preview again."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    assert app is not None
    session = window.session  # type: ignore[attr-defined]
    shown = {"loaded": False, "preview": False}

    def on_loaded() -> None:
        shown["loaded"] = True

    def on_preview() -> None:
        shown["preview"] = shown["loaded"]  # the preview of what was loaded, not an earlier one

    session.loaded.connect(on_loaded)
    session.previewChanged.connect(on_preview)
    start = time.perf_counter()
    act()  # type: ignore[operator]
    if not _wait(lambda: shown["loaded"] and shown["preview"], (session.loaded, session.previewChanged)):
        raise TimeoutError(f"the window did not show the change within {TIMEOUT_SECONDS:.0f} s")
    session.loaded.disconnect(on_loaded)
    session.previewChanged.disconnect(on_preview)
    window.repaint()  # type: ignore[attr-defined]
    app.processEvents()
    return time.perf_counter() - start


def append_in_window(window: object, transcript: Path, store: Path) -> dict[str, float]:
    """The middleware appends one request (a user message and the reply, two
    entries in the file) to the open discussion; the window reloads it.
    Returns the engine's re-open on the worker (``reopen``: reading, hashing,
    joining, tracking) and the whole reload until table, strip and preview
    show the new state (also the strip's layout and the preview of 100k
    messages)."""
    import orjson

    from timeline_app.core.pipeline import prepare_request
    from timeline_app.core.store import TimestampStore
    from timeline_app.gui import session as gui_session

    session = window.session  # type: ignore[attr-defined]
    opened = session.base
    document = orjson.loads(transcript.read_bytes())
    document["messages"] += [
        {"role": "user", "content": "one more question"},
        {"role": "assistant", "content": "one more answer"},
    ]
    request = prepare_request(document["messages"], opened.options.request)
    before = opened.store or TimestampStore()
    written = dict(before.as_dict())
    for digest in request.hashes[-2:]:
        written[digest] = "(Monday, 2025-09-22 10:00:00)"
    transcript.write_bytes(orjson.dumps(document))
    store.write_bytes(TimestampStore(written).file_bytes())
    del document, request

    timed: list[float] = []
    engine_reopen = gui_session.reopen

    def reopen_timed(*args: object, **kwargs: object) -> object:
        start = time.perf_counter()
        try:
            return engine_reopen(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            timed.append(time.perf_counter() - start)

    gui_session.reopen = reopen_timed  # type: ignore[assignment]
    try:
        whole = _wait_shown(window, lambda: session.reload("changed on disk"))
    finally:
        gui_session.reopen = engine_reopen
    if not timed:
        raise RuntimeError("the reload did not go through reopen")
    return {"reopen_seconds": timed[0], "reload_seconds": whole}


def largest_stall_of_append(window: object, transcript: Path, store: Path) -> float:
    """Issue 29, "the GUI never freezes": milliseconds of the longest the GUI
    thread did not run a 2 ms timer while the window showed one exchange the
    middleware appended (the watcher's reload, the views, the preview and the
    history that follow, until every job is done). The write is the
    middleware's, done before the timer starts; the timer's slot is Python,
    as the table's cells are, so a worker holding the GIL counts too."""
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from repair_live import append_exchange

    app = QApplication.instance()
    assert app is not None
    session = window.session  # type: ignore[attr-defined]

    def settle(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end or not session.jobs.idle:
            loop = QEventLoop()
            QTimer.singleShot(20, loop.quit)
            loop.exec()  # sleeps while the workers run, as the window's loop does

    settle(1.0)
    shown = session.discussion
    append_exchange(transcript, store, 1)
    gaps = [0.0]
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer(interval=2)
    timer.timeout.connect(tick)
    last[0] = time.perf_counter()
    timer.start()
    end = time.monotonic() + TIMEOUT_SECONDS
    while session.discussion is shown and time.monotonic() < end:
        settle(0.05)
    if session.discussion is shown:
        raise TimeoutError("the watcher did not reload the appended exchange")
    settle(1.5)
    timer.stop()
    return max(gaps) * 1000


def main(argv: list[str]) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from timeline_app.gui.launch import configure_process
    from timeline_app.gui.window.main_window import MainWindow

    configure_process()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    width = int(argv[argv.index("--width") + 1]) if "--width" in argv else 1300
    window.resize(width, 800)
    stall = "--stall" in argv[2:]
    if not stall:  # the watcher's append is judged on the live clock, as the middleware writes it
        window.session.set_pinned_now(NOW)
    window.show()
    app.processEvents()
    transcript, store = Path(argv[0]), Path(argv[1])
    appending = "--append" in argv[2:] or stall
    if appending:  # the data set stays as generated: copies are grown
        folder = Path(tempfile.mkdtemp(prefix="bench-append-"))
        transcript, store = folder / transcript.name, folder / store.name
        shutil.copyfile(argv[0], transcript)
        shutil.copyfile(argv[1], store)
    seconds = open_in_window(window, transcript, store)
    result = {"seconds": seconds, "peak_rss_mb": peak_rss_mb()}
    if stall:
        result["stall_ms"] = largest_stall_of_append(window, transcript, store)
    elif appending:
        result.update(append_in_window(window, transcript, store))
        shutil.rmtree(transcript.parent, ignore_errors=True)
    print(json.dumps(result))
    window.session.undo_stack.clear()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The crash log: where a hard crash of the window leaves its traceback.

A segmentation fault inside Qt (seen once in libQt6Core, not reproduced)
kills the process before Python can say anything: no excepthook runs, and
what the terminal showed is gone when the app was started from a desktop
entry. ``faulthandler`` writes the Python stack of every thread at such a
signal, to a file that must stay open for the life of the process (it
writes with the file's descriptor from the signal handler, where nothing
may be opened). The file lives in the app's state folder (XDG:
``$XDG_STATE_HOME/TimelineInspector/Timeline Inspector/``, by default under
``~/.local/state``), where logs belong, not settings.

At the next start a log with something in it is the last run's crash: it is
kept under another name (``crash-previous.log``), the window says once where
it is, and a fresh log is opened for this run. The command line needs none of
this (a crash there is seen on the terminal).
"""

from __future__ import annotations

import faulthandler
from pathlib import Path
from typing import IO

from PySide6.QtCore import QStandardPaths

CRASH_LOG = "crash.log"
PREVIOUS_LOG = "crash-previous.log"  # the last run's crash, kept for the person to read or send

_open: list[IO[str]] = []  # the log of this run, open until the process ends


def state_folder() -> Path:
    """The app's state folder (organization and application names set first,
    as ``launch.main`` does): XDG_STATE_HOME's, as Qt finds it."""
    return Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.StateLocation))


def start_crash_log(folder: Path) -> tuple[Path | None, Path | None]:
    """Enable ``faulthandler`` to ``folder``/``crash.log``, open for the life
    of the process. Returns (the log, the last run's crash log kept, when
    there was one); the log is None when the folder takes no file (the app
    starts all the same, the handler on stderr as Python leaves it)."""
    log = folder / CRASH_LOG
    kept: Path | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if log.exists() and log.stat().st_size > 0:  # the last run crashed (a clean run leaves it empty)
            kept = log.replace(folder / PREVIOUS_LOG)
        handle = log.open("w", encoding="utf-8")
    except OSError:
        return None, kept
    faulthandler.enable(file=handle, all_threads=True)
    for earlier in _open:  # started again in one process (tests): the handler left it first
        earlier.close()
    _open[:] = [handle]
    return log, kept


def crash_log_file() -> IO[str] | None:
    """The log open for this run (None: none was started)."""
    return _open[0] if _open else None

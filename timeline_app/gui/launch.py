"""Starting the GUI: arguments, the application object, settings, demo data."""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import traceback
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings, Qt, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from .. import __version__
from ..arguments import COMMANDS, OneLineParser
from .crash_log import start_crash_log, state_folder
from .jobs import large_blocks_mapped, small_objects_from_malloc
from .menus import language as translations
from .resources import APP_ICON, APP_ID, DEMO_TIMESTAMPS, DEMO_TRANSCRIPT
from .session import DiscussionSession, temporary_copy
from .settings import read_language, read_theme
from .widgets.palettes import apply_palette
from .window.main_window import MainWindow
from .wording import fill

ORGANIZATION = "TimelineInspector"
APPLICATION = "Timeline Inspector"


DEMO_NOW = datetime(2025, 9, 21, 8, 6, 0)


GIL_SWITCH_SECONDS = 0.0002


def configure_process() -> None:
    """The GUI thread makes thousands of tiny Python calls per repaint (one per
    item role); while a worker thread runs engine code it holds the GIL, and
    each of those calls waits up to the switch interval for it. At Python's
    default 5 ms a repaint during loading stalled 1.4 s at 100k messages; at
    0.2 ms the longest stall measured 0.3 s, with no effect on a lone thread."""
    sys.setswitchinterval(GIL_SWITCH_SECONDS)
    small_objects_from_malloc()  # a closed discussion's memory given back (jobs.py says why)
    large_blocks_mapped()  # and an appended one's big buffers (jobs.py says why)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="timeline-inspector",
        description="Timeline Inspector. Without a command it opens the window; "
        f"commands: {', '.join(COMMANDS)} (see 'timeline-inspector COMMAND --help').",
    )
    parser.add_argument(
        "paths", nargs="*", type=Path, help="transcripts, timestamp files or a DiscussionIds folder"
    )
    parser.add_argument(
        "--timestamps",
        metavar="TS",
        type=Path,
        help="the timestamp file of the transcript given (as the commands take it)",
    )
    parser.add_argument(
        "--demo",
        action="store_true",
        help="open a copy of the bundled demo discussion (the bundled files stay as they are)",
    )
    parser.add_argument(
        "--screenshot", metavar="PNG", type=Path, help="render the window after loading, save, exit"
    )
    parser.add_argument("--style", choices=["absolute", "relative", "cst"], help="start in this style")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def open_demo(session: DiscussionSession) -> None:
    """The bundled demo, from a temporary copy (a Save must never change the
    files that ship with the app), at the moment it was recorded."""
    folder, (transcript, store) = temporary_copy(DEMO_TRANSCRIPT, DEMO_TIMESTAMPS)
    session.open(transcript, store, beside=False, temporary=folder, pin=DEMO_NOW)


def _excepthook(window: MainWindow | None):
    def hook(kind, value, trace) -> None:
        traceback.print_exception(kind, value, trace)
        if window is not None:
            said = QCoreApplication.translate("Launch", "Internal error: %1 (details on the console)")
            window.banner.show_message(fill(said, repr(value)))

    return hook


def tell_of_crash(parent: QWidget, kept: Path) -> QMessageBox:
    """The last run ended in a crash whose log was kept: said once, in a
    message that blocks nothing (the window works beside it), with where the
    log is, to read or to send with a report."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setWindowTitle(QCoreApplication.translate("Launch", "The last run crashed"))
    said = QCoreApplication.translate(
        "Launch",
        "Timeline Inspector ended in a crash the last time it ran. What it was doing is logged "
        "in %1; please send that file with a report of what you did.",
    )
    box.setText(fill(said, str(kept)))
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.setWindowModality(Qt.WindowModality.NonModal)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.show()
    return box


def start_up_crash_log(window: QWidget) -> Path | None:
    """The crash log of this run started (``crash_log``), and the last run's
    crash, if it left one, said once over ``window`` once it is shown."""
    log, kept = start_crash_log(state_folder())
    if kept is not None:
        QTimer.singleShot(0, window, lambda: tell_of_crash(window, kept))
    return log


def no_display() -> bool:
    """On Linux, no screen to open a window on: Qt would abort the process
    (and blame a missing xcb library), so the launcher says so itself."""
    return (
        sys.platform.startswith("linux")
        and not os.environ.get("QT_QPA_PLATFORM")
        and not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
    )


def main(argv: Sequence[str]) -> int:
    parser = build_parser()
    args = parser.parse_args(list(argv))
    for path in args.paths:  # a mistyped command reads as a file to open: say which it is
        if not path.exists() and not path.suffix and len(path.parts) == 1:
            parser.error(f"no command or file {str(path)!r} (commands: {', '.join(COMMANDS)})")
    if no_display():
        print(
            "timeline-inspector: no display to open the window on (DISPLAY and WAYLAND_DISPLAY "
            "are unset); the commands work without one (timeline-inspector --help), and "
            "QT_QPA_PLATFORM=offscreen renders --screenshot",
            file=sys.stderr,
        )
        return 2
    configure_process()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    if args.screenshot:
        # a screenshot is a fixed, reproducible picture: fresh settings, fixed size
        scratch = tempfile.mkdtemp(prefix="timeline-inspector-shot-")
        settings = QSettings(str(Path(scratch) / "settings.ini"), QSettings.Format.IniFormat)
    else:
        settings = QSettings()
    apply_palette(read_theme(settings))
    translations.install(read_language(settings))  # before any widget: each is built in that language
    window = MainWindow(settings)
    app.setDesktopFileName(APP_ID)  # Wayland and docks match the window to the desktop entry
    if APP_ICON.exists():
        app.setWindowIcon(QIcon(str(APP_ICON)))
    sys.excepthook = _excepthook(window)
    if not args.screenshot:  # a picture is taken with fresh settings, and says nothing of a crash
        start_up_crash_log(window)
    session = window.session
    if args.style:
        from ..core.context import Style

        session.set_style(Style(args.style))
    if args.demo:
        open_demo(session)
    if args.timestamps is not None:
        transcripts = [p for p in args.paths if not p.is_dir()]
        if len(transcripts) > 1:
            build_parser().error("--timestamps goes with one transcript")
        session.open(transcripts[0] if transcripts else None, args.timestamps, beside=not transcripts)
    elif args.paths:
        window.open_any(args.paths)
    if args.screenshot:
        window.resize(1440, 860)
    window.show()
    if args.screenshot:
        return _screenshot(app, window, args.screenshot)
    return app.exec()


def described(window: MainWindow) -> dict[str, str]:
    """The PNG's text chunks: the window's title and its menus as the picture
    shows them (the picture's words, e.g. for its alt text, readable without OCR)."""
    menus = [re.sub(r"\s*\(&.\)|&(?=.)", "", a.text()) for a in window.menuBar().actions() if a.isVisible()]
    return {
        "Title": window.windowTitle(),
        "Description": " · ".join(menus),
        "Software": f"timeline-inspector {__version__}",
    }


def _screenshot(app: QApplication, window: MainWindow, path: Path) -> int:
    """Save the window once loading and the preview are done (or after 20 s)."""
    done = {"saved": False}

    def save() -> None:
        if done["saved"]:
            return
        done["saved"] = True
        if window.table.model().rowCount():
            window.strip.select_row(min(10, window.table.model().rowCount() - 1))
        app.processEvents()
        path.parent.mkdir(parents=True, exist_ok=True)
        picture = window.grab().toImage()
        for key, text in described(window).items():
            picture.setText(key, text)
        picture.save(str(path))
        window.close()
        app.quit()

    window.session.previewChanged.connect(lambda: QTimer.singleShot(200, window, save))
    window.session.failed.connect(lambda _: QTimer.singleShot(200, window, save))
    QTimer.singleShot(20000, window, save)
    if not window.session.pair:
        QTimer.singleShot(300, window, save)
    app.exec()
    return 0 if path.exists() else 1

"""Cold start: process launch to the first painted main window (issue 33).

``python cold_start.py app`` launches the window on the demo as
``timeline-inspector --demo`` does; ``python cold_start.py bare`` a bare
PySide6 ``QMainWindow`` holding a ``QTableView``. Each process ends at the
first paint of its main window (a filter on that window alone), so
its wall time, measured by the caller, is launch to first paint.

Both start with settings of their own (an empty ``XDG_CONFIG_HOME``): the
row is a first start. With the machine's settings the app restored whatever
docks the last session on it left open (Repair, Recordings, Discussions:
their panels and engine modules built before the first paint), so the row
measured whoever ran the app last.
"""

import os
import sys


def _end_on_first_paint() -> None:
    """End the process at the first paint of a main window: a filter on the
    window alone, installed as it is shown. An application-wide filter (as
    this file had) calls Python for every event of every object and makes
    Python wrappers of Qt's own internal objects (the file watcher's engine,
    a ChildAdded away): that built 113 more enums of PySide6 types and cost
    the app's side far more than the bare window's, which has few objects."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QMainWindow

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                sys.stdout.flush()
                os._exit(0)
            return False

    shown = QMainWindow.show

    def show(window: QMainWindow) -> None:
        window.installEventFilter(FirstPaint(window))  # parented: kept alive
        shown(window)

    QMainWindow.show = show  # type: ignore[method-assign]


def main(kind: str) -> int:
    import tempfile

    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="cold-start-")  # removed with /tmp
    from PySide6.QtWidgets import QApplication

    app = QApplication([sys.argv[0]])
    _end_on_first_paint()
    if kind == "bare":
        from PySide6.QtWidgets import QMainWindow, QTableView

        window = QMainWindow()
        window.setCentralWidget(QTableView())
        window.show()
        return app.exec()
    from timeline_app.gui.launch import main as launch

    return launch(["--demo"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

"""Cold start: process launch to the first painted main window (issue 33).

``python cold_start.py app`` launches the window on the demo as
``timeline-inspector --demo`` does; ``python cold_start.py bare`` a bare
PySide6 ``QMainWindow`` holding a ``QTableView``. Each process ends at the
first paint of its top-level window (an application-wide event filter), so
its wall time, measured by the caller, is launch to first paint.
"""

import os
import sys


def _end_on_first_paint(app: object) -> None:
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QMainWindow

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and isinstance(watched, QMainWindow):
                sys.stdout.flush()
                os._exit(0)
            return False

    app.installEventFilter(FirstPaint(app))  # type: ignore[attr-defined]  (parented: kept alive)


def main(kind: str) -> int:
    from PySide6.QtWidgets import QApplication

    app = QApplication([sys.argv[0]])
    _end_on_first_paint(app)
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

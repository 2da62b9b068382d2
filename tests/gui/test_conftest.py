"""The GUI tests' own fixtures: what each test leaves behind."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from .helpers import delete_closed_widgets


def test_every_gui_test_deletes_the_widgets_it_closed(request) -> None:
    assert "closed_widgets_deleted" in request.fixturenames


def test_a_closed_widget_outlives_processing_events_but_not_the_deletes(qapp) -> None:
    widget = QWidget()
    widget.deleteLater()
    QCoreApplication.processEvents()
    assert shiboken6.isValid(widget), "processEvents ran a deferred delete: the fixture is not needed"
    delete_closed_widgets()
    assert not shiboken6.isValid(widget)

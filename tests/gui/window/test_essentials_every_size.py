"""The essentials read whole at every size (issue 31): in the smallest
window, at 1024x700 and at 1920x1080, in English and Chinese, for every
transcript format the fixtures hold and the demo, in every Time style.

Tryouts saw, at the minimum and at 1024: five rows of another year read
"2025-09-12 18:00" beside a Gap of "1 s" (their seconds dropped), CST rows
00:03 and 00:05 both "2025-09-13T00:…", the zone chip "middlewar…",
Recordings' header "…this machine's clock: zon", and the status bar
"… placeholder pending · unsav…" and "OpenAI-style re…", Repair's header
"Time to st…" (opened with nothing open, its columns Qt's default width). One test for the
class: no two rows with different times show the same Time text, and the
status bar's sections (counts, chips, files) and the docks' column headers
are not cut with "…".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QDockWidget, QHeaderView, QStyle, QStyleOptionHeader

from timeline_app.core.context import Style
from timeline_app.core.options import Choices
from timeline_app.core.store import TimestampStore
from timeline_app.gui.dialogs import questions
from timeline_app.gui.tables.timeline import Column
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import DEMO_NOW, DEMO_TIMESTAMPS, DEMO_TRANSCRIPT, cell_shown, layout_settled, open_and_wait

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
# every transcript the fixtures hold (cli_english.json holds the CLI's expected outputs), and the demo
SOURCES = [*sorted(p for p in FIXTURES.iterdir() if p.name != "cli_english.json"), DEMO_TRANSCRIPT]
SIZES = {"minimum": (1, 1), "1024x700": (1024, 700), "1920x1080": (1920, 1080)}
ZONE = Choices(wilmer_zone="Europe/Berlin")  # a chip: "middleware zone: Europe/Berlin ✕"


def _sized(window: MainWindow, size: str) -> None:
    layout_settled(window)
    window.resize(*SIZES[size])
    layout_settled(window)
    if size == "minimum":  # wrapped lines ask for their height at the new width: asked again
        window.resize(1, 1)
        layout_settled(window)


def times_read_alike(window: MainWindow) -> list[str]:
    """Rows whose times differ but whose Time cells read the same."""
    table, model = window.table, window.table.model()
    said: dict[str, set[str]] = {}
    for row in range(model.rowCount()):
        whole, shown = cell_shown(table, model.index(row, Column.TIME))
        said.setdefault(shown, set()).add(whole)
    return [f"{sorted(wholes)} all read {shown!r}" for shown, wholes in said.items() if len(wholes) > 1]


def cut_headers(window: MainWindow) -> list[str]:
    """The docks' column headers whose text is wider than its section
    (Qt draws it cut with "…"). A section partly scrolled out of its view
    is left out: the view scrolls to it."""
    cut = []
    for dock in window.findChildren(QDockWidget):
        for header in dock.findChildren(QHeaderView):
            if not header.isVisible() or header.orientation() != Qt.Orientation.Horizontal:
                continue
            for column in range(header.count()):
                left, width = header.sectionViewportPosition(column), header.sectionSize(column)
                if header.isSectionHidden(column) or left < 0 or left + width > header.width():
                    continue
                text = str(header.model().headerData(column, Qt.Orientation.Horizontal) or "")
                option = QStyleOptionHeader()
                header.initStyleOption(option)
                option.rect = QRect(left, 0, width, header.height())
                option.text, option.section = text, column
                room = header.style().subElementRect(QStyle.SubElement.SE_HeaderLabel, option, header).width()
                # a header on two lines (Recordings' clock under its name) is cut where a line is
                if max(header.fontMetrics().horizontalAdvance(line) for line in text.split("\n")) > room:
                    shown = header.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, room)
                    cut.append(f"{dock.objectName()} column {column} {text!r} shown as {shown!r}")
    return cut


def cut_status(window: MainWindow) -> list[str]:
    """The status bar's sections shown cut: the counts and the files'
    names elided past their briefest form, an option chip elided."""
    cut = []
    for label in (window.counts_label, window.files_label):
        if label.isVisible() and label.elided():
            cut.append(f"{label.objectName()}: {label.text()!r} shown as {label.shown_text()!r}")
    for chip in window.counts_bar.chips():
        if chip.shown_text() != chip.text():
            cut.append(f"chip {chip.text()!r} shown as {chip.shown_text()!r}")
    return cut


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_essentials_read_whole_for_every_format_and_style(
    qtbot, request, tmp_path: Path, monkeypatch, language: str, size: str
) -> None:
    request.getfixturevalue("chinese_layout" if language == "zh" else "english")
    # a multi-chat export asks which chat: the second, as a person might
    monkeypatch.setattr(questions, "pick_item", lambda parent, title, label, items, *a: (items[-1], True))
    window: MainWindow = request.getfixturevalue("make_window")()
    window.session.set_pinned_now(DEMO_NOW)
    window.resize(1300, 800)
    window.show()
    qtbot.waitExposed(window)
    for dock in window.findChildren(QDockWidget):  # every dock open, History and Recordings (their
        dock.setVisible(True)  # clocks named) each in front in turn
    window.recordings_dock.raise_()
    failures: list[str] = []
    fronts = (window.history_dock, window.recordings_dock, window.repair_dock)  # the tabs under the table
    for front in fronts:  # nothing open yet: Repair's headers were Qt's default widths, "Time to st…"
        front.raise_()
        _sized(window, size)  # the least size with that tab in front
        failures += [f"nothing open at {window.size().toTuple()}: {said}" for said in cut_headers(window)]
    for number, source in enumerate(SOURCES):
        folder = tmp_path / source.stem
        folder.mkdir()
        transcript = folder / source.name
        transcript.write_bytes(source.read_bytes())
        store = folder / "timestamps.json"
        store.write_bytes(DEMO_TIMESTAMPS.read_bytes() if source == DEMO_TRANSCRIPT else b"{}")
        open_and_wait(qtbot, window, transcript, store)
        session = window.session
        if number == len(SOURCES) // 2:  # the later half with the zone chip (the earlier: "zone unknown")
            with qtbot.waitSignal(session.changed, timeout=10000):
                session.set_choices(ZONE)
        if source == DEMO_TRANSCRIPT:  # edited: "unsaved edits" said too
            entries = session.working
            key = next(iter(entries.message_keys()))
            with qtbot.waitSignal(session.changed, timeout=10000):
                session.push_edit(TimestampStore({**entries.as_dict(), key: "2025-09-12 18:00:07"}), "edit")
        _sized(window, size)
        for style in (Style.ABSOLUTE, Style.RELATIVE, Style.CST):
            session.set_style(style)
            layout_settled(window)
            where = f"{source.name} {style.value} at {window.size().toTuple()}"
            failures += [f"{where}: {said}" for said in times_read_alike(window)]
        failures += [f"{source.name} at {window.size().toTuple()}: {said}" for said in cut_status(window)]
        if source == DEMO_TRANSCRIPT:  # Repair with proposals listed (the others' lists: none)
            with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=20000):
                window.repair_panel.refresh()
            assert window.repair_panel.model.rowCount()
        for front in fronts:
            front.raise_()
            _sized(window, size)
            failures += [
                f"{source.name} at {window.size().toTuple()}: {said}" for said in cut_headers(window)
            ]
        session.undo_stack.clear()
    docks = window.findChildren(QDockWidget)
    for alone in docks:  # the demo (Repair's proposals listed) with each dock alone: the window's least
        for dock in docks:  # size is another with each (Repair alone: 683 px wide, all open: 808)
            dock.setVisible(dock is alone)
        _sized(window, size)
        failures += [
            f"{alone.objectName()} alone at {window.size().toTuple()}: {said}" for said in cut_headers(window)
        ]
    assert not failures, "\n".join(dict.fromkeys(failures))


# a 100,000-message discussion's counts at their widest (``benchmarks.data`` writes one: "50,013
# tracked in 49,990 entries · 49,986 untracked · 496 orphans · 3,169 stored times after now"),
# every part the counts can say present at once; fed to the status bar, not loaded
COUNTS_100K = {
    "tracked": 100_000,
    "tracked entries": 99_990,
    "shared": 10,
    "sharing": 20,
    "untracked": 99_999,
    "orphans": 49_986,
    "given back": 12_222,
    "future": 22_222,
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_100k_discussions_status_reads_whole(
    qtbot, request, monkeypatch, tmp_path: Path, language: str, size: str
) -> None:
    """Issue 31: with the 100k discussion the English status bar read
    "… 2,222 stored ti…" at 1024 px. With a 100,000-message discussion's
    counts (every part said: shared entries, future times, times given
    back, the placeholder, unsaved edits or times not on disk) and an
    option chip, nothing on the status bar is cut, at every size: the
    counts go on a line under their first when one line cannot hold them."""
    from timeline_app.gui.panels import status
    from timeline_app.gui.session import DiscussionSession

    request.getfixturevalue("chinese_layout" if language == "zh" else "english")
    window: MainWindow = request.getfixturevalue("make_window")()
    window.session.set_pinned_now(DEMO_NOW)
    window.show()
    qtbot.waitExposed(window)
    monkeypatch.setattr(status, "status_counts", lambda discussion: COUNTS_100K)
    held = [0]  # times not on disk: none (edits unsaved), then all (the file gone)
    monkeypatch.setattr(DiscussionSession, "times_not_on_disk", property(lambda session: held[0]))
    folder = tmp_path / "100000-half"
    folder.mkdir()
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    transcript.write_bytes(DEMO_TRANSCRIPT.read_bytes())
    store.write_bytes(DEMO_TIMESTAMPS.read_bytes())
    open_and_wait(qtbot, window, transcript, store)
    session = window.session
    with qtbot.waitSignal(session.changed, timeout=10000):
        session.set_choices(ZONE)
    key = next(iter(session.working.message_keys()))
    with qtbot.waitSignal(session.changed, timeout=10000):
        session.push_edit(TimestampStore({**session.working.as_dict(), key: "2025-09-12 18:00:07"}), "edit")
    cut = []
    for held[0] in (0, 99_999):
        window.counts_bar.refresh()
        _sized(window, size)
        counts = window.counts_label
        assert counts.text().startswith("99,999" if held[0] else "100,000") or language == "zh", counts.text()
        cut += [f"at {window.size().toTuple()}: {said}" for said in cut_status(window)]
        assert window.statusBar().geometry().right() <= window.width(), (
            "the status bar is wider than the window"
        )
    assert not cut, "\n".join(cut)

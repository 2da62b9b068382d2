"""Helpers the GUI tests share (not fixtures: those are in conftest.py): the translation compiled as the build does, keys pressed as a person presses them, the demo opened and waited on."""

from __future__ import annotations

import ast
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from conftest import ROOT
from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QFontDatabase,
    QFontMetrics,
    QKeySequence,
    QPalette,
    QShortcut,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QDialog,
    QDockWidget,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QStyle,
    QStyleOptionViewItem,
    QTabBar,
    QTabWidget,
    QTextBrowser,
    QWidget,
)

from timeline_app.core.hashing import content_hash
from timeline_app.core.timestrings import format_absolute
from timeline_app.core.zones import get_zone, now_in
from timeline_app.gui.launch import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT, open_demo
from timeline_app.gui.tables.base import item_text_margin
from timeline_app.gui.widgets.keys import mnemonic_of
from timeline_app.gui.widgets.text_lines import cell_text_area, wrapped_lines
from timeline_app.gui.window.main_window import MainWindow
from timeline_app.gui.wording import relative_words

from .ui_texts import widget_path

TS_FILE = ROOT / "resources" / "translations" / "timeline_inspector_zh_CN.ts"

NO_CHINESE_FONT = (
    "no font here draws Chinese (Debian: apt-get install fonts-wqy-microhei; .ci/run installs it)"
)


def require_chinese_font() -> None:
    """Chinese layouts are measured in the glyphs a reader sees: without a font
    that draws them, Qt draws boxes of another width and the figures mean
    nothing. A failure, never a skip, in CI (CI=true) and out of it alike: a
    run must not go green without having measured."""
    if not QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese):
        pytest.fail(NO_CHINESE_FONT)


HAN = re.compile(r"[\u4e00-\u9fff]")


def compile_ts(qm: Path, ts: Path = TS_FILE) -> Path:
    """What ``make translations`` does (``pyside6-lrelease``), so tests need no
    make step first; into a temporary folder, never the checkout's (the suite
    leaves the checkout as it found it)."""
    assert not qm.resolve().is_relative_to(ROOT.resolve()), f"{qm}: tests compile outside the checkout"
    lrelease = Path(sys.executable).with_name("pyside6-lrelease")
    subprocess.run([str(lrelease), "-silent", str(ts), "-qm", str(qm)], check=True, capture_output=True)
    return qm


def _marked(path: Path) -> list[tuple[str | None, str, bool]]:
    """(context or None for ``self.tr``, source, plural) of every literal
    ``tr``/``translate``/``QT_TRANSLATE_NOOP`` call in a file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute | ast.Name):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
        literals = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
        if name == "tr" and literals and isinstance(literals[0], str):
            found.append((None, literals[0], len(node.args) >= 3))
        elif (
            name in ("translate", "QT_TRANSLATE_NOOP") and len(literals) >= 2 and isinstance(literals[1], str)
        ):
            found.append((literals[0], literals[1], len(node.args) >= 4))
    return found


CTRL = Qt.KeyboardModifier.ControlModifier


SHIFT = Qt.KeyboardModifier.ShiftModifier


ALT = Qt.KeyboardModifier.AltModifier


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def press(qtbot, key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """A key as a person presses it: to whatever has the focus."""
    qtbot.keyClick(focused(), key, modifiers)


def show_active(qtbot, window: MainWindow) -> None:
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.table.setFocus()


def _apply_high_repairs(qtbot, window: MainWindow) -> None:
    """Open the repair view and apply what it accepts by default (the high proposal for #14)."""
    with qtbot.waitSignal(window.repair_panel.proposalsReady, timeout=10000):
        window.actions_by_name["repair"].trigger()
    window.repair_panel.apply_button.click()
    qtbot.waitUntil(lambda: window.model.row_at(14).status.value == "tracked", timeout=10000)


def overlapping(root: QWidget) -> list[str]:
    """Visible widgets a layout drew over a sibling: it was given less
    height than its wrapped lines take (Repair's check boxes over its buttons)."""
    found = []
    for parent in [root, *root.findChildren(QWidget)]:
        if not parent.isVisible() or parent.layout() is None or isinstance(parent, QMainWindow):
            continue  # the main window's docks and tab bars are Qt's to place
        kids = [w for w in parent.children() if isinstance(w, QWidget) and w.isVisible() and not w.isWindow()]
        for i, one in enumerate(kids):
            found += [
                f"{widget_path(one)} {one.geometry().getRect()} overlaps "
                f"{widget_path(other)} {other.geometry().getRect()}"
                for other in kids[i + 1 :]
                if one.geometry().intersects(other.geometry())
            ]
    return found


def text_room(view: QAbstractItemView, index: QModelIndex) -> tuple[int, int]:
    """(pixels the cell's text needs, pixels the style gives it)."""
    option = QStyleOptionViewItem()
    option.rect = view.visualRect(index)
    option.features = QStyleOptionViewItem.ViewItemFeature.HasDisplay
    if index.data(Qt.ItemDataRole.CheckStateRole) is not None:
        option.features |= QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
    font = index.data(Qt.ItemDataRole.FontRole)
    option.font = font if isinstance(font, QFont) else view.font()
    text = str(index.data() or "")
    option.text = text
    # the style draws (and elides) the text inside its own margin on both sides
    _, room = cell_text_area(view, option)
    return QFontMetrics(option.font).horizontalAdvance(text), room


def cut_cells(view: QAbstractItemView, may_elide: set[int], rows: int = 40) -> list[str]:
    """The cells in view (of the first ``rows`` rows) whose text is cut (elided)."""
    found = []
    model = view.model()
    viewport = view.viewport().rect()
    for row in range(min(rows, model.rowCount())):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            if column in may_elide or not view.visualRect(index).intersects(viewport):
                continue
            needed, room = text_room(view, index)
            if needed > room:
                found.append(
                    f"{widget_path(view)} row {row} column {column} needs {needed}, has {room}: {index.data()!r}"
                )
    return found


def cut_wrapped_cell(view: QAbstractItemView, index: QModelIndex) -> str:
    """Why a word-wrapped cell's text is not whole in view ("" when it is):
    the cell lies outside the viewport, or its lines, wrapped as the style
    wraps them at the width it gives the text, are taller than the cell."""
    rect = view.visualRect(index)
    if not view.viewport().rect().contains(rect):
        return f"row {index.row()} column {index.column()} at {rect.getRect()} is not wholly in view"
    option = QStyleOptionViewItem()
    option.rect = rect
    option.features = (
        QStyleOptionViewItem.ViewItemFeature.HasDisplay | QStyleOptionViewItem.ViewItemFeature.WrapText
    )
    option.font = view.font()
    text = str(index.data() or "")
    option.text = text
    area, room = cell_text_area(view, option)
    lines = wrapped_lines(text, view.font(), room)
    if any(line.width > room + 0.5 for line in lines):
        return f"row {index.row()} column {index.column()}: a word wider than the cell: {text!r}"
    height = sum(line.height for line in lines)
    if height > area.height():
        return (
            f"row {index.row()} column {index.column()} needs {height:.0f} px, has {area.height()}: {text!r}"
        )
    return ""


T1, T2 = "(Sunday, 2025-09-21 10:00:00)", "(Sunday, 2025-09-21 10:05:00)"


def _chat(folder: Path, contents: list[str], tag: str | None = None, stamped: bool = True) -> Path:
    """A transcript in ``folder`` (with a discussion id tag when given) and,
    when ``stamped``, its own timestamps.json beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    messages = [{"role": "user" if i % 2 == 0 else "assistant", "content": c} for i, c in enumerate(contents)]
    if tag:  # the middleware removes the tag before hashing
        messages[0]["content"] = f"[DiscussionId]{tag}[/DiscussionId]" + messages[0]["content"]
    transcript = folder / "chat.json"
    transcript.write_text(json.dumps(messages))
    if stamped:
        hashes = [content_hash(c) for c in contents]
        (folder / "timestamps.json").write_text(json.dumps(dict(zip(hashes, [T1, T2] * 10, strict=False))))
    return transcript


def _open(qtbot, window: MainWindow, transcript: Path | None = None, store: Path | None = None, **kw) -> None:
    with qtbot.waitSignal(window.session.loaded, timeout=20000):
        window.session.open(transcript, store, **kw)


def answer_modal(qtbot, read: Callable[[QWidget], None], close: Callable[[QWidget], None]) -> list[str]:
    """Arm a timer that waits for the next modal widget, reads it and closes
    it; returns a list that holds "done" once it ran (assert it after)."""
    done: list[str] = []

    def look() -> None:
        modal = QApplication.activeModalWidget()
        if modal is None:
            QTimer.singleShot(20, look)
            return
        try:
            read(modal)
        finally:
            close(modal)
            done.append("done")

    QTimer.singleShot(0, look)
    return done


def _help_page(qtbot, window: MainWindow, name: str) -> QDialog:
    window.actions_by_name[name].trigger()
    dialog = window.help.dialogs[name]
    qtbot.waitExposed(dialog)
    return dialog


WAIT = 20000


def _choose_theme(qtbot, window: MainWindow, theme: str, *widgets: QWidget) -> None:
    """View > Theme > ``theme``, and wait until ``widgets`` have the new palette."""
    window.theme_actions[theme].trigger()
    wanted = QApplication.palette()

    def arrived() -> bool:
        roles = (QPalette.ColorRole.Window, QPalette.ColorRole.Highlight)
        groups = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Disabled)
        return all(
            w.palette().color(g, r) == wanted.color(g, r) for w in widgets for g in groups for r in roles
        )

    qtbot.waitUntil(arrived, timeout=5000)


def _open_simulation(qtbot, window: MainWindow):
    show_active(qtbot, window)
    qtbot.keyClick(window.table, Qt.Key.Key_R, CTRL)
    dialog = window.simulation_dialog
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=WAIT)
    return dialog


DEMO_NOW = datetime(2025, 9, 21, 8, 6, 0)


def open_and_wait(qtbot, window: MainWindow, transcript: Path | None, store: Path | None) -> None:
    with qtbot.waitSignals(
        [window.session.loaded, window.session.previewChanged], timeout=20000, order="strict"
    ):
        window.session.open(transcript, store, beside=False)


def show_pair(
    qtbot, window: MainWindow, transcript: Path = DEMO_TRANSCRIPT, store: Path = DEMO_TIMESTAMPS
) -> None:
    """The pair opened at the demo's pinned now, the window shown."""
    window.session.set_pinned_now(DEMO_NOW)
    open_and_wait(qtbot, window, transcript, store)
    window.show()
    qtbot.waitExposed(window)


def demo_copy_shown(qtbot, window: MainWindow, folder: Path) -> tuple[Path, Path]:
    """The demo's pair copied into ``folder`` (made here) and shown: files a
    test may change underneath the window, as the middleware would."""
    folder.mkdir()
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    shutil.copy(DEMO_TRANSCRIPT, transcript)
    shutil.copy(DEMO_TIMESTAMPS, store)
    show_pair(qtbot, window, transcript, store)
    return transcript, store


def answer_next_dialog(qtbot, answer) -> None:
    """Answer the next modal dialog the app opens: ``answer(dialog)`` fills and
    accepts (or rejects) it, as a person would, through its real widgets."""

    def attempt() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(20, attempt)
            return
        answer(dialog)

    QTimer.singleShot(0, attempt)


def give_key(key: str, username: str = ""):
    """An ``answer`` for the encrypted-file dialog."""

    def answer(dialog) -> None:
        dialog.findChild(QLineEdit, "apiKey").setText(key)
        dialog.findChild(QLineEdit, "username").setText(username)
        dialog.accept()

    return answer


def _menus(menu: QMenu) -> list[QMenu]:
    found = [menu]
    for action in menu.actions():
        if action.menu() is not None:
            found += _menus(action.menu())
    return found


def assert_menu_mnemonics_are_own(window: MainWindow) -> None:
    """Every menu title and item has a mnemonic, none shared within a menu: in
    every language (the English and the Chinese tests call this)."""
    bar = window.menuBar()
    tops = [a.menu() for a in bar.actions()]
    assert all(mnemonic_of(a.text()) for a in bar.actions())
    for menu in [m for top in tops for m in _menus(top)]:
        items = [a for a in menu.actions() if not a.isSeparator()]
        letters = [mnemonic_of(a.text()) for a in items]
        assert all(letters), [a.text() for a in items if not mnemonic_of(a.text())]
        assert len(set(letters)) == len(letters), (menu.title(), [a.text() for a in items])


def panel_buttons_mnemonics(panel: QWidget) -> list[str]:
    """The mnemonics of ``panel``'s buttons, each once per button that has one."""
    return [m for m in (mnemonic_of(b.text()) for b in panel.findChildren(QAbstractButton)) if m]


def assert_repair_buttons_have_own_mnemonics(window: MainWindow) -> None:
    """The Repair dock's buttons each have a mnemonic of their own (in every language)."""
    window.repair_dock.show()
    letters = panel_buttons_mnemonics(window.repair_panel)
    assert len(letters) >= 5
    assert len(set(letters)) == len(letters), letters


def _open_demo(qtbot, window: MainWindow) -> None:
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=WAIT):
        open_demo(window.session)


def _own_chat(tmp_path: Path, window: MainWindow, ago: timedelta) -> tuple[Path, Path]:
    """A chat of one's own: two messages stored ``ago`` before the live clock."""
    zone = get_zone(window.session.options.wilmer_zone)
    when = now_in(zone).replace(microsecond=0, tzinfo=None) - ago
    messages = [{"role": "user", "content": "my own question"}, {"role": "assistant", "content": "my answer"}]
    transcript, store = tmp_path / "mine.json", tmp_path / "timestamps.json"
    transcript.write_text(json.dumps(messages))
    store.write_text(json.dumps({content_hash(m["content"]): format_absolute(when) for m in messages}))
    return transcript, store


def _close_by_keys(qtbot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.session.closed, timeout=WAIT):
        qtbot.keyClick(window.table, Qt.Key.Key_W, CTRL)


def jobs_idle(qtbot, session) -> None:
    """The session's job runner has nothing under way: every result (or error)
    handed over and shown, and whatever those started has finished too. Then a
    "nothing (else) happened" assert means something, on a slow machine too."""
    qtbot.waitUntil(lambda: session.jobs.idle, timeout=20000)


def disk_settled(qtbot, session) -> None:
    """What the file watcher has seen so far has been looked at: the events the
    kernel queued are delivered, and a debounce they started has fired and the
    files were compared (``diskChecked``): a change would be said by now."""
    for _ in range(3):  # the watcher's notifier, then what it posts
        QApplication.processEvents()
    if session.disk_check_due:
        with qtbot.waitSignal(session.diskChecked, timeout=20000):
            pass
    jobs_idle(qtbot, session)  # a re-read the check started has been shown


def layout_settled(window: QWidget, rounds: int = 3, limit: int = 500) -> None:
    """The window's layout has settled: posted layout requests and the fits
    run on zero-interval timers are done, and no visible widget moved or
    changed size over ``rounds`` turns of the event loop in a row. Counted in
    turns, not milliseconds: a slow machine takes longer, never fewer turns,
    so the asserts after it see what a person would see once it stops moving."""

    def geometry() -> list[tuple[int, tuple[int, int, int, int]]]:
        shown = [window, *window.findChildren(QWidget)]
        return [(id(w), w.geometry().getRect()) for w in shown if w.isVisible()]

    last, same = None, 0
    for _ in range(limit):
        QApplication.sendPostedEvents()
        QApplication.processEvents()
        now = geometry()
        same = same + 1 if now == last else 0
        if same >= rounds:
            return
        last = now
    raise AssertionError(f"the layout of {window!r} kept moving for {limit} turns of the event loop")


def image_widths(browser: QTextBrowser) -> list[int]:
    """The width each picture of the browser's document is shown at."""
    widths = []
    block = browser.document().begin()
    while block.isValid():
        for fragment in (it.fragment() for it in block):
            if fragment.charFormat().isImageFormat():
                widths.append(fragment.charFormat().toImageFormat().width())
        block = block.next()
    return widths


def clipped_headers(root: QWidget) -> list[str]:
    """The column headers under ``root`` whose (centred) text is drawn cut
    off on both sides without an ellipsis: ink in both the first and the
    last column of the label's room (the section within its margins). A
    whole label, even one fitted tightly (Qt's fit leaves no pixel beside
    it), leaves at least one of them blank, as does one elided with "…"
    (centred, the dots' own spacing after them). Sections partly scrolled
    out of their view are left out (the view scrolls)."""
    found = []
    for header in root.findChildren(QHeaderView):
        if not header.isVisible() or header.orientation() != Qt.Orientation.Horizontal:
            continue
        image = header.grab().toImage()
        ratio = image.devicePixelRatio()
        palette = header.palette()
        ground, ink = palette.color(QPalette.ColorRole.Button), palette.color(QPalette.ColorRole.ButtonText)

        def far(colour: QColor, ground: QColor = ground) -> int:
            return sum(abs(a - b) for a, b in zip(colour.getRgb()[:3], ground.getRgb()[:3], strict=True))

        least = far(ink) // 2
        margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
        rows = range(header.height() // 4, 3 * header.height() // 4)
        model = header.model()
        for column in range(header.count()):
            left, width = header.sectionViewportPosition(column), header.sectionSize(column)
            if header.isSectionHidden(column) or left < 0 or left + width > header.width() or width <= 0:
                continue
            edges = [left + margin, left + width - margin - 1]
            inked = [
                x
                for x in edges
                if any(far(image.pixelColor(int(x * ratio), int(y * ratio))) >= least for y in rows)
            ]
            if len(inked) == len(edges):
                text = model.headerData(column, Qt.Orientation.Horizontal)
                found.append(
                    f"{widget_path(header.parentWidget())} column {column} {text!r}: ink at x={inked}"
                )
    return found


# a letter shown in brackets as a Chinese mnemonic is written, "修复(R)"; with
# no "&" before it, it is a letter the reader is told to press that does nothing
SHOWN_LETTER = re.compile(r"\(([A-Za-z0-9])\)")


def _shown_mnemonics(widget: QWidget) -> list[tuple[str, str]]:
    """(letter, text) of each mnemonic ``widget`` shows: its own text, a tab
    bar's tabs, a group box's title (a label's, when it has a buddy); and a
    letter in brackets with no ``&`` (shown as one, pressed to no effect) as ``"!"``."""
    if isinstance(widget, QTabBar):
        texts = [widget.tabText(i) for i in range(widget.count()) if widget.isTabVisible(i)]
    elif isinstance(widget, QAbstractButton):
        texts = [widget.text()]
    elif isinstance(widget, QGroupBox):
        texts = [widget.title()]
    elif isinstance(widget, QLabel) and widget.buddy() is not None:
        texts = [widget.text()]
    else:
        return []
    shown = []
    for text in texts:
        letter = mnemonic_of(text)
        if letter is not None:
            shown.append((letter, text))
        elif SHOWN_LETTER.search(text.replace("&&", "")):
            shown.append(("!", text))
    return shown


def alt_shortcuts(window: MainWindow) -> list[tuple[str, str]]:
    """(letter, command) of each Alt+key the window's actions and shortcuts
    bind (Alt+1 … Alt+8 open the panes): a mnemonic on that key would clash
    with it, enabled or not yet. Ctrl+Alt+… and the like are other keys."""
    bound = [(a.text(), a.shortcuts()) for a in window.findChildren(QAction)]  # disabled: for now
    bound += [(s.objectName() or "shortcut", [s.key()]) for s in window.findChildren(QShortcut)]
    found = []
    for name, sequences in bound:
        for sequence in sequences:
            if sequence.count() != 1:
                continue
            combination = sequence[0]
            if combination.keyboardModifiers() == Qt.KeyboardModifier.AltModifier:
                key = QKeySequence(combination.key()).toString().lower()
                if len(key) == 1:
                    found.append((key, f"{name} ({sequence.toString()})"))
    return found


def window_alt_keys(window: MainWindow) -> list[tuple[str, str]]:
    """(letter, what) of every Alt+letter the window answers as it is now:
    the menu bar's titles, the mnemonics of every visible widget of the
    window itself (buttons, check boxes, labels with a buddy, group boxes,
    tabs, dock tabs; a bracketed letter that is no mnemonic as ``"!"``) and
    the Alt+ shortcuts of its actions (``alt_shortcuts``)."""
    shown = [(letter, a.text()) for a in window.menuBar().actions() if (letter := mnemonic_of(a.text()))]
    for widget in window.findChildren(QWidget):
        if widget.isVisible() and widget.window() is window:
            shown += _shown_mnemonics(widget)
    return shown + alt_shortcuts(window)


def alt_clashes(shown: list[tuple[str, str]]) -> dict[str, list[str]]:
    """The letters two or more of ``shown`` (``window_alt_keys``) take, with what takes each."""
    letters = [letter for letter, _ in shown]
    return {
        letter: [text for other, text in shown if other == letter]
        for letter in set(letters)
        if letters.count(letter) > 1 and letter not in DELIBERATE_CYCLES
    }


def _layouts(window: MainWindow) -> Iterator[str]:
    """Raise in turn every dock of each group of tabbed docks, every page of
    the window's tab widgets, every combination; yield a name of each state."""
    docks = [d for d in window.findChildren(QDockWidget) if d.toggleViewAction().isChecked()]
    groups: list[list[QDockWidget]] = []
    for dock in docks:
        if not any(dock in group for group in groups):
            groups.append([dock, *[d for d in window.tabifiedDockWidgets(dock) if d in docks]])
    raisings: list[list[Callable[[], str]]] = [
        [lambda d=d: (d.raise_(), d.objectName())[1] for d in group] for group in groups
    ]
    for tabs in window.findChildren(QTabWidget):
        raisings.append(
            [
                lambda t=tabs, i=i: (t.setCurrentIndex(i), f"{t.objectName()}:{i}")[1]
                for i in range(tabs.count())
            ]
        )
    for choice in itertools.product(*raisings):
        names = [raise_() for raise_ in choice]
        QApplication.processEvents()
        yield " + ".join(names)


def assert_visible_mnemonics_are_unique(window: MainWindow) -> None:
    """With every dock open, in each way tabbed docks and pages can be raised,
    the mnemonics the window shows at once (menu bar, toolbar, the docks'
    buttons, tabs, fields) are each reached by one widget: Alt+letter does
    what it says. Two widgets with one letter make Qt cycle the focus between
    them and press neither, and a letter shown in brackets without being a
    mnemonic (a toolbar button's "(R)") presses nothing; no clash is
    deliberate here (``DELIBERATE_CYCLES`` would name one)."""
    for dock in window.findChildren(QDockWidget):
        dock.show()
    QApplication.processEvents()  # the docks tabbed as they were before they were closed
    states = 0
    for state in _layouts(window):
        states += 1
        shown = window_alt_keys(window)
        fake = [text for letter, text in shown if letter == "!"]
        assert not fake, (state, fake)
        clashes = alt_clashes(shown)
        assert not clashes, (state, clashes)
    assert states >= 4


DELIBERATE_CYCLES: frozenset[str] = frozenset()  # letters two widgets share on purpose: none


def assert_keys_read_as_pressed(shown: dict[str, str]) -> None:
    """No row names one key twice, none names Qt's Backtab (the shortcut list, English and Chinese)."""
    for command, keys in shown.items():
        names = keys.split(", ")
        assert len(set(names)) == len(names), (command, keys)
        assert "Backtab" not in keys, (command, keys)


def cell_shown(table: QAbstractItemView, index: QModelIndex) -> tuple[str, str]:
    """(a cell's whole text, what its delegate leaves of it in its column's
    room, as Qt draws it): what a reader sees of the cell."""
    option = QStyleOptionViewItem()
    option.rect = table.visualRect(index)
    table.itemDelegateForIndex(index).initStyleOption(option, index)
    room = table.columnWidth(index.column()) - item_text_margin(table)
    return str(index.data() or ""), option.fontMetrics.elidedText(option.text, option.textElideMode, room)


def tree_cell_shown(view: QAbstractItemView, index: QModelIndex) -> str:
    """What a tree's cell shows of its text: its delegate's text cut to the
    room left beside the branch, the icon and the margins (``cell_text_area``)."""
    from timeline_app.gui.widgets.text_lines import cell_text_area

    option = QStyleOptionViewItem()
    option.rect = view.visualRect(index)
    view.itemDelegateForIndex(index).initStyleOption(option, index)
    _, room = cell_text_area(view, option)
    return option.fontMetrics.elidedText(option.text, view.textElideMode(), room)


def question_seen(box: QMessageBox) -> tuple[str, str, list[str], str]:
    """A question as its reader sees it: title, text, its buttons' texts and
    the default one's (what Enter answers)."""
    default = box.defaultButton()
    return box.windowTitle(), box.text(), [b.text() for b in box.buttons()], default.text() if default else ""


def answer_by_enter(qtbot, seen: list[tuple[str, str, list[str], str]]) -> list[str]:
    """``answer_modal`` for the next question: read into ``seen`` as
    ``question_seen`` reads it, answered as Enter answers it (its default)."""

    def read(box: QWidget) -> None:
        assert isinstance(box, QMessageBox)
        seen.append(question_seen(box))

    def enter(box: QWidget) -> None:
        assert isinstance(box, QMessageBox)
        (box.defaultButton() or box.buttons()[-1]).click()

    return answer_modal(qtbot, read, enter)


_SENT = re.compile(r"^\[Sent (.*) ago\]$")
_LONG_UNIT = {"day": "d", "days": "d", "hour": "h", "hours": "h", "minute": "min", "minutes": "min"}


def time_misstatement(whole: str, shown: str, this_year: int | None = None) -> str | None:
    """How ``shown`` misstates the time ``whole``, or None when it does not
    (issue 31): a cut keeps the mark, the year and the largest units, and
    drops only the smallest ("8 d 14 h… ago", "2025-09-13 00:00"); the year
    goes only when it is ``this_year`` (the caller checks every row is of
    it); brackets only on the text whole (bracketed, it reads as the text
    the model receives)."""
    if shown == whole:
        return None
    if whole.startswith("≈ ") and not shown.startswith("≈"):
        return "its mark lost"
    if re.search(r"[\[\]()]", shown):
        return "bracketed, but not the text whole"
    rest = whole.removeprefix("≈ ")
    sent = _SENT.match(rest)
    if sent is not None and not re.search(r"\d", rest):  # "less than a minute"
        under = ("< 1 min ago", relative_words().under_a_minute)  # the window's own form, in its language
        kept = shown.removeprefix("≈ ").rstrip("…")
        return None if "1" in kept and any(u.startswith(kept) for u in under) else "not under a minute"
    said, kept = re.findall(r"\d+", rest), re.findall(r"\d+", shown)
    if not kept:
        return "no number left"
    year = re.match(r"\(?(?:[A-Za-z]+, )?(\d{4})-", rest)
    if year is not None and kept[0] != year.group(1) and not (len(kept[0]) < 4 and "…" in shown):
        if int(year.group(1)) != this_year:
            return "its year lost"
        said = said[1:]
    if kept[:-1] != said[: len(kept) - 1]:
        return "another time (its largest units changed)"
    last = said[len(kept) - 1] if len(kept) <= len(said) else None
    if last is None or not (kept[-1] == last or (last.startswith(kept[-1]) and re.search(r"\d…", shown))):
        return "another time (a number changed)"
    if sent is not None:
        units = [_LONG_UNIT[u] for u in re.findall(r"\d+ ([a-z]+)", sent.group(1))]
        shown_units = re.findall(r"\d+ ?([a-z]+)", shown)
        if shown_units != units[: len(shown_units)]:
            return "its units changed"
        if len(kept) < len(said) and "…" not in shown:
            return "units dropped without saying so"
    return None


def append_exchange(transcript: Path, store: Path, number: int) -> list[str]:
    """One exchange, as the middleware writes it, into an OpenAI request body
    (``{"messages": [...]}``): the messages, then their hashes at the current
    time in the file, replaced atomically. Returns the two hashes."""
    document = json.loads(transcript.read_text(encoding="utf-8"))
    added = [f"live question {number}", f"live answer {number}"]
    document["messages"] += [
        {"role": "user", "content": added[0]},
        {"role": "assistant", "content": added[1]},
    ]
    entries = json.loads(store.read_text(encoding="utf-8"))
    stamp = datetime.now().strftime("(%A, %Y-%m-%d %H:%M:%S)")
    hashes = [content_hash(text) for text in added]
    for key in hashes:
        entries[key] = stamp
    transcript.write_text(json.dumps(document), encoding="utf-8")
    part = store.with_name(store.name + ".part")
    part.write_text(json.dumps(entries, indent=4), encoding="ascii")
    os.replace(part, store)
    return hashes


class GuiThreadFileWork:
    """What of the file work (a file opened or read, JSON parsed or
    serialized, content hashed) runs on the GUI thread while it is entered:
    the primitives every reader, parser, hasher and writer of the engine
    goes through are wrapped (looked up at call time as module attributes,
    so each call is seen), and a call made on the application's thread is
    noted with its size and the engine's frame that made it. Issue 29: the
    window froze at 100k wherever one of these ran there. Writes are noted
    apart (``writes``): Save's last step, the atomic write, is the GUI
    thread's on purpose (a small fraction of the stall, said by its test)."""

    def __init__(self) -> None:
        self._monkeypatch = pytest.MonkeyPatch()
        self.reads: list[str] = []  # a file opened for reading, or read, JSON parsed, serialized, hashed
        self.writes: list[str] = []

    def _note(self, what: str, size: int, *, write: bool = False) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        frame = sys._getframe(2)
        callers: list[str] = []  # the engine's and the window's frames that made it, innermost first
        while frame is not None and len(callers) < 4:
            name = frame.f_code.co_filename
            if "timeline_app" in name:
                callers.append(f"{Path(name).name}:{frame.f_lineno} {frame.f_code.co_name}")
            frame = frame.f_back
        if not callers:  # the test's own work (writing its files, reading them to assert)
            return
        where = " < ".join(callers)
        (self.writes if write else self.reads).append(f"{what} ({size:,} B) in {where}")

    def __enter__(self) -> GuiThreadFileWork:
        import builtins
        import hashlib
        import io

        import orjson

        note = self._note
        opened, fdopened, read, os_open = io.open, os.fdopen, os.read, os.open
        sha256 = hashlib.sha256

        def open_(file: object, mode: str = "r", *args: object, **kwargs: object) -> object:
            note(f"open {file} {mode!r}", 0, write=any(c in mode for c in "wax+"))
            return opened(file, mode, *args, **kwargs)

        def fdopen(fd: int, mode: str = "r", *args: object, **kwargs: object) -> object:
            note(f"fdopen {mode!r}", 0, write=any(c in mode for c in "wax+"))
            return fdopened(fd, mode, *args, **kwargs)

        def os_read(fd: int, n: int) -> bytes:
            data = read(fd, n)
            note("os.read", len(data))
            return data

        def os_open_(path: object, flags: int, *args: object, **kwargs: object) -> int:
            folder = os.path.isdir(path)  # type: ignore[arg-type]
            writes = bool(flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))
            if not folder:  # a folder opened to fsync it is no read
                note(f"os.open {path}", 0, write=writes)
            return os_open(path, flags, *args, **kwargs)

        def hashed(data: bytes = b"", **kwargs: object) -> object:
            note("sha256", len(data))
            return sha256(data, **kwargs)

        self._monkeypatch.setattr(builtins, "open", open_)
        self._monkeypatch.setattr(io, "open", open_)
        self._monkeypatch.setattr(os, "fdopen", fdopen)
        self._monkeypatch.setattr(os, "read", os_read)
        self._monkeypatch.setattr(os, "open", os_open_)
        self._monkeypatch.setattr(hashlib, "sha256", hashed)
        for module, name in ((orjson, "loads"), (orjson, "dumps"), (json, "loads"), (json, "dumps")):
            original = getattr(module, name)

            def wrapped(
                value: object,
                *args: object,
                _original=original,
                _name=f"{module.__name__}.{name}",
                **kwargs: object,
            ) -> object:
                result = _original(value, *args, **kwargs)
                sized = value if "loads" in _name else result
                note(_name, len(sized) if isinstance(sized, (bytes, str)) else 0)
                return result

            self._monkeypatch.setattr(module, name, wrapped)
        return self

    def __exit__(self, *exc: object) -> None:
        self._monkeypatch.undo()

    LARGE = 16 * 1024  # a message's hash, a setting's JSON are no file work; a file's are larger

    def file_work(self, folder: Path) -> list[str]:
        """The GUI thread's reads of files under ``folder`` (the discussion's)
        and its parsing, serializing and hashing of ``LARGE`` bytes or more."""
        return [
            read
            for read in self.reads
            if str(folder) in read.split(" in ")[0]
            or int(re.findall(r"\(([\d,]+) B\)", read)[-1].replace(",", "")) >= self.LARGE
        ]


def delete_closed_widgets() -> None:
    """Runs the deferred deletes now: widgets a test closed with
    ``deleteLater`` (pytest-qt's teardown does) are destroyed at once, not in
    whichever later test next spins an event loop (``processEvents`` never
    runs them)."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

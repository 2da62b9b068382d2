"""The Help menu's pages: legend of the strip, keyboard shortcuts, About and the user guide
(the menu's commands are ``help_menu``'s, which imports this module when a page is first shown).

Nothing here is written twice: the legend paints with the strip's own colours
(``widgets.colours``) and sizes (``strip``), the shortcut list is generated from the
action table (``actions``), the versions are asked of the running libraries,
and the guide is ``docs/guide.md`` itself (the installed copy in a wheel or a
bundle). Every dialog is modeless: the user keeps working beside it.
"""

from __future__ import annotations

import html
import platform
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import PySide6
from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QKeyCombination,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QUrl,
    qVersion,
)
from PySide6.QtGui import (
    QAction,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPolygonF,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QMenuBar,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ... import __version__
from ...core.context import Style
from ...core.timeline import Flag, Status
from ..panels.filter_bar import FILTER_KEYS
from ..panels.history import HISTORY_KEYS
from ..panels.recordings import RECORDINGS_KEYS
from ..resources import GUIDE, guide_in
from ..strip.layout import step_width
from ..strip.marks import paint_mark, paint_state
from ..strip.view import LANE_HEIGHT, MARK_WIDTH, SCALE_STATEMENT, STRIP_KEYS, scale_statement
from ..tables.base import whole_size
from ..widgets import colours
from ..widgets.keys import FOCUS_KEYS, command_name, mnemonic_of
from ..widgets.screen_fit import resize_to_fit
from ..wording import fill
from .actions import ACTIONS, REDO_KEYS, STYLE_KEYS, UNDO_KEYS, Key, key_sequences, translated
from .language import speaking

Painter = Callable[[QPainter, QRectF, colours.Inks], None]  # a legend sample, in the strip's inks
STYLE_ROWS = {
    Style.ABSOLUTE: QT_TRANSLATE_NOOP("HelpMenu", "Absolute style"),
    Style.RELATIVE: QT_TRANSLATE_NOOP("HelpMenu", "Relative style"),
    Style.CST: QT_TRANSLATE_NOOP("HelpMenu", "CST style"),
}


def _t(text: str) -> str:
    """A text of this module's tables (English data) in the installed language."""
    return QCoreApplication.translate("HelpMenu", text)


def _cell_mark(cell: QRectF) -> QRectF:
    """Where a mark sits in a legend cell: as in a strip lane."""
    return QRectF(cell.center().x() - MARK_WIDTH / 2, cell.top() + 5, MARK_WIDTH, LANE_HEIGHT - 10)


def _mark(role: str, **flags: bool) -> Painter:
    return lambda painter, cell, inks: paint_mark(
        painter, _cell_mark(cell), inks.role(role), warning=inks.warning, **flags
    )


def _run(painter: QPainter, cell: QRectF, inks: colours.Inks) -> None:
    for dx in (-8, 0, 8):
        _mark("user" if dx else "assistant")(painter, cell.translated(dx, 6), inks)
    painter.setPen(QPen(inks.warning, 1.5))
    x1, x2, y = cell.center().x() - 13, cell.center().x() + 13, cell.top() + 5
    painter.drawPolyline(QPolygonF([QPointF(x1, y + 6), QPointF(x1, y), QPointF(x2, y), QPointF(x2, y + 6)]))


def _link(painter: QPainter, cell: QRectF, inks: colours.Inks) -> None:
    a, b = cell.translated(-14, 6), cell.translated(14, 6)
    _mark("user")(painter, a, inks)
    _mark("user")(painter, b, inks)
    painter.setPen(QPen(inks.warning, 1, Qt.PenStyle.DotLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    path = QPainterPath(a.center())
    path.quadTo(QPointF(cell.center().x(), cell.top()), b.center())
    painter.drawPath(path)


def _break(painter: QPainter, cell: QRectF, _inks: colours.Inks) -> None:
    painter.setPen(QPen(painter.pen().color(), 1))
    x, y = cell.center().x(), cell.top() + 2
    path = QPainterPath(QPointF(x, y))
    while y < cell.bottom() - 8:
        path.lineTo(x + 3, y + 4)
        path.lineTo(x - 3, y + 8)
        y += 8
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)


def _pending(painter: QPainter, cell: QRectF, inks: colours.Inks) -> None:
    painter.setPen(QPen(inks.placeholder, 2, Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(QRectF(cell.center().x() - 4, cell.top() + 3, 8, LANE_HEIGHT - 6))


def _states(painter: QPainter, cell: QRectF, _inks: colours.Inks) -> None:
    """A state, the selected one (with its line through the lanes), and one clamped at the axis' end."""
    text, top = painter.pen().color(), cell.top() + 2
    paint_state(painter, cell.center().x() - 12, top, text)
    device = painter.device()
    palette = device.palette() if isinstance(device, QWidget) else QPalette()
    highlight = palette.color(QPalette.ColorRole.Highlight)
    paint_state(painter, cell.center().x(), top, text, selected=highlight, bottom=cell.bottom())
    paint_state(painter, cell.right() - 12, top, text, side=1)


def _scale(painter: QPainter, cell: QRectF, inks: colours.Inks) -> None:
    """Three marks 1 min, then 1 h apart, in the proportion the strip spaces
    them (0.7 of its unzoomed widths: the whole fits the 48 px cell)."""
    x = cell.left() + 5
    for gap in (0, 60, 3600):
        x += step_width(gap) * 0.7
        _mark("user")(painter, cell.translated(x - cell.center().x(), 0), inks)


def legend_text(name: str) -> str:
    """The ``LEGEND`` entry ``name`` as the legend shows it, its figures filled in."""
    if name == "scale":  # the strip's own words (its caption's tooltip)
        return scale_statement()
    return _t(next(text for key, text, _paint in LEGEND if key == name))


# every state and flag the table's Status column can show, and the legend
# entries that say how the strip draws it (echoed-prefix had none, issue 31)
STATE_LEGEND: dict[Status | Flag, tuple[str, ...]] = {
    Status.TRACKED: ("user", "assistant", "other"),
    Status.UNTRACKED: ("hollow",),
    Status.SYSTEM: ("undated", "other"),
    Status.GENERATION_PROMPT: ("undated",),
    Status.ENTRY: ("user", "assistant", "other"),
    Flag.SHARED_HASH: ("shared",),
    Flag.OUT_OF_ORDER: ("out-of-order",),
    Flag.UNPARSEABLE: ("unreadable",),
    Flag.NOT_TEXT: ("unreadable",),
    Flag.ONE_SECOND_RUN: ("run",),
    Flag.ECHOED_PREFIX: ("echoed",),
    Flag.FUTURE: ("future",),
}


def _nothing(_painter: QPainter, _cell: QRectF, _inks: colours.Inks) -> None:
    """What the strip draws of an orphan: nothing."""


LEGEND: tuple[tuple[str, str, Painter], ...] = (
    (
        "user",
        QT_TRANSLATE_NOOP("HelpMenu", "A user message whose time is stored in the timestamp file"),
        _mark("user"),
    ),
    (
        "assistant",
        QT_TRANSLATE_NOOP("HelpMenu", "An assistant message with a stored time"),
        _mark("assistant"),
    ),
    ("other", QT_TRANSLATE_NOOP("HelpMenu", "A system or other message"), _mark("other")),
    (
        "hollow",
        QT_TRANSLATE_NOOP(
            "HelpMenu",
            "No stored time: untracked, placed at the ≈ time the middleware would backfill at the "
            "next request, as the table shows it; zoomed out, where marks share pixels, a foot in "
            "the warning colour under them",
        ),
        _mark("user", hollow=True),
    ),
    (
        "own",
        QT_TRANSLATE_NOOP(
            "HelpMenu",
            "CST style: placed at the time the transcript itself records, which the CST prefix "
            "shows, not a stored time (a message that records none is not drawn; the strip says "
            "how many)",
        ),
        _mark("user", own_time=True),
    ),
    (
        "out-of-order",
        QT_TRANSLATE_NOOP("HelpMenu", "Stored time earlier than a previous message's"),
        _mark("user", out_of_order=True),
    ),
    (
        "future",
        QT_TRANSLATE_NOOP(
            "HelpMenu",
            "Stored time later than 'now' on the middleware's clock (flagged future): the clock was "
            "wrong when it was stored, or the file was written elsewhere",
        ),
        _mark("user", future=True),
    ),
    (
        "unreadable",
        QT_TRANSLATE_NOOP("HelpMenu", "Stored value the middleware cannot read, or not text"),
        _mark("assistant", unreadable=True),
    ),
    (
        "run",
        QT_TRANSLATE_NOOP("HelpMenu", "A run of times one second apart, most likely invented by a backfill"),
        _run,
    ),
    (
        "shared",
        QT_TRANSLATE_NOOP("HelpMenu", "Messages with the same content share one hash, so one time"),
        _link,
    ),
    (
        "break",
        QT_TRANSLATE_NOOP(
            "HelpMenu",
            "A long silence, shortened on the axis (its length is written below; zoomed out, "
            "a short tick where there is no room to write it)",
        ),
        _break,
    ),
    (
        "scale",
        SCALE_STATEMENT,
        _scale,
    ),
    (
        "echoed",
        QT_TRANSLATE_NOOP(
            "HelpMenu",
            "echoed-prefix (the text starts with a time the model echoed): no mark of its own; "
            "the message is drawn at its time like any other, and its tooltip says it",
        ),
        _mark("assistant"),
    ),
    (
        "undated",
        QT_TRANSLATE_NOOP(
            "HelpMenu",
            "Not drawn: system messages and a trailing 'Name:' prompt (generation-prompt), which "
            "are never timestamped (in the CST style, one whose transcript records a time is drawn "
            "at it, in the other lane)",
        ),
        _nothing,
    ),
    (
        "pending",
        QT_TRANSLATE_NOOP("HelpMenu", "The reply the next request will add (placeholder time)"),
        _pending,
    ),
    (
        "orphans",
        QT_TRANSLATE_NOOP(
            "HelpMenu",
            "Not drawn: orphans (stored times no message matches); the Orphans list under Details holds them",
        ),
        _nothing,
    ),
    (
        "history",
        QT_TRANSLATE_NOOP(
            "HelpMenu",
            "A state of the file's own history (History panel); the selected one has a line; "
            "an arrow at an end: a state outside the messages' times",
        ),
        _states,
    ),
)


def legend_entry(look: Mapping[str, bool], role: str) -> str:
    """The ``LEGEND`` entry that says what a mark drawn with ``look`` (the
    strip's ``mark_look``) of a message of ``role`` means: its time the
    transcript's own, not stored, or stored (the role's own entry)."""
    if look.get("own_time"):
        return "own"
    if look.get("hollow"):
        return "hollow"
    lowered = role.lower()
    return lowered if lowered in ("user", "assistant") else "other"


class LegendSample(QWidget):
    """One legend sample, painted on the strip's background in the current palette."""

    def __init__(self, paint: Painter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._paint = paint
        self.setFixedSize(QSize(48, int(LANE_HEIGHT) + 8))

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        base = palette.color(QPalette.ColorRole.Base)
        painter.fillRect(self.rect(), base)
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        self._paint(painter, QRectF(0, 2, self.width(), LANE_HEIGHT), colours.inks_on(base))
        painter.end()


def _dialog(parent: QWidget, name: str, title: str, body: QWidget) -> QDialog:
    dialog = QDialog(parent)
    dialog.setObjectName(name)
    dialog.setWindowTitle(title)
    box = QVBoxLayout(dialog)
    box.addWidget(body, 1)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.close)
    box.addWidget(buttons)
    return dialog


def legend_body(dialog: QDialog) -> QWidget:
    """The legend itself, every row, without its dialog's frame and Close
    button: what the guide pictures (a picture of the whole dialog put its
    Close button right above the Help window's own, tryout)."""
    scroll = dialog.findChild(QScrollArea, "legendScroll")
    assert scroll is not None and scroll.widget() is not None, "not the legend's dialog"
    return scroll.widget()


def legend_widget() -> QWidget:
    body = QWidget()
    grid = QGridLayout(body)
    for row, (name, _text, paint) in enumerate(LEGEND):
        sample = LegendSample(paint)
        sample.setObjectName(f"legend_{name}")
        grid.addWidget(sample, row, 0)
        label = QLabel(legend_text(name))
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)  # the longest row set the dialog's width: 1,046 px in Chinese
        grid.addWidget(label, row, 1)
    # scrolled: its rows are 650 px tall, and the smallest window is ~460 px
    scroll = QScrollArea()
    scroll.setObjectName("legendScroll")
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setWidget(body)
    return scroll


# the named keys of a PC keyboard; Qt's standard bindings also hold keys of
# Sun and Apple keyboards (Undo is F14, Copy F16 under KDE; Undo, Copy, Open,
# Help keys), which still work where they exist but are not listed
_PC_KEYS = frozenset(
    [getattr(Qt.Key, f"Key_F{n}") for n in range(1, 13)]
    + [
        Qt.Key.Key_Escape,
        Qt.Key.Key_Tab,
        Qt.Key.Key_Backtab,
        Qt.Key.Key_Backspace,
        Qt.Key.Key_Return,
        Qt.Key.Key_Enter,
        Qt.Key.Key_Insert,
        Qt.Key.Key_Delete,
        Qt.Key.Key_Pause,
        Qt.Key.Key_Print,
        Qt.Key.Key_SysReq,
        Qt.Key.Key_Home,
        Qt.Key.Key_End,
        Qt.Key.Key_Left,
        Qt.Key.Key_Up,
        Qt.Key.Key_Right,
        Qt.Key.Key_Down,
        Qt.Key.Key_PageUp,
        Qt.Key.Key_PageDown,
        Qt.Key.Key_Menu,
    ]
)
_FIRST_NAMED_KEY = 0x01000000  # below it: the printable keys (letters, digits, punctuation, space)


def on_pc_keyboard(sequence: QKeySequence) -> bool:
    """Whether every key of ``sequence`` is on a PC keyboard (no F13-F35, no
    Undo or Copy key): the shortcut list names only keys a reader can press."""
    return all(
        (key := sequence[i].key()).value < _FIRST_NAMED_KEY or key in _PC_KEYS
        for i in range(sequence.count())
    )


def menu_paths(bar: QMenuBar) -> dict[QAction, str]:
    """The mnemonics that reach each menu item and submenu ("Alt+V, B"), as
    the window assigned them: the way to a command that has no key of its own."""
    paths: dict[QAction, str] = {}

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            letter = mnemonic_of(action.text())
            if letter is not None and not action.isSeparator():
                paths[action] = f"{path}, {letter.upper()}"
                if action.menu() is not None:
                    walk(action.menu(), paths[action])

    for top in bar.actions():
        letter = mnemonic_of(top.text())
        if letter is not None and top.menu() is not None:
            walk(
                top.menu(),
                QKeySequence(f"Alt+{letter.upper()}").toString(QKeySequence.SequenceFormat.NativeText),
            )
    return paths


def key_names(sequences: list[QKeySequence]) -> str:
    """``sequences`` as a reader presses them, each named once: as Qt names a
    key, but Qt's Backtab (the key Shift+Tab sends, which a shortcut binds)
    as Shift+Tab; and keys Qt names alike said once (Return and the keypad's
    Enter are both 回车 in Chinese). The list read "Ctrl+Shift+Backtab" and
    "回车, 回车" (issue 31 tryout)."""
    names: list[str] = []
    for sequence in sequences:
        combos = [sequence[i] for i in range(sequence.count())]
        pressed = QKeySequence(
            *(
                QKeyCombination(c.keyboardModifiers() | Qt.KeyboardModifier.ShiftModifier, Qt.Key.Key_Tab)
                if c.key() == Qt.Key.Key_Backtab
                else c
                for c in combos
            )
        )
        name = pressed.toString(QKeySequence.SequenceFormat.NativeText)
        if name not in names:
            names.append(name)
    return ", ".join(names)


# the keys of a pane that has the focus, by the context their words are translated in
PANE_KEYS: tuple[tuple[str, tuple[tuple[str, tuple[Any, ...]], ...]], ...] = (
    ("FilterBar", FILTER_KEYS),
    ("RecordingsPanel", RECORDINGS_KEYS),
    ("Keys", FOCUS_KEYS),
)


def shortcut_rows(bar: QMenuBar | None = None) -> list[tuple[str, str]]:
    """(command, keys) for every command of the action table, the strip's keys
    and, with the window's menu ``bar``, the way by mnemonics to each submenu
    and to each command that has no key of its own; in menu order, only keys
    of a PC keyboard (``on_pc_keyboard``)."""
    paths = menu_paths(bar) if bar is not None else {}
    by_name = {action.objectName(): path for action, path in paths.items() if action.objectName()}
    named: list[tuple[str, tuple[Key, ...], str]] = [
        (QCoreApplication.translate("MainWindow", "&Undo"), UNDO_KEYS, ""),
        (QCoreApplication.translate("MainWindow", "&Redo"), REDO_KEYS, ""),
    ]
    named += [(translated(s.text), s.shortcuts, by_name.get(f"action_{s.name}", "")) for s in ACTIONS]
    named += [(_t(STYLE_ROWS[style]), (key,), "") for style, key in zip(Style, STYLE_KEYS, strict=True)]
    named += [(QCoreApplication.translate("TimelineStrip", text), keys, "") for text, keys in STRIP_KEYS]
    # tryout: the list never said how to step through the file's history
    named += [(QCoreApplication.translate("HistoryPanel", text), keys, "") for text, keys in HISTORY_KEYS]
    # the panes' own keys and Qt's (tryout: Escape in the filter, Enter on a
    # recorded request and Tab between panes were nowhere in the list)
    named += [
        (QCoreApplication.translate(context, text), keys, "")
        for context, table in PANE_KEYS
        for text, keys in table
    ]
    named += [(a.text(), (), path) for a, path in paths.items() if a.menu() is not None]
    rows = []
    for text, keys, path in named:
        sequences = [s for s in key_sequences(keys) if on_pc_keyboard(s)]
        if sequences:
            rows.append((command_name(text), key_names(sequences)))
        elif path:
            rows.append((command_name(text), path))
    return rows


LEAST_SHORTCUTS = 8  # rows of the shortcut list in view however small its dialog


class WholeTable(QTableWidget):
    """A table that asks for the room its rows and columns take: the
    shortcut list opened at a fixed 520x560, a third of it in view and its
    keys cut beside a horizontal scroll bar (the dialog is then bounded by
    the screen)."""

    def sizeHint(self) -> QSize:
        return whole_size(self)

    def minimumSizeHint(self) -> QSize:
        """Both columns whole and ``LEAST_SHORTCUTS`` rows: shrunk, the dialog
        went down to 102x124 px, one command in view beside a horizontal
        scroll bar (more rows scroll)."""
        whole = whole_size(self)
        shown = min(self.rowCount(), LEAST_SHORTCUTS) * self.verticalHeader().defaultSectionSize()
        return QSize(whole.width(), whole.height() - self.verticalHeader().length() + shown)


def shortcuts_widget(bar: QMenuBar | None = None) -> QTableWidget:
    rows = shortcut_rows(bar)
    table = WholeTable(len(rows), 2)
    table.setObjectName("shortcutsTable")
    table.setHorizontalHeaderLabels(
        [QCoreApplication.translate("HelpMenu", "Command"), QCoreApplication.translate("HelpMenu", "Keys")]
    )
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    # Tab leaves the list for Close (arrows move in it): Tab went cell by cell, 2 per command
    table.setTabKeyNavigation(False)
    for row, (text, keys) in enumerate(rows):
        table.setItem(row, 0, QTableWidgetItem(text))
        table.setItem(row, 1, QTableWidgetItem(keys))
    table.resizeColumnsToContents()
    table.horizontalHeader().setStretchLastSection(True)
    return table


def versions() -> dict[str, str]:
    return {
        "Timeline Inspector": __version__,
        "Qt": qVersion(),
        "PySide6": PySide6.__version__,
        "Python": platform.python_version(),
    }


def about_widget() -> QLabel:
    lines = "".join(
        f"<tr><td>{name}</td><td>&nbsp;{version}</td></tr>" for name, version in versions().items()
    )
    label = QLabel(
        "<h3>Timeline Inspector</h3><p>"
        + html.escape(
            QCoreApplication.translate(
                "HelpMenu",
                "See, preview and repair the hidden time data of LLM conversations (WilmerAI, Free Anima).",
            )
        )
        + f"</p><table>{lines}</table><p>"
        + html.escape(QCoreApplication.translate("HelpMenu", "MIT licence."))
        + "</p>"
    )
    label.setObjectName("aboutText")
    label.setTextFormat(Qt.TextFormat.RichText)  # built of escaped parts: never guessed
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


GUIDE_IMAGE_WIDTH = 840  # the screenshots are 1440 px wide: shown whole in the guide's window


def _fit_images(browser: QTextBrowser, width: int) -> None:
    """Scale every image of the document to ``width`` (height follows)."""
    cursor = QTextCursor(browser.document())
    block = browser.document().begin()
    while block.isValid():
        for fragment in (it.fragment() for it in block):  # type: ignore[attr-defined]
            image = fragment.charFormat().toImageFormat()
            if fragment.charFormat().isImageFormat() and image.width() == 0:
                image.setWidth(width)
                cursor.setPosition(fragment.position())
                cursor.setPosition(fragment.position() + fragment.length(), QTextCursor.MoveMode.KeepAnchor)
                cursor.setCharFormat(image)
        block = block.next()


def guide_browser(guide: Path = GUIDE) -> QTextBrowser:
    """The guide rendered from its markdown; its screenshots load from beside it."""
    browser = QTextBrowser()
    browser.setObjectName("guideBrowser")
    browser.setOpenExternalLinks(True)
    browser.setSearchPaths([str(guide.parent)])
    if guide.exists():
        browser.document().setBaseUrl(QUrl.fromLocalFile(str(guide)))
        browser.setMarkdown(guide.read_text(encoding="utf-8"))
        _fit_images(browser, GUIDE_IMAGE_WIDTH)
    else:
        browser.setPlainText(
            fill(
                QCoreApplication.translate("HelpMenu", "The user guide is not installed (looked for %1)."),
                guide,
            )
        )
    return browser


GUIDE_LANGUAGE = "The user guide is written in English only."


def guide_widget() -> QWidget:
    """The guide in the window's language, with pictures of the window in that
    language; a language without its own guide gets the English one under a
    line saying why it reads in English."""
    body = QWidget()
    box = QVBoxLayout(body)
    box.setContentsMargins(0, 0, 0, 0)
    guide = guide_in(speaking())
    note = QCoreApplication.translate("HelpMenu", "The user guide is written in English only.")
    if guide == GUIDE and note != GUIDE_LANGUAGE:
        label = QLabel(note)
        label.setObjectName("guideLanguage")
        label.setTextFormat(Qt.TextFormat.PlainText)
        box.addWidget(label)
    box.addWidget(guide_browser(guide), 1)
    return body


# each page is made from the window (the shortcut list reads its menu bar)
PAGES: dict[str, tuple[str, Callable[[QMainWindow], QWidget], QSize]] = {
    "legend": (
        QT_TRANSLATE_NOOP("HelpMenu", "Legend of the timeline strip"),
        lambda _window: legend_widget(),
        QSize(560, 420),
    ),
    "shortcuts": (
        QT_TRANSLATE_NOOP("HelpMenu", "Keyboard shortcuts"),
        lambda window: shortcuts_widget(window.menuBar()),
        QSize(520, 560),  # at least; as tall as its rows where the screen has room
    ),
    "about": (
        QT_TRANSLATE_NOOP("HelpMenu", "About Timeline Inspector"),
        lambda _window: about_widget(),
        QSize(420, 240),
    ),
    "guide": (
        QT_TRANSLATE_NOOP("HelpMenu", "User guide"),
        lambda _window: guide_widget(),
        QSize(900, 720),
    ),
}


def page_dialog(window: QMainWindow, name: str) -> QDialog:
    """The Help page ``name`` of ``window`` in a dialog of its own, sized (not shown yet)."""
    title, make, _size = PAGES[name]
    dialog = _dialog(window, f"{name}Dialog", _t(title), make(window))
    fit_page(dialog, name)
    return dialog


def fit_page(dialog: QDialog, name: str) -> None:
    """The Help page ``name``'s ``dialog`` no smaller than its content asks
    for (the shortcut list's rows), within the screen and its window as it
    is now: a window kept at 1024x700 says that is the room (the guide opened
    720 px tall, the shortcuts 736). Each time it opens: first opened in a
    small window, the list kept that size (14 rows) in a larger one."""
    wish = PAGES[name][2].expandedTo(dialog.sizeHint())
    resize_to_fit(dialog, wish.width(), wish.height(), within=dialog.parentWidget())

"""Every text a person can read in a widget tree, with where it is, and the
test of whether it is still English.

Made to be shared by the untranslated-string test and a clipping test (not
written yet): both must walk the same widgets. Documents
(the preview's JSON, a message's content, the guide's markdown) are data,
not the UI's words, and are left out; their placeholders are not.
"""

from __future__ import annotations

import json
import re
import zoneinfo
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from PySide6.QtCore import QAbstractItemModel, QAbstractListModel, QModelIndex, Qt
from PySide6.QtGui import QAction, QTextDocumentFragment
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QMenuBar,
    QPlainTextEdit,
    QPushButton,
    QStatusBar,
    QStyleOptionViewItem,
    QTabBar,
    QTextEdit,
    QToolButton,
    QWidget,
)

from timeline_app.gui.launch import DEMO_TRANSCRIPT


@dataclass(frozen=True)
class Text:
    where: str  # widget class and objectName path, or the menu path of an action
    prop: str
    text: str

    def __str__(self) -> str:
        return f"{self.where} [{self.prop}]: {self.text!r}"


def widget_path(widget: QWidget) -> str:
    """``QDialog#simulateDialog/QWidget/QLabel#heading``: class and objectName up to the window."""
    parts = []
    node: QWidget | None = widget
    while node is not None:
        name = node.objectName()
        parts.append(f"{type(node).__name__}#{name}" if name else type(node).__name__)
        node = node.parentWidget()
    return "/".join(reversed(parts))


def plain(text: str, widget: QLabel | None = None) -> str:
    """What the reader sees of a text: rich text without its tags."""
    shape = widget.textFormat() if widget is not None else Qt.TextFormat.AutoText
    if shape == Qt.TextFormat.RichText or (shape == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(text)):
        return QTextDocumentFragment.fromHtml(text).toPlainText()
    return text


def _showing(widget: QWidget) -> bool:
    return widget.isVisible() and widget.width() > 0 and widget.height() > 0


def _action_texts(action: QAction, where: str) -> Iterator[Text]:
    if action.isSeparator():
        return
    for prop in ("text", "toolTip", "statusTip", "whatsThis"):
        value = plain(getattr(action, prop)())
        if value and not (prop == "toolTip" and value == action.text().replace("&", "")):
            yield Text(f"{where} > {action.text()!r}", prop, value)  # Qt's default tooltip is the text


def menu_texts(menu: QMenu, where: str) -> Iterator[Text]:
    """A menu's title, every action and every submenu, recursively, visible or not."""
    yield Text(where, "title", menu.title())
    for action in menu.actions():
        yield from _action_texts(action, where)
        if action.menu() is not None:
            yield from menu_texts(action.menu(), f"{where} > {action.menu().title()!r}")


def widget_texts(root: QWidget) -> Iterator[Text]:
    """Texts of ``root`` and of every visible widget under it, the menus of
    its menu bar and buttons, and the headers of its views' models."""
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if isinstance(widget, QMenuBar):
            for action in widget.actions():
                if action.menu() is not None:
                    yield from menu_texts(action.menu(), f"{widget_path(widget)} > {action.text()!r}")
        if widget is not root and not _showing(widget):
            continue
        if isinstance(widget, QToolButton | QPushButton) and widget.menu() is not None:
            yield from menu_texts(widget.menu(), widget_path(widget) + " menu")
        if isinstance(widget, QAbstractButton):
            for action in widget.actions():  # a tool button's drop-down actions
                yield from _action_texts(action, widget_path(widget))
        where = widget_path(widget)
        for prop in ("windowTitle", "toolTip", "statusTip", "whatsThis", "accessibleName"):
            value = getattr(widget, prop)()
            if value and not (prop == "windowTitle" and widget.isWindow() is False):
                yield Text(where, prop, plain(value) if prop == "toolTip" else value)
        if isinstance(widget, QLabel) and widget.text():
            yield Text(where, "text", plain(widget.text(), widget))
        if isinstance(widget, QAbstractButton) and widget.text():
            yield Text(where, "text", widget.text())
        if isinstance(widget, QStatusBar) and widget.currentMessage():
            yield Text(where, "currentMessage", widget.currentMessage())
        if isinstance(widget, QGroupBox) and widget.title():
            yield Text(where, "title", widget.title())
        if isinstance(widget, QDockWidget):
            yield Text(where, "windowTitle", widget.windowTitle())
        if isinstance(widget, QLineEdit | QTextEdit | QPlainTextEdit) and widget.placeholderText():
            yield Text(where, "placeholderText", widget.placeholderText())
        if isinstance(widget, QComboBox):
            for i in range(widget.count()):
                yield Text(where, f"item {i}", widget.itemText(i))
        if isinstance(widget, QTabBar):
            for i in range(widget.count()):
                yield Text(where, f"tab {i}", widget.tabText(i))
                if widget.tabToolTip(i):
                    yield Text(where, f"tab {i} toolTip", widget.tabToolTip(i))
        if isinstance(widget, QHeaderView) and widget.model() is not None:
            for section in range(widget.count()):
                header = widget.model().headerData(section, widget.orientation(), Qt.ItemDataRole.DisplayRole)
                if header and not widget.isSectionHidden(section):
                    yield Text(where, f"header {section}", str(header))


def column_count(model: QAbstractItemModel, parent: QModelIndex) -> int:
    """A model's columns; one for a list model (PySide6 keeps its
    ``columnCount`` private)."""
    return 1 if isinstance(model, QAbstractListModel) else model.columnCount(parent)


def item_texts(view: QAbstractItemView) -> Iterator[Text]:
    """What a view's cells show and their tooltips say, every row of every
    level (a tree's children too): for views whose cells are the app's words
    (the Recordings tree), not the transcript's data."""
    model = view.model()
    where = widget_path(view)
    pending = [QModelIndex()]
    while pending:
        parent = pending.pop()
        for row in range(model.rowCount(parent)):
            for column in range(column_count(model, parent)):
                index = model.index(row, column, parent)
                for role, prop in (
                    (Qt.ItemDataRole.DisplayRole, "text"),
                    (Qt.ItemDataRole.ToolTipRole, "toolTip"),
                ):
                    value = index.data(role)
                    if isinstance(value, str) and value:
                        yield Text(f"{where} cell {row},{column}", prop, plain(value))
                if column == 0 and model.rowCount(index):
                    pending.append(index)


def drawn_texts(view: QAbstractItemView, most: int = 200) -> Iterator[Text]:
    """What a view's delegates draw in place of a cell's text, where that is
    a form of their own (a time said shorter, a list cut with "另1项"), not
    the text cut at its end: the model's texts are ``item_texts``'; these are
    made at paint time, in the cell's room, and no walk of the models saw
    them (issue 31: the Chinese window's Time column drew "8d 14h… ago").
    The first ``most`` rows of every level."""
    model = view.model()
    where = widget_path(view)
    pending = [QModelIndex()]
    while pending:
        parent = pending.pop()
        for row in range(min(model.rowCount(parent), most)):
            for column in range(column_count(model, parent)):
                hidden = getattr(view, "isColumnHidden", None)
                if hidden is not None and hidden(column):
                    continue
                index = model.index(row, column, parent)
                option = QStyleOptionViewItem()
                option.rect = view.visualRect(index)
                view.itemDelegateForIndex(index).initStyleOption(option, index)
                whole, drawn = str(index.data() or ""), option.text
                if drawn != whole and not whole.startswith(drawn.rstrip("…")):
                    yield Text(f"{where} cell {row},{column}", "drawn", drawn)
                if column == 0 and model.rowCount(index):
                    pending.append(index)


# -- what may stay in Latin letters ----------------------------------------------
NAMES = (
    "Timeline Inspector",
    "timeline-inspector",
    "WilmerAI",
    "SillyTavern",
    "Free Anima",
    "Open WebUI",
    "OpenAI",
    "Ollama",
    "text-generation-webui",
    "JSONL",
    "internal/visible",  # text-generation-webui's row fields, named as its files name them
    "data/data_visible",
    "DiscussionIds",
    "SHA-256",
    "JSON",
    "CST",
    "UTC",  # an offset is said as Chinese says it too: UTC+8
    "IANA",
    "API",
    "MIT",
    "Qt",
    "PySide6",
    "Python",
    "LLM",
    "English",  # the language menu names each language in itself
    "openai",
    "ollama",
    "systemPrompt",
    "system",
    "user",  # roles, as the transcript writes them: data
    "assistant",
    "id",
    "ID",  # as the Chinese writes it: 对话 ID
)
KEPT = re.compile(
    "|".join(
        [
            r"\{[a-z_]+\}",  # the template's tokens the spec fixes: {time_context_summary}
            r"\((?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)",  # WilmerAI
            r"\[Sent [^\]]*\]",  # WilmerAI's relative time, injected as the spec writes it
            r"\[Time Context: [^\]]*\]",  # WilmerAI's {time_context_summary}, injected in English
            r"time: \d{4}-\d\d-\d\dT\d\d:\d\d",  # Free Anima's CST prefix
            r"</?time>|\btime:|\bHH:MM\b",  # the CST variants' shapes, as Free Anima writes them
            r"\b(?:User|Assistant):",  # the prefixes SillyTavern sends, in its words
            r"(?<=：)(?:content|default|none|completion)\b",  # SillyTavern's names_behavior values
            r"\*\.[a-z]+",  # a file dialog's pattern: *.jsonl
            r"(?:Ctrl|Shift|Alt|Meta|Del|Esc|Home|End|PgUp|PgDown|Return|Enter|Space|Tab|Backspace|Ins|Left|Right"
            r"|Up|Down|F\d+)(?=[+,\s)]|$)",  # keys, as QKeySequence writes them
            r"(?:[A-Za-z]:)?[\w.\-]*(?:[/\\][\w.\-]+)+[/\\]?",  # a path
            r"--[a-z][a-z-]*(?: [A-Z]+\b)?",  # a command-line option (and its value's name): --discussions ROOT
            r"\b(?:GET|POST|PUT|PATCH|DELETE)\b",  # an HTTP method, as a recorded request names it
            r"[\w.\-]+\.(?:json|jsonl|md|png|txt|ini|qm|ts)\b",  # a file name
            r"\b[0-9a-f]{8,64}\b",  # a hash
            r"\bPLACEHOLDER_[A-Z_0-9]+",  # the middleware's placeholder entry, as it writes it
            r"\b(?:" + "|".join(re.escape(n) for n in NAMES) + r")\b",
        ]
    )
)
WORD = re.compile(r"[A-Za-z]{2,}")
ZONES = frozenset(zoneinfo.available_timezones())


def demo_contents() -> list[str]:
    """The demo's message contents: data, shown as they are in any language."""
    data = json.loads(DEMO_TRANSCRIPT.read_text("utf-8"))
    messages = data["messages"] if isinstance(data, dict) else data
    return [m["content"] for m in messages if isinstance(m.get("content"), str)]


def english_words(text: str, contents: list[str], names: Iterable[str] = ()) -> list[str]:
    """The Latin-letter words of ``text`` that are not a name (``NAMES`` and the
    data's ``names``, e.g. the discussion's), a key, a path, a fixed time format
    or quoted message content: what a translation missed."""
    if text.strip() in ZONES:
        return []  # a zone's IANA name (the zone questions' list): the same in every language
    text = text.replace("&&", "\0").replace("&", "")  # mnemonics: 打开(&O), &Open
    lines = [
        line for line in text.splitlines() if not any(line.strip() in c for c in contents if line.strip())
    ]
    rest = "\n".join(lines)
    for name in names:
        rest = rest.replace(name, " ")
    rest = KEPT.sub(" ", rest)
    for content in contents:  # a message quoted inside a sentence, whole or cut with "…"
        for piece in filter(None, re.split(r"…|\.\.\.", content)):
            if len(piece) >= 12:
                rest = rest.replace(piece.strip(), " ")
    return WORD.findall(rest)

"""Every count the window says in a plural message reads grouped ("50,496
messages"), in English and in Chinese, as Save's button, the progress bar
and the engine's words write it (issues 29/31: Save's button said "50,496"
while about 48 other messages said "50496 messages").

The class: every ``tr(text, disambiguation, n)`` call in ``timeline_app/gui``
is found in the sources (as ``lupdate`` finds it, the ``.ts`` catalogue
agrees) and asked through its class's own ``tr`` with the catalogue the app
installs; then a few through the real widgets at 100k-like counts.
"""

from __future__ import annotations

import ast
import importlib
import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import counted_codes, counting_args
from PySide6.QtCore import QObject

from timeline_app.core.hashing import content_hash
from timeline_app.core.words import Code, Said
from timeline_app.gui import wording
from timeline_app.gui.menus import language as translations
from timeline_app.gui.window.main_window import MainWindow
from timeline_app.gui.wording import Counted, number, say

from .helpers import ROOT, TS_FILE, jobs_idle, open_and_wait

GUI = ROOT / "timeline_app" / "gui"
COUNTS = (1000, 50496, 100000, 1234567)


@dataclass(frozen=True)
class PluralCall:
    """One ``tr(text, disambiguation, n)`` in the window's sources."""

    where: str  # file:line, for the failure's message
    module: str
    context: str  # the class it is written in: lupdate's context, and whose ``tr`` runs
    source: str
    disambiguation: str


def _literal(node: ast.expr | None) -> str | None:
    if node is None or (isinstance(node, ast.Constant) and node.value is None):
        return ""
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


class _Finder(ast.NodeVisitor):
    """The plural calls of one module, each with the class it is written in."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        self.classes: list[str] = []
        self.found: list[PluralCall] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        first = 1 if name == "translate" else 0  # translate(context, source, disambiguation, n)
        if name not in ("tr", "translate") or len(node.args) < first + 3:
            return
        where = f"{self.path.relative_to(ROOT)}:{node.lineno}"
        source = _literal(node.args[first])
        if source is None:  # the places that pass another's text on: the counting tr themselves
            assert self.module == "timeline_app.gui.wording", where
            assert self.classes in (["_Context"], ["Counted"]), where
            return
        assert name == "tr", f"{where}: a plural by translate() is counted by no class"
        disambiguation = _literal(node.args[first + 1])
        assert disambiguation is not None, where
        self.found.append(PluralCall(where, self.module, self.classes[-1], source, disambiguation))


def _plural_calls() -> Iterator[PluralCall]:
    for path in sorted(GUI.rglob("*.py")):
        finder = _Finder(path)
        finder.visit(ast.parse(path.read_text("utf-8")))
        yield from finder.found


PLURAL_CALLS = tuple(_plural_calls())


def _catalogue_plurals() -> set[tuple[str, str, str]]:
    root = ET.parse(TS_FILE).getroot()
    return {
        (context.findtext("name") or "", m.findtext("source") or "", m.findtext("comment") or "")
        for context in root.iter("context")
        for m in context.iter("message")
        if m.get("numerus") == "yes"
        and (m.find("translation") is None or m.find("translation").get("type") != "vanished")
    }


def test_the_sources_plurals_are_the_catalogues() -> None:
    """The search below misses none: every plural the Chinese catalogue holds
    (``lupdate``'s own reading of the sources) is one of the calls found."""
    found = {(c.context, c.source, c.disambiguation) for c in PLURAL_CALLS}
    assert len(PLURAL_CALLS) >= 48
    assert _catalogue_plurals() == found


def _asked(call: PluralCall, count: int) -> str:
    """What the call says for ``count``, through the ``tr`` its class has."""
    cls = getattr(importlib.import_module(call.module), call.context)
    if issubclass(cls, QObject):
        # its own tr, on an object of its name (lupdate's context): a widget's
        # constructor needs a session, a window, a model
        assert cls.tr is Counted.tr, f"{call.where}: {call.context} does not count as the window does"
        return type(call.context, (Counted, QObject), {})().tr(call.source, call.disambiguation, count)
    assert cls.tr is wording._Context.tr, f"{call.where}: {call.context} does not count as the window does"
    return cls().tr(call.source, call.disambiguation, count)


@pytest.fixture(params=["en", "zh_CN"])
def speaking(request, qapp, catalogues: dict[str, Path]) -> Iterator[str]:
    """The catalogue the app installs at start-up for each language."""
    assert translations.install(request.param, None, catalogues[request.param].parent) == request.param
    yield request.param
    translations.remove()


@pytest.mark.parametrize("call", PLURAL_CALLS, ids=lambda c: c.where)
def test_each_plural_message_says_its_count_grouped(speaking: str, call: PluralCall) -> None:
    for count in COUNTS:
        said = _asked(call, count)
        assert number(count) in said and str(count) not in said, (call.where, speaking, said)
    if speaking == "zh_CN":  # the Chinese is its translation, not the English source
        assert _asked(call, 50496) != call.source.replace("%n", "50,496"), call.where


# -- through the real widgets ----------------------------------------------------------------


def _many(folder: Path, tracked: int, untracked: int, orphans: int) -> tuple[Path, Path]:
    """A chat of ``tracked + untracked`` messages, the newest ``tracked`` of
    them stored, and ``orphans`` stored times no message has."""
    count = tracked + untracked
    texts = [f"message {i}" for i in range(count)]
    stored = {
        content_hash(text): f"(Monday, 2025-09-15 {8 + i // 3600:02d}:{i // 60 % 60:02d}:{i % 60:02d})"
        for i, text in enumerate(texts)
        if i >= untracked
    }
    stored.update({content_hash(f"gone {i}"): "(Sunday, 2025-09-14 08:00:00)" for i in range(orphans)})
    folder.mkdir(parents=True, exist_ok=True)
    transcript, store = folder / "chat.json", folder / "timestamps.json"
    transcript.write_text(json.dumps([{"role": "user", "content": t} for t in texts]))
    store.write_text(json.dumps(stored))
    return transcript, store


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_status_bar_counts_a_100k_discussion_grouped(
    qtbot, make_window, tmp_path: Path, catalogues: dict[str, Path], language: str
) -> None:
    assert translations.install(language, None, catalogues[language].parent) == language
    try:
        window: MainWindow = make_window()
        open_and_wait(qtbot, window, *_many(tmp_path, tracked=61234, untracked=38766, orphans=1500))
        said = window.counts_bar.text()
        for count in (61234, 38766, 1500):
            assert number(count) in said and str(count) not in said, said
        rows = window.filter_bar.shown.text()  # "100,000 rows"
        assert "100,000" in rows and "100000" not in rows, rows
    finally:
        translations.remove()


def test_the_history_panel_counts_a_100k_file_and_its_notes_grouped(qtbot, tmp_path: Path, english) -> None:
    from timeline_app.core.options import Choices
    from timeline_app.core.words import History, Said
    from timeline_app.gui.panels.history import SHOWN_NOTES, HistoryPanel
    from timeline_app.gui.session import DiscussionSession

    panel = HistoryPanel(DiscussionSession(Choices()))
    qtbot.addWidget(panel)
    session = panel._session
    transcript, _store = _many(tmp_path, tracked=100000, untracked=0, orphans=0)
    with qtbot.waitSignal(session.loaded, timeout=60000):
        session.open(transcript)
    jobs_idle(qtbot, session)
    qtbot.waitUntil(lambda: session.history is not None, timeout=60000)
    # the one state's story: "state 0 (…): the first state, 100,000 entries"
    assert "the first state, 100,000 entries" in panel.changes.toPlainText(), panel.changes.toPlainText()
    assert panel.model.index(0, 2).data() == "100,000"  # its Entries cell
    import dataclasses

    notes = tuple(
        Said(History.LINE_SKIPPED, ("requests.jsonl", n, "broken")) for n in range(1234 + SHOWN_NOTES)
    )
    session._set_history(dataclasses.replace(session.history, notes=notes))
    assert "… and 1,234 more notes" in panel.status.text(), panel.status.text()


def test_the_repair_panel_counts_its_proposals_grouped(
    qtbot, window: MainWindow, tmp_path: Path, english
) -> None:
    """1,200 untracked messages whose times are stored under their text as
    sent with CRLF line ends: a proposal each."""
    count = 1200
    texts = [f"message {i}\nits second line" for i in range(count)]
    stored = {
        content_hash(text.replace("\n", "\r\n")): f"(Monday, 2025-09-15 08:{i // 60 % 60:02d}:{i % 60:02d})"
        for i, text in enumerate(texts)
    }
    transcript, store = tmp_path / "chat.json", tmp_path / "timestamps.json"
    transcript.write_text(json.dumps([{"role": "user", "content": t} for t in texts]))
    store.write_text(json.dumps(stored))
    open_and_wait(qtbot, window, transcript, store)
    window.show()
    panel = window.repair_panel
    window.repair_dock.show()
    with qtbot.waitSignal(panel.proposalsReady, timeout=60000):
        panel.find_button.click()
    total = panel.model.rowCount()
    accepted = len(panel.model.accepted())
    assert total >= 1000 and accepted >= 1000, (total, accepted)
    assert panel.summary.text().startswith(f"{number(total)} proposals, {number(accepted)} accepted."), (
        panel.summary.text()
    )
    if not panel.belong.isHidden():  # one file's messages, none tracked: the pairing is doubted
        panel.belong.setChecked(True)
    panel.apply_button.click()
    assert window.session.undo_stack.undoText() == f"Repair: {number(accepted)} proposals"
    applied = f"Applied {number(accepted)} proposals: "
    qtbot.waitUntil(lambda: panel.summary.text().startswith(applied), timeout=60000)


# -- the engine's sentences, as the window words them -----------------------------------------


@pytest.mark.parametrize("code", counted_codes(), ids=lambda c: f"{type(c).__name__}.{c.name}")
def test_each_engine_sentence_says_its_counts_grouped(speaking: str, code: Code) -> None:
    """A translation writes the count as ``{0}``, without the English's
    ``{0:,}`` or ``{0:#one|many}``: the Chinese window said "50496 个孤立时间"."""
    said = say(Said(code, counting_args(code.value, 50496)))
    assert "50,496" in said and "50496" not in said, (speaking, said)

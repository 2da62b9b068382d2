"""The engine's sentences reach the translators from where they are defined.

Each code's English is written once, in ``core/words.py``, marked with
``QT_TRANSLATE_NOOP(family, English)``. These tests run the real
``pyside6-lupdate`` over that file alone, check the Chinese catalogue
translates every marked sentence with the English's fields, that the window
asks Qt in the same context at run time, that ``gui/wording.py`` holds no
second copy, and that a translation whose fields do not fit shows the
English rather than failing.
"""

from __future__ import annotations

import ast
import re
import string
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from conftest import ROOT
from PySide6.QtCore import QCoreApplication, QTranslator

from timeline_app.core.words import CODES, Code, Consequence, Note, Problem, Reason, Said, Stage

from .helpers import HAN, TS_FILE

WORDS = ROOT / "timeline_app" / "core" / "words.py"
WORDING = ROOT / "timeline_app" / "gui" / "wording.py"


def _marked_codes() -> dict[Code, str]:
    """Every code ``core/words.py`` marks, with the context its marker names."""
    found: dict[Code, str] = {}
    families = {family.__name__: family for family in CODES}
    for cls in ast.parse(WORDS.read_text("utf-8")).body:
        if not isinstance(cls, ast.ClassDef) or cls.name not in families:
            continue
        for node in cls.body:
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name)
                and node.value.func.id == "QT_TRANSLATE_NOOP"
                and isinstance(node.targets[0], ast.Name)
            ):
                context = node.value.args[0]
                assert isinstance(context, ast.Constant), node.targets[0].id
                found[families[cls.name][node.targets[0].id]] = str(context.value)
    return found


MARKED = _marked_codes()
# said by the window in its own words on purpose (gui/wording.py), so not marked
WINDOW_OWN = {
    Problem.BAD_LINE,
    Problem.PICK_CHAT,
    Problem.RECORD_NO_FIELD,
    Problem.RECORD_BAD_VALUE,
    Problem.RECORD_UNREADABLE,
}
ENGINE_SAID = [code for family in CODES for code in family if code not in WINDOW_OWN]


def _fields(template: str) -> list[str]:
    """A template's fields, a count's words left out (a translation has its own)."""
    return sorted(
        f"{name}!{conversion or ''}:{'' if (spec or '').startswith('#') else spec or ''}"
        for _, name, spec, conversion in string.Formatter().parse(template)
        if name is not None
    )


def test_every_code_is_marked_in_its_familys_context_or_worded_by_the_window() -> None:
    every = {code for family in CODES for code in family}
    assert set(MARKED) == every - WINDOW_OWN
    assert all(context == type(code).__name__ for code, context in MARKED.items())


def test_lupdate_reads_the_sentences_where_core_defines_them(tmp_path: Path) -> None:
    ts = tmp_path / "engine.ts"
    lupdate = Path(sys.executable).with_name("pyside6-lupdate")
    subprocess.run(
        [str(lupdate), "-silent", "-no-obsolete", str(WORDS), "-ts", str(ts)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    found = {
        (context.findtext("name"), message.findtext("source"))
        for context in ET.parse(ts).getroot().iter("context")
        for message in context.iter("message")
    }
    assert found == {(type(code).__name__, code.value) for code in ENGINE_SAID}


def test_every_engine_sentence_is_translated_with_the_englishs_fields() -> None:
    translated = {}
    for context in ET.parse(TS_FILE).getroot().iter("context"):
        for message in context.iter("message"):
            translation = message.find("translation")
            assert translation is not None
            translated[(context.findtext("name"), message.findtext("source"))] = translation
    for code in ENGINE_SAID:
        translation = translated[(type(code).__name__, code.value)]
        text = translation.text or ""
        assert translation.get("type") is None, code
        if re.search("[A-Za-z]{2}", code.value):  # words, not only fields: they read as Chinese
            assert HAN.search(text), (code, text)
        assert _fields(text) == _fields(code.value), (code, text)
        assert not re.search(r"%(?:n|\d)", text), (code, text)  # Qt's fields belong to the window's own words


def _qt_form(english: str) -> str:
    """An English template as the old copies wrote it (``{1:...}`` -> ``%2``)."""
    return re.sub(r"\{(\d)[^}]*\}", lambda m: f"%{int(m.group(1)) + 1}", english)


def test_the_window_keeps_no_copy_of_an_engine_sentence() -> None:
    literals = {
        node.args[0].value
        for node in ast.walk(ast.parse(WORDING.read_text("utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("tr", "translate")
        and node.args
        and isinstance(node.args[0], ast.Constant)
    }
    copies = {code for family in CODES for code in family if _qt_form(code.value) in literals}
    # single words the window also says of its own things ("%1" of a decoder's reason)
    assert not {code for code in copies if re.search("[A-Za-z]{2}", code.value)}, copies


def test_the_window_asks_qt_in_the_familys_context(chinese: QTranslator) -> None:
    from timeline_app.gui.wording import say

    for code in ENGINE_SAID:
        asked = QCoreApplication.translate(type(code).__name__, code.value)
        assert asked != code.value or not re.search("[A-Za-z]{2}", code.value), code
    assert say(Said(Reason.SPEAKER_PREFIX, ("Roland",))) == "发言者前缀“Roland: ”"
    assert say(Said(Stage.HASHING, (100_000,))) == "正在计算 100,000 条消息的哈希"
    at = (datetime(2025, 9, 21, 10, 0, 0), datetime(2025, 9, 21, 10, 0, 9))
    assert say(Said(Consequence.INVENTED_RUN, (3, 12, 10, *at))) == (
        "#3–#12：10 条消息将得到推算出的时间，逐秒相隔（2025-09-21 10:00:00 至 10:00:09），并非它们实际写下的时间。"
    )
    found = Said(Note.STORE_FOR_ID, (Path("DiscussionIds/trip-42/timestamps.json"),))
    assert say(found) == "按对话 ID 找到的时间戳文件：DiscussionIds/trip-42/timestamps.json"


class _Broken(QTranslator):
    """A catalogue whose translation of one sentence names a field it lacks."""

    def translate(self, context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str:
        if context == "Reason" and source == Reason.SPEAKER_PREFIX.value:
            return "前缀 {3}"
        return ""


@pytest.fixture
def broken(qapp) -> Iterator[QTranslator]:
    translator = _Broken()
    assert QCoreApplication.installTranslator(translator)
    yield translator
    QCoreApplication.removeTranslator(translator)


def test_a_translation_whose_fields_do_not_fit_shows_the_english(broken: QTranslator) -> None:
    from timeline_app.gui.wording import say

    assert QCoreApplication.translate("Reason", Reason.SPEAKER_PREFIX.value) == "前缀 {3}"
    assert say(Said(Reason.SPEAKER_PREFIX, ("Roland",))) == "speaker prefix 'Roland: '"

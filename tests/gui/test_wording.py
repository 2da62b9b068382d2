"""The engine's sentences, worded by the GUI: every code has its English (the
engine's, which the CLI prints) and a GUI wording that says the same in
English and something real in Chinese; and the details pane, the simulate
dialog and the repair panel show them in Chinese with the translation on."""

from __future__ import annotations

import errno
import json
import re
import string
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTranslator
from PySide6.QtWidgets import QDialogButtonBox

from timeline_app.core.errors import InputError
from timeline_app.core.explain import ACTION_HELP, FLAG_HELP, STATUS_HELP
from timeline_app.core.hashing import content_hash
from timeline_app.core.timeline import Flag, Status
from timeline_app.core.tracking import Action
from timeline_app.core.words import CODES, Code, JsonKind, Note, Problem, Reason, Said, Setting, Writing
from timeline_app.gui.panels.repair import PropColumn
from timeline_app.gui.window.main_window import MainWindow
from timeline_app.gui.wording import EXPLANATIONS, error_text, say

from .helpers import HAN, open_and_wait

# arguments that are not plain facts: sentences built on sentences, the
# kinds of JSON values, the system's words with their errno
SAMPLES: dict[Code, tuple[object, ...]] = {
    Reason.ON_TOP_OF: (Said(Reason.CRLF), Said(Reason.SPEAKER_PREFIX, ("Roland",))),
    Reason.AMBIGUOUS: (Said(Reason.ROLE_HASHED), 12, 13),
    Problem.NOT_JSON: (Said(Problem.JSON_WHERE, (14, 15, "unexpected character", 140)),),
    Problem.BAD_LINE: (18, Said(Problem.LINE_NOT_OBJECT, (Said(JsonKind.LIST),))),
    Problem.NOT_A_MESSAGE_LIST: (Said(Problem.MESSAGES_FIELD), Said(JsonKind.OBJECT)),
    Problem.MESSAGE_NOT_OBJECT: (19, Said(JsonKind.TEXT)),
    Problem.LINE_NOT_OBJECT: (Said(JsonKind.NUMBER),),
    Problem.NOT_A_TRANSCRIPT: (Said(JsonKind.NUMBER),),
    Problem.NOT_OF_FORMAT: ("jsonl", Said(JsonKind.TRUE_FALSE)),
    Problem.STORE_NOT_OBJECT: (Said(JsonKind.NULL),),
    Problem.CANNOT_READ: ("Input/output error", errno.EIO),
    Problem.CANNOT_WRITE: ("No space left on device", errno.ENOSPC),
    Problem.ROLE_NOT_TEXT: (20, Said(JsonKind.NUMBER)),
    Problem.CONTENT_NOT_TEXT: (21, Said(JsonKind.OBJECT)),
    Problem.STORED_NOT_TEXT: ("ab" * 32, Said(JsonKind.NULL)),
    Problem.STORE_UNREADABLE: (Said(Problem.EMPTY),),
    Note.NOT_TEXT_KEY: ("abcdef012345", Said(JsonKind.NUMBER)),
    Problem.UNKNOWN_CHOICE: (Said(Setting.API_NAME), "grpc", "auto, openai, ollama"),
    Problem.TOO_LARGE_RECORDED: (1234567,),
    Problem.RECORD_LINE: (Path("rec/talk/requests.jsonl"), 22),
    Note.REQUEST_LABEL: ("2025-09-21T12:00:00.000+00:00", "client", "POST", "/v1/chat/completions"),
    Problem.RECORD_NOT_JSON: ("unexpected end of data", 1, 23, 22),
    Problem.RECORD_BAD_LEG: ("client, model", "middle"),
    Problem.RECORD_BAD_VALUE: ("size", "big", "invalid literal for int() with base 10: 'big'"),
    Problem.RECORD_UNREADABLE: ("'NoneType' object is not iterable",),
    Writing.WANTED_TO_STORE: ("abcdef012345", "(Sunday, 2025-09-21 10:00:00)", Said(Writing.NO_ENTRY)),
    Writing.WANTED_TO_REMOVE: ("abcdef012345", "x", "'y'"),
}
# said differently on purpose: the app always skips bad lines, and asks
# which chat to show, so it points to neither --skip-bad-lines nor --chat; a
# record the reader cannot read is said in Python's words on the command line
# (as it always was), by its field in the app
GUI_OWN_ENGLISH = {
    Problem.BAD_LINE,
    Problem.PICK_CHAT,
    Problem.RECORD_NO_FIELD,
    Problem.RECORD_BAD_VALUE,
    Problem.RECORD_UNREADABLE,
}


def _sample(code: Code) -> Said:
    """The code with distinct arguments its English fields ask for: times
    where a field has a date format, numbers and names otherwise."""
    if code in SAMPLES:
        return Said(code, SAMPLES[code])
    fields = [f for _, f, spec, _ in string.Formatter().parse(code.value) if f is not None]
    specs = {int(f): spec for _, f, spec, _ in string.Formatter().parse(code.value) if f is not None}
    args = tuple(
        datetime(2025, 9, 21, 10, 20 + i, 30 + i) if "%" in (specs.get(i) or "") else 20 + i
        for i in range(len(set(fields)))
    )
    return Said(code, args)


def _rendered(said: Said) -> list[str]:
    """Each plain argument as the English shows it: the GUI must show it too."""
    out = []
    for _, field, spec, conversion in string.Formatter().parse(said.code.value):
        if field is None:
            continue
        value = said.args[int(field)]
        if isinstance(value, Said) or said.code in SAMPLES:
            continue
        if spec and spec.startswith("#"):  # a count with its words: the count is what must show
            spec = ""
        out.append(format(repr(value) if conversion == "r" else value, spec or ""))
    return out


ALL_CODES = [code for family in CODES for code in family]


def test_every_code_has_its_english() -> None:
    assert set(STATUS_HELP) == set(Status) and set(FLAG_HELP) == set(Flag) and set(ACTION_HELP) == set(Action)
    for code in ALL_CODES:
        english = str(_sample(code))
        assert english and "{" not in english, code


@pytest.mark.parametrize("code", ALL_CODES, ids=lambda c: f"{type(c).__name__}.{c.name}")
def test_the_gui_says_in_english_what_the_cli_says(code: Code, english: QTranslator) -> None:
    said = _sample(code)
    if code in GUI_OWN_ENGLISH:
        assert say(said) != str(said)
    else:
        assert say(said) == str(said)


def test_the_explanations_are_the_engines_english() -> None:
    assert [EXPLANATIONS.status(s) for s in Status] == [STATUS_HELP[s] for s in Status]
    assert [EXPLANATIONS.flag(f) for f in Flag] == [FLAG_HELP[f] for f in Flag]
    assert [EXPLANATIONS.action(a) for a in Action] == [ACTION_HELP[a] for a in Action]


def test_every_code_is_translated_with_its_arguments(chinese: QTranslator) -> None:
    for code in ALL_CODES:
        said = _sample(code)
        text = say(said)
        assert HAN.search(text), (code, text)
        assert not re.search(r"%\d|%n", text), (code, text)
        for value in _rendered(said):
            assert value in text, (code, value, text)
    for words in (
        [EXPLANATIONS.status(s) for s in Status],
        [EXPLANATIONS.flag(f) for f in Flag],
        [EXPLANATIONS.action(a) for a in Action],
    ):
        assert all(HAN.search(text) for text in words), words


def test_nested_sentences_and_plurals_come_out_in_chinese(chinese: QTranslator) -> None:
    ambiguous = Said(Reason.AMBIGUOUS, (Said(Reason.ON_TOP_OF, SAMPLES[Reason.ON_TOP_OF]), 2, 1))
    assert say(ambiguous) == "换行符（\\r\\n） + 发言者前缀“Roland: ”（不确定：2 个孤立条目，1 条消息）"
    error = InputError("chat.json", Said(Problem.MESSAGE_NOT_OBJECT, (3, Said(JsonKind.TEXT))))
    assert error_text(error) == "chat.json：消息 3 应为 JSON 对象，实际是文本"
    denied = InputError("ts.json", Said(Problem.CANNOT_READ, ("Permission denied", errno.EACCES)))
    assert error_text(denied) == "ts.json：无法读取（没有权限）"
    assert str(denied) == "ts.json: cannot be read (Permission denied)"  # the CLI's words are the system's
    free = InputError(None, "--timestamps is required for this command")  # the CLI's own: not coded
    assert error_text(free) == "--timestamps is required for this command"


def test_without_the_translator_a_permission_problem_reads_plainly() -> None:
    denied = InputError("ts.json", Said(Problem.CANNOT_WRITE, ("Permission denied", errno.EACCES)))
    assert error_text(denied) == "ts.json: cannot be written (permission denied)"


def _untracked_demo(tmp_path: Path) -> tuple[Path, Path]:
    """The demo's shape in small: a tracked start, one message the middleware
    hashed with a speaker prefix, one edited message between tracked ones."""
    chat = [
        {"role": "user", "content": "Plan the trip?", "name": "Roland"},
        {"role": "assistant", "content": "Sure."},
        {"role": "user", "content": "Lisbon, in October."},
        {"role": "assistant", "content": "Lovely."},
    ]
    transcript = tmp_path / "chat.json"
    transcript.write_text(json.dumps(chat))
    ts = tmp_path / "timestamps.json"
    ts.write_text(
        json.dumps(
            {
                content_hash("Roland: Plan the trip?"): "(Sunday, 2025-09-21 10:00:00)",
                content_hash("Sure."): "(Sunday, 2025-09-21 10:01:00)",
                content_hash("Lisbon in October"): "(Sunday, 2025-09-21 10:02:00)",
                content_hash("Lovely."): "(Sunday, 2025-09-21 10:03:00)",
            }
        )
    )
    return transcript, ts


def test_the_panels_show_the_engines_words_in_chinese(
    qtbot,
    window: MainWindow,
    tmp_path: Path,
    chinese: QTranslator,
) -> None:
    transcript, ts = _untracked_demo(tmp_path)
    window.session.set_pinned_now(datetime(2025, 9, 21, 12, 0, 0))
    open_and_wait(qtbot, window, transcript, ts)
    window.show()
    qtbot.waitExposed(window)

    # the details pane: a click on the untracked message explains it
    table = window.table
    rect = table.visualRect(table.model().index(2, 0))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.detail.status.text().startswith("没有与这段内容匹配的条目：")
    assert window.detail.next_request.text().startswith(
        "由反向推算得到新的时间（比下一条已知消息早一秒，或者取“当前时间”）："
    )

    # the repair panel: its reasons, in the table and in the tooltip
    panel = window.repair_panel
    with qtbot.waitSignal(panel.proposalsReady, timeout=10000):
        window.actions_by_name["repair"].trigger()
    model = panel.model
    reasons = [
        model.data(model.index(row, PropColumn.REASON), Qt.ItemDataRole.DisplayRole)
        for row in range(model.rowCount())
    ]
    assert "发言者前缀“Roland: ”" in reasons
    assert any(r.startswith("位置：") for r in reasons), reasons
    tip = model.data(model.index(0, PropColumn.REASON), Qt.ItemDataRole.ToolTipRole)
    assert reasons[0] in tip

    # the simulate dialog: what the next request would do
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    dialog = window.simulation_dialog
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=10000)
    summary = dialog.summary.text().splitlines()
    assert summary, "a simulation of untracked messages has consequences"
    assert all(HAN.search(line) for line in summary), summary
    assert any("推算出的时间" in line for line in summary), summary
    assert "由反向推算得到新的时间（比下一条已知消息早一秒，或者取“当前时间”）" in [
        dialog.model.data(dialog.model.index(row, 2), Qt.ItemDataRole.DisplayRole)
        for row in range(dialog.model.rowCount())
    ]
    dialog.buttons.button(QDialogButtonBox.StandardButton.Close).click()


def test_a_missing_file_is_said_in_chinese(qtbot, window: MainWindow, tmp_path: Path, chinese) -> None:
    missing = tmp_path / "gone.json"
    with qtbot.waitSignal(window.session.failed, timeout=10000) as said:
        window.session.open(missing, None, beside=False)
    assert said.args == [f"{missing}：文件不存在"]


def test_a_broken_discussion_file_is_summarised_in_both_languages(
    tmp_path: Path,
    chinese: QTranslator,
) -> None:
    from timeline_app.core.discovery import DiscussionFile, summarize

    path = tmp_path / "a" / "timestamps.json"
    path.parent.mkdir()
    path.write_text("[1]")
    summary = summarize(DiscussionFile("a", path, "nested"))
    assert str(summary.problem) == "a timestamp file holds a JSON object, this one holds a list"
    assert say(summary.problem) == "时间戳文件应包含一个 JSON 对象，而这个文件包含的是列表"


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_broken_json_says_where_it_broke_in_the_users_language(
    qtbot, window: MainWindow, tmp_path: Path, request, language: str
) -> None:
    """orjson's reason is English; the Chinese window says where and why in
    Chinese, the English one exactly what the command line prints."""
    if language == "zh_CN":
        request.getfixturevalue("chinese")
    broken = tmp_path / "broken.json"
    broken.write_text('[\n  {"role": x}\n]')
    stamps = tmp_path / "timestamps.json"
    stamps.write_text('{"a": "(Sunday, 2025-09-21 10:00:00)",}')
    window.show()
    expected = {
        "en": [
            f"{broken}: not valid JSON at line 2, column 12: unexpected character, expected a JSON value",
            f"{stamps}: not valid JSON at line 1, column 38: trailing comma is not allowed",
        ],
        "zh_CN": [
            f"{broken}：不是合法的 JSON，第 2 行第 12 列附近：有意外的字符，这里应为 JSON 值",
            f"{stamps}：不是合法的 JSON，第 1 行第 38 列附近：有多余的末尾逗号",
        ],
    }[language]
    for path, words in zip((broken, stamps), expected, strict=True):
        transcript, store = (path, None) if path is broken else (None, path)
        with qtbot.waitSignal(window.session.failed, timeout=10000):
            window.session.open(transcript, store, beside=False)
        assert window.banner.text().startswith(
            words
        )  # the timestamp file's goes on: the middleware fails too


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_an_empty_file_is_said_to_be_empty_whichever_file_it_is(
    qtbot, window: MainWindow, tmp_path: Path, request, language: str
) -> None:
    """Tryout: an empty transcript said "is empty", an empty timestamps.json
    the parser's "Input is a zero-length, empty document"."""
    if language == "zh_CN":
        request.getfixturevalue("chinese")
    empty = {"en": "is empty", "zh_CN": "是空文件"}[language]
    separator = {"en": ": ", "zh_CN": "："}[language]
    window.show()
    for name, data in (("chat.json", b""), ("timestamps.json", b""), ("blank.json", b"\n  \n")):
        path = tmp_path / name
        path.write_bytes(data)
        for transcript, store in ((path, None), (None, path)):
            with qtbot.waitSignal(window.session.failed, timeout=10000):
                window.session.open(transcript, store, beside=False)
            # a timestamp file goes on to what the middleware does with it (it fails too)
            assert window.banner.text().startswith(f"{path}{separator}{empty}")
            assert (transcript is None) == (len(window.banner.text()) > len(f"{path}{separator}{empty}"))


COUNTED = [code for code in ALL_CODES if ":#" in code.value]


@pytest.mark.parametrize("code", COUNTED, ids=lambda c: f"{type(c).__name__}.{c.name}")
def test_one_of_a_count_is_said_in_the_singular_by_both(code: Code, english: QTranslator) -> None:
    """A count's words agree with it ("1 orphan", "1 message repeats"), on
    the command line and in the window alike."""
    said = _sample(code)
    counts = {
        int(f) for _, f, spec, _ in string.Formatter().parse(code.value) if spec and spec.startswith("#")
    }
    one = Said(code, tuple(1 if i in counts else value for i, value in enumerate(said.args)))
    assert "(s)" not in str(one) and say(one) == str(one)
    assert str(one) != str(said)


def test_a_conflict_over_the_placeholder_names_it_not_its_key() -> None:
    """Tryout (issue 29, life3 finding 7): the conflict banner read
    "PLACEHOLDER_…: wanted to store …", the raw key. The placeholder is named
    for what it is; any other key stays a shortened hash."""
    from timeline_app.core.edits import ABSENT, Conflict, SetEntry
    from timeline_app.core.store import PLACEHOLDER_KEY

    said = say(Conflict(SetEntry(PLACEHOLDER_KEY, "(Sunday, 2025-09-21 00:20:40)"), ABSENT).said())
    assert said.startswith("the reply's placeholder: wanted to store '(Sunday, 2025-09-21 00:20:40)'"), said
    assert "PLACEHOLDER" not in said and said.endswith("the file now has no entry")
    other = say(Conflict(SetEntry("ab" * 32, "x"), "y").said())
    assert other == "abababababab…: wanted to store 'x', the file now has 'y'", other


@pytest.mark.parametrize("count", [1, 3, 4, 2_424])
def test_conflicts_named_in_part_say_how_many_more(count: int) -> None:
    """Tryout (tryG 4): Reload's question said "4 of your unsaved edits no
    longer apply" and named 3 of them, the fourth unsaid; Save's question
    says "… and N more". Every conflict is either named or counted."""
    from timeline_app.core.edits import Conflict, SetEntry
    from timeline_app.gui.wording import conflicts_text

    conflicts = [Conflict(SetEntry(f"{i:012x}".ljust(64, "f"), f"t{i}"), f"f{i}") for i in range(count)]
    text = conflicts_text(conflicts, 3)
    named = [i for i in range(count) if f"{i:012x}" in text]
    assert named == list(range(min(count, 3)))
    more = count - len(named)
    assert (f"and {more:,} more" in text) == (more > 0), text


def test_counts_in_messages_are_grouped_in_thousands() -> None:
    """Tryout (issue 29, life5 finding 4): Save's button said "Write all
    50496 stored times" beside a progress bar's "50,496". Counts in a
    message are written as ``number`` writes them: in ``fill``'s values and
    in a ``%n`` Qt wrote bare, never another number of the text (a file's
    name, a year). Break tried: ``fill`` with ``str``: failed."""
    from timeline_app.gui.wording import fill, number, numbered

    assert number(50496) == "50,496" and number(13) == "13"
    assert fill("%1 of %2 in %3", 50496, 3, "2025-log.json") == "50,496 of 3 in 2025-log.json"
    assert fill("%1", True) == "True"
    assert numbered("Write all 50496 stored times of 150496.json", 50496) == (
        "Write all 50,496 stored times of 150496.json"
    )
    assert numbered("保存全部 50496 个时间", 50496) == "保存全部 50,496 个时间"

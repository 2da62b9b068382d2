"""A file that is not JSON is said the same way whichever file it is
(tryout: a transcript said "not valid JSON at line 51, column 32: …", a
timestamp file "not a valid JSON file (at line 5, column 84: …)"), and an
empty file is "empty" for both (an empty timestamps.json showed orjson's
"Input is a zero-length, empty document")."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli

from timeline_app.core.errors import InputError
from timeline_app.core.store import loads_store
from timeline_app.core.transcripts.loading import loads_transcript
from timeline_app.core.words import Problem

BROKEN = {
    "empty": b"",
    "blank": b" \n\t\n",
    "trailing comma": b'{\n  "a": "x",\n}',
    "cut short": b'{"a": ',
    "content after": b'{"a": "x"} [',
    "bad value": b'[\n  {"role": x}\n]',
}


def _problem(load, data: bytes) -> InputError:
    with pytest.raises(InputError) as raised:
        load(data, "file.json")
    return raised.value


@pytest.mark.parametrize("data", BROKEN.values(), ids=BROKEN.keys())
def test_both_files_say_it_with_the_same_code_and_words(data: bytes) -> None:
    transcript = _problem(loads_transcript, data)
    store = _problem(loads_store, data)
    assert store.said == transcript.said
    assert str(store) == str(transcript)
    assert store.said is not None and store.said.code in (Problem.EMPTY, Problem.NOT_JSON)
    assert "zero-length" not in str(store)


def test_empty_and_broken_read_alike_on_the_command_line(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "chat.json").write_text('[{"role": "user", "content": "hi"}]')
    said = {}
    for name, data in (("empty.json", b""), ("broken.json", b'{\n  "a": "x",\n}')):
        (tmp_path / name).write_bytes(data)
        _, _, as_transcript = run_cli(capsys, "inspect", name)
        _, _, as_store = run_cli(capsys, "inspect", "chat.json", "--timestamps", name)
        assert as_store == as_transcript
        said[name] = as_store
    assert said == {
        "empty.json": "timeline-inspector: error: empty.json: is empty\n",
        "broken.json": (
            "timeline-inspector: error: broken.json: not valid JSON at line 2, column 11: "
            "trailing comma is not allowed\n"
        ),
    }

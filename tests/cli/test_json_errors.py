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
from timeline_app.core.words import Problem, Said

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
    # the timestamp file's own problem goes on to what the middleware does with it
    assert store.said == Said(Problem.STORE_UNREADABLE, (transcript.said,))
    assert str(store).startswith(f"{transcript};")
    assert transcript.said is not None and transcript.said.code in (Problem.EMPTY, Problem.NOT_JSON)
    assert "zero-length" not in str(store)


def test_empty_and_broken_read_alike_on_the_command_line(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "chat.json").write_text('[{"role": "user", "content": "hi"}]')
    said = {}
    for name, data in (("empty.json", b""), ("broken.json", b'{\n  "a": "x",\n}')):
        (tmp_path / name).write_bytes(data)
        _, _, as_transcript = run_cli(capsys, "inspect", name)
        _, _, as_store = run_cli(capsys, "inspect", "chat.json", "--timestamps", name)
        assert as_store == as_transcript[:-1] + MIDDLEWARE_FAILS
        said[name] = as_transcript
    assert said == {
        "empty.json": "timeline-inspector: error: empty.json: is empty\n",
        "broken.json": (
            "timeline-inspector: error: broken.json: not valid JSON at line 2, column 11: "
            "trailing comma is not allowed\n"
        ),
    }


# WilmerAI's load_timestamp_file reads an existing file with json.load, which
# raises on an empty or broken one, and nothing catches it: the request fails
MIDDLEWARE_FAILS = (
    "; the middleware cannot read it either, so every request of this discussion fails until it is "
    "fixed: restore it from a backup, or remove it (the next request then starts a new file and "
    "invents times for the messages so far)\n"
)

"""A timestamp file the middleware grew is parsed from its new tail alone,
and gives exactly what a whole parse gives; anything else is read whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from timeline_app.core import store_growth
from timeline_app.core.store import digest_of, loads_store
from timeline_app.core.store_growth import grown_store, marked

OLD = {"a" * 64: "(Monday, 2025-09-22 10:00:00)", "b" * 64: "(Monday, 2025-09-22 10:00:01)"}
NEW = {"c" * 64: "(Monday, 2025-09-22 10:05:00)", "PLACEHOLDER_TIMESTAMP_HASH_0000": "x"}
SOURCE = Path("timestamps.json")


def _read(text: str):
    data = text.encode()
    store = loads_store(data, SOURCE)
    store.parsed_map()  # a complete parse, as a window's open leaves it
    digest, tail = marked(data)
    assert digest == digest_of(data)
    return store, tail


@pytest.mark.parametrize("end", ["", "\n", "  \n\n"])
def test_appended_entries_are_parsed_from_the_tail_and_equal_a_whole_parse(end) -> None:
    earlier, tail = _read(json.dumps(OLD, indent=4) + end)
    assert tail is not None
    data = (json.dumps({**OLD, **NEW}, indent=4) + end).encode()
    grown = grown_store(earlier, tail, data, SOURCE)
    assert grown is not None and grown.store is not None
    fresh = loads_store(data, SOURCE)
    assert list(grown.store.as_mapping().items()) == list(fresh.as_mapping().items())
    assert grown.digest == digest_of(data)
    assert grown.appended == tuple(NEW)
    assert dict(grown.store.parsed_map()) == dict(fresh.parsed_map())
    again = grown_store(
        grown.store, grown.tail, (json.dumps({**OLD, **NEW, "d" * 64: "y"}, indent=4)).encode(), SOURCE
    )
    assert again is not None and again.appended == ("d" * 64,), "the new tail continues"


@pytest.mark.parametrize(
    "new_text",
    [
        json.dumps(
            {**OLD, "a" * 64: "(Monday, 2025-09-22 11:00:00)", **NEW}, indent=4
        ),  # an old value changed
        json.dumps({"b" * 64: OLD["b" * 64], "a" * 64: OLD["a" * 64], **NEW}, indent=4),  # reordered
        json.dumps(OLD, indent=4)[:-2] + ',\n    "' + "a" * 64 + '": "again"\n}',  # a key given twice
        json.dumps(OLD, indent=4)[:-2] + ",\n}",  # not JSON
        json.dumps(OLD, indent=4) + "\n\n\n",  # longer, nothing appended
    ],
    ids=["changed", "reordered", "repeated-key", "broken", "whitespace"],
)
def test_anything_but_an_append_is_read_whole(new_text) -> None:
    earlier, tail = _read(json.dumps(OLD, indent=4))
    assert tail is not None
    assert grown_store(earlier, tail, new_text.encode(), SOURCE) is None


def test_a_number_that_goes_on_is_no_append() -> None:
    earlier, tail = _read('{\n    "k": 5\n}')
    assert tail is not None
    assert grown_store(earlier, tail, b'{\n    "k": 55,\n    "j": 1\n}', SOURCE) is None


def test_a_reopen_after_an_append_parses_only_the_tail(tmp_path, monkeypatch) -> None:
    from datetime import datetime

    from timeline_app.core import discussion as session
    from timeline_app.core.options import EngineOptions

    transcript, store = tmp_path / "chat.json", tmp_path / "timestamps.json"
    transcript.write_text(json.dumps({"messages": [{"role": "user", "content": "hi"}]}), "utf-8")
    store.write_text(json.dumps(OLD, indent=4), "ascii")
    now = datetime(2025, 9, 22, 10)
    first = session.open_discussion(transcript, store, EngineOptions(), now)
    store.write_text(json.dumps({**OLD, **NEW}, indent=4), "ascii")
    parsed: list[int] = []
    real = store_growth.loads_store
    monkeypatch.setattr(
        store_growth, "loads_store", lambda data, *a: parsed.append(len(data)) or real(data, *a)
    )
    monkeypatch.setattr(session, "loads_store", lambda *a: pytest.fail("the whole file was parsed"))
    again = session.reopen(first, EngineOptions(), now)
    assert parsed and max(parsed) < 200
    monkeypatch.undo()
    fresh = session.open_discussion(transcript, store, EngineOptions(), now)
    assert again.store is not None and fresh.store is not None
    assert list(again.store.as_mapping().items()) == list(fresh.store.as_mapping().items())
    assert again.store_digest == fresh.store_digest
    assert again.timeline.orphans == fresh.timeline.orphans

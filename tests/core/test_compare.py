"""Predicted vs actual, and recordings opened as transcripts.

The model-leg bodies here are the conformance vectors' expected contexts,
which the middleware's own code produced: a recording of a real exchange
must compare "identical", and any byte changed must show where.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from conftest import load_vectors, run_cli
from hypothesis import given
from hypothesis import strategies as st
from record_helpers import chat_call, record_exchange, wire_time

from timeline_app.core.compare import compare_pair, compare_recording, diff_messages, pair_requests
from timeline_app.core.context import Style
from timeline_app.core.discussion import open_discussion
from timeline_app.core.errors import InputError
from timeline_app.core.options import EngineOptions
from timeline_app.core.pipeline import Api
from timeline_app.core.recordings import read_recording, read_records
from timeline_app.core.transcripts import load_transcript
from timeline_app.core.words import Note, Problem, Said
from timeline_app.record.journal import Journal

WILMER = load_vectors("wilmer")
DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
OPTIONS = EngineOptions(wilmer_zone="UTC")


@pytest.mark.parametrize("style", ["absolute", "relative"])
@pytest.mark.parametrize("vector", WILMER, ids=[v["name"] for v in WILMER])
def test_a_recorded_exchange_of_the_middleware_compares_identical(vector, style, tmp_path) -> None:
    out = tmp_path / "rec"
    record_exchange(out, vector, vector["expected"][f"context_{style}"])
    (comparison,) = compare_recording(read_recording(out), OPTIONS)
    assert comparison.status == "identical"
    assert all(m.status == "same" for m in comparison.messages)
    assert len(comparison.messages) == len(vector["expected"][f"context_{style}"])
    if vector["expected"]["context_absolute"] != vector["expected"]["context_relative"]:
        assert comparison.style is Style(style)


def test_the_middleware_clock_is_found_between_the_two_legs(tmp_path) -> None:
    """The client arrived at 11:59:59.6; the middleware tracked at 12:00:00
    (its new tail carries that time); the model was called at 12:00:00.3."""
    vector = next(v for v in WILMER if v["name"] == "partially_tracked_new_tail")
    record_exchange(tmp_path / "rec", vector, vector["expected"]["context_absolute"])
    (comparison,) = compare_recording(read_recording(tmp_path / "rec"), OPTIONS)
    assert comparison.status == "identical" and comparison.style is Style.ABSOLUTE
    assert comparison.now == datetime(2025, 9, 21, 12, 0, 0)
    # a model call still within the client's second leaves 11:59:59 as the only
    # candidate: the new tail then differs, and that is reported, not hidden
    record_exchange(tmp_path / "early", vector, vector["expected"]["context_absolute"], model_at=-0.1)
    (early,) = compare_recording(read_recording(tmp_path / "early"), OPTIONS)
    assert early.status != "identical" and early.now == datetime(2025, 9, 21, 11, 59, 59)


def test_a_changed_byte_an_extra_system_prompt_and_a_lost_message_are_shown(tmp_path) -> None:
    vector = next(v for v in WILMER if v["name"] == "partially_tracked_new_tail")
    sent = [dict(m) for m in vector["expected"]["context_absolute"]]
    sent[1]["content"] = sent[1]["content"].replace("Good morning!", "Good morning?")
    del sent[3]
    sent.insert(0, {"role": "system", "content": "You are the node's own prompt."})
    record_exchange(tmp_path / "rec", vector, sent)
    (comparison,) = compare_recording(read_recording(tmp_path / "rec"), OPTIONS)
    assert comparison.status == "3 messages differ"
    differing = [(m.status, m.predicted_index, m.actual_index) for m in comparison.messages if m.differs]
    assert differing == [("extra", None, 0), ("changed", 1, 2), ("missing", 3, None)]
    changed = next(m for m in comparison.messages if m.status == "changed")
    offset = changed.predicted.index("!")
    assert changed.first_byte == len(changed.predicted[:offset].encode())
    assert [(s.op, s.p0, s.p1) for s in changed.spans] == [("replace", offset, offset + 1)]


def test_pairing_by_time_takes_the_best_of_several_model_calls(tmp_path) -> None:
    vector = next(v for v in WILMER if v["name"] == "fully_tracked")
    out = tmp_path / "rec"
    # a workflow calls the model twice (a categoriser first), then a second request arrives
    record_exchange(out, vector, [{"role": "user", "content": "categorise this"}], model_at=0.1)
    chat_call(
        Journal(out, "model"), wire_time(vector, 0.5), {"messages": vector["expected"]["context_absolute"]}
    )
    record_exchange(out, vector, None, client_at=30, discussion="other")
    pairs = pair_requests(read_recording(out))
    assert [len(p.candidates) for p in pairs] == [2, 0]
    first, second = (compare_pair(p, OPTIONS) for p in pairs)
    assert first.status == "identical" and first.candidates == 2
    assert second.status == "no model-leg request" and second.model is None


def test_diff_messages_aligns_instead_of_shifting() -> None:
    predicted = [("user", "a"), ("assistant", "b"), ("user", "c")]
    assert [m.status for m in diff_messages(predicted, predicted[1:])] == ["missing", "same", "same"]
    assert [m.status for m in diff_messages(predicted, [("user", "A"), *predicted[1:]])] == [
        "changed",
        "same",
        "same",
    ]


def test_a_recording_opens_as_the_request_it_was_newest_first(tmp_path) -> None:
    vector = next(v for v in WILMER if v["name"] == "partially_tracked_new_tail")
    out = tmp_path / "rec"
    record_exchange(out, vector, None, client_at=-10)
    shorter = {**vector, "input": {**vector["input"], "messages": vector["input"]["messages"][:2]}}
    record_exchange(out, shorter, None, client_at=0)
    path = out / "talk" / "requests.jsonl"
    with path.open("ab") as stream:
        stream.write(b'{"format":"timeline-inspector-record/1","kind":"requ')  # a recorder killed mid-write
    newest = load_transcript(path)
    assert newest.format == "recording" and list(newest.messages) == shorter["input"]["messages"]
    assert newest.bad_lines[0].problem.startswith("unfinished record")
    first = load_transcript(path, chat="0")
    assert list(first.messages) == vector["input"]["messages"]
    note = first.notes[-1]
    assert isinstance(note, Said) and note.code is Note.RECORDED_REQUEST_IN  # the GUI words it
    # the command line's English, as it always was
    assert re.fullmatch(r"request 1 of 2: \S+ client POST /\S+, discussion talk", str(note)), str(note)
    with pytest.raises(InputError, match="no request with id or index '7'"):
        load_transcript(path, chat="7")


def test_cli_compare_and_inspect_a_recording(tmp_path, capsys) -> None:
    vector = next(v for v in WILMER if v["name"] == "partially_tracked_new_tail")
    out = tmp_path / "rec"
    record_exchange(out, vector, vector["expected"]["context_relative"])
    code, text, err = run_cli(capsys, "compare", str(out), "--tz", "UTC")
    assert code == 0, err
    assert "identical (relative, now 2025-09-21 12:00:00, 1 candidate)" in text
    code, text, err = run_cli(capsys, "compare", str(out), "--tz", "UTC", "--json", "--request", "0")
    assert code == 0 and json.loads(text)[0]["status"] == "identical"
    code, text, err = run_cli(capsys, "inspect", str(out / "talk" / "requests.jsonl"), "--json")
    assert code == 0 and json.loads(text)["format"] == "recording"
    code, text, err = run_cli(capsys, "compare", str(tmp_path / "nowhere"))
    assert code == 2 and "is not a folder" in err and len(err.strip().splitlines()) == 1


def test_a_live_view_reads_only_what_was_appended(tmp_path) -> None:
    vector = next(v for v in WILMER if v["name"] == "partially_tracked_new_tail")
    out = tmp_path / "rec"
    record_exchange(out, vector, None, client_at=-10)
    path = out / "talk" / "requests.jsonl"
    before = read_records(path)
    assert (len(before.requests), before.lines, before.end) == (1, 1, path.stat().st_size)
    record_exchange(out, vector, None, client_at=0)
    with path.open("ab") as stream:
        stream.write(b'{"format":"timeline-inspector-record/1","kind":"resp')  # being written right now
    later = read_records(path, since=before)
    assert [r.id for r in later.requests[:1]] == [before.requests[0].id] and len(later.requests) == 2
    assert later.problems == ((3, Said(Problem.RECORD_UNFINISHED)),)  # a code, worded by the GUI
    assert str(later.problems[0][1]) == "unfinished record (the recorder stopped mid-write)"
    with path.open("ab") as stream:  # the write completes: a response to the first request
        rest = json.dumps(
            {"id": before.requests[0].id, "leg": "client", "finished": wire_time(vector).isoformat()}
        )
        stream.write(b'onse","status":200,' + rest[1:].encode() + b"\n")
    last = read_records(path, since=later)
    assert last.problems == () and last.lines == 3
    assert last.requests[0].response is not None and last.requests[0].response.status == 200
    assert last == read_records(path)  # the same as reading the whole file
    path.write_bytes(b"")  # a file that shrank is read again from the start
    assert read_records(path, since=last).requests == ()


def test_a_model_called_with_a_flat_prompt_and_a_prompt_client(tmp_path) -> None:
    vector = next(v for v in WILMER if v["name"] == "partially_tracked_new_tail")
    out = tmp_path / "rec"
    record_exchange(out, vector, None)
    context = vector["expected"]["context_absolute"]
    prompt = "".join(f"<|{m['role']}|>\n{m['content']}\n" for m in context)
    model = {"prompt": prompt.replace("Sunny.", "Rainy."), "stream": True}
    chat_call(Journal(out, "model"), wire_time(vector, 0.2), model, path="/v1/completions")
    (comparison,) = compare_recording(read_recording(out), OPTIONS)
    missing = [m.predicted for m in comparison.messages if m.differs]
    assert comparison.status == "1 message differs" and len(missing) == 1 and missing[0].endswith("Sunny.")
    # a prompt completion from the front end is recorded but not predicted
    chat_call(Journal(out, "client"), wire_time(vector, 5), model, path="/v1/completions")
    statuses = [c.status for c in compare_recording(read_recording(out), OPTIONS)]
    assert statuses[1].startswith("not compared: ") and "prompt completion" in statuses[1]


def test_a_recorded_request_opens_joined_with_the_timestamp_file_as_it_was(tmp_path) -> None:
    """What a Recordings view does to open a client request: the session
    loader with the request's id and the copy kept with it."""
    vector = next(v for v in WILMER if v["name"] == "partially_tracked_new_tail")
    out = tmp_path / "rec"
    record_exchange(out, vector, None, client_at=-10)
    record_exchange(out, {**vector, "input": {**vector["input"], "timestamps": {}}}, None)
    first, second = read_records(out / "talk" / "requests.jsonl").requests
    discussion = open_discussion(
        first.folder / "requests.jsonl",
        first.snapshot_path(),
        OPTIONS,
        wire_time(vector).replace(tzinfo=None),
        chat=first.id,
    )
    assert [row.status.value for row in discussion.timeline.rows].count("tracked") == 2
    assert discussion.timeline.discussion_id is None and discussion.transcript.format == "recording"
    assert first.snapshot_path() != second.snapshot_path()


@pytest.mark.parametrize("pick", [0, 1])
def test_a_recorded_request_opened_alone_is_joined_with_its_own_copy(tmp_path, pick: int) -> None:
    """Tryout (issue 34): ``inspect requests.jsonl`` (and the window opened on
    it) said "no timestamp file; a new discussion" and every message
    untracked, while the History beside it read 9 entries from the copies.
    A recorded request names the file it arrived with: it is its timestamp
    file when none is given, said in a note; a given one still wins.
    Break tried: ``companion`` left unset by the loader: both picks opened
    with no file and the test failed."""
    vector = next(v for v in WILMER if v["name"] == "partially_tracked_new_tail")
    out = tmp_path / "rec"
    record_exchange(out, vector, None, client_at=-10)
    record_exchange(out, {**vector, "input": {**vector["input"], "timestamps": {"a" * 64: "x"}}}, None)
    requests = read_records(out / "talk" / "requests.jsonl").requests
    now = wire_time(vector).replace(tzinfo=None)
    alone = open_discussion(requests[pick].folder / "requests.jsonl", None, OPTIONS, now, chat=str(pick))
    assert alone.store_path == requests[pick].snapshot_path()
    assert alone.store is not None and len(alone.store) == (len(vector["input"]["timestamps"]), 1)[pick]
    assert Said(Note.STORE_RECORDED, (requests[pick].snapshot_path(),)) in alone.every_note
    given = tmp_path / "given.json"
    given.write_text("{}")
    chosen = open_discussion(requests[pick].folder / "requests.jsonl", given, OPTIONS, now, chat=str(pick))
    assert chosen.store_path == given


def test_a_recorded_request_whose_copy_is_gone_opens_as_a_new_discussion(tmp_path) -> None:
    vector = next(v for v in WILMER if v["name"] == "partially_tracked_new_tail")
    record_exchange(tmp_path / "rec", vector, None)
    (request,) = read_records(tmp_path / "rec" / "talk" / "requests.jsonl").requests
    request.snapshot_path().unlink()
    now = wire_time(vector).replace(tzinfo=None)
    alone = open_discussion(request.folder / "requests.jsonl", None, OPTIONS, now)
    assert alone.store_path is None and alone.store is None


def test_write_never_changes_the_copy_a_recorded_request_arrived_with(tmp_path, capsys) -> None:
    """The recorder's copy is evidence of what the middleware worked from:
    ``backfill requests.jsonl --write`` is refused, the copy unchanged;
    ``--output`` writes elsewhere. Break tried: the refusal removed: the
    copy was rewritten and the test failed."""
    vector = next(v for v in WILMER if v["name"] == "partially_tracked_new_tail")
    record_exchange(tmp_path / "rec", vector, None)
    (request,) = read_records(tmp_path / "rec" / "talk" / "requests.jsonl").requests
    copy = request.snapshot_path()
    before = copy.read_bytes()
    transcript = str(request.folder / "requests.jsonl")
    now = ("--now", vector["input"]["now"], "--tz", "UTC")
    code, out, err = run_cli(capsys, "backfill", transcript, "--write", *now)
    assert (code, out) == (2, "") and "the recorder kept" in err and "nothing written" in err
    # which file was read (issue 31: the recorder's copy, said always), then the refusal alone
    said = f"timeline-inspector: timestamps: {copy} (the recorder's copy for request 1)"
    assert err.splitlines()[0] == said and err.count("\n") == 2 and copy.read_bytes() == before
    written = tmp_path / "out.json"
    code, _, err = run_cli(capsys, "backfill", transcript, "--output", str(written), *now)
    assert code == 0, err
    assert json.loads(written.read_bytes()).keys() >= json.loads(before).keys()
    assert copy.read_bytes() == before


def test_the_recorded_path_says_which_api_sent_the_request(tmp_path) -> None:
    vector = next(v for v in WILMER if v["name"] == "fully_tracked")
    out = tmp_path / "rec"
    chat_call(
        Journal(out, "client"), wire_time(vector), {"messages": vector["input"]["messages"]}, path="/api/chat"
    )
    chat_call(Journal(out, "client"), wire_time(vector, 1), {"messages": vector["input"]["messages"]})
    path = out / "_no-id" / "requests.jsonl"
    assert load_transcript(path, chat="0").api is Api.OLLAMA
    assert load_transcript(path).api is Api.OPENAI


def _marked(text: str, spans, side: str) -> list[str]:
    return [
        text[getattr(s, f"{side}0") : getattr(s, f"{side}1")]
        for s in spans
        if getattr(s, f"{side}1") > getattr(s, f"{side}0")
    ]


def test_a_replaced_stretch_is_marked_whole_not_letter_by_letter() -> None:
    """Issue 31 item 10: by characters alone, "(Sunday" paired its letters
    with those inside "[DiscussionId]" and the marks fell apart; words are
    aligned first, and an unlike stretch is marked as one."""
    predicted = "(Sunday, 2025-09-14 09:30:05) Shall we go?"
    actual = "[DiscussionId]abc123[/DiscussionId] Shall we go?"
    (diff,) = [m for m in diff_messages([("user", predicted)], [("user", actual)]) if m.differs]
    assert _marked(actual, diff.spans, "a") == ["[DiscussionId]abc123[/DiscussionId]"]
    assert _marked(predicted, diff.spans, "p") == ["(Sunday, 2025-09-14 09:30:05)"]


@given(st.text(alphabet="ab (),-:[]\n😀", max_size=30), st.text(alphabet="ab (),-:[]\n😀", max_size=30))
def test_the_spans_and_the_text_between_them_rebuild_both_sides(predicted: str, actual: str) -> None:
    """Spans in order, apart, and the text between them the same on both sides."""
    (diff,) = diff_messages([("u", predicted)], [("u", actual)])
    if predicted == actual:
        return
    spans = diff.spans
    p, a = 0, 0
    for span in spans:
        assert p <= span.p0 <= span.p1 and a <= span.a0 <= span.a1
        assert predicted[p : span.p0] == actual[a : span.a0]
        p, a = span.p1, span.a1
    assert predicted[p:] == actual[a:]


def _record_demo(out: Path, when: datetime) -> Path:
    """The demo's chat (own times at +02:00) sent as a client request at
    ``when``, with the demo's timestamp file as it was, and the middleware's
    call to the model within the same second: its "now" is ``when``."""
    root = out.parent / "root"
    (root / "lisbon-trip").mkdir(parents=True)
    shutil.copy(DEMO / "timestamps.json", root / "lisbon-trip" / "timestamps.json")
    body = json.loads((DEMO / "chat.json").read_text())
    chat_call(Journal(out, "client", root), when, body, "lisbon-trip")
    chat_call(Journal(out, "model"), when + timedelta(milliseconds=300), {"messages": body["messages"]})
    return out / "lisbon-trip" / "requests.jsonl"


def test_the_comparisons_now_is_on_the_clock_the_opened_request_is_pinned_to(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A transcript whose own times are at +02:00 has its middleware's clock
    there (``Discussion.clock``): the comparison's "middleware now" and the
    Now button of the same request opened are the same moment on it, on a
    machine in UTC with no zone named. Fails with the comparison reading
    the arrival in the machine's zone (``arrival_clock`` of old): two hours off."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        when = datetime(2025, 9, 21, 6, 6, 0, 100000, tzinfo=UTC)
        requests = _record_demo(tmp_path / "rec", when)
        (pair,) = pair_requests(read_recording(tmp_path / "rec"))
        comparison = compare_pair(pair, EngineOptions())
        opened = open_discussion(requests, None, EngineOptions(), when)
        assert opened.clock_zone.utcoffset(None) == timedelta(hours=2)
        assert comparison.now == opened.now == datetime(2025, 9, 21, 8, 6, 0)
    finally:
        monkeypatch.undo()
        time.tzset()

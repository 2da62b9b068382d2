"""Which files belong together, and the engine-side state defects of issue 11:
encrypted files recognised by content, orphans given back, the end of a
legacy backfill run, and the middleware clock read from a transcript."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from timeline_app.core.crypto import FileKey
from timeline_app.core.discussion import open_discussion, sniff_kind, with_store
from timeline_app.core.display import infer_clock_zone
from timeline_app.core.edits import apply_operations
from timeline_app.core.hashing import content_hash
from timeline_app.core.options import EngineOptions
from timeline_app.core.pairing import file_discussion_id, pairing_warnings
from timeline_app.core.repair import Confidence, operations_for, propose_repairs
from timeline_app.core.store import TimestampStore
from timeline_app.entry import main

NOW = datetime(2025, 9, 21, 12, 0, 0)


def test_an_encrypted_timestamp_file_is_recognised_whatever_its_name(tmp_path: Path) -> None:
    path = tmp_path / "backup-of-discussion.json"
    path.write_bytes(
        TimestampStore({"a" * 64: "(Sunday, 2025-09-21 10:00:00)"}, FileKey.derive("k")).file_bytes()
    )
    assert sniff_kind(path) == "timestamps"
    chat = tmp_path / "chat.json"
    chat.write_text(json.dumps([{"role": "user", "content": "gAAAAA is how Fernet tokens start"}]))
    assert sniff_kind(chat) == "transcript"


def test_the_discussion_a_file_belongs_to_comes_from_where_the_middleware_puts_it(tmp_path: Path) -> None:
    assert file_discussion_id(tmp_path / "DiscussionIds" / "trip" / "timestamps.json") == "trip"
    assert file_discussion_id(tmp_path / "DiscussionIds" / "0a1b2c" / "trip" / "timestamps.json") == "trip"
    assert file_discussion_id(tmp_path / "whatever" / "trip_timestamps.json") == "trip"
    assert file_discussion_id(tmp_path / "Downloads" / "timestamps.json") is None  # a copy says nothing


def test_pairing_warnings() -> None:
    root = Path("/data/DiscussionIds")
    assert pairing_warnings("trip", root / "trip" / "timestamps.json", 10, 0) == ()
    (mismatch,) = map(str, pairing_warnings("trip", root / "other" / "timestamps.json", 10, 1))
    assert "'trip'" in mismatch and "'other'" in mismatch
    (orphaned,) = map(str, pairing_warnings(None, Path("/tmp/timestamps.json"), 10, 6))
    assert "6 of 10 entries" in orphaned
    assert pairing_warnings(None, Path("/tmp/timestamps.json"), 10, 5) == ()  # half is not most


def test_an_orphan_time_given_back_is_not_offered_again(tmp_path: Path) -> None:
    transcript = tmp_path / "chat.json"
    said = ["Where shall we go?", "Lisbon.", "When?", "In October."]
    transcript.write_text(
        json.dumps(
            [{"role": "user" if i % 2 == 0 else "assistant", "content": c} for i, c in enumerate(said)]
        )
    )
    store = {content_hash(c): f"(Sunday, 2025-09-21 10:0{i}:00)" for i, c in enumerate(said)}
    store[content_hash("When ?")] = store.pop(content_hash("When?"))  # edited after tracking: orphaned
    ts = tmp_path / "timestamps.json"
    ts.write_text(json.dumps(store))
    discussion = open_discussion(transcript, ts, EngineOptions(), NOW)
    (proposal,) = propose_repairs(discussion)
    assert proposal.orphan == content_hash("When ?") and discussion.timeline.orphans == (proposal.orphan,)
    repaired, _ = apply_operations(
        discussion.store, operations_for([proposal])
    )  # the orphan stays in the file
    after = with_store(discussion, repaired)
    assert after.timeline.orphans == () and after.timeline.given_back == (content_hash("When ?"),)
    assert propose_repairs(after) == []


def test_a_reply_orphaned_in_the_second_its_user_message_was_stored_is_still_lost(tmp_path: Path) -> None:
    """The middleware stores the user's message and the reply's placeholder in
    the same second: a reply the front end then saves differently leaves an
    orphan with its user message's very time. A message stored before the
    orphan shares its value by the clock, not by a copy: the orphan is not
    given back, and repair offers it to the reply (break tried: counting any
    tracked holder of the value as a copy made this fail with no proposal)."""
    transcript = tmp_path / "chat.json"
    saved = [("user", "Hi"), ("assistant", "Hello there"), ("user", "more")]
    transcript.write_text(json.dumps([{"role": r, "content": c} for r, c in saved]))
    first, second = "(Sunday, 2026-12-06 16:30:00)", "(Sunday, 2026-12-06 16:31:00)"
    store = {content_hash("Hi"): first, content_hash("Hello there "): first, content_hash("more"): second}
    ts = tmp_path / "timestamps.json"
    ts.write_text(json.dumps(store))
    discussion = open_discussion(transcript, ts, EngineOptions(), NOW)
    assert discussion.timeline.orphans == (content_hash("Hello there "),)
    assert discussion.timeline.given_back == ()
    (proposal,) = propose_repairs(discussion)
    assert proposal.orphan == content_hash("Hello there ") and proposal.confidence is Confidence.HIGH
    repaired, _ = apply_operations(discussion.store, operations_for([proposal]))
    after = with_store(discussion, repaired)  # now the copy is the reply's, written after the orphan
    assert after.timeline.orphans == () and after.timeline.given_back == (content_hash("Hello there "),)


ST_2023 = [
    '{"user_name":"You","character_name":"Aqua","create_date":"2023-5-1 @10h 00m 00s 0ms","chat_metadata":{}}',
    '{"name":"Aqua","is_user":false,"is_system":false,"send_date":"May 1, 2023 10:00am","mes":"Hi!","extra":{}}',
    '{"name":"You","is_user":true,"is_system":false,"send_date":"May 1, 2023 10:02am","mes":"Hello.","extra":{}}',
    '{"name":"Aqua","is_user":false,"is_system":false,"send_date":"May 1, 2023 10:03am","mes":"Bye.","extra":{}}',
]


def test_the_end_of_a_legacy_run_is_reanchored_when_it_is_the_import_moment(tmp_path: Path, capsys) -> None:
    transcript = tmp_path / "chat.jsonl"
    transcript.write_text("\n".join(ST_2023) + "\n")
    ts = tmp_path / "timestamps.json"
    ts.write_text("{}")
    # the chat met the middleware two years later: all three got invented times, #2 the import moment
    assert (
        main(
            ["backfill", str(transcript), "--timestamps", str(ts), "--write", "--now", "2025-06-01 09:00:00"]
        )
        == 0
    )
    capsys.readouterr()
    assert main(["repair", str(transcript), "--timestamps", str(ts), "--reanchor", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    found = [(r["index"], r["time"], r["confidence"]) for r in report["proposals"]]
    assert found == [
        (0, "(Monday, 2023-05-01 10:00:00)", "high"),
        (1, "(Monday, 2023-05-01 10:02:00)", "high"),
        (2, "(Monday, 2023-05-01 10:03:00)", "medium"),
    ]
    why = report["proposals"][2]["reason"]
    assert "when the middleware first saw the chat" in why
    discussion = open_discussion(transcript, ts, EngineOptions(), NOW)
    assert propose_repairs(discussion, reanchor=True)[2].confidence is Confidence.MEDIUM


def test_the_middleware_clock_is_read_from_the_transcripts_own_times() -> None:
    plus_two = timezone(timedelta(hours=2))
    pairs = [
        (datetime(2025, 9, 12, 18, 0, s), datetime(2025, 9, 12, 18, 0, s, tzinfo=plus_two)) for s in range(5)
    ]
    assert infer_clock_zone(pairs) == plus_two
    lagging = [(stored + timedelta(seconds=40), own) for stored, own in pairs]  # the middleware saw it later
    assert infer_clock_zone(lagging) == plus_two
    scattered = [
        (datetime(2025, 1, 1) + timedelta(hours=7 * i), datetime(2024, 1, 1, tzinfo=UTC)) for i in range(4)
    ]
    assert infer_clock_zone(scattered) is None
    assert infer_clock_zone([]) is None


_SECONDS = ["(Sunday, 2026-12-06 16:30:00)", "(Sunday, 2026-12-06 16:30:01)", "(Sunday, 2026-12-06 16:31:00)"]


def _orphaned_pair(folder: Path, seconds: list[str], lost: set[int]):
    """Messages stored in file order with ``seconds`` (many alike: the
    middleware's clock), those in ``lost`` hashed with a trailing space the
    front end then dropped."""
    texts = [f"message {i}" for i in range(len(seconds))]
    store = {
        content_hash(t + (" " if i in lost else "")): s
        for i, (t, s) in enumerate(zip(texts, seconds, strict=True))
    }
    transcript, ts = folder / "chat.json", folder / "timestamps.json"
    roles = ["user", "assistant"]
    transcript.write_text(json.dumps([{"role": roles[i % 2], "content": t} for i, t in enumerate(texts)]))
    ts.write_text(json.dumps(store))
    return open_discussion(transcript, ts, EngineOptions(), NOW), {content_hash(texts[i] + " ") for i in lost}


@settings(max_examples=60, deadline=None)
@given(
    seconds=st.lists(st.sampled_from(_SECONDS), min_size=3, max_size=8).map(sorted),
    saved_with_space=st.sets(st.integers(0, 7), min_size=1, max_size=3),
)
def test_an_orphan_stored_in_a_shared_second_is_lost_until_repaired(
    tmp_path_factory, seconds: list[str], saved_with_space: set[int]
) -> None:
    """An entry orphaned in a second other messages of the file were stored
    in, before or after it (the reply's placeholder after its user message,
    the reply after a user message saved differently), is an orphan, not
    given back; the repair's copies, written after it, give each back
    (break tried: the rule before, any later holder of the value a copy,
    fails with ``seconds=[s, s, s]``, ``{0}``: the orphan was hidden)."""
    lost = {i for i in saved_with_space if i < len(seconds)}
    discussion, keys = _orphaned_pair(tmp_path_factory.mktemp("given"), seconds, lost)
    assert set(discussion.timeline.orphans) == keys and discussion.timeline.given_back == ()
    proposals = [p for p in propose_repairs(discussion) if p.orphan in keys]
    assert {p.orphan for p in proposals} == keys
    repaired, _ = apply_operations(discussion.store, operations_for(proposals))
    after = with_store(discussion, repaired)
    assert after.timeline.orphans == () and set(after.timeline.given_back) == keys


def test_an_orphan_stored_before_a_message_of_its_second_is_lost(tmp_path: Path) -> None:
    """A user message saved differently, its reply stored in the same
    second after it: the reply's entry is the middleware's, not a copy (it
    was written before the next message's), and the orphan is offered."""
    second = "(Sunday, 2026-12-06 16:30:00)"
    discussion, keys = _orphaned_pair(tmp_path, [second, second, "(Sunday, 2026-12-06 16:31:00)"], {0})
    assert set(discussion.timeline.orphans) == keys and discussion.timeline.given_back == ()
    assert discussion.timeline.held == tuple(keys)
    (proposal,) = [p for p in propose_repairs(discussion) if p.orphan in keys]
    after = with_store(discussion, apply_operations(discussion.store, operations_for([proposal]))[0])
    assert after.timeline.orphans == () and after.timeline.given_back == tuple(keys)


def test_at_the_end_of_the_discussion_the_transcript_tells_a_copy_from_a_reply(tmp_path: Path) -> None:
    """Where nothing was written after the holder (the discussion's last
    messages), the file's order cannot tell; the transcript does. The reply
    after a user message saved differently: that untracked message, between
    the last one written before the orphan and the reply, is the orphan's
    own (lost). A repair's copy to the last message: no untracked message is
    left there (given back). Breaks tried: a holder written in order never
    a copy fails the second; always one, the first."""
    second, before = "(Sunday, 2026-12-06 16:30:00)", "(Sunday, 2026-12-06 16:29:00)"
    (tmp_path / "reply").mkdir()
    (tmp_path / "copy").mkdir()
    reply, keys = _orphaned_pair(tmp_path / "reply", [before, second, second], {1})
    assert set(reply.timeline.orphans) == keys and reply.timeline.given_back == ()
    last, keys = _orphaned_pair(tmp_path / "copy", [before, second, second], {2})
    assert set(last.timeline.orphans) == keys  # its holder was written before it
    (proposal,) = [p for p in propose_repairs(last) if p.orphan in keys]
    after = with_store(last, apply_operations(last.store, operations_for([proposal]))[0])
    assert after.timeline.orphans == () and after.timeline.given_back == tuple(keys)


def test_a_copy_gives_back_only_its_own_orphan_of_a_shared_second(tmp_path: Path) -> None:
    """Two orphans of one second, one repaired: the copy is one orphan's,
    the one written first (its message comes first), and the other is still
    lost (it was counted as given back too: the copy held its value)."""
    second = "(Sunday, 2026-12-06 16:30:00)"
    discussion, keys = _orphaned_pair(tmp_path, [second] * 3, {0, 1})
    (first,) = [p for p in propose_repairs(discussion) if p.positions == (0,)]
    after = with_store(discussion, apply_operations(discussion.store, operations_for([first]))[0])
    assert after.timeline.given_back == (first.orphan,)
    assert set(after.timeline.orphans) == keys - {first.orphan}


@settings(max_examples=80, deadline=None)
@given(
    seconds=st.lists(st.sampled_from(_SECONDS), min_size=2, max_size=8).map(sorted),
    saved_with_space=st.sets(st.integers(0, 7), min_size=1, max_size=5),
    repaired=st.sets(st.integers(0, 7), max_size=5),
)
def test_only_the_repaired_orphans_of_a_second_are_given_back(
    tmp_path_factory, seconds: list[str], saved_with_space: set[int], repaired: set[int]
) -> None:
    """Orphans that share a second (the middleware's clock), some of them
    repaired, in any order: exactly the repaired messages' orphans are given
    back, the others stay orphans (the class of the copy counted for every
    orphan of its second)."""
    lost = {i for i in saved_with_space if i < len(seconds)}
    discussion, keys = _orphaned_pair(tmp_path_factory.mktemp("shared"), seconds, lost)
    chosen = [p for p in propose_repairs(discussion) if p.orphan in keys and p.positions[0] in repaired]
    own = {p.orphan for p in chosen}
    assert own == {content_hash(f"message {i} ") for i in lost & repaired}
    after = with_store(discussion, apply_operations(discussion.store, operations_for(chosen))[0])
    assert set(after.timeline.given_back) == own
    assert set(after.timeline.orphans) == keys - own


def test_the_clock_stays_the_transcripts_when_the_stored_times_are_all_backfilled(tmp_path: Path) -> None:
    """Tryout (issue 29, life29g finding 7): the demo's timestamp file
    rewritten as a one-second run at the machine's time (a backfill): its
    times say nothing of the middleware's clock, and the clock fell back to
    the machine's (UTC+0 for UTC+2, "Now" and every history time
    two hours off). The transcript's own times' offset is kept."""
    repo = Path(__file__).resolve().parents[2]
    transcript, store = tmp_path / "chat.json", tmp_path / "timestamps.json"
    shutil.copy(repo / "resources" / "demo" / "chat.json", transcript)
    shutil.copy(repo / "resources" / "demo" / "timestamps.json", store)
    plus_two = timezone(timedelta(hours=2))
    assert open_discussion(transcript, store, EngineOptions(), datetime(2026, 12, 7, 5, 0)).clock == (
        plus_two,
        "transcript",
    )
    messages = [m for m in json.loads(transcript.read_text())["messages"] if m["role"] != "system"]
    backfill = {
        content_hash(m["content"]): f"(Monday, 2026-12-07 03:42:{n:02d})" for n, m in enumerate(messages)
    }
    store.write_text(json.dumps(backfill, indent=4))
    # "own": the offset the transcript's own times carry, not one read beside stored times
    assert open_discussion(transcript, store, EngineOptions(), datetime(2026, 12, 7, 5, 0)).clock == (
        plus_two,
        "own",
    )

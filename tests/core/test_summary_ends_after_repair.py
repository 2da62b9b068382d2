"""The summary's ends after a repair (issue 31 item 5, issue 29 item 5): a
message that got an orphan's time back holds that end, not the orphan entry
that still sits, earlier in file order, beside it."""

from __future__ import annotations

from datetime import datetime

from timeline_app.core.context import Style
from timeline_app.core.pipeline import prepare_request
from timeline_app.core.preview import build_preview, summary_ends
from timeline_app.core.store import TimestampStore
from timeline_app.core.transcripts import Transcript

NOW = datetime(2025, 9, 21, 8, 6, 0)
ORPHAN = "ab" * 32  # an entry no message has: the repair gave its time to a message


def test_a_repaired_message_holds_the_end_its_orphan_shares() -> None:
    messages = [
        {"role": "user", "content": "first, edited since"},
        {"role": "assistant", "content": "an answer"},
        {"role": "user", "content": "and a question"},
    ]
    request = prepare_request(messages)
    first, second = request.hashes[0], request.hashes[1]
    # as saved after the repair: the orphan first (file order), message 0 holding its time
    store = TimestampStore(
        {
            ORPHAN: "(Saturday, 2025-09-20 09:00:00)",
            second: "(Saturday, 2025-09-20 10:00:00)",
            first: "(Saturday, 2025-09-20 09:00:00)",
        }
    )
    for style in (Style.ABSOLUTE, Style.CST):
        preview = build_preview(Transcript.from_messages(messages), store, style, NOW)
        ends = summary_ends(preview, request, store)
        assert ends is not None
        earliest = ends[0]
        assert earliest.time == datetime(2025, 9, 20, 9, 0, 0)
        assert (earliest.hash, earliest.message) == (first, 0), style


def test_an_orphan_alone_at_its_time_is_still_named() -> None:
    messages = [{"role": "user", "content": "hello"}, {"role": "assistant", "content": "hi"}]
    request = prepare_request(messages)
    store = TimestampStore(
        {ORPHAN: "(Saturday, 2025-09-20 08:00:00)", request.hashes[0]: "(Saturday, 2025-09-20 09:00:00)"}
    )
    preview = build_preview(Transcript.from_messages(messages), store, Style.CST, NOW)
    ends = summary_ends(preview, request, store)
    assert ends is not None and (ends[0].hash, ends[0].message) == (ORPHAN, None)

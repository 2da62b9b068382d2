"""The strip's axis names both its ends, and its caption counts only messages
that could carry a time and have none, for every transcript format in every
style (issue 31: a Free Anima log opened alone showed "2026-12-08 04:47" at
the right end only, its start in the same minute left unnamed, and said "1
message without a time is not placed" while all 6 messages that carry times
were placed: the one meant was the system message, which is never dated)."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest

from timeline_app.core.context import Style
from timeline_app.core.display import axis_label
from timeline_app.core.timeline import Status
from timeline_app.gui.strip.view import LEFT
from timeline_app.gui.window.main_window import MainWindow

from ..helpers import open_and_wait

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
TRANSCRIPTS = sorted(
    p.name
    for p in FIXTURES.iterdir()
    if p.suffix in (".json", ".jsonl") and p.name not in ("cli_english.json", "request_with_tag.json")
)
# the pinned "now" the next request would store at: mid-minute, and just before a minute ends
NOWS = [datetime(2026, 12, 8, 4, 47, 10), datetime(2026, 12, 8, 4, 47, 58)]


@pytest.mark.parametrize("now", NOWS, ids=lambda n: f"{n:%H%M%S}")
@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_both_ends_are_named_and_only_times_that_could_be_are_counted_missing(
    qtbot, window: MainWindow, name: str, now: datetime
) -> None:
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    window.session.set_pinned_now(now)
    with qtbot.waitSignals([window.session.loaded, window.session.previewChanged], timeout=20000):
        window.session.open(FIXTURES / name, None, beside=False, chat="0")  # an export's first chat
    strip, model = window.strip, window.model
    discussion = model.discussion
    assert discussion is not None
    for style in Style:
        window.session.set_style(style)
        strip.fit()
        strip.grab()
        layout = strip.strip_layout
        span = layout.span()
        if span is None:
            continue
        boxes = sorted(strip._axis_labels, key=lambda item: item[0].left())
        texts = [text for _, text in boxes]
        assert boxes, (name, style)
        assert all(box.left() >= LEFT and box.right() <= strip.width() for box, _ in boxes), (name, style)
        assert len(set(texts)) == len(texts), (name, style, texts)  # never one time said twice
        if span[0] != span[1]:
            # the left end names the first time, the right end the last, and they differ
            assert boxes[0][0].left() <= LEFT + 40 and boxes[-1][0].right() >= strip.width() - 40, (
                name,
                style,
                texts,
            )
            for end, moment in ((texts[0], span[0]), (texts[-1], span[1])):
                minute = axis_label(moment, style, discussion.options, discussion.clock_zone)
                assert end.startswith(minute[:16]), (name, style, texts, minute)
        # what the caption counts as not placed is each row that shows no mark and could have one
        missing = [
            row
            for row in range(model.rowCount())
            if strip.mark_rect(row) is None
            and model.row_at(row).status not in (Status.SYSTEM, Status.GENERATION_PROMPT)
        ]
        said = re.search(
            r"(\d+) message(?:s|\(s\))? (?:without a time|record no time)", strip.axis_statement()
        )
        assert (int(said.group(1)) if said else 0) == len(missing), (name, style, strip.axis_statement())


def test_free_anima_alone_names_its_start_to_the_second(qtbot, window: MainWindow) -> None:
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    window.session.set_pinned_now(NOWS[0])
    open_and_wait(qtbot, window, FIXTURES / "free_anima.jsonl", None)
    window.session.set_style(Style.ABSOLUTE)
    strip = window.strip
    strip.fit()
    strip.grab()
    texts = [text for _, text in sorted(strip._axis_labels, key=lambda item: item[0].left())]
    assert len(texts) == 2 and texts[0] < texts[-1] and texts[0].startswith("2026-12-08 04:47:"), texts
    assert "not placed" not in strip.axis_statement()

"""window/words.py: the window's title says the discussion once, its files,
the unsaved mark and the app's name last; the Now button the live clock to
the minute, a pinned time to the second."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from timeline_app.gui.window.words import now_text, window_title


@pytest.mark.parametrize(
    ("dirty", "name", "files", "title"),
    [
        (False, "", "", "Timeline Inspector"),
        (True, "chat-1", "", "Timeline Inspector"),  # nothing open: nothing to save either
        (False, "", "chat.json + timestamps.json", "chat.json + timestamps.json — Timeline Inspector"),
        (True, "chat-1", "chat-1/timestamps.json", "*chat-1/timestamps.json — Timeline Inspector"),
        (False, "huge.json", "huge.json", "huge.json — Timeline Inspector"),
        (
            False,
            "timestamps.json",
            "a.json + timestamps.json",
            "a.json + timestamps.json — Timeline Inspector",
        ),
        (
            True,
            "my talk",
            "a.json + chat-1/timestamps.json",
            "*my talk (a.json + chat-1/timestamps.json) — Timeline Inspector",
        ),
    ],
)
def test_the_title_names_the_discussion_once_and_the_app_last(
    dirty: bool, name: str, files: str, title: str
) -> None:
    assert window_title(dirty, name, files) == title


def test_the_now_button_says_live_to_the_minute_and_pinned_to_the_second() -> None:
    when, clock = datetime(2025, 9, 21, 8, 6, 42), (timezone(timedelta(hours=2)), "transcript")
    assert now_text(True, when, clock)[0] == "Now: ● live 2025-09-21 08:06 UTC+2"
    assert now_text(False, when, clock)[0] == "Now: pinned 2025-09-21 08:06:42 UTC+2"


@pytest.mark.parametrize(
    ("clock", "name", "said"),
    [
        ((timezone(timedelta(hours=2)), "transcript"), "", "UTC+2, the transcript's clock"),
        (
            (timezone(timedelta(hours=-5, minutes=-30)), "named"),
            "America/Nowhere",
            "America/Nowhere, UTC-5:30,",
        ),
        (
            (UTC, "machine"),
            "",
            "zone is unknown (none is named in Options, and the transcript's own times show none): times on this machine's clock, UTC+0",
        ),
    ],
)
def test_the_now_button_says_whose_clock_it_reads(clock: tuple[timezone, str], name: str, said: str) -> None:
    """A recording's pinned arrival and the history's states sat on two clocks
    two hours apart and nothing said which clock "now" was on (tryout)."""
    assert said in now_text(False, datetime(2025, 9, 21, 8, 6, 42), clock, name)[1]


def test_the_now_button_says_an_offset_carried_by_the_transcripts_own_times() -> None:
    """free_anima.jsonl opened alone has no stored times: the tooltip called
    its offset the one "between its own times and the stored ones" (tryout)."""
    tip = now_text(False, datetime(2026, 5, 20, 8, 2), (timezone(timedelta(hours=8)), "own"))[1]
    assert "UTC+8, the offset the transcript's own times carry" in tip
    assert "stored ones" not in tip

"""What a human view shows of message text: hidden controls as markers, long
text cut; and rows copied as whole tab-separated values."""

from __future__ import annotations

import csv
import io

import pytest

from timeline_app.core.display import clip_text, first_line, gap_text, tsv, visible_segments, visible_text

RLO, LRM, RLM, VT, FF = "\u202e", "\u200e", "\u200f", "\v", "\f"


def test_bidi_override_is_shown_not_obeyed() -> None:
    assert visible_text(f"evil{RLO}exe.txt") == "evil⟨U+202E⟩exe.txt"


@pytest.mark.parametrize(
    ("char", "marker"),
    [(LRM, "⟨U+200E⟩"), (RLM, "⟨U+200F⟩"), (VT, "⟨U+000B⟩"), (FF, "⟨U+000C⟩"), ("\r", "⟨U+000D⟩"),
     ("\u2066", "⟨U+2066⟩"), ("\u200b", "⟨U+200B⟩"), ("\ufeff", "⟨U+FEFF⟩"), ("\x00", "⟨U+0000⟩"),
     ("\x85", "⟨U+0085⟩"), ("\u2028", "⟨U+2028⟩")],
)  # fmt: skip
def test_each_hidden_control_gets_its_code(char: str, marker: str) -> None:
    assert visible_text(f"a{char}b") == f"a{marker}b"


def test_layout_and_shaping_characters_stay() -> None:
    family = "👩\u200d👩\u200d👧"  # ZWJ joins the emoji
    text = f"line one\n\tindented 中文 {family} می\u200cخواهم"
    assert visible_text(text) == text
    assert visible_segments(text) == [(text, False)]


def test_segments_mark_only_the_controls() -> None:
    assert visible_segments(f"{RLO}ab{VT}") == [("⟨U+202E⟩", True), ("ab", False), ("⟨U+000B⟩", True)]
    assert visible_segments("") == []


def test_clip_text_cuts_long_text_and_says_so() -> None:
    huge = "x" * 1_000_000
    clipped = clip_text(huge)
    assert len(clipped) == 1201 and clipped.endswith("…")
    many = "\n".join(str(n) for n in range(100))
    assert clip_text(many).split("\n")[-1] == "19…"
    assert clip_text("short\ntext") == "short\ntext"


def test_first_line_marks_what_it_leaves_out() -> None:
    assert first_line("one\ntwo", 10) == "one …"
    assert first_line("abcdef", 3) == "abc…"
    assert first_line("abc", 3) == "abc"


def test_tsv_keeps_every_value_whole() -> None:
    rows = [["#", "Content"], ["1", 'two\nlines\tand "quotes"'], ["2", f"bidi{RLO}kept"]]
    assert list(csv.reader(io.StringIO(tsv(rows)), dialect="excel-tab")) == rows


def test_export_name_says_discussion_and_style() -> None:
    from timeline_app.core.context import Style
    from timeline_app.core.preview import export_file_name

    assert export_file_name("chat.json", Style.CST) == "chat-cst-preview.json"
    assert export_file_name("trip/../ 東京", Style.RELATIVE) == "trip_.._東京-relative-preview.json"
    assert export_file_name("", Style.ABSOLUTE) == "discussion-absolute-preview.json"


def test_speaker_text_adds_the_front_ends_name() -> None:
    from timeline_app.core.display import speaker_text

    assert speaker_text("assistant", {"name": "Seraphina", "mes": "hi"}) == "assistant · Seraphina"
    assert speaker_text("user", {"name": "User"}) == "user"  # the name says nothing more
    assert speaker_text("user", None) == "user"
    assert speaker_text("user", {"name": 3}) == "user"


def test_discussion_id_from_a_files_place() -> None:
    from timeline_app.core.discovery import discussion_id_of

    assert discussion_id_of("/r/trip-42/timestamps.json") == "trip-42"
    assert discussion_id_of("/r/trip-42_timestamps.json") == "trip-42"
    assert discussion_id_of("/r/saved-copy.json") == "saved-copy.json"


def test_cst_gaps_are_between_the_minutes_a_cst_label_shows(tmp_path) -> None:
    """A transcript without its own times: CST shows the stored times to the
    minute, and its gaps are between those minutes (issue 31 item 6), while
    the absolute style's gaps keep their seconds."""
    import json
    from datetime import datetime, timedelta

    from timeline_app.core.context import Style
    from timeline_app.core.discussion import open_discussion
    from timeline_app.core.hashing import content_hash
    from timeline_app.core.options import EngineOptions

    texts = ["one", "two", "three"]
    times = [
        "(Sunday, 2025-09-21 03:05:10)",
        "(Sunday, 2025-09-21 03:05:41)",
        "(Sunday, 2025-09-21 03:06:02)",
    ]
    (tmp_path / "chat.json").write_text(json.dumps([{"role": "user", "content": t} for t in texts]))
    store = {content_hash(t): v for t, v in zip(texts, times, strict=True)}
    (tmp_path / "timestamps.json").write_text(json.dumps(store))
    discussion = open_discussion(
        tmp_path / "chat.json", tmp_path / "timestamps.json", EngineOptions(), datetime(2025, 9, 21, 12)
    )
    assert discussion.gaps_for(Style.ABSOLUTE) == (None, timedelta(seconds=31), timedelta(seconds=21))
    assert discussion.gaps_for(Style.CST) == (None, timedelta(0), timedelta(minutes=1))
    assert gap_text(timedelta(0), minutes_only=True) == "0 min"
    assert gap_text(timedelta(seconds=-20), minutes_only=True) == "0 min"
    assert gap_text(timedelta(minutes=-3), minutes_only=True) == "−3 min"

"""JavaScript Date acceptance (as observed in Node 20 / V8) and the CST variants."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from timeline_app.core.cst import CstSettings, CstVariant, cst_label, render_cst
from timeline_app.core.jsdate import parse_js_date
from timeline_app.core.zones import get_zone

SHANGHAI = get_zone("Asia/Shanghai")

# (input, what `new Date(input).toISOString()` printed with TZ=Asia/Shanghai; None = Invalid Date)
V8_OBSERVED = [
    ("2026-05-20T08:02:00.000+08:00", "2026-05-20T00:02:00.000"),
    ("2026-05-20T08:02:00", "2026-05-20T00:02:00.000"),
    ("2026-05-20", "2026-05-20T00:00:00.000"),
    ("2026-05", "2026-05-01T00:00:00.000"),
    ("2026", "2026-01-01T00:00:00.000"),
    ("2026-05-20T08:02", "2026-05-20T00:02:00.000"),
    ("2026-05-20 08:02:00", "2026-05-20T00:02:00.000"),
    ("2026-05-20t08:02:00z", "2026-05-20T08:02:00.000"),
    ("2026-05-20T08:02:00.1234567Z", "2026-05-20T08:02:00.123"),
    ("2026-05-20T08:02:00.1Z", "2026-05-20T08:02:00.100"),
    ("2026-02-30", "2026-03-02T00:00:00.000"),
    ("2026-02-31T10:00:00Z", "2026-03-03T10:00:00.000"),
    ("2026-04-31", "2026-05-01T00:00:00.000"),
    ("2026-13-01", None),
    ("2026-05-20T24:00:00Z", "2026-05-21T00:00:00.000"),
    ("2026-05-20T24:00:01Z", None),
    ("2026-05-20T08:02:60Z", None),
    ("2026-05-20T08:02:00+0800", "2026-05-20T00:02:00.000"),
    ("2026-05-20T08:02:00-0500", "2026-05-20T13:02:00.000"),
    ("2026-05-20T08:02:00+08", None),
    ("+002026-05-20T08:02:00Z", "2026-05-20T08:02:00.000"),
    (" 2026-05-20T08:02:00Z", None),
    ("2026-05-20T08:02:00Z ", None),
    ("2026/05/20 08:02", "2026-05-20T00:02:00.000"),
    ("May 20, 2026 10:48", "2026-05-20T02:48:00.000"),
    ("Tue, 19 May 2026 00:00:00 GMT", "2026-05-19T00:00:00.000"),
    ("1779235320000", None),
    ("not a date", None),
    ("2026-05-20T8:02:00Z", None),
    ("2026-05-20T08:02:00.000+08:00[Asia/Shanghai]", None),
    ("2026-05-20T08:02Z", "2026-05-20T08:02:00.000"),
    ("2026-05-20Z", "2026-05-20T00:00:00.000"),
    ("2026-05-20T08Z", None),
    ("2026-05-20T08:02:00.Z", None),
    ("2026-05-20T08:02:00+24:00", None),
    ("2026-05-20T08:02:00+23:59", "2026-05-19T08:03:00.000"),
    ("2026-00-10", None),
    ("2026-05-00", None),
    ("2026-05-32", None),
    ("2026-05-20T08:02:00 Z", None),
    ("2026-05-20 08:02:00+08:00", "2026-05-20T00:02:00.000"),
]


@pytest.mark.parametrize(("text", "utc"), V8_OBSERVED)
def test_parse_like_v8(text: str, utc: str | None) -> None:
    moment = parse_js_date(text, SHANGHAI)
    if utc is None:
        assert moment is None
    else:
        assert moment is not None
        assert moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] == utc


@pytest.mark.parametrize("value", [None, "", 0, 1779235320000, [], {"a": 1}])
def test_non_strings_are_skipped(value: object) -> None:
    assert parse_js_date(value, SHANGHAI) is None


def test_labels_and_weekdays() -> None:
    moment = datetime(2026, 6, 7, 1, 0, tzinfo=UTC)  # 09:00 Sunday in Shanghai
    assert cst_label(moment) == "2026-06-07T09:00 周日"
    assert cst_label(moment, "Europe/Berlin") == "2026-06-07T03:00 周日"
    assert cst_label(moment, weekday=False) == "2026-06-07T09:00"


def _at(text: str) -> datetime:
    moment = parse_js_date(text, SHANGHAI)
    assert moment is not None
    return moment


def test_variants() -> None:
    messages = [
        {"role": "user", "content": "a"},
        {"role": "user", "content": "b"},
        {"role": "assistant", "content": "c"},
        {"role": "user", "content": "d"},
        {"role": "user", "content": "e"},
    ]
    times = [
        _at("2026-05-20T08:02:00+08:00"),
        _at("2026-05-20T08:05:00+08:00"),
        _at("2026-05-20T09:00:00+08:00"),
        _at("2026-05-20T08:15:00+08:00"),
        _at("2026-05-21T00:01:00+08:00"),
    ]
    gap = render_cst(messages, times, CstSettings(CstVariant.GAP))
    assert [m["content"] for m in gap] == [
        "[2026-05-20 周三 08:02] a",
        "b",
        "c",
        "[08:15] d",
        "[2026-05-21 周四 00:01] e",
    ]
    tag = render_cst(messages[:1], times[:1], CstSettings(CstVariant.TAG))
    assert tag[0]["content"] == "<time>2026-05-20T08:02 周三</time>\na"
    plain = render_cst(messages[:1], times[:1], CstSettings(CstVariant.NO_WEEKDAY))
    assert plain[0]["content"] == "time: 2026-05-20T08:02\na"
    assert messages[0]["content"] == "a"


def test_axis_labels_follow_the_style() -> None:
    from timeline_app.core.context import Style
    from timeline_app.core.display import axis_label
    from timeline_app.core.options import EngineOptions

    options = EngineOptions(wilmer_zone="Europe/Berlin")
    moment = datetime(2025, 9, 20, 22, 41)
    assert axis_label(moment, Style.ABSOLUTE, options) == "2025-09-20 22:41"
    assert axis_label(moment, Style.CST, options) == "2025-09-21T04:41 周日"

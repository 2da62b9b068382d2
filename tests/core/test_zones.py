"""core/zones.py: the wall clock of a named zone, and of this machine's without
the zone database; this machine's zone when ``TZ`` holds a rule no clock has
(found by a blind seeded run, issue 30: ``TZ=XYZ+999 preview --style cst``
ended in datetime's ValueError traceback)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from timeline_app.core.errors import InputError
from timeline_app.core.zones import get_zone, localize, now_in, to_naive_all, to_naive_in, utc_all, wall_now

CLOSE = timedelta(seconds=5)  # two reads of a clock, on a loaded machine


def _run(code: str, zone: str) -> str:
    """``code``'s output in a fresh interpreter whose local zone is ``zone``."""
    env = {**os.environ, "TZ": zone}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return done.stdout.strip()


@pytest.mark.parametrize("name", [None, ""])
def test_this_machines_wall_clock_needs_no_zone_database(name: str | None) -> None:
    """The window reads its live clock while it starts: dateutil stays unloaded
    (a wall_now that asked get_zone for the local zone imported it)."""
    code = (
        "import sys\n"
        "from timeline_app.core.zones import wall_now\n"
        f"wall_now({name!r})\n"
        "print('dateutil' in sys.modules)\n"
    )
    assert _run(code, "Asia/Shanghai") == "False"


@pytest.mark.parametrize("local", ["Asia/Shanghai", "America/St_Johns", "UTC"])
def test_this_machines_wall_clock_is_its_zones(local: str) -> None:
    """None and "" read the same clock as dateutil's local zone does, and a
    named zone's clock as ``now_in`` does, whatever the machine's zone is."""
    code = (
        "from timeline_app.core.zones import get_zone, now_in, wall_now\n"
        "for name in (None, '', 'Europe/Berlin'):\n"
        "    print(abs(wall_now(name) - now_in(get_zone(name))).total_seconds())\n"
        "print(abs(wall_now(None) - now_in(get_zone("
        f"{local!r}))).total_seconds())\n"
    )
    gaps = [float(line) for line in _run(code, local).splitlines()]
    assert len(gaps) == 4 and max(gaps) < CLOSE.total_seconds()


def test_a_named_zones_wall_clock_is_naive() -> None:
    moment = wall_now("Pacific/Kiritimati")
    assert moment.tzinfo is None
    assert abs(moment - now_in(get_zone("Pacific/Kiritimati"))) < CLOSE


@pytest.fixture(autouse=True)
def _restore_tz() -> Iterator[None]:
    """The examples set ``TZ`` themselves (hypothesis runs many in one test):
    put back what the process had, and the C library's zone with it."""
    before = os.environ.get("TZ")
    yield
    if before is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = before
    time.tzset()


def _local_with(rule: str) -> object:
    os.environ["TZ"] = rule
    time.tzset()
    return get_zone(None)


@given(
    hours=st.integers(24, 999),
    sign=st.sampled_from(["+", "-"]),
    dst=st.booleans(),
)
def test_a_local_rule_a_day_or_more_from_utc_is_said_not_raised(hours: int, sign: str, dst: bool) -> None:
    """Standard (or, with ``dst``, summer) offset of 24 hours or more: one
    sentence naming TZ and --tz (fails with ``_usable_local`` returning the
    zone as it is: the ``localize`` below raises ValueError)."""
    rule = f"XYZ{sign}{hours}" if not dst else f"XYZ-1ABC{sign}{hours},M3.2.0,M11.1.0"
    with pytest.raises(InputError) as raised:
        localize(datetime(2025, 7, 1, 12), _local_with(rule))
    assert f"TZ={rule!r}" in str(raised.value) and "--tz" in str(raised.value)


@given(hours=st.integers(-23, 23), minutes=st.sampled_from([0, 30, 59]))
def test_a_local_rule_within_a_day_of_utc_is_used(hours: int, minutes: int) -> None:
    zone = _local_with(f"XYZ{hours:+d}:{minutes:02d}")
    moment = localize(datetime(2025, 7, 1, 12), zone)
    assert moment.utcoffset() is not None


def test_the_preview_says_it_of_the_machine_not_of_a_file(tmp_path, capsys) -> None:
    """The CST preview labels its data's errors with the timestamp file; this
    one is about the machine and stays unlabelled (fails with
    ``MachineZoneError.with_source`` inherited)."""
    from conftest import FIXTURES, run_cli

    os.environ["TZ"] = "XYZ+999"
    time.tzset()
    code, out, err = run_cli(capsys, "preview", str(FIXTURES / "st_solo_sendas.jsonl"), "--style", "cst")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == (
        "timeline-inspector: error: this machine's time zone (TZ='XYZ+999') is a day or more from UTC, "
        "which no clock is; name the middleware's zone (--tz)"
    )


@given(st.integers(min_value=-14 * 60, max_value=14 * 60))
def test_offset_name_reads_any_fixed_offset_back(minutes: int) -> None:
    """The Now button's "UTC+5:30": sign, hours and minutes of the clock's offset."""
    from datetime import timezone

    from timeline_app.core.zones import offset_name

    name = offset_name(datetime(2025, 9, 21, 12, 0), timezone(timedelta(minutes=minutes)))
    sign, (hours, _, mins) = name[3], name[4:].partition(":")
    hours, mins = int(hours), int(mins or 0)
    assert name.startswith("UTC") and (1 if sign == "+" else -1) * (hours * 60 + mins) == minutes


def test_offset_name_follows_a_named_zones_summer_time() -> None:
    from timeline_app.core.zones import offset_name

    lisbon = get_zone("Europe/Lisbon")
    assert offset_name(datetime(2025, 1, 15, 12, 0), lisbon) == "UTC+0"
    assert offset_name(datetime(2025, 7, 15, 12, 0), lisbon) == "UTC+1"


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["Europe/London", "America/St_Johns", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"]),
    st.lists(
        st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2040, 1, 1), timezones=st.just(UTC))
        | st.none(),
        max_size=40,
    ),
    st.sampled_from([timedelta(0), timedelta(hours=2), timedelta(hours=-5, minutes=-30)]),
)
def test_a_column_placed_on_a_clock_is_each_time_placed_on_it(name, moments, shift) -> None:
    """``to_naive_all`` asks the zone once a quarter hour; it must equal
    ``to_naive_in`` moment by moment, across every DST change (Lord Howe
    moves by half an hour, St John's at 02:00 local, 04:30 UTC)."""
    zone = get_zone(name)
    given_in = [None if m is None else m.astimezone(timezone(shift)) for m in moments]
    assert to_naive_all(given_in, zone) == [None if m is None else to_naive_in(m, zone) for m in given_in]


@pytest.mark.parametrize("name", ["America/St_Johns", "Australia/Lord_Howe"])
def test_a_year_of_minutes_is_placed_as_one_by_one_across_its_dst_changes(name: str) -> None:
    zone = get_zone(name)
    moments = [
        datetime(2025, 1, 1, tzinfo=UTC) + timedelta(minutes=13 * i) for i in range(365 * 24 * 60 // 13)
    ]
    assert to_naive_all(moments, zone) == [to_naive_in(m, zone) for m in moments]


@pytest.mark.parametrize(
    ("hours", "minutes", "said"), [(2, 0, "UTC+2"), (0, 0, "UTC+0"), (-3, 0, "UTC-3"), (5, 30, "UTC+5:30")]
)
def test_an_offset_drops_the_zeros_of_whole_hours(hours: int, minutes: int, said: str) -> None:
    from datetime import datetime, timedelta, timezone

    from timeline_app.core.zones import offset_name

    sign = -1 if hours < 0 else 1
    zone = timezone(sign * timedelta(hours=abs(hours), minutes=minutes))
    assert offset_name(datetime(2026, 12, 7, 7, 15, 9), zone) == said


def test_utc_all_places_each_wall_time_as_localize_does_across_summer_time() -> None:
    """``utc_all`` asks the zone once per day (per quarter hour on a day its
    clock changes): minute by minute over both of Berlin's changes, and a
    plain day, each naive time is where ``localize`` places it, and an aware
    one keeps its own offset."""
    zone = get_zone("Europe/Berlin")
    walls = [
        day + timedelta(minutes=m)
        for day in (datetime(2025, 3, 30), datetime(2025, 10, 26), datetime(2025, 7, 1))
        for m in range(1440)
    ]
    for wall, utc in zip(walls, utc_all(walls, zone), strict=True):
        placed = localize(wall, zone)
        assert utc == placed.replace(tzinfo=None) - placed.utcoffset(), wall
    aware = datetime(2025, 3, 30, 2, 30, tzinfo=timezone(timedelta(hours=8)))
    assert utc_all([aware, None], zone) == [datetime(2025, 3, 29, 18, 30), None]


def test_machine_zone_named_from_tz_or_localtime_link(tmp_path) -> None:
    """A machine on Etc/UTC read "this machine's clock: zone unknown" on the
    Now button (issue 31): its zone is named from TZ or /etc/localtime's link;
    None only when nothing names it."""
    from timeline_app.core.zones import machine_zone_name

    link = tmp_path / "localtime"
    link.symlink_to("/usr/share/zoneinfo/Etc/UTC")
    assert machine_zone_name({}, str(link)) == "Etc/UTC"
    assert machine_zone_name({"TZ": "UTC"}, str(link)) == "UTC"
    assert machine_zone_name({"TZ": ":Europe/Berlin"}, "/nonexistent") == "Europe/Berlin"
    assert machine_zone_name({"TZ": "/usr/share/zoneinfo/Asia/Tokyo"}, "/nonexistent") == "Asia/Tokyo"
    assert machine_zone_name({"TZ": "XYZ+999"}, str(link)) is None  # a POSIX rule names no zone
    assert machine_zone_name({}, "/nonexistent") is None
    plain = tmp_path / "plain"
    plain.write_bytes(b"TZif")
    assert machine_zone_name({}, str(plain)) is None

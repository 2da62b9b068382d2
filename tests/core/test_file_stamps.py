"""The names of the files our saves keep beside a timestamp file (``.bak-``,
``.other-``, ``.gone-``): the moment they were kept, said truthfully (UTC,
named by its "Z") and in time order, whatever this machine's clock does.

Issue 31: a backup was named on the machine's wall clock with no zone
("timestamps.json.bak-20261207-013510": 01:35 where?), and when the clocks
went back an hour the later save's backup sorted before the earlier one's."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from tempfile import TemporaryDirectory

from dateutil import tz
from hypothesis import given, settings
from hypothesis import strategies as st

from timeline_app.core.history import anew_of, backup_time, backups_of, mark_written_anew
from timeline_app.core.store import backup_path

BERLIN = tz.gettz("Europe/Berlin")
# around the night the clocks went back (02:00-03:00 happened twice on 2026-10-25)
FALL_BACK = datetime(2026, 10, 25, 0, 30, tzinfo=UTC)
MOMENTS = st.lists(
    st.integers(0, 3 * 3600).map(lambda s: FALL_BACK + timedelta(seconds=s)), min_size=1, max_size=6
)
ZONES = st.sampled_from(["Europe/Berlin", "America/New_York", "Asia/Kolkata", "UTC"])


@settings(max_examples=40, deadline=None)
@given(moment=st.integers(0, 3 * 3600).map(lambda s: FALL_BACK + timedelta(seconds=s)), zone=ZONES)
def test_a_kept_files_name_says_its_moment_in_utc(moment: datetime, zone: str) -> None:
    """Whatever clock the moment is read on, the name is its UTC time with a
    "Z", and reading the name back gives the same instant (to the second)."""
    shown = moment.astimezone(tz.gettz(zone))
    with TemporaryDirectory() as folder:
        path = Path(folder) / "timestamps.json"
        name = backup_path(path, shown).name
        assert re.fullmatch(r"timestamps\.json\.bak-\d{8}T\d{6}Z", name), name
        assert name == f"timestamps.json.bak-{moment:%Y%m%dT%H%M%S}Z"
        assert backup_time(path.with_name(name)) == moment.replace(microsecond=0)
        path.with_name(name).touch()
        mark = mark_written_anew(path, shown)
        assert mark is not None and mark.name == f"timestamps.json.gone-{moment:%Y%m%dT%H%M%S}Z"
        assert anew_of(path) == [(moment.replace(microsecond=0), "deleted")]


@settings(max_examples=40, deadline=None)
@given(moments=MOMENTS)
def test_backups_sort_in_time_order_across_the_hour_the_clocks_go_back(moments: list[datetime]) -> None:
    """Saves one after the other (the clock on Berlin's wall, which repeats
    02:00-03:00): their backups list oldest first, by name as a file manager
    sorts them and as the history reads them."""
    moments = sorted(moments)
    with TemporaryDirectory() as folder:
        path = Path(folder) / "timestamps.json"
        kept = []
        for moment in moments:
            backup = backup_path(path, moment.astimezone(BERLIN))
            backup.touch()
            kept.append(backup)
        assert backups_of(path) == kept
        assert sorted(kept, key=lambda p: p.name) == kept
        assert [backup_time(p) for p in kept] == [m.replace(microsecond=0) for m in moments]


def test_backups_named_before_sort_by_their_moment_among_new_ones(tmp_path: Path) -> None:
    """A backup named on this machine's clock by an earlier version is still
    one, placed by the moment it names among the UTC-named ones."""
    path = tmp_path / "timestamps.json"
    older = datetime(2026, 1, 1, 10, 0, 0).astimezone()  # this machine's clock, as the old name says
    old = path.with_name(f"{path.name}.bak-{older:%Y%m%d-%H%M%S}")
    before = backup_path(path, older - timedelta(minutes=1))
    after = backup_path(path, older + timedelta(minutes=1))
    for kept in (old, before, after):
        kept.touch()
    assert backups_of(path) == [before, old, after]
    assert backup_time(old) == older

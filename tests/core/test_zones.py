"""The wall clock of a named zone, and of this machine's without the zone database."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta

import pytest

from timeline_app.core.zones import get_zone, now_in, wall_now

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

"""Time zones where naive and aware times meet.

WilmerAI stores naive wall-clock times of the machine it ran on; Free Anima
stores aware ISO times and shows them in a display zone. Wherever one meets the
other the user names the zone, and DST gaps and repeats are settled here, with
python-dateutil, in one way: a time in a gap moves forward by the gap (as a
JavaScript ``Date`` does), a repeated time means its first occurrence.
"""

from __future__ import annotations

import re
from datetime import datetime, tzinfo

from .errors import InputError
from .words import Problem, Said

ABSOLUTE_INPUT_FORMAT = "%Y-%m-%d %H:%M:%S"
_PLAIN_WHEN_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}")


def get_zone(name: str | None) -> tzinfo:
    """The zone called ``name`` (IANA), or this machine's zone for None/""."""
    from dateutil import tz  # imported when a zone is needed: most commands never need one

    if not name:
        return tz.tzlocal()
    zone = tz.gettz(name)
    if zone is None:
        raise InputError(None, Said(Problem.UNKNOWN_ZONE, (name,)))
    return zone


def localize(naive: datetime, zone: tzinfo) -> datetime:
    """Attach ``zone`` to a wall-clock time, settling DST gaps and repeats."""
    from dateutil import tz

    return tz.resolve_imaginary(naive.replace(tzinfo=zone, fold=0))


def to_naive_in(moment: datetime, zone: tzinfo) -> datetime:
    """An aware time as the middleware's clock in ``zone`` would have shown it."""
    if moment.tzinfo is None:
        return moment
    return moment.astimezone(zone).replace(tzinfo=None)


def now_in(zone: tzinfo) -> datetime:
    """The current wall-clock time in ``zone``, naive like the middleware's clock."""
    return datetime.now(zone).replace(tzinfo=None)


def parse_when(text: str, zone: tzinfo | str | None) -> datetime:
    """A user-given "now": ``YYYY-MM-DD HH:MM:SS`` (naive) or ISO 8601, returned
    as a naive wall-clock time in ``zone`` (a zone, or its name: looked up only
    for an ISO time with an offset)."""
    text = text.strip()
    if _PLAIN_WHEN_RE.fullmatch(text):  # the usual form, without strptime's import
        try:
            return datetime.fromisoformat(text)
        except ValueError:
            pass
    try:
        return datetime.strptime(text, ABSOLUTE_INPUT_FORMAT)
    except ValueError:
        pass
    from dateutil import parser as date_parser

    try:
        moment = date_parser.isoparse(text)
    except (ValueError, OverflowError):
        raise InputError(None, Said(Problem.BAD_TIME, (text,))) from None
    if moment.tzinfo is None:
        return moment
    return to_naive_in(moment, zone if isinstance(zone, tzinfo) else get_zone(zone))

"""Time zones where naive and aware times meet.

WilmerAI stores naive wall-clock times of the machine it ran on; Free Anima
stores aware ISO times and shows them in a display zone. Wherever one meets the
other the user names the zone, and DST gaps and repeats are settled here, with
python-dateutil, in one way: a time in a gap moves forward by the gap (as a
JavaScript ``Date`` does), a repeated time means its first occurrence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime, timedelta, tzinfo

from .errors import InputError
from .words import Problem, Said

ABSOLUTE_INPUT_FORMAT = "%Y-%m-%d %H:%M:%S"
# what an IANA zone name looks like ("America/Argentina/Buenos_Aires", "Etc/GMT-14"):
# no dots (no "..", no "zone.tab"), no leading "/", short parts
_ZONE_NAME_RE = re.compile(r"[A-Za-z0-9_+-]{1,40}(/[A-Za-z0-9_+-]{1,40}){0,3}")
_PLAIN_WHEN_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}")


def get_zone(name: str | None) -> tzinfo:
    """The zone called ``name`` (IANA), or this machine's zone for None/""."""
    from dateutil import tz  # imported when a zone is needed: most commands never need one

    if name is None or name == "":
        return _usable_local(tz.tzlocal())
    zone = None
    if _ZONE_NAME_RE.fullmatch(name):
        import warnings

        try:
            # dateutil's deprecation of odd keys: raised where warnings are errors
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                zone = tz.gettz(name)
        except (OSError, ValueError, OverflowError):  # a name longer than a file name may be, and kin
            zone = None
    # dateutil reads a name it has no file for as a POSIX TZ rule ("UTC+99",
    # "Etc/GMT+14", "iso3166.tab" all "exist" that way, at offsets nobody
    # meant): only a zone of the database is a zone here
    if zone is None or isinstance(zone, tz.tzstr):
        raise InputError(None, Said(Problem.UNKNOWN_ZONE, (name[:80],)))
    return zone


_DAY = timedelta(hours=24)


class MachineZoneError(InputError):
    """This machine's zone cannot be used: about the machine, not a file, so
    a command that labels the errors of its data with the file they came
    from (``with_source``) leaves this one as it is."""

    def with_source(self, source: object) -> InputError:
        return self


def _usable_local(zone: tzinfo) -> tzinfo:
    """This machine's zone, if Python's datetime can use it: a ``TZ`` rule
    like ``XYZ+999`` or ``<+99>-99`` gives an offset of a day or more, which
    ``datetime`` refuses wherever it meets it (tryout: ``TZ=XYZ+999 preview
    --style cst`` ended in a ValueError traceback). Checked in winter and in
    summer, so a DST rule's other offset is checked too."""
    import os

    for probe in (datetime(2001, 1, 15, 12), datetime(2001, 7, 15, 12)):
        try:
            offset = zone.utcoffset(probe)
        except (ValueError, OverflowError):
            offset = None
        if offset is None or not -_DAY < offset < _DAY:
            raise MachineZoneError(None, Said(Problem.LOCAL_ZONE_UNUSABLE, (os.environ.get("TZ", ""),)))
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


_QUARTER = timedelta(minutes=15)
_DAY = timedelta(days=1)


def to_naive_all(moments: Iterable[datetime | None], zone: tzinfo) -> list[datetime | None]:
    """``to_naive_in`` of each moment (None stays None), equal to it one by
    one, for a whole column: ``zone``'s offset is asked once per quarter
    hour of UTC, not per moment (every zone changes its offset on a quarter
    hour). A zone read from this machine (dateutil) takes ~40 us a call:
    100,000 own times took 4 s (the CST strip of a Free Anima log)."""
    offsets: dict[datetime, timedelta] = {}
    out: list[datetime | None] = []
    append = out.append
    for moment in moments:
        if moment is None or moment.tzinfo is None:
            append(moment)
            continue
        utc = moment.replace(tzinfo=None) - (moment.utcoffset() or timedelta())
        bucket = utc - (utc - datetime.min) % _QUARTER
        offset = offsets.get(bucket)
        if offset is None:
            at = bucket.replace(tzinfo=UTC).astimezone(zone)
            offset = offsets[bucket] = at.utcoffset() or timedelta()
        append(utc + offset)
    return out


def utc_all(moments: Iterable[datetime | None], zone: tzinfo) -> list[datetime | None]:
    """Each moment as naive UTC (None stays None): an aware one by its own
    offset, a naive one read on ``zone``'s clock as ``localize`` places it.
    Differences between them are real time, whatever summer time did: two
    aware times of one zone subtract as wall clocks, and a CST Gap read
    "91 d" between 2024-01-01T07:00 and 2024-04-01T06:00 (Berlin's clock
    went on an hour between them, issue 31). ``zone`` is asked once per
    quarter hour of wall time (every zone changes on a quarter hour), not
    per moment (~40 us a call for a zone read from this machine)."""

    asked: dict[datetime, timedelta] = {}  # a day's end is the next day's start: asked once

    def shift_at(wall: datetime) -> timedelta:
        if wall not in asked:
            placed = localize(wall, zone)
            asked[wall] = placed.replace(tzinfo=None) - (placed.utcoffset() or timedelta()) - wall
        return asked[wall]

    days: dict[date, timedelta | None] = {}  # a day's one shift, None where it changes that day
    quarters: dict[datetime, timedelta] = {}
    out: list[datetime | None] = []
    append = out.append
    for moment in moments:
        if moment is None:
            append(None)
        elif moment.tzinfo is not None:
            append(moment.replace(tzinfo=None) - (moment.utcoffset() or timedelta()))
        else:
            day = moment.date()
            if day not in days:
                start = datetime(day.year, day.month, day.day)
                first = shift_at(start)
                days[day] = first if start.date() == date.max or first == shift_at(start + _DAY) else None
            shift = days[day]
            if shift is None:  # the day its clock changes: each quarter hour asked
                bucket = moment - (moment - datetime.min) % _QUARTER
                shift = quarters.get(bucket)
                if shift is None:
                    shift = quarters[bucket] = shift_at(bucket)
            append(moment + shift)
    return out


def offset_name(when: datetime, zone: tzinfo | None) -> str:
    """``UTC+2``: the offset of ``zone`` (None: this machine's) at the naive
    wall-clock time ``when``, whole hours without their zeros, "UTC+5:30"
    otherwise. The one form every view says a clock in: the status bar's
    "file saved 07:15:09 UTC+2" (the full "UTC+02:00" elided the line at
    1024 px) and the Now button's "UTC+00:00" beside its "UTC+0" read as two
    clocks (tryout). No zone database is read: the window names it while it
    starts (issue 33)."""
    offset = when.astimezone().utcoffset() if zone is None else when.replace(tzinfo=zone).utcoffset()
    minutes = int((offset or timedelta()).total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def machine_zone_name(
    environ: Mapping[str, str] | None = None, localtime: str = "/etc/localtime"
) -> str | None:
    """The name of this machine's zone ("Etc/UTC", "Europe/Berlin"), or None
    when nothing names it: a ``TZ`` naming a zone of the database (or a path
    into ``zoneinfo``), else where ``/etc/localtime`` links into ``zoneinfo``.
    A machine on Etc/UTC read "this machine's clock: zone unknown" on the Now
    button, as if its own zone were unknown (issue 31). Reads one link, no
    zone database: it is asked wherever a view names the clock."""
    import os

    env = os.environ if environ is None else environ
    rule = env.get("TZ", "").lstrip(":")
    if rule:
        if "zoneinfo/" in rule:
            rule = rule.split("zoneinfo/", 1)[1]
        if not _ZONE_NAME_RE.fullmatch(rule) or not _in_database(rule):
            return None  # a POSIX rule ("CET-1CEST"), or no zone of the database
        return rule
    try:
        target = os.readlink(localtime)
    except (OSError, ValueError):
        return None
    name = target.split("zoneinfo/", 1)[1] if "zoneinfo/" in target else ""
    return name if _ZONE_NAME_RE.fullmatch(name) else None


def _in_database(name: str) -> bool:
    """Whether ``name`` is a zone of the system's (or tzdata's) database."""
    import zoneinfo

    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return False
    return True


def now_in(zone: tzinfo) -> datetime:
    """The current wall-clock time in ``zone``, naive like the middleware's clock."""
    return datetime.now(zone).replace(tzinfo=None)


def wall_now(zone_name: str | None) -> datetime:
    """``now_in(get_zone(zone_name))``: the current wall-clock time in the zone
    named, naive. This machine's own (None or "") is the system's local time
    and needs no zone database: the window reads its live clock while it
    starts, and importing dateutil for it cost the start-up about twenty
    modules (issue 33)."""
    return now_in(get_zone(zone_name)) if zone_name else datetime.now()


def parse_when(text: str, zone: tzinfo | str | None) -> datetime:
    """A user-given "now" (``read_when``) as a naive wall-clock time in
    ``zone`` (a zone, or its name: looked up only for an ISO time with an
    offset). A command that opens a discussion places an instant on the
    discussion's clock instead (``discussion.on_clock``), not in a zone
    known before loading."""
    moment = read_when(text)
    if moment.tzinfo is not None:
        try:
            moment = to_naive_in(moment, zone if isinstance(zone, tzinfo) else get_zone(zone))
        except OverflowError:  # the offset carried it past year 1 or 9999
            raise InputError(None, Said(Problem.TIME_OUT_OF_RANGE, (text.strip(),))) from None
    return _within_calendar(moment, text.strip())


def read_when(text: str) -> datetime:
    """A user-given "now": ``YYYY-MM-DD HH:MM:SS`` (naive: a time on the
    discussion's clock) or ISO 8601, kept aware when it names an offset (an
    instant, placed on the discussion's clock once that is known: converted
    at once into this machine's zone, ``--now 06:06+00:00`` showed 06:06 of
    a discussion on UTC+02:00, and 15:06 under TZ=Asia/Tokyo, tryout)."""
    text = text.strip()
    if _PLAIN_WHEN_RE.fullmatch(text):  # the usual form, without strptime's import
        try:
            return _within_calendar(datetime.fromisoformat(text), text)
        except ValueError:
            pass
    try:
        return _within_calendar(datetime.strptime(text, ABSOLUTE_INPUT_FORMAT), text)
    except ValueError:
        pass
    from dateutil import parser as date_parser

    try:
        moment = date_parser.isoparse(text)
    except (ValueError, OverflowError):
        raise InputError(None, Said(Problem.BAD_TIME, (text,))) from None
    if moment.tzinfo is None:
        return _within_calendar(moment, text)
    try:  # in range on every clock: its UTC time within the calendar's margin
        _within_calendar(moment.astimezone(UTC).replace(tzinfo=None), text)
    except OverflowError:
        raise InputError(None, Said(Problem.TIME_OUT_OF_RANGE, (text,))) from None
    return moment


# a request time this far from the calendar's ends survives any zone's offset
# (at most 26 hours) and the day arithmetic of the summary and the CST line
_CALENDAR_MARGIN = timedelta(days=2)


def _within_calendar(moment: datetime, text: str) -> datetime:
    if not datetime.min + _CALENDAR_MARGIN <= moment <= datetime.max - _CALENDAR_MARGIN:
        raise InputError(None, Said(Problem.TIME_OUT_OF_RANGE, (text,)))
    return moment


_STORED_FORM_RE = re.compile(r"\(?\s*([A-Za-z]+),\s*(.*?)\s*\)?")
_HAS_CLOCK_RE = re.compile(r"[0-9][T ][0-9]{1,2}:[0-9]{2}|[0-9]T[0-9]{2}", re.IGNORECASE)


def typed_time(text: str, zone: tzinfo | str | None) -> datetime:
    """The wall-clock time (naive, on the discussion's clock ``zone``) a
    person typed to store for one message: ``YYYY-MM-DD HH:MM:SS``, ISO 8601
    (an offset converted onto that clock), or the stored form itself
    (``(Saturday, 2025-09-20 16:30:05)``, pasted from the Time column).

    Nothing is guessed: a day without a time of day, a weekday the date
    does not fall on, or any other form ("09/10/2025": which is the month?)
    is refused with the reason, so the value written is the one meant."""
    from .timestrings import WEEKDAYS, parse_absolute

    typed = text.strip()
    stored = _STORED_FORM_RE.fullmatch(typed)
    if stored is not None and stored[1].capitalize() in WEEKDAYS:
        moment = parse_absolute(typed)
        if moment is None:
            moment = parse_when(stored[2], zone)  # the weekday checked below; the rest read as typed
        said, real = stored[1].capitalize(), WEEKDAYS[moment.weekday()]
        if said != real:
            raise InputError(None, Said(Problem.WEEKDAY_DISAGREES, (typed, said, real)))
        return moment.replace(microsecond=0)
    if not _HAS_CLOCK_RE.search(typed):
        read_when(typed)  # unreadable: said as such, before "no time of day"
        raise InputError(None, Said(Problem.TIME_WITHOUT_CLOCK, (typed,)))
    return parse_when(typed, zone).replace(microsecond=0)

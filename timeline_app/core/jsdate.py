"""Which timestamp strings a JavaScript ``Date`` accepts, and as what instant.

Free Anima prefixes a message only when ``new Date(timestamp)`` is valid, so
acceptance must follow V8, not Python. The ISO forms follow V8 exactly as
observed with Node 20: date-only is UTC, date-time without offset is local wall
time, day numbers up to 31 overflow into the next month (``2026-02-30`` is
2 March), ``24:00`` is the next midnight, fractions of any length are cut to
milliseconds, offsets are ``Z``, ``+HH:MM`` or ``+HHMM``, and no surrounding
space is allowed. Non-ISO strings go to V8's lenient legacy parser; here that
is approximated by dateutil on strings that carry a four-digit year, which
covers what servers actually write (``2026/05/20 08:02``, RFC 2822,
``Date.toString()``). Years outside 1..9999 are out of Python's range and are
treated as invalid.
"""

from __future__ import annotations

import re
import warnings
from datetime import UTC, datetime, timedelta, timezone, tzinfo

from .zones import localize

_ISO_RE = re.compile(
    r"(?P<year>[+-]\d{6}|\d{4})"
    r"(?:-(?P<month>\d\d)(?:-(?P<day>\d\d))?)?"
    r"(?:(?P<sep>[Tt ])(?P<hour>\d\d):(?P<minute>\d\d)"
    r"(?::(?P<second>\d\d)(?:\.(?P<fraction>\d+))?)?)?"
    r"(?P<offset>[Zz]|[+-]\d\d:?\d\d)?"
)
_LOOKS_ISO_RE = re.compile(r"\s*[+-]?\d{4,6}-\d\d-\d\d[Tt]")
_YEAR_RE = re.compile(r"(?<!\d)\d{4}(?!\d)")


def _iso(found: re.Match[str], local: tzinfo) -> datetime | None:
    year_text = found["year"]
    if year_text == "-000000":
        return None
    year = int(year_text)
    month = int(found["month"] or 1)
    day = int(found["day"] or 1)
    hour = int(found["hour"] or 0)
    minute = int(found["minute"] or 0)
    second = int(found["second"] or 0)
    millis = int((found["fraction"] or "0")[:3].ljust(3, "0"))
    if not (1 <= month <= 12 and 1 <= day <= 31 and minute <= 59 and second <= 59):
        return None
    if hour > 24 or (hour == 24 and (minute or second or millis)):
        return None
    if not 1 <= year <= 9999:
        return None
    try:
        wall = datetime(year, month, 1) + timedelta(
            days=day - 1, hours=hour, minutes=minute, seconds=second, milliseconds=millis
        )
    except OverflowError:
        return None
    offset = found["offset"]
    if offset is None:
        if found["hour"] is None:  # date-only forms are UTC
            return wall.replace(tzinfo=UTC)
        return localize(wall, local)
    if offset in "Zz":
        return wall.replace(tzinfo=UTC)
    sign = -1 if offset[0] == "-" else 1
    digits = offset[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:])
    if hours > 23 or minutes > 59:
        return None
    return wall.replace(tzinfo=timezone(sign * timedelta(hours=hours, minutes=minutes)))


def parse_js_date(value: object, local: tzinfo) -> datetime | None:
    """The aware instant ``new Date(value)`` gives, or None when it is invalid
    (or ``value`` is not a non-empty string, which the CST rule skips)."""
    if not isinstance(value, str) or not value:
        return None
    found = _ISO_RE.fullmatch(value)
    if found is not None:
        return _iso(found, local)
    if _LOOKS_ISO_RE.match(value) or value != value.strip() or not _YEAR_RE.search(value):
        return None
    from dateutil import parser as date_parser  # only for the legacy forms

    try:
        with warnings.catch_warnings():  # unknown zone names: treated as invalid below
            warnings.simplefilter("error")
            moment = date_parser.parse(value)
    except (ValueError, OverflowError, TypeError, Warning):
        return None
    return localize(moment, local) if moment.tzinfo is None else moment

"""WilmerAI's timestamp strings: the absolute and the relative form.

The middleware formats with ``strftime("%A, %Y-%m-%d %H:%M:%S")`` in a C/English
locale and parses with ``strptime`` of the same pattern. ``strftime``/``strptime``
follow the process locale, and Qt sets the locale from the environment on start,
so using them here would give German weekdays inside the GUI. Both directions
are therefore written out: the parser mirrors CPython's ``_strptime`` regular
expressions for exactly this pattern (same alternatives, same ``\\s+`` for the
format's spaces, case-insensitive, full match required) so that whatever the
middleware accepts we accept, and nothing more.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from operator import itemgetter

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

# CPython's _strptime sorts the alternatives longest first; keep that order so a
# prefix never wins over the full name.
_WEEKDAY_RE = "|".join(sorted((w.lower() for w in WEEKDAYS), key=len, reverse=True))
_ABSOLUTE_RE = re.compile(
    rf"(?P<A>{_WEEKDAY_RE}),\s+"
    r"(?P<Y>\d\d\d\d)-(?P<m>1[0-2]|0[1-9]|[1-9])-(?P<d>3[0-1]|[1-2]\d|0[1-9]|[1-9]| [1-9])\s+"
    r"(?P<H>2[0-3]|[0-1]\d|\d):(?P<M>[0-5]\d|\d):(?P<S>6[0-1]|[0-5]\d|\d)",
    re.IGNORECASE,
)


_TWO_DIGITS = tuple(f"{n:02d}" for n in range(60))
_DAY_TEXT: dict[int, str] = {}  # date ordinal -> "(Monday, 2025-09-22 "
_CLOCK_MINUTE: dict[int, str] = {}  # minute of the day -> "10:05:"


def format_absolute(moment: datetime) -> str:
    """``(Saturday, 2025-09-20 16:30:05)`` for a wall-clock time (its
    fraction of a second and its zone, if any, are not written).

    Equal to ``strftime`` in the C locale (the year unpadded, as glibc
    prints it), without its locale dependence or its cost: the day's text
    is made once per date and the hours and minutes once per minute of the
    day (tracking and repair format hundreds of thousands of times, mostly
    seconds apart; even ``isoformat`` costs more than these lookups).
    """
    m = moment
    day = _DAY_TEXT.get(ordinal := m.toordinal())
    if day is None:
        day = _DAY_TEXT[ordinal] = f"({WEEKDAYS[m.weekday()]}, {m.year}-{m.month:02d}-{m.day:02d} "
    clock = _CLOCK_MINUTE.get(minute := m.hour * 60 + m.minute)
    if clock is None:
        clock = _CLOCK_MINUTE[minute] = f"{m.hour:02d}:{m.minute:02d}:"
    return f"{day}{clock}{_TWO_DIGITS[m.second]})"


_SECOND_TAILS = tuple(f"{n:02d})" for n in range(59, -1, -1))  # "59)" ... "00)"


def counted_back(moment: datetime, count: int) -> list[str]:
    """``format_absolute(moment - k seconds)`` for k = 1 .. ``count``: the
    texts of a backfill run, one minute's worth per step (each minute's
    head made once, its seconds joined on in a C-level pass)."""
    out: list[str] = []
    second = timedelta(seconds=1)
    at = moment - second
    while len(out) < count:
        head = format_absolute(at)[:-3]  # "(Monday, 2025-09-22 10:05:"
        take = min(at.second + 1, count - len(out))
        first = 59 - at.second
        out.extend(map(head.__add__, _SECOND_TAILS[first : first + take]))
        if len(out) < count:
            at -= timedelta(seconds=take)
    return out


_CANONICAL_RE = re.compile(
    rf"\((?:{'|'.join(WEEKDAYS)}), ([0-9]{{4}}-[0-9]{{2}}-[0-9]{{2}} [0-9]{{2}}:[0-9]{{2}}:[0-9]{{2}})\)"
)


def _parse_canonical(value: str) -> datetime | None:
    """``(Saturday, 2025-09-20 16:30:05)`` exactly as written by the middleware
    (nearly every stored value), read by the C ISO parser; None sends anything
    else, invalid dates included, to the full parser below."""
    found = _CANONICAL_RE.fullmatch(value)
    if found is None:
        return None
    try:
        return datetime.fromisoformat(found[1])
    except ValueError:
        return None


def parse_absolute(value: object) -> datetime | None:
    """The naive time a stored value stands for, or None where the middleware
    could not parse it (it then keeps the value as it is)."""
    if not isinstance(value, str):
        return None
    moment = _parse_canonical(value)
    if moment is not None:
        return moment
    text = value.strip("() ")
    found = _ABSOLUTE_RE.match(text)
    if found is None or found.end() != len(text):
        return None
    try:
        return datetime(
            int(found["Y"]),
            int(found["m"]),
            int(found["d"]),
            int(found["H"]),
            int(found["M"]),
            int(found["S"]),
        )
    except ValueError:  # 31 February, second 60, ...
        return None


_TIME_PART = itemgetter(1)


def parse_absolute_many(values: Sequence[object]) -> list[datetime | None]:
    """``parse_absolute`` of each value, in order. When every value is the
    middleware's own canonical text (nearly every file) the regular
    expression, the group and the C ISO parser run as C-level passes over
    all of them; any other value sends the whole batch through
    ``parse_absolute`` one by one, so the answers are always its answers."""
    if all(map(str.__instancecheck__, values)):
        found = list(map(_CANONICAL_RE.fullmatch, values))  # type: ignore[arg-type]
        if all(found):
            try:
                return list(map(datetime.fromisoformat, map(_TIME_PART, found)))  # type: ignore[arg-type]
            except ValueError:  # 31 February and the like: parse_absolute decides
                pass
    return list(map(parse_absolute, values))


def latest_absolute(values: Iterable[object]) -> datetime | None:
    """The latest of ``parse_absolute`` over ``values`` (None: none parses),
    without a datetime made per value: the middleware's canonical texts
    order as their ISO part does, so their latest is found by comparing
    text, and only the other values are parsed one by one. Save over a
    file made anew needs only the newest stored time of both files
    (``file_state.live_placeholder``): parsing 100,000 of each took
    0.5-1.5 s of the worker."""
    listed = list(values)
    strings = [value for value in listed if isinstance(value, str)]
    found = list(map(_CANONICAL_RE.fullmatch, strings))
    canonical = [match[1] for match in found if match is not None]
    latest: datetime | None = None
    if canonical:
        try:
            latest = datetime.fromisoformat(max(canonical))
        except ValueError:  # 31 February and the like: parse_absolute decides, for all
            return max(filter(None, map(parse_absolute, listed)), default=None)
    others: list[object] = [value for value, match in zip(strings, found, strict=True) if match is None]
    others += [value for value in listed if not isinstance(value, str)]
    for moment in map(parse_absolute, others):
        if moment is not None and (latest is None or moment > latest):
            latest = moment
    return latest


def _plural(count: int, unit: str) -> str:
    return f"{count} {unit}" if count == 1 else f"{count} {unit}s"


_CLOCK_TEXT: dict[int, str] = {}  # minutes within a day -> "3 hours, 1 minute" ("" for none)


def _clock_text(minutes_of_day: int) -> str:
    """The hours-and-minutes part of an elapsed time, made once per minute
    of the day: a relative preview of 100,000 messages needs tens of
    thousands of these, from at most 1,440 different ones."""
    text = _CLOCK_TEXT.get(minutes_of_day)
    if text is None:
        hours, minutes = divmod(minutes_of_day, 60)
        parts = [_plural(hours, "hour")] if hours else []
        if minutes:
            parts.append(_plural(minutes, "minute"))
        text = _CLOCK_TEXT[minutes_of_day] = ", ".join(parts)
    return text


def elapsed_minutes(then: datetime, now: datetime) -> int:
    """Whole minutes from ``then`` to ``now`` (negative: ``then`` is later),
    the only part of an elapsed time the words depend on; without
    timedelta's division (~0.2 us a call): seconds < 86,400 and the
    microseconds below a second never reach the next minute."""
    delta = now - then
    return delta.days * 1440 + delta.seconds // 60


def elapsed_words(minutes: int) -> str:
    """``2 days, 3 hours, 1 minute`` for a count of whole minutes elapsed;
    a future time (a negative count) is no time at all."""
    if minutes < 0:
        return "less than a minute"
    days, rest = divmod(minutes, 1440)
    clock = _clock_text(rest)
    if days:
        day = _plural(days, "day")
        return f"{day}, {clock}" if clock else day
    return clock or "less than a minute"


_SENT_TODAY: dict[int, str] = {}  # minutes within a day -> "[Sent 3 hours, 1 minute ago]"
_SENT_TAIL: dict[int, str] = {}  # minutes within a day -> ", 3 hours, 1 minute ago]" (" ago]" for none)


def sent_text(minutes: int) -> str:
    """``[Sent 2 hours, 15 minutes ago]`` for whole minutes elapsed (a caller
    that makes many keeps them by count: they depend on nothing else).

    ``elapsed_words`` inside its frame, from two texts kept per minute of
    the day: a relative preview of 100k messages makes ~40k different ones
    (~25 ms through the parts one by one)."""
    if minutes < 0:
        return "[Sent less than a minute ago]"
    days, rest = divmod(minutes, 1440)
    if not days:
        text = _SENT_TODAY.get(rest)
        if text is None:
            text = _SENT_TODAY[rest] = f"[Sent {_clock_text(rest) or 'less than a minute'} ago]"
        return text
    tail = _SENT_TAIL.get(rest)
    if tail is None:
        clock = _clock_text(rest)
        tail = _SENT_TAIL[rest] = f", {clock} ago]" if clock else " ago]"
    return f"[Sent {days} day{tail}" if days == 1 else f"[Sent {days} days{tail}"


def describe_elapsed(then: datetime, now: datetime) -> str:
    """``2 days, 3 hours, 1 minute`` between two naive times; seconds dropped,
    a future time counts as no time at all."""
    return elapsed_words(elapsed_minutes(then, now))


def format_relative(value: object, now: datetime) -> str:
    """``[Sent 2 hours, 15 minutes ago]``, or ``""`` for an unparseable value."""
    return relative_text(parse_absolute(value), now)


def relative_text(moment: datetime | None, now: datetime) -> str:
    """The relative prefix of an already parsed time (``""`` for None)."""
    if moment is None:
        return ""
    return sent_text(elapsed_minutes(moment, now))

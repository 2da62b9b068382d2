"""How one message's time reads in each style, and where it sits in real time.

Views call these lazily for the rows they paint; nothing is formatted ahead.
Naive times (the middleware's clock, SillyTavern's local dates) are placed in
the zone the user names for the middleware, and said to be naive.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta, timezone, tzinfo

from .context import Style
from .cst import cst_label
from .options import EngineOptions
from .timestrings import format_relative
from .zones import get_zone, localize

NAIVE_NOTE = "local, zone unknown"


def stored_text(value: object, missing: str = "—") -> str:
    """A stored value as shown to a user: strings as they are, anything else
    (numbers, null) as JSON so a bad value is visible, not hidden."""
    if value is None:
        return missing
    return value if isinstance(value, str) else json.dumps(value)


def message_instant(
    own_time: datetime | None,
    stored_time: datetime | None,
    has_own_times: bool,
    options: EngineOptions,
) -> datetime | None:
    """The aware instant the CST style shows for a message: the source's own
    time when the source records times, else the timestamp file's."""
    moment = own_time if has_own_times else stored_time
    if moment is None:
        return None
    if moment.tzinfo is None:  # the middleware's clock, or a front end's local time
        return localize(moment, get_zone(options.wilmer_zone))
    return moment


def time_text(
    stored: object,
    instant: datetime | None,
    style: Style,
    now: datetime,
    options: EngineOptions,
) -> str:
    """The time column: the stored string (absolute), ``[Sent X ago]``
    (relative) or the CST label; empty when there is none."""
    if style is Style.ABSOLUTE:
        return stored_text(stored, "")
    if style is Style.RELATIVE:
        return format_relative(stored, now)
    return cst_label(instant, options.cst.zone) if instant is not None else ""


def axis_label(moment: datetime, style: Style, options: EngineOptions, clock: tzinfo | None = None) -> str:
    """A timeline axis label for a naive middleware-clock time, in the style
    shown (the CST style labels in its display zone, with the weekday).
    ``clock`` is the middleware clock's zone (``infer_clock_zone``); by
    default the one the options name."""
    if style is Style.CST:
        zone = clock if clock is not None else get_zone(options.wilmer_zone)
        return cst_label(localize(moment, zone), options.cst.zone)
    return f"{moment:%Y-%m-%d %H:%M}"


CLOCK_STEP = timedelta(minutes=15)  # UTC offsets are whole quarter hours


def infer_clock_zone(pairs: Iterable[tuple[datetime, datetime]]) -> tzinfo | None:
    """The middleware clock's UTC offset, from (stored naive time, the front
    end's own aware time) of tracked messages: the middleware stamps a message
    when it first sees it, seconds after the front end did. The median gap,
    rounded to a quarter hour, when most messages agree on it; else None.
    Without it, a CST axis placed stored times in this machine's zone while
    the table showed the transcript's own times: hours apart."""
    offsets = sorted(
        stored - own.astimezone(UTC).replace(tzinfo=None) for stored, own in pairs if own.tzinfo is not None
    )
    if not offsets:
        return None
    median = offsets[len(offsets) // 2]
    rounded = CLOCK_STEP * round(median / CLOCK_STEP)
    if abs(rounded) >= timedelta(hours=24):
        return None
    agreeing = sum(1 for o in offsets if abs(o - rounded) < CLOCK_STEP)
    return timezone(rounded) if agreeing * 2 > len(offsets) else None


def gap_text(delta: timedelta | None) -> str:
    """``3 d 4 h``, ``2 h 15 min``, ``45 s``; a minus sign when time goes backwards."""
    if delta is None:
        return ""
    sign = "−" if delta < timedelta(0) else ""
    seconds = int(abs(delta).total_seconds())
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        text = f"{days} d {hours} h" if hours else f"{days} d"
    elif hours:
        text = f"{hours} h {minutes} min" if minutes else f"{hours} h"
    elif minutes:
        text = f"{minutes} min {secs} s" if secs else f"{minutes} min"
    else:
        text = f"{secs} s"
    return sign + text

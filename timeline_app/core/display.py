"""How one message's time reads in each style, and where it sits in real time.

Views call these lazily for the rows they paint; nothing is formatted ahead.
Naive times (the middleware's clock, SillyTavern's local dates) are placed in
the zone the user names for the middleware, and said to be naive.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta, timezone, tzinfo

from .context import Style
from .cst import WEEKDAYS_CN, cst_label
from .options import EngineOptions
from .timestrings import format_relative
from .zones import get_zone, localize

NOT_TEXT_MARK = "⚠"  # before a stored value that is not text, where a time is shown


def stored_text(value: object, missing: str = "—", *, entry: bool = False) -> str:
    """A stored value as shown to a user: strings as they are, anything else
    (numbers, null) as JSON so a bad value is visible, not hidden. None is
    ``missing`` (no entry), unless ``entry`` says the file holds the key:
    then it is the JSON null stored there."""
    if value is None and not entry:
        return missing
    if isinstance(value, str):
        return value
    import json  # only for a value that is not text (rare)

    return json.dumps(value)


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
    *,
    entry: bool = False,
) -> str:
    """The time column: the stored string (absolute), ``[Sent X ago]``
    (relative) or the CST label; empty when there is none. A stored value
    that is not text (``entry``: the file holds the key, so None is null)
    reads the same in every style, as JSON after ``NOT_TEXT_MARK``: no style
    can show a time from it (the relative style read blank, the absolute one
    showed a number as if it were a time)."""
    if entry and not isinstance(stored, str) and (style is not Style.CST or instant is None):
        return f"{NOT_TEXT_MARK} {stored_text(stored, entry=True)}"
    if style is Style.ABSOLUTE:
        return stored_text(stored, "")
    if style is Style.RELATIVE:
        return format_relative(stored, now)
    return cst_label(instant, options.cst.zone) if instant is not None else ""


def axis_label(
    moment: datetime,
    style: Style,
    options: EngineOptions,
    clock: tzinfo | None = None,
    *,
    seconds: bool = False,
) -> str:
    """A timeline axis label for a naive middleware-clock time, in the style
    shown (the CST style labels in its display zone, with the weekday).
    ``clock`` is the middleware clock's zone (``infer_clock_zone``); by
    default the one the options name. ``seconds``: to the second, for an
    axis whose two ends fall in one minute (to the minute, its start and
    end read alike and its start went unnamed, issue 31)."""
    if style is Style.CST:
        zone = clock if clock is not None else get_zone(options.wilmer_zone)
        if seconds:
            local = localize(moment, zone).astimezone(get_zone(options.cst.zone))
            return f"{local:%Y-%m-%dT%H:%M:%S} {WEEKDAYS_CN[local.weekday()]}"
        return cst_label(localize(moment, zone), options.cst.zone)
    return f"{moment:%Y-%m-%d %H:%M:%S}" if seconds else f"{moment:%Y-%m-%d %H:%M}"


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


def minute_precision(style: Style) -> bool:
    """Whether ``style`` shows times to the minute (the CST label), not to
    the second (the stored string, and the relative style's, made from it).
    The one rule of every Gap, the table's, Details' and the strip's break
    labels: the difference of the two times as that style shows them, at
    that precision (``gap_between``), written in its two largest units,
    rounded towards zero (``gap_text``). So a CST gap can read a minute more
    than the absolute one beside other times: 08:02:09 to 23:55:00 reads
    "15 h 52 min" in the absolute style and, between 08:02 and 23:55,
    "15 h 53 min" in CST (issue 31), and the views say it is to the minute."""
    return style is Style.CST


def to_minute(moment: datetime) -> datetime:
    """``moment`` without its seconds: the precision of a CST label."""
    return moment.replace(second=0, microsecond=0)


def gap_between(earlier: datetime, later: datetime, *, to_minutes: bool = False) -> timedelta:
    """The gap from ``earlier`` to ``later`` as views say it: between the
    times shown, to the minute where they are shown to the minute (CST).
    The table's Gap column and the strip's break labels both measure with
    it: the strip read "15 h 52 min" beside a Gap of "15 h 53 min" for
    08:02:09 to 23:55:00 (tryout)."""
    return to_minute(later) - to_minute(earlier) if to_minutes else later - earlier


GapUnits = tuple[str, str, str, str]  # days, hours, minutes, seconds
ENGLISH_GAP_UNITS: GapUnits = ("d", "h", "min", "s")


def gap_text(
    delta: timedelta | None, units: GapUnits = ENGLISH_GAP_UNITS, *, minutes_only: bool = False
) -> str:
    """``3 d 4 h``, ``2 h 15 min``, ``45 s``; a minus sign when time goes
    backwards. ``units`` lets the window say them in its language.
    ``minutes_only``: between times shown to the minute (CST), where no
    gap has seconds and none reads "0 s" beside two equal minutes."""
    if delta is None:
        return ""
    d, h, m, s = units
    if minutes_only and abs(delta) < timedelta(minutes=1):
        return f"0 {m}"
    sign = "−" if delta < timedelta(0) else ""
    seconds = int(abs(delta).total_seconds())
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        text = f"{days} {d} {hours} {h}" if hours else f"{days} {d}"
    elif hours:
        text = f"{hours} {h} {minutes} {m}" if minutes else f"{hours} {h}"
    elif minutes:
        text = f"{minutes} {m} {secs} {s}" if secs else f"{minutes} {m}"
    else:
        text = f"{secs} {s}"
    return sign + text


class Gap:
    """A gap as an argument of an engine sentence: English in ``str`` (the
    command line), its ``delta`` for a window that says it in its language.
    (A plain class: a dataclass definition costs a command's start-up.)"""

    __slots__ = ("delta",)

    def __init__(self, delta: timedelta) -> None:
        self.delta = delta

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Gap) and other.delta == self.delta

    def __hash__(self) -> int:
        return hash(self.delta)

    def __str__(self) -> str:
        return gap_text(self.delta)


# Characters a human view must show, not obey or hide: C0/C1 controls (but
# tab and newline, which lay text out), bidirectional overrides, embeddings,
# isolates and marks (an RLO makes "evil\u202eexe.txt" read backwards), and
# the invisible format characters and separators. ZWJ/ZWNJ stay: they shape
# emoji and scripts. Raw JSON, Copy and Export never go through this.
_SHOWN_AS_CODE = frozenset(
    [
        *range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0), 0xAD, 0x061C, 0x180E,
        0x200B, 0x200E, 0x200F, *range(0x202A, 0x202F), 0x2028, 0x2029,
        *range(0x2060, 0x2065), *range(0x2066, 0x206A), 0xFEFF, *range(0xFFF9, 0xFFFC),
    ]
)  # fmt: skip
MARKER_OPEN, MARKER_CLOSE = "⟨", "⟩"
ELLIPSIS = "…"


def control_marker(char: str) -> str:
    """``⟨U+202E⟩``: the code point, readable and never obeyed."""
    return f"{MARKER_OPEN}U+{ord(char):04X}{MARKER_CLOSE}"


# the same set as one character class: a view's 400 bubbles and every table
# cell are searched in C, not by an ``ord`` per character (200k calls a preview)
_SHOWN_AS_CODE_RE = re.compile("[" + "".join(re.escape(chr(code)) for code in sorted(_SHOWN_AS_CODE)) + "]")


def visible_segments(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into runs of ``(text, is_marker)``: plain runs as they are,
    each hidden or bidirectional control as its marker, so a view can give
    markers their own colour."""
    segments: list[tuple[str, bool]] = []
    start = 0
    for found in _SHOWN_AS_CODE_RE.finditer(text):
        position = found.start()
        if position > start:
            segments.append((text[start:position], False))
        segments.append((control_marker(found.group()), True))
        start = position + 1
    if start < len(text):
        segments.append((text[start:], False))
    return segments


def visible_text(text: str) -> str:
    """``text`` with every hidden or bidirectional control shown as its marker."""
    if _SHOWN_AS_CODE_RE.search(text) is None:
        return text
    return "".join(part for part, _marker in visible_segments(text))


def first_line(text: str, limit: int) -> str:
    """The first line, cut to ``limit`` characters with ``…`` when longer
    (a cell or a tip, never the value itself)."""
    line, _, rest = text.partition("\n")
    if len(line) > limit:
        return line[:limit] + ELLIPSIS
    return line + (f" {ELLIPSIS}" if rest else "")


def clip_text(text: str, max_chars: int = 1200, max_lines: int = 20) -> str:
    """``text`` cut to at most ``max_lines`` lines and ``max_chars``
    characters, ending in ``…`` when anything was left out (tooltips of a
    megabyte message must not fill the screen)."""
    lines = text.split("\n", max_lines)
    cut = len(lines) > max_lines
    kept = "\n".join(lines[:max_lines])
    if len(kept) > max_chars:
        kept, cut = kept[:max_chars], True
    return kept + ELLIPSIS if cut else kept


def tsv(rows: Iterable[Sequence[str]]) -> str:
    """Rows as tab-separated text a spreadsheet reads back: a value holding a
    tab, newline or quote is quoted (Excel's dialect), every value is whole."""
    import csv
    import io

    out = io.StringIO()
    csv.writer(out, dialect="excel-tab", lineterminator="\n").writerows(rows)
    return out.getvalue()


def speaker_text(role: str, record: Mapping[str, object] | None) -> str:
    """The role, with the speaker's own name when the front end records one
    (SillyTavern's character or persona name): ``assistant · Seraphina``."""
    name = record.get("name") if record else None
    if isinstance(name, str) and name.strip() and name.strip().lower() != role.lower():
        return f"{role} · {name.strip()}"
    return role

"""Free Anima's time perception: the CST prefix on user messages.

The stored messages are never changed; the prefix exists only in what the
model receives. Times are shown in a display zone (Asia/Shanghai unless the
user says otherwise), minutes truncated, with the Chinese weekday.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from .records import frozen
from .zones import get_zone

CST_ZONE = "Asia/Shanghai"
WEEKDAYS_CN = ("周一", "周二", "周三", "周四", "周五", "周六", "周日")
GAP_RULE_MINUTES = 10


class CstVariant(StrEnum):
    """The versions of the module seen in public history; TIME_LINE is current."""

    TIME_LINE = "time-line"  # time: 2026-05-20T08:02 周三\n  (default)
    GAP = "gap"  # [2026-05-20 周三 08:02] / [08:02] on gaps, nothing otherwise
    NO_WEEKDAY = "no-weekday"  # time: 2026-05-20T08:02\n
    TAG = "tag"  # <time>2026-05-20T08:02 周三</time>\n


@frozen
class CstSettings:
    variant: CstVariant = CstVariant.TIME_LINE
    zone: str = CST_ZONE


def cst_label(moment: datetime, zone_name: str = CST_ZONE, *, weekday: bool = True) -> str:
    """``2026-05-20T08:02 周三``: the moment in the display zone, minutes truncated."""
    local = moment.astimezone(get_zone(zone_name))
    text = local.strftime("%Y-%m-%dT%H:%M")
    return f"{text} {WEEKDAYS_CN[local.weekday()]}" if weekday else text


def _prefix(moment: datetime, previous: datetime | None, settings: CstSettings) -> str:
    zone = get_zone(settings.zone)
    if settings.variant is CstVariant.TIME_LINE:
        return f"time: {cst_label(moment, settings.zone)}\n"
    if settings.variant is CstVariant.NO_WEEKDAY:
        return f"time: {cst_label(moment, settings.zone, weekday=False)}\n"
    if settings.variant is CstVariant.TAG:
        return f"<time>{cst_label(moment, settings.zone)}</time>\n"
    local = moment.astimezone(zone)
    if previous is None or previous.astimezone(zone).date() != local.date():
        return f"[{local:%Y-%m-%d} {WEEKDAYS_CN[local.weekday()]} {local:%H:%M}] "
    if moment - previous >= timedelta(minutes=GAP_RULE_MINUTES):
        return f"[{local:%H:%M}] "
    return ""


def content_text(content: object) -> str:
    """Message content as the text a prefix is joined to."""
    return content if isinstance(content, str) else "" if content is None else str(content)


def render_cst(
    messages: Sequence[Mapping[str, Any]],
    times: Sequence[datetime | None],
    settings: CstSettings | None = None,
) -> list[dict[str, Any]]:
    """The messages as the model receives them; ``times[i]`` is message i's
    aware time or None (no prefix). Only role ``user`` is ever prefixed."""
    settings = settings or CstSettings()
    out: list[dict[str, Any]] = []
    previous: datetime | None = None
    for message, moment in zip(messages, times, strict=True):
        fields = dict(message)
        if fields.get("role") == "user" and moment is not None:
            fields["content"] = _prefix(moment, previous, settings) + content_text(fields.get("content"))
            previous = moment
        out.append(fields)
    return out

"""SillyTavern chats (JSONL): solo and group, all five ``send_date`` forms,
and the "content as sent" views that decide which hashes can match.

What the middleware received differs from ``mes``: speaker prefixes by the
character-names behaviour, quotes, ``\\r`` removal, merged messages. A view
is one combination of those settings; ``best_view`` tries them all against a
timestamp file and keeps the one under which most messages are tracked.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from ..errors import InputError
from ..pipeline import Api, Kind, RequestOptions, prepare_request
from ..records import frozen
from ..store import TimestampStore
from ..words import Note, Problem, Said
from .model import Transcript
from .sendview import NamesBehavior, SendView

MONTHS = {
    name: number
    for number, name in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        start=1,
    )
}
_HUMAN_AT_RE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2}) @(\d{1,2})h (\d{1,2})m (\d{1,2})s(?: (\d{1,3})ms)?")
_COMPACT_AT_RE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})@(\d{1,2})h(\d{1,2})m(\d{1,2})s(?:(\d{1,3})ms)?")
_MONTH_DAY_RE = re.compile(r"([A-Za-z]+) (\d{1,2}), (\d{4}) (\d{1,2}):(\d{2}) ?([ap]m)", re.IGNORECASE)
_ISO_RE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})")


def parse_send_date(value: object) -> datetime | None:
    """Any of the five ``send_date`` forms; naive where the source has no zone
    (forms 2-4 were written in local time), aware otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        try:
            return datetime(1970, 1, 1, tzinfo=UTC) + timedelta(milliseconds=value)
        except OverflowError:
            return None
    if not isinstance(value, str):
        return None
    text = value.strip()
    try:
        for pattern in (_HUMAN_AT_RE, _COMPACT_AT_RE):
            found = pattern.fullmatch(text)
            if found:
                year, month, day, hour, minute, second = (int(g) for g in found.groups()[:6])
                # A count of milliseconds, not a decimal fraction: SillyTavern
                # wrote ``getMilliseconds()`` unpadded or padded to 2-3 digits,
                # so "9ms", "09ms" and "009ms" are all 0.009 s.
                millis = int(found.group(7) or "0")
                return datetime(year, month, day, hour, minute, second, millis * 1000)
        found = _MONTH_DAY_RE.fullmatch(text)
        if found:
            named = MONTHS.get(found.group(1).lower())
            if named is None:
                return None
            hour = int(found.group(4)) % 12 + (12 if found.group(6).lower() == "pm" else 0)
            return datetime(int(found.group(3)), named, int(found.group(2)), hour, int(found.group(5)))
        if _ISO_RE.fullmatch(text):
            return datetime.fromisoformat(text.replace("Z", "+00:00"))
        if text.isdigit():
            return datetime(1970, 1, 1, tzinfo=UTC) + timedelta(milliseconds=int(text))
    except (ValueError, OverflowError):
        return None
    return None


@frozen
class StMessage:
    name: str
    is_user: bool
    hidden: bool  # is_system: not sent to the model
    narrator: bool
    sent_as: bool  # ``force_avatar`` set: /sendas, a locked persona, a group reply
    text: str  # the active swipe
    own_time: datetime | None
    record: dict[str, Any]  # the line as saved (gen_started, gen_finished, extra, ...)


@frozen
class SillyTavernChat:
    header: dict[str, Any] | None
    messages: tuple[StMessage, ...]
    user_name: str
    character_name: str | None
    group: bool


def _active_text(record: dict[str, Any]) -> str:
    text = record.get("mes")
    if isinstance(text, str):
        return text
    swipes = record.get("swipes")
    swipe_id = record.get("swipe_id")
    if isinstance(swipes, list) and isinstance(swipe_id, int) and 0 <= swipe_id < len(swipes):
        chosen = swipes[swipe_id]
        if isinstance(chosen, str):
            return chosen
    return ""


def is_header(record: dict[str, Any]) -> bool:
    return "chat_metadata" in record or ("user_name" in record and "mes" not in record)


def looks_like_message(record: dict[str, Any]) -> bool:
    return "mes" in record and ("is_user" in record or "name" in record)


def parse_chat(records: Sequence[dict[str, Any]], source: str) -> SillyTavernChat:
    header = records[0] if records and is_header(records[0]) else None
    body = records[1:] if header is not None else records
    messages = []
    for number, record in enumerate(body, start=2 if header else 1):
        if not looks_like_message(record):
            raise InputError(source, Said(Problem.NOT_ST_MESSAGE, (number,)))
        found = record.get("extra")
        extra: dict[str, Any] = found if isinstance(found, dict) else {}
        messages.append(
            StMessage(
                name=str(record.get("name", "")),
                is_user=bool(record.get("is_user")),
                hidden=bool(record.get("is_system")),
                narrator=extra.get("type") == "narrator",
                sent_as=bool(record.get("force_avatar")),
                text=_active_text(record),
                own_time=parse_send_date(record.get("send_date")),
                record=record,
            )
        )
    header_user = header.get("user_name") if header else None
    user_name = header_user if isinstance(header_user, str) and header_user != "unused" else ""
    if not user_name:
        user_name = next((m.name for m in messages if m.is_user), "")
    header_char = header.get("character_name") if header else None
    character = header_char if isinstance(header_char, str) and header_char != "unused" else None
    replies = [m for m in messages if not m.is_user and not m.narrator]
    # group files before late 2025 have no header; a header naming the
    # character is a solo chat (other speakers there came by /sendas); when
    # the header names none, a group shows by every reply's forced avatar
    group = header is None or (character is None and bool(replies) and all(m.sent_as for m in replies))
    return SillyTavernChat(header, tuple(messages), user_name, character, group)


def _speaker_prefix(chat: SillyTavernChat, message: StMessage, names: NamesBehavior) -> bool:
    """SillyTavern's rule (``setOpenAIMessages``): by default, in a group every
    message not from the current persona (narrator included); in a solo chat
    only messages with a forced avatar that are not the persona's and not the
    narrator's. "content" names every message but the narrator's."""
    if names is NamesBehavior.DEFAULT:
        if chat.group:
            return message.name != chat.user_name
        return message.sent_as and message.name != chat.user_name and not message.narrator
    return names is NamesBehavior.CONTENT and not message.narrator


def as_sent(chat: SillyTavernChat, view: SendView) -> tuple[list[dict[str, Any]], list[int]]:
    """The OpenAI message list the front end sends under ``view``, and for each
    sent message the index of the chat message it starts with. Order as in
    SillyTavern: the speaker prefix, then ``\\r`` removed, then the quotes."""
    sent: list[dict[str, Any]] = []
    origin: list[int] = []
    for index, message in enumerate(chat.messages):
        if message.hidden:
            continue
        role = "system" if message.narrator else "user" if message.is_user else "assistant"
        content = message.text
        if _speaker_prefix(chat, message, view.names):
            content = f"{message.name}: {content}"
        if view.strip_cr:
            content = content.replace("\r", "")
        if view.wrap_quotes and role == "user":
            content = f'"{content}"'
        fields: dict[str, Any] = {"role": role}
        if view.names is NamesBehavior.COMPLETION and message.name and not message.narrator:
            fields["name"] = message.name
        fields["content"] = content
        if view.merge_consecutive and sent and sent[-1]["role"] == role and role != "system":
            sent[-1]["content"] += "\n\n" + content
            continue
        sent.append(fields)
        origin.append(index)
    return sent, origin


def candidate_views() -> list[SendView]:
    """Every view worth trying, SillyTavern's defaults first (ties keep the first)."""
    names = [NamesBehavior.DEFAULT, *(n for n in NamesBehavior if n is not NamesBehavior.DEFAULT)]
    return [
        SendView(behavior, quotes, True, merge)
        for behavior, quotes, merge in itertools.product(names, (False, True), (False, True))
    ]


@frozen
class ViewChoice:
    view: SendView
    request: RequestOptions
    tracked: int
    timestamped: int

    def describe(self) -> str:
        prefixes = ", User:/Assistant: prefixes" if self.request.add_user_assistant else ""
        return f"{self.view.describe()}{prefixes}, brace sentinels: {self.request.sentinels.name}"


def best_view(
    chat: SillyTavernChat, store: TimestampStore, base: RequestOptions, *, sample: int = 3000
) -> ViewChoice:
    """The view (and middleware settings) under which most messages are tracked.

    Tries every names behaviour, quotes on/off, merging on/off, both brace
    sentinel pairs and the User/Assistant prefixes; ties keep the first
    (SillyTavern's defaults first). Large chats are scored on an even sample.
    """
    from ..hashing import SENTINEL_PAIRS

    step = max(1, len(chat.messages) // sample)
    sampled = replace(chat, messages=chat.messages[::step]) if step > 1 else chat
    best: ViewChoice | None = None
    for view in candidate_views():
        sent, _ = as_sent(sampled, view)
        for sentinels, prefixes in itertools.product(SENTINEL_PAIRS.values(), (False, True)):
            options = replace(base, sentinels=sentinels, add_user_assistant=prefixes)
            request = prepare_request(sent, options)
            stamped = [m for m in request.messages if m.kind is Kind.TIMESTAMPED]
            tracked = sum(1 for m in stamped if m.hash in store)
            if best is None or tracked > best.tracked:
                best = ViewChoice(view, options, tracked, len(stamped))
    assert best is not None
    return best


def transcript_for(chat: SillyTavernChat, view: SendView, source: str, bad_lines: tuple = ()) -> Transcript:
    """The chat as the front end sends it under ``view``."""
    sent, origin = as_sent(chat, view)
    hidden = sum(1 for m in chat.messages if m.hidden)
    notes: list[str | Said] = [Said(Note.ST_VIEW, (view.describe(),))]
    if hidden:
        notes.append(Said(Note.ST_HIDDEN, (hidden,)))
    return Transcript(
        source,
        "sillytavern",
        tuple(sent),
        tuple(chat.messages[i].own_time for i in origin),
        any(m.own_time is not None for m in chat.messages),
        bad_lines,
        tuple(chat.messages[i].record for i in origin),
        Api.OPENAI,
        chat,
        tuple(notes),
        # a group chat read as a solo one in the status line (tryout)
        kind=Said(Note.FILE_SILLYTAVERN_GROUP) if chat.group else None,
    )

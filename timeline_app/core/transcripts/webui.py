"""Two web front ends' exports: text-generation-webui chats and Open WebUI.

text-generation-webui keeps ``internal`` (what the model saw) and ``visible``
(HTML-escaped) as [user, bot] pairs, with per-message times in ``metadata``
("May 20, 2025 10:48", local, no seconds). Open WebUI stores a message tree;
the conversation is the branch from ``currentId`` up through ``parentId``.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from ..errors import InputError, NeedsChoice
from .sillytavern import MONTHS

BEGIN_VISIBLE = "<|BEGIN-VISIBLE-CHAT|>"


def parse_ooba_time(value: object) -> datetime | None:
    """``May 20, 2025 10:48`` (local, naive)."""
    if not isinstance(value, str):
        return None
    try:
        month_name, rest = value.strip().split(" ", 1)
        day_text, year_text, clock = rest.replace(",", "").split(" ")
        hour, minute = clock.split(":")
        month = MONTHS.get(month_name.lower())
        if month is None:
            return None
        return datetime(int(year_text), month, int(day_text), int(hour), int(minute))
    except ValueError:
        return None


def is_ooba(value: object) -> bool:
    return isinstance(value, dict) and isinstance(value.get("internal"), list) and "visible" in value


def load_ooba(
    value: dict[str, Any], source: str
) -> tuple[list[dict[str, Any]], list[datetime | None], list[dict]]:
    metadata = value.get("metadata") if isinstance(value.get("metadata"), dict) else {}
    messages: list[dict[str, Any]] = []
    times: list[datetime | None] = []
    records: list[dict] = []
    for row, pair in enumerate(value["internal"]):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
            raise InputError(source, f"internal[{row}] must be a [user, bot] pair of strings")
        user, bot = pair
        for role, text in (("user", user), ("assistant", bot)):
            if role == "user" and (text == BEGIN_VISIBLE or (row == 0 and not text)):
                continue
            meta = metadata.get(f"{role}_{row}", {})
            meta = meta if isinstance(meta, dict) else {}
            messages.append({"role": role, "content": text})
            times.append(parse_ooba_time(meta.get("timestamp")))
            records.append({"row": row, **meta})
    return messages, times, records


def is_open_webui(value: object) -> bool:
    chats = value if isinstance(value, list) else [value]
    return bool(chats) and all(
        isinstance(c, dict) and isinstance(c.get("chat"), dict) and "history" in c["chat"] for c in chats
    )


def open_webui_chats(value: object) -> list[dict[str, Any]]:
    return value if isinstance(value, list) else [value]  # type: ignore[list-item]


def choose_chat(chats: list[dict[str, Any]], wanted: str | None, source: str) -> dict[str, Any]:
    """One chat of an export: by id or index; a file with one chat needs no choice."""
    if wanted is None:
        if len(chats) == 1:
            return chats[0]
        listing = "; ".join(
            f"{i}: {c.get('title', '')!r} ({c.get('id', '')})" for i, c in enumerate(chats[:20])
        )
        choices = [(str(i), f"{c.get('title', '')} ({c.get('id', '')})") for i, c in enumerate(chats)]
        raise NeedsChoice(
            source, f"holds {len(chats)} chats; pick one with --chat ID|INDEX ({listing})", choices
        )
    for chat in chats:
        if str(chat.get("id")) == wanted:
            return chat
    if wanted.isdigit() and int(wanted) < len(chats):
        return chats[int(wanted)]
    raise InputError(source, f"no chat with id or index {wanted!r} (it holds {len(chats)})")


def load_open_webui(
    chat: dict[str, Any], source: str
) -> tuple[list[dict[str, Any]], list[datetime | None], list[dict]]:
    history = chat["chat"].get("history")
    nodes = history.get("messages") if isinstance(history, dict) else None
    if not isinstance(nodes, dict):
        raise InputError(source, "chat.history.messages must be an object")
    branch: list[dict[str, Any]] = []
    current = history.get("currentId")
    seen: set[str] = set()
    while current is not None:
        if current in seen:
            raise InputError(source, f"message {current!r} is its own ancestor (a loop in parentId)")
        seen.add(current)
        node = nodes.get(current)
        if not isinstance(node, dict):
            raise InputError(source, f"currentId/parentId names a missing message {current!r}")
        branch.append(node)
        current = node.get("parentId")
    branch.reverse()
    messages, times, records = [], [], []
    for node in branch:
        content = node.get("content", "")
        messages.append({"role": node.get("role", ""), "content": content})
        stamp = node.get("timestamp")
        moment = None
        if isinstance(stamp, int | float) and not isinstance(stamp, bool):
            try:
                moment = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(seconds=stamp)
            except OverflowError:
                moment = None
        times.append(moment)
        records.append({k: v for k, v in node.items() if k != "content"})
    return messages, times, records

"""Two web front ends' exports: text-generation-webui chats and Open WebUI.

text-generation-webui keeps ``internal`` (what the model saw) and ``visible``
(HTML-escaped) as rows ``[user, bot]`` (since 2025 ``[user, bot, tool_output,
{meta}]``), with per-message times in ``metadata`` written by
``strftime('%b %d, %Y %H:%M')`` (local, no seconds); spring-2023 files call
them ``data``/``data_visible``. Rows become messages the way its own
``modules/chat.py`` builds a prompt. Open WebUI stores a message tree; the
conversation is the branch from ``currentId`` up through ``parentId``.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from ..errors import InputError, NeedsChoice
from ..words import Problem, Said
from .sillytavern import MONTHS

BEGIN_VISIBLE = "<|BEGIN-VISIBLE-CHAT|>"
# ``%b`` (text-generation-webui's format) and full names (older hand-made files)
_OOBA_MONTHS = {**MONTHS, **{name[:3]: number for name, number in MONTHS.items()}}


def parse_ooba_time(value: object) -> datetime | None:
    """``Sep 14, 2025 09:05`` or ``September 14, 2025 09:05`` (local, naive)."""
    if not isinstance(value, str):
        return None
    try:
        month_name, rest = value.strip().split(" ", 1)
        day_text, year_text, clock = rest.replace(",", "").split(" ")
        hour, minute = clock.split(":")
        month = _OOBA_MONTHS.get(month_name.lower())
        if month is None:
            return None
        return datetime(int(year_text), month, int(day_text), int(hour), int(minute))
    except ValueError:
        return None


def _ooba_rows(value: object) -> object:
    """The rows the model saw: ``internal``, or ``data`` in spring-2023 files
    (text-generation-webui's ``load_history`` reads both)."""
    if not isinstance(value, dict):
        return None
    if "internal" in value and "visible" in value:
        return value["internal"]
    if "data" in value and "data_visible" in value:
        return value["data"]
    return None


def is_ooba(value: object) -> bool:
    return isinstance(_ooba_rows(value), list)


def _ooba_row(row: object, number: int, source: str) -> tuple[str, str, str, dict[str, Any]]:
    ok = (
        isinstance(row, list)
        and 2 <= len(row) <= 4
        and all(isinstance(p, str) for p in row[:3])
        and (len(row) < 4 or isinstance(row[3], dict))
    )
    if not ok:
        raise InputError(source, Said(Problem.OOBA_ROW, (number,)))
    assert isinstance(row, list)  # checked above; tells the type checker
    user, bot = row[0], row[1]
    tool = row[2] if len(row) > 2 else ""
    meta = row[3] if len(row) > 3 else {}
    return user, bot, tool, meta


def _tool_sequence(meta: dict[str, Any]) -> list[dict[str, Any]]:
    """A turn's tool calls and results kept in metadata, as messages (a call
    without a result gets an empty one, so the prompt stays well formed)."""
    sequence = meta.get("tool_sequence")
    out: list[dict[str, Any]] = []
    expected: list[str] = []
    answered: set[str] = set()
    for item in sequence if isinstance(sequence, list) else []:
        if not isinstance(item, dict):
            continue
        if "tool_calls" in item:
            out.append(
                {"role": "assistant", "content": item.get("content", ""), "tool_calls": item["tool_calls"]}
            )
            calls = item["tool_calls"] if isinstance(item["tool_calls"], list) else []
            expected += [c["id"] for c in calls if isinstance(c, dict) and c.get("id")]
        elif item.get("role") == "tool":
            out.append(
                {
                    "role": "tool",
                    "content": item.get("content", ""),
                    "tool_call_id": item.get("tool_call_id", ""),
                }
            )
            answered.add(item.get("tool_call_id", ""))
    out += [{"role": "tool", "content": "", "tool_call_id": i} for i in expected if i not in answered]
    return out


_GPT_OSS_ANALYSIS = "<|channel|>analysis<|message|>"
_GPT_OSS_FINAL = "<|channel|>final<|message|>"
_THINK_TAGS = (("<think>", "</think>"), ("<seed:think>", "</seed:think>"))


def _reply_as_sent(text: str) -> str:
    """The part of a stored reply the model is shown again: reasoning (GPT-OSS
    channels, ``<think>`` blocks) is taken out, as the prompt builder does."""
    if _GPT_OSS_ANALYSIS in text or _GPT_OSS_FINAL in text:
        _, found, after = text.partition(_GPT_OSS_FINAL)
        return after.partition("<|end|>")[0].strip() if found else ""
    for opening, closing in _THINK_TAGS:
        if opening in text:
            before, _, after = text.partition(opening)
            _, closed, rest = after.partition(closing)
            return (before + rest if closed else before).strip()
    return text


def load_ooba(
    value: dict[str, Any], source: str
) -> tuple[list[dict[str, Any]], list[datetime | None], list[dict]]:
    """Per row, in the order text-generation-webui's prompt builder gives:
    the user turn (a system turn when the row's metadata says so), the tool
    calls and results of the turn, the reply (without its reasoning), then
    the row's tool output. Texts are stripped, as it strips them."""
    found = value.get("metadata")
    metadata: dict[str, Any] = found if isinstance(found, dict) else {}
    messages: list[dict[str, Any]] = []
    times: list[datetime | None] = []
    records: list[dict] = []

    def add(message: dict[str, Any], row: int, meta: object) -> None:
        meta = meta if isinstance(meta, dict) else {}
        messages.append(message)
        times.append(parse_ooba_time(meta.get("timestamp")))
        records.append({"row": row, **meta})

    rows = _ooba_rows(value)
    for row, entry in enumerate(rows if isinstance(rows, list) else []):
        user, bot, tool, entry_meta = _ooba_row(entry, row, source)
        user, bot, tool = user.strip(), bot.strip(), tool.strip()
        user_meta = metadata.get(f"user_{row}", {})
        reply_meta = metadata.get(f"assistant_{row}", {})
        reply_meta = reply_meta if isinstance(reply_meta, dict) else {}
        if entry_meta.get("role") == "system":
            if user:
                add({"role": "system", "content": user}, row, user_meta)
        elif user not in ("", BEGIN_VISIBLE):
            add({"role": "user", "content": user}, row, user_meta)
        for step in _tool_sequence(reply_meta):
            add(step, row, {})
        if bot:
            reply: dict[str, Any] = {"role": "assistant", "content": _reply_as_sent(bot)}
            if entry_meta.get("tool_calls"):
                reply["tool_calls"] = entry_meta["tool_calls"]
            add(reply, row, reply_meta)
        elif entry_meta.get("tool_calls"):
            add({"role": "assistant", "content": "", "tool_calls": entry_meta["tool_calls"]}, row, reply_meta)
        if tool:
            output: dict[str, Any] = {"role": "tool", "content": tool}
            if "tool_call_id" in entry_meta:
                output["tool_call_id"] = entry_meta["tool_call_id"]
            add(output, row, {})
    return messages, times, records


def _is_inner_chat(value: object) -> bool:
    """Open WebUI's chat object itself (the database's ``chat`` column, what
    importers write): a message tree under ``history`` with a ``currentId``."""
    history = value.get("history") if isinstance(value, dict) else None
    return isinstance(history, dict) and isinstance(history.get("messages"), dict) and "currentId" in history


def _is_wrapped_chat(value: object) -> bool:
    return isinstance(value, dict) and isinstance(value.get("chat"), dict) and "history" in value["chat"]


def is_open_webui(value: object) -> bool:
    chats = value if isinstance(value, list) else [value]
    return bool(chats) and all(_is_wrapped_chat(c) or _is_inner_chat(c) for c in chats)


def open_webui_chats(value: object) -> list[dict[str, Any]]:
    """Every chat, each with the export's wrapper (an inner chat object gets
    one, taking its id and title from the object itself)."""
    chats: list[Any] = value if isinstance(value, list) else [value]
    return [
        c if _is_wrapped_chat(c) else {"id": c.get("id", ""), "title": c.get("title", ""), "chat": c}
        for c in chats
    ]


def choose_chat(chats: list[dict[str, Any]], wanted: str | None, source: str) -> dict[str, Any]:
    """One chat of an export: by id or index; a file with one chat needs no choice."""
    if wanted is None:
        if len(chats) == 1:
            return chats[0]
        listing = "; ".join(
            f"{i}: {c.get('title', '')!r} ({c.get('id', '')})" for i, c in enumerate(chats[:20])
        )
        choices = [(str(i), f"{c.get('title', '')} ({c.get('id', '')})") for i, c in enumerate(chats)]
        raise NeedsChoice(source, Said(Problem.PICK_CHAT, (len(chats), listing)), choices)
    for chat in chats:
        if str(chat.get("id")) == wanted:
            return chat
    if wanted.isdigit() and int(wanted) < len(chats):
        return chats[int(wanted)]
    raise InputError(source, Said(Problem.NO_SUCH_CHAT, (wanted, len(chats))))


def load_open_webui(
    chat: dict[str, Any], source: str
) -> tuple[list[dict[str, Any]], list[datetime | None], list[dict]]:
    history = chat["chat"].get("history")
    nodes = history.get("messages") if isinstance(history, dict) else None
    if not isinstance(nodes, dict):
        raise InputError(source, Said(Problem.WEBUI_NOT_OBJECT))
    branch: list[dict[str, Any]] = []
    current = history.get("currentId")
    seen: set[str] = set()
    while current is not None:
        if current in seen:
            raise InputError(source, Said(Problem.WEBUI_LOOP, (current,)))
        seen.add(current)
        node = nodes.get(current)
        if not isinstance(node, dict):
            raise InputError(source, Said(Problem.WEBUI_MISSING, (current,)))
        branch.append(node)
        current = node.get("parentId")
    branch.reverse()
    messages: list[dict[str, Any]] = []
    times: list[datetime | None] = []
    records: list[dict[str, Any]] = []
    system = chat_system(chat["chat"])
    if system is not None:
        messages.append({"role": "system", "content": system})
        times.append(None)
        records.append({"params.system": system})
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


def chat_system(chat: dict[str, Any]) -> str | None:
    """``params.system``: Open WebUI sends it first, as the system message."""
    params = chat.get("params")
    system = params.get("system") if isinstance(params, dict) else None
    return system if isinstance(system, str) and system else None

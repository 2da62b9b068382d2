"""What WilmerAI does to a request before it tracks it, step by step.

A transcript holds what a client sent; the timestamp file holds hashes of what
the middleware saw after this pipeline. Every comparison between the two goes
through here, so it is the one place that knows the order of the steps:
API normalisation, discussion id, brace sentinels, tag removal, blank drop.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .errors import InputError
from .hashing import SENTINELS_CURRENT, BraceSentinels, content_hash

DISCUSSION_TAG_RE = re.compile(r"\[DiscussionId\](.*?)\[/DiscussionId\]")
SYSTEM_ROLES = frozenset({"system", "systemmes"})
GENERATION_PROMPT_MAX = 100  # stripped length must be below this


class Api(StrEnum):
    """The two front-end APIs normalise content differently."""

    OPENAI = "openai"
    OLLAMA = "ollama"


@dataclass(frozen=True)
class RequestOptions:
    """The middleware settings that change what gets hashed."""

    api: Api = Api.OPENAI
    add_user_assistant: bool = False
    add_missing_assistant: bool = False
    sentinels: BraceSentinels = SENTINELS_CURRENT


class Kind(StrEnum):
    """Whether the middleware gives a message a timestamp."""

    TIMESTAMPED = "timestamped"
    SYSTEM = "system"
    GENERATION_PROMPT = "generation-prompt"


@dataclass(frozen=True)
class WireMessage:
    """One message as the middleware holds it after the pipeline.

    ``fields`` is the whole message (every client field kept) with ``content``
    still carrying the brace sentinels, exactly what is hashed and prefixed.
    """

    source_index: int | None  # position in the client's list; None if appended
    fields: dict[str, Any]
    kind: Kind
    hash: str

    @property
    def content(self) -> str:
        return self.fields["content"]

    @property
    def role(self) -> str:
        return self.fields.get("role", "")


@dataclass(frozen=True)
class PreparedRequest:
    messages: tuple[WireMessage, ...]
    discussion_id: str | None
    dropped: tuple[int, ...] = field(default=())  # client indexes dropped as blank
    sentinels: BraceSentinels = SENTINELS_CURRENT

    def timestamped(self) -> list[WireMessage]:
        return [m for m in self.messages if m.kind is Kind.TIMESTAMPED]


def is_safe_discussion_id(value: str) -> bool:
    """One path component, never a way out of the DiscussionIds folder."""
    return bool(value) and value not in {".", ".."} and not any(c in value for c in "/\\:\0")


def is_generation_prompt(content: str) -> bool:
    """``Roland:``-style tails that ask the model to speak; never timestamped."""
    stripped = content.strip()
    return len(stripped) < GENERATION_PROMPT_MAX and stripped.endswith(":")


def _image_from_part(part: Mapping[str, Any]) -> str | None:
    kind = part.get("type")
    if kind == "image_url":
        ref = part.get("image_url")
        url = ref.get("url") if isinstance(ref, Mapping) else ref
        return url if isinstance(url, str) else None
    if kind == "image":
        source = part.get("source")
        if not isinstance(source, Mapping):
            return None
        if source.get("type") == "base64":
            return f"data:{source.get('media_type')};base64,{source.get('data')}"
        url = source.get("url")
        return url if isinstance(url, str) else None
    return None


def _normalise(message: Mapping[str, Any], index: int, options: RequestOptions) -> dict[str, Any]:
    fields = dict(message)
    role = fields.get("role", "")
    if not isinstance(role, str):
        raise InputError(None, f"message {index}: role is {type(role).__name__}, expected text")
    images = fields.get("images")
    if images is not None and (not isinstance(images, list) or not all(isinstance(i, str) for i in images)):
        raise InputError(None, f"message {index}: 'images' must be a list of strings")
    content = fields.get("content")
    if options.api is Api.OLLAMA:
        content = str(fields.get("content", ""))
    elif content is None:
        content = ""
    elif isinstance(content, list):
        texts: list[str] = []
        found: list[str] = []
        for part in content:
            if not isinstance(part, Mapping):
                continue
            if part.get("type") == "text" and isinstance(part.get("text"), str):
                texts.append(part["text"])
            else:
                image = _image_from_part(part)
                if image is not None:
                    found.append(image)
        content = "\n".join(texts)
        if found:
            fields["images"] = list(images or []) + found
    elif not isinstance(content, str):
        raise InputError(
            None, f"message {index}: content is {type(content).__name__}, expected text or parts"
        )
    if options.add_user_assistant:
        prefix = {"user": "User: ", "assistant": "Assistant: "}.get(role.lower(), "")
        content = prefix + content
    fields["content"] = content
    return fields


def find_discussion_id(contents: Sequence[str]) -> str | None:
    """The first ``[DiscussionId]`` tag's value, as the middleware takes it
    (an unsafe value means no id at all)."""
    for text in contents:
        found = DISCUSSION_TAG_RE.search(text)
        if found:
            value = found.group(1)
            return value if is_safe_discussion_id(value) else None
    return None


def _carries_payload(fields: Mapping[str, Any]) -> bool:
    return bool(fields.get("tool_calls") or fields.get("tool_call_id") or fields.get("images"))


def prepare_request(
    messages: Sequence[Mapping[str, Any]], options: RequestOptions | None = None
) -> PreparedRequest:
    """Run the middleware's request pipeline on a client's message list.

    Raises ``InputError`` (without a source; the caller adds the file) when a
    message has a shape the middleware could not take either.
    """
    options = options or RequestOptions()
    normalised: list[tuple[int | None, dict[str, Any]]] = []
    for index, message in enumerate(messages):
        if not isinstance(message, Mapping):
            raise InputError(None, f"message {index}: expected an object, got {type(message).__name__}")
        normalised.append((index, _normalise(message, index, options)))
    if options.add_missing_assistant and (
        not normalised or normalised[-1][1].get("role", "").lower() != "assistant"
    ):
        filler = "Assistant:" if options.add_user_assistant else ""
        normalised.append((None, {"role": "assistant", "content": filler}))

    discussion_id = find_discussion_id([f["content"] for _, f in normalised])
    kept: list[tuple[int | None, dict[str, Any]]] = []
    dropped: list[int] = []
    for index, fields in normalised:
        content = DISCUSSION_TAG_RE.sub("", options.sentinels.apply(fields["content"]))
        fields["content"] = content
        if not content.strip() and not _carries_payload(fields):
            if index is not None:
                dropped.append(index)
            continue
        kept.append((index, fields))

    wire: list[WireMessage] = []
    last = len(kept) - 1
    for position, (index, fields) in enumerate(kept):
        if fields.get("role", "").lower() in SYSTEM_ROLES:
            kind = Kind.SYSTEM
        elif position == last and is_generation_prompt(fields["content"]):
            kind = Kind.GENERATION_PROMPT
        else:
            kind = Kind.TIMESTAMPED
        try:
            digest = content_hash(fields["content"], fields.get("images"))
        except UnicodeEncodeError:
            raise InputError(None, f"message {index}: content holds text that is not valid Unicode") from None
        wire.append(WireMessage(index, fields, kind, digest))
    return PreparedRequest(tuple(wire), discussion_id, tuple(dropped), options.sentinels)

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


MISSING_ROLE = "Each message must have a 'role' field."
MISSING_CONTENT = "Each message must have 'content' or 'tool_calls'."
_ROLE_PREFIXES = {"user": "User: ", "assistant": "Assistant: "}  # exact roles, as the handlers compare


def _refused(index: int, reason: str) -> InputError:
    """The middleware answers such a request with 400 and tracks nothing."""
    return InputError(None, f"message {index}: the middleware refuses this request (400: {reason!r})")


def _text_of_part(part: Mapping[str, Any], index: int) -> str:
    text = part.get("text", "")
    if not isinstance(text, str):
        raise InputError(
            None, f"message {index}: a text part's 'text' is {type(text).__name__}, expected text"
        )
    return text


def _image_from_part(part: Mapping[str, Any], index: int) -> str | None:
    """The image a content part carries, as the OpenAI handler lists it (empty
    urls and data are skipped, a base64 source without a media type is PNG)."""
    kind = part.get("type")
    if kind == "image_url":
        ref = part.get("image_url", {})
        if not isinstance(ref, Mapping):
            raise InputError(None, f"message {index}: 'image_url' must be an object with a 'url'")
        found = ref.get("url", "")
    elif kind == "image":
        source = part.get("source", {})
        if not isinstance(source, Mapping):
            raise InputError(None, f"message {index}: an image part's 'source' must be an object")
        if source.get("type", "") == "base64":
            data = source.get("data", "")
            found = f"data:{source.get('media_type', 'image/png')};base64,{data}" if data else ""
        elif source.get("type", "") == "url":
            found = source.get("url", "")
        else:
            return None
    else:
        return None
    if not isinstance(found, str):
        raise InputError(
            None, f"message {index}: an image reference is {type(found).__name__}, expected text"
        )
    return found or None


def _openai_content(content: object, fields: dict[str, Any], index: int) -> str:
    """OpenAI chat: text parts joined with a newline (a part without text adds
    an empty line), image parts moved to ``images``, null read as empty."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        raise InputError(
            None, f"message {index}: content is {type(content).__name__}, expected text or parts"
        )
    texts: list[str] = []
    found: list[str] = []
    for part in content:
        if not isinstance(part, Mapping):
            continue
        if part.get("type") == "text":
            texts.append(_text_of_part(part, index))
        elif (image := _image_from_part(part, index)) is not None:
            found.append(image)
    if found:
        fields["images"] = list(fields.get("images") or []) + found
    return "\n".join(texts)


def _normalise(message: Mapping[str, Any], index: int, options: RequestOptions) -> dict[str, Any]:
    if "role" not in message:
        raise _refused(index, MISSING_ROLE)
    if "content" not in message and "tool_calls" not in message:
        raise _refused(index, MISSING_CONTENT)
    fields = dict(message)
    role = fields["role"]
    if not isinstance(role, str):
        raise InputError(None, f"message {index}: role is {type(role).__name__}, expected text")
    # a message's own ``images`` count only as a non-empty list (Ollama's
    # rule; the OpenAI handler takes images from content parts alone, but
    # the conformance vectors keep a message's list, so both APIs do)
    images = fields.get("images")
    if not isinstance(images, list) or not images:
        fields.pop("images", None)
    elif not all(isinstance(i, str) for i in images):
        raise InputError(None, f"message {index}: 'images' must be a list of strings")
    content = fields.get("content")
    if options.api is Api.OLLAMA:
        content = "" if content is None else str(content)  # a parts list is not joined
    else:
        content = _openai_content(content, fields, index)
    if options.add_user_assistant:
        content = _ROLE_PREFIXES.get(role, "") + content
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
    for number, message in enumerate(messages):
        if not isinstance(message, Mapping):
            raise InputError(None, f"message {number}: expected an object, got {type(message).__name__}")
        normalised.append((number, _normalise(message, number, options)))
    if options.add_missing_assistant and normalised and normalised[-1][1]["role"] != "assistant":
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

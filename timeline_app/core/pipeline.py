"""What WilmerAI does to a request before it tracks it, step by step.

A transcript holds what a client sent; the timestamp file holds hashes of what
the middleware saw after this pipeline. Every comparison between the two goes
through here, so it is the one place that knows the order of the steps:
API normalisation, discussion id, brace sentinels, tag removal, blank drop.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any

from .errors import InputError
from .hashing import SENTINELS_CURRENT, BraceSentinels, content_hash

DISCUSSION_TAG_RE = re.compile(r"\[DiscussionId\](.*?)\[/DiscussionId\]")
_TAG_OPEN = "[DiscussionId]"
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
    """The pipeline's result, held as columns (one tuple per field, one item
    per message): 100,000 messages cost 100,000 small objects less, and the
    tracking and rendering passes read the column they need. ``messages``
    builds the per-message view for callers that want one."""

    fields: tuple[dict[str, Any], ...]
    hashes: tuple[str, ...]
    kinds: tuple[Kind, ...]
    source_indexes: tuple[int | None, ...]
    discussion_id: str | None
    dropped: tuple[int, ...] = field(default=())  # client indexes dropped as blank
    sentinels: BraceSentinels = SENTINELS_CURRENT
    discussion_id_at: int | None = None  # client index whose content held the id (-1: the filler)

    @cached_property
    def messages(self) -> tuple[WireMessage, ...]:
        return tuple(map(WireMessage, self.source_indexes, self.fields, self.kinds, self.hashes))

    @cached_property
    def roles(self) -> tuple[str, ...]:
        return tuple(f.get("role", "") for f in self.fields)

    @cached_property
    def contents(self) -> tuple[str, ...]:
        """Each message's content as hashed (brace sentinels in place)."""
        return tuple(f["content"] for f in self.fields)

    def __len__(self) -> int:
        return len(self.hashes)

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


def _carries_payload(fields: Mapping[str, Any]) -> bool:
    return bool(fields.get("tool_calls") or fields.get("tool_call_id") or fields.get("images"))


def prepare_request(
    messages: Sequence[Mapping[str, Any]],
    options: RequestOptions | None = None,
    *,
    reuse: tuple[PreparedRequest, int] | None = None,
) -> PreparedRequest:
    """Run the middleware's request pipeline on a client's message list.

    Raises ``InputError`` (without a source; the caller adds the file) when a
    message has a shape the middleware could not take either. The client's
    dicts are never changed: a plain message (text content, text role, no
    images: most of them) is passed through as it is, any other is
    normalised into a copy, and a copy is made where the content changes.
    One pass does every step; the middleware's order is kept where it shows
    (which error is reported first, where the discussion id is found).

    ``reuse=(earlier, count)``: ``earlier`` was prepared with the same
    options from a list whose first ``count`` messages equal these; their
    results are taken as they are and only the rest is run (a transcript
    that grew by appending is hashed only where it grew).
    """
    options = options or RequestOptions()
    fast = options.api is Api.OPENAI and not options.add_user_assistant
    apply = options.sentinels.apply
    sha = hashlib.sha256
    stamped, system = Kind.TIMESTAMPED, Kind.SYSTEM
    kept: list[dict[str, Any]] = []
    indexes: list[int | None] = []
    hashes: list[str] = []
    kinds: list[Kind] = []
    dropped: list[int] = []
    discussion_id: str | None = None
    id_at: int | None = None  # where the id was found (None: not found)
    unencodable: int | None = None  # reported after every shape error, as the middleware would
    start = 0
    if reuse is not None:
        earlier, start = reuse
        source = earlier.source_indexes
        filler = 1 if source and source[-1] is None else 0  # the appended assistant is made anew
        keep = bisect.bisect_left(source, start, 0, len(source) - filler)  # type: ignore[arg-type]
        kept, indexes = list(earlier.fields[:keep]), list(earlier.source_indexes[:keep])
        hashes, kinds = list(earlier.hashes[:keep]), list(earlier.kinds[:keep])
        if kinds and kinds[-1] is Kind.GENERATION_PROMPT:  # it was the last message; it may not be now
            kinds[-1] = stamped
        dropped = [i for i in earlier.dropped if i < start]
        if earlier.discussion_id_at is not None and earlier.discussion_id_at < start:
            discussion_id, id_at = earlier.discussion_id, earlier.discussion_id_at

    def take(index: int | None, fields: dict[str, Any], content: str) -> None:
        nonlocal discussion_id, id_at, unencodable
        changed = apply(content)
        if _TAG_OPEN in changed:
            if id_at is None and (found := DISCUSSION_TAG_RE.search(content)):
                discussion_id = found.group(1) if is_safe_discussion_id(found.group(1)) else None
                id_at = -1 if index is None else index
            changed = DISCUSSION_TAG_RE.sub("", changed)
        if changed is not content:  # a copy: ``fields`` may be the client's dict
            fields = {**fields, "content": changed}
        if (not changed or changed.isspace()) and not _carries_payload(fields):
            if index is not None:
                dropped.append(index)
            return
        images = fields.get("images")
        try:
            if images and (not changed or changed.isspace()):
                digest = content_hash(changed, images)
            else:
                digest = sha(changed.encode("utf-8")).hexdigest()
        except UnicodeEncodeError:
            if unencodable is None:
                unencodable = -1 if index is None else index
            digest = ""
        role = fields.get("role", "")
        kept.append(fields)
        indexes.append(index)
        hashes.append(digest)
        kinds.append(system if role.lower() in SYSTEM_ROLES else stamped)

    for index in range(start, len(messages)):
        message = messages[index]
        if (
            fast
            and type(message) is dict
            and type(content := message.get("content")) is str
            and type(message.get("role", "")) is str
            and "images" not in message
        ):
            take(index, message, content)
            continue
        if not isinstance(message, Mapping):
            raise InputError(None, f"message {index}: expected an object, got {type(message).__name__}")
        fields = _normalise(message, index, options)
        take(index, fields, fields["content"])
    last_role = messages[-1].get("role", "") if messages else None  # normalising keeps the role
    if options.add_missing_assistant and (last_role is None or last_role.lower() != "assistant"):
        filler = "Assistant:" if options.add_user_assistant else ""
        take(None, {"role": "assistant", "content": filler}, filler)
    if unencodable is not None:
        where = None if unencodable < 0 else unencodable
        raise InputError(None, f"message {where}: content holds text that is not valid Unicode")
    if kinds and kinds[-1] is stamped and is_generation_prompt(kept[-1]["content"]):
        kinds[-1] = Kind.GENERATION_PROMPT
    return PreparedRequest(
        tuple(kept),
        tuple(hashes),
        tuple(kinds),
        tuple(indexes),
        discussion_id,
        tuple(dropped),
        options.sentinels,
        id_at,
    )

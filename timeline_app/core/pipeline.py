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
from dataclasses import field
from enum import StrEnum
from functools import cached_property
from operator import itemgetter
from typing import Any

from .errors import InputError
from .hashing import SENTINELS_CURRENT, BraceSentinels, content_hash
from .records import frozen
from .words import Problem, Said, json_kind

DISCUSSION_TAG_RE = re.compile(r"\[DiscussionId\](.*?)\[/DiscussionId\]")
_TAG_OPEN = "[DiscussionId]"
_CONTENT = itemgetter("content")
SYSTEM_ROLES = frozenset({"system", "systemmes"})
GENERATION_PROMPT_MAX = 100  # stripped length must be below this


class Api(StrEnum):
    """The two front-end APIs normalise content differently."""

    OPENAI = "openai"
    OLLAMA = "ollama"


@frozen
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


@frozen
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


@frozen
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
    # The rows whose fields are anything but a text role and a text content
    # (exact ``str`` both, no other key): a JSON writer checks only these
    # (walking 100,000 plain messages cost ~80 ms). None: not known.
    other_rows: tuple[int, ...] | None = None
    # Set by a ``reuse`` run (never copied by ``replace``): (the earlier
    # request's ``token``, how many leading rows are that request's own
    # objects in every column). A re-open's join then compares only the rows
    # after them: comparing 100,000 rows again cost ~15 ms.
    token: object = field(default_factory=object, init=False, repr=False, compare=False)
    shares: tuple[object, int] | None = field(default=None, init=False, repr=False, compare=False)

    @cached_property
    def messages(self) -> tuple[WireMessage, ...]:
        return tuple(map(WireMessage, self.source_indexes, self.fields, self.kinds, self.hashes))

    @cached_property
    def roles(self) -> tuple[str, ...]:
        return tuple(f.get("role", "") for f in self.fields)

    @cached_property
    def contents(self) -> tuple[str, ...]:
        """Each message's content as hashed (brace sentinels in place)."""
        return tuple(map(_CONTENT, self.fields))

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


MISSING_ROLE = "Each message must have a 'role' field."
MISSING_CONTENT = "Each message must have 'content' or 'tool_calls'."
_ROLE_PREFIXES = {"user": "User: ", "assistant": "Assistant: "}  # exact roles, as the handlers compare


def _refused(index: int, reason: str) -> InputError:
    """The middleware answers such a request with 400 and tracks nothing."""
    return InputError(None, Said(Problem.REFUSED, (index, reason)))


def _text_of_part(part: Mapping[str, Any], index: int) -> str:
    text = part.get("text", "")
    if not isinstance(text, str):
        raise InputError(None, Said(Problem.PART_TEXT_NOT_TEXT, (index, json_kind(text))))
    return text


def _image_from_part(part: Mapping[str, Any], index: int) -> str | None:
    """The image a content part carries, as the OpenAI handler lists it (empty
    urls and data are skipped, a base64 source without a media type is PNG)."""
    kind = part.get("type")
    if kind == "image_url":
        ref = part.get("image_url", {})
        if not isinstance(ref, Mapping):
            raise InputError(None, Said(Problem.IMAGE_URL_NOT_OBJECT, (index,)))
        found = ref.get("url", "")
    elif kind == "image":
        source = part.get("source", {})
        if not isinstance(source, Mapping):
            raise InputError(None, Said(Problem.IMAGE_SOURCE_NOT_OBJECT, (index,)))
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
        raise InputError(None, Said(Problem.IMAGE_REF_NOT_TEXT, (index, json_kind(found))))
    return found or None


def _openai_content(content: object, fields: dict[str, Any], index: int) -> str:
    """OpenAI chat: text parts joined with a newline (a part without text adds
    an empty line), image parts moved to ``images``, null read as empty."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        raise InputError(None, Said(Problem.CONTENT_NOT_TEXT, (index, json_kind(content))))
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
        raise InputError(None, Said(Problem.ROLE_NOT_TEXT, (index, json_kind(role))))
    # a message's own ``images`` count only as a non-empty list (Ollama's
    # rule; the OpenAI handler takes images from content parts alone, but
    # the conformance vectors keep a message's list, so both APIs do)
    images = fields.get("images")
    if not isinstance(images, list) or not images:
        fields.pop("images", None)
    elif not all(isinstance(i, str) for i in images):
        raise InputError(None, Said(Problem.IMAGES_NOT_STRINGS, (index,)))
    content = fields.get("content")
    if options.api is Api.OLLAMA:
        content = "" if content is None else str(content)  # a parts list is not joined
    else:
        content = _openai_content(content, fields, index)
    if options.add_user_assistant:
        content = _ROLE_PREFIXES.get(role, "") + content
    fields["content"] = content
    return fields


def _discussion_tag(text: str) -> tuple[bool, str | None]:
    """Whether ``text`` holds a ``[DiscussionId]`` tag, and its value as the
    middleware takes it (an unsafe value means no id at all)."""
    if _TAG_OPEN not in text:  # a plain search is much cheaper than the regex
        return False, None
    found = DISCUSSION_TAG_RE.search(text)
    if found is None:
        return False, None
    value = found.group(1)
    return True, value if is_safe_discussion_id(value) else None


def find_discussion_id(contents: Sequence[str]) -> str | None:
    """The first ``[DiscussionId]`` tag's value, as the middleware takes it
    (an unsafe value means no id at all)."""
    for text in contents:
        found, value = _discussion_tag(text)
        if found:
            return value
    return None


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
    others: list[int] | None = []  # ``other_rows`` (None: not known)
    discussion_id: str | None = None
    id_at: int | None = None  # where the id was found (None: not found)
    unencodable: int | None = None  # reported after every shape error, as the middleware would
    start = 0
    shared = 0  # leading rows taken from ``reuse``'s request untouched
    # the rows taken from ``reuse`` as its own tuples (a slice of a whole tuple is
    # that tuple): the new rows are joined on once, not copied into lists first
    head: tuple[tuple[Any, ...], ...] = ((), (), (), ())  # fields, indexes, hashes, kinds
    if reuse is not None:
        earlier, start = reuse
        source = earlier.source_indexes
        appended = 1 if source and source[-1] is None else 0  # the added assistant is made anew
        # no None before it: the indexes there are ascending integers
        keep = bisect.bisect_left(source, start, 0, len(source) - appended)  # type: ignore[type-var]
        head_kinds = earlier.kinds[:keep]
        if head_kinds and head_kinds[-1] is Kind.GENERATION_PROMPT:  # the last message; it may not be now
            head_kinds = (*head_kinds[:-1], stamped)
        head = (earlier.fields[:keep], earlier.source_indexes[:keep], earlier.hashes[:keep], head_kinds)
        shared = max(keep - 1, 0)  # the last kept row's kind may still change (a generation prompt)
        dropped = [i for i in earlier.dropped if i < start]
        others = None if earlier.other_rows is None else [r for r in earlier.other_rows if r < keep]
        if earlier.discussion_id_at is not None and earlier.discussion_id_at < start:
            discussion_id, id_at = earlier.discussion_id, earlier.discussion_id_at

    base = len(head[0])  # the request's position of ``kept[0]``: ``other_rows`` count from the first row

    def take(index: int | None, fields: dict[str, Any], content: str) -> None:
        nonlocal discussion_id, id_at, unencodable
        changed = apply(content)
        if _TAG_OPEN in changed:
            if id_at is None:
                found, value = _discussion_tag(content)
                if found:
                    discussion_id, id_at = value, -1 if index is None else index
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
        if others is not None:
            others.append(base + len(kept))
        kept.append(fields)
        indexes.append(index)
        hashes.append(digest)
        kinds.append(system if role.lower() in SYSTEM_ROLES else stamped)

    role_kinds: dict[str, Kind] = {}  # a chat has a handful of roles: each lowered once
    for index in range(start, len(messages)):
        message = messages[index]
        if (
            fast
            and type(message) is dict
            and type(content := message.get("content")) is str
            and type(role := message.get("role")) is str  # a missing role is refused, below
            and "images" not in message
        ):
            # the plain message (most of them) inline: no brace, no tag, not
            # blank, encodable; anything else goes through ``take``
            if "{" in content or "}" in content or _TAG_OPEN in content or not content or content.isspace():
                take(index, message, content)
                continue
            try:
                digest = sha(content.encode("utf-8")).hexdigest()
            except UnicodeEncodeError:
                take(index, message, content)
                continue
            kind = role_kinds.get(role)
            if kind is None:
                kind = role_kinds[role] = system if role.lower() in SYSTEM_ROLES else stamped
            if len(message) != 2 and others is not None:  # a key beside the role and the content
                others.append(base + len(kept))
            kept.append(message)
            indexes.append(index)
            hashes.append(digest)
            kinds.append(kind)
            continue
        if not isinstance(message, Mapping):
            raise InputError(None, Said(Problem.MESSAGE_NOT_OBJECT_GOT, (index, json_kind(message))))
        fields = _normalise(message, index, options)
        take(index, fields, fields["content"])
    # normalising keeps the role (exact compare, as the middleware's handlers do)
    if options.add_missing_assistant and messages and messages[-1]["role"] != "assistant":
        filler = "Assistant:" if options.add_user_assistant else ""
        take(None, {"role": "assistant", "content": filler}, filler)
    if unencodable is not None:
        where = None if unencodable < 0 else unencodable
        raise InputError(None, Said(Problem.NOT_UNICODE, (where,)))
    if kinds and kinds[-1] is stamped and is_generation_prompt(kept[-1]["content"]):
        kinds[-1] = Kind.GENERATION_PROMPT
    elif not kinds and head[3] and head[3][-1] is stamped and is_generation_prompt(head[0][-1]["content"]):
        head = (*head[:3], (*head[3][:-1], Kind.GENERATION_PROMPT))
    prepared = PreparedRequest(
        head[0] + tuple(kept),
        head[2] + tuple(hashes),
        head[3] + tuple(kinds),
        head[1] + tuple(indexes),
        discussion_id,
        tuple(dropped),
        options.sentinels,
        id_at,
        None if others is None else tuple(others),
    )
    if reuse is not None:
        object.__setattr__(prepared, "shares", (reuse[0].token, shared))
    return prepared

"""What a request on the wire is, and what its reply said.

Pure functions over bytes (no network): whether a request is recorded, its
discussion id taken as the middleware takes it, the client's API key kept
only in memory to find a per-user timestamp folder, and the reply text put
back together from an SSE or NDJSON stream for ``--responses``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, urlencode

import orjson

from ..core.errors import InputError
from ..core.pipeline import RequestOptions, find_discussion_id, prepare_request
from ..core.recordings import CHAT_PATHS, PROMPT_PATHS

# Query parameters that carry credentials in some APIs (Gemini's ``key``, ...).
SECRET_PARAMS = frozenset({"key", "api_key", "apikey", "api-key", "token", "access_token", "auth"})
REDACTED = "REDACTED"


def redact_query(query: str) -> str:
    """The query string with every credential-like parameter's value replaced."""
    if not query:
        return ""
    pairs = parse_qsl(query, keep_blank_values=True)
    return urlencode([(k, REDACTED if k.lower() in SECRET_PARAMS else v) for k, v in pairs])


def bearer_key(headers: Mapping[str, str]) -> str | None:
    """The API key the middleware would take from ``Authorization: Bearer``;
    used to find the per-user folder, never written anywhere."""
    auth = headers.get("Authorization", "")
    if auth.startswith("Bearer "):
        return auth[7:].strip() or None
    return None


def is_recorded(method: str, path: str, content_type: str | None, body: bytes | None) -> bool:
    """Chat and completion calls, and any other POST with a JSON body; a
    body too large to read (``None``) counts when its path or type says JSON."""
    if method != "POST":
        return False
    if path in CHAT_PATHS or path in PROMPT_PATHS:
        return True
    if body is None:
        return bool(content_type and "json" in content_type)
    try:
        return isinstance(orjson.loads(body), dict)
    except orjson.JSONDecodeError:
        return False


def discussion_id_of(path: str, body: bytes) -> str | None:
    """The discussion id the middleware would extract from this body: from
    the normalised chat messages, or from a completion's prompt text."""
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(value, dict):
        return None
    messages = value.get("messages")
    if isinstance(messages, list):
        api = CHAT_PATHS.get(path) or RequestOptions().api
        try:
            return prepare_request(messages, RequestOptions(api=api)).discussion_id
        except InputError:
            return None
    texts = [value.get(k) for k in ("system", "prompt")]
    return find_discussion_id([t for t in texts if isinstance(t, str)])


def _reply_piece(event: Any) -> str:
    """The text one streamed event (or a whole reply) carries, in any of the
    four shapes: OpenAI chat/completion, Ollama chat/generate."""
    if not isinstance(event, dict):
        return ""
    choices = event.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], dict):
        first = choices[0]
        for holder in (first.get("delta"), first.get("message")):
            if isinstance(holder, dict) and isinstance(holder.get("content"), str):
                return holder["content"]
        return first.get("text") if isinstance(first.get("text"), str) else ""
    message = event.get("message")
    if isinstance(message, dict) and isinstance(message.get("content"), str):
        return message["content"]
    return event.get("response") if isinstance(event.get("response"), str) else ""


class ReplyAssembler:
    """Collects a reply's text as its bytes pass by, holding at most one
    unfinished line (streams) or ``limit`` bytes (a whole JSON reply)."""

    def __init__(self, content_type: str | None, encoded: bool, limit: int) -> None:
        kind = (content_type or "").split(";")[0].strip().lower()
        self.mode = "sse" if kind == "text/event-stream" else "lines" if "ndjson" in kind else "whole"
        self.usable = not encoded  # a compressed body is passed on, not read
        self.limit = limit
        self._pending = b""
        self._pieces: list[str] = []
        self.size = 0

    def feed(self, chunk: bytes) -> None:
        self.size += len(chunk)
        if not self.usable:
            return
        self._pending += chunk
        if self.mode == "whole":
            if len(self._pending) > self.limit:
                self.usable = False
                self._pending = b""
            return
        *lines, self._pending = self._pending.split(b"\n")
        for line in lines:
            self._line(line)

    def _line(self, line: bytes) -> None:
        line = line.strip()
        if self.mode == "sse":
            if not line.startswith(b"data:"):
                return
            line = line[5:].strip()
            if line == b"[DONE]":
                return
        if not line:
            return
        try:
            self._pieces.append(_reply_piece(orjson.loads(line)))
        except orjson.JSONDecodeError:
            return

    def text(self) -> str | None:
        """The reply text, or None when the body could not be read as one."""
        if not self.usable:
            return None
        if self._pending.strip():
            self._line(self._pending)
            self._pending = b""
        return "".join(self._pieces)

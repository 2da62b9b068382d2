"""The exact context the model receives, for any style, from plain inputs.

Absolute and relative simulate the request's tracking first (the middleware
tracks at request start, then formats), so the preview of an untracked chat
shows the times the next request would invent. The CST style takes its times
from the transcript when it records them, else from the timestamp file
(naive middleware times placed in the middleware's zone).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from functools import cached_property
from typing import Any, overload

from .context import Style, render_wilmer, summary_bounds, time_context_summary
from .cst import content_text, render_cst
from .display import message_instant
from .hashing import BraceSentinels
from .jsonout import dumps_indented, dumps_indented_bytes, messages_document_parts, writes_exactly
from .options import EngineOptions
from .pipeline import PreparedRequest, prepare_request
from .records import frozen
from .store import PLACEHOLDER_KEY, TimestampStore
from .tracking import TrackResult, track
from .transcripts import Transcript


@frozen
class SummaryEnd:
    """One end of ``{time_context_summary}``: the stored entry it is measured
    from, and what holds it, so a view can say why the summary reads as it does
    (an orphan's time counts as much as a message's)."""

    hash: str
    time: datetime
    message: int | None  # the transcript index of the first message with this hash; None: no message
    tracked_now: bool  # stored by the simulated request itself (not in the file before it)
    # later than the "now" the summary is measured at: the middleware counts it as no
    # time ("less than a minute ago"), and a view says so (issue 31: a latest time three
    # months ahead read "sent less than a minute ago" with nothing saying it was ahead)
    after_now: bool = False


JSON_CHUNK = 500  # messages rendered, written and freed at a time by ``preview_json_parts``


class RenderedMessages(Sequence[dict[str, Any]]):
    """A WilmerAI preview's messages, rendered when read and never all kept.

    The window's preview of 100k messages held every message's new text and
    dict (~100 MB of Python objects) while it shows the newest 400 bubbles
    and the JSON's first 2 MB: the peak of opening a discussion. Here a
    message is rendered when asked for (``render_wilmer`` of its chunk, the
    last chunk kept, so the bubbles' 400 reads render one or two chunks),
    and the whole document is written a chunk at a time (``parts``), as the
    command line's ``preview_json_parts`` writes it. Rendering is pure, so a
    message reads the same every time; anything that can fail was checked
    when the preview was built (``build_preview``)."""

    __hash__ = None  # type: ignore[assignment]  # a list's value, compared as one

    def __init__(
        self,
        request: PreparedRequest,
        store: TimestampStore,
        style: Style,
        now: datetime,
        chunk: int | None = None,
    ) -> None:
        self._request, self._store, self._style, self._now = request, store, style, now
        self._chunk = chunk or JSON_CHUNK
        self._kept: tuple[int, list[dict[str, Any]]] = (0, [])  # the last chunk rendered: its start, messages

    def __len__(self) -> int:
        return len(self._request)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...
    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return [self[i] for i in range(start, stop, step)]
            return self._render(start, stop) if start < stop else []
        position = index + len(self) if index < 0 else index
        if not 0 <= position < len(self):
            raise IndexError("message index out of range")
        start, messages = self._kept
        if not start <= position < start + len(messages):
            start = position - position % self._chunk
            messages = self._render(start, min(start + self._chunk, len(self)))
            self._kept = start, messages
        return messages[position - start]

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for messages, _exact in self.chunks():
            yield from messages

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str | bytes):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __repr__(self) -> str:
        return f"RenderedMessages({len(self)} messages, {self._style.value})"

    def _render(self, start: int, stop: int) -> list[dict[str, Any]]:
        return render_wilmer(self._request, self._store, self._style, self._now, slice(start, stop))

    def chunks(self) -> Iterator[tuple[list[dict[str, Any]], bool | None]]:
        """The messages ``chunk`` at a time, each with whether orjson writes
        it exactly (``_rendered_chunks``)."""
        return _rendered_chunks(self._request, self._store, self._style, self._now, self._chunk)


@frozen
class Preview:
    style: Style
    messages: Sequence[dict[str, Any]]  # a list, or ``RenderedMessages`` when built ``on_demand``
    time_context_summary: str
    tracking: TrackResult | None  # None for the CST style
    sources: tuple[str, ...] = ()  # each message's content before the style, as the pipeline left it
    sentinels: BraceSentinels | None = None  # restore ``sources`` with these (None: already plain)
    indexes: tuple[int | None, ...] = ()  # each message's transcript index (None: appended)
    summary_ends: tuple[SummaryEnd, SummaryEnd] | None = None  # from ``summary_ends``, when asked
    # the messages the JSON writer must check; every other one is a text role
    # and a text content by construction (``PreparedRequest.other_rows``). None: all
    other_rows: tuple[int, ...] | None = None

    def as_json_object(self) -> dict[str, Any]:
        messages = self.messages if isinstance(self.messages, list) else list(self.messages)
        return {"messages": messages, "time_context_summary": self.time_context_summary}

    def _writes_exactly(self) -> bool | None:
        """Whether orjson writes ``as_json_object`` as the standard library does,
        known from the messages outside ``other_rows`` without visiting them
        (None: not known, the writer walks the whole document)."""
        if self.other_rows is None:
            return None
        others = [self.messages[row] for row in self.other_rows]
        return type(self.time_context_summary) is str and writes_exactly(others)

    def json_text(self) -> str:
        """The one serialisation the CLI prints and the GUI copies and exports
        (made once: the GUI makes it on its worker thread)."""
        return self._json

    def json_bytes(self) -> bytes:
        """``json_text`` as UTF-8, made without the text (what the CLI writes
        and the GUI copies, exports and shows the start of): made once, and
        a third of the text's memory when the messages hold emoji."""
        return self._bytes

    def json_parts(self) -> Iterable[bytes | memoryview]:
        """``json_bytes`` in consecutive parts, kept nowhere: a preview built
        ``on_demand`` renders and writes its messages a chunk at a time (the
        window's Copy and Export of 100k messages never hold them all); any
        other gives its bytes whole (made once)."""
        if isinstance(self.messages, RenderedMessages) and "_bytes" not in self.__dict__:
            return messages_document_parts(self.messages.chunks(), self.time_context_summary)
        return (self.json_bytes(),)

    @cached_property
    def _bytes(self) -> bytes:
        if "_json" in self.__dict__:
            return self._json.encode("utf-8", "backslashreplace")  # a lone surrogate: its JSON escape
        if isinstance(self.messages, RenderedMessages):
            return b"".join(self.json_parts())
        return dumps_indented_bytes(self.as_json_object(), newline=True, exact=self._writes_exactly())

    @cached_property
    def _json(self) -> str:
        return dumps_indented(self.as_json_object(), exact=self._writes_exactly()) + "\n"

    @cached_property
    def originals(self) -> tuple[str, ...]:
        """Each message's content before the style touched it (braces restored);
        made only when a view asks."""
        if self.sentinels is None:
            return self.sources
        return tuple(map(self.sentinels.restore, self.sources))

    def position_of(self, transcript_index: int) -> int | None:
        """Which message of the preview shows transcript message ``transcript_index``
        (None when the request leaves it out, as a blank message)."""
        try:
            return self.indexes.index(transcript_index)
        except ValueError:
            return None

    def injected_prefix(self, position: int) -> str:
        """The text the style put in front of message ``position`` ("" when it
        was sent unchanged)."""
        source = self.sources[position]  # this one only: 100k originals are not made for one bubble
        original = source if self.sentinels is None else self.sentinels.restore(source)
        content = self.messages[position].get("content")
        if isinstance(content, str) and content != original and content.endswith(original):
            return content[: len(content) - len(original)]
        return ""


def export_file_name(title: str, style: Style) -> str:
    """The name Export proposes: the discussion and the style, so exports of
    several discussions and styles do not overwrite each other."""
    stem = re.sub(r"\.(json|jsonl)$", "", title)  # a file's name, when the discussion has no id
    stem = re.sub(r"[^\w.-]+", "_", stem).strip("._") or "discussion"
    return f"{stem[:80]}-{style.value}-preview.json"


def cst_times(
    transcript: Transcript,
    request: PreparedRequest,
    store: TimestampStore | None,
    options: EngineOptions,
) -> list[datetime | None]:
    """Per transcript message, the aware time the CST style shows (or None)."""
    stored: list[datetime | None] = [None] * len(transcript.messages)
    if store is not None and not transcript.has_own_times:
        for message in request.messages:
            if message.source_index is not None:
                stored[message.source_index] = store.parsed(message.hash)
    return [
        message_instant(own, kept, transcript.has_own_times, options)
        for own, kept in zip(transcript.own_times, stored, strict=True)
    ]


def _prepared(
    transcript: Transcript,
    store: TimestampStore | None,
    style: Style,
    now: datetime,
    options: EngineOptions | None,
    request: PreparedRequest | None,
    tracking: TrackResult | None,
) -> tuple[EngineOptions, PreparedRequest, TrackResult | None]:
    """What every preview starts from, each piece made only where the caller
    did not pass it: the options, the request, and in the WilmerAI styles
    its tracking at ``now`` (None in the CST style, which tracks nothing)."""
    options = options or EngineOptions()
    request = request or prepare_request(transcript.messages, options.request)
    if style is Style.CST:
        return options, request, None
    if tracking is None:
        tracking = track(request, store or TimestampStore(), now)
    return options, request, tracking


def build_preview(
    transcript: Transcript,
    store: TimestampStore | None,
    style: Style,
    now: datetime,
    options: EngineOptions | None = None,
    request: PreparedRequest | None = None,
    tracking: TrackResult | None = None,
    *,
    on_demand: bool = False,
) -> Preview:
    """The LLM-bound messages and ``{time_context_summary}``; inputs untouched.

    ``now`` is naive, on the middleware's clock. ``request`` may be passed when
    the caller already ran the pipeline (the GUI keeps it), and ``tracking``
    when it already simulated this request at ``now`` on ``store`` (an open
    discussion holds it): the tracking pass is not run twice.

    ``on_demand`` (the window): the messages of a WilmerAI preview longer
    than a chunk are ``RenderedMessages``, rendered when read, not all at
    once. What can fail still fails here: an absolute preview over a stored
    value that is not text is rendered whole (and raises), as
    ``preview_json_parts`` does. The CST style is always rendered whole
    (each prefix depends on the message before).
    """
    options, request, result = _prepared(transcript, store, style, now, options, request, tracking)
    if result is None:  # CST
        times = cst_times(transcript, request, store, options)
        messages = render_cst(transcript.messages, times, options.cst)
        summary = time_context_summary(store, now) if store is not None else ""
        originals = tuple(content_text(m.get("content")) for m in transcript.messages)
        return Preview(style, messages, summary, None, originals, indexes=tuple(range(len(messages))))
    lazy = on_demand and len(request) > JSON_CHUNK and not _may_fail(style, result.store)
    rendered: Sequence[dict[str, Any]]
    if lazy:
        rendered = RenderedMessages(request, result.store, style, now)
    else:
        rendered = render_wilmer(request, result.store, style, now)
    sources = request.contents
    return Preview(
        style,
        rendered,
        time_context_summary(result.store, now),
        result,
        sources,
        request.sentinels,
        request.source_indexes,
        other_rows=request.other_rows,
    )


def _may_fail(style: Style, store: TimestampStore) -> bool:
    """Whether rendering ``style`` over ``store`` can raise: the absolute
    style puts stored values in as they are, and one that is not text is
    refused (``render_wilmer``); the relative style parses them."""
    return style is Style.ABSOLUTE and not all(map(str.__instancecheck__, store.as_mapping().values()))


def preview_json_parts(
    transcript: Transcript,
    store: TimestampStore | None,
    style: Style,
    now: datetime,
    options: EngineOptions | None = None,
    request: PreparedRequest | None = None,
    tracking: TrackResult | None = None,
    chunk: int = JSON_CHUNK,
) -> Iterator[bytes | memoryview]:
    """``build_preview(...).json_bytes()`` in consecutive parts, for a writer
    that needs no ``Preview``: the command line's ``preview --json``. In the
    WilmerAI styles the messages are rendered and written ``chunk`` at a
    time, so a 100k preview never holds its 100k rendered dicts (made,
    written and freed at once they cost ~0.08 s more). Anything that can
    fail does so before the first part: an absolute preview of a store with
    a value that is not text, and every CST preview, are made whole first."""
    options, request, result = _prepared(transcript, store, style, now, options, request, tracking)
    whole = (
        result is None  # CST
        or len(request) <= chunk  # one chunk: written as any small document is (no orjson import)
        or _may_fail(style, result.store)
    )
    if whole:
        yield build_preview(transcript, store, style, now, options, request, result).json_bytes()
        return
    assert result is not None  # not CST
    summary = time_context_summary(result.store, now)
    yield from messages_document_parts(_rendered_chunks(request, result.store, style, now, chunk), summary)


def _rendered_chunks(
    request: PreparedRequest, store: TimestampStore, style: Style, now: datetime, chunk: int
) -> Iterator[tuple[list[dict[str, Any]], bool | None]]:
    """``render_wilmer``'s messages ``chunk`` at a time, each with whether
    orjson writes it exactly (``Preview._writes_exactly``, for those rows)."""
    others = request.other_rows
    for start in range(0, len(request), chunk):
        stop = min(start + chunk, len(request))
        messages = render_wilmer(request, store, style, now, slice(start, stop))
        exact = None
        if others is not None:
            first, last = bisect_left(others, start), bisect_left(others, stop)
            exact = writes_exactly([messages[row - start] for row in others[first:last]])
        yield messages, exact


def summary_ends(
    preview: Preview, request: PreparedRequest, store: TimestampStore | None, now: datetime | None = None
) -> tuple[SummaryEnd, SummaryEnd] | None:
    """Which entries ``preview``'s summary is measured from (earliest, latest):
    the store after the simulated request in the WilmerAI styles, the file
    as it is (``store``) in the CST style, which tracks nothing. One pass over
    the store and the request: asked for by a view, off its GUI thread.
    ``now``: the preview's, each end marked ``after_now`` when later (None: neither)."""
    measured = preview.tracking.store if preview.tracking is not None else store
    bounds = summary_bounds(measured) if measured is not None else None
    if measured is None or bounds is None:
        return None
    before = preview.tracking.before if preview.tracking is not None else measured
    parsed = measured.parsed_map()
    # every entry at either end's time: after a repair a message holds the
    # time its orphan still holds in the file, and the end is the message's
    # (the note named the orphan, in file order first, as "no message has")
    candidates = [[k for k, t in parsed.items() if t == moment and k != PLACEHOLDER_KEY] for moment in bounds]
    wanted = {k for found in candidates for k in found}
    holders: dict[str, int] = {}
    for digest, index in zip(request.hashes, request.source_indexes, strict=True):
        if digest in wanted and index is not None:
            holders.setdefault(digest, index)
    keys = [next((k for k in found if k in holders), found[0]) for found in candidates]
    earliest, latest = (
        SummaryEnd(
            key,
            moment,
            holders.get(key),
            before is None or key not in before,
            now is not None and moment > now,
        )
        for key, moment in zip(keys, bounds, strict=True)
    )
    return earliest, latest

"""Predicted vs actual: the inspector's context beside what the model received.

A client-leg record holds the request exactly as the front end sent it and
the copy of the timestamp file taken as it arrived, so the prediction starts
from the state the middleware saw. The middleware's own "now" lies between
the client request's arrival and its call to the model, so every whole
second in that span is tried (in both Wilmer styles) and the closest
prediction is kept: a difference that remains is not a clock artefact.

Pairing is by time (and discussion id, when the model-leg body carries one):
the middleware strips the discussion tag, so model-leg calls land in
``_no-id``. A client request's window runs from its arrival to the end of its
response (recorded with ``--responses``) or else to the next client request;
a workflow that calls the model several times gives several candidates, and
the one the prediction matches best is compared.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from .context import Style
from .crypto import FileKey
from .cst import content_text
from .discussion import resolve_inputs
from .errors import InputError
from .options import EngineOptions
from .pipeline import prepare_request
from .preview import build_preview
from .recordings import PROMPT_PATHS, RecordedRequest, RecordFile
from .store import TimestampStore, loads_store, read_file_bytes
from .transcripts import recorded_transcript
from .words import Note, Problem, Said
from .zones import get_zone, to_naive_in

MAX_CLOCK_SPAN = 300  # seconds of middleware "now" tried at most
STYLES = (Style.ABSOLUTE, Style.RELATIVE)


@dataclass(frozen=True)
class Pair:
    """A client-leg request and the model-leg calls made while it ran."""

    client: RecordedRequest
    candidates: tuple[RecordedRequest, ...]


@dataclass(frozen=True)
class Span:
    """One differing stretch: ``predicted[p0:p1]`` became ``actual[a0:a1]``
    (character offsets; ``op`` is replace, delete or insert)."""

    op: str
    p0: int
    p1: int
    a0: int
    a1: int


@dataclass(frozen=True)
class MessageDiff:
    status: str  # same | changed | missing (predicted, not received) | extra (received, not predicted)
    predicted_index: int | None
    actual_index: int | None
    role: str
    predicted: str | None
    actual: str | None
    spans: tuple[Span, ...] = ()
    first_byte: int | None = None  # first differing byte offset, UTF-8

    @property
    def differs(self) -> bool:
        return self.status != "same"


@dataclass(frozen=True)
class Comparison:
    client: RecordedRequest
    model: RecordedRequest | None
    style: Style | None
    now: datetime | None  # the middleware "now" that fits best (naive, its clock)
    messages: tuple[MessageDiff, ...]
    candidates: int
    notes: tuple[str | Said, ...] = ()  # str(): the command line's English
    problem: str | None = None  # why this request could not be compared

    @property
    def differing(self) -> int:
        return sum(1 for m in self.messages if m.differs)

    @property
    def status(self) -> str:
        if self.problem is not None:
            return f"not compared: {self.problem}"
        if self.model is None:
            return "no model-leg request"
        if not self.differing:
            return "identical"
        return "1 message differs" if self.differing == 1 else f"{self.differing} messages differ"


def pair_requests(files: Iterable[RecordFile]) -> list[Pair]:
    """Every client-leg request with its model-leg candidates, oldest first."""
    everything = [r for f in files for r in f.requests]
    clients = sorted((r for r in everything if r.leg == "client"), key=lambda r: r.received)
    models = sorted((r for r in everything if r.leg == "model"), key=lambda r: r.received)
    pairs = []
    for index, client in enumerate(clients):
        if client.response is not None:
            end: datetime | None = client.response.finished
        else:
            end = clients[index + 1].received if index + 1 < len(clients) else None
        found = tuple(
            m
            for m in models
            if client.received <= m.received
            and (end is None or m.received <= end)
            and (m.discussion_id is None or m.discussion_id == client.discussion_id)
        )
        pairs.append(Pair(client, found))
    return pairs


def _snapshot_store(client: RecordedRequest, key: FileKey | None) -> tuple[TimestampStore, Said]:
    if client.discussion_id is None:
        return TimestampStore(), Said(Note.COMPARED_NO_ID)
    if client.snapshot is None:
        return TimestampStore(), Said(Note.COMPARED_NO_COPY)
    path = client.snapshot_path()
    if path is None:
        return TimestampStore(), Said(Note.COMPARED_NO_FILE, (client.snapshot.source,))
    data = read_file_bytes(path)
    if data is None:
        raise InputError(path, Said(Problem.COPY_MISSING))
    return loads_store(data, path, key), Said(Note.COMPARED_AS_IT_WAS, (client.snapshot.source,))


def _text(content: object) -> str:
    """A received message's text; a list of parts reads as its text parts."""
    if isinstance(content, list):
        return "\n".join(p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str))
    return content_text(content)


def _actual_messages(model: RecordedRequest) -> tuple[list[tuple[str, str]], str | None]:
    """(role, content) pairs of a chat body, or the prompt text of a completion."""
    body = model.json_body()
    if not isinstance(body, dict):
        raise InputError(model.place, Said(Problem.BODY_NOT_OBJECT))
    messages = body.get("messages")
    if isinstance(messages, list):
        return [
            (str(m.get("role", "")), _text(m.get("content"))) for m in messages if isinstance(m, dict)
        ], None
    if model.path in PROMPT_PATHS or isinstance(body.get("prompt"), str):
        return [], "".join(body[k] for k in ("system", "prompt") if isinstance(body.get(k), str))
    raise InputError(model.place, Said(Problem.BODY_NEITHER))


def _spans(predicted: str, actual: str) -> tuple[tuple[Span, ...], int]:
    matcher = difflib.SequenceMatcher(None, predicted, actual, autojunk=False)
    spans = tuple(Span(op, p0, p1, a0, a1) for op, p0, p1, a0, a1 in matcher.get_opcodes() if op != "equal")
    a, b = predicted.encode("utf-8", "surrogatepass"), actual.encode("utf-8", "surrogatepass")
    first = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return spans, first


def diff_messages(
    predicted: Sequence[tuple[str, str]], actual: Sequence[tuple[str, str]]
) -> list[MessageDiff]:
    """Messages aligned (a node's own system prompt or a trimmed history
    shows as extra or missing, not as everything shifted) and compared
    exactly, role and content."""
    matcher = difflib.SequenceMatcher(None, list(predicted), list(actual), autojunk=False)
    out: list[MessageDiff] = []
    for op, p0, p1, a0, a1 in matcher.get_opcodes():
        if op == "equal":
            out.extend(
                MessageDiff("same", p, a, predicted[p][0], predicted[p][1], actual[a][1])
                for p, a in zip(range(p0, p1), range(a0, a1), strict=True)
            )
            continue
        both = min(p1 - p0, a1 - a0)
        for k in range(both):
            (role, text), (_, got) = predicted[p0 + k], actual[a0 + k]
            spans, first = _spans(text, got) if text != got else ((), None)
            out.append(MessageDiff("changed", p0 + k, a0 + k, role, text, got, spans, first))
        out.extend(
            MessageDiff("missing", p, None, predicted[p][0], predicted[p][1], None)
            for p in range(p0 + both, p1)
        )
        out.extend(
            MessageDiff("extra", None, a, actual[a][0], None, actual[a][1]) for a in range(a0 + both, a1)
        )
    return out


def _in_prompt(predicted: Sequence[tuple[str, str]], prompt: str) -> list[MessageDiff]:
    """A completion call flattens the conversation into one prompt: each
    predicted message must appear in it, in order."""
    out = []
    at = 0
    for index, (role, text) in enumerate(predicted):
        found = prompt.find(text, at)
        if found < 0:
            out.append(MessageDiff("missing", index, None, role, text, None))
        else:
            at = found + len(text)
            out.append(MessageDiff("same", index, 0, role, text, text))
    return out


def arrival_clock(request: RecordedRequest, options: EngineOptions) -> datetime:
    """The middleware's clock (naive, its zone, whole seconds) when a request
    arrived: the "now" it tracked the request with, at the earliest."""
    return to_naive_in(request.received, get_zone(options.wilmer_zone)).replace(microsecond=0)


def _clock(client: RecordedRequest, model: RecordedRequest, options: EngineOptions) -> list[datetime]:
    start = arrival_clock(client, options)
    end = to_naive_in(model.received, get_zone(options.wilmer_zone))
    seconds = max(0, min(MAX_CLOCK_SPAN, int((end - start).total_seconds())))
    return [start + timedelta(seconds=s) for s in range(seconds + 1)]


def compare_pair(pair: Pair, options: EngineOptions | None = None, key: FileKey | None = None) -> Comparison:
    """The prediction for ``pair.client`` beside the model-leg call it fits
    best; ``InputError`` names the record or file that cannot be used."""
    options = options or EngineOptions()
    client = pair.client
    loaded = recorded_transcript(client, client.place, options.cst.zone)
    store, store_note = _snapshot_store(client, key)
    inputs = resolve_inputs(loaded, store, options)
    transcript, options = inputs.transcript, inputs.options
    try:
        request = prepare_request(transcript.messages, options.request)
    except InputError as error:
        raise error.with_source(client.place) from None
    notes = (store_note, *inputs.notes)
    best: Comparison | None = None
    for model in pair.candidates:
        actual, prompt = _actual_messages(model)
        for style in STYLES:
            for now in _clock(client, model, options):
                messages = build_preview(transcript, store, style, now, options, request).messages
                predicted = [(str(m.get("role", "")), content_text(m.get("content"))) for m in messages]
                diffs = diff_messages(predicted, actual) if prompt is None else _in_prompt(predicted, prompt)
                found = Comparison(client, model, style, now, tuple(diffs), len(pair.candidates), notes)
                if best is None or found.differing < best.differing:
                    best = found
                if not found.differing:
                    return found
    return best or Comparison(client, None, None, None, (), 0, notes)


def compare_recording(
    files: Iterable[RecordFile], options: EngineOptions | None = None, key: FileKey | None = None
) -> list[Comparison]:
    """Every client-leg request of a recording compared (see ``compare_pair``);
    one that cannot be (a prompt completion, a body too large to record, a
    missing copy) says why instead of stopping the others."""
    out = []
    for pair in pair_requests(files):
        try:
            out.append(compare_pair(pair, options, key))
        except InputError as error:
            found = len(pair.candidates)
            out.append(Comparison(pair.client, None, None, None, (), found, problem=str(error)))
    return out


def describe(comparison: Comparison) -> dict[str, Any]:
    """A plain JSON-able account (the CLI's ``--json``)."""
    client, model = comparison.client, comparison.model
    return {
        "client": {"id": client.id, "received": client.received.isoformat(), "path": client.path},
        "discussion_id": client.discussion_id,
        "model": None if model is None else {"id": model.id, "received": model.received.isoformat()},
        "candidates": comparison.candidates,
        "status": comparison.status,
        "problem": comparison.problem,
        "style": comparison.style.value if comparison.style else None,
        "now": comparison.now.strftime("%Y-%m-%d %H:%M:%S") if comparison.now else None,
        "notes": [str(note) for note in comparison.notes],
        "messages": [
            {
                "status": m.status,
                "predicted_index": m.predicted_index,
                "actual_index": m.actual_index,
                "role": m.role,
                "predicted": m.predicted,
                "actual": m.actual,
                "first_byte": m.first_byte,
                "spans": [[s.op, s.p0, s.p1, s.a0, s.a1] for s in m.spans],
            }
            for m in comparison.messages
        ],
    }

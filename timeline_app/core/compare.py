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
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta, tzinfo
from typing import Any

from .context import Style
from .crypto import FileKey
from .cst import content_text
from .discussion import Discussion, resolve_inputs
from .errors import InputError
from .options import EngineOptions
from .pipeline import PreparedRequest, prepare_request
from .preview import build_preview
from .recordings import PROMPT_PATHS, RecordedRequest, RecordFile
from .records import frozen
from .reply import CommitMode, ReplyCleanup, after_reply
from .store import TimestampStore, loads_store, read_file_bytes
from .timestrings import format_absolute
from .tracking import track, with_reply_placeholder
from .transcripts import Transcript, recorded_transcript
from .words import AfterReply, Note, Problem, Said
from .zones import to_naive_in

MAX_CLOCK_SPAN = 300  # seconds of middleware "now" tried at most
STYLES = (Style.ABSOLUTE, Style.RELATIVE)


@frozen
class Pair:
    """A client-leg request and the model-leg calls made while it ran."""

    client: RecordedRequest
    candidates: tuple[RecordedRequest, ...]


@frozen
class Span:
    """One differing stretch: ``predicted[p0:p1]`` became ``actual[a0:a1]``
    (character offsets; ``op`` is replace, delete or insert)."""

    op: str
    p0: int
    p1: int
    a0: int
    a1: int


@frozen
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


@frozen
class Comparison:
    client: RecordedRequest
    model: RecordedRequest | None
    style: Style | None
    now: datetime | None  # the middleware "now" that fits best (naive, its clock)
    messages: tuple[MessageDiff, ...]
    candidates: int
    notes: tuple[str | Said, ...] = ()  # str(): the command line's English
    problem: str | None = None  # why this request could not be compared
    after_reply: ReplyCheck | None = None  # the write after the reply, checked against the next copy
    # the zone of the middleware's clock ``now`` is on (``recorded_clock``), so a view
    # names it: the window's "middleware now 2026-12-07 17:37:11" stood unnamed beside
    # a list of times on another clock (issue 31)
    zone: tzinfo | None = None

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


@frozen
class EntryDiff:
    """One key whose value differs between the predicted file after the
    reply and the one recorded (None: the key is not in that file)."""

    key: str
    predicted: object | None
    actual: object | None

    @property
    def said(self) -> Said:
        """The entry's two values, as the command and the window say them."""
        return Said(AfterReply.ENTRY, (self.key[:16], _entry(self.predicted), _entry(self.actual)))


def _entry(value: object) -> str | Said:
    """A value of the file after the reply (JSON), or that the key is not there."""
    return Said(AfterReply.NO_ENTRY) if value is None else json.dumps(value, ensure_ascii=False)


@frozen
class ReplyCheck:
    """The file the middleware left once the reply was known (the copy kept
    with the discussion's next request) against the predicted one: the
    request's tracking, the reply's placeholder, and in group-chat mode the
    reply committed as the front end received it."""

    mode: CommitMode
    entries: tuple[EntryDiff, ...] = ()
    first_byte: int | None = None  # first differing byte of the two file texts (None: identical)
    placeholder: str | None = None  # the placeholder time that fits best
    problem: str | Said | None = None  # why it could not be checked

    @property
    def verdict(self) -> Said:
        """The check's outcome: one wording for the command and the window."""
        if self.problem is not None:
            return Said(AfterReply.NOT_CHECKED, (self.problem,))
        if self.first_byte is None:
            return Said(AfterReply.IDENTICAL)
        if not self.entries:
            return Said(AfterReply.KEY_ORDER, (self.first_byte,))
        return Said(AfterReply.ENTRIES, (len(self.entries), self.first_byte))

    @property
    def line(self) -> Said:
        """ "after the reply (mode): verdict", as ``compare`` prints it."""
        mode = AfterReply.GROUP_CHAT_MODE if self.mode is CommitMode.GROUP_CHAT else AfterReply.DEFAULT_MODE
        return Said(AfterReply.LINE, (Said(mode), self.verdict))

    @property
    def status(self) -> str:
        return str(self.verdict)


def check_after_reply(
    client: RecordedRequest,
    following: RecordedRequest | None,
    request: PreparedRequest,
    store: TimestampStore,
    now: datetime,
    latest: datetime,
    options: EngineOptions,
    key: FileKey | None,
) -> ReplyCheck:
    """The predicted file after ``client``'s reply against the copy kept
    with ``following`` (the discussion's next client request). The
    placeholder's time is the middleware's clock after tracking: every
    second from ``now`` (tracking's) to ``latest`` (its call to the model)
    is tried and the closest kept."""
    mode = options.commit_mode
    response = client.response
    if response is None or response.text is None:
        return ReplyCheck(mode, problem=Said(AfterReply.NO_REPLY))
    if following is None:
        return ReplyCheck(mode, problem=Said(AfterReply.NO_LATER))
    if following.snapshot is None:
        return ReplyCheck(mode, problem=Said(AfterReply.NO_COPY))
    path = following.snapshot_path()
    if path is None:
        actual = TimestampStore()
    else:
        data = read_file_bytes(path)
        if data is None:
            return ReplyCheck(mode, problem=str(InputError(path, Said(Problem.COPY_MISSING))))
        actual = loads_store(data, path, key)
    tracked = track(request, store, now)
    cleanup = ReplyCleanup.for_request(options.request)  # (a recorded reply is committed as returned)
    completed = response.complete and response.status == 200
    actual_text = actual.dumps()
    best: ReplyCheck | None = None
    seconds = max(0, min(MAX_CLOCK_SPAN, int((latest - now).total_seconds())))
    for step in range(seconds + 1):
        moment = now + timedelta(seconds=step)
        after = after_reply(
            request,
            with_reply_placeholder(tracked, moment),
            response.text,
            mode,
            streamed=response.streamed,
            cleanup=cleanup,
            as_returned=True,
            completed=completed,
        )
        found = _check(mode, after.store, actual, actual_text, format_absolute(moment))
        if best is None or len(found.entries) < len(best.entries) or found.first_byte is None:
            best = found
        if found.first_byte is None:
            break
    assert best is not None
    return best


def _check(
    mode: CommitMode, predicted: TimestampStore, actual: TimestampStore, actual_text: str, moment: str
) -> ReplyCheck:
    text = predicted.dumps()
    if text == actual_text:
        return ReplyCheck(mode, placeholder=moment)
    mine, theirs = predicted.as_mapping(), actual.as_mapping()
    diffs = tuple(
        EntryDiff(k, mine.get(k), theirs.get(k))
        for k in dict.fromkeys([*mine, *theirs])
        if k not in mine or k not in theirs or mine[k] != theirs[k]
    )
    return ReplyCheck(mode, diffs, _first_byte(text, actual_text), moment)


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


_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")
REFINE_RATIO = 0.5  # paired stretches this alike are marked character by character


def _spans(predicted: str, actual: str) -> tuple[tuple[Span, ...], int]:
    """Where two texts differ: aligned by words first, then by characters
    inside a changed stretch only when its two sides are alike. Matched by
    characters alone, "(Sunday, …)" against "[DiscussionId]" paired their
    common letters and the marked stretch fell apart into single letters."""
    p_tokens, a_tokens = _TOKEN.findall(predicted), _TOKEN.findall(actual)
    p_at, a_at = _offsets(p_tokens), _offsets(a_tokens)
    spans: list[Span] = []
    words = difflib.SequenceMatcher(None, p_tokens, a_tokens, autojunk=False)
    for op, i0, i1, j0, j1 in words.get_opcodes():
        if op == "equal":
            continue
        p0, p1, a0, a1 = p_at[i0], p_at[i1], a_at[j0], a_at[j1]
        letters = difflib.SequenceMatcher(None, predicted[p0:p1], actual[a0:a1], autojunk=False)
        if op != "replace" or letters.ratio() < REFINE_RATIO:
            spans.append(Span(op, p0, p1, a0, a1))
            continue
        spans.extend(
            Span(kind, p0 + q0, p0 + q1, a0 + b0, a0 + b1)
            for kind, q0, q1, b0, b1 in letters.get_opcodes()
            if kind != "equal"
        )
    return tuple(spans), _first_byte(predicted, actual)


def _offsets(tokens: Sequence[str]) -> list[int]:
    """Where each token starts, and the text's end after the last."""
    at = [0]
    for token in tokens:
        at.append(at[-1] + len(token))
    return at


def _first_byte(predicted: str, actual: str) -> int:
    """The first differing byte of two texts, UTF-8 (the shorter's length
    when one is the start of the other)."""
    a, b = predicted.encode("utf-8", "surrogatepass"), actual.encode("utf-8", "surrogatepass")
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


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


def arrival_clock(request: RecordedRequest, zone: tzinfo) -> datetime:
    """The middleware's clock (naive, in ``zone``, whole seconds) when a
    request arrived: the "now" it tracked the request with, at the earliest."""
    return to_naive_in(request.received, zone).replace(microsecond=0)


def recorded_clock(
    transcript: Transcript, store: TimestampStore, request: PreparedRequest, options: EngineOptions
) -> tzinfo:
    """The zone of the middleware's clock for a recorded request: the one
    the discussion opened from it reads its times on (``Discussion.clock``:
    the zone named, else the one the transcript's own times show, else this
    machine's), so the comparison's "now" and the Now button of the same
    request opened agree. Read from the named zone or this machine's alone,
    a transcript with +02:00 times was compared two hours from its pin
    (tryout)."""
    return Discussion(transcript, True, store, None, None, request, datetime.min, options).clock_zone


def _clock(client: RecordedRequest, model: RecordedRequest, zone: tzinfo) -> list[datetime]:
    start = arrival_clock(client, zone)
    end = to_naive_in(model.received, zone)
    seconds = max(0, min(MAX_CLOCK_SPAN, int((end - start).total_seconds())))
    return [start + timedelta(seconds=s) for s in range(seconds + 1)]


def compare_pair(
    pair: Pair,
    options: EngineOptions | None = None,
    key: FileKey | None = None,
    following: RecordedRequest | None = None,
) -> Comparison:
    """The prediction for ``pair.client`` beside the model-leg call it fits
    best, and the file after its reply beside the copy kept with
    ``following`` (the discussion's next client request); ``InputError``
    names the record or file that cannot be used."""
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
    zone = recorded_clock(transcript, store, request, options)
    best = replace(_best_context(pair, transcript, store, options, request, notes, zone), zone=zone)
    if client.discussion_id is None:  # the middleware keeps no file for it
        return best
    now = best.now if best.now is not None else arrival_clock(client, zone)
    latest = to_naive_in(best.model.received, zone) if best.model else now
    check = check_after_reply(client, following, request, store, now, latest, options, key)
    return replace(best, after_reply=check)


def _best_context(
    pair: Pair,
    transcript: Transcript,
    store: TimestampStore,
    options: EngineOptions,
    request: PreparedRequest,
    notes: tuple[str | Said, ...],
    zone: tzinfo,
) -> Comparison:
    client = pair.client
    best: Comparison | None = None
    for model in pair.candidates:
        actual, prompt = _actual_messages(model)
        for style in STYLES:
            for now in _clock(client, model, zone):
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
    pairs = pair_requests(files)
    for index, pair in enumerate(pairs):
        try:
            out.append(compare_pair(pair, options, key, _following(pairs, index)))
        except InputError as error:
            found = len(pair.candidates)
            out.append(Comparison(pair.client, None, None, None, (), found, problem=str(error)))
    return out


def _following(pairs: Sequence[Pair], index: int) -> RecordedRequest | None:
    """The next client request of ``pairs[index]``'s discussion: the copy it
    kept is the file the middleware left after the reply."""
    discussion = pairs[index].client.discussion_id
    return next(
        (later.client for later in pairs[index + 1 :] if later.client.discussion_id == discussion), None
    )


def pair_of(
    files: Iterable[RecordFile], request: RecordedRequest
) -> tuple[Pair, RecordedRequest | None] | None:
    """The pair a picked request belongs to, as ``compare_recording`` compares
    it, and its discussion's next client request (``compare_pair``'s
    ``following``): a client request with the model calls made while it ran;
    a model call with its client request and only itself as the candidate.
    The Recordings dock paired a request without the next one, and so said
    nothing of the file after the reply, which ``compare`` checks (tryout)."""
    pairs = pair_requests(files)
    for index, pair in enumerate(pairs):
        if pair.client.id == request.id:
            return pair, _following(pairs, index)
        if any(m.id == request.id for m in pair.candidates):
            return Pair(pair.client, (request,)), _following(pairs, index)
    return None


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
        "after_reply": None if comparison.after_reply is None else _describe_check(comparison.after_reply),
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


def _describe_check(check: ReplyCheck) -> dict[str, Any]:
    return {
        "mode": check.mode.value,
        "status": check.status,
        "problem": None if check.problem is None else str(check.problem),
        "placeholder": check.placeholder,
        "first_byte": check.first_byte,
        "entries": [{"key": e.key, "predicted": e.predicted, "actual": e.actual} for e in check.entries],
    }

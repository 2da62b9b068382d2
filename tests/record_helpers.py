"""Real upstreams for the recorder tests: an OpenAI-style SSE server and an
Ollama-style NDJSON server on 127.0.0.1, each sending known bytes in known
chunks, and the helpers that run them and a recorder for one test; and
recorded exchanges written as the recorders write them (for compare and
the Recordings dock)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

from aiohttp import web

from timeline_app.record.journal import Arrival, Journal
from timeline_app.record.proxy import Recorder, Settings

SSE_CHUNKS = [
    b'data: {"choices":[{"delta":{"role":"assistant","content":"Bon"}}]}\n\n',
    b'data: {"choices":[{"delta":{"content":"jour, caf\xc3\xa9 "}}]}\n\ndata: {"choi',  # an event split in two
    b'ces":[{"delta":{"content":"\xe2\x98\x95"}}]}\n\n',
    b"data: [DONE]\n\n",
]
SSE_TEXT = "Bonjour, café ☕"
NDJSON_CHUNKS = [
    b'{"model":"m","message":{"role":"assistant","content":"Hal"},"done":false}\n',
    b'{"model":"m","message":{"role":"assistant","content":"lo"},"done":false}\n{"model":"m","mess',
    b'age":{"role":"assistant","content":""},"done":true,"eval_count":2}\n',
]
NDJSON_TEXT = "Hallo"


@dataclass
class Upstream:
    """What the fake model server saw, and the knobs a test turns."""

    received: list[tuple[str, dict[str, str], bytes]] = field(default_factory=list)
    gate: asyncio.Event | None = None  # the SSE stream waits here after its first chunk
    gone: asyncio.Event = field(default_factory=asyncio.Event)  # a stalled stream's reader left
    url: str = ""

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._sse)
        app.router.add_post("/api/chat", self._ndjson)
        app.router.add_post("/stall", self._stall)
        app.router.add_post("/slow", self._slow)
        app.router.add_post("/fail", self._fail)
        app.router.add_get("/v1/models", self._models)
        return app

    async def _note(self, request: web.Request) -> bytes:
        body = await request.read()
        self.received.append((request.path_qs, dict(request.headers), body))
        return body

    async def _stream(self, request: web.Request, kind: str, chunks: list[bytes]) -> web.StreamResponse:
        await self._note(request)
        response = web.StreamResponse(headers={"Content-Type": kind, "X-Upstream": "yes"})
        await response.prepare(request)
        for index, chunk in enumerate(chunks):
            await response.write(chunk)
            if index == 0 and self.gate is not None:
                await asyncio.wait_for(self.gate.wait(), 5)
            await asyncio.sleep(0.005)
        await response.write_eof()
        return response

    async def _sse(self, request: web.Request) -> web.StreamResponse:
        return await self._stream(request, "text/event-stream", SSE_CHUNKS)

    async def _ndjson(self, request: web.Request) -> web.StreamResponse:
        return await self._stream(request, "application/x-ndjson", NDJSON_CHUNKS)

    async def _stall(self, request: web.Request) -> web.StreamResponse:
        """One chunk, then a token every 20 ms until the reader is gone."""
        await self._note(request)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        try:
            for _ in range(500):
                await response.write(SSE_CHUNKS[0])
                await asyncio.sleep(0.02)
        except (ConnectionError, asyncio.CancelledError):
            self.gone.set()
            raise
        return response

    async def _slow(self, request: web.Request) -> web.Response:
        await self._note(request)
        await asyncio.sleep(1.0)
        return web.json_response({"late": True})

    async def _fail(self, request: web.Request) -> web.Response:
        await self._note(request)
        return web.json_response({"error": "model not loaded"}, status=503)

    async def _models(self, request: web.Request) -> web.Response:
        return web.json_response({"data": [{"id": "m"}]})


@asynccontextmanager
async def serving(app: web.Application) -> AsyncIterator[str]:
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.2)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


@asynccontextmanager
async def upstream_and_recorder(out: Path, **settings: object) -> AsyncIterator[tuple[Upstream, str]]:
    """A fake model server and a recorder in front of it: (upstream, recorder URL)."""
    upstream = Upstream()
    async with serving(upstream.app()) as url:
        upstream.url = url
        async with recording(out, url, **settings) as front:
            yield upstream, front


@asynccontextmanager
async def recording(
    out: Path, upstream_url: str, leg: str = "client", discussions: Path | None = None, **settings: object
) -> AsyncIterator[str]:
    recorder = Recorder(
        Settings("127.0.0.1", 0, upstream_url, Journal(out, leg, discussions), **settings)  # type: ignore[arg-type]
    )
    port = await recorder.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        await recorder.stop()


def wire_time(vector: dict, seconds: float = 0) -> datetime:
    """A conformance vector's "now" (UTC) moved by ``seconds``: when a recorder saw it."""
    naive = datetime.strptime(vector["input"]["now"], "%Y-%m-%d %H:%M:%S")
    return naive.replace(tzinfo=ZoneInfo("UTC")) + timedelta(seconds=seconds)


def chat_call(
    journal: Journal,
    when: datetime,
    body: dict,
    discussion: str | None = None,
    path: str = "/v1/chat/completions",
) -> None:
    """One request as a recorder writes it."""
    data = json.dumps(body).encode()
    journal.request(Arrival(when, "POST", path, "", "application/json", data, len(data)), discussion)


def record_exchange(
    out: Path,
    vector: dict,
    model_messages: list | None,
    *,
    client_at: float = -0.4,
    model_at: float = 0.3,
    discussion: str = "talk",
) -> None:
    """A client request (with the timestamp file as it was) and the
    middleware's call to the model, as the two recorders write them."""
    root = out.parent / f"root-{discussion}"
    if vector["input"]["timestamps"] is not None:
        (root / discussion).mkdir(parents=True, exist_ok=True)
        (root / discussion / "timestamps.json").write_text(
            json.dumps(vector["input"]["timestamps"], indent=4)
        )
    else:
        root.mkdir(exist_ok=True)
    client = {"model": "m", "messages": vector["input"]["messages"]}
    chat_call(Journal(out, "client", root), wire_time(vector, client_at), client, discussion)
    if model_messages is not None:
        model = {"model": "x", "stream": True, "messages": model_messages}
        chat_call(Journal(out, "model"), wire_time(vector, model_at), model)


def record_offset_talk(out: Path) -> timezone:
    """One recorded request of a discussion whose transcript's own times show
    the middleware's clock at +05:30 (no zone named): three messages, the first
    two stored two seconds after their own times, arriving at 10:06:00 there
    (04:36 UTC). Returns the clock's zone."""
    from history_helpers import sha  # which imports this module

    zone = timezone(timedelta(hours=5, minutes=30))
    said = ("Hello", "Hi there", "What next?")
    owns = [datetime(2025, 9, 21, 10, 0, s, tzinfo=zone) for s in (0, 5, 40)]
    messages = [
        {"role": role, "content": text, "timestamp": own.isoformat()}
        for role, text, own in zip(("user", "assistant", "user"), said, owns, strict=True)
    ]
    stored = {
        sha(text): f"({own + timedelta(seconds=2):%A, %Y-%m-%d %H:%M:%S})"
        for text, own in zip(said[:2], owns[:2], strict=True)
    }
    arrival = datetime(2025, 9, 21, 10, 6, 0, tzinfo=zone)
    moment = f"{arrival.astimezone(UTC):%Y-%m-%d %H:%M:%S}"
    record_exchange(
        out, {"input": {"messages": messages, "timestamps": stored, "now": moment}}, None, client_at=0
    )
    return zone


def append_broken(path: Path, request_id: str) -> None:
    """Lines a reader skips, as a damaged ``requests.jsonl`` holds them, after
    the whole ones: a response without its status, a response to no request,
    a request without its arrival time, a line that is not JSON, and the record
    the recorder was writing when it stopped."""
    head = {"format": "timeline-inspector-record/1", "leg": "client"}
    response = {**head, "kind": "response", "finished": "2025-09-21T12:00:01+00:00"}
    lines = [
        {**response, "id": request_id},
        {**response, "id": "nobody", "status": 200},
        {**head, "kind": "request", "id": "r9", "path": "/v1/chat/completions"},
    ]
    with path.open("ab") as stream:
        stream.write(b"".join(json.dumps(line).encode() + b"\n" for line in lines))
        stream.write(b'{not json\n{"format": "timeline-inspector-record/1", "kind": "requ')

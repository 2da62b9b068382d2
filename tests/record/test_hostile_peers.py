"""The recorder under hostile peers: a client that hangs up mid-stream, a backend that waits for ACKs.

Issue 30: a client hanging up made the write fail with aiohttp's
``ClientConnectionResetError`` (a ``ClientError``), recorded as an upstream
error and without the chunk whose write failed; and every call through
``record --leg model`` to a backend without TCP_NODELAY that writes headers
and body apart (Python's ``http.server``, KoboldCpp) waited ~43 ms for a
delayed ACK on the reused upstream connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from record_helpers import SSE_CHUNKS, SSE_TEXT, recording, upstream_and_recorder

from timeline_app.core.recordings import read_records
from timeline_app.core.words import Cut, Said

BODY = b'{"model": "m", "stream": true, "messages": [{"role": "user", "content": "hi"}]}'


def test_a_client_hanging_up_mid_stream_is_recorded_as_gone_with_the_whole_reply(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The write of the second chunk fails as a closed client's does."""
    real_write = web.StreamResponse.write
    writes = {"count": 0}

    async def failing_write(self: web.StreamResponse, data: bytes) -> None:
        writes["count"] += 1
        if writes["count"] == 2:
            raise aiohttp.ClientConnectionResetError("Cannot write to closing transport")
        await real_write(self, data)

    monkeypatch.setattr(web.StreamResponse, "write", failing_write)

    async def scenario() -> None:
        async with (
            upstream_and_recorder(tmp_path, responses=True) as (_, front),
            aiohttp.ClientSession() as session,
            session.post(f"{front}/v1/chat/completions", data=BODY) as response,
        ):
            with contextlib.suppress(aiohttp.ClientPayloadError):  # the cut reply, as a client sees it
                await response.content.readany()

    asyncio.run(asyncio.wait_for(scenario(), 20))
    (request,) = read_records(tmp_path / "_no-id" / "requests.jsonl").requests
    reply = request.response
    assert reply is not None and not reply.complete
    assert reply.error == str(Said(Cut.CLIENT_GONE))  # not "upstream error: ..."
    assert reply.size >= len(SSE_CHUNKS[0])
    assert reply.text is not None and SSE_TEXT.startswith(reply.text)


QUICKACK = getattr(socket, "TCP_QUICKACK", None)
REPLY = json.dumps({"choices": [{"message": {"role": "assistant", "content": "hello"}}]}).encode()


class _NagleBackend(BaseHTTPRequestHandler):
    """``http.server`` as KoboldCpp runs it: keep-alive, Nagle on, the
    headers and the body in two writes."""

    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:  # http.server's name
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(REPLY)))
        self.end_headers()
        self.wfile.write(REPLY)

    def log_message(self, *args: object) -> None:
        return None


def _calls(port: int, count: int) -> list[float]:
    """Seconds per call on one reused connection; this client acknowledges
    at once, so only the recorder's own hop can wait for an ACK."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    times = []
    try:
        for _ in range(count):
            start = time.perf_counter()
            conn.request("POST", "/v1/chat/completions", BODY, {"Content-Type": "application/json"})
            assert conn.sock is not None
            conn.sock.setsockopt(socket.IPPROTO_TCP, QUICKACK, 1)
            assert conn.getresponse().read() == REPLY
            times.append(time.perf_counter() - start)
    finally:
        conn.close()
    return times[2:]  # a fresh connection's first segments are acknowledged at once anyway


@pytest.mark.alone  # a bound in wall-clock time
@pytest.mark.skipif(QUICKACK is None, reason="delayed ACKs are measured where TCP_QUICKACK exists (Linux)")
def test_a_backend_without_nodelay_costs_no_delayed_ack(tmp_path: Path) -> None:
    """Before: every reused call waited ~40 ms (the minimum of ten too); the
    least of ten calls is robust to a loaded machine."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _NagleBackend)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    async def scenario() -> list[float]:
        upstream = f"http://127.0.0.1:{server.server_address[1]}"
        async with recording(tmp_path, upstream, leg="model") as front:
            port = int(front.rsplit(":", 1)[1])
            return await asyncio.to_thread(_calls, port, 12)

    try:
        times = asyncio.run(asyncio.wait_for(scenario(), 60))
    finally:
        server.shutdown()
        server.server_close()
    assert min(times) < 0.025, f"fastest call {min(times) * 1000:.1f} ms: waiting for a delayed ACK"

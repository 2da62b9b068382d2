"""The recorder's reverse proxy (aiohttp server and client).

Each request is read (up to the size limit), recorded with a copy of its
discussion's timestamp file, then sent upstream; the response comes back
chunk by chunk as it arrives, never buffered, with its status and headers.
A client that goes away cancels the upstream request (the handler is
cancelled and the upstream connection closed). Upstream failures before a
response become 502 (unreachable) or 504 (timeout) with a JSON error body.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import re
import signal
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
from aiohttp import web
from multidict import CIMultiDict, CIMultiDictProxy
from yarl import URL

from ..arguments import say_line
from ..core.errors import InputError
from ..core.recordings import RecordedResponse
from ..core.words import Cut, Said
from . import capture
from .journal import Arrival, Journal, wall_clock

DEFAULT_LIMIT = 32 * 1024 * 1024
# Connection-level headers (RFC 9110 7.6.1) belong to one hop, not the message.
HOP_BY_HOP = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "proxy-connection",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
        "host",
    }
)


@dataclass(frozen=True)
class Settings:
    host: str
    port: int
    upstream: str
    journal: Journal
    responses: bool = False
    limit: int = DEFAULT_LIMIT
    connect_timeout: float = 30.0
    read_timeout: float = 600.0  # the longest silence between two chunks upstream
    grace: float = 2.0  # on stop, how long exchanges in flight may still run


_NOT_ADDED = ("Accept-Encoding", "User-Agent", "Content-Type")


def parse_listen(text: str, allow_remote: bool) -> tuple[str, int]:
    """``HOST:PORT``; a host off this machine only with ``allow_remote``."""
    host, sep, port = text.rpartition(":")
    host = host.strip("[]")
    # ASCII digits only: ``str.isdigit`` is true of '²' (int() then raised a
    # traceback) and of other scripts' digits (Arabic-Indic '٣' listened on 3)
    if not sep or not host or not _PORT_RE.fullmatch(port) or int(port) > 65535:
        raise InputError(None, f"--listen {text!r}: expected HOST:PORT, e.g. 127.0.0.1:5050")
    if not allow_remote and not _loopback(host):
        raise InputError(
            None, f"--listen {text!r}: {host} is not loopback; records hold conversations (--allow-remote)"
        )
    return host, int(port)


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


_PORT_RE = re.compile(r"[0-9]{1,5}")
# scheme://[userinfo@]host[:port]: the port as typed (IPv6 hosts in brackets)
_AUTHORITY_RE = re.compile(
    r"[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^:/?#]*)(?::(?P<port>[^/?#]*))?"
)
# A host name as a URL carries it (letters, digits, '-', '.', '_', an IDN's
# letters); an IP literal is checked by ``ipaddress``.
_HOST_RE = re.compile(r"[\w.-]+")


def check_upstream(text: str) -> str:
    """An http(s) URL with a host the recorder can connect to. Whatever the
    URL parser refuses (a port out of range or not a number, a broken IPv6
    literal) is said as that, in one line: it was a ``ValueError`` traceback
    (tryout: ``--upstream http://127.0.0.1:99999``); a host with a space or
    a percent sign started a recorder that could only answer 502."""
    expected = f"--upstream {text!r}: expected an http:// or https:// URL"
    try:
        url = URL(text)
        host, _ = url.host, url.port
    except ValueError as error:
        raise InputError(None, f"{expected} ({error})") from None
    if url.scheme not in ("http", "https") or not host:
        raise InputError(None, expected)
    found = _AUTHORITY_RE.match(text)
    port = found.group("port") if found else None
    if port is not None and not _PORT_RE.fullmatch(port):  # the parser takes any script's digits
        raise InputError(None, f"{expected} (port {port!r} is not a number 0-65535)")
    if not (_HOST_RE.fullmatch(host) or _is_address(host)):
        raise InputError(None, f"{expected} (host {host!r} is not a host name)")
    return text.rstrip("/")


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _forward_headers(headers: CIMultiDictProxy[str]) -> CIMultiDict[str]:
    """The end-to-end headers of a message (the next hop sets its own length)."""
    out: CIMultiDict[str] = CIMultiDict()
    for name, value in headers.items():
        if name.lower() not in HOP_BY_HOP and name.lower() != "content-length":
            out.add(name, value)
    return out


_QUICKACK = getattr(socket, "TCP_QUICKACK", None)  # Linux only


def _acknowledge_at_once(upstream: aiohttp.ClientResponse) -> None:
    """Acknowledge the upstream's segments at once from here on. A backend
    that writes its headers and its body apart without TCP_NODELAY (Python's
    ``http.server``, KoboldCpp's API server) holds the body until the headers
    are acknowledged (Nagle), and on a reused connection Linux delays that
    ACK by up to 40 ms: +43 ms a call through the recorder, measured by
    ``benchmarks/recorder_latency.py``. Setting TCP_QUICKACK sends the
    pending ACK now and keeps acknowledging at once while only the upstream
    speaks. Best effort: elsewhere, or without a socket, nothing changes."""
    if _QUICKACK is None or upstream.connection is None:
        return
    transport = upstream.connection.transport
    sock = transport.get_extra_info("socket") if transport is not None else None
    if sock is None:
        return
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.IPPROTO_TCP, _QUICKACK, 1)


def _say(line: str) -> None:
    say_line(line)


def _error(status: int, message: str) -> web.Response:
    return web.json_response(
        {"error": {"message": f"recorder: {message}", "type": "upstream_error"}}, status=status
    )


class _Exchange:
    """What became of one forwarded request, for its response record."""

    def __init__(self) -> None:
        self.status = 0
        self.reply: capture.ReplyAssembler | None = None
        self.complete = False
        self.error: str | None = None

    def outcome(self) -> RecordedResponse:
        reply = self.reply
        return RecordedResponse(
            finished=wall_clock(),
            status=self.status,
            streamed=reply is not None and reply.mode != "whole",
            complete=self.complete,
            text=reply.text() if reply is not None else None,
            size=reply.size if reply is not None else 0,
            error=self.error,
        )


class Recorder:
    """One listening recorder; ``start`` returns the port it got."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._runner: web.AppRunner | None = None
        self._session: aiohttp.ClientSession | None = None
        self._stopping = False

    async def start(self) -> int:
        s = self.settings
        s.journal.out.mkdir(mode=0o700, parents=True, exist_ok=True)
        self._session = aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(
                total=None, sock_connect=s.connect_timeout, sock_read=s.read_timeout
            ),
            auto_decompress=False,
            connector=aiohttp.TCPConnector(limit=0),
            cookie_jar=aiohttp.DummyCookieJar(),
        )
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(
            app, handler_cancellation=True, access_log=None, shutdown_timeout=s.grace
        )
        await self._runner.setup()
        await web.TCPSite(self._runner, s.host, s.port).start()
        return int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        self._stopping = True
        if self._runner is not None:
            await self._runner.cleanup()
        if self._session is not None:
            await self._session.close()

    async def _read_body(self, request: web.Request) -> tuple[list[bytes], int, bool]:
        chunks: list[bytes] = []
        total = 0
        async for chunk in request.content.iter_any():
            chunks.append(chunk)
            total += len(chunk)
            if total > self.settings.limit:
                return chunks, total, True
        return chunks, total, False

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        s = self.settings
        received = wall_clock()
        chunks, size, too_large = await self._read_body(request)
        body = None if too_large else b"".join(chunks)
        content_type = request.headers.get("Content-Type")
        record_id: str | None = None
        discussion_id: str | None = None
        if capture.is_recorded(request.method, request.path, content_type, body):
            if too_large:
                declared = request.content_length
                size = declared if declared is not None else size
            arrival = Arrival(
                received=received,
                method=request.method,
                path=request.path,
                query=capture.redact_query(request.query_string),
                content_type=content_type,
                body=body,
                size=size,
                api_key=capture.bearer_key(request.headers),
            )
            try:
                record_id, discussion_id = await asyncio.to_thread(self._record, arrival)
            except OSError as error:  # a full disk must not stop the conversation
                _say(f"cannot record {request.method} {request.path}: {error.strerror or error}")

        async def body_stream() -> AsyncIterator[bytes]:
            for chunk in chunks:
                yield chunk
            async for chunk in request.content.iter_any():
                yield chunk

        data: bytes | AsyncIterator[bytes] | None = body_stream() if too_large else body
        if not body and not request.body_exists:
            data = None  # a GET stays a GET without a body
        exchange = _Exchange()
        try:
            return await self._forward(request, data, exchange)
        finally:
            outcome = exchange.outcome()
            if record_id is not None:
                seconds = (outcome.finished - received).total_seconds()
                _say(
                    f"{received:%H:%M:%S} {s.journal.leg} {request.method} {request.path} "
                    f"[{discussion_id or '-'}] {outcome.status or '-'} {seconds:.1f}s"
                    + (f" ({outcome.error})" if outcome.error else "")
                )
            if s.responses and record_id is not None:
                # written here and now, not in a thread: a handler cancelled by
                # the client leaving must still leave its record
                try:
                    s.journal.response(record_id, discussion_id, outcome)
                except OSError as error:
                    _say(f"cannot record the response to {request.path}: {error.strerror or error}")

    async def _forward(
        self, request: web.Request, data: bytes | AsyncIterator[bytes] | None, exchange: _Exchange
    ) -> web.StreamResponse:
        url = URL(self.settings.upstream + request.raw_path, encoded=True)
        assert self._session is not None
        try:
            async with self._session.request(
                request.method,
                url,
                headers=_forward_headers(request.headers),
                data=data,
                allow_redirects=False,
                skip_auto_headers=_NOT_ADDED,  # send only what the client sent
            ) as upstream:
                _acknowledge_at_once(upstream)
                response = web.StreamResponse(status=upstream.status, reason=upstream.reason)
                response.headers.extend(_forward_headers(upstream.headers))
                if upstream.content_length is not None:
                    response.content_length = upstream.content_length
                exchange.status = upstream.status
                exchange.reply = capture.ReplyAssembler(
                    upstream.headers.get("Content-Type"),
                    "Content-Encoding" in upstream.headers,
                    self.settings.limit,
                )
                await response.prepare(request)
                try:
                    async for chunk in upstream.content.iter_any():
                        exchange.reply.feed(chunk)  # recorded as the upstream sent it, passed on or not
                        await response.write(chunk)
                    await response.write_eof()
                except ConnectionResetError:
                    # the client hung up mid-stream: its write fails with
                    # aiohttp's ClientConnectionResetError, which is also a
                    # ClientError and was recorded as an upstream error
                    # (tryout: 12 of 100); it is the client going away
                    upstream.close()
                    exchange.error = str(Said(Cut.CLIENT_GONE))
                    raise  # a ConnectionError: aiohttp ends the exchange quietly
                except BaseException:
                    upstream.close()  # never hand a half-read connection back to the pool
                    raise
                exchange.complete = True
                return response
        except (TimeoutError, aiohttp.ServerTimeoutError) as error:
            exchange.error = str(Said(Cut.TIMED_OUT, (error.__class__.__name__,)))
            if exchange.status:
                raise
            exchange.status = 504
            return _error(504, "the upstream did not answer in time")
        except aiohttp.ClientError as error:
            if exchange.error is not None:  # the client went away (said above), not the upstream
                raise
            exchange.error = str(Said(Cut.UPSTREAM, (error,)))
            if exchange.status:
                raise
            exchange.status = 502
            return _error(502, f"cannot reach the upstream ({error.__class__.__name__})")
        except asyncio.CancelledError:
            exchange.error = str(Said(Cut.RECORDER_STOPPED if self._stopping else Cut.CLIENT_GONE))
            raise

    def _record(self, arrival: Arrival) -> tuple[str, str | None]:
        """In a worker thread: find the discussion id, copy the timestamp
        file, append the record."""
        body = arrival.body
        discussion_id = capture.discussion_id_of(arrival.path, body) if body is not None else None
        return self.settings.journal.request(arrival, discussion_id), discussion_id


async def serve(settings: Settings) -> None:
    """Run until SIGINT/SIGTERM, then stop accepting, finish or cancel what
    is in flight (a short grace), and close."""
    recorder = Recorder(settings)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    port = await recorder.start()
    journal = settings.journal
    where = f"http://{settings.host}:{port}"
    _say(f"recording the {journal.leg} leg on {where} -> {settings.upstream} into {journal.out}")
    try:
        await stop.wait()
    finally:
        await recorder.stop()
        _say("recorder stopped")


def run(settings: Settings) -> None:
    asyncio.run(serve(settings))


def out_folder(text: str) -> Path:
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise InputError(path, "exists and is not a folder")
    return path

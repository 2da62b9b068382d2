"""The recorder on a real wire: aiohttp upstreams on 127.0.0.1, the recorder in
between (in-process, or as the real command for kill and Ctrl+C), and what
the files hold afterwards. Every wait is bounded."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from conftest import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_helpers import (
    NDJSON_CHUNKS,
    NDJSON_TEXT,
    SSE_CHUNKS,
    SSE_TEXT,
    Upstream,
    recording,
    serving,
    upstream_and_recorder,
)

from timeline_app.core.context import Style, render_wilmer
from timeline_app.core.discovery import api_key_folder
from timeline_app.core.pipeline import prepare_request
from timeline_app.core.recordings import RecordFile, cut_reason, parse_records, read_recording, read_records
from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore, load_store, save_store
from timeline_app.core.timestrings import format_absolute
from timeline_app.core.tracking import track
from timeline_app.core.words import Cut, Problem, Said
from timeline_app.record.capture import ReplyAssembler, redact_query

SECRET = "sk-very-secret-0123456789"
CHAT_BODY = (
    b'{"model": "m",  "stream": true, "messages": [\n'
    b'  {"role": "user", "content": "caf\\u00e9 {x} [DiscussionId]talk-1[/DiscussionId]"}]}'
)


def run(scenario, timeout: float = 20):
    return asyncio.run(asyncio.wait_for(scenario, timeout))


async def _post(
    session: aiohttp.ClientSession, url: str, body: bytes, **headers: str
) -> tuple[int, dict, bytes]:
    headers = {"Content-Type": "application/json", **headers}
    async with session.post(url, data=body, headers=headers) as response:
        return response.status, dict(response.headers), await response.read()


def _only(out: Path, discussion: str) -> RecordFile:
    file = read_records(out / discussion / "requests.jsonl")
    assert file.problems == ()
    return file


def test_sse_passes_byte_identical_chunk_by_chunk(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with upstream_and_recorder(tmp_path, responses=True) as (upstream, front):
            upstream.gate = asyncio.Event()
            got: list[bytes] = []
            async with (
                aiohttp.ClientSession(auto_decompress=False) as session,
                session.post(f"{front}/v1/chat/completions?x=1", data=CHAT_BODY) as response,
            ):
                assert response.status == 200
                assert response.headers["Content-Type"] == "text/event-stream"
                assert response.headers["X-Upstream"] == "yes"
                # the upstream holds its second chunk until the client has the first:
                # a recorder that buffered would never get here
                got.append(await asyncio.wait_for(response.content.readany(), 5))
                upstream.gate.set()
                async for chunk in response.content.iter_any():
                    got.append(chunk)
            assert b"".join(got) == b"".join(SSE_CHUNKS)
            assert got[0] == SSE_CHUNKS[0]
            assert upstream.received[0][0] == "/v1/chat/completions?x=1"
            assert upstream.received[0][2] == CHAT_BODY

    run(scenario())
    (request,) = _only(tmp_path, "talk-1").requests
    assert request.body == CHAT_BODY
    assert (request.leg, request.method, request.path, request.query) == (
        "client",
        "POST",
        "/v1/chat/completions",
        "x=1",
    )
    assert request.received.tzinfo is not None
    assert request.response is not None and request.response.text == SSE_TEXT
    assert request.response.complete and request.response.streamed and request.response.status == 200


def test_ollama_ndjson_byte_identical_and_reply_assembled(tmp_path: Path) -> None:
    body = b'{"model":"m","messages":[{"role":"user","content":"[DiscussionId]o-1[/DiscussionId] hallo"}]}'

    async def scenario() -> bytes:
        async with upstream_and_recorder(tmp_path, responses=True) as (_, front):
            async with aiohttp.ClientSession() as session:
                status, headers, data = await _post(session, f"{front}/api/chat", body)
            assert status == 200 and headers["Content-Type"] == "application/x-ndjson"
            return data

    assert run(scenario()) == b"".join(NDJSON_CHUNKS)
    (request,) = _only(tmp_path, "o-1").requests
    assert request.body == body and request.discussion_id == "o-1"
    assert request.response is not None and request.response.text == NDJSON_TEXT


def test_errors_and_timeouts_pass_through(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with (
            upstream_and_recorder(tmp_path, read_timeout=0.2, responses=True) as (_, front),
            aiohttp.ClientSession() as session,
        ):
            status, _, data = await _post(session, f"{front}/fail", b'{"a": 1}')
            assert status == 503 and json.loads(data) == {"error": "model not loaded"}
            status, _, data = await _post(session, f"{front}/slow", b'{"a": 2}')
            assert status == 504 and b"did not answer in time" in data
        async with (
            recording(tmp_path, f"http://127.0.0.1:{_closed_port()}", responses=True) as front,
            aiohttp.ClientSession() as session,
        ):
            status, _, data = await _post(session, f"{front}/v1/chat/completions", b'{"messages": []}')
            assert status == 502 and b"cannot reach the upstream" in data

    run(scenario())
    statuses = [(r.path, r.response.status, r.response.complete) for r in _only(tmp_path, "_no-id").requests]
    assert statuses == [("/fail", 503, True), ("/slow", 504, False), ("/v1/chat/completions", 502, False)]


def _closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (it was just released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_client_disconnect_cancels_the_upstream_request(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with upstream_and_recorder(tmp_path, responses=True) as (upstream, front):
            async with aiohttp.ClientSession() as session:
                response = await session.post(f"{front}/stall", data=b'{"messages": []}')
                assert await asyncio.wait_for(response.content.readany(), 5)
                response.close()  # the front end goes away mid-stream
            await asyncio.wait_for(upstream.gone.wait(), 5)

    run(scenario())
    (request,) = _only(tmp_path, "_no-id").requests
    assert request.response is not None
    assert not request.response.complete and request.response.error == "the client went away"


def test_other_paths_and_bodies_pass_unrecorded(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with (
            upstream_and_recorder(tmp_path) as (upstream, front),
            aiohttp.ClientSession() as session,
            session.get(f"{front}/v1/models") as response,
        ):
            assert (await response.json())["data"][0]["id"] == "m"
            status, _, _ = await _post(
                session, f"{front}/fail", b"not json", **{"Content-Type": "text/plain"}
            )
            assert status == 503 and upstream.received[-1][2] == b"not json"
            async with (
                aiohttp.ClientSession(
                    skip_auto_headers=("User-Agent", "Accept-Encoding", "Content-Type")
                ) as bare,
                bare.post(f"{front}/fail", data=b"\x00\x01", headers={"X-Mine": "1"}) as response,
            ):
                assert response.status == 503
                _, headers, body = upstream.received[-1]
                assert body == b"\x00\x01" and headers["X-Mine"] == "1"
                assert not {"User-Agent", "Accept-Encoding", "Content-Type"} & set(headers)  # nothing added

    run(scenario())
    assert list(tmp_path.rglob("requests.jsonl")) == []


def test_a_body_over_the_limit_passes_through_and_is_noted(tmp_path: Path) -> None:
    big = json.dumps({"messages": [{"role": "user", "content": "x" * 5000}]}).encode()

    async def scenario() -> None:
        async with upstream_and_recorder(tmp_path, limit=1000) as (upstream, front):
            async with aiohttp.ClientSession() as session:
                status, _, data = await _post(session, f"{front}/v1/chat/completions", big)
            assert status == 200 and data == b"".join(SSE_CHUNKS)
            assert upstream.received[0][2] == big

    run(scenario())
    (request,) = _only(tmp_path, "_no-id").requests
    assert request.body is None and request.size == len(big)
    assert "x" * 100 not in (tmp_path / "_no-id" / "requests.jsonl").read_text()


def test_fifty_concurrent_requests_are_each_recorded_once_and_whole(tmp_path: Path) -> None:
    bodies = {
        f"d{n % 5}": [] for n in range(50)
    }  # five discussions, ten requests each, interleaved on the wire
    sent = []
    for n in range(50):
        body = json.dumps(
            {
                "stream": True,
                "messages": [{"role": "user", "content": f"n{n} [DiscussionId]d{n % 5}[/DiscussionId]"}],
            }
        ).encode()
        bodies[f"d{n % 5}"].append(body)
        sent.append(body)

    async def scenario() -> list[bytes]:
        async with (
            upstream_and_recorder(tmp_path, responses=True) as (_, front),
            aiohttp.ClientSession() as session,
        ):
            results = await asyncio.gather(*(_post(session, f"{front}/v1/chat/completions", b) for b in sent))
        return [data for _, _, data in results]

    assert all(data == b"".join(SSE_CHUNKS) for data in run(scenario()))
    for discussion, expected in bodies.items():
        file = _only(tmp_path, discussion)
        assert sorted(r.body for r in file.requests) == sorted(expected)
        assert all(r.response is not None and r.response.text == SSE_TEXT for r in file.requests)
        assert len({r.id for r in file.requests}) == 10
        lines = (tmp_path / discussion / "requests.jsonl").read_bytes().splitlines()
        assert len(lines) == 20  # one request and one response line each, nothing else


def test_timestamp_file_copied_as_it_was_and_no_credential_in_any_file(tmp_path: Path) -> None:
    root, out = tmp_path / "DiscussionIds", tmp_path / "out"
    folder = root / api_key_folder(SECRET) / "talk-1"
    folder.mkdir(parents=True)
    first = b'{\n    "' + b"a" * 64 + b'": "(Monday, 2026-01-05 10:00:00)"\n}'
    (folder / "timestamps.json").write_bytes(first)

    async def scenario() -> None:
        async with upstream_and_recorder(out, discussions=root, responses=True) as (upstream, front):
            headers = {
                "Authorization": f"Bearer {SECRET}",
                "Cookie": "session=cookie-secret",
                "X-Api-Key": SECRET,
            }
            async with aiohttp.ClientSession() as session:
                url = f"{front}/v1/chat/completions?key={SECRET}&keep=1"
                await _post(session, url, CHAT_BODY, **headers)
                (folder / "timestamps.json").write_bytes(first.replace(b"10:00", b"11:00"))
                await _post(session, url, CHAT_BODY, **headers)
                await _post(session, url, CHAT_BODY, **headers)
            # the upstream does get the credentials: the recorder only keeps them out of files
            assert upstream.received[0][1]["Authorization"] == f"Bearer {SECRET}"

    run(scenario())
    file = _only(out, "talk-1")
    copies = [r.snapshot_path() for r in file.requests]
    assert copies[0].read_bytes() == first
    assert copies[1].read_bytes() == first.replace(b"10:00", b"11:00") and copies[2] == copies[1]
    assert file.requests[0].snapshot.source == f"{api_key_folder(SECRET)}/talk-1/timestamps.json"
    assert file.requests[0].query == "key=REDACTED&keep=1"
    for path in out.rglob("*"):
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o700 if path.is_dir() else 0o600), path
        if path.is_file():
            data = path.read_bytes()
            for secret in (SECRET.encode(), b"cookie-secret", b"Authorization", b"Bearer"):
                assert secret not in data, (path, secret)


def test_unfinished_last_line_is_never_read_as_a_record(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with (
            upstream_and_recorder(tmp_path, responses=True) as (_, front),
            aiohttp.ClientSession() as session,
        ):
            for _ in range(2):
                await _post(session, f"{front}/v1/chat/completions", CHAT_BODY)

    run(scenario())
    whole = (tmp_path / "talk-1" / "requests.jsonl").read_bytes()
    lines = whole.splitlines(keepends=True)
    head, last = b"".join(lines[:-1]), lines[-1]
    for cut in range(len(last) - 1):  # every cut short of the closing brace
        file = parse_records(head + last[:cut], tmp_path / "x" / "requests.jsonl")
        assert len(file.requests) == 2 and file.requests[1].response is None
        if cut and last[:cut].strip():
            assert file.problems == ((len(lines), Said(Problem.RECORD_UNFINISHED)),)
            assert str(file.problems[0][1]) == "unfinished record (the recorder stopped mid-write)"


async def _start_command(*argv: str) -> tuple[asyncio.subprocess.Process, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "timeline_app", "record", *argv, stderr=asyncio.subprocess.PIPE
    )
    assert process.stderr is not None
    line = (await asyncio.wait_for(process.stderr.readline(), 15)).decode()
    found = re.search(r"http://127\.0\.0\.1:(\d+)", line)
    assert found, line
    return process, f"http://127.0.0.1:{found.group(1)}"


def test_sigkill_mid_stream_leaves_every_finished_record_whole(tmp_path: Path) -> None:
    upstream = Upstream()

    async def scenario() -> None:
        async with serving(upstream.app()) as url:
            process, front = await _start_command(
                "--listen", "127.0.0.1:0", "--upstream", url, "--out", str(tmp_path), "--responses"
            )
            try:
                async with aiohttp.ClientSession() as session:
                    for _ in range(3):
                        status, _, _ = await _post(session, f"{front}/v1/chat/completions", CHAT_BODY)
                        assert status == 200
                    response = await session.post(f"{front}/stall", data=b'{"messages": []}')
                    assert await asyncio.wait_for(response.content.readany(), 5)
                    process.send_signal(signal.SIGKILL)
                    assert await asyncio.wait_for(process.wait(), 10) == -signal.SIGKILL
                    response.close()
            finally:
                if process.returncode is None:
                    process.kill()
                    await process.wait()

    run(scenario(), timeout=40)
    finished = _only(tmp_path, "talk-1").requests
    assert len(finished) == 3 and all(r.response and r.response.complete for r in finished)
    (stalled,) = _only(tmp_path, "_no-id").requests
    assert stalled.response is None  # its request is whole; no reply was ever claimed


def test_ctrl_c_stops_the_recorder_cleanly(tmp_path: Path) -> None:
    upstream = Upstream()

    async def scenario() -> tuple[int, bytes]:
        async with serving(upstream.app()) as url:
            process, front = await _start_command(
                "--listen", "127.0.0.1:0", "--upstream", url, "--out", str(tmp_path)
            )
            try:
                async with aiohttp.ClientSession() as session:
                    await _post(session, f"{front}/api/chat", b'{"messages": []}')
                process.send_signal(signal.SIGINT)
                code = await asyncio.wait_for(process.wait(), 10)
                assert process.stderr is not None
                return code, await process.stderr.read()
            finally:
                if process.returncode is None:
                    process.kill()
                    await process.wait()

    code, err = run(scenario(), timeout=40)
    assert code == 0 and b"recorder stopped" in err and b"Traceback" not in err
    assert re.search(rb"\d\d:\d\d:\d\d client POST /api/chat \[-\] 200 \d+\.\ds\n", err), err
    assert len(_only(tmp_path, "_no-id").requests) == 1


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["--listen", "0.0.0.0:5050"], "is not loopback"),
        (["--listen", "localhost"], "expected HOST:PORT"),
        (["--upstream", "ftp://x"], "expected an http:// or https:// URL"),
        (["--discussions", "/nonexistent/DiscussionIds"], "is not a folder"),
    ],
)
def test_record_refuses_bad_flags_with_one_line(argv, problem, tmp_path, capsys) -> None:
    base = {"--listen": "127.0.0.1:0", "--upstream": "http://127.0.0.1:9", "--out": str(tmp_path)}
    base.update(dict(zip(argv[::2], argv[1::2], strict=True)))
    code, out, err = run_cli(capsys, "record", *(x for pair in base.items() for x in pair))
    assert code == 2 and out == ""
    assert problem in err and len(err.strip().splitlines()) == 1


@pytest.mark.timeout(120)  # a recorder that starts never ends: the test fails instead of hanging
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    flag=st.sampled_from(["--listen", "--upstream"]),
    port=st.sampled_from(["99999", "65536", "-1", "x", "\u00b2", "\u0663\u0663", "1e3", "nan", "8O"]),
    host=st.sampled_from(["127.0.0.1", "[::1", "a b", "%zz", "[::1]"]),
)
def test_record_refuses_any_bad_address_in_one_line(
    tmp_path, capsys, flag: str, port: str, host: str
) -> None:
    """Found blind: ``--upstream http://127.0.0.1:99999`` (or a port ``x``, a
    broken IPv6 literal) ended in the URL parser's ``ValueError`` traceback,
    ``--listen 127.0.0.1:\u00b2`` in int()'s; ``--listen 127.0.0.1:\u0663\u0663``
    listened on port 33 and ``--upstream 'http://a b'`` started a recorder
    that could only answer 502. Any address with a port that is not 0-65535
    in ASCII digits, or a host that is not one, is one line and status 2
    (fails with check_upstream's try or _PORT_RE removed)."""
    base = {"--listen": "127.0.0.1:0", "--upstream": "http://127.0.0.1:9", "--out": str(tmp_path)}
    base[flag] = f"{host}:{port}" if flag == "--listen" else f"http://{host}:{port}"
    code, out, err = run_cli(capsys, "record", *(x for pair in base.items() for x in pair))
    assert code == 2 and out == "", err
    assert err.startswith(f"timeline-inspector: error: {flag} ") and err.count("\n") == 1, err


def test_query_redaction_and_reply_assembly_units() -> None:
    assert redact_query("api_key=abc&model=x&Key=z") == "api_key=REDACTED&model=x&Key=REDACTED"
    whole = ReplyAssembler("application/json", False, 1000)
    whole.feed(b'{"choices":[{"message":{"role":"assistant","content":"Hi!"}}]}')
    assert whole.text() == "Hi!"
    packed = ReplyAssembler("text/event-stream", True, 1000)
    packed.feed(b"\x1f\x8b...")
    assert packed.text() is None and packed.size == 5


def test_recording_listing_is_sorted_and_reads_every_discussion(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with upstream_and_recorder(tmp_path) as (_, front), aiohttp.ClientSession() as session:
            await _post(session, f"{front}/v1/chat/completions", CHAT_BODY)
            await _post(session, f"{front}/api/chat", b'{"messages": []}')

    run(scenario())
    files = read_recording(tmp_path)
    assert [f.path.parent.name for f in files] == ["_no-id", "talk-1"]
    assert [len(f.requests) for f in files] == [1, 1]
    assert os.listdir(tmp_path / "talk-1") == ["requests.jsonl"]  # no copies without --discussions


def _fake_middleware(root: Path, model_url: str) -> web.Application:
    """A stand-in for the middleware (tracking with this project's engine, which
    the conformance vectors pin to the real one): it tracks, formats the
    absolute context, adds its node's system prompt, saves the file with the
    pending placeholder, and streams the model's answer back."""

    async def chat(request: web.Request) -> web.StreamResponse:
        body = await request.json()
        prepared = prepare_request(body["messages"])
        path = root / str(prepared.discussion_id) / "timestamps.json"
        store = load_store(path) if path.exists() else TimestampStore()
        now = datetime.now().replace(microsecond=0)
        tracked = track(prepared, store, now).store
        messages = render_wilmer(prepared, tracked, Style.ABSOLUTE, now)
        tracked.set(PLACEHOLDER_KEY, format_absolute(now))
        path.parent.mkdir(parents=True, exist_ok=True)
        save_store(path, tracked, backup=False)
        payload = {
            "model": "x",
            "stream": True,
            "messages": [{"role": "system", "content": "Be brief."}, *messages],
        }
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        async with (
            aiohttp.ClientSession() as session,
            session.post(f"{model_url}/v1/chat/completions", json=payload) as up,
        ):
            await response.prepare(request)
            async for chunk in up.content.iter_any():
                await response.write(chunk)
        await response.write_eof()
        return response

    app = web.Application()
    app.router.add_post("/v1/chat/completions", chat)
    return app


def test_front_end_recorder_middleware_recorder_model_streams_and_compares(tmp_path: Path, capsys) -> None:
    root, out = tmp_path / "DiscussionIds", tmp_path / "rec"
    root.mkdir()
    turn = [{"role": "user", "content": "Hello {there} [DiscussionId]chain[/DiscussionId]"}]
    model = Upstream()

    async def scenario() -> None:
        async with (
            serving(model.app()) as model_url,
            recording(out, model_url, leg="model") as model_leg,
            serving(_fake_middleware(root, model_leg)) as middleware_url,
            recording(out, middleware_url, discussions=root, responses=True) as front,
            aiohttp.ClientSession() as session,
        ):
            for reply in ("Hi.", None):
                status, _, data = await _post(
                    session, f"{front}/v1/chat/completions", json.dumps({"messages": turn}).encode()
                )
                assert status == 200 and data == b"".join(SSE_CHUNKS)
                if reply:
                    turn.extend(
                        [{"role": "assistant", "content": SSE_TEXT}, {"role": "user", "content": "And now?"}]
                    )

    run(scenario())
    code, text, err = run_cli(capsys, "compare", str(out))
    assert code == 0, err
    # every opened request also says which client API it took (issue 13); not what this test is about
    lines = [line for line in text.splitlines() if not line.startswith("  note: client API")]
    assert len(lines) == 9 and lines[-1] == "2 client requests compared"
    (first, note1, extra1, after1), (second, note2, extra2, after2) = lines[0:4], lines[4:8]
    # the file after the first reply is the copy kept with the second request (issue 32)
    assert after1 == "  after the reply (default): identical"
    assert (
        after2
        == "  after the reply (default): not checked: no later request of this discussion to compare with"
    )
    assert (
        "[chain]: 1 message differs (absolute," in first and "[chain]: 1 message differs (absolute," in second
    )
    assert note1 == "  note: no timestamp file when the request arrived (chain/timestamps.json)"
    assert note2 == "  note: timestamp file as it was: chain/timestamps.json"
    assert extra1 == extra2 == "  #0 system: extra"  # the node's own system prompt, nothing else
    code, text, _ = run_cli(capsys, "compare", str(out), "--json")
    for comparison in json.loads(text):
        (extra,) = [m for m in comparison["messages"] if m["status"] != "same"]
        assert extra == {**extra, "status": "extra", "actual": "Be brief.", "actual_index": 0}
    second = read_records(out / "chain" / "requests.jsonl").requests[1]
    assert b"PLACEHOLDER_TIMESTAMP_HASH_0000" in second.snapshot_path().read_bytes()


def test_only_the_record_command_loads_aiohttp() -> None:
    code = (
        "import sys\n"
        "from timeline_app.entry import main\n"
        "import timeline_app.core.compare, timeline_app.core.transcripts\n"
        "assert 'aiohttp' not in sys.modules, 'aiohttp imported outside record'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_a_record_that_cannot_be_written_does_not_stop_the_conversation(tmp_path: Path, capsys) -> None:
    (tmp_path / "_no-id" / "requests.jsonl").mkdir(parents=True)  # unwritable as a file

    async def scenario() -> tuple[int, bytes]:
        async with upstream_and_recorder(tmp_path) as (upstream, front), aiohttp.ClientSession() as session:
            status, _, data = await _post(session, f"{front}/api/chat", b'{"messages": []}')
            assert upstream.received[0][2] == b'{"messages": []}'
            return status, data

    assert run(scenario()) == (200, b"".join(NDJSON_CHUNKS))
    assert "cannot record POST /api/chat: Is a directory" in capsys.readouterr().err


def test_stopping_mid_stream_ends_the_exchange_and_says_so(tmp_path: Path) -> None:
    async def scenario() -> None:
        upstream = Upstream()
        async with serving(upstream.app()) as url, aiohttp.ClientSession() as session:
            async with recording(tmp_path, url, responses=True, grace=0.1) as front:
                response = await session.post(f"{front}/stall", data=b'{"messages": []}')
                assert await asyncio.wait_for(response.content.readany(), 5)
            with pytest.raises(aiohttp.ClientPayloadError):
                await asyncio.wait_for(response.read(), 5)  # cut off, never passed as complete
            response.close()
            await asyncio.wait_for(upstream.gone.wait(), 5)

    run(scenario())
    (request,) = _only(tmp_path, "_no-id").requests
    assert request.response is not None
    assert not request.response.complete and request.response.error == "the recorder stopped"


def test_a_cut_responses_reason_reads_back_as_the_code_the_recorder_wrote() -> None:
    """The record keeps the recorder's English; the panel words it again."""
    for said in (
        Said(Cut.TIMED_OUT, ("ServerTimeoutError",)),
        Said(Cut.UPSTREAM, ("Cannot connect to host 127.0.0.1:9 ssl:default [Connection refused]",)),
        Said(Cut.RECORDER_STOPPED),
        Said(Cut.CLIENT_GONE),
    ):
        assert cut_reason(str(said)) == said
    assert cut_reason("upstream error: ") == "upstream error: "  # no words after it: not the recorder's
    assert cut_reason("written by another recorder") == "written by another recorder"

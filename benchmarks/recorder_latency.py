"""What ``record --leg model`` adds to each call, against a direct call to the same backend in the same run.

The backend is Python's ``http.server`` (which KoboldCpp's API server builds
on): HTTP/1.1 keep-alive, status line and headers written apart from the
body, Nagle's algorithm on unless ``--nodelay``. The client reuses one
connection, as the middleware's ``requests`` session does. Printed: the
median milliseconds of a direct call, of a call through the recorder, and
the difference (issue 30's target: at most 5 ms added, either backend).
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

QUICKACK = getattr(socket, "TCP_QUICKACK", 12)  # Linux
REPLY = json.dumps({"choices": [{"message": {"role": "assistant", "content": "hello " * 20}}]}).encode()


def backend(nodelay: bool) -> tuple[ThreadingHTTPServer, int]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self) -> None:
            super().setup()
            if nodelay:
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        def do_POST(self) -> None:  # http.server's name
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(REPLY)))
            self.end_headers()  # headers in one write ...
            self.wfile.write(REPLY)  # ... the body in another, as KoboldCpp does

        def log_message(self, *args: object) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def timed_calls(port: int, count: int) -> list[float]:
    body = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode()
    conn = http.client.HTTPConnection("127.0.0.1", port)
    times = []
    for _ in range(count):
        start = time.perf_counter()
        conn.request("POST", "/v1/chat/completions", body, {"Content-Type": "application/json"})
        # this client acknowledges at once, so what is measured is the hop
        # under test, not this client's own delayed ACK (the same backend
        # waits ~40 ms for it on Linux's loopback)
        conn.sock.setsockopt(socket.IPPROTO_TCP, QUICKACK, 1)
        conn.getresponse().read()
        times.append((time.perf_counter() - start) * 1000)
    conn.close()
    return times[2:]  # the connection's first calls ride the kernel's quick ACKs


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--nodelay", action="store_true", help="the backend sets TCP_NODELAY")
    parser.add_argument("--calls", type=int, default=60)
    args = parser.parse_args()
    server, port = backend(args.nodelay)
    listen = free_port()
    with tempfile.TemporaryDirectory() as out:
        recorder = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "timeline_app",
                "record",
                "--leg",
                "model",
                "--listen",
                f"127.0.0.1:{listen}",
                "--upstream",
                f"http://127.0.0.1:{port}",
                "--out",
                out,
                "--responses",
            ],
            stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", listen), timeout=0.1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            direct = statistics.median(timed_calls(port, args.calls))
            through = statistics.median(timed_calls(listen, args.calls))
        finally:
            recorder.terminate()
            recorder.wait(10)
    server.shutdown()
    kind = "TCP_NODELAY" if args.nodelay else "Nagle (http.server default)"
    print(
        f"backend {kind}: direct {direct:.2f} ms, through the recorder {through:.2f} ms, "
        f"added {through - direct:.2f} ms per call (median of {args.calls - 2})"
    )


if __name__ == "__main__":
    main()

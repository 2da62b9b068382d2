"""Runs request-reply-request cycles through a real WilmerAI and checks every write with ``compare``.

Why: issue 32's "done when": the inspector must predict, byte for byte, each
file the middleware writes across a request, its reply and the next request,
in the default mode and with ``useGroupChatTimestampLogic``, streamed and not,
with and without generation prompts. This sets that up from a WilmerAI
checkout, with a fake model that answers scripted replies:

    python tools/wilmer_cycle.py /path/to/WilmerAI PYTHON_WITH_WILMER_DEPS [WORK_DIR]

PYTHON_WITH_WILMER_DEPS runs the middleware (its requirements.txt: Flask,
Pillow, ...). WORK_DIR (default: a new temporary folder) receives a copy of
the checkout's Middleware/Public/server.py with two users (``gcdefault``,
``gcgroup``), one Standard node each, the recordings and the logs. The fake
model and the recorders run with this checkout's interpreter. Prints the
``compare`` verdicts and exits 1 when a compared request or write differs.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
TI = [sys.executable, "-m", "timeline_app"]
PORTS = {"default": (5780, 5781), "group": (5790, 5791)}  # recorder, middleware
MODEL, MODEL_LEG = 5792, 5793

FAKE_MODEL = """
import json, sys
from aiohttp import web
REPLY = sys.argv[1]

async def chat(request):
    body = await request.json()
    text = open(REPLY, encoding="utf-8").read()
    if not body.get("stream"):
        message = {"role": "assistant", "content": text}
        return web.json_response({"id": "x", "object": "chat.completion", "model": "fake",
            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}]})
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
    await response.prepare(request)
    for at in range(0, len(text), 3):
        delta = {"choices": [{"index": 0, "delta": {"content": text[at:at + 3]}, "finish_reason": None}]}
        await response.write(f"data: {json.dumps(delta)}\\n\\n".encode())
    end = {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
    await response.write(f"data: {json.dumps(end)}\\n\\ndata: [DONE]\\n\\n".encode())
    await response.write_eof()
    return response

app = web.Application()
app.router.add_post("/v1/chat/completions", chat)
app.router.add_post("/chat/completions", chat)
web.run_app(app, host="127.0.0.1", port=int(sys.argv[2]), print=None)
"""

# (generation prompt or None, the model's reply): every branch the reply's commit has
TURNS = [
    ("Aria:", "Hello there"),  # a prompt, no prefix from the model: prepended
    ("Bob:", "Bob: sure thing"),  # the model writes the prefix itself: kept
    (None, "[Sent less than a minute ago] Fine"),  # no prompt; the echo is stripped
    ("Aria:", "Well, Bob said: hi"),  # a colon inside the streamed window, not a first word
    ("Aria:", ""),  # an empty reply
    (None, "last"),
]


def _configure(work: Path) -> None:
    configs = work / "Public" / "Configs"
    for mode, (_, port) in PORTS.items():
        user = f"gc{mode}"
        settings = {
            "port": port,
            "stream": True,
            "customWorkflowOverride": True,
            "customWorkflow": "GC",
            "routingConfig": "",
            "discussionDirectory": str(work / f"DiscussionIds-{mode}"),
            "sqlLiteDirectory": str(work / f"sql-{mode}"),
            "chatPromptTemplateName": "_chatonly",
            "chatCompleteAddUserAssistant": False,
            "chatCompletionAddMissingAssistantGenerator": False,
            "endpointConfigsSubDirectory": "gc",
            "presetConfigsSubDirectoryOverride": "gc",
            "useFileLogging": False,
        }
        (configs / "Users" / f"{user}.json").write_text(json.dumps(settings, indent=2))
        node = {
            "title": "Respond",
            "type": "Standard",
            "systemPrompt": "",
            "prompt": "",
            "lastMessagesToSendInsteadOfPrompt": 100,
            "endpointName": "GC-Endpoint",
            "preset": "GC",
            "maxResponseSizeInTokens": 200,
            "addUserTurnTemplate": False,
            "returnToUser": True,
            "addDiscussionIdTimestampsForLLM": True,
            "useGroupChatTimestampLogic": mode == "group",
        }
        (configs / "Workflows" / user).mkdir(parents=True, exist_ok=True)
        (configs / "Workflows" / user / "GC.json").write_text(json.dumps({"nodes": [node]}, indent=2))
        (work / f"DiscussionIds-{mode}").mkdir(exist_ok=True)
    endpoint = {
        "endpoint": f"http://127.0.0.1:{MODEL_LEG}",
        "apiTypeConfigFileName": "Open-AI-API",
        "maxContextTokenSize": 32000,
        "modelNameToSendToAPI": "fake",
        "promptTemplate": "_chatonly",
        "addGenerationPrompt": False,
        "trimBeginningAndEndLineBreaks": False,
        "dontIncludeModel": False,
        "removeThinking": False,
    }
    (configs / "Endpoints" / "gc").mkdir(parents=True, exist_ok=True)
    (configs / "Endpoints" / "gc" / "GC-Endpoint.json").write_text(json.dumps(endpoint, indent=2))
    presets = configs / "Presets" / "OpenAiCompatibleApis" / "gc"
    presets.mkdir(parents=True, exist_ok=True)
    (presets / "GC.json").write_text('{"temperature": 0}')


def _ask(port: int, messages: list, stream: bool, reply: str, reply_file: Path) -> str:
    """One request as a front end sends it; the text it receives."""
    reply_file.write_text(reply, encoding="utf-8")
    body = json.dumps({"model": "x", "stream": stream, "messages": messages}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/v1/chat/completions", body, {"Content-Type": "application/json"}
    )
    data = urllib.request.urlopen(request, timeout=60).read().decode()
    if not stream:
        return json.loads(data)["choices"][0]["message"]["content"]
    text = ""
    for line in data.splitlines():
        if line.startswith("data: ") and line[6:] != "[DONE]":
            text += (json.loads(line[6:])["choices"][0].get("delta") or {}).get("content") or ""
    return text


def _cycle(port: int, discussion: str, stream: bool, cut: bool, reply_file: Path) -> None:
    """A discussion of len(TURNS) requests; ``cut``: the front end drops speaker prefixes (the failure)."""
    messages = [{"role": "user", "content": f"Hi all [DiscussionId]{discussion}[/DiscussionId]"}]
    for index, (prompt, reply) in enumerate(TURNS):
        sent = messages + ([{"role": "user", "content": prompt}] if prompt else [])
        got = _ask(port, sent, stream, reply, reply_file)
        kept = got.split(": ", 1)[1] if cut and got.startswith(("Aria: ", "Bob: ")) else got
        messages += [{"role": "assistant", "content": kept}, {"role": "user", "content": f"turn {index}"}]
        time.sleep(1.1)  # a new second per request: the middleware's clock has whole seconds


def _wait(port: int) -> None:
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"nothing listens on {port}")


def main() -> int:
    wilmer, wilmer_python = Path(sys.argv[1]).resolve(), sys.argv[2]
    work = Path(sys.argv[3]) if len(sys.argv) > 3 else Path(tempfile.mkdtemp(prefix="wilmer-cycle-"))
    for part in ("Middleware", "Public"):
        shutil.copytree(wilmer / part, work / part, dirs_exist_ok=True)
    shutil.copy(wilmer / "server.py", work / "server.py")
    _configure(work)
    reply_file = work / "next_reply.txt"
    reply_file.write_text("")
    (work / "fake_model.py").write_text(FAKE_MODEL)
    started: list[subprocess.Popen[bytes]] = []

    def start(argv: list[str], log: str, cwd: Path = HERE) -> None:
        with (work / log).open("wb") as out:
            started.append(subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=subprocess.STDOUT))

    try:
        start([sys.executable, str(work / "fake_model.py"), str(reply_file), str(MODEL)], "model.log")
        leg = ["record", "--listen", f"127.0.0.1:{MODEL_LEG}", "--upstream", f"http://127.0.0.1:{MODEL}"]
        start([*TI, *leg, "--out", str(work / "rec-model"), "--leg", "model"], "model-leg.log")
        for mode, (front, port) in PORTS.items():
            server = [wilmer_python, "server.py", "--User", f"gc{mode}", "--port", str(port)]
            start(server, f"{mode}.log", work)
            record = ["record", "--listen", f"127.0.0.1:{front}", "--upstream", f"http://127.0.0.1:{port}"]
            where = ["--out", str(work / f"rec-{mode}"), "--discussions", str(work / f"DiscussionIds-{mode}")]
            start([*TI, *record, *where, "--responses"], f"rec-{mode}.log")
        for port in (MODEL, MODEL_LEG, *(p for pair in PORTS.values() for p in pair)):
            _wait(port)
        for mode, (front, _) in PORTS.items():
            for stream, cut in ((False, False), (True, False), (False, True), (True, True)):
                name = f"{mode}-{'streamed' if stream else 'whole'}{'-cut' if cut else ''}"
                _cycle(front, name, stream, cut, reply_file)
    finally:
        for process in reversed(started):
            process.terminate()
            process.wait(timeout=10)
    failed = False
    for mode in PORTS:
        folder = work / f"rec-{mode}" / "_no-id"
        folder.mkdir(parents=True, exist_ok=True)  # the model leg, paired by time with each client request
        shutil.copy(work / "rec-model" / "_no-id" / "requests.jsonl", folder / "requests.jsonl")
        flags = ["--group-chat-commit"] if mode == "group" else []
        done = subprocess.run(
            [*TI, "compare", str(work / f"rec-{mode}"), *flags], cwd=HERE, capture_output=True, text=True
        )
        verdicts = Counter(
            line.split("]: ", 1)[1].split(" (", 1)[0] if "]: " in line else line.strip()
            for line in done.stdout.splitlines()
            if "]: " in line or line.startswith("  after the reply")
        )
        print(f"{mode}: {dict(verdicts)}")
        failed |= any("differ" in verdict for verdict in verdicts)
    print(f"recordings and logs in {work}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

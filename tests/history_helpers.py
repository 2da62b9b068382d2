"""A fake WilmerAI for history tests: an aiohttp server that tracks each chat
request into ``DiscussionIds/<id>/timestamps.json`` exactly as the engine
simulates the middleware (tracking, then the reply's placeholder), answers
with a known SSE reply, and a conversation driven through the real recorder
in front of it (client leg, ``--discussions``, ``--responses``)."""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import aiohttp
from aiohttp import web
from record_helpers import recording, serving

from timeline_app.core.pipeline import prepare_request
from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore, load_store, save_store
from timeline_app.core.tracking import track, with_reply_placeholder

START = datetime(2026, 3, 1, 9, 0, 0)


@dataclass
class FakeMiddleware:
    """Tracks each request at its own clock (``START`` + one minute per
    request) and replies ``reply <n>``."""

    root: Path
    clock: datetime = START
    replies: list[str] = field(default_factory=list)
    store_reply: bool = False  # store the reply's own key when answering, no placeholder
    reply_after: timedelta = timedelta()  # the reply's generation starts this after the request
    writes: bool = True  # False: answers, never writes the file (a bare model server, issue 31)

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._chat)
        return app

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        prepared = prepare_request(body["messages"])
        path = self.root / str(prepared.discussion_id) / "timestamps.json"
        store = load_store(path) if path.exists() else TimestampStore()
        self.clock += timedelta(minutes=1)
        result = with_reply_placeholder(track(prepared, store, self.clock), self.clock + self.reply_after)
        path.parent.mkdir(parents=True, exist_ok=True)
        text = f"reply {len(self.replies)}"
        store = result.store
        if self.store_reply:  # as the tryout's fake did: the reply's key, as it answers
            store = TimestampStore({**store.as_mapping(), sha(text): store.get(PLACEHOLDER_KEY)})
            store = TimestampStore({k: v for k, v in store.as_mapping().items() if k != PLACEHOLDER_KEY})
        if self.writes:
            save_store(path, store, backup=False)
        self.replies.append(text)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        chunk = {"choices": [{"delta": {"role": "assistant", "content": text}}]}
        await response.write(b"data: " + json.dumps(chunk).encode() + b"\n\ndata: [DONE]\n\n")
        await response.write_eof()
        return response


Step = Callable[[list[dict], Path], list[dict] | None]


def converse(
    tmp: Path,
    turns: list[Step],
    discussion: str = "talk",
    *,
    store_reply: bool = False,
    reply_after: timedelta = timedelta(),
    keys: list[str | None] | None = None,
    writes: bool = True,
) -> tuple[Path, FakeMiddleware]:
    """Run ``turns`` through recorder and fake middleware. Each turn gets the
    conversation so far (with every reply appended) and the discussion's
    timestamp file, and returns the messages to send (None: send nothing,
    a hand edit only). ``keys``: the Bearer key each sent turn carries (None:
    none); the fake writes where it always does, so a key whose per-user
    folder does not exist leaves the recorder no copy to keep. Returns the
    discussion's recording folder."""
    out, root = tmp / "wire", tmp / "DiscussionIds"
    root.mkdir(parents=True, exist_ok=True)
    middleware = FakeMiddleware(root, store_reply=store_reply, reply_after=reply_after, writes=writes)
    tag = f"[DiscussionId]{discussion}[/DiscussionId]"
    system = {"role": "system", "content": f"You are kind. {tag}"}

    async def scenario() -> None:
        async with (
            serving(middleware.app()) as url,
            recording(out, url, discussions=root, responses=True) as front,
            aiohttp.ClientSession() as session,
        ):
            chat: list[dict] = [system]
            bearers = iter(keys or [])
            for turn in turns:
                sent = turn(chat, root / discussion / "timestamps.json")
                if sent is None:
                    continue
                key = next(bearers, None)
                headers = {"Authorization": f"Bearer {key}"} if key else {}
                url = f"{front}/v1/chat/completions"
                async with session.post(url, json={"messages": sent}, headers=headers) as r:
                    assert r.status == 200
                    await r.read()
                chat = [*sent, {"role": "assistant", "content": middleware.replies[-1]}]

    asyncio.run(asyncio.wait_for(scenario(), 30))
    return out / discussion, middleware


def say(text: str) -> Step:
    """The user sends ``text`` after the conversation so far."""
    return lambda chat, _: [*chat, {"role": "user", "content": text}]


def regenerate() -> Step:
    """The front end asks for the last reply again: the same messages, without it."""
    return lambda chat, _: chat[:-1]


def edit(index: int, text: str, then: str) -> Step:
    """Message ``index`` edited to ``text``, then the user sends ``then``."""

    def step(chat: list[dict], _: Path) -> list[dict]:
        changed = [dict(m) for m in chat]
        changed[index]["content"] = text
        return [*changed, {"role": "user", "content": then}]

    return step


def delete(start: int, stop: int, then: str) -> Step:
    """Messages ``start`` to ``stop`` (excluded) deleted, then the user sends ``then``."""
    return lambda chat, _: [*chat[:start], *chat[stop:], {"role": "user", "content": then}]


def hand_edit(change: Callable[[dict], None]) -> Step:
    """Someone edits the timestamp file by hand between two requests."""

    def step(_: list[dict], path: Path) -> None:
        entries = json.loads(path.read_text())
        change(entries)
        path.write_text(json.dumps(entries, indent=4))

    return step


def sha(text: str) -> str:
    """The key the middleware stores ``text`` under."""
    return hashlib.sha256(text.encode()).hexdigest()


def talk_with_every_kind_of_change(tmp: Path, by_hand: Callable[[dict], None]) -> Path:
    """Request 0 "Hello"; 1 "How are you?"; 2 the same again (reply 1
    regenerated); 3 "How are you?" sent with a trailing space, then "Fine.";
    the file edited by hand with ``by_hand``; 4 "Bye". The recorded
    discussion's folder."""
    folder, _ = converse(
        tmp,
        [
            say("Hello"),
            say("How are you?"),
            regenerate(),
            edit(3, "How are you? ", "Fine."),
            hand_edit(by_hand),
            say("Bye"),
        ],
    )
    return folder


def on_the_middleware_clock(folder: Path) -> Path:
    """The recording in ``folder`` as if each request had arrived when the fake
    middleware's clock says it handled it (``START`` + one minute per request,
    on this machine's zone, which the discussion's clock is): the recorder
    took them within a second of real time, and a strip would place them far
    after every stored time. Real middleware stamps its own arrival time, so
    this is how a real recording looks. Returns ``folder``."""
    path = folder / "requests.jsonl"
    lines, number, arrived = [], 0, START.astimezone()
    for line in path.read_text().splitlines():
        record = json.loads(line)
        if record.get("leg") == "client" and record.get("kind") == "request":
            number += 1
            arrived = (START + timedelta(minutes=number)).astimezone()
        if "received" in record:
            record["received"] = arrived.isoformat()
        if "finished" in record:
            record["finished"] = (arrived + timedelta(seconds=2)).isoformat()
        lines.append(json.dumps(record))
    path.write_text("\n".join(lines) + "\n")
    return folder


def talk_that_drops_its_start(tmp: Path) -> Path:
    """Requests 1 "A", 2 "B", 3 "C", then 4 "D" with "A" and its reply
    deleted: reply 1 ("B"'s), given the placeholder at request 3, is message
    #4 there and #2 in request 4. The recorded discussion's folder."""
    folder, _ = converse(tmp, [say("A"), say("B"), say("C"), delete(1, 3, "D")])
    return folder

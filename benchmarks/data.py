"""Realistic benchmark data: chat requests and timestamp files of any size.

Real chats are not ``message 17: lorem ipsum``: lengths spread from a word to
a few pages, some people write Chinese or Japanese, emoji are everywhere,
some messages carry only an image, and timestamp files hold orphans left by
edits. Timings on uniform ASCII data flatter UTF-8 encoding and hashing, so
the benchmark runs on data shaped like this instead. Everything is seeded:
the same size and shape give the same bytes on every machine.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import orjson

from timeline_app.core.pipeline import Kind, prepare_request
from timeline_app.core.timestrings import format_absolute

TRACKING = ("untracked", "half", "full")
START = datetime(2024, 3, 1, 9, 0, 0)

_LATIN = tuple(
    " ".join(
        (
            "the a of and to in is it you that was for on are with as I his they be at one have this",
            "from or had by hot word but what some we can out other were all there when up use your",
            "how said an each she which do their time if will way about many then them write would",
            "like so these her long make thing see him two has look more day could go come did number",
            "sound no most people remember yesterday tomorrow coffee train meeting garden story chapter",
            "letter river mountain",
        )
    ).split(" ")
)
_CJK = (
    "我们今天明天昨天时间对话记录你好世界天气很好吃饭了没有学习工作朋友电话音乐电影书店咖啡火车"
    "会议花园故事河流山东京日本語です私はありがとうございます"
)
_EMOJI = "😀😂🥲😍🤔🙏👍👍🏽🎉🚀❤️🔥✨🌧️🍜☕🐱🐶🌸📚🎵"
_IMAGE = (
    "data:image/png;base64,"
    + "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg"
)


def _corpus(rng: random.Random, size: int) -> tuple[str, str, str]:
    """Three long texts to cut messages from: Latin prose, CJK-heavy, emoji-sprinkled."""
    words = rng.choices(_LATIN, k=size // 5)
    latin = " ".join(words)
    for at in range(0, len(words), 40):  # sentences and paragraphs
        words[at] = words[at].capitalize()
    latin = " ".join(
        w + ("." if i % 17 == 16 else "") + ("\n\n" if i % 97 == 96 else "") for i, w in enumerate(words)
    )
    cjk = "".join(rng.choices(_CJK, k=size // 2))
    cjk = "".join(c + ("，" if i % 13 == 12 else "") for i, c in enumerate(cjk))
    mixed = " ".join(
        w if rng.random() > 0.12 else rng.choice(_EMOJI) for w in rng.choices(_LATIN, k=size // 5)
    )
    return latin, cjk, mixed


def _length(rng: random.Random) -> int:
    """20 to 2,000 characters, log-uniform: most messages are short, some are pages."""
    return int(20 * (100 ** rng.random()))


def make_messages(count: int, seed: int = 8) -> list[dict[str, Any]]:
    """A system prompt and ``count - 1`` alternating user/assistant messages."""
    rng = random.Random(seed)
    latin, cjk, mixed = _corpus(rng, 400_000)
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a helpful companion. Keep {track} of time."}
    ]
    for number in range(1, count):
        role = "user" if number % 2 else "assistant"
        draw = rng.random()
        if role == "user" and draw < 0.01:
            parts = [{"type": "image_url", "image_url": {"url": f"{_IMAGE}{number}"}}]
            messages.append({"role": role, "content": parts})
            continue
        source = cjk if draw < 0.2 else mixed if draw < 0.35 else latin
        length = min(_length(rng), len(source) - 1)
        start = rng.randrange(len(source) - length)
        text = source[start : start + length].strip() or "ok"
        if rng.random() < 0.03:
            text += " {see the notes}"  # braces take the sentinel path of the pipeline
        messages.append({"role": role, "content": text})
    return messages


def _times(rng: random.Random, count: int) -> list[datetime]:
    """A plausible conversation rhythm: replies within a minute, pauses of
    hours, now and then days of silence."""
    out: list[datetime] = []
    moment = START
    for _ in range(count):
        draw = rng.random()
        if draw < 0.7:
            moment += timedelta(seconds=rng.randint(5, 90))
        elif draw < 0.997:
            moment += timedelta(minutes=rng.randint(2, 120))
        else:
            moment += timedelta(days=rng.randint(1, 4), seconds=rng.randint(0, 86399))
        out.append(moment)
    return out


def store_entries(
    messages: list[dict[str, Any]], tracking: str, seed: int = 8, orphans: float = 0.01
) -> dict[str, str]:
    """The timestamp file the middleware would hold: the first half (or all)
    of the timestamped messages tracked, plus orphans (keys of texts the
    transcript no longer has) interleaved as edits leave them."""
    if tracking not in TRACKING:
        raise ValueError(f"tracking must be one of {TRACKING}")
    if tracking == "untracked":
        return {}
    rng = random.Random(seed + 1)
    stamped = [m for m in prepare_request(messages).messages if m.kind is Kind.TIMESTAMPED]
    tracked = stamped if tracking == "full" else stamped[: len(stamped) // 2]
    times = _times(rng, len(stamped))
    entries: dict[str, str] = {}
    for number, (message, moment) in enumerate(zip(tracked, times, strict=False)):
        if rng.random() < orphans:
            orphan = hashlib.sha256(f"edited away {seed} {number}".encode()).hexdigest()
            entries[orphan] = format_absolute(moment - timedelta(seconds=3))
        entries.setdefault(message.hash, format_absolute(moment))
    return entries


def break_entries(
    messages: list[dict[str, Any]], entries: dict[str, str], share: float, seed: int = 8
) -> None:
    """Make ``share`` of the tracked messages untracked the ways real files
    break: the transcript lost a trailing space the middleware hashed, or the
    user edited the message afterwards. Their old keys stay as orphans."""
    rng = random.Random(seed + 2)
    request = prepare_request(messages)
    for message in request.messages:
        if message.kind is not Kind.TIMESTAMPED or message.hash not in entries or rng.random() >= share:
            continue
        fields = messages[message.source_index]
        if not isinstance(fields["content"], str):
            continue
        edited = rng.random() < 0.2
        fields["content"] = ("edited: " + fields["content"]) if edited else fields["content"].rstrip(" ")
        if not edited and fields["content"] == message.content:
            # the middleware saw a trailing space the front end trimmed later
            old = hashlib.sha256((message.content + " ").encode()).hexdigest()
            entries[old] = entries.pop(message.hash)


# how a tracked message's saved text may differ from what the middleware
# hashed (issue 33): up to two whitespace units on a side, a reply's echoed
# time, CRLF line endings
_UNITS = (" ", "\t", "\n", "\r\n")
_SIDES = ("", *_UNITS, *(a + b for a in _UNITS for b in _UNITS))


def save_differently(
    messages: list[dict[str, Any]], entries: dict[str, str], share: float, seed: int = 8
) -> dict[str, str]:
    """Re-key ``share`` of the tracked messages as if the middleware had hashed
    another text than the transcript keeps (padded, an echoed time in front,
    CRLF): their times become orphans a full-recall repair gives back.
    Returns the truth a repair is checked against: orphan -> the hash of
    the message it belongs to."""
    rng = random.Random(seed + 3)
    moved: dict[str, str] = {}
    seen: set[str] = set()  # a repeated text was hashed once, as its first copy
    for message in prepare_request(messages).messages:
        if message.kind is not Kind.TIMESTAMPED or message.hash in seen:
            continue
        seen.add(message.hash)
        if message.hash not in entries or rng.random() >= share:
            continue
        if not isinstance(messages[message.source_index]["content"], str):
            continue
        text, draw = message.content, rng.random()
        if draw < 0.1 and "\n" in text:
            hashed = text.replace("\n", "\r\n")
        elif draw < 0.3 and message.role == "assistant":
            echoed = datetime.strptime(entries[message.hash][-20:-1], "%Y-%m-%d %H:%M:%S")
            hashed = f"{format_absolute(echoed - timedelta(seconds=rng.randint(1, 90)))} {text}"
        else:
            lead, trail = rng.choice(_SIDES), rng.choice(_SIDES)
            hashed = lead + text + (trail if lead or trail else " ")
        old = hashlib.sha256(hashed.encode()).hexdigest()
        if old not in entries:
            entries[old] = entries.pop(message.hash)
            moved[old] = message.hash
    return moved


@dataclass(frozen=True)
class Dataset:
    transcript: Path
    store: Path
    messages: int
    entries: int


def write_dataset(
    folder: Path, count: int, tracking: str, *, broken: float = 0.0, saved: float = 0.0, seed: int = 8
) -> Dataset:
    """A chat request and its timestamp file under ``folder`` (written once,
    reused by later runs: the bytes only depend on the arguments).
    ``broken``: ``break_entries``; ``saved``: ``save_differently``."""
    name = f"{count}-{tracking}" + (f"-broken{int(broken * 100)}" if broken else "")
    name += f"-saved{int(saved * 100)}" if saved else ""
    target = folder / name
    transcript, store = target / "chat.json", target / "timestamps.json"
    if not (transcript.exists() and store.exists()):
        target.mkdir(parents=True, exist_ok=True)
        messages = make_messages(count, seed)
        entries = store_entries(messages, tracking, seed)
        if broken:
            break_entries(messages, entries, broken, seed)
        if saved:
            save_differently(messages, entries, saved, seed)
        transcript.write_bytes(orjson.dumps({"model": "companion", "messages": messages}))
        # the middleware's own writer
        store.write_text(json.dumps(entries, indent=4), encoding="ascii")
    entries_count = len(orjson.loads(store.read_bytes()))
    return Dataset(transcript, store, count, entries_count)


def main(argv: list[str] | None = None) -> int:
    """Write one dataset from the command line, to try the app on the files
    the benchmark measures (it printed nothing before: a tryout asked
    ``--help`` and got silence)."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="benchmarks/data.py",
        description="Write a seeded chat request (chat.json) and its timestamp file (timestamps.json) "
        "shaped like real chats, into FOLDER/<count>-<tracking>[-brokenN][-savedN]/.",
    )
    parser.add_argument("folder", type=Path, help="where the dataset's folder is made")
    parser.add_argument("count", type=int, help="messages in the transcript, e.g. 100000")
    parser.add_argument("--tracking", choices=TRACKING, default="half", help="which messages are stored")
    parser.add_argument("--broken", type=float, default=0.0, help="share edited or trimmed")
    parser.add_argument("--saved", type=float, default=0.0, help="share hashed differently")
    parser.add_argument("--seed", type=int, default=8)
    args = parser.parse_args(argv)
    if args.count < 1 or not (0 <= args.broken <= 1 and 0 <= args.saved <= 1):
        parser.error("count must be positive and --broken/--saved between 0 and 1")
    shape = {"broken": args.broken, "saved": args.saved, "seed": args.seed}
    made = write_dataset(args.folder, args.count, args.tracking, **shape)
    print(f"{made.transcript}\n{made.store}\n{made.messages} messages, {made.entries} stored times")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Regenerate the bundled demo discussion in resources/demo/ (run from the repo root).

The demo is a trip-planning chat that shows every case the inspector explains:
a legacy run the backward pass invented (one second apart), real gaps of hours
and days, a shared hash ("ok" said twice), an echoed timestamp in a reply, two
edited messages whose times are now orphans, an untracked tail, a pending
placeholder, and Free Anima ``timestamp`` fields that cross midnight in CST.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

from timeline_app.core.hashing import content_hash
from timeline_app.core.store import PLACEHOLDER_KEY, TimestampStore
from timeline_app.core.timestrings import format_absolute

OUT = Path(__file__).resolve().parent.parent / "resources" / "demo"
OFFSET = "+02:00"  # the middleware machine's zone in September (Europe/Berlin)

# (role, content as the front end saved it, wall time on the middleware machine,
#  what the file stores: "real", "legacy" (backfilled run), "orphan:<content as hashed>",
#  or "none" (untracked))
SCRIPT = [
    ("user", "We should plan the Lisbon trip. Can you help?", "2025-09-12 18:00:00", "legacy"),
    ("assistant", "Of course! When are you going, and for how long?", "2025-09-12 18:00:01", "legacy"),
    ("user", "Early October, five days.", "2025-09-12 18:00:02", "legacy"),
    (
        "assistant",
        "Great season for it. Do you prefer museums or walking tours?",
        "2025-09-12 18:00:03",
        "legacy",
    ),
    ("user", "Walking, lots of it. And food.", "2025-09-12 18:00:04", "real"),
    (
        "assistant",
        "Then Alfama and Mouraria are for you. I'll sketch a route.",
        "2025-09-12 18:03:10",
        "real",
    ),
    ("user", "ok", "2025-09-12 18:05:00", "real"),
    (
        "assistant",
        "Day 1: Baixa, Chiado, sunset at Miradouro de Santa Catarina.",
        "2025-09-14 09:12:44",
        "real",
    ),
    ("user", "What about {budget}? Around 80 EUR a day.", "2025-09-14 09:30:00", "real"),
    (
        "assistant",
        "(Sunday, 2025-09-14 09:30:05) 80 EUR a day works if you skip taxis.",
        "2025-09-14 09:30:05",
        "real",
    ),
    ("user", "Can we do Sintra on day 3?", "2025-09-20 22:41:00", "orphan:Can we do Sintra on day 3 ?"),
    (
        "assistant",
        "Yes: take the 9:11 train from Rossio, it beats the crowds.",
        "2025-09-20 22:41:30",
        "real",
    ),
    ("user", "ok", "2025-09-20 23:50:00", "real"),
    ("assistant", "Anything else for tonight?", "2025-09-20 23:58:00", "orphan:Anything else for tonight? "),
    ("user", "Book a table for fado on day 4, please.", "2025-09-21 00:20:00", "none"),
    ("assistant", "Done — Tasca do Chico, 21:00. Bring cash.", "2025-09-21 00:21:00", "placeholder"),
    ("user", "Perfect, thanks!", "2025-09-21 08:05:00", "none"),
]


def main() -> None:
    messages = [
        {
            "role": "system",
            "content": "[DiscussionId]lisbon-trip[/DiscussionId]You are a friendly travel planner.",
        }
    ]
    store = TimestampStore()
    for role, content, wall, kind in SCRIPT:
        moment = datetime.strptime(wall, "%Y-%m-%d %H:%M:%S")
        message = {"role": role, "content": content, "timestamp": moment.isoformat() + ".000" + OFFSET}
        messages.append(message)
        hashed = content.replace("{", "__WILMER_L_CURLY__").replace("}", "__WILMER_R_CURLY__")
        if kind in {"real", "legacy"}:
            if content_hash(hashed) not in store:  # a repeated content keeps its first time
                store.set(content_hash(hashed), format_absolute(moment))
        elif kind.startswith("orphan:"):
            store.set(content_hash(kind.removeprefix("orphan:")), format_absolute(moment))
        elif kind == "placeholder":
            store.set(PLACEHOLDER_KEY, format_absolute(moment - timedelta(seconds=20)))
    OUT.mkdir(parents=True, exist_ok=True)
    request = {"model": "wilmer-demo", "messages": messages}
    (OUT / "chat.json").write_text(json.dumps(request, ensure_ascii=False, indent=2) + "\n", "utf-8")
    (OUT / "timestamps.json").write_text(store.dumps(), "ascii")


if __name__ == "__main__":
    main()

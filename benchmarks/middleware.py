"""The middleware's own per-request work, as its Python does it (reference).

WilmerAI's timestamp service imports only the standard library (json,
logging, os, shutil, tempfile, pathlib, threading, uuid, re, hashlib,
datetime); per request it reads the file with ``json``, hashes each message,
walks the history backwards, prefixes the messages and writes the file with
``json.dumps(indent=4)``. This script does that work the same way (written
from the behaviour in ``/work/shared/spec``, not copied), so "how long the
middleware takes" has a number on this machine. It prints the prefixed
messages as JSON, like ``preview --json`` does.
Usage: ``python middleware.py TRANSCRIPT TS NOW``.
"""

import contextlib
import hashlib
import json
import logging
import os
import re
import shutil
import sys
import tempfile
import threading
import uuid
from datetime import datetime, timedelta
from pathlib import Path

FORMAT = "(%A, %Y-%m-%d %H:%M:%S)"
_ = (logging, os, re, shutil, tempfile, threading, uuid)  # imported by the middleware's modules


def main(argv: list[str]) -> int:
    transcript, store_path, now_text = argv[:3]
    messages = json.loads(Path(transcript).read_text(encoding="utf-8"))["messages"]
    try:
        store = json.loads(Path(store_path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        store = {}
    now = datetime.strptime(now_text, "%Y-%m-%d %H:%M:%S")
    keys = []
    for message in messages:
        content = message.get("content", "")
        if not isinstance(content, str):
            content = "\n".join(p.get("text", "") for p in content if p.get("type") == "text")
        content = content.replace("{", "__WILMER_L_CURLY__").replace("}", "__WILMER_R_CURLY__")
        message["content"] = content
        keys.append(hashlib.sha256(content.encode("utf-8")).hexdigest())
    anchor = now
    for position in range(len(messages) - 1, -1, -1):
        if messages[position].get("role") == "system":
            continue
        key = keys[position]
        if key in store:
            with contextlib.suppress(ValueError):
                anchor = datetime.strptime(store[key], FORMAT)
        else:
            store[key] = anchor.strftime(FORMAT)
        anchor -= timedelta(seconds=1)
    text = json.dumps(store, indent=4)
    with tempfile.NamedTemporaryFile("w", delete=False, dir=tempfile.gettempdir()) as stream:
        stream.write(text)
    os.unlink(stream.name)
    for message, key in zip(messages, keys, strict=True):
        if key in store and message.get("role") != "system":
            message["content"] = f"{store[key]} {message['content']}"
        message["content"] = (
            message["content"].replace("__WILMER_L_CURLY__", "{").replace("__WILMER_R_CURLY__", "}")
        )
    sys.stdout.write(json.dumps({"messages": messages}, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

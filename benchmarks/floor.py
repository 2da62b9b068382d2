"""The floor: the least any tool must do for a discussion, as one process.

Parse the transcript and the timestamp file with orjson, SHA-256 every
message content, give untracked messages a time and write the store; with
``--serialise``, also serialise the messages (what a preview must print).
Nothing of the inspector is imported: this is the bar, not the product.
Usage: ``python floor.py TRANSCRIPT TS OUT [--serialise]``.
"""

import hashlib
import sys

import orjson


def main(argv: list[str]) -> int:
    transcript, store_path, out = argv[:3]
    with open(transcript, "rb") as stream:
        messages = orjson.loads(stream.read())["messages"]
    with open(store_path, "rb") as stream:
        store = orjson.loads(stream.read())
    sha = hashlib.sha256
    for message in messages:
        content = message["content"]
        if not isinstance(content, str):
            content = "".join(p.get("text", "") for p in content)
        key = sha(content.encode()).hexdigest()
        if key not in store:
            store[key] = "(Monday, 2025-09-22 10:00:00)"
    with open(out, "wb") as stream:
        stream.write(orjson.dumps(store, option=orjson.OPT_INDENT_2))
    if "--serialise" in argv:
        sys.stdout.buffer.write(orjson.dumps({"messages": messages}, option=orjson.OPT_INDENT_2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

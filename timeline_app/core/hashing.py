"""How WilmerAI keys a message: SHA-256 of its content, after the brace sentinels.

The role is not part of the hash (the middleware's code hashes content only),
and image-only messages fold their sorted image list into the hashed text.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from .records import frozen


@frozen
class BraceSentinels:
    """The pair of strings that stand for ``{`` and ``}`` while a request is tracked.

    The middleware changed the pair on 2026-03-29, so files written by older
    versions hash braces the old way; which pair applies is a setting.
    """

    name: str
    left: str
    right: str

    def apply(self, text: str) -> str:
        if "{" not in text and "}" not in text:  # most text: no copy, same object back
            return text
        return text.replace("{", self.left).replace("}", self.right)

    @property
    def common(self) -> str:
        """What both strings start with: text without it holds neither, and
        one search for it is half the cost of searching for both."""
        same = 0
        for a, b in zip(self.left, self.right, strict=False):
            if a != b:
                break
            same += 1
        return self.left[:same]

    def restore(self, text: str) -> str:
        if self.left not in text and self.right not in text:
            return text
        return text.replace(self.left, "{").replace(self.right, "}")


SENTINELS_CURRENT = BraceSentinels("current", "__WILMER_L_CURLY__", "__WILMER_R_CURLY__")
SENTINELS_LEGACY = BraceSentinels("legacy", "|{{|", "|}}|")
SENTINEL_PAIRS = {pair.name: pair for pair in (SENTINELS_CURRENT, SENTINELS_LEGACY)}


def hashed_text(content: str, images: Sequence[str] | None = None) -> str:
    """The exact text whose SHA-256 is the key (image-only exception included)."""
    if images and not content.strip():
        return content + "".join(sorted(images))
    return content


def content_hash(content: str, images: Sequence[str] | None = None) -> str:
    """64 lower-case hex digits, as stored in ``timestamps.json``."""
    return hashlib.sha256(hashed_text(content, images).encode("utf-8")).hexdigest()

"""Transcripts: conversations as a front end or server saved them.

A loader turns a file into a ``Transcript``: the messages as a client sends
them (the request pipeline still applies), each message's own time where the
source records one, and the lines it could not read. ``load_transcript``
detects the format; ``formats`` lists what it knows.
"""

from __future__ import annotations

from .loading import FORMATS, load_transcript, loads_transcript, recorded_transcript
from .model import BadLine, Transcript

__all__ = [
    "FORMATS",
    "BadLine",
    "Transcript",
    "load_transcript",
    "loads_transcript",
    "recorded_transcript",
]

"""``python -m timeline_app``: the same entry point as ``timeline-inspector``."""

from .cli import entry

entry()

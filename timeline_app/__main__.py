"""``python -m timeline_app``: the same entry point as ``timeline-inspector``."""

from .entry import entry

entry()

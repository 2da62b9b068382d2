"""The plain data every transcript loader returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..pipeline import Api

if TYPE_CHECKING:
    from ..words import Said
    from .sillytavern import SillyTavernChat


@dataclass(frozen=True)
class BadLine:
    line: int  # 1-based
    problem: str


@dataclass(frozen=True)
class Transcript:
    """Messages in order, as the client sends them to the middleware.

    ``own_times[i]`` is the source's own time for message i (aware when the
    source has a zone, naive when it does not), or None. ``has_own_times`` says
    whether the source records times at all, which decides where the CST style
    takes its times from. ``records[i]`` is the source's own record of message
    i (SillyTavern line, Open WebUI node, ...) for the details view.
    """

    source: str
    format: str
    messages: tuple[dict[str, Any], ...]
    own_times: tuple[datetime | None, ...]
    has_own_times: bool = False
    bad_lines: tuple[BadLine, ...] = field(default=())
    records: tuple[dict[str, Any] | None, ...] = field(default=())
    api: Api | None = None  # the client API the file shows, when it shows one
    sillytavern: SillyTavernChat | None = None  # kept to re-derive "content as sent"
    notes: tuple[str | Said, ...] = field(default=())  # str(): the command line's English

    def __post_init__(self) -> None:
        if len(self.messages) != len(self.own_times):
            raise ValueError("one own time per message")
        if self.records and len(self.records) != len(self.messages):
            raise ValueError("one record per message")

    @classmethod
    def from_messages(
        cls, messages: list[dict[str, Any]], source: str = "<messages>", fmt: str = "message-list"
    ) -> Transcript:
        """A transcript without own times (tests, pasted lists)."""
        return cls(source, fmt, tuple(messages), (None,) * len(messages))

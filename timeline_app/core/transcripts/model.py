"""The plain data every transcript loader returns."""

from __future__ import annotations

from dataclasses import field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..pipeline import Api
from ..records import frozen

if TYPE_CHECKING:
    from ..words import Said
    from .sillytavern import SillyTavernChat


@frozen
class BadLine:
    line: int  # 1-based
    problem: str


@frozen
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
    kind: Said | None = None  # what the file is, when its format alone does not say it (``file_kind``)
    # a recorded request: the copy of its discussion's timestamp file the
    # recorder kept as it arrived (the state the middleware worked from), which
    # is its timestamp file when none is given (``open_discussion``)
    companion: Path | None = field(default=None, compare=False)
    # a recorded request: when it arrived (aware), the "now" it was tracked at
    # (``recorded_now``): however it is opened, it is shown pinned there
    arrival: datetime | None = field(default=None, compare=False)
    # a recorded request: its id, its index and how many requests its file
    # held when read; the id keeps a reload on the request opened (issue 29:
    # the window jumped to the one the recorder appended under it)
    recorded: tuple[str, int, int] | None = field(default=None, compare=False)
    # Set by ``grown`` (never copied by ``replace``): the transcript this one
    # was made from by appending messages. A re-open then knows the shared
    # prefix without comparing 100,000 messages and own times again.
    token: object = field(default_factory=object, init=False, repr=False, compare=False)
    grew_from: object | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.messages) != len(self.own_times):
            raise ValueError("one own time per message")
        if self.records and len(self.records) != len(self.messages):
            raise ValueError("one record per message")

    def grown(
        self, messages: tuple[dict[str, Any], ...], own_times: tuple[datetime | None, ...], seen: bool
    ) -> Transcript:
        """This transcript with ``messages`` appended (and their own times)."""
        longer = replace(
            self,
            messages=self.messages + messages,
            own_times=self.own_times + own_times,
            has_own_times=self.has_own_times or seen,
        )
        object.__setattr__(longer, "grew_from", self.token)
        return longer

    def extends(self, earlier: Transcript) -> bool:
        """Whether this transcript was made from ``earlier`` by appending: its
        first messages and own times are ``earlier``'s own objects."""
        return self.grew_from is earlier.token

    @classmethod
    def from_messages(
        cls, messages: list[dict[str, Any]], source: str = "<messages>", fmt: str = "message-list"
    ) -> Transcript:
        """A transcript without own times (tests, pasted lists)."""
        return cls(source, fmt, tuple(messages), (None,) * len(messages))


def file_kind(transcript: Transcript) -> Said:
    """What the file is, in one phrase: its format, the generation of the
    format and the chat picked where the loader knows them (tryout: a
    SillyTavern chat was named only as "client API detected: openai")."""
    from ..words import Note, Said

    if transcript.kind is not None:
        return transcript.kind
    by_format = {
        "message-list": Note.FILE_MESSAGE_LIST,
        "chat-request": Note.FILE_CHAT_REQUEST,
        "ollama-request": Note.FILE_OLLAMA_REQUEST,
        "jsonl": Note.FILE_JSONL,
        "free-anima": Note.FILE_FREE_ANIMA,
        "sillytavern": Note.FILE_SILLYTAVERN,
        "text-generation-webui": Note.FILE_OOBA,
        "recording": Note.FILE_RECORDING,
    }
    code = by_format.get(transcript.format)
    return Said(code) if code is not None else Said(Note.FILE_UNKNOWN, (transcript.format,))


def brief_kind(kind: Said) -> Said:
    """``file_kind``'s phrase said briefly: the format's name alone, without
    its generation, layout or the chat picked. The status bar keeps it where
    the whole phrase does not fit (at 1024x700 it read "an OpenAI-style chat
    request (J…", or left the format out, issue 31 tryout)."""
    from ..words import Note, Said

    brief = {
        Note.FILE_MESSAGE_LIST: Note.BRIEF_MESSAGE_LIST,
        Note.FILE_CHAT_REQUEST: Note.BRIEF_CHAT_REQUEST,
        Note.FILE_OLLAMA_REQUEST: Note.BRIEF_OLLAMA_REQUEST,
        Note.FILE_JSONL: Note.BRIEF_JSONL,
        Note.FILE_FREE_ANIMA: Note.BRIEF_FREE_ANIMA,
        Note.FILE_SILLYTAVERN: Note.BRIEF_SILLYTAVERN,
        Note.FILE_SILLYTAVERN_GROUP: Note.BRIEF_SILLYTAVERN_GROUP,
        Note.FILE_OOBA: Note.BRIEF_OOBA,
        Note.FILE_OOBA_2023: Note.BRIEF_OOBA,
        Note.FILE_OPEN_WEBUI: Note.BRIEF_OPEN_WEBUI,
        Note.FILE_OPEN_WEBUI_OF: Note.BRIEF_OPEN_WEBUI,
        Note.FILE_RECORDING: Note.BRIEF_RECORDING,
    }.get(kind.code)  # type: ignore[call-overload]
    return Said(brief) if brief is not None else kind

"""The write after the reply: the timestamp file WilmerAI leaves once the model has answered.

A responding node with timestamps saves the placeholder after tracking (see
``tracking.with_reply_placeholder``). What happens to it once the reply is
known depends on the node's ``useGroupChatTimestampLogic``:

- default mode: nothing; the placeholder stays pending and the next request
  binds it to the newest assistant message it carries;
- group-chat mode: ``commit_assistant_response`` runs right after the reply,
  storing the placeholder's time under the hash of the reply *as returned*,
  which, after a generation prompt (``Aria:``), is the reply reconstructed
  with the speaker prefix the group chat shows.

The text returned (and committed) is the model's reply after the
middleware's clean-up (prefix strips) and the group-chat reconstruction, in
the order the streaming and non-streaming paths apply them: they differ, so
both are modelled (``Middleware/workflows/processors/workflows_processor.py``,
``Middleware/workflows/streaming/response_handler.py``,
``Middleware/utilities/streaming_utils.py``). Think-block removal is not
modelled: the reply given is taken as the model's text without think blocks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING

from .hashing import content_hash
from .pipeline import GENERATION_PROMPT_MAX, Kind, PreparedRequest, RequestOptions
from .records import frozen
from .store import PLACEHOLDER_KEY, TimestampStore
from .tracking import TrackResult, newest_assistant, now_string
from .words import ReplyNote, Said

if TYPE_CHECKING:
    from .discussion import Discussion

SENT_NOW = "[Sent less than a minute ago]"  # the only echo the middleware strips from replies
ASSISTANT_PREFIX = "Assistant:"
STREAM_HOLD = 100  # raw characters the streaming handler holds back at most
STREAM_HOLD_BOTH = 200  # ... when both custom-prefix options are on
PREFIX_WINDOW = 10  # a speaker colon counts within len(prompt) + this many characters (streamed)


class CommitMode(StrEnum):
    DEFAULT = "default"  # the placeholder stays pending until the next request
    GROUP_CHAT = "group-chat"  # useGroupChatTimestampLogic: the reply is committed at once


@frozen
class ReplyCleanup:
    """The middleware settings that clean a reply before it is returned and
    committed. A timestamped node always strips an echoed
    ``[Sent less than a minute ago]``; the others are off by default.
    A custom list counts as switched on when it is not empty."""

    remove_assistant: bool = False  # chatCompleteAddUserAssistant and ...AddMissingAssistantGenerator
    node_prefixes: tuple[str, ...] = ()  # the node's responseStartTextToRemove
    endpoint_prefixes: tuple[str, ...] = ()  # the endpoint's responseStartTextToRemoveEndpointWide
    trim_line_breaks: bool = False  # the endpoint's trimBeginningAndEndLineBreaks

    @classmethod
    def for_request(cls, options: RequestOptions, *, trim_line_breaks: bool = False) -> ReplyCleanup:
        """The clean-up the request's settings imply: ``Assistant:`` is stripped
        only when the middleware adds both User:/Assistant: prefixes and the
        missing assistant generator."""
        remove = options.add_user_assistant and options.add_missing_assistant
        return cls(remove_assistant=remove, trim_line_breaks=trim_line_breaks)

    @property
    def hold_limit(self) -> int:
        return STREAM_HOLD_BOTH if self.node_prefixes and self.endpoint_prefixes else STREAM_HOLD

    def strip_prefixes(self, content: str) -> str:
        """``strip_leading_response_prefixes``: left trim, then the first
        matching node prefix, endpoint prefix, the echo, ``Assistant:``."""
        content = content.lstrip()
        for prefix in self.node_prefixes:
            if prefix and content.startswith(prefix):
                content = content[len(prefix) :].lstrip()
                break
        for raw in self.endpoint_prefixes:
            prefix = raw.strip()
            if prefix and content.startswith(prefix):
                content = content[len(prefix) :].lstrip()
                break
        if content.startswith(SENT_NOW + " "):
            content = content[len(SENT_NOW) + 1 :].lstrip()
        elif content.startswith(SENT_NOW):
            content = content[len(SENT_NOW) :].lstrip()
        if self.remove_assistant and content.startswith(ASSISTANT_PREFIX):
            content = content[len(ASSISTANT_PREFIX) :].lstrip()
        return content

    def held_prefixes(self) -> tuple[str, ...]:
        """The prefixes the streaming handler keeps holding text back for."""
        found = [p for p in self.node_prefixes if p]
        found += [p.strip() for p in self.endpoint_prefixes if p.strip()]
        found += [SENT_NOW, SENT_NOW + " "]
        if self.remove_assistant:
            found.append(ASSISTANT_PREFIX)
        return tuple(dict.fromkeys(found))


def generation_prompt(request: PreparedRequest) -> str | None:
    """The request's generation prompt as the group-chat logic takes it: the
    last message after the request pipeline (brace sentinels in place),
    stripped, 1 to 99 characters ending in ``:``."""
    if not len(request) or request.kinds[-1] is not Kind.GENERATION_PROMPT:
        return None
    content = request.contents[-1].strip()
    return content if 0 < len(content) < GENERATION_PROMPT_MAX and content.endswith(":") else None


def reconstruct_whole(text: str, prompt: str) -> str:
    """Non-streamed reconstruction: kept when the first word (split on
    spaces only) ends in ``:``, else the prompt prepended; empty is ``P + " "``."""
    trimmed = text.lstrip()
    if not trimmed:
        return f"{prompt} "
    if trimmed.split(" ", 1)[0].endswith(":"):
        return trimmed
    return f"{prompt} {trimmed}"


def _decision_pending(held: str, prompt: str | None) -> bool:
    """Whether the streamed reconstruction still waits for more text: no
    colon yet within the prompt's window and the text shorter than it."""
    if not prompt:
        return False
    trimmed = held.lstrip()
    if not trimmed:
        return True
    window = len(prompt) + PREFIX_WINDOW
    colon = trimmed.find(":")
    if 0 <= colon < window:
        return False
    return len(trimmed) < window


def _still_matching(held: str, prefixes: tuple[str, ...]) -> bool:
    trimmed = held.lstrip()
    if not trimmed:
        return True
    return any(p.startswith(trimmed) or trimmed.startswith(p) for p in prefixes)


def _release(held: str, prompt: str | None, cleanup: ReplyCleanup) -> str:
    """The held-back text released: reconstructed first (a colon at 1 ..
    window-1 is the model's own prefix; one at 0 is not), then stripped."""
    content = held
    if prompt:
        trimmed = content.lstrip()
        colon = trimmed.find(":") if trimmed else -1
        if not 0 < colon < len(prompt) + PREFIX_WINDOW:
            content = f"{prompt} {trimmed}"
    return cleanup.strip_prefixes(content)


def returned_streamed(chunks: Sequence[str], prompt: str | None, cleanup: ReplyCleanup) -> str:
    """The text a streamed reply reaches the client as, chunk by chunk as
    the streaming handler holds the start back (the last chunk ends the
    stream). Only the held-back start is reconstructed and stripped."""
    prefixes = cleanup.held_prefixes()
    limit = cleanup.hold_limit
    held = ""
    out: list[str] = []
    released = False
    for index, chunk in enumerate(chunks):
        if released:
            out.append(chunk)
            continue
        held += chunk
        done = index == len(chunks) - 1
        waiting = _still_matching(held, prefixes) or _decision_pending(held, prompt)
        if not waiting or len(held) >= limit or done:
            out.append(_release(held, prompt, cleanup))
            released, held = True, ""
    if not released:  # a stream with no chunk at all: the end drains the empty hold
        out.append(_release(held, prompt, cleanup))
    return "".join(out)


def returned_text(
    reply: str,
    prompt: str | None,
    *,
    streamed: bool,
    cleanup: ReplyCleanup | None = None,
    chunks: Sequence[str] | None = None,
) -> str:
    """The reply as the middleware returns it to the front end (and, in
    group-chat mode, commits it). ``prompt`` is the generation prompt when
    the node runs in group-chat mode (None otherwise: no reconstruction).
    Not streamed: cleaned, then reconstructed. Streamed: reconstructed, then
    cleaned; ``chunks`` as the model streamed them (default: one character
    each, how token streams reach the handler at this scale)."""
    cleanup = cleanup or ReplyCleanup()
    if streamed:
        return returned_streamed(list(reply) if chunks is None else chunks, prompt, cleanup)
    text = cleanup.strip_prefixes(reply)
    if cleanup.trim_line_breaks:
        text = text.strip()
    return reconstruct_whole(text, prompt) if prompt else text


def commit_reply(store: TimestampStore, text: str, clock: datetime | str) -> TimestampStore:
    """``commit_assistant_response``: the placeholder's time goes to the
    hash of ``text`` (overwriting an entry in its place, appended otherwise)
    and the placeholder goes; an empty text only clears the placeholder.
    Without a placeholder a non-empty text gets ``clock`` (the middleware's
    time at the commit). ``store`` is left untouched."""
    out = store.copy()
    if PLACEHOLDER_KEY in out:
        value = out.get(PLACEHOLDER_KEY)
        out.remove(PLACEHOLDER_KEY)
        if text:
            out.set(content_hash(text), value)
    elif text:
        out.set(content_hash(text), now_string(clock))
    return out


@frozen
class AfterReply:
    """One request-reply cycle's last write, and what the front end gets."""

    mode: CommitMode
    prompt: str | None  # the generation prompt the group-chat logic found
    returned: str  # the reply as the front end receives it
    store: TimestampStore  # the file after the reply
    committed_hash: str | None  # group-chat mode: the key the reply was stored under
    committed_value: object | None
    pending: bool  # a placeholder is still pending for the next request


def after_reply(
    request: PreparedRequest,
    result: TrackResult,
    reply: str,
    mode: CommitMode,
    *,
    streamed: bool,
    cleanup: ReplyCleanup | None = None,
    as_returned: bool = False,
    chunks: Sequence[str] | None = None,
    clock: datetime | str | None = None,
    completed: bool = True,
) -> AfterReply:
    """The file the middleware leaves once ``reply`` is answered to
    ``request``: ``result`` is the request's tracking with the reply's
    placeholder saved (``with_reply_placeholder``). ``as_returned``: the
    reply is the text the front end received (a client-leg recording),
    not the model's own output, so it is committed as it is. ``clock``:
    the time at the commit, used only when no placeholder is pending.
    ``completed``: False for a run that did not finish (a stream cut off):
    the commit never runs, so the placeholder stays in either mode."""
    prompt = generation_prompt(request) if mode is CommitMode.GROUP_CHAT else None
    text = (
        reply
        if as_returned
        else returned_text(reply, prompt, streamed=streamed, cleanup=cleanup, chunks=chunks)
    )
    if mode is CommitMode.DEFAULT or not completed:
        return AfterReply(mode, prompt, text, result.store, None, None, PLACEHOLDER_KEY in result.store)
    moment = clock if clock is not None else (result.saved_placeholder or now_string(datetime.now()))
    assert isinstance(moment, (str, datetime))
    store = commit_reply(result.store, text, moment)
    digest = content_hash(text) if text else None
    return AfterReply(mode, prompt, text, store, digest, None if digest is None else store.get(digest), False)


def _newer_untracked(request: PreparedRequest, store: TimestampStore) -> int | None:
    """The first timestamped message after the newest assistant message (or
    in the whole chat without one) that the file does not hold: the chat
    moved on without the pending reply, so the next request's placeholder
    phase finds no reply to give the time to. None while the chat is the one
    the last request sent (the reply still being generated: issue 29/31
    tryout warned "lost" then). Walks the messages after that reply only."""
    newest = newest_assistant(request)
    start = 0 if newest is None else newest + 1
    for position in range(start, len(request.kinds)):
        if request.kinds[position] is Kind.TIMESTAMPED and request.hashes[position] not in store:
            return position
    return None


def _index(request: PreparedRequest, position: int) -> int:
    index = request.source_indexes[position]
    return position if index is None else index


def _first_line(request: PreparedRequest, position: int, sentinels_restore: Callable[[str], str]) -> str:
    text = sentinels_restore(request.contents[position])
    line = text.splitlines()[0] if text else ""
    return line if len(line) <= FIRST_LINE else line[:FIRST_LINE] + "…"


MODE_HINTS = frozenset({ReplyNote.LOOKS_DEFAULT, ReplyNote.LOOKS_GROUP})  # said of the file as read


def edited_reply_state(edited: Discussion, as_read: Discussion) -> tuple[Said, ...]:
    """``reply_state`` of a discussion shown with unsaved edits, its mode
    hint the file's as read: "the file looks like group-chat commit" is a
    claim about the file on disk. Judged on the edits it warned after a
    Simulate backfill's Apply had given the newest reply its time, though
    the file was untouched (issue 31 tryout); an edit does not hide the
    hint of a file that does look like the other mode either."""
    said = tuple(note for note in reply_state(edited) if note.code not in MODE_HINTS)
    return said + tuple(note for note in as_read.reply_said if note.code in MODE_HINTS)


FIRST_LINE = 80  # characters of a message's first line shown beside its reply state

# a pending reply's notes, said again once no file at the name holds the placeholder
_OFF_DISK = {
    ReplyNote.PENDING: ReplyNote.PENDING_OFF_DISK,
    ReplyNote.PENDING_WAITING: ReplyNote.PENDING_OFF_DISK_WAITING,
    ReplyNote.PENDING_LOST: ReplyNote.PENDING_OFF_DISK_WAITING,
}


def pending_off_disk(said: Sequence[Said]) -> tuple[Said, ...]:
    """``reply_state``'s notes of a placeholder the window shows that the
    timestamp file on disk no longer holds (deleted, moved, made anew
    without it: the session knows): the next request finds none, so it
    gives it to no message (spec, "Tracking", step 1); only a save can
    (issue 29, ph30: Details still said "the next request gives it to
    message #32"). Other notes stay as they are."""
    return tuple(
        Said(_OFF_DISK[note.code], note.args[:1] if note.code is not ReplyNote.PENDING else note.args)
        if note.code in _OFF_DISK
        else note
        for note in said
    )


def reply_state(discussion: Discussion) -> tuple[Said, ...]:
    """What the file says about the last request's reply and what the next
    request will make of it, in the discussion's mode: the placeholder
    pending (default mode) or the reply committed (group-chat commit), a
    warning when the next request will not find it again (with the repair
    cause it will become), and a hint when the file looks like the other
    mode. Empty without a file or a transcript. Reads the newest messages
    and the file's last key only (the tracking simulation it uses is the
    discussion's own)."""
    store = discussion.store
    if store is None or not discussion.has_transcript:
        return ()
    from .display import stored_text

    mode = discussion.options.commit_mode
    request = discussion.request
    if PLACEHOLDER_KEY in store:
        value = stored_text(store.placeholder, entry=True)
        target = discussion.simulation.placeholder_target
        if target is not None:
            said = [Said(ReplyNote.PENDING, (value, _index(request, target)))]
        else:
            moved_on = _newer_untracked(request, store)
            said = [
                Said(ReplyNote.PENDING_WAITING, (value,))
                if moved_on is None
                else Said(ReplyNote.PENDING_LOST, (value, _index(request, moved_on)))
            ]
        if mode is CommitMode.GROUP_CHAT:
            said.append(Said(ReplyNote.LOOKS_DEFAULT))
        return tuple(said)
    newest = newest_assistant(request)
    entries = store.as_mapping()
    last = store.last_key()
    if newest is None or last is None:
        return ()
    came_back = request.hashes[newest] == last
    if mode is CommitMode.DEFAULT:
        return (Said(ReplyNote.LOOKS_GROUP),) if came_back else ()
    restore = discussion.options.request.sentinels.restore
    value = stored_text(entries[last], entry=True)
    if came_back:
        text = _first_line(request, newest, restore)
        return (Said(ReplyNote.COMMITTED, (last[:12], value, _index(request, newest), text)),)
    if request.hashes[newest] in entries or last in request.hashes:
        return ()  # the newest reply has its time; the last entry is some message's
    # (an orphan, or one the timeline counts as given back: the commit took
    # the placeholder's time, which the request's newest message may share)
    from .repair import cause_of

    cause = cause_of(discussion, newest, last) or Said(ReplyNote.NO_CAUSE)
    return (Said(ReplyNote.COMMITTED_LOST, (last[:12], value, _index(request, newest), cause)),)

"""What every command needs, built once from the common flags: the engine
options, the request time, the key, and the discussion loaded the way the
window loads it."""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..arguments import say_line
from ..core.errors import InputError

if TYPE_CHECKING:
    from ..core.discussion import Discussion
    from ..core.options import Choices
    from ..core.words import Said


class CommandContext:
    """What every command needs, built once from the common flags."""

    def __init__(self, args: argparse.Namespace) -> None:
        from ..core.options import EngineOptions
        from ..core.zones import parse_when, read_when, wall_now

        self.args = args
        if getattr(args, "chat", None) is not None and getattr(args, "transcript", None) is None:
            # summary, compare, history: no TRANSCRIPT to pick a chat of (each
            # has its own way to pick); an ignored --chat read as chosen
            raise InputError(None, "--chat picks a chat of TRANSCRIPT, and none is given")
        # what the command built, kept alive while the context is (see ``hold``)
        self.held: list[object] = []
        self.options = EngineOptions.from_choices(choices_from_args(args))
        for flag, zone in (("--tz", args.tz), ("--cst-tz", args.cst_tz)):
            if (caution := zone_caution(zone)) is not None:
                say(f"warning: {flag} {caution}")
        # --now as given: an instant (it names an offset) is placed on the
        # discussion's clock once that is known (``discussion``); until then,
        # and for a command that opens none, on --tz's (else this machine's)
        self.given_now: datetime | None = read_when(args.now) if args.now else None
        if args.now:
            self.now: datetime = parse_when(args.now, args.tz)
        else:
            self.now = wall_now(args.tz)
        self.api_key = api_key_from(args)
        username = getattr(args, "username", None)
        self.key = None
        if self.api_key:
            from ..core.crypto import FileKey

            self.key = FileKey.derive(self.api_key, username)

    def discussion(
        self, *, store_required: bool = False, existing: bool = False, reported: bool = False
    ) -> Discussion:
        """Load the command's inputs the way the GUI does (one code path); the
        timeline and the simulation are built only if the command uses them.

        ``existing``: the command works on the file as it is (``repair``), so
        one found under ``--root`` but not created yet is an error too.
        ``reported``: the command lists the information notes in its own
        report (``inspect``), so they are not said on stderr as well."""
        from ..core.discussion import at_time, clock_now, on_clock, open_discussion, recorded_now

        args = self.args
        transcript = getattr(args, "transcript", None)
        store = args.timestamps
        root = getattr(args, "root", None)
        if root is not None:
            check_root(root)
        new = explicit_store_state(args)
        discussion = open_discussion(
            transcript,
            store,
            self.options,
            self.now,
            key=self.key,
            root=getattr(args, "root", None),
            api_key=self.api_key,
            fmt=getattr(args, "format", None),
            chat=getattr(args, "chat", None),
            skip_bad_lines=getattr(args, "skip_bad_lines", False),
            eager=False,
            beside=store is None,  # as the GUI pairs: a timestamps.json beside the transcript is its file
        )
        # asked after loading: a recorded request names its own file (the recorder's copy)
        if discussion.store_path is None and store_required:
            if root is None:
                raise InputError(None, f"--timestamps is required for this command{new_hint(args)}")
            raise InputError(
                None,
                f"no timestamp file: give --timestamps TS{new_hint(args)} or --root DIR with a discussion id",
            )
        arrival = None if args.now else recorded_now(discussion)
        if arrival is not None:
            # a recorded request: "now" is its arrival, as the window pins it however
            # it is opened (tryout: preview at the live clock, 08:42:31, while the
            # window's Copy JSON showed the request as tracked at 08:41:35)
            self.now = arrival
            discussion = at_time(discussion, arrival, simulate=False)
            self.inform(f"now: pinned to the recorded request's arrival, {arrival:%Y-%m-%d %H:%M:%S}")
        elif (
            not args.now
            and not args.tz
            and discussion.store is not None
            and discussion.transcript.has_own_times
        ):
            # the live clock on the middleware's, in the zone the transcript's
            # times show (as the window's): read in this machine's zone, the
            # demo's next request was two hours off on a machine in UTC
            self.now = clock_now(discussion)
            discussion = at_time(discussion, self.now, simulate=False)
        elif self.given_now is not None and self.given_now.tzinfo is not None:
            # an instant: on the discussion's clock, as a naive --now is read
            self.now = on_clock(discussion, self.given_now)
            if self.now != discussion.now:
                discussion = at_time(discussion, self.now, simulate=False)
        check_not_transcript(transcript, discussion.store_path, getattr(args, "output", None))
        check_chat_picks(getattr(args, "chat", None), discussion)
        if existing and discussion.store is None:
            raise InputError(discussion.store_path, NOTHING_TO_REPAIR)
        copy = recorded_copy(discussion) if args.timestamps is None else None
        if copy is not None and copy[0] == discussion.store_path:
            # said always, as a given --timestamps would be visible on the command line:
            # the bytes are the window's for that request (tryout: "new discussion", byte 158 differed)
            say(f"timestamps: {copy[0]} (the recorder's copy for request {copy[1]})")
        elif copy is not None and discussion.store_path is None:
            say(f"{copy[0]}: the recorder's copy for request {copy[1]} is missing")
        if discussion.store_path is None:
            say("no timestamp file given; treating it as a new discussion (empty store)")
        elif new:  # asked for: information
            self.inform(f"{discussion.store_path}: a new discussion (no timestamp file yet)")
        elif discussion.store is None:  # found by the discussion id under --root, not created yet
            say(f"{discussion.store_path}: no such file; treating it as a new discussion (empty store)")
        notes = discussion.every_note
        if copy is not None:  # said above, in one line with the request's number
            from ..core.words import Note

            notes = tuple(n for n in notes if getattr(n, "code", None) is not Note.STORE_RECORDED)
        self.say_notes(notes, reported=reported)
        for bad in discussion.transcript.bad_lines:
            say(f"{discussion.transcript.source}: line {bad.line} skipped: {bad.problem}")
        self.hold(discussion)
        return discussion

    def say_notes(self, notes: Sequence[str | Said], *, reported: bool = False) -> None:
        """Say what loading noted on stderr: warnings always (``words.WARNINGS``),
        information only with ``--verbose`` and never when the command's own
        report lists it (``reported``): a line on every run that asks nothing
        of the person is noise, and hides the one that does."""
        from ..core.words import is_warning

        for note in notes:
            if is_warning(note):
                say(f"warning: {note}")
            elif not reported:
                self.inform(str(note))

    def inform(self, line: str) -> None:
        """One line of information on stderr, said only with ``--verbose``."""
        if getattr(self.args, "verbose", False):
            say(line)

    def hold(self, *built: object) -> None:
        """Keep ``built`` alive as long as this context: at 100k messages,
        freeing what a command built (two 100k lists of dicts and their text)
        costs ~0.1 s when its handler returns. ``run_command`` drops the
        context at its end, so a caller in process frees everything as
        before; the process entry (``entry``) keeps it until ``os._exit``."""
        self.held.extend(built)


def recorded_copy(discussion: Discussion) -> tuple[Path, int] | None:
    """The timestamp file copy the recorder kept with the recorded request
    the transcript is, and that request's number (from 1, as the window
    titles it); None when the transcript is no recorded request or none was
    kept. The loader (``open_discussion``, the window's too) pairs them; the
    command line only says which file it used."""
    from ..core.words import Note, Said

    transcript = discussion.transcript
    if transcript.companion is None:
        return None
    for note in transcript.notes:
        if isinstance(note, Said) and note.code in (Note.RECORDED_REQUEST, Note.RECORDED_REQUEST_IN):
            return transcript.companion, int(note.args[0])  # type: ignore[call-overload]
    return None


def choices_from_args(args: argparse.Namespace) -> Choices:
    """The person's choices as flags say them (the GUI reads the same ``Choices``
    from its settings; ``EngineOptions.from_choices`` converts both)."""
    from ..core.options import Choices

    return Choices(
        api=getattr(args, "api", "auto"),
        add_user_assistant=args.add_user_assistant,
        add_missing_assistant=args.add_missing_assistant,
        sentinels=args.sentinels,
        cst_variant=args.cst_variant,
        cst_zone=args.cst_tz,
        wilmer_zone=args.tz or "",
        st_names=getattr(args, "st_names", "auto"),
        st_quotes=args.st_quotes,
        st_merge=args.st_merge,
        st_keep_cr=args.st_keep_cr,
        group_chat_commit=getattr(args, "group_chat_commit", False),
    )


def api_key_from(args: argparse.Namespace) -> str | None:
    """The API key from an environment variable (preferred) or the flag; never stored."""
    variable = getattr(args, "api_key_env", None)
    if variable:
        value = os.environ.get(variable)
        if not value:
            raise InputError(None, f"environment variable {variable} is not set or empty")
        return value
    return getattr(args, "api_key", None) or None


def say(line: str) -> None:
    """One line on stderr (see ``arguments.say_line``: never raises, never on stdout)."""
    say_line(line)


NEW_FLAG = "--new-discussion"


def new_hint(args: argparse.Namespace) -> str:
    """How to say that TS does not exist yet, for a command that has the flag."""
    return f" (add {NEW_FLAG} when it does not exist yet)" if hasattr(args, "new_discussion") else ""


NOTHING_TO_REPAIR = "no such file: there is nothing to repair"


def explicit_store_state(args: argparse.Namespace) -> bool:
    """Check an explicit ``--timestamps TS`` against ``--new-discussion``
    before anything is loaded; returns whether the discussion is new on
    purpose. A TS that does not exist is an error unless the person says the
    discussion is new: a mistyped path read as an empty file reports every
    message untracked (and a ``--write`` would start a second file). Saying
    it is new of a file that exists is an error too: writing would change
    a file that was not meant. The command without the flag (``repair``)
    has nothing to work on in a new discussion."""
    from pathlib import Path

    from ..core import files
    from ..core.errors import unreadable

    flagged = hasattr(args, "new_discussion")
    new = bool(getattr(args, "new_discussion", False))
    if args.timestamps is None:
        if new:
            args.parser.error(f"{NEW_FLAG} goes with --timestamps TS")
        return False
    path = Path(args.timestamps)
    try:
        exists = files.exists(path)
    except OSError as error:  # a link loop, a folder without permission: said as what it is
        raise InputError(path, unreadable(error)) from None
    if new and exists:
        raise InputError(path, f"already exists; leave out {NEW_FLAG} to use it")
    if not new and not exists:
        if not flagged:
            raise InputError(path, NOTHING_TO_REPAIR)
        raise InputError(
            path, f"no such file; if the discussion is new (no times stored yet), add {NEW_FLAG}"
        )
    return new


def same_file(one: object, other: object) -> bool:
    """Whether two paths name one file (through links too); False when
    either cannot be looked at, which leaves saying why to whoever opens it."""
    try:
        return os.path.samefile(str(one), str(other))
    except (OSError, ValueError):
        return False


def check_not_transcript(transcript: str | None, store: object, output: str | None) -> None:
    """The transcript is never the timestamp file nor ``--output``: read as a
    timestamp file a transcript is a handful of keys that are not hashes, and
    written to, it is replaced by a timestamp file (tryout: ``backfill CHAT
    --timestamps CHAT --write`` and ``--output`` a link to CHAT both turned
    the conversation into a file of times, status 0)."""
    if transcript is None:
        return
    if store is not None and same_file(store, transcript):
        raise InputError(store, "is the transcript itself, not a timestamp file")
    if output is not None and same_file(output, transcript):
        raise InputError(output, "--output is the transcript itself: it would be replaced; nothing written")


# The formats that hold more than one conversation, which ``--chat`` picks from.
CHAT_FORMATS = frozenset({"open-webui", "recording"})


def check_chat_picks(chat: str | None, discussion: Discussion) -> None:
    """``--chat`` given where there is nothing to pick is an error, not
    ignored: ``--chat 5`` on a SillyTavern file ran on the file's only
    conversation, status 0, as if it had been chosen (with no TRANSCRIPT at
    all it is refused in ``CommandContext``)."""
    if chat is None:
        return
    loaded = discussion.transcript
    if loaded.format not in CHAT_FORMATS:
        raise InputError(
            loaded.source,
            f"holds one conversation ({loaded.format}); --chat picks one of an Open WebUI export "
            "or a request of a recording",
        )


def check_root(root: str) -> None:
    """A ``--root`` that is not a folder is an error, as it is for
    ``discussions`` and ``record --discussions``: a mistyped root read as
    "a new discussion under it" reports every message untracked."""
    from pathlib import Path

    from ..core.words import Problem, Said

    try:
        is_folder = Path(root).is_dir()
    except OSError:  # a name too long to look at: not a folder either
        is_folder = False
    if not is_folder:
        raise InputError(root, Said(Problem.NOT_A_ROOT))


_ETC_GMT_RE = re.compile(r"Etc/GMT([+-])([0-9]+)")


def zone_caution(name: str | None) -> str | None:
    """What to tell a person who named a zone that is valid but most often
    not what is meant: ``Etc/GMT+5`` is five hours *behind* UTC (POSIX signs)."""
    found = _ETC_GMT_RE.fullmatch(name or "")
    if found is None or found.group(2) == "0":
        return None
    sign, hours = found.groups()
    side = "behind" if sign == "+" else "ahead of"
    opposite = "-" if sign == "+" else "+"
    return f"{name} is UTC{opposite}{hours}, {hours} hours {side} UTC (the Etc/ names invert the sign)"

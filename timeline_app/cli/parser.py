"""The commands' argument parsers: one wording of every flag for every
command, built only for the command that runs (each costs start-up time)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ..arguments import PROG, OneLineParser, given
from .commands import cmd_backfill, cmd_discussions, cmd_inspect, cmd_preview, cmd_repair, cmd_summary
from .context import NEW_FLAG


def write_options(parser: argparse.ArgumentParser, what: str, unrelated: str = "") -> None:
    """--output/--write, and the one flag that writes into a file that looks
    like another discussion's (``unrelated``: what else it lets through)."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--output", metavar="OUT", type=given, help=f"write the {what} file to OUT")
    where.add_argument("--write", action="store_true", help="update TS in place (a backup is kept)")
    parser.add_argument(
        "--files-belong-together",
        action="store_true",
        help="write even into a file (TS, or OUT) that looks like another discussion's: "
        f"none of its stored times a message of this chat{unrelated}",
    )


def common_options(parser: argparse.ArgumentParser) -> None:
    from ..core.cst import CST_ZONE
    from ..core.options import API_CHOICES, CST_VARIANT_CHOICES, SENTINEL_CHOICES, ST_NAMES_CHOICES
    from ..core.transcripts.loading import FORMATS

    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="also say on stderr what was detected or found while loading (client API, a file found "
        "beside the other, SillyTavern's content as sent); warnings are said without it",
    )
    group = parser.add_argument_group("time and middleware settings")
    group.add_argument(
        "--now",
        metavar="WHEN",
        type=given,
        help="request time: 'YYYY-MM-DD HH:MM:SS' on the discussion's clock, or ISO 8601 with an "
        "offset (an instant, placed on that clock) (default: a recorded request's arrival, as the "
        "window pins it; else now, on the clock the transcript's own times show when it has them "
        "and a timestamp file, else in --tz)",
    )
    group.add_argument(
        "--tz",
        metavar="ZONE",
        type=given,
        help="zone of the middleware's naive times (default: the offset the transcript's own times "
        "show beside the stored ones, else this machine's)",
    )
    group.add_argument("--cst-variant", choices=CST_VARIANT_CHOICES, default=CST_VARIANT_CHOICES[0])
    group.add_argument(
        "--cst-tz",
        metavar="ZONE",
        type=given,
        default=CST_ZONE,
        help=f"CST display zone (default {CST_ZONE})",
    )
    group.add_argument(
        "--sentinels",
        choices=SENTINEL_CHOICES,
        default="current",
        help="brace sentinel pair of the middleware version (legacy: before 2026-03-29)",
    )
    group.add_argument(
        "--api",
        choices=API_CHOICES,
        default="auto",
        help="which API the client used (changes content normalisation; default: detect from the file)",
    )
    group.add_argument(
        "--add-user-assistant",
        action="store_true",
        help="the middleware's chatCompleteAddUserAssistant setting",
    )
    group.add_argument(
        "--add-missing-assistant",
        action="store_true",
        help="the middleware's chatCompletionAddMissingAssistantGenerator setting",
    )
    group.add_argument(
        "--group-chat-commit",
        action="store_true",
        help="the responding node's useGroupChatTimestampLogic: the reply is stored under its own hash "
        "right after it is generated (reconstructed with the generation prompt's speaker prefix) "
        "instead of leaving the placeholder pending for the next request",
    )
    group.add_argument("--format", choices=FORMATS, help="transcript format (default: detect)")
    group.add_argument("--chat", metavar="ID|INDEX", type=given, help="which chat of a multi-chat export")
    group.add_argument("--skip-bad-lines", action="store_true", help="load a JSONL file despite broken lines")
    group.add_argument(
        "--root",
        metavar="DIR",
        type=given,
        help="DiscussionIds root: find TS from the transcript's discussion id",
    )
    st = parser.add_argument_group("SillyTavern content as sent (default: best match with TS)")
    st.add_argument(
        "--st-names",
        choices=ST_NAMES_CHOICES,
        default="auto",
        help="character names behavior",
    )
    st.add_argument("--st-quotes", action="store_true", help="user messages wrapped in quotes")
    st.add_argument("--st-merge", action="store_true", help="consecutive same-role messages merged")
    st.add_argument("--st-keep-cr", action="store_true", help="keep \\r in content")
    _key_options(parser)


def _key_options(parser: argparse.ArgumentParser) -> None:
    keys = parser.add_argument_group("encrypted files (the key is never written anywhere)")
    keys.add_argument(
        "--api-key-env", metavar="VAR", type=given, help="read the API key from this environment variable"
    )
    keys.add_argument(
        "--api-key",
        metavar="KEY",
        type=given,
        help="the API key itself (visible to other users: prefer --api-key-env)",
    )
    keys.add_argument("--username", metavar="NAME", help="the middleware's configured username, if any")


def _timestamps_option(p: argparse.ArgumentParser, *, required: bool = False, new: bool = True) -> None:
    """``--timestamps TS`` and, where a new discussion means something,
    ``--new-discussion``: one wording of both for every command."""
    if not new:
        p.add_argument(
            "--timestamps",
            metavar="TS",
            type=given,
            help="the timestamp file (it must exist: a new discussion has nothing to repair)",
        )
        return
    p.add_argument(
        "--timestamps",
        metavar="TS",
        type=given,
        required=required,
        help=f"the timestamp file; it must exist, unless {NEW_FLAG} is given",
    )
    p.add_argument(
        NEW_FLAG,
        action="store_true",
        help="TS does not exist yet, on purpose: a discussion with no times stored "
        "(without it a TS that does not exist is an error, so a mistyped path is not read as an empty file)",
    )


def _preview_parser(p: argparse.ArgumentParser) -> None:
    from ..core.context import Style

    p.add_argument("transcript", metavar="TRANSCRIPT", type=given)
    _timestamps_option(p)
    p.add_argument("--style", choices=[s.value for s in Style], required=True)
    p.add_argument("--json", action="store_true")
    common_options(p)
    p.set_defaults(parser=p, handler=cmd_preview)


def _backfill_parser(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Simulate the tracking step of one request: the times the middleware gives "
        "untracked messages and the pending placeholder it resolves. Only the tracking step is "
        "simulated unless --placeholder is given."
    )
    p.add_argument("transcript", metavar="TRANSCRIPT", type=given)
    _timestamps_option(p)
    p.add_argument(
        "--placeholder",
        action="store_true",
        help="the whole request: also save the reply's placeholder (= now) last, "
        "exactly the file the middleware leaves behind",
    )
    reply = p.add_argument_group(
        "the reply (the whole request-reply cycle: the file the middleware leaves once the reply is known)"
    )
    reply_source = reply.add_mutually_exclusive_group()
    reply_source.add_argument("--reply", metavar="TEXT", help="the model's reply, as it wrote it")
    reply_source.add_argument(
        "--reply-file",
        metavar="FILE",
        type=given,
        help="the model's reply from a UTF-8 file, byte for byte (a final newline too)",
    )
    reply_source.add_argument(
        "--recorded-reply",
        action="store_true",
        help="the reply the recorder kept (record --responses) for the request TRANSCRIPT picks",
    )
    reply.add_argument(
        "--streamed", action="store_true", help="the reply was streamed (--reply, --reply-file)"
    )
    reply.add_argument(
        "--trim-line-breaks",
        action="store_true",
        help="the endpoint's trimBeginningAndEndLineBreaks: a whole reply is stripped at both ends",
    )
    reply.add_argument(
        "--as-returned",
        action="store_true",
        help="the reply is the text the front end received, not the model's own (--reply, --reply-file)",
    )
    write_options(p, "resulting")
    p.add_argument("--json", action="store_true")
    common_options(p)
    p.set_defaults(parser=p, handler=cmd_backfill)


def _summary_parser(p: argparse.ArgumentParser) -> None:
    _timestamps_option(p, required=True)
    common_options(p)
    p.set_defaults(parser=p, handler=cmd_summary, transcript=None)


def _inspect_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("transcript", metavar="TRANSCRIPT", type=given, nargs="?")
    _timestamps_option(p)
    p.add_argument("--json", action="store_true")
    common_options(p)
    p.set_defaults(parser=p, handler=cmd_inspect)


def _repair_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("transcript", metavar="TRANSCRIPT", type=given)
    _timestamps_option(p, new=False)
    p.add_argument(
        "--min-confidence",
        choices=["high", "medium"],
        default="high",
        help="apply proposals at least this sure (low ones are only listed)",
    )
    p.add_argument(
        "--reanchor",
        action="store_true",
        help="replace times legacy backfills invented with the transcript's own times",
    )
    p.add_argument(
        "--prune-orphans", action="store_true", help="remove orphans whose time was given back to a message"
    )
    write_options(
        p, "repaired", "; or when the transcript and TS look unrelated (other discussion id, most orphaned)"
    )
    p.add_argument("--json", action="store_true")
    common_options(p)
    p.set_defaults(parser=p, handler=cmd_repair)


def _discussions_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("root_folder", metavar="ROOT", type=given)
    p.add_argument("--json", action="store_true")
    _key_options(p)
    p.set_defaults(parser=p, handler=cmd_discussions)


def _history_parser(p: argparse.ArgumentParser) -> None:
    from .history import fill_history_parser

    fill_history_parser(p, common_options)


# command -> (summary, fills its parser); the recorder's two register themselves
_OWN_COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "preview": ("print the context the model receives", _preview_parser),
    "backfill": ("simulate the middleware's tracking (dry run unless told)", _backfill_parser),
    "summary": ("print {time_context_summary}", _summary_parser),
    "inspect": ("join a transcript with its timestamp file", _inspect_parser),
    "repair": ("propose (and apply) times for untracked messages from orphans", _repair_parser),
    "discussions": ("list every discussion under a DiscussionIds root", _discussions_parser),
    "history": ("when each time was stored, by which request, and when it was lost", _history_parser),
}


_RECORDER_COMMANDS = ("record", "compare")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The commands' parser. With ``command``, only that command's options
    are built (each costs start-up time; the others are listed by name)."""
    parser = OneLineParser(
        prog=PROG,
        description="Inspect, preview and repair the hidden time data of LLM conversations.",
        epilog=f"Without a command it opens the window: {PROG} [PATH ...] [--demo] [--style STYLE] "
        f"[--screenshot PNG] [--version]. Each command has its own help: {PROG} COMMAND --help.",
    )
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", title="commands", parser_class=OneLineParser
    )
    for name, (summary, fill) in _OWN_COMMANDS.items():
        p = sub.add_parser(name, help=summary)
        if command is None or command == name:
            fill(p)
    if command is None or command in _RECORDER_COMMANDS:
        from ..record.command import add_compare, add_record

        add_record(sub)
        add_compare(sub, common_options)
    else:
        for name in _RECORDER_COMMANDS:
            sub.add_parser(name)
    return parser

"""What the command line and the window's launcher both parse with: the
command names and argparse that says a usage error in one line. Kept
outside both, so neither imports the other."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from typing import NoReturn

PROG = "timeline-inspector"


COMMANDS = (
    "preview",
    "backfill",
    "summary",
    "inspect",
    "discussions",
    "repair",
    "record",
    "compare",
    "history",
)


_INVALID_CHOICE_RE = re.compile(r"argument (?P<flag>[^:]+): invalid choice: ")


_REQUIRED_RE = re.compile(r"the following arguments are required: (?P<names>.+)")


_EXCLUSIVE_RE = re.compile(r"argument (?P<one>[^:]+): not allowed with argument (?P<other>.+)")


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line (what is wrong and
    where help is), not the whole usage block: the person already typed the
    command and needs the one thing to change."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {one_line(self._plain(message))} (see {self.prog} --help)\n")

    def _plain(self, message: str) -> str:
        found = _INVALID_CHOICE_RE.match(message)
        if found:
            flag = found.group("flag")
            for action in self._actions:
                if action.choices and (flag in action.option_strings or flag == action.metavar):
                    return f"{flag} must be {_one_of([str(c) for c in action.choices])}"
        found = _REQUIRED_RE.match(message)
        if found:
            names = found.group("names").split(", ")
            return f"{_one_of(names, 'and')} {'is' if len(names) == 1 else 'are'} required"
        found = _EXCLUSIVE_RE.match(message)
        if found:
            return f"{found.group('other')} and {found.group('one')} cannot be used together"
        return message


# Characters that end a line on a terminal or in a log reader: a file name or
# an option's value holding one (``$'new\nline.json'``) split "one line on
# stderr" in two, the second without the program's name.
_LINE_BREAKING_RE = re.compile("[\x00-\x1f\x7f\x85\u2028\u2029]")


def one_line(text: str) -> str:
    """``text`` with every character that could break or blank the line
    (line breaks, other controls) written as its escape (``\\n``, ``\\x1b``),
    so a message naming such a file stays one line that still says which."""
    return _LINE_BREAKING_RE.sub(lambda found: repr(found.group())[1:-1], text)


def say_line(line: str) -> None:
    """One line on stderr with the program's name, made safe by ``one_line``.

    Never raises and never falls back to stdout: with stderr closed
    (``sys.stderr`` is None) ``print`` would write the line into stdout, into
    the report a script reads; with stderr on a full disk the failure would
    end a command after its write, with the report unsaid. A stream that
    failed once is swapped for /dev/null, so the interpreter's last flush
    does not fail on what is still buffered in it."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(f"{PROG}: {one_line(line)}\n")
        stream.flush()
    except (OSError, ValueError):
        try:
            sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (lives as long as the process)
        except OSError:
            sys.stderr = None


def _one_of(words: list[str], joiner: str = "or") -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {joiner} {words[-1]}"


# Values argparse hands through as they are typed. An empty string is never a
# value a person means: as a path it reads as "the current folder", as a time
# or a zone as "not given" (tryout: ``--now ''`` wrote with the real clock,
# ``--output ''`` did a dry run), so every option that takes one refuses it.


def given(text: str) -> str:
    """An option's text that is not empty (nor only blanks)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    return text


def bounded_number(low: float, high: float) -> Callable[[str], float]:
    """A number ``low < x <= high``: NaN, infinities and 1e400 are refused by
    name, never met later as an ``OverflowError`` in an ``int()`` or a timer."""

    def number(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not low < value <= high:  # False for NaN too
            raise argparse.ArgumentTypeError(f"must be a number above {low:,.0f} and at most {high:,.0f}")
        return value

    return number

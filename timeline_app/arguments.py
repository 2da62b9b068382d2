"""What the command line and the window's launcher both parse with: the
command names and argparse that says a usage error in one line. Kept
outside both, so neither imports the other."""

from __future__ import annotations

import argparse
import re
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
        self.exit(2, f"{self.prog}: {self._plain(message)} (see {self.prog} --help)\n")

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


def _one_of(words: list[str], joiner: str = "or") -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {joiner} {words[-1]}"

"""How a front end may have turned a SillyTavern chat into a request: the
choice a person (or the best-match search) makes, apart from the loader, so
that options can name it without loading the SillyTavern reader."""

from __future__ import annotations

from enum import StrEnum

from ..records import frozen


class NamesBehavior(StrEnum):
    """SillyTavern's "character names behavior" setting."""

    NONE = "none"
    DEFAULT = "default"
    CONTENT = "content"
    COMPLETION = "completion"


@frozen
class SendView:
    """One way the front end may have turned the chat into a request."""

    names: NamesBehavior = NamesBehavior.DEFAULT
    wrap_quotes: bool = False
    strip_cr: bool = True
    merge_consecutive: bool = False

    def describe(self) -> str:
        parts = [f"names: {self.names.value}"]
        if self.wrap_quotes:
            parts.append("user text in quotes")
        if not self.strip_cr:
            parts.append("\\r kept")
        if self.merge_consecutive:
            parts.append("same-role messages merged")
        return ", ".join(parts)

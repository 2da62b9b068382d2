"""Every user choice that changes what the engine computes, in one value.

``Choices`` is what a person picks (flags on the command line, menu items and
settings in the GUI), as plain strings and booleans that survive a settings
file; ``EngineOptions.from_choices`` is the one place that turns them into the
engine's typed options, so the CLI and the GUI cannot drift apart. The engine
takes ``EngineOptions`` as an argument and keeps no other state.
"""

from __future__ import annotations

from dataclasses import field, fields, replace

from .cst import CST_ZONE, CstSettings, CstVariant
from .errors import InputError
from .hashing import SENTINEL_PAIRS
from .pipeline import Api, RequestOptions
from .records import frozen
from .reply import CommitMode
from .transcripts.sendview import NamesBehavior, SendView
from .words import Problem, Said, Setting
from .zones import get_zone

API_CHOICES = ("auto", *(a.value for a in Api))
ST_NAMES_CHOICES = ("auto", *(n.value for n in NamesBehavior))
CST_VARIANT_CHOICES = tuple(v.value for v in CstVariant)
SENTINEL_CHOICES = tuple(sorted(SENTINEL_PAIRS))


@frozen
class Choices:
    """A person's choices, defaults as the middleware ships. Strings, not enums:
    settings files and argparse hold strings, and validation happens once, in
    ``EngineOptions.from_choices``."""

    api: str = "auto"  # auto: take the client API from the file (OpenAI when it shows none)
    add_user_assistant: bool = False
    add_missing_assistant: bool = False
    sentinels: str = "current"
    cst_variant: str = CstVariant.TIME_LINE.value
    cst_zone: str = CST_ZONE
    wilmer_zone: str = ""  # empty: the transcript's offset, else this machine's zone (Discussion.clock)
    st_names: str = "auto"  # auto: the view that matches the timestamp file best
    st_quotes: bool = False
    st_merge: bool = False
    st_keep_cr: bool = False
    group_chat_commit: bool = False  # the responding node's useGroupChatTimestampLogic

    def changed(self) -> list[tuple[str, Said]]:
        """The choices that differ from the defaults, as (field, words for a
        person), in field order: what must be visible wherever counts are shown."""
        default = Choices()
        out = []
        for item in fields(self):
            value = getattr(self, item.name)
            if value != getattr(default, item.name):
                out.append((item.name, describe_choice(item.name, value)))
        return out

    def reset(self, name: str) -> Choices:
        """These choices with one field back at its default."""
        return replace(self, **{name: getattr(Choices(), name)})


def describe_choice(name: str, value: object) -> Said:
    """Short words for one choice (the GUI's chips; ``str`` is the English):
    the field's code, with the value when the words name it."""
    code = Setting[name.upper()]
    return Said(code, (value,)) if "{0}" in code.value else Said(code)


@frozen
class EngineOptions:
    request: RequestOptions = field(default_factory=RequestOptions)
    cst: CstSettings = field(default_factory=CstSettings)
    wilmer_zone: str | None = None  # zone of the middleware's naive times; None: this machine's
    detect_api: bool = True  # take the client API from the file when it shows one
    st_view: SendView | None = None  # SillyTavern "content as sent"; None: best match
    commit_mode: CommitMode = CommitMode.DEFAULT  # what the responding node does once the reply is known

    @classmethod
    def from_choices(cls, choices: Choices) -> EngineOptions:
        """Validate and convert; an unknown value raises ``InputError`` naming
        the choice, so a bad flag and a bad settings entry read alike."""
        _check(choices.api, API_CHOICES, Setting.API_NAME)
        _check(choices.sentinels, SENTINEL_CHOICES, Setting.SENTINELS_NAME)
        _check(choices.cst_variant, CST_VARIANT_CHOICES, Setting.CST_VARIANT_NAME)
        _check(choices.st_names, ST_NAMES_CHOICES, Setting.ST_NAMES_NAME)
        # the defaults (the CST zone, this machine's) always exist: only a
        # zone someone named is looked up (which loads the zone database)
        if choices.cst_zone and choices.cst_zone != CST_ZONE:
            get_zone(choices.cst_zone)
        if choices.wilmer_zone:
            get_zone(choices.wilmer_zone)
        auto = choices.api == "auto"
        return cls(
            request=RequestOptions(
                api=Api.OPENAI if auto else Api(choices.api),
                add_user_assistant=choices.add_user_assistant,
                add_missing_assistant=choices.add_missing_assistant,
                sentinels=SENTINEL_PAIRS[choices.sentinels],
            ),
            cst=CstSettings(CstVariant(choices.cst_variant), choices.cst_zone or CST_ZONE),
            wilmer_zone=choices.wilmer_zone or None,
            detect_api=auto,
            commit_mode=CommitMode.GROUP_CHAT if choices.group_chat_commit else CommitMode.DEFAULT,
            st_view=None
            if choices.st_names == "auto"
            else SendView(
                NamesBehavior(choices.st_names), choices.st_quotes, not choices.st_keep_cr, choices.st_merge
            ),
        )


def _check(value: str, allowed: tuple[str, ...], what: Setting) -> None:
    if value not in allowed:
        raise InputError(None, Said(Problem.UNKNOWN_CHOICE, (Said(what), value, ", ".join(allowed))))

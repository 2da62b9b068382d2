"""Every user choice that changes what the engine computes, in one value.

The CLI builds it from flags and the GUI from its settings; the engine takes
it as an argument and keeps no other state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cst import CstSettings
from .pipeline import RequestOptions
from .transcripts.sillytavern import SendView


@dataclass(frozen=True)
class EngineOptions:
    request: RequestOptions = field(default_factory=RequestOptions)
    cst: CstSettings = field(default_factory=CstSettings)
    wilmer_zone: str | None = None  # zone of the middleware's naive times; None: this machine's
    detect_api: bool = True  # take the client API from the file when it shows one
    st_view: SendView | None = None  # SillyTavern "content as sent"; None: best match

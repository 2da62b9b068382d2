"""Where the files that ship with the app are: a checkout, a wheel install or a bundle.

A checkout (or editable install) and the PyInstaller bundle keep ``resources/``
and ``docs/`` beside the package; a wheel installs copies under
``<prefix>/share/timeline-inspector``. One lookup serves the demo, the icon, the
translations and the user guide, so they can never disagree on where the app lives.
"""

from __future__ import annotations

import sys
from pathlib import Path

APP_ID = "io.github.timeline_inspector.TimelineInspector"  # desktop entry, metainfo, icon name

_BESIDE = Path(__file__).resolve().parent.parent.parent  # a checkout's root, or a bundle's _internal
_INSTALLED = Path(sys.prefix) / "share" / "timeline-inspector"


def _pick(checkout: Path, installed: Path) -> Path:
    return checkout if checkout.exists() else installed


RESOURCES = _pick(_BESIDE / "resources", _INSTALLED)
DOCS = _pick(_BESIDE / "docs" / "guide.md", _INSTALLED / "docs" / "guide.md").parent
GUIDE = DOCS / "guide.md"
APP_ICON = RESOURCES / "icons" / "timeline-inspector.svg"
DEMO_TRANSCRIPT = RESOURCES / "demo" / "chat.json"
DEMO_TIMESTAMPS = RESOURCES / "demo" / "timestamps.json"
TRANSLATIONS = RESOURCES / "translations"  # compiled .qm files (make translations)


def guide_in(language: str) -> Path:
    """The user guide written in ``language`` (``docs/guide.<language>.md``, its
    pictures under ``docs/guide/<language>/``), or the English one when that
    language has none: a translated window shows a translated guide."""
    translated = DOCS / f"guide.{language}.md"
    return translated if translated.is_file() else GUIDE

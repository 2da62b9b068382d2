"""Settings codec: what the app keeps between runs, read and written in one place.

QSettings holds strings (INI files turn booleans into "true"/"false"), so every
value goes through here: engine choices (``core.options.Choices``), the view
(style, theme, language, the table columns the user resized), paths
(DiscussionIds root, recordings folder, recent pairs, systemPrompt template).
A value that does not parse falls back to its default, never raises.
"""

from __future__ import annotations

import json
from dataclasses import fields, replace
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from ..core.context import Style
from ..core.errors import InputError
from ..core.options import Choices, EngineOptions

RECENT_LIMIT = 10
_CHOICE_KEY = "engine/{}"


def _text(settings: QSettings, key: str, default: str) -> str:
    value = settings.value(key, default)
    return value if isinstance(value, str) else default


def _flag(settings: QSettings, key: str, default: bool) -> bool:
    value = settings.value(key, default)
    return value if isinstance(value, bool) else str(value).lower() == "true"


def read_choices(settings: QSettings) -> Choices:
    """The engine choices saved last time; an entry the engine refuses (an old
    version's value, a zone this machine does not know) stays at its default."""
    choices = Choices()
    for item in fields(Choices):
        key = _CHOICE_KEY.format(item.name)
        current = getattr(choices, item.name)
        value = _flag(settings, key, current) if isinstance(current, bool) else _text(settings, key, current)
        trial = replace(choices, **{item.name: value})
        try:
            EngineOptions.from_choices(trial)
        except InputError:
            continue
        choices = trial
    return choices


def write_choices(settings: QSettings, choices: Choices) -> None:
    for item in fields(Choices):
        settings.setValue(_CHOICE_KEY.format(item.name), getattr(choices, item.name))


def read_style(settings: QSettings) -> Style:
    value = _text(settings, "view/style", Style.ABSOLUTE.value)
    return Style(value) if value in {s.value for s in Style} else Style.ABSOLUTE


def write_style(settings: QSettings, style: Style) -> None:
    settings.setValue("view/style", style.value)


def read_theme(settings: QSettings) -> str:
    value = _text(settings, "view/theme", "system")
    return value if value in {"system", "light", "dark"} else "system"


def write_theme(settings: QSettings, name: str) -> None:
    settings.setValue("view/theme", name)


LANGUAGES = ("system", "en", "zh_CN")  # follow the locale, the source language, the translations


def read_language(settings: QSettings) -> str:
    """One of ``LANGUAGES`` (``translations`` loads it at start-up)."""
    value = _text(settings, "view/language", "system")
    return value if value in LANGUAGES else "system"


def write_language(settings: QSettings, language: str) -> None:
    settings.setValue("view/language", language)


def _path(settings: QSettings, key: str) -> Path | None:
    value = _text(settings, key, "")
    return Path(value) if value else None


def read_root(settings: QSettings) -> Path | None:
    return _path(settings, "paths/root")


def write_root(settings: QSettings, root: Path | None) -> None:
    settings.setValue("paths/root", str(root) if root else "")


def read_recordings(settings: QSettings) -> Path | None:
    """The recordings folder (a recorder's ``--out``) shown last time."""
    return _path(settings, "paths/recordings")


def write_recordings(settings: QSettings, folder: Path | None) -> None:
    settings.setValue("paths/recordings", str(folder) if folder else "")


def read_recent(settings: QSettings) -> list[tuple[Path | None, Path | None]]:
    """Recently opened pairs (transcript, timestamp file), newest first."""
    try:
        items = json.loads(_text(settings, "paths/recent", "[]"))
    except ValueError:
        return []
    out: list[tuple[Path | None, Path | None]] = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict):
            pair = tuple(Path(item[k]) if item.get(k) else None for k in ("transcript", "timestamps"))
            if any(pair):
                out.append((pair[0], pair[1]))
    return out[:RECENT_LIMIT]


def remember_recent(settings: QSettings, transcript: Path | None, store: Path | None) -> None:
    pair = (transcript, store)
    items = [pair, *[p for p in read_recent(settings) if p != pair]][:RECENT_LIMIT]
    encoded = [{"transcript": str(t or ""), "timestamps": str(s or "")} for t, s in items]
    settings.setValue("paths/recent", json.dumps(encoded))


def read_template(settings: QSettings) -> str:
    return _text(settings, "preview/systemPrompt", "")


def write_template(settings: QSettings, text: str) -> None:
    settings.setValue("preview/systemPrompt", text)


def read_window(settings: QSettings) -> tuple[QByteArray | None, QByteArray | None]:
    """Saved geometry and dock/toolbar state (None: first start)."""
    values = [settings.value(key) for key in ("window/geometry", "window/state")]
    geometry, state = (QByteArray(v) if isinstance(v, QByteArray | bytes) else None for v in values)
    return geometry, state


def write_window(settings: QSettings, geometry: QByteArray, state: QByteArray) -> None:
    settings.setValue("window/geometry", geometry)
    settings.setValue("window/state", state)
    settings.sync()


def read_column_widths(settings: QSettings) -> dict[int, int]:
    """The timeline table's columns the user resized by hand (column -> px)."""
    try:
        stored = json.loads(_text(settings, "window/columnWidths", "{}"))
        return {int(column): int(width) for column, width in stored.items() if int(width) > 0}
    except (ValueError, TypeError, AttributeError):
        return {}


def write_column_widths(settings: QSettings, widths: dict[int, int]) -> None:
    settings.setValue("window/columnWidths", json.dumps({str(c): w for c, w in sorted(widths.items())}))

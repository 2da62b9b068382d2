"""The committed .ts is what ``make lupdate`` would make of the sources now.

A string marked in the code but missing from the .ts stays English in the
app; one left in the .ts after its code changed is a dead translation. Both
slip in when someone edits the .ts by hand or forgets to run lupdate, so this
test runs ``pyside6-lupdate`` (the Makefile's flags) on a copy and compares
the entries. ``test_chinese_panels`` keeps its AST check beside it for call
shapes lupdate does not see.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from .helpers import ROOT, TS_FILE

# English holds only the plural forms of the sources (``-pluralonly``)
ENGLISH_TS = TS_FILE.with_name("timeline_inspector_en.ts")

Entry = tuple[str, str, str]  # context, source, disambiguating comment


def _entries(ts: Path) -> dict[Entry, ET.Element]:
    root = ET.parse(ts).getroot()
    return {
        (context.findtext("name") or "", m.findtext("source") or "", m.findtext("comment") or ""): m
        for context in root.iter("context")
        for m in context.iter("message")
    }


def _lupdated_copy(tmp_path: Path, ts: Path = TS_FILE, flags: tuple[str, ...] = ()) -> Path:
    """``make lupdate`` on a copy: the same sources (every gui module, the
    engine's sentences) and flags."""
    copy = tmp_path / ts.name
    shutil.copyfile(ts, copy)
    sources = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "timeline_app" / "gui").rglob("*.py"))
    sources.append("timeline_app/core/words.py")  # the engine's sentences, marked where defined
    lupdate = Path(sys.executable).with_name("pyside6-lupdate")
    subprocess.run(
        [
            str(lupdate),
            "-silent",
            "-locations",
            "relative",
            "-no-obsolete",
            *flags,
            *sources,
            "-ts",
            str(copy),
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=60,
    )
    return copy


def test_the_ts_holds_exactly_the_strings_the_sources_mark(tmp_path: Path) -> None:
    committed = _entries(TS_FILE)
    fresh = _entries(_lupdated_copy(tmp_path))
    # a wrong flag (``-extensions py`` with a folder) finds nothing: fail, not compare empty sets
    assert len(fresh) >= 300 and ("TimelineTableModel", "Speaker", "") in fresh
    missing = sorted(set(fresh) - set(committed))
    dead = sorted(set(committed) - set(fresh))
    assert not missing, f"marked in the code, not in the .ts (run make lupdate, translate): {missing}"
    assert not dead, f"in the .ts, no longer in the code (run make lupdate): {dead}"
    changed = [key for key in fresh if fresh[key].get("numerus") != committed[key].get("numerus")]
    assert not changed, f"plural in one, not in the other: {changed}"


def test_the_english_catalogue_holds_exactly_the_plurals(tmp_path: Path) -> None:
    committed = _entries(ENGLISH_TS)
    fresh = _entries(_lupdated_copy(tmp_path, ENGLISH_TS, ("-pluralonly",)))
    assert len(fresh) >= 20 and all(m.get("numerus") == "yes" for m in fresh.values())
    assert set(fresh) == set(committed), "run make lupdate, write the forms it could not"
    chinese_plurals = {key for key, m in _entries(TS_FILE).items() if m.get("numerus") == "yes"}
    assert set(committed) == chinese_plurals
    for (_, source, _), message in committed.items():
        one, many = (f.text or "" for f in message.iter("numerusform"))
        assert "(s)" not in one + many and "%n" in one and "%n" in many, source


@pytest.mark.parametrize("ts", [TS_FILE, ENGLISH_TS], ids=lambda p: p.stem)
def test_every_entry_of_the_ts_is_translated_and_alive(ts: Path) -> None:
    entries = _entries(ts)
    # the loop below proves nothing of an empty parse: the Chinese catalogue
    # has every string (the File menu's among them), the English one the plurals
    assert len(entries) >= (300 if ts == TS_FILE else 20), (ts, len(entries))
    assert ts != TS_FILE or any(source == "&File" for _, source, _ in entries)
    for (context, source, _), message in entries.items():
        translation = message.find("translation")
        assert translation is not None, (context, source)
        assert translation.get("type") is None, (context, source, translation.get("type"))
        forms = [f.text or "" for f in translation.iter("numerusform")] or [translation.text or ""]
        assert all(form.strip() for form in forms), (context, source)

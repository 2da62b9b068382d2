"""Fill the regular English plural forms of the plural-only English catalogue.

The sources write a count's noun once, ``"%n message(s)"``, as Qt's plural
mechanism expects; without an English catalogue an English reader sees
"1 message(s)". ``make lupdate`` keeps ``timeline_inspector_en.ts`` holding
exactly the plural strings; this fills every unfinished one whose source
marks its plural with ``(s)`` ("1 message" / "2 messages") and leaves the
others unfinished for a person to write (tests/gui/test_lupdate.py fails
until they are). Entries already written are never touched.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

# one unfinished plural entry as lupdate writes it (its layout kept, so the
# next lupdate run leaves the file as this wrote it)
UNFINISHED = re.compile(
    r'(?P<head><message numerus="yes">\s*(?:<location[^>]*/>\s*)*<source>(?P<source>[^<]*)</source>\s*'
    r"(?:<comment>[^<]*</comment>\s*)?)"
    r'<translation type="unfinished">\s*(?:<numerusform>[^<]*</numerusform>\s*)*</translation>'
)


def forms(source: str) -> tuple[str, str] | None:
    """(singular, plural) of a source marking its plural with ``(s)``; None otherwise."""
    if "(s)" not in source:
        return None
    return source.replace("(s)", ""), source.replace("(s)", "s")


def fill(text: str) -> tuple[str, list[str]]:
    """The .ts text with every regular entry filled, and the sources left for a person."""
    left: list[str] = []

    def filled(match: re.Match[str]) -> str:
        source = html.unescape(match["source"])
        made = forms(source)
        if made is None:
            left.append(source)
            return match[0]
        one, many = (html.escape(form, quote=False).replace("'", "&apos;") for form in made)
        return (
            f"{match['head']}<translation>\n"
            f"            <numerusform>{one}</numerusform>\n"
            f"            <numerusform>{many}</numerusform>\n"
            f"        </translation>"
        )

    return UNFINISHED.sub(filled, text), left


def main(argv: list[str]) -> int:
    ts = Path(argv[1])
    text, left = fill(ts.read_text("utf-8"))
    ts.write_text(text, "utf-8")
    for source in left:
        print(f"english_plurals: write by hand in {ts}: {source}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

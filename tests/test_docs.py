"""The user guides (docs/guide.md and its translations) as markdown: well formed, and alike.

F1 shows a guide rendered from its markdown, so a fence written wrong hides
what it fences: the Chinese guide opened its systemPrompt example on the fence
line (```` ``` You are a travel planner … ````), which markdown reads as an
empty block with a long language name, and F1 showed no example (issue 31
tryout). The two guides had also drifted apart, each saying things the other
did not: they keep the same sections and the same pictures.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).parent.parent / "docs"
GUIDES = sorted(DOCS.glob("guide*.md"))
TRANSLATED = [g for g in GUIDES if g.name != "guide.md"]
FENCE = re.compile(r"^\s*(`{3,}|~{3,})(.*)$")
OPENING = re.compile(r"[A-Za-z0-9_+-]*")  # an optional language name, nothing else
HEADING = re.compile(r"^(#{1,6})\s")
PICTURE = re.compile(r"!\[[^\]]*\]\(([^)]+)\)")  # ![words](path): shown in the guide
LINKED = re.compile(r"^\[[^\]]+\]:\s*(\S+\.png)\s*$", re.MULTILINE)  # [name]: path: a link to one


def _fences(text: str) -> list[tuple[int, str, str]]:
    """(line number, fence, what follows it) of every fence line, opening and closing."""
    return [
        (number, m.group(1), m.group(2).strip())
        for number, line in enumerate(text.splitlines(), 1)
        if (m := FENCE.match(line))
    ]


def _outline(text: str) -> list[int]:
    """The level of every heading, in order (fenced lines are not headings)."""
    levels, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and (m := HEADING.match(line)):
            levels.append(len(m.group(1)))
    return levels


def test_there_is_a_translated_guide() -> None:
    assert (DOCS / "guide.md").is_file() and TRANSLATED, GUIDES


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.name)
def test_every_fenced_block_opens_on_a_line_of_its_own(guide: Path) -> None:
    fences = _fences(guide.read_text(encoding="utf-8"))
    assert fences and len(fences) % 2 == 0, f"{guide.name}: a block is never closed: {fences}"
    for (line, fence, after), (end, closing, rest) in zip(fences[::2], fences[1::2], strict=True):
        assert OPENING.fullmatch(after), f"{guide.name}:{line}: text on the opening fence: {after!r}"
        assert closing == fence and rest == "", f"{guide.name}:{end}: not a closing fence of line {line}"
        assert end > line + 1, f"{guide.name}:{line}: an empty block"


def test_a_fence_with_text_on_it_is_caught() -> None:
    """The check above on the tryout's line: it would have failed."""
    broken = "4. for example\n\n   ``` You are a travel planner. Answer in two sentences.\n   ```\n"
    (_, _, after), _ = _fences(broken)
    assert not OPENING.fullmatch(after)


@pytest.mark.parametrize("guide", TRANSLATED, ids=lambda p: p.name)
def test_a_translated_guide_has_the_english_ones_sections(guide: Path) -> None:
    english, translated = ((DOCS / "guide.md").read_text(encoding="utf-8"), guide.read_text(encoding="utf-8"))
    assert _outline(translated) == _outline(english)
    assert len(_fences(translated)) == len(_fences(english))


@pytest.mark.parametrize("guide", TRANSLATED, ids=lambda p: p.name)
def test_a_translated_guide_shows_the_same_pictures_of_its_own_language(guide: Path) -> None:
    """Each picture in the same place, taken in the guide's language
    (docs/guide/<language>/); and each guide links the other language's."""
    language = guide.name.removeprefix("guide.").removesuffix(".md")
    english, translated = ((DOCS / "guide.md").read_text(encoding="utf-8"), guide.read_text(encoding="utf-8"))
    shown = PICTURE.findall(english)
    assert len(shown) >= 6 and all(p.startswith("guide/") for p in shown), shown
    assert PICTURE.findall(translated) == [p.replace("guide/", f"guide/{language}/", 1) for p in shown]
    assert LINKED.findall(english) == [p.replace("guide/", f"guide/{language}/", 1) for p in shown]
    assert LINKED.findall(translated) == shown
    for picture in PICTURE.findall(translated) + shown:
        assert (DOCS / picture).is_file(), picture


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.name)
def test_the_edit_time_section_shows_the_dialog_f2_opens(guide: Path) -> None:
    """Issue 31: the guide told how to type a time by hand (F2) with no
    picture of the dialog, in either language. The section that names F2
    shows the Edit time dialog, taken by ``make screenshots`` in the guide's
    language, a picture of a dialog (wider than tall, not a blank grab)."""
    from PySide6.QtGui import QImage

    language = guide.name.removeprefix("guide").removesuffix(".md").lstrip(".")
    folder = f"guide/{language}/" if language else "guide/"
    text = guide.read_text(encoding="utf-8")
    section = next(part for part in re.split(r"^#{1,6} ", text, flags=re.MULTILINE) if "**F2**" in part)
    assert f"{folder}edit_time.png" in PICTURE.findall(section), PICTURE.findall(section)
    image = QImage(str(DOCS / folder / "edit_time.png"))
    assert not image.isNull() and image.width() >= 400 and image.width() > image.height() / 2, image.size()
    grid = {image.pixel(x, y) for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)}
    assert len(grid) > 10, len(grid)  # text and a field drawn, not one colour

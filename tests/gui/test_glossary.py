"""The Chinese glossary (resources/translations/GLOSSARY.md) held by the
translations: one Chinese word per concept."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from .helpers import TS_FILE

GLOSSARY = TS_FILE.parent / "GLOSSARY.md"
# a discussion's state in the Discussions panel (new, saved…) is no state of the file's history
NOT_THE_HISTORY = {("DiscussionsPanel", "State")}


def test_a_state_of_the_files_history_is_a_version_everywhere() -> None:
    """History's header said "时间戳文件的 1 个状态" above rows "版本 0 … 第一个版本",
    and the guide says 版本 (tryout): one word, the glossary's."""
    assert re.search(r"^\| state \(of the file's history\)[^|]*\| 版本 \|", GLOSSARY.read_text(), re.M)
    mixed = []
    for context in ET.parse(TS_FILE).getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            said = "".join(message.find("translation").itertext())  # type: ignore[union-attr]
            if (name, source) in NOT_THE_HISTORY or not re.search(r"\bstates?\b", source, re.I):
                continue
            if "状态" in said or "版本" not in said:
                mixed.append((name, source, said))
    assert not mixed, mixed

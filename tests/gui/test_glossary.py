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


def test_the_chinese_guide_names_each_control_by_the_word_the_window_shows() -> None:
    """Issue 31 tryout: the Chinese guide (F1, docs) called the Now control
    the “当前时间” button while its toolbar, menu and legend say 参照时间 (the
    glossary's word; 当前时间 is the middleware's own clock). A control the
    guide quotes (“…”按钮, “…”菜单) is named as some text of the window, and
    the glossary's "now" is never 当前时间 there."""
    guide = (TS_FILE.parents[2] / "docs" / "guide.zh_CN.md").read_text(encoding="utf-8")
    shown = set()
    for message in ET.parse(TS_FILE).getroot().iter("message"):
        said = "".join(message.find("translation").itertext())  # type: ignore[union-attr]
        shown.add(re.sub(r"\(&.\)|&", "", said))
    quoted = re.findall(r"“([^”]+)”(?:按钮|菜单)", guide)
    unknown = [name for name in quoted if not any(name in text for text in shown)]
    assert not unknown, unknown
    assert "“当前时间”按钮" not in guide
    assert not re.search(r"“当前时间”(?:固定|按钮)", guide)

"""What the bundle keeps of ICU's data (packaging/small_icu.py): the core
tables and the locales of the app's two languages, nothing of the others."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "packaging"))

import small_icu


@pytest.mark.parametrize(
    "item",
    [
        "uprops.icu", "ucase.icu", "nfc.nrm", "cnvalias.icu", "coll/ucadata.icu", "brkitr/char.brk",
        "brkitr/cjdict.dict", "root.res", "pool.res", "res_index.res", "en.res", "en_GB.res", "zh.res",
        "zh_Hans_CN.res", "zone/zh.res", "coll/zh.res", "curr/en.res", "zoneinfo64.res", "likelySubtags.res",
    ],
)  # fmt: skip
def test_the_core_tables_and_the_app_s_languages_stay(item: str) -> None:
    assert small_icu.kept(item)


@pytest.mark.parametrize(
    "item",
    ["de.res", "fr_CA.res", "zone/ja.res", "coll/ko.res", "enx.res", "ibm-1390_P110-2003.cnv",
     "gb18030.cnv", "translit/root.res", "unames.icu", "zh_Hant_HK.res"],
)  # fmt: skip
def test_other_locales_codecs_and_transliteration_go(item: str) -> None:
    assert not small_icu.kept(item)

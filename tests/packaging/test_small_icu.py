"""What the bundle keeps of ICU's data (packaging/small_icu.py): the core
tables and the locales of the app's two languages, nothing of the others,
and none of the data of ICU services Qt does not call."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "packaging"))

import small_icu


@pytest.mark.parametrize(
    "item",
    [
        "uprops.icu", "ucase.icu", "nfc.nrm", "cnvalias.icu", "coll/ucadata.icu", "root.res", "pool.res",
        "res_index.res", "en.res", "en_GB.res", "zh.res", "zh_Hans_CN.res", "zone/zh.res", "coll/zh.res",
        "region/zh.res", "zoneinfo64.res", "likelySubtags.res", "metaZones.res",
    ],
)  # fmt: skip
def test_the_core_tables_and_the_app_s_languages_stay(item: str) -> None:
    assert small_icu.kept(item)


@pytest.mark.parametrize(
    "item",
    ["de.res", "fr_CA.res", "zone/ja.res", "coll/ko.res", "enx.res", "ibm-1390_P110-2003.cnv",
     "gb18030.cnv", "translit/root.res", "unames.icu", "zh_Hant_HK.res", "brkitr/char.brk",
     "brkitr/cjdict.dict", "brkitr/zh.res", "curr/en.res", "unit/zh.res", "rbnf/en.res", "rfc3491.spp",
     "uts46.nrm", "confusables.cfu"],
)  # fmt: skip
def test_other_locales_codecs_and_unused_services_go(item: str) -> None:
    assert not small_icu.kept(item)


def test_qt_calls_only_the_icu_services_whose_data_stays() -> None:
    """QtCore is what links ICU (check_bundle.py checks every library of a
    built bundle): a Qt that starts breaking text with ICU (``ubrk_open``)
    would find no rules and must fail here, not on a user's machine."""
    if shutil.which("nm") is None:
        pytest.skip("nm (binutils) is not installed")
    spec = importlib.util.find_spec("PySide6")
    assert spec is not None and spec.origin is not None
    qt_lib = Path(spec.origin).parent / "Qt" / "lib"
    used = small_icu.used_api(qt_lib, "libQt6Core.so*")
    assert {"ucol_open", "ucnv_open", "ucal_getTimeZoneDisplayName", "u_strToUpper"} <= used
    assert {name for name in used if not small_icu.USED_API.fullmatch(name)} == set()

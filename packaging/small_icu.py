"""A smaller ICU data library for the bundle: the locales the app offers only.

PySide6's wheel ships ICU's whole data (``libicudata.so.73``, 31 MiB: every
locale's names, currencies, units, collations, 190 legacy codecs, the
dictionaries of five scripts). Qt asks ICU for little of it here: the app
speaks English and Chinese, reads UTF-8 only and sorts with Python. This
keeps ICU's core tables (properties, normalization, case, collation, time
zones) and the locale data of root, English and Chinese, and rebuilds the
library with the same symbol and soname, so Qt links it unchanged (31 MiB ->
about 3.6 MiB).

What Qt 6.11 calls of ICU is small and checked, not assumed: the bundle's
libraries import only converters (``ucnv_*``), collation (``ucol_*``),
calendars for time-zone names (``ucal_*``) and ``u_strToUpper``/``Lower``
(``used_api`` lists it; ``check_bundle.py`` fails when anything else
appears). So the data only other services read goes too: the break
iterators' rules and dictionaries (``ubrk_*``: 3.2 MiB, of which the
Chinese/Japanese dictionary is 1.9), currencies, units, spelled-out numbers,
stringprep/IDNA and the spoof checker's confusables.

Needs ICU's own tools (``icupkg``, ``genccode``: Debian's icu-devtools),
``objcopy`` and a C compiler; without them the spec keeps the full library
and says so. Run by ``packaging/timeline-inspector.spec``; by hand:

    python packaging/small_icu.py PATH/TO/libicudata.so.73 OUT_FOLDER
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

TOOLS = ("icupkg", "genccode", "objcopy", "nm", "cc")
# supplemental data every locale falls back on (not a locale of its own)
SHARED = {
    "root", "pool", "res_index", "supplementalData", "metaZones", "timezoneTypes", "windowsZones",
    "keyTypeData", "likelySubtags", "numberingSystems", "plurals", "dayPeriods", "genderList",
    "grammaticalFeatures", "icuver", "icustd", "zoneinfo64", "tzdbNames", "units",
    "currencyNumericCodes", "pluralRanges", "cnvalias", "langInfo",
}  # fmt: skip
CHINESE = {"zh", "zh_CN", "zh_Hans", "zh_Hans_CN", "zh_Hans_SG", "zh_SG", "zh_Hant", "zh_Hant_TW", "zh_TW"}
# data of services nobody in the bundle calls (see the docstring): transliteration,
# character names, legacy codecs, break iterators, currencies, units, spelled-out
# numbers, stringprep and IDNA, confusables
UNUSED = re.compile(
    r"(^translit/|^unames\.icu$|\.cnv$|^brkitr/|^curr/|^unit/|^rbnf/|\.spp$|^uts46\.nrm$|\.cfu$)"
)
# the ICU functions the bundle may import: whatever else shows up needs data dropped above
USED_API = re.compile(r"(ucnv|ucol|ucal)_\w+|u_strTo(Upper|Lower)|UCNV_(FROM_U|TO_U)_CALLBACK_\w+")


def missing_tools() -> list[str]:
    """The tools this needs that are not on PATH."""
    return [tool for tool in TOOLS if shutil.which(tool) is None]


def kept(item: str) -> bool:
    """Whether the data item (``coll/zh.res``, ``uprops.icu``) stays."""
    if UNUSED.search(item):
        return False
    name, _, ext = item.rsplit("/", 1)[-1].rpartition(".")
    if ext != "res":
        return True
    return name in SHARED or name in CHINESE or re.match(r"en(_|$)", name) is not None


def used_api(folder: Path, libraries: str = "*.so*") -> set[str]:
    """The ICU functions the ``libraries`` under ``folder`` (a bundle) import,
    ICU's own libraries aside, without the version suffix (``ucol_open``).
    A C++ import of ICU (``icu_73::...``) is listed whole."""
    found: set[str] = set()
    versions = (re.search(r"\.so\.(\d+)$", p.name) for p in folder.rglob("libicuuc.so.*"))
    suffixes = {f"_{match.group(1)}" for match in versions if match}
    for path in folder.rglob(libraries):
        if path.is_symlink() or not path.is_file() or path.name.startswith("libicu"):
            continue
        data = path.read_bytes()
        if not any(f"{suffix}\0".encode() in data or f"icu{suffix}".encode() in data for suffix in suffixes):
            continue  # no ICU name in its string table: spare the nm run
        listed = subprocess.run(["nm", "-D", "--undefined-only", str(path)], capture_output=True, text=True)
        for symbol in listed.stdout.split():
            for suffix in suffixes:
                if symbol.endswith(suffix):
                    found.add(symbol.removesuffix(suffix))
                elif f"icu{suffix}" in symbol:
                    found.add(symbol)
    return found


def unexpected_api(folder: Path, libraries: str = "*.so*") -> set[str]:
    """ICU functions imported under ``folder`` that may need data this drops."""
    return {name for name in used_api(folder, libraries) if not USED_API.fullmatch(name)}


def build(library: Path, out: Path) -> Path:
    """Write a filtered copy of ``library`` (same file name, symbol and
    soname) into ``out`` and return its path. Raises CalledProcessError or
    ValueError when a step fails: the caller keeps the full library."""
    out.mkdir(parents=True, exist_ok=True)
    symbol = subprocess.run(
        ["nm", "-D", "--defined-only", str(library)], check=True, capture_output=True, text=True
    ).stdout.split()[-1]  # icudt73_dat
    match = re.fullmatch(r"icudt(\d+)_dat", symbol)
    if match is None:
        raise ValueError(f"{library}: no ICU data symbol ({symbol!r})")
    stem = f"icudt{match.group(1)}l"
    (out / "full").mkdir(exist_ok=True)
    full = out / "full" / f"{stem}.dat"  # icupkg wants the package's own name
    subprocess.run(["objcopy", "-O", "binary", "--only-section=.rodata", str(library), str(full)], check=True)
    listed = subprocess.run(["icupkg", "-l", str(full)], check=True, capture_output=True, text=True)
    items = listed.stdout.split()
    dropped = out / "dropped.txt"
    dropped.write_text("".join(f"{item}\n" for item in items if not kept(item)), "utf-8")
    small = out / f"{stem}.dat"
    small.unlink(missing_ok=True)
    subprocess.run(["icupkg", "-r", str(dropped), str(full), str(small)], check=True, capture_output=True)
    subprocess.run(["genccode", "-a", "gcc", "-d", str(out), "-e", symbol[:-4], str(small)], check=True,
                   capture_output=True)  # fmt: skip
    assembly = out / f"{stem}_dat.S"
    result = out / library.name
    link = ["cc", "-shared", "-nostdlib", f"-Wl,-soname,{library.name}", "-o", str(result), str(assembly)]
    subprocess.run(link, check=True)
    full.unlink()
    return result


if __name__ == "__main__":
    if missing := missing_tools():
        sys.exit(f"small_icu: missing {', '.join(missing)} (Debian: icu-devtools, binutils, gcc)")
    print(build(Path(sys.argv[1]), Path(sys.argv[2])))

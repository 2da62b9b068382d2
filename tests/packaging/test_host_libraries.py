"""Which system libraries the bundle carries (packaging/host_libraries.py):
none the host must provide itself, none only those link, every one a kept
binary still links."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "packaging"))

import host_libraries

SYS = "/usr/lib/x86_64-linux-gnu/"
SITE = "/venv/site-packages/"
# a small bundle: Qt links freetype (host) and dbus (bundled), freetype links
# png (only freetype does), dbus links systemd, which links zstd; Qt links zstd too
LINKS = {
    f"{SITE}PySide6/Qt/lib/libQt6Gui.so.6": ["libfreetype.so.6", "libdbus-1.so.3", "libstdc++.so.6"],
    f"{SITE}PySide6/Qt/lib/libQt6Core.so.6": ["libzstd.so.1", "libstdc++.so.6"],
    f"{SYS}libfreetype.so.6": ["libpng16.so.16", "libz.so.1"],
    f"{SYS}libpng16.so.16": ["libz.so.1"],
    f"{SYS}libdbus-1.so.3": ["libsystemd.so.0"],
    f"{SYS}libsystemd.so.0": ["libzstd.so.1", "libgcrypt.so.20"],
    f"{SYS}libgcrypt.so.20": ["libgpg-error.so.0"],
}


def entry(source: str) -> tuple[str, str, str]:
    name = source.removeprefix(SITE) if source.startswith(SITE) else Path(source).name
    return (name, source, "BINARY")


def bundle(*extra: tuple[str, str, str]) -> list[tuple[str, str, str]]:
    sources = set(LINKS) | {SYS + name for links in LINKS.values() for name in links}
    return [entry(source) for source in sorted(sources)] + list(extra)


def kept(entries: list[tuple[str, str, str]]) -> set[str]:
    pruned = host_libraries.prune(entries, lambda path: LINKS.get(path, []))
    return {Path(e[0]).name for e in pruned}


def test_the_host_s_libraries_and_what_only_they_link_go() -> None:
    names = kept(bundle())
    assert not names & {"libfreetype.so.6", "libstdc++.so.6", "libz.so.1"}
    assert "libpng16.so.16" not in names  # only freetype links it


def test_what_a_kept_binary_links_stays_through_bundled_system_libraries() -> None:
    names = kept(bundle())
    assert {"libQt6Gui.so.6", "libQt6Core.so.6", "libdbus-1.so.3", "libsystemd.so.0"} <= names
    assert {"libzstd.so.1", "libgcrypt.so.20", "libgpg-error.so.0"} <= names


def test_libpython_stays_though_nothing_links_it() -> None:
    """The bootloader opens it by name; a system Python's is under /usr/lib."""
    assert "libpython3.11.so.1.0" in kept(bundle(entry(f"{SYS}libpython3.11.so.1.0")))


def test_a_system_library_nothing_links_goes_and_links_stay() -> None:
    link = ("libQt6Gui.so.6", "PySide6/Qt/lib/libQt6Gui.so.6", "SYMLINK")
    names = kept(bundle(entry(f"{SYS}libXdmcp.so.6"), link))
    assert "libXdmcp.so.6" not in names
    assert "libQt6Gui.so.6" in names


def test_reads_a_real_library_s_links() -> None:
    if not host_libraries.available():
        pytest.skip("readelf (binutils) is not installed")
    python = Path(sys.executable).resolve()  # an ELF program: readelf reads it as it reads a library
    assert "libc.so.6" in host_libraries.needed(str(python))

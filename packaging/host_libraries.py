"""System libraries the bundle leaves to the host, and the pruning they allow.

PyInstaller copies every system library ``ldd`` lists for the bundle's
binaries, except glibc's, the GL stack's and ``libxcb`` (its own list). The
libraries in ``HOST`` are ones a Linux desktop always has and that must
match the rest of that desktop, so a copy of the build machine's does harm:

- ``libstdc++``, ``libgcc_s``: the host's graphics driver (Mesa) links its
  own ``libstdc++``; an older one from the bundle, loaded first, makes
  ``libGL`` fail with "GLIBCXX_3.4.x not found".
- ``libX11``, ``libX11-xcb``: must match the host's ``libxcb``, which the
  bundle already takes from the host.
- ``libfontconfig``, ``libfreetype`` (and ``libexpat``): must read the host's
  font configuration (``/etc/fonts``); an older fontconfig warns about or
  stalls on a newer configuration. The fonts, Chinese ones included, are
  the host's anyway.
- ``libz``, ``libuuid``: part of every base system.

All of them are on AppImage's exclude list of libraries assumed present on
the host (github.com/AppImageCommunity/pkg2appimage, ``excludelist``) for
these reasons. ``libgpg-error`` is on that list too but stays: the bundle
carries ``libgcrypt`` (``libdbus`` -> ``libsystemd`` -> ``libgcrypt``), and a
bundled ``libgcrypt`` with an older host ``libgpg-error`` fails to relocate.

``prune`` then keeps a bundled system library only when something the
bundle keeps still links it, following ``DT_NEEDED`` one level at a time:
``libpng`` and ``brotli`` go with ``libfreetype``, ``libXau`` and
``libXdmcp`` (with ``libbsd`` and ``libmd``) with ``libxcb``.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path

HOST = frozenset({
    "libstdc++.so.6", "libgcc_s.so.1", "libX11.so.6", "libX11-xcb.so.1", "libfontconfig.so.1",
    "libfreetype.so.6", "libexpat.so.1", "libz.so.1", "libuuid.so.1",
})  # fmt: skip
SYSTEM_DIRS = ("/lib/", "/usr/lib/", "/lib64/", "/usr/lib64/")

Entry = tuple[str, str, str]  # PyInstaller's TOC entry: (name in the bundle, source, kind)


def is_system(source: str) -> bool:
    return source.startswith(SYSTEM_DIRS)


def needed(path: str) -> list[str]:
    """The sonames ``path`` links directly (its ``DT_NEEDED``), by ``readelf``."""
    listed = subprocess.run(["readelf", "-d", path], check=True, capture_output=True, text=True).stdout
    return [line.split("[", 1)[1].split("]", 1)[0] for line in listed.splitlines() if "(NEEDED)" in line]


def prune(binaries: Iterable[Entry], links: Callable[[str], list[str]] = needed) -> list[Entry]:
    """``binaries`` without the ``HOST`` libraries and without every system
    library that only those (or nothing kept) link. Everything not from a
    system folder is a root: Python's extensions and libpython, Qt's
    libraries and plugins (Qt loads plugins by path, not by link)."""
    entries = [e for e in binaries if e[2] == "SYMLINK" or Path(e[0]).name not in HOST]
    files = [e for e in entries if e[2] != "SYMLINK"]
    system = {Path(e[0]).name: e[1] for e in files if is_system(e[1]) and not _loaded_by_name(e[0])}
    reached: set[str] = set()
    todo = [e[1] for e in files if Path(e[0]).name not in system]
    while todo:
        for name in links(todo.pop()):
            if name in system and name not in reached:
                reached.add(name)
                todo.append(system[name])
    return [e for e in entries if e[2] == "SYMLINK" or Path(e[0]).name not in system.keys() - reached]


def _loaded_by_name(name: str) -> bool:
    """libpython: the bootloader opens it by name, nothing links it (a root
    even when the build's Python is the system's)."""
    return Path(name).name.startswith("libpython")


def available() -> bool:
    """Whether ``readelf`` (binutils) is there to follow the links."""
    return shutil.which("readelf") is not None

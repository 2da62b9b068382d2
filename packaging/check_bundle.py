"""Proof that a built bundle works (make package): it starts, reports its version,
and renders the demo to a PNG under the offscreen platform, also under
LANG=zh_CN.UTF-8 with its translation found.

Exit 0 only when all of these hold, and the bundle is at most
``LIMIT_MIB`` on disk (issue 33), carries none of the libraries it leaves to
the host (``host_libraries.py``), and no library in it calls an ICU service
whose data ``small_icu.py`` dropped. With ``xvfb-run`` installed it also
renders on an X server (the xcb platform, with the host's X11, fontconfig
and freetype). Runs the bundle as a user would, in a clean environment (no
PYTHONPATH, no checkout on the path), so a file missing from the bundle
fails here and not on a user's machine.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import host_libraries  # beside this file (packaging/ is not a package)
import small_icu

WIDTH, HEIGHT = 1440, 860  # the size launch gives a --screenshot window
LIMIT_MIB = 100  # issue 33


def size_mib(bundle: Path) -> float:
    """Bytes on disk of the bundle's files (links not counted twice), in MiB."""
    return sum(f.stat().st_size for f in bundle.rglob("*") if f.is_file() and not f.is_symlink()) / 2**20


def fail(message: str) -> None:
    print(f"check_bundle: {message}", file=sys.stderr)
    raise SystemExit(1)


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path}: not a PNG")
    return struct.unpack(">II", head[16:24])


def main(folder: str) -> None:
    bundle = Path(folder).resolve()
    program = bundle / "timeline-inspector"
    if not program.is_file():
        fail(f"{program}: no such program (did PyInstaller run?)")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env["QT_QPA_PLATFORM"] = "offscreen"
    with tempfile.TemporaryDirectory() as scratch:
        env["HOME"] = scratch  # no settings of the developer's
        run = dict(cwd=scratch, env=env, capture_output=True, text=True, timeout=120, check=False)
        version = subprocess.run([str(program), "--version"], **run)
        if version.returncode != 0 or not version.stdout.startswith("timeline-inspector "):
            fail(f"--version failed ({version.returncode}): {version.stdout}{version.stderr}")
        shot = Path(scratch) / "demo.png"
        render = subprocess.run([str(program), "--demo", "--screenshot", str(shot)], **run)
        if render.returncode != 0 or not shot.is_file():
            fail(f"--demo --screenshot failed ({render.returncode}): {render.stderr[-2000:]}")
        if png_size(shot) != (WIDTH, HEIGHT):
            fail(f"screenshot is {png_size(shot)}, expected {(WIDTH, HEIGHT)}")
        if shot.stat().st_size < 50_000:
            fail(f"screenshot is only {shot.stat().st_size} bytes: the demo did not render")
        chinese = {k: v for k, v in env.items() if not k.startswith("LC_") and k != "LANGUAGE"}
        chinese["LANG"] = "zh_CN.UTF-8"
        run["env"] = chinese
        render = subprocess.run([str(program), "--demo", "--screenshot", str(shot)], **run)
        if render.returncode != 0 or "no translation" in render.stderr:
            fail(f"under LANG=zh_CN.UTF-8 ({render.returncode}): {render.stderr[-2000:]}")
        if shutil.which("xvfb-run"):
            run["env"] = {**env, "QT_QPA_PLATFORM": "xcb"}
            shot.unlink()
            xvfb = ["xvfb-run", "-a", str(program), "--demo", "--screenshot", str(shot)]
            render = subprocess.run(xvfb, **run)
            if render.returncode != 0 or not shot.is_file() or shot.stat().st_size < 50_000:
                fail(f"on an X server (xvfb-run, xcb) ({render.returncode}): {render.stderr[-2000:]}")
        else:
            print("check_bundle: no xvfb-run; the xcb platform is not tried", file=sys.stderr)
    if carried := sorted(f.name for f in bundle.rglob("*") if f.name in host_libraries.HOST):
        fail(f"carries libraries the host provides: {', '.join(carried)}")
    if shutil.which("nm") and (unexpected := small_icu.unexpected_api(bundle)):
        fail(f"calls ICU services whose data small_icu.py drops: {', '.join(sorted(unexpected))}")
    size = size_mib(bundle)
    if size > LIMIT_MIB:
        fail(f"{size:.1f} MiB on disk, over the {LIMIT_MIB} MiB of issue 33")
    print(f"bundle OK: {version.stdout.strip()}, renders the demo; {size:.1f} MiB in {bundle}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "dist/timeline-inspector")

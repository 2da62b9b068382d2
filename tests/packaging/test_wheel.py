"""The wheel installs and runs outside the checkout (pip wheel, a fresh venv).

Slow (a real build, ~20 s), so marked ``slow``; ``make test`` and CI run it.
The new venv gets the wheel with ``--no-deps``; its dependencies (PySide6 alone
is 200 MB) come from the test's own environment through a path entry, which
adds that site-packages to ``sys.path`` without running its ``.pth`` files, so
the checkout's editable install cannot stand in for the wheel: the test checks
that the code that ran is the installed copy.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from conftest import ROOT, chinese_env
from PySide6.QtGui import QImage

from timeline_app import __version__
from timeline_app.gui.resources import APP_ID

SKIP = {".venv", ".git", "build", "dist", ".pytest_cache", ".ruff_cache", ".hypothesis", "__pycache__"}


def _run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        [str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=240, check=False
    )
    assert result.returncode == 0, f"{command}: {result.stdout}\n{result.stderr}"
    return result.stdout + result.stderr


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_wheel_installs_and_runs_in_a_fresh_venv(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(
        ROOT, source, ignore=lambda _d, names: [n for n in names if n in SKIP or n.endswith(".egg-info")]
    )
    # the build after `make translations` (the isolated build env has no lrelease)
    for ts in (source / "resources" / "translations").glob("*.ts"):
        lrelease = Path(sys.executable).with_name("pyside6-lrelease")
        _run(lrelease, "-silent", ts, "-qm", ts.with_suffix(".qm"), cwd=tmp_path)
    wheels = tmp_path / "wheels"
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", wheels, source, cwd=tmp_path)
    (wheel,) = wheels.glob("timeline_inspector-*.whl")
    assert wheel.name.startswith(f"timeline_inspector-{__version__}-")

    venv = tmp_path / "venv"
    _run(getattr(sys, "_base_executable", sys.executable), "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    _run(
        sys.executable,
        "-m",
        "pip",
        "--python",
        python,
        "install",
        "--no-deps",
        "--quiet",
        wheel,
        cwd=tmp_path,
    )
    purelib = _run(
        python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=tmp_path
    ).strip()
    ours = site.getsitepackages() if hasattr(site, "getsitepackages") else [sysconfig.get_path("purelib")]
    (Path(purelib) / "test-dependencies.pth").write_text("\n".join(ours) + "\n")

    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env["QT_QPA_PLATFORM"] = "offscreen"
    home = tmp_path / "home"  # no checkout in sight: cwd and HOME are empty folders
    home.mkdir()
    env["HOME"] = str(home)
    program = venv / "bin" / "timeline-inspector"
    assert _run(program, "--version", cwd=home, env=env).strip() == f"timeline-inspector {__version__}"
    where = _run(python, "-c", "import timeline_app; print(timeline_app.__file__)", cwd=home, env=env)
    assert where.strip().startswith(purelib), where

    share = venv / "share"
    demo = share / "timeline-inspector" / "demo"
    out = _run(
        program, "inspect", demo / "chat.json", "--timestamps", demo / "timestamps.json", cwd=home, env=env
    )
    assert "12 tracked in 11 entries (2 messages share one), 5 untracked, 2 orphans" in out, out
    for installed in (
        share / "applications" / f"{APP_ID}.desktop",
        share / "metainfo" / f"{APP_ID}.metainfo.xml",
        share / "icons" / "hicolor" / "48x48" / "apps" / f"{APP_ID}.png",
        share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",
        share / "timeline-inspector" / "docs" / "guide.md",
        share / "timeline-inspector" / "translations" / "timeline_inspector_zh_CN.qm",
        share / "timeline-inspector" / "docs" / "guide" / "timeline.png",
        Path(purelib) / "timeline_app" / "gui" / "icons" / "repair.svg",
    ):
        assert installed.is_file(), f"{installed.relative_to(tmp_path)} is not installed"
    # the installed app finds its installed guide and demo (not a checkout's)
    found = _run(
        python,
        "-c",
        "from timeline_app.gui import resources as r; print(r.GUIDE, r.DEMO_TRANSCRIPT, r.TRANSLATIONS)",
        cwd=home,
        env=env,
    )
    assert found.split() == [
        str(share / "timeline-inspector" / "docs" / "guide.md"),
        str(demo / "chat.json"),
        str(share / "timeline-inspector" / "translations"),
    ]
    # and, under a Chinese locale, starts with its installed translation
    shot = tmp_path / "zh.png"
    started = _run(program, "--demo", "--screenshot", shot, cwd=home, env=chinese_env(env))
    assert "no translation" not in started, started
    # the picture's words (its PNG text: the menus and the title it shows) are the translation's
    picture = QImage(str(shot))
    menus, title = picture.text("Description"), picture.text("Title")
    assert menus == "文件 · 编辑 · 视图 · 工具 · 选项 · 帮助", started
    assert title.endswith("）— Timeline Inspector"), (title, started)

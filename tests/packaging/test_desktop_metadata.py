"""The desktop entry and the AppStream metainfo validate with the tools distributions use.

Software centres and menus reject what these validators reject, so the test
runs the real tools (Debian packages ``appstream`` and ``desktop-file-utils``;
``.ci/run`` installs them) and skips, saying which is missing, only without them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from configparser import ConfigParser

import pytest
from conftest import ROOT

from timeline_app.gui.resources import APP_ID

DESKTOP = ROOT / "packaging" / f"{APP_ID}.desktop"
METAINFO = ROOT / "packaging" / f"{APP_ID}.metainfo.xml"


def _tool(name: str, package: str) -> str:
    path = shutil.which(name)
    if path is None:
        missing = f"{name} is not installed (Debian package {package}; .ci/run installs it)"
        if os.environ.get("CI") == "true":  # CI must not go green by skipping the validators
            pytest.fail(missing)
        pytest.skip(missing)
    return path


def test_under_ci_a_missing_validator_fails_rather_than_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    with pytest.raises(pytest.fail.Exception, match="desktop-file-validate is not installed"):
        try:
            _tool("desktop-file-validate", "desktop-file-utils")
        except pytest.skip.Exception as skipped:  # a skip here is the defect, not a pass
            raise AssertionError(f"skipped under CI: {skipped}") from None


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def test_desktop_entry_validates() -> None:
    result = _run(_tool("desktop-file-validate", "desktop-file-utils"), str(DESKTOP))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "", result.stdout  # no hint either


def test_metainfo_validates() -> None:
    result = _run(_tool("appstreamcli", "appstream"), "validate", "--no-net", str(METAINFO))
    assert result.returncode == 0, result.stdout + result.stderr
    assert " W: " not in result.stdout and " E: " not in result.stdout, result.stdout


def test_metainfo_matches_the_desktop_entry_and_the_app() -> None:
    from timeline_app import __version__

    component = ET.parse(METAINFO).getroot()
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == DESKTOP.name
    assert component.find("content_rating") is not None
    assert component.findall("screenshots/screenshot")
    assert component.find("releases/release").get("version") == __version__  # type: ignore[union-attr]
    for image in component.iterfind("screenshots/screenshot/image"):
        name = (image.text or "").rsplit("/docs/", 1)[1]
        assert (ROOT / "docs" / name).is_file(), f"{name}: screenshot named in the metainfo is missing"
    entry = ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(DESKTOP, encoding="utf-8")
    assert entry["Desktop Entry"]["Icon"] == APP_ID
    assert entry["Desktop Entry"]["Exec"].split()[0] == "timeline-inspector"


def test_icons_in_every_size_desktops_ask_for() -> None:
    from PySide6.QtGui import QImage

    hicolor = ROOT / "resources" / "icons" / "hicolor"
    for size in (16, 22, 24, 32, 48, 64, 128, 256, 512):
        image = QImage(str(hicolor / f"{size}x{size}" / "apps" / f"{APP_ID}.png"))
        assert (image.width(), image.height()) == (size, size)
        assert image.pixelColor(size // 2, size // 2).alpha() == 255  # drawn, not blank
    assert (hicolor / "scalable" / "apps" / f"{APP_ID}.svg").is_file()

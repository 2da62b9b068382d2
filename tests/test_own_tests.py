"""Every product module with logic of its own is imported by a test of its own
(issue 35): a module reached only through the whole window is tested only as
far as the window's tests happen to drive it, and a break in it shows up, if
at all, as a failure somewhere else. The exceptions are listed with why."""

from __future__ import annotations

import functools
import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "timeline_app"
TESTS = ROOT / "tests"

# Reached through their public entry, which their tests drive on purpose:
# the command line's modules are the bodies of its commands, each command
# run in-process through ``timeline_app.entry.main`` (tests/cli, tests/record,
# tests/fuzz); importing them directly would test argparse's wiring twice.
THROUGH_THEIR_ENTRY = {
    "timeline_app.cli.commands": "every command through entry.main (tests/cli/test_cli.py and others)",
    "timeline_app.cli.output": "every report's text and JSON through entry.main (tests/cli/test_output.py)",
    "timeline_app.cli.run": "exit codes and error lines through entry.main (tests/cli/test_json_errors.py)",
    "timeline_app.record.command": "`record` and `compare` through entry.main (tests/record/test_record.py)",
}

# Still reached only through the window's tests: each owes a test of its
# own (issue 35). The set may only shrink (empty now); a module that gains
# its test must leave it (the stale check below says so).
OWED: set[str] = set()


# read as text, not parsed: 300 files parsed took seconds of every run
_DEFINES = re.compile(r"^(?:async def|def|class) ", re.MULTILINE)
_IMPORTS = re.compile(
    r"^[ \t]*(?:from[ \t]+(timeline_app[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)|import[ \t]+(timeline_app[\w.]*))",
    re.MULTILINE,
)


@functools.cache
def product_modules_with_logic() -> frozenset[str]:
    """Dotted names of the modules that define a function or a class."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        if _DEFINES.search(path.read_text("utf-8")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return frozenset(found)


@functools.cache
def imported_by_tests() -> frozenset[str]:
    """Every dotted name a test file imports (``from a.b import c`` counts as
    ``a.b`` and ``a.b.c``: ``c`` may be a module), inside functions too."""
    names: set[str] = set()
    for path in TESTS.rglob("*.py"):
        for module, imported, plain in _IMPORTS.findall(path.read_text("utf-8")):
            if plain:
                names.add(plain)
                continue
            names.add(module)
            for alias in re.sub(r"#[^\n]*", "", imported).strip("()").split(","):
                if alias.strip():
                    names.add(f"{module}.{alias.split()[0]}")
    return frozenset(names)


def test_every_module_with_logic_is_imported_by_a_test_or_listed_with_why() -> None:
    untested = product_modules_with_logic() - imported_by_tests()
    assert untested - set(THROUGH_THEIR_ENTRY) - OWED == set(), "give these a test module of their own"


def test_the_lists_hold_no_module_that_is_gone_or_has_its_test_now() -> None:
    untested = product_modules_with_logic() - imported_by_tests()
    assert set(THROUGH_THEIR_ENTRY) | OWED <= untested, "remove these from the lists"
    assert not set(THROUGH_THEIR_ENTRY) & OWED


def test_the_finder_sees_what_it_should() -> None:
    """The two sets are not empty by a mistake of the walk."""
    modules, imported = product_modules_with_logic(), imported_by_tests()
    assert "timeline_app.core.counted_runs" in modules and "timeline_app.core.counted_runs" in imported
    assert "timeline_app.gui.window.main_window" in modules
    assert "timeline_app.core" not in modules  # a package with no logic of its own
    assert len(modules) > 80

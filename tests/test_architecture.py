"""The engine and the CLI must never import Qt (napari-style layering)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "timeline_app"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_module_outside_gui_imports_qt_statically() -> None:
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if "gui" not in path.relative_to(PACKAGE).parts
        and any(name.split(".")[0] in {"PySide6", "shiboken6", "PyQt5", "PyQt6"} for name in _imports(path))
    ]
    assert offenders == []


def test_importing_every_engine_module_loads_no_qt() -> None:
    modules = sorted(
        ".".join(("timeline_app", *p.relative_to(PACKAGE).with_suffix("").parts))
        for p in PACKAGE.rglob("*.py")
        if "gui" not in p.relative_to(PACKAGE).parts and p.name != "__main__.py"
    )
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name.removesuffix('.__init__'))\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')]\n"
        "assert not bad, bad\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert len(modules) > 10


def test_panels_never_import_the_window() -> None:
    """Panels get the session (git-cola's context), never the main window;
    import-linter's layers contract keeps every other arrow pointing down."""
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in (PACKAGE / "gui").rglob("*.py")
        if "window" not in path.relative_to(PACKAGE / "gui").parts
        and path.name != "launch.py"
        and any("window" in name.split(".") for name in _imports_relative(path))
    ]
    assert offenders == []


def _imports_relative(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            names.add(node.module or "")
            names.update(alias.name for alias in node.names)
    return names


def test_the_window_only_composes() -> None:
    lines = (PACKAGE / "gui" / "window" / "main_window.py").read_text("utf-8").count("\n")
    assert lines < 500, f"main_window.py has {lines} lines: move behaviour to the session or a panel"


def _timer_calls_without_receiver(path: Path) -> list[str]:
    """``QTimer.singleShot(ms, f)`` calls whose ``f`` is a lambda, a nested
    function or a method: the two-argument form has no receiver, so the
    call still comes after the object ``f`` works on was deleted. Module
    functions (they hold no widget) are fine."""
    tree = ast.parse(path.read_text("utf-8"))
    module_functions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    found = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "singleShot"
            and len(node.args) == 2
        ):
            continue
        target = node.args[1]
        if (
            isinstance(target, ast.Call)
            and isinstance(target.func, ast.Attribute)
            and target.func.attr == "partial"
        ):
            target = target.args[0]  # functools.partial(f, ...): judged by f
        if not (isinstance(target, ast.Name) and target.id in module_functions):
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    return found


def test_every_timer_call_over_a_widget_names_it_as_its_receiver() -> None:
    """Issue 29 (a fuzzed session crashed twice, memory corrupted earlier):
    a deferred call into a widget is given that widget as its receiver
    (``QTimer.singleShot(ms, widget, f)``), so Qt drops it when the widget
    is deleted first; without one, a lambda over a closed window ran on."""
    offenders = [
        hit for path in sorted((PACKAGE / "gui").rglob("*.py")) for hit in _timer_calls_without_receiver(path)
    ]
    assert offenders == []

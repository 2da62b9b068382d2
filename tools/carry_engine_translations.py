"""Carry the translations of the engine's sentences to where they now live.

Until issue 28 every engine sentence was written twice: its English in
``core/words.py`` and a ``self.tr("... %1 ...")`` copy in ``gui/wording.py``,
translated under the copy's class (``RepairReasons``, ``InputProblems``...).
Now the English in ``core/words.py`` is the source text itself, in the
context of its family (``Reason``, ``Problem``...), with the template's own
fields (``{0}``, ``{1:%H:%M:%S}``, ``{2!r}``). This reads the old copies
from git (``--old``, the last commit before the change), rewrites each old
translation into the new fields (``%1`` -> ``{0}``, ``%n`` -> the count's
field, a nested ``tr`` composed in) and adds it to the ``.ts`` under the new
context, unless that entry is already translated. ``make lupdate`` then drops
the old entries no source marks any more. Safe to run again (after a merge
brought old-style entries): it only fills what is missing.

    python tools/carry_engine_translations.py resources/translations/timeline_inspector_zh_CN.ts
"""

from __future__ import annotations

import argparse
import ast
import re
import string
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timeline_app.core import words  # noqa: E402  (tools/ is not a package)

OLD = "53fd294"  # the last commit with the sentences copied in gui/wording.py
WORDING = "timeline_app/gui/wording.py"
PLACE = re.compile(r"%(\d|n)")

Key = tuple[str, str, str]  # context, source, disambiguation


def translations(ts: Path) -> dict[Key, str]:
    """Every finished translation of ``ts`` (the first form of a plural one)."""
    found = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None or translation.get("type") in ("unfinished", "obsolete", "vanished"):
                continue
            forms = [f.text or "" for f in translation.iter("numerusform")]
            text = forms[0] if forms else (translation.text or "")
            key = (name, message.findtext("source") or "", message.findtext("comment") or "")
            found[key] = text
    return found


def fields(template: str) -> dict[int, str]:
    """Each argument's field as a translation writes it: the English's own
    (conversion and format kept), a count's words left to the translation."""
    out = {}
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is None:
            continue
        spec = "" if not spec or spec.startswith("#") else spec
        conversion = f"!{conversion}" if conversion else ""
        out[int(name)] = "{" + name + conversion + (f":{spec}" if spec else "") + "}"
    return out


def _argument_index(node: ast.AST) -> int | None:
    """``i`` of the first ``a[i]`` in an expression (``repr(a[1])``, ``say(a[0])``)."""
    for sub in ast.walk(node):
        if (
            isinstance(sub, ast.Subscript)
            and isinstance(sub.value, ast.Name)
            and sub.value.id == "a"
            and isinstance(sub.slice, ast.Constant)
        ):
            return int(sub.slice.value)
    return None


class Old:
    """The old ``gui/wording.py``: each code's wording expression, its class."""

    def __init__(self, source: str, known: dict[Key, str]) -> None:
        self.known = known
        self.words: dict[str, tuple[str, ast.AST]] = {}  # "Reason.CRLF" -> (context, expression)
        self.methods: dict[tuple[str, str], ast.AST] = {}
        for cls in ast.parse(source).body:
            if not isinstance(cls, ast.ClassDef):
                continue
            for node in ast.walk(cls):
                if isinstance(node, ast.FunctionDef):
                    returns = [n.value for n in ast.walk(node) if isinstance(n, ast.Return) and n.value]
                    if returns:
                        self.methods[(cls.name, node.name)] = returns[0]
                if isinstance(node, ast.Dict):
                    for k, v in zip(node.keys, node.values, strict=True):
                        if isinstance(k, ast.Attribute) and isinstance(k.value, ast.Name):
                            self.words[f"{k.value.id}.{k.attr}"] = (cls.name, v)

    def text(self, context: str, node: ast.AST, new: dict[int, str], position: int) -> str | None:
        """The translation of what ``node`` says, in the new fields (None: untranslated)."""
        if isinstance(node, ast.Lambda):
            return self.text(context, node.body, new, position)
        if isinstance(node, ast.IfExp):  # a window-only variant first, the common sentence last
            return self.text(context, node.orelse, new, position)
        if isinstance(node, ast.Attribute) and (context, node.attr) in self.methods:
            return self.text(context, self.methods[(context, node.attr)], new, position)
        if not isinstance(node, ast.Call):
            return self._field(node, new, position)
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name == "tr":
            return self._translated(context, node, new, [])
        if name == "fill" and isinstance(node.args[0], ast.Call | ast.IfExp):
            head = node.args[0]
            if isinstance(head, ast.IfExp):
                head = head.orelse
            rest = list(node.args[1:])
            if isinstance(head, ast.Call) and getattr(head.func, "attr", "") == "tr":
                return self._translated(context, head, new, rest)
            return self.text(context, head, new, position)
        whole = [arg for arg in node.args if isinstance(arg, ast.Name) and arg.id == "a"]
        if whole and name in self.methods_named(context):  # a sentence of its own: self._not_text(a)
            return self.text(context, self.methods[(context, name)], new, position)
        return self._field(node, new, position)

    def methods_named(self, context: str) -> set[str]:
        return {name for ctx, name in self.methods if ctx == context}

    def _field(self, node: ast.AST, new: dict[int, str], position: int) -> str | None:
        index = _argument_index(node)
        return new.get(position if index is None else index)

    def _translated(
        self, context: str, call: ast.Call, new: dict[int, str], rest: list[ast.expr]
    ) -> str | None:
        literals = [a.value if isinstance(a, ast.Constant) else None for a in call.args]
        key = (context, str(literals[0]), str(literals[1] or "") if len(literals) > 1 else "")
        text = self.known.get(key)
        if text is None:
            return None
        count = _argument_index(call.args[2]) if len(call.args) > 2 else None
        parts: dict[str, str | None] = {"n": new.get(count) if count is not None else None}
        for k, arg in enumerate(rest, start=1):
            parts[str(k)] = self.text(context, arg, new, k - 1)
        if any(parts.get(m) is None for m in PLACE.findall(text)):
            return None
        escaped = text.replace("{", "{{").replace("}", "}}")
        return PLACE.sub(lambda m: str(parts[m.group(1)]), escaped)


def marked(path: Path) -> set[str]:
    """``"Reason.CRLF"`` of every sentence ``QT_TRANSLATE_NOOP`` marks in ``core/words.py``."""
    found = set()
    for cls in ast.parse(path.read_text("utf-8")).body:
        if isinstance(cls, ast.ClassDef):
            for node in cls.body:
                if (
                    isinstance(node, ast.Assign)
                    and isinstance(node.value, ast.Call)
                    and getattr(node.value.func, "id", "") == "QT_TRANSLATE_NOOP"
                ):
                    found.add(f"{cls.name}.{node.targets[0].id}")  # type: ignore[attr-defined]
    return found


def carried(ts: Path, old_source: str) -> dict[tuple[str, str], str]:
    """(family, English) -> translation for every marked sentence the old copy had translated."""
    known = translations(ts)
    old = Old(old_source, known)
    out = {}
    for name in sorted(marked(ROOT / "timeline_app" / "core" / "words.py")):
        family, member = name.split(".")
        code = getattr(words, family)[member]
        if (family, code.value, "") in known or name not in old.words:
            continue
        context, node = old.words[name]
        text = old.text(context, node, fields(code.value), 0)
        if text is not None:
            out[(family, code.value)] = text
    return out


def add(ts: Path, entries: dict[tuple[str, str], str]) -> None:
    """Add the entries to ``ts`` (a context each family, created when missing)."""
    tree = ET.parse(ts)
    root = tree.getroot()
    contexts = {c.findtext("name"): c for c in root.iter("context")}
    for (family, source), text in entries.items():
        context = contexts.get(family)
        if context is None:
            context = ET.SubElement(root, "context")
            ET.SubElement(context, "name").text = family
            contexts[family] = context
        message = ET.SubElement(context, "message")
        ET.SubElement(message, "source").text = source
        ET.SubElement(message, "translation").text = text
    ET.indent(tree, space="    ")
    body = ET.tostring(root, encoding="unicode")
    ts.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", "utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ts", type=Path, nargs="+")
    parser.add_argument("--old", default=OLD, help="the git revision with the copies in gui/wording.py")
    args = parser.parse_args()
    old_source = subprocess.run(
        ["git", "show", f"{args.old}:{WORDING}"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    for ts in args.ts:
        entries = carried(ts, old_source)
        if entries:
            add(ts, entries)
        print(f"{ts}: {len(entries)} translation(s) carried")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The status bar at 1024x700 names what is open, for every format the app
reads, with and without a timestamp file, in English and Chinese (issue 31
tryout: "an OpenAI-style chat request (J…", "OpenAI 风格的聊天请求（JSO…",
and "open_webui_export/open_webui_export.json …" with the timestamp file
not named). Through the real window: the format's name is shown whole
(its phrase, or its name alone), each file's name whole or cut in its
middle with its start and extension kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from timeline_app.core.transcripts.model import brief_kind, file_kind
from timeline_app.gui.dialogs import questions
from timeline_app.gui.window.main_window import MainWindow
from timeline_app.gui.wording import say

from ..helpers import DEMO_TIMESTAMPS, DEMO_TRANSCRIPT, layout_settled, open_and_wait

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
# every transcript the fixtures hold (cli_english.json holds the CLI's expected outputs), and the demo
FORMATS = sorted(p for p in FIXTURES.iterdir() if p.name != "cli_english.json")
SOURCES = [*FORMATS, DEMO_TRANSCRIPT]


def _name_kept(shown: str, name: str) -> bool:
    """``name`` is in ``shown`` whole, or cut in its middle: a word "start…end"
    with ``name`` starting and ending so, the end its extension."""
    if name in shown:
        return True
    suffix = Path(name).suffix
    for word in shown.replace(" + ", " ").split():
        start, cut, end = word.partition("…")
        if cut and start and name.startswith(start) and end == suffix and name.endswith(end):
            return True
    return False


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("with_store", [False, True], ids=["alone", "with timestamps.json"])
def test_the_status_bar_names_the_format_and_both_files_at_1024(
    qtbot, request, tmp_path: Path, monkeypatch, language: str, with_store: bool
) -> None:
    request.getfixturevalue("chinese_layout" if language == "zh" else "english")
    # a multi-chat export asks which chat: the second, as a person might
    monkeypatch.setattr(questions, "pick_item", lambda parent, title, label, items, *a: (items[-1], True))
    window: MainWindow = request.getfixturevalue("make_window")()
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    assert window.width() == 1024
    failures = []
    for source in SOURCES:
        folder = tmp_path / source.stem
        folder.mkdir()
        transcript = folder / source.name
        transcript.write_bytes(source.read_bytes())
        store = None
        if with_store:
            store = folder / "timestamps.json"
            store.write_bytes(DEMO_TIMESTAMPS.read_bytes() if source == DEMO_TRANSCRIPT else b"{}")
        open_and_wait(qtbot, window, transcript, store)
        layout_settled(window)
        counts, files = window.counts_label.shown_text(), window.files_label.shown_text()
        kind = file_kind(window.session.discussion.transcript)
        if say(kind) not in counts and say(brief_kind(kind)) not in counts:
            failures.append(f"{source.name}: the format is not named: {counts!r}")
        for path in (transcript, store):
            if path is not None and not _name_kept(files, path.name):
                failures.append(f"{source.name}: {path.name} not named: {files!r}")
        # both shown in the bar, not cut by an edge or pushed out of the window
        for label in (window.counts_label, window.files_label):
            place = label.rect().translated(label.mapTo(window, label.rect().topLeft()))
            assert window.rect().contains(place), (source.name, place.getRect())
    assert not failures, "\n".join(failures)

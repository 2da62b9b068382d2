"""Save on a recorded request's state never writes into the recording (issue 29).

Tryout: request 1 picked in the Recordings dock, Simulate backfill applied,
Ctrl+S: no question, "Saved e0cfc6de…json; backup …", the recorder's copy
rewritten (its name no longer its SHA-256) and the history then told a false
story. Now Save says why and offers Save As (Enter), which proposes a place
outside the recording and writes there; Save As into the recording is
refused and said; the recording's files stay byte for byte."""

from __future__ import annotations

import hashlib
from pathlib import Path

from conftest import load_vectors
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from record_helpers import record_exchange

from timeline_app.core.recordings import REQUESTS_FILE, read_records
from timeline_app.core.store import load_store
from timeline_app.gui.window.main_window import MainWindow

from .helpers import CTRL, WAIT, _open_simulation, answer_by_enter, jobs_idle, press, show_active

VECTOR = next(v for v in load_vectors("wilmer") if v["name"] == "partially_tracked_new_tail")


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_save_on_a_recorded_state_offers_save_as_outside_the_recording(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    out = tmp_path / "wire" / "rec"
    record_exchange(out, VECTOR, None)
    (request,) = read_records(out / "talk" / REQUESTS_FILE).requests
    copy = request.snapshot_path()
    assert copy is not None
    window.show()
    window.open_recordings(out)
    model = window.recordings.model
    qtbot.waitUntil(lambda: model.index_of(request.id).isValid(), timeout=WAIT)
    window.recordings.view.setFocus()
    window.recordings.view.setCurrentIndex(model.index_of(request.id))
    with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
        qtbot.keyClick(window.recordings.view, Qt.Key.Key_Return)
    session = window.session
    assert session.pair.store == copy
    dialog = _open_simulation(qtbot, window)
    assert dialog.result is not None and dialog.result.changed
    dialog.apply()
    dialog.close()
    assert session.is_dirty
    before = _tree(out)

    asked: list[str] = []
    outside = tmp_path / "kept.json"

    def save_as_dialog(parent, title, start, filters):
        asked.append(start)
        return str(outside), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_as_dialog)
    seen: list[tuple[str, str, list[str], str]] = []
    done = answer_by_enter(qtbot, seen)
    show_active(qtbot, window)
    window.table.setFocus()
    with qtbot.waitSignal(session.saveDone, timeout=WAIT):
        press(qtbot, Qt.Key.Key_S, CTRL)
    qtbot.waitUntil(lambda: done == ["done"], timeout=WAIT)
    jobs_idle(qtbot, session)

    # said why, Save As the answer Enter gives, nothing written over
    ((title, text, buttons, default),) = seen
    assert title == "Recording is read-only"
    assert f"lies in the recording {out / 'talk'}" in text and "never writes into a recording" in text
    assert default == "Save &As…" and not any(b.startswith("&Write") for b in buttons)
    # proposed outside the recording, named for the discussion
    (start,) = asked
    assert Path(start) == out.parent / f"talk-{copy.name}"
    # written there, with the simulation's times; the recording as it was
    assert session.pair.store == outside
    assert dict(load_store(outside).as_mapping()) == dict(session.working.as_mapping())
    assert len(load_store(outside)) > len(load_store(copy))
    assert _tree(out) == before
    assert hashlib.sha256(copy.read_bytes()).hexdigest() == copy.stem
    assert not list(out.rglob("*.bak-*"))


def test_save_as_into_a_recording_is_refused_and_said(
    qtbot, demo_copy_window: MainWindow, tmp_path: Path
) -> None:
    """Save As naming a file in a recording (its copy, or a new name beside
    it) writes nothing there and says why, in the banner."""
    out = tmp_path / "rec"
    record_exchange(out, VECTOR, None)
    (request,) = read_records(out / "talk" / REQUESTS_FILE).requests
    copy = request.snapshot_path()
    assert copy is not None
    window = demo_copy_window
    before = _tree(out)
    for target in (copy, copy.parent / "mine.json", out / "talk" / "mine.json"):
        assert not window.session.save_as(target)
        banner = window.banner.text()
        assert f"{target}: lies in the recording {out / 'talk'}" in banner, banner
        assert "nothing written" in banner
        assert _tree(out) == before


def test_the_preview_is_exported_outside_a_recording(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """Export proposes a name beside the folder of recordings for a request
    opened from one (its folder would be refused), and an export named into
    the recording is refused in the pane, nothing written there."""
    out = tmp_path / "wire" / "rec"
    record_exchange(out, VECTOR, None)
    window.show()
    with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
        window.open_any([out / "talk" / REQUESTS_FILE])
    pane = window.preview_pane
    assert Path(pane.export_name()).parent == out.parent
    before = _tree(out)
    pane.export_to(out / "talk" / "preview.json")
    qtbot.waitUntil(lambda: "Copy or export failed" in pane.summary.text(), timeout=WAIT)
    assert f"lies in the recording {out / 'talk'}" in pane.summary.text()
    assert _tree(out) == before
    with qtbot.waitSignal(pane.exported, timeout=WAIT):
        pane.export_to(pane.export_name())
    assert Path(pane.export_name()).read_text("utf-8") == pane.json_text()


def test_save_as_of_a_request_recorded_without_a_copy_starts_outside(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    """A request the recorder kept no copy for (a new discussion) opens with
    no timestamp file: Save As starts beside the folder of recordings, not
    in the recording (where the write would be refused)."""
    out = tmp_path / "wire" / "rec"
    out.parent.mkdir()
    record_exchange(out, {**VECTOR, "input": {**VECTOR["input"], "timestamps": None}}, None)
    (request,) = read_records(out / "talk" / REQUESTS_FILE).requests
    assert request.snapshot_path() is None
    window.show()
    with qtbot.waitSignal(window.session.loaded, timeout=WAIT):
        window.open_any([out / "talk" / REQUESTS_FILE])
    asked: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (asked.append(a[2]), ("", ""))[1])
    window.opener.do_save_as()
    assert window.session.pair.store is None or not str(window.session.pair.store).startswith(str(out))
    (start,) = asked
    assert not start.startswith(str(out)), start

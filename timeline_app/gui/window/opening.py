"""Choosing what to open, and answering what opening asks: file dialogs,
drops and command-line paths, recent pairs, the DiscussionIds root, keys of
encrypted files, the chat of a multi-chat export, unsaved edits.

The session opens; this object only asks a person and passes the answer on.
Its ``do_<name>`` methods are the commands of the action table that concern
files (``actions.ACTIONS``).
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, QSettings, Qt
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QWidget

from ...core.discussion import sniff_kind
from ...core.display import stored_text
from ...core.errors import InputError, NeedsChoice
from ...core.file_state import FileState, OthersFile, PendingFate, SaveCase, folder_gone
from ...core.pairing import store_beside
from ...core.recordings import folder_outside, recording_holding
from ...core.store import PLACEHOLDER_KEY
from .. import settings as codec
from ..panels.status import Banner
from ..session import DiscussionSession, Leaving, SaveChoice
from ..widgets.keys import assign_mnemonics
from ..wording import Counted, error_text, fill, say, sentences
from .lazy_dock import LazyDock

if TYPE_CHECKING:  # built when first shown (issue 33)
    from ..panels.discussions import DiscussionsPanel


def _t(text: str) -> str:
    return QCoreApplication.translate("Opener", text)


NAMED = 5  # messages a question names by "#" before "…"
TRANSCRIPTS = QT_TRANSLATE_NOOP("Opener", "Transcripts (*.json *.jsonl);;All files (*)")
TIMESTAMP_FILES = QT_TRANSLATE_NOOP("Opener", "Timestamp files (*.json);;All files (*)")


def _name_no_file_has(path: Path) -> Path:
    """``path``, or when a file has that name, the first of ``stem-1.json``,
    ``stem-2.json``… beside it that none has: what Save As proposes, so that
    Enter ends in a write (issue 29: over a file replaced underneath it
    proposed that file's own name, Qt's "replace?" defaults to No, and Yes
    led back to Save's question: Enter, Enter, Enter looped)."""
    if not path.exists():
        return path
    number = 1
    while (free := path.with_name(f"{path.stem}-{number}{path.suffix}")).exists():
        number += 1
    return free


class Opener(Counted, QObject):
    def __init__(
        self,
        session: DiscussionSession,
        parent: QWidget,
        settings: QSettings,
        discussions_dock: LazyDock[DiscussionsPanel],
        banner: Banner,
    ) -> None:
        super().__init__(parent)
        self._session, self._parent, self._settings = session, parent, settings
        self._dock, self._banner = discussions_dock, banner  # the panel is built on first use
        self.recent_menu = QMenu(self.tr("&Open recent"), parent)
        session.confirm_discard = self.confirm_discard
        session.ask_save = self.ask_save
        session.confirm_drop = self.confirm_drop
        session.confirm_write_over_another = self.confirm_write_over_another
        session.saveAsWanted.connect(self.do_save_as)
        session.needsKey.connect(self.ask_key)
        session.needsChat.connect(self.ask_chat)
        session.loaded.connect(self._remember_recent)
        self._refresh_recent_menu()

    # -- commands of the action table -------------------------------------------
    def do_open_transcript(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self._parent, self.tr("Open transcript"), self._start_folder(), _t(TRANSCRIPTS)
        )
        if path:
            self._session.open(Path(path))

    def do_open_store(self) -> None:
        """A timestamp file for the transcript open, paired with it (its
        dialog's title names it); with none open, the file alone, paired
        with the transcript beside it that matches it. Opened alone, it
        closed the open transcript (tryL 7). To pair it otherwise: Open
        transcript and timestamp file, or close the discussion first."""
        session = self._session
        transcript = session.shown_pair.transcript if session.discussion is not None else None
        title = (
            fill(self.tr("Open a timestamp file for %1"), transcript.name)
            if transcript is not None
            else self.tr("Open timestamp file")
        )
        path, _ = QFileDialog.getOpenFileName(self._parent, title, self._start_folder(), _t(TIMESTAMP_FILES))
        if not path:
            return
        if transcript is not None:
            session.open(transcript, Path(path), beside=False, chat=session.chat)
        else:
            session.open(store=Path(path))

    def do_open_pair(self) -> None:
        transcript, _ = QFileDialog.getOpenFileName(
            self._parent, self.tr("Open transcript (1 of 2)"), self._start_folder(), _t(TRANSCRIPTS)
        )
        if not transcript:
            return
        # the timestamp file beside the chat is the likely answer: selected,
        # so Enter takes it (the engine's own rule for "beside")
        beside = store_beside(Path(transcript)) or Path(transcript).parent
        store, _ = QFileDialog.getOpenFileName(
            self._parent, self.tr("Its timestamp file (2 of 2)"), str(beside), _t(TIMESTAMP_FILES)
        )
        if store:
            self._session.open(Path(transcript), Path(store), beside=False)

    def do_open_folder(self) -> None:
        root = self._session.root
        path = QFileDialog.getExistingDirectory(
            self._parent, self.tr("Open DiscussionIds folder"), str(root or "")
        )
        if path:
            self.open_folder(Path(path))

    def do_save_as(self) -> None:
        store = self._session.pair.store
        transcript = self._session.pair.transcript
        # a recorded request without a copy: beside the folder of recordings, never into it
        start = str(folder_outside(transcript)) if store is None and transcript else self._start_folder()
        if store is not None:
            # in the discussion's folder, named as its file; when that folder
            # refused the write (why Save As was chosen), the nearest one above it that takes one
            folder, name = store.parent, store.name
            recording = recording_holding(store)
            if recording is not None:
                # never into a recording (issue 29): beside the folder of recordings,
                # named for the discussion ("rec-chat-e0cfc6de….json")
                folder, name = folder_outside(store), f"{recording.name}-{store.name}"
            elif self._session.transcript_is_another_chat:
                # the folder now holds another discussion: never proposed over its file
                # (tryout: Enter, then Yes to "replace?", wrote these times over it)
                folder, name = folder.parent, f"{folder.name}-{store.name}"
            while not os.access(folder, os.W_OK | os.X_OK) and folder.parent != folder:
                folder = folder.parent
            start = str(_name_no_file_has(folder / name))
        path, _ = QFileDialog.getSaveFileName(
            self._parent, self.tr("Save timestamp file as"), start, _t(TIMESTAMP_FILES)
        )
        if path:
            self._session.start_save_as(Path(path))

    # -- paths from anywhere ------------------------------------------------------
    def _start_folder(self) -> str:
        """Dialogs start where the open discussion is."""
        pair = self._session.pair
        current = pair.transcript or pair.store
        return str(current.parent) if current else ""

    def open_folder(self, folder: Path) -> None:
        self._dock.show()
        self._dock.panel().set_root(folder)

    def root_chosen(self, root: str) -> None:
        """The Discussions panel read ``root``: kept, and the session's."""
        codec.write_root(self._settings, Path(root))
        self._session.set_root(Path(root))

    def open_any(self, paths: list[Path]) -> None:
        """Files from drag and drop or the command line: folders to the
        browser, the rest paired by what their content says; several of a
        kind are never dropped silently: the person picks one."""
        transcripts: list[Path] = []
        stores: list[Path] = []
        # each file's problem, one line each; then nothing opens: half of a
        # pair alone reads as another discussion, and its own failure would
        # replace these lines (tryout: a missing transcript went unsaid)
        problems: list[str] = []
        for path in paths:
            if path.is_dir():
                self.open_folder(path)
                continue
            try:
                (stores if sniff_kind(path) == "timestamps" else transcripts).append(path)
            except InputError as error:
                problems.append(error_text(error))
        if problems:
            self._banner.show_message("\n".join(problems))
            return
        transcript = self._one(
            transcripts, self.tr("Several transcripts"), self.tr("One discussion opens at a time:")
        )
        store = self._one(stores, self.tr("Several timestamp files"), self.tr("Which file belongs to it?"))
        if transcript is False or store is False:
            return
        if transcript is not None or store is not None:
            self._session.open(transcript, store, beside=transcript is None or store is None)

    def _one(self, paths: list[Path], title: str, question: str) -> Path | bool | None:
        """The only path, the one picked (False: the person cancelled), or None."""
        if len(paths) > 1:
            from ..dialogs import questions as dialogs

            return dialogs.ask_one(self._parent, title, question, paths) or False
        return paths[0] if paths else None

    # -- what opening asks ----------------------------------------------------------
    def ask_key(self, why: str) -> None:
        from ..dialogs import questions as dialogs

        answer = dialogs.ask_key(self._parent, why)
        if answer is None:
            self._session.decline(fill(self.tr("%1 (no key given)"), why))
            return
        self._session.set_key(*answer)
        self._dock.panel().api_key = answer[0]
        self._session.reload("decrypted")

    def ask_chat(self, error: NeedsChoice) -> None:
        from ..dialogs import questions as dialogs

        chat = dialogs.ask_chat(self._parent, error)
        if chat is None:
            self._session.decline(fill(self.tr("%1 (no chat chosen)"), error_text(error)))
        else:
            self._session.choose_chat(chat)

    def ask_save(self, case: SaveCase, path: Path) -> SaveChoice:
        """Save cannot simply write: the file was deleted or moved, is another
        discussion's, was made anew, or is empty or broken (write everything shown, Save As,
        or nothing), the pair became doubtful under unsaved edits (save them all the
        same, Save As, or nothing), the transcript beside it is another chat (the
        same three, Save As the default), or it is read-only, its folder takes no file, or the
        folder now holds another discussion (Save As, the default, or nothing)."""
        box = QMessageBox(self._parent)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setTextFormat(Qt.TextFormat.PlainText)
        asked = {
            SaveCase.DELETED: (
                lambda: self.tr("Timestamp file deleted"),
                lambda: self.tr(
                    "%1 was deleted on disk. Write back every stored time the window shows, "
                    "save them elsewhere, or write nothing?"
                ),
            ),
            SaveCase.MOVED: (
                lambda: self.tr("Timestamp file moved"),
                lambda: self.tr(
                    "%1 was moved on disk, to %2. Write every stored time the window shows "
                    "back under its old name, save them elsewhere, or write nothing?"
                ),
            ),
            SaveCase.FOLDER_GONE: (
                lambda: self.tr("Discussion folder moved or deleted"),
                lambda: self.tr(
                    "The folder of %1 was moved or deleted on disk, the file with it. Write back "
                    "every stored time the window shows (the folder made again), save them "
                    "elsewhere, or write nothing?"
                ),
            ),
            SaveCase.FOREIGN: (
                lambda: self.tr("Timestamp file replaced"),
                lambda: self.tr(
                    "%1 on disk is now another file: none of its entries is one this window read. "
                    "Write every stored time the window shows over it, with its entries for this "
                    "chat's messages (that file kept as a backup), save them elsewhere, or write nothing?"
                ),
            ),
            SaveCase.RECREATED: (
                lambda: self.tr("Timestamp file made anew"),
                lambda: self.tr(
                    "%1 was made anew on disk, with other times than the window holds (or without "
                    "some of them). Write every stored time the window shows, with the entries the "
                    "new file adds for other messages (that file kept as a backup), save them "
                    "elsewhere, or write nothing?"
                ),
            ),
            SaveCase.CONFLICTS: (
                lambda: self.tr("Unsaved edits conflict"),
                lambda: self.tr(
                    "%1 changed on disk, and some of your unsaved edits no longer apply to it (the "
                    "middleware wrote those messages meanwhile). Keep the file's times for them and "
                    "write your other edits, write your edits over its entries, save them elsewhere, "
                    "or write nothing? Either write keeps the file as it was as a backup."
                ),
            ),
            SaveCase.REMOVES_STORED: (
                lambda: self.tr("Save removes stored times"),
                lambda: self.tr(
                    "Saving what the window shows would remove stored times %1 holds that none of "
                    "your edits removed (an undo past a save takes back what was written); the "
                    "middleware may have used them since. Keep them (the file's entries for those "
                    "messages stay, your other edits written), remove them, save elsewhere, or "
                    "write nothing?"
                ),
            ),
            SaveCase.PAIRING_DOUBTFUL: (
                lambda: self.tr("Files may not belong together"),
                lambda: self.tr(
                    "The transcript changed on disk while your edits were unsaved, and it and %1 may "
                    "not belong together now: %2. Save your edits into %1 all the same, save them "
                    "elsewhere, or write nothing?"
                ),
            ),
            SaveCase.BESIDE_ANOTHER_CHAT: (
                lambda: self.tr("Transcript is another chat"),
                lambda: self.tr(
                    "The transcript %2 was replaced on disk by another chat while your edits were "
                    "unsaved; the window still shows the chat it read. Save this discussion's stored "
                    "times into %1 all the same, save them elsewhere, or write nothing?"
                ),
            ),
            SaveCase.BROKEN: (
                lambda: self.tr("Timestamp file empty or broken"),
                lambda: self.tr(
                    "%1 on disk is empty or cannot be read, while the window shows its stored times "
                    "as last read. Write them all back (that file kept as a backup), save them "
                    "elsewhere, or write nothing?"
                ),
            ),
        }.get(case)
        if case is SaveCase.RECREATED and self._session.overwritten(path):
            asked = (
                lambda: self.tr("Timestamp file overwritten"),
                lambda: self.tr(
                    "%1 was rewritten on disk, but not as the middleware writes it (stored times "
                    "removed, or more than one changed). Write every stored time the window shows, "
                    "with the entries that file adds for other messages (that file kept as a "
                    "backup), save them elsewhere, or write nothing?"
                ),
            )
        # the discussion's folder moved to a known place (another discussion may be at
        # the old one now: issue 29, F5 then Save offered only Save As)
        into = (
            self._session.moved_folder(path)
            if case in (SaveCase.FOLDER_GONE, SaveCase.ANOTHER_DISCUSSION)
            else None
        )
        into_button = None
        if into is not None and case is SaveCase.FOLDER_GONE:
            # moved to a known place: named, and saved into by default (tryout saveas29u:
            # "moved or deleted", and Enter made the old folder again with the times alone)
            asked = (
                lambda: self.tr("Discussion folder moved"),
                lambda: self.tr(
                    "The folder of %1 was moved on disk, to %2. Save your edits into the "
                    "discussion's file there (merged with what the middleware wrote there since, "
                    "that file kept as a backup), write every stored time the window shows back "
                    "at the old place (the folder made again, without the chat), save them "
                    "elsewhere, or write nothing?"
                ),
            )
        keep = None  # over conflicts: the default, the file's own times kept
        if asked is not None:
            moved = into.parent if into is not None else self._session.moved_to(path)
            box.setWindowTitle(asked[0]())
            # moved with its folder: the whole new place (its name alone is the old one)
            where = "" if moved is None else moved.name if moved.parent == path.parent else str(moved)
            if case is SaveCase.BESIDE_ANOTHER_CHAT:
                # the transcript by its own path: paired by discussion id it lies in
                # another folder, not beside %1 (issue 29: "The transcript beside
                # /X/disc/lisbon-trip/timestamps.json" of /X/w1/chat.json)
                where = str(self._session.pair.transcript or "")
            if case is SaveCase.PAIRING_DOUBTFUL:
                # why, named: the banner on screen may be about another matter by now (tryL 7:
                # "see the banner" under one that said something else)
                base = self._session.base
                doubts = base.pairing_warnings if base is not None else ()
                where = self.tr("; ").join(map(say, doubts))
            text = fill(asked[1](), path, where)
            other_id = self._session.of_other_discussion
            if case is SaveCase.PAIRING_DOUBTFUL and other_id is not None:
                # however the pair came to be shown (F5 after a replace, opened by hand,
                # followed): said by its ids, not as a change under edits (issue 29)
                text = fill(
                    self.tr(
                        "The transcript's discussion id is %2 but %1 belongs to %3: saving writes "
                        "this chat's times into another discussion's file. Save into %1 all the "
                        "same, save elsewhere, or write nothing?"
                    ),
                    path,
                    other_id[0],
                    other_id[1],
                )
            if case is SaveCase.RECREATED and self._session.placeholder_left_out:
                # the reply's placeholder is no message's entry: said apart (tryout: a
                # used-up one came back, counted as "an entry for another message")
                text = f"{text}\n\n" + self.tr(
                    "That file also holds a reply's placeholder (the time reserved for a reply "
                    "being generated) older than a time stored since: it belongs to no reply and is "
                    "not written; the file kept as a backup keeps it."
                )
            entries = self._session.file_entries
            if case in (SaveCase.FOREIGN, SaveCase.RECREATED) and any(entries):
                # what becomes of each entry of the live file, counted (issue 29: its
                # two new times went to the backup unsaid)
                text = f"{text}\n\n" + fill(
                    self.tr(
                        "Of that file's %n entries: %1 kept as they are, %2 replaced by the times "
                        "the window shows, %3 left out (kept only in the backup).",
                        "",
                        sum(entries),
                    ),
                    *entries,
                )
            if case in (SaveCase.FOREIGN, SaveCase.RECREATED):
                said = self._pending_said(path)
                if said:
                    text = f"{text}\n\n{said}"
            working = self._session.working
            pending = working.get(PLACEHOLDER_KEY) if working is not None else None
            if case in (SaveCase.DELETED, SaveCase.FOLDER_GONE, SaveCase.MOVED) and pending is not None:
                # written with the stored times but not counted by the button (tryO: "Write
                # back all 13 stored times" wrote 14 entries, the 14th unsaid)
                text = f"{text}\n\n" + fill(
                    self.tr(
                        "The reply's pending time %1 (its placeholder: no message's time, so not in "
                        "the count) is written too, as the middleware keeps it."
                    ),
                    stored_text(pending, entry=True),
                )
            kept_placeholder = self._session.placeholder_kept
            if case is SaveCase.RECREATED and kept_placeholder is not None:
                # the new file's own placeholder, written as it is: said too (tryN: the
                # window's was said given to #16, this one went unsaid)
                text = f"{text}\n\n" + fill(
                    self.tr(
                        "That file's own placeholder (the time reserved for the reply being "
                        "generated), %1, is kept: Save writes it as it is."
                    ),
                    stored_text(kept_placeholder, entry=True),
                )
            if case is SaveCase.CONFLICTS:
                text = f"{text}\n\n{self._session.said_conflicts(*self._session.conflicts_shown)}"
            if case is SaveCase.REMOVES_STORED:
                count, numbers = self._session.removals_shown
                named = ", ".join(f"#{number}" for number in numbers[:NAMED]) + (
                    " …" if len(numbers) > NAMED else ""
                )
                text = f"{text}\n\n" + fill(
                    self.tr("Save removes %n stored time(s) the file holds: %1.", "", count), named
                )
            box.setText(text)
            if case is SaveCase.REMOVES_STORED:
                # the safe default keeps the times the middleware may have used (issue 29)
                keep = box.addButton(self.tr("&Keep them"), QMessageBox.ButtonRole.AcceptRole)
                write = box.addButton(self.tr("&Remove them"), QMessageBox.ButtonRole.DestructiveRole)
                box.setDefaultButton(keep)
            elif case is SaveCase.CONFLICTS:
                # the safe default keeps the middleware's real times (issue 29: Enter wrote
                # a repair's guess over the time it stored for #7, unnamed)
                keep = box.addButton(
                    self.tr("&Keep the file's times for them"), QMessageBox.ButtonRole.AcceptRole
                )
                write = box.addButton(self._write_label(case, path), QMessageBox.ButtonRole.DestructiveRole)
                box.setDefaultButton(keep)
            else:
                if into is not None:
                    into_button = box.addButton(
                        self.tr("Save &into the moved folder"), QMessageBox.ButtonRole.AcceptRole
                    )
                write = box.addButton(self._write_label(case, path), QMessageBox.ButtonRole.AcceptRole)
        elif case is SaveCase.ANOTHER_DISCUSSION:
            # nothing is written there, not even on request (``SaveCase.ANOTHER_DISCUSSION``)
            box.setWindowTitle(self.tr("Folder holds another discussion"))
            asked_text = self.tr(
                "The folder %2 now holds another discussion: %1 and the transcript beside it were "
                "both replaced by another chat's files. Save does not write this discussion's stored "
                "times there. Save them elsewhere?"
            )
            if into is not None:
                asked_text = self.tr(
                    "The folder of %1 was moved on disk, to %3, and the folder %2 now holds another "
                    "discussion. Save your edits into the discussion's file at its new place (merged "
                    "with what the middleware wrote there since, that file kept as a backup), save "
                    "them elsewhere, or write nothing? Nothing is written into %2."
                )
                into_button = box.addButton(
                    self.tr("Save &into the moved folder"), QMessageBox.ButtonRole.AcceptRole
                )
            box.setText(fill(asked_text, path.name, path.parent, into.parent if into is not None else ""))
            write = None
        elif case is SaveCase.RECORDING:
            # evidence, never written: nothing to write over offered (issue 29)
            box.setWindowTitle(self.tr("Recording is read-only"))
            asked_text = self.tr(
                "%1 lies in the recording %2: the recorder kept it as evidence of what went over "
                "the wire (the timestamp file as a request found it). Save never writes into a "
                "recording. Save the stored times shown elsewhere, outside it?"
            )
            box.setText(fill(asked_text, path.name, recording_holding(path) or path.parent))
            write = None
        elif case is SaveCase.FILE_READ_ONLY:
            box.setWindowTitle(self.tr("Timestamp file read-only"))
            asked_text = self.tr("%1 is read-only: Save does not write over it. Save it elsewhere?")
            box.setText(fill(asked_text, path))
            write = None
        elif folder_gone(path):
            # a new discussion's folder not made yet, where Save may not make it: missing,
            # never "not writable" (issue 29)
            box.setWindowTitle(self.tr("Folder does not exist"))
            box.setText(fill(self.tr("The folder of %1 does not exist. Save it elsewhere?"), path))
            write = None
        else:
            box.setWindowTitle(self.tr("Folder not writable"))
            box.setText(fill(self.tr("The folder of %1 is not writable. Save it elsewhere?"), path))
            write = None
        save_as = box.addButton(self.tr("Save &As…"), QMessageBox.ButtonRole.ActionRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        # Enter never writes where there is nothing to write over, nor this
        # discussion's times beside another discussion's chat (tryout life29p);
        # into the moved folder's file when there is one (``default_save_choice``)
        default = self._session.default_save_choice(case, path)
        if into_button is not None and default is SaveChoice.INTO_MOVED:
            box.setDefaultButton(into_button)
        elif write is None or default is SaveChoice.SAVE_AS:
            box.setDefaultButton(save_as)
        self._follow_file(box, path)
        clicked = box.clickedButton()
        if keep is not None and clicked is keep:
            return SaveChoice.KEEP_FILE
        if into_button is not None and clicked is into_button:
            return SaveChoice.INTO_MOVED
        if write is not None and clicked is write:
            return SaveChoice.WRITE_ALL
        return SaveChoice.SAVE_AS if clicked is save_as else SaveChoice.CANCEL

    def _pending_said(self, path: Path) -> str:
        """What Save's "write all" over a file made anew does with the reply's
        pending time the window shows (``DiscussionSession.pending_said``):
        that file was made by a request that never saw it (issue 29, ph30:
        dropped unsaid, the time then in no file). Empty: nothing to say."""
        fate, value, number, theirs = self._session.pending_said
        if fate not in (PendingFate.GIVEN, PendingFate.DROPPED):
            return ""
        time = stored_text(value, entry=True)
        if fate is PendingFate.GIVEN and theirs is not None:
            return fill(
                self.tr(
                    "The window also holds the reply's pending time %1, its placeholder read before "
                    "that file was made without it: the middleware's next request would have given "
                    "it to message #%2, the reply it was reserved for. It is written as #%2's time; "
                    "that file's own time for #%2, %3, is kept only in the backup."
                ),
                time,
                number,
                stored_text(theirs, entry=True),
            )
        if fate is PendingFate.GIVEN:
            return fill(
                self.tr(
                    "The window also holds the reply's pending time %1, its placeholder read before "
                    "that file was made without it: the middleware's next request would have given "
                    "it to message #%2, the reply it was reserved for. It is written as #%2's time."
                ),
                time,
                number,
            )
        moved = self._session.moved_away(path)
        if moved is not None and moved.exists():
            return fill(
                self.tr(
                    "The window also holds the reply's pending time %1, its placeholder read before "
                    "that file was made without it. Times were stored since and no reply in the chat "
                    "is left without one to take it, so it is not written; the file read, moved to "
                    "%2, still holds it."
                ),
                time,
                str(moved),
            )
        return fill(
            self.tr(
                "The window also holds the reply's pending time %1, its placeholder read before that "
                "file was made without it. Times were stored since and no reply in the chat is left "
                "without one to take it, so it is not written: no file will hold it."
            ),
            time,
        )

    def _follow_file(self, box: QMessageBox, path: Path) -> None:
        """``box`` asked, saying once the file changed on disk while it is
        open that what it counts is as of the moment asked, and that Save
        works the answer out again on the file at the answer (issue 29,
        tryout tryM 4: "8 times … 3 edits" stayed said while the middleware
        wrote on; since wd1 the write follows the file, the question did
        not). The session's own watch tells it (``diskChecked``): no
        reading here, a stat when it says something changed."""
        session = self._session
        asked, seen, said = datetime.now(), FileState.of(path), box.text()

        def follow(*_args: object) -> None:
            if FileState.of(path) == seen:
                return
            note = self.tr(
                "%1 changed on disk while this question was open: what it says is as of %2. "
                "Save works your answer out again on the file as it is when you answer, and "
                "says what it wrote."
            )
            box.setText(f"{said}\n\n" + fill(note, path.name, f"{asked:%H:%M:%S}"))

        session.diskChecked.connect(follow)
        session.goneChanged.connect(follow)
        try:
            box.exec()
        finally:
            session.diskChecked.disconnect(follow)
            session.goneChanged.disconnect(follow)

    def confirm_write_over_another(self, other: OthersFile) -> bool:
        """Save As chose another discussion's file (``written_into_another``):
        named, and why it is judged so; writing over it only when asked to,
        Cancel the default (issue 29: Save As onto the neighbouring
        discussion's ``timestamps.json`` replaced it unasked)."""
        from ..dialogs import questions as dialogs

        if other.ours:
            why = fill(
                self.tr(
                    "%1 looks like another discussion's file: only %2 of its %n stored time(s) are "
                    "for messages of this chat, and none at the time the window shows.",
                    "",
                    other.stored,
                ),
                other.path,
                other.ours,
            )
        else:
            why = fill(
                self.tr(
                    "%1 looks like another discussion's file: none of its %n stored time(s) is a "
                    "message of this chat.",
                    "",
                    other.stored,
                ),
                other.path,
            )
        question = self.tr(
            "Write this discussion's stored times over it (that file kept as a backup), or write nothing?"
        )
        return dialogs.confirm(
            self._parent,
            self.tr("Another discussion's file"),
            f"{why}\n\n{question}",
            self.tr("&Write over it"),
        )

    def _write_label(self, case: SaveCase, path: Path) -> str:
        """The write button of Save's question, saying exactly what it writes
        (tryout: "Write all shown" wrote only the edits over a conflict, and
        over a file made anew it wrote the new file's entries too). The count
        is every stored time written, orphan times given back among them (the
        status bar counts those: "18 times shown" was written under "17
        tracked · 0 orphans")."""
        working = self._session.working
        count = working.stored_times() if working is not None else 0
        if case is SaveCase.CONFLICTS:
            return self.tr("&Write my edits over its entries")
        if case is SaveCase.PAIRING_DOUBTFUL:
            return self.tr("&Save all the same")
        if case is SaveCase.BESIDE_ANOTHER_CHAT:
            return self.tr("&Write all the same")
        if case in (SaveCase.RECREATED, SaveCase.FOREIGN) and self._session.entries_added:
            return self.tr("&Write all %n stored time(s) and its other entries", "", count)
        if case is SaveCase.FOLDER_GONE and self._session.moved_folder(path) is not None:
            return self.tr("&Write back all %n stored time(s) at the old place", "", count)
        if case in (SaveCase.DELETED, SaveCase.FOLDER_GONE):
            return self.tr("&Write back all %n stored time(s)", "", count)
        if case is SaveCase.MOVED:
            return self.tr("&Write all %n stored time(s) under the old name", "", count)
        return self.tr("&Write all %n stored time(s) over it", "", count)

    def confirm_discard(self) -> bool:
        """Ask before unsaved edits are lost; True when it is fine to go on."""
        if not self._session.is_dirty:
            return True
        from ..dialogs import questions as dialogs

        answer = dialogs.ask_discard(self._parent, self._discard_question(), self._leave_buttons())
        if answer == QMessageBox.StandardButton.Save:
            return self._save_and_wait()
        if answer == QMessageBox.StandardButton.Discard:
            self._session.undo_stack.clear()
            return True
        return False

    def _save_and_wait(self) -> bool:
        """Save as Ctrl+S saves (its file work on the job runner: issue 29, at
        100k the answer "Save" froze the window ~0.5 s reading, merging and
        serializing the file), waited for with events served (``finish_save``),
        since what follows needs it written; True when it was."""
        session = self._session
        written: list[bool] = []
        session.saveDone.connect(written.append)
        try:
            session.start_save()
            session.finish_save()
        finally:
            session.saveDone.disconnect(written.append)
        return bool(written) and written[-1]

    def _leave_buttons(self) -> tuple[str, str]:
        """Save's and Discard's labels in the question before leaving, named
        for what follows them (tryN: Save / Discard / Cancel under F5's
        question, and Save then asked another)."""
        leaving = self._session.leaving
        if leaving is Leaving.RELOAD:
            return self.tr("&Save, then reload"), self.tr("&Discard and reload")
        if leaving is Leaving.OPEN:
            return self.tr("&Save, then open"), self.tr("&Discard and open")
        if leaving is Leaving.QUIT:
            return self.tr("&Save, then quit"), self.tr("&Discard and quit")
        return self.tr("&Save, then close"), self.tr("&Discard and close")

    def _leave_asked(self) -> str:
        """The question itself, for what leaving is."""
        leaving = self._session.leaving
        if leaving is Leaving.RELOAD:
            return self.tr("Save before reloading?")
        if leaving is Leaving.OPEN:
            return self.tr("Save before opening the other files?")
        if leaving is Leaving.QUIT:
            return self.tr("Save before quitting?")
        return self.tr("Save before closing?")

    def _unsaved_said(self, store: Path) -> str | None:
        """The unsaved edits as the stored times they change, the first few
        named by "#" with the time each now has (None: none). tryN: "Your
        unsaved edits set, change or remove 1 stored time of
        timestamps.json", no message named."""
        session = self._session
        count, named = session.unsaved_named(NAMED)
        if not count:
            return None
        parts = []
        for number, key, value in named:
            which = f"#{number}" if number >= 0 else fill(self.tr("orphan %1"), f"{key[:8]}…")
            parts.append(
                fill(self.tr("%1 removed"), which)
                if value is None
                else fill(self.tr("%1 set to %2"), which, stored_text(value, entry=True))
            )
        if count > len(named):
            parts.append(self.tr("and %n more", "", count - len(named)))
        listed = self.tr("; ").join(parts)
        said = self.tr("You have %n unsaved change(s) to a stored time of %1: %2.", "", count)
        return fill(said, store.name, listed)

    def _save_asks_first(self) -> str:
        """When Save asks a question of its own before writing (the file on
        disk changed, the transcript there is another chat): said in the
        first question, so the second is expected (tryN: Save after F5's
        question asked "Transcript is another chat", unannounced). Empty:
        Save just writes."""
        session = self._session
        ahead = session.pairing_question_ahead
        if ahead is SaveCase.BESIDE_ANOTHER_CHAT:
            transcript = session.pair.transcript
            return fill(
                self.tr(
                    "%1 on disk is now another chat, so Save first asks where to write this "
                    "discussion's stored times (into its file all the same, or elsewhere)."
                ),
                transcript.name if transcript is not None else "",
            )
        if ahead is SaveCase.PAIRING_DOUBTFUL:
            return self.tr(
                "The transcript and the timestamp file may not belong together now, so Save first "
                "asks whether to save into that file all the same."
            )
        if session.transcript_is_another_chat and session.store_gone:
            # both files replaced by another discussion's: nothing is written there
            return self.tr("The folder now holds another discussion, so Save first asks where to save.")
        if session.times_not_on_disk:
            return self.tr("The file changed on disk, so Save first asks how to write them.")
        return ""

    def _discard_question(self) -> str | None:
        """What leaving drops, said as it is: the stored times shown that the
        file on disk does not hold (deleted, replaced, made anew there), with
        or without edits, or the edits named; then the question (what leaving
        is for), and whether Save asks one more. None: edits, no file (the
        plain question). Tryout: F5 and Ctrl+W asked about "unsaved changes"
        when no edit was made, and Discard then dropped every time the window
        held, unsaid."""
        session = self._session
        held = session.times_not_on_disk
        store = session.pair.store
        if store is None:
            return None
        if not held:
            # the edits counted as the stored times they change (issue 29: "unsaved
            # changes" after one Apply of 118 repairs), the first few named
            said = self._unsaved_said(store)
            if said is None:
                return None
            return self._with_question(said)
        moved = session.moved_away(store)
        if moved is not None:
            # the folder moved: the times as last read are still in the moved file (issue 31)
            asked = self.tr(
                "The window holds %n stored time(s) that %1 no longer holds at its place on disk: it "
                "was moved to %2. Discarding drops what is unsaved; the file read is %2 now.",
                "",
                held,
            )
            return self._with_question(fill(asked, store.name, str(moved)))
        if session.undo_stack.isClean():
            asked = self.tr(
                "The window holds %n stored time(s) that %1 on disk does not hold as shown (it was "
                "deleted, replaced or written anew there). Discarding leaves them in no file.",
                "",
                held,
            )
        else:
            asked = self.tr(
                "The window holds %n stored time(s) that %1 on disk does not hold as shown (it was "
                "deleted, replaced or written anew there), and your unsaved edits. Discarding "
                "leaves them in no file.",
                "",
                held,
            )
        return self._with_question(fill(asked, store.name))

    def _with_question(self, said: str) -> str:
        """``said``, the question (``_leave_asked``), and what Save then asks
        (``_save_asks_first``)."""
        then = self._save_asks_first()
        return sentences(said, self._leave_asked()) + (f"\n\n{then}" if then else "")

    def revert(self) -> None:
        """File > Revert: a change on disk judged first, so the question says
        what Revert does to the files as they are (a deleted one: said,
        nothing asked nor dropped); then asked, and judged again after the
        answer: a file deleted while the question was open is said, never
        read as empty (issue 29: "Drop edits" then showed no stored time)."""
        session = self._session
        if session.judge_disk_first(self.revert) or not self.confirm_revert():
            return
        if not session.judge_disk_first(session.revert):
            session.revert()

    def confirm_revert(self) -> bool:
        """Revert drops every unsaved edit and the undo history, or the stored
        times held from a file now another one: asked first, as what it
        drops. Over a file gone from disk it refuses and says so: not asked
        (tryout: "Drop 0 unsaved edits?", then refused)."""
        from ..dialogs.questions import confirm

        session = self._session
        if not session.is_dirty or session.files_gone:
            return True
        # what is lost counted in stored times, not undo steps (issue 29: "Drop 1 unsaved
        # edit?" after one Apply of 118 repairs)
        changed = session.unsaved_times
        asked = (
            self.tr("Drop the stored times shown and show %1 as it is on disk now? This cannot be undone.")
            if session.store_gone
            else self.tr(
                "Drop your unsaved changes to %n stored time(s) and show %1 as saved? This cannot be undone.",
                "",
                changed,
            )
        )
        store = session.pair.store
        # the button names what it does, not "Yes"
        action = self.tr("&Revert to the file on disk") if session.store_gone else self.tr("&Drop edits")
        if not session.store_gone and not changed:
            asked = self.tr("Drop your unsaved edits? This cannot be undone.")
        return confirm(
            self._parent, self.tr("Revert unsaved changes"), fill(asked, store.name if store else ""), action
        )

    def confirm_drop(self, count: int, which: str) -> bool:
        """Reload, and some unsaved edits no longer apply to the files now: drop them? (no: kept)"""
        from ..dialogs.questions import confirm

        return confirm(
            self._parent,
            self.tr("Reload"),
            fill(
                self.tr(
                    "%n of your unsaved edits no longer apply to the files as they are on disk now: "
                    "%1. Drop them and show the files as they are? Cancel keeps every edit, shown "
                    "on the files as last read.",
                    "",
                    count,
                ),
                which,
            ),
            # the button names what it does, not "Yes" (tryN)
            self.tr("&Drop them and reload"),
        )

    # -- recent pairs ---------------------------------------------------------------
    def _remember_recent(self) -> None:
        pair = self._session.pair
        if not self._session.is_temporary:
            codec.remember_recent(self._settings, pair.transcript, pair.store)
            self._refresh_recent_menu()

    def _refresh_recent_menu(self) -> None:
        self.recent_menu.clear()
        for number, (transcript, store) in enumerate(codec.read_recent(self._settings), 1):
            # the folder too: "chat.json + timestamps.json" alone says nothing
            names = " + ".join(
                f"{p.parent.name}/{p.name}".replace("&", "&&") for p in (transcript, store) if p is not None
            )
            action = self.recent_menu.addAction(f"&{number} {names}" if number < 10 else names)
            action.setToolTip("\n".join(str(p) for p in (transcript, store) if p is not None))
            action.triggered.connect(
                lambda _=False, t=transcript, s=store: self._session.open(t, s, beside=False)
            )
        self.recent_menu.setEnabled(bool(self.recent_menu.actions()))
        assign_mnemonics(self.recent_menu)

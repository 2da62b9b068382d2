"""What the window says about the open discussion outside the views: the
dismissable message banner, the counts with the non-default option chips,
and the progress of background work. Each reads the session and nothing else.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal, SignalInstance
from PySide6.QtGui import QAction, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...core.discovery import discussion_id_of
from ...core.discussion import Discussion
from ...core.options import Choices
from ...core.transcripts.model import brief_kind, file_kind
from ...core.words import Doubt, Said, Stage
from ..session import DiscussionSession, Pair, Trouble, parting_depth
from ..tables.column_widths import ColumnWidths
from ..tables.timeline import shows_own_times, status_counts
from ..widgets import colours
from ..widgets.elided_label import ElidedButton, ElidedLabel
from ..widgets.key_scroll import FRAME as KEY_SCROLL_FRAME
from ..widgets.key_scroll import KeyScrollArea
from ..wording import Counted, fill, say

PAIRING = "pairing"  # the banner's kind while it says the files shown may not belong together
PASSED_OVER = "passed over"  # ... while it says the root's file was passed over for the one beside
ROOT_CHOSEN = "root chosen"  # ... while it says the root's file was chosen over the one beside
NOTICE = "notice"  # the banner's kind while it says a passing notice too long for the status bar
NOTICE_MS = 8000  # how long a passing notice (copied, saved, exported) stays said
NOTICE_EMS = 12  # characters of a notice kept in view when the status bar is short
LOAD_JOB = "load"  # the session's kind of job that reads a pair of files
COUNTS_EMS = 96  # characters of the counts' briefest form (the format named) kept before the chips give way
FILES_EMS = 24  # ... and of the files' names after the counts
FILES_MOST_EMS = 48  # ... at most: the rest goes to the counts (a long path left them none)
ROOMY_LINES = 6  # lines a banner may take from the table's rows beyond its least (above the least window)
QWIDGETSIZE_MAX = (1 << 24) - 1  # a widget's width with no most (Qt's QWIDGETSIZE_MAX, not in PySide)
FILES_SLACK = 40  # px of the status bar that are no widget's: its spacing and size grip (38 measured)


class Banner(QWidget):
    """A message above the timeline (errors, pairing warnings, notices) that
    stays until dismissed or until what it speaks of is gone: a pairing doubt
    while a pair without one is shown, any other message once the files are
    read anew (opened, reloaded, saved, reverted) unless it is ``lasting``.
    Showing the same files again (the live clock's next minute, an edit, an
    undo) takes nothing away: a refused save stays said (tryout: the minute's
    re-simulation cleared it)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.label = QLabel()
        self.label.setObjectName("errorBanner")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.close_button = QToolButton()
        self.close_button.setObjectName("bannerClose")
        self.close_button.setText("✕")
        self.close_button.setToolTip(self.tr("Dismiss"))
        self.close_button.setAutoRaise(True)
        self.close_button.clicked.connect(self.dismiss)
        # the chat's own timestamp file, when the root's was taken by the
        # discussion id (``Doubt.ANOTHER_BESIDE``): offered where the doubt is said
        self.use_beside = QPushButton(self.tr("&Use the file beside the chat"))
        self.use_beside.setObjectName("bannerUseBeside")
        self.use_beside.hide()
        self._beside: Path | None = None
        # the root's file for the discussion id, when the file beside the chat
        # was opened instead (it matches the messages, the root's fewer):
        # offered back where that is said (``Discussion.passed_over``)
        self.use_root = QPushButton(self.tr("U&se the root's file"))
        self.use_root.setObjectName("bannerUseRoot")
        self.use_root.hide()
        self._passed: Path | None = None  # the passed-over file last said of the pair shown
        # the discussion's folder moved to a known place: read the files there, edits kept
        # (issue 29: the middleware's exchange in the moved folder went unshown, unoffered)
        self.follow_moved = QPushButton(self.tr("Follow the moved folder"))
        self.follow_moved.setObjectName("bannerFollowMoved")
        self.follow_moved.hide()
        # the chat read was renamed and followed, and a new file is at its old
        # name: that file opened, as the person chooses (tryL 6: it was taken unasked)
        self.open_new_chat = QPushButton(self.tr("Open the new chat"))
        self.open_new_chat.setObjectName("bannerOpenNewChat")
        self.open_new_chat.hide()
        # the transcript's own discussion's timestamp file, found where the middleware
        # keeps it, while the pair shown is doubted (tryM 2: nothing offered it)
        self.use_own = QPushButton(self.tr("Open with its own timestamp file"))
        self.use_own.setObjectName("bannerUseOwn")
        self.use_own.hide()
        self._own: Path | None = None
        # its lines wrap inside the window, up to the height the table lends
        # (``most_height``), and scroll beyond: wrapped whole, a long message
        # made the smallest window grow past its minimum (issue 31 tryout)
        # lines a scroll away are a Tab away too, and scroll by the arrow and
        # page keys (issue 29: at 1024x700 a long banner showed 3 lines, the
        # rest reachable by the mouse alone); all in view, Tab passes it by
        self.lines = KeyScrollArea(self.label)
        self.lines.setObjectName("bannerLines")
        self.lines.setAccessibleName(self.tr("Message"))
        self.lines.viewport().setAutoFillBackground(False)  # the banner's colour behind
        self.label.setAutoFillBackground(False)
        self.most_height = 1 << 20  # px the banner may take (the window sets it)
        # once a button switched files: the pair it opened, the file it left, and the message
        # (``PASSED_OVER``, ``ROOT_CHOSEN``) that offers that file back while the pair is shown
        # (after "Use the root's file" nothing offered the file beside again, issue 29)
        self._switched: tuple[Pair, Path, str] | None = None
        self._chosen_root_over: Path | None = None  # the file beside last said passed over for the root's
        self._offers = (
            self.use_beside,
            self.use_root,
            self.follow_moved,
            self.open_new_chat,
            self.use_own,
        )  # shown only with their message
        row = QHBoxLayout(self)
        # 2 px above and below, not 4: at 1024x700 with Repair open, in Chinese, the 4 px
        # were what a 3-line message lacked, and it scrolled inside the lent rows (issue 31)
        row.setContentsMargins(8, 2, 4, 2)
        row.addWidget(self.lines, 1)
        row.addWidget(self.use_beside, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.use_root, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.follow_moved, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.open_new_chat, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.use_own, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        # a plain QWidget paints a stylesheet background only when told to
        # (without it the text was white on the window's grey)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.kind: object = None  # what the message shown is about (``show_message``)
        self.lasting = False  # the message shown outlives the files being read anew
        self._doubts: tuple[Said, ...] = ()  # the pairing doubts last said of what is shown
        self._said_of: object = None  # the pair open when the session's last message was said
        self.hide()

    def follow(self, session: DiscussionSession) -> None:
        """Say what goes wrong with the ``session``'s files and whether they
        belong together, and take back what no longer holds."""

        def said(message: str) -> None:
            self._said_of = session.pair
            self.show_message(
                message,
                kind=session.trouble,
                lasting=session.trouble is Trouble.EDITS_LOST,
                offer=self.follow_moved
                if session.can_follow_moved
                else self.open_new_chat
                if session.new_chat_at_old_name is not None
                else None,
            )

        session.failed.connect(said)
        self.follow_moved.clicked.connect(session.follow_moved_folder)
        self.open_new_chat.clicked.connect(session.open_new_chat)
        self.use_beside.clicked.connect(lambda: self._use_beside(session))
        self.use_root.clicked.connect(lambda: self._use_root(session))
        self.use_own.clicked.connect(lambda: self._use_own(session))
        # a lasting message is of the discussion it was said of: another opened, it goes
        # ("Some unsaved edits no longer apply" stayed over the next chat, which had none)
        session.pairChanged.connect(lambda: self._another_pair(session.pair))
        session.closed.connect(self.forget)
        session.changed.connect(lambda: self._shown(session.discussion, session.shown_pair))
        session.loaded.connect(lambda: self._read_anew(session.discussion, session.shown_pair))

    def show_message(
        self,
        text: str,
        *,
        warning: bool = False,
        info: bool = False,
        kind: object = None,
        lasting: bool = False,
        offer: QPushButton | None = None,
    ) -> None:
        """Show ``text`` (an error; ``warning``: a doubt; ``info``: nothing is
        wrong, e.g. a setting that applies later); ``kind`` (e.g. a session's
        ``Trouble``) stays with it until the banner is cleared, for code that
        must tell messages apart; ``lasting``: it stays when the files are read
        anew, until dismissed. ``offer``: the one button that belongs to this
        message (``use_beside``, ``use_root`` or ``follow_moved``); any other goes with the
        message before (tryout: "Use the root's file" stayed beside a later
        "Saved as" and a refused save, issue 29)."""
        self.kind, self.lasting = kind, lasting
        for button in self._offers:
            button.setVisible(button is offer)
        colour = colours.OK if info else colours.PLACEHOLDER if warning else colours.WARNING
        self.setStyleSheet(
            f"#banner {{ background:{colour.name()}; }}"
            f" QLabel, QToolButton {{ color:{colours.text_on(colour).name()}; }}"
        )
        self.label.setText(text)
        self.show()
        self._fit_lines()

    def set_most_height(self, pixels: int) -> None:
        """The banner's height at most (its lines scroll beyond)."""
        self.most_height = pixels
        self._fit_lines()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_lines()

    def _fit_lines(self) -> None:
        """The lines' height: all of them at the banner's width, up to ``most_height``."""
        margins = self.layout().contentsMargins()
        buttons = max(
            (w.sizeHint().height() for w in (*self._offers, self.close_button) if w.isVisibleTo(self)),
            default=0,
        )
        room = max(
            self.most_height - margins.top() - margins.bottom(),
            buttons,
            self.label.fontMetrics().lineSpacing(),
        )
        frame = 2 * KEY_SCROLL_FRAME  # the focus frame's room, around the lines
        width = self.lines.width() - frame
        need = self.label.heightForWidth(width) + frame
        if need > room:  # the scroll bar takes some of the width
            need = (
                self.label.heightForWidth(width - self.lines.verticalScrollBar().sizeHint().width()) + frame
            )
        height = max(min(need, room), self.label.fontMetrics().lineSpacing() + frame)  # (-1: no text yet)
        if self.lines.minimumHeight() != height or self.lines.maximumHeight() != height:
            self.lines.setFixedHeight(height)

    def show_notice(self, text: str) -> None:
        """A passing notice the status bar could only show cut ("…the file
        as it is kept as timestam…" at 1024 px, tryout): said here whole,
        wrapped, until dismissed, replaced, or another discussion is opened
        (the re-read after a Save would take it at once otherwise). A
        lasting message about unsaved edits is not covered by it."""
        if self.lasting and self.kind != NOTICE and not self.isHidden():
            return
        if self.kind == PAIRING and self._doubts and not self.isHidden():
            # said above the doubt, which stays (tryN M2: "Reloaded: … another chat than
            # the one read" covered "may not belong together" of the pair it then showed)
            self._say_doubts(text)
            return
        self.show_message(text, info=True, kind=NOTICE, lasting=True)

    def show_pairing(self, warnings: Sequence[Said], own: Path | None = None) -> None:
        """Say why the pair shown may not belong together, once: the same
        doubts shown again neither cover another message nor come back when
        dismissed; with no doubt, a doubt said before goes. ``own``: the
        transcript's own timestamp file, found elsewhere: named and offered."""
        if tuple(warnings) == self._doubts and own == self._own:
            return
        self._doubts, self._own = tuple(warnings), own
        if warnings:
            self._say_doubts()
        elif self.kind == PAIRING:
            self.clear()

    def _say_doubts(self, before: str = "") -> None:
        """The doubts of the pair shown, after ``before`` (a notice said while they are up)."""
        text = fill(
            self.tr("These files may not belong together: %1"), self.tr("; ").join(map(say, self._doubts))
        )
        beside = [doubt.args[1] for doubt in self._doubts if doubt.code is Doubt.ANOTHER_BESIDE]
        self._beside = Path(str(beside[0])) if beside else None
        offer = None
        if self._beside is not None:
            self.use_beside.setToolTip(str(self._beside))
            offer = self.use_beside
        elif self._own is not None:
            # what the views pairing the two show is worked out against a file the
            # window doubts: the transcript's own file is offered (tryM 2)
            text = fill(
                self.tr("%1 The transcript's own discussion has a timestamp file: %2."), text, str(self._own)
            )
            self.use_own.setToolTip(str(self._own))
            offer = self.use_own
        self.show_message(f"{before}\n{text}" if before else text, warning=True, kind=PAIRING, offer=offer)

    def _use_beside(self, session: DiscussionSession) -> None:
        """Open the transcript shown with the timestamp file beside it."""
        shown, beside = session.shown_pair, self._beside
        if shown.transcript is not None and beside is not None:
            if self.kind == ROOT_CHOSEN and shown.store is not None:  # the root's file offered back
                self._switched = (Pair(shown.transcript, beside), shown.store, PASSED_OVER)
            session.open(shown.transcript, beside, beside=False)

    def _use_own(self, session: DiscussionSession) -> None:
        """Open the transcript shown with its own discussion's timestamp file."""
        shown, own = session.shown_pair, self._own
        if shown.transcript is not None and own is not None:
            session.open(shown.transcript, own, beside=False)

    def _use_root(self, session: DiscussionSession) -> None:
        """Open the transcript shown with the root's file passed over."""
        shown, passed = session.shown_pair, self._passed
        if shown.transcript is not None and shown.store is not None and passed is not None:
            self._switched = (Pair(shown.transcript, passed), shown.store, ROOT_CHOSEN)  # the way back
            session.open(shown.transcript, passed, beside=False)

    def _another_pair(self, pair: object) -> None:
        self._passed = None  # said again of the next pair that passes one over
        self._chosen_root_over = None
        if self._switched is not None and pair != self._switched[0]:
            self._switched = None  # another pair read: the way back was of the one switched to
        if self.kind in (PASSED_OVER, ROOT_CHOSEN) or (self.lasting and pair != self._said_of):
            self.clear()

    def _shown(self, discussion: Discussion | None, pair: object = None) -> None:
        if discussion is not None:
            self.show_pairing(discussion.pairing_warnings, discussion.own_store)
            switched = self._switched if self._switched is not None and pair == self._switched[0] else None
            back = {switched[2]: switched[1]} if switched is not None else {}
            self._say_passed_over(discussion.passed_over or back.get(PASSED_OVER))
            self._say_root_chosen(back.get(ROOT_CHOSEN))

    def _say_root_chosen(self, beside: Path | None) -> None:
        """Once "Use the root's file" opened it, say so once with the way
        back: the file ``beside`` the chat, which matches more of the messages
        (tryout: once pressed, nothing offered the file beside again)."""
        if beside == self._chosen_root_over:
            return
        self._chosen_root_over = beside
        if beside is None or self._doubts:
            return
        self._beside = beside
        self.use_beside.setToolTip(str(beside))
        text = self.tr(
            "The timestamp file for the discussion id under the DiscussionIds root is shown, as "
            "chosen. The file beside the chat, %1, matches more of the messages."
        )
        self.show_message(fill(text, beside), info=True, kind=ROOT_CHOSEN, offer=self.use_beside)

    def _say_passed_over(self, passed: Path | None) -> None:
        """Say once per pair that the root's file was passed over for the
        file beside the chat, with a button to open it instead (tryout: the
        root's file, matching none of the messages, was opened by the id)."""
        if passed == self._passed:
            return
        self._passed = passed
        if passed is None or self._doubts:
            return
        text = self.tr(
            "The timestamp file beside the chat was opened: it matches the messages. The file for "
            "the discussion id under the DiscussionIds root, %1, matches fewer of them and was passed over."
        )
        self.use_root.setToolTip(str(passed))
        self.show_message(fill(text, passed), info=True, kind=PASSED_OVER, offer=self.use_root)

    def _read_anew(self, discussion: Discussion | None, pair: object = None) -> None:
        """The files were read anew: what was said of them before goes (unless
        lasting), and the pair's doubts, if any, are said again."""
        if self.lasting or self.kind in (PAIRING, PASSED_OVER, ROOT_CHOSEN):
            return
        self.forget()
        self._shown(discussion, pair)

    def dismiss(self) -> None:
        """The person closes the message; a doubt it covered is said again."""
        covered = self.kind != PAIRING and self._doubts
        self.clear()
        if covered:
            self._say_doubts()

    def forget(self) -> None:
        """Nothing said stays, not even which doubts were said (nothing is shown, or what is shown is new)."""
        self.clear()
        self._doubts, self._own = (), None

    def text(self) -> str:
        return "" if self.isHidden() else self.label.text()

    def clear(self) -> None:
        self.kind, self.lasting = None, False
        for button in self._offers:
            button.hide()
        self.label.clear()
        self.hide()


class BannerRoom(QObject):
    """The banner's lines take the table's rows, not the window's height: it
    may be as high as the window has room beyond its least height, and in the
    smallest window the table lends it ``LENT_ROWS`` of those (its lines
    scroll beyond). The window keeps its size (issue 31 tryout, Chinese: a
    banner whose text wrapped made the window grow past its minimum)."""

    def __init__(self, banner: Banner, widths: ColumnWidths) -> None:
        super().__init__(banner)
        self._banner, self._widths = banner, widths
        banner.installEventFilter(self)
        widths.parent().installEventFilter(self)  # the table: resized with the window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Show, QEvent.Type.Hide, QEvent.Type.Resize):
            self._share()
        return False

    def _share(self) -> None:
        banner = self._banner
        box = banner.parentWidget().layout() if banner.parentWidget() is not None else None
        spacing = max(0, box.spacing()) if box is not None else 0  # between it and what is below
        shown = banner.height() + spacing if banner.isVisible() else 0
        self._widths.lend(shown)
        # what the window has beyond its least height without the banner
        window, lent = banner.window(), self._widths.lent()
        spare = window.height() - (window.minimumHeight() - (shown - lent)) if window is not banner else 0
        # and what the table has beyond its least rows, below the banner shown: at 1024x700
        # with Repair and Details open a 4-line message scrolled inside 3 lines while the
        # table kept 2 rows more than its least (issue 31)
        # (not in the smallest window: there the table's least is all the window keeps)
        table = self._widths.parent()
        roomy = window is not banner and window.height() > window.minimumHeight()
        if roomy and banner.isVisible() and isinstance(table, QWidget):
            # up to ``ROOMY_LINES``: a message longer than that scrolls, the rows stay the table's
            lines = ROOMY_LINES * banner.label.fontMetrics().lineSpacing() + 4 * KEY_SCROLL_FRAME + spacing
            spare = max(spare, min(shown + table.height() - table.minimumHeight(), lines))
        banner.set_most_height(max(self._widths.lendable(), spare) - spacing)


FILE_NAME_CUTS = (28, 20, 14)  # characters each file's name is cut to, in turn, where the names do not fit


def files_forms(paths: Sequence[Path]) -> tuple[str, ...]:
    """The files' names ever more briefly, for the status bar's label after
    their whole description: the names alone, then each cut in its middle,
    its start and its extension kept. Cut at the end, the description lost
    the timestamp file ("open_webui_export/open_webui_export.json …" at
    1024x700, issue 31 tryout). Files in different folders keep the last
    folder names that tell those apart, cut as the names are: the names
    alone read "chat.json + timestamps.json" for a transcript paired with
    a DiscussionIds root's file, as if both lay side by side (issue 29)."""
    absolute = [path.absolute() for path in paths]
    depth = parting_depth(absolute) if len({path.parent for path in absolute}) > 1 else 0

    def named(path: Path, most: int | None) -> str:
        cut = (lambda part: part) if most is None else (lambda part: _cut_middle(part, most))
        folders = path.parent.parts[-depth:] if depth else ()
        return "/".join(cut(part) for part in (*folders, path.name))

    forms = [" + ".join(named(path, None) for path in absolute)]
    for most in FILE_NAME_CUTS:
        forms.append(" + ".join(named(path, most) for path in absolute))
    return tuple(dict.fromkeys(forms))


def _cut_middle(name: str, most: int) -> str:
    """``name`` in ``most`` characters: its start, "…", and its extension."""
    if len(name) <= most:
        return name
    suffix = Path(name).suffix if len(Path(name).suffix) < most // 2 else ""
    keep = max(1, most - len(suffix) - 1)
    return f"{name[:keep]}…{suffix}"


def show_files(
    label: ElidedLabel,
    pair: Pair | None,
    root: Path | None,
    moved_from: Pair | None = None,
    away: Mapping[Path, Path] | None = None,
) -> None:
    """The pair's files on the status bar: described whole, then ever more
    briefly (``files_forms``); the paths whole in the tooltip, a file moved
    on disk with where it was read (``moved_from``: the pair as opened), a
    file moved with its folder, not followed yet, with where it is now
    (``away``: named at its old place, where the window's file is until
    Follow, tryL 7)."""
    away = away or {}
    named = [path for path in (pair.transcript, pair.store) if path is not None] if pair else []
    read = (
        [path for path in (moved_from.transcript, moved_from.store) if path is not None] if moved_from else []
    )
    label.set_texts(pair.describe(root) if pair else "", *files_forms(named))
    label.setToolTip(
        "\n".join(
            fill(
                QCoreApplication.translate(
                    "Status",
                    "%1 (its folder was moved: it is in %2 now; Follow the moved folder reads it there)",
                ),
                path,
                away[path].parent,
            )
            if path in away
            else str(path)
            if was is None or was == path
            else fill(QCoreApplication.translate("Status", "%1 (moved from %2)"), path, was)
            for path, was in itertools.zip_longest(named, read[: len(named)])
        )
    )


def files_label() -> ElidedLabel:
    """The files' names after the counts, ending in "…" when short of room
    (a plain label was cut by its edge mid-word); the window sets the paths
    whole as its tooltip. ``FilesRoom`` gives it the room the counts leave."""
    label = ElidedLabel(FILES_EMS)
    label.setObjectName("filesLabel")
    # an em of its own before the names: the bar's spacing alone let the counts'
    # end and the names run together ("打开于 17:38:29 UTC+0data/open_webui_export.json…",
    # issue 31 tryout, Open WebUI in Chinese)
    gap = label.fontMetrics().horizontalAdvance("M")
    label.setContentsMargins(gap, 0, 0, 0)
    label.setMaximumWidth(FILES_MOST_EMS * label.fontMetrics().averageCharWidth() + gap)
    return label


class FilesRoom(QObject):
    """The files' names take the room the counts leave free, beyond
    ``FILES_MOST_EMS``: kept to those, "open_webui_export.js…" was cut at
    1920 px beside a wide empty space (tryout, issue 31). The counts still
    come first: the names give their room back, down to ``FILES_MOST_EMS``,
    when the counts need it (a long path once left them none)."""

    def __init__(self, bar: QWidget, counts: CountsBar, files: ElidedLabel, beside: Progress) -> None:
        """``beside``: the other widget on the bar's right (the progress)."""
        super().__init__(files)
        self._bar, self._counts, self._files, self._beside = bar, counts, files, beside
        counts.beside(beside)  # its least reserved: work never changes the bar's height
        self._most = files.maximumWidth()  # what the counts never give less than
        # the bar resized, the counts said anew: never the names' own layout, which
        # the width set here changes (watched, the window never settled at its least)
        bar.installEventFilter(self)
        counts.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched is self._bar and event.type() == QEvent.Type.Resize) or (
            watched is self._counts and event.type() in (QEvent.Type.LayoutRequest, QEvent.Type.Resize)
        ):
            self._share()
        return False

    def _share(self) -> None:
        """The names' most: what the bar has beyond the counts whole and the
        progress, figured from those alone (not from the names' own width,
        which this changes); on a line of their own (``CountsBar.wrapped``),
        what the chips beside them leave."""
        if self._counts.wrapped:
            free = self._counts.width() - self._counts.needed_width()
            if free != self._files.maximumWidth():
                self._files.setMaximumWidth(max(1, free))
            return
        # its least, whether work runs or not: the names keep their width when it starts
        beside = self._beside.least_width()
        free = self._bar.width() - self._counts.needed_width() - beside - FILES_SLACK
        room = max(self._most, free)
        if room != self._files.maximumWidth():
            self._files.setMaximumWidth(room)


class PassingNotice(ElidedLabel):
    """What was just done (copied, saved, exported), said for ``NOTICE_MS``
    before the counts. QStatusBar draws its own passing message only left
    of the permanent widgets, and the counts, permanent and stretching, left
    it no room: Copy preview's "Copied …" was set and never seen (tryout).
    A status tip (the mouse over a menu) does not wipe it either.

    It is said of the discussion open then, and goes when another is opened
    or the window closed ("Saved timestamps.json" stayed beside the next
    discussion's counts, which was never saved).

    A notice the status bar cannot show whole (a Save's backup named, at
    1024 px: cut mid-word, its tooltip out of a keyboard user's reach) is
    handed on whole (``overflowed``: the window's banner, which wraps) and
    leaves the status bar to the counts: every notice, not one message
    shortened."""

    overflowed = Signal(str)

    def __init__(self, session: DiscussionSession) -> None:
        super().__init__(NOTICE_EMS)
        self.setObjectName("noticeLabel")
        self.setContentsMargins(0, 0, 12, 0)  # apart from the counts after it
        self.hide()
        self._session = session
        self._said_of = session.pair  # the pair the notice shown is about
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(NOTICE_MS)
        self._timer.timeout.connect(self.hide)
        session.notice.connect(self.say)
        session.pairChanged.connect(self._pair_changed)
        session.closed.connect(self.forget)
        # a newer message in the banner: the notice may say what it no longer is
        # (tryout: "chat.json grew on disk" beside "… replaced on disk by another chat")
        session.failed.connect(self.forget)

    def _pair_changed(self) -> None:
        if self._session.pair != self._said_of:  # another discussion's now: not said of it
            self.forget()

    def forget(self) -> None:
        self._timer.stop()
        self.hide()

    def say(self, text: str) -> None:
        self._said_of = self._session.pair
        self.setText(text)
        self.setToolTip(colours.plain_tooltip(text))  # whole when elided
        self.show()
        self._timer.start()

    def showEvent(self, event: QShowEvent) -> None:
        """Said: judged once the status bar has laid it out (its size now may be an old text's)."""
        super().showEvent(event)
        QTimer.singleShot(0, self, self._hand_on_if_cut)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Laid out again (the window made narrower, another text)."""
        super().resizeEvent(event)
        self._hand_on_if_cut()

    def _hand_on_if_cut(self) -> None:
        """Cut, it is said whole elsewhere and leaves the room to the counts."""
        if self.isVisible() and self.is_elided():
            text = self.text()
            self.forget()
            self.overflowed.emit(text)


class CountsBar(Counted, QWidget):
    """Permanent part of the status bar: a passing notice, counts, what was
    last done, a chip per engine choice that differs from the defaults
    (click: back to default), and the files' names (``hold_files``).

    When one line cannot hold the counts' briefest form, the chips and the
    names whole, the chips and the names go to a second line (``wrapped``)
    rather than being cut: at 1024 px the zone chip read "middlewar…" and
    the counts "… placeholder pending · unsav…", in the smallest window the
    files "chat.json + timestam…" (issue 31). The status bar is a line
    taller then, never wider."""

    chipClicked = Signal(str)

    def __init__(
        self, session: DiscussionSession, shown: SignalInstance | None = None, parent: QWidget | None = None
    ) -> None:
        """``shown``: the signal after which the views show the session's
        discussion (default ``session.changed``), so the counts never run
        ahead of the table."""
        super().__init__(parent)
        self._session = session
        # gives way to the progress and the files' names; on a next line when one cannot hold it
        self.counts = ElidedLabel(breaks=" · ")
        self.counts.setObjectName("countsLabel")
        self.counts.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.notice = PassingNotice(session)  # its room taken from the counts while it is said
        self._chips = QHBoxLayout()
        self._chips.setContentsMargins(0, 0, 0, 0)
        self._chips.setSpacing(4)
        self.reset_all = QToolButton()
        self.reset_all.setObjectName("resetOptions")
        self.reset_all.setText(self.tr("Reset options"))
        self.reset_all.setToolTip(self.tr("Back to the middleware's defaults"))
        self.reset_all.clicked.connect(lambda: session.set_choices(Choices()))
        # the chips and Reset together: beside the counts, or on the line under them
        self.chip_box = QWidget()
        self.chip_box.setObjectName("optionChips")
        beside = QHBoxLayout(self.chip_box)
        beside.setContentsMargins(0, 0, 0, 0)
        beside.addLayout(self._chips)
        beside.addWidget(self.reset_all)
        self.files: ElidedLabel | None = None  # the files' names, when held (``hold_files``)
        self.wrapped = False  # the chips and the names on a second line
        self._beside: Progress | None = None  # the progress after it (``beside``)
        # the status bar's width and its own while the progress took none (``_room``)
        self._idle_width: tuple[int, int] | None = None
        self._top = QHBoxLayout()
        self._top.addWidget(self.notice)
        self.notice.installEventFilter(self)  # said or gone: the counts' least room follows
        self._top.addWidget(self.counts, 1)
        self._top.addWidget(self.chip_box)
        self._under = QHBoxLayout()
        self._under.addStretch(1)
        lines = QVBoxLayout(self)
        lines.setContentsMargins(0, 0, 0, 0)
        lines.setSpacing(0)
        lines.addLayout(self._top)
        lines.addLayout(self._under)
        (shown or session.changed).connect(self.refresh)
        session.choicesChanged.connect(self.refresh)
        session.dirtyChanged.connect(self.refresh)
        session.pairChanged.connect(self.refresh)  # the pair being opened, said while it loads
        session.styleChanged.connect(self.refresh)  # CST may say where the times come from
        session.jobs.busyChanged.connect(self.refresh)
        self.refresh()

    def hold_files(self, files: ElidedLabel) -> None:
        """The files' names after the counts and chips (on the second line when wrapped)."""
        self.files = files
        self._top.addWidget(files)
        self._arrange()

    def beside(self, progress: Progress) -> None:
        """``progress`` comes after this bar: its least width is reserved
        here whether work runs or not (the chips and names go under the
        counts when one line cannot hold them beside it), and while work
        runs it is lent what the counts, chips and names leave, its words
        ending in "…" beyond that. The status bar so keeps its height when
        work starts or ends: the load's words took the counts' room, they
        went on a second line, and the status bar grew 6 px while an
        appended exchange was read into the 100k discussion and shrank
        after, the table relaid and repainted twice (issue 29)."""
        self._beside = progress
        progress.wanted.connect(self._lend)
        progress.installEventFilter(self)  # laid out: this bar's width beside it idle (``_room``)
        self._arrange()

    def _room(self) -> int:
        """Its width with the progress's least beside it, whether work runs
        or not: its whole width while idle (the status bar grown or shrunk
        since, as it stretches), less that least. Not judged from its width
        now, which the status bar sets before the progress's while work
        starts or ends."""
        progress, parent = self._beside, self.parentWidget()
        if progress is None or parent is None or self._idle_width is None:
            return self.width()
        bar, own = self._idle_width
        return own + parent.width() - bar - progress.least_width()

    def _fit_counts(self) -> None:
        """The counts' lines are judged at the width they have with the
        progress's least beside them and no passing notice: neither work
        starting or ending nor a notice said changes them (each line is
        elided while the notice takes some of that width)."""
        margins = self.counts.contentsMargins()
        self.counts.break_within(max(0, self._room() - margins.left() - margins.right()))

    def needed(self) -> int:
        """Its least width as arranged now, the progress's room aside: one
        line with the counts' briefest form, the chips and the names; or,
        wrapped, the counts on the lines they take (at the width they are
        fitted at) over the chips and the names."""
        spacing = self._top.spacing()
        named = self.files is not None and self.files.text()
        if not self.wrapped and (self.chips() or named):
            return self._one_line()
        notice = self.notice.minimumSizeHint().width() + spacing if self.notice.isVisibleTo(self) else 0
        top = notice + self.counts.least_width(self.counts.room())
        if not self.wrapped:
            return top
        under = self.chip_box.sizeHint().width() + spacing if self.chip_box.isVisibleTo(self) else 0
        if self.files is not None and named:
            under += min(self.files.sizeHint().width(), self.files.maximumWidth()) + spacing
        return max(top, under)

    def _lend(self) -> None:
        """While work runs, the progress is as wide as its words whole, or
        as the counts, chips and names leave (never less than its least,
        which ``_arrange`` reserved); idle, it asks for nothing."""
        progress = self._beside
        if progress is None:
            return
        width = None
        if progress.shown():
            total = self._room() + progress.least_width()
            width = max(progress.least_width(), min(progress.whole_width(), total - self.needed()))
            # no wider than the bar can lend without the window growing (at its least)
            width = max(0, min(width, total - self.minimumSizeHint().width()))
        if width is None:
            if progress.minimumWidth() or progress.maximumWidth() != QWIDGETSIZE_MAX:
                progress.setMinimumWidth(0)
                progress.setMaximumWidth(QWIDGETSIZE_MAX)
        elif progress.minimumWidth() != width or progress.maximumWidth() != width:
            progress.setFixedWidth(width)

    def needed_width(self) -> int:
        """The width that is not the files' names: the counts whole, with the
        chips and buttons beside them (the counts' own hint is ignored by the
        layout: they give way); wrapped, the chips on the second line."""
        spacing = self._top.spacing()
        chips = self.chip_box.sizeHint().width() + spacing if self.chip_box.isVisibleTo(self) else 0
        if self.wrapped:
            return chips
        notice = self.notice.sizeHint().width() + spacing if self.notice.isVisibleTo(self) else 0
        return notice + self.counts.sizeHint().width() + chips + spacing

    def _one_line(self) -> int:
        """What one line takes with the counts in their briefest form, the
        chips whole and the files' names as wide as they ask (the layout
        shares a shortfall between those two, and the chips were cut)."""
        metrics, spacing = self.counts.fontMetrics(), self._top.spacing()
        margins = self.counts.contentsMargins()
        need = metrics.horizontalAdvance(self.text(brief=True, least=True)) + margins.left() + margins.right()
        if self.notice.isVisibleTo(self):
            need += self.notice.minimumSizeHint().width() + spacing
        if self.chip_box.isVisibleTo(self):
            need += self.chip_box.sizeHint().width() + spacing
        if self.files is not None and self.files.text():  # as wide as the layout would make them
            need += min(self.files.sizeHint().width(), self.files.maximumWidth()) + spacing
        return need

    def _arrange(self) -> None:
        """The chips and the names beside the counts when one line holds
        them, else on the line under them."""
        # with the progress's least beside them, whether work runs or not
        self._fit_counts()
        wrap = bool(self.chips() or (self.files is not None and self.files.text())) and (
            self._one_line() > self._room()
        )
        if wrap == self.wrapped:
            self._allow_breaks()
            self._lend()
            return
        self.wrapped = wrap
        self._allow_breaks()
        parts = [self.chip_box, *([self.files] if self.files is not None else [])]
        for part in parts:
            (self._under if not wrap else self._top).removeWidget(part)
        for at, part in enumerate(parts):
            if wrap:
                self._under.insertWidget(at, part)
            else:
                self._top.addWidget(part)
        self._keep_counts_room()
        self._lend()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._take_idle_width()  # the window resized while idle (the progress keeps no width)
        self._arrange()

    def chips(self) -> list[QToolButton]:
        return [self._chips.itemAt(i).widget() for i in range(self._chips.count())]

    def refresh(self) -> None:
        session = self._session
        while self._chips.count():
            widget = self._chips.takeAt(0).widget()
            widget.deleteLater()
        changed = session.choices.changed()
        detected = session.discussion.detected_api if session.discussion is not None else None
        for name, said in changed:
            words = say(said)
            if name == "api" and detected is not None and detected.value != session.choices.api:
                words = fill(
                    self.tr("%1 (file looks like %2)"), words, detected.value
                )  # the choice wins, visibly
            chip = ElidedButton()  # gives way to the counts
            chip.setObjectName(f"chip_{name}")
            chip.setText(f"{words} ✕")
            chip.setToolTip(
                colours.plain_tooltip(fill(self.tr("Non-default option: %1. Click to reset it."), words))
            )
            chip.clicked.connect(lambda _=False, n=name: session.set_choices(session.choices.reset(n)))
            self._chips.addWidget(chip)
        self.reset_all.setVisible(len(changed) > 1)
        self.chip_box.setVisible(bool(changed))
        self.counts.set_texts(self.text(), self.text(brief=True), self.text(brief=True, least=True))
        self._keep_counts_room()
        self._arrange()
        discussion = session.discussion
        said = [self.counts.text(), *map(say, discussion.every_note)] if discussion else []
        self.counts.setToolTip(colours.plain_tooltip("\n".join(said)))  # whole when elided

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._beside:
            if event.type() in (QEvent.Type.Move, QEvent.Type.Resize):
                self._take_idle_width()
            return False
        if event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            self._keep_counts_room()
            self._allow_breaks()
        return False

    def _take_idle_width(self) -> None:
        """Its width beside an idle progress, once the status bar has laid
        both out: the progress of no width, and this bar reaching it (but
        for the bar's spacing, less than the progress's least: while the
        progress has given its width back and this bar has not grown yet,
        their gap is at least that)."""
        progress, parent = self._beside, self.parentWidget()
        if progress is None or parent is None or progress.shown() or progress.width() or not self.isVisible():
            return
        if not 0 <= progress.x() - self.x() - self.width() < progress.least_width():
            return
        taken = (parent.width(), self.width())
        if taken != self._idle_width:
            self._idle_width = taken
            self._arrange()

    def event(self, event: QEvent) -> bool:
        """A part's hint changed (the files' names, a notice): one line may no longer hold them."""
        handled = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:
            self._arrange()
        return handled

    def _allow_breaks(self) -> None:
        """The counts go on a next line only with the top line to themselves
        (the chips and names under them, or none). Neither work under way
        nor a passing notice changes their lines (``_fit_counts``): the
        status bar grew or shrank a line as they came and went, and the
        docks and the 100k table were relaid twice (issue 29)."""
        alone = self.wrapped or not (self.chips() or (self.files is not None and self.files.text()))
        self.counts.allow_breaks(alone)

    def _keep_counts_room(self) -> None:
        """On one line, the option chips give way (ending in "…") before the
        counts' briefest form is cut, up to ``COUNTS_EMS`` (``_arrange`` puts
        them under the counts first); a passing notice still takes its room
        from the counts while it is said."""
        room = 0
        if self.chips() and not self.notice.isVisible() and not self.wrapped:
            metrics = self.counts.fontMetrics()
            least = self.text(brief=True, least=True)
            margins = self.counts.contentsMargins()
            room = min(metrics.horizontalAdvance(least), COUNTS_EMS * metrics.averageCharWidth())
            room += margins.left() + margins.right()
        if self.counts.minimumWidth() != room:
            self.counts.setMinimumWidth(room)

    def _tracked(self, counts: dict[str, int], brief: bool = False) -> str:
        """How many messages are tracked and, when messages of one content
        share an entry, how many entries hold their times: Save counts
        entries, and "15 tracked" beside its 14 could not be checked (tryout).
        As ``inspect`` says it; ``brief``: "15 tracked in 14 entries". Said
        as the entries they are held *in*, not "(14 entries)": beside the
        file's own count (the Discussions dock's 13 of the demo) that read
        as another count of the same thing (tryout)."""
        tracked = self.tr("%n tracked", "", counts["tracked"])
        if not counts["shared"]:
            return tracked
        entries = self.tr("%n entries", "", counts["tracked entries"])
        if brief:
            return fill(self.tr("%1 in %2", "tracked in entries"), tracked, entries)
        share = (
            self.tr("%n message(s) share one", "", counts["sharing"])
            if counts["shared"] == 1
            else fill(self.tr("%n message(s) share %1", "", counts["sharing"]), counts["shared"])
        )
        return fill(self.tr("%1 in %2 (%3)", "tracked in entries (sharing)"), tracked, entries, share)

    def text(self, brief: bool = False, least: bool = False) -> str:
        """The counts and what is open; ``brief``: the short form the label
        shows when the whole does not fit (the entries shared said briefly and
        the last event left to the tooltip, before anything is elided: at
        1024x700 the demo's "12 tracked in 11 entries (…)" pushed the rest
        out); ``least``: briefer still, what the file is said by the format's
        name alone (at 1024 px beside two option chips the counts read "0
        tracked · 17 untracked · …", issue 31 tryout); "" when there is none."""
        session = self._session
        discussion = session.discussion
        if discussion is None:
            if session.pair and session.jobs.busy("load"):
                # the first pair being read: said as such, not as nothing open beside
                # the progress "chat.json: laying out the timeline" (issue 31 tryout)
                return fill(self.tr("Opening %1…"), session.pair.describe(session.root))
            return "" if brief else self.tr("Nothing open. Drop a transcript or a timestamps.json here.")
        counts = status_counts(discussion)
        # what the file is, before anything elided; ``least``: the format's name alone (left out,
        # the status bar at 1024 px did not say the format at all, issue 31 tryout)
        kind = file_kind(discussion.transcript)
        kind_said = [say(brief_kind(kind) if least else kind)]
        parts = [
            self._tracked(counts, brief),
            self.tr("%n untracked", "", counts["untracked"]),
            self.tr("%n orphans", "", counts["orphans"]),
            *kind_said,
        ]
        if shows_own_times(discussion, session.style):
            # the CST style shows the transcript's own times: where they come from, as the
            # Status column says it (``status_word``); "0 tracked · 6 untracked" beside a
            # Free Anima log's own times read as data missing (issue 31). The file's
            # tracked count stays where a timestamp file is read
            own = [
                self.tr("%n time(s) in the messages", "", counts["own time"]),
                self.tr("%n message(s) with no time", "", counts["no own time"]),
            ]
            parts[:2] = [*own, parts[0]] if discussion.store is not None else own
        if counts["given back"]:  # in the file, and written by Save, as the CLI counts them
            # what it means, said: an orphan's time now held by its message (a repair or an
            # edit copied it), the orphan entry still in the file (tryL 7: "orphan times given
            # back" went unexplained)
            parts.insert(3, self.tr("%n orphan time(s) copied back to messages", "", counts["given back"]))
        if counts["future"]:  # stored times after "now": a clock set wrong, flagged "future" in the table
            parts.insert(3, self.tr("%n stored time(s) after now", "", counts["future"]))
        if not discussion.has_transcript:  # the file alone: which discussion, how big
            entries = len(discussion.store.message_keys()) if discussion.store is not None else 0
            ident = discussion_id_of(discussion.store_path) if discussion.store_path else discussion.title
            parts = [
                fill(self.tr("discussion %1"), ident),
                self.tr("%n entries", "", entries),
                self.tr("no transcript open"),
            ]
            if counts["future"]:
                parts.insert(2, self.tr("%n stored time(s) after now", "", counts["future"]))
        if discussion.timeline.has_placeholder:
            parts.append(self.tr("placeholder pending"))
        if discussion.store_path is None:
            parts.append(self.tr("new discussion (no timestamp file)"))
        elif discussion.store_missing:
            parts.append(self.tr("new discussion (no file yet)"))
        if discussion.transcript.bad_lines:
            lines = ", ".join(str(b.line) for b in discussion.transcript.bad_lines[:5])
            skipped = self.tr("%n unreadable line(s) skipped (%1)", "", len(discussion.transcript.bad_lines))
            parts.append(fill(skipped, lines))
        # times the file on disk lost (deleted, replaced) are said as such, not as
        # edits: after ``rm`` of the file, nothing edited, it read "unsaved edits" (issue 31)
        # said first: at 1024 px the counts' end is cut ("13 stored times shown not on…")
        held = session.times_not_on_disk
        # of those, the ones the file read holds where it was moved: on disk there (issue 29:
        # after mv and a file remade at the old name, times in moved.json were "not on disk")
        elsewhere, moved = session.times_in_moved_file
        # moved with its folder: on disk in the moved folder, named as such (issue 29: after
        # ``mv lisbon-trip lisbon-moved`` they were "not on disk", or "in timestamps.json",
        # the very name the old place had)
        folder = (
            session.moved_folder(discussion.store_path)
            if held and moved is not None and discussion.store_path is not None
            else None
        )
        if folder is not None and elsewhere == held:
            parts.insert(
                0,
                fill(self.tr("%n stored time(s) in the moved folder %1", "", held), folder.parent.name)
                if brief
                else fill(
                    self.tr(
                        "%n stored time(s) shown are on disk in the moved folder %1 (Follow the "
                        "moved folder reads them there)",
                        "",
                        held,
                    ),
                    folder.parent.name,
                ),
            )
        elif folder is not None:
            parts.insert(
                0,
                fill(
                    self.tr(
                        "%n stored time(s) not at the old place (%2 of them on disk in the moved folder %1)",
                        "",
                        held,
                    ),
                    folder.parent.name,
                    elsewhere,
                ),
            )
        elif held and moved is not None and elsewhere == held:
            parts.insert(
                0,
                fill(self.tr("%n stored time(s) only in %1", "", held), moved.name)
                if brief
                else fill(
                    self.tr(
                        "%n stored time(s) shown not in the timestamp file but in %1 (Save offers to "
                        "write them)",
                        "",
                        held,
                    ),
                    moved.name,
                ),
            )
        elif held and moved is not None:
            parts.insert(
                0,
                fill(
                    self.tr("%n stored time(s) not in the timestamp file (%2 of them in %1)", "", held),
                    moved.name,
                    elsewhere,
                ),
            )
        elif held:
            # a file made anew: those it has at another time said apart from those it lacks,
            # as the banner and the Status column say them (tryN M1: all "not on disk")
            differ = session.times_differing_on_disk
            if held > differ:
                parts.insert(
                    0,
                    self.tr("%n stored time(s) not on disk", "", held - differ)
                    if brief
                    else self.tr(
                        "%n stored time(s) shown not on disk (Save offers to write them)", "", held - differ
                    ),
                )
            if differ:
                parts.insert(
                    0,
                    self.tr("%n stored time(s) differ on disk", "", differ)
                    if brief
                    else self.tr(
                        "%n stored time(s) shown differ from the file on disk (Save offers to write them)",
                        "",
                        differ,
                    ),
                )
        if not session.undo_stack.isClean():
            parts.append(self.tr("unsaved edits"))
        elif session.last_event and not brief and not held:
            parts.append(session.last_event)
        return " · ".join(parts)


class Progress(QWidget):
    """Progress of the session's background work, with Cancel. Its words
    give way first: ended in "…" where the status bar has no room for them
    whole (a plain label was cut by its edge: a lone "c" before Cancel just
    after a save, tryout). The counts beside it reserve its least width
    (``least_width``) whether work runs or not, and lend it the rest
    (``CountsBar.beside``): the status bar keeps its height when work
    starts or ends."""

    wanted = Signal()  # its words or its showing changed: the room it is lent is judged again

    def __init__(self, session: DiscussionSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar = QProgressBar()
        self.bar.setRange(0, 100)
        self.bar.setTextVisible(False)
        self.bar.setMaximumWidth(120)
        self.stage = ElidedLabel(1)  # down to "…" alone where nothing more fits
        self.stage.setObjectName("progressWords")
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("cancelButton")
        self.cancel_button.clicked.connect(self.do_cancel_work)
        self._session = session
        self._action: QAction | None = None
        self._working = False  # ``shown``
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.stage, 1)
        row.addWidget(self.bar)
        row.addWidget(self.cancel_button)
        session.jobs.progressed.connect(self._progress)
        session.jobs.busyChanged.connect(self._busy)
        # the height it takes when shown, reserved while hidden: the status bar
        # (and every dock above it) no longer jumps when work starts
        self.setMinimumHeight(self.sizeHint().height())
        self._busy(False)

    def shown(self) -> bool:
        """Whether work runs and its progress is shown."""
        return self._working

    def least_width(self) -> int:
        """Its width with its words down to "…": the bar at its least and
        Cancel whole, what the counts always leave it."""
        spacing = max(0, self.layout().spacing())
        return (
            self.stage.minimumSizeHint().width()
            + self.bar.minimumSizeHint().width()
            + self.cancel_button.sizeHint().width()
            + 2 * spacing
        )

    def whole_width(self) -> int:
        """Its width with its words whole."""
        spacing = max(0, self.layout().spacing())
        bar = min(self.bar.sizeHint().width(), self.bar.maximumWidth())
        return self.stage.sizeHint().width() + bar + self.cancel_button.sizeHint().width() + 2 * spacing

    def do_cancel_work(self) -> None:
        self._session.jobs.cancel_all()

    def bind(self, action: QAction) -> None:
        """The menu's Cancel: enabled while there is something to cancel."""
        self._action = action
        action.setEnabled(self.cancel_button.isVisibleTo(self))
        self.cancel_button.setToolTip(action.toolTip() + f" ({action.shortcut().toString()})")

    def _progress(self, kind: str, stage: object, fraction: float) -> None:
        self.bar.setValue(int(fraction * 100))
        text = say(stage)  # an engine stage in the user's language
        # a load names the file it reads: the files' label beside it names the
        # pair still shown until the new one has loaded ("fx/ooba_2025_tools.json
        # joining with the timestamp file" while the 100k file loaded, tryout)
        named = self._session.pair.transcript or self._session.pair.store
        reading = isinstance(stage, Said) and stage.code is Stage.READING  # names its file itself
        if kind == LOAD_JOB and named is not None and not reading:
            text = fill(self.tr("%1: %2", "the file being read, then what is done with it"), named.name, text)
        if text != self.stage.text():
            self.stage.setText(text)
            self.stage.setToolTip(colours.plain_tooltip(text))  # whole when elided
            self.wanted.emit()

    def _busy(self, busy: bool) -> None:
        """Its width is lent (``wanted``) before its parts show, and taken
        back after they hide: shown first, they asked the status bar for
        their own widths for a moment."""
        self._working = busy
        if busy:
            self.wanted.emit()
        for widget in (self.bar, self.stage, self.cancel_button):
            widget.setVisible(busy)
        if self._action is not None:
            self._action.setEnabled(busy)
        if not busy:
            self.bar.setValue(0)
            self.stage.clear()
            self.stage.setToolTip("")
            self.wanted.emit()

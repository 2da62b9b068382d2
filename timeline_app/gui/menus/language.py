"""Which language the app speaks, and loading its translation at start-up.

The choice is kept in settings (``settings.read_language``): "system" follows
``QLocale.system()`` (``LANG=zh_CN.UTF-8`` gives Chinese), "en" is the source
language (its catalogue holds only the plural forms of counted nouns),
"zh_CN" forces Chinese. Translators are
installed once, before the window is built, so every widget is made in the
chosen language; a change in the View menu therefore applies on the next start.
The compiled ``.qm`` files are build products (``make translations``): a missing
one leaves the app in English with a warning that names it, never a crash.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu

from .. import settings as codec
from ..panels.status import Banner
from ..resources import TRANSLATIONS
from .actions import choice_group

SOURCE_LANGUAGE = "en"
TRANSLATED = codec.LANGUAGES[2:]  # each has a resources/translations/timeline_inspector_<lang>.ts
APP_CATALOG = "timeline_inspector"
LANGUAGE_NOTICE = "language"  # the banner's kind while it says the language changes at the next start
# Qt's own texts that PySide6's qtbase_zh_CN.qm lacks (it has the older "Look
# in:", not "&Look in:"; nothing of the file icon provider, whose words fill a
# file dialog's Type column: "Folder" in the Chinese window, issue 31),
# translated in the app's catalogue, which Qt asks after its own
_ICONS = "QAbstractFileIconProvider"
QT_GAPS = (
    ("QFileDialog", QT_TRANSLATE_NOOP("QFileDialog", "&Look in:")),
    ("QFileDialog", QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:")),
    (_ICONS, QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Folder")),
    (_ICONS, QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "File Folder")),
    (_ICONS, QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "File")),
    (_ICONS, QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Drive")),
    (_ICONS, QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Alias")),
    (_ICONS, QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Shortcut")),
    (_ICONS, QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Unknown")),
)

_installed: list[QTranslator] = []  # a QTranslator works only while Python keeps it alive
_held: list[bytes] = []  # the catalogues' bytes: Qt reads them in place, never copied (``_load``)
_speaking = [SOURCE_LANGUAGE]  # what ``install`` loaded last: the guide shown is in this language
_locale_before: list[QLocale] = []  # Qt's default locale before ``install`` made it the language's


def add_language_menu(window: QMainWindow, view: QMenu, settings: QSettings) -> dict[str, QAction]:
    """The View menu's "Language" choices. A language is named in itself, so a
    reader who does not understand the current one still finds theirs. A pick
    is stored for the next start (widgets are built in one language) and the
    banner says so until dismissed."""
    menu = view.addMenu(QCoreApplication.translate("Language", "Lan&guage"))
    menu.setObjectName("languageMenu")
    items = [
        ("system", QCoreApplication.translate("Language", "&System")),
        (SOURCE_LANGUAGE, "&English"),
        ("zh_CN", "简体中文 (&C)"),
    ]
    notice = QCoreApplication.translate("Language", "The language changes the next time the app starts")

    def choose(language: str) -> None:
        codec.write_language(settings, language)
        # the banner, not the status bar: any status tip (the mouse over a
        # menu or toolbar action) wiped a status message at once
        banner = window.findChild(Banner, "banner")
        if banner is not None:
            banner.show_message(notice, info=True, kind=LANGUAGE_NOTICE, lasting=True)
        else:
            window.statusBar().showMessage(notice)

    return choice_group(window, menu, items, codec.read_language(settings), choose)


def resolve(language: str, system: QLocale | None = None) -> str:
    """The translated language to load ("en": none) for a setting's value."""
    if language in TRANSLATED or language == SOURCE_LANGUAGE:
        return language
    locale = system if system is not None else QLocale.system()
    if (
        locale.language() == QLocale.Language.Chinese
        and locale.script() == QLocale.Script.SimplifiedHanScript
    ):
        return "zh_CN"  # zh_CN, zh_SG, zh_Hans: Simplified Chinese; Traditional stays English
    return SOURCE_LANGUAGE


def install(language: str, system: QLocale | None = None, folder: Path = TRANSLATIONS) -> str:
    """Install the translators for ``language`` (a settings value) and return
    the language loaded: the app's catalogue from ``folder`` and Qt's own
    (standard buttons, file dialogs) from PySide6's translations folder."""
    remove()
    chosen = resolve(language, system)
    _speaking[0] = SOURCE_LANGUAGE
    app_qm = folder / f"{APP_CATALOG}_{chosen}.qm"
    if chosen != SOURCE_LANGUAGE:
        refresh(app_qm)
    if chosen == SOURCE_LANGUAGE or not _load(app_qm):
        if chosen != SOURCE_LANGUAGE:
            print(
                f"timeline-inspector: no translation {app_qm} (run 'make translations'); English",
                file=sys.stderr,
            )
        # English's catalogue holds only plural forms ("1 message", not "1
        # message(s)"); without it every English string is still right. Compiled
        # again when older than its .ts, as the other languages' (a checkout after
        # a merge showed "2 message(s)" for every count added since the last build)
        english = folder / f"{APP_CATALOG}_{SOURCE_LANGUAGE}.qm"
        refresh(english)
        _load(english)
        return SOURCE_LANGUAGE
    qt_folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    _load(qt_folder / f"qtbase_{chosen}.qm")  # optional: without it only Qt's own buttons stay English
    # Qt words some of its texts from the default locale, not a catalogue: a
    # file dialog's Type column said "JSON document" in the Chinese window
    # (the desktop's file types, in the locale's language; the app itself
    # formats no number or date through QLocale)
    _locale_before.append(QLocale())
    QLocale.setDefault(QLocale(chosen))
    _speaking[0] = chosen
    return chosen


def refresh(qm: Path) -> None:
    """Compile ``qm`` again when its ``.ts`` beside it (a checkout) is newer.

    The ``.qm`` is a build product: after a merge brings new sentences in
    the ``.ts``, an old one is loaded and every text added since stays
    English in a translated window (tryout: the History panel's notes and
    "up to 2" in the Chinese window, all translated in the ``.ts``). Compiled
    as ``make translations`` does; where it cannot be (no ``pyside6-lrelease``,
    a folder not ours to write), the old one is loaded and a warning says so."""
    ts = qm.with_suffix(".ts")
    try:
        if not ts.is_file() or (qm.is_file() and qm.stat().st_mtime >= ts.stat().st_mtime):
            return
    except OSError:
        return
    lrelease = Path(sys.executable).with_name("pyside6-lrelease")
    try:
        import subprocess

        subprocess.run(
            [str(lrelease), "-silent", str(ts), "-qm", str(qm)], check=True, capture_output=True, timeout=60
        )
    except (OSError, subprocess.SubprocessError):
        print(
            f"timeline-inspector: {qm} is older than {ts.name} and could not be compiled again "
            "(run 'make translations'): texts added since stay English",
            file=sys.stderr,
        )


def speaking() -> str:
    """The language the app's catalogue is installed in ("en" when none is):
    what the widgets say, so what the user guide should say too."""
    return _speaking[0]


def remove() -> None:
    """Take back every translator ``install`` put in (tests, a second start in one process)."""
    while _installed:
        QCoreApplication.removeTranslator(_installed.pop())
    if _locale_before:
        QLocale.setDefault(_locale_before[0])
        _locale_before.clear()
    _held.clear()
    _speaking[0] = SOURCE_LANGUAGE


def _load(path: Path) -> bool:
    """Load a catalogue from its bytes, read once: loaded by its path, Qt maps
    the file into memory, and a catalogue compiled again in place while the app
    runs (``make translations`` after a pull, ``refresh`` in another window)
    changed under it: a Chinese window went on in English and once crashed
    inside ``translate`` (tryout). Qt does not copy the bytes: they are kept
    with their translator for as long as it is installed."""
    try:
        data = path.read_bytes()
    except OSError:
        return False
    translator = QTranslator()
    if not translator.load(data):
        return False
    QCoreApplication.installTranslator(translator)
    _installed.append(translator)
    _held.append(data)
    return True

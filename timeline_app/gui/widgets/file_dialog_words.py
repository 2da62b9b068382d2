"""Qt's own file dialog's Size and Date Modified in the app's language.

Qt's file system model words a file's size ("512 bytes") and its date
("12/7/26 11:51 PM") in the system's locale, whatever language the app
speaks: an English desktop's Size column stayed English in the Chinese
window (issue 31, tryK/L). The app's language sets Qt's default locale
(``menus.language``); a proxy over the dialog's model words those two
columns in it. A native dialog is the desktop's, left as it is.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QIdentityProxyModel, QLocale, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QFileDialog, QFileSystemModel, QTreeView

SIZE_COLUMN, DATE_COLUMN = 1, 3  # of Qt's file system model


class LocaleWords(QIdentityProxyModel):
    """The file system model, its sizes and dates in the default locale."""

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        source = self.sourceModel()
        column = index.column()
        if (
            role == Qt.ItemDataRole.DisplayRole
            and column in (SIZE_COLUMN, DATE_COLUMN)
            and isinstance(source, QFileSystemModel)
        ):
            at = self.mapToSource(index)
            if column == SIZE_COLUMN:
                return "" if source.isDir(at) else QLocale().formattedDataSize(source.size(at))
            when = source.lastModified(at)
            return QLocale().toString(when, QLocale.FormatType.ShortFormat) if when.isValid() else ""
        return super().data(index, role)


def word_file_dialog(dialog: QFileDialog) -> None:
    """Give Qt's own ``dialog`` (not a native one) the ``LocaleWords`` proxy,
    once, unless its owner set a proxy of its own."""
    if dialog.findChild(QTreeView, "treeView") is None or dialog.proxyModel() is not None:
        return
    dialog.setProxyModel(LocaleWords(dialog))

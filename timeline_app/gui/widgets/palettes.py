"""Light and dark palettes (Fusion), both readable with the Okabe-Ito marks.

Fusion derives a check box's outline and a pressed tool button's shade from
the window colour, which in a dark palette leaves an unticked box invisible
and the active style button barely different: ``ReadableStyle`` draws both
with the palette's text and highlight colours instead.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QIcon, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QStyleOptionHeader,
    QStyleOptionToolButton,
    QWidget,
)

from ..icons import action_icon

_DARK = {
    QPalette.ColorRole.Window: "#2b2b2b",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1e1e1e",
    QPalette.ColorRole.AlternateBase: "#262626",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#333333",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
    QPalette.ColorRole.Highlight: "#3d7ab8",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.ToolTipBase: "#333333",
    QPalette.ColorRole.ToolTipText: "#e6e6e6",
    QPalette.ColorRole.PlaceholderText: "#9a9a9a",
    # Qt's default link blue (#0000ff) read 1.9:1 on the dark page: the guide's
    # links were dark blue on dark grey (tryout); these are 7.9:1 and 6.7:1 on Base
    QPalette.ColorRole.Link: "#8ab4f8",
    QPalette.ColorRole.LinkVisited: "#c58af9",
}
_LIGHT = {
    QPalette.ColorRole.Window: "#f3f3f3",
    QPalette.ColorRole.WindowText: "#1a1a1a",
    QPalette.ColorRole.Base: "#ffffff",
    QPalette.ColorRole.AlternateBase: "#f5f7fa",
    QPalette.ColorRole.Text: "#1a1a1a",
    QPalette.ColorRole.Button: "#e9e9e9",
    QPalette.ColorRole.ButtonText: "#1a1a1a",
    QPalette.ColorRole.Highlight: "#9cc3ea",
    QPalette.ColorRole.HighlightedText: "#000000",
    QPalette.ColorRole.ToolTipBase: "#ffffdc",
    QPalette.ColorRole.ToolTipText: "#1a1a1a",
    QPalette.ColorRole.PlaceholderText: "#6f6f6f",
    QPalette.ColorRole.Link: "#0b57d0",  # as the dark palette's: one blue of ours, 6.4:1 on Base
    QPalette.ColorRole.LinkVisited: "#7b1fa2",
}


# the Disabled group: a palette built role by role gives every group the same
# colour, and a disabled button read as enabled (the repair's Apply, in dark)
_DISABLED = {
    "dark": {
        QPalette.ColorRole.WindowText: "#7c7c7c",
        QPalette.ColorRole.Text: "#7c7c7c",
        # 3:1 on the face Fusion shades from Button (#414141): #7c7c7c read at 2.4:1 (tryout)
        QPalette.ColorRole.ButtonText: "#959595",
        QPalette.ColorRole.Button: "#2e2e2e",
        QPalette.ColorRole.Base: "#242424",
        QPalette.ColorRole.Highlight: "#4a4a4a",
        QPalette.ColorRole.HighlightedText: "#9a9a9a",
        QPalette.ColorRole.PlaceholderText: "#666666",
    },
    "light": {
        QPalette.ColorRole.WindowText: "#8c8c8c",
        QPalette.ColorRole.Text: "#8c8c8c",
        QPalette.ColorRole.ButtonText: "#8c8c8c",
        QPalette.ColorRole.Button: "#efefef",
        QPalette.ColorRole.Base: "#f3f3f3",
        QPalette.ColorRole.Highlight: "#c8c8c8",
        QPalette.ColorRole.HighlightedText: "#6f6f6f",
        QPalette.ColorRole.PlaceholderText: "#a8a8a8",
    },
}
_DOCK_ICONS = {
    QStyle.StandardPixmap.SP_TitleBarNormalButton: "dock_float",
    QStyle.StandardPixmap.SP_TitleBarCloseButton: "dock_close",
    QStyle.StandardPixmap.SP_DockWidgetCloseButton: "dock_close",
}
_platform_style: str | None = None  # the style the app started with ("system" goes back to it)


def focus_colour(palette: QPalette) -> QColor:
    """The highlight's hue, saturated and far from the panes' background: a
    darkened pale highlight read as one more grey frame on white (tryout)."""
    hue = palette.color(QPalette.ColorRole.Highlight).hslHue()
    light_panes = palette.color(QPalette.ColorRole.Base).lightness() > 128
    return QColor.fromHsl(hue if hue >= 0 else 210, 220, 90 if light_panes else 175)


FOCUS_FRAME_WIDTH = 2  # a pane's frame, so the focus frame is two pixels wide, not one


def focus_frame(painter: QPainter, option: QStyleOption, rect: QRect) -> None:
    """Two pixels of the focus colour along ``rect``'s inside (the style's
    frames, and widgets that paint themselves: the strip)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # whole pixels, not a blend
    painter.setOpacity(1.0)
    painter.setPen(QPen(focus_colour(option.palette), FOCUS_FRAME_WIDTH))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(rect.adjusted(1, 1, -1, -1))
    painter.restore()


def _arrow_inside(option: QStyleOption) -> bool:
    """A tool button whose menu opens from the whole button: the style draws
    its arrow inside the label's room, not beside it as for a split button."""
    features = QStyleOptionToolButton.ToolButtonFeature
    return (
        isinstance(option, QStyleOptionToolButton)
        and bool(option.features & features.HasMenu)
        and not option.features & features.MenuButtonPopup
    )


class ReadableStyle(QProxyStyle):
    """Fusion with a visible check box outline, a marked checked tool button
    and a plain two-pixel frame around the pane that has the keyboard focus."""

    def standardIcon(
        self,
        standard: QStyle.StandardPixmap,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
    ) -> QIcon:
        """A dock's float and close buttons in the palette's text colour:
        Fusion's are fixed grey pictures, #454443 on the dark title bar's
        #2B2B2B (1.4:1; a graphical object needs 3:1, tryout)."""
        name = _DOCK_ICONS.get(standard)
        if name is not None:
            return action_icon(name)
        return super().standardIcon(standard, option, widget)

    def pixelMetric(
        self,
        metric: QStyle.PixelMetric,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
    ) -> int:
        value = super().pixelMetric(metric, option, widget)
        if metric == QStyle.PixelMetric.PM_DefaultFrameWidth and isinstance(widget, QAbstractScrollArea):
            return max(value, FOCUS_FRAME_WIDTH)  # room for the focus frame (the viewport covers the rest)
        return value

    def subElementRect(
        self, element: QStyle.SubElement, option: QStyleOption, widget: QWidget | None = None
    ) -> QRect:
        """An item's focus frame around its whole cell: the style frames the
        text's room, which beside a check box is an empty box of its own
        (Repair's Accept column drew one between the tick and "#", tryout)."""
        if element == QStyle.SubElement.SE_ItemViewItemFocusRect:
            return QRect(option.rect)
        return super().subElementRect(element, option, widget)

    def sizeFromContents(
        self,
        contents: QStyle.ContentsType,
        option: QStyleOption,
        size: QSize,
        widget: QWidget | None = None,
    ) -> QSize:
        result = super().sizeFromContents(contents, option, size, widget)
        if contents == QStyle.ContentsType.CT_ToolButton and _arrow_inside(option):
            result.setWidth(result.width() + self._arrow_room(option, widget))
        return result

    def _arrow_room(self, option: QStyleOption, widget: QWidget | None) -> int:
        return self.pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator, option, widget)

    def drawControl(
        self,
        element: QStyle.ControlElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        if element == QStyle.ControlElement.CE_ToolButtonLabel and _arrow_inside(option):
            # the label keeps clear of the arrow, which the style draws over the
            # button's bottom-right corner ("08:06:00" ran into it in the toolbar)
            assert isinstance(option, QStyleOptionToolButton)
            option = QStyleOptionToolButton(option)
            option.rect = option.rect.adjusted(0, 0, -self._arrow_room(option, widget), 0)
        if element == QStyle.ControlElement.CE_HeaderLabel and isinstance(option, QStyleOptionHeader):
            option = header_label_elided(
                option, painter, self.pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, option, widget)
            )
        super().drawControl(element, option, painter, widget)
        if element == QStyle.ControlElement.CE_TabBarTab and option.state & QStyle.StateFlag.State_HasFocus:
            focus_frame(painter, option, option.rect)  # Fusion draws no focus on a tab at all

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        checked = bool(option.state & QStyle.StateFlag.State_On)
        if element == QStyle.PrimitiveElement.PE_FrameFocusRect:
            # check boxes, tab bars, tool buttons: Fusion's dotted hint vanished on dark
            focus_frame(painter, option, option.rect)
            return
        if element == QStyle.PrimitiveElement.PE_PanelButtonTool and checked:
            highlight = option.palette.color(QPalette.ColorRole.Highlight)
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            fill = QColor(highlight)
            fill.setAlpha(110)
            painter.setBrush(fill)
            painter.setPen(highlight)
            painter.drawRoundedRect(option.rect.adjusted(0, 0, -1, -1), 2, 2)
            painter.restore()
            return
        super().drawPrimitive(element, option, painter, widget)
        if element in (
            QStyle.PrimitiveElement.PE_PanelButtonCommand,
            QStyle.PrimitiveElement.PE_PanelLineEdit,  # the frameless hash field showed nothing
        ) and option.state & (QStyle.StateFlag.State_HasFocus):
            # a focused push button looked like an unfocused default one (tryout, dark)
            focus_frame(painter, option, option.rect.adjusted(1, 1, -1, -1))
        if (
            element == QStyle.PrimitiveElement.PE_Frame
            and option.state & QStyle.StateFlag.State_HasFocus
            and isinstance(widget, QAbstractScrollArea)
        ):
            # the pane with the keyboard focus is framed plainly (Fusion's own
            # hint on views and text panes is one faint pixel)
            painter.save()
            painter.setPen(QPen(focus_colour(option.palette), FOCUS_FRAME_WIDTH))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(option.rect.adjusted(1, 1, -1, -1))
            painter.restore()
        if element in (
            QStyle.PrimitiveElement.PE_IndicatorCheckBox,
            QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck,
        ):
            outline = QColor(option.palette.color(QPalette.ColorRole.Text))
            outline.setAlpha(150)
            painter.save()
            painter.setPen(outline)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(option.rect.adjusted(0, 0, -1, -1))
            painter.restore()


def header_label_elided(option: QStyleOptionHeader, painter: QPainter, icon: int) -> QStyleOptionHeader:
    """A column header's label cut with "…" where its section is too narrow
    for it, in the font it is drawn in (bold for a highlighted section). Qt's
    headers do not elide (their elide mode is none): a centred text wider than
    its section was clipped on both sides, "ce (current at, UTC+0" for
    History's "Source (current at, UTC+02:00)", no sign that any was missing
    (smallest window walk). Every header of the app draws through here."""
    font = QFont(painter.font())
    if option.state & QStyle.StateFlag.State_On:
        font.setBold(True)  # as QCommonStyle draws a highlighted section's label
    room = option.rect.width()
    if not option.icon.isNull():
        room -= icon + 2  # the icon and its gap beside the text, as QCommonStyle places them
    metrics = QFontMetrics(font)
    if metrics.horizontalAdvance(option.text) <= room:
        return option
    elided = QStyleOptionHeader(option)
    elided.text = metrics.elidedText(option.text, Qt.TextElideMode.ElideRight, max(0, room))
    return elided


def apply_palette(name: str) -> None:
    """``system`` keeps the platform's style and palette; ``light``/``dark`` use
    Fusion. All three draw through ``ReadableStyle``, so the pane with the
    keyboard focus is framed whatever the theme."""
    global _platform_style
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    if _platform_style is None:
        _platform_style = app.style().name()
    if name == "system":
        app.setStyle(ReadableStyle(QStyleFactory.create(_platform_style)))
        app.setPalette(app.style().standardPalette())
        return
    app.setStyle(ReadableStyle(QStyleFactory.create("Fusion")))
    theme = "dark" if name == "dark" else "light"
    palette = QPalette()
    for role, colour in (_DARK if theme == "dark" else _LIGHT).items():
        palette.setColor(role, QColor(colour))
    for role, colour in _DISABLED[theme].items():
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(colour))
    app.setPalette(palette)

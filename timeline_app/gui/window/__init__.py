"""The main window and what only it uses: opening, the title's words, dock
and toolbar fitting, navigation keys."""

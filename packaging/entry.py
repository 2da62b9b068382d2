"""Entry point of the PyInstaller bundle: the same entry() as the installed command."""

from timeline_app.cli import entry

entry()

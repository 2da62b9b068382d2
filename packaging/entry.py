"""Entry point of the PyInstaller bundle: the same main() as the installed command."""

import sys

from timeline_app.cli import main

sys.exit(main())

"""``python -m timeline_app``: the same entry point as ``timeline-inspector``."""

import sys

from .cli import main

sys.exit(main())

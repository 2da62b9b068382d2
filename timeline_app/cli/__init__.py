"""The command line: argparse over the engine; never imports Qt or the GUI.

  ``parser``    every command's flags, built only for the command that runs
  ``context``   ``CommandContext``: options, request time, key, the discussion loaded
  ``commands``  ``preview``, ``backfill``, ``summary``, ``inspect``, ``repair``, ``discussions``
                (``record`` and ``compare`` live in ``timeline_app.record``)
  ``run``       one command run: parse, build, bad input as one line and status 2
  ``output``    a command's output on stdout, and the ways writing it can end early

``timeline_app.entry`` is the process entry point that chooses between this and
the window; ``timeline_app.arguments`` holds what both parse with.
"""

"""Entry point of the PyInstaller bundle: the same entry() as the installed command.

Guarded, with ``freeze_support()`` first: repair shares its hashing with a
``multiprocessing`` worker (core/split.py), which in the bundle is this
program started again; ``freeze_support`` runs the worker instead of entry().
"""

if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()

    from timeline_app.entry import entry

    entry()

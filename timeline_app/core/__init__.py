"""The engine: pure Python, no Qt. Everything the CLI and the GUI compute lives here.

Modules, one concept each (import-linter keeps Qt, the GUI, the CLI and the
recorder out; mypy checks the whole package):

Middleware behaviour
  ``pipeline``      the middleware's request pipeline (normalisation, discussion id, sentinels, blanks)
  ``hashing``       message keys: SHA-256 of content, brace sentinels, image-only rule
  ``timestrings``   WilmerAI's absolute and relative timestamp strings
  ``tracking``      the tracking step ("backfill") simulated, and the reply placeholder
  ``context``       the absolute/relative contexts and ``{time_context_summary}``
  ``cst``, ``jsdate``  Free Anima's CST prefix and how a JavaScript Date reads times
  ``zones``         where naive middleware times meet aware ones
  ``crypto``        the middleware's optional file encryption

Files
  ``store``         timestamp files: read as orjson reads, written byte-identical, atomic, backup first
  ``edits``         changes as operations with preconditions; safe saves over concurrent writes
  ``discovery``     DiscussionIds folders in every layout
  ``pairing``       which transcript and which timestamp file belong together
  ``transcripts``   loaders for every front end's format (a package)
  ``recordings``    the recorder's ``requests.jsonl`` records read back

What the views show
  ``discussion``    one open discussion (``open_discussion``): load, hash, join, simulate
  ``timeline``      the joined timeline: rows, statuses, flags, orphans
  ``display``       one time as text in a style, stored values as shown
  ``preview``       the exact LLM-bound context for any style
  ``consequences``, ``explain``  plain words for simulations, statuses and flags
  ``repair``        repair proposals (orphans to untracked messages, re-anchoring)
  ``split``         a CPU-bound map shared with one spawned worker process (repair at scale)
  ``compare``       predicted vs actual (recorded) contexts
  ``options``       a person's choices (``Choices``) and the engine options built from them
  ``errors``        ``InputError``: one message naming the file and the problem
  ``jsonout``       JSON text byte-identical to the standard library's, made by orjson when large
  ``jsonin``        JSON read with orjson's results, by the stdlib's C decoder when small
"""

"""The engine: pure Python, no Qt. Everything the CLI and the GUI compute lives here.

Modules, one concept each:
``timestrings`` (absolute/relative strings), ``hashing`` (keys, brace sentinels),
``pipeline`` (the middleware's request pipeline), ``store`` (timestamp files),
``tracking`` (backfill simulation), ``context`` (WilmerAI styles and summary),
``cst`` and ``jsdate`` (Free Anima's style), ``zones`` (naive meets aware),
``transcripts`` (loaders), ``timeline`` (the joined view), ``preview``
(the LLM-bound context for any style), ``options`` (user choices),
``recordings`` (the recorder's records, read back), ``compare``
(predicted vs actual for recorded requests) and ``jsonout`` (JSON text
byte-identical to the standard library's, fast).
"""

"""The recorder: a reverse proxy that writes down what really went over the wire.

``journal`` writes records and timestamp-file copies (the format is read back
by ``timeline_app.core.recordings``); ``capture`` decides what a request is
and assembles replies from streams; ``proxy`` is the aiohttp server and
client, imported only when the ``record`` command runs. Nothing here imports
Qt.
"""

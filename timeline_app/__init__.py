"""Timeline Inspector: see, preview and repair the time data of LLM conversations."""

__version__ = "0.1.0"

"""Item models and what their views share (every model passes qtmodeltester)."""

"""The questions the window asks, and the backfill simulation."""

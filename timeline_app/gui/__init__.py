"""Qt adapters over the engine: models wrap engine objects, widgets only show them."""

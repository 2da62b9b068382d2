"""Small reusable widgets, keys and mnemonics, colours and palettes: nothing here knows a discussion."""

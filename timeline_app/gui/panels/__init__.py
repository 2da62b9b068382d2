"""The panels (docks and bars): each gets the DiscussionSession and talks
through signals, never to the window."""

"""The timeline strip: the view, the layout of its warped axis, and how one mark looks."""

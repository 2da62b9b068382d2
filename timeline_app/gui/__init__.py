"""Qt adapters over the engine: models wrap engine objects, widgets only show them.

Rooms by concept, highest first; every import points down this list and rooms
on one line never import each other (import-linter's ``gui rooms`` contract):

  ``launch``       starting the GUI: arguments, the application, settings, demo data
  ``window/``      the main window and what only it uses: opening files, the
                   title's words, fitting docks and the toolbar, keyboard navigation
  ``menus/``       the action table (actions as data), Help, Options, Sort, Language
  ``dialogs/``     the questions the window asks (``questions``) and Simulate backfill
  ``panels/``      the docks and bars: details, preview, repair, recordings,
                   discussions, filter bar, comparison, status (banner, counts)
  ``session``      ``DiscussionSession``: the open discussion, handed to every panel
  ``strip/``       the timeline strip: its view, the layout of its axis, how a mark looks
  ``tables/``      item models and what their views share: the base model, the
                   timeline model and its filter proxy, recordings and simulation
                   models, the view anchor kept across a reload, column widths
  ``editing``, ``jobs``  undoable edits of the working store; work off the GUI thread
  ``widgets/``     small reusable widgets, keys and mnemonics, colours and palettes
  ``wording``, ``settings``, ``resources``, ``icons``  the engine's sentences in the
                   user's language, what is kept between runs, shipped files, icons
  ``crash_log``    where a hard crash leaves its traceback (faulthandler), said at the next start
"""

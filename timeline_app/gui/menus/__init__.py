"""The menus: the action table (actions as data), Help, Options, Sort, Language."""

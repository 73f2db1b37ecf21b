"""The application: the window's loop, the registry and the commands.

:mod:`.app` holds the stack of screens (a screen draws over the one below it and is
asked for input first) and the game they share; :mod:`.registry` finds screens by name,
so screens never import each other; :mod:`.screens` imports every screen once so each
registers itself; :mod:`.play`, :mod:`.sandbox_cmd` and :mod:`.regiments_cmd` are the
``python main.py play|sandbox|regiments`` commands that open the window.
"""

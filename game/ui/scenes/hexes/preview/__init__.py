"""``python main.py preview MAP.tmx``: a map looked at
before playing on it. :mod:`.command` reads the arguments (and writes ``--png``),
:mod:`.loop` is the previewer's own event loop.
"""

"""The physical attack screen: :mod:`.scene` picks an
adjacent enemy and the attack, :mod:`.draw` draws it, :mod:`.defence_walk` is the
Tactical Operations defence walk (ADV-01).
"""

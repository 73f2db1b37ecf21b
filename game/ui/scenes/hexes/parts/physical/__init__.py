"""The physical attack interaction: :mod:`.interaction` picks an adjacent enemy and the
attack, :mod:`.plan` the blows chosen, :mod:`.draw` draws it, :mod:`.defence_walk` is the
Tactical Operations defence walk (ADV-01).
"""

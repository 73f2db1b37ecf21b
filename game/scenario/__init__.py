"""Scenario files (docs/scenario-format.md): read, checked and written.

:mod:`.reader` turns a scenario's JSON into a board, units, dice and a move; :mod:`.checks`
holds its one-sentence refusals; :mod:`.combat` and :mod:`.aero` read the Extension 2
unit keys; :mod:`.writer` and :mod:`.units_writer` write a scenario back (the sandbox's
saves).
"""

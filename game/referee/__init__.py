"""The rules referee: ``python main.py rules ...`` (docs/referee.md).

One thin module per command family - :mod:`.moves` (move, reach, order), :mod:`.combat`
(los, attack, heat, physical), :mod:`.aero` - each reads a scenario, asks the rules and
prints the contract's JSON.
"""

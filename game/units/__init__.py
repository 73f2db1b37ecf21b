"""The body records: what a unit is and what damage has done to it.

A Mech's, a vehicle's and an aerospace craft's body (armour, structure, critical slots,
motive damage, flight record), the hit location tables, the location codes, what a
unit carries as built, and the unit record itself. These sit below the rules: no
module here imports game.rules.
"""

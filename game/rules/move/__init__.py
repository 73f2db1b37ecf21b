"""Movement: MP costs, the step checker, reach and its numpy search.

Step tokens (:mod:`.steps`) are checked one at a time (:mod:`.movement`, :mod:`.movesteps`,
:mod:`.jumpsteps`, :mod:`.movestate`); :mod:`.reach` and :mod:`.search` find every state a
unit can reach; jumps, WiGE flight, submarines' dives, the Tactical Operations modes and
the loads that bridges and buildings carry live beside them (MOV-, ADV-).
"""

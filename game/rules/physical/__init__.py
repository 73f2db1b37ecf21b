"""Physical attacks (PHY-01..21): punch, kick, push, club, charge and death from above.

- :mod:`.records`: what is declared (a :class:`~.records.Blow`) and the facts of the turn
  the rules read (:class:`~.records.Context`: movement, weapons fired, MP left, DFA starts);
- :mod:`.limbs`: arms and legs (actuators, weapons fired from them) as the attacks need them;
- :mod:`.numbers`: to-hit modifiers, damage, location tables and PSRs of each attack;
- :mod:`.options`: who may attack whom with what (:func:`~.options.physical_option`);
- :mod:`.strike`: damage landing on a body (tables, critical checks, pilot hits);
- :mod:`.resolve`: one attack with the dice, displacement and the domino effect
  (game.rules.piloting.collide, the one mechanism for every displacement), PSRs and falls;
- :mod:`.clubs`: severed limbs and trees as clubs (PHY-06).
"""

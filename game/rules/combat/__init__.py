"""Weapon combat (CMB) as pure rules: line of sight, arcs, to-hit, resolution.

One module per concern: records (what the turn engine hands in), lines, los (one pair,
the reference) and los_batch (many pairs, numpy), arcs, modifiers, tohit (one pair) and
tohit_batch with tohit_tables and tohit_rows (many pairs, the same answers), cluster,
criticals, damage, resolve; heat lives in game.rules.heat. docs/combat.md is the
guide; the functions the turn engine calls are :func:`weapon_options`,
:func:`resolve_declarations` and :func:`game.rules.heat.heat_phase`.
"""

"""Piloting skill rolls and what failing one does (PSR-, PHY-17).

:mod:`.psr` builds the targets, :mod:`.resolve` rolls them along a move (:mod:`.run`
keeps its scratch record), :mod:`.falls` knocks a Mech down, :mod:`.skid` and
:mod:`.collide` slide it into what lies ahead, :mod:`.fromabove` drops it onto a unit.
"""

"""The sandbox screen: one player sets up any situation
and tries moves and attacks with undo. :mod:`.scene` is the screen, :mod:`.pieces` what
can be dragged onto the map, :mod:`.editor` a unit's numbers, :mod:`.attack` and
:mod:`.flight` its attack and Fly views, :mod:`.guide` its first steps, :mod:`.input`
and :mod:`.draw` its keys and frame.
"""

"""The regiments rule set's screens: :mod:`.start` picks the
armies and the table, :mod:`.scene` plays (hot-seat moves with the mouse), with
:mod:`.plan` (the order being planned), :mod:`.view` (the table in centimetres),
:mod:`.draw`, :mod:`.files` (autosave, quicksave, load) and the sandbox's
:mod:`.tools` and :mod:`.tools_draw`.
"""

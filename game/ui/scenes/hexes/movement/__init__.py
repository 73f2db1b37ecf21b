"""The movement screen ("play"): select a unit, plan
its path with the mouse, commit. :mod:`.behaviour` is the screen, :mod:`.plan` the path
being planned, :mod:`.input` its keys and mouse, :mod:`.act` its commands, :mod:`.draw`
one frame; charges (:mod:`.charge`), submarines (:mod:`.dive`) and the Tactical
Operations commands (:mod:`.tacops`) beside them.
"""

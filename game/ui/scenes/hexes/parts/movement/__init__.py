"""The movement interaction: :mod:`.behaviour` is the part (select, reach, path, facing,
commit), :mod:`.input` its keys and mouse, :mod:`.act` its commands, :mod:`.draw` one
frame; charges (:mod:`.charge`), submarines (:mod:`.dive`) and the Tactical Operations
commands (:mod:`.tacops`) beside them.
"""

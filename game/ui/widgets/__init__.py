"""What every screen draws with: fonts, the one palette, panels and
buttons, text boxes, the help overlay, the shared keys, the rule-set tabs, unit tips,
the record sheet and the report view. Nothing here knows which screen it is on.
"""

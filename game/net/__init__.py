"""Network play (issue 23): one player hosts, the other joins; the host's core referees.

game.net.protocol (the messages), game.net.codes (join codes), game.net.entries (the
accepted actions as sent), game.net.referee (the host's referee), game.net.copy (the
guest's copy), game.net.host / game.net.guest (the WebSocket ends on a thread beside
the window's loop). No module here imports pygame. See docs/network.md.
"""

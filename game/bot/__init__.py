"""The computer opponent: players that choose a side's actions through game.flow and the
rules' queries alone (no pygame, never editing state). See docs/bot.md."""

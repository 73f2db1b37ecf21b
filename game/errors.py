"""Errors the user can fix: a broken map, scenario, save or argument.

Their message is one sentence naming the file and what is wrong; the command line prints
it without a traceback and exits with code 2, the UI shows it and carries on.
"""


class UserFacingError(Exception):
    """A problem with the user's input, reported as one sentence."""

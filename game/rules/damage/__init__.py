"""Damage landing on a unit's body, shared by every rule that deals it.

:mod:`.hull` puts damage on a vehicle's hull (5-point groups, the motive rolls).
"""

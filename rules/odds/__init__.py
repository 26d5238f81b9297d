"""Exact odds of every roll (the previews a GM reads before the dice fall).

Built on `rules.mechanics` only, so an odds figure and the roll it previews
share one rule.
"""

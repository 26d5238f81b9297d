"""The party between fights (issue 17): pure rules on a Party and the encounters made from it.

Above the engine (care between fights runs the encounter's own handlers on a
scratch encounter), beside the saves (no IO here: `rules.saves.party_store`
reads and writes party files).
"""

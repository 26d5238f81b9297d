"""What changes the encounter: `apply`, the journal, the session, the Time Track index.

`handlers/` holds one file per kind of command; the modules beside it are the
pieces several handlers share (a roll's one road, FARAD dice in play, wounding).
"""

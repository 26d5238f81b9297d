"""The encounter as data: pydantic state, commands, pending decisions, log lines, errors.

Above the mechanics (a wound's numbers), below the engine that advances it.
"""

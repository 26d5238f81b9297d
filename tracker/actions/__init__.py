"""The GM's actions: one registry behind every key, the footer, help and the palette.

`registry` lists each action once (its key, words, help group, where it acts);
the action modules (`fight`, `combatant`, `track`, `view`) say what each does,
reading only the small host of `host`, never the concrete screen or app.
"""

"""Saves: atomic, locked, versioned JSON files; reading, migrations, the folder, the cache.

The top layer of `rules`: it may import everything below it, nothing imports it.
"""

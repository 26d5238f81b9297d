"""The app and its collaborators: the one place a Command meets the engine, the dice and
the save file (autosave, key queue, history, act flow, settings, the palette)."""

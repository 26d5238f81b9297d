"""The main screen's pieces: each redraws itself from the encounter it is shown."""

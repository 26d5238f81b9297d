"""What dialogs, widgets and actions lean on from the app they run in: its protocols,
its messages, the order keys are handled in, the words for its keys, palette entries."""

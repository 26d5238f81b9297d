"""One file per kind of command, each registering its handlers in `HANDLERS`.

`rules.engine.apply` imports every one of them, so a command is never left
without a handler (tests/engine/test_every_command_has_a_handler.py).
"""

"""The command line's helpers: parsed and checked before anything heavy loads."""

"""`make bench`: every figure the issues name, printed and written to bench/results.json."""

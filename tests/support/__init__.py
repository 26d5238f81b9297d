"""Helpers the tests share that are not fixtures: hosts, builders, key drivers, paths.

Test modules import from here (or get fixtures from a conftest.py), never from another
test module: tests/test_test_layout.py checks it.
"""

"""The Textual combat tracker."""

__version__ = "0.1.0"

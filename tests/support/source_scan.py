"""Helpers for the tests that scan the project's own source for what must not be there."""

from __future__ import annotations

import ast


def docstring_ids(tree: ast.AST) -> set[int]:
    """ids of the constants that are docstrings (prose may say what code must not)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found

"""No import circle among the tracker's modules (issue 26).

Two modules that import each other cannot be read, tested or moved apart: each
is half of the other. Every import counts here, one inside a function body or
under `if TYPE_CHECKING:` too (it still ties the two files), so a circle is
broken by a leaf module or a protocol (tracker.host.action_host), never hidden.
"""

from __future__ import annotations

import grimp

PACKAGE = "tracker"


def _edges() -> dict[str, set[str]]:
    """Each tracker module and the tracker modules it imports (by grimp's reading)."""
    graph = grimp.build_graph(
        PACKAGE, "rules", exclude_type_checking_imports=False, cache_dir=None
    )  # no cache: nothing written into the checkout, and a fresh graph every time
    ours = {m for m in graph.modules if m == PACKAGE or m.startswith(PACKAGE + ".")}
    return {m: graph.find_modules_directly_imported_by(m) & ours for m in sorted(ours)}


def strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module (or one that
    imports itself), each sorted, largest first. Iterative: no recursion limit."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in edges:
        if root in index:
            continue
        work: list[tuple[str, list[str]]] = [(root, sorted(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(edges.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in edges.get(node, ()):
                    found.append(sorted(component))
    return sorted(found, key=lambda c: (-len(c), c))


def test_strongly_connected_finds_a_circle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert strongly_connected(edges) == [["a", "b", "c"], ["e"]]


def test_no_import_circle_among_tracker_modules() -> None:
    circles = strongly_connected(_edges())
    shown = "\n".join(f"{len(c)}: {', '.join(c)}" for c in circles)
    assert circles == [], f"import circles among tracker modules:\n{shown}"

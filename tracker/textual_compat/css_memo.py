"""Textual's stylesheet, remembering which rules match a node of a given shape.

Why: opening a dialog styles each of its ~30 widgets from scratch (Textual's
`Stylesheet.apply`). For every node it filters all ~290 rules of the app in
order and checks the candidates' selectors against the node's ancestors:
about a fifth of the time from the key that rolls to the parry dialog drawn
(issue 27, `dialog_open_ms`). The next parry dialog has the same shapes, so
the answer is the same.

What decides the answer, and so the keys here: Textual's selectors test only
a node's and its ancestors' type names, id, classes and pseudo-classes (there
are no sibling combinators). `_candidates` keys the ordered candidate rules
by the node's selector names; `_matched` keys the merged rules by those names
and, for each node from the app down, its type names, id, classes and the
candidates' pseudo-classes it has now. Both are dropped whenever the rules
change (Textual then builds a new `rules_map`: a theme, a new widget's
DEFAULT_CSS). The merging itself is Textual's own code (`Stylesheet.apply`,
textual 8.2.8), unchanged; only its inputs are remembered.

Public API that would replace this: a cache in Textual's `apply` beyond one
`update_nodes` pass (none upstream as of 8.2.8).
"""

from __future__ import annotations

from collections import defaultdict
from operator import itemgetter
from typing import TYPE_CHECKING, Any, cast
from weakref import WeakKeyDictionary

from textual.css.model import SelectorType
from textual.css.styles import RulesMap
from textual.css.stylesheet import _DEFAULT_STYLES, Stylesheet

if TYPE_CHECKING:
    from textual.css.model import RuleSet
    from textual.css.types import Specificity6
    from textual.dom import DOMNode

__all__ = ["MemoStylesheet"]

LIMIT = 4096  # distinct node shapes remembered before starting over (a dialog has ~30)
ORDER = frozenset({"first-of-type", "last-of-type", "first-child", "last-child", "empty"})
Candidates = tuple[list["RuleSet"], tuple[str, ...], tuple[str, ...]]


class MemoStylesheet(Stylesheet):
    """Textual's `Stylesheet`, whose `apply` remembers its answers per node shape."""

    _memo_owner: object = None
    _candidates: dict[frozenset[str], Candidates]
    _matched: dict[tuple[object, ...], RulesMap | None]
    _used: frozenset[str]  # the ids and classes any selector names: no other can matter
    # each node's rules as last put in its base styles, and the base's update count then
    _applied: WeakKeyDictionary[DOMNode, tuple[RulesMap, int]]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._applied = WeakKeyDictionary()

    def _memo(self) -> dict[str, list[RuleSet]]:
        """Forget everything once the rules changed (Textual rebuilt its rules map)."""
        rules_map = self.rules_map
        if self._memo_owner is not rules_map or len(self._matched) > LIMIT:
            self._memo_owner = rules_map
            self._candidates = {}
            self._matched = {}
            self._used = frozenset(
                f"{'#' if selector.type == SelectorType.ID else '.'}{selector.name}"
                for rule in self.rules
                for selector_set in rule.selector_set
                for selector in selector_set.selectors
                if selector.type in (SelectorType.ID, SelectorType.CLASS)
            )
        return rules_map

    def _shape(self, step: DOMNode) -> tuple[object, ...]:
        """What a selector can see of a node besides its pseudo-classes: its type names,
        and the id and classes some selector names (a row's own id would make each row
        a shape of its own)."""
        used = self._used
        named = f"#{step._id}" if step._id is not None else None
        return (
            step._css_type_names,
            named if named in used else None,
            frozenset(name for name in step._classes if f".{name}" in used),
        )

    def _candidates_for(self, names: frozenset[str]) -> Candidates:
        """The rules that may match a node with these selector names, in Textual's order;
        the pseudo-classes they test anywhere, and those they test on an ancestor (sorted:
        one per place in the key)."""
        found = self._candidates.get(names)
        if found is None:
            rules_map = self.rules_map
            limit = {rule for name in rules_map.keys() & names for rule in rules_map[name]}
            rules = [rule for rule in reversed(self.rules) if rule in limit]
            pseudo = frozenset[str]().union(*(rule.pseudo_classes for rule in rules))
            above = {
                name
                for rule in rules
                for selector_set in rule.selector_set
                for selector in selector_set.selectors[:-1]
                for name in selector.pseudo_classes
            }
            found = (rules, tuple(sorted(pseudo)), tuple(sorted(above)))
            self._candidates[names] = found
        return found

    def apply(
        self,
        node: DOMNode,
        *,
        animate: bool = False,
        cache: dict[tuple[object, ...], RulesMap] | None = None,
    ) -> None:
        """Textual's `apply`, its matching and merging remembered per node shape."""
        rules_map = self._memo()
        names = frozenset(rules_map.keys() & node._selector_names)
        rules, pseudo, above = self._candidates_for(names)
        node._has_hover_style = "hover" in pseudo
        node._has_focus_within = "focus-within" in pseudo
        node._has_order_style = not ORDER.isdisjoint(pseudo)
        node._has_odd_or_even = "odd" in pseudo or "even" in pseudo
        path = node.css_path_nodes
        key = (
            names,
            self._shape(node),
            tuple(node.has_pseudo_class(name) for name in pseudo),
            tuple(
                (
                    self._shape(step),
                    tuple(step.has_pseudo_class(name) for name in above) if above else (),
                )
                for step in path[:-1]
            ),
        )
        if key in self._matched:
            node_rules = self._matched[key]
        else:
            node_rules = self._merge(rules, path)
            self._matched[key] = node_rules
        if node_rules is not None and not (animate and self._unchanged(node, node_rules)):
            self.replace_rules(node, node_rules, animate=animate)
            self._applied[node] = (node_rules, node.styles.base._updates)
        self._process_component_classes(node)

    def _unchanged(self, node: DOMNode, node_rules: RulesMap) -> bool:
        """The node's base styles are exactly `node_rules` already: the rules last put there
        equal them and nothing has touched the base since (its `_updates` counts every set,
        clear, reset and merge). Textual's animated `replace_rules` (what a pseudo-class
        change uses) then returns without a change or a refresh; here it is not even called,
        so a focus change restyles only the nodes whose rules moved, not every descendant."""
        applied = self._applied.get(node)
        if applied is None or applied[1] != node.styles.base._updates:
            return False
        rules = applied[0]
        return rules is node_rules or rules == node_rules

    def _merge(self, rules: list[RuleSet], path: list[DOMNode]) -> RulesMap | None:
        """Textual's own merge (`Stylesheet.apply`): the most specific value of each rule
        among those whose selectors match `path`; None when no rule matches."""
        rule_attributes: defaultdict[str, list[tuple[Specificity6, object]]]
        rule_attributes = defaultdict(list)
        initial: set[str] = set()
        initial_defaults: set[str] = set()
        for rule in rules:
            is_default_rules = rule.is_default_rules
            tie_breaker = rule.tie_breaker
            for base_specificity in self._check_rule(rule, path):
                for key, rule_specificity, value in rule.styles.extract_rules(
                    base_specificity, is_default_rules, tie_breaker
                ):
                    if value is None:
                        if is_default_rules:
                            initial_defaults.add(key)
                        else:
                            initial.add(key)
                    rule_attributes[key].append((rule_specificity, value))
        if not rule_attributes:
            return None
        first = itemgetter(0)
        merged: dict[str, object] = {
            name: max(specificity_rules, key=first)[1]
            for name, specificity_rules in rule_attributes.items()
        }
        for name in initial:
            if merged[name] is None:
                defaults = [rule for rule in rule_attributes[name] if not rule[0][0]]
                if defaults:
                    merged[name] = max(defaults, key=first)[1]
                else:
                    initial_defaults.add(name)
        for name in initial_defaults:
            if merged[name] is None:
                defaults = [rule for rule in rule_attributes[name] if rule[0][0]]
                if defaults:
                    merged[name] = max(defaults, key=first)[1]
                else:
                    merged[name] = getattr(_DEFAULT_STYLES, name)
        return cast(RulesMap, merged)

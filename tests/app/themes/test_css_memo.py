"""The remembered stylesheet (tracker.textual_compat.css_memo) styles every node exactly
as Textual's own `Stylesheet.apply` would, and a second dialog of the same shape is
styled from memory (issue 27: dialog_open_ms).

Each check styles a node again with Textual's own method and compares every rule of
the node and of its component classes; a node styled from a stale or wrong memory
differs in at least one rule.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.pilot import Pilot

from tests.support.demo import SIZE, demo_app, dinzis_due
from tests.support.modal_host import until
from tracker.app.tracker_app import TrackerApp
from tracker.modals.act import AttackDialog, OpportunityDialog
from tracker.screens.main import MainScreen
from tracker.textual_compat.css_memo import MemoStylesheet

NEXT = ("ParryDialog", "DamageDialog")


def styled(node: DOMNode) -> dict[str, object]:
    """Every rule the stylesheet gave `node` and each of its component classes."""
    rules: dict[str, object] = {f"node.{k}": v for k, v in node.styles.base.get_rules().items()}
    for name in sorted(node._get_component_classes()):
        part = node.get_component_styles(name).base.get_rules()
        rules.update({f"{name}.{k}": v for k, v in part.items()})
    return rules


def differences(app: TrackerApp) -> list[str]:
    """Nodes of every screen in the stack whose remembered styles are not Textual's own."""
    sheet = app.stylesheet
    assert isinstance(sheet, MemoStylesheet)
    found = []
    for screen in app.screen_stack:
        for node in screen.walk_children(with_self=True):
            sheet.apply(node)  # from memory, as the node is now
            remembered = styled(node)
            Stylesheet.apply(sheet, node)  # Textual's own matching and merging
            own = styled(node)
            changed = sorted(
                k for k in remembered.keys() | own.keys() if remembered.get(k) != own.get(k)
            )
            if changed:
                found.append(f"{type(screen).__name__} {node!r}: {changed}")
    return found


def stale(app: TrackerApp) -> list[str]:
    """Nodes whose rules, as they stand now (nothing re-applied first), are not those
    Textual's own matching gives them: a restyle skipped that should not have been."""
    sheet = app.stylesheet
    found = []
    for screen in app.screen_stack:
        for node in screen.walk_children(with_self=True):
            now = {k: v for k, v in node.styles.base.get_rules().items()}
            Stylesheet.apply(sheet, node)
            own = node.styles.base.get_rules()
            changed = sorted(k for k in now.keys() | own.keys() if now.get(k) != own.get(k))
            if changed:
                found.append(f"{type(screen).__name__} {node!r}: {changed}")
    return found


async def next_dialog(app: TrackerApp, pilot: Pilot[None]) -> None:
    """a, enter (Dinzis's opportunity), enter (his attack): the dialog the roll opens."""
    await pilot.press("a")
    await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, AttackDialog) and app.screen.is_mounted)
    assert differences(app) == []
    await pilot.press("enter")
    await until(pilot, lambda: type(app.screen).__name__ in NEXT and app.screen.is_mounted)
    await pilot.pause()


async def back_to_due(app: TrackerApp, pilot: Pilot[None]) -> None:
    """Escape the dialog and undo the attack and the opportunity: Dinzis is due again."""
    while not isinstance(app.screen, MainScreen):
        await pilot.press("escape")
    for _ in range(2):
        app.action_undo()
    await until(pilot, lambda: bool(app.session.encounter.due))


async def test_every_node_is_styled_as_textual_would(tmp_path: Path) -> None:
    """The main screen, the attack dialog, the dialog the roll opens, a field focused
    and the theme changed: each node's rules are Textual's own."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await dinzis_due(pilot)
        assert differences(app) == []
        await next_dialog(app, pilot)
        assert differences(app) == []
        await pilot.press("tab", "tab")  # :focus moves, and :focus-within with it
        await pilot.pause()
        assert stale(app) == []
        assert differences(app) == []
        await back_to_due(app, pilot)
        app.theme = "textual-light"  # new rules: the memory starts over
        await pilot.pause()
        assert differences(app) == []
        await next_dialog(app, pilot)
        assert differences(app) == []


async def test_the_same_dialog_again_is_styled_from_memory(tmp_path: Path) -> None:
    """Once the roll has opened the dialog (each new widget class's own CSS starts the
    memory over) and opened it again, the next time no node's rules are worked out."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        sheet = app.stylesheet
        assert isinstance(sheet, MemoStylesheet)
        await dinzis_due(pilot)
        for _ in range(2):
            await next_dialog(app, pilot)
            first = type(app.screen).__name__
            await back_to_due(app, pilot)
        merges: list[object] = []
        merge = sheet._merge

        def counted(*args: object) -> object:
            merges.append(args)
            return merge(*args)  # type: ignore[arg-type]

        sheet._merge = counted  # type: ignore[method-assign]
        await next_dialog(app, pilot)
        assert type(app.screen).__name__ == first
        assert merges == []


async def test_a_focus_change_restyles_only_the_nodes_whose_rules_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual restyles a node whose focus moves and all it holds; here the nodes whose
    rules stay the same are left alone (Textual's own animated restyle leaves them
    unchanged too). The same tabs through the same dialog restyle fewer nodes than
    with every node restyled, and every node's rules are still Textual's own."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        sheet = app.stylesheet
        assert isinstance(sheet, MemoStylesheet)
        replaced: list[DOMNode] = []
        replace = sheet.replace_rules

        def counted(node: DOMNode, *args: object, **kwargs: object) -> None:
            if type(node) is not DOMNode:  # not a component class's stand-in
                replaced.append(node)
            replace(node, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(sheet, "replace_rules", counted)
        unchanged = MemoStylesheet._unchanged
        await dinzis_due(pilot)
        counts = []
        for skips in (False, True):
            check = unchanged if skips else (lambda self, node, rules: False)
            monkeypatch.setattr(MemoStylesheet, "_unchanged", check)
            await next_dialog(app, pilot)
            replaced.clear()
            for _ in range(3):
                before = app.focused
                await pilot.press("tab")
                await until(pilot, lambda: app.focused is not before)  # noqa: B023
            await pilot.pause()
            counts.append(len(replaced))
            assert stale(app) == []
            await back_to_due(app, pilot)
        everything, changed = counts
        assert 0 < changed < everything


async def test_styles_reset_by_hand_are_put_back(tmp_path: Path) -> None:
    """A node whose base styles were reset (Textual's public `reset_styles`) is restyled
    in full by the next update, though its rules are the ones it had."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await dinzis_due(pilot)
        node = app.screen.query_one("#roster")
        had = set(node.styles.base.get_rules())
        assert had
        node.reset_styles()
        assert node.styles.base.get_rules() == {}
        app.update_styles(node)
        assert set(node.styles.base.get_rules()) == had
        assert stale(app) == []

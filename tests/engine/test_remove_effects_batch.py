"""Effects off several marked combatants as one Batch of RemoveEffect (issue 15, ctrl+e).

One command, so one undo; each part logs its own end; refused whole, naming whose part,
when any part is refused (a Batch could not hold a RemoveEffect before).
"""

from __future__ import annotations

from rules.model.commands import Batch
from rules.model.effect_commands import RemoveEffect
from tests.support.attack_fights import fight, fighter
from tests.support.effect_fights import stunned
from tests.support.engine_steps import do, refused


def _two_stunned():  # type: ignore[no-untyped-def]
    s = fight(0, fighter("lio", 0), fighter("bo", 4))
    do(s, stunned("lio", "bo"))
    ids = {cid: c.effects[0].id for cid, c in s.encounter.combatants.items()}
    return s, ids


def test_one_batch_takes_the_effect_off_each_and_one_undo_puts_both_back() -> None:
    s, ids = _two_stunned()
    start = s.encounter.model_dump(mode="json")
    parts = [RemoveEffect(target=cid, effect=fx) for cid, fx in ids.items()]
    assert do(s, Batch(commands=parts)) == [
        "Lio: Stunned ends (removed by the GM)",
        "Bo: Stunned ends (removed by the GM)",
    ]
    assert not any(c.effects for c in s.encounter.combatants.values())
    s.undo()
    assert s.encounter.model_dump(mode="json") == start


def test_a_part_refused_refuses_the_whole_batch_and_names_whose() -> None:
    s, ids = _two_stunned()
    parts = [RemoveEffect(target="lio", effect=ids["lio"]), RemoveEffect(target="bo", effect=999)]
    refused(s, Batch(commands=parts), r"^Bo: Bo has no effect 999 .*so none of the 2 is done")


def test_the_batch_reads_back_from_its_json() -> None:
    batch = Batch(commands=[RemoveEffect(target="lio", effect=3)])
    assert Batch.model_validate_json(batch.model_dump_json()) == batch

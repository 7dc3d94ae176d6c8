"""The in-game rules reference: topics keyed by rule number, written from the scenario data, and the links to them."""

from __future__ import annotations

from functools import lru_cache

from malaya.engine import GameDef
from malaya.session.words.combat_text import spell_result
from malaya.session.words.rules_ref import topics_fight as fight
from malaya.session.words.rules_ref import topics_play as play
from malaya.session.words.rules_ref.entries import Reference, RuleEntry, RuleSection, RuleTable

__all__ = ["Reference", "RuleEntry", "RuleSection", "RuleTable", "cached_reference", "reference"]


@lru_cache(maxsize=4)
def cached_reference(gd: GameDef) -> Reference:
    """The reference of ``gd``, built once (hover words are looked up in it every frame)."""
    return reference(gd)


def reference(gd: GameDef) -> Reference:
    """Every topic, in reading order, with this scenario's numbers."""
    builders = (play.turns_and_sides, play.units, play.sequence, play.stacking, play.terrain, play.zoc,
                play.movement, play.bridges, play.rail, play.naval, fight.supply, fight.air, fight.combat,
                fight.retreat, play.control, play.reinforcements, fight.victory, fight.options, play.setup,
                play.interface)
    results = gd.scenario.ruleset.combat.crt.results
    glossary = {code: spell_result(code, result) + "." for code, result in results.items()}
    return Reference(tuple(build(gd) for build in builders), glossary)

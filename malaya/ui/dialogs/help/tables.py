"""Rules text and tables for the Help overlay, written from the loaded ruleset (never stale).

Every number a player reads in Help comes from the scenario data, so balance changes
to the data show up here without touching code.
"""

from __future__ import annotations

from fractions import Fraction

from malaya.engine import GameDef, Hexside, Terrain, turn_date
from malaya.session.words.catalog import say


def _num(value: Fraction | int | None) -> str:
    """A readable exact number: 1, ½, ⅔, 1½, or 'no' for prohibited."""
    if value is None:
        return "no"
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    glyphs = {Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔",
              Fraction(3, 2): "1½", Fraction(5, 4): "1¼"}
    return glyphs.get(value, str(value))


def rules_text(gd: GameDef) -> str:
    """The rules in brief, in our own words, with the numbers of this scenario."""
    rs = gd.scenario.ruleset
    fortress = rs.stacking.terrain_limits.get(Terrain.FORTRESS, rs.stacking.limit)
    in_fortress = say("help_tables.in_fortress",
                      fortress=fortress) if fortress != rs.stacking.limit else ""
    return (
        say("help_tables.rules_in_brief", game_turns=gd.last_turn - gd.scenario.first_turn + 1,
            start=format(turn_date(gd.scenario.calendar, gd.scenario.first_turn), "%-d %B %Y"),
            days_per_turn=gd.scenario.calendar.days_per_turn, limit=rs.stacking.limit, in_fortress=in_fortress,
            road_mp=_num(rs.movement.road_mp), rail_mp=_num(rs.movement.rail_mp),
            overland_hexes=rs.supply.overland_hexes,
            attrition_turns=rs.supply.attrition_turns)
    )


def terrain_rows(gd: GameDef) -> list[tuple[str, ...]]:
    """Terrain effects: name, infantry MP, armor MP, defense multiplier."""
    rows: list[tuple[str, ...]] = [(say("help_tables.terrain"), say("help_tables.infantry_mp"),
                                    say("help_tables.armor_mp"), say("help_tables.defense"))]
    for terrain, effect in gd.scenario.ruleset.terrain.items():
        if terrain is Terrain.SEA:
            continue
        rows.append((terrain.value, _num(effect.infantry_mp), _num(effect.armor_mp), _num(effect.defense)))
    return rows


def hexside_rows(gd: GameDef) -> list[tuple[str, ...]]:
    """Hexside effects: feature, extra MP, attack multiplier, notes."""
    rows: list[tuple[str, ...]] = [(say("help_tables.hexside"), say("help_tables.extra_mp"),
                                    say("help_tables.attack"), say("help_tables.notes"))]
    for side, effect in gd.scenario.ruleset.hexsides.items():
        notes = []
        if effect.prohibited:
            notes.append("impassable")
        if effect.armor_needs_bridge:
            notes.append(say("help_tables.armor_only_by_bridge"))
        if effect.infantry_only:
            notes.append(say("help_tables.infantry_only"))
        if effect.whole_ma:
            notes.append(say("help_tables.takes_the_whole_move"))
        if side is Hexside.CAUSEWAY:
            notes.append(say("help_tables.a_bridge_the_commonwealth_may"))
        rows.append((side.value.replace("_", " "), _num(effect.extra_mp), _num(effect.attack), ", ".join(notes)))
    return rows


def crt_rows(gd: GameDef) -> list[tuple[str, ...]]:
    """The combat results table: a header of columns, then one row per modified die roll."""
    crt = gd.scenario.ruleset.combat.crt
    return [(say("help_tables.die"), *crt.columns), *((label, *cells) for label, cells in crt.rows.items())]


def modifier_lines(gd: GameDef) -> list[str]:
    """Die modifiers and result codes, one sentence each."""
    rs = gd.scenario.ruleset
    mods = rs.combat.modifiers
    armor = ", ".join(t.value for t in mods.armor_terrain)
    lines = [
        say("help_tables.each_attacking_air_point_at", per_attack_ap=format(mods.per_attack_ap, "+d"),
            max_attack_per_combat=rs.air.max_attack_per_combat, range_hexes=rs.air.range_hexes,
            per_defense_ap=format(mods.per_defense_ap, "+d")),
        say("help_tables.armor_attacking_into_amphibious_assault", armor=armor,
            armor_bonus=format(mods.armor_bonus, "+d"), amphibious=format(mods.amphibious, "+d"), net_cap=mods.net_cap),
    ]
    for code, result in rs.combat.crt.results.items():
        if result.text:
            lines.append(f"{code}: {result.text}")
    return lines

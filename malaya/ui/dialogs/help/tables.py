"""Rules text and tables for the Help overlay, written from the loaded ruleset (never stale).

Every number a player reads in Help comes from the scenario data, so balance changes
to the data show up here without touching code.
"""

from __future__ import annotations

from fractions import Fraction

from malaya.engine import GameDef, Hexside, Terrain, turn_date


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
    in_fortress = f" ({fortress} in Singapore fortress hexes)" if fortress != rs.stacking.limit else ""
    return (
        "Two players: Japan (JP) attacks down the Malayan peninsula; the Commonwealth (CW) defends. "
        "A game-turn is a Japanese player-turn then a Commonwealth player-turn; "
        f"{gd.last_turn - gd.scenario.first_turn + 1} "
        f"game-turns from {turn_date(gd.scenario.calendar, gd.scenario.first_turn):%-d %B %Y}, "
        f"{gd.scenario.calendar.days_per_turn} days each.\n"
        "Each player-turn runs: Supply (automatic), Reinforcement, Air, Naval Movement, Movement, Rail "
        "Movement, Combat, End (automatic).\n"
        "Counters show Attack-Defense-Movement, size, type, a supply dot (green supplied, red not) and "
        "stacking squares (white: two steps left, red: one). A dashed outline: the unit may act now; a "
        "thick yellow outline: selected; a dark corner: it has already acted (Used).\n"
        f"Stacking: at most {rs.stacking.limit} points per hex{in_fortress}, "
        "checked when a phase ends; the phase cannot end while a hex is over the limit.\n"
        f"Movement costs MP by terrain (see Tables); along a road a hex costs {_num(rs.movement.road_mp)} MP, "
        f"along a railway {_num(rs.movement.rail_mp)}; rivers add to the cost unless crossed on a bridge. "
        "Entering an enemy zone of control (the six hexes around an enemy unit) stops a unit, and it may "
        "never step from one enemy zone straight into another. Enemy stacks away from your units show "
        "only as Unknown counters.\n"
        f"Supply: a unit is supplied if it is within {rs.supply.overland_hexes} hexes of a friendly road "
        "or railway that leads, through hexes you control, to a supply source. Unsupplied units move and "
        f"fight at half strength; after {rs.supply.attrition_turns} player-turns cut off they lose a step.\n"
        "Combat: pick an enemy stack next to your units, add attackers and air points, then Roll Dice. "
        "Attack against defense gives the odds column (rounded down, never better than the last); the "
        "die, with its modifiers, picks the result. Losses and retreats are applied by the game; then your "
        "units may advance into an emptied hex. Nothing is ever rounded before the odds are worked out.\n"
        "Victory: Japan scores for taking Singapore early and for the objectives it holds; the Commonwealth scores "
        "for Japanese steps lost and for holding Singapore. The difference decides the result level."
    )


def terrain_rows(gd: GameDef) -> list[tuple[str, ...]]:
    """Terrain effects: name, infantry MP, armor MP, defense multiplier."""
    rows: list[tuple[str, ...]] = [("Terrain", "Infantry MP", "Armor MP", "Defense ×")]
    for terrain, effect in gd.scenario.ruleset.terrain.items():
        if terrain is Terrain.SEA:
            continue
        rows.append((terrain.value, _num(effect.infantry_mp), _num(effect.armor_mp), _num(effect.defense)))
    return rows


def hexside_rows(gd: GameDef) -> list[tuple[str, ...]]:
    """Hexside effects: feature, extra MP, attack multiplier, notes."""
    rows: list[tuple[str, ...]] = [("Hexside", "Extra MP", "Attack ×", "Notes")]
    for side, effect in gd.scenario.ruleset.hexsides.items():
        notes = []
        if effect.prohibited:
            notes.append("impassable")
        if effect.armor_needs_bridge:
            notes.append("armor only by bridge")
        if effect.infantry_only:
            notes.append("infantry only")
        if effect.whole_ma:
            notes.append("takes the whole move")
        if side is Hexside.CAUSEWAY:
            notes.append("a bridge; the Commonwealth may demolish it")
        rows.append((side.value.replace("_", " "), _num(effect.extra_mp), _num(effect.attack), ", ".join(notes)))
    return rows


def crt_rows(gd: GameDef) -> list[tuple[str, ...]]:
    """The combat results table: a header of columns, then one row per modified die roll."""
    crt = gd.scenario.ruleset.combat.crt
    return [("Die", *crt.columns), *((label, *cells) for label, cells in crt.rows.items())]


def modifier_lines(gd: GameDef) -> list[str]:
    """Die modifiers and result codes, one sentence each."""
    rs = gd.scenario.ruleset
    mods = rs.combat.modifiers
    armor = ", ".join(t.value for t in mods.armor_terrain)
    lines = [
        f"Each attacking air point {mods.per_attack_ap:+d} (at most {rs.air.max_attack_per_combat} a combat, "
        f"within {rs.air.range_hexes} hexes of your airfield); each defending air point {mods.per_defense_ap:+d}.",
        f"Armor attacking into {armor}: {mods.armor_bonus:+d}. Amphibious assault: {mods.amphibious:+d}. "
        f"Net modifier at most ±{mods.net_cap}.",
    ]
    for code, result in rs.combat.crt.results.items():
        if result.text:
            lines.append(f"{code}: {result.text}")
    return lines

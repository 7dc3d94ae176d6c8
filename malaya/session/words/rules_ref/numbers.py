"""The scenario's numbers the rules reference's words name (``{stacking_limit}``), and the rows of its tables.

:func:`rule_values` is the whole list of placeholders ``texts/rules.toml`` may use; each value is read from
the scenario, so what the page says is what the engine does. Lists (an air schedule, a reinforcement
schedule) are written with the file's ``[phrase]`` templates.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from malaya.engine import (
    AirPeriod,
    Arrival,
    GameDef,
    Hexside,
    Side,
    Terrain,
    join_words,
    number_text,
    singapore_vp,
    turn_date,
)
from malaya.session.words.catalog import fill
from malaya.session.words.combat_text import spell_result
from malaya.session.words.event_words import SIDE_ADJECTIVES

Phrase = Callable[..., str]
"""Writes one of the file's ``[phrase]`` templates with the values given by name."""
Rows = tuple[tuple[str, ...], ...]


def times(value: Fraction | int) -> str:
    """A multiplier: ``×1½``."""
    return f"×{number_text(value)}"


def or_words(items: list[str]) -> str:
    """``A``, ``A or B``, ``A, B or C``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}" if items else ""


def phrase_writer(phrases: Mapping[str, str]) -> Phrase:
    """A function writing the ``[phrase]`` template ``key`` with named values."""
    def write(key: str, /, **values: object) -> str:
        """The phrase ``key`` filled in."""
        return fill(phrases[key], values, f"rules.toml: phrase.{key}")
    return write


def rule_values(gd: GameDef, phrase: Phrase) -> dict[str, object]:
    """Every value a rules-reference text may name, for this scenario."""
    return {**_play_values(gd, phrase), **_fight_values(gd, phrase), **_victory_values(gd, phrase)}


def _play_values(gd: GameDef, phrase: Phrase) -> dict[str, object]:
    """R1–R9, R14, R17: turns, intelligence, stacking, terrain, movement, rail, sea and arrivals."""
    sc, rs = gd.scenario, gd.scenario.ruleset
    first, last = sc.first_turn, gd.last_turn
    st, mv, rl, nv, fz = rs.stacking, rs.movement, rs.rail, rs.naval, rs.force_z
    limits = [phrase("terrain_limit", limit=n, terrain=t.value) for t, n in st.terrain_limits.items() if n != st.limit]
    rivers = rs.hexsides
    return {
        "days_per_turn": sc.calendar.days_per_turn, "first_turn": first, "last_turn": last,
        "first_date": turn_date(sc.calendar, first), "last_date": turn_date(sc.calendar, last),
        "turns": last - first + 1, "limited_intel": "on" if rs.intel.limited else "off",
        "stacking_limit": st.limit, "terrain_limits": "some" if limits else "none",
        "terrain_limit_list": join_words(limits),
        "road_mp": mv.road_mp, "rail_mp": mv.rail_mp, "minor_river_mp": rivers[Hexside.RIVER_MINOR].extra_mp,
        "major_river_mp": rivers[Hexside.RIVER_MAJOR].extra_mp, "river_attack": rivers[Hexside.RIVER_MINOR].attack,
        "strait_attack": rivers[Hexside.STRAIT].attack,
        "retreat_ezoc_steps": rs.combat.retreat.ezoc_steps,
        "unsupplied_ma": mv.unsupplied.multiplier, "unsupplied_min_ma": mv.unsupplied.minimum,
        "moved_by_sea_ma": mv.moved_by_sea.multiplier, "landed_ma": mv.landed_ma,
        "bridge_repair_turns": mv.bridge_repair_turns,
        "rail_capacity_list": join_words([phrase("rail_side", count=n, side=SIDE_ADJECTIVES[side])
                                          for side, n in rl.capacity.items()]),
        "rail_max_hexes": rl.max_hexes,
        "jp_east_capacity": nv.jp_east_capacity, "jp_west_capacity": nv.jp_west_capacity, "penang": nv.penang,
        "west_capture_percent": nv.west_capture_percent,
        "west_capture_percent_if_attacked": nv.west_capture_percent_if_attacked,
        "west_capacity_after_capture": nv.west_capacity_after_capture,
        "west_capture_delay_turns": nv.west_capture_delay_turns,
        "cw_capacity_per_coast": nv.cw_capacity_per_coast, "cw_destination": nv.cw_destination,
        "force_z_first_turn": fz.first_turn, "die_sides": rs.combat.die_sides,
        "force_z_intercept_roll": fz.intercept_roll, "force_z_intercept_steps": fz.intercept_steps,
        "force_z_max_air_points": fz.max_air_points, "force_z_leaves_after_turn": fz.leaves_after_turn,
        **_arrivals(gd, phrase),
        "scenario_name": sc.name, "setup_units": len(sc.setup),
    }


def _arrivals(gd: GameDef, phrase: Phrase) -> dict[str, object]:
    """R14.5: the scenario's reinforcement schedule, by side."""
    where = {Arrival.NORTH_EDGE: phrase("arrival_north_edge"), Arrival.JP_BOX: phrase("arrival_jp_box"),
             Arrival.SINGAPORE: phrase("arrival_singapore")}
    turns: dict[Side, list[str]] = {Side.JP: [], Side.CW: []}
    for r in sorted(gd.scenario.reinforcements, key=lambda r: r.turn):
        d = gd.unit_def(r.unit)
        turns[d.side].append(phrase("reinforcement_unit", unit=d.name, turn=r.turn, where=where[r.where]))
    schedule = "; ".join(phrase("reinforcement_side", side=SIDE_ADJECTIVES[side], units=", ".join(items))
                         for side, items in turns.items() if items)
    return {"reinforcements": "some" if schedule else "none", "reinforcement_schedule": schedule}


def _air_schedule(periods: tuple[AirPeriod, ...], phrase: Phrase) -> str:
    """``4 on turns 1–2, 6 on turns 3–28``."""
    parts = [phrase("air_turn", points=p.points, turn=p.turns[0]) if p.turns[0] == p.turns[1] else
             phrase("air_turns", points=p.points, first=p.turns[0], last=p.turns[1])
             for p in sorted(periods, key=lambda p: p.turns)]
    return ", ".join(parts) or phrase("air_none")


def _fight_values(gd: GameDef, phrase: Phrase) -> dict[str, object]:
    """R10–R12: supply, air points, combat, retreat and advance."""
    rs = gd.scenario.ruleset
    sp, ar, cb = rs.supply, rs.air, rs.combat
    mods, crt, policy = cb.modifiers, cb.crt, ar.defense_policy
    schedule = "; ".join(phrase("air_side", side=SIDE_ADJECTIVES[side],
                                schedule=_air_schedule(gd.scenario.air.get(side, ()), phrase))
                         for side in (Side.JP, Side.CW))
    high_terrain = [*(t.value for t in policy.high_terrain), phrase("objective")]
    return {
        "unsupplied_attack": sp.unsupplied_attack, "unsupplied_defense": sp.unsupplied_defense,
        "supply_overland_hexes": sp.overland_hexes, "attrition_turns": sp.attrition_turns,
        "attrition_steps": sp.attrition_steps,
        "air_schedule": schedule, "max_attack_air": ar.max_attack_per_combat,
        "per_attack_air": mods.per_attack_ap, "per_defense_air": mods.per_defense_ap,
        "defense_high_need": policy.high_need, "defense_high_columns": or_words(list(policy.high_columns)),
        "defense_high_terrain": or_words(high_terrain), "defense_mid_need": policy.mid_need,
        "defense_mid_columns": or_words(list(policy.mid_columns)), "defense_max_committed": policy.max_committed,
        "air_range_hexes": ar.range_hexes,
        "odds_columns": join_words(list(crt.columns)), "first_column": crt.columns[0],
        "last_column": crt.columns[-1], "armor_terrain": or_words([t.value for t in mods.armor_terrain]),
        "armor_bonus": mods.armor_bonus, "amphibious": mods.amphibious, "net_cap": mods.net_cap,
        "result_codes": "\n".join(spell_result(code, r) + "." for code, r in crt.results.items()),
        "retreat_hexes": max((r.defender_retreat for r in crt.results.values()), default=0),
        "retreat_extra_hexes": cb.retreat.extra_hexes_if_overstacked,
        "retreat_blocked_steps": cb.retreat.blocked_steps, "amphibious_extra_steps": cb.amphibious_extra_steps,
    }


def _victory_values(gd: GameDef, phrase: Phrase) -> dict[str, object]:
    """R15–R16: victory points, result levels, options and optional units."""
    sc, vc = gd.scenario, gd.scenario.victory
    levels = []
    for higher, level in zip((None, *vc.levels), vc.levels, strict=False):
        top = None if higher is None or higher.min is None else higher.min - 1
        if level.min is None:
            levels.append(phrase("level_any", level=level.name) if top is None else
                          phrase("level_at_most", level=level.name, top=top))
        elif top is None:
            levels.append(phrase("level_at_least", level=level.name, min=level.min))
        else:
            levels.append(phrase("level_between", level=level.name, min=level.min, top=top))
    extras = bool(sc.options or sc.optional_units)
    return {
        "objectives": "some" if vc.objectives else "none", "singapore_multiplier": vc.singapore_multiplier,
        "singapore_base_turn": vc.singapore_base_turn, "singapore_vp_last": singapore_vp(vc, gd.last_turn),
        "cw_vp_per_jp_step": vc.cw_vp_per_jp_step, "cw_singapore_held_vp": vc.cw_singapore_held_vp,
        "result_levels": "; ".join(levels), "extras": "some" if extras else "none",
        "options": len(sc.options), "optional_units": len(sc.optional_units),
    }


def table_rows(gd: GameDef, phrase: Phrase) -> dict[str, tuple[tuple[str, ...], Rows]]:
    """Each table's extra header cells and its rows, by the name ``rules.toml`` gives it."""
    rs, sc = gd.scenario.ruleset, gd.scenario
    crt = rs.combat.crt
    terrain = tuple((kind.value, _mp(e.infantry_mp, phrase), _mp(e.armor_mp, phrase), times(e.defense))
                    for kind, e in rs.terrain.items() if kind is not Terrain.SEA)
    hexsides = tuple((side.value.replace("_", " "), phrase("whole_move") if e.whole_ma else _mp(e.extra_mp, phrase),
                      times(e.attack)) for side, e in rs.hexsides.items() if not e.prohibited)
    crt_rows = tuple((label.replace("<=", "≤").replace(">=", "≥"), *cells) for label, cells in crt.rows.items())
    objectives = tuple((place, phrase("vp", vp=vp)) for place, vp in sc.victory.objectives.items())
    options = tuple((o.name, SIDE_ADJECTIVES[o.side], phrase("vp", vp=o.vp), o.description) for o in sc.options)
    offers = tuple((gd.unit_def(u.unit).name, SIDE_ADJECTIVES[gd.unit_def(u.unit).side], phrase("vp", vp=u.vp),
                    phrase("offered_turn", turn=u.turn)) for u in sc.optional_units)
    return {"terrain": ((), terrain), "hexsides": ((), hexsides), "crt": (tuple(crt.columns), crt_rows),
            "objectives": ((), objectives), "options": ((), options), "optional_units": ((), offers)}


def _mp(value: Fraction | int | None, phrase: Phrase) -> str:
    """An MP cost in a table: the number, or the file's words for a hex that cannot be entered."""
    return phrase("cannot_enter") if value is None else number_text(value)

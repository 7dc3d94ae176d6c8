"""Topics of the rules reference about fighting and winning: R10–R12, R15, R16 (our words, the data's numbers)."""

from __future__ import annotations

from malaya.engine import AirPeriod, GameDef, Side, count_text, join_words, singapore_vp
from malaya.session.words.combat_text import spell_result
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.session.words.rules_ref.entries import RuleEntry, RuleSection, RuleTable
from malaya.session.words.rules_ref.topics_play import or_words, signed, times

S = RuleSection


def supply(gd: GameDef) -> RuleEntry:
    """R10: supply lines, sources and attrition."""
    sp = gd.scenario.ruleset.supply
    return RuleEntry("R10", "Supply", (
        S("R10.1", "Supplied or cut off", "At the start of each player-turn the game works out which units are "
          "in supply; the dot on the counter shows it (green yes, red no)."),
        S("R10.2", "Cut off", f"A cut-off unit attacks {times(sp.unsupplied_attack)}, defends "
          f"{times(sp.unsupplied_defense)}, moves less (R7.3) and cannot go by rail."),
        S("R10.3", "Sources", "Japan draws supply from the roads and railways at the Siamese border and from the "
          "East-coast ports it holds (West-coast ports too once it has the shipping, R9.3). The Commonwealth "
          "draws from Singapore and the ports it holds."),
        S("R10.4", "The line", f"From the unit, up to {count_text(sp.overland_hexes, 'hex', 'hexes')} across "
          "country to a road or railway you control, then along roads and railways you control to a source. The "
          "line may not cross the sea or a strait, nor pass an enemy zone of control unless your unit stands "
          "there."),
        S("R10.5", "New arrivals", "Reinforcements arrive supplied; a unit's supply state stays as it is until "
          "the following Supply phase."),
        S("R10.6", "Attrition", f"A unit cut off at the start of {count_text(sp.attrition_turns, 'own player-turn')} "
          f"in a row loses {count_text(sp.attrition_steps, 'step')}."),
    ))


def _schedule(periods: tuple[AirPeriod, ...]) -> str:
    """``4 on turns 1–2, 6 on turns 3–28``."""
    parts = [f"{p.points} on turn {p.turns[0]}" if p.turns[0] == p.turns[1] else
             f"{p.points} on turns {p.turns[0]}–{p.turns[1]}" for p in sorted(periods, key=lambda p: p.turns)]
    return ", ".join(parts) or "none"


def air(gd: GameDef) -> RuleEntry:
    """R11: air points."""
    ar = gd.scenario.ruleset.air
    mods = gd.scenario.ruleset.combat.modifiers
    policy = ar.defense_policy
    schedule = "; ".join(f"{SIDE_ADJECTIVES[side]} {_schedule(gd.scenario.air.get(side, ()))}"
                         for side in (Side.JP, Side.CW))
    return RuleEntry("R11", "Air points", (
        S("R11.1", "Receiving", f"Each side receives air points every game-turn: {schedule}. Options can "
          "add more (R16)."),
        S("R11.2", "The split", "In your Air phase divide them between attack (for your own attacks this "
          "player-turn) and defense (used by the game in the enemy's next player-turn). Points not used are "
          "lost."),
        S("R11.3", "Attacking", f"Add up to {ar.max_attack_per_combat} attack air points to a combat in the Combat "
          f"Panel; each changes the die by {signed(mods.per_attack_ap)}."),
        S("R11.4", "Defending", "The game adds the defender's air points just before the roll, each "
          f"{signed(mods.per_defense_ap)} to the die: {policy.high_need} against odds of "
          f"{or_words(list(policy.high_columns))} or on a "
          f"{or_words([*(t.value for t in policy.high_terrain), 'objective'])} hex, {policy.mid_need} against "
          f"{or_words(list(policy.mid_columns))}, otherwise none; never more than {policy.max_committed} or "
          "than the pool holds. The Combat Panel shows the number before you roll."),
        S("R11.5", "Range", f"Air points help only a combat within {count_text(ar.range_hexes, 'hex', 'hexes')} "
          "of an airfield your side controls (Japan also counts Singora and Patani in Siam)."),
    ))


def combat(gd: GameDef) -> RuleEntry:
    """R12.1–R12.7, R12.10, R12.11: declaring and resolving, with the CRT."""
    cb = gd.scenario.ruleset.combat
    mods = cb.modifiers
    crt = cb.crt
    armor = or_words([t.value for t in mods.armor_terrain])
    codes = "\n".join(spell_result(code, r) + "." for code, r in crt.results.items())
    return RuleEntry("R12", "Combat and the results table", (
        S("R12.1", "Who attacks", "In your Combat phase you may attack enemy stacks next to your units. Attacking "
          "is your choice, except for units that landed on a defended coast."),
        S("R12.2", "Who may join", "Only units next to the defender's hex; armor only along a road or railway "
          "into it. Each unit attacks once, each hex is attacked once per phase, and all the defenders in a hex "
          "defend together. Units of a stack that do not join are not affected."),
        S("R12.3", "Strengths", "Attack is the sum of the attackers' Attack factors, each with its own effects "
          "(cut off, across a river or strait); defense is the sum of the defenders' Defense, each with its own "
          "effects, times the defender's terrain (R5)."),
        S("R12.4", "Odds", f"Attack divided by defense, rounded down to a column: {join_words(list(crt.columns))}. "
          f"Better than {crt.columns[-1]} uses {crt.columns[-1]}; below {crt.columns[0]} the attack cannot be "
          "made."),
        S("R12.5", "Die modifiers", f"One {cb.die_sides}-sided die. Each attacking air point "
          f"{signed(mods.per_attack_ap)}, each defending air point {signed(mods.per_defense_ap)}, armor attacking into "
          f"{armor} {signed(mods.armor_bonus)}, an assault from the sea {signed(mods.amphibious)}; the total is kept "
          f"within ±{mods.net_cap}."),
        S("R12.6", "Result codes", codes),
        S("R12.7", "Who takes the losses", "Losses fall first on units with two steps left, then on one-step "
          "units, picked at random within each group: all the defenders, but only the attackers who took part."),
        S("R12.10", "Step by step", "Click an enemy stack to declare the combat; your units that may join are "
          "outlined. Click them to add or remove them, add air points in the Combat Panel, then Roll Dice (no "
          "undo). Losses and retreats follow at once; then outlined attackers may advance, and End Combat closes "
          "it. Esc or a click on the defender cancels a declaration."),
        S("R12.10", "By e-mail: combat as orders", "In a game played by e-mail you may not see a die before your "
          "turn is sent, so the Combat phase is written down first. Declare each combat as usual and mark, under "
          "Give Order, which attackers advance if the hex is emptied (all of them unless you mark one to stay put, "
          "R12.9); Give Order turns it into an order (target, attackers, air points, who advances) and the map "
          "goes back to where it was, those units and that hex used. Ending the phase sends "
          "the turn. Your opponent's game fights the orders in the order you gave them, with the same rules and "
          "dice neither player can choose; an order that can no longer be carried out (an attacker lost, the hex "
          "empty, the odds too low) is skipped and the reason shown to both. Solo and hotseat combat stays one at "
          "a time."),
        S("R12.11", "The Combat Panel", "Before you roll, the panel shows both totals with every effect, the "
          "odds, the die modifier, how many defending air points will be added and the chance of each result. "
          "Hover a line or a result for its meaning."),
    ), (RuleTable("Results table (modified die down, odds across)", crt_rows(gd)),))


def crt_rows(gd: GameDef) -> tuple[tuple[str, ...], ...]:
    """The CRT as rows: a header of columns, then one row per modified die roll."""
    crt = gd.scenario.ruleset.combat.crt
    rows = [("Die", *crt.columns)]
    rows += [(label.replace("<=", "≤").replace(">=", "≥"), *cells) for label, cells in crt.rows.items()]
    return tuple(rows)


def retreat(gd: GameDef) -> RuleEntry:
    """R12.8–R12.9: retreat and advance after combat."""
    cb = gd.scenario.ruleset.combat
    rt = cb.retreat
    hexes = max((r.defender_retreat for r in cb.crt.results.values()), default=0)
    return RuleEntry("R12.8", "Retreat and advance", (
        S("R12.8", "Retreat", f"Units told to retreat are moved by the game {count_text(hexes, 'hex', 'hexes')} "
          "away from the combat, towards their supply, by the cheapest hexes, never into an enemy unit, terrain "
          f"they could not enter, or the same hex twice. If the last hex would be overstacked they go "
          f"{count_text(rt.extra_hexes_if_overstacked, 'hex', 'hexes')} further. Each enemy zone of control "
          f"entered costs {count_text(rt.ezoc_steps, 'step')}; a stack with no way back loses "
          f"{count_text(rt.blocked_steps, 'step')} instead and stays."),
        S("R12.9", "Advance", "When the defender's hex is emptied, attackers who took part may move into it, free "
          "and ignoring zones of control; it is optional and stacking still applies. A unit that landed from the "
          f"sea and cannot advance loses {count_text(cb.amphibious_extra_steps, 'more step')} and goes back to "
          "the Japanese box."),
    ), covers=("R12.8", "R12.9"))


def victory(gd: GameDef) -> RuleEntry:
    """R15: victory points and result levels, with the objectives table."""
    vc = gd.scenario.victory
    last = gd.last_turn
    levels = []
    for higher, level in zip((None, *vc.levels), vc.levels, strict=False):
        top = None if higher is None or higher.min is None else higher.min - 1
        if level.min is None:
            levels.append(f"{level.name} at {signed(top) if top is not None else 'any margin'} or less")
        elif top is None:
            levels.append(f"{level.name} at {signed(level.min)} or more")
        else:
            levels.append(f"{level.name} from {signed(level.min)} to {signed(top)}")
    objectives = tuple((place, f"{vp} VP") for place, vp in vc.objectives.items())
    held = ("Each objective Japan holds at the end scores its VP (table below)." if objectives
            else "No other place scores in this scenario.")
    return RuleEntry("R15", "Victory", (
        S("R15.1", "The end", f"Play stops when game-turn {last} is over, or as soon as a player-turn ends with "
          "Japan holding every Singapore fortress hex."),
        S("R15.2", "Japanese points", f"Taking Singapore on game-turn T is worth {vc.singapore_multiplier} × "
          f"({vc.singapore_base_turn} − T) VP: {singapore_vp(vc, last)} on the last turn, {last}. {held}"),
        S("R15.3", "Commonwealth points", f"{vc.cw_vp_per_jp_step} VP for every Japanese step destroyed and "
          f"{vc.cw_singapore_held_vp} VP for still holding Singapore at the end."),
        S("R15.4", "Paying for extras", "Whoever buys an option or takes an optional unit pays its VP (R16)."),
        S("R15.5", "The result", "Japanese VP minus Commonwealth VP gives the result: " + "; ".join(levels)
          + ". The top bar shows the margin now."),
    ), (RuleTable("Objectives (Japan scores them if it holds them at the end)", (("Place", "VP"), *objectives)),)
        if objectives else ())


def options(gd: GameDef) -> RuleEntry:
    """R16: options and optional units from the scenario."""
    sc = gd.scenario
    opts = tuple((o.name, SIDE_ADJECTIVES[o.side], f"{o.vp} VP", o.description) for o in sc.options)
    offers = tuple((gd.unit_def(u.unit).name, SIDE_ADJECTIVES[gd.unit_def(u.unit).side], f"{u.vp} VP",
                    f"offered turn {u.turn}") for u in sc.optional_units)
    tables = []
    if opts:
        tables.append(RuleTable("Options", (("Option", "Side", "Cost", "Effect"), *opts)))
    if offers:
        tables.append(RuleTable("Optional units", (("Unit", "Side", "Cost", "When"), *offers)))
    return RuleEntry("R16", "Options and optional units", (
        S("R16.1", "Choosing", "When a new game is set up, each side may buy options, each for the VP shown. "
          "Optional units are offered once, in their owner's Reinforcement phase: taken, the unit arrives next "
          "turn and its VP are paid; declined, it never comes."),
        S("R16.2", "This scenario", f"{count_text(len(opts), 'option')} and {count_text(len(offers), 'optional unit')}"
          " (tables below)." if tables else "This scenario offers no options and no optional units."),
    ), tuple(tables))

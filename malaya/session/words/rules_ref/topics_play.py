"""Rules reference topics on turns and moving: R1–R9, R13, R14, R17, R18 (our words, the data's numbers)."""

from __future__ import annotations

from fractions import Fraction

from malaya.engine import Arrival, GameDef, Hexside, Side, Terrain, count_text, join_words, number_text, turn_date
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.session.words.rules_ref.entries import RuleEntry, RuleSection, RuleTable

S = RuleSection


def mp(value: Fraction | int | None) -> str:
    """An MP cost as the reference writes it: ``2``, ``½``, or ``cannot enter``."""
    return "cannot enter" if value is None else number_text(value)


def times(value: Fraction | int) -> str:
    """A multiplier: ``×1½``."""
    return f"×{number_text(value)}"


def signed(value: int) -> str:
    """A die modifier or margin with its sign: ``+1``, ``−1`` (a true minus)."""
    return f"{value:+d}".replace("-", "−")


def or_words(items: list[str]) -> str:
    """``A``, ``A or B``, ``A, B or C``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}" if items else ""


def turns_and_sides(gd: GameDef) -> RuleEntry:
    """R1: scale, sides, turns."""
    cal = gd.scenario.calendar
    first, last = gd.scenario.first_turn, gd.last_turn
    return RuleEntry("R1", "Scale, sides and turns", (
        S("R1.1", "Two sides", "Japan (JP) attacks down the Malayan peninsula; the Commonwealth (CW: British, "
          "Indian, Australian and Malay units) defends it and Singapore."),
        S("R1.2", "Time and space", f"A hex is about 10 km across. A game-turn is {cal.days_per_turn} days. This "
          f"scenario runs from game-turn {first} ({turn_date(cal, first):%-d %B %Y}) to game-turn {last} "
          f"({turn_date(cal, last):%-d %B %Y}), {count_text(last - first + 1, 'game-turn')} in all."),
        S("R1.3", "Player-turns", "Each game-turn, Japan plays a whole player-turn first, then the Commonwealth. "
          "Only the side playing its player-turn moves and attacks; the other side defends."),
    ))


def units(gd: GameDef) -> RuleEntry:
    """R2: units, steps and limited intelligence."""
    intel = ("is on: an enemy stack that none of your units touches shows only as an Unknown counter with its "
             "stacking points" if gd.scenario.ruleset.intel.limited else "is off in this scenario: every enemy "
             "unit is shown")
    return RuleEntry("R2", "Units and counters", (
        S("R2.1", "Reading a counter", "The three numbers are Attack, Defense and Movement (A-D-M). The small "
          "squares are the unit's stacking points; they are white while it has two steps and red on its last step. "
          "The dot is its supply: green supplied, red cut off. The symbol shows infantry or armor, the marks above "
          "it the size (II battalion, III regiment, X brigade)."),
        S("R2.2", "Steps", "A unit has one or two steps. On losing a step it turns to its reduced side, with its "
          "own, weaker Attack and Defense; its Movement stays the same."),
        S("R2.3", "Eliminated", "A unit that loses its last step is gone for good."),
        S("R2.4", "Available, Selected, Used", "A dashed outline marks a unit that may act in this phase, a thick "
          "outline the one selected, a dark corner one that has already moved or fought."),
        S("R2.5", "What you can see", f"Limited intelligence {intel}. Combat, retreats and advances show the "
          "units taking part."),
    ))


def sequence(gd: GameDef) -> RuleEntry:
    """R3: the phases of a player-turn."""
    return RuleEntry("R3", "Sequence of play", (
        S("R3.1", "The phases", "A player-turn runs through Supply (done by the game), Reinforcement, Air, Naval "
          "Movement, Movement, Rail Movement, Combat and End (done by the game). Press End Phase to go on to the "
          "next one."),
        S("R3.2", "No overstacked hexes", "While any hex holds more stacking points than it may, the "
          "Reinforcement, Naval, Movement or Rail phase will not end (see R4)."),
        S("R3.3", "Control follows the units", "The owner of each hex is worked out again whenever a phase "
          "closes, and straight after each retreat or advance (see R13)."),
        S("R3.4", "Empty phases", "A phase in which you can do nothing still shows for a moment; Settings can "
          "skip such phases for you."),
    ))


def stacking(gd: GameDef) -> RuleEntry:
    """R4: stacking points per hex."""
    st = gd.scenario.ruleset.stacking
    special = [f"{limit} in {terrain.value} hexes" for terrain, limit in st.terrain_limits.items()
               if limit != st.limit]
    extra = f" ({join_words(special)})" if special else ""
    return RuleEntry("R4", "Stacking", (
        S("R4.1", "The limit", f"A hex may hold at most {st.limit} stacking points of units{extra}. A brigade or "
          "regiment counts 2, a battalion 1. The Japanese box off the map has no limit."),
        S("R4.2", "When it is checked", "You may pass through or gather in a crowded hex during a phase; the "
          "limit is checked when the phase ends, at the end of every retreat and advance, and for sea "
          "destinations, which are never offered when they would be overstacked."),
    ))


def terrain(gd: GameDef) -> RuleEntry:
    """R5: terrain costs and effects, with the tables."""
    rs = gd.scenario.ruleset
    mv = rs.movement
    river = rs.hexsides[Hexside.RIVER_MINOR]
    major = rs.hexsides[Hexside.RIVER_MAJOR]
    strait = rs.hexsides[Hexside.STRAIT]
    return RuleEntry("R5", "Terrain and movement costs", (
        S("R5.1", "Hex terrain", "Entering a hex costs movement points (MP) by its terrain and the unit's type; "
          "some terrain is closed to armor. Towns, cities, mountains and the fortress multiply the defender's "
          "strength. The table below has every figure."),
        S("R5.2", "Roads, railways and rivers", f"Moving along a road costs {mp(mv.road_mp)} MP a hex and along "
          f"a railway {mp(mv.rail_mp)} MP, whatever the terrain, so armor can use them through jungle. Crossing a "
          f"minor river costs {mp(river.extra_mp)} MP more and a major river {mp(major.extra_mp)} more, unless a "
          f"road or railway bridges it; armor crosses a major river only by a bridge. Attacking across a river "
          f"without a bridge counts {times(river.attack)}. A strait (Johore, Penang) is crossed by infantry only, "
          f"using its whole move, and an attack across it counts {times(strait.attack)}."),
        S("R5.3", "Exact arithmetic", "Effects multiply together (cut off and across a river counts both) and "
          "nothing is rounded until the odds are worked out."),
    ), (RuleTable("Terrain", terrain_rows(gd)), RuleTable("Hexsides", hexside_rows(gd))))


def terrain_rows(gd: GameDef) -> tuple[tuple[str, ...], ...]:
    """Terrain, infantry MP, armor MP, defense multiplier, from the ruleset."""
    rows = [("Terrain", "Infantry MP", "Armor MP", "Defender")]
    for kind, effect in gd.scenario.ruleset.terrain.items():
        if kind is not Terrain.SEA:
            rows.append((kind.value, mp(effect.infantry_mp), mp(effect.armor_mp), times(effect.defense)))
    return tuple(rows)


def hexside_rows(gd: GameDef) -> tuple[tuple[str, ...], ...]:
    """Hexside feature, extra MP, attack multiplier, from the ruleset."""
    rows = [("Hexside", "Extra MP", "Attack across")]
    for side, effect in gd.scenario.ruleset.hexsides.items():
        if not effect.prohibited:
            extra = "whole move" if effect.whole_ma else mp(effect.extra_mp)
            rows.append((side.value.replace("_", " "), extra, times(effect.attack)))
    return tuple(rows)


def zoc(gd: GameDef) -> RuleEntry:
    """R6: zones of control."""
    retreat = gd.scenario.ruleset.combat.retreat
    return RuleEntry("R6", "Zones of control", (
        S("R6.1", "Where a zone reaches", "Every unit holds a zone of control over the six hexes around it, but "
          "not across the sea or a strait."),
        S("R6.2", "Stopping", "A unit that enters an enemy zone of control stops there. A unit that starts in one "
          "may leave it, but never straight into another enemy zone. Your own units do not cancel the enemy's "
          "zone."),
        S("R6.3", "In combat", "An advance after combat ignores zones of control; a retreat costs "
          f"{count_text(retreat.ezoc_steps, 'step')} for each enemy zone it enters."),
        S("R6.4", "Rail and supply", "Rail moves never enter an enemy zone; a supply line passes one only where "
          "a friendly unit stands."),
    ))


def movement(gd: GameDef) -> RuleEntry:
    """R7.1–R7.6: moving on land."""
    mv = gd.scenario.ruleset.movement
    return RuleEntry("R7", "Movement", (
        S("R7.1", "Moving", "In your Movement phase each unit may move up to its Movement factor, paying for each "
          "hex it enters (R5). MP left over are lost."),
        S("R7.2", "Where it may go", "Click a unit to see every hex it can reach; a hex with an enemy unit can "
          "never be entered."),
        S("R7.3", "Less movement", f"A cut-off unit moves {times(mv.unsupplied.multiplier)} (rounded down, at "
          f"least {mv.unsupplied.minimum}); after a sea move in the same player-turn it is "
          f"{times(mv.moved_by_sea.multiplier)}; a unit that landed on a defended coast has {mv.landed_ma} MP."),
        S("R7.4", "One hex always", "A unit with all its MP may always move one hex it could enter at all, even "
          "when that hex costs more than it has."),
        S("R7.5", "Crowding", "Stacking is free while moving and checked when the phase ends (R4)."),
        S("R7.6", "Undo", "With nothing selected, click a unit that moved this phase to put it back and refund "
          "its MP, provided no die has been thrown and nothing hidden has come to light since."),
    ))


def bridges(gd: GameDef) -> RuleEntry:
    """R7.7: demolition and repair."""
    turns = gd.scenario.ruleset.movement.bridge_repair_turns
    return RuleEntry("R7.7", "Bridges", (
        S("R7.7", "Demolishing", "In their Movement phase the Commonwealth may blow any bridge (or the Johore "
          "causeway) whose two hexes they control and which no Japanese zone of control touches. A blown bridge "
          "no longer helps movement, supply or attacks: the river counts in full."),
        S("R7.7", "Repairing", f"Japan repairs a blown bridge by keeping a unit beside it, outside any enemy zone "
          f"of control, for {count_text(turns, 'whole Japanese player-turn')}."),
    ), covers=("R7.7",))


def rail(gd: GameDef) -> RuleEntry:
    """R8: rail movement."""
    rl = gd.scenario.ruleset.rail
    capacity = join_words([f"{count_text(n, SIDE_ADJECTIVES[side] + ' unit')}" for side, n in rl.capacity.items()])
    return RuleEntry("R8", "Rail movement", (
        S("R8.1", "The Rail phase", "After normal movement, units may move along the railway, from rail hex to "
          "rail hex."),
        S("R8.2", "How many", f"Each Rail phase: {capacity} (an option can raise it)."),
        S("R8.3", "How far", f"Up to {rl.max_hexes} hexes of track per trip; the unit's Movement factor does not "
          "count."),
        S("R8.4", "Who may go", "Only supplied units that have not moved by sea or by land this player-turn and "
          "that have no enemy unit next to them when the phase begins."),
        S("R8.5", "Which line", "The whole trip runs over railway hexes you control, through no enemy unit, no "
          "enemy zone of control and no blown bridge."),
        S("R8.6", "Clicking", "Click a unit marked Available, then a highlighted rail hex. To call a trip "
          "off, click the unit that made it while nothing is selected."),
    ))


def naval(gd: GameDef) -> RuleEntry:
    """R9: naval movement, landings and Force Z."""
    nv = gd.scenario.ruleset.naval
    fz = gd.scenario.ruleset.force_z
    die = gd.scenario.ruleset.combat.die_sides
    return RuleEntry("R9", "Naval movement and landings", (
        S("R9.1", "Sea moves", "In the Naval phase units go by sea from port to port, from the Japanese box to a "
          "port, or land on an enemy port, defended or not."),
        S("R9.2", "Two coasts", "Each port is on the West coast (Strait of Malacca) or the East coast (Gulf of "
          "Siam); Singapore is on neither. No sea move goes from one coast to the other; the Japanese box reaches "
          "only the East coast."),
        S("R9.3", "How many", f"Japan moves up to {count_text(nv.jp_east_capacity, 'unit')} a phase on the East "
          f"coast and {nv.jp_west_capacity} on the West until it holds {nv.penang}. On taking {nv.penang} it "
          f"seizes the coastal shipping with a chance of {nv.west_capture_percent}% "
          f"({nv.west_capture_percent_if_attacked}% if the town had to be stormed): then "
          f"{count_text(nv.west_capacity_after_capture, 'unit')} a turn on the "
          f"West coast from {count_text(nv.west_capture_delay_turns, 'game-turn')} later. The Commonwealth may "
          f"ship {count_text(nv.cw_capacity_per_coast, 'unit')} on each coast, always bound for {nv.cw_destination}."),
        S("R9.4", "Room to land", "Ports where the unit would break the stacking limit are not offered."),
        S("R9.5", "No tanks ashore", "Armor cannot land on a defended coast."),
        S("R9.6", "Landing", "On an empty port the unit lands at once and takes it. At a defended port it waits "
          "offshore next to the port and has to assault it in the Combat phase that follows (R12.9)."),
        S("R9.7", "Force Z", f"From game-turn {fz.first_turn}, as long as the British fleet is at sea, a "
          f"{die}-sided die is thrown for every Japanese sea move on the East coast: on {fz.intercept_roll} or "
          "less the unit loses "
          f"{count_text(fz.intercept_steps, 'step')} and goes back. In its Naval phase Japan may send up to "
          f"{fz.max_air_points} attack air points against the fleet: it sinks if the die is no higher than the "
          f"air points sent. Unsunk, it sails away after game-turn {fz.leaves_after_turn}."),
    ))


def control(gd: GameDef) -> RuleEntry:
    """R13: hex control."""
    return RuleEntry("R13", "Hex control", (
        S("R13.1", "Every hex has an owner", "Each hex belongs to Japan or the Commonwealth; the scenario sets "
          "who holds what at the start."),
        S("R13.2", "Taking a hex", "A hex belongs to the side that has a unit in it, or that last had one there."),
        S("R13.3", "Why it matters", "Rail moves need your rail hexes, air points need your airfields, supply "
          "runs along your roads and railways, and victory counts the places you hold. The front line (L) shows "
          "where control changes."),
    ))


def reinforcements(gd: GameDef) -> RuleEntry:
    """R14: arrivals from the scenario's schedule."""
    where = {Arrival.NORTH_EDGE: "the north edge", Arrival.JP_BOX: "the Japanese box",
             Arrival.SINGAPORE: "Singapore"}
    turns: dict[Side, list[str]] = {Side.JP: [], Side.CW: []}
    for r in sorted(gd.scenario.reinforcements, key=lambda r: r.turn):
        side = gd.unit_def(r.unit).side
        turns[side].append(f"{gd.unit_def(r.unit).name} (turn {r.turn}, {where[r.where]})")
    schedule = "; ".join(f"{SIDE_ADJECTIVES[side]}: {', '.join(items)}" for side, items in turns.items() if items)
    return RuleEntry("R14", "Reinforcements", (
        S("R14.1", "When", "New units are placed in their owner's Reinforcement phase."),
        S("R14.2", "Where", "Japanese units arrive on the north edge, by road or railway from Siam, or in the "
          "Japanese box off the map, from where they sail. Commonwealth units arrive at Singapore."),
        S("R14.3", "Placing", "Click an arriving unit, then a highlighted hex; stacking is checked when the phase "
          "ends."),
        S("R14.4", "Late units", "A unit left unplaced when the phase ends is offered again next turn."),
        S("R14.5", "This scenario's schedule", schedule or "No reinforcements arrive in this scenario."),
    ))


def setup(gd: GameDef) -> RuleEntry:
    """R17: the opening position."""
    return RuleEntry("R17", "Set-up", (
        S("R17", "The opening position", f"{gd.scenario.name} starts with the historical positions of "
          f"{count_text(len(gd.scenario.setup), 'unit')}; the others arrive later (R14) or are offered (R16). "
          "The Briefing (B) tells the situation."),
    ))


def interface(gd: GameDef) -> RuleEntry:
    """R18: maps and the click pattern."""
    return RuleEntry("R18", "Maps and clicks", (
        S("R18.1", "Two maps", "The Tactical Map shows every detail; the Strategic Map (M) the whole peninsula. "
          "Both can be played on; the Mini-Map shows where you look."),
        S("R18.2", "Scrolling", "Drag the map or the Mini-Map's box, use the arrow keys or the keypad, or hold "
          "Alt with the mouse at an edge. The wheel zooms."),
        S("R18.3", "The click pattern", "Units that may act are outlined. Click one to see where it can go, "
          "click a highlighted hex to go there, Esc or a right click to let go, and with nothing selected click a "
          "Used unit to undo where that is allowed."),
        S("R18.4", "Ending a phase", "When a phase may not end yet, the End Phase button says why."),
    ))

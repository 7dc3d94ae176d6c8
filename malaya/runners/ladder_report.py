"""The ladder's printed report: per scenario, the pairings by result level and every target, met or not met.

Scores count a win by the scenario's own result levels as 1 and a draw as ½, with 95 % intervals
(``ladder_stats``: Wilson for a score, Newcombe's hybrid score interval for a difference).
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass

from malaya.engine import GameDef, Hex, Side
from malaya.runners.ladder import PACE_LEVEL, SELF_PLAY_LEVEL, LadderPlan, LoadGameDef, by_pairing, campaign_name
from malaya.runners.ladder_stats import Interval, difference, game_score, median_text, score, wilson
from malaya.runners.ladder_watch import LadderGame

SCORE_MARGIN = 0.15
"""A challenger's score must beat the reference's own score against the reference by this much…"""
SCORE_ENOUGH = 0.9
"""…or reach this score."""
CAMPAIGN_WIN_SHARE = 0.75
"""The campaign share of games a challenger must win against the reference, as each side."""
MOST_UNSUPPLIED = 3
"""The most units of the hard JP unsupplied at once (median over hard-v-hard campaign games)."""
CPU_MEDIAN_S, CPU_MAX_S = 0.3, 2.0
"""Process CPU seconds per player-turn of a challenger: median and largest."""
KL_TURN, KL_SPREAD = 12, 3
"""Normal v normal: Kuala Lumpur falls at this turn (median), give or take the spread."""
SINGAPORE_SHARE, SINGAPORE_TURN = 0.5, 26
"""Normal v normal: Singapore falls in at least this share of games, at this median turn or earlier."""


@dataclass(frozen=True, slots=True)
class Target:
    """One printed target: what was measured, what it needs, and whether it was met."""

    scenario: str
    what: str
    measured: str
    needs: str
    met: bool

    def line(self) -> str:
        """The target as one report line."""
        return f"  [{'met' if self.met else 'NOT met':>7}] {self.what}: {self.measured} (needs {self.needs})"


def _pct(part: int, whole: int) -> int:
    return 100 * part // max(1, whole)


def side_score(games: list[LadderGame], side: Side) -> Interval:
    """``side``'s score over some games, with its Wilson interval."""
    return score([game_score(g.winner, side) for g in games])


def levels_text(gd: GameDef) -> str:
    """The scenario's result levels, best for JP first: ``Japanese victory (JP) ≥ 9, Draw ≥ 7, …``."""
    parts = []
    for lv in gd.victory.levels:
        favours = f" ({lv.side.value})" if lv.side is not None else " (draw)"
        parts.append(f"{lv.name}{favours}" + (f" ≥ {lv.min:+d}" if lv.min is not None else ""))
    return ", ".join(parts)


PAIRING_HEADER = (f"{'JP':<9}{'CW':<9}{'games':>5} {'JP wins':>7} {'draws':>5} {'CW wins':>7} {'margin':>6}  "
                  f"{'JP score [95% CI]':<20}  result levels")


def pairing_row(games: list[LadderGame]) -> str:
    """One pairing: wins by result level, draws, median VP margin, JP score with its interval, level counts."""
    first = games[0]
    levels = Counter(g.level for g in games)
    return (f"{first.jp:<9}{first.cw:<9}{len(games):>5} {sum(g.winner is Side.JP for g in games):>7} "
            f"{sum(g.winner is None for g in games):>5} {sum(g.winner is Side.CW for g in games):>7} "
            f"{median_text([g.margin for g in games]):>6}  {side_score(games, Side.JP).text():<20}  "
            + ", ".join(f"{name} {n}" for name, n in levels.most_common()))


CAMPAIGN_HEADER = (f"{'JP':<9}{'CW':<9}{'games':>5} {'KL (n)':>8} {'Sing (n)':>9} {'AP used/recv':>13} "
                   f"{'lapsed':>6} {'floor':>5} {'<=1:1':>6} {'col<=1:1':>8} {'of n':>5} {'JP uns.':>7} "
                   f"{'CW strnd':>8}")


def campaign_row(games: list[LadderGame]) -> str:
    """The campaign-only columns of one pairing (JP air points, low-odds combats, supply, stranding)."""
    first = games[0]
    received = sum(g.jp_ap_received for g in games)
    expired = sum(g.jp_ap_expired for g in games)
    combats = sum(g.jp_combats for g in games)
    kl = [g.kl_fell for g in games if g.kl_fell is not None]
    sing = [g.singapore_fell for g in games if g.singapore_fell is not None]
    return (f"{first.jp:<9}{first.cw:<9}{len(games):>5} {median_text(kl):>4} ({len(kl):>2}) "
            f"{median_text(sing):>4} ({len(sing):>2}) {received - expired:>6}/{received:<6} "
            f"{_pct(expired, received):>5}% {_pct(sum(g.jp_ap_floor for g in games), received):>4}% "
            f"{_pct(sum(g.jp_combats_at_most_even for g in games), combats):>5}% "
            f"{_pct(sum(g.jp_combats_column_at_most_even for g in games), combats):>7}% {combats:>5} "
            f"{median_text([g.jp_most_unsupplied for g in games]):>7} "
            f"{median_text([g.cw_stranded_unit_turns for g in games]):>8}")


def score_target(name: str, side: Side, level: str, reference: str,
                 challenger: list[LadderGame], yardstick: list[LadderGame]) -> Target:
    """The challenger's score as ``side`` against the reference, less the reference's own score there."""
    own, ref = side_score(challenger, side), side_score(yardstick, side)
    gain = difference(own, ref)
    measured = (f"{level} {own.text()} - {reference} {ref.text()} = {gain.text(signed=True)} "
                f"over {len(challenger)} and {len(yardstick)} games")
    return Target(name, f"{side.value} score of {level} against {reference}, less {reference}'s own", measured,
                  f">= +{SCORE_MARGIN:.2f}, or {level} >= {SCORE_ENOUGH:.2f}",
                  gain.value >= SCORE_MARGIN - 1e-9 or own.value >= SCORE_ENOUGH)


def open_objectives_text(gd: GameDef, opened: Counter[Hex], held: Counter[Hex]) -> str:
    """Each objective left open within reach, by place name: ``Penang 3/5`` (held at the end / games open)."""
    def place(h: Hex) -> str:
        names = [p.name for p in gd.board.places_at(h)]
        return names[0] if names else f"hex {h.q},{h.r}"

    return ", ".join(f"{place(h)} {held[h]}/{n}" for h, n in opened.most_common())


def side_targets(gd: GameDef, name: str, side: Side, level: str, games: list[LadderGame]) -> list[Target]:
    """How the challenger played as ``side``: open objectives taken, victory hexes given up, options placed."""
    figures = [g.side(side) for g in games]
    opened = Counter(h for f in figures for h in f.open_hexes)
    kept = Counter(h for f in figures for h in f.open_held)
    open_, held = sum(opened.values()), sum(kept.values())
    by_place = f" ({open_objectives_text(gd, opened, kept)})" if opened else ""
    given = sum(f.given_up for f in figures)
    unexplained = sum(f.unexplained for f in figures)
    unplaced = sum(f.bought_never_placed for f in figures)
    who = f"{level} {side.value}"
    return [
        Target(name, f"{who}: objectives left empty within one turn's reach, held at the end",
               f"{held} of {open_} times in {len(games)} games{by_place}", "more than half",
               2 * held > open_ or open_ == 0),
        Target(name, f"{who}: captured victory hexes the enemy walked into outside combat without a reason its plan "
               "(the W panel) stated", f"{unexplained} of the {given} given up in {len(games)} games", "0",
               unexplained == 0),
        Target(name, f"{who}: optional units bought that never reached the map",
               f"{unplaced} in {len(games)} games", "0", unplaced == 0),
    ]


def cpu_target(name: str, level: str, games: list[LadderGame]) -> Target:
    """The challenger's process CPU time per player-turn, both sides pooled (reported only)."""
    turns = [s for g in games for side in Side if g.side(side).level == level for s in g.side(side).turn_cpu_s]
    median, most = (statistics.median(turns), max(turns)) if turns else (0.0, 0.0)
    return Target(name, f"{level} CPU per player-turn", f"median {median:.3f} s, max {most:.3f} s over "
                  f"{len(turns)} player-turns", f"median <= {CPU_MEDIAN_S} s, max <= {CPU_MAX_S} s",
                  median <= CPU_MEDIAN_S and most <= CPU_MAX_S)


def campaign_targets(name: str, level: str, reference: str, pairs: dict[tuple[str, str], list[LadderGame]]
                     ) -> list[Target]:
    """The campaign's extra targets: the challenger's win share as each side against the reference."""
    out = []
    for side, games in ((Side.JP, pairs.get((level, reference), [])), (Side.CW, pairs.get((reference, level), []))):
        wins = sum(g.winner is side for g in games)
        share = wilson(wins, len(games))
        out.append(Target(name, f"{level} {side.value} wins against {reference}",
                          f"{wins}/{len(games)} = {share.text()}", f">= {CAMPAIGN_WIN_SHARE:.0%}",
                          bool(games) and share.value >= CAMPAIGN_WIN_SHARE))
    return out


def pace_targets(name: str, games: list[LadderGame]) -> list[Target]:
    """Normal v normal on the campaign: Kuala Lumpur falls at turn 12 ± 3, Singapore in half the games by turn 26."""
    kl = [g.kl_fell for g in games if g.kl_fell is not None]
    sing = [g.singapore_fell for g in games if g.singapore_fell is not None]
    kl_median = statistics.median(kl) if kl else None
    sing_median = statistics.median(sing) if sing else None
    who = f"{PACE_LEVEL} v {PACE_LEVEL}"
    return [
        Target(name, f"{who}: Kuala Lumpur falls (median turn)", f"{median_text(kl)} in {len(kl)}/{len(games)}",
               f"{KL_TURN} ± {KL_SPREAD}", kl_median is not None and abs(kl_median - KL_TURN) <= KL_SPREAD),
        Target(name, f"{who}: Singapore falls", f"{len(sing)}/{len(games)}, median turn {median_text(sing)}",
               f"at least {SINGAPORE_SHARE:.0%} of games, median turn <= {SINGAPORE_TURN}",
               bool(games) and len(sing) >= SINGAPORE_SHARE * len(games)
               and sing_median is not None and sing_median <= SINGAPORE_TURN),
    ]


def scenario_targets(gd: GameDef, name: str, plan: LadderPlan, pairs: dict[tuple[str, str], list[LadderGame]]
                     ) -> list[Target]:
    """Every target of one scenario, challenger by challenger, side by side."""
    ref = plan.reference
    yardstick = pairs.get((ref, ref), [])
    out: list[Target] = []
    for level in plan.challengers:
        as_jp, as_cw = pairs.get((level, ref), []), pairs.get((ref, level), [])
        out += [score_target(name, Side.JP, level, ref, as_jp, yardstick),
                score_target(name, Side.CW, level, ref, as_cw, yardstick)]
        if name == campaign_name():
            out += campaign_targets(name, level, ref, pairs)
        out += side_targets(gd, name, Side.JP, level, as_jp) + side_targets(gd, name, Side.CW, level, as_cw)
        out.append(cpu_target(name, level, as_jp + as_cw))
    if name == campaign_name() and plan.hard:
        out.append(supply_target(name, pairs.get((SELF_PLAY_LEVEL, SELF_PLAY_LEVEL), [])))
    if name == campaign_name() and (PACE_LEVEL, PACE_LEVEL) in pairs:
        out += pace_targets(name, pairs[(PACE_LEVEL, PACE_LEVEL)])
    return out


def supply_target(name: str, games: list[LadderGame]) -> Target:
    """Hard v hard on the campaign: the most hard JP units unsupplied at once (median) against the hard CW."""
    unsupplied = [g.jp_most_unsupplied for g in games]
    who = f"{SELF_PLAY_LEVEL} v {SELF_PLAY_LEVEL}"
    return Target(name, f"{who}: most {SELF_PLAY_LEVEL} JP units unsupplied at once (median)",
                  f"{median_text(unsupplied)} over {len(unsupplied)} games", f"<= {MOST_UNSUPPLIED}",
                  bool(unsupplied) and statistics.median(unsupplied) <= MOST_UNSUPPLIED)


def scenario_report(name: str, gd: GameDef, plan: LadderPlan, games: list[LadderGame]
                    ) -> tuple[list[str], list[Target]]:
    """One scenario's section of the report, and its targets."""
    pairs = by_pairing(games, name)
    lines = [f"== {name}: {gd.scenario.name} ==", f"result levels: {levels_text(gd)}", "", PAIRING_HEADER,
             "-" * len(PAIRING_HEADER), *(pairing_row(gs) for gs in pairs.values())]
    if name == campaign_name():
        lines += ["", "campaign only: KL and Singapore fell (median turn, games), JP air points, JP combats at 1:1 "
                  "or worse (by strength, by column), most JP units unsupplied (median), CW unit-turns stranded "
                  "near Singapore (median)", CAMPAIGN_HEADER, "-" * len(CAMPAIGN_HEADER),
                  *(campaign_row(gs) for gs in pairs.values())]
    targets = scenario_targets(gd, name, plan, pairs)
    lines += ["", "targets:", *(t.line() for t in targets), ""]
    return lines, targets


def ladder_report(plan: LadderPlan, games: list[LadderGame], load: LoadGameDef) -> str:
    """The whole report: how the run was made, each scenario's section, and a summary of unmet targets."""
    lines = [f"AI ladder, run {plan.run!r}: {', '.join(plan.challengers) or '-'} against {plan.reference}, "
             f"{plan.pairs} side-swapped pairs per scenario (seeds from sha256 of the run name), "
             f"{plan.pace} {PACE_LEVEL} v {PACE_LEVEL} campaign games for the pace, "
             f"{plan.hard} {SELF_PLAY_LEVEL} v {SELF_PLAY_LEVEL} for the hard JP's supply"
             + (f" (saved in {plan.save})" if plan.save else ""),
             "score: win 1, draw 1/2 by the scenario's own result levels; [95% CI]: Wilson for a score, "
             "Newcombe's hybrid score interval for a difference", ""]
    every: list[Target] = []
    for name in plan.scenarios:
        section, targets = scenario_report(name, load(name), plan, games)
        lines += section
        every += targets
    unmet = [t for t in every if not t.met]
    lines.append(f"targets met: {len(every) - len(unmet)} of {len(every)}")
    lines += [f"  not met: {t.scenario}: {t.what}" for t in unmet]
    return "\n".join(lines)

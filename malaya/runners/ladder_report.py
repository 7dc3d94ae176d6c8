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
from malaya.session.words.catalog import say

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
        return say("ladder_report.target_met" if self.met else "ladder_report.target_not_met", what=self.what,
                   measured=self.measured, needs=self.needs)


def _pct(part: int, whole: int) -> int:
    return 100 * part // max(1, whole)


def side_score(games: list[LadderGame], side: Side) -> Interval:
    """``side``'s score over some games, with its Wilson interval."""
    return score([game_score(g.winner, side) for g in games])


def levels_text(gd: GameDef) -> str:
    """The scenario's result levels, best for JP first: ``Japanese victory (JP) ≥ 9, Draw ≥ 7, …``."""
    parts = []
    for lv in gd.victory.levels:
        least = "" if lv.min is None else f"{lv.min:+d}"
        if lv.side is None:
            key = "ladder_report.level_draw_from" if least else "ladder_report.level_draw"
        else:
            key = "ladder_report.level_for_side_from" if least else "ladder_report.level_for_side"
        parts.append(say(key, name=lv.name, side=lv.side.value if lv.side else "", least=least))
    return ", ".join(parts)


PAIRING_COLUMNS = ("ladder_report.column_jp", "ladder_report.column_cw", "ladder_report.column_games",
                   "ladder_report.column_jp_wins", "ladder_report.column_draws", "ladder_report.column_cw_wins",
                   "ladder_report.column_margin", "ladder_report.column_jp_score", "ladder_report.column_result_levels")
"""The columns of the pairings table, in order."""
CAMPAIGN_COLUMNS = ("ladder_report.column_jp", "ladder_report.column_cw", "ladder_report.column_games",
                    "ladder_report.column_kl", "ladder_report.column_singapore", "ladder_report.column_air_points",
                    "ladder_report.column_lapsed", "ladder_report.column_floor", "ladder_report.column_at_most_even",
                    "ladder_report.column_column_at_most_even", "ladder_report.column_combats",
                    "ladder_report.column_jp_unsupplied", "ladder_report.column_cw_stranded")
"""The columns of the campaign-only table, in order."""


def pairing_header() -> str:
    """The heading of the pairings table."""
    jp, cw, games, jp_wins, draws, cw_wins, margin, jp_score, levels = (say(key) for key in PAIRING_COLUMNS)
    return f"{jp:<9}{cw:<9}{games:>5} {jp_wins:>7} {draws:>5} {cw_wins:>7} {margin:>6}  {jp_score:<20}  {levels}"


def pairing_row(games: list[LadderGame]) -> str:
    """One pairing: wins by result level, draws, median VP margin, JP score with its interval, level counts."""
    first = games[0]
    levels = Counter(g.level for g in games)
    return (f"{first.jp:<9}{first.cw:<9}{len(games):>5} {sum(g.winner is Side.JP for g in games):>7} "
            f"{sum(g.winner is None for g in games):>5} {sum(g.winner is Side.CW for g in games):>7} "
            f"{median_text([g.margin for g in games]):>6}  {side_score(games, Side.JP).text():<20}  "
            + ", ".join(say("ladder_report.level_count", level=name, games=n) for name, n in levels.most_common()))


def campaign_header() -> str:
    """The heading of the campaign-only table."""
    jp, cw, games, kl, sing, air, lapsed, floor, even, column, combats, unsupplied, stranded = (
        say(key) for key in CAMPAIGN_COLUMNS)
    return (f"{jp:<9}{cw:<9}{games:>5} {kl:>8} {sing:>9} {air:>13} {lapsed:>6} {floor:>5} {even:>6} {column:>8} "
            f"{combats:>5} {unsupplied:>7} {stranded:>8}")


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
    measured = say("ladder_report.score_measured", level=level, score=own.text(), reference=reference,
                   reference_score=ref.text(), gain=gain.text(signed=True), games=len(challenger),
                   yardstick=len(yardstick))
    return Target(name, say("ladder_report.score_what", side=side.value, level=level, reference=reference), measured,
                  say("ladder_report.score_needs", margin=f"{SCORE_MARGIN:.2f}", level=level,
                      enough=f"{SCORE_ENOUGH:.2f}"),
                  gain.value >= SCORE_MARGIN - 1e-9 or own.value >= SCORE_ENOUGH)


def open_objectives_text(gd: GameDef, opened: Counter[Hex], held: Counter[Hex]) -> str:
    """Each objective left open within reach, by place name: ``Penang 3/5`` (held at the end / games open)."""
    def place(h: Hex) -> str:
        names = [p.name for p in gd.board.places_at(h)]
        return names[0] if names else say("ladder_report.hex_place", q=h.q, r=h.r)

    return ", ".join(say("ladder_report.left_open_place", place=place(h), held=held[h], open=n)
                     for h, n in opened.most_common())


def side_targets(gd: GameDef, name: str, side: Side, level: str, games: list[LadderGame]) -> list[Target]:
    """How the challenger played as ``side``: open objectives taken, victory hexes given up, options placed."""
    figures = [g.side(side) for g in games]
    opened = Counter(h for f in figures for h in f.open_hexes)
    kept = Counter(h for f in figures for h in f.open_held)
    open_, held = sum(opened.values()), sum(kept.values())
    left_open = say("ladder_report.left_open_measured_places" if opened else "ladder_report.left_open_measured",
                    held=held, open=open_, games=len(games), places=open_objectives_text(gd, opened, kept))
    given = sum(f.given_up for f in figures)
    unexplained = sum(f.unexplained for f in figures)
    unplaced = sum(f.bought_never_placed for f in figures)
    who = {"level": level, "side": side.value}
    none = say("ladder_report.none_needed")
    return [
        Target(name, say("ladder_report.left_open_what", **who), left_open, say("ladder_report.left_open_needs"),
               2 * held > open_ or open_ == 0),
        Target(name, say("ladder_report.given_up_what", **who),
               say("ladder_report.given_up_measured", unexplained=unexplained, given=given, games=len(games)), none,
               unexplained == 0),
        Target(name, say("ladder_report.unplaced_what", **who),
               say("ladder_report.unplaced_measured", unplaced=unplaced, games=len(games)), none, unplaced == 0),
    ]


def cpu_target(name: str, level: str, games: list[LadderGame]) -> Target:
    """The challenger's process CPU time per player-turn, both sides pooled (reported only)."""
    turns = [s for g in games for side in Side if g.side(side).level == level for s in g.side(side).turn_cpu_s]
    median, most = (statistics.median(turns), max(turns)) if turns else (0.0, 0.0)
    return Target(name, say("ladder_report.cpu_what", level=level),
                  say("ladder_report.cpu_measured", median=f"{median:.3f}", most=f"{most:.3f}", turns=len(turns)),
                  say("ladder_report.cpu_needs", median=CPU_MEDIAN_S, most=CPU_MAX_S),
                  median <= CPU_MEDIAN_S and most <= CPU_MAX_S)


def campaign_targets(name: str, level: str, reference: str, pairs: dict[tuple[str, str], list[LadderGame]]
                     ) -> list[Target]:
    """The campaign's extra targets: the challenger's win share as each side against the reference."""
    out = []
    for side, games in ((Side.JP, pairs.get((level, reference), [])), (Side.CW, pairs.get((reference, level), []))):
        wins = sum(g.winner is side for g in games)
        share = wilson(wins, len(games))
        out.append(Target(name, say("ladder_report.wins_what", level=level, side=side.value, reference=reference),
                          say("ladder_report.wins_measured", wins=wins, games=len(games), share=share.text()),
                          say("ladder_report.wins_needs", share=f"{CAMPAIGN_WIN_SHARE:.0%}"),
                          bool(games) and share.value >= CAMPAIGN_WIN_SHARE))
    return out


def pace_targets(name: str, games: list[LadderGame]) -> list[Target]:
    """Normal v normal on the campaign: Kuala Lumpur falls at turn 12 ± 3, Singapore in half the games by turn 26."""
    kl = [g.kl_fell for g in games if g.kl_fell is not None]
    sing = [g.singapore_fell for g in games if g.singapore_fell is not None]
    kl_median = statistics.median(kl) if kl else None
    sing_median = statistics.median(sing) if sing else None
    return [
        Target(name, say("ladder_report.kl_what", level=PACE_LEVEL),
               say("ladder_report.kl_measured", median=median_text(kl), fell=len(kl), games=len(games)),
               say("ladder_report.kl_needs", turn=KL_TURN, spread=KL_SPREAD),
               kl_median is not None and abs(kl_median - KL_TURN) <= KL_SPREAD),
        Target(name, say("ladder_report.singapore_what", level=PACE_LEVEL),
               say("ladder_report.singapore_measured", fell=len(sing), games=len(games), median=median_text(sing)),
               say("ladder_report.singapore_needs", share=f"{SINGAPORE_SHARE:.0%}", turn=SINGAPORE_TURN),
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
    return Target(name, say("ladder_report.supply_what", level=SELF_PLAY_LEVEL),
                  say("ladder_report.supply_measured", median=median_text(unsupplied), games=len(unsupplied)),
                  say("ladder_report.supply_needs", most=MOST_UNSUPPLIED),
                  bool(unsupplied) and statistics.median(unsupplied) <= MOST_UNSUPPLIED)


def scenario_report(name: str, gd: GameDef, plan: LadderPlan, games: list[LadderGame]
                    ) -> tuple[list[str], list[Target]]:
    """One scenario's section of the report, and its targets."""
    pairs = by_pairing(games, name)
    header = pairing_header()
    lines = [say("ladder_report.section", name=name, title=gd.scenario.name),
             say("ladder_report.result_levels", levels=levels_text(gd)), "", header, "-" * len(header),
             *(pairing_row(gs) for gs in pairs.values())]
    if name == campaign_name():
        header = campaign_header()
        lines += ["", say("ladder_report.campaign_only"), header, "-" * len(header),
                  *(campaign_row(gs) for gs in pairs.values())]
    targets = scenario_targets(gd, name, plan, pairs)
    lines += ["", say("ladder_report.targets"), *(t.line() for t in targets), ""]
    return lines, targets


def ladder_report(plan: LadderPlan, games: list[LadderGame], load: LoadGameDef) -> str:
    """The whole report: how the run was made, each scenario's section, and a summary of unmet targets."""
    heading = say("ladder_report.heading_saved" if plan.save else "ladder_report.heading", run=plan.run,
                  challengers=", ".join(plan.challengers) or "-", reference=plan.reference, pairs=plan.pairs,
                  pace=plan.pace, pace_level=PACE_LEVEL, hard=plan.hard, self_level=SELF_PLAY_LEVEL, folder=plan.save)
    lines = [heading, say("ladder_report.scoring"), ""]
    every: list[Target] = []
    for name in plan.scenarios:
        section, targets = scenario_report(name, load(name), plan, games)
        lines += section
        every += targets
    unmet = [t for t in every if not t.met]
    lines.append(say("ladder_report.targets_met", met=len(every) - len(unmet), targets=len(every)))
    lines += [say("ladder_report.target_left_unmet", scenario=t.scenario, what=t.what) for t in unmet]
    return "\n".join(lines)

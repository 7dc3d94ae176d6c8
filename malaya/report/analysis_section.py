"""The report's analysis (issue 29): who was winning, the turning points, and the luck ledger.

The luck ledger is exact and always shown. The win chances come from ``NAME.analysis.json`` beside the
save (``malaya analyze NAME.json``); without one, or with one of another game, the report says so.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from pathlib import Path

from malaya.engine import Side
from malaya.persistence.game_analysis import (
    AnalysisError,
    GameAnalysis,
    analysis_path,
    combat_words,
    luck_ledger,
    positions_of,
    read_analysis,
)
from malaya.persistence.replay_log import ReplayLog
from malaya.report.win_chart import win_chart
from malaya.session.analysis.luck import LuckLedger, luck_sentence, steps_text
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES


def matching_analysis(log: ReplayLog, save_path: Path) -> tuple[GameAnalysis | None, str]:
    """The analysis beside the save if it is of this game; else None and why, in plain words."""
    path = analysis_path(save_path)
    try:
        analysis = read_analysis(path)
    except AnalysisError as err:
        if not path.exists():
            return None, (say("report_analysis.no_analysis_of_this_game", name=escape(save_path.name)))
        return None, escape(str(err))
    digests = {r.digest for r in positions_of(log)}
    if not {p.digest for p in analysis.positions} <= digests:
        return None, say("report_analysis.is_the_analysis_of_another", name=escape(path.name))
    return analysis, ""


def _signed(x: Fraction | float) -> str:
    """``+1.5`` / ``−0.3`` / ``0``."""
    v = round(float(x), 1)
    return "0" if v == 0 else f"{'+' if v > 0 else '−'}{abs(v):.1f}"


def chances_section(analysis: GameAnalysis | None, why: str) -> str:
    """The win-chance chart and the summary sentences."""
    head = say("report_analysis.h2_id_chances_who_was")
    if analysis is None:
        return f"{head}<p>{why}</p>"
    positions = analysis.estimates()
    key = "report_analysis.p_each_side_s_chance"
    if not analysis.complete:
        key = "report_analysis.p_each_side_s_chance_stopped"
    intro = say(key, rollouts=analysis.rollouts, level=escape(analysis.level))
    summary = "".join(f"<p><b>{escape(line)}</b></p>" for line in analysis.summary)
    return head + intro + win_chart(positions) + summary


def turning_section(analysis: GameAnalysis | None) -> str:
    """The player-turns where a side's chance moved by 10 points or more, with what happened in them."""
    if analysis is None:
        return ""
    if not analysis.turning_points:
        return say("report_analysis.h2_id_turning_turning_points_2", summary=escape(analysis.summary[-1]))
    items = []
    for t in analysis.turning_points:
        happened = "".join(f"<li>{escape(line)}</li>" for line in t.happened) \
            or say("report_analysis.li_no_combat_landing_or")
        when = say("report_analysis.both_player_turns") if t.side is None else say("report_analysis.player_turn",
                                                                                   side=SIDE_ADJECTIVES[t.side])
        items.append(say("report_analysis.li_a_href_turn_turn", turn=t.turn, when=when,
                         value=format(100 * t.jp_before, ".0f"), value2=format(100 * t.jp_after, ".0f"),
                         value3=format(100 * t.cw_before, ".0f"), value4=format(100 * t.cw_after, ".0f"),
                         happened=happened))
    return (say("report_analysis.h2_id_turning_turning_points", join=''.join(items)))


def luck_section(ledger: LuckLedger) -> str:
    """Luck per side per game-turn, and the combats whose dice mattered most."""
    head = (say("report_analysis.h2_id_luck_luck_ledger"))
    if not ledger.combats:
        return head + say("report_analysis.p_no_combat_was_fought")
    turns = ledger.by_turn(Side.JP)
    running = Fraction(0)
    rows = []
    for turn in sorted(turns):
        running += turns[turn]
        count = sum(1 for c in ledger.combats if c.turn == turn)
        rows.append(f"<tr><td><a href='#turn-{turn}'>{turn}</a></td><td class='n'>{count}</td>"
                    f"<td class='n'>{_signed(turns[turn])}</td><td class='n'>{_signed(-turns[turn])}</td>"
                    f"<td class='n'>{_signed(running)}</td></tr>")
    table = (say("report_analysis.table_tr_th_turn_th") + "".join(rows) + "</table>")
    biggest = sorted(ledger.combats, key=lambda c: -abs(c.luck))[:5]
    listed = "".join(say("report_analysis.li_a_href_turn_turn_2", turn=c.turn, combat_words=escape(combat_words(c)))
                     for c in biggest)
    total = ledger.total(Side.JP)
    sentence = escape(luck_sentence(ledger, Side.JP, say("report_analysis.japanese")))
    return (head + say("report_analysis.p_b_b_commonwealth_steps", sentence=sentence, value=_signed(-total),
                       steps_text=steps_text(abs(total)), n_combats=len(ledger.combats)) + table +
            say("report_analysis.h3_the_dice_that_mattered", listed=listed))


def analysis_sections(log: ReplayLog, save_path: Path) -> str:
    """Every analysis section of the report."""
    analysis, why = matching_analysis(log, save_path)
    return chances_section(analysis, why) + turning_section(analysis) + luck_section(luck_ledger(log))

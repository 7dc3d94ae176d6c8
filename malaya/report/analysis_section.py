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
from malaya.session.words.event_words import SIDE_ADJECTIVES


def matching_analysis(log: ReplayLog, save_path: Path) -> tuple[GameAnalysis | None, str]:
    """The analysis beside the save if it is of this game; else None and why, in plain words."""
    path = analysis_path(save_path)
    try:
        analysis = read_analysis(path)
    except AnalysisError as err:
        if not path.exists():
            return None, (f"No analysis of this game yet: run <code>malaya analyze {escape(save_path.name)}</code> "
                          "to add each side's chance of winning after every player-turn.")
        return None, escape(str(err))
    digests = {r.digest for r in positions_of(log)}
    if not {p.digest for p in analysis.positions} <= digests:
        return None, f"{escape(path.name)} is the analysis of another game; run the analysis again."
    return analysis, ""


def _signed(x: Fraction | float) -> str:
    """``+1.5`` / ``−0.3`` / ``0``."""
    v = round(float(x), 1)
    return "0" if v == 0 else f"{'+' if v > 0 else '−'}{abs(v):.1f}"


def chances_section(analysis: GameAnalysis | None, why: str) -> str:
    """The win-chance chart and the summary sentences."""
    head = "<h2 id='chances'>Who was winning</h2>"
    if analysis is None:
        return f"{head}<p>{why}</p>"
    positions = analysis.estimates()
    done = "" if analysis.complete else (" The analysis was stopped before the end: run it again to finish "
                                         "(what was played is kept).")
    intro = (f"<p>Each side's chance of winning by the scenario's result levels, from {analysis.rollouts} games "
             f"the computer ({escape(analysis.level)}) played on from the true position at each point (the start "
             "of a player-turn). The light band is the 95 % interval of the Japanese chance; a hollow point rests "
             f"on too few games to trust.{done}</p>")
    summary = "".join(f"<p><b>{escape(line)}</b></p>" for line in analysis.summary)
    return head + intro + win_chart(positions) + summary


def turning_section(analysis: GameAnalysis | None) -> str:
    """The player-turns where a side's chance moved by 10 points or more, with what happened in them."""
    if analysis is None:
        return ""
    if not analysis.turning_points:
        return f"<h2 id='turning'>Turning points</h2><p>{escape(analysis.summary[-1])}</p>"
    items = []
    for t in analysis.turning_points:
        happened = "".join(f"<li>{escape(line)}</li>" for line in t.happened) or "<li>No combat, landing or "\
            "demolition: the moves alone did it.</li>"
        when = "both player-turns" if t.side is None else f"{SIDE_ADJECTIVES[t.side]} player-turn"
        items.append(f"<li><a href='#turn-{t.turn}'>Turn {t.turn}</a>, {when}: "
                     f"<span class='jp'>Japanese win {100 * t.jp_before:.0f} % → {100 * t.jp_after:.0f} %</span>, "
                     f"<span class='cw'>Commonwealth win {100 * t.cw_before:.0f} % → {100 * t.cw_after:.0f} %</span>"
                     f"<ul>{happened}</ul></li>")
    return ("<h2 id='turning'>Turning points</h2><p>The player-turns (or, in an analysis of game-turn ends only, the "
            "game-turns) in which a side's chance of winning moved by 10 points or more, and what happened in them.</p>"
            f"<ol class='turning'>{''.join(items)}</ol>")


def luck_section(ledger: LuckLedger) -> str:
    """Luck per side per game-turn, and the combats whose dice mattered most."""
    head = ("<h2 id='luck'>Luck ledger</h2><p>For every combat, the steps the result rolled cost the defender "
            "minus what it cost the attacker, against the same expected over every face of the die at the "
            "combat's odds and modifiers. Positive: luckier than average.</p>")
    if not ledger.combats:
        return head + "<p>No combat was fought.</p>"
    turns = ledger.by_turn(Side.JP)
    running = Fraction(0)
    rows = []
    for turn in sorted(turns):
        running += turns[turn]
        count = sum(1 for c in ledger.combats if c.turn == turn)
        rows.append(f"<tr><td><a href='#turn-{turn}'>{turn}</a></td><td class='n'>{count}</td>"
                    f"<td class='n'>{_signed(turns[turn])}</td><td class='n'>{_signed(-turns[turn])}</td>"
                    f"<td class='n'>{_signed(running)}</td></tr>")
    table = ("<table><tr><th>Turn</th><th>Combats</th><th>Japanese luck (steps)</th>"
             "<th>Commonwealth luck (steps)</th><th>Japanese luck so far</th></tr>" + "".join(rows) + "</table>")
    biggest = sorted(ledger.combats, key=lambda c: -abs(c.luck))[:5]
    listed = "".join(f"<li><a href='#turn-{c.turn}'>Turn {c.turn}</a>: {escape(combat_words(c))}</li>"
                     for c in biggest)
    total = ledger.total(Side.JP)
    sentence = escape(luck_sentence(ledger, Side.JP, "Japanese"))
    return (head + f"<p><b>{sentence}</b> (Commonwealth: {_signed(-total)} steps; "
            f"{steps_text(abs(total))} either way over {len(ledger.combats)} combats.)</p>" + table +
            f"<h3>The dice that mattered most</h3><ol>{listed}</ol>")


def analysis_sections(log: ReplayLog, save_path: Path) -> str:
    """Every analysis section of the report."""
    analysis, why = matching_analysis(log, save_path)
    return chances_section(analysis, why) + turning_section(analysis) + luck_section(luck_ledger(log))

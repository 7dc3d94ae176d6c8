"""The after-action report as one self-contained HTML page (inline CSS and SVG; PNGs beside it)."""

from __future__ import annotations

import datetime
from html import escape

from malaya import engine
from malaya.engine import Side
from malaya.report.chart import vp_chart
from malaya.report.timeline import GameTimeline, Milestone, TurnReport
from malaya.session.words.event_words import SIDE_ADJECTIVES

STYLE = """
body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:0 auto;max-width:980px;padding:0 20px 60px;
color:#222;background:#fff}
h1{margin:28px 0 4px}h2{margin-top:36px;border-bottom:2px solid #ddd;padding-bottom:4px}
.sub{color:#666;margin:0 0 18px}table{border-collapse:collapse;margin:10px 0 18px;width:100%}
th,td{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f4f2ea}
td.n{text-align:right;font-variant-numeric:tabular-nums}.late{color:#1a4fa0}.early{color:#b02020}
.turn{display:flex;gap:20px;align-items:flex-start;flex-wrap:wrap}.turn img{border:1px solid #ccc;
width:350px;height:auto}.facts{flex:1;min-width:300px}.jp{color:#b02020}.cw{color:#1a4fa0}
nav a{margin-right:6px}
table.combats td{white-space:nowrap}table.combats td.result{white-space:normal;min-width:9em}
table.combats td.then{white-space:normal;min-width:18em;width:45%}
"""


def _controller(name: str) -> str:
    """``computer (normal)`` for ``ai:normal``, ``player`` for ``human``."""
    kind, _, level = name.partition(":")
    if kind == "human":
        return "player"
    return f"computer ({level})" if kind == "ai" and level else "computer" if kind in ("ai", "random") else name


def _capital(text: str) -> str:
    """The text with a capital first letter."""
    return text[:1].upper() + text[1:]


def _e(text: object) -> str:
    """HTML-escaped text."""
    return escape(str(text))


def _date(d: datetime.date) -> str:
    """``12 Dec 1941``."""
    return f"{d.day} {d:%b %Y}"


def header(tl: GameTimeline) -> str:
    """Title, the save and the result."""
    log = tl.log
    save, gd, final = log.save, log.gd, log.final
    res = engine.result(gd, final)
    who = ", ".join(f"{SIDE_ADJECTIVES[s]}: {_controller(c)}" for s, c in sorted(save.controllers.items()))
    outcome = (f"<b>{_e(res.level)}</b> — Japanese {res.jp_vp} VP, Commonwealth {res.cw_vp} VP "
               f"(margin {res.margin:+d})" if res is not None and final.finished else
               f"in progress: turn {final.turn}, {SIDE_ADJECTIVES[final.side]} {final.phase.value.replace('_', ' ')} "
               "phase")
    return (f"<h1>After-action report</h1><p class='sub'>{_e(gd.scenario.name)} — “{_e(save.name)}”, "
            f"saved {_e(save.saved_at[:16].replace('T', ' '))} UTC</p>"
            f"<table><tr><th>Result</th><td>{outcome}</td></tr>"
            f"<tr><th>Played</th><td>{len(tl.turns)} game-turns, {len(log)} actions, seed {save.seed}</td></tr>"
            f"<tr><th>Players</th><td>{_e(who)}</td></tr>"
            f"<tr><th>Options</th><td>{_e(', '.join(save.options or ()) or 'none')}</td></tr></table>")


def _difference(m: Milestone) -> str:
    """``3 turns later`` / ``1 turn earlier`` / ``on time`` / ``not reached``."""
    d = m.difference
    if d is None:
        return "<td>not reached</td>"
    if d == 0:
        return "<td>as history</td>"
    word = "later" if d > 0 else "earlier"
    turns = "turn" if abs(d) == 1 else "turns"
    return f"<td class='{'late' if d > 0 else 'early'}'>{abs(d)} {turns} {word} ({abs(d) * 3} days)</td>"


def timeline_table(tl: GameTimeline) -> str:
    """The historical timeline against this game."""
    rows = []
    for m in tl.milestones:
        game = "—" if m.game_turn is None else f"turn {m.game_turn}"
        rows.append(f"<tr><td>{_e(m.place)}</td><td>{_e(m.event)}</td><td>{_date(m.date)} (turn {m.historical_turn})"
                    f"</td><td>{game}</td>{_difference(m)}</tr>")
    return ("<h2 id='timeline'>The historical timeline</h2><p>When the Japanese took each place in 1941–42, and the "
            "first game-turn at whose end they controlled it in this game.</p>"
            "<table class='timeline'><tr><th>Place</th><th>In history</th><th>Date (game-turn)</th>"
            f"<th>This game</th><th>Difference</th></tr>{''.join(rows)}</table>")


def vp_section(tl: GameTimeline) -> str:
    """The VP track chart."""
    points = [(t.turn, t.margin) for t in tl.turns]
    return ("<h2 id='vp'>Victory points</h2><p>The margin, Japanese VP minus Commonwealth VP, if the game had ended "
            f"with each game-turn.</p>{vp_chart(points)}")


def losses_table(tl: GameTimeline) -> str:
    """Steps lost per side per game-turn, with running totals."""
    rows, total = [], {Side.JP: 0, Side.CW: 0}
    for t in tl.turns:
        for side in total:
            total[side] += t.losses[side]
        rows.append(f"<tr><td><a href='#turn-{t.turn}'>{t.turn}</a></td><td>{_date(t.date)}</td>"
                    f"<td class='n'>{t.losses[Side.JP]}</td><td class='n'>{total[Side.JP]}</td>"
                    f"<td class='n'>{t.losses[Side.CW]}</td><td class='n'>{total[Side.CW]}</td>"
                    f"<td class='n'>{len(t.combats)}</td><td class='n'>{t.margin:+d}</td></tr>")
    return ("<h2 id='losses'>Losses</h2><table><tr><th>Turn</th><th>Date</th><th>Japanese steps lost</th>"
            "<th>Japanese total</th><th>Commonwealth steps lost</th><th>Commonwealth total</th><th>Combats</th>"
            "<th>VP margin</th></tr>"
            f"{''.join(rows)}</table>")


def _combats(t: TurnReport) -> str:
    """The combats of one game-turn as a table."""
    if not t.combats:
        return "<p>No combats.</p>"
    rows = "".join(
        f"<tr><td class='{c.attacker.value.lower()}'>{SIDE_ADJECTIVES[c.attacker]}</td><td>{_e(c.where)}</td>"
        f"<td>{_e(c.strengths)}</td><td>{_e(c.odds)}</td><td>{_e(c.roll)}</td>"
        f"<td class='result'><b>{_e(_capital(c.result))}</b></td>"
        f"<td class='then'>{'<br>'.join(_e(a) for a in c.aftermath) or '—'}</td></tr>" for c in t.combats)
    return ("<table class='combats'><tr><th>Attacker</th><th>Attack on</th><th>Strengths</th><th>Odds</th><th>Die</th>"
            f"<th>Result</th><th>Then</th></tr>{rows}</table>")


def turn_section(t: TurnReport, image: str) -> str:
    """One game-turn: the snapshot and its facts."""
    gone = "; ".join(f"{SIDE_ADJECTIVES[s]}: {', '.join(names)}" for s, names in t.eliminated.items()
                     if names) or "none"
    front = _e(t.front) if t.front else "no place on the trunk road yet"
    return (f"<h2 id='turn-{t.turn}'>Game-turn {t.turn} — {_date(t.date)}</h2><div class='turn'>"
            f"<a href='{_e(image)}'><img src='{_e(image)}' alt='The map at the end of game-turn {t.turn}' "
            f"width='350'></a><div class='facts'><table>"
            f"<tr><th>Front (southernmost Japanese-held place on the trunk road)</th><td>{front}</td></tr>"
            f"<tr><th>Steps lost</th><td><span class='jp'>Japanese {t.losses[Side.JP]}</span>, "
            f"<span class='cw'>Commonwealth {t.losses[Side.CW]}</span></td></tr>"
            f"<tr><th>Units eliminated</th><td>{_e(gone)}</td></tr>"
            f"<tr><th>VP margin</th><td>{t.margin:+d} ({_e(t.level)})</td></tr></table></div></div>"
            f"<h3>Combats</h3>{_combats(t)}")  # the page's whole width: "Then" never squeezed beside the map


def page(tl: GameTimeline, images: dict[int, str], analysis: str = "") -> str:
    """The whole HTML document; ``analysis``: the win-chance, turning-point and luck sections (issue 29)."""
    nav = " ".join(f"<a href='#turn-{t.turn}'>{t.turn}</a>" for t in tl.turns)
    body = [header(tl), timeline_table(tl), vp_section(tl), analysis, losses_table(tl),
            f"<h2>Turn by turn</h2><p>The map when each game-turn is over: the red line is the front (the edge "
            f"of Japanese-controlled land, shaded red).</p><nav>Turn {nav}</nav>",
            *(turn_section(t, images[t.turn]) for t in tl.turns)]
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>After-action report — "
            f"{_e(tl.log.save.name)}</title><meta name='viewport' content='width=device-width,initial-scale=1'>"
            f"<style>{STYLE}</style></head><body>{''.join(body)}</body></html>\n")

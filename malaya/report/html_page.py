"""The after-action report as one self-contained HTML page (inline CSS and SVG; PNGs beside it)."""

from __future__ import annotations

import datetime
from html import escape

from malaya import engine
from malaya.engine import Side
from malaya.report.chart import vp_chart
from malaya.report.timeline import GameTimeline, Milestone, TurnReport
from malaya.session.words.catalog import say
from malaya.session.words.event_words import PHASE_NAMES, SIDE_ADJECTIVES

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
        return say("report_page.player")
    if kind == "ai" and level:
        return say("report_page.computer_at", level=level)
    return say("report_page.computer") if kind in ("ai", "random") else name


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
    outcome = (say("report_page.b_b_japanese_vp_commonwealth", level=_e(res.level), jp_vp=res.jp_vp, cw_vp=res.cw_vp,
                   margin=format(res.margin, "+d")) if res is not None and final.finished else
               say("report_page.in_progress_turn_phase", turn=final.turn, side=SIDE_ADJECTIVES[final.side],
                   phase=PHASE_NAMES[final.phase]))
    return (say("report_page.h1_after_action_report_h1", name=_e(gd.scenario.name), name2=_e(save.name),
                phase=_e(save.saved_at[:16].replace('T', ' ')), outcome=outcome, n_turns=len(tl.turns),
                n_log=len(log), seed=save.seed, who=_e(who), value=_e(', '.join(save.options or ()) or 'none')))


def _difference(m: Milestone) -> str:
    """``3 turns later`` / ``1 turn earlier`` / ``on time`` / ``not reached``."""
    d = m.difference
    if d is None:
        return say("report_page.td_not_reached_td")
    if d == 0:
        return say("report_page.td_as_history_td")
    return say("report_page.later" if d > 0 else "report_page.earlier", turns=abs(d), days=abs(d) * 3)


def timeline_table(tl: GameTimeline) -> str:
    """The historical timeline against this game."""
    rows = []
    for m in tl.milestones:
        game = "—" if m.game_turn is None else say("report_page.turn", game_turn=m.game_turn)
        when = say("report_page.date_and_turn", date=_date(m.date), turn=m.historical_turn)
        rows.append(f"<tr><td>{_e(m.place)}</td><td>{_e(m.event)}</td><td>{when}</td><td>{game}</td>{_difference(m)}</tr>")
    return (say("report_page.h2_id_timeline_the_historical", join=''.join(rows)))


def vp_section(tl: GameTimeline) -> str:
    """The VP track chart."""
    points = [(t.turn, t.margin) for t in tl.turns]
    return (say("report_page.h2_id_vp_victory_points", vp_chart=vp_chart(points)))


def losses_table(tl: GameTimeline) -> str:
    """Steps lost per side per game-turn, with running totals."""
    rows, total = [], {Side.JP: 0, Side.CW: 0}
    for t in tl.turns:
        for side in total:
            total[side] += t.losses[side]
        rows.append(say("report_page.tr_td_a_href_turn", turn=t.turn, date=_date(t.date), losses=t.losses[Side.JP],
                        total=total[Side.JP], losses2=t.losses[Side.CW], total2=total[Side.CW],
                        n_combats=len(t.combats), margin=format(t.margin, "+d")))
    return (say("report_page.h2_id_losses_losses_h2", join=''.join(rows)))


def _combats(t: TurnReport) -> str:
    """The combats of one game-turn as a table."""
    if not t.combats:
        return say("report_page.p_no_combats_p")
    rows = "".join(
        f"<tr><td class='{c.attacker.value.lower()}'>{SIDE_ADJECTIVES[c.attacker]}</td><td>{_e(c.where)}</td>"
        f"<td>{_e(c.strengths)}</td><td>{_e(c.odds)}</td><td>{_e(c.roll)}</td>"
        f"<td class='result'><b>{_e(_capital(c.result))}</b></td>"
        f"<td class='then'>{'<br>'.join(_e(a) for a in c.aftermath) or '—'}</td></tr>" for c in t.combats)
    return (say("report_page.table_class_combats_tr_th", rows=rows))


def turn_section(t: TurnReport, image: str) -> str:
    """One game-turn: the snapshot and its facts."""
    gone = "; ".join(f"{SIDE_ADJECTIVES[s]}: {', '.join(names)}" for s, names in t.eliminated.items()
                     if names) or "none"
    front = _e(t.front) if t.front else say("report_page.no_place_on_the_trunk")
    return (say("report_page.h2_id_turn_game_turn", turn=t.turn, date=_date(t.date), image=_e(image), front=front,
                losses=t.losses[Side.JP], losses2=t.losses[Side.CW], gone=_e(gone), margin=format(t.margin, "+d"),
                level=_e(t.level), combats=_combats(t)))  # the page's whole width: "Then" never squeezed beside the map


def page(tl: GameTimeline, images: dict[int, str], analysis: str = "") -> str:
    """The whole HTML document; ``analysis``: the win-chance, turning-point and luck sections (issue 29)."""
    nav = " ".join(f"<a href='#turn-{t.turn}'>{t.turn}</a>" for t in tl.turns)
    body = [header(tl), timeline_table(tl), vp_section(tl), analysis, losses_table(tl),
            say("report_page.h2_turn_by_turn_h2", nav=nav),
            *(turn_section(t, images[t.turn]) for t in tl.turns)]
    return (say("report_page.doctype_html_html_lang_en", name=_e(tl.log.save.name), style=STYLE, join=''.join(body)))

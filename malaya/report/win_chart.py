"""The win-chance graph as an inline SVG: stacked shares per analysed position, each linked to its game-turn.

The line is the Japanese chance of winning (0 % at the bottom, 100 % at the top), filled below (red);
Commonwealth wins fill from the top down (blue, hatched so the sides are not told apart by colour alone),
draws between; the 95 % interval of the Japanese chance is a light band, and positions from too few
rollouts are drawn as hollow dots. Every dot links to ``#turn-N``.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from malaya.session.analysis.estimate import Outcome
from malaya.session.analysis.turning import Position
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES

WIDTH, HEIGHT = 720, 280
PAD_L, PAD_R, PAD_T, PAD_B = 48, 16, 16, 40
TITLE = say("report_win_chart.title")


def _label(p: Position) -> str:
    """The hover text of one position."""
    e = p.estimate
    when = say("report_win_chart.game_over") if p.final else \
        say("report_win_chart.turn_to_play", turn=p.turn, side=SIDE_ADJECTIVES[p.side])
    key = "report_win_chart.point_rough" if e.too_few and not p.final else "report_win_chart.point"
    return say(key, when=when, jp=format(100 * e.share(Outcome.JP), ".0f"),
               draw=format(100 * e.share(Outcome.DRAW), ".0f"), cw=format(100 * e.share(Outcome.CW), ".0f"),
               rollouts=e.rollouts)


def win_chart(positions: Sequence[Position], title: str = TITLE) -> str:
    """The SVG of the positions' chances (each a link to its game-turn's section)."""
    if not positions:
        return f"<p>{say('report_win_chart.no_position')}</p>"
    plot_w, plot_h = WIDTH - PAD_L - PAD_R, HEIGHT - PAD_T - PAD_B
    count = len(positions)

    def x(i: int) -> float:
        return PAD_L + (i / max(1, count - 1)) * plot_w

    def y(share: float) -> float:
        return PAD_T + (1 - share) * plot_h

    jp = [p.estimate.share(Outcome.JP) for p in positions]
    cw = [p.estimate.share(Outcome.CW) for p in positions]
    line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(jp))
    cw_edge = " ".join(f"{x(i):.1f},{y(1 - v):.1f}" for i, v in enumerate(cw))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
             f'height="{HEIGHT}" role="img" aria-label="{escape(title)}">',
             '<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
             'patternTransform="rotate(45)"><rect width="6" height="6" fill="#c9d3ef"/>'
             '<line x1="0" y1="0" x2="0" y2="6" stroke="#7f93cf" stroke-width="2"/></pattern></defs>',
             f'<rect x="{PAD_L}" y="{PAD_T}" width="{plot_w}" height="{plot_h}" fill="#f3f1e8" stroke="#bbb"/>',
             f'<polygon points="{x(0):.1f},{y(0):.1f} {line} {x(count - 1):.1f},{y(0):.1f}" fill="#efc4c4"/>',
             f'<polygon points="{x(0):.1f},{y(1):.1f} {cw_edge} {x(count - 1):.1f},{y(1):.1f}" fill="url(#hatch)"/>']
    chances = [p.estimate.chance(Outcome.JP) for p in positions]  # the game's end is known: no interval there
    band_hi = [c.share if p.final else c.high for p, c in zip(positions, chances, strict=True)]
    band_lo = [c.share if p.final else c.low for p, c in zip(positions, chances, strict=True)]
    band = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(band_hi))
    band += " " + " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in reversed(list(enumerate(band_lo))))
    parts.append(f'<polygon points="{band}" fill="#b22" fill-opacity="0.12"/>')
    parts.append(f'<line x1="{PAD_L}" x2="{PAD_L + plot_w}" y1="{y(0.5):.1f}" y2="{y(0.5):.1f}" stroke="#555" '
                 f'stroke-dasharray="4 3"/>')
    for v in (0, 25, 50, 75, 100):
        parts.append(f'<text x="{PAD_L - 6}" y="{y(v / 100) + 4:.1f}" font-size="11" text-anchor="end">'
                     f'{say("report_win_chart.tick", percent=v)}</text>')
    parts.append(f'<text x="{PAD_L + 6}" y="{PAD_T + 14}" font-size="12" fill="#224">'
                 f'{say("report_win_chart.commonwealth_band")}</text>')
    parts.append(f'<text x="{PAD_L + 6}" y="{PAD_T + plot_h - 6}" font-size="12" fill="#822">'
                 f'{say("report_win_chart.japanese_line")}</text>')
    parts.append(f'<polyline points="{line}" fill="none" stroke="#b22" stroke-width="2"/>')
    last_turn = None
    for i, p in enumerate(positions):
        if p.turn != last_turn and not p.final:
            parts.append(f'<text x="{x(i):.1f}" y="{HEIGHT - PAD_B + 16}" font-size="11" text-anchor="middle">'
                         f'{p.turn}</text>')
            last_turn = p.turn
        hollow = p.estimate.too_few and not p.final
        fill = "#fff" if hollow else "#b22"
        parts.append(f'<a href="#turn-{p.turn}"><circle cx="{x(i):.1f}" cy="{y(jp[i]):.1f}" r="5" fill="{fill}" '
                     f'stroke="#b22" stroke-width="1.5"><title>{escape(_label(p))}</title></circle></a>')
    parts.append(f'<text x="{PAD_L + plot_w / 2:.1f}" y="{HEIGHT - 6}" font-size="12" text-anchor="middle">'
                 f'{say("report_win_chart.axis")}</text>')
    parts.append("</svg>")
    return "\n".join(parts)

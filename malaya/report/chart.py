"""The VP track as an inline SVG line chart (no scripts, no external assets)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from malaya.session.words.catalog import say

WIDTH, HEIGHT = 720, 260
PAD_L, PAD_R, PAD_T, PAD_B = 48, 16, 16, 36


def _scale(values: Sequence[int]) -> tuple[int, int]:
    """The y range: the values and zero, with a little headroom."""
    lo, hi = min(0, *values), max(0, *values)
    span = max(4, hi - lo)
    return lo - span // 10 - 1, hi + span // 10 + 1


TITLE = say("report_vp_chart.title")
"""The chart's title (its accessible label)."""


def vp_chart(points: Sequence[tuple[int, int]], title: str = TITLE) -> str:
    """An SVG of (game-turn, margin) points: the zero line, axis ticks, the track and its dots."""
    if not points:
        return f"<p>{say('report_vp_chart.no_game_turn')}</p>"
    turns = [t for t, _ in points]
    lo, hi = _scale([v for _, v in points])
    t0, t1 = min(turns), max(max(turns), min(turns) + 1)
    plot_w, plot_h = WIDTH - PAD_L - PAD_R, HEIGHT - PAD_T - PAD_B

    def x(t: float) -> float:
        return PAD_L + (t - t0) / (t1 - t0) * plot_w

    def y(v: float) -> float:
        return PAD_T + (hi - v) / (hi - lo) * plot_h

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
             f'height="{HEIGHT}" role="img" aria-label="{escape(title)}">',
             f'<rect x="{PAD_L}" y="{PAD_T}" width="{plot_w}" height="{plot_h}" fill="#fbfaf5" stroke="#bbb"/>']
    parts.append(f'<rect x="{PAD_L}" y="{PAD_T}" width="{plot_w}" height="{y(0) - PAD_T:.1f}" fill="#f6e3e3"/>')
    parts.append(f'<rect x="{PAD_L}" y="{y(0):.1f}" width="{plot_w}" height="{PAD_T + plot_h - y(0):.1f}" '
                 f'fill="#e3e8f6"/>')
    parts.append(f'<line x1="{PAD_L}" x2="{PAD_L + plot_w}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#555" '
                 f'stroke-dasharray="4 3"/>')
    parts.append(f'<text x="{PAD_L + 6}" y="{PAD_T + 14}" font-size="12" fill="#933">'
                 f'{say("report_vp_chart.japanese_ahead")}</text>')
    parts.append(f'<text x="{PAD_L + 6}" y="{PAD_T + plot_h - 6}" font-size="12" fill="#339">'
                 f'{say("report_vp_chart.commonwealth_ahead")}</text>')
    step = max(1, (hi - lo) // 6)
    for v in range(lo - lo % step, hi + 1, step):
        if lo <= v <= hi:
            label = f"{v:+d}" if v else "0"
            parts.append(f'<text x="{PAD_L - 6}" y="{y(v) + 4:.1f}" font-size="11" text-anchor="end">{label}</text>')
    for t in range(t0, t1 + 1, max(1, (t1 - t0) // 14)):
        parts.append(f'<text x="{x(t):.1f}" y="{HEIGHT - PAD_B + 16}" font-size="11" text-anchor="middle">{t}</text>')
    parts.append(f'<text x="{PAD_L + plot_w / 2:.1f}" y="{HEIGHT - 4}" font-size="12" '
                 f'text-anchor="middle">{say("report_vp_chart.axis")}</text>')
    line = " ".join(f"{x(t):.1f},{y(v):.1f}" for t, v in points)
    parts.append(f'<polyline points="{line}" fill="none" stroke="#b22" stroke-width="2.5"/>')
    for t, v in points:
        parts.append(f'<circle cx="{x(t):.1f}" cy="{y(v):.1f}" r="3.5" fill="#b22"><title>'
                     f'{say("report_vp_chart.point", turn=t, margin=format(v, "+d"))}</title>'
                     f'</circle>')
    parts.append("</svg>")
    return "\n".join(parts)

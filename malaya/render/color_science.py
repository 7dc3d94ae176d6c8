"""Colour arithmetic for accessibility checks: WCAG contrast, colour-blindness simulation, CIEDE2000.

Pure functions on 8-bit sRGB triples (no pygame). Sources: WCAG 2.1 relative luminance and
contrast ratio; Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency", severity 1.0 matrices (applied to linear RGB);
CIE 1976 L*a*b* (D65) and the CIEDE2000 difference (Sharma, Wu & Dalal 2005).
"""

from __future__ import annotations

import math
from enum import Enum

Color = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]


class Deficiency(Enum):
    """A colour-vision deficiency simulated at full severity."""

    PROTANOPIA = "protanopia"
    DEUTERANOPIA = "deuteranopia"
    TRITANOPIA = "tritanopia"


MACHADO_2009: dict[Deficiency, Matrix] = {
    Deficiency.PROTANOPIA: ((0.152286, 1.052583, -0.204868),
                            (0.114503, 0.786281, 0.099216),
                            (-0.003882, -0.048116, 1.051998)),
    Deficiency.DEUTERANOPIA: ((0.367322, 0.860646, -0.227968),
                              (0.280085, 0.672501, 0.047413),
                              (-0.011820, 0.042940, 0.968881)),
    Deficiency.TRITANOPIA: ((1.255528, -0.076749, -0.178779),
                            (-0.078411, 0.930809, 0.147602),
                            (0.004733, 0.691367, 0.303900)),
}
"""Machado et al. (2009) simulation matrices, severity 1.0, for linear RGB."""


def to_linear(channel: int) -> float:
    """An 8-bit sRGB channel as linear light (0–1)."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def from_linear(value: float) -> int:
    """Linear light (clipped to 0–1) as an 8-bit sRGB channel."""
    v = min(1.0, max(0.0, value))
    c = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(c * 255)


def relative_luminance(color: Color) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour."""
    r, g, b = (to_linear(c) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Color, b: Color) -> float:
    """WCAG 2.1 contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def simulate(color: Color, deficiency: Deficiency) -> Color:
    """How ``color`` looks with ``deficiency`` (Machado 2009, severity 1.0)."""
    linear = [to_linear(c) for c in color]
    m = MACHADO_2009[deficiency]
    r, g, b = (sum(m[i][j] * linear[j] for j in range(3)) for i in range(3))
    return from_linear(r), from_linear(g), from_linear(b)


def to_lab(color: Color) -> tuple[float, float, float]:
    """CIE L*a*b* (D65 white) of an sRGB colour."""
    r, g, b = (to_linear(c) for c in color)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(c1: Color, c2: Color) -> float:
    """The CIEDE2000 colour difference ΔE00 between two sRGB colours (kL = kC = kH = 1)."""
    return delta_e00(to_lab(c1), to_lab(c2))


def delta_e00(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """The CIEDE2000 colour difference ΔE00 between two L*a*b* colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0 if c1p * c2p == 0 else (h2p - h1p + 180) % 360 - 180
    d_big_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, c_bar_p = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_bar_p ** 7 / (c_bar_p ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * c_bar_p
    s_h = 1 + 0.015 * c_bar_p * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (d_big_h / s_h) ** 2
                     + r_t * (dc / s_c) * (d_big_h / s_h))

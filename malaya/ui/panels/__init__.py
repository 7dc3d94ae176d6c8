"""Sections of a screen that draw themselves and report what was clicked: top bar, side panels."""

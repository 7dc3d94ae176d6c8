"""Sections of a screen that other screens share: the briefing, the replay panel and win graph, save slots."""

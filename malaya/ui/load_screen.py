"""The Load page: the save slots (newest first); a click continues that game (as hotseat for now)."""

from __future__ import annotations

import pygame

from malaya.ui.screens import App, Screen
from malaya.ui.widgets import BG, DIM, TEXT, WARN, Button, draw_panel, draw_text, px


class LoadScreen(Screen):
    """See module docstring; a damaged save becomes a message, never a crash."""

    def __init__(self) -> None:
        self.back = Button("Back", size=16)
        self.rows: list[tuple[pygame.Rect, object]] = []
        self.slots, self.problems = self._list()

    @staticmethod
    def _list() -> tuple[list, list[str]]:
        """Readable slots and one line per unreadable file."""
        try:
            from malaya.persistence import list_slots

            listing = list_slots()
        except Exception as exc:  # a broken saves folder must not break the menu
            return [], [f"Cannot list saves: {exc}"]
        return list(listing.slots), [str(problem) for _, problem in listing.unreadable]

    def handle(self, event: pygame.event.Event, app: App) -> None:
        """Click a slot to load it; Back/Esc returns."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            app.pop()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.back.hit(event.pos):
                app.pop()
                return
            for rect, slot in self.rows:
                if rect.collidepoint(event.pos):
                    self._load(app, slot)

    def _load(self, app: App, slot: object) -> None:
        """Load a slot and open its battle (hotseat: both sides at this computer)."""
        from malaya.engine.sides import Side
        from malaya.session.game_client import GameClient
        from malaya.ui.battle_screen import BattleScreen

        try:
            from malaya.persistence import load_match

            match, _ = load_match(slot.path, app.gd)  # type: ignore[attr-defined]
        except Exception as exc:  # SaveError and anything unexpected: tell the player
            app.toast(f"Cannot load: {exc}", warning=True)
            return
        client = GameClient(match, frozenset(Side))
        client.note(f"Loaded {getattr(slot, 'name', 'save')}.")
        app.reset(BattleScreen(app, client))

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """The slot list and any problems."""
        surface.fill(BG)
        mouse = pygame.mouse.get_pos()
        box = pygame.Rect(0, 0, min(surface.get_width() - px(40), px(760)), min(surface.get_height() - px(40), px(560)))
        box.center = surface.get_rect().center
        inner = draw_panel(surface, box, "Load a game")
        y = inner.top
        self.rows = []
        if not self.slots:
            y = draw_text(surface, "No saved games yet.", (inner.left, y), 14, DIM).bottom + px(6)
        for slot in self.slots[:14]:
            rect = pygame.Rect(inner.left, y, inner.width, px(26))
            if rect.collidepoint(mouse):
                pygame.draw.rect(surface, (60, 70, 84), rect)
            status = "finished" if slot.finished else f"turn {slot.turn} {slot.side.value} {slot.phase}"
            draw_text(surface, f"{slot.name}   {status}   {slot.date}", (rect.left + px(4), rect.centery), 14, TEXT,
                      anchor="midleft")
            self.rows.append((rect, slot))
            y = rect.bottom + px(2)
        for problem in self.problems[:4]:
            y = draw_text(surface, problem, (inner.left, y + px(4)), 12, WARN).bottom
        self.back.rect = pygame.Rect(inner.left, inner.bottom - px(40), px(140), px(40))
        self.back.draw(surface, mouse)

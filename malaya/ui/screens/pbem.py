"""The play-by-e-mail page: the player's games with whose turn it is, new games, and opening a received file.

A turn file is opened by dropping it on the window (here or on the main menu), or from the shared folder
the page watches (F chooses it; dropping a folder does too): a file that arrived there is offered with an
Open button (O), and why any other file there is not opened is said below it. Playing a turn opens
``battle/pbem_turn.py``; when it closes, this page says where the turn file was written.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from malaya.content.errors import ContentError
from malaya.engine import Side
from malaya.persistence.data_folder import data_dir
from malaya.persistence.errors import SaveError
from malaya.persistence.pbem.games import PbemGame, Sent, Stage, list_games, new_game, receive
from malaya.persistence.pbem.turn_start import PreparedTurn, prepare_turn
from malaya.persistence.pbem.turnfile import PbemError
from malaya.persistence.pbem.watch import Arrival, Seen
from malaya.session.words.catalog import say
from malaya.session.words.content_words import content_text
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.ui.app.background import Background, finished, started
from malaya.ui.app.intents import Pop, Push, ToFolder, ToPbemTurn, Transition
from malaya.ui.app.pbem_watch import choose_folder, shared_watch
from malaya.ui.app.stack import App, Screen
from malaya.ui.widgets.focus import ButtonFocus
from malaya.ui.widgets.kit import ACCENT, BG, DIM, TEXT, WARN, Button, draw_text, draw_tooltip, px, wrap
from malaya.ui.widgets.layout import Layout

MAX_ROWS = 8
"""Games listed at once (the newest first)."""
MAX_OFFERS = 2
"""Arrived files offered at once."""
MAX_NOTES = 3
"""Files of the shared folder not opened, each with its reason, shown at once."""


def game_line(game: PbemGame) -> str:
    """``Jitra · game 07969344 · you play the Commonwealth · your turn (turn 2)``."""
    state = game.match.state
    name = game.ledger.gd.scenario.name
    fields = {"name": name, "game_id": game.game_id[:8], "side": SIDE_ADJECTIVES[game.side], "stage": game.stage.words}
    if game.stage is Stage.OVER:
        return say("pbem.game_line_over", **fields)
    return say("pbem.game_line", **fields, turn=state.turn)


def sent_text(sent: Sent) -> str:
    """Where the file to send is."""
    return say("pbem.turn_file_written_bytes_send", path=sent.path, size=format(sent.size, ","))


class PbemScreen(Screen):
    """See module docstring."""

    def __init__(self, app: App, dropped: Path | None = None) -> None:
        self.app = app
        self.message: tuple[str, bool] = (say("pbem.drop_a_turn_file_your"), False)
        self.new = {Side.JP: Button(say("pbem.new_game_as_japan"), size=15,
                                    tip=say("pbem.start_a_game_as_jp")),
                    Side.CW: Button(say("pbem.new_game_as_the_commonwealth"), size=15,
                                    tip=say("pbem.start_a_game_as_cw"))}
        self.back = Button(say("pbem.back"), size=15, tip=say("pbem.back_to_the_main_menu"))
        self.folder = Button("", size=13)
        self.rows: list[tuple[Button, PbemGame | None]] = []
        self.offers: list[tuple[Button, Arrival]] = []
        self.notes: list[Arrival] = []
        self.focus = ButtonFocus()
        self.loading: Background[PreparedTurn] | None = None
        """The turn chosen being made ready off the window's thread (late in a campaign, a second or two)."""
        self._loading_game: PbemGame | None = None
        self._refresh()
        self._watch_label()
        if dropped is not None:
            self.open_file(dropped)

    def _watch_label(self) -> None:
        """The shared-folder button says which folder is watched."""
        watch = shared_watch(data_dir())
        self.folder.label = say("pbem.shared_folder",
                                folder=watch.folder) if watch else say("pbem.shared_folder_none_choose_one")
        self.folder.tip = (say("pbem.your_games_write_their_files") if watch else say("pbem.choose_a_shared_or_synced"))

    def choose_folder(self, typed: str) -> str | None:
        """Watch the folder typed (the dialog's answer); why not, or None."""
        problem = choose_folder(data_dir(), typed)
        if problem is None:
            self._watch_label()
            self.message = (say("pbem.watching_for_your_opponent_s", folder=typed) if typed else
                            say("pbem.no_shared_folder_any_more"), False)
        return problem

    def _look(self) -> None:
        """What the shared folder holds now: files to offer, and why others are not opened."""
        watch = shared_watch(data_dir())
        found = watch.found() if watch is not None else []
        ready = [a for a in found if a.seen is Seen.READY][:MAX_OFFERS]
        if [a for _, a in self.offers] != ready:
            self.offers = [(Button(say("pbem.open", game=a.text) + (" (O)" if i == 0 else ""), size=13,
                                   tip=say("pbem.open_the_file_and_see")), a) for i, a in enumerate(ready)]
        self.notes = [a for a in found if a.seen is not Seen.READY][:MAX_NOTES]

    def busy(self, app: App) -> bool:
        """True while a turn is being made ready (the window keeps drawing its progress)."""
        return self.loading is not None

    def _turn_ready(self) -> Transition | None:
        """The turn's screen once its client and replay are ready, or why it cannot open."""
        try:
            prepared = finished(self.loading)
        except SaveError as err:
            self.loading = None
            self.message = (say("pbem.the_game_cannot_be_opened", error=err), True)
            return None
        except ContentError as err:  # the game's installed scenario cannot be read: what is wrong with its files
            self.loading = None
            self.message = (say("pbem.the_game_cannot_be_opened", error=content_text(err)), True)
            return None
        if prepared is None or self._loading_game is None:
            return None
        game, self.loading, self._loading_game = self._loading_game, None, None
        return Push(ToPbemTurn(game, prepared))

    def update(self, dt: float, app: App) -> Transition | None:
        """Look at the shared folder; after a turn was played (the battle screen closed), say where its file is."""
        self._look()
        if self.loading is not None:
            return self._turn_ready()
        for _button, game, stage in self._shown():
            if game is not None and game.stage is not stage and game.last_sent is not None:
                self.message = (sent_text(game.last_sent), False)
                self._refresh()
                break
        return None

    def _shown(self) -> list[tuple[Button, PbemGame | None, Stage | None]]:
        """Each row with the stage it showed."""
        return [(b, g, self.stages.get(id(g))) for b, g in self.rows]

    def _refresh(self) -> None:
        """Read the games again (a bad one is listed greyed, with its reason)."""
        self.rows = []
        self.stages: dict[int, Stage] = {}
        for game in list_games(data_dir())[-MAX_ROWS:]:
            if isinstance(game, PbemGame):
                reason = game.stage.reason or None
                self.rows.append((Button(game_line(game), reason, size=14, tip=say("pbem.play_your_turn")), game))
                self.stages[id(game)] = game.stage
            else:
                self.rows.append((Button(say("pbem.game_cannot_be_read", name=game[0].name[:8]), game[1], size=14),
                                  None))

    def open_file(self, path: Path) -> None:
        """Open a received turn file and say what happened (a refusal in plain words); a dropped folder is watched."""
        if path.is_dir():
            self.choose_folder(str(path))
            return
        watch = shared_watch(data_dir())
        self.offers = [(b, a) for b, a in self.offers if a.path != path]
        try:
            game, sent = receive(data_dir(), path)
        except PbemError as err:
            self.message = (str(err), True)
            if watch is not None:  # listed with why from now on, never offered again
                watch.refused(path, str(err) if str(err).startswith(path.name) else f"{path.name}: {err}")
            return
        if watch is not None:
            watch.forget(path)  # played now: not offered again
        if sent is None:
            self.message = (say("pbem.opened", name=path.name, stage=game.stage.words), False)
        else:
            self.message = (say("pbem.opened_and_sent", name=path.name, stage=game.stage.words, sent=sent_text(sent)),
                            False)
        self._refresh()

    def buttons(self) -> list[Button]:
        """Every button, in focus order."""
        return [self.folder] + [b for b, _ in self.offers] + [b for b, _ in self.rows] + [self.new[Side.JP],
                                                                                          self.new[Side.CW], self.back]

    def layout(self) -> Layout:
        """The rows and buttons."""
        placed = Layout()
        for i, button in enumerate(self.buttons()):
            placed.add(f"button {i}", button.rect)
        return placed

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Clicks, keys (J, W, Esc, arrows and Enter) and a dropped file."""
        if self.loading is not None:  # a turn is being opened: nothing else starts meanwhile
            return None
        if event.type == pygame.DROPFILE:
            self.open_file(Path(event.file))
            return None
        pressed = self.focus.key(event, self.buttons())
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_j, pygame.K_w):
            pressed = self.new[Side.JP if event.key == pygame.K_j else Side.CW]
        if event.type == pygame.KEYDOWN and event.key == pygame.K_f:
            pressed = self.folder
        if event.type == pygame.KEYDOWN and event.key == pygame.K_o and self.offers:
            pressed = self.offers[0][0]
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed = next((b for b in self.buttons() if b.hit(event.pos)), None)
        return self._press(pressed, app) if pressed is not None and pressed.enabled else None

    def _press(self, button: Button, app: App) -> Transition | None:
        """Carry out a button."""
        if button is self.back:
            return Pop()
        if button is self.folder:
            watch = shared_watch(data_dir())
            return Push(ToFolder(str(watch.folder) if watch else "", self.choose_folder))
        offered = next((a for b, a in self.offers if b is button), None)
        if offered is not None:
            self.open_file(offered.path)
            return None
        for side, new in self.new.items():
            if button is new:
                _game, sent = new_game(data_dir(), app.gd.scenario.id, side)
                self.message = (say("pbem.new_game_on", name=app.gd.scenario.name, sent=sent_text(sent)), False)
                self._refresh()
                return None
        game = next((g for b, g in self.rows if b is button), None)
        if game is None:
            return None
        self._loading_game = game
        self.loading = started(lambda: prepare_turn(game), "pbem-turn")
        return self._turn_ready()

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """Title, the games, the buttons and the last message."""
        surface.fill(BG)
        width = surface.get_width()
        cx = width // 2
        draw_text(surface, say("pbem.play_by_e_mail"), (cx, px(50)), 30, ACCENT, bold=True, anchor="center")
        draw_text(surface, say("pbem.each_turn_travels_as_one"), (cx, px(85)), 14, DIM, anchor="center")
        mouse = pygame.mouse.get_pos()
        self.folder.rect = pygame.Rect(0, 0, min(width - px(40), px(820)), px(30))
        self.folder.rect.midtop = (cx, px(110))
        self.folder.draw(surface, mouse)
        y = px(150)
        for button, _arrival in self.offers:
            button.rect = pygame.Rect(0, 0, min(width - px(40), px(820)), px(40))
            button.rect.midtop = (cx, y)
            button.draw(surface, mouse)
            y += px(48)
        for note in self.notes:
            for line in wrap(note.text, 12, min(width - px(60), px(900))):
                draw_text(surface, line, (cx, y), 12, DIM, anchor="midtop")
                y += px(18)
        if self.offers or self.notes:
            y += px(10)
        if not self.rows:
            draw_text(surface, say("pbem.no_games_yet_start_one"), (cx, y), 15,
                      TEXT, anchor="midtop")
            y += px(40)
        for button, _game in self.rows:
            button.rect = pygame.Rect(0, 0, min(width - px(40), px(820)), px(40))
            button.rect.midtop = (cx, y)
            button.draw(surface, mouse)
            y += px(48)
        y += px(12)
        for button in (self.new[Side.JP], self.new[Side.CW], self.back):
            button.rect = pygame.Rect(0, 0, px(360), px(42))
            button.rect.midtop = (cx, y)
            button.draw(surface, mouse)
            y += px(52)
        text, warning = self.message
        if self.loading is not None and self.loading.show_progress:
            text, warning = say("pbem.opening_the_game_s", elapsed=format(self.loading.elapsed(), ".1f")), False
        for line in wrap(text, 15, min(width - px(60), px(900))):
            draw_text(surface, line, (cx, y + px(8)), 15, WARN if warning else TEXT, anchor="midtop")
            y += px(24)
        self.focus.mark(self.buttons())
        tip = next((t for b in self.buttons() if (t := b.tooltip(mouse))), None)
        if tip:
            draw_tooltip(surface, tip, mouse)

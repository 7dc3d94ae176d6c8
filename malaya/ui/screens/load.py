"""The Load page (and the Replay page): save slots and autosaves, newest first, as a table.

Each row tells games apart: name, scenario, mode (against the computer as JP or CW, hotseat, lesson), turn
with its date, side and phase, seed, last played (:mod:`malaya.ui.panels.slot_table`); files that cannot be
read are greyed rows with their one-line reason. The folders are listed on a thread (a folder of ten thousand
saves never freezes the window): until the listing is done the page says it is reading. Clicking a row loads
that game (Load) or opens it in the replay viewer (Replay): the file is read and checked in the save reader's
process (``persistence/reader_process.py``), started when the page opens, so no frame waits on it; a load
taking longer than 0.2 s shows its progress. Each row has a Delete button that asks first. On keys:
Tab/Shift+Tab (or the arrows) move through the rows, their Delete buttons and Back, Enter opens or presses,
PgUp/PgDn scroll, Esc goes back. A file that fails to load gives a message here — nothing on disk changes and
the client never crashes.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from malaya.persistence import SaveError, SlotInfo, delete_slot, list_slots
from malaya.persistence.autosave import autosave_dir
from malaya.persistence.errors import printable
from malaya.session.words.catalog import say
from malaya.ui.app.background import Background, arrival, finished, started
from malaya.ui.app.flow import open_replay, open_saved_game
from malaya.ui.app.intents import LoadPurpose, Pop, Problem, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.panels.slot_table import COLUMNS, Known, cells, read_known
from malaya.ui.widgets.focus import ButtonFocus, Focusable, FocusRow
from malaya.ui.widgets.kit import (
    ACCENT,
    BG,
    DIM,
    TEXT,
    WARN,
    Button,
    draw_focus_ring,
    draw_panel,
    draw_text,
    px,
    text_surface,
)
from malaya.ui.widgets.layout import Layout
from malaya.ui.widgets.question_gate import QuestionGate
from malaya.ui.widgets.tips import draw_button_tip

ROW = 26
DELETE_W = 70
Listing = tuple[list[tuple[str, SlotInfo]], list[str], Known]
READING = say("load.reading_the_saves")
PAGE_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}


def gather_all() -> Listing:
    """:func:`gather`, and what the table knows beyond the headers (run off the window's thread)."""
    return (*gather(), read_known())


def gather() -> tuple[list[tuple[str, SlotInfo]], list[str]]:
    """(section, slot) rows — saves, then autosaves — and one line per unreadable file."""
    rows: list[tuple[str, SlotInfo]] = []
    problems: list[str] = []
    for section, folder, listed in ((say("load.saves"), None, "load.cannot_list_saves"),
                                    (say("load.autosaves"), "auto", "load.cannot_list_autosaves")):
        try:
            listing = list_slots(autosave_dir() if folder else None)
        except Exception as exc:  # a broken data folder must not break the menu
            problems.append(say(listed, error=exc))
            continue
        rows += [(section, slot) for slot in listing.slots]
        problems += [say("load.unreadable", reason=reason) for _, reason in listing.unreadable]
    return rows, problems


class LoadScreen(Screen):
    """See module docstring."""

    def __init__(self, purpose: LoadPurpose = LoadPurpose.LOAD) -> None:
        self.purpose = purpose
        self.back = Button(say("load.back"), size=16, tip=say("load.back_esc"))
        self.page = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[pygame.Rect, SlotInfo]] = []
        self.deletes: list[tuple[Button, SlotInfo]] = []
        self.slots: list[tuple[str, SlotInfo]] = []
        self.problems: list[str] = []
        self.known = Known()
        self.listing: Background[Listing] | None = Background(gather_all, "listing").start()
        """The folders being listed on a thread (None once the rows are in)."""
        self.scroll = 0
        self.message: str | None = None
        self.confirm: SlotInfo | None = None
        """The slot the player asked to delete (the question is showing)."""
        self.question = QuestionGate()
        """Closed until the delete question has been drawn: no save is deleted behind a question never shown."""
        self.answer = {"yes": Button(say("load.delete"), size=14, tip=say("load.remove_the_save_from_the")),
                       "no": Button(say("load.keep"), size=14, tip=say("load.keep_the_save_esc"))}
        self.loading: Background[Transition | Problem] | None = None
        self.reader_started = False
        """Whether the save reader's process was asked to start (on the page's first frame)."""
        self.focus = ButtonFocus()

    def focus_order(self) -> list[Focusable]:
        """What Tab and the arrows move through: each shown row, then its Delete button; Back last."""
        order: list[Focusable] = []
        for (rect, _), (delete, _) in zip(self.rows, self.deletes, strict=True):
            order += [FocusRow(rect), delete]
        return [*order, self.back]

    @property
    def title(self) -> str:
        """The page title."""
        return say("load.load_a_game") if self.purpose is LoadPurpose.LOAD else say("load.replay_a_game")

    def layout(self) -> Layout:
        """The page's panel with its slot rows, their Delete buttons and Back (or the question's buttons)."""
        placed = Layout({"page": pygame.Rect(self.page)})
        if self.confirm is not None:
            for name, b in self.answer.items():
                placed.add(name, b.rect, "page")
            return placed
        for rect, slot in self.rows:
            placed.add(f"slot {slot.path.name}", rect, "page")
        for b, slot in self.deletes:
            placed.add(f"delete {slot.path.name}", b.rect, "page")
        placed.add("back", self.back.rect, "page")
        return placed

    def busy(self, app: App) -> bool:
        """True while the listing or a load runs on its thread (the window keeps drawing to show it)."""
        return self.listing is not None or self.loading is not None

    def _take_listing(self) -> None:
        """Put in the rows of a listing that has finished on its thread."""
        listing = finished(self.listing)
        if listing is None:
            return
        self.listing = None
        self.slots, self.problems, self.known = listing
        self.scroll = min(self.scroll, max(0, len(self.slots) - 1))

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Click a row to open it, Delete to remove it (asked first); the wheel scrolls; Back/Esc returns."""
        if self.loading is not None:
            return None
        if self.confirm is not None:
            return self._answer(event, app)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        pressed = self.focus.key(event, self.focus_order())
        if pressed is not None:  # Enter on the focused row or button: as a click on it
            event = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pressed.rect.center, button=1)
        if event.type == pygame.KEYDOWN and event.key in PAGE_KEYS:
            self._scroll_by(PAGE_KEYS[event.key] * max(1, len(self.rows)))
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * 3)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.back.hit(event.pos):
                return Pop()
            for button, slot in self.deletes:
                if button.hit(event.pos):
                    self.confirm = slot
                    self.question.asked()
                    return None
            for rect, slot in self.rows:
                if rect.collidepoint(event.pos):
                    return self.open(app, slot.path, slot.name)
        return None

    def _scroll_by(self, rows: int) -> None:
        """Scroll the list by ``rows`` (within it)."""
        self.scroll = max(0, min(len(self.slots) - 1, self.scroll + rows))

    def _answer(self, event: pygame.event.Event, app: App) -> Transition | None:
        """The delete question: Delete (Enter) removes the slot, Keep (Esc) leaves it; only once it was drawn."""
        if not self.question.drawn:
            return None
        yes = (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)) or (
            event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.answer["yes"].hit(event.pos))
        no = (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE) or (
            event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.answer["no"].hit(event.pos))
        if yes and self.confirm is not None:
            self.delete(app, self.confirm)
        if yes or no:
            self.confirm = None
        return None

    def delete(self, app: App, slot: SlotInfo) -> None:
        """Remove a slot from the disk and from the list (a failure becomes the page's message)."""
        try:
            delete_slot(slot.path)
        except SaveError as err:
            self.message = str(err)
            app.toast(say("load.cannot_delete", error=err), warning=True)
            return
        self.slots = [(section, s) for section, s in self.slots if s.path != slot.path]
        self.listing = Background(gather_all, "listing").start()  # the folders again, off the window's thread
        app.toast(say("load.deleted", name=slot.name))

    def open(self, app: App, path: Path, name: str | None = None) -> Transition | None:
        """Load or replay a file off the window's thread; done within 0.05 s it opens at once, else it goes on
        while the window draws (its progress shown after 0.2 s)."""
        opener = open_replay if self.purpose is LoadPurpose.REPLAY else open_saved_game
        self.loading = started(lambda: opener(app, path), name or path.stem)
        return self._finish(app)

    def update(self, dt: float, app: App) -> Transition | None:
        """Start the save reader's process (once), pick up a listing or a load that finished in the background."""
        if not self.reader_started:
            self.reader_started = True
            app.start_reader()
        self._take_listing()
        return self._finish(app)

    def _finish(self, app: App) -> Transition | None:
        """The way into a finished load, or its problem as the page's message."""
        return arrival(self, lambda reason: self._cannot_open(app, reason))

    def _cannot_open(self, app: App, reason: str) -> None:
        """Why the file could not be opened, as the page's message and a toast."""
        self.message = reason
        app.toast(say("load.cannot_open", reason=reason), warning=True)

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """The table of slots, the unreadable files, any message; the delete question or load progress on top."""
        surface.fill(BG)
        mouse = pygame.mouse.get_pos()
        box = pygame.Rect(0, 0, min(surface.get_width() - px(40), px(1100)),
                          min(surface.get_height() - px(40), px(680)))
        box.center = surface.get_rect().center
        self.page = box
        inner = draw_panel(surface, box, self.title)
        footer = px(48) + (px(16) if self.message else 0)
        y = self._header(surface, inner, inner.top)
        self.rows, self.deletes = [], []
        if self.listing is not None:
            draw_text(surface, READING, (inner.left, y + px(4)), 14, DIM)
        elif not self.slots and not self.problems:
            draw_text(surface, say("load.no_saved_games_yet"), (inner.left, y + px(4)), 14, DIM)
        section = None
        for name, slot in self.slots[self.scroll:]:
            if y + px(ROW) * 2 > inner.bottom - footer:
                break
            if name != section:
                section = name
                y = draw_text(surface, name, (inner.left, y + px(6)), 13, ACCENT, bold=True).bottom + px(2)
            y = self._row(surface, inner, y, slot, app, mouse)
        self._unreadable(surface, inner, y, inner.bottom - footer)
        self._footer(surface, inner, mouse)
        focused = self.focus.focused(self.focus_order())
        if focused is not None and self.confirm is None:
            draw_focus_ring(surface, focused.rect)
        if self.confirm is not None:
            self._question(surface, box, self.confirm, mouse)
            draw_button_tip(surface, self.answer.values(), mouse)
        elif self.loading is not None and self.loading.show_progress:
            self._progress(surface, box, self.loading)
        else:
            draw_button_tip(surface, (self.back, *(b for b, _ in self.deletes)), mouse)

    def _header(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> int:
        """Column titles; the y below them."""
        for title, at in COLUMNS:
            draw_text(surface, title, (inner.left + px(4) + round(at * self._table_w(inner)), y), 12, DIM, bold=True)
        return y + px(18)

    @staticmethod
    def _table_w(inner: pygame.Rect) -> int:
        """Width of the row part (the Delete buttons are to its right)."""
        return inner.width - px(DELETE_W) - px(8)

    def _row(self, surface: pygame.Surface, inner: pygame.Rect, y: int, slot: SlotInfo, app: App,
             mouse: tuple[int, int]) -> int:
        """One clickable slot row and its Delete button; the y below it."""
        width = self._table_w(inner)
        rect = pygame.Rect(inner.left, y, width, px(ROW))
        if rect.collidepoint(mouse):
            pygame.draw.rect(surface, (60, 70, 84), rect)
        texts = cells(slot, app.gd, self.known)
        edges = [round(at * width) for _, at in COLUMNS] + [width]
        for i, text in enumerate(texts):
            room = edges[i + 1] - edges[i] - px(8)
            draw_text(surface, _clip(text, room), (inner.left + px(4) + edges[i], rect.centery), 13, TEXT,
                      anchor="midleft")
        delete = Button(say("load.delete"), size=12, tip=say("load.delete_asks_first", name=slot.name),
                        rect=pygame.Rect(rect.right + px(8), y + px(1), px(DELETE_W), px(ROW - 2)))
        delete.draw(surface, mouse)
        self.rows.append((rect, slot))
        self.deletes.append((delete, slot))
        return rect.bottom + px(2)

    def _unreadable(self, surface: pygame.Surface, inner: pygame.Rect, y: int, bottom: int) -> None:
        """The files that cannot be opened, as greyed rows with their reason, below the games (as room allows)."""
        if not self.problems or y + px(ROW) * 2 > bottom:
            return
        y = draw_text(surface, say("load.cannot_be_opened"), (inner.left, y + px(6)), 13, WARN,
                      bold=True).bottom + px(2)
        for i, problem in enumerate(self.problems):
            if y + px(ROW) > bottom:
                break
            left = len(self.problems) - i
            last_room = y + px(ROW) * 2 > bottom and left > 1
            text = say("load.and_more_files_that_cannot", left=left) if last_room else problem
            rect = pygame.Rect(inner.left, y, self._table_w(inner), px(ROW))
            pygame.draw.rect(surface, (40, 42, 48), rect)
            draw_text(surface, _clip(text, rect.width - px(8)), (rect.left + px(4), rect.centery), 13, DIM,
                      anchor="midleft")
            y = rect.bottom + px(2)
            if text != problem:
                break

    def _footer(self, surface: pygame.Surface, inner: pygame.Rect, mouse: tuple[int, int]) -> None:
        """The last message, and Back."""
        self.back.rect = pygame.Rect(inner.left, inner.bottom - px(40), px(140), px(40))
        if self.message:
            draw_text(surface, _clip(self.message, inner.width), (inner.left, self.back.rect.top - px(6)), 12,
                      (255, 120, 110), anchor="bottomleft")
        self.back.draw(surface, mouse)

    def _question(self, surface: pygame.Surface, page: pygame.Rect, slot: SlotInfo, mouse: tuple[int, int]) -> None:
        """``Delete “name”? It cannot be undone.`` with Delete (Enter) and Keep (Esc)."""
        box = pygame.Rect(0, 0, min(page.width - px(40), px(520)), px(130))
        box.center = page.center
        inner = draw_panel(surface, box, say("load.delete_this_save"))
        draw_text(surface, _clip(say("load.will_be_removed_from_the", name=slot.name), inner.width),
                  (inner.left, inner.top + px(4)), 13, TEXT)
        yes, no = self.answer["yes"], self.answer["no"]
        yes.label, no.label = say("load.delete_enter"), say("load.keep_esc")
        yes.rect = pygame.Rect(inner.left, inner.bottom - px(36), px(160), px(34))
        no.rect = pygame.Rect(inner.right - px(160), inner.bottom - px(36), px(160), px(34))
        yes.draw(surface, mouse)
        no.draw(surface, mouse)
        self.question.shown()

    @staticmethod
    def _progress(surface: pygame.Surface, page: pygame.Rect, loading: Background[Transition | Problem]) -> None:
        """``Opening “name”… 1.4 s`` over a bar with a moving stripe (the replay's length is not known ahead)."""
        box = pygame.Rect(0, 0, min(page.width - px(40), px(460)), px(96))
        box.center = page.center
        inner = draw_panel(surface, box, say("load.opening"))
        draw_text(surface,
                  _clip(say("load.opening_s", name=printable(loading.label), elapsed=format(loading.elapsed(), ".1f")),
                                 inner.width), (inner.left, inner.top + px(2)), 13, TEXT)
        bar = pygame.Rect(inner.left, inner.bottom - px(18), inner.width, px(14))
        pygame.draw.rect(surface, (20, 22, 26), bar, border_radius=px(3))
        stripe_w = bar.width // 4
        x = bar.left + round((loading.elapsed() * 0.8 % 1.0) * (bar.width - stripe_w))
        pygame.draw.rect(surface, ACCENT, (x, bar.top, stripe_w, bar.height), border_radius=px(3))


def _clip(text: str, width: int, size: int = 13) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if text_surface(text, size).get_width() <= width:
        return text
    while len(text) > 1 and text_surface(text + "…", size).get_width() > width:
        text = text[:-1]
    return text + "…"

"""Intent → screen: the one module that imports every screen and dialog (nothing else may)."""

from __future__ import annotations

from typing import assert_never

from malaya.session.words.rules_ref import reference
from malaya.ui.app.intents import (
    Intent,
    ToBattle,
    ToBranch,
    ToBriefing,
    ToConfirm,
    ToEnd,
    ToFolder,
    ToHandover,
    ToHelp,
    ToKeys,
    ToLedger,
    ToLesson,
    ToLessons,
    ToLoad,
    ToMenu,
    ToNewGame,
    ToPbem,
    ToPbemTurn,
    ToReplay,
    ToRules,
    ToSaveAs,
    ToSettings,
    ToText,
)
from malaya.ui.app.stack import App, Screen
from malaya.ui.battle.lesson import LessonScreen
from malaya.ui.battle.pbem_turn import pbem_turn_screen
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.dialogs.branch import BranchDialog
from malaya.ui.dialogs.briefing import BriefingDialog
from malaya.ui.dialogs.confirm import ConfirmDialog
from malaya.ui.dialogs.folder import FolderDialog
from malaya.ui.dialogs.help.dialog import HelpScreen
from malaya.ui.dialogs.ledger import LedgerScreen
from malaya.ui.dialogs.rules.dialog import RulesDialog
from malaya.ui.dialogs.save_as import SaveDialog
from malaya.ui.dialogs.text import TextOverlay
from malaya.ui.screens.end import EndScreen, HandoverScreen
from malaya.ui.screens.keys import KeysScreen
from malaya.ui.screens.lessons import LessonsScreen
from malaya.ui.screens.load import LoadScreen
from malaya.ui.screens.menu import MenuScreen
from malaya.ui.screens.new_game.screen import NewGameScreen
from malaya.ui.screens.pbem import PbemScreen
from malaya.ui.screens.replay import ReplayScreen
from malaya.ui.screens.settings import SettingsScreen


def build(intent: Intent, app: App) -> Screen:
    """The screen an intent names, ready to go on the stack."""
    match intent:
        case ToMenu():
            return MenuScreen(app)
        case ToNewGame():
            return NewGameScreen(app)
        case ToSettings():
            return SettingsScreen()
        case ToKeys():
            return KeysScreen()
        case ToHelp():
            return HelpScreen()
        case ToLoad(purpose):
            return LoadScreen(purpose)
        case ToBattle(client, ai, record, view):
            return BattleScreen(app, client, dict(ai), record, view)
        case ToHandover(side, turn, date):
            return HandoverScreen(side, turn, date)
        case ToEnd(client, files, record):
            return EndScreen(client, files, record)
        case ToReplay(log, analyse):
            return ReplayScreen(app, log, analyse)
        case ToBranch(log, index):
            return BranchDialog(log, index)
        case ToSaveAs(default_name, folder, save):
            return SaveDialog(default_name, folder, save)
        case ToLedger(gd, rolls):
            return LedgerScreen(gd, list(rolls))
        case ToText(title, lines):
            return TextOverlay(title, list(lines))
        case ToConfirm(title, lines, yes, no, on_yes, on_no):
            return ConfirmDialog(title, list(lines), (yes, no), (on_yes, on_no))
        case ToBriefing(scenario):
            return BriefingDialog(scenario)
        case ToLessons():
            return LessonsScreen(app)
        case ToLesson(client, ai, record, run):
            return LessonScreen(app, client, dict(ai), record, run)
        case ToRules(gd, number):
            return RulesDialog(reference(gd), number)
        case ToPbem(dropped):
            return PbemScreen(app, dropped)
        case ToPbemTurn(game, prepared):
            return pbem_turn_screen(app, game, prepared)
        case ToFolder(current, choose):
            return FolderDialog(current, choose)
        case _:
            assert_never(intent)

"""The AI controller: one legal action per call, for whichever phase the game is in.

The Match calls the controller repeatedly; each call returns ONE action. A per-phase cache
(keyed by turn, side and phase) holds what is computed once per phase (the enemy picture,
threat map, supply, the order in which units move, the units already handled); every
choice is re-checked against the engine's gate and re-planned when the state diverges
(after a die). Every behaviour lives in its own module; this one only dispatches.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from malaya import engine
from malaya.ai import (
    air,
    candidates,
    combat,
    combat_search,
    demolition,
    intent,
    left_empty,
    move_planner,
    naval,
    options,
    reinforcement,
)
from malaya.ai import movement as ai_movement
from malaya.ai import rail as ai_rail
from malaya.ai.destinations import weighed_routes
from malaya.ai.effort import TURN_WORK_BUDGET, TurnEffort
from malaya.ai.explain import AIExplanation, CombatChoice
from malaya.ai.fallback import safe_action
from malaya.ai.knowledge import MapKnowledge, enemy_picture, map_knowledge
from malaya.ai.levels import Behaviour, Level, level
from malaya.ai.move_context import MoveContext
from malaya.ai.move_order import map_hex, move_order
from malaya.ai.move_setup import final_stand, move_context, stand_mp
from malaya.ai.redoubt_path import leaves_redoubt
from malaya.ai.told import Told, Topic, blown_bridge, told
from malaya.engine import (
    AcceptOptionalUnit,
    Action,
    AddAttacker,
    Advance,
    AllocateAir,
    AttackForceZ,
    CancelCombat,
    ChooseOptions,
    CombatStage,
    DeclareCombat,
    DeclineOptionalUnit,
    EndCombat,
    EndPhase,
    GameDef,
    GameState,
    Hex,
    Location,
    MoveUnit,
    Phase,
    Rejection,
    RollDice,
    SetCombatAir,
    Side,
    UndoMove,
    UnitState,
    can_advance,
    reachable,
)


@dataclass
class _PhaseCache:
    key: tuple[int, str, str]
    data: dict[str, object] = field(default_factory=dict)
    done: set[str] = field(default_factory=set)
    moves: dict[str, Action] = field(default_factory=dict)  # unit → its last move this phase
    taken_back: dict[str, Action] = field(default_factory=dict)  # unit → its move taken back (never made again)


class AIController:
    """A computer player for one side at one level; see module docstring."""

    def __init__(self, level_name: str, side: Side, seed: int = 0, budget: int = TURN_WORK_BUDGET,
                 explain: bool = True) -> None:
        self.level: Level = level(level_name)
        self.explain = explain  # False: the victory hexes left empty are not worked out (ai.left_empty)
        self.side = side
        self.seed = seed
        self.rng = random.Random(seed)
        self.explanations = AIExplanation()
        self.effort = TurnEffort(budget)
        self.status = "waiting"
        self._cache: _PhaseCache | None = None
        self._plan: combat.CombatPlan | None = None
        self._search = combat_search.CombatSearch()
        self._marching: dict[Hex, str] = {}  # target → unit marching on it (ai.candidates)
        self._move_ctx: tuple[tuple[int, Side], MoveContext] | None = None  # the last Movement phase's picture
        self._manned: dict[Hex, tuple[str, ...]] = {}  # victory hexes held at its start → own units on them
        self._tasks: dict[str, Told] = {}  # unit → what a candidate action sent it to do in that phase
        self._moved_to: dict[str, Hex] = {}  # own unit → where it stood at the end of that phase
        self._refused: tuple[int, set[Action]] = (-1, set())  # actions the true game refused at that log index

    # --- the Controller protocol ---------------------------------------------------------------

    def __call__(self, gd: GameDef, state: GameState) -> Action:
        """The next action for ``state`` (always legal; EndPhase as the last resort)."""
        action = self._choose(gd, state)
        cache = self._phase_cache(state)
        taken_back = cache.taken_back.values()
        if engine.check(gd, state, action) is not None or action in self._refused_at(state) or action in taken_back:
            action = self._fallback(gd, state)
        if isinstance(action, MoveUnit):
            cache.moves[action.unit] = action
        elif isinstance(action, UndoMove) and action.unit in cache.moves:
            cache.taken_back[action.unit] = cache.moves[action.unit]
        return action

    def refused(self, action: Action, rejection: Rejection) -> None:
        """The true game refused ``action``, chosen on this side's view (``session.fog``): never offer it again here."""
        self._refused[1].add(action)

    def _refused_at(self, state: GameState) -> set[Action]:
        """The actions refused at this point of the game (forgotten once the game moves on)."""
        if self._refused[0] != state.log_index:
            self._refused = (state.log_index, set())
        return self._refused[1]

    def _fallback(self, gd: GameDef, state: GameState) -> Action:
        """A safe legal action when a plan went stale or was refused (:func:`malaya.ai.fallback.safe_action`)."""
        return safe_action(gd, state, self._refused_at(state) | set(self._phase_cache(state).taken_back.values()))

    # --- dispatch ------------------------------------------------------------------------------

    def _phase_cache(self, state: GameState) -> _PhaseCache:
        key = (state.turn, state.side.value, state.phase.value)
        if self._cache is None or self._cache.key != key:
            self._cache = _PhaseCache(key)
        self.effort.begin(state.turn, state.side)
        return self._cache

    def _choose(self, gd: GameDef, state: GameState) -> Action:
        if engine.is_chance_node(state):
            return engine.legal_actions(gd, state)[0]
        cache = self._phase_cache(state)
        self.status = f"turn {state.turn} {state.side.value}: {state.phase.value}"
        handler = {
            Phase.OPTIONS: self._options,
            Phase.REINFORCEMENT: self._reinforcement,
            Phase.AIR: self._air,
            Phase.NAVAL: self._naval,
            Phase.MOVEMENT: self._movement,
            Phase.RAIL: self._rail,
            Phase.COMBAT: self._combat,
        }.get(state.phase)
        if handler is None:
            return EndPhase(side=state.side)
        return handler(gd, state, cache)

    def _end(self, state: GameState) -> Action:
        return EndPhase(side=state.side)

    def _intent(self, state: GameState) -> intent.Intent:
        """This player-turn's plan, as the ``W`` explanation says it."""
        return self.explanations.turn_log(state.turn, state.side.value).intent

    def _log(self, state: GameState, note: Told) -> None:
        self.explanations.turn_log(state.turn, state.side.value).notes.append(note)

    # --- phases --------------------------------------------------------------------------------

    def _options(self, gd: GameDef, state: GameState, cache: _PhaseCache) -> Action:
        if state.side not in state.options_chosen:
            chosen = options.choose_options(gd, state, self.level)
            if chosen:
                names = {o.id: o.name for o in gd.scenario.options}
                self._log(state, told(Topic.OPTIONS_BOUGHT, options=tuple(names.get(o, o) for o in chosen)))
            return ChooseOptions(side=state.side, options=chosen)
        return self._end(state)

    def _reinforcement(self, gd: GameDef, state: GameState, cache: _PhaseCache) -> Action:
        know = map_knowledge(gd)
        for u in state.units:
            if u.location is Location.OFFERED and gd.side_of(u.id) is state.side:
                front = naval.jp_front(gd, state, know)
                if options.accept_optional_unit(gd, state, self.level, know, u.id, front):
                    self._log(state, told(Topic.OPTIONAL_TAKEN, unit=gd.unit_def(u.id).name))
                    return AcceptOptionalUnit(side=state.side, unit=u.id)
                return DeclineOptionalUnit(side=state.side, unit=u.id)
        place = reinforcement.place_next(gd, state, know)
        if place is not None and engine.check(gd, state, place) is None:
            return place
        return self._end(state)

    def _air(self, gd: GameDef, state: GameState, cache: _PhaseCache) -> Action:
        if "air" in cache.done:
            return self._end(state)
        cache.done.add("air")
        picture = enemy_picture(gd, state, state.side)
        attack, defense = air.split(gd, state, self.level, picture, self.rng)
        action = AllocateAir(side=state.side, attack=attack, defense=defense)
        if engine.check(gd, state, action) is None:
            self._log(state, told(Topic.AIR_SPLIT, attack=attack, defense=defense))
            return action
        return self._end(state)

    def _naval(self, gd: GameDef, state: GameState, cache: _PhaseCache) -> Action:
        know = map_knowledge(gd)
        picture = enemy_picture(gd, state, state.side)
        if state.side is Side.JP:
            move = naval.jp_naval_move(gd, state, know, self.level, picture)
            if move is not None and "force_z" not in cache.done:
                cache.done.add("force_z")
                east = sum(1 for u in state.units if u.location is Location.JP_BOX and gd.side_of(u.id) is Side.JP)
                ap = air.force_z_air(gd, state, self.level, east)
                strike = AttackForceZ(side=Side.JP, air_points=ap) if ap > 0 else None
                if strike is not None and engine.check(gd, state, strike) is None:
                    self._log(state, told(Topic.FORCE_Z, points=ap))
                    return strike
        else:
            final = self._final_stand(gd, state, know)
            move = naval.cw_naval_move(gd, state, know, picture, final)
        if move is not None and engine.check(gd, state, move) is None:
            self._log(state, told(Topic.LANDING if move.landing else Topic.SEA_MOVE, unit=gd.unit_def(move.unit).name,
                                  port=gd.place_name(move.port)))
            return move
        return self._end(state)

    # --- movement ------------------------------------------------------------------------------

    def _final_stand(self, gd: GameDef, state: GameState, know: MapKnowledge) -> bool:
        """CW: the JP main body is at the Johore Strait; everyone back to Singapore island."""
        return final_stand(gd, state, know, stand_mp(self.level))

    def _move_context(self, gd: GameDef, state: GameState) -> MoveContext:
        """What the side knows at the start of its Movement phase, its garrison and gathered assaults."""
        return move_context(gd, state, self.level, lambda note: self._log(state, note))

    def _movement(self, gd: GameDef, state: GameState, cache: _PhaseCache) -> Action:
        if "ctx" not in cache.data:
            ctx = self._move_context(gd, state)
            cache.data["ctx"] = ctx
            self._move_ctx = ((state.turn, state.side), ctx)
            first_order = move_order(gd, state, ctx, self.level)
            cache.data["order"] = first_order
            if state.side is Side.CW and ctx.garrison:
                self._log(state, told(Topic.GARRISON, units=len(ctx.garrison), steps=ctx.garrison_needed))
            if self.level.search_budget and state.side is Side.CW:
                cache.data["plan"] = self._move_plan(gd, state, ctx, first_order)
            if self.level.candidates:
                cache.data["claims"] = self._claims(gd, state, ctx, cache)
            self._manned = left_empty.manned(gd, state, ctx)
        stored = cache.data["ctx"]
        assert isinstance(stored, MoveContext)
        ctx = stored
        order = cache.data["order"]
        assert isinstance(order, list)
        for unit_id in order:
            if unit_id in cache.done or self.effort.exhausted:
                continue
            cache.done.add(unit_id)
            routes: Mapping[Hex, object] = reachable(gd, state, unit_id)
            if self.level.has(Behaviour.DRAW_DESTINATIONS):
                routes = weighed_routes(gd, ctx, unit_id, routes, self.rng)
            if not routes:
                continue
            self.effort.spend(len(routes) + 1)  # every destination weighed and staying put
            noise = {h: self.rng.uniform(-self.level.noise, self.level.noise) for h in sorted(routes)} \
                if self.level.noise else {}
            planned = cache.data.get("plan")
            claimed = cache.data.get("claims", {})
            assert isinstance(claimed, dict)
            if unit_id in claimed and (claimed[unit_id] == map_hex(unit_of_id(state, gd, unit_id))
                                       or engine.check(gd, state, MoveUnit(side=state.side, unit=unit_id,
                                                                          to=claimed[unit_id])) is None):
                dest = claimed[unit_id]
            elif isinstance(planned, move_planner.PhasePlan) and planned.follows(gd, state, unit_id):
                dest = planned.moves[unit_id]
            else:
                dest = ai_movement.best_destination(gd, state, ctx, self.level, unit_id, routes, noise)
            if dest is not None:
                action = MoveUnit(side=state.side, unit=unit_id, to=dest)
                if engine.check(gd, state, action) is None:
                    back = intent.pull_back(gd, state, ctx.picture, unit_id, dest)
                    if back is not None:
                        self._intent(state).pull_backs.append(back)
                    return action
        if state.side is Side.CW and self.level.has(Behaviour.BLOW_BRIDGES) and not self.effort.exhausted:
            blow = demolition.next_demolition(gd, state, ctx.know, ctx.picture,
                                              self.level.has(Behaviour.GUARD_REDOUBT_SHORE),
                                              self.level.has(Behaviour.BLOW_CROSSING_EARLY))
            if blow is not None:
                self._log(state, blown_bridge(gd, blow.a))
                return blow
        self._moved_to = {u.id: u.hex for u in state.units if u.hex is not None and gd.side_of(u.id) is state.side}
        return self._end(state)

    def _say_left_empty(self, gd: GameDef, state: GameState) -> None:
        """At the end of the player-turn: the victory hexes left empty where the enemy could walk in, and why
        (for the W panel)."""
        last = self._move_ctx
        if not self.explain or last is None or last[0] != (state.turn, state.side):
            return
        attacked = frozenset(a.target for a in self._intent(state).attacks)
        turn = left_empty.TurnRecord(self._manned, self._tasks, self._moved_to, attacked)
        said = left_empty.left_empty(gd, state, last[1], turn)
        self._intent(state).left_empty[:] = said

    def _claims(self, gd: GameDef, state: GameState, ctx: MoveContext, cache: _PhaseCache) -> dict[str, Hex]:
        """The candidate actions' claims on units this phase (:mod:`malaya.ai.candidates`), logged for the W panel."""
        chosen = candidates.claims(gd, state, ctx, self.level.candidates, self._marching)
        self._tasks = {p.unit: p.why for p in chosen}
        self._marching = {p.target: p.unit for p in chosen if p.candidate == "march"}
        self.effort.spend(len(chosen) + 1)
        for p in chosen:
            self._log(state, told(Topic.TASK, unit=gd.unit_def(p.unit).name, task=p.why, vp=f"{p.score:.1f}"))
        return {p.unit: p.to for p in chosen}

    def _move_plan(self, gd: GameDef, state: GameState, ctx: MoveContext, order: list[str]) -> move_planner.PhasePlan:
        """Hard: the whole phase's moves searched from the heuristic plan (:mod:`malaya.ai.move_planner`)."""
        plan = move_planner.plan_phase(gd, state, ctx, self.level, order, self.seed)
        if plan.changed:
            self._log(state, told(Topic.MOVEMENT_PLAN, rated=plan.rated, changed=plan.changed))
        return plan

    # --- rail ----------------------------------------------------------------------------------

    def _rail(self, gd: GameDef, state: GameState, cache: _PhaseCache) -> Action:
        if "rail" in cache.done or self.effort.exhausted:
            return self._end(state)
        know = map_knowledge(gd)
        points = ai_movement.stack_points(gd, state)
        if state.side is Side.JP:
            score = ai_rail.jp_rail_score(gd, state, know)
            move = ai_rail.best_rail_move(gd, state, know, self.effort.counted(score), points, min_gain=6.0)
        else:
            score = ai_rail.cw_rail_score(gd, state, self._rail_context(gd, state), self.level)
            move = ai_rail.best_rail_move(gd, state, know, self.effort.counted(score), points, min_gain=1.5)
        if move is None:
            cache.done.add("rail")
            return self._end(state)
        self._log(state, told(Topic.BY_RAIL, unit=gd.unit_def(move.unit).name, place=gd.place_name(move.to)))
        return move

    def _rail_context(self, gd: GameDef, state: GameState) -> MoveContext:
        """CW: what the Rail phase weighs its moves by: the position now, or (``RAIL_BY_MOVE_PICTURE``) what
        the side knew at the start of this player-turn's Movement phase."""
        last = self._move_ctx
        if self.level.has(Behaviour.RAIL_BY_MOVE_PICTURE) and last is not None and last[0] == (state.turn, state.side):
            return last[1]
        return self._move_context(gd, state)

    # --- combat --------------------------------------------------------------------------------

    def _combat(self, gd: GameDef, state: GameState, cache: _PhaseCache) -> Action:
        c = state.combat
        know = map_knowledge(gd)
        if c is None:
            if "line" not in cache.done:
                cache.done.add("line")
                self._intent(state).line = intent.held_line(gd, state, state.side,
                                                            enemy_picture(gd, state, state.side))
            self._plan = None
            noise = self.rng.uniform(-0.5, 0.5) * self.level.noise / 3 if self.level.noise else 0.0
            plan = (self._search.choose(gd, state, know, self.level) if self.level.has(Behaviour.SEARCH_COMBATS)
                    else combat.choose_combat(gd, state, know, self.level, noise))
            if self._search.note is not None:
                self._log(state, self._search.note)
                self._search.note = None
            if plan is None:
                self._say_left_empty(gd, state)
                return self._end(state)
            self._plan = plan
            self.explanations.turn_log(state.turn, state.side.value).combats.append(
                CombatChoice(plan.chosen, plan.alternatives))
            self._intent(state).attacks.append(
                intent.planned_attack(gd, state, plan.target, plan.attackers, plan.chosen))
            return DeclareCombat(side=state.side, defender=plan.target)
        if c.stage is CombatStage.DECLARING:
            plan = self._plan
            if plan is None or plan.target != c.defender_hex:
                return CancelCombat(side=state.side)
            for u in plan.attackers:
                if u not in c.attackers:
                    add = AddAttacker(side=state.side, unit=u)
                    if engine.check(gd, state, add) is None:
                        return add
            if c.air_points != plan.air_points:
                air_action = SetCombatAir(side=state.side, air_points=plan.air_points)
                if engine.check(gd, state, air_action) is None:
                    return air_action
            roll = RollDice(side=state.side)
            if engine.check(gd, state, roll) is None:
                return roll
            return CancelCombat(side=state.side)
        if c.stage is CombatStage.ADVANCING:
            movers = [u for u in c.attackers if u not in c.advanced and can_advance(gd, state, u)
                      and not (self.level.has(Behaviour.AVOID_STRANDING)
                               and leaves_redoubt(gd, state, know, u, c.defender_hex))]
            for u in combat.advance_units(gd, state, know, movers):
                action = Advance(side=state.side, unit=u)
                if engine.check(gd, state, action) is None:
                    return action
            return EndCombat(side=state.side)
        return self._fallback(gd, state)


def make_ai(level_name: str, side: Side, seed: int = 0, explain: bool = True) -> AIController:
    """A computer player for ``side`` at ``level_name`` (easy, normal, hard), deterministic for ``seed``; without
    ``explain`` (a rollout nobody reads) its plan leaves out the costlier explanations, and plays the same."""
    return AIController(level_name, side, seed, explain=explain)


def unit_of_id(state: GameState, gd: GameDef, unit_id: str) -> UnitState:
    """The state of the unit with this id."""
    return state.units[gd.unit_index[unit_id]]


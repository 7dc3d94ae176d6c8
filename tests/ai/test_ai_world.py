"""Hidden information in one named step (issue 25): the enemy's hidden units are drawn into the Unknown
stacks the side sees (R2.5), never read from where they truly are."""

from __future__ import annotations

import random

from malaya.ai.world import sample_enemy_forces
from malaya.engine.intel import observation
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from tests.builder import GameBuilder


def test_a_sampled_world_keeps_what_is_seen_and_fills_each_unknown_stack_up_to_its_size() -> None:
    # given a CW brigade beside the JP regiment (seen) and two far away, one strong, one weak (unknown, R2.5)
    game = (GameBuilder(width=10, height=10).siam((0, 0))
            .unit("jp_a", "JP", at=(1, 1)).unit("cw_near", "CW", at=(1, 2))
            .unit("cw_far", "CW", at=(8, 8), attack=9).unit("cw_weak", "CW", at=(8, 2), attack=1)
            .at_phase(Phase.MOVEMENT, side="JP").build())
    seen = observation(game.gd, game.state, Side.JP)
    assert [u.id for u in seen.enemy] == ["cw_near"] and len(seen.unknown) == 2
    # when worlds are sampled for the JP
    worlds = [sample_enemy_forces(game.gd, game.state, Side.JP, random.Random(seed)) for seed in range(8)]
    for world in worlds:
        # then the seen brigade is as it is, and each unknown stack holds no more than its stacking points
        assert world.stacks[game.hex(1, 2)].known and world.stacks[game.hex(1, 2)].attack == 8.0
        for stack in seen.unknown:
            assert world.stacks[stack.hex].points <= stack.stacking
    # and the two hidden brigades are drawn either way round: the guess is not the truth
    far = {world.stacks[game.hex(8, 8)].attack for world in worlds}
    assert far == {9.0, 1.0}
    # and the same seed draws the same world
    again = sample_enemy_forces(game.gd, game.state, Side.JP, random.Random(3))
    assert again == worlds[3]

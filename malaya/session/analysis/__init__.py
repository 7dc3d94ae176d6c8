"""Analysis after the fact (issue 29): win chances by rollouts, the luck ledger, turning points.

``estimate`` turns rollout results into chances with a 95 % interval; ``rollout`` plays one game on
from a true position, seeded from the position's digest; ``luck`` measures every combat's die against
its exact distribution; ``turning`` finds the player-turns where a side's chance moved.
"""

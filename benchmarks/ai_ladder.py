"""The AI ladder, kept here beside the other benchmarks: ``python benchmarks/ai_ladder.py [ARGS]`` runs
``malaya ladder [ARGS]`` (the runner is ``malaya/runners/ladder.py``; ``malaya ladder --help`` lists ARGS).

``python benchmarks/ai_ladder.py --scenario all --levels hard baseline --pairs 40 --run NAME``
"""

from __future__ import annotations

import sys

from malaya.cli import main

if __name__ == "__main__":
    sys.exit(main(["ladder", *sys.argv[1:]]))

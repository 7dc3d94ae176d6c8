"""Print what a modder reads for each mistake the rules find in a scenario or a ruleset, to compare before and after.

``problems.py`` makes content's mistakes (and a few of the rules'); this makes one copy of Kampar for each sentence
of ``texts/scenario_checks.toml`` a modder can reach (issue 28 item 2: the engine's checks moved out of English into
``engine/mistakes.py``): a broken combat results table, movement cost, unit, victory level, set-up, schedule,
option or start position. For each: ``check-scenario --no-play``, the New Game list's reason and the loader's
error. Run it as ``problems.py`` is run, from the checkout it reads::

    git archive <base> malaya scenarios assets tests | tar -x -C /tmp/base
    (cd /tmp/base && PYTHONPATH=/tmp/base python $OLDPWD/tools/content_words/scenario_checks.py) > before.txt
    PYTHONPATH=$PWD python tools/content_words/scenario_checks.py > after.txt && diff before.txt after.txt
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, ".")
sys.path.insert(0, str(Path(__file__).parent))

from problems import print_scenario_case  # noqa: E402

from tests.modding.mutants import Mutant, broken_copy  # noqa: E402

RULES = Path("scenarios/malaya1941/ruleset.toml").read_text(encoding="utf-8")
"""The campaign's ruleset, copied beside a broken scenario when the mistake is in the ruleset."""
Change = tuple[tuple[str, str], ...]


def case(scen: Change = (), rules: Change = ()) -> Callable[[Path], None]:
    """A change to the copied ``scenario.toml`` and, if ``rules`` is given, to a copy of the ruleset beside it."""
    def make(folder: Path) -> None:
        text = (folder / "scenario.toml").read_text(encoding="utf-8")
        for old, new in scen:
            assert old in text, old
            text = text.replace(old, new, 1)
        if rules:
            ruleset = RULES
            for old, new in rules:
                assert old in ruleset, old
                ruleset = ruleset.replace(old, new, 1)
            (folder / "ruleset.toml").write_text(ruleset, encoding="utf-8")
            text = text.replace('ruleset = "malaya1941:ruleset.toml"', 'ruleset = "ruleset.toml"')
        (folder / "scenario.toml").write_text(text, encoding="utf-8")
    return make


COLS = 'columns = ["1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "6:1"]'
RATIO = 'kind = "ratio"\nbelow_first = "unresolvable"\n' + COLS
KUANTAN = 'at = "Kuantan" }'
TAKUMI = '{ unit = "jp_56_inf", at = "Kemaman+N" }'
SHIPPING = "west_shipping_from_turn = 6"
OPTIONS = ('options = [{ id = "o1", name = "O", side = "JP", vp = 1, effects = { west_shipping_from_turn = 20, '
           'setup_across_border = { units = ["cw_fmsvf", "zz"], max_hexes = 1 } } }, '
           '{ id = "o1", name = "P", side = "JP", vp = 1, effects = { fortress_hexes = ["Nowhere"] } }]\n\n[start]')


def difference(*columns: str) -> Callable[[Path], None]:
    """The ruleset's CRT made a difference CRT with these column labels."""
    labels = ", ".join(f'"{c}"' for c in columns)
    return case(rules=((RATIO, f'kind = "difference"\ncolumns = [{labels}]'),))


def move_cost(value: str) -> Callable[[Path], None]:
    """Clear terrain's infantry movement cost written as ``value``."""
    return case(rules=(("infantry_mp = 1\n", f"infantry_mp = {value}\n"),))


def at(position: str) -> Callable[[Path], None]:
    """A set-up entry (the 22nd Brigade's) at ``position``."""
    return case(scen=((KUANTAN, f'at = "{position}" }}'),))


CASES = {
    "row label": case(rules=(('"1" = [', '"x1" = ['),)),
    "ratio": case(rules=((COLS, COLS.replace('"1:1"', '"1-1"')),)),
    "odds order": case(rules=((COLS, COLS.replace('"1:2", "1:1"', '"1:1", "1:2"')),)),
    "dup column": case(rules=((COLS, COLS.replace('"1:2", "1:1"', '"1:1", "1:1"')),)),
    "row length": case(rules=(('">=7" = ["DR", ', '">=7" = ['),)),
    "undefined result": case(rules=(('"6" = ["DR"', '"6" = ["ZZ"'),)),
    "rows gap": case(rules=(('"3" = [', '"9" = ['),)),
    "open row inside": case(rules=(('"<=0" = [', '"0" = ['), ('"1" = [', '"<=1" = ['))),
    "difference bad": case(rules=((RATIO, 'kind = "difference"\n' + COLS),)),
    "difference backwards": difference("<=-1", "0", "5..3", "4", "5", "6", "7", "8+"),
    "difference open inside": difference("<=-1", "0+", "1", "2", "3", "4", "5", "6+"),
    "difference not following": difference("<=-1", "0", "2", "3", "4", "5", "6", "7+"),
    "missing terrain": case(rules=((RULES[RULES.index("[terrain.plantation]"):RULES.index("[terrain.jungle]")], ""),)),
    "rail side": case(rules=(("capacity = { JP = 1, CW = 1 }", "capacity = { JP = 1 }"),)),
    "policy column": case(rules=(('mid_columns = ["3:2", "2:1"]', 'mid_columns = ["3:2", "7:1"]'),)),
    "bool mp": move_cost("true"),
    "float mp": move_cost("1.5"),
    "inexact mp": move_cost('"1/0"'),
    "list mp": move_cost("[1]"),
    "negative mp": move_cost("-1"),
    "nationality": case(scen=(('side = "JP", nationality = "Guards"', 'side = "CW", nationality = "Guards"'),)),
    "one step reduced": case(scen=(("stacking = 1, steps = 1 }", "stacking = 1, steps = 1, reduced_attack = 1 }"),)),
    "reduced exceed": case(scen=(("reduced_attack = 1, reduced_defense", "reduced_attack = 3, reduced_defense"),)),
    "levels min": case(scen=(("min = 9", ""),)),
    "levels decrease": case(scen=(("min = 7", "min = 10"),)),
    "landing": case(scen=((TAKUMI, TAKUMI.replace(" }", ', first_landing = "Kuantan" }')),)),
    "air order": case(scen=(("turns = [8, 12], points = 6", "turns = [12, 8], points = 6"),)),
    "dup unit": case(scen=(('{ id = "jp_55_inf"', '{ id = "jp_56_inf"'),)),
    "steps": case(scen=(('at = "Kampar", steps = 1 }', 'at = "Kampar", steps = 3 }'),)),
    "box cw": case(scen=(('{ unit = "cw_fmsvf", at = "Kuala Lumpur" }', '{ unit = "cw_fmsvf", at = "jp_box" }'),)),
    "turn before": case(scen=(('{ turn = 9, unit = "cw_45ind_bde"', '{ turn = 7, unit = "cw_45ind_bde"'),)),
    "arrival side": case(scen=(('where = "singapore"', 'where = "jp_box"'),)),
    "sea hex": at("Kuantan+SE+SE+SE"),
    "direction": at("Kuantan+Q"),
    "box steps": at("jp_box+N"),
    "no name": at("+N"),
    "off map": at("Kuantan" + "+NE" * 20),
    "unknown place far": at("Zzzzqqq"),
    "port": case(scen=((TAKUMI, '{ unit = "jp_56_inf", at = "jp_box", first_landing = "Kampar" }'),)),
    "bridge place": case(scen=((SHIPPING, SHIPPING + '\ndemolished_bridges = [["Kampar", "Ipohh"]]'),)),
    "bridge": case(scen=((SHIPPING, SHIPPING + '\ndemolished_bridges = [["Kampar", "Ipoh"]]'),)),
    "options": case(scen=(("[start]", OPTIONS),)),
}
"""Each mistake, by name: how to make it in the copy of Kampar."""

def main() -> None:
    """Print every case, one block each."""
    root = Path(tempfile.mkdtemp())
    for i, (name, make) in enumerate(CASES.items()):
        print_scenario_case(name, broken_copy(root / str(i), Mutant(name, make, "")), root)
    shutil.rmtree(root)


if __name__ == "__main__":
    main()

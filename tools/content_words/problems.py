"""Print what a modder reads for broken scenarios and maps, to compare the words before and after a change.

For every mistake of ``tests/modding/mutants.py`` (a copy of Kampar with one mistake): ``check-scenario --no-play``,
the New Game list's reason and the loader's error; for a set of changes to the campaign's ``map.tmx``:
``check-map``; and both commands on every bundled scenario. Seconds are masked.

Before and after (issue 28 item 2, content's problems moved to ``texts/content.toml``)::

    git archive <base> malaya scenarios assets tests | tar -x -C /tmp/base
    (cd /tmp/base && PYTHONPATH=/tmp/base python $OLDPWD/tools/content_words/problems.py) > before.txt
    PYTHONPATH=$PWD python tools/content_words/problems.py > after.txt && diff before.txt after.txt

Run it from the checkout it reads (it writes changed maps beside the campaign's and removes them).
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, ".")

from malaya import cli  # noqa: E402
from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.content.errors import ContentError  # noqa: E402
from malaya.content.scenario_catalog import read_entry  # noqa: E402
from tests.modding.mutants import MUTANTS, broken_copy  # noqa: E402


def shown(problem: object) -> str:
    """The words a player reads: through content_words where this checkout has it (older ones wrote ``str``)."""
    try:
        from malaya.session.words.content_words import content_text, said_text
    except ImportError:
        return str(problem)
    return content_text(problem) if isinstance(problem, ContentError) else said_text(problem)  # type: ignore[arg-type]


def run_cli(argv: list[str]) -> str:
    """The exit status and every line a command printed, seconds masked."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = cli.main(argv)
    return f"rc={rc}\n" + re.sub(r"\d+\.\d s\b", "N s", out.getvalue() + err.getvalue())


def print_scenario_case(title: str, folder: Path, root: Path) -> None:
    """What a modder reads for one scenario folder: check-scenario, the New Game reason, the loader's error."""
    print(f"=== {title}")
    print(run_cli(["check-scenario", "--no-play", str(folder)]).replace(str(root), "ROOT"))
    entry = read_entry(folder / "scenario.toml")
    print("catalog:", ("" if entry.problem is None else shown(entry.problem)).replace(str(root), "ROOT"))
    try:
        load_game_def(folder / "scenario.toml")
        print("load: ok")
    except ContentError as err:
        print("load:", shown(err).replace(str(root), "ROOT"))


def map_changes(text: str) -> dict[str, str]:
    """The campaign map with one mistake each."""
    return {
        "ok": text,
        "orientation": text.replace('orientation="hexagonal"', 'orientation="orthogonal"', 1),
        "infinite": text.replace('infinite="0"', 'infinite="1"', 1),
        "stagger": text.replace('staggeraxis="', 'staggeraxis="z', 1),
        "index": text.replace('staggerindex="', 'staggerindex="q', 1),
        "width": text.replace(' width="', ' width="-', 1),
        "root": text.replace("<map ", "<mop ", 1).replace("</map>", "</mop>"),
        "xml": text.replace("<layer", "<<layer", 1),
        "no country": text.replace('name="country"', 'name="countryx"', 1),
        "dup layer": text.replace('name="road"', 'name="rail"', 1),
        "encoding": text.replace('encoding="csv"', "", 1),
        "encoding2": text.replace('encoding="csv"', 'encoding="xml"', 1),
        "km": text.replace('name="km_per_hex" type="int" value="', 'name="km_per_hex" value="x', 1),
        "tileset": text.replace('source="', 'source="nothere', 1),
    }


def main() -> None:
    """Print every case, one block each."""
    root = Path(tempfile.mkdtemp())
    for i, mutant in enumerate(MUTANTS):
        print_scenario_case(f"mutant {mutant.name}", broken_copy(root / str(i), mutant), root)
    campaign = Path("scenarios/malaya1941")
    for name, text in map_changes((campaign / "map.tmx").read_text(encoding="utf-8")).items():
        changed = campaign / f"_cmp_{name.replace(' ', '_')}.tmx"
        changed.write_text(text, encoding="utf-8")
        try:
            print(f"=== map {name}\n{run_cli(['check-map', str(changed)])}")
        finally:
            changed.unlink()
    for scenario in sorted(Path("scenarios").glob("*/scenario.toml")):
        print(f"=== bundled {scenario.parent.name}\n{run_cli(['check-scenario', '--no-play', str(scenario.parent)])}")
        if (scenario.parent / "map.tmx").exists():
            print(run_cli(["check-map", str(scenario.parent / "map.tmx")]))


if __name__ == "__main__":
    main()

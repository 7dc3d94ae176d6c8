"""Compare two records of ``refusal_capture.py``: the same test's n-th refusal should read the same.

``python tools/refusal_texts/compare.py before.jsonl after.jsonl`` prints how many refusals read the same, the old
codes that became finer ones, and any difference; then, per test, whether the same sentences were met as many times
(a test that polls a folder or draws frames may meet a refusal more or fewer times from one run to the next).
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict


def load(path: str) -> dict[tuple[str, int], tuple[str, str]]:
    """(test id, n) → (code, text) of one record."""
    with open(path, encoding="utf-8") as f:
        return {(test, n): (code, text) for test, n, code, text in map(json.loads, f)}


def main(before_path: str, after_path: str) -> None:
    """Print the comparison."""
    before, after = load(before_path), load(after_path)
    both = before.keys() & after.keys()
    differ = sorted(k for k in both if before[k][1] != after[k][1])
    print(f"refusals recorded: before {len(before)}, after {len(after)}, the same test and n in both {len(both)}")
    print(f"the same text: {len(both) - len(differ)}; a different text: {len(differ)}")
    sentences = [len({text for _, text in record.values()}) for record in (before, after)]
    print(f"distinct sentences: before {sentences[0]}, after {sentences[1]}")
    renamed = Counter((before[k][0], after[k][0]) for k in both if before[k][1] == after[k][1])
    print(f"codes met after: {len({new for _, new in renamed})}")
    for (old, new), n in sorted(renamed.items()):
        if old != new:
            print(f"  {old} -> {new}: {n}")
    by_test: dict[str, list[Counter[str]]] = defaultdict(lambda: [Counter(), Counter()])
    for i, record in enumerate((before, after)):
        for (test, _), (_, text) in record.items():
            by_test[test][i][text] += 1
    unlike = {test: pair for test, pair in by_test.items() if pair[0] != pair[1]}
    print(f"tests meeting refusals: {len(by_test)}; the same sentences as many times: {len(by_test) - len(unlike)}")
    for test, (old, new) in sorted(unlike.items()):
        print(f"  {test}: {sum(old.values())} -> {sum(new.values())} refusals; sentences only before "
              f"{len(set(old) - set(new))}, only after {len(set(new) - set(old))}")


if __name__ == "__main__":
    main(*sys.argv[1:3])

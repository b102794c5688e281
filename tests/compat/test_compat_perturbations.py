"""The perturbation behaviours of original-prontoqa-analyzer.md §6.3, one test per row and profile.

A 3-hop ModusPonens question with distractor rules (``Wumpuses are zumpuses``, ``Yumpuses are
rompuses``), its gold chain of thought, and each perturbation of the table written out by hand.
Expected: ``(strict, broad, "skip", valid, label)`` as in the table, in the original's order
(``"skip"`` is prontocheck's ``non_atomic``, the original's ``skip steps`` are ``broad``).
"""

from __future__ import annotations

import pytest

from prontocheck.compat import CompatExample, OriginalSummary, Whitelist, compat_check
from prontocheck.prontoqa.problem import Problem

CONTEXT = ("Wumpuses are yumpuses. Yumpuses are dumpuses. Dumpuses are kind. Wumpuses are zumpuses. "
           "Zumpuses are not kind. Yumpuses are rompuses. Fae is a wumpus.")
GOLD = ("Fae is a wumpus. Wumpuses are yumpuses. Fae is a yumpus. Yumpuses are dumpuses. Fae is a dumpus. "
        "Dumpuses are kind. Fae is kind.")
PROBLEM = Problem(CONTEXT, "True or false: Fae is kind.", GOLD, True)

COTS = {
    "gold": GOLD + " True",
    "skip_nonatomic": "Fae is a wumpus. Wumpuses are yumpuses. Yumpuses are dumpuses. Fae is a dumpus. "
                      "Dumpuses are kind. Fae is kind. True",
    "skip_rule": "Fae is a wumpus. Wumpuses are dumpuses. Fae is a dumpus. Dumpuses are kind. Fae is kind. True",
    "misleading": "Fae is a wumpus. Wumpuses are zumpuses. Fae is a zumpus. Wumpuses are yumpuses. Fae is a yumpus. "
                  "Yumpuses are dumpuses. Fae is a dumpus. Dumpuses are kind. Fae is kind. True",
    "misleading_nonatomic": "Fae is a wumpus. Wumpuses are zumpuses. Fae is a zumpus. Wumpuses are yumpuses. "
                            "Yumpuses are dumpuses. Fae is a dumpus. Dumpuses are kind. Fae is kind. True",
    "invalid_final": GOLD.removesuffix("Fae is kind.") + "Fae is not kind. False",
    "invalid_insert": "Fae is a wumpus. Wumpuses are yumpuses. Fae is a yumpus. Fae is a timpus. "
                      "Yumpuses are dumpuses. Fae is a dumpus. Dumpuses are kind. Fae is kind. True",
    "unparseable_insert": "Fae is a wumpus. Wumpuses are yumpuses. Fae is a yumpus. Fae has a tail. "
                          "Yumpuses are dumpuses. Fae is a dumpus. Dumpuses are kind. Fae is kind. True",
    "rules_first": "Fae is a wumpus. Wumpuses are yumpuses. Yumpuses are dumpuses. Dumpuses are kind. Fae is a yumpus. "
                   "Fae is a dumpus. Fae is kind. True",
    "parse_error": "Fae is a wumpus. Wumpuses are yumpuses. Fae is a yumpus. Fae likes cheese. Yumpuses are dumpuses. "
                   "Fae is a dumpus. Dumpuses are kind. Fae is kind. True",
}

# (strict, broad, "skip", valid, label) per row and profile, from the §6.3 table
TABLE = {
    "gold": {"prontoqa-ood": (1, 1, 1, 1, 1), "prontoqa-v1": (1, 1, 1, 1, 1)},
    "skip_nonatomic": {"prontoqa-ood": (0, 0, 1, 1, 1), "prontoqa-v1": (0, 0, 1, 1, 1)},
    "skip_rule": {"prontoqa-ood": (0, 0, 1, 1, 1), "prontoqa-v1": (0, 1, 0, 1, 1)},
    "misleading": {"prontoqa-ood": (1, 1, 1, 1, 1), "prontoqa-v1": (1, 1, 1, 1, 1)},
    "misleading_nonatomic": {"prontoqa-ood": (0, 0, 1, 1, 1), "prontoqa-v1": (0, 0, 1, 1, 1)},
    "invalid_final": {"prontoqa-ood": (0, 0, 0, 0, 0), "prontoqa-v1": (0, 0, 0, 0, 0)},
    "invalid_insert": {"prontoqa-ood": (1, 1, 1, 1, 1), "prontoqa-v1": (1, 1, 1, 1, 1)},
    "unparseable_insert": {"prontoqa-ood": (1, 1, 1, 1, 1), "prontoqa-v1": (1, 1, 1, 1, 1)},
    "rules_first": {"prontoqa-ood": (0, 0, 0, 0, 1), "prontoqa-v1": (1, 1, 1, 1, 1)},
    "parse_error": {"prontoqa-ood": (1, 1, 1, 1, 1), "prontoqa-v1": (1, 1, 1, 1, 1)},
}
CASES = [pytest.param(row, profile, id=f"{row}-{profile}") for row in TABLE for profile in TABLE[row]]


def _check(row: str, profile: str, patterns: dict[str, Whitelist]) -> CompatExample:
    return compat_check(PROBLEM, COTS[row], profile=profile, bad_patterns=patterns[profile])


@pytest.mark.parametrize(("row", "profile"), CASES)
def test_table_row(row: str, profile: str, patterns: dict[str, Whitelist]) -> None:
    e = _check(row, profile, patterns)
    got = tuple(int(e.proof[m]) for m in ("strict", "broad", "non_atomic", "valid")) + (int(bool(e.label_correct)),)
    assert got == TABLE[row][profile]
    figures = _figures(e)
    if row in ("misleading", "misleading_nonatomic"):  # wrong_branch = 1.0
        assert figures.counters["any"][0] + figures.counters["any"][1] == 1 and e.lists["wrong_branch"] == (1,)
    if row == "misleading_nonatomic":  # wrong_branch_lengths = {2: n}
        assert figures.wrong_branch_lengths == (2,)
    if row in ("invalid_insert", "unparseable_insert"):  # 12.5 % incorrect (and unparseable) steps
        assert figures.totals["incorrect"] / sum(figures.proof_lengths) == 0.125
        assert figures.totals["unparseable"] == (1 if row == "unparseable_insert" else 0)
    if row == "parse_error":  # the original stops on the file; here the sentence is dropped and reported
        assert e.would_abort and [d.sentence for d in e.dropped] == ["Fae likes cheese"]
        assert figures.would_abort and "would have stopped" in (figures.abort_notice() or "")
    else:
        assert not e.would_abort


def _figures(e: CompatExample) -> object:
    summary = OriginalSummary(e.profile)
    summary.add(e)
    return summary.build()


def test_skip_rule_details(patterns: dict[str, Whitelist]) -> None:
    """main: B1/B2 put the composed rule under skip and the conclusion under non-atomic; v1: the rule
    is a skip step *and* incorrect, the conclusion a skip step (broad)."""
    main = _check("skip_rule", "prontoqa-ood", patterns)
    assert main.steps[1].categories == ("skip", "useful_skip")
    assert "non_atomic" in main.steps[2].categories and main.found_with_non_atomic and not main.found_with_skip
    v1 = _check("skip_rule", "prontoqa-v1", patterns)
    assert v1.steps[1].categories == ("skip", "useful_skip", "incorrect")
    assert v1.steps[2].categories == ("skip",) and v1.found_with_skip


def test_rules_first_is_incorrect_in_main_only(patterns: dict[str, Whitelist]) -> None:
    main = _check("rules_first", "prontoqa-ood", patterns)
    assert [s.categories for s in main.steps[4:]] == [("incorrect",)] * 3
    v1 = _check("rules_first", "prontoqa-v1", patterns)
    assert all("correct" in s.categories for s in v1.steps)

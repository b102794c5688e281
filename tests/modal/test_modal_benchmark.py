"""The benchmark grid: its size, its gold labels, and the logical forms of its templates."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest

from prontocheck.errors import UsageError
from prontocheck.logic import And, Not, Or
from prontocheck.logic.modal import (
    AtLeastAsLikely,
    Conditional,
    Might,
    ModalFormula,
    ModalNot,
    Must,
    Probably,
    map_atoms,
)
from prontocheck.modal import parse_prompt
from prontocheck.modal.benchmark import GridItem, activities, generate, name_groups, patterns, templates
from prontocheck.modal.decide import abstract, canonical_atom


@pytest.fixture(scope="module")
def grid() -> list[GridItem]:
    return list(generate())


def test_full_grid_has_14400_prompts(grid: list[GridItem]) -> None:
    assert len(grid) == 15 * 12 * 16 * 5 == 14_400
    assert len({g.id for g in grid}) == len(grid)
    assert len({g.prompt for g in grid}) == len(grid)
    per_cell = Counter((g.template, g.form, g.polarity) for g in grid)
    assert set(per_cell.values()) == {80}  # the paper's "80 surface prompts per template"


def test_gold_labels_follow_validity_and_polarity(grid: list[GridItem]) -> None:
    for g in grid:
        assert g.gold == ("Yes" if g.valid == (g.polarity == "aff") else "No")
        assert g.valid == patterns()[g.pattern].valid
    # Yes: 11 valid templates × 5 affirmative variants, and 4 invalid templates × 7 negated variants (× 80 prompts).
    assert Counter(g.gold for g in grid) == {"Yes": (11 * 5 + 4 * 7) * 80, "No": (11 * 7 + 4 * 5) * 80}


def test_surface_factors() -> None:
    groups = name_groups()
    origins = Counter(g.origin for g in groups)
    assert origins == {"indian": 2, "russian": 2, "japanese": 2, "african": 2, "german": 2, "french": 2,
                       "american": 2, "letters": 2}
    assert {g.gender for g in groups if g.origin != "letters"} == {"female", "male"}
    assert [a.id for a in activities()] == ["party", "event", "gathering", "meeting", "celebration"]
    assert len(templates()) == 15 and len(patterns()) == 13


def _sorted(node: Any) -> Any:
    """The form with the operands of ∧ and ∨ in a fixed order (they commute)."""
    match node:
        case And(ops) | Or(ops):
            return type(node)(tuple(sorted((_sorted(o) for o in ops), key=str)))
        case Not(op) | Probably(op) | Might(op) | Must(op) | ModalNot(op):
            return type(node)(_sorted(op))
        case AtLeastAsLikely(a, b) | Conditional(a, b):
            return type(node)(_sorted(a), _sorted(b))
    return node


def _same_up_to_renaming(a: tuple[ModalFormula, ...], b: tuple[ModalFormula, ...], n: int) -> bool:
    """Equal after some renaming of the atoms, up to the order of ∧ and ∨ operands."""
    atoms = [canonical_atom(i) for i in range(n)]
    target = tuple(_sorted(s) for s in b)
    return any(tuple(_sorted(map_atoms(s, dict(zip(atoms, perm)).__getitem__)) for s in a) == target
               for perm in itertools.permutations(atoms))


def test_each_template_has_its_patterns_logical_form() -> None:
    for g in generate(forms=["TRUTH"], groups=["letters-xy"], activities=["party"]):
        if g.polarity != "aff":
            continue
        premises, question = parse_prompt(g.prompt)
        forms, atoms = abstract([*premises, question.embedded])
        p = patterns()[g.pattern]
        assert _same_up_to_renaming(forms, (*p.premises, p.conclusion), len(atoms)), g.template


def test_the_grid_reduces_to_a_handful_of_forms(grid: list[GridItem]) -> None:
    forms = set()
    for g in grid[::5]:  # every template, form and polarity (the names and activities vary fastest)
        premises, question = parse_prompt(g.prompt)
        forms.add(abstract([*premises, question.embedded])[0])
    # The 13 patterns, the second-name variant of distribution over conjunction, and the DIRECT question of
    # probably-not-probably-not (which embeds Pr(¬a)).
    assert len(forms) == 15


def test_filters() -> None:
    assert sum(1 for _ in generate(forms=["DIRECT"])) == 15 * 2 * 16 * 5
    assert sum(1 for _ in generate(groups=["indian", "letters-xy"], activities=["party"])) == 15 * 12 * 3
    with pytest.raises(UsageError, match="'nope'"):
        next(generate(templates=["nope"]))

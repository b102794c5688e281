"""The one derivation engine (prontocheck.engine.calculus): its shortcuts give what the general search gives.

:data:`~prontocheck.engine.calculus.SHORTCUTS` switches the fast paths (the canonical Hop, the chaining
accuracies read off the context or the classification, a broad search skipped after a strict one fits). With
them on and off, every field of every step and every proof accuracy must agree: on every real record in
../shared/data and on generated examples of every rule, gold and perturbed. ``PRONTOCHECK_CALCULUS_EXAMPLES``
sets the number of generated examples per rule (default 40).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from prontocheck import Problem, check
from prontocheck.engine import calculus
from prontocheck.engine.calculus import FALSUM, Fact, Rule, RuleKey, View, statement_key
from prontocheck.engine.shapes import Lit
from prontocheck.engine.theory import Theory
from prontocheck.generate import GeneratorConfig, generate
from prontocheck.generate.rules import RULES
from prontocheck.io import Record, read_records
from prontocheck.logic.formulas import Const
from prontocheck.syntax import parse_statement as p
from prontocheck.testing.perturb import applicable, perturb

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
EXAMPLES = int(os.environ.get("PRONTOCHECK_CALCULUS_EXAMPLES", "40"))


@contextmanager
def shortcuts(on: bool) -> Iterator[None]:
    before = calculus.SHORTCUTS
    calculus.SHORTCUTS = on
    try:
        yield
    finally:
        calculus.SHORTCUTS = before


def both(problem: Problem, output: str) -> tuple[dict[str, Any], dict[str, Any]]:
    with shortcuts(True):
        fast = check(problem, output).to_json()
    with shortcuts(False):
        general = check(problem, output).to_json()
    return fast, general


def test_shortcuts_are_taken_and_can_be_switched_off() -> None:
    t = Theory.from_axioms([p("Every cat is a feline."), p("Fae is a cat.")])
    view = View(t.shapes, [True, True], {})
    view.add(statement_key(p("Fae is a cat.")), 0, frozenset(), p("Fae is a cat."), True)
    view.add(statement_key(p("Every cat is a feline.")), 1, frozenset(), p("Every cat is a feline."), True)
    found = view._shortcut(Lit("feline", True), Const("Fae"), False, None, None)
    assert isinstance(found, calculus.Derivation)
    with shortcuts(False):
        d = view.derive(Lit("feline", True), Const("Fae"), broad=False)
    assert d is not None and (d.rule, d.cost, d.premises) == (Rule.HOP, 1, (1, 0))
    assert view.derive(Lit("feline", True), Const("Fae"), broad=False) == d == found


def test_the_shortcut_says_when_no_derivation_is_within_one_step() -> None:
    # Every cat is a feline, every feline is furry: "Fae is furry" is two Hops from the stated cat; within one
    # step the shortcut answers "none" without a search, and the search agrees. Unbounded, only the search can tell.
    t = Theory.from_axioms([p("Every cat is a feline."), p("Every feline is furry."), p("Fae is a cat.")])
    view = View(t.shapes, [True], {})
    view.add(statement_key(p("Fae is a cat.")), 0, frozenset(), p("Fae is a cat."), True)
    furry, fae = Lit("furry", True), Const("Fae")
    assert view._shortcut(furry, fae, False, None, 1) is None
    assert view._shortcut(furry, fae, False, None, None) is calculus.UNSURE
    with shortcuts(False):
        assert view.derive(furry, fae, broad=False, max_cost=1) is None
        unbounded = view.derive(furry, fae, broad=False)
    assert unbounded is not None and unbounded.cost == 4
    assert view.derive(furry, fae, broad=False, max_cost=1) is None
    assert view.derive(furry, fae, broad=False) == unbounded


def test_statement_keys_are_typed() -> None:
    assert isinstance(statement_key(p("Fae is a cat.")), Fact)
    assert isinstance(statement_key(p("Every cat is a feline.")), RuleKey)
    assert statement_key(p("Fae is a cat and a dog.")) == statement_key(p("Fae is a dog and a cat."))
    assert FALSUM != statement_key(p("Fae is a cat."))


def _real_records() -> Iterator[Record]:
    for pattern in ("prontoqa-v1-llama/*/*.log.gz", "prontoqa-ood-onehop/*/*.log.gz",
                    "prontoqa-logiclm-gpt4o-mini/*.jsonl"):
        for path in sorted(SHARED.glob(pattern)):
            for item in read_records(str(path)):
                if isinstance(item, Record):
                    yield item


@pytest.mark.shared
def test_shortcuts_agree_with_the_general_search_on_every_real_record() -> None:
    n = 0
    for rec in _real_records():
        fast, general = both(rec.problem, rec.output)
        assert fast == general, rec.id
        n += 1
    assert n > 4_000


@pytest.mark.parametrize("rule", sorted(RULES))
def test_shortcuts_agree_with_the_general_search_on_generated_examples(rule: str) -> None:
    rng = random.Random(rule)
    hops = {"modus-ponens": (1, 5), "composed": (2, 3)}.get(rule, (1, 3))
    config = GeneratorConfig(hops=hops, rule=rule, distractors="v1",
                             query="prove" if rule != "modus-ponens" else "true-or-false")
    compared = perturbed = 0
    for example in generate(config, EXAMPLES, seed=12):
        for perturbation in ("gold", rng.choice(applicable(example))):
            out = perturb(example, perturbation, rng)
            fast, general = both(example.problem, out.text)
            assert fast == general, (rule, example.problem, out.text)
            compared += 1
            perturbed += perturbation != "gold"
    assert compared == 2 * EXAMPLES and perturbed > EXAMPLES // 2

"""What a deduction-rule module gives the generator: a :class:`Scene`, the logical content of one question.

The generator is split so that a new deduction rule (the OOD paper's and/or introduction and
elimination, proof by contradiction, composed proofs) is a new module here and nothing else: the
module builds the ontology, the proof and the distractors as formulas; writing sentences, queries,
labels, few-shot prompts and files is shared.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from prontocheck.generate.config import GeneratorConfig
from prontocheck.generate.render import Lexicon
from prontocheck.logic.formulas import Formula


@dataclass(frozen=True, slots=True)
class Assume:
    """The gold step "Assume φ." (a proof by cases or by contradiction opens a hypothesis)."""

    formula: Formula


@dataclass(frozen=True, slots=True)
class Contradicts:
    """The gold step "This contradicts with χ." (χ and its negation are both established)."""

    formula: Formula


@dataclass(frozen=True, slots=True)
class Since:
    """The gold step "Since φ, ψ." (the last step of a proof by cases: the disjunction, then ψ)."""

    premise: Formula
    conclusion: Formula


Step = Formula | Assume | Contradicts | Since
"""One sentence of a gold chain of thought: a statement, or one of the OOD step forms above."""


def statements(steps: tuple[Step, ...]) -> tuple[Formula, ...]:
    """The formulas a chain of steps states, as the checker reads a gold chain: "Since φ, ψ" is φ
    then ψ; assumptions and contradictions state nothing.
    """
    out: list[Formula] = []
    for step in steps:
        if isinstance(step, Since):
            out += [step.premise, step.conclusion]
        elif not isinstance(step, Assume | Contradicts):
            out.append(step)
    return tuple(out)


@dataclass(frozen=True)
class Scene:
    """The logical content of one question.

    Attributes:
        axioms: the context's formulas in context order, the premises last.
        proof: the gold chain of formulas (premise, rule, fact, …), the goal last; for the OOD
            rules, the formulas the gold steps state (see :func:`statements`).
        lexicon: the surface words of every predicate used.
        hops: the number of hops as the rule module counts them (modus ponens: rule applications).
        distractors: the axioms added as distractors (a subset of ``axioms``).
        details: extra metadata for the record (e.g. which true ontology).
        steps: the gold chain of thought, one :data:`Step` per sentence; empty: ``proof``, one
            sentence per formula (modus ponens).
        breaks: indices of the steps that start a new paragraph of the gold answer (the
            original writes each case of a proof by cases as a paragraph).
    """

    axioms: tuple[Formula, ...]
    proof: tuple[Formula, ...]
    lexicon: Lexicon
    hops: int
    distractors: tuple[Formula, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)
    steps: tuple[Step, ...] = ()
    breaks: frozenset[int] = frozenset()

    @property
    def goal(self) -> Formula:
        """The last formula of the proof."""
        return self.proof[-1]

    @property
    def gold_steps(self) -> tuple[Step, ...]:
        """The gold chain of thought as steps (``steps``, or ``proof`` one formula a sentence)."""
        return self.steps or self.proof


class RuleModule(Protocol):
    """A deduction rule the generator can build questions for."""

    name: str
    """The name ``--rule`` takes (``modus-ponens``)."""

    def min_hops(self, config: GeneratorConfig) -> tuple[int, str]:
        """The fewest hops a question can have (composed proofs need enough for their rule types), and why."""
        ...

    def max_hops(self, config: GeneratorConfig) -> tuple[int, str]:
        """The most hops this configuration's vocabulary allows (0: none), and why, in words."""
        ...

    def build(self, config: GeneratorConfig, hops: int, rng: random.Random) -> Scene:
        """Build one question of exactly ``hops`` hops, constructively (no unbounded retries)."""
        ...

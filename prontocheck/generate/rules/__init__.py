"""Deduction-rule modules: each builds the logical content of a question for one rule, registered
under the name ``--rule`` takes.

Modus ponens is PrOntoQA v1's rule; the others are PrOntoQA-OOD's (Saparov et al., NeurIPS 2023),
which the checker decides under the paper profile (natural deduction with tracked assumptions):
and-introduction, and-elimination, or-introduction, or-elimination (proof by cases), proof by
contradiction, and ``composed``, a random composition of them. A new rule is one module here,
registered in :data:`RULES`.

>>> sorted(RULES)  # doctest: +NORMALIZE_WHITESPACE
['and-elim', 'and-intro', 'composed', 'modus-ponens', 'or-elim', 'or-intro', 'proof-by-contradiction']
>>> rule_module("modus-tollens")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
prontocheck.generate.config.GenerationError: unknown deduction rule 'modus-tollens'; supported: ...
"""

from __future__ import annotations

from prontocheck.generate.config import GenerationError
from prontocheck.generate.rules.and_elim import AndElim
from prontocheck.generate.rules.and_intro import AndIntro
from prontocheck.generate.rules.base import Assume, Contradicts, RuleModule, Scene, Since, Step
from prontocheck.generate.rules.composed import Composed
from prontocheck.generate.rules.contradiction import ProofByContradiction
from prontocheck.generate.rules.modus_ponens import ModusPonens
from prontocheck.generate.rules.or_elim import OrElim
from prontocheck.generate.rules.or_intro import OrIntro

RULES: dict[str, RuleModule] = {
    m.name: m for m in (ModusPonens(), AndIntro(), AndElim(), OrIntro(), OrElim(), ProofByContradiction(),
                        Composed())
}
"""The rules the generator builds questions for."""

OOD_RULES = ("and-intro", "and-elim", "or-intro", "or-elim", "proof-by-contradiction", "composed")
"""The PrOntoQA-OOD rules (besides modus ponens)."""

PLANNED: tuple[str, ...] = ()
"""Rules recognised but not generated yet (none: every OOD rule is generated)."""


def rule_module(name: str) -> RuleModule:
    """The module of a rule name.

    Raises:
        GenerationError: an unknown name.
    """
    if name in RULES:
        return RULES[name]
    raise GenerationError(f"unknown deduction rule {name!r}; supported: {', '.join(sorted(RULES))}")


__all__ = ["OOD_RULES", "PLANNED", "RULES", "Assume", "Contradicts", "RuleModule", "Scene", "Since", "Step",
           "rule_module"]

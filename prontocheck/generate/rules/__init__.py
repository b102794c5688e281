"""Deduction-rule modules of the generator, by the name ``--rule`` takes.

Only modus ponens is generated for now: the checker decides the v1 calculus (Ax and Hop). The
OOD paper's rules are listed in :data:`PLANNED`; each will be one module here, registered in
:data:`RULES`, once the checker supports it.

>>> sorted(RULES)
['modus-ponens']
>>> rule_module("and-intro")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
prontocheck.generate.config.GenerationError: the deduction rule 'and-intro' is not supported yet: ...
"""

from __future__ import annotations

from prontocheck.generate.config import GenerationError
from prontocheck.generate.rules.base import RuleModule, Scene
from prontocheck.generate.rules.modus_ponens import ModusPonens

RULES: dict[str, RuleModule] = {"modus-ponens": ModusPonens()}
"""The rules the generator builds questions for."""

PLANNED = ("and-intro", "and-elim", "or-intro", "or-elim", "proof-by-contradiction", "composed")
"""The OOD paper's other rules: recognised, refused with a clear message until the checker supports them."""


def rule_module(name: str) -> RuleModule:
    """The module of a rule name.

    Raises:
        GenerationError: a planned rule (not supported yet) or an unknown name.
    """
    if name in RULES:
        return RULES[name]
    supported = ", ".join(sorted(RULES))
    if name in PLANNED:
        raise GenerationError(f"the deduction rule {name!r} is not supported yet: the checker decides modus ponens "
                              f"proofs only (supported: {supported})")
    raise GenerationError(f"unknown deduction rule {name!r}; supported: {supported}; planned: {', '.join(PLANNED)}")


__all__ = ["PLANNED", "RULES", "RuleModule", "Scene", "rule_module"]

"""The records of the Horn closure: rule strengths, rules, derivations, violations, and the
results of hypothetical additions and retractions. :mod:`prontocheck.horn.closure` re-exports them.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from enum import IntEnum

from prontocheck.common.slots import slot_init
from prontocheck.errors import UsageError
from prontocheck.logic.formulas import Atom, Var


class Strength(IntEnum):
    """How binding a rule is; the closure runs one layer per strength, in this order."""

    STRICT = 0
    """A logical truth of the relation: a violation is an inconsistency."""
    SOFT = 1
    """Usually true (near-synonymy transitivity, parthood transitivity): a violation is suspicious."""
    DEFAULT = 2
    """Defeasible (inheritance): a violation is an exception, not an error."""

    @property
    def label(self) -> str:
        """The lower-case name: ``"strict"``, ``"soft"`` or ``"default"``."""
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class Rule:
    """A Horn rule or, without a head, a negative constraint.

    Attributes:
        name: how derivations and conflicts cite the rule (``"transitive(part_of)"``).
        body: the premises; variables are :class:`Var`, constants :class:`Const`.
        head: the conclusion, or ``None`` for a constraint (the body must never hold).
        strength: the layer the rule belongs to.
        distinct: pairs of variables that must be bound to different constants (``X ≠ Z``).
    """

    name: str
    body: tuple[Atom, ...]
    head: Atom | None = None
    strength: Strength = Strength.STRICT
    distinct: tuple[tuple[Var, Var], ...] = ()

    def __post_init__(self) -> None:
        if not self.body:
            raise UsageError(f"rule {self.name!r} has an empty body")
        bound = {t for a in self.body for t in a.args if isinstance(t, Var)}
        loose = {t for a in ((self.head,) if self.head else ()) for t in a.args if isinstance(t, Var)} - bound
        loose |= {v for pair in self.distinct for v in pair} - bound
        if loose:
            names = ", ".join(sorted(v.name for v in loose))
            raise UsageError(f"rule {self.name!r}: variable(s) {names} do not occur in the body")


@slot_init  # (one derivation per fact of a closure, and per what-if step)
@dataclass(frozen=True, slots=True)
class Derivation:
    """Why a fact holds: given (``rule is None``, asserted by ``sources``) or derived by ``rule``.

    Attributes:
        rule: the rule of the last step, or ``None`` for a given fact.
        premises: the rule's body instance (empty for a given fact).
        sources: who asserted a given fact (item ids, background records); empty when derived.
        level: the layer at which the fact was first derived.
    """

    rule: Rule | None
    premises: tuple[Atom, ...]
    sources: tuple[Hashable, ...]
    level: Strength


@slot_init
@dataclass(frozen=True, slots=True)
class Violation:
    """A ground constraint instance that the closure violates.

    Attributes:
        rule: the violated constraint, or ``None`` for a denial (a fact asserted to be false).
        facts: the constraint's body instance (for a denial, the denied fact).
        level: the first layer at which the instance is violated.
        denied_by: for a denial, who asserted the fact to be false.
    """

    rule: Rule | None
    facts: tuple[Atom, ...]
    level: Strength
    denied_by: tuple[Hashable, ...] = ()

    @property
    def constraint(self) -> str:
        """The constraint's name; ``"denied"`` for a denial."""
        return self.rule.name if self.rule is not None else "denied"


@slot_init
@dataclass(frozen=True, slots=True)
class Support:
    """What a set of facts rests on: the sources of the given facts and the rules used.

    Attributes:
        sources: the sources of the given facts reached.
        rules: the rules of the derivation steps reached.
        steps: how many facts the derivations reach (the length of their explanation).
    """

    sources: frozenset[Hashable]
    rules: frozenset[str]
    steps: int = 0


@slot_init
@dataclass(frozen=True, slots=True)
class Hypothesis:
    """The effect of adding one fact to a closure, computed without changing it.

    Attributes:
        atom: the hypothetical fact.
        entailed: the closure already holds it (nothing else is computed then).
        violations: the violations the addition would create (all of them new).
        derivations: the derivations of the facts the addition would create.
    """

    atom: Atom
    entailed: bool
    violations: tuple[Violation, ...]
    derivations: Mapping[Atom, Derivation]


@slot_init
@dataclass(frozen=True, slots=True)
class Retraction:
    """The closure without one source's facts and denials (delete and re-derive), computed aside.

    Attributes:
        source: the retracted source.
        lost: facts of the closure that no longer follow.
        derivations: new derivations of facts that still follow, though their recorded one used the source.
        lost_violations: violations that no longer hold.
        complete: ``False`` when the retraction exceeded its budget and nothing was computed.
    """

    source: Hashable
    lost: frozenset[Atom]
    derivations: Mapping[Atom, Derivation]
    lost_violations: tuple[Violation, ...]
    complete: bool = True

"""Certificates: a model (exact probabilities per world) or a proof that no model exists.

A set of statements is *satisfiable* when some distribution over the worlds makes them all true;
a :class:`Countermodel` exhibits one. It is *unsatisfiable* when every alternative of its
linear form (see :mod:`prontocheck.modal.linear`) is infeasible; a :class:`Proof` gives, for each
alternative, a Motzkin transposition certificate: multipliers ``m_i`` (≥ 0 on inequality rows)
such that ``Σ m_i c_i ≤ 0`` in every world and either ``Σ m_i k_i < 0``, or ``Σ m_i k_i ≤ 0`` with
``m_i > 0`` on some strict row. Adding the rows with these weights yields ``0 > 0`` or ``0 ≥ ε``.
Under the variably strict reading a model also ranks the worlds (rank 0 is its support), and an alternative
may instead be refuted by its ranking constraints alone (:class:`NoRanking`, :mod:`prontocheck.modal.ranking`).

Both are checked by :mod:`prontocheck.modal.checker` before any verdict is returned.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from prontocheck.logic.formulas import Atom, Formula, Not, and_
from prontocheck.logic.printing import to_str
from prontocheck.modal.linear import RankLiteral, Row, World, worlds


def world_formula(atoms: tuple[Atom, ...], world: World) -> Formula:
    """The conjunction of literals that describes a world.

    >>> from prontocheck.logic.formulas import Const
    >>> a, b = Atom("a", (Const("x"),)), Atom("b", (Const("x"),))
    >>> str(world_formula((a, b), (True, False)))
    'a(x) ∧ ¬b(x)'
    """
    return and_(*(atom if value else Not(atom) for atom, value in zip(atoms, world, strict=True)))


@dataclass(frozen=True, slots=True)
class Countermodel:
    """A distribution over the worlds, with exact probabilities.

    Attributes:
        atoms: the atoms that index the worlds.
        probabilities: one probability per world, in the order of :func:`~prontocheck.modal.linear.worlds`.
        ranks: under the variably strict reading, one rank per world (0 exactly on the support, ``None`` for a
            world not ranked); ``None`` under the other readings.
    """

    atoms: tuple[Atom, ...]
    probabilities: tuple[Fraction, ...]
    ranks: tuple[int | None, ...] | None = None

    def support(self) -> list[tuple[World, Fraction]]:
        """The worlds with a positive probability, and their probabilities."""
        return [(w, p) for w, p in zip(worlds(len(self.atoms)), self.probabilities, strict=True) if p]

    def layers(self) -> list[tuple[int, list[World]]]:
        """The ranks above 0 and their worlds, lowest first (empty without a ranking)."""
        if self.ranks is None:
            return []
        ws = worlds(len(self.atoms))
        return [(r, [w for w, x in zip(ws, self.ranks, strict=True) if x == r])
                for r in sorted({x for x in self.ranks if x})]

    def text(self) -> str:
        """One line: ``a(x) ∧ b(x): 1/2; a(x) ∧ ¬b(x): 1/4; …`` (zero worlds omitted), then the ranks above 0:
        ``… | rank 1: a(x) ∧ ¬b(x)``.
        """
        text = "; ".join(f"{world_formula(self.atoms, w)}: {p}" for w, p in self.support())
        for r, ws in self.layers():
            text += f" | rank {r}: " + ", ".join(str(world_formula(self.atoms, w)) for w in ws)
        return text

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "model", "worlds": [{"world": "a(x) ∧ ¬b(x)", "p": "1/4"}, …]}`` (zero worlds omitted),
        with ``"ranking": [{"rank": 1, "worlds": […]}, …]`` when worlds are ranked above 0.
        """
        out: dict[str, Any] = {
            "kind": "model",
            "worlds": [{"world": to_str(world_formula(self.atoms, w)), "p": str(p)} for w, p in self.support()]}
        if layers := self.layers():
            out["ranking"] = [{"rank": r, "worlds": [to_str(world_formula(self.atoms, w)) for w in ws]}
                              for r, ws in layers]
        return out


@dataclass(frozen=True, slots=True)
class ProofCase:
    """A Motzkin certificate for one alternative: rows (the last one is ``Σ_w p(w) = 1``) and multipliers.

    Attributes:
        rows: the rows of the alternative, then the normalisation row.
        multipliers: one multiplier per row.
    """

    rows: tuple[Row, ...]
    multipliers: tuple[Fraction, ...]

    def text(self) -> str:
        """The combination that adds up to a contradiction: ``2/3·[p(a(x)) > 1/2] + 2/3·[p(a(x)) = 0]``."""
        terms = [f"{m}·[{row.text}]" for m, row in zip(self.multipliers, self.rows, strict=True) if m]
        return " + ".join(terms).replace("+ -", "− ")

    def to_json(self) -> dict[str, Any]:
        """``{"combination": [{"multiplier": "2/3", "row": "p(a(x)) > 1/2"}, …], "text": …}``."""
        return {"combination": [{"multiplier": str(m), "row": row.text}
                                for m, row in zip(self.multipliers, self.rows, strict=True) if m],
                "text": self.text()}


@dataclass(frozen=True, slots=True)
class NoRanking:
    """An alternative refuted by its ranking constraints alone: no ranking of the worlds satisfies them. The
    checker runs the exhaustive search (:func:`prontocheck.modal.ranking.rank`) again on the constraints it
    recomputes; the finite-model bound that makes the search exhaustive is argued there.

    Attributes:
        literals: the alternative's ranking constraints.
    """

    literals: tuple[RankLiteral, ...]

    def text(self) -> str:
        """``no ranking: [min-rank a(x) ⊨ b(x)] ∧ [min-rank a(x) ⊭ b(x)]``."""
        return "no ranking: " + " ∧ ".join(f"[{literal.text}]" for literal in self.literals)

    def to_json(self) -> dict[str, Any]:
        """``{"no_ranking": ["min-rank a(x) ⊨ b(x)", …], "text": …}``."""
        return {"no_ranking": [literal.text for literal in self.literals], "text": self.text()}


@dataclass(frozen=True, slots=True)
class Proof:
    """A proof of unsatisfiability: one Motzkin certificate (or, for ranking constraints, a :class:`NoRanking`)
    per alternative of the linear form.

    Attributes:
        cases: the certificates, in the order of the alternatives.
    """

    cases: tuple[ProofCase | NoRanking, ...]

    def text(self) -> str:
        """The cases' combinations, separated by ``|``."""
        return " | ".join(case.text() for case in self.cases)

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "proof", "cases": [...]}``."""
        return {"kind": "proof", "cases": [case.to_json() for case in self.cases]}


Certificate = Countermodel | Proof
"""A checked answer to "is this set of statements satisfiable?"."""

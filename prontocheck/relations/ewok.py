"""EWoK-style minimal pairs of pairs: does each context entail, contradict or leave open each
target under the relation algebra, and does the item's design hold (each target matches its own
context and only that one)?

A context is one or more statements ("The cup is to the left of the plate. The plate is to the
left of the bowl."); a target is one statement. Column names are configurable.

>>> from prontocheck.relations.loading import shipped_schema
>>> r = analyze_pair({"id": "e1", "Context1": "The cup is to the left of the bowl.",
...                   "Context2": "The cup is to the right of the bowl.",
...                   "Target1": "The bowl is to the right of the cup.",
...                   "Target2": "The bowl is to the left of the cup."}, shipped_schema())
>>> [c.verdict.value for c in r.cells], r.design
(['entailed', 'contradicted', 'contradicted', 'entailed'], 'ok')
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from prontocheck.errors import BudgetExceeded, SentenceParseError, UsageError
from prontocheck.horn.closure import Closure, Rule, Strength
from prontocheck.logic.formulas import Atom, Const, Var
from prontocheck.relations.choices import ROLES as ROLES  # (the fields of a record; DEFAULT_COLUMNS below)
from prontocheck.relations.clauses import read_sentence
from prontocheck.relations.conflicts import Step, explanation
from prontocheck.relations.errors import ItemError, LabelError, RelationsError
from prontocheck.relations.grammar import Surface, category_name
from prontocheck.relations.items import record_id
from prontocheck.relations.schema import Schema, constant

DEFAULT_COLUMNS: Mapping[str, tuple[str, ...]] = {
    "id": ("id", "ID", "item_id"), "domain": ("domain", "Domain"),
    "context1": ("Context1", "context1", "C1", "context_1"), "context2": ("Context2", "context2", "C2", "context_2"),
    "target1": ("Target1", "target1", "T1", "target_1"), "target2": ("Target2", "target2", "T2", "target_2"),
}
"""Keys tried for each role, in order, unless a column is given for it."""


class Verdict(StrEnum):
    """What a context says about a target."""

    ENTAILED = "entailed"
    CONTRADICTED = "contradicted"
    UNDETERMINED = "undetermined"
    INCONSISTENT = "inconsistent_context"
    """The context itself violates a strict rule, so it decides nothing."""


class Design(StrEnum):
    """How an item's contexts bear on its targets: the design categories (the first three agree with EWoK's
    construction, Target1 going with Context1 and Target2 with Context2; the rest are defects to fix).

    Each target makes one comparison, as EWoK's metric does: is it more plausible after its own context than
    after the other? Plausibility is ranked entailed > undetermined > contradicted, and within entailed and
    contradicted by the strength of the weakest rule used (:attr:`Cell.plausibility`).
    """

    CONTRAST = "contrast"
    """Each target is entailed by its own context and contradicted by the other (the strongest design)."""
    DIRECT = "direct"
    """Both comparisons go the designed way, not both as a full contrast."""
    ONE_SIDED = "one_sided"
    """One comparison goes the designed way and the other is a tie (the knowledge decides one target only)."""
    REVERSED = "reversed"
    """A target is more plausible after the *other* context: the derivation says the item is built the wrong way."""
    IMPLAUSIBLE = "implausible"
    """A target is contradicted by both contexts."""
    NO_DISCRIMINATION = "no_discrimination"
    """Neither comparison is decided: the contexts do not tell the targets apart (or the knowledge is missing)."""
    INCONSISTENT = "inconsistent_context"
    """A context breaks a strict rule, so it decides nothing."""

    @property
    def agrees(self) -> bool:
        """Whether the category agrees with EWoK's construction."""
        return self in (Design.CONTRAST, Design.DIRECT, Design.ONE_SIDED)


def design_category(cells: Mapping[tuple[int, int], Cell]) -> Design:
    """The design category of an item from its four cells, keyed ``(context, target)``: each target's comparison
    is the plausibility (:attr:`Cell.plausibility`) after its own context against that after the other.

    >>> E, U, C = Verdict.ENTAILED, Verdict.UNDETERMINED, Verdict.CONTRADICTED
    >>> def item(*verdicts): return {(i, j): Cell(i, j, v, (), Strength.STRICT)
    ...                             for (i, j), v in zip([(1, 1), (1, 2), (2, 1), (2, 2)], verdicts)}
    >>> design_category(item(E, C, C, E)).value, design_category(item(E, C, U, U)).value
    ('contrast', 'direct')
    >>> design_category(item(U, U, E, U)).value, design_category(item(C, U, C, E)).value
    ('reversed', 'implausible')
    """
    if any(c.verdict is Verdict.INCONSISTENT for c in cells.values()):
        return Design.INCONSISTENT
    comparisons = [cells[(j, j)].plausibility - cells[(3 - j, j)].plausibility for j in (1, 2)]
    if any(c < 0 for c in comparisons):
        return Design.REVERSED
    if all(c > 0 for c in comparisons):
        full = all(cells[(j, j)].verdict is Verdict.ENTAILED and cells[(3 - j, j)].verdict is Verdict.CONTRADICTED
                   for j in (1, 2))
        return Design.CONTRAST if full else Design.DIRECT
    if any(cells[(1, j)].verdict is cells[(2, j)].verdict is Verdict.CONTRADICTED for j in (1, 2)):
        return Design.IMPLAUSIBLE
    return Design.ONE_SIDED if any(c > 0 for c in comparisons) else Design.NO_DISCRIMINATION


@dataclass(frozen=True, slots=True)
class Cell:
    """One (context, target) combination.

    Attributes:
        context: 1 or 2.
        target: 1 or 2.
        verdict: entailed, contradicted, undetermined, or inconsistent context.
        steps: the derivation behind an entailment or a contradiction (empty otherwise).
        strength: the weakest rule that derivation needs (``None`` when undetermined or inconsistent).
    """

    context: int
    target: int
    verdict: Verdict
    steps: tuple[Step, ...] = ()
    strength: Strength | None = None

    @property
    def plausibility(self) -> int:
        """+3 (entailed by strict rules), +2 (soft), +1 (default), 0 (undetermined), down to -3 (contradicted by
        strict rules); ``None``-safe: an inconsistent context counts 0.

        >>> Cell(1, 1, Verdict.CONTRADICTED, (), Strength.DEFAULT).plausibility
        -1
        """
        if self.verdict not in (Verdict.ENTAILED, Verdict.CONTRADICTED) or self.strength is None:
            return 0
        weight = 3 - int(self.strength)
        return weight if self.verdict is Verdict.ENTAILED else -weight

    def to_json(self) -> dict[str, Any]:
        """``{"context", "target", "verdict", "derivation"}``."""
        return {"context": self.context, "target": self.target, "verdict": self.verdict.value,
                "strength": self.strength.label if self.strength is not None else None,
                "derivation": [s.to_json() for s in self.steps]}


@dataclass(frozen=True, slots=True)
class PairResult:
    """The analysis of one EWoK item.

    Attributes:
        id: the item's id.
        domain: its domain, if given.
        cells: the four (context, target) verdicts, C1T1, C1T2, C2T1, C2T2.
        targets: per target, ``"ok"`` (entailed by its own context only), ``"both"``, ``"neither"``
            or ``"swapped"`` (entailed by the other context only).
        contrast: per target, whether the other context also contradicts it (the strongest design).
        category: the design category (:class:`Design`), whose derivations are the cells' steps.
    """

    id: str
    domain: str | None
    cells: tuple[Cell, ...]
    targets: tuple[str, str]
    contrast: tuple[bool, bool]
    category: Design = Design.NO_DISCRIMINATION

    @property
    def agrees(self) -> bool:
        """Whether the design category agrees with EWoK's construction (:attr:`Design.agrees`)."""
        return self.category.agrees

    @property
    def design(self) -> str:
        """``"ok"`` if both targets are ok; else the first target's problem."""
        return next((t for t in self.targets if t != "ok"), "ok")

    def to_json(self) -> dict[str, Any]:
        """The ``--output`` line for the item."""
        return {"id": self.id, "domain": self.domain, "design": self.design, "category": self.category.value,
                "agrees": self.agrees, "targets": list(self.targets), "contrast": list(self.contrast),
                "cells": [c.to_json() for c in self.cells]}


def item_field(record: Mapping[str, Any], role: str, columns: Mapping[str, str]) -> Any:
    """A role's value in an item record (``columns`` names the key of a role whose key is not a default one)."""
    keys = (columns[role],) if role in columns else DEFAULT_COLUMNS[role]
    return next((record[k] for k in keys if record.get(k) is not None), None)


Proposition = tuple[Atom, bool]
"""An embedded clause: its atom and polarity ("… that the wheel is not in the shop")."""


def proposition_name(atom: Atom, positive: bool) -> str:
    """The constant that stands for a proposition as an attitude's argument.

    >>> proposition_name(Atom("inside", (Const("wheel"), Const("shop"))), False)
    'not inside(wheel, shop)'
    """
    return f"{'' if positive else 'not '}{atom}"


def _resolve(surface: Surface, schema: Schema, category: str | None,
             propositions: dict[Const, Proposition]) -> Atom:
    """The canonical atom of a read clause; an attitude's clause becomes a proposition constant."""
    if surface.clause is None:
        arity_form = f"{surface.form}/{len(surface.args)}"  # "rip/1" (it rips) apart from "rip/2" (Chao rips it)
        if arity_form in schema.forms:
            surface = Surface(arity_form, surface.args, surface.comparative, surface.negated, surface.category)
        return schema.resolve(surface, category)
    inner = _resolve(surface.clause, schema, category, propositions)
    prop = constant(proposition_name(inner, not surface.clause.negated))
    propositions[prop] = (inner, not surface.clause.negated)
    return schema.resolve(Surface(surface.form, (*surface.args, prop.name), negated=surface.negated), category)


def _literals(text: str, schema: Schema, category: str | None,
              propositions: dict[Const, Proposition]) -> list[tuple[Atom, bool]]:
    """The statements of a text as ``(atom, positive)``."""
    out: list[tuple[Atom, bool]] = []
    for sentence in (s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s):
        for surface in read_sentence(sentence):  # "X is moving, and Y is not": one statement per clause
            antecedent = _antecedent(out)  # "Ali squeezed the ball. It changed its shape.": "it" is the ball
            out.append((_bound(_resolve(surface, schema, category, propositions), antecedent), not surface.negated))
            if surface.restriction is not None:
                out.append((_resolve(surface.restriction, schema, category, propositions),
                            not surface.restriction.negated))
    return out


IT = constant("it")
"""The pronoun "it" of a target, which refers to the thing its context last mentions."""


def _antecedent(literals: list[tuple[Atom, bool]]) -> Const | None:
    """What "it" refers to after a context: the last argument of its last statement (or of that statement's
    relative clause), unless that is itself "it".
    """
    for atom, _ in reversed(literals):
        if atom.args and isinstance(atom.args[-1], Const) and atom.args[-1] != IT:
            return atom.args[-1]
    return None


def _bound(atom: Atom, antecedent: Const | None) -> Atom:
    """``atom`` with "it" replaced by the context's antecedent."""
    if antecedent is None or IT not in atom.args:
        return atom
    return Atom(atom.predicate, tuple(antecedent if a == IT else a for a in atom.args))


def _verdict(closure: Closure, atom: Atom, positive: bool) -> tuple[Verdict, tuple[Step, ...], Strength | None]:
    strict = next((v for v in closure.violations if v.level == Strength.STRICT), None)
    if strict is not None:
        return Verdict.INCONSISTENT, explanation(closure, strict.facts), None
    if atom in closure:
        level = closure.derivation(atom).level
        return (Verdict.ENTAILED if positive else Verdict.CONTRADICTED), explanation(closure, [atom]), level
    h = closure.what_if(atom, limit=1)
    if h.violations:
        violation = min(h.violations, key=lambda v: v.level)
        steps = explanation(closure, violation.facts, h.derivations)
        return (Verdict.CONTRADICTED if positive else Verdict.ENTAILED), steps, violation.level
    return Verdict.UNDETERMINED, (), None


def _factive_rules(schema: Schema, propositions: Mapping[Const, Proposition]) -> list[Rule]:
    """Per proposition of the item, ``f(X, p) -> P`` for each factive relation ``f`` (``-> false`` with ``P``
    added to the body for a negative ``P``), as the Horn closure has no rules over propositions.
    """
    agent = Var("X")
    rules = []
    for name, spec in schema.relations.items():
        if not spec.factive:
            continue
        for prop, (atom, positive) in propositions.items():
            body = (Atom(name, (agent, prop)),)
            rule = Rule(f"factive({name})", body, atom) if positive else Rule(f"factive({name})", (*body, atom))
            rules.append(rule)
    return rules


def _closed_rules(schema: Schema, propositions: Mapping[Const, Proposition]) -> list[Rule]:
    """Per ordered pair of the item's propositions ``(q, p)``, for each closed attitude ``a``: ``a(X, q) -> a(X, p)``
    where Q alone entails P under the schema (with its background), and ``a(X, q), a(X, p) -> false`` where Q
    contradicts P; both at default strength (an agent believes what follows from what they believe).
    """
    closed = [name for name, spec in schema.relations.items() if spec.closed]
    if not closed or len(propositions) < 2:
        return []
    agent = Var("X")
    background: dict[Atom, list[Hashable]] = defaultdict(list)
    for bg in schema.background:
        background[bg.atom].append(bg)
    predicates = {a.predicate for a, _ in propositions.values()} | {bg.atom.predicate for bg in schema.background}
    compiled = schema.compile(predicates)
    rules = []
    for q, (q_atom, q_positive) in propositions.items():
        if not q_positive:
            continue  # only a positive statement has consequences here
        closure = Closure(compiled, {**background, q_atom: [q]}, {})
        for p, (p_atom, p_positive) in propositions.items():
            if p == q:
                continue
            holds = p_atom in closure
            excluded = not holds and bool(closure.what_if(p_atom, limit=1).violations)
            entails, contradicts = (holds, excluded) if p_positive else (excluded, holds)
            for name in closed:
                if entails:
                    rules.append(Rule(f"closed({name})", (Atom(name, (agent, q)),), Atom(name, (agent, p)),
                                      Strength.DEFAULT))
                elif contradicts:
                    rules.append(Rule(f"closed({name})", (Atom(name, (agent, q)), Atom(name, (agent, p))), None,
                                      Strength.DEFAULT))
    return rules


def _context_closure(literals: list[tuple[Atom, bool]], name: str, schema: Schema,
                     propositions: Mapping[Const, Proposition]) -> Closure:
    facts: dict[Atom, list[Hashable]] = defaultdict(list)
    denials: dict[Atom, list[Hashable]] = defaultdict(list)
    for bg in schema.background:
        facts[bg.atom].append(bg)
    for n, (atom, positive) in enumerate(literals, 1):
        (facts if positive else denials)[atom].append(f"{name}.{n}")
    predicates = {a.predicate for a, _ in literals} | {bg.atom.predicate for bg in schema.background}
    predicates |= {a.predicate for a, _ in propositions.values()}
    return Closure((*schema.compile(predicates), *_factive_rules(schema, propositions),
                    *_closed_rules(schema, propositions)), facts, denials)


def analyze_pair(record: Mapping[str, Any], schema: Schema, *, columns: Mapping[str, str] | None = None,
                 line: int | None = None) -> PairResult:
    """Analyse one EWoK record.

    Args:
        record: the item.
        schema: the relation schema.
        columns: role (see :data:`ROLES`) → key, for the roles whose key differs from the defaults.
        line: the record's line, for messages.

    Raises:
        ItemError: a missing context or target, a sentence the grammar or schema cannot read, or a
            context whose closure (or a target tried on it) exceeds the limit ``closure_facts``
            (the reason then starts ``budget_exceeded:``).
    """
    columns = dict(columns or {})
    unknown = set(columns) - set(ROLES)
    if unknown:
        raise UsageError(f"unknown column role(s) {sorted(unknown)}; expected some of {ROLES}")
    item_id = str(item_field(record, "id", columns) or record_id(record, line))
    domain = item_field(record, "domain", columns)
    try:
        texts = {role: item_field(record, role, columns) for role in ROLES[2:]}
        for role, text in texts.items():
            if not isinstance(text, str) or not text.strip():
                looked = columns.get(role) or ", ".join(DEFAULT_COLUMNS[role])
                raise LabelError(text, f"no {role} (looked for {looked})")
        category = category_name(domain) if isinstance(domain, str) else None
        propositions: dict[Const, Proposition] = {}
        read = {role: _literals(texts[role], schema, category, propositions) for role in ROLES[2:]}
        contexts = [_context_closure(read[f"context{i}"], f"C{i}", schema, propositions) for i in (1, 2)]
        targets = [read[f"target{j}"] for j in (1, 2)]
        for j, target in enumerate(targets, 1):
            if len(target) != 1:
                raise LabelError(target, f"target{j} must be one statement, got {len(target)}")
        antecedents = [_antecedent([lit for lit in read[f"context{i}"] if lit[0].args]) for i in (1, 2)]
        cells = tuple(Cell(i + 1, j + 1, *_verdict(contexts[i], _bound(targets[j][0][0], antecedents[i]),
                                                     targets[j][0][1]))
                      for i in (0, 1) for j in (0, 1))
    except (RelationsError, SentenceParseError, BudgetExceeded) as e:
        raise ItemError(item_id, line, str(e)) from e
    verdict = {(c.context, c.target): c.verdict for c in cells}
    statuses = []
    contrast = []
    for j in (1, 2):
        own, other = verdict[(j, j)] is Verdict.ENTAILED, verdict[(3 - j, j)] is Verdict.ENTAILED
        statuses.append("ok" if own and not other else "both" if own else "swapped" if other else "neither")
        contrast.append(verdict[(3 - j, j)] is Verdict.CONTRADICTED)
    return PairResult(item_id, domain if isinstance(domain, str) else None, cells,
                      (statuses[0], statuses[1]), (contrast[0], contrast[1]),
                      design_category({(c.context, c.target): c for c in cells}))


def analyze_pairs(records: Iterable[tuple[int, dict[str, Any] | ItemError]], schema: Schema, *,
                  columns: Mapping[str, str] | None = None) -> Iterator[PairResult | ItemError]:
    """Analyse numbered records (as from :func:`~prontocheck.relations.items.read_records`); bad ones
    come out as :class:`ItemError`.
    """
    for number, record in records:
        if isinstance(record, ItemError):
            yield record
            continue
        try:
            yield analyze_pair(record, schema, columns=columns, line=number)
        except ItemError as e:
            yield e


def pairs_summary(results: Iterable[PairResult | ItemError]) -> dict[str, Any]:
    """Counts of designs and verdicts, the flagged items, and the errors."""
    results = list(results)
    done = [r for r in results if isinstance(r, PairResult)]
    errors = [r for r in results if isinstance(r, ItemError)]
    designs: dict[str, int] = defaultdict(int)
    categories: dict[str, int] = defaultdict(int)
    verdicts: dict[str, int] = defaultdict(int)
    for r in done:
        designs[r.design] += 1
        categories[r.category.value] += 1
        for c in r.cells:
            verdicts[c.verdict.value] += 1
    return {"n_items": len(done), "n_errors": len(errors), "designs": dict(designs), "categories": dict(categories),
            "agree": sum(r.agrees for r in done), "verdicts": dict(verdicts),
            "flagged": [{"id": r.id, "design": r.design, "category": r.category.value, "targets": list(r.targets)}
                        for r in done if r.design != "ok"],
            "errors": [e.to_json() for e in errors]}

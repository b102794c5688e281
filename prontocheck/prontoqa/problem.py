"""A PrOntoQA problem (context, query, optional gold) and its parsed, indexed form.

Preparing a problem parses its sentences and indexes its theory once; :func:`prepare` is cached,
so checking many outputs of the same problem (GRPO-style rollouts) pays for it once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from prontocheck.engine.theory import Theory, as_ground_literal, ground
from prontocheck.errors import UnparseableSentence
from prontocheck.logic.formulas import Formula
from prontocheck.prontoqa.natural import skey
from prontocheck.syntax.forms import Assumption, Contradiction, Query, Since
from prontocheck.syntax.sentences import parse_query, parse_sentence, parse_statement
from prontocheck.syntax.text import sentence_texts, split_output
from prontocheck.syntax.transform import negation_normal


@dataclass(frozen=True, slots=True)
class Problem:
    """One PrOntoQA question.

    Attributes:
        context: the context sentences as one text (the question's premises included).
        query: ``True or false: S`` or ``Prove: S``.
        gold_cot: the gold chain of thought, as one text or a tuple of sentences; a final label
            sentence ("True") is allowed and read as the gold label. ``None``: derive it.
        gold_label: ``True``/``False``; ``None``: take it from ``gold_cot`` or derive it.
    """

    context: str
    query: str
    gold_cot: str | tuple[str, ...] | None = None
    gold_label: bool | None = None


@dataclass(frozen=True)
class PreparedProblem:
    """A problem with its sentences parsed and its theory indexed.

    Attributes:
        theory: the context's axioms.
        query: the parsed query, or ``None`` if it does not parse.
        gold: the gold chain of formulas (goal last); empty when neither given nor derivable.
        gold_source: ``"given"``, ``"derived"`` or ``"none"``.
        gold_label: the gold label, or ``None`` (``Prove:`` queries, or unknown).
        warnings: what went wrong while preparing, without stopping the analysis.
        gold_assumptions: the formulas the gold proof assumes (``Assume φ``; OOD proofs).
        gold_shown: the gold chain as printed in results (assumptions and ⊥ steps included).
    """

    theory: Theory
    query: Query | None
    gold: tuple[Formula, ...]
    gold_source: str
    gold_label: bool | None
    warnings: tuple[str, ...]
    gold_assumptions: tuple[Formula, ...] = ()
    gold_shown: tuple[str, ...] = ()

    @property
    def goal(self) -> Formula | None:
        """γ, the last formula of the gold chain."""
        return self.gold[-1] if self.gold else None


def _describe(error: UnparseableSentence) -> str:
    return f"{error.sentence!r}: {error.reason}"


def derive_gold(theory: Theory, target: Formula) -> tuple[Formula, ...] | None:
    """The shortest strict proof of a ground literal: fact, rule, fact, …, target.

    >>> from prontocheck.syntax import parse_statement as p
    >>> t = Theory.from_axioms([p("Every cat is a carnivore."), p("Fae is a cat.")])
    >>> [str(f) for f in derive_gold(t, p("Fae is a carnivore."))]
    ['cat(Fae)', '∀x(cat(x) → carnivore(x))', 'carnivore(Fae)']
    """
    lit = as_ground_literal(target)
    if lit is None:
        return (target,) if target in theory else None
    key, constant = lit
    sources = sorted(theory.facts.get(constant, ()))
    path = theory.shortest_path(sources, key)
    if path is None:
        return None
    chain: list[Formula] = [ground(path[0], constant)]
    for a, b in zip(path, path[1:]):
        chain.append(theory.graph.edges[a, b]["formula"])
        chain.append(ground(b, constant))
    return tuple(chain)


@dataclass(frozen=True, slots=True)
class _Gold:
    statements: tuple[Formula, ...]
    assumptions: tuple[Formula, ...]
    shown: tuple[str, ...]
    label: bool | None


def _given_gold(problem: Problem, warnings: list[str]) -> _Gold | None:
    assert problem.gold_cot is not None
    if isinstance(problem.gold_cot, str):
        split = split_output(problem.gold_cot)
        texts, label = [s.text for s in split.steps], split.answer
    else:
        texts, label = list(problem.gold_cot), None
        if texts and (from_text := split_output(texts[-1])).answer is not None and not from_text.steps:
            texts, label = texts[:-1], from_text.answer
    statements: list[Formula] = []
    assumptions: list[Formula] = []
    shown: list[str] = []
    for text in texts:
        try:
            sentence = parse_sentence(text)
        except UnparseableSentence as e:
            warnings.append(f"gold chain of thought sentence does not parse, gold derived instead: {_describe(e)}")
            return None
        if isinstance(sentence, Assumption):
            assumptions.append(sentence.formula)
            shown.append(f"assume {sentence.formula}")
        elif isinstance(sentence, Contradiction):
            shown.append("⊥" if sentence.formula is None else f"⊥ ({sentence.formula})")
        else:
            for f in sentence.statements() if isinstance(sentence, Since) else (sentence,):
                statements.append(f)
                shown.append(str(f))
    return _Gold(tuple(statements), tuple(assumptions), tuple(shown), label) if statements else None


def _prepare(problem: Problem) -> PreparedProblem:
    warnings: list[str] = []
    axioms = []
    for text in sentence_texts(problem.context):
        try:
            axioms.append(parse_statement(text))
        except UnparseableSentence as e:
            warnings.append(f"context sentence does not parse, left out: {_describe(e)}")
    theory = Theory.from_axioms(axioms)

    query: Query | None = None
    try:
        query = parse_query(problem.query)
    except UnparseableSentence as e:
        warnings.append(f"query does not parse: {_describe(e)}")

    gold: tuple[Formula, ...] = ()
    assumptions: tuple[Formula, ...] = ()
    shown: tuple[str, ...] = ()
    source, label = "none", problem.gold_label
    given = _given_gold(problem, warnings) if problem.gold_cot else None
    if given is not None:
        gold, assumptions, shown, source = given.statements, given.assumptions, given.shown, "given"
        label = label if label is not None else given.label
    elif query is not None:
        proofs = [p for p in (derive_gold(theory, f) for f in (query.formula, negation_normal(query.formula))) if p]
        if len(proofs) == 2:
            warnings.append("the context proves both the query and its negation; the shorter proof is the gold")
        if proofs:
            gold, source = min(proofs, key=len), "derived"
            shown = tuple(str(f) for f in gold)
        else:
            warnings.append(
                "no gold proof: neither the query nor its negation has a modus-ponens proof from the context "
                "(give gold_cot for proofs that need other rules)"
            )
    elif problem.gold_cot is None:
        warnings.append("no gold chain of thought and no parseable query: proofs cannot be checked")

    if query is not None and query.kind == "prove":
        label = None
    elif label is None and query is not None and gold:
        if skey(gold[-1]) == skey(query.formula):
            label = True
        elif skey(gold[-1]) == skey(negation_normal(query.formula)):
            label = False
    return PreparedProblem(theory, query, gold, source, label, tuple(warnings), assumptions, shown)


@lru_cache(maxsize=1024)
def prepare(problem: Problem) -> PreparedProblem:
    """Parse and index a problem; cached, so repeated calls with an equal problem are free.

    >>> pp = prepare(Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore."))
    >>> pp.gold_source, pp.gold_label, str(pp.goal)
    ('derived', True, 'carnivore(Fae)')
    """
    return _prepare(problem)

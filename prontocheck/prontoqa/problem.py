"""A PrOntoQA problem (context, query, optional gold) and its parsed, indexed form.

Preparing a problem parses its sentences and indexes its theory once; :func:`prepare` is cached,
so checking many outputs of the same problem (GRPO-style rollouts) pays for it once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from prontocheck.engine.calculus import statement_key
from prontocheck.engine.theory import Theory
from prontocheck.errors import UnparseableSentence, UnreadableQuery
from prontocheck.logic.formulas import Formula, compound, symbols
from prontocheck.logic.negation import negate_inward
from prontocheck.prontoqa.derive import derive_gold, derive_natural
from prontocheck.syntax.english import Wording
from prontocheck.syntax.forms import ASSUME, STATEMENT, ProofLine, Query, proof_lines
from prontocheck.syntax.questions import Option, cut_options, read_options, read_query
from prontocheck.syntax.reading import ReadingContext
from prontocheck.syntax.sentences import parse_sentence, parse_statement
from prontocheck.syntax.text import sentence_texts, split_output


@dataclass(frozen=True, slots=True)
class Problem:
    """One PrOntoQA question.

    Attributes:
        context: the context sentences as one text (the question's premises included).
        query: the question about a statement S, in any wording of :mod:`prontocheck.syntax.questions`
            (``True or false: S``, ``Prove: S``, ``Is the following statement true or false? S``, …),
            possibly followed by its answer options; empty when only the gold chain matters.
        gold_cot: the gold chain of thought, as one text or a tuple of sentences; a final label
            sentence ("True") is allowed and read as the gold label. ``None``: derive it.
        gold_label: ``True``/``False``; ``None``: take it from ``gold_cot`` or derive it.
        options: the answer options as written (``("A) True", "B) False")``); empty: those written
            in the query, if any.
    """

    context: str
    query: str
    gold_cot: str | tuple[str, ...] | None = None
    gold_label: bool | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class PreparedProblem:
    """A problem with its sentences parsed and its theory indexed.

    Attributes:
        theory: the context's axioms.
        query: the parsed query, or ``None`` if it cannot be read (see ``query_error``) or is empty.
        gold: the gold chain of formulas (goal last); empty when neither given nor derivable.
        gold_source: ``"given"``, ``"derived"`` or ``"none"``.
        gold_label: the gold label, or ``None`` (``Prove:`` queries, or unknown).
        warnings: what went wrong while preparing, without stopping the analysis.
        gold_assumptions: the formulas the gold proof assumes (``Assume φ``; OOD proofs).
        gold_shown: the gold chain as printed in results (assumptions and ⊥ steps included).
        options: the answer options (from ``Problem.options``, else written in the query).
        query_error: why the query (or its options) cannot be read; :func:`~prontocheck.prontoqa.check.check`
            raises it. ``None`` also for an empty query with a given gold chain of thought.
        reading: what outputs are read against (vocabulary, options, the query's statement, calculus).
        wording: how the context writes its predicates (the words of the reasons for invalid steps).
    """

    theory: Theory
    query: Query | None
    gold: tuple[Formula, ...]
    gold_source: str
    gold_label: bool | None
    warnings: tuple[str, ...]
    gold_assumptions: tuple[Formula, ...] = ()
    gold_shown: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    query_error: UnreadableQuery | None = None
    reading: ReadingContext = ReadingContext.of(())
    wording: Wording = field(default_factory=Wording, compare=False)

    @property
    def goal(self) -> Formula | None:
        """γ, the last formula of the gold chain."""
        return self.gold[-1] if self.gold else None


def _describe(error: UnparseableSentence) -> str:
    return f"{error.sentence!r}: {error.reason}"


@dataclass(frozen=True, slots=True)
class _Gold:
    statements: tuple[Formula, ...]
    assumptions: tuple[Formula, ...]
    shown: tuple[str, ...]
    label: bool | None


def _gold(lines: Iterable[ProofLine], label: bool | None, shown: Iterable[str] | None = None) -> _Gold | None:
    """A gold proof's statements (goal last), assumptions and printed lines (``shown``: as :func:`_shown` prints
    them, printed here when not given); ``None`` if it states nothing.
    """
    statements: list[Formula] = []
    assumptions: list[Formula] = []
    for line in lines:
        if line.formula is not None and line.kind == STATEMENT:
            statements.append(line.formula)
        elif line.formula is not None and line.kind == ASSUME:
            assumptions.append(line.formula)
    if not statements:
        return None
    return _Gold(tuple(statements), tuple(assumptions), tuple(map(_shown, lines) if shown is None else shown), label)


def _shown(line: ProofLine) -> str:
    """A gold line as results print it: a statement as its formula, any other line with its kind."""
    return str(line.formula) if line.formula is not None and line.kind == STATEMENT else str(line)


@lru_cache(maxsize=1 << 14)
def _gold_sentence(text: str) -> tuple[tuple[ProofLine, ...], tuple[str, ...]] | UnparseableSentence:
    """A gold sentence's proof lines and how each is printed, or why it does not parse (gold chains repeat their
    sentences from problem to problem: each is read once).
    """
    try:
        lines = proof_lines(parse_sentence(text))
    except UnparseableSentence as e:
        return e.with_traceback(None)  # (its traceback would pin this frame to the cache)
    return lines, tuple(map(_shown, lines))


@lru_cache(maxsize=1 << 12)
def _answer_alone(text: str) -> bool | None:
    """The label of a text that is only an answer ("True", "The answer is false."), else ``None`` (the last
    sentences of gold chains repeat across problems: each is split once).
    """
    split = split_output(text)
    return split.answer if not split.steps else None


def _given_gold(problem: Problem, warnings: list[str]) -> _Gold | None:
    assert problem.gold_cot is not None
    if isinstance(problem.gold_cot, str):
        split = split_output(problem.gold_cot)
        texts, label = [s.text for s in split.steps], split.answer
    else:
        texts, label = list(problem.gold_cot), None
        if texts and (answer := _answer_alone(texts[-1])) is not None:
            texts, label = texts[:-1], answer
    lines: list[ProofLine] = []
    shown: list[str] = []
    for text in texts:
        found = _gold_sentence(text)
        if isinstance(found, UnparseableSentence):
            warnings.append(f"gold chain of thought sentence does not parse, gold derived instead: {_describe(found)}")
            return None
        lines.extend(found[0])
        shown.extend(found[1])
    return _gold(lines, label, shown)


def _derived_gold(theory: Theory, query: Query, warnings: list[str]) -> _Gold | None:
    """The shortest strict proof of the query or its negation: modus ponens first, then the OOD rules."""
    targets = (query.formula, negate_inward(query.formula))
    proofs: list[tuple[ProofLine, ...]] = [
        tuple(ProofLine(STATEMENT, f) for f in p) for p in (derive_gold(theory, t) for t in targets) if p
    ]
    if not proofs:
        proofs = [p for p in (derive_natural(theory, t) for t in targets) if p is not None]
    if len(proofs) == 2:
        warnings.append("the context proves both the query and its negation; the shorter proof is the gold")
    if not proofs:
        warnings.append("no gold proof: the context proves neither the query nor its negation")
        return None
    shortest: tuple[ProofLine, ...] = min(proofs, key=len)
    return _gold(shortest, None)


def _question(problem: Problem, axioms: Iterable[Formula]) -> tuple[Query | None, tuple[Option, ...],
                                                                    UnreadableQuery | None]:
    """The query, the options (given, else written after the question) and why they cannot be read;
    the context's predicates settle a yes/no question ("Is every cube number blue?") the grammar reads two ways.
    """
    text, written = cut_options(problem.query)
    try:
        options = read_options(problem.options) if problem.options else written
    except UnreadableQuery as e:
        return None, (), e
    if not text.strip():
        if problem.gold_cot:
            return None, options, None  # checked against the given gold alone
        return None, options, UnreadableQuery(problem.query, "the query is empty and no gold chain of thought is "
                                                             "given: nothing to check the output against", pos=0)
    try:
        return read_query(text, lambda: frozenset[str]().union(*(symbols(a)[0] for a in axioms))), options, None
    except UnreadableQuery as e:
        return None, options, e


def _prepare(problem: Problem) -> PreparedProblem:
    warnings: list[str] = []
    axioms = []
    for text in sentence_texts(problem.context):
        try:
            axioms.append(parse_statement(text))
        except UnparseableSentence as e:
            warnings.append(f"context sentence does not parse, left out: {_describe(e)}")
    theory = Theory.from_axioms(axioms)

    query, options, query_error = _question(problem, axioms)

    gold: tuple[Formula, ...] = ()
    assumptions: tuple[Formula, ...] = ()
    shown: tuple[str, ...] = ()
    source, label = "none", problem.gold_label
    found = _given_gold(problem, warnings) if problem.gold_cot else None
    if found is not None:
        source = "given"
    elif query is not None:
        found, source = _derived_gold(theory, query, warnings), "derived"
    elif problem.gold_cot is None:
        warnings.append("no gold chain of thought and no parseable query: proofs cannot be checked")
    if found is not None:
        gold, assumptions, shown = found.statements, found.assumptions, found.shown
        label = label if label is not None else found.label
    else:
        source = "none"

    if query is not None and query.kind == "prove":
        label = None
    elif label is None and query is not None and gold:
        if statement_key(gold[-1]) == statement_key(query.formula):
            label = True
        elif statement_key(gold[-1]) == statement_key(negate_inward(query.formula)):
            label = False
    reading = ReadingContext.of(axioms, {o.letter: o.label for o in options},
                                None if query is None else query.formula,
                                assumptions=bool(assumptions) or not theory.simple,
                                literal_facts=not any(map(compound, (*axioms, *gold))),
                                judged=query is None or query.kind != "prove")
    return PreparedProblem(theory, query, gold, source, label, tuple(warnings), assumptions, shown, options,
                           query_error, reading, Wording(problem.context))


@lru_cache(maxsize=1024)
def prepare(problem: Problem) -> PreparedProblem:
    """Parse and index a problem; cached, so repeated calls with an equal problem are free.

    >>> pp = prepare(Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore."))
    >>> pp.gold_source, pp.gold_label, str(pp.goal)
    ('derived', True, 'carnivore(Fae)')
    """
    return _prepare(problem)

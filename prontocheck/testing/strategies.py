"""Hypothesis strategies for PrOntoQA: formulas, sentences, ontologies, examples, model outputs.

House style (Hypothesis' ``guides/api-style.rst``): plural names, keyword-only arguments with
defaults, strategies (not values-or-strategies) as inputs, and
:class:`hypothesis.errors.InvalidArgument` naming the value for bad arguments. The strategies that
stand for something checkable return it with its expected classification: :func:`sentences`
gives ``Sentence(text, formula)``, :func:`model_outputs` gives the output with the figures the
checker must report.

>>> from hypothesis import given, settings
>>> from prontocheck import check
>>> @settings(max_examples=5, database=None)
... @given(model_outputs(examples(max_hops=3), perturbations=("skip-rule",)))
... def test_skipping_a_rule_is_non_atomic(out):
...     assert check(out.example.problem, out.text).proof.to_json() == out.expected.proof
>>> test_skipping_a_rule_is_non_atomic()
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from hypothesis import reject
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from prontocheck.generate.config import DISTRACTORS, MAX_WIDTH, ONTOLOGIES, QUERIES, TRAVERSALS, GeneratorConfig
from prontocheck.generate.example import Example, check_config, generate_example
from prontocheck.generate.ontology import Ontology
from prontocheck.generate.render import RULE_STYLES, Lexicon, render
from prontocheck.generate.rules import RULES, rule_module
from prontocheck.generate.vocabulary import Vocabulary, default_vocabulary
from prontocheck.logic.formulas import And as And_
from prontocheck.logic.formulas import Atom, Const, Exists, ForAll, Formula, Implies, Not, Or, Var, X, literal, rule
from prontocheck.prontoqa.check import check
from prontocheck.prontoqa.problem import Problem
from prontocheck.testing.perturb import PERTURBATIONS, ModelOutput, applicable, perturb

PREFIXES = ("So, ", "Thus, ", "Therefore, ", "Hence ", "We know that ")
"""Discourse markers :func:`sentences` may put in front (the grammar ignores them)."""

_NAMES = st.from_regex(r"[a-z][a-z_\-]{0,8}", fullmatch=True)
_CONSTANTS = ("Fae", "Rex", "127", "sally", "a1")


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence and the logical form the parser must give it."""

    text: str
    formula: Formula


def _check_bounds(name_low: str, low: int, name_high: str, high: int, minimum: int) -> None:
    for name, value in ((name_low, low), (name_high, high)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidArgument(f"{name}={value!r} must be an integer")
    if low < minimum:
        raise InvalidArgument(f"{name_low}={low!r} must be at least {minimum}")
    if high < low:
        raise InvalidArgument(f"{name_high}={high!r} must be at least {name_low}={low!r}")


def _check_choice(name: str, value: str | None, choices: tuple[str, ...]) -> tuple[str, ...]:
    if value is None:
        return choices
    if value not in choices:
        raise InvalidArgument(f"{name}={value!r} must be one of {', '.join(choices)} (or None for any)")
    return (value,)


def formulas(*, max_leaves: int = 8, quantified: bool = True) -> st.SearchStrategy[Formula]:
    """First-order formulas of any shape (atoms of arity 1–2, ¬, ∧, ∨, →; optionally ∀x/∃x on top).

    Args:
        max_leaves: the most atoms in one formula.
        quantified: also generate ``∀x(…)`` and ``∃x(…)`` whose body uses the variable ``x``.
    """
    if not isinstance(max_leaves, int) or max_leaves < 1:
        raise InvalidArgument(f"max_leaves={max_leaves!r} must be a positive integer")

    def tree(variables: tuple[str, ...]) -> st.SearchStrategy[Formula]:
        terms: st.SearchStrategy[Const | Var] = st.sampled_from(_CONSTANTS).map(Const)
        if variables:
            terms = st.sampled_from([Var(v) for v in variables]) | terms
        atoms = st.builds(lambda p, args: Atom(p, tuple(args)), _NAMES, st.lists(terms, min_size=1, max_size=2))

        def extend(children: st.SearchStrategy[Formula]) -> st.SearchStrategy[Formula]:
            pairs = st.lists(children, min_size=2, max_size=3)
            return st.one_of(children.map(Not), pairs.map(lambda fs: And_(tuple(fs))),
                             pairs.map(lambda fs: Or(tuple(fs))),
                             st.tuples(children, children).map(lambda ab: Implies(*ab)))

        return st.recursive(atoms, extend, max_leaves=max_leaves)

    plain = tree(())
    if not quantified:
        return plain
    bound = st.builds(lambda q, body: q("x", body), st.sampled_from([ForAll, Exists]), tree(("x",)))
    return plain | bound


@st.composite
def _sentences(draw: st.DrawFn, vocabulary: Vocabulary, prefixes: bool) -> Sentence:
    lexicon = Lexicon()
    nouns = vocabulary.fictional_concepts + tuple(c for pool in vocabulary.false_concepts for c in pool)
    adjectives = tuple(w for family in vocabulary.property_families for w in family)
    negated = draw(st.booleans())
    predicate = (lexicon.noun(draw(st.sampled_from(nouns))) if draw(st.booleans())
                 else lexicon.adjective(draw(st.sampled_from(adjectives))))
    if draw(st.booleans()):
        formula = literal(predicate, Const(draw(st.sampled_from(vocabulary.entities))), not negated)
    else:
        subject = lexicon.noun(draw(st.sampled_from(nouns)))
        formula = rule(Atom(subject, (X,)), literal(predicate, X, not negated))
    text = render(formula, lexicon, style=draw(st.sampled_from(RULE_STYLES)))
    if prefixes and draw(st.booleans()):
        body = text if isinstance(formula, Not | Atom) else text[0].lower() + text[1:]
        text = draw(st.sampled_from(PREFIXES)) + body
    return Sentence(text, formula)


def sentences(*, vocabulary: Vocabulary | None = None, prefixes: bool = False) -> st.SearchStrategy[Sentence]:
    """PrOntoQA statements (facts and rules, any polarity and sentence form) with their logical forms.

    Args:
        vocabulary: the words to use (default: the shipped vocabulary).
        prefixes: sometimes start with a discourse marker ("So, ", "We know that ").
    """
    warm_up()
    return _sentences(vocabulary or default_vocabulary(), bool(prefixes))


@st.composite
def _ontologies(draw: st.DrawFn, vocabulary: Vocabulary, low: int, high: int) -> Ontology:
    size = draw(st.integers(low, high))
    concepts = draw(st.lists(st.sampled_from(vocabulary.fictional_concepts), min_size=size, max_size=size,
                             unique=True))
    families = draw(st.permutations(vocabulary.property_families))
    properties = {}
    for concept, family in zip(concepts, families):
        if draw(st.booleans()):
            properties[concept] = [(draw(st.sampled_from(family)), draw(st.booleans()))]
    return Ontology.chain(concepts, properties)


def ontologies(*, min_concepts: int = 2, max_concepts: int = 8,
               vocabulary: Vocabulary | None = None) -> st.SearchStrategy[Ontology]:
    """Linear ontologies of fictional concepts, some with a property (each from its own family).

    Args:
        min_concepts: the fewest concepts.
        max_concepts: the most concepts (at most the vocabulary's fictional names).
        vocabulary: the words to use (default: the shipped vocabulary).
    """
    vocabulary = vocabulary or default_vocabulary()
    _check_bounds("min_concepts", min_concepts, "max_concepts", max_concepts, 1)
    if max_concepts > len(vocabulary.fictional_concepts):
        raise InvalidArgument(f"max_concepts={max_concepts!r} is more than the vocabulary's "
                              f"{len(vocabulary.fictional_concepts)} fictional concepts")
    return _ontologies(vocabulary, min_concepts, max_concepts)


def examples(*, min_hops: int = 1, max_hops: int = 5, ontology: str | None = None, traversal: str | None = None,
             distractors: str | None = None, query: str | None = None, few_shot: int = 0,
             vocabulary: Vocabulary | None = None, rule: str | None = None,
             width: int = 2) -> st.SearchStrategy[Example]:
    """Generated PrOntoQA examples (:class:`~prontocheck.generate.Example`), shrinking towards simple ones.

    Args:
        min_hops: the fewest hops.
        max_hops: the most hops.
        ontology: ``fictional``, ``false`` or ``true``; ``None``: any.
        traversal: ``bottom-up``, ``top-down`` or ``random``; ``None``: any.
        distractors: ``none``, ``v1``, ``relevant`` or ``irrelevant``; ``None``: any.
        query: ``true-or-false`` or ``prove``; ``None``: any.
        few_shot: in-context examples per prompt.
        vocabulary: the words to use (default: the shipped vocabulary).
        rule: the deduction rule (``modus-ponens``, ``and-intro``, …, ``composed``); ``None``: any.
            A rule that needs more hops than ``min_hops`` (``composed``) starts at its minimum.
        width: the OOD rules' proof width (2 to 4).
    """
    _check_bounds("min_hops", min_hops, "max_hops", max_hops, 1)
    if not isinstance(width, int) or isinstance(width, bool) or not 2 <= width <= MAX_WIDTH:
        raise InvalidArgument(f"width={width!r} must be an integer from 2 to {MAX_WIDTH}")
    if not isinstance(few_shot, int) or few_shot < 0:
        raise InvalidArgument(f"few_shot={few_shot!r} must be a non-negative integer")
    vocabulary = vocabulary or default_vocabulary()
    settings = [(o, t, d, q, r) for o in _check_choice("ontology", ontology, ONTOLOGIES)
                for t in _check_choice("traversal", traversal, TRAVERSALS)
                for d in _check_choice("distractors", distractors, DISTRACTORS)
                for q in _check_choice("query", query, QUERIES)
                for r in _check_choice("rule", rule, tuple(RULES))]
    configs, reasons = [], []
    for o, t, d, q, r in settings:
        config = GeneratorConfig((min_hops, max_hops), o, t, d, q, r, few_shot=few_shot, vocabulary=vocabulary,
                                 width=width)
        try:
            low = max(min_hops, rule_module(r).min_hops(config)[0])
            if low > max_hops:
                raise ValueError(f"{r} needs at least {low} hops")
            config = replace(config, hops=(low, max_hops))
            check_config(config)
        except ValueError as e:
            reasons.append(str(e))
            continue
        configs.append(config)
    if not configs:
        raise InvalidArgument(f"max_hops={max_hops!r}: no requested setting can be generated ({reasons[0]})")
    warm_up()
    # An index into the settings, not the settings themselves: each carries the whole vocabulary, and a strategy
    # whose repr holds them all makes Hypothesis warn ("Generating overly large repr").
    return st.builds(lambda index, rng: generate_example(configs[index], rng=rng, id_prefix="hyp"),
                     st.integers(0, len(configs) - 1), st.randoms(use_true_random=False))


@cache
def warm_up() -> None:
    """Build the sentence parser and check one tiny problem, once per process.

    The strategies call it when they are made (at a test's definition, outside Hypothesis' deadline), so that
    the first example a test draws does not pay for building the parser (hundreds of milliseconds, over
    Hypothesis' default 200 ms deadline when the parser cache is cold).

    >>> warm_up()
    """
    check(Problem("Every cat is a mammal. Fae is a cat.", "True or false: Fae is a mammal.", None, True),
          "Fae is a cat. Every cat is a mammal. Fae is a mammal. True")


def _any_examples() -> st.SearchStrategy[Example]:
    return examples()


_DRAWS = 8
"""How many examples :func:`model_outputs` draws for one output before it rejects (none of them took a perturbation)."""


@st.composite
def _outputs(draw: st.DrawFn, source: st.SearchStrategy[Example], wanted: tuple[str, ...]) -> ModelOutput:
    for _ in range(_DRAWS):  # a few tries before rejecting: rejections make Hypothesis' "too slow" check fail
        example = draw(source)
        choices = [p for p in applicable(example) if p in wanted]
        if choices:
            break
    else:
        reject()
    rng: random.Random = draw(st.randoms(use_true_random=False))
    return perturb(example, draw(st.sampled_from(choices)), rng)


def model_outputs(examples: st.SearchStrategy[Example] | None = None, *,
                  perturbations: Sequence[str] = PERTURBATIONS) -> st.SearchStrategy[ModelOutput]:
    """Model-like outputs: an example's gold answer with one perturbation, and the expected figures.

    Args:
        examples: where the questions come from (default: ``examples()``).
        perturbations: which perturbations to draw from (see :data:`~prontocheck.testing.PERTURBATIONS`);
            examples to which none applies are rejected.
    """
    wanted = tuple(perturbations)
    unknown = [p for p in wanted if p not in PERTURBATIONS]
    if unknown or not wanted:
        raise InvalidArgument(f"perturbations={wanted!r} must be a non-empty subset of {PERTURBATIONS}")
    warm_up()
    source = examples if examples is not None else _any_examples()
    if not isinstance(source, st.SearchStrategy):
        raise InvalidArgument(f"examples={source!r} must be a strategy (wrap a value in st.just())")
    return _outputs(source, wanted)


__all__ = ["PREFIXES", "Sentence", "examples", "formulas", "model_outputs", "ontologies", "sentences", "warm_up"]

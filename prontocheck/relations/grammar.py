"""Parsing of relational questions, statements and Datalog-ish atoms and rules (``grammars/relations.lark``).

A question or statement becomes a :class:`Surface`: its surface form, its arguments as constants,
and what the form alone cannot settle (a comparative word, a negation, a category from an
"In terms of …" prefix). The schema (:mod:`prontocheck.relations.schema`) turns it into a
canonical atom. Nothing here knows the relations.

>>> parse_sentence("Is a core a part of an apple?")  # doctest: +NORMALIZE_WHITESPACE
Surface(form='part_of', args=('core', 'apple'), comparative=(), negated=False, category=None, clause=None,
        restriction=None)
>>> parse_sentence("The cup is not to the left of the plate.").negated
True
>>> str(parse_atom("more[size](country, town)"))
'more[size](country, town)'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from lark import Token, Transformer, v_args

from prontocheck.common.slots import slot_init
from prontocheck.logic.formulas import Atom, Const, Term, Var
from prontocheck.syntax.frontend import Grammar, RejectedSentence, parse


@slot_init
@dataclass(frozen=True, slots=True)
class Surface:
    """A parsed question or statement, before the schema maps it to a relation.

    Attributes:
        form: the surface form (``part_of``, ``type_of``, ``comparative``, ``left_of``, …).
        args: the arguments, as constant names (``aluminium_foil``).
        comparative: for ``comparative``, its words (``("shinier",)``, ``("more", "shiny")``).
        negated: the statement is negative ("… is not to the left of …").
        category: the category named by an "In terms of CATEGORY, …" prefix.
        clause: the proposition an attitude verb takes ("Chao sees that …"), read on its own
            (:mod:`prontocheck.relations.clauses`); ``None`` for any other sentence.
        restriction: a relative clause on the last argument ("… something that is fabric" → ``fabric(something)``),
            a statement of its own.
        dimension: for ``similar`` ("about the same size as", "about as big as"), the word that names the
            dimension (``size``) or one of its adjectives (``big``); the schema's lexicon reads it.
    """

    form: str
    args: tuple[str, ...]
    comparative: tuple[str, ...] = ()
    negated: bool = False
    category: str | None = None
    clause: Surface | None = None
    restriction: Surface | None = None
    dimension: str | None = field(default=None, repr=False)  # (left out of the repr, which tests print)


def constant_name(words: Sequence[str] | str) -> str:
    """The constant a noun phrase denotes: lower case, words joined by ``_``, leading article dropped.

    >>> constant_name(["The", "Aluminium", "foil"]), constant_name("seeing a cloud")
    ('aluminium_foil', 'seeing_a_cloud')
    """
    parts = [w.lower() for w in (words.split() if isinstance(words, str) else words)]
    if len(parts) > 1 and parts[0] in ("a", "an", "the"):
        parts = parts[1:]
    return "_".join(parts).replace("’", "'")


@lru_cache(maxsize=1024)
def category_name(text: str) -> str:
    """Normalise a category: ``"Boundary (bona fide)"`` → ``"boundary_bona_fide"``.

    >>> category_name("Order of size"), category_name("6.Order of size")
    ('order_of_size', 'order_of_size')

    Memoised (the last 1,024 texts): a set of items names a few categories, record after record.
    """
    text = re.sub(r"^\s*\d+\s*[.)]\s*", "", text)
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


_SPATIAL = {"LEFT_OF": "left_of", "RIGHT_OF": "right_of", "IN_FRONT_OF": "in_front_of", "ON_TOP_OF": "above",
            "NORTH_OF": "north_of", "SOUTH_OF": "south_of", "EAST_OF": "east_of", "WEST_OF": "west_of",
            "FAR_FROM": "far_from", "NEAR_TO": "near", "INSIDE_OF": "inside"}


@v_args(inline=True)
class _SentenceTransformer(Transformer[Token, object]):
    """Map each alternative of ``sentence`` to a :class:`Surface`."""

    def phrase(self, *tokens: Token) -> list[Token]:
        return list(tokens)  # tokens, not plain words: a rejection can point at them

    def sentence(self, s: Surface) -> Surface:
        return s

    def _pair(self, form: str, x: Sequence[str], y: Sequence[str]) -> Surface:
        return Surface(form, (constant_name(x), constant_name(y)))

    def q_similar_meaning(self, x: list[str], y: list[str], _kw: Token) -> Surface:
        return self._pair("similar_meaning", x, y)

    def q_opposite_meaning(self, x: list[str], _kw: Token, y: list[str]) -> Surface:
        return self._pair("opposite_meaning", x, y)

    def q_must_be(self, x: list[str], y: list[str]) -> Surface:
        return self._pair("must_be", x, y)

    def q_contained_in(self, x: list[str], _kw: Token, y: list[str]) -> Surface:
        return self._pair("contained_in", x, y)

    def q_can_be(self, x: list[str], y: list[str]) -> Surface:
        return self._pair("can_be", x, y)

    def q_can_do(self, words: list[Token]) -> Surface:
        # "Can a bird fly?": the last word is the ability, the rest the subject.
        if len(words) < 2:
            raise RejectedSentence("expected a subject and an ability after 'can'", words[0].start_pos)
        return self._pair("can_do", words[:-1], words[-1:])

    def q_part_of(self, x: list[str], _kw: Token, y: list[str]) -> Surface:
        return self._pair("part_of", x, y)

    def q_comparative(self, words: list[Token], y: list[str]) -> Surface:
        # "Is a country longer than a town?" / "Is coal more shiny than foil?": the comparative
        # ends the subject phrase, since a comparative and a noun cannot be told apart by form.
        n = 2 if len(words) >= 3 and words[-2].lower() in ("more", "less") else 1
        if len(words) <= n:
            raise RejectedSentence("expected a subject before the comparative", words[0].start_pos)
        return Surface("comparative", (constant_name(words[:-n]), constant_name(y)),
                       tuple(w.lower() for w in words[-n:]))

    def q_cause(self, x: list[str], y: list[str]) -> Surface:
        return self._pair("cause", x, y)

    def q_have(self, x: list[str], y: list[str]) -> Surface:
        return self._pair("have", x, y)

    def q_possible_only_after(self, x: list[str], _kw: Token, y: list[str]) -> Surface:
        return self._pair("possible_only_after", x, y)

    def q_joined_to(self, x: list[str], _kw: Token, y: list[str]) -> Surface:
        return self._pair("joined_to", x, y)

    def q_type_of(self, x: list[str], _kw: Token, y: list[str]) -> Surface:
        return self._pair("type_of", x, y)

    def q_spatial(self, x: list[str], form: str, y: list[str]) -> Surface:
        return self._pair(form, x, y)

    def q_similar(self, x: list[str], dimension: str, y: list[str]) -> Surface:
        return Surface("similar", (constant_name(x), constant_name(y)), dimension=dimension)

    def s_similar(self, x: list[str], negated: bool, dimension: str, y: list[str]) -> Surface:
        return Surface("similar", (constant_name(x), constant_name(y)), negated=negated, dimension=dimension)

    def similar(self, _kw: Token, word: Token) -> str:
        return str(word).lower()

    def categorised(self, _kw: Token, category: list[str], question: Surface) -> Surface:
        return Surface(question.form, question.args, question.comparative, question.negated,
                       category_name(" ".join(category)), dimension=question.dimension)

    def s_spatial(self, x: list[str], negated: bool, form: str, y: list[str]) -> Surface:
        return Surface(form, (constant_name(x), constant_name(y)), negated=negated)

    def s_comparative(self, x: list[str], negated: bool, words: tuple[str, ...], y: list[str]) -> Surface:
        return Surface("comparative", (constant_name(x), constant_name(y)), words, negated)

    def s_contains(self, x: list[str], _kw: Token, y: list[str]) -> Surface:
        return self._pair("contains", x, y)

    def positive(self) -> bool:
        return False

    def negative(self) -> bool:
        return True

    def comparative(self, *tokens: Token) -> tuple[str, ...]:
        return tuple(str(t).lower() for t in tokens)

    def spatial(self, token: Token) -> str:
        return _SPATIAL[token.type]

    def above(self) -> str:
        return "above"

    def below(self) -> str:
        return "below"

    def behind(self) -> str:
        return "behind"

    def inside(self) -> str:
        return "inside"

    def near(self) -> str:
        return "near"


@v_args(inline=True)
class _DatalogTransformer(Transformer[Token, object]):
    """Map ``datalog_atom`` / ``datalog_rule`` to atoms and ``(body, head)`` pairs."""

    def constant(self, token: Token) -> Const:
        return Const(str(token).lower())

    def quoted(self, token: Token) -> Const:
        return Const(constant_name(str(token)[1:-1]))

    def variable(self, token: Token) -> Var:
        return Var(str(token))

    def param(self, token: Token) -> str:
        return str(token)

    def atom(self, name: Token, *rest: str | Term) -> Atom:
        param = rest[0] if rest and isinstance(rest[0], str) else None
        terms = tuple(t for t in rest if not isinstance(t, str))
        return Atom(f"{name}[{param}]" if param else str(name), terms)

    def datalog_atom(self, atom: Atom) -> Atom:
        return atom

    def datalog_rule(self, *parts: Atom | Token) -> tuple[tuple[Atom, ...], Atom | None]:
        body = tuple(p for p in parts if isinstance(p, Atom))
        # The last part is the head: an atom, or the FALSE token of a constraint.
        return (body[:-1], body[-1]) if isinstance(parts[-1], Atom) else (body, None)


RELATIONS = Grammar("relations", {"sentence": _SentenceTransformer, "datalog_atom": _DatalogTransformer,
                                  "datalog_rule": _DatalogTransformer}, templates=True)
"""``grammars/relations.lark``, read by the front-end (:mod:`prontocheck.syntax.frontend`) from ``sentence``
(questions and statements), ``datalog_atom`` or ``datalog_rule``."""


def parse_sentence(text: str) -> Surface:
    """Parse an ART-style question or an EWoK-style statement into a :class:`Surface`.

    Raises:
        UnparseableSentence: the text is not one of the grammar's forms (with the position).

    >>> s = parse_sentence("In terms of order of size, is a country longer than a town?")
    >>> s.form, s.args, s.comparative, s.category
    ('comparative', ('country', 'town'), ('longer',), 'order_of_size')
    """
    result = parse(RELATIONS, text.strip(), "sentence")
    assert isinstance(result, Surface)
    return result


def parse_atom(text: str) -> Atom:
    """Parse a Datalog-ish atom: ``part_of(core, apple)``, ``more[size](X, Y)``, ``r(a, "two words")``.

    Raises:
        UnparseableSentence: not an atom.
    """
    result = parse(RELATIONS, text.strip(), "datalog_atom")
    assert isinstance(result, Atom)
    return result


def parse_rule(text: str) -> tuple[tuple[Atom, ...], Atom | None]:
    """Parse ``B1, B2 -> H`` (or ``-> false`` for a constraint) into ``(body, head)``.

    >>> body, head = parse_rule("is_a(X, C), capable_of(C, A) -> capable_of(X, A)")
    >>> [str(a) for a in body], str(head)
    (['is_a(X, C)', 'capable_of(C, A)'], 'capable_of(X, A)')
    """
    return parse(RELATIONS, text.strip(), "datalog_rule")  # type: ignore[no-any-return]

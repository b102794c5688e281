"""The relation schema: relations with their properties, converses and families, question forms,
cross-relation rules and background facts; canonical atoms; the Horn rules the closure runs.

A canonical atom names a declared relation (never a converse), with a family member written
``more[size]``. "Is a town smaller than a country?" and "Is a country bigger than a town?" are the
same canonical atom, ``more[size](country, town)``.

>>> from prontocheck.relations.loading import shipped_schema
>>> from prontocheck.relations.grammar import parse_sentence
>>> s = shipped_schema()
>>> str(s.resolve(parse_sentence("Is a town smaller than a country?")))
'more[size](country, town)'
>>> str(s.resolve(parse_sentence("Is crushing a type of breaking?"), "troponym"))
'troponym(crushing, breaking)'
>>> s.question(s.resolve(parse_sentence("Did Napoleon have a mouth?")))
'Is mouth a part of napoleon?'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from prontocheck.horn.closure import Rule, Strength
from prontocheck.logic.formulas import Atom, Const, Term, Var
from prontocheck.relations.errors import AmbiguousForm, UnknownRelation
from prontocheck.relations.grammar import Surface
from prontocheck.relations.lexicon import Lexicon

PROPERTIES = ("symmetric", "transitive", "irreflexive", "asymmetric", "antisymmetric")
"""The algebraic properties a relation may declare (each strict, soft or default)."""

_FAMILY = re.compile(r"^([a-z][a-z0-9_]*)\[([^\[\]]+)\]$")
X, Y, Z = Var("X"), Var("Y"), Var("Z")


def split_predicate(predicate: str) -> tuple[str, str | None]:
    """``"more[size]"`` → ``("more", "size")``; ``"part_of"`` → ``("part_of", None)``.

    >>> split_predicate("more[size]"), split_predicate("part_of")
    (('more', 'size'), ('part_of', None))
    """
    m = _FAMILY.match(predicate)
    return (m.group(1), m.group(2)) if m else (predicate, None)


@dataclass(frozen=True, slots=True)
class RelationSpec:
    """One declared relation.

    Attributes:
        name: the canonical name (``part_of``).
        description: what it means, for people.
        properties: each algebraic property (see :data:`PROPERTIES`) with its strength.
        converse: the name of its converse (``has_part``), which canonicalises to it with the arguments swapped.
        param: for a family (``more[size]``), what the parameter is (``dimension``); else ``None``.
        disjoint: relations that never hold of the same pair as this one (strict).
        categories: the item categories (ART relations, EWoK domains) whose questions may mean it.
        question: a question template with ``{x}``, ``{y}`` (and ``{comparative}``, ``{dimension}`` for a family).
        reversible: whether argument-reversed questions make sense (not for ``must_be(rope, bendy)``).
        arity: the number of arguments.
        source: the schema file that declared it.
        factive: an attitude relation whose second argument is a proposition that holds when the
            relation does ("Dana sees that P" → P); the EWoK reader instantiates it per proposition.
        soft_disjoint: relations that usually do not hold of the same pair as this one: a soft constraint
            (``similar`` and ``more``: "about the same size" tolerates a small difference).
        closed: an attitude relation closed under the schema's consequences, by default ("Dana believes that
            the wheel was moved to the shop" → "Dana believes that the wheel is in the shop"); the EWoK reader
            instantiates it per pair of propositions.
    """

    name: str
    description: str = ""
    properties: Mapping[str, Strength] = field(default_factory=dict)
    converse: str | None = None
    param: str | None = None
    disjoint: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    question: str | None = None
    reversible: bool = True
    arity: int = 2
    source: str = ""
    factive: bool = False
    soft_disjoint: tuple[str, ...] = ()
    closed: bool = False

    def has(self, prop: str) -> bool:
        """Whether the relation declares ``prop`` at any strength."""
        return prop in self.properties


@lru_cache(maxsize=1 << 16)
def constant(name: str) -> Const:
    """The constant ``name``, one object per name (of the last 65,536): items that name the same
    thing share it, so a closure's set operations find it by identity, without calling ``__eq__``.

    >>> constant("fox") is constant("fox")
    True
    """
    return Const(name)


@dataclass(frozen=True, slots=True)
class BackgroundFact:
    """A fact from a schema's ``background`` list (not a gold item); a source of derivations."""

    atom: Atom
    source: str

    def __str__(self) -> str:
        return f"background {self.atom}"


@dataclass(frozen=True, eq=False)
class Schema:
    """A loaded set of relation schema files (build it with :func:`~prontocheck.relations.loading.load_schema`).

    Attributes:
        relations: the declared relations by name.
        forms: each surface form with the relation names (or converse names) it may express.
        rules: the cross-relation rules and constraints, with canonical atoms.
        background: facts that hold besides the items.
        lexicon: the comparatives of the ``more[…]`` family.
        categories: the known item categories, with their display names.
        sources: the files loaded, in order.
    """

    relations: Mapping[str, RelationSpec]
    forms: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    rules: tuple[Rule, ...] = ()
    background: tuple[BackgroundFact, ...] = ()
    lexicon: Lexicon = field(default_factory=Lexicon)
    categories: Mapping[str, str] = field(default_factory=dict)
    sources: tuple[str, ...] = ()

    @cached_property
    def converses(self) -> Mapping[str, str]:
        """Each converse name with the relation it is the converse of."""
        return {spec.converse: name for name, spec in self.relations.items() if spec.converse}

    def spec(self, predicate: str) -> RelationSpec:
        """The declaration behind a canonical predicate (``more[size]`` → ``more``)."""
        found = self.relations.get(split_predicate(predicate)[0])
        if found is None:
            raise UnknownRelation(predicate, self.relations)
        return found

    def canonical(self, atom: Atom) -> Atom:
        """The canonical form of an atom: converse names swapped, families checked, arity checked.

        Raises:
            UnknownRelation: the relation is not declared, or used with the wrong parameter or arity.
        """
        form = self._canonical_forms.get(atom.predicate)
        if form is None:
            form = self._canonical_forms[atom.predicate] = self._canonical_form(atom.predicate)
        predicate, swapped, arity, base = form
        if len(atom.args) != arity:
            raise UnknownRelation(atom.predicate, reason=f"{base} takes {arity} arguments, got {len(atom.args)}")
        if not swapped:
            return atom if predicate == atom.predicate else Atom(predicate, atom.args)
        args = atom.args[::-1]
        return atom if (predicate, args) == (atom.predicate, atom.args) else Atom(predicate, args)

    @cached_property
    def _canonical_forms(self) -> dict[str, tuple[str, bool, int, str]]:
        """:meth:`_canonical_form` by predicate, filled by :meth:`canonical` (each item's atom goes through it)."""
        return {}

    def _canonical_form(self, predicate: str) -> tuple[str, bool, int, str]:
        """A predicate's canonical name, whether its arguments swap, its arity and its base name.

        Raises:
            UnknownRelation: the relation is not declared, or used with the wrong parameter.
        """
        base, param = split_predicate(predicate)
        spec = self.relations.get(base)
        swapped = False
        if spec is None:
            owner = self.converses.get(base)
            if owner is None:
                raise UnknownRelation(predicate, [*self.relations, *self.converses])
            spec, swapped = self.relations[owner], True
        if spec.param and param is None:
            raise UnknownRelation(predicate, reason=f"{base} is a family: write {base}[{spec.param.upper()}]")
        if not spec.param and param is not None:
            raise UnknownRelation(predicate, reason=f"{base} takes no [parameter]")
        return (f"{spec.name}[{param}]" if param else spec.name), swapped, spec.arity, base

    def _candidate_categories(self, name: str) -> tuple[str, ...]:
        owner = name if name in self.relations else self.converses.get(name, name)
        spec = self.relations.get(owner)
        return spec.categories if spec else ()

    def resolve(self, surface: Surface, category: str | None = None) -> Atom:
        """The canonical atom of a parsed question or statement (its polarity is ``surface.negated``).

        Args:
            surface: the parse.
            category: the item's category (normalised); it picks the relation when the form is
                shared ("Is X a type of Y?": ``has_member`` or ``troponym``). A category from an
                "In terms of …" prefix is used when this is ``None``.

        Raises:
            UnknownRelation: no relation has the form, or the comparative is unknown.
            AmbiguousForm: the form is shared and the category does not pick exactly one relation.
        """
        category = category or surface.category
        names = self.forms.get(surface.form)
        if not names:
            raise UnknownRelation(surface.form, reason="no loaded schema maps this question form to a relation")
        name = names[0]
        if len(names) > 1:
            fitting = [n for n in names if category in self._candidate_categories(n)]
            if len(fitting) != 1:
                raise AmbiguousForm(surface.form, {n: self._candidate_categories(n) for n in names}, category)
            name = fitting[0]
        args: tuple[Term, ...] = tuple(map(constant, surface.args))
        if surface.dimension is not None:
            dimension = self.lexicon.dimension(surface.dimension)
            if dimension is None:
                raise UnknownRelation(surface.dimension,
                                      reason="not a dimension or its adjective; add it to a schema's lexicon")
            name = f"{name}[{dimension}]"
        elif surface.comparative:
            measure = self.lexicon.measure(surface.comparative)
            if measure is None:
                raise UnknownRelation(" ".join(surface.comparative),
                                      reason="not a comparative; add it to a schema's lexicon")
            dimension, more = measure
            name, args = f"{name}[{dimension}]", args if more else args[::-1]
        return self.canonical(Atom(name, args))

    def compile(self, predicates: Iterable[str]) -> tuple[Rule, ...]:
        """The Horn rules and constraints for a set of canonical predicates, plus the schema's rules.

        Family properties are instantiated for each member present (``transitive(more[size])``),
        so dimensions never interact.
        """
        present = set(predicates) | {n for n, s in self.relations.items() if not s.param}
        for r in self.rules:
            present.update(a.predicate for a in (*r.body, *((r.head,) if r.head else ())))
        out: list[Rule] = []
        for predicate in sorted(present):
            spec = self.spec(predicate)
            if spec.arity != 2:
                continue
            out.extend(_property_rules(predicate, spec))
            param = split_predicate(predicate)[1]
            for others, strength in ((spec.disjoint, Strength.STRICT), (spec.soft_disjoint, Strength.SOFT)):
                for other in others:
                    other_pred = f"{other}[{param}]" if param and self.relations[other].param else other
                    out.append(Rule(f"disjoint({predicate}, {other_pred})",
                                    (Atom(predicate, (X, Y)), Atom(other_pred, (X, Y))), None, strength))
        return (*out, *self.rules)

    def question(self, atom: Atom, phrases: Mapping[str, str] | None = None) -> str | None:
        """A question for a canonical atom from its relation's template, or ``None`` without one; ``phrases``
        gives the words for a constant (``{"town": "a town"}``, as the items wrote it), else its name is used.

        >>> from prontocheck.relations.loading import shipped_schema
        >>> atom = Atom("more[size]", (Const("town"), Const("aluminium_foil")))
        >>> shipped_schema().question(atom), shipped_schema().question(atom, {"town": "a town"})
        ('Is town bigger than aluminium foil?', 'Is a town bigger than aluminium foil?')
        >>> shipped_schema().question(Atom("is_a", (Const("dog"), Const("animal"))), {"animal": "an animal"})
        'Is dog a type of animal?'
        """
        form = self._question_forms.get(atom.predicate)
        if form is None:
            form = self._question_forms[atom.predicate] = self._question_form(atom.predicate)
        if not form or len(atom.args) != 2:
            return None
        template, bare_x, bare_y, comparative, dimension = form
        a, b = atom.args  # (a term's name is how it prints)
        x = (phrases.get(a.name) if phrases else None) or a.name.replace("_", " ")
        y = (phrases.get(b.name) if phrases else None) or b.name.replace("_", " ")
        if bare_x:
            x = _BARE_AFTER.sub("", x)
        if bare_y:
            y = _BARE_AFTER.sub("", y)
        text = template.format(x=x, y=y, comparative=comparative, dimension=dimension)
        return text[:1].upper() + text[1:]

    @cached_property
    def _question_forms(self) -> dict[str, tuple[str, bool, bool, str, str] | tuple[()]]:
        """:meth:`_question_form` by predicate, filled by :meth:`question` (a set asks for a few predicates, often)."""
        return {}

    def _question_form(self, predicate: str) -> tuple[str, bool, bool, str, str] | tuple[()]:
        """A predicate's question template, whether each slot drops its article, and the comparative and
        dimension it is filled with; ``()`` for a relation without a template.
        """
        spec = self.spec(predicate)
        if spec.question is None:
            return ()
        param = split_predicate(predicate)[1]
        bare = _bare_slots(spec.question)
        return (spec.question, "x" in bare, "y" in bare, self.lexicon.comparative(param) if param else "",
                param or "")


_BARE_AFTER = re.compile(r"^(?:a|an|the)\s+")
"""The article a phrase drops after "a type of" in a question."""


@lru_cache(maxsize=256)
def _bare_slots(template: str) -> frozenset[str]:
    """The slots (``x``, ``y``) of a question template whose phrase goes without its article: a noun after
    "type of" (kind, sort), as in "a type of dog", not "a type of a dog" (one look per template, not per question).

    >>> sorted(_bare_slots("Is {x} a type of {y}?")), sorted(_bare_slots("Is {x} bigger than {y}?"))
    (['y'], [])
    """
    return frozenset(slot for slot in ("x", "y") if re.search(rf"\b(?:type|kind|sort) of {{{slot}}}", template))


def reverse(atom: Atom) -> Atom:
    """The argument-reversed atom of a binary atom.

    >>> str(reverse(Atom("causes", (Const("flood"), Const("rain")))))
    'causes(rain, flood)'
    """
    return Atom(atom.predicate, atom.args[::-1])


def _property_rules(predicate: str, spec: RelationSpec) -> list[Rule]:
    def p(a: Var, b: Var) -> Atom:
        return Atom(predicate, (a, b))

    rules = []
    for prop, strength in spec.properties.items():
        name = f"{prop}({predicate})"
        if prop == "symmetric":
            rules.append(Rule(name, (p(X, Y),), p(Y, X), strength))
        elif prop == "transitive":
            # A symmetric transitive relation would link a word to itself through any pair;
            # its transitivity only links distinct arguments.
            guard = ((X, Z),) if spec.has("symmetric") else ()
            rules.append(Rule(name, (p(X, Y), p(Y, Z)), p(X, Z), strength, guard))
        elif prop == "irreflexive":
            rules.append(Rule(name, (p(X, X),), None, strength))
        elif prop in ("asymmetric", "antisymmetric"):
            # With irreflexivity declared, r(a, a) is its violation, not also an asymmetric one.
            guard = ((X, Y),) if prop == "antisymmetric" or spec.has("irreflexive") else ()
            rules.append(Rule(name, (p(X, Y), p(Y, X)), None, strength, guard))
    return rules

"""The generator's vocabulary as data: concept names, property families, entities, true ontologies.

The defaults ship in ``ontologies/prontoqa/`` (package data). A user file given to
``prontocheck generate --vocabulary FILE`` is a JSON object with any of the keys of
``vocabulary.json`` (and optionally ``true_ontologies``, shaped like ``true_ontologies.json``);
the keys it has replace the defaults. Every word is validated on load, so a vocabulary the grammar
cannot read back is refused before anything is generated.

>>> v = default_vocabulary()
>>> len(v.fictional_concepts), len(v.property_families), v.entities[0]
(38, 13, 'Fae')
>>> [o.name for o in v.true_ontologies]
['vertebrates', 'invertebrates', 'numbers']
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from prontocheck._resources import read_text
from prontocheck.errors import ProntocheckError
from prontocheck.generate.words import reads_back_as_adjective, reads_back_as_entity, reads_back_as_noun


class VocabularyError(ProntocheckError, ValueError):
    """A vocabulary that cannot be used: a missing key, a word the grammar would misread, too few words."""


@dataclass(frozen=True, slots=True)
class TrueOntology:
    """One hand-coded ontology that is true of the real world.

    Attributes:
        name: a short name (``"vertebrates"``).
        chain: concepts from the most specific up to the root; each is a kind of the next.
        properties: per concept, the alternatives ``(word, positive)`` one of which is stated.
        property_distractors: per property word, a concept disjoint from the chain for which the
            opposite statement is true (the appendix A.2 distractor sentence).
        distractor_parents: per concept, a second true parent outside the chain.
        entities: the entities this ontology speaks of; empty: the vocabulary's names.
    """

    name: str
    chain: tuple[str, ...]
    properties: Mapping[str, tuple[tuple[str, bool], ...]]
    property_distractors: Mapping[str, str]
    distractor_parents: Mapping[str, str]
    entities: tuple[str, ...] = ()

    @property
    def max_hops(self) -> int:
        """The longest proof the chain allows: from its bottom to the highest concept with properties.

        >>> default_vocabulary().true_ontologies[0].max_hops
        11
        """
        return max(self.chain.index(c) + 1 for c in self.properties)


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """Everything the generator may name.

    Attributes:
        fictional_concepts: names for ``--ontology fictional`` (wumpus, yumpus, …).
        false_concepts: lists of real concept names for ``--ontology false``; one list per example.
        property_families: lists of mutually exclusive adjectives (colours, sizes, …).
        entities: entity names (Fae, Rex, …).
        true_ontologies: the hand-coded true ontologies for ``--ontology true``.
        source: where it was read from, for messages.
    """

    fictional_concepts: tuple[str, ...]
    false_concepts: tuple[tuple[str, ...], ...]
    property_families: tuple[tuple[str, ...], ...]
    entities: tuple[str, ...]
    true_ontologies: tuple[TrueOntology, ...] = field(default=())
    source: str = "<default>"


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise VocabularyError(f"{where} must be a list of non-empty strings, got {json.dumps(value)[:80]}")
    if len(set(value)) != len(value):
        dupes = sorted({v for v in value if value.count(v) > 1})
        raise VocabularyError(f"{where} repeats {', '.join(map(repr, dupes))}")
    return tuple(" ".join(v.split()) for v in value)


def check_noun(noun: str, where: str) -> None:
    """Refuse a concept name that the parser would not read back as one concept.

    >>> check_noun("wumpus", "x")
    >>> check_noun("every wumpus", "fictional_concepts")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    prontocheck.generate.vocabulary.VocabularyError: fictional_concepts: 'every wumpus' cannot be used as a concept: ...
    """
    why = reads_back_as_noun(noun)
    if why is not None:
        raise VocabularyError(f"{where}: {noun!r} cannot be used as a concept: {why} (irregular plurals go in "
                              "ontologies/irregular_plurals.json, compound nouns in ontologies/lexicon.json)")


def check_adjective(adjective: str, where: str) -> None:
    """Refuse a property word that the parser would not read back as one property."""
    why = reads_back_as_adjective(adjective)
    if why is not None:
        raise VocabularyError(f"{where}: {adjective!r} cannot be used as a property: {why}")


def check_entity(entity: str, where: str) -> None:
    """Refuse an entity name that the parser would not read back as a constant."""
    why = reads_back_as_entity(entity)
    if why is not None:
        raise VocabularyError(f"{where}: {entity!r} cannot be used as an entity: {why}")


def _true_ontology(obj: Any, where: str) -> TrueOntology:
    if not isinstance(obj, dict):
        raise VocabularyError(f"{where} must be an object, got {json.dumps(obj)[:80]}")
    try:
        name = str(obj["name"])
        chain = _strings(obj["chain"], f"{where}.chain")
        raw_props = obj["properties"]
        distractors = dict(obj.get("property_distractors", {}))
        parents = dict(obj.get("distractor_parents", {}))
    except KeyError as e:
        raise VocabularyError(f"{where} has no {e.args[0]!r}") from None
    properties: dict[str, tuple[tuple[str, bool], ...]] = {}
    for concept, options in dict(raw_props).items():
        if concept not in chain:
            raise VocabularyError(f"{where}.properties: {concept!r} is not in the chain")
        if not options or not all(isinstance(o, list) and len(o) == 2 and isinstance(o[1], bool) for o in options):
            raise VocabularyError(f"{where}.properties[{concept!r}] must be a list of [word, true|false]")
        properties[concept] = tuple((str(w), bool(p)) for w, p in options)
    for concept in chain:
        check_noun(concept, f"{where}.chain")
    words = [w for options in properties.values() for w, _ in options]
    for word in words:
        check_adjective(word, f"{where}.properties")
        if word not in distractors:
            raise VocabularyError(f"{where}.property_distractors has no concept for the property {word!r}")
    for concept in [*distractors.values(), *parents.values()]:
        check_noun(concept, f"{where} distractors")
        if concept in chain:
            raise VocabularyError(f"{where}: the distractor concept {concept!r} is in the chain")
    entities = _strings(obj.get("entities", []), f"{where}.entities")
    for entity in entities:
        check_entity(entity, f"{where}.entities")
    return TrueOntology(name, chain, properties, distractors, parents, entities)


def vocabulary_from_json(obj: Mapping[str, Any], *, base: Vocabulary | None = None,
                         source: str = "<json>") -> Vocabulary:
    """Build a vocabulary from a decoded JSON object; missing keys come from ``base``.

    Raises:
        VocabularyError: an unknown key, a malformed list, or a word the grammar would misread.

    >>> v = vocabulary_from_json({"entities": ["Ada", "Bo"]}, base=default_vocabulary())
    >>> v.entities, v.fictional_concepts[0]
    (('Ada', 'Bo'), 'wumpus')
    """
    known = {"fictional_concepts", "false_concepts", "property_families", "entities", "true_ontologies"}
    unknown = sorted(k for k in obj if k not in known and not k.startswith("_"))
    if unknown:
        raise VocabularyError(f"{source}: unknown key(s) {', '.join(map(repr, unknown))}; expected {sorted(known)}")
    if base is None and not known <= set(obj):
        raise VocabularyError(f"{source}: missing key(s) {sorted(known - set(obj))}")

    def parsed(key: str, parse: Any) -> Any:
        if key in obj:
            return parse(obj[key])
        assert base is not None  # a missing key without a base was refused above
        return getattr(base, key)

    def families_of(value: Any, key: str) -> tuple[tuple[str, ...], ...]:
        if not isinstance(value, list):
            raise VocabularyError(f"{key} must be a list of lists of strings")
        return tuple(_strings(x, f"{key}[{i}]") for i, x in enumerate(value))

    def trues_of(value: Any) -> tuple[TrueOntology, ...]:
        raw = value.get("ontologies", value) if isinstance(value, dict) else value
        if not isinstance(raw, list):
            raise VocabularyError(f"{source}: true_ontologies must be a list of ontologies")
        return tuple(_true_ontology(o, f"true_ontologies[{i}]") for i, o in enumerate(raw))

    fictional: tuple[str, ...] = parsed("fictional_concepts", lambda v: _strings(v, "fictional_concepts"))
    false: tuple[tuple[str, ...], ...] = parsed("false_concepts", lambda v: families_of(v, "false_concepts"))
    families: tuple[tuple[str, ...], ...] = parsed("property_families",
                                                   lambda v: families_of(v, "property_families"))
    entities: tuple[str, ...] = parsed("entities", lambda v: _strings(v, "entities"))
    trues: tuple[TrueOntology, ...] = parsed("true_ontologies", trues_of)
    for name in fictional:
        check_noun(name, "fictional_concepts")
    for i, names in enumerate(false):
        for name in names:
            check_noun(name, f"false_concepts[{i}]")
    for i, family in enumerate(families):
        for word in family:
            check_adjective(word, f"property_families[{i}]")
    all_words = [w for f in families for w in f]
    if len(set(all_words)) != len(all_words):
        raise VocabularyError("property_families: a word is in two families")
    for name in entities:
        check_entity(name, "entities")
    return Vocabulary(fictional, false, families, entities, trues, source)


@cache
def default_vocabulary() -> Vocabulary:
    """The shipped vocabulary (``ontologies/prontoqa/``), read and validated once."""
    words = json.loads(read_text("ontologies", "prontoqa/vocabulary.json"))
    words["true_ontologies"] = json.loads(read_text("ontologies", "prontoqa/true_ontologies.json"))
    return vocabulary_from_json(words, source="ontologies/prontoqa")


def load_vocabulary(path: str | Path) -> Vocabulary:
    """Read a user vocabulary file; the keys it lacks come from the default vocabulary.

    Raises:
        VocabularyError: the file is unreadable, not a JSON object, or has a bad word.
    """
    try:
        obj = json.loads(Path(path).read_text("utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise VocabularyError(f"{path}: cannot read the vocabulary: {e}") from e
    if not isinstance(obj, dict):
        raise VocabularyError(f"{path}: a vocabulary is a JSON object, got {type(obj).__name__}")
    return vocabulary_from_json(obj, base=default_vocabulary(), source=str(path))


def concept_lists(vocabulary: Vocabulary, ontology: str) -> Sequence[tuple[str, ...]]:
    """The concept-name pools an ontology kind draws from (one pool per example)."""
    if ontology == "fictional":
        return [vocabulary.fictional_concepts]
    return list(vocabulary.false_concepts)

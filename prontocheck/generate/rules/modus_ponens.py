"""Modus ponens questions (PrOntoQA v1): walk up an ontology from the entity's type to a property.

Every question is built directly, never by rejection sampling: the proof's concepts are drawn
first and the rest of the ontology is built around them, so any hop count the vocabulary can
hold is generated in constant time, and the query is provable one way only, by one proof.

Context shapes by ``distractors`` (h = hops, E = the entity):

* ``none``: the paper's linear ontology (v1): the proof's concepts, optionally more below and
  above, each with one property from its own family, and a root without properties.
* ``v1``: the same, plus the appendix A.2 sentence "Every D is not P" (P the queried property, D a
  concept outside the ontology), inserted at a random position.
* ``relevant`` (OOD paper): only the proof's rules, but every concept on the proof also has a
  distractor parent with a property of its own (a wrong branch at every hop), E is also a member
  of a separate two-concept tree, plus the A.2 sentence. True ontologies use real second
  parents without properties and no separate tree.
* ``irrelevant`` (OOD paper): the proof's rules, plus a separate chain of h + 1 concepts about
  another entity, plus the A.2 sentence. True ontologies use another true ontology.

No two concepts of a question share a property family, so nothing is contradictory.
"""

from __future__ import annotations

import random

from prontocheck.generate.config import GenerationError, GeneratorConfig
from prontocheck.generate.ontology import Node, Ontology
from prontocheck.generate.render import Lexicon
from prontocheck.generate.rules.base import Scene
from prontocheck.generate.vocabulary import TrueOntology, Vocabulary, concept_lists
from prontocheck.logic.formulas import Const, Formula, X, atom, literal, rule

CHAIN_LIMIT = 9
"""At most this many concepts with properties in a v1 chain (the paper: 3 to 10 concepts)."""


def needs(distractors: str, hops: int) -> tuple[int, int]:
    """Concept names and property families a fictional or false question of ``hops`` hops needs.

    >>> needs("v1", 5), needs("relevant", 5)
    ((6, 5), (13, 7))
    """
    return {
        "none": (hops, hops),
        "v1": (hops + 1, hops),
        "relevant": (2 * hops + 3, hops + 2),
        "irrelevant": (2 * hops + 2, hops + 2),
    }[distractors]


def _partners(vocabulary: Vocabulary, onto: TrueOntology) -> list[TrueOntology]:
    """True ontologies that share no concept or property word with ``onto`` (for irrelevant distractors)."""
    taken = {*onto.chain, *onto.distractor_parents.values(), *onto.property_distractors.values()}
    words = {w for options in onto.properties.values() for w, _ in options}
    return [p for p in vocabulary.true_ontologies
            if p is not onto and taken.isdisjoint(p.chain)
            and words.isdisjoint(w for options in p.properties.values() for w, _ in options)]


def _true_candidates(config: GeneratorConfig) -> list[TrueOntology]:
    trues = config.vocabulary.true_ontologies
    if config.distractors == "irrelevant":
        return [o for o in trues if _partners(config.vocabulary, o)]
    return list(trues)


class ModusPonens:
    """The modus ponens rule module (see the module docstring)."""

    name = "modus-ponens"

    def min_hops(self, config: GeneratorConfig) -> tuple[int, str]:
        """One hop: a premise, a rule, the conclusion."""
        return 1, "a question has at least one hop"

    def max_hops(self, config: GeneratorConfig) -> tuple[int, str]:
        """The most hops the configuration allows, and why.

        >>> from prontocheck.generate.config import GeneratorConfig
        >>> ModusPonens().max_hops(GeneratorConfig(ontology="true"))[0]
        11
        """
        v, d = config.vocabulary, config.distractors
        if d == "irrelevant" and len(v.entities) < 2:
            return 0, "irrelevant distractors need two entity names"
        if config.ontology == "true":
            candidates = _true_candidates(config)
            if not candidates:
                return 0, "no two true ontologies share no concept or property word (irrelevant distractors need both)"
            best = max(o.max_hops for o in candidates)
            return best, f"the longest true ontology ({', '.join(o.name for o in candidates)}) has {best} hops"
        pools = concept_lists(v, config.ontology)
        names, families = max(len(p) for p in pools), len(v.property_families)
        best = 0
        while True:
            c, f = needs(d, best + 1)
            if c > names or f > families:
                break
            best += 1
        return best, (f"{config.ontology} ontologies with {d} distractors need {needs(d, best + 1)[0]} concept "
                      f"names and {needs(d, best + 1)[1]} property families for {best + 1} hops; the vocabulary "
                      f"has {names} names and {families} families")

    def build(self, config: GeneratorConfig, hops: int, rng: random.Random) -> Scene:
        """Build one question of exactly ``hops`` hops."""
        if config.ontology == "true":
            return _true_scene(config, hops, rng)
        return _invented_scene(config, hops, rng)


def _proof(path: list[str], goal: tuple[str, bool], entity: Const, lexicon: Lexicon) -> tuple[Formula, ...]:
    """``c1(E), ∀x(c1→c2), c2(E), …, ∀x(ch→±g), ±g(E)``."""
    preds = [lexicon.noun(c) for c in path]
    g = lexicon.adjective(goal[0])
    chain: list[Formula] = [atom(preds[0], entity)]
    for a, b in zip(preds, preds[1:]):
        chain += [rule(atom(a, X), atom(b, X)), atom(b, entity)]
    chain += [rule(atom(preds[-1], X), literal(g, X, goal[1])), literal(g, entity, goal[1])]
    return tuple(chain)


def _assemble(config: GeneratorConfig, rng: random.Random, onto: Ontology, lexicon: Lexicon, path: list[str],
              goal: tuple[str, bool], entity: str, premises: list[tuple[str, str]], distractor: str | None,
              details: dict[str, str] | None = None) -> Scene:
    """Order the context, insert the A.2 sentence, append the premises, build the proof."""
    axioms = onto.ordered(lexicon, config.traversal, rng)
    extra: list[Formula] = []
    if distractor is not None:
        # Appendix A.2: the queried property, with the other polarity, on a concept outside the ontology.
        sentence = rule(atom(lexicon.noun(distractor), X), literal(lexicon.adjective(goal[0]), X, not goal[1]))
        axioms.insert(rng.randint(0, len(axioms)), sentence)
        extra.append(sentence)
    facts: list[Formula] = [atom(lexicon.noun(concept), Const(name)) for name, concept in premises]
    rng.shuffle(facts)
    proof = _proof(path, goal, Const(entity), lexicon)
    distractors = tuple(extra) + tuple(f for f in facts if f != proof[0])
    return Scene(tuple(axioms + facts), proof, lexicon, len(path), distractors, details or {})


def _invented_scene(config: GeneratorConfig, hops: int, rng: random.Random) -> Scene:
    v, d = config.vocabulary, config.distractors
    n_concepts, n_families = needs(d, hops)
    pools = [p for p in concept_lists(v, config.ontology) if len(p) >= n_concepts]
    if not pools or n_families > len(v.property_families):
        raise GenerationError(f"{hops} hops need {n_concepts} concept names and {n_families} property families")
    names = list(rng.choice(pools))
    rng.shuffle(names)
    families = list(v.property_families)
    rng.shuffle(families)

    def prop() -> tuple[str, bool]:
        return rng.choice(families.pop()), rng.random() < 0.5

    entity = rng.choice(v.entities)
    path = [names.pop() for _ in range(hops)]
    goal = prop()
    lexicon = Lexicon()
    premises = [(entity, path[0])]
    if d in ("none", "v1"):
        distractor = names.pop() if d == "v1" else None
        budget = max(0, min(len(families) - (hops - 1), len(names), CHAIN_LIMIT - hops))
        above = rng.randint(0, budget)
        below = [names.pop() for _ in range(rng.randint(0, budget - above))]
        upper = [names.pop() for _ in range(above)]
        concepts = below + path + upper
        properties = {c: [goal if c == path[-1] else prop()] for c in concepts}
        root = [names.pop()] if names else []  # the paper's root concept has no property
        onto = Ontology.chain(concepts + root, properties)
        return _assemble(config, rng, onto, lexicon, path, goal, entity, premises, distractor)
    distractor = names.pop()
    if d == "relevant":
        nodes: list[Node] = []
        for i, concept in enumerate(path):
            second = names.pop()
            parents = ([path[i + 1]] if i + 1 < hops else []) + [second]
            rng.shuffle(parents)
            nodes += [Node(concept, (goal,) if i + 1 == hops else (), tuple(parents)), Node(second, (prop(),))]
        child, parent = names.pop(), names.pop()
        onto = Ontology((tuple(nodes), (Node(child, (prop(),), (parent,)), Node(parent))))
        premises.append((entity, child))
    else:
        others = [names.pop() for _ in range(hops + 1)]
        onto = Ontology.chain(path, {path[-1]: [goal]}) + Ontology.chain(others, {c: [prop()] for c in others})
        premises.append((rng.choice([e for e in v.entities if e != entity]), others[0]))
    return _assemble(config, rng, onto, lexicon, path, goal, entity, premises, distractor)


def _true_scene(config: GeneratorConfig, hops: int, rng: random.Random) -> Scene:
    v, d = config.vocabulary, config.distractors
    eligible = [(o, j) for o in _true_candidates(config) for j, c in enumerate(o.chain)
                if c in o.properties and j + 1 >= hops]
    if not eligible:
        raise GenerationError(f"no true ontology has a proof of {hops} hops")
    onto_data, top = rng.choice(eligible)
    path = list(onto_data.chain[top - hops + 1 : top + 1])
    chosen = {c: [rng.choice(options)] for c, options in onto_data.properties.items()}
    goal = chosen[path[-1]][0]
    entity = rng.choice(onto_data.entities or v.entities)
    premises = [(entity, path[0])]
    details = {"true_ontology": onto_data.name}
    distractor = onto_data.property_distractors[goal[0]] if d != "none" else None
    if d in ("none", "v1"):
        onto = Ontology.chain(onto_data.chain, chosen)
    elif d == "relevant":
        nodes = []
        for i, concept in enumerate(path):
            parents = [path[i + 1]] if i + 1 < hops else []
            if concept in onto_data.distractor_parents:
                parents.append(onto_data.distractor_parents[concept])
            rng.shuffle(parents)
            nodes.append(Node(concept, (goal,) if i + 1 == hops else (), tuple(parents)))
        onto = Ontology((tuple(nodes),))
    else:
        partner = rng.choice(_partners(v, onto_data))
        other = {c: [rng.choice(options)] for c, options in partner.properties.items()}
        onto = Ontology.chain(path, {path[-1]: [goal]}) + Ontology.chain(partner.chain, other)
        names = [e for e in partner.entities or v.entities if e != entity]
        premises.append((rng.choice(names), rng.choice(partner.chain)))
        details["irrelevant_ontology"] = partner.name
    return _assemble(config, rng, onto, Lexicon(), path, goal, entity, premises, distractor, details)

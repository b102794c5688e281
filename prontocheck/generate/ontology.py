"""Ontologies as generated: trees of concepts with their properties, and their context order.

An :class:`Ontology` is a tuple of trees; each tree lists its nodes bottom-up (a node before its
parents). Its formulas come per node, properties first and then the edges to the parents, so the
bottom-up traversal reads like the proof (the paper's postorder), top-down is the exact reverse
(preorder; Figure 7 of the paper), and random shuffles.

>>> from prontocheck.generate.render import Lexicon, render
>>> onto = Ontology.chain(["cat", "feline", "animal"], {"cat": [("furry", True)]})
>>> lex = Lexicon()
>>> [render(f, lex) for f in onto.ordered(lex, "bottom-up", random.Random(0))]
['Every cat is furry.', 'Every cat is a feline.', 'Every feline is an animal.']
>>> [render(f, lex) for f in onto.ordered(lex, "top-down", random.Random(0))]
['Every feline is an animal.', 'Every cat is a feline.', 'Every cat is furry.']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from prontocheck.generate.render import Lexicon
from prontocheck.logic.formulas import Formula, X, atom, literal, rule


@dataclass(frozen=True, slots=True)
class Node:
    """One concept of an ontology.

    Attributes:
        concept: its name ("wumpus", "real number").
        properties: ``(adjective, positive)`` pairs: "Every wumpus is (not) adjective".
        parents: the concepts it is a kind of.
    """

    concept: str
    properties: tuple[tuple[str, bool], ...] = ()
    parents: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Ontology:
    """Trees of concepts, each listed bottom-up.

    Attributes:
        trees: the trees; a tree is a tuple of nodes, every node before its parents.
    """

    trees: tuple[tuple[Node, ...], ...]

    @classmethod
    def chain(cls, concepts: Sequence[str], properties: Mapping[str, Sequence[tuple[str, bool]]]) -> Ontology:
        """A linear ontology: each concept is a kind of the next one (the paper's v1 shape)."""
        nodes = tuple(
            Node(c, tuple(properties.get(c, ())), (concepts[i + 1],) if i + 1 < len(concepts) else ())
            for i, c in enumerate(concepts)
        )
        return cls((nodes,))

    def __add__(self, other: Ontology) -> Ontology:
        return Ontology(self.trees + other.trees)

    @property
    def concepts(self) -> tuple[str, ...]:
        """Every concept, tree by tree, bottom-up."""
        return tuple(n.concept for tree in self.trees for n in tree)

    def node_formulas(self, node: Node, lexicon: Lexicon) -> list[Formula]:
        """A node's formulas: its properties, then its edges (registering the words in ``lexicon``)."""
        subject = atom(lexicon.noun(node.concept), X)
        out: list[Formula] = [rule(subject, literal(lexicon.adjective(w), X, pos)) for w, pos in node.properties]
        out += [rule(subject, atom(lexicon.noun(p), X)) for p in node.parents]
        return out

    def formulas(self, lexicon: Lexicon) -> list[Formula]:
        """All formulas in bottom-up order."""
        return [f for tree in self.trees for node in tree for f in self.node_formulas(node, lexicon)]

    def ordered(self, lexicon: Lexicon, traversal: str, rng: random.Random) -> list[Formula]:
        """The formulas in context order for a traversal (``bottom-up``, ``top-down``, ``random``)."""
        formulas = self.formulas(lexicon)
        if traversal == "top-down":
            formulas.reverse()
        elif traversal == "random":
            rng.shuffle(formulas)
        return formulas

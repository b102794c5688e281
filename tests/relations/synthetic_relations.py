"""Synthetic ART-style relational items for the scale test and the benchmark.

A hidden world that satisfies every rule of the shipped schemas (orders from ranks, part trees,
taxonomies with inherited abilities, synonym clusters, causal chains, regions on a line, objects
in a row) answers questions of all 16 ART relations plus spatial statements; then a fraction of
the gold labels is flipped. Every conflict the checker reports must therefore contain a flipped
label. Deterministic for a given seed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from itertools import product
from typing import Any

_ON = "b d f g k l m n p r s t v z".split()
_NU = "a e i o u".split()
_SYLLABLES = [c + v for c, v in product(_ON, _NU)]
_COMPARATIVES = {"size": ("bigger", "smaller"), "length": ("longer", "shorter"), "shininess": ("shinier", "duller"),
                 "weight": ("heavier", "lighter")}


class World:
    """Names and hidden truths; ``noun()`` gives fresh two-word nouns ("bako dit")."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.used: set[str] = set()

    def word(self) -> str:
        while True:
            w = "".join(self.rng.choice(_SYLLABLES) for _ in range(self.rng.choice((2, 3)))) + self.rng.choice("xkt")
            if w not in self.used:
                self.used.add(w)
                return w

    def noun(self) -> str:
        return f"{self.word()} {self.word()}" if self.rng.random() < 0.3 else self.word()


def _article(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _group(world: World, rng: random.Random) -> Iterator[tuple[str, str, bool]]:
    """Yield ``(category, question, truth)`` for one small cluster of related things."""
    kind = rng.randrange(12)
    if kind == 0:  # an order of size/length/shininess/weight over a few things (with contained-in)
        dim = rng.choice(list(_COMPARATIVES))
        things = [world.noun() for _ in range(6)]
        rank = {t: i for i, t in enumerate(things)}
        for _ in range(8):
            a, b = rng.sample(things, 2)
            more, less = _COMPARATIVES[dim]
            word, truth = (more, rank[a] > rank[b]) if rng.random() < 0.5 else (less, rank[a] < rank[b])
            cat = "order_of_size" if dim in ("size", "length", "weight") else "order_of_intensity"
            yield cat, f"Is {_article(a)} {word} than {_article(b)}?", truth
            if dim == "size" and rng.random() < 0.3:
                yield "contained_in", f"Can {_article(a)} be contained in {_article(b)}?", rank[a] < rank[b]
    elif kind == 1:  # a part tree: whole > parts > subparts
        whole = world.noun()
        parts = [world.noun() for _ in range(3)]
        sub = world.noun()
        yield "has_part", f"Is {_article(parts[0])} a part of {_article(whole)}?", True
        yield "has_part", f"Is {_article(sub)} a part of {_article(parts[0])}?", True
        yield "has_part", f"Is {_article(sub)} a part of {_article(whole)}?", True
        yield "has_part", f"Is {_article(whole)} a part of {_article(parts[1])}?", False
        yield "has_part", f"Is {_article(parts[1])} a part of {_article(parts[2])}?", False
        yield "default_inheritance", f"Does {_article(whole)} have {_article(parts[2])}?", True
    elif kind == 2:  # a taxonomy with an inherited ability and an instance
        top, mid, low = world.noun(), world.noun(), world.noun()
        ability = world.word()
        yield "has_member", f"Is {_article(mid)} a type of {top}?", True
        yield "has_member", f"Is {_article(low)} a type of {mid}?", True
        yield "has_member", f"Is {_article(low)} a type of {top}?", True
        yield "has_member", f"Is {_article(top)} a type of {low}?", False
        yield "capable_of", f"Can {_article(top)} {ability}?", True
        yield "capable_of", f"Can {_article(low)} {ability}?", True
    elif kind == 3:  # synonym cluster and an antonym pair
        a, b, c, d = (world.word() for _ in range(4))
        yield "synonym", f"Do {a} and {b} have a similar meaning?", True
        yield "synonym", f"Do {b} and {c} have a similar meaning?", True
        yield "synonym", f"Do {a} and {c} have a similar meaning?", True
        yield "synonym", f"Do {a} and {d} have a similar meaning?", False
        yield "antonym", f"Does {a} have an opposite meaning to {d}?", True
        yield "antonym", f"Does {a} have an opposite meaning to {b}?", False
    elif kind == 4:  # necessary and associated qualities
        thing, q1, q2 = world.noun(), world.word(), world.word()
        yield "necessary_quality", f"Must {_article(thing)} be {q1}?", True
        yield "associated_quality", f"Can {_article(thing)} be {q1}?", True
        yield "necessary_quality", f"Must {_article(thing)} be {q2}?", False
        yield "associated_quality", f"Can {_article(thing)} be {q2}?", rng.random() < 0.5
    elif kind == 5:  # a causal chain
        e = [world.noun() for _ in range(3)]
        yield "cause_and_effect", f"Will {_article(e[0])} cause {_article(e[1])}?", True
        yield "cause_and_effect", f"Will {_article(e[1])} cause {_article(e[2])}?", True
        yield "cause_and_effect", f"Will {_article(e[0])} cause {_article(e[2])}?", True
        yield "cause_and_effect", f"Will {_article(e[2])} cause {_article(e[0])}?", False
    elif kind == 6:  # preconditions
        e = [world.noun() for _ in range(3)]
        yield "precondition", f"Is {_article(e[2])} possible only after {_article(e[1])}?", True
        yield "precondition", f"Is {_article(e[1])} possible only after {_article(e[0])}?", True
        yield "precondition", f"Is {_article(e[0])} possible only after {_article(e[2])}?", False
    elif kind == 7:  # regions on a line: neighbours are joined, others not
        regions = [world.word().capitalize() for _ in range(4)]
        cat = rng.choice(("boundary_fiat", "boundary_bona_fide"))
        for i in range(3):
            yield cat, f"Is {regions[i]} joined to {regions[i + 1]}?", True
        yield cat, f"Is {regions[0]} joined to {regions[2]}?", False
        yield cat, f"Is {regions[3]} joined to {regions[1]}?", False
    elif kind == 8:  # troponyms
        a, b, c = (world.word() + "ing" for _ in range(3))
        yield "troponym", f"Is {a} a type of {b}?", True
        yield "troponym", f"Is {b} a type of {c}?", True
        yield "troponym", f"Is {c} a type of {a}?", False
    else:  # objects in a row (spatial statements) and one inside another
        things = [world.noun() for _ in range(4)]
        for _ in range(4):
            i, j = sorted(rng.sample(range(4), 2))
            if rng.random() < 0.5:
                yield "spatial_relations", f"The {things[i]} is to the left of the {things[j]}.", True
            else:
                yield "spatial_relations", f"The {things[i]} is to the right of the {things[j]}.", False
        yield "spatial_relations", f"The {things[0]} is inside the {things[1]}.", True
        yield "spatial_relations", f"The {things[1]} is bigger than the {things[0]}.", True


def records(n: int, *, noise: float = 0.02, seed: int = 0) -> list[dict[str, Any]]:
    """``n`` item records; a fraction ``noise`` of them has its gold label flipped (``"flipped": true``)."""
    rng = random.Random(seed)
    world = World(rng)
    out: list[dict[str, Any]] = []
    while len(out) < n:
        for category, question, truth in _group(world, rng):
            flipped = rng.random() < noise
            out.append({"id": f"g{len(out)}", "category": category, "question": question,
                        "gold": truth != flipped, "flipped": flipped})
    return out[:n]


def write(path: str, n: int, *, noise: float = 0.02, seed: int = 0) -> None:
    """Write :func:`records` as JSONL."""
    with open(path, "w", encoding="utf-8") as f:
        for r in records(n, noise=noise, seed=seed):
            f.write(json.dumps(r) + "\n")


def chain(n: int, *, relation: str = "part", cycle: bool = False, seed: int = 0) -> list[dict[str, Any]]:
    """``n`` Yes items linking ``n + 1`` fresh things in a row (``cycle``: ``n`` things, the last linked back
    to the first), for the worst cases of a transitive relation: a chain's closure has n²/2 facts, and a
    cycle of an asymmetric relation makes every pair of its things a conflict.

    ``relation`` is ``"part"`` ("Is a X a part of a Y?", part_of) or ``"size"`` ("Is a X bigger than a Y?",
    more[size]).
    """
    world = World(random.Random(seed))
    things = [world.word() for _ in range(n if cycle else n + 1)]
    template = {"part": "Is {} a part of {}?", "size": "Is {} bigger than {}?"}[relation]
    category = {"part": "has_part", "size": "order_of_size"}[relation]
    return [{"id": f"{relation}{i}", "category": category,
             "question": template.format(_article(things[i]), _article(things[(i + 1) % len(things)])),
             "gold": True}
            for i in range(n)]

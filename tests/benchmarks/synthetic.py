"""Synthetic PrOntoQA-v1-style records for the benchmark: fictional chain ontologies, a distractor
sentence, and model-like outputs (gold, skipped steps, wrong branches, invalid and unparseable
sentences). Deterministic for a given seed; not the project's dataset generator (see the
generator issue), only enough realism to time ``analyze``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from prontocheck.syntax.morphology import plural

CONCEPTS = ["wumpus", "yumpus", "zumpus", "dumpus", "rompus", "numpus", "tumpus", "vumpus", "impus", "jompus",
            "gorpus", "shumpus", "lempus", "sterpus", "grimpus", "lorpus", "brimpus"]
PROPERTIES = [["blue", "red", "brown", "orange"], ["small", "large"], ["metallic", "wooden", "luminous", "liquid"],
              ["transparent", "opaque"], ["nervous", "happy", "feisty", "shy"], ["bright", "dull"],
              ["sweet", "sour", "spicy", "bitter"], ["floral", "fruity", "earthy"], ["hot", "cold", "temperate"],
              ["kind", "mean", "angry", "amenable", "aggressive"]]
NAMES = ["Fae", "Rex", "Sally", "Max", "Alex", "Sam", "Polly", "Stella", "Wren"]
MORE_PROPERTIES = [["melodic", "muffled"]]
"""A family used only from 10 hops on (a chain of hops + 1 concepts takes one property family each), so that
the records of fewer hops stay what they were."""


def _article(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _rule(rng: random.Random, sub: str, sup: str, negated: bool = False, adjective: bool = False) -> str:
    obj = sup if adjective else _article(sup)
    not_ = "not " if negated else ""
    if rng.random() < 0.5:
        return f"{rng.choice(['Every', 'Each'])} {sub} is {not_}{obj}."
    return f"{plural(sub).capitalize()} are {not_}{sup if adjective else plural(sup)}."


def example(rng: random.Random, hops: int, output_rng: random.Random | None = None) -> dict[str, object]:
    """One record: a chain ontology of ``hops + 1`` concepts with properties, and a model output (its
    kind drawn from ``output_rng``, by default ``rng``: one problem, many outputs).
    """
    concepts = rng.sample(CONCEPTS, hops + 3)
    chain, distractor, branch = concepts[: hops + 1], concepts[hops + 1], concepts[hops + 2]
    families = rng.sample(PROPERTIES if hops < 10 else PROPERTIES + MORE_PROPERTIES, hops + 1)
    props = [(rng.choice(f), rng.random() < 0.5) for f in families]
    name = rng.choice(NAMES)
    context = []
    for i, c in enumerate(chain):
        p, neg = props[i]
        context.append(_rule(rng, c, p, neg, adjective=True))
        if i + 1 < len(chain):
            context.append(_rule(rng, c, chain[i + 1]))
    context.append(_rule(rng, chain[hops - 1] if hops else chain[0], branch))
    goal_prop, goal_neg = props[hops]
    context.insert(rng.randrange(len(context) + 1), _rule(rng, distractor, goal_prop, not goal_neg, adjective=True))
    context.append(f"{name} is {_article(chain[0])}.")
    query_neg = rng.random() < 0.5
    query = f"True or false: {name} is {'not ' if query_neg else ''}{goal_prop}."
    gold = [f"{name} is {_article(chain[0])}."]
    for i in range(hops):
        gold += [_rule(rng, chain[i], chain[i + 1]), f"{name} is {_article(chain[i + 1])}."]
    last = f"{name} is {'not ' if goal_neg else ''}{goal_prop}."
    gold += [_rule(rng, chain[hops], goal_prop, goal_neg, adjective=True), last]
    label = query_neg == goal_neg
    rng = rng if output_rng is None else output_rng
    kind = rng.random()
    output = list(gold)
    if kind < 0.15 and hops > 1:  # skip a rule
        del output[1]
    elif kind < 0.3 and hops > 1:  # wrong branch
        wrong_rule = _rule(rng, chain[hops - 1] if hops else chain[0], branch)
        output = gold[:3] + [wrong_rule, f"{name} is {_article(branch)}."]
        label = not label
    elif kind < 0.35:  # an unparseable sentence ("has": one the original analyzer skips too, so it can be timed)
        output.insert(1, f"{name} has {plural(distractor)}.")
    elif kind < 0.4:
        output.insert(2, f"{name} is {_article(distractor)}.")
    text = " ".join(output) + (" True" if label == (query_neg == goal_neg) else " False")
    return {"context": " ".join(context), "query": query, "gold_cot": gold, "output": text, "hops": hops}


def records(n: int, hops: int, seed: int = 0) -> Iterator[dict[str, object]]:
    """``n`` records of the given hop count."""
    rng = random.Random(seed)
    for i in range(n):
        rec = example(rng, hops)
        rec["id"] = f"h{hops}-{i}"
        yield rec


def rollouts(n: int, hops: int, k: int = 8, seed: int = 0) -> Iterator[dict[str, object]]:
    """``n`` problems, each with ``k`` outputs one after the other (the RL case: rollouts of one prompt)."""
    for i in range(n):
        for j in range(k):
            rec = example(random.Random(f"{seed}-{i}"), hops, output_rng=random.Random(f"{seed}-{i}-{j}"))
            rec["id"] = f"h{hops}-{i}-{j}"
            yield rec


def write(path: str, n: int, hops: int, seed: int = 0) -> None:
    """Write ``n`` records as native JSONL."""
    with open(path, "w", encoding="utf-8") as f:
        for rec in records(n, hops, seed):
            f.write(json.dumps(rec) + "\n")


def log_block(rec: dict[str, object], shots: list[dict[str, object]], trial: int) -> str:
    """One record as a block of the original's experiment log (``run_experiment.py``): the in-context
    examples with their gold chains, the test question, the predicted and the expected answer, the
    trial line.
    """
    def question(r: dict[str, object]) -> str:
        return f"Q: {r['context']} {r['query']}\n"

    def label(r: dict[str, object]) -> str:
        return "True" if str(r["query"]).count(" not ") == str(r["gold_cot"][-1]).count(" not ") else "False"  # type: ignore[index]

    text = "".join(question(s) + "A: " + " ".join(s["gold_cot"]) + f" {label(s)}\n\n" for s in shots)  # type: ignore[arg-type]
    text += question(rec) + "A:\n\n"
    text += f"Predicted answer: {rec['output']}\n\n"
    text += f"Expected answer: {' '.join(rec['gold_cot'])}\n {label(rec)}\n"  # type: ignore[arg-type]
    text += (f"n: {trial}, (beta prior) mean: 0.5, 95% lower bound: 0.1, 95% upper bound: 0.9\n"
             "  (normal approximation) mean: 0.5, 95% lower bound: 0.1, 95% upper bound: 0.9\n\n")
    return text


def write_log(path: str, recs: Iterator[dict[str, object]], shots: int = 8, seed: int = 0) -> None:
    """Write records as an original experiment log, each test question after ``shots`` in-context examples."""
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as f:
        for trial, rec in enumerate(recs, start=1):
            hops = int(rec["hops"])  # type: ignore[call-overload]
            f.write(log_block(rec, [example(rng, hops) for _ in range(shots)], trial))

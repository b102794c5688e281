"""The tiny PrOntoQA task the evaluator integrations are tested on (tests/test_inspect_scorer.py,
tests/test_lm_eval.py): five problems, each with the output a mocked model gives, chosen so that every metric is
known without running the checker.

* ``gold``: the gold proof and the right label: every proof accuracy and the label right.
* ``skip``: a skipped step ("Rex is a canine." without "Every dog is a canine."): strict-non-atomic, so wrong under
  ``strict`` and ``broad``, right under ``non_atomic`` and ``valid``; the label right.
* ``wrong-answer``: the proof of "Max is not kind." then ``True`` for "True or false: Max is kind.": every proof
  accuracy right, the label wrong.
* ``prove``: a ``Prove:`` question (no gold label) answered with invalid steps: every proof accuracy wrong, no label.
* ``over-budget``: an output whose checking is over the derivation budget (tests/test_derive_budget.py): not checked.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_BUDGET_CONTEXT = "Everything that is a zumpus or a lorpus is an impus. Rex is not an impus."
_BUDGET_PROOF = (
    "Assume Rex is a a lorpus. Rex is a zumpus or a lorpus. Everything that is a zumpus or a lorpus is an impus. "
    "Rex is an impus. This contradicts with Rex is not an impus. Rex is not a lorpus.\n\n"
    "Assume Rex is a zumpus. Rex is a zumpus or a lorpus. Everything that is a zumpus or a lorpus is an impus. "
    "Rex is an impus. This contradicts with Rex is not an impus. Rex is not a zumpus.\n\n"
    "Rex is not a lorpus and Rex is not a zumpus. ")

PROBLEMS: list[dict[str, Any]] = [
    {"id": "gold", "context": "Every cat is a carnivore. Every carnivore is not herbivorous. Fae is a cat.",
     "query": "True or false: Fae is not herbivorous.", "gold_label": True,
     "gold_cot": ["Fae is a cat.", "Every cat is a carnivore.", "Fae is a carnivore.",
                  "Every carnivore is not herbivorous.", "Fae is not herbivorous."], "hops": 2},
    {"id": "skip", "context": "Every dog is a canine. Every canine is a mammal. Rex is a dog.",
     "query": "True or false: Rex is a mammal.", "gold_label": True, "hops": 2},
    {"id": "wrong-answer", "context": "Every wumpus is not kind. Max is a wumpus.",
     "query": "True or false: Max is kind.", "gold_label": False, "hops": 1},
    {"id": "prove", "context": "Every bird is an animal. Tweety is a bird.", "query": "Prove: Tweety is an animal.",
     "hops": 1},
    {"id": "over-budget", "context": _BUDGET_CONTEXT, "query": "Prove: Rex is not a lorpus and Rex is not a zumpus."},
]
"""The problem records, as ``prontocheck generate`` writes them (with a ``hops`` field of their own)."""

OUTPUTS = {
    "gold": "Fae is a cat. Every cat is a carnivore. Fae is a carnivore. Every carnivore is not herbivorous. "
            "Fae is not herbivorous. True",
    "skip": "Rex is a dog. Rex is a canine. Every canine is a mammal. Rex is a mammal. True",
    "wrong-answer": "Max is a wumpus. Every wumpus is not kind. Max is not kind. True",
    "prove": "Tweety is a bird. Every bird is a plant. Tweety is a plant.",
    "over-budget": _BUDGET_PROOF * 200,
}
"""The mocked model's output for each problem, by id."""

PROMPTS = {p["id"]: f"Q: {p['context']} {p['query']}\nA:" for p in PROBLEMS}
"""The prompt each problem is asked with (no ``prompt`` field: PrOntoQA's ``Q: … A:``)."""

CHECKED = ("gold", "skip", "wrong-answer", "prove")
"""The problems whose outputs are checked (``over-budget`` is not)."""

EXPECTED = {
    "proof_strict": {"gold": 1.0, "skip": 0.0, "wrong-answer": 1.0, "prove": 0.0},
    "proof_non_atomic": {"gold": 1.0, "skip": 1.0, "wrong-answer": 1.0, "prove": 0.0},
    "proof_broad": {"gold": 1.0, "skip": 0.0, "wrong-answer": 1.0, "prove": 0.0},
    "proof_valid": {"gold": 1.0, "skip": 1.0, "wrong-answer": 1.0, "prove": 0.0},
    "label_accuracy": {"gold": 1.0, "skip": 1.0, "wrong-answer": 0.0},
}
"""Each metric's value per problem (problems without a value for it absent)."""

MEANS = {"proof_strict": 0.5, "proof_non_atomic": 0.75, "proof_broad": 0.5, "proof_valid": 0.75,
         "label_accuracy": 2 / 3}
"""Each metric over the problems that have a value for it."""


def write_problems(path: Path) -> Path:
    """The problems as a JSON Lines file at ``path``."""
    path.write_text("".join(json.dumps(p) + "\n" for p in PROBLEMS), encoding="utf-8")
    return path


def output_for(prompt: str) -> str:
    """The mocked model's output for a prompt (the problem is found by its prompt)."""
    by_prompt = {PROMPTS[i]: OUTPUTS[i] for i in PROMPTS}
    return by_prompt[prompt]
